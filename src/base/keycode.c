/* keycode.c - names of key codes (see keycode.h). */
#include "base/keycode.h"

#include <stdint.h>
#include <stdio.h>

#include "base/utf8.h"
#include "base/words.h"

static const struct {
	int code;
	const char *name;	/* how scripts and the help spell it */
	const char *symbol;	/* on a UTF-8 screen, or NULL: the name */
} names[] = {
	{ PK_LEFT, "Left", "←" }, { PK_RIGHT, "Right", "→" },
	{ PK_UP, "Up", "↑" }, { PK_DOWN, "Down", "↓" },
	{ PK_PGUP, "PgUp", NULL }, { PK_PGDN, "PgDn", NULL },
	{ PK_HOME, "Home", NULL }, { PK_END, "End", NULL },
	{ PK_ENTER, "Enter", NULL }, { PK_ESC, "Esc", NULL },
	{ PK_BACKSPACE, "Backspace", NULL }, { PK_DELETE, "Delete", NULL },
	{ PK_TAB, "Tab", NULL },
	{ PK_BTAB, "S-Tab", NULL }, { ' ', "Space", NULL },
};

/* Accepted when reading, never written. */
static const struct {
	int code;
	const char *name;
} aliases[] = { { PK_BTAB, "BTab" } };

/* The key a terminal delivers for control letter `letter`. */
static int control_key(char letter)
{
	int code = letter & 0x1f;

	switch (code) {
	case '\t': return PK_TAB;
	case '\r':
	case '\n': return PK_ENTER;
	case '\b': return PK_BACKSPACE;
	default: return code;
	}
}

char *keycode_name(int code, bool symbols, char *buf, size_t n)
{
	char u[UTF8_MAX + 1];
	size_t len;

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == code) {
			snprintf(buf, n, "%s", symbols && names[i].symbol
						       ? names[i].symbol
						       : names[i].name);
			return buf;
		}
	if (code >= 1 && code <= 26) {
		snprintf(buf, n, "C-%c", 'a' + code - 1);
		return buf;
	}
	len = code > 0 && code < PK_SPECIAL && !utf8_is_control((uint32_t)code)
		      ? utf8_encode((uint32_t)code, u) : 0;
	u[len] = '\0';
	snprintf(buf, n, "%s", len ? u : "?");
	return buf;
}

int keycode_parse(const char *word, size_t len)
{
	uint32_t cp;

	if (len == 0)
		return -1;
	if (utf8_decode(word, len, &cp) == len)
		return utf8_is_control(cp) ? -1 : (int)cp;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (words_same(word, len, names[i].name))
			return names[i].code;
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (words_same(word, len, aliases[i].name))
			return aliases[i].code;
	if (len == 3 && (word[0] == 'C' || word[0] == 'c') && word[1] == '-' &&
	    ((word[2] >= 'a' && word[2] <= 'z') ||
	     (word[2] >= 'A' && word[2] <= 'Z')))
		return control_key(word[2]);
	return -1;
}

int keycode_of_char(uint32_t ch)
{
	switch (ch) {
	case '\r':
	case '\n': return PK_ENTER;
	case 27: return PK_ESC;
	case 8:
	case 127: return PK_BACKSPACE;
	case '\t': return PK_TAB;
	default: return (int)ch;
	}
}
