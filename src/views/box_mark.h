/* box_mark.h - what a framed box leaves out, said on its lower border: the
 * context and bugs views' "+N more (taller screen)" (views/README rule:
 * nothing is cut without a visible mark). */
#ifndef BOX_MARK_H
#define BOX_MARK_H

#include "model/state.h"
#include "render/canvas.h"

/* Text m, dimmed, right-aligned on box r's lower border, when it fits
 * between the corners. */
void box_mark(struct canvas *c, struct rect r, const char *m);

/* " +N more (taller screen) " there (" +N " where that does not fit): N
 * lines of the box left out. Nothing for n <= 0. */
void box_more_mark(const struct state *s, struct canvas *c, struct rect r,
		   int n);

#endif
