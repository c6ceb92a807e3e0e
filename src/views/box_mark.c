/* box_mark.c - marks on a box's lower border (see box_mark.h). */
#include "views/box_mark.h"

#include <stdio.h>

#include "base/tr.h"
#include "base/utf8.h"
#include "model/catalog.h"

void box_mark(struct canvas *c, struct rect r, const char *m)
{
	int w = utf8_width(m);

	if (r.h >= 2 && w <= r.w - 2)
		canvas_text(c, r.x + r.w - 1 - w, r.y + r.h - 1, w, m,
			    (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
}

bool box_focus_back(const struct state *s, int panel)
{
	int n = state_view(s)->npanels;

	/* W reaches it in fewer presses than w */
	return n > 0 && (s->panel - panel + n) % n < (panel - s->panel + n) % n;
}

void box_more_mark(const struct state *s, struct canvas *c, struct rect r,
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
	else if (box_focus_back(s, panel))
		snprintf(m, sizeof m, tr(s->lang, " +%d more: W, F zoom "), n);
	else
		snprintf(m, sizeof m, tr(s->lang, " +%d more: w, F zoom "), n);
	if (utf8_width(m) > r.w - 4)
		snprintf(m, sizeof m, " +%d ", n);
	box_mark(c, r, m);
}
