/* screen.h - one whole screen: status bar, the view shown, bottom line,
 * overlays; and what the mouse points at.
 *
 * The same function draws for the terminal, snapshots, exports, scripts
 * and benchmarks, so what the tests see is what the user sees. A screen
 * owns every view's context (its caches, kept between frames): the state
 * stays plain data and every draw takes it as const. */
#ifndef SCREEN_H
#define SCREEN_H

#include "model/action.h"
#include "model/catalog.h"
#include "model/state.h"
#include "render/canvas.h"

struct screen;

/* A screen for the views of cat, every context zeroed; NULL when memory
 * runs out. */
struct screen *screen_new(const struct catalog *cat);

/* Frees the contexts and the screen (NULL is fine). */
void screen_free(struct screen *sc);

/* Empties every context, as screen_new made them: each view's caches and
 * jobs are freed and start again on the next draw. What the app does
 * before the matrix a state shows (state.matrix) is replaced or freed:
 * the caches know it by its address, and their jobs read its pages. */
void screen_forget(struct screen *sc);

/* Draws the screen for s (whose catalog must be the screen's) over the
 * whole canvas c. */
void screen_draw(struct screen *sc, const struct state *s, struct canvas *c);

/* The action for a left click at cell (x, y) of a w x h screen: selects the
 * position (and, on a heatmap, the dimension) under the pointer and
 * focuses the panel it is in; on a panel off its plots, only focuses it;
 * ACT_NONE elsewhere. */
struct action screen_click(struct screen *sc, const struct state *s, int w,
			   int h, int x, int y);

/* The action for a wheel turn (dir > 0: away from the user, zoom in) at
 * (x, y): zooms the heatmap around the pointer when it is over a plot whose
 * axis is position, else around the crosshair. */
struct action screen_wheel(struct screen *sc, const struct state *s, int w,
			   int h, int x, int y, int dir);

#endif
