/* test_tr.c - looking sentences up (base/tr.c): English stays itself, every
 * row of the Chinese table is found by its English, and a sentence without
 * a row comes back as it was (tests/tools/strings.py keeps that from
 * happening in the code). */
#include <criterion/criterion.h>

#include <string.h>

#include "base/tr.h"
#include "base/tr_table.h"

Test(tr, english_is_itself)
{
	const char *en = "Waveforms";

	cr_expect_eq(tr(LANG_EN, en), en);
	cr_expect_eq(tr_rows(LANG_EN), 0);
}

Test(tr, a_known_sentence_in_chinese)
{
	cr_expect_str_eq(tr(LANG_ZH, "Waveforms"), "波形");
	cr_expect_str_eq(tr(LANG_ZH, "? help "), "? 帮助 ");
}

/* Each row, first to last, whatever the order of the table. */
Test(tr, every_row_is_found)
{
	cr_assert_gt(tr_rows(LANG_ZH), 40);
	for (size_t i = 0; i < tr_zh_count; i++)
		cr_expect_eq(tr(LANG_ZH, tr_zh[i].en), tr_zh[i].zh,
			     "row %zu, \"%s\"", i, tr_zh[i].en);
}

Test(tr, a_sentence_without_a_row_stays_english)
{
	const char *en = "no such sentence in any table";

	cr_expect_eq(tr(LANG_ZH, en), en);
	cr_expect_str_eq(tr(LANG_ZH, ""), "");
}
