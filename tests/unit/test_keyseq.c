/* test_keyseq.c - unit tests of base/keyseq.c: where each kind of escape
 * sequence ends, where a cut one was cut, and mouse reports read. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/keyseq.h"

/* The state after each byte of s, as letters: m(ore) w(hole) c(ut) a(lt). */
static void states(const char *s, char *out)
{
	size_t n = strlen(s);

	for (size_t i = 1; i <= n; i++)
		out[i - 1] = "mwca"[keyseq_scan((const unsigned char *)s, i)];
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
