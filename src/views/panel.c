/* panel.c - the frame of a panel, the marks on its border and its size
 * tiers (see panel.h). */
#include "views/panel.h"

#include <stdio.h>

#include "base/tr.h"
#include "base/utf8.h"
#include "model/catalog.h"

/* The columns of a box's top border that its corners and the blanks
 * around a title take. */
enum { TITLE_PAD = 4 };

/* Marks on a border: from 2 x 2 (a box with a border), and with a corner
 * either side of the mark; " +N more ..." where it leaves 2 columns more,
 * else " +N ". */
static const struct tier bordered[] = { { 2, 2, 1 } };
static const struct tier mark_room[] = { { 0, 2, 1 } };
static const struct tier words_room[] = { { 4, 0, 1 } };

struct rect panel_inside(struct rect r)
{
	return (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
}

/* The title of a box w columns wide: title when it fits between the
 * corners with a blank either side, else brief (when non-NULL). */
static const char *panel_title(int w, const char *title, const char *brief)
{
	return brief && !panel_title_fits(w, title) ? brief : title;
}

bool panel_title_fits(int w, const char *title)
{
	return utf8_width(title) <= w - TITLE_PAD;
}

struct rect panel_open(struct canvas *c, struct rect r, const char *title,
		       const char *brief)
{
	canvas_box(c, r, panel_title(r.w, title, brief),
		   (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD });
	return panel_inside(r);
}

int tier_pick(const struct tier *t, size_t n, int w, int h)
{
	for (size_t i = 0; i < n; i++)
		if (w >= t[i].w && h >= t[i].h)
			return t[i].show;
	return 0;
}

void panel_mark_focus(const struct state *s, struct canvas *c, struct rect r,
		      int room)
{
	const char *hint = s->zoomed ? tr(s->lang, " F: back ")
				     : tr(s->lang, " F: zoom ");
	int w = utf8_width(hint);

	if (!TIER(bordered, r.w, r.h))
		return;
	for (int x = r.x; x < r.x + r.w; x++) {
		canvas_recolor(c, x, r.y, ROLE_FOCUS);
		canvas_recolor(c, x, r.y + r.h - 1, ROLE_FOCUS);
	}
	for (int y = r.y; y < r.y + r.h; y++) {
		canvas_recolor(c, r.x, y, ROLE_FOCUS);
		canvas_recolor(c, r.x + r.w - 1, y, ROLE_FOCUS);
	}
	if (r.w >= w + room)
		canvas_text(c, r.x + r.w - 2 - w, r.y, w, hint,
			    (struct style){ ROLE_FOCUS, ROLE_DEFAULT, ATTR_BOLD });
}

void panel_mark(struct canvas *c, struct rect r, const char *m)
{
	int w = utf8_width(m);

	if (TIER(mark_room, r.w - 2 - w, r.h))
		canvas_text(c, r.x + r.w - 1 - w, r.y + r.h - 1, w, m,
			    (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
}

bool panel_focus_back(const struct state *s, int panel)
{
	int n = state_view(s)->npanels;

	/* W reaches it in fewer presses than w */
	return n > 0 && (s->panel - panel + n) % n < (panel - s->panel + n) % n;
}

void panel_more_mark(const struct state *s, struct canvas *c, struct rect r,
		     int n, int panel)
{
	char m[64];

	if (n <= 0)
		return;
	if (panel < 0 || s->zoomed)
		snprintf(m, sizeof m, tr(s->lang, " +%d more (taller screen) "),
			 n);
	else if (panel == s->panel)
		snprintf(m, sizeof m, tr(s->lang, " +%d more: F zoom "), n);
	else if (panel_focus_back(s, panel))
		snprintf(m, sizeof m, tr(s->lang, " +%d more: W, F zoom "), n);
	else
		snprintf(m, sizeof m, tr(s->lang, " +%d more: w, F zoom "), n);
	if (!TIER(words_room, r.w - utf8_width(m), r.h))
		snprintf(m, sizeof m, " +%d ", n);
	panel_mark(c, r, m);
}
