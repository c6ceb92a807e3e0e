/* regions.h - where things go for a given screen size.
 *
 * The screen: row 0 is the status bar, the last row the message / ':' line,
 * and the body between them belongs to the current view; in presenter mode
 * the row above the last is the key echo's own, so it covers nothing. The explorer's
 * body holds four panels: narrow screens stack the heatmap over the
 * waveform and similarity plots; wide ones (>= SCREEN_WIDE_W columns) put
 * the heatmap and the similarity curve on the left and the waveforms on the
 * right. The inspector is a strip at the bottom of the body. */
#ifndef REGIONS_H
#define REGIONS_H

#include <stdbool.h>

#include "render/canvas.h"

enum { SCREEN_MIN_W = 60, SCREEN_MIN_H = 20, SCREEN_WIDE_W = 150 };

struct screen_regions {
	bool too_small;		/* below SCREEN_MIN_W x SCREEN_MIN_H */
	struct rect status;	/* top row */
	struct rect body;	/* the view's rows (empty when too small) */
	struct rect bottom;	/* last row: messages, ':' line, key hints */
	struct rect echo;	/* the presenter's key echo, or empty */
};

struct explore_regions {
	struct rect heatmap, waves, similarity, inspector;
};

/* Splits a w x h screen; with `echo`, the body leaves a row for the key
 * echo. */
void regions_screen(int w, int h, bool echo, struct screen_regions *out);

/* Splits the explorer's body into its four panels; `roomy` (presenter
 * mode) gives the plots the rows of a smaller inspector (its formula and
 * frequency lines only). */
void regions_explore(struct rect body, bool roomy, struct explore_regions *out);

#endif
