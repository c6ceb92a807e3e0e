/* layout.h - where things go for a given screen size.
 *
 * The screen: row 0 is the status bar, the last row the message / ':' line,
 * and the body between them belongs to the current view. The explorer's
 * body holds four panels: narrow screens stack the heatmap over the
 * waveform and similarity plots; wide ones (>= LAYOUT_WIDE_W columns) put
 * the heatmap and the similarity curve on the left and the waveforms on the
 * right. The inspector is a strip at the bottom of the body. */
#ifndef LAYOUT_H
#define LAYOUT_H

#include <stdbool.h>

#include "render/canvas.h"

enum { LAYOUT_MIN_W = 60, LAYOUT_MIN_H = 20, LAYOUT_WIDE_W = 150 };

struct screen_layout {
	bool too_small;		/* below LAYOUT_MIN_W x LAYOUT_MIN_H */
	struct rect status;	/* top row */
	struct rect body;	/* the view's rows (empty when too small) */
	struct rect bottom;	/* last row: messages, ':' line, key hints */
};

struct explore_layout {
	struct rect heatmap, waves, similarity, inspector;
};

/* Splits a w x h screen. */
void layout_screen(int w, int h, struct screen_layout *out);

/* Splits the explorer's body into its four panels. */
void layout_explore(struct rect body, struct explore_layout *out);

#endif
