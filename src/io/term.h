/* term.h - the terminal: the only module that talks to ncurses.
 *
 * It starts and restores the terminal, copies a canvas to the screen (ncurses
 * diffs it against the last frame and writes only what changed), and turns
 * ncurses key and mouse codes into pescope's own (keys.h). Colour pairs are
 * all defined once, when the terminal is opened, never per frame.
 *
 * Every way out restores the terminal: term_close() (also registered with
 * atexit), the polite signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT set a flag
 * that the caller polls with term_signal()), and crashes (SIGSEGV, SIGBUS,
 * SIGFPE, SIGABRT: prebuilt restore strings are written with write(2), the
 * terminal modes put back, and the signal re-raised). */
#ifndef TERM_H
#define TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "render/canvas.h"
#include "render/palette.h"

struct term_opts {
	bool ascii;		/* force ASCII glyphs */
	bool no_color;		/* force monochrome */
	enum palette_id palette;	/* heat colours */
};

enum term_event_type {
	TEV_KEY,		/* key holds a keys.h code */
	TEV_CLICK,		/* left button at (x, y) */
	TEV_WHEEL,		/* wheel at (x, y); dir +1 up, -1 down */
	TEV_RESIZE		/* the terminal changed size */
};

struct term_event {
	enum term_event_type type;
	int key;		/* TEV_KEY */
	int x, y;		/* TEV_CLICK, TEV_WHEEL: cell */
	int dir;		/* TEV_WHEEL */
};

/* Opens the interactive terminal on stdin/stdout. On failure writes one line
 * into err and returns 69 (EX_UNAVAILABLE): stdin or stdout not a terminal,
 * TERM unset or unknown, or no cursor addressing. Returns 0 on success. */
int term_open(const struct term_opts *o, char *err, size_t n);

/* Opens a terminal of w x h cells of type term_name that writes to out and
 * reads nothing, for benchmarks of the real drawing path. Returns 0, or -1
 * with a message in err. */
int term_open_offscreen(const struct term_opts *o, const char *term_name,
			FILE *out, int w, int h, char *err, size_t n);

/* Restores the terminal. Safe to call any number of times. */
void term_close(void);

/* The screen size in cells. */
void term_size(int *w, int *h);

/* True when glyphs are drawn as UTF-8 (locale is UTF-8 and not ascii). */
bool term_utf8(void);

/* The colour mode chosen for this terminal. */
enum color_mode term_color_mode(void);

/* Copies c to the screen and updates the terminal. c must have the screen's
 * size (term_size); extra cells are ignored. */
void term_draw(const struct canvas *c);

/* Makes the next term_draw repaint every cell, as after a resume. */
void term_invalidate(void);

/* Waits up to timeout_ms (-1: forever, 0: just look) for one event. Returns
 * false when none came (timeout, or a signal interrupted the wait). */
bool term_read(struct term_event *ev, int timeout_ms);

/* The polite signal that arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0. */
int term_signal(void);

#endif
