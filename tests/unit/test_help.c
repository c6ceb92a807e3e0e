/* test_help.c - the '?' overlay (views/screen.c, model/help.c) on screens
 * of several widths and languages: every key of the key table and every
 * description can be read whole, side by side where they fit and in one
 * scrolling column where they do not (80 columns and less always), the
 * box stays whole and takes the whole width, and the scroll keys stop at
 * the ends without dead presses. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "model/help.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "model/keys.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(help, .init = utf8_locale);

static struct state help_state(int w, int h, enum lang lang)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;

	fx_init(&s, &st);
	s.lang = lang;
	state_set_screen(&s, w, h);
	s.help = true;
	return s;
}

/* Every row of the box runs from column 0 to the last: the box has the
 * whole width, so no panel border shows beside it, and no row ran over. */
static void check_box_whole(const char *text, int w)
{
	const char *line = strstr(text, "┌ Help");
	int boxed = 0;

	if (!line)
		line = strstr(text, "┌ 帮助");
	cr_assert_not_null(line, "%dx: the help's title row", w);
	cr_expect(line == text || line[-1] == '\n',
		  "width %d: the box starts in column 0", w);
	for (line = strchr(line, '\n') + 1; *line && strncmp(line, "└", 3) != 0;
	     line = strchr(line, '\n') + 1) {
		const char *end = strchr(line, '\n');

		cr_expect(strncmp(line, "│", 3) == 0 &&
			  strncmp(end - 3, "│", 3) == 0,
			  "width %d: a row is not inside the box: %.*s", w,
			  (int)(end - line), line);
		boxed++;
	}
	cr_expect_gt(boxed, 10, "width %d: the box has rows", w);
}

/* What the help of s shows over all its scroll positions. */
static char *all_pages(struct state *s, int w, int h)
{
	size_t cap = 1 << 20, len = 0;
	char *all = calloc(1, cap);
	int last = -1;

	cr_assert_not_null(all);
	fx_press(s, PK_HOME);
	while (s->help_top != last) {
		char *page = fx_text(s, w, h);
		size_t n = strlen(page);

		cr_assert(len + n + 1 < cap);
		memcpy(all + len, page, n + 1);
		len += n;
		free(page);
		last = s->help_top;
		fx_press(s, PK_PGDN);
	}
	return all;
}

static void check_everything_readable(enum lang lang, int w, int h)
{
	struct state s = help_state(w, h, lang);
	char *all = all_pages(&s, w, h), *first = fx_text(&s, w, h);
	int n, views = keys_digit_views(views_catalog());
	const struct keybinding *t = keys_table(&n);
	char label[64], buf[256];

	for (int i = 0; i < n; i++) {
		const char *what = keys_text(&t[i], views_catalog(), lang, buf,
					     sizeof buf);
		size_t len = strlen(what);
		char head[24];

		keys_label(&t[i], views, true, label, sizeof label);
		cr_expect_not_null(strstr(all, label), "%dx%d: key %s", w, h,
				   label);
		/* The start of every description shows (a long one goes on
		 * on the next row, whole). */
		snprintf(head, sizeof head, "%.*s",
			 (int)utf8_cut(what, len < 12 ? len : 12), what);
		cr_expect_not_null(strstr(all, head), "%dx%d: \"%s\"", w, h, head);
	}
	cr_expect_null(strstr(all, "…"), "%dx%d: nothing is cut", w, h);
	check_box_whole(first, w);
	free(first);
	free(all);
}

Test(help, every_size_shows_every_key_and_description_whole)
{
	static const int sizes[][2] = {
		{ 60, 20 }, { 80, 24 }, { 81, 30 }, { 83, 30 }, { 100, 30 },
		{ 101, 30 }, { 120, 40 }, { 121, 40 }, { 160, 50 }, { 200, 50 },
	};

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		check_everything_readable(LANG_EN, sizes[i][0], sizes[i][1]);
		check_everything_readable(LANG_ZH, sizes[i][0], sizes[i][1]);
	}
}

Test(help, narrow_screens_scroll_one_column)
{
	struct state s = help_state(80, 24, LANG_EN);
	struct help_layout l;
	int max;

	help_layout(&s, 80, 24, &l);
	cr_assert(l.scrolls && l.cols == 1);
	max = help_scroll_max(&s);
	cr_assert_gt(max, 0, "80x24 has more rows than it shows");
	fx_press(&s, PK_DOWN);
	cr_expect_eq(s.help_top, 1);
	fx_press(&s, PK_END);
	cr_expect_eq(s.help_top, max);
	fx_press(&s, PK_DOWN);
	cr_expect_eq(s.help_top, max, "Down at the end stays");
	fx_press(&s, PK_UP);
	cr_expect_eq(s.help_top, max - 1, "and Up moves at once");
	fx_press(&s, PK_HOME);
	cr_expect_eq(s.help_top, 0);
	fx_press(&s, PK_PGDN);
	/* a page keeps a row of context, or more where the row a page
	 * would start on continues an entry (a window starts with one) */
	cr_expect(s.help_top > l.per_col / 2 && s.help_top <= l.per_col - 1,
		  "a page keeps a row of context: top %d of %d rows",
		  s.help_top, l.per_col);
	fx_press(&s, '?');
	cr_expect(!s.help);
	fx_press(&s, '?');
	cr_expect_eq(s.help_top, 0, "the help opens at its top");
	cr_expect(state_valid(&s));
}

Test(help, the_title_says_where_the_scroll_is)
{
	struct state s = help_state(80, 24, LANG_EN);
	char *text, want[64];

	fx_press(&s, PK_PGDN);
	cr_assert_gt(s.help_top, 0);
	text = fx_text(&s, 80, 24);
	snprintf(want, sizeof want, "Help %d-%d of ", s.help_top + 1,
		 s.help_top + 20);
	cr_expect_not_null(strstr(text, want), "%s: %s", want, text);
	cr_expect_not_null(strstr(text, "PgUp/PgDn"));
	free(text);
}

Test(help, wide_screens_put_columns_side_by_side)
{
	struct state s = help_state(160, 50, LANG_EN);
	struct help_layout l;

	help_layout(&s, 160, 50, &l);
	cr_expect(!l.scrolls && l.cols >= 2, "160x50: %d columns", l.cols);
	help_layout(&s, 120, 40, &l);
	cr_expect(!l.scrolls && l.cols >= 2, "120x40: %d columns", l.cols);
	fx_press(&s, PK_DOWN);
	cr_expect_eq(s.help_top, 0, "nothing to scroll");
}

/* Side by side, a column never starts in the middle of an entry (its
 * wrapped rows stay together) and never ends on a group's heading. */
Test(help, columns_keep_entries_whole)
{
	static const int sizes[][2] = { { 120, 40 }, { 160, 50 }, { 200, 60 },
					{ 100, 50 }, { 240, 70 } };
	static struct help_row rows[HELP_ROWS_MAX];
	int checked = 0;

	for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
		for (int lang = 0; lang < LANG_COUNT; lang++)
			for (int v = 0; v < VIEW_COUNT; v++) {
				struct state s = help_state(sizes[z][0], sizes[z][1],
							    (enum lang)lang);
				struct help_layout l;

				state_set_view(&s, v);
				help_layout(&s, sizes[z][0], sizes[z][1], &l);
				if (l.scrolls)
					continue;
				help_rows(&s, l.col_w - 1, rows, HELP_ROWS_MAX);
				cr_expect_eq(l.start[l.cols], l.nrows);
				for (int j = 0; j < l.cols; j++) {
					int a = l.start[j], b = l.start[j + 1];

					cr_expect_leq(b - a, l.per_col);
					cr_expect(!rows[a].cont, "%dx%d column %d "
						  "starts inside an entry: %s",
						  sizes[z][0], sizes[z][1], j,
						  rows[a].text);
					cr_expect(b == l.nrows || !rows[b - 1].heading,
						  "%dx%d column %d ends on a heading",
						  sizes[z][0], sizes[z][1], j);
				}
				checked++;
			}
	cr_expect_gt(checked, 20, "side-by-side layouts were checked");
}

/* The help starts with the view shown: its name and what it shows, then
 * each knob's keys and its ':' word. */
Test(help, starts_with_the_view_and_its_knobs)
{
	const struct catalog *cat = views_catalog();

	for (int v = 0; v < cat->count; v++) {
		struct state s = help_state(160, 50, LANG_EN);
		static struct help_row rows[HELP_ROWS_MAX];
		char want[HELP_ROW_W];
		int n;

		state_set_view(&s, v);
		n = help_rows(&s, 200, rows, HELP_ROWS_MAX);
		snprintf(want, sizeof want, "This view: %s, %s",
			 cat->view[v]->name, cat->view[v]->title);
		cr_expect(rows[0].heading && strcmp(rows[0].text, want) == 0,
			  "first row %s", rows[0].text);
		for (int k = 0; k < cat->view[v]->nknobs; k++) {
			char word[64];
			bool found = false;

			snprintf(word, sizeof word, "  :%s V ",
				 cat->view[v]->knob[k].word);
			for (int i = 1; i < n && !rows[i].heading; i++)
				found = found || strncmp(rows[i].text, word,
							 strlen(word)) == 0;
			cr_expect(found, "%s: its knob %s in the help",
				  cat->view[v]->name, cat->view[v]->knob[k].word);
		}
	}
}

/* The last row of s drawn w columns wide, without its trailing blanks,
 * into row (n bytes). */
static void bottom_row(const struct state *s, int w, char *row, size_t n)
{
	char *text = fx_text(s, w, 24), *last;
	size_t len;

	cr_assert_not_null(text);
	len = strlen(text);
	while (len > 0 && text[len - 1] == '\n')
		text[--len] = '\0';
	last = strrchr(text, '\n');
	snprintf(row, n, "%s", last ? last + 1 : text);
	len = strlen(row);
	while (len > 0 && row[len - 1] == ' ')
		row[--len] = '\0';
	free(text);
}

/* The bottom line of every view, at every width from 60 columns, in both
 * languages, is made of whole entries: it ends with "? help" (the knob
 * entries that fit, then the tail), or it is the line a wide screen shows
 * cut at one of its entry boundaries (two spaces), never inside one. */
Test(help, the_bottom_line_is_never_cut)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	const struct catalog *cat = views_catalog();

	for (int lang = 0; lang < LANG_COUNT; lang++)
		for (int v = 0; v < cat->count; v++) {
			/* The wide screen's line, the same at every w: drawn
			 * once (400 columns), not 81 times. */
			char wide[1024];
			struct state s0;

			fx_init(&s0, &st);
			s0.lang = (enum lang)lang;
			state_set_view(&s0, v);
			bottom_row(&s0, 400, wide, sizeof wide);
			for (int w = 60; w <= 140; w++) {
				struct state s;
				char row[1024], hint[64];
				size_t n, h;
				bool ends_help, boundary;

				fx_init(&s, &st);
				s.lang = (enum lang)lang;
				state_set_view(&s, v);
				bottom_row(&s, w, row, sizeof row);
				snprintf(hint, sizeof hint, "%s", tr(s.lang, "? help "));
				h = strlen(hint) - 1;	/* without its blank */
				n = strlen(row);
				ends_help = n >= h && strncmp(row + n - h, hint, h) == 0;
				boundary = strncmp(wide, row, n) == 0 &&
					   (wide[n] == '\0' ||
					    strncmp(wide + n, "  ", 2) == 0);
				cr_expect(ends_help || boundary,
					  "%s at %d columns (%s): \"%s\"",
					  cat->view[v]->name, w, lang_name(s.lang), row);
			}
		}
}
