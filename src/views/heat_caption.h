/* heat_caption.h - the words under a labelled heatmap (render/heat.h):
 * what the marked cell row stands for, in the reader's language. Shared by
 * the views that show heatmaps (the explorer's heatmap panel, in its
 * title; layouts and bugs, under their plots). */
#ifndef HEAT_CAPTION_H
#define HEAT_CAPTION_H

#include <stddef.h>

#include "render/heat.h"

/* What cell row y of a heat area h cells high over hp's window stands for,
 * in hp->lang, into buf (n bytes; cut to fit): the pairs and the kind of
 * its two pixel rows, named by the function the encoding (with its
 * mistake) puts there, e.g. "pairs 96-103: ▀ sin ▄ cos" (interleaved
 * bands; ASCII: "sin above, cos below"), "pairs 96-103, sin" (both halves
 * one kind), "dim 97: cos of pair 48" (one dimension). Ranges use an en
 * dash in UTF-8. Returns buf. A heat_caption_fn (render/heat.h). */
char *heat_caption(const struct heat_plot *hp, int h, int y, char *buf,
		   size_t n);

#endif
