/* panel.h - what every framed panel of a view is drawn with: its frame
 * (border, title, the inside it returns) and the size tiers that choose
 * what it shows, as data.
 *
 * A panel draws its frame with panel_open and everything else inside the
 * rectangle it returns. What a panel shows at a size is a table of tiers
 * (struct tier), largest first, read by TIER: no panel compares a size
 * with a bare number. */
#ifndef PANEL_H
#define PANEL_H

#include <stddef.h>

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
