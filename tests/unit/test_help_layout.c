/* test_help_layout.c - the '?' overlay has one layout rule for every
 * view: as many columns as the width allows, as few of them as hold the
 * help, and when even the most do not, those columns scroll together (the
 * attention view's help scrolled in one column at 120x40, 60% of the box
 * empty, while explore's stood in two). Wrapped rows are indented, and
 * every scroll press moves. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/utf8.h"
#include "model/help.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(help_layout, .init = utf8_locale);

static struct state help_state(int v, int w, int h, enum lang lang)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;

	fx_init(&s, &st);
	s.lang = lang;
	state_set_view(&s, v);
	state_set_screen(&s, w, h);
	s.help = true;
	return s;
}

static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 },
				{ 160, 50 }, { 200, 60 } };
enum { NSIZES = sizeof sizes / sizeof sizes[0] };

/* The columns a width of w holds: (w - 2) / 40, 1 .. 4. */
static int most_columns(int w)
{
	int n = (w - 2) / HELP_COL_MIN;

	return n < 1 ? 1 : n > HELP_COLS_MAX ? HELP_COLS_MAX : n;
}

Test(help_layout, a_help_that_scrolls_uses_every_column_the_width_allows)
{
	int scrolled = 0;

	for (int z = 0; z < NSIZES; z++)
		for (int lang = 0; lang < LANG_COUNT; lang++)
			for (int v = 0; v < VIEW_COUNT; v++) {
				int w = sizes[z][0], h = sizes[z][1];
				struct state s = help_state(v, w, h,
							    (enum lang)lang);
				struct help_layout l;

				help_layout(&s, w, h, &l);
				cr_expect_leq(l.cols, most_columns(w));
				if (!l.scrolls)
					continue;
				cr_expect_eq(l.cols, most_columns(w),
					     "view %d %dx%d lang %d: %d columns, "
					     "%d fit", v, w, h, lang, l.cols,
					     most_columns(w));
				scrolled++;
			}
	cr_expect_gt(scrolled, VIEW_COUNT, "scrolling layouts were checked");
}

/* Where the help fits in fewer columns, it takes the fewest: no view's
 * help is spread thinner than it needs. */
Test(help_layout, a_help_that_fits_takes_the_fewest_columns)
{
	static struct help_row rows[HELP_ROWS_MAX];

	for (int z = 0; z < NSIZES; z++)
		for (int v = 0; v < VIEW_COUNT; v++) {
			int w = sizes[z][0], h = sizes[z][1];
			struct state s = help_state(v, w, h, LANG_EN);
			struct help_layout l;
			int fewer, n;

			help_layout(&s, w, h, &l);
			if (l.scrolls || l.cols == 1)
				continue;
			fewer = l.cols - 1;
			/* With one column less, even one row a column more
			 * than the box's height could not hold the rows. */
			n = help_rows(&s, (w - 2) / fewer - 1, rows,
				      HELP_ROWS_MAX);
			cr_expect_gt(n, fewer * (h - 4),
				     "view %d %dx%d: %d rows fit %d columns", v,
				     w, h, n, fewer);
		}
}

/* Drawn: the attention view's help at 120x40 fills the box's right half
 * as it fills the left (it was blank beside one column). */
Test(help_layout, attention_at_120x40_fills_both_halves)
{
	int v = -1;

	for (int i = 0; i < VIEW_COUNT; i++)
		if (strcmp(views_catalog()->view[i]->name, "attention") == 0)
			v = i;
	cr_assert_geq(v, 0);
	struct state s = help_state(v, 120, 40, LANG_EN);
	char *text = fx_text(&s, 120, 40), *line = text;
	int rows = 0, right = 0;

	for (int y = 0; line && *line; y++) {
		char *end = strchr(line, '\n');
		size_t cut = utf8_cut(line, 61);
		/* The rows inside the box: "│...│". */
		if (strncmp(line, "│", 3) == 0) {
			rows++;
			for (const char *p = line + cut; end && p < end - 3; p++)
				if (*p != ' ') {
					right++;
					break;
				}
		}
		line = end ? end + 1 : NULL;
	}
	cr_expect_gt(rows, 30, "the box has its rows");
	cr_expect_gt(right, rows * 3 / 4, "%d of %d rows have text in the "
		     "right half:\n%s", right, rows, text);
	free(text);
}

/* A row that continues an entry (or a heading) starts with two blanks at
 * least, at every column width the layouts use. */
Test(help_layout, wrapped_rows_are_indented)
{
	static struct help_row rows[HELP_ROWS_MAX];
	int conts = 0;

	for (int lang = 0; lang < LANG_COUNT; lang++)
		for (int v = 0; v < VIEW_COUNT; v++)
			for (int width = HELP_COL_MIN - 1; width <= 120; width++) {
				struct state s = help_state(v, 160, 50,
							    (enum lang)lang);
				int n = help_rows(&s, width, rows, HELP_ROWS_MAX);

				for (int i = 0; i < n; i++) {
					if (!rows[i].cont)
						continue;
					conts++;
					cr_expect(strncmp(rows[i].text, "  ", 2) == 0,
						  "width %d: \"%s\" (after \"%s\")",
						  width, rows[i].text,
						  rows[i - 1].text);
				}
			}
	cr_expect_gt(conts, 100, "continuations were checked");
}

/* Down moves the help every press until its end, in one or more columns,
 * and a window never starts inside an entry. */
Test(help_layout, every_press_moves_and_windows_start_with_an_entry)
{
	static struct help_row rows[HELP_ROWS_MAX];

	for (int z = 0; z < NSIZES; z++)
		for (int v = 0; v < VIEW_COUNT; v++) {
			int w = sizes[z][0], h = sizes[z][1];
			struct state s = help_state(v, w, h, LANG_EN);
			int max = help_scroll_max(&s), presses = 0;
			struct help_layout l;

			help_layout(&s, w, h, &l);
			help_rows(&s, l.col_w - 1, rows, HELP_ROWS_MAX);
			while (s.help_top < max && presses < HELP_ROWS_MAX) {
				int before = s.help_top;

				fx_press(&s, PK_DOWN);
				cr_expect_gt(s.help_top, before, "view %d %dx%d: "
					     "Down at %d", v, w, h, before);
				cr_expect(!rows[s.help_top].cont,
					  "view %d %dx%d: starts inside an "
					  "entry at %d", v, w, h, s.help_top);
				presses++;
			}
			cr_expect_eq(s.help_top, max);
			help_layout(&s, w, h, &l);
			cr_expect_eq(l.start[l.cols], l.nrows,
				     "view %d %dx%d: the end shows whole", v, w, h);
		}
}
