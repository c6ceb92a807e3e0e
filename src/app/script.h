/* script.h - scripted headless sessions: `pescope --keys FILE`.
 *
 * A script is a recorded session: keys, mouse events, resizes and ':'
 * commands go through the explorer's own path (keys_action, screen_click,
 * screen_wheel, reduce) and every frame is drawn with screen_draw into an
 * off-screen canvas, with no terminal and no curses. At the end the status
 * line (state_status) is printed, after the final screen with --snapshot.
 *
 * The format: UTF-8 text, one event per line.
 *
 *   key NAME        one key. NAME is a single character (q, :, é), or one of
 *                   Left Right Up Down PgUp PgDn Home End Enter Esc
 *                   Backspace Tab BTab Space (any case), or C-a .. C-z for a
 *                   control key (C-c; C-i is Tab, C-m and C-j Enter, C-h
 *                   Backspace, as a terminal sends them)
 *   text STRING     types each character of STRING: everything after
 *                   "text " to the end of the line, spaces included
 *   cmd LINE        types ':', LINE (everything after "cmd "), then Enter;
 *                   LINE may be empty
 *   click X Y       left click on cell X, Y (0-based: 0 0 is the top-left
 *                   cell, row 0 the status bar); must be on the screen
 *   wheel up|down X Y   a wheel turn over cell X, Y (up zooms in)
 *   resize W H      the screen becomes W x H cells, 1 to 1000 each
 *   tick [N]        N steps of the position sweep (default 1, at most
 *                   100000); it moves only while it plays (key Space)
 *   # comment       ignored, as are blank lines
 *
 * A comment may also end any line: a '#' at the start of a word (after a
 * space or a tab) begins it, and it runs to the end of the line, so
 * "cmd base 5e5   # half a million" runs ":base 5e5". To type a '#' write
 * "\#" ("key \#", "text a \# b"); every other backslash is itself, and
 * a '#' inside a word ("text a#b") is just a character.
 *
 * Words are separated by spaces or tabs, and a line may be indented. Numbers
 * are written as on the command line (12, 1e3). A line may end in CR LF, and
 * the file may start with a UTF-8 byte-order mark.
 * A line that is too long (over SCRIPT_LINE_MAX bytes), holds a NUL byte or
 * invalid UTF-8, or a control character in STRING or LINE, is a bad line.
 *
 * The session draws its first frame, then runs line by line and draws one
 * frame after each line that changed something: the keys of a text or cmd
 * line, like the steps of a tick line, are applied together, as the
 * explorer applies keys that arrive faster than it draws. So a script costs
 * at most one frame per line, however large N or long the text. The export
 * key writes no file here (a script has no side effects).
 *
 * The screen starts at --size (120x40 by default) and the state at the
 * other options (-d, -b, -n, -p, --view...), as for --snapshot.
 *
 * With --export FILE.cast the session is also written as an asciicast v2
 * recording (io/cast.h): the first frame at 0 s, then each line's frame
 * after the time the line takes: SCRIPT_CAST_KEY_S for a key, a click, a
 * wheel turn or a resize; SCRIPT_CAST_KEY_S plus SCRIPT_CAST_CHAR_S per
 * character for text and cmd (typing); the sweep's own 40 ms per step for
 * tick N; nothing for comments. The last screen is held for
 * SCRIPT_CAST_HOLD_S. Any other --export FILE writes the last screen as
 * that figure (io/figure.h). Either file is written atomically.
 *
 * The first bad line stops the session: `FILE:LINE: message` goes to
 * standard error, nothing to standard output, and the exit status is 65
 * (EX_DATAERR). A quit (key q, key C-c, cmd q) ends it early and the rest of
 * the file is not read. Other exit statuses: 66 when the script cannot be
 * opened (missing, a folder), 74 when reading it or writing the result
 * fails; a reader that goes away (| head -1) ends the run quietly. */
#ifndef SCRIPT_H
#define SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "app/cli.h"
#include "app/scene_file.h"
#include "model/state.h"
#include "render/canvas.h"
#include "views/screen.h"

enum {
	SCRIPT_LINE_MAX = 4096,		/* longest line, in bytes */
	SCRIPT_TICKS_MAX = 100000,	/* largest N of "tick N" */
	SCRIPT_SIZE_MAX = 1000,		/* largest W and H of "resize" */
	SCRIPT_ERR_MAX = 160		/* room for any message */
};

/* The pace of a cast, in seconds (see above). */
#define SCRIPT_CAST_KEY_S 0.5
#define SCRIPT_CAST_CHAR_S 0.08
#define SCRIPT_CAST_TICK_S 0.04	/* app/explorer.c's SWEEP_MS */
#define SCRIPT_CAST_HOLD_S 2.0

enum script_op {
	SCRIPT_NOTHING,		/* blank line or comment */
	SCRIPT_KEY,
	SCRIPT_TEXT,
	SCRIPT_CMD,
	SCRIPT_CLICK,
	SCRIPT_WHEEL,
	SCRIPT_RESIZE,
	SCRIPT_TICK
};

/* One parsed line. */
struct script_event {
	enum script_op op;
	int key;		/* KEY: a keys.h code */
	char text[SCRIPT_LINE_MAX + 1];	/* TEXT, CMD: the characters, valid
				 * UTF-8 without controls, comment gone and
				 * "\#" made '#' */
	int x, y;		/* CLICK, WHEEL: the cell */
	int dir;		/* WHEEL: +1 up, -1 down */
	int w, h;		/* RESIZE: the new size */
	long long count;	/* TICK: how many */
};

/* A session in progress. */
struct script_session {
	struct state s;		/* what the explorer would show */
	struct screen *sc;	/* the views' contexts, owned by the caller */
	struct canvas *c;	/* the off-screen screen, owned by the caller */
	long line;		/* lines read so far */
	bool quit;		/* a quit was applied; nothing more runs */
	/* Called after each event script_apply applied (NULL: none), with
	 * whether it drew a frame into c; hook is the caller's. Set it after
	 * script_begin, which clears it. */
	void (*after)(struct script_session *ss, const struct script_event *ev,
		      bool drew);
	void *hook;
	/* :save and :open (REACT_SCENE) are done, with this look, when
	 * `scenes` is true (the --keys mode; script_begin clears it, so that
	 * fuzzers write no files). An opened scene's look is kept here. */
	bool scenes;
	struct scene_look look;
	struct pe_matrix *matrix;	/* where the run's matrix lives, which
					 * :open replaces (app/scene_file.h) */
};

/* The outcome of script_feed. */
enum script_status {
	SCRIPT_DONE,		/* end of input, or a quit */
	SCRIPT_BAD_LINE,	/* line ss->line is bad; err says why */
	SCRIPT_READ_ERROR	/* reading failed; errno says why */
};

/* Parses one line of len bytes (without its '\n'; line[len] must be '\0';
 * the line may hold NUL bytes, which make it bad). Returns true with *ev
 * filled in, or false with a one-line message of at most n-1 bytes in err.
 * Looks at no state: a click outside the screen is found by script_apply.
 * A byte-order mark is not this function's business (script_feed skips one
 * at the start of the input). The message is in English (script_feed
 * gives it in the session's language). */
/* For tests only. */
bool script_parse(const char *line, size_t len, struct script_event *ev,
		  char *err, size_t n);

/* Applies ev to the session and draws the frames it causes into ss->c.
 * Returns false (changing nothing) with a message in err when ev does not
 * fit the session: a click or wheel outside the screen, or a resize the
 * canvas cannot take (out of memory). Does nothing after a quit. */
/* For tests only. */
bool script_apply(struct script_session *ss, const struct script_event *ev,
		  char *err, size_t n);

/* Starts a session on screen sc and canvas c (sized by the caller; the
 * session never frees them) with the state already in ss->s, and draws the
 * first frame, as the explorer does before it reads a key. */
/* For tests only. */
void script_begin(struct script_session *ss, struct screen *sc,
		  struct canvas *c);

/* Reads lines from in until the end, a quit or the first bad line, and
 * applies each; a CR before a line's '\n' is dropped. On SCRIPT_BAD_LINE,
 * ss->line is the bad line's number (from 1) and err (n bytes) says why.
 * Never holds more than SCRIPT_LINE_MAX + 1 bytes of a line in memory,
 * however long it is. */
/* For tests only. */
enum script_status script_feed(struct script_session *ss, FILE *in, char *err,
			       size_t n);

/* `pescope --keys FILE`: the recorded session, headless; prints the
 * final status line (and with --snapshot the screen). Returns the exit
 * status: 65 for a bad line (FILE:LINE: why), 66 when FILE cannot be
 * read. */
int script_run(const struct options *opt);

#endif
