/* keyseq.h - where an escape sequence from the terminal ends, and what a
 * mouse report in one says.
 *
 * The terminal sends keys that are not characters, mouse reports and paste
 * markers as sequences that begin with ESC: CSI (ESC [ params final),
 * SS3 (ESC O final) and the X10 mouse report (ESC [ M and three raw bytes).
 * io/term.c collects the bytes after an ESC and asks keyseq_scan after each
 * one whether the sequence is whole, needs more, or was cut: a byte that
 * cannot continue it (a control, DEL, a character beyond ASCII) means the
 * sequence was broken off before that byte, which then starts the next
 * key. A sequence that is still not whole when the escape delay has passed
 * is dropped by the caller; either way the keys after it arrive.
 *
 * Terminals also answer queries (pescope asks for the background colour,
 * io/theme.c) and some send reports unasked; an answer may come late (a
 * slow ssh link), in pieces, or huge. Those no key ever sends are told
 * apart by their first two or three bytes: the strings OSC (ESC ]), DCS
 * (ESC P), APC (ESC _), PM (ESC ^) and SOS (ESC X), ended by BEL or ST
 * (ESC \), and CSI with a private marker (ESC [ ?, ESC [ >, ESC [ =: the
 * device attribute and mode reports), ended by a final byte. keyseq_scan
 * says KEYSEQ_ANSWER for them, and the caller hands every later byte to
 * keyseq_answer_byte, however long it takes to come, until it says the
 * answer is over: nothing of it becomes a key, and nothing of it is kept.
 * A control byte that cannot be in an answer (Enter, Tab, an Esc that
 * starts a key) ends it and is a key itself, so that a stray Alt-] never
 * eats more than the characters typed before the next such key; so does
 * a length past KEYSEQ_ANSWER_MAX.
 *
 * This file only classifies bytes: no clock, no terminal. */
#ifndef KEYSEQ_H
#define KEYSEQ_H

#include <stdbool.h>
#include <stddef.h>

enum {
	KEYSEQ_MAX = 32,	/* a longer sequence is taken as cut */
	KEYSEQ_ANSWER_MAX = 1 << 20	/* bytes of an answer swallowed */
};

enum keyseq_state {
	KEYSEQ_MORE,		/* a proper beginning: wait for more */
	KEYSEQ_WHOLE,		/* s[0..n-1] is one whole sequence */
	KEYSEQ_CUT,		/* s[0..n-2] was cut off: s[n-1] is not its */
	KEYSEQ_ALT,		/* ESC and a character that starts no
				 * sequence (Alt-x): two keys */
	KEYSEQ_ANSWER		/* the beginning of a terminal's answer:
				 * swallow it with keyseq_answer_byte */
};

/* What s (n >= 1 bytes, s[0] ESC) is so far. */
enum keyseq_state keyseq_scan(const unsigned char *s, size_t n);

/* An answer being swallowed. */
struct keyseq_answer {
	bool string;		/* a string (ends with BEL or ST), else CSI */
	bool esc;		/* the last byte was an ESC in a string */
	long bytes;		/* bytes taken so far */
};

enum keyseq_answer_state {
	KEYSEQ_ANSWER_IN,	/* the byte was the answer's: go on */
	KEYSEQ_ANSWER_END,	/* it was its last */
	KEYSEQ_ANSWER_CUT,	/* it is no byte of the answer, which is
				 * over: the byte is a key */
	KEYSEQ_ANSWER_CUT_ESC	/* the ESC before it was none either: ESC
				 * and the byte begin the next key */
};

/* Starts swallowing the answer that s (n bytes, KEYSEQ_ANSWER) begins. */
void keyseq_answer_begin(struct keyseq_answer *a, const unsigned char *s,
			 size_t n);

/* Takes the next input c: a byte 0..255, or anything larger for a key the
 * terminal's library decoded (which ends the answer). */
enum keyseq_answer_state keyseq_answer_byte(struct keyseq_answer *a, int c);

enum keyseq_mouse_kind {
	KEYSEQ_CLICK,		/* left button pressed */
	KEYSEQ_WHEEL_UP,
	KEYSEQ_WHEEL_DOWN,
	KEYSEQ_OTHER		/* a release, a move, another button */
};

struct keyseq_mouse {
	enum keyseq_mouse_kind kind;
	int x, y;		/* the cell, from 0 */
};

/* Reads a whole sequence (KEYSEQ_WHOLE) as a mouse report: SGR
 * (ESC [ < b ; x ; y M or m) or X10 (ESC [ M b x y, each plus 32). Shift,
 * Alt and Ctrl held do not change the kind. False when it is not one. */
bool keyseq_mouse(const unsigned char *s, size_t n, struct keyseq_mouse *m);

#endif
