/* frame.h - one whole screen: status bar, panels, bottom line, overlays.
 *
 * The same function draws for the terminal, snapshots and benchmarks, so
 * what the tests see is what the user sees. Mouse events are mapped back to
 * actions here too, because only the layout knows what is where. */
#ifndef FRAME_H
#define FRAME_H

#include "render/canvas.h"
#include "model/state.h"

/* Draws the screen for s over the whole canvas c. */
void frame_draw(const struct state *s, struct canvas *c);

/* The action for a left click at cell (x, y) of a w x h screen: selects the
 * position (and, on the heatmap, the dimension) under the pointer; ACT_NONE
 * elsewhere. */
struct action frame_click(const struct state *s, int w, int h, int x, int y);

/* The action for a wheel turn (dir > 0: away from the user, zoom in) at
 * (x, y): zooms the heatmap around the pointer when it is over a plot whose
 * axis is position, else around the crosshair. */
struct action frame_wheel(const struct state *s, int w, int h, int x, int y,
			  int dir);

#endif
