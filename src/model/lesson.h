/* lesson.h - guided lessons: the file format, the parser and the lookup
 * in a book. Pure: reading the files is app/lesson_files.h.
 *
 * A lesson is a plain UTF-8 text file, one per language, in
 * assets/lessons/<lang>/NN-name.txt (NN orders them; `name` is what
 * --lesson takes, as is NN or the whole file name). For example:
 *
 *     # A comment: '#' in the first column.
 *     title: Why a Transformer needs positions
 *     about: Attention ignores word order; what gets added to fix it.
 *
 *     == Attention sees a bag of tokens
 *     : view explore
 *     : d 64
 *     : len 32
 *     : highlight pos 8 15
 *     Self-attention compares every token with every other one. Nothing
 *     in that comparison says which token came first.
 *
 *     A blank line starts a new paragraph.
 *
 *     == The next step
 *     ...
 *
 * Lines starting with '#' are comments. The header (before the first step)
 * holds `title:` and `about:` (one line each, both required; `about` is
 * what --lessons prints). Each step starts with a line "== title" and
 * holds, in any order:
 *   - commands: ':' in the first column, then what you would type on the
 *     explorer's ':' line (command.h: d, base, len, pos, dim, layout, view,
 *     preset, reset, fit, highlight, window, and the knobs of the views:
 *     offset, split, threshold, train, scale, bug...); :q and :help are
 *     refused; and two of the lesson's own, for the panels of the view
 *     shown (their names are the view spec's panel_name, catalog.h):
 *       focus PANEL      lights PANEL: the one the caption is about;
 *       zoom PANEL       lights it and gives it the whole body;
 *       zoom PANEL WxH   lights it, and zooms it on screens narrower than
 *                        W or shorter than H, where it would be too small
 *                        to show what the caption says (the zoom follows
 *                        the screen when its size changes: state.h;
 *                        a later "view" command clears it);
 *   - caption text: consecutive lines are joined into a paragraph (with a
 *     space, except next to a Chinese character, where no space belongs);
 *     blank lines separate paragraphs. A line that must start with '#', ':',
 *     '=' or '\' starts with '\' instead ("\: not a command"), as does
 *     one that starts with "ask:", "option " or "answer:";
 *   - at most one question, for the student to predict what the step
 *     shows before it shows it:
 *       ask: When d doubles, do the waves get faster or slower?
 *       option a: Faster
 *       option b: Slower
 *       answer: b
 *     The question is one line; its options (2 to LESSON_OPTIONS_MAX, one
 *     line each) follow it and go a, b, c in order; "answer:" names the
 *     right one. The commands above the "ask:" line make the screen the
 *     question is asked over; those below it run once it is answered, and
 *     the caption then says what is true (lesson_run.h).
 * A step's state is the lesson's start (d 512, base 10000, len 128, pos 0,
 * dim 0, interleaved, view explore, the whole matrix, knobs at their
 * defaults) with the commands of every step up to and including it applied
 * in order, so a step only lists what changes; its highlight, focus and
 * zoom are its own (without them: the first panel, not zoomed).
 *
 * Limits, each refused with "FILE:LINE: why": a file of at most
 * LESSON_FILE_MAX bytes, lines of at most LESSON_LINE_MAX bytes, valid
 * UTF-8 only, no control characters but tab (read as a space) and a CR
 * before the line feed, at most LESSON_STEPS_MAX steps of at most
 * LESSON_CMDS_MAX commands and LESSON_CAPTION_MAX bytes of caption, every
 * step with a caption, and every command applying without error when the
 * steps are replayed from the start. */
#ifndef LESSON_H
#define LESSON_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "model/book.h"
#include "model/catalog.h"
#include "model/state.h"

/* ---- one lesson ---- */

/* Parses the `len` bytes at text (NUL bytes inside are refused) as the
 * lesson file `path` (used for the name and for messages; its folders are
 * ignored). Checks everything listed at the top, replaying every step on a
 * scratch state with the views of cat (lesson_check) in language l.
 * Returns 0, or -1 with "PATH:LINE: why" in err (n bytes; cut if needed;
 * why in language l) and *out undefined. Pure: no I/O (app/lesson_files.h reads the files). It
 * reads no model file: the app reads lessons with lesson_parse_models,
 * and this one is for tests only (the unit tests and the fuzzer). */
int lesson_parse(const char *text, size_t len, const char *path,
		 const struct catalog *cat, enum lang l, struct lesson *out,
		 char *err, size_t n);

/* lesson_parse, where a step may say "model FILE": FILE is named from the
 * lesson file's folder (the command is kept with that folder in front, so
 * that the check and the run read the same file wherever pescope was
 * started) and read by reader when the steps are checked; lesson_parse
 * refuses such a step ("no files are read here"). */
int lesson_parse_models(const char *text, size_t len, const char *path,
			const struct catalog *cat, model_reader reader,
			enum lang l, struct lesson *out, char *err, size_t n);

void lesson_free(struct lesson *l);

/* Splits a file name "NN-name.txt" into number NN and name (bytes before
 * ".txt", after "NN-"); no number gives 0 and the whole stem. */
/* For tests only. */
void lesson_name_of(const char *path, int *number, char *name, size_t n);

/* Checks one raw line of a lesson or a scene (len bytes, no '\n'): at
 * most LESSON_LINE_MAX bytes once a final CR is dropped, no NUL, valid
 * UTF-8, no control character but tab. Copies it into buf (LESSON_LINE_MAX
 * + 1 bytes) with tabs made spaces. Returns 0, or -1 with why in why (n
 * bytes, in language l, no byte of the line in it). */
int lesson_line_clean(const char *raw, size_t len, char *buf, enum lang l,
		      char *why, size_t n);

/* ---- steps ---- */

/* Where every lesson starts: d 512, base 1e4, len 128, pos 0, dim 0,
 * interleaved. */
/* For tests only. */
extern const struct settings lesson_start;

/* The lesson's starting point: state_reset to lesson_start (but the
 * d_model, base, layout and length of a loaded matrix, which fixes
 * them), the first view, no highlight. Everything else (language, lessons, presenter
 * mode, overlays) is kept. */
void lesson_reset(struct state *s);

/* "focus PANEL", "zoom PANEL" or "zoom PANEL WxH" (above) applied to s:
 * 1 when line is one of them and it applied, 0 when line is another
 * command, -1 with why in err (n bytes). */
int lesson_panel_command(struct state *s, const char *line, char *err,
			 size_t n);

/* Applies the first ncmds commands of step st to s (st->ncmds: all of
 * them; st->ask.at: those that make the screen its question is asked
 * over), its highlight replacing the last step's. Returns 0, or -1 with
 * the command's message in err (n bytes) and its line in *line. */
int lesson_step_apply(struct state *s, const struct lesson_step *st,
		      int ncmds, int *line, char *err, size_t n);

/* The question of step k of l (from 0): its text, its options (option i
 * is the letter 'a' + i), the right one and where it splits the step's
 * commands (book.h); NULL when the step asks nothing or there is no such
 * step. */
const struct lesson_ask *lesson_step_ask(const struct lesson *l, int k);

/* ---- a book of lessons ---- */

/* Frees the lessons of b and empties it. */
void lesson_book_free(struct lesson_book *b);

/* The index of the lesson called name in b: its name ("positions"), its
 * number ("1" or "01") or its file name ("01-positions" or
 * "01-positions.txt"). -1 when none matches. */
int lesson_book_find(const struct lesson_book *b, const char *name);

/* Whether the lesson file called `file` (a file name, no folder) is the one
 * `name` asks for, as lesson_book_find matches them. */
bool lesson_name_matches(const char *file, const char *name);

#endif
