/* test_words.c - unit tests of base/words.c: splitting a line into words
 * and comparing command names. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/words.h"

Test(words, split_on_blanks)
{
	char store[4 * 8];
	const char *w[4];

	cr_assert_eq(words_split("  d \t 128 ", store, 8, w, 4), 2);
	cr_expect_str_eq(w[0], "d");
	cr_expect_str_eq(w[1], "128");
	cr_expect_eq(words_split("", store, 8, w, 4), 0);
	cr_expect_eq(words_split(" \t ", store, 8, w, 4), 0);
	cr_expect_eq(words_split("a b c d e", store, 8, w, 4), 5);
}

Test(words, long_words_are_cut_on_a_character_boundary)
{
	char store[2 * 6];
	const char *w[2];

	/* "ab位位": 8 bytes; 5 fit, but the second 位 would be split. */
	cr_assert_eq(words_split("ab\xe4\xbd\x8d\xe4\xbd\x8d", store, 6, w, 2), 1);
	cr_expect_str_eq(w[0], "ab\xe4\xbd\x8d");
}

Test(words, same_ignores_ascii_case_only)
{
	cr_expect(words_same("KEY", 3, "key"));
	cr_expect(words_same("Key", 3, "key"));
	cr_expect(!words_same("ke", 2, "key"));
	cr_expect(!words_same("keys", 4, "key"));
	cr_expect(!words_same("\xc3\x89", 2, "\xc3\xa9"));	/* É is not é */
}

Test(words, quote_escapes_and_cuts_on_a_character_boundary)
{
	char q[64];
	/* "ab" then 汉 (3 bytes): a cut at 4 bytes keeps "ab", not half of it */
	const char *cjk = "ab\xe6\xb1\x89" "cd";

	cr_expect_str_eq(words_quote("a\tb\"c\\", 6, 40, q, sizeof q),
			 "a\\x09b\\\"c\\\\");
	cr_expect_str_eq(words_quote(cjk, strlen(cjk), 4, q, sizeof q), "ab...");
	cr_expect_str_eq(words_quote(cjk, strlen(cjk), 5, q, sizeof q),
			 "ab\xe6\xb1\x89...");
	cr_expect_str_eq(words_quote("abc", 3, 3, q, sizeof q), "abc");
	cr_expect(words_blank(' ') && words_blank('\t') && !words_blank('x'));
}
