/* present.h - presenter mode's key echo: the last few keys pressed and ':'
 * commands run, each with what it does (from the key table, in the
 * language of the state), on their own row above the bottom line
 * (regions.h), newest first, so a class can follow what the teacher types
 * and nothing of the screen is covered. Entries fade after
 * PRESENT_SHOW_MS; a key held down or pressed again updates its entry with
 * a count ("→  position -1 / +1  x5") instead of flooding the box.
 *
 * The echo belongs to the input side (the explorer loop), not to the
 * state: it records keys, which the state never sees. No I/O. */
#ifndef PRESENT_H
#define PRESENT_H

#include <stdbool.h>
#include <stddef.h>

#include "render/canvas.h"
#include "model/state.h"

enum {
	PRESENT_LINES = 4,		/* entries shown */
	PRESENT_TEXT = 160,		/* bytes of one entry's text */
	PRESENT_SHOW_MS = 8000		/* how long an entry stays */
};

struct present_entry {
	int key;			/* keys.h code, or 0 for a command */
	int count;			/* presses of the same key in a row */
	long long at_ms;		/* when it was last pressed */
	char text[PRESENT_TEXT];	/* "]  d_model -2 / +2", ":d 128" */
};

struct present_echo {
	int n;					/* entries, oldest first */
	struct present_entry e[PRESENT_LINES];
};

/* Records key `code`, about to be handled in state s (call it before
 * keys_action and reduce): its name and meaning. On the ':' line only
 * Enter counts, recording the command typed; keys that do nothing (unbound,
 * or the ':' that opens the line) are not recorded. */
void present_key(struct present_echo *e, const struct state *s, int code,
		 long long now_ms);

/* Drops the entries older than PRESENT_SHOW_MS at now_ms. Returns true
 * when something was dropped (the screen must be redrawn). */
bool present_expire(struct present_echo *e, long long now_ms);

/* Draws the entries, newest first, on the echo row of a canvas drawn by
 * screen_draw for s in presenter mode (regions.h), as many as fit. Draws
 * nothing when the screen is too small. */
void present_draw(const struct present_echo *e, const struct state *s,
		  struct canvas *c);

#endif
