/* heat.h - heatmaps of the encoding matrix: the pixel means, a cache that
 * keeps them between frames, and drawing them with labels.
 *
 * Positions run across (one pixel column per cell column, the mapping of
 * plot.h), dimensions down (two pixel rows per cell: half blocks). Every
 * pixel holds the exact mean of the encoding over the positions its column
 * shows (plot_col_items) and the dimensions its row shows, never a point
 * sample, which would alias fast pairs into false stripes. Shared by the
 * explorer's heatmap panel and the views that put encodings side by side
 * (layouts, bugs). */
#ifndef HEAT_H
#define HEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/cache.h"

/* Fills pix[row * w + x] (w >= 1 columns, rows >= 1 pixel rows) with the
 * means of encoding p with mistake bug (PE_BUG_NONE: the correct one) over
 * window v (valid for p: inside 0..d-1 and at least one position), all at
 * once, whatever the work budget. Cost: O(visible dimensions * w)
 * multiplies (pe_grid.h) and a few sin/cos per pair. Returns false, leaving
 * pix unspecified, when scratch memory runs out. */
bool heat_fill(const struct pe_params *p, enum pe_bug bug,
	       const struct pe_window *v, int w, int rows, float *pix);

/* Everything a grid depends on. */
struct heat_inputs {
	struct pe_params pe;
	enum pe_bug bug;
	struct pe_window view;
	int w, rows;
};

/* A pixel grid kept between frames, and the one being computed. Start from
 * a zeroed struct (one per heatmap on screen, in its view's context) and
 * free it with heat_cache_free. */
struct heat_cache {
	struct cache grid;		/* the finished grid: its inputs, and
					 * its pixels in grid.mem */
	struct cache work;		/* the inputs of the grid in the making */
	struct heat_job *job;		/* that grid's job, or NULL */
};

/* The grid for these inputs, recomputed only when they differ from the
 * finished one's. The computation is a sliced job (cache.h): when the
 * frame's budget runs out first, it keeps its place for the next call, the
 * frame is marked unfinished, and the call returns the last finished grid
 * if it has the same size (stale but in place), else NULL. Under a budget
 * a grid finished late in a frame is shown in the next, which spends its
 * time on the repaint and no other job (work_spend). Also NULL when memory
 * runs out. */
const float *heat_cache_get(struct heat_cache *hc, const struct pe_params *p,
			    enum pe_bug bug, const struct pe_window *v, int w,
			    int rows);

/* Frees what hc holds and empties it. */
void heat_cache_free(struct heat_cache *hc);

/* Draws grid pix (r.w columns x 2 * r.h pixel rows) as half-block cells
 * filling r. */
void heat_draw(struct canvas *c, struct rect r, const float *pix);

/* A labelled heatmap: dimension labels in a gutter on the left, the heat,
 * position ticks on the bottom row, and optional marks. */
struct heat_plot {
	const struct pe_params *pe;	/* the encoding */
	enum pe_bug bug;		/* its mistake, or PE_BUG_NONE */
	const struct pe_window *view;	/* window shown */
	long long mark_pos;		/* position marked by a vertical line,
					   or -1 */
	int mark_dim;			/* dimension marked by a horizontal
					   line and a gutter arrow, or -1 */
	bool utf8;			/* box-drawing marks, else ASCII */
};

/* The heat area heat_plot_draw would use inside `in`: in minus the gutter
 * (digits of d-1 plus the arrow column) and the tick row. Empty (w or h
 * <= 0) when it would be narrower than 4 columns. */
struct rect heat_plot_area(const struct heat_plot *hp, struct rect in);

/* Draws hp inside `in` (clipped to it) with pixels from cache hc. Draws
 * nothing when heat_plot_area is empty. */
void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc);

#endif
