/* heat_cache.h - heatmap grids kept between frames, and made as sliced jobs
 * under the frame's work budget (work.h, cache.h).
 *
 * A grid has w columns (positions, shared by plot.h's mapping) and `rows`
 * pixel rows (dimensions, by heat_rows.h); its pixels are the exact means
 * engine/pe_heat.h computes. This file plans the grid (columns and rows),
 * runs its job a slice at a time and keeps the last finished grid on
 * screen while a new one is made. */
#ifndef HEAT_CACHE_H
#define HEAT_CACHE_H

#include <stdbool.h>

#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "engine/pe_variants.h"
#include "render/cache.h"

/* Fills pix[row * w + x] (w >= 1 columns, rows >= 1 pixel rows) with the
 * means of encoding p with mistake bug (PE_BUG_NONE: the correct one), its
 * rows in the mistake's own layout (pe_variant_layout: tensor2tensor's is
 * always concatenated, so a heat_plot of it should say so in its pe), over
 * window v (valid for p: inside 0..d-1 and at least one position), all at
 * once, whatever the work budget. Cost: O(visible dimensions * w)
 * multiplies (pe_grid.h) and a few sin/cos per pair. Returns false, leaving
 * pix unspecified, when scratch memory runs out. */
/* For tests only. */
bool heat_fill(const struct pe_params *p, enum pe_bug bug,
	       const struct pe_window *v, int w, int rows, float *pix);

/* Everything a grid depends on. */
struct heat_inputs {
	const struct pe_matrix *m;	/* a loaded matrix shown in place of
					 * the formula (bug then NONE), or
					 * NULL */
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
					 * its pixels in its memory */
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

/* The same for a loaded matrix m (engine/pe_heat.h: pe_heat_new_matrix)
 * in place of the formula: p gives its width and layout, and each pixel
 * is its mean over the pixel's positions and dimensions, divided by
 * m->absmax. */
const float *heat_cache_get_matrix(struct heat_cache *hc,
				   const struct pe_matrix *m,
				   const struct pe_params *p,
				   const struct pe_window *v, int w, int rows);

/* Whether the grid heat_cache_get gives for these inputs is theirs, not
 * the last finished grid standing in while theirs is computed. */
bool heat_cache_current(const struct heat_cache *hc,
			const struct pe_params *p, enum pe_bug bug,
			const struct pe_window *v, int w, int rows);

/* Frees what hc holds and empties it. */
void heat_cache_free(struct heat_cache *hc);

#endif
