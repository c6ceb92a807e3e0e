/* test_help.c - the '?' overlay (src/frame.c) on screens of several
 * widths: every key of the key table is on screen, the box stays whole, and
 * lines are cut (with an ellipsis) only when the screen is too narrow for
 * the columns the help needs. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "views/screen.h"
#include "model/keys.h"
#include "snap.h"
#include "model/state.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(help, .init = utf8_locale);

/* The screen with the help open, as text. */
static char *help_screen(int w, int h, struct canvas **out)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;
	struct canvas *c = canvas_new(w, h);

	cr_assert_not_null(c);
	fx_init(&s, &st);
	s.help = true;
	fx_draw(&s, c);
	*out = c;
	return snap(c);
}

/* Every row between the box's top and bottom ends in the right border: no
 * column ran over it. */
static void check_box_whole(const char *text, int w)
{
	const char *line = text;
	int boxed = 0;

	for (; *line; line = strchr(line, '\n') + 1) {
		const char *end = strchr(line, '\n');
		size_t len = (size_t)(end - line);

		if (len >= 3 && strncmp(line, "│", 3) == 0) {
			cr_expect(len >= 3 && strncmp(end - 3, "│", 3) == 0,
				  "a row of the box runs over its border at width %d: %.*s",
				  w, (int)len, line);
			boxed++;
		}
	}
	cr_expect_gt(boxed, 10, "the box has rows");
}

static void check_keys_shown(const char *text, int w)
{
	int n, views = keys_digit_views(views_catalog());
	const struct keybinding *t = keys_table(&n);
	char label[64];

	for (int i = 0; i < n; i++) {
		keys_label(&t[i], views, true, label, sizeof label);
		cr_expect_not_null(strstr(text, label),
				   "width %d: key \"%s\" is not on screen", w,
				   label);
	}
	cr_expect_not_null(strstr(text, "Commands"), "width %d", w);
}

Test(help, a_100_column_screen_shows_every_key)
{
	struct canvas *c;
	char *text = help_screen(100, 30, &c);

	check_keys_shown(text, 100);
	check_box_whole(text, 100);
	cr_expect_not_null(strstr(text, "…"), "long lines are cut, and say so");
	free(text);
	canvas_free(c);
}

Test(help, a_wide_screen_cuts_nothing)
{
	struct canvas *c;
	char *text = help_screen(200, 50, &c);

	check_keys_shown(text, 200);
	check_box_whole(text, 200);
	cr_expect_null(strstr(text, "…"), "nothing is cut when it fits");
	free(text);
	canvas_free(c);
}
