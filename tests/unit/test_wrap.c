/* test_wrap.c - line breaking by display width, Latin and Chinese. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "render/canvas.h"
#include "snap.h"
#include "base/wrap.h"
#include "render/paragraph.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(wrap, .init = utf8_locale);

enum { MAXL = 32 };

/* The lines of text wrapped at width, joined with '|', and their count. */
static int lines_of(const char *text, int width, char *buf, size_t n)
{
	struct wrap_line l[MAXL];
	int count = wrap_lines(text, width, l, MAXL);
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < count && i < MAXL; i++) {
		cr_assert_lt(used + l[i].len + 2, n);
		if (i > 0)
			buf[used++] = '|';
		memcpy(buf + used, text + l[i].off, l[i].len);
		used += l[i].len;
		buf[used] = '\0';
		/* The reported width is the width the canvas measures. */
		char one[256];

		memcpy(one, text + l[i].off, l[i].len);
		one[l[i].len] = '\0';
		cr_expect_eq(l[i].width, utf8_width(one),
			     "line %d '%s': %d vs %d", i, one, l[i].width,
			     utf8_width(one));
	}
	return count;
}

static void expect_wrap(const char *text, int width, const char *want,
			int nwant)
{
	char got[1024];
	int n = lines_of(text, width, got, sizeof got);

	cr_expect_str_eq(got, want, "wrap(\"%s\", %d)", text, width);
	cr_expect_eq(n, nwant, "wrap(\"%s\", %d): %d lines", text, width, n);
}

Test(wrap, latin_at_spaces)
{
	expect_wrap("the quick brown fox", 10, "the quick|brown fox", 2);
	expect_wrap("the quick brown fox", 9, "the quick|brown fox", 2);
	expect_wrap("the quick brown fox", 8, "the|quick|brown|fox", 4);
	expect_wrap("the quick brown fox", 80, "the quick brown fox", 1);
	/* Runs of spaces vanish at a break, trailing spaces are cut. */
	expect_wrap("ab   cd  ", 3, "ab|cd", 2);
}

Test(wrap, long_word_is_cut)
{
	expect_wrap("abcdefgh ij", 3, "abc|def|gh|ij", 4);
}

Test(wrap, newlines_and_indent)
{
	expect_wrap("one\n  two", 20, "one|  two", 2);
	expect_wrap("a\n\nb\n", 20, "a||b", 3);
	expect_wrap("", 20, "", 0);
	cr_expect_eq(wrap_lines(NULL, 5, NULL, 0), 0);
}

Test(wrap, chinese_between_any_two)
{
	/* 位置编码 is four two-column characters. */
	expect_wrap("位置编码", 5, "位置|编码", 2);
	expect_wrap("位置编码", 4, "位置|编码", 2);
	expect_wrap("位置编码", 3, "位|置|编|码", 4);
	/* A wide character on a one-column line stands alone. */
	expect_wrap("位置", 1, "位|置", 2);
}

Test(wrap, chinese_punctuation_stays)
{
	/* "。" may not start a line: 码 moves down with it. */
	expect_wrap("位置编码。", 8, "位置编|码。", 2);
	/* "（" may not end a line: not "位置（|编码）". */
	expect_wrap("位置（编码）", 6, "位置|（编|码）", 3);
}

Test(wrap, mixed_latin_and_chinese)
{
	expect_wrap("周期是 2π 的正弦", 8, "周期是|2π 的正|弦", 3);
	expect_wrap("用sin和cos", 6, "用sin|和cos", 2);
}

Test(wrap, count_without_storage)
{
	cr_expect_eq(wrap_lines("a b c d", 1, NULL, 0), 4);
	struct wrap_line one[1];

	cr_expect_eq(wrap_lines("a b c d", 1, one, 1), 4);
	cr_expect_eq(one[0].off, 0);
	cr_expect_eq(one[0].len, 1);
}

Test(wrap, invalid_utf8_counts_like_canvas)
{
	/* Each bad byte is one U+FFFD column. */
	expect_wrap("ab\xff\xfe" "cd", 3, "ab\xff|\xfe" "cd", 2);
}

Test(wrap, draw_stops_at_limit)
{
	struct canvas *c = canvas_new(6, 1);
	struct wrap_line l = { 0, strlen("位置编码"), 8 };
	struct style st = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

	cr_assert_not_null(c);
	cr_expect_eq(paragraph_line(c, 0, 0, 5, "位置编码", &l, st), 4);
	char *got = snap(c);

	cr_expect_str_eq(got, "位置\n");
	free(got);
	canvas_free(c);
}
