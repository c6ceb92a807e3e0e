/* view_layouts.c - SCAFFOLD: replaced by the real view. */
#include "views.h"

void layouts_draw(const struct state *s, struct canvas *c, struct rect r)
{
	(void)s;
	canvas_box(c, r, "layouts (being written)", (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
}
