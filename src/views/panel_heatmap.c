/* panel_heatmap.c - the encoding matrix as a heatmap.
 *
 * Positions run across (the same axis as the waveform and similarity plots),
 * dimensions run down, two pixel rows per cell (half blocks). A pixel that
 * covers many positions or dimensions shows the exact mean over all of them
 * (engine/pe_heat.h), never a point sample, which would alias fast pairs
 * into false stripes. The pixel grid is cached and recomputed only when the
 * parameters, the window or the size change (in the cache the explore
 * view's context owns), so moving the crosshair costs nothing but the copy
 * into the canvas. */
#include "views/panels.h"
#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "render/colour_bar.h"
#include "render/heat.h"
#include "engine/pe.h"
#include "render/paragraph.h"
#include "render/plot.h"
#include "views/heat_caption.h"
#include "views/panel_matrix.h"
#include "views/panel.h"

enum {
	LEGEND_W = 4,		/* colour bar, a space and "+1" */
	/* The top border's corners, the spaces around the title, and the
	 * focused panel's " F: zoom " with a dash before it (explore's
	 * mark_focus): the caption only joins a title that leaves them. */
	TITLE_ROOM = 4 + 11
};

/* The map is drawn from 4 x 1 cells (views/panel.h). */
static const struct tier heat_least[] = { { 4, 1, 1 } };

/* Where things go inside the panel's border. */
struct heat_geom {
	struct rect heat;	/* the half-block area */
	int gutter_x;		/* first column of the dimension labels */
	int gutter_w;		/* their width */
	int tick_y;		/* row of the position ticks */
	int legend_x;		/* column of the colour bar */
	int label_w;		/* the columns of its labels */
};

static bool geom_compute(const struct state *s, struct rect r,
			 struct heat_geom *g)
{
	char buf[24];
	struct rect in = panel_inside(r);
	/* a loaded matrix's labels say its scale, "+0.234" */
	int legend_w = s->matrix ? 2 + colour_bar_label_width(s->matrix->absmax,
							      !s->ascii)
				 : LEGEND_W;

	snprintf(buf, sizeof buf, "%d", s->cur.pe.d_model - 1);
	g->gutter_w = (int)strlen(buf) + 1;	/* digits, then the marker */
	g->gutter_x = in.x;
	g->heat.x = in.x + g->gutter_w;
	g->heat.y = in.y;
	g->heat.w = in.w - g->gutter_w - legend_w - 1;
	g->label_w = legend_w - 2;
	g->heat.h = in.h - 1;
	g->tick_y = in.y + in.h - 1;
	g->legend_x = g->heat.x + g->heat.w + 1;
	return TIER(heat_least, g->heat.w, g->heat.h);
}

/* The labelled plot heat.h describes for this panel: what its dimension
 * ticks, row map and caption read. */
static struct heat_plot plot_of(const struct state *s)
{
	/* a loaded matrix's rows are no sines and cosines: no caption */
	return (struct heat_plot){ &s->cur.pe, PE_BUG_NONE, &s->window,
				   s->cur.pos, s->cur.dim, !s->ascii, s->lang,
				   s->matrix ? NULL : heat_caption };
}

static int plain_title(const struct state *s, char *t, size_t n)
{
	if (s->matrix)
		return snprintf(t, n, tr(s->lang, "Heatmap M[pos][dim] of %s  "
					 "dims %d-%d"), s->matrix_name,
				s->window.dim0,
				s->window.dim0 + s->window.ndim - 1);
	return snprintf(t, n, tr(s->lang, "Heatmap PE(pos, dim)  dims %d-%d"), s->window.dim0,
			s->window.dim0 + s->window.ndim - 1);
}

/* What a caption follows in the title: the plain title t (used bytes
 * of it) and an arrow, or with shorter the short "Heatmap ▶ ". */
static void title_head(const struct state *s, bool shorter, const char *t,
		       int used, char *head, size_t n)
{
	const char *arrow = s->ascii ? ">" : "\u25b6";

	if (shorter)
		snprintf(head, n, tr(s->lang, "Heatmap  %s %s"), arrow, "");
	else
		snprintf(head, n, "%.*s  %s ", used, t, arrow);
}

/* The title, then what the crosshair's row stands for (heat_caption) when
 * the heat is drawn (g not NULL) and the row is in the window, in a box w
 * wide beside the focus hint: after the full title the whole caption or
 * else its longest form that fits (heat_caption), else the same after a
 * shorter title, else the title alone; never a caption cut short. */
static void title_of(const struct state *s, const struct heat_geom *g, int w,
		     char *t, size_t n)
{
	struct heat_plot hp = plot_of(s);
	int prow = g ? heat_row_of_dim(&s->cur.pe, &s->window, 2 * g->heat.h,
				       s->cur.dim)
		     : -1;
	int used = plain_title(s, t, n), room = w - TITLE_ROOM, least;
	char cap[96], head[96];

	if (s->matrix && g) {	/* the crosshair's pixel: what it averages */
		for (int shorter = 0; shorter < 2; shorter++) {
			title_head(s, shorter, t, used, head, sizeof head);
			if (matrix_heat_caption(s, g->heat, room - utf8_width(head),
						cap, sizeof cap) > 0) {
				snprintf(t, n, "%s%s", head, cap);
				return;
			}
		}
		return;
	}
	if (prow < 0 || s->matrix)
		return;
	least = heat_caption_min_width(&hp, g->heat.h, prow / 2);
	/* after the full title first, the whole caption, then its shorter
	 * forms; then the same after the short title */
	for (int shorter = 0; shorter < 2; shorter++) {
		for (int pass = 0; pass < 2; pass++) {
			int left;

			title_head(s, shorter, t, used, head, sizeof head);
			left = room - utf8_width(head);
			if (left < least)
				continue;
			heat_caption(&hp, g->heat.h, prow / 2,
				     pass == 0 ? 1000 : left, cap, sizeof cap);
			if (utf8_width(cap) > left)
				continue;
			snprintf(t, n, "%s%s", head, cap);
			return;
		}
	}
}

/* A vertical colour bar from +1 (top) to −1 (bottom) with its labels, in
 * the columns right of the heat: the one every heatmap has
 * (render/colour_bar.h). */
static void draw_legend(struct canvas *c, const struct heat_geom *g,
			double scale, bool utf8)
{
	colour_bar_draw(c, g->legend_x, g->heat.y, g->heat.h, g->label_w,
			scale, utf8,
			(struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
}

/* The axes' names on the bottom border, under the heat
 * (heat_axis_names_draw): position runs across, dimension down and, when
 * it is true of every cell, which half of a cell is the sine and which
 * the cosine. A lesson's position highlight owns the border instead
 * (draw_highlight). */
static void draw_axis_names(const struct state *s, struct canvas *c,
			    struct rect r, const struct heat_geom *g)
{
	struct heat_plot hp = plot_of(s);

	if (s->hl.kind == HL_POS)
		return;
	if (s->matrix) {	/* what a pixel is, where no sin/cos is */
		/* where a pixel covers several positions, the first two say
		 * what its mean hides: a column that oscillates within a
		 * pixel's positions averages to grey (heat_caption.c's
		 * fast_waves_fade says why the heat stays a mean) */
		static const char *const forms[] = {
			N_(" position %s  dimension %s  each pixel: the mean of "
			   "what it covers, so fast waves fade to grey; z zooms "
			   "in "),
			N_(" position %s  dimension %s  a pixel is a mean: fast "
			   "waves fade to grey "),
			N_(" position %s  dimension %s  each pixel: the mean of "
			   "what it covers, z zooms in "),
			N_(" position %s  dimension %s  each pixel: a mean "),
			N_(" pos %s  dim %s  a pixel: a mean ")
		};
		int room = r.x + r.w - 2 - (g->heat.x + 1);
		size_t k0 = s->window.npos > g->heat.w ? 0 : 2;

		for (size_t k = k0; k < sizeof forms / sizeof *forms; k++) {
			char t[200];

			snprintf(t, sizeof t, tr(s->lang, forms[k]),
				 s->ascii ? "->" : "\u2192",
				 s->ascii ? "v" : "\u2193");
			if (utf8_width(t) <= room) {
				canvas_text(c, g->heat.x + 1, r.y + r.h - 1,
					    room, t, (struct style){ ROLE_AXIS,
							ROLE_DEFAULT, 0 });
				break;
			}
		}
		return;
	}
	heat_axis_names_draw(c, &hp, g->heat, g->heat.x + 1, r.y + r.h - 1,
			     r.x + r.w - 2);
}

/* Heat no brighter than this everywhere reads as a white page. */
#define WASHED_OUT 0.1

/* When every pixel of the grid is near 0 (the page is white), why
 * (heat_white_why), across the middle of the heat. */
static void explain_white(const struct state *s, struct canvas *c,
			  const struct heat_geom *g, const float *pix)
{
	int n = g->heat.w * 2 * g->heat.h, rows;
	double most = 0;
	char t[400];
	struct rect band;

	for (int k = 0; k < n; k++)
		most = fabs(pix[k]) > most ? fabs(pix[k]) : most;
	if (most >= WASHED_OUT ||
	    !heat_white_why(&s->cur.pe, &s->window, g->heat.w, true, s->lang,
			    !s->ascii, t, sizeof t))
		return;
	rows = paragraph_rows(t, g->heat.w - 2);
	if (rows > g->heat.h)
		rows = g->heat.h;
	/* On the terminal's own background, inside a column of heat at each
	 * end so the heat's edges stay where they were. */
	band = (struct rect){ g->heat.x + 1, g->heat.y + (g->heat.h - rows) / 2,
			      g->heat.w - 2, rows };
	canvas_fill(c, band, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	paragraph_draw(c, band, t,
		       (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD });
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

/* A lesson's highlight (state.hl), drawn where it hides no data: beside
 * marked dimensions a heavy bar on the box's left border and another in
 * the blank column right of the heat (one alone, a column wide at the
 * far edge, went unseen), or a heavy line on the bottom border under
 * marked positions. */
static void draw_highlight(const struct state *s, struct canvas *c,
			   struct rect r, const struct heat_geom *g, bool utf8)
{
	const struct pe_window *v = &s->window;
	const struct highlight *h = &s->hl;
	struct style st = { ROLE_MARKER, ROLE_DEFAULT, ATTR_BOLD };

	if (h->kind == HL_DIMS)
		for (int y = 0; y < g->heat.h; y++) {
			int rows = 2 * g->heat.h;

			if (heat_row_shows(&s->cur.pe, v, rows, 2 * y, h->lo, h->hi) ||
			    heat_row_shows(&s->cur.pe, v, rows, 2 * y + 1, h->lo,
					   h->hi)) {
				canvas_put(c, g->heat.x + g->heat.w, g->heat.y + y,
					   utf8 ? 0x2503 : '#', st);
				canvas_put(c, r.x, g->heat.y + y,
					   utf8 ? 0x2503 : '#', st);
			}
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
	struct rect old = canvas_set_clip(c, r);
	bool utf8 = !s->ascii;
	char t[224];

	bool fits = geom_compute(s, r, &g);

	title_of(s, fits ? &g : NULL, r.w, t, sizeof t);
	panel_open(c, r, t, NULL);
	if (fits) {
		struct heat_plot hp = plot_of(s);
		struct plot_axis ax = { s->window.pos0, s->window.npos, g.heat.x,
					g.heat.w };
		/* A loaded matrix is coloured by M / max|M|, which the bar
		 * says: the formula's values stay within +-1. */
		const float *pix =
			s->matrix ? heat_cache_get_matrix(hc, s->matrix,
							  &s->cur.pe,
							  &s->window, g.heat.w,
							  2 * g.heat.h)
				  : heat_cache_get(hc, &s->cur.pe, PE_BUG_NONE,
						   &s->window, g.heat.w,
						   2 * g.heat.h);

		if (pix) {
			heat_draw(c, g.heat, pix);
			if (!s->matrix)
				explain_white(s, c, &g, pix);
		}
		draw_legend(c, &g, s->matrix ? s->matrix->absmax : 1.0, utf8);
		heat_dim_ticks(c, &hp, g.heat, (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
		plot_xticks(c, &ax, g.tick_y, (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
		draw_axis_names(s, c, r, &g);
		draw_highlight(s, c, r, &g, utf8);
		heat_marks_draw(c, &hp, g.heat);
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
	*dim = heat_dim_of_row(&s->cur.pe, &s->window, 2 * g.heat.h,
			       2 * (y - g.heat.y));
	return true;
}
