/* lesson_mode.h - lessons for the modes: loading what the command line
 * asks for (with messages and exit statuses), opening it in the starting
 * state, `pescope --lessons` and `pescope --list lessons`.
 *
 * Exit statuses: 64 for a --step beyond the lesson, 65 (EX_DATAERR) for a
 * lesson file that does not load (the message gives FILE:LINE), 66
 * (EX_NOINPUT) when the lesson or the lessons folder cannot be found. */
#ifndef LESSON_MODE_H
#define LESSON_MODE_H

#include <stdbool.h>

#include "app/cli.h"
#include "model/lesson.h"
#include "model/state.h"

/* Fills b with the lessons a run needs, in the language opt->lang (which
 * main has settled): the lessons folder's book when want_book is true or
 * --lesson names a lesson, or just the file when --lesson is a path (it
 * contains '/'). Without --lesson a missing folder is not an error: b is
 * left empty, its error saying where lessons were looked for. Returns 0,
 * or prints "pescope: why" on stderr and returns an exit status. b is
 * always safe to pass to lesson_book_free afterwards. */
int lesson_mode_load(const struct options *opt, bool want_book,
		     struct lesson_book *b);

/* Points s (just made by session_init) at book b and, with --lesson,
 * opens that lesson at --step (1 when not given). b must outlive s. */
void lesson_mode_start(const struct options *opt, struct state *s,
		       const struct lesson_book *b);

/* `pescope --lessons`: the lessons of the language's folder, one line
 * each. Returns the exit status. */
int lessons_run(const struct options *opt);

/* `pescope --list lessons`: the names --lesson takes, one a line, from
 * the same folder. Returns the exit status, as lessons_run's. */
int lesson_names_run(const struct options *opt);

#endif
