/* headless.h - what the modes that draw without a terminal share
 * (--snapshot, --export, --keys): the screen a run starts from, and how its
 * text is written for the locale and --color. */
#ifndef HEADLESS_H
#define HEADLESS_H

#include <stdbool.h>

#include "app/cli.h"
#include "model/lesson.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "model/state.h"
#include "views/screen.h"

/* True when the locale's character set is UTF-8 (then text is written in
 * UTF-8; otherwise in ASCII). */
bool headless_utf8(void);

/* The colour of text written to standard output: for --color always, or
 * for auto when standard output is a terminal and NO_COLOR is unset or
 * empty, the depth --colors names (256 colours when not given); none
 * otherwise. */
enum color_mode headless_color(const struct options *opt);

/* Sets s to the screen the options ask for, a lesson's step included
 * (loading the lessons into *book, which the caller frees with
 * lesson_book_free). Returns 0, or the exit status after a message. */
int headless_start(const struct options *opt, struct state *s,
		   struct lesson_book *book);

/* One headless screen: the state headless_start sets, its lessons, and a
 * canvas of the options' size with the screen that draws into it. */
struct headless_run {
	struct state s;
	struct lesson_book book;
	struct canvas *c;
	struct screen *sc;
};

/* Makes h for the options: 0, or the exit status after a message (71 when
 * memory runs out); h is to be closed either way. */
int headless_open(const struct options *opt, struct headless_run *h);

/* Frees what headless_open made. */
void headless_close(struct headless_run *h);

#endif
