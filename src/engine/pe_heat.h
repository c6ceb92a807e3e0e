/* pe_heat.h - one heatmap grid of an encoding: every pixel the exact mean
 * of the encoding over the positions of its column and the dimensions of
 * its row, summed a slice of pairs at a time.
 *
 * The contract. The caller says what each pixel stands for, in a plan it
 * keeps for the job's life (the render layer makes it: plot.h shares the
 * positions over the columns, render/heat_rows.h the dimensions over the
 * rows):
 *   - column x holds the positions [start[x], start[x] + count[x]),
 *     count[x] >= 1;
 *   - averaged (at least as many dimensions shown as rows): the fn-slot of
 *     pair i adds to row slot_row[2 i + fn] (-1: to no row; fn is enum
 *     pe_fn), and row r is that sum over row_pairs[r] >= 1;
 *   - otherwise row r shows the one dimension row_dim[r], whose means are
 *     computed once for a run of rows showing it.
 * The encoding p is taken with its mistake bug (PE_BUG_NONE: the correct
 * one) in p's layout, which the caller sets to the mistake's own
 * (pe_variant_layout) so that its plan and the waves agree.
 *
 * Cost: O(dimensions summed * w) multiplies (pe_grid.h) and a few sin/cos
 * a pair; a step adds PE_HEAT_SLICE pairs (about a millisecond at 1000
 * columns). Slices end at fixed pairs, so the sums are added in the same
 * order however the steps are spread over frames: a grid made in many
 * calls equals one made in a single run, bit for bit.
 *
 * Pure C11 and libm: no I/O, no drawing. */
#ifndef PE_HEAT_H
#define PE_HEAT_H

#include <stdbool.h>

#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "engine/pe_variants.h"

enum { PE_HEAT_SLICE = 1024 };	/* pairs a step */

/* What each pixel stands for (above). Borrowed, not copied: it must stay
 * as it is until pe_heat_free. */
struct pe_heat_plan {
	int w, rows;			/* columns, pixel rows: >= 1 */
	bool averaged;			/* rows sum slots (slot_row, row_pairs),
					 * else one dimension a row (row_dim) */
	const long long *start, *count;	/* w each */
	const int *slot_row;		/* averaged: d/2 pairs, 2 slots each */
	const int *row_pairs;		/* averaged: rows */
	const int *row_dim;		/* not averaged: rows */
};

struct pe_heat;

/* A job for the grid of p (d_model even, >= 2) with mistake bug under
 * plan; NULL when memory runs out. */
struct pe_heat *pe_heat_new(const struct pe_params *p, enum pe_bug bug,
			    const struct pe_heat_plan *plan);

/* A job for the grid of a loaded matrix m (engine/pe_matrix.h) in place
 * of the formula: each pixel the mean of M over its column's positions
 * and its row's dimensions, divided by m->absmax so that the colour ramp's
 * ends are +-max|M| (0 everywhere for an all-zero matrix). p gives the
 * width (m->cols) and the layout that maps the plan's slots to dimensions
 * (pe_dim_of). Cost: O(positions shown * dimensions shown) additions, a
 * slice of pairs a step; NULL when memory runs out. */
struct pe_heat *pe_heat_new_matrix(const struct pe_matrix *m,
				   const struct pe_params *p,
				   const struct pe_heat_plan *plan);

/* Adds the next slice; true when the grid is complete (then again at
 * once). */
bool pe_heat_step(struct pe_heat *h);

/* pix[row * w + x] = the means of the complete grid. */
void pe_heat_finish(const struct pe_heat *h, float *pix);

/* Frees h (NULL: nothing). */
void pe_heat_free(struct pe_heat *h);

#endif
