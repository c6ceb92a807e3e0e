/* spectrum_matrix.h - the spectrum view's body on a loaded matrix
 * (state.matrix, not NULL): each dimension's dominant period from a DFT
 * along the positions, its periods kept in c (the view's context) once
 * computed. */
#ifndef SPECTRUM_MATRIX_H
#define SPECTRUM_MATRIX_H

#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"

void spectrum_matrix_draw(const struct state *s, struct cache *c,
			  struct canvas *cv, struct rect r);

#endif
