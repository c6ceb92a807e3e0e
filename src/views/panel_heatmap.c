/* panel_heatmap.c - the encoding matrix as a heatmap.
 *
 * Positions run across (the same axis as the waveform and similarity plots),
 * dimensions run down, two pixel rows per cell (half blocks). A pixel that
 * covers many positions or dimensions shows the exact mean over all of them
 * (heat.h), never a point sample, which would alias fast pairs into false
 * stripes. The pixel grid is cached and recomputed only when the
 * parameters, the window or the size change (in the cache the explore
 * view's context owns), so moving the crosshair costs nothing but the copy
 * into the canvas. */
#include "views/panels.h"

#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "render/heat.h"
#include "engine/pe.h"
#include "render/plot.h"

enum { LEGEND_W = 4 };		/* colour bar, a space and "+1" */

/* Where things go inside the panel's border. */
struct heat_geom {
	struct rect heat;	/* the half-block area */
	int gutter_x;		/* first column of the dimension labels */
	int gutter_w;		/* their width */
	int tick_y;		/* row of the position ticks */
	int legend_x;		/* column of the colour bar */
};

static bool geom_compute(const struct state *s, struct rect r,
			 struct heat_geom *g)
{
	char buf[24];
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };

	snprintf(buf, sizeof buf, "%d", s->cur.pe.d_model - 1);
	g->gutter_w = (int)strlen(buf) + 1;	/* digits, then the marker */
	g->gutter_x = in.x;
	g->heat.x = in.x + g->gutter_w;
	g->heat.y = in.y;
	g->heat.w = in.w - g->gutter_w - LEGEND_W - 1;
	g->heat.h = in.h - 1;
	g->tick_y = in.y + in.h - 1;
	g->legend_x = g->heat.x + g->heat.w + 1;
	return g->heat.w >= 4 && g->heat.h >= 1;
}

/* The dimension a pixel row stands for (the middle of those it averages). */
static int dim_of_row(const struct pe_window *v, int rows, int row)
{
	return (int)plot_item_of_col(v->dim0, v->ndim, rows, row);
}

/* Labels the first dimension of a cell row every few rows, and of the last
 * row, right-aligned in the gutter left of the selection marker column. */
static void draw_dim_labels(const struct state *s, struct canvas *c,
			    const struct heat_geom *g)
{
	struct style st = { ROLE_AXIS, ROLE_DEFAULT, 0 };
	int rows = 2 * g->heat.h;
	int every = g->heat.h >= 12 ? 4 : g->heat.h >= 6 ? 3 : 2;
	char buf[24];

	for (int y = 0; y < g->heat.h; y++) {
		long long d0, nd;
		int len;
		bool last = y == g->heat.h - 1;

		/* Skip a regular label that would sit right above the last. */
		if ((y % every != 0 || y == g->heat.h - 2) && !last)
			continue;
		plot_col_items(s->window.dim0, s->window.ndim, rows, 2 * y, &d0, &nd);
		snprintf(buf, sizeof buf, "%lld", d0);
		len = (int)strlen(buf);
		canvas_text(c, g->gutter_x + g->gutter_w - 1 - len, g->heat.y + y,
			    len, buf, st);
	}
}

/* A vertical colour bar from +1 (top) to -1 (bottom) with its labels. */
static void draw_legend(const struct state *s, struct canvas *c,
			const struct heat_geom *g)
{
	struct style st = { ROLE_AXIS, ROLE_DEFAULT, 0 };
	int h = g->heat.h;
	int px = 2 * h;

	(void)s;
	for (int y = 0; y < h; y++) {
		double top = 1.0 - 2.0 * (2 * y + 0.5) / px;
		double bot = 1.0 - 2.0 * (2 * y + 1.5) / px;
		canvas_half_cell(c, g->legend_x, g->heat.y + y, top, bot);
	}
	canvas_text(c, g->legend_x + 1, g->heat.y, 2, "+1", st);
	if (h >= 3)
		canvas_text(c, g->legend_x + 1, g->heat.y + (h - 1) / 2, 2, " 0", st);
	if (h >= 2)
		canvas_text(c, g->legend_x + 1, g->heat.y + h - 1, 2, "-1", st);
}

/* Crosshair: a vertical line at the selected position's column and a
 * horizontal one at the selected dimension's row, drawn over the heat. */
static void draw_crosshair(const struct state *s, struct canvas *c,
			   const struct heat_geom *g, bool utf8)
{
	const struct pe_window *v = &s->window;
	int col = plot_col_of(v->pos0, v->npos, g->heat.w, s->cur.pos);
	int prow = plot_col_of(v->dim0, v->ndim, 2 * g->heat.h, s->cur.dim);
	int row = prow < 0 ? -1 : prow / 2;
	uint32_t vert = utf8 ? 0x2502 : '|', horiz = utf8 ? 0x2500 : '-';
	uint32_t cross = utf8 ? 0x253c : '+';

	if (col >= 0)
		for (int y = 0; y < g->heat.h; y++)
			canvas_half_mark(c, g->heat.x + col, g->heat.y + y,
					 y == row ? cross : vert, ROLE_CURSOR,
					 ATTR_BOLD);
	if (row >= 0) {
		for (int x = 0; x < g->heat.w; x++)
			if (x != col)
				canvas_half_mark(c, g->heat.x + x, g->heat.y + row,
						 horiz, ROLE_CURSOR, 0);
		canvas_put(c, g->gutter_x + g->gutter_w - 1, g->heat.y + row,
			   utf8 ? 0x25b6 : '>',
			   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
	}
}

/* Whether slice j of `units` (columns or pixel rows) over items first ..
 * first+count-1 shows an item of lo..hi. */
static bool slice_marked(long long first, long long count, int units, int j,
			 long long lo, long long hi)
{
	long long a, n;

	plot_col_items(first, count, units, j, &a, &n);
	return a <= hi && a + n - 1 >= lo;
}

/* A lesson's highlight (state.hl), drawn where it hides no data: a heavy
 * bar in the blank column right of the heat beside marked dimensions, or
 * a heavy line on the bottom border under marked positions. */
static void draw_highlight(const struct state *s, struct canvas *c,
			   struct rect r, const struct heat_geom *g, bool utf8)
{
	const struct pe_window *v = &s->window;
	const struct highlight *h = &s->hl;
	struct style st = { ROLE_MARKER, ROLE_DEFAULT, ATTR_BOLD };

	if (h->kind == HL_DIMS)
		for (int y = 0; y < g->heat.h; y++) {
			int rows = 2 * g->heat.h;

			if (slice_marked(v->dim0, v->ndim, rows, 2 * y, h->lo, h->hi) ||
			    slice_marked(v->dim0, v->ndim, rows, 2 * y + 1, h->lo, h->hi))
				canvas_put(c, g->heat.x + g->heat.w, g->heat.y + y,
					   utf8 ? 0x2503 : '#', st);
		}
	else if (h->kind == HL_POS)
		for (int x = 0; x < g->heat.w; x++)
			if (slice_marked(v->pos0, v->npos, g->heat.w, x, h->lo, h->hi))
				canvas_put(c, g->heat.x + x, r.y + r.h - 1,
					   utf8 ? 0x2501 : '=', st);
}

void heatmap_draw(const struct state *s, struct heat_cache *hc,
		  struct canvas *c, struct rect r)
{
	struct heat_geom g;
	struct style border = { ROLE_BORDER, ROLE_DEFAULT, 0 };
	struct style title = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	struct rect old = canvas_set_clip(c, r);
	bool utf8 = !s->ascii;
	char t[96];

	snprintf(t, sizeof t, "Heatmap PE(pos, dim)  dims %d-%d",
		 s->window.dim0, s->window.dim0 + s->window.ndim - 1);
	canvas_box(c, r, t, border, title);
	if (geom_compute(s, r, &g)) {
		struct plot_axis ax = { s->window.pos0, s->window.npos, g.heat.x,
					g.heat.w };
		const float *pix = heat_cache_get(hc, &s->cur.pe,
						  PE_BUG_NONE, &s->window,
						  g.heat.w, 2 * g.heat.h);

		if (pix)
			heat_draw(c, g.heat, pix);
		draw_legend(s, c, &g);
		draw_dim_labels(s, c, &g);
		plot_xticks(c, &ax, g.tick_y, (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
		draw_highlight(s, c, r, &g, utf8);
		draw_crosshair(s, c, &g, utf8);
	}
	canvas_set_clip(c, old);
}

bool heatmap_hit(const struct state *s, struct rect r, int x, int y,
		 long long *pos, int *dim)
{
	struct heat_geom g;

	if (!geom_compute(s, r, &g) || x < g.heat.x || x >= g.heat.x + g.heat.w ||
	    y < g.heat.y || y >= g.heat.y + g.heat.h)
		return false;
	*pos = plot_item_of_col(s->window.pos0, s->window.npos, g.heat.w, x - g.heat.x);
	*dim = dim_of_row(&s->window, 2 * g.heat.h, 2 * (y - g.heat.y));
	return true;
}
