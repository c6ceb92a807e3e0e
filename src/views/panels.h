/* panels.h - the explorer's panels. Each draws one part of the screen from
 * the state into a rectangle of the canvas, and never outside it. Panels are
 * pure functions of (state, rectangle) and of the cache they are handed,
 * which their view's context owns (views/screen.h): no I/O, no terminal, no
 * globals.
 *
 * The *_hit functions map a cell inside the panel's rectangle back to what it
 * shows, for mouse clicks: they return false when (x, y) is not on the plot. */
#ifndef PANELS_H
#define PANELS_H

#include <stdbool.h>

#include "model/state.h"
#include "render/canvas.h"
#include "render/heat.h"

/* The encoding matrix as a heatmap: positions across, dimensions down;
 * its pixels are kept in hc between frames. */
void heatmap_draw(const struct state *s, struct heat_cache *hc,
		  struct canvas *c, struct rect r);
bool heatmap_hit(const struct state *s, struct rect r, int x, int y,
		 long long *pos, int *dim);

/* PE(., dim) against position for the selected pair and a stack of pairs
 * spread across the range, over the visible positions. */
void waves_draw(const struct state *s, struct canvas *c, struct rect r);
bool waves_hit(const struct state *s, struct rect r, int x, int y,
	       long long *pos);

/* The samples of the similarity curve, kept between frames (private to
 * panel_similarity.c; made on first use). */
struct sim_cache;

/* Cosine similarity of PE(pos) with PE(q) for q over the visible positions;
 * *sc is made on first use (nothing is drawn when memory runs out). */
void similarity_draw(const struct state *s, struct sim_cache **sc,
		     struct canvas *c, struct rect r);
bool similarity_hit(const struct state *s, struct rect r, int x, int y,
		    long long *pos);

/* Frees a similarity cache (NULL is fine). */
void similarity_free(struct sim_cache *sc);

/* The formula with the current numbers, omega, wavelength, norm, layout,
 * in a box; a 1-row r shows the formula line alone, without one. */
void inspector_draw(const struct state *s, struct canvas *c, struct rect r);

#endif
