/* cmdline.h - the ':' line: its text, its cursor, its history, and
 * editing them as a shell's line editor does.
 *
 * Plain data inside the state. The text is valid UTF-8 without control
 * characters, NUL-terminated, at most CMD_MAX - 1 bytes; the cursor is a
 * byte offset on a character boundary, 0 .. len. Lines that were run are
 * kept (the last CMD_HISTORY of them, without repeats in a row), and Up and
 * Down bring them back; the line being typed is kept while one browses. */
#ifndef CMDLINE_H
#define CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

enum {
	CMD_MAX = 128,		/* bytes of a line, NUL included */
	CMD_HISTORY = 32	/* lines remembered */
};

struct cmdline {
	bool active;		/* the line is open */
	char text[CMD_MAX];	/* what was typed after ':' */
	size_t len;		/* bytes in text */
	size_t cur;		/* the cursor: before byte cur of text */
	char hist[CMD_HISTORY][CMD_MAX];	/* lines run, oldest first */
	int nhist;		/* entries of hist used */
	int at;			/* the history entry shown, or nhist: the
				 * line being typed (saved in draft) */
	char draft[CMD_MAX];	/* that line, while an entry is shown */
	bool cut;		/* a character did not fit since the line
				 * was opened: what it says is not what was
				 * typed (the reducer refuses to run it) */
};

/* Opens (or reopens) an empty line; the history stays. */
void cmdline_open(struct cmdline *c);

/* Closes the line and forgets its text; the history stays. */
void cmdline_close(struct cmdline *c);

/* Inserts code point cp at the cursor, which moves past it. Controls,
 * surrogates and values above U+10FFFF never enter the line; a full line
 * takes nothing more, and says so in c->cut until it is opened again. */
void cmdline_insert(struct cmdline *c, long long cp);

/* Deletes the character before the cursor (not just a byte of it); on an
 * empty line, closes it, as leaving a shell's prompt would. */
void cmdline_backspace(struct cmdline *c);

/* Deletes the character under the cursor (nothing at the end). */
void cmdline_delete(struct cmdline *c);

/* Moves the cursor by dir (-1 or +1) characters, within the line. */
void cmdline_move(struct cmdline *c, int dir);

/* Moves the cursor to the start (C-a, Home) or the end (C-e, End). */
void cmdline_home(struct cmdline *c);
void cmdline_end(struct cmdline *c);

/* Deletes from the start to the cursor (C-u), from the cursor to the end
 * (C-k), or the word before the cursor with the blanks after it (C-w). */
void cmdline_kill_start(struct cmdline *c);
void cmdline_kill_end(struct cmdline *c);
void cmdline_kill_word(struct cmdline *c);

/* Shows an older (dir < 0) or newer (dir > 0) line of the history, the
 * cursor at its end; past the newest, the line that was being typed. */
void cmdline_recall(struct cmdline *c, int dir);

/* Remembers the line's text as run (an empty line, or one equal to the
 * newest entry, is not added) and closes the line. */
void cmdline_commit(struct cmdline *c);

/* Whether the invariants above hold. */
bool cmdline_valid(const struct cmdline *c);

#endif
