/* panel.c - the frame of a panel and its size tiers (see panel.h). */
#include "views/panel.h"

#include "base/utf8.h"

/* The columns of a box's top border that its corners and the blanks
 * around a title take. */
enum { TITLE_PAD = 4 };

struct rect panel_inside(struct rect r)
{
	return (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
}

/* The title of a box w columns wide: title when it fits between the
 * corners with a blank either side, else brief (when non-NULL). */
static const char *panel_title(int w, const char *title, const char *brief)
{
	return brief && utf8_width(title) > w - TITLE_PAD ? brief : title;
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
