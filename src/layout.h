/* layout.h - where each panel goes for a given screen size.
 *
 * Row 0 is the status bar and the last row the message / ':' line; the
 * panels share the rows between. Narrow screens stack the heatmap over the
 * waveform and similarity plots; wide ones (>= LAYOUT_WIDE_W columns) put the
 * heatmap and the similarity curve on the left and the waveforms on the
 * right. The inspector is a strip at the bottom of the panel area. */
#ifndef LAYOUT_H
#define LAYOUT_H

#include <stdbool.h>

#include "canvas.h"

enum { LAYOUT_MIN_W = 60, LAYOUT_MIN_H = 20, LAYOUT_WIDE_W = 150 };

struct layout {
	bool too_small;		/* below LAYOUT_MIN_W x LAYOUT_MIN_H */
	struct rect status;	/* top row */
	struct rect bottom;	/* last row: messages, ':' line, key hints */
	struct rect heatmap, waves, similarity, inspector;
};

/* Splits a w x h screen. When the screen is too small only too_small, status
 * and bottom are meaningful (the panels are empty rectangles). */
void layout_compute(int w, int h, struct layout *out);

#endif
