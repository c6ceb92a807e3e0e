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
 * is dropped by the caller; either way the keys after it arrive. This file
 * only classifies bytes: no clock, no terminal. */
#ifndef KEYSEQ_H
#define KEYSEQ_H

#include <stdbool.h>
#include <stddef.h>

enum { KEYSEQ_MAX = 32 };	/* a longer sequence is taken as cut */

enum keyseq_state {
	KEYSEQ_MORE,		/* a proper beginning: wait for more */
	KEYSEQ_WHOLE,		/* s[0..n-1] is one whole sequence */
	KEYSEQ_CUT,		/* s[0..n-2] was cut off: s[n-1] is not its */
	KEYSEQ_ALT		/* ESC and a character that starts no
				 * sequence (Alt-x): two keys */
};

/* What s (n >= 1 bytes, s[0] ESC) is so far. */
enum keyseq_state keyseq_scan(const unsigned char *s, size_t n);

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
