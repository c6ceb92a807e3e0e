/* record.h - `pescope --record FILE`: what the user does in the explorer,
 * written as a --keys script (app/script.h) that replays it.
 *
 * Lines, in the order things happened:
 *   resize W H       the screen's size: first, and whenever it changes
 *   key NAME         a key (keycode_name; '#' written "\#")
 *   cmd LINE         ':', the characters of LINE, Enter, typed in a row
 *   text STRING      characters typed on the ':' line otherwise (with
 *                    "key :" before them when the line was opened there)
 *   click X Y, wheel up|down X Y
 *   tick N           N steps of the playing sweep, between two events
 * and comments: a header with the command line (a replay needs the same
 * options: `pescope OPTIONS --keys FILE --snapshot`), "# view NAME" when
 * the view changes and "# lesson N NAME: step S of T, TITLE" when the
 * lesson step shown does.
 *
 * Pasted characters that the ':' line took are typed characters; a paste
 * anywhere else does nothing in the explorer and is not recorded. The
 * export key and :export are recorded, but a script writes no file
 * (script.h), so a replay shows no "saved ..." message where the explorer
 * did. The
 * file is atomic (io/atomic_file.h): written in full when the explorer
 * ends, by q, C-c or a signal that asks it to stop (SIGTERM, SIGHUP...),
 * as what was done up to then replays; left out (and any old file
 * untouched) when it cannot be written, or a fault kills the program.
 *
 * Every value the file holds is escaped: a ':' line longer than a script
 * line takes (SCRIPT_LINE_MAX) goes out as several "text" lines, and the
 * header writes the command line's words as a shell takes them back
 * ($'...' for control characters), so that no file name adds a line. */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "io/term.h"
#include "model/state.h"

struct record;

/* Starts recording to path for the session that argv (argc words) starts.
 * Returns NULL with an errno value in *err when the file cannot be
 * created, or memory runs out. */
struct record *record_open(const char *path, int argc, char **argv,
			   int *err);

/* The screen is now w x h (call it before the first event too). */
void record_resize(struct record *r, int w, int h);

/* Event ev was applied to s; the ':' line was open before it (was_open).
 * Also writes the comments record_state writes. */
void record_event(struct record *r, const struct term_event *ev,
		  bool was_open, const struct state *s);

/* One step of the playing sweep. */
void record_tick(struct record *r);

/* Writes the view and lesson comments when s shows another view or lesson
 * step than the last time. */
void record_state(struct record *r, const struct state *s);

/* Ends the recording: the file in place when ok and every write
 * succeeded, else no file. Returns 0, or an errno value. r is freed. */
int record_close(struct record *r, bool ok);

#endif
