/* view_explore.h - hit testing of the explorer's main view (its drawing is
 * explore_draw in views.h). */
#ifndef VIEW_EXPLORE_H
#define VIEW_EXPLORE_H

#include <stdbool.h>

#include "render/canvas.h"
#include "model/state.h"

/* What a click at (x, y) inside body r points at: the position, and the
 * dimension on the heatmap (else *dim = -1). False when it is on no plot. */
bool explore_hit(const struct state *s, struct rect r, int x, int y,
		 long long *pos, int *dim);

#endif
