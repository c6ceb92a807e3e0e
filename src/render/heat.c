/* heat.c - labelled heatmaps (see heat.h): the pixels of a grid as half
 * blocks, dimension ticks, marks and the caption row. */
#include "render/heat.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "render/plot.h"

/* ---- drawing ---- */

void heat_draw(struct canvas *c, struct rect r, const float *pix)
{
	for (int y = 0; y < r.h; y++) {
		const float *top = pix + (size_t)(2 * y) * (size_t)r.w;
		const float *bot = top + r.w;

		for (int x = 0; x < r.w; x++)
			canvas_half_cell(c, r.x + x, r.y + y, top[x], bot[x]);
	}
}

/* Columns of the gutter: the digits of d-1 and the arrow. */
static int gutter_width(const struct heat_plot *hp)
{
	char buf[24];

	return snprintf(buf, sizeof buf, "%d", hp->pe->d_model - 1) + 1;
}

/* Whether a plot inside `in` has a caption row. */
bool heat_plot_has_caption(const struct heat_plot *hp, struct rect in)
{
	return in.h >= HEAT_CAPTION_MIN_H && hp->mark_dim >= 0 && hp->caption;
}

struct rect heat_plot_area(const struct heat_plot *hp, struct rect in)
{
	int g = gutter_width(hp);
	struct rect a = { in.x + g, in.y, in.w - g,
			  in.h - 1 - (heat_plot_has_caption(hp, in) ? 1 : 0) };

	if (a.w < 4 || a.h < 1)
		a.w = a.h = 0;
	return a;
}

/* ---- dimension ticks ---- */

/* Places at most `limit` ticks at multiples of step, as heat_dim_ticks
 * describes. With c == NULL only checks: returns how many there are, or -1
 * when two land closer than `gap` cell rows. With c, draws them. */
static int dim_ticks_place(struct canvas *c, const struct heat_plot *hp,
			   struct rect a, long long step, int gap, int limit,
			   struct style st)
{
	const struct pe_window *v = hp->view;
	long long end = (long long)v->dim0 + v->ndim;
	long long first = (v->dim0 + step - 1) / step * step, t;
	int prev = -1, n = 0, room = gutter_width(hp) - 1;
	bool compact = true;

	/* First where the ticks go, stopping at the first two too close (so a
	 * step too fine for thousands of dimensions costs two ticks), and
	 * whether every label fits the gutter's digits in the axes' one
	 * style (plot_tick_label); else plain integers for all. */
	for (t = first; t < end && n < limit; t += step, n++) {
		int y = heat_row_of_dim(hp->pe, v, 2 * a.h, (int)t) / 2;

		if (prev >= 0 && y < prev + gap)
			return -1;
		if (compact) {
			char buf[24];

			compact = (int)strlen(plot_tick_label(t, step, buf, sizeof buf)) <= room;
		}
		prev = y;
	}
	if (!c)
		return n;
	n = 0;
	for (t = first; t < end && n < limit; t += step, n++) {
		int y = heat_row_of_dim(hp->pe, v, 2 * a.h, (int)t) / 2;
		char buf[24];
		int len = compact ? (int)strlen(plot_tick_label(t, step, buf, sizeof buf))
				  : snprintf(buf, sizeof buf, "%lld", t);

		canvas_text(c, a.x - 1 - len, a.y + y, len, buf, st);
	}
	return n;
}

void heat_dim_ticks(struct canvas *c, const struct heat_plot *hp,
		    struct rect a, struct style st)
{
	int gap = a.h >= 12 ? 3 : 2;
	long long step = 1, crowded = 0;

	if (a.w <= 0 || a.h <= 0)
		return;
	for (;;) {
		int n = dim_ticks_place(NULL, hp, a, step, gap, INT_MAX, st);

		if (n >= 1) {
			dim_ticks_place(c, hp, a, step, gap, INT_MAX, st);
			return;
		}
		if (n == 0) {
			/* No multiple left in the window: the first tick of
			 * the last step that had some, alone. */
			if (crowded)
				dim_ticks_place(c, hp, a, crowded, gap, 1, st);
			return;
		}
		crowded = step;
		step = plot_nice_step((double)step + 1.0);
	}
}

/* The role of a crosshair line over cell (x, y): the cursor's where the
 * cell holds no heat (it is then drawn as text on the page anyway). */
static enum role mark_role(const struct canvas *c, int x, int y)
{
	const struct cell *e = canvas_cell(c, x, y);

	return e && e->kind == CELL_HALF ? ROLE_CROSSHAIR : ROLE_CURSOR;
}

void heat_marks_draw(struct canvas *c, const struct heat_plot *hp,
		     struct rect a)
{
	const struct pe_window *v = hp->view;
	int col = hp->mark_pos < 0 ? -1
		  : plot_col_of(v->pos0, v->npos, a.w, hp->mark_pos);
	int prow = hp->mark_dim < 0 ? -1
		   : heat_row_of_dim(hp->pe, v, 2 * a.h, hp->mark_dim);
	int row = prow < 0 ? -1 : prow / 2;
	uint32_t vert = hp->utf8 ? 0x2503 : '|';
	struct style line = { ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD };

	if (row >= 0)
		canvas_put(c, a.x - 1, a.y + row, hp->utf8 ? 0x25b6 : '>', line);
	if (col >= 0)
		for (int y = 0; y < a.h; y++)
			canvas_half_mark(c, a.x + col, a.y + y, vert,
					 mark_role(c, a.x + col, a.y + y),
					 ATTR_BOLD);
}

/* The caption row: the arrow of the marked row under the gutter's, then
 * what it stands for in the w columns from a.x + 1. */
static void draw_caption(struct canvas *c, const struct heat_plot *hp,
			 struct rect a, int y, int w)
{
	int prow = heat_row_of_dim(hp->pe, hp->view, 2 * a.h, hp->mark_dim);
	char buf[160];

	if (prow < 0 || w < 1)
		return;
	canvas_put(c, a.x - 1, y, hp->utf8 ? 0x25b6 : '>',
		   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
	canvas_text(c, a.x + 1, y, w,
		    hp->caption(hp, a.h, prow / 2, w, buf, sizeof buf),
		    (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
}

int heat_caption_draw(struct canvas *c, const struct heat_plot *hp,
		      struct rect in, int y, int x_end)
{
	struct rect a = heat_plot_area(hp, in);
	char buf[160];
	int w, prow;

	if (a.w <= 0 || !hp->caption || hp->mark_dim < 0)
		return a.x + 1;
	prow = heat_row_of_dim(hp->pe, hp->view, 2 * a.h, hp->mark_dim);
	w = x_end - 1 - (a.x + 1);
	if (prow < 0 || w < 1)
		return a.x + 1;
	hp->caption(hp, a.h, prow / 2, w, buf, sizeof buf);
	canvas_put(c, a.x - 1, y, hp->utf8 ? 0x25b6 : '>',
		   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
	canvas_put(c, a.x, y, ' ', (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	canvas_text(c, a.x + 1, y, w, buf,
		    (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	canvas_put(c, a.x + 1 + utf8_width(buf), y, ' ',
		   (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	return a.x + 2 + utf8_width(buf);
}

void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc)
{
	struct rect a = heat_plot_area(hp, in);
	struct style axis = { ROLE_AXIS, ROLE_DEFAULT, 0 };
	struct rect old;
	const float *pix;

	if (a.w <= 0)
		return;
	old = plot_clip_push(c, in);
	pix = heat_cache_get(hc, hp->pe, hp->bug, hp->view, a.w, 2 * a.h);
	if (pix)
		heat_draw(c, a, pix);
	heat_dim_ticks(c, hp, a, axis);
	plot_xticks(c, &(struct plot_axis){ hp->view->pos0, hp->view->npos,
					    a.x, a.w },
		    a.y + a.h, axis);
	heat_marks_draw(c, hp, a);
	if (heat_plot_has_caption(hp, in))
		draw_caption(c, hp, a, a.y + a.h + 1, in.x + in.w - (a.x + 1));
	canvas_set_clip(c, old);
}
