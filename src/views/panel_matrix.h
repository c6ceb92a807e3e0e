/* panel_matrix.h - the explorer's panels on a loaded matrix (state.matrix)
 * in place of the formula: waveforms of its columns, the cosine of its
 * rows, its values in the inspector. The panels of panels.h hand over to
 * these when a matrix is loaded; s->matrix must not be NULL. */
#ifndef PANEL_MATRIX_H
#define PANEL_MATRIX_H

#include <stdbool.h>

#include "model/state.h"
#include "render/canvas.h"

void matrix_waves_draw(const struct state *s, struct canvas *c, struct rect r);
void matrix_similarity_draw(const struct state *s, struct canvas *c,
			    struct rect r);
void matrix_inspector_draw(const struct state *s, struct canvas *c,
			   struct rect r);

/* What a click at (x, y) on the waves or similarity panel r selects, as
 * waves_hit does (panels.h). */
bool matrix_plot_hit(const struct state *s, struct rect r, int x, int y,
		     long long *pos);

#endif
