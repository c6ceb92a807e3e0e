/* view_spectrum.c - SCAFFOLD: replaced by the real view. */
#include "views.h"

void spectrum_draw(const struct state *s, struct canvas *c, struct rect r)
{
	(void)s;
	canvas_box(c, r, "spectrum (being written)", (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
}
