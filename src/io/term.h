/* term.h - the terminal: the only module that talks to ncurses.
 *
 * It starts and restores the terminal, copies a canvas to the screen (ncurses
 * diffs it against the last frame and writes only what changed), and turns
 * the bytes the terminal sends into events with pescope's own key codes
 * (keys.h). Colour pairs are all defined once, when the terminal is opened,
 * never per frame.
 *
 * Input: bytes are decoded as UTF-8 here, not by ncurses, so that an invalid
 * byte becomes one U+FFFD and the bytes after it still arrive. ncurses
 * reads the keys of the terminfo entry; every other escape sequence, mouse
 * reports included, is read here (base/keyseq.h) within the escape delay
 * (25 ms from its ESC): a sequence cut short, by that delay or by a byte
 * that cannot go on with it, is dropped and the keys after it arrive.
 *
 * Modes: bracketed paste (terminfo BE/BD, or a terminal of an xterm-like
 * family: xterm, tmux, screen, rxvt, st, kitty, alacritty, foot, putty,
 * ...) and mouse reporting (XM, kmous or the family) are turned on only
 * where the terminal has them, a vt52 or vt100 gets neither, and they are
 * on before the first frame is written. What arrives between ESC[200~ and
 * ESC[201~ comes as events marked `pasted`, and its end as TEV_PASTE_END,
 * so the caller can treat pasted text as text, never as keys. A paste
 * whose end never comes is taken as ended after a second without input.
 * A terminal without an alternate screen (vt100, the Linux console) is
 * cleared when pescope ends, the cursor on an empty line.
 *
 * Size: the screen is at most TERM_SIZE_MAX cells each way, like --size.
 * COLUMNS or LINES above that (ncurses would believe them and allocate its
 * windows for them) are set aside for the terminal's own size, and a
 * terminal that reports more is capped; term_size_refused says what was
 * refused. The terminal's size changes (SIGWINCH) are read here for the same
 * reason, instead of by ncurses.
 *
 * Colour: 256 colours when the terminal has them, 24-bit when its terminfo
 * entry has RGB, or when COLORTERM is "truecolor" or "24bit" and the
 * "-direct" entry of the same terminal exists (xterm-256color ->
 * xterm-direct, tmux-256color -> tmux-direct; Debian's ncurses-term): ncurses
 * is then started with that entry. term_opts.depth forces a depth, as far as
 * the entry allows. NO_COLOR set and not empty means no colour.
 *
 * Every way out restores the terminal (alternate screen, cursor, mouse,
 * keypad and paste modes, tty modes): term_close() (also registered with
 * atexit), the signals that end the process (signals.h: a request sets a
 * flag that the caller polls with signals_pending, a fault writes prebuilt
 * restore strings with write(2) and puts the tty modes back before the
 * signal is raised again), and Ctrl-Z (SIGTSTP is caught too: the terminal
 * is restored before the process stops, and set up again when it goes on). */
#ifndef TERM_H
#define TERM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "render/canvas.h"
#include "render/palette.h"

/* The largest screen width and height: a bigger terminal shows its top
 * left TERM_SIZE_MAX x TERM_SIZE_MAX cells. */
enum { TERM_SIZE_MAX = 1000 };

/* term_opts.depth when the terminal decides. */
enum { TERM_DEPTH_AUTO = -1 };

struct term_opts {
	bool ascii;		/* force ASCII glyphs */
	bool no_color;		/* force monochrome */
	enum palette_id palette;	/* heat colours */
	int depth;		/* TERM_DEPTH_AUTO, or the enum color_mode
				 * wanted (never above what the terminal can) */
	enum theme theme;	/* the page the colours are for */
};

enum term_event_type {
	TEV_KEY,		/* key holds a keys.h code */
	TEV_CLICK,		/* left button at (x, y) */
	TEV_WHEEL,		/* wheel at (x, y); dir +1 up, -1 down */
	TEV_RESIZE,		/* the terminal changed size, or came back
				 * from Ctrl-Z: draw everything again */
	TEV_PASTE_END		/* a bracketed paste has ended */
};

struct term_event {
	enum term_event_type type;
	int key;		/* TEV_KEY */
	bool pasted;		/* TEV_KEY: part of a bracketed paste */
	int x, y;		/* TEV_CLICK, TEV_WHEEL: cell */
	int dir;		/* TEV_WHEEL */
};

/* Opens the interactive terminal on stdin/stdout. On failure writes one line
 * into err and returns 69 (EX_UNAVAILABLE): stdin or stdout not a terminal,
 * TERM unset or unknown, or no cursor addressing; or 71 (EX_OSERR) when
 * there is not enough memory for ncurses' screen. Returns 0 on success. */
int term_open(const struct term_opts *o, char *err, size_t n);

/* Whether $TERM names a terminfo entry that can move the cursor, as the
 * explorer needs (term_open refuses the others): reads the entry, writes
 * nothing to the terminal. */
bool term_addressable(void);

/* Opens a terminal of w x h cells of type term_name that writes to out and
 * reads nothing, for benchmarks of the real drawing path. Returns 0, or an
 * exit status with one line in err: 69 (EX_UNAVAILABLE) for a type terminfo
 * does not know, 71 (EX_OSERR) when memory or file descriptors ran out
 * (ulimit -n), 74 when /dev/null cannot be opened. */
int term_open_offscreen(const struct term_opts *o, const char *term_name,
			FILE *out, int w, int h, char *err, size_t n);

/* Restores the terminal. Safe to call any number of times. */
void term_close(void);

/* The screen size in cells, each at most TERM_SIZE_MAX. */
void term_size(int *w, int *h);

/* The size the environment or the terminal asked for that was larger than
 * TERM_SIZE_MAX, as it was asked (0 in a direction that was not refused);
 * false when nothing was refused since the terminal opened. */
bool term_size_refused(int *w, int *h);

/* True when glyphs are drawn as UTF-8 (locale is UTF-8 and not ascii). */
bool term_utf8(void);

/* The colour mode chosen for this terminal. */
enum color_mode term_color_mode(void);

/* Copies c to the screen and updates the terminal. c must have the screen's
 * size (term_size); extra cells are ignored. */
void term_draw(const struct canvas *c);

/* Why the terminal went away, as an errno value (EIO after a hang-up that
 * raised no SIGHUP: SIGHUP ignored, as under nohup, or a pty that is no
 * controlling terminal), or 0 while it takes frames and gives keys. ncurses
 * drops its write errors, so term_draw asks the terminal after each frame,
 * and term_read after each wait that brought nothing (a hung-up terminal
 * reads as no key at once, forever); *reading (may be NULL) is true when
 * only the reading failed. The caller ends: nothing it draws arrives. */
int term_lost(bool *reading);

/* Asks the terminal to put text on the clipboard: OSC 52 (xterm's
 * "Manipulate Selection Data") with the selection c and the text in
 * base64, ended by BEL. Only when the user asks for it. True when the
 * request was written; whether the terminal obeys is its own affair (many
 * ignore it; tmux only with set-clipboard on). False without a terminal. */
bool term_clipboard(const char *text);

/* Makes the next term_draw repaint every cell, as after a resume. */
void term_invalidate(void);

/* Waits up to timeout_ms (-1: forever, 0: just look) for one event. Returns
 * false when none came (timeout, or a signal interrupted the wait: look at
 * signals_pending). */
bool term_read(struct term_event *ev, int timeout_ms);

#endif
