/* heat_rows.h - what each pixel row of a heatmap stands for: the
 * dimensions it averages, the row a dimension lands on, and the row plan a
 * grid job is handed (engine/pe_heat.h).
 *
 * Dimensions run down a heatmap, two pixel rows per cell (half blocks);
 * positions run across, one column per cell column (plot.h's mapping).
 * Every pixel holds the exact mean over the dimensions its row shows and
 * the positions its column shows, never a point sample. */
#ifndef HEAT_ROWS_H
#define HEAT_ROWS_H

#include <stdbool.h>

#include "engine/pe.h"

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
 *     least one each; in whole cells, two rows each, when the rows are
 *     even and 4 or more, so that no cell mixes the two kinds).
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

/* The plan of a grid of `rows` pixel rows over window v (valid as above)
 * as engine/pe_heat.h takes it: row_dim[r] (the dimension a row of one
 * dimension shows: the fn-slot of its band's first pair) and row_pairs[r]
 * (how many dims the row averages) for every row, and, when slot_row is
 * not NULL, slot_row[2 i + fn] for every pair i of d/2: the row pair i's
 * fn-slot adds to, or -1. */
void heat_rows_plan(const struct pe_params *p, const struct pe_window *v,
		    int rows, int *slot_row, int *row_dim, int *row_pairs);

#endif
