/* heat.h - heatmaps of the encoding matrix: what each pixel row stands for,
 * the pixel means, a cache that keeps them between frames, and drawing them
 * with labels.
 *
 * Positions run across (one pixel column per cell column, the mapping of
 * plot.h), dimensions down (two pixel rows per cell: half blocks). Every
 * pixel holds the exact mean of the encoding over the positions its column
 * shows (plot_col_items) and the dimensions its row shows (heat_band_of_row),
 * never a point sample, which would alias fast pairs into false stripes.
 * Shared by the explorer's heatmap panel and the views that put encodings
 * side by side (layouts, bugs). */
#ifndef HEAT_H
#define HEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "render/canvas.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/cache.h"

/* ---- what a pixel row stands for ---- */

/* The dimensions pixel row `row` of a grid of `rows` rows averages: the
 * fn-slots (pe_dim_of) of pairs pair0 .. pair0 + npairs - 1, all inside the
 * window.
 *
 * When the window shows more dimensions than there are rows, rows are
 * bands that keep like with like: a band holds the sines, or the cosines,
 * of neighbouring pairs, never both, because a mean over a mix is exact and
 * still meaningless (a slow pair's sine is near 0 and its cosine near 1, so
 * their mean is a uniform 0.5 where the matrix has stripes). The pairs of
 * each kind are shared out over that kind's bands as plot_col_items shares
 * items over slices (consecutive, in order, sizes differing by at most 1).
 *   Interleaved: sine band k is row 2k and cosine band k row 2k + 1, so a
 *     cell (two pixel rows) shows a group of pairs with its sines on top
 *     and its cosines below, as the matrix itself alternates.
 *   Concatenated: the sine bands come first, then the cosine bands; each
 *     kind gets rows in proportion to its visible dimensions (rounded, at
 *     least one each).
 * Otherwise (at least as many rows as dimensions) a row shows one dimension
 * (npairs = 1), by plot.h's mapping of the window onto the rows, which
 * repeats a dimension over several rows when there are more rows.
 * Valid for a window inside 0 .. d-1 with at least one dimension and
 * rows >= 1; row is clamped into 0 .. rows-1. (With a single row and more
 * than one dimension, that row is a sine band.) */
struct heat_band {
	enum pe_fn fn;		/* which slot of each pair: PE_SIN or PE_COS */
	int pair0;		/* first pair */
	int npairs;		/* pairs, >= 1: the row averages npairs dims */
};

void heat_band_of_row(const struct pe_params *p, const struct pe_window *v,
		      int rows, int row, struct heat_band *b);

/* The pixel row showing dimension dim: the row whose band holds it (in a
 * repeated window, the row holding its centre, as plot_col_of), or -1 when
 * dim is outside the window. */
int heat_row_of_dim(const struct pe_params *p, const struct pe_window *v,
		    int rows, int dim);

/* Whether pixel row `row` shows any of the dimensions lo .. hi (any
 * range; the part outside 0 .. d-1 counts for nothing). */
bool heat_row_shows(const struct pe_params *p, const struct pe_window *v,
		    int rows, int row, long long lo, long long hi);

/* The dimension a click on pixel row `row` selects: the fn-slot of the
 * middle pair of its band (plot_item_of_col), so that
 * heat_row_of_dim(heat_dim_of_row(row)) == row whenever the row's band is
 * not repeated. */
int heat_dim_of_row(const struct pe_params *p, const struct pe_window *v,
		    int rows, int row);

/* ---- the pixels ---- */

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

/* Whether the grid heat_cache_get gives for these inputs is theirs, not
 * the last finished grid standing in while theirs is computed. */
bool heat_cache_current(const struct heat_cache *hc,
			const struct pe_params *p, enum pe_bug bug,
			const struct pe_window *v, int w, int rows);

/* Frees what hc holds and empties it. */
void heat_cache_free(struct heat_cache *hc);

/* Draws grid pix (r.w columns x 2 * r.h pixel rows) as half-block cells
 * filling r. */
void heat_draw(struct canvas *c, struct rect r, const float *pix);

/* A labelled heatmap: dimension ticks in a gutter on the left, the heat,
 * position ticks below it, optional marks, and, when there is room, a
 * caption under the ticks saying what the marked row stands for
 * (heat_caption). */
struct heat_plot {
	const struct pe_params *pe;	/* the encoding */
	enum pe_bug bug;		/* its mistake, or PE_BUG_NONE */
	const struct pe_window *view;	/* window shown */
	long long mark_pos;		/* position marked by a vertical line,
					   or -1 */
	int mark_dim;			/* dimension marked by a horizontal
					   line and a gutter arrow, or -1 */
	bool utf8;			/* box-drawing marks, else ASCII */
	enum lang lang;			/* language of the caption */
};

/* The heat area heat_plot_draw would use inside `in`: in minus the gutter
 * (digits of d-1 plus the arrow column), the tick row and, when in.h >=
 * HEAT_CAPTION_MIN_H and a dimension is marked, the caption row. Empty (w
 * or h <= 0) when it would be narrower than 4 columns. */
enum { HEAT_CAPTION_MIN_H = 10 };
struct rect heat_plot_area(const struct heat_plot *hp, struct rect in);

/* Draws hp inside `in` (clipped to it) with pixels from cache hc. Draws
 * nothing when heat_plot_area is empty. */
void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc);

/* Dimension ticks for heat area a (2 * a.h pixel rows over hp's window):
 * the dimensions at multiples of the smallest step of 1, 2, 2.5 or 5 times
 * a power of ten (plot_nice_step) whose ticks land on cell rows at least 3
 * rows apart (2 when a.h < 12), each on the cell row that shows it
 * (heat_row_of_dim), right-aligned to end two columns left of the heat
 * (the column between is the arrow's). When the first such step has no
 * multiple inside the window, the first tick of the step before it,
 * alone. */
void heat_dim_ticks(struct canvas *c, const struct heat_plot *hp,
		    struct rect a, struct style st);

/* What cell row y of a heat area h cells high over hp's window stands for,
 * in hp->lang, into buf (n bytes; cut to fit): the pairs and the kind of
 * its two pixel rows, named by the function the encoding (with its
 * mistake) puts there, e.g. "pairs 96-103: ▀ sin ▄ cos" (interleaved
 * bands; ASCII: "sin above, cos below"), "pairs 96-103, sin" (both halves
 * one kind), "dim 97: cos of pair 48" (one dimension). Ranges use an en
 * dash in UTF-8. Returns buf. */
char *heat_caption(const struct heat_plot *hp, int h, int y, char *buf,
		   size_t n);

#endif
