/* view_bugs.c - SCAFFOLD: replaced by the real view. */
#include "views.h"

void bugs_draw(const struct state *s, struct canvas *c, struct rect r)
{
	(void)s;
	canvas_box(c, r, "bugs (being written)", (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
}
