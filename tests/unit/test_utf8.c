/* test_utf8.c - unit tests of base/utf8.c: decoding (valid, invalid and cut
 * sequences), encoding round trips, stepping back, display width. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/utf8.h"

Test(utf8, decodes_every_length)
{
	static const struct {
		const char *s;
		uint32_t cp;
		size_t len;
	} cases[] = {
		{ "A", 0x41, 1 }, { "\xc2\xa0", 0xa0, 2 },
		{ "\xe4\xbd\x8d", 0x4f4d, 3 }, { "\xef\xbf\xbd", 0xfffd, 3 },
		{ "\xf0\x9f\x98\x80", 0x1f600, 4 },
		{ "\xf4\x8f\xbf\xbf", 0x10ffff, 4 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t cp = 0;

		cr_expect_eq(utf8_decode(cases[i].s, strlen(cases[i].s), &cp),
			     cases[i].len, "case %zu", i);
		cr_expect_eq(cp, cases[i].cp, "case %zu", i);
	}
}

Test(utf8, refuses_invalid_sequences)
{
	static const char *const bad[] = {
		"\x80",			/* stray continuation */
		"\xc0\x80",		/* overlong NUL */
		"\xc1\xbf",		/* overlong */
		"\xe0\x80\x80",		/* overlong */
		"\xed\xa0\x80",		/* surrogate U+D800 */
		"\xf4\x90\x80\x80",	/* above U+10FFFF */
		"\xf5\x80\x80\x80",	/* no such lead byte */
		"\xe4\xbd",		/* cut short by the NUL */
		"\xe4\x41\x8d",		/* missing continuation */
		"\xff",
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		uint32_t cp = 0;

		cr_expect_eq(utf8_decode(bad[i], strlen(bad[i]), &cp), 0,
			     "case %zu", i);
		cr_expect_eq(cp, UTF8_REPLACEMENT, "case %zu", i);
	}
}

Test(utf8, respects_the_byte_count)
{
	uint32_t cp;

	cr_expect_eq(utf8_decode("\xe4\xbd\x8d", 2, &cp), 0);
	cr_expect_eq(utf8_decode("\xe4\xbd\x8d", 3, &cp), 3);
}

Test(utf8, next_skips_one_bad_byte_and_resynchronises)
{
	const char *s = "\xe4\xbd\x8d\xc0\x80" "a", *p = s;
	bool bad;

	cr_expect_eq(utf8_next(&p, &bad), 0x4f4d);
	cr_expect(!bad);
	cr_expect_eq(p, s + 3);
	cr_expect_eq(utf8_next(&p, &bad), UTF8_REPLACEMENT);
	cr_expect(bad);
	cr_expect_eq(p, s + 4);
	cr_expect_eq(utf8_next(&p, &bad), UTF8_REPLACEMENT);
	cr_expect_eq(utf8_next(&p, &bad), 'a');
	cr_expect(!bad);
	cr_expect_eq(*p, '\0');
}

Test(utf8, next_stops_at_the_terminator)
{
	const char *s = "\xf0\x9f", *p = s;

	cr_expect_eq(utf8_next(&p, NULL), UTF8_REPLACEMENT);
	cr_expect_eq(p, s + 1);
}

Test(utf8, encode_round_trips_every_scalar_value)
{
	for (uint32_t cp = 0; cp <= 0x10ffff; cp++) {
		char buf[UTF8_MAX];
		uint32_t back;
		size_t n = utf8_encode(cp, buf);

		if (cp >= 0xd800 && cp <= 0xdfff) {
			cr_assert_eq(n, 0, "U+%04X", (unsigned)cp);
			continue;
		}
		cr_assert(n >= 1 && n <= 4, "U+%04X", (unsigned)cp);
		cr_assert_eq(utf8_decode(buf, n, &back), n, "U+%04X", (unsigned)cp);
		cr_assert_eq(back, cp, "U+%04X", (unsigned)cp);
	}
	{
		char buf[UTF8_MAX];
		cr_expect_eq(utf8_encode(0x110000, buf), 0);
	}
}

Test(utf8, prev_finds_the_start_of_the_last_character)
{
	const char *s = "a\xe4\xbd\x8d" "b\xf0\x9f\x98\x80";

	cr_expect_eq(utf8_prev(s, 1), 0);
	cr_expect_eq(utf8_prev(s, 4), 1);
	cr_expect_eq(utf8_prev(s, 5), 4);
	cr_expect_eq(utf8_prev(s, 9), 5);
	/* Stray continuation bytes: never more than three are skipped. */
	cr_expect_eq(utf8_prev("\x80\x80\x80\x80\x80", 5), 1);
}

Test(utf8, widths)
{
	cr_expect_eq(utf8_cp_width('a'), 1);
	cr_expect_eq(utf8_cp_width(0x07), 1);	/* drawn as '?' */
	cr_expect_eq(utf8_cp_width(0x85), 1);
	cr_expect_eq(utf8_cp_width(0x2588), 1);	/* full block */
	cr_expect_eq(utf8_cp_width(0x28ff), 1);	/* braille */
	cr_expect_eq(utf8_cp_width(0xd800), 1);
	cr_expect_eq(utf8_width(NULL), 0);
	cr_expect_eq(utf8_width(""), 0);
	cr_expect_eq(utf8_width("ab\xff"), 3);
	cr_expect_eq(utf8_width_capped("abcdef", 3), 3);
}

Test(utf8, control_characters)
{
	cr_expect(utf8_is_control(0));
	cr_expect(utf8_is_control(0x1f));
	cr_expect(utf8_is_control(0x7f));
	cr_expect(utf8_is_control(0x9f));
	cr_expect(!utf8_is_control(' '));
	cr_expect(!utf8_is_control(0xa0));
}

Test(utf8, cut_never_splits_a_character)
{
	const char *s = "ab\xe4\xbd\x8d" "c";

	cr_expect_eq(utf8_cut(s, 2), 2);
	cr_expect_eq(utf8_cut(s, 3), 2);
	cr_expect_eq(utf8_cut(s, 4), 2);
	cr_expect_eq(utf8_cut(s, 5), 5);
	cr_expect_eq(utf8_cut(s, 6), 6);
	cr_expect_eq(utf8_cut("\xf0\x9f\x98", 3), 0);
	cr_expect_eq(utf8_cut("\x80\x80", 2), 2);	/* stray bytes stay */
}
