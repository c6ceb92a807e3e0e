/* panel_focus.c - the mark of the focused panel (see panels.h). */
#include "views/panels.h"

#include "base/tr.h"
#include "base/utf8.h"

void panel_mark_focus(const struct state *s, struct canvas *c, struct rect r,
		      int room)
{
	const char *hint = s->zoomed ? tr(s->lang, " F: back ")
				     : tr(s->lang, " F: zoom ");
	int w = utf8_width(hint);

	if (r.w < 2 || r.h < 2)
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
