/* test_keycode.c - unit tests of base/keycode.c: every key's name reads
 * back as the same key, in any letter case, and the spellings scripts,
 * the presenter's echo and the help share. */
#include <criterion/criterion.h>
#include <string.h>

#include "base/keycode.h"

static int parse(const char *w)
{
	return keycode_parse(w, strlen(w));
}

Test(keycode, names_read_back)
{
	static const int codes[] = {
		PK_LEFT, PK_RIGHT, PK_UP, PK_DOWN, PK_PGUP, PK_PGDN, PK_HOME,
		PK_END, PK_ENTER, PK_ESC, PK_BACKSPACE, PK_TAB, PK_BTAB, ' ',
		'a', 'Z', ']', ':', 0x4f4d, PK_CTRL_C, PK_CTRL_L,
	};

	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		char name[KEYCODE_NAME_MAX];

		keycode_name(codes[i], false, name, sizeof name);
		cr_expect_eq(parse(name), codes[i], "%s", name);
	}
}

Test(keycode, spellings)
{
	char name[KEYCODE_NAME_MAX];

	cr_expect_str_eq(keycode_name(PK_LEFT, true, name, sizeof name), "←");
	cr_expect_str_eq(keycode_name(PK_LEFT, false, name, sizeof name), "Left");
	cr_expect_str_eq(keycode_name(PK_PGDN, true, name, sizeof name), "PgDn");
	cr_expect_str_eq(keycode_name(PK_BACKSPACE, true, name, sizeof name),
			 "Backspace");
	cr_expect_str_eq(keycode_name(PK_BTAB, false, name, sizeof name), "S-Tab");
	cr_expect_str_eq(keycode_name(' ', false, name, sizeof name), "Space");
	cr_expect_str_eq(keycode_name(PK_CTRL_C, false, name, sizeof name), "C-c");
	cr_expect_str_eq(keycode_name(0x4f4d, false, name, sizeof name), "位");
	cr_expect_str_eq(keycode_name(PK_RESIZE, false, name, sizeof name), "?");
	cr_expect_str_eq(keycode_name(0x7f, false, name, sizeof name), "?");
}

Test(keycode, parsing)
{
	cr_expect_eq(parse("pgup"), PK_PGUP);
	cr_expect_eq(parse("BTab"), PK_BTAB);
	cr_expect_eq(parse("C-i"), PK_TAB);
	cr_expect_eq(parse("c-M"), PK_ENTER);
	cr_expect_eq(parse("C-h"), PK_BACKSPACE);
	cr_expect_eq(parse("C-a"), 1);
	cr_expect_eq(parse("x"), 'x');
	cr_expect_eq(parse("Leftish"), -1);
	cr_expect_eq(parse("Lef"), -1);
	cr_expect_eq(parse(""), -1);
	cr_expect_eq(parse("\t"), -1);
	cr_expect_eq(parse("C-1"), -1);
}

/* What the terminal sends, as keys: CR and LF are Enter, BS and DEL
 * Backspace; other characters are themselves. */
Test(keycode, characters_the_terminal_sends)
{
	cr_expect_eq(keycode_of_char('\r'), PK_ENTER);
	cr_expect_eq(keycode_of_char('\n'), PK_ENTER);
	cr_expect_eq(keycode_of_char(27), PK_ESC);
	cr_expect_eq(keycode_of_char(8), PK_BACKSPACE);
	cr_expect_eq(keycode_of_char(127), PK_BACKSPACE);
	cr_expect_eq(keycode_of_char('\t'), PK_TAB);
	cr_expect_eq(keycode_of_char('q'), 'q');
	cr_expect_eq(keycode_of_char(0x7ef4), 0x7ef4);	/* 维 */
	cr_expect_eq(keycode_of_char(3), 3);		/* C-c */
}
