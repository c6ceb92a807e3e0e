/* test_keyseq.c - unit tests of base/keyseq.c: where each kind of escape
 * sequence ends, where a cut one was cut, and mouse reports read. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/keyseq.h"

/* The state after each byte of s, as letters: m(ore) w(hole) c(ut) a(lt)
 * A(nswer). */
static void states(const char *s, char *out)
{
	size_t n = strlen(s);

	for (size_t i = 1; i <= n; i++)
		out[i - 1] = "mwcaA"[keyseq_scan((const unsigned char *)s, i)];
	out[n] = '\0';
}

static void check_states(const char *s, const char *want)
{
	char got[64];

	states(s, got);
	cr_expect_str_eq(got, want, "states of \"\\e%s\": %s", s + 1, got);
}

Test(keyseq, whole_sequences_end_on_their_final_byte)
{
	check_states("\033[A", "mmw");		/* CSI arrow */
	check_states("\033[1;5C", "mmmmmw");	/* CSI with parameters */
	check_states("\033[200~", "mmmmmw");	/* paste begin */
	check_states("\033[201~", "mmmmmw");	/* paste end */
	check_states("\033OA", "mmw");		/* SS3 arrow */
	check_states("\033O1;2P", "mmmmmw");	/* SS3 with parameters */
	check_states("\033[<0;5;10M", "mmmmmmmmmw");	/* SGR mouse */
	check_states("\033[M !!", "mmmmmw");	/* X10 mouse: 3 raw bytes */
}

Test(keyseq, a_byte_that_cannot_continue_cuts_the_sequence)
{
	/* the cut mouse report of issue 22, then q: q is a final byte of
	 * CSI, but no byte of an SGR report's numbers */
	check_states("\033[<0;5;\001", "mmmmmmmc");
	check_states("\033[<0;5;q", "mmmmmmmc");
	check_states("\033[<0;5;10~", "mmmmmmmmmc");
	check_states("\033[1;\033", "mmmmc");	/* a new ESC */
	check_states("\033[20\r", "mmmmc");	/* a control */
	check_states("\033[2 0", "mmmmc");	/* a parameter after an
						 * intermediate */
	check_states("\033O\177", "mmc");		/* DEL after SS3 */
	check_states("\033[\xc3\xa9", "mmcc");	/* UTF-8 after CSI */
	check_states("\033[M \001", "mmmmc");	/* X10 report with a control */
}

Test(keyseq, esc_and_a_character_are_two_keys)
{
	check_states("\033x", "ma");
	check_states("\033\033", "ma");
	check_states("\0334", "ma");
}

Test(keyseq, an_endless_sequence_is_cut_at_the_limit)
{
	char s[KEYSEQ_MAX + 1];

	s[0] = '\033';
	s[1] = '[';
	memset(s + 2, '1', KEYSEQ_MAX - 2);
	cr_expect_eq(keyseq_scan((unsigned char *)s, KEYSEQ_MAX - 1),
		     KEYSEQ_MORE);
	cr_expect_eq(keyseq_scan((unsigned char *)s, KEYSEQ_MAX), KEYSEQ_CUT);
}

static bool mouse(const char *s, struct keyseq_mouse *m)
{
	return keyseq_mouse((const unsigned char *)s, strlen(s), m);
}

Test(keyseq, mouse_reports_are_read)
{
	struct keyseq_mouse m;

	cr_assert(mouse("\033[<0;5;10M", &m));
	cr_expect(m.kind == KEYSEQ_CLICK && m.x == 4 && m.y == 9);
	cr_assert(mouse("\033[<0;5;10m", &m));
	cr_expect_eq(m.kind, KEYSEQ_OTHER, "a release is no click");
	cr_assert(mouse("\033[<4;1;1M", &m));
	cr_expect_eq(m.kind, KEYSEQ_CLICK, "Shift-click is a click");
	cr_assert(mouse("\033[<64;100;200M", &m));
	cr_expect(m.kind == KEYSEQ_WHEEL_UP && m.x == 99 && m.y == 199);
	cr_assert(mouse("\033[<65;1;1M", &m));
	cr_expect_eq(m.kind, KEYSEQ_WHEEL_DOWN);
	cr_assert(mouse("\033[<32;3;3M", &m));
	cr_expect_eq(m.kind, KEYSEQ_OTHER, "a drag is no click");
	/* X10: button, column and row each plus 32, from 1 */
	cr_assert(mouse("\033[M !*", &m));
	cr_expect(m.kind == KEYSEQ_CLICK && m.x == 0 && m.y == 9);
	cr_assert(mouse("\033[M#!!", &m));
	cr_expect_eq(m.kind, KEYSEQ_OTHER, "X10 release");
	cr_assert(mouse("\033[Ma!!", &m));
	cr_expect_eq(m.kind, KEYSEQ_WHEEL_DOWN);
	cr_expect_not(mouse("\033[<0;0;5M", &m), "columns count from 1");
	cr_expect_not(mouse("\033[<0;5M", &m));
	cr_expect_not(mouse("\033[1;5A", &m));
	cr_expect_not(mouse("\033[<0;5;999999999M", &m));
}

/* ---- terminal answers (issue 41) ---- */

Test(keyseq, answers_begin_on_their_second_or_third_byte)
{
	check_states("\033]", "mA");	/* OSC */
	check_states("\033P", "mA");	/* DCS */
	check_states("\033_", "mA");	/* APC */
	check_states("\033^", "mA");	/* PM */
	check_states("\033X", "mA");	/* SOS */
	check_states("\033[?", "mmA");	/* DA1, DECRPM */
	check_states("\033[>", "mmA");	/* DA2 */
	check_states("\033[=", "mmA");	/* DA3 */
	check_states("\033[<", "mmm");	/* SGR mouse: no answer */
}

/* What each byte of s (after the answer's first bytes, n of them) does to
 * it, as letters: i(n) e(nd) c(ut) E (cut, with its ESC); s stops at the
 * byte that ends it, as the caller does. */
static void answer_states(const char *s, size_t n, const char *want)
{
	struct keyseq_answer a;
	char got[64];
	size_t len = strlen(s);

	keyseq_answer_begin(&a, (const unsigned char *)s, n);
	for (size_t i = n; i < len; i++)
		got[i - n] = "iecE"[keyseq_answer_byte(&a, (unsigned char)s[i])];
	got[len - n] = '\0';
	cr_expect_str_eq(got, want, "answer \"\\e%s\": %s", s + 1, got);
}

Test(keyseq, an_answer_ends_at_its_terminator_whatever_its_length)
{
	answer_states("\033]11;rgb:1e1e/1e1e/1e1e\a", 2,
		      "iiiiiiiiiiiiiiiiiiiiie");	/* BEL */
	answer_states("\033]11;rgb:ff/ff/ff\033\\", 2,
		      "iiiiiiiiiiiiiiiie");		/* ST */
	answer_states("\033P1$r0m\033\\", 2, "iiiiiie");	/* DCS */
	answer_states("\033[?64;1;2c", 3, "iiiiiie");	/* DA1 */
	answer_states("\033]0;\xc3\xa9t\xc3\xa9\a", 2, "iiiiiiie");	/* UTF-8 */
	answer_states("\033]2;x\030", 2, "iiie");		/* CAN cancels */
}

Test(keyseq, a_byte_no_answer_holds_ends_it_and_is_a_key)
{
	answer_states("\033]11;r\r", 2, "iiiic");	/* Enter */
	answer_states("\033]11;r\033[", 2, "iiiiiE");	/* an arrow's ESC [ */
	answer_states("\033[?6c", 3, "ie");		/* ends at its final */
	answer_states("\033[?6\r", 3, "ic");		/* CSI: a control */
	answer_states("\033[?6\033", 3, "ic");		/* CSI: an ESC */
}

Test(keyseq, a_decoded_key_or_too_long_an_answer_ends_it)
{
	struct keyseq_answer a;
	long i;

	keyseq_answer_begin(&a, (const unsigned char *)"\033]", 2);
	cr_expect_eq(keyseq_answer_byte(&a, 0x1000), KEYSEQ_ANSWER_CUT);
	keyseq_answer_begin(&a, (const unsigned char *)"\033]", 2);
	for (i = 2; i < KEYSEQ_ANSWER_MAX; i++)
		if (keyseq_answer_byte(&a, 'x') != KEYSEQ_ANSWER_IN)
			break;
	cr_expect_eq(i, KEYSEQ_ANSWER_MAX, "swallowed up to the bound");
	cr_expect_eq(keyseq_answer_byte(&a, 'x'), KEYSEQ_ANSWER_CUT);
}
