/* colour_bar.c - the colour bar beside a heatmap (colour_bar.h). */
#include "render/colour_bar.h"

#include <stdio.h>

#include "base/fmt.h"
#include "base/utf8.h"

int colour_bar_width(int label_w)
{
	return 2 + label_w;
}

/* The label of the ramp's top end of a map coloured by v / scale:
 * "+1" for scale 1, "+1.6" for 1.6 (scale with 2 significant digits),
 * into buf (n bytes); its bottom end is the same with a minus ("−",
 * "-" without utf8). Returns buf. */
static char *colour_bar_end_label(double scale, bool top, bool utf8,
				  char *buf, size_t n)
{
	char v[32];

	fmt_double_compact(scale, 2, v, sizeof v);
	snprintf(buf, n, "%s%s", top ? "+" : utf8 ? "−" : "-", v);
	return buf;
}

int colour_bar_label_width(double scale, bool utf8)
{
	char a[48], b[48];
	int wa = utf8_width(colour_bar_end_label(scale, true, utf8, a, sizeof a));
	int wb = utf8_width(colour_bar_end_label(scale, false, utf8, b, sizeof b));

	return wa > wb ? wa : wb;
}

void colour_bar_draw(struct canvas *c, int x, int y, int h, int label_w,
		     double scale, bool utf8, struct style st)
{
	double hi = scale > 0 ? 1.0 : 0.0, lo = -hi;
	char a[48];

	if (h < 1)
		return;
	/* each pixel row the ramp's value at its centre */
	for (int k = 0; k < h; k++) {
		double top = hi - (hi - lo) * (2 * k + 0.5) / (2 * h);
		double bot = hi - (hi - lo) * (2 * k + 1.5) / (2 * h);

		canvas_half_cell(c, x, y + k, top, bot);
	}
	if (!(scale > 0)) {
		canvas_text(c, x + 1, y + (h >= 3 ? (h - 1) / 2 : 0), label_w, " 0",
			    st);
		return;
	}
	canvas_text(c, x + 1, y, label_w,
		    colour_bar_end_label(scale, true, utf8, a, sizeof a), st);
	if (h >= 3)
		canvas_text(c, x + 1, y + (h - 1) / 2, label_w, " 0", st);
	if (h >= 2)
		canvas_text(c, x + 1, y + h - 1, label_w,
			    colour_bar_end_label(scale, false, utf8, a, sizeof a),
			    st);
}

int colour_bar_draw_row(struct canvas *c, int x, int y, int w, int cells,
			bool utf8, struct style st)
{
	const char *lo = utf8 ? "−1" : "-1";
	int need = 2 + cells + 2;

	if (cells < 3 || need > w)
		return 0;
	canvas_text(c, x, y, 2, lo, st);
	for (int k = 0; k < cells; k++) {
		double v = -1.0 + 2.0 * k / (cells - 1);

		canvas_half_cell(c, x + 2 + k, y, v, v);
	}
	canvas_text(c, x + 2 + cells, y, 2, "+1", st);
	return need;
}

struct rect colour_bar_heat_room(const struct heat_plot *hp, struct rect in,
				 int label_w, int min_cols)
{
	struct rect less = in;

	less.w -= colour_bar_width(label_w);
	return heat_plot_area(hp, less).w >= min_cols ? less : in;
}

void colour_bar_beside_heat(struct canvas *c, const struct heat_plot *hp,
			    struct rect in, struct rect room, int label_w,
			    double scale, struct style st)
{
	struct rect a = heat_plot_area(hp, room);

	if (a.w > 0 && room.w < in.w)
		colour_bar_draw(c, a.x + a.w + 1, a.y, a.h, label_w, scale,
				hp->utf8, st);
}
