/* box_mark.h - what a framed box leaves out, said on its lower border: the
 * context and bugs views' "+N more: F zoom" (views/README rule:
 * nothing is cut without a visible mark). */
#ifndef BOX_MARK_H
#define BOX_MARK_H

#include "model/state.h"
#include "render/canvas.h"

/* Text m, dimmed, right-aligned on box r's lower border, when it fits
 * between the corners. */
void box_mark(struct canvas *c, struct rect r, const char *m);

/* What is left out of box r, on its lower border: N lines (nothing for
 * n <= 0), and how to see them. The box is panel `panel` of the view shown
 * (-1: no panel, or a view without zoom): " +N more: F zoom " when it is
 * the focused panel, " +N more: w, F zoom " when another one is (w moves
 * the focus on; W back, named when it gets there in fewer presses:
 * box_focus_back), " +N more (taller screen) " when it cannot be zoomed or
 * already is; " +N " where the words do not fit. */
void box_more_mark(const struct state *s, struct canvas *c, struct rect r,
		   int n, int panel);

/* Whether W (focus back) reaches panel `panel` of the view shown in fewer
 * presses than w. */
bool box_focus_back(const struct state *s, int panel);

#endif
