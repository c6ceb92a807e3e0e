/* views.h - the screens besides the explorer's main one, as a table.
 *
 * Every view draws the body of the screen (between the status bar and the
 * bottom line) from the state, like a panel; frame.c picks the one named by
 * state.view_id. A view's knobs (state.knobs) are turned by two key pairs
 * whose meaning the table gives, so the help overlay and the bottom line can
 * say what they do in this view. */
#ifndef VIEWS_H
#define VIEWS_H

#include "render/canvas.h"
#include "model/state.h"

struct view_info {
	const char *name;	/* for --view and :view */
	const char *title;	/* one line: what it shows */
	const char *knob_a;	/* what x/X change here, or NULL */
	const char *knob_b;	/* what c/C change here, or NULL */
	void (*draw)(const struct state *s, struct canvas *c, struct rect r);
};

/* The view with id (0 <= id < VIEW_COUNT). */
const struct view_info *views_get(enum view_id id);

/* The id of the view called name, or -1. */
int views_find(const char *name);

/* The body of each view (r: the rows between status bar and bottom line). */
void explore_draw(const struct state *s, struct canvas *c, struct rect r);
void spectrum_draw(const struct state *s, struct canvas *c, struct rect r);
void clocks_draw(const struct state *s, struct canvas *c, struct rect r);
void bands_draw(const struct state *s, struct canvas *c, struct rect r);
void layouts_draw(const struct state *s, struct canvas *c, struct rect r);
void context_draw(const struct state *s, struct canvas *c, struct rect r);
void bugs_draw(const struct state *s, struct canvas *c, struct rect r);
void vector_draw(const struct state *s, struct canvas *c, struct rect r);

#endif
