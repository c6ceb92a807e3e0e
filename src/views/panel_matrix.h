/* panel_matrix.h - the explorer's panels on a loaded matrix (state.matrix)
 * in place of the formula: waveforms of its columns, the cosine of its
 * rows, its values in the inspector. The panels of panels.h hand over to
 * these when a matrix is loaded; s->matrix must not be NULL. */
#ifndef PANEL_MATRIX_H
#define PANEL_MATRIX_H

#include <stdbool.h>

#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"

void matrix_waves_draw(const struct state *s, struct canvas *c, struct rect r);
/* The similarity curve is made in slices under the frame's budget, in
 * sc (zeroed at first, freed with cache_free): the last finished curve
 * shows until the new one is done (render/cache.h). */
void matrix_similarity_draw(const struct state *s, struct cache *sc,
			    struct canvas *c, struct rect r);
void matrix_inspector_draw(const struct state *s, struct canvas *c,
			   struct rect r);

/* What the heatmap's pixel under the crosshair stands for, in at most w
 * columns: "this pixel: the mean of M[96–105][0–30 every 2nd] = 0.0041"
 * (or "M[100][6] = -0.1188, one value"), else a shorter form; heat is the
 * heatmap's half-block area (two pixel rows a cell). Writes buf (n bytes)
 * and returns its width, 0 (buf empty) when no form fits or the
 * crosshair is outside the window. */
int matrix_heat_caption(const struct state *s, struct rect heat, int w,
			char *buf, size_t n);

/* What a click at (x, y) on the waves (waves true: on its own window) or
 * similarity panel r selects, as waves_hit does (panels.h). */
bool matrix_plot_hit(const struct state *s, struct rect r, bool waves,
		     int x, int y, long long *pos);

#endif
