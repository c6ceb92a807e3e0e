/* colour_bar.h - the colour bar beside a heatmap: what its colours mean.
 *
 *   ▐+1     the bar is one column of half blocks: the heat ramp from the
 *   ▐       top value (+1: the ramp's end) down to the bottom one (-1),
 *   ▐ 0     a pixel row a step, and beside it, in the columns on its
 *   ▐       right, what the ends and the middle stand for: "+1", " 0",
 *   ▐−1     "−1" for a map coloured by its value, "+1.6", "−1.6" for a map
 *           coloured by v / 1.6.
 *
 * One helper for every map (the attention scores, the layouts heatmaps, the
 * bug zoo's maps and its difference map), so that a bar reads the same
 * everywhere. Draws through the canvas (clipped to its clip). */
#ifndef COLOUR_BAR_H
#define COLOUR_BAR_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"
#include "render/heat.h"

/* The columns a bar takes beside a map, with labels label_w columns wide:
 * a blank column between map and bar, the bar, the labels. */
int colour_bar_width(int label_w);


/* The columns the labels of a bar of `scale` take (the wider end's). */
int colour_bar_label_width(double scale, bool utf8);

/* The bar in column x over cell rows [y, y + h), for a map coloured by
 * v / scale on the ramp from +1 (top) to -1 (bottom): its labels in the
 * label_w columns right of it, the scale's end labels at the top row and
 * (h >= 2) the bottom one, " 0" on the middle row (h >= 3). A scale of 0
 * (a map all zero, drawn blank) draws the bar in the zero colour with " 0"
 * on its middle row only (its top row when h < 3). */
void colour_bar_draw(struct canvas *c, int x, int y, int h, int label_w,
		     double scale, bool utf8, struct style st);

/* The bar lying down, for a strip of values coloured by value (v / 1):
 * "−1", `cells` cells of the ramp from -1 to +1 (cells >= 3, odd: the
 * middle one 0), "+1", on row y from column x, at most w columns. Returns
 * the columns taken, 0 (nothing drawn) when they do not fit. */
int colour_bar_draw_row(struct canvas *c, int x, int y, int w, int cells,
			bool utf8, struct style st);

/* The part of `in` (heat_plot_draw's rectangle) that heat plot hp keeps
 * when a bar with labels label_w wide takes the columns at its right: in
 * narrowed by colour_bar_width(label_w), or all of in (no bar) when the
 * heat would keep fewer than min_cols columns beside one. */
struct rect colour_bar_heat_room(const struct heat_plot *hp, struct rect in,
				 int label_w, int min_cols);

/* The bar beside the heat of hp drawn in `room` (colour_bar_heat_room of
 * `in`): a blank column right of the heat, then the bar over the heat's
 * rows, its labels label_w wide. Nothing when room leaves no bar. */
void colour_bar_beside_heat(struct canvas *c, const struct heat_plot *hp,
			    struct rect in, struct rect room, int label_w,
			    double scale, struct style st);

#endif
