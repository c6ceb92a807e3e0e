/* panel_drill.h - the interview drill drawn over the current view. */
#ifndef PANEL_DRILL_H
#define PANEL_DRILL_H

#include <stdbool.h>

#include "render/canvas.h"
#include "model/state.h"

/* Draws the drill's box for s->drill inside r (drill_panel_split's
 * rectangle), over whatever the view drew there: the question, its
 * options and the answer being typed (centred); the verdict and why, at
 * the top, above the view that shows the answer live; or the summary
 * (centred). Draws nothing when no
 * drill is on. Never draws outside r. */
void drill_panel_draw(const struct state *s, struct canvas *c, struct rect r);

/* Where the drill's box goes in the body: during a reveal, the rows at
 * the top of *body that its box takes (at most half of them), and *body
 * becomes the rest, where the view draws what the answer points to,
 * uncovered; otherwise the whole body, *body unchanged (the question and
 * the summary hide the view). The screen draws the view in *body and
 * passes the returned rectangle to drill_panel_draw. */
struct rect drill_panel_split(const struct state *s, struct rect *body);

/* True while the drill covers the whole body (a question waiting for its
 * answer, or the summary): the view under it would give the answer away,
 * so the frame need not draw it. */
bool drill_panel_hides_view(const struct state *s);

#endif
