/* cmdline.h - the text of the ':' line and its editing.
 *
 * Plain data inside the state. The text is valid UTF-8 without control
 * characters, NUL-terminated, at most CMD_MAX - 1 bytes. */
#ifndef CMDLINE_H
#define CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

enum { CMD_MAX = 128 };

struct cmdline {
	bool active;		/* the line is open */
	char text[CMD_MAX];	/* what was typed after ':' */
	size_t len;		/* bytes in text */
};

/* Opens (or reopens) an empty line. */
void cmdline_open(struct cmdline *c);

/* Closes the line and forgets its text. */
void cmdline_close(struct cmdline *c);

/* Appends code point cp as UTF-8. Controls, surrogates and values above
 * U+10FFFF never enter the line; a full line ignores more. */
void cmdline_insert(struct cmdline *c, long long cp);

/* Deletes the last character (not just its last byte); on an empty line,
 * closes it, as a shell's prompt would be left. */
void cmdline_backspace(struct cmdline *c);

/* Whether the invariants above hold. */
bool cmdline_valid(const struct cmdline *c);

#endif
