/* test_paragraph.c - paragraph_items: the whole items of a line that fit. */
#include <criterion/criterion.h>
#include <locale.h>
#include <string.h>

#include "render/paragraph.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(paragraph, .init = utf8_locale);

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

/* Row 0 of a canvas w wide after paragraph_items(text, sep), trailing
 * blanks removed, into out; the columns it reported in *used. */
static char *items(const char *text, const char *sep, int w, int *used,
		   char *out)
{
	struct canvas *c = canvas_new(w + 4, 1);
	size_t n;

	cr_assert_not_null(c);
	*used = paragraph_items(c, 0, 0, w, text, sep, plain);
	snap_row_text(c, 0, out);
	n = strlen(out);
	while (n > 0 && out[n - 1] == ' ')
		out[--n] = '\0';
	canvas_free(c);
	return out;
}

Test(paragraph, items_are_kept_whole)
{
	char row[SNAP_ROW_MAX];
	int used;

	/* all of it when it fits, to the column */
	cr_expect_str_eq(items("the dog bit", " ", 11, &used, row), "the dog bit");
	cr_expect_eq(used, 11);
	/* the words that fit, none cut */
	cr_expect_str_eq(items("the dog bit the man", " ", 14, &used, row),
			 "the dog bit");
	cr_expect_str_eq(items("the dog bit the man", " ", 7, &used, row),
			 "the dog");
	/* not even the first word: nothing */
	cr_expect_str_eq(items("transformer", " ", 5, &used, row), "");
	cr_expect_eq(used, 0);
	/* key hints: items are separated by two blanks, one blank inside */
	cr_expect_str_eq(items(" a/b pos  c/d dim  e zoom", "  ", 18, &used, row),
			 " a/b pos  c/d dim");
	cr_expect_str_eq(items(" a/b pos  c/d dim  e zoom", "  ", 16, &used, row),
			 " a/b pos");
	/* Chinese words count two columns a character */
	cr_expect_str_eq(items("狗 在 公园 里 咬", " ", 11, &used, row),
			 "狗 在 公园");
	cr_expect_eq(used, 10);
}
