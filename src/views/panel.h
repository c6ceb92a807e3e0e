/* panel.h - what every framed panel of a view is drawn with: its frame
 * (border, title, the inside it returns), the marks on its border (the
 * focus, what is left out), and the size tiers that choose what it shows,
 * as data.
 *
 * A panel draws its frame with panel_open and everything else inside the
 * rectangle it returns. What a panel shows at a size is a table of tiers
 * (struct tier), largest first, read by TIER: no file of views/ compares
 * a size with a bare number (make layers fails on one). Nothing is cut
 * without a visible mark: what a box leaves out is said on its lower
 * border (panel_more_mark). */
#ifndef PANEL_H
#define PANEL_H

#include <stddef.h>

#include "model/state.h"
#include "render/canvas.h"

/* The inside of panel r: one cell in from each side (w or h below 1 when
 * r has no inside). Layouts use it before the frame is drawn. */
struct rect panel_inside(struct rect r);

/* Draws the frame of panel r (border and, on its top border, the title,
 * or brief, when non-NULL, where title does not fit between the corners
 * with a blank either side) and returns panel_inside(r). The inside is
 * left as it was. */
struct rect panel_open(struct canvas *c, struct rect r, const char *title,
		       const char *brief);

/* Whether title fits on the top border of a panel w columns wide
 * (panel_open then draws it, not its brief). */
bool panel_title_fits(int w, const char *title);

/* The focused panel r of a view: its border in the focus colour and, at
 * the right of its top border, the key that zooms it or brings the others
 * back ("F: zoom", "F: back") when the border keeps `room` columns for
 * the panel's title besides it. A view marks its focused panel after
 * drawing them all: a focused panel may be several boxes (the bugs view's
 * maps) or stand in another's place (the rope view's designs). */
void panel_mark_focus(const struct state *s, struct canvas *c, struct rect r,
		      int room);

/* Text m, dimmed, right-aligned on box r's lower border, when it fits
 * between the corners. */
void panel_mark(struct canvas *c, struct rect r, const char *m);

/* What is left out of box r, on its lower border: N lines (nothing for
 * n <= 0), and how to see them. The box is panel `panel` of the view shown
 * (-1: no panel, or a view without zoom): " +N more: F zoom " when it is
 * the focused panel, " +N more: w, F zoom " when another one is (w moves
 * the focus on; W back, named when it gets there in fewer presses:
 * panel_focus_back), " +N more (taller screen) " when it cannot be zoomed
 * or already is; " +N " where the words do not fit. */
void panel_more_mark(const struct state *s, struct canvas *c, struct rect r,
		     int n, int panel);

/* Whether W (focus back) reaches panel `panel` of the view shown in fewer
 * presses than w. */
bool panel_focus_back(const struct state *s, int panel);

/* One size tier of a panel: from w x h cells up, it shows `show` (a count
 * of rows, a width, a layout, 1 for "shown": the panel's own meaning). */
struct tier {
	int w, h;
	int show;
};

/* The show of the first of the n tiers t[] that a w x h rectangle meets
 * (w >= t.w and h >= t.h); 0 when it meets none. Tables list their tiers
 * largest first. */
int tier_pick(const struct tier *t, size_t n, int w, int h);

#define TIER(t, w, h) tier_pick((t), sizeof(t) / sizeof *(t), (w), (h))

#endif
