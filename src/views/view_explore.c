/* view_explore.c - the explorer's main view: heatmap, waveforms, similarity
 * and inspector panels, the one of them that has the focus (w/W, a click)
 * and, zoomed (F), fills the body alone; and what a click selects. */
#include <stdlib.h>

#include "base/tr.h"
#include "model/catalog.h"
#include "render/regions.h"
#include "views/panel.h"
#include "views/panel_matrix.h"
#include "views/panels.h"

/* The panels, in focus order. */
enum { P_HEATMAP, P_WAVES, P_SIMILARITY, P_INSPECTOR, PANELS };

/* The caches of the panels. */
struct explore_ctx {
	struct heat_cache heat;		/* the heatmap's pixels */
	struct sim_cache *sim;		/* the similarity curve's samples */
	struct cache msim;		/* a loaded matrix's curve */
};

/* Bodies shorter than this (an 80x24 screen's is 22 rows) fold the
 * inspector into its formula line, one row without a box, unless it has
 * the focus or a lesson (whose captions read its lines) is on: its other four rows go to the plots, so that the heatmap has
 * the 7 rows of heat at which its fast pairs swing from red to blue at
 * 80x24 (with 5 rows, 13 of 64 pairs share a row and average pale). */
enum { FOLD_BELOW_H = 24, FOLDED_FROM_H = 5 };

/* Where the panels go in body r: the usual split, the split with the
 * inspector folded, or the focused one over all of r and the others
 * nowhere. */
static void place(const struct state *s, struct rect r,
		  struct rect out[PANELS])
{
	struct explore_regions l;

	if (s->zoomed) {
		for (int i = 0; i < PANELS; i++)
			out[i] = (struct rect){ 0, 0, 0, 0 };
		out[s->panel] = r;
		return;
	}
	if (r.h < FOLD_BELOW_H && s->panel != P_INSPECTOR && !state_lesson(s)) {
		/* regions_explore gives a body this short a 5-row
		 * inspector: split one 4 rows taller, and the inspector's
		 * strip becomes r's last row. */
		struct rect taller = { r.x, r.y, r.w, r.h + FOLDED_FROM_H - 1 };

		regions_explore(taller, false, &l);
		l.inspector = (struct rect){ r.x, r.y + r.h - 1, r.w, 1 };
	} else {
		regions_explore(r, s->present, &l);
	}
	out[P_HEATMAP] = l.heatmap;
	out[P_WAVES] = l.waves;
	out[P_SIMILARITY] = l.similarity;
	out[P_INSPECTOR] = l.inspector;
}

static void explore_draw(const struct state *s, void *data, struct canvas *c,
			 struct rect r)
{
	struct explore_ctx *ctx = data;
	struct rect p[PANELS];

	place(s, r, p);
	/* The heatmap last: its grid is computed in slices (work.h), which
	 * then use what the frame's budget has left after the other panels.
	 * A loaded matrix's panels are panel_matrix.h's; the heatmap reads
	 * it itself. */
	if (s->matrix) {
		if (p[P_WAVES].w > 0)
			matrix_waves_draw(s, c, p[P_WAVES]);
		if (p[P_SIMILARITY].w > 0)
			matrix_similarity_draw(s, &ctx->msim, c,
					       p[P_SIMILARITY]);
		if (p[P_INSPECTOR].w > 0)
			matrix_inspector_draw(s, c, p[P_INSPECTOR]);
	} else {
				waves_draw(s, c, p[P_WAVES]);
		if (p[P_SIMILARITY].w > 0)
			similarity_draw(s, &ctx->sim, c, p[P_SIMILARITY]);
		if (p[P_INSPECTOR].w > 0)
			inspector_draw(s, c, p[P_INSPECTOR]);
	}
	if (p[P_HEATMAP].w > 0)
		heatmap_draw(s, &ctx->heat, c, p[P_HEATMAP]);
	panel_mark_focus(s, c, p[s->panel], 24);
}

static void explore_free(void *data)
{
	struct explore_ctx *ctx = data;

	heat_cache_free(&ctx->heat);
	similarity_free(ctx->sim);
	cache_free(&ctx->msim);
}

static bool explore_hit(const struct state *s, struct rect r, int x, int y,
			long long *pos, int *dim)
{
	struct rect p[PANELS];

	place(s, r, p);
	*dim = -1;
	if (s->matrix)
		return (p[P_HEATMAP].w > 0 &&
			heatmap_hit(s, p[P_HEATMAP], x, y, pos, dim)) ||
		       (p[P_WAVES].w > 0 &&
			matrix_plot_hit(s, p[P_WAVES], true, x, y, pos)) ||
		       (p[P_SIMILARITY].w > 0 &&
			matrix_plot_hit(s, p[P_SIMILARITY], false, x, y, pos));
	return (p[P_HEATMAP].w > 0 && heatmap_hit(s, p[P_HEATMAP], x, y, pos, dim)) ||
	       (p[P_WAVES].w > 0 && waves_hit(s, p[P_WAVES], x, y, pos)) ||
	       (p[P_SIMILARITY].w > 0 &&
		similarity_hit(s, p[P_SIMILARITY], x, y, pos));
}

static int explore_panel_at(const struct state *s, struct rect r, int x, int y)
{
	struct rect p[PANELS];

	place(s, r, p);
	for (int i = 0; i < PANELS; i++)
		if (x >= p[i].x && x < p[i].x + p[i].w && y >= p[i].y &&
		    y < p[i].y + p[i].h)
			return i;
	return -1;
}

const struct view_spec view_explore = {
	.name = "explore",
	.said = N_("explore view"),
	.title = N_("heatmap, waveforms, similarity, inspector"),
	.point = N_("fast pairs change at the top, slow pairs stay flat below; similarity peaks at p and falls with distance"),
	.draw = explore_draw,
	.ctx_size = sizeof(struct explore_ctx),
	.ctx_free = explore_free,
	.hit = explore_hit,
	.npanels = PANELS,
	.panel_name = (const char *const[PANELS]){ "heatmap", "waves",
						   "similarity", "inspector" },
	.panel_at = explore_panel_at,
	.shows_matrix = true,
};
