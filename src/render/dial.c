/* dial.c - a round dial with two hands that read as arrows (dial.h). */
#include "render/dial.h"

#include <math.h>

#include "render/plot.h"

static const double tau = 6.283185307179586;

enum { DIAL_HUB_ROWS = 4 };	/* dials this tall have a hub */

static int rad_of(const struct dial *d)
{
	return 2 * d->rows - 1;
}

/* The centre in dots. */
static void centre(const struct dial *d, int *cx, int *cy)
{
	*cx = 2 * d->x + rad_of(d);
	*cy = 4 * d->y + rad_of(d);
}

/* Whether hand h points anywhere. */
static bool has_dir(const struct dial *d, int h)
{
	const struct dial_hand *a = &d->hand[h];

	return h < d->nhands && h < DIAL_HANDS && (a->x != 0.0 || a->y != 0.0) &&
	       isfinite(a->x) && isfinite(a->y);
}

/* The dot len dots from the centre along hand h. */
static void dot_at(const struct dial *d, int h, int len, int *x, int *y)
{
	const struct dial_hand *a = &d->hand[h];
	double n = hypot(a->x, a->y);
	int cx, cy;

	centre(d, &cx, &cy);
	*x = cx + (int)lround(len * a->x / n);
	*y = cy - (int)lround(len * a->y / n);
}

/* Hand h's length in dots: the long one stops a dot inside the rim; the
 * short one about half way, shortened until its tip has a cell of its
 * own. 0: no hand. */
static int hand_len(const struct dial *d, int h)
{
	int rad = rad_of(d), len, x0, y0, x1, y1;

	if (!has_dir(d, h) || d->rows < 1)
		return 0;
	if (h == 0)
		return rad - 1 > 1 ? rad - 1 : 1;
	if (d->rows < DIAL_ROWS_MIN)
		return 0;
	len = (int)lround(0.55 * rad);
	if (!has_dir(d, 0))
		return len;
	dot_at(d, 0, hand_len(d, 0), &x0, &y0);
	for (; len > 0; len--) {
		dot_at(d, 1, len, &x1, &y1);
		if (x1 / 2 != x0 / 2 || y1 / 4 != y0 / 4)
			return len;
	}
	return 0;
}

/* The cell of hand h's tip (where its arrow glyph goes) into *x, *y;
 * false when the dial draws no tip for it. */
static bool dial_tip(const struct dial *d, int h, int *x, int *y)
{
	int len = hand_len(d, h), dx, dy;

	if (len < 1)
		return false;
	dot_at(d, h, len, &dx, &dy);
	*x = dx / 2;
	*y = dy / 4;
	return true;
}

/* The arrow glyph at the tip of a hand pointing at (x, y), y up. */
static uint32_t dial_arrow(double x, double y, bool ascii)
{
	static const uint32_t plain[8] = { '>', '/', '^', '\\', '<', '/', 'v',
					   '\\' };
	/* ▶ ◥ ▲ ◤ ◀ ◣ ▼ ◢: solid heads, which a projector keeps */
	static const uint32_t arrow[8] = { 0x25b6, 0x25e5, 0x25b2, 0x25e4,
					   0x25c0, 0x25e3, 0x25bc, 0x25e2 };
	long k = lround(atan2(y, x) / (tau / 8));

	k = ((k % 8) + 8) % 8;
	return ascii ? plain[k] : arrow[k];
}

/* Whether math angle u (counter-clockwise from the right) lies on the arc
 * from a0 clockwise by sweep. */
static bool on_arc(double u, double a0, double sweep)
{
	double t = fmod(a0 - u, tau);

	if (t < 0)
		t += tau;
	return t <= sweep;
}

static void draw_rim(struct canvas *c, const struct dial *d)
{
	int rad = rad_of(d), n = 8 * rad, cx, cy;
	bool arc = d->arc_sweep > 0.0 && (d->arc_x != 0.0 || d->arc_y != 0.0);
	double a0 = arc ? atan2(d->arc_y, d->arc_x) : 0.0;

	centre(d, &cx, &cy);
	/* the arc's dots last: a cell it shares with the rest takes its
	 * colour */
	for (int pass = 0; pass < (arc ? 2 : 1); pass++)
		for (int t = 0; t < n; t++) {
			double u = tau * t / n;
			bool in = arc && on_arc(u, a0, d->arc_sweep);

			if (in != (pass == 1))
				continue;
			canvas_braille_dot(c, cx + (int)lround(rad * cos(u)),
					   cy - (int)lround(rad * sin(u)),
					   in ? d->arc_fg : d->rim);
			/* the arc two dots thick, the rim one: in a theme
			 * of middle lightness the two colours are nearly
			 * as bright (1.16:1), and the stroke tells them
			 * apart where the colour cannot */
			if (in)
				canvas_braille_dot(c,
						   cx + (int)lround((rad - 1) * cos(u)),
						   cy - (int)lround((rad - 1) * sin(u)),
						   d->arc_fg);
		}
}

void dial_draw(struct canvas *c, const struct dial *d)
{
	struct rect old;
	int cx, cy;

	if (d->rows < 1)
		return;
	old = plot_clip_push(c, (struct rect){ d->x, d->y, 2 * d->rows,
					       d->rows });
	draw_rim(c, d);
	centre(d, &cx, &cy);
	/* the short hand's shaft first: where the two share a braille
	 * cell (near the centre) the cell takes the long one's colour, so
	 * that the long hand stays one straight line of its colour and the
	 * short one shows from where it parts from it */
	for (int h = DIAL_HANDS - 1; h >= 0; h--) {
		int len = hand_len(d, h), x, y;

		if (len < 1)
			continue;
		dot_at(d, h, len, &x, &y);
		canvas_braille_line(c, cx, cy, x, y, d->hand[h].fg);
	}
	/* a hub on the centre (from DIAL_HUB_ROWS up), so that two hands
	 * read as two arrows from it, not as one bent line */
	if (d->rows >= DIAL_HUB_ROWS && d->nhands > 1)
		canvas_put(c, cx / 2, cy / 4, d->ascii ? 'o' : 0x25cf,
			   (struct style){ (uint8_t)d->rim, ROLE_DEFAULT, 0 });
	for (int h = 0; h < DIAL_HANDS; h++) {
		int x, y;

		if (dial_tip(d, h, &x, &y))
			canvas_put(c, x, y, dial_arrow(d->hand[h].x, d->hand[h].y,
						      d->ascii),
				   (struct style){ (uint8_t)d->hand[h].fg,
						   ROLE_DEFAULT, ATTR_BOLD });
	}
	canvas_set_clip(c, old);
}

const char *dial_hand_sample(bool ascii)
{
	/* U+2812: the dots of the cell's second row, where a level shaft
	 * runs when 2 * rows - 1, the centre's dot row, is 1 modulo 4 */
	return ascii ? "-->" : "⠒⠒▶";
}
