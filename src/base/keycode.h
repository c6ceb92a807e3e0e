/* keycode.h - pescope's key codes, and the one way to spell them.
 *
 * Key codes are pescope's own, so that nothing above the terminal sink
 * depends on ncurses: Unicode code points for characters (control letters
 * included: C-c is 3), and PK_* values above the Unicode range for the
 * special keys (io/term.c translates ncurses' codes into these).
 *
 * Their names are the same everywhere: --keys scripts read them, the
 * presenter's key echo and the help show them. A key is spelt
 *   Left Right Up Down PgUp PgDn Home End Enter Esc Backspace Delete Tab
 *   S-Tab Space, C-a .. C-z for control letters, or the character itself;
 * on screen the arrows may be drawn as ← → ↑ ↓. */
#ifndef KEYCODE_H
#define KEYCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum key_code {
	PK_NONE = 0,
	PK_SPECIAL = 0x110000,	/* first code above Unicode */
	PK_LEFT = PK_SPECIAL,
	PK_RIGHT,
	PK_UP,
	PK_DOWN,
	PK_PGUP,
	PK_PGDN,
	PK_HOME,
	PK_END,
	PK_ENTER,
	PK_ESC,
	PK_BACKSPACE,
	PK_TAB,
	PK_BTAB,
	PK_RESIZE,
	PK_DELETE,
	PK_CTRL_C = 3,
	PK_CTRL_L = 12
};

enum { KEYCODE_NAME_MAX = 16 };	/* room for any name and its NUL */

/* Writes the name of key `code` into buf (n bytes): the names above, with
 * the arrows as ← → ↑ ↓ when `symbols` is true (a UTF-8 screen). A code
 * with no name and no printable character gives "?". Returns buf. */
char *keycode_name(int code, bool symbols, char *buf, size_t n);

/* The key named by word (len bytes, not NUL-terminated): a name above in
 * any letter case (BTab is taken for S-Tab), C-x for a control letter, or
 * one character that is not a control. A terminal sends C-i as Tab, C-m
 * and C-j as Enter and C-h as Backspace, so those come back as such.
 * Returns -1 for anything else. */
int keycode_parse(const char *word, size_t len);

/* The key code of a character the terminal sends: Enter for CR and LF,
 * Esc, Backspace for BS and DEL, Tab; any other character is its own
 * code. */
int keycode_of_char(uint32_t ch);

#endif
