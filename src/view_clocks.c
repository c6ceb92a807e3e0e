/* view_clocks.c - SCAFFOLD: replaced by the real view. */
#include "views.h"

void clocks_draw(const struct state *s, struct canvas *c, struct rect r)
{
	(void)s;
	canvas_box(c, r, "clocks (being written)", (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
}
