/* plot.h - shared helpers for plots whose x axis is position.
 *
 * The waveform, similarity and heatmap panels all show the visible window of
 * positions [pos0, pos0 + npos) across some cell columns. This module owns
 * that mapping, in both directions, so that what a column shows and what a
 * click on it selects always agree; it also draws the tick row, y labels,
 * curves (braille) and the marker at the selected position.
 *
 * The mapping. Position k occupies the slice [k - pos0, k - pos0 + 1) of a
 * line of npos units, stretched over the w columns (or 2w braille dot
 * columns). A column shows the positions whose centres fall inside it; a
 * position is drawn in the column that holds its centre. Hence:
 *   - npos <= w: every position has its own column(s) and
 *     plot_pos_of_col(plot_col_of_pos(p)) == p exactly;
 *   - npos > w: a column covers about npos/w positions, and
 *     plot_pos_of_col() answers the middle one, which lies in that column:
 *     plot_col_of_pos(plot_pos_of_col(x)) == x for every column x.
 * All of it is integer arithmetic (no rounding surprises at 1e9 positions).
 *
 * Nothing here allocates; everything draws through the canvas and so clips
 * to the canvas's clip rectangle (callers set it to their panel). */
#ifndef PLOT_H
#define PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"

/* The x axis: positions [pos0, pos0 + npos) across cell columns
 * [x0, x0 + w). Valid when npos >= 1 and w >= 1. */
struct plot_axis {
	long long pos0;		/* first position shown */
	long long npos;		/* positions shown, >= 1 */
	int x0;			/* first cell column (canvas coordinates) */
	int w;			/* cell columns, >= 1 */
};

/* A plot area: an axis plus cell rows [y0, y0 + h) showing values from ymin
 * (bottom dot row) to ymax (top dot row), keeping `pad` blank dot rows above
 * and below the range so that stacked plots do not touch. Valid when the axis
 * is, h >= 1, ymin < ymax and 4h - 2*pad >= 2. */
struct plot_area {
	struct plot_axis ax;	/* x: positions */
	int y0, h;		/* cell rows */
	double ymin, ymax;	/* value range, bottom to top */
	int pad;		/* blank dot rows at the top and at the bottom */
};

/* A function of position to plot with plot_curve. */
struct plot_fn {
	double (*f)(const void *ctx, double pos);	/* the function */
	const void *ctx;	/* passed to f */
	double period;		/* > 0: f repeats with this period (in positions)
				 * and takes every value in [lo, hi] within each
				 * period; 0: unknown */
	double lo, hi;		/* range of f over a period (used with period) */
};

/* ---- the mapping, on any axis ---- */

/* The rule above for `count` items first, first+1, ... (positions,
 * dimensions) over `units` >= 1 slices (columns, dot columns, heat pixel
 * rows): the slice 0 .. units-1 holding the centre of item v, or -1 when v is
 * outside [first, first + count). */
int plot_col_of(long long first, long long count, int units, long long v);

/* The item slice j (clamped into 0 .. units-1) stands for: the one whose
 * extent holds the slice's centre, i.e. the middle of the items the slice
 * shows. plot_col_of(plot_item_of_col(j)) == j when count >= units; with
 * fewer items an item spans several slices, and each of them answers it. */
long long plot_item_of_col(long long first, long long count, int units,
			   int j);

/* The items slice j (clamped) shows, [*lo, *lo + *n): when count >= units
 * the slices partition the items (every n >= 1); otherwise n = 1 and *lo is
 * plot_item_of_col(j). Use it to average exactly what a column shows. */
void plot_col_items(long long first, long long count, int units, int j,
		    long long *lo, long long *n);

/* ---- the x mapping ---- */

/* Cell column showing position p: in [x0, x0 + w) when p is in the window,
 * x0 - 1 when p is before it, x0 + w when after it. */
int plot_col_of_pos(const struct plot_axis *a, long long p);

/* The position a click on cell column x selects: the middle one of the
 * positions column x shows. x is clamped into [x0, x0 + w). */
long long plot_pos_of_col(const struct plot_axis *a, int x);

/* Braille dot columns are numbered 0 .. 2w-1 from the left of the axis. For
 * dot column j: the (fractional) position at its centre, where position k's
 * own centre is at k; and how many positions it spans (npos / 2w). */
double plot_dot_pos(const struct plot_axis *a, int j);
double plot_dot_span(const struct plot_axis *a);

/* ---- ticks and labels ---- */

/* Smallest round step that is >= raw: 1, 2 or 5 times a power of ten, or
 * 2.5 times one from 25 on (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, ...,
 * all whole); 1 for raw <= 1. */
long long plot_nice_step(double raw);

/* Writes the label for tick value v on an axis with tick step `step`
 * (a plot_nice_step value). The one style of every axis: from a step of
 * PLOT_COMPACT_STEP on, values from 1000 up take a k/M/G/T suffix with
 * every digit the step needs (1500 -> "1.5k", 10200 with step 200 ->
 * "10.2k", 2000000 -> "2M"; step 250: "250 500 750 1k 1.25k"), so that one
 * axis never mixes "1k" and "1250" and two ticks never read the same;
 * finer steps keep the plain integer (1234567 with step 1). Returns buf. */
enum { PLOT_COMPACT_STEP = 100 };
char *plot_tick_label(long long v, long long step, char *buf, size_t n);

/* The tick formatter every axis uses, for any tick value v at step `step`
 * > 0: whole values at a whole step as plot_tick_label; others with the
 * decimals the step needs, trailing zeros dropped (0.25, 0.5, 0.001; -0
 * as 0). Returns buf. */
char *plot_value_label(double v, double step, char *buf, size_t n);

/* Draws x tick labels on row y under the axis: values at multiples of the
 * smallest round step (plot_nice_step) whose labels fit with at least two
 * blanks between them, each centred on its column but kept inside
 * [x0, x0 + w). Draws nothing else on the row. When the first such step has
 * no multiple in the window, the first tick of the step before it is drawn
 * alone if it fits. */
void plot_xticks(struct canvas *c, const struct plot_axis *a, int y,
		 struct style st);

/* Cell row on which value v is drawn in area p (may lie outside the area
 * when v lies outside [ymin, ymax]). */
int plot_row_of_value(const struct plot_area *p, double v);

/* Labels of y ticks at the multiples of the smallest step of 1, 2, 2.5 or
 * 5 times a power of ten whose ticks fall 2 rows apart at least, within
 * [ymin, ymax], right-aligned in columns [x, x + w) (plot_value_label):
 * "1 0.75 0.5 0.25 0" on a tall 0..1 plot, "1 0.5 0" on a short one. */
void plot_yticks(struct canvas *c, const struct plot_area *p, int x, int w,
		 struct style st);

/* The ticks of a value axis over [lo, hi] whose value v stands on row
 * row_of(arg, v), rows growing as v falls (a bar chart's own rows): the
 * multiples within [lo, hi] of the finest step of plot_yticks's sequence
 * (1, 2, 2.5 and 5 times a power of ten) whose ticks all fall 2 rows apart
 * at least, top first, their values into val[] and rows into row[] (at most
 * max), the step into *step (for plot_value_label). Returns how many. */
int plot_row_ticks(double lo, double hi, int (*row_of)(const void *, double),
		   const void *arg, double *val, int *row, int max,
		   double *step);

/* The bottom of a similarity plot (cosines, within -1..1) of the n values
 * v (non-finite ones skipped): 0 when every value is >= 0, so that a curve
 * that stays positive gets the rows (ticks 1 0.75 0.5 0.25 0 where there
 * are rows for quarters), else the lowest value rounded down to a quarter,
 * never below -1. The one convention of every similarity axis (explore's
 * panel, bands, bugs), whose ticks are plot_yticks'. */
double plot_similarity_ymin(const double *v, int n);

/* A dotted line at value 0 on the cells of area a still blank: where a
 * similarity turns negative (draw it after the curves). UTF-8 only. */
void plot_zero_line(struct canvas *c, const struct plot_area *a);

/* Draws `text` right-aligned in columns [x, x + w) on the row of value v.
 * Used for y tick labels such as "1", "0", "-1" left of the plot. */
void plot_ylabel(struct canvas *c, const struct plot_area *p, int x, int w,
		 double v, const char *text, struct style st);

/* ---- curves and markers ---- */

/* Plots y = f(position) over the window as a braille curve in role fg.
 * Each dot column shows the range (min..max) of f over the positions it
 * covers, so a wave faster than the columns renders as the filled band it
 * really is instead of aliasing into a false slow wave: a column covering a
 * full period (f->period) takes [f->lo, f->hi] without sampling, a column
 * covering up to 8 positions samples each of them, a wider one samples 8
 * evenly spread positions. When the window has fewer positions than dot
 * columns, f is sampled at each dot column's centre (plot_dot_pos) as the
 * continuous function. Consecutive columns are joined so the curve has no
 * gaps. Cost: at most 8 calls of f per dot column. */
void plot_curve(struct canvas *c, const struct plot_area *p,
		const struct plot_fn *f, enum role fg);

/* Plots n precomputed values as a braille polyline in role fg: v[j] is the
 * value at (fractional) position first + j * step, step > 0. Points may lie
 * beyond the window (so a line can run to the edge): everything is clipped
 * to the plot area. Non-finite values break the line. */
void plot_samples(struct canvas *c, const struct plot_area *p, double first,
		  double step, const double *v, int n, enum role fg);

/* Sets the braille dot showing value v at position pos (nothing when pos is
 * outside the window). */
void plot_dot(struct canvas *c, const struct plot_area *p, long long pos,
	      double v, enum role fg);

/* A vertical marker at position pos over rows [y0, y0 + h) of pos's column:
 * '│' in style st on empty cells, and braille cells (curves crossing the
 * marker, or a solid band) keep their dots but take the role st.fg, so the
 * marker shows through a band in colour. Draw it after the curves. Nothing
 * when pos is outside the window. */
void plot_marker(struct canvas *c, const struct plot_axis *a, int y0, int h,
		 long long pos, struct style st);

/* What marker pos stands for, `text` (one row), in style st right of its
 * column in plot area p, on the row nearest p's middle whose cells from the
 * column's right neighbour on are blank for the text's width; nowhere when
 * no row has room or pos is outside the window. Returns whether drawn. */
bool plot_marker_label(struct canvas *c, const struct plot_area *p,
		       long long pos, const char *text, struct style st);

/* plot_marker_label on a row where the text also has a blank cell all
 * around it (a curve passing just over or under it would read as
 * underlining or striking it), else where plot_marker_label puts it. */
bool plot_marker_label_apart(struct canvas *c, const struct plot_area *p,
			     long long pos, const char *text, struct style st);

/* ---- clipping ---- */

/* Sets the clip to r intersected with the current clip and returns the
 * previous clip for canvas_set_clip (canvas_set_clip alone would widen a
 * caller's narrower clip). */
struct rect plot_clip_push(struct canvas *c, struct rect r);

#endif
