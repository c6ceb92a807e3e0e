/* heat_caption.h - the words under a labelled heatmap (render/heat.h):
 * what the marked cell row stands for, in the reader's language. Shared by
 * the views that show heatmaps (the explorer's heatmap panel, in its
 * title; layouts and bugs, under their plots). */
#ifndef HEAT_CAPTION_H
#define HEAT_CAPTION_H

#include <stdbool.h>
#include <stddef.h>

#include "render/heat.h"

/* What cell row y of a heat area h cells high over hp's window stands for,
 * in hp->lang, in at most w columns, into buf (n bytes): the pairs and the
 * kind of its two pixel rows, named by the function the encoding (with its
 * mistake) puts there. The longest of its forms that fits w, each whole:
 * "pairs 96–103: sin above, cos below", "sin above, cos below", "sin above
 * cos" (one word for it in every form), then the glyphs "▀ sin ▄ cos", "▀sin ▄cos" (interleaved bands;
 * words first, as a projected ▀ and ▄ look alike; ASCII ends in "sin/cos"
 * instead of the glyphs); "pairs 96–103, sin", "sin"
 * (both halves one kind); "dim 97: cos of pair 48", "dim 97: cos", "cos"
 * (one dimension). When not even the shortest fits, as much of it as
 * leaves a column for "…" ("+" in ASCII) after it, so a cut shows. Ranges
 * use an en dash in UTF-8. Returns buf. A heat_caption_fn (render/heat.h). */
char *heat_caption(const struct heat_plot *hp, int h, int y, int w, char *buf,
		   size_t n);

/* The columns of heat_caption's shortest whole form for that row. */
int heat_caption_min_width(const struct heat_plot *hp, int h, int y);

/* The names of a heatmap's axes, for a row under its heat area a (a box's
 * bottom border): " position →  dimension ↓ " (ASCII "position ->",
 * "dimension v"), followed by what a cell's mean hides when a wave shown
 * turns within a column's positions ("a cell is a mean: fast waves fade
 * to grey"), or "each cell: top half sin, bottom half cos " when that is
 * true of every cell row of a (interleaved bands, named as heat_caption
 * names them), else the shorter " pos →  dim ↓ ": the
 * longest of them whose width is at most room, in hp->lang; 0 when none
 * fits. Shared by every heatmap (the explorer's, layouts', bugs'). */
int heat_axis_names_width(const struct heat_plot *hp, struct rect a, int room);

/* Draws that form on row y from column x, for columns [x, x_end); returns
 * the columns drawn (0: none fits). */
int heat_axis_names_draw(struct canvas *c, const struct heat_plot *hp,
			 struct rect a, int x, int y, int x_end);

/* Why heat over window v of p, w columns wide, reads as white, as a
 * sentence in lang into buf (n bytes), and how to see the waves: with
 * `all` (every pixel near 0, the caller has looked), each column's mean
 * runs over more positions than the longest wavelength in view; without,
 * when two dimensions in three or more in view are of pairs whose
 * wavelength is shorter than a column's positions, "Mostly near 0: ...".
 * False (buf untouched) when it does not apply: fewer than 2 positions a
 * column, or (without all) too few such pairs. Shared by the explorer's
 * heatmap (over its heat) and the bugs view (its numbers). */
bool heat_white_why(const struct pe_params *p, const struct pe_window *v,
		    int w, bool all, enum lang lang, bool utf8, char *buf,
		    size_t n);

#endif
