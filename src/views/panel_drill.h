/* panel_drill.h - the interview drill drawn over the current view. */
#ifndef PANEL_DRILL_H
#define PANEL_DRILL_H

#include <stdbool.h>

#include "render/canvas.h"
#include "model/state.h"

/* Draws the drill's box for s->drill inside the body rectangle r, over
 * whatever the view drew there: the question, its options and the answer
 * being typed (centred); the verdict and why, at the top so the view under
 * it shows the answer live; or the summary (centred). Draws nothing when no
 * drill is on. Never draws outside r. */
void drill_panel_draw(const struct state *s, struct canvas *c, struct rect r);

/* True while the drill covers the whole body (a question waiting for its
 * answer, or the summary): the view under it would give the answer away,
 * so the frame need not draw it. */
bool drill_panel_hides_view(const struct state *s);

#endif
