/* headless.c - shared set-up of the modes that draw without a terminal. */
#include "app/headless.h"
#include "app/say.h"
#include "base/tr.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/lesson_mode.h"
#include "app/session.h"
#include "views/views.h"

bool headless_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && strcmp(cs, "UTF-8") == 0;
}

enum color_mode headless_color(const struct options *opt)
{
	const char *nc = getenv("NO_COLOR");
	enum color_mode depth = opt->colors == TERM_DEPTH_AUTO
				? COLOR_256 : (enum color_mode)opt->colors;

	if (opt->color == COLOR_CHOICE_ALWAYS)
		return depth;
	if (opt->color == COLOR_CHOICE_AUTO && isatty(STDOUT_FILENO) &&
	    !(nc && *nc))
		return depth;
	return COLOR_NONE;
}

int headless_start(const struct options *opt, struct state *s,
		   struct lesson_book *book)
{
	int rc = lesson_mode_load(opt, false, book);

	if (rc != 0)
		return rc;
	session_init(s, opt);
	state_set_screen(s, opt->width, opt->height);
	lesson_mode_start(opt, s, book);
	return 0;
}

int headless_open(const struct options *opt, struct headless_run *h)
{
	h->c = canvas_new(opt->width, opt->height);
	h->sc = screen_new(views_catalog());
	memset(&h->book, 0, sizeof h->book);
	if (!h->c || !h->sc) {
		say("%s", tr((enum lang)opt->lang, "out of memory"));
		return 71;
	}
	return headless_start(opt, &h->s, &h->book);
}

void headless_close(struct headless_run *h)
{
	lesson_book_free(&h->book);
	canvas_free(h->c);
	screen_free(h->sc);
}
