/* lesson_run.h - lessons applied to the explorer's state: the steps, the
 * lesson commands, and the lesson and presenter actions and keys.
 *
 * Pure: no I/O. The lessons themselves (lesson.h) are owned by the mode
 * that loaded them; the state only points at the book (state.les).
 *
 * Lesson commands, accepted in lesson files besides the ':' commands of
 * command.h (which are tried when none of these matches):
 *   highlight dims A B   mark dimensions A..B (inclusive) on the heatmap
 *   highlight pos A B    mark positions A..B (inclusive)
 *   highlight off        no mark (every step starts without one)
 *   window A B           show positions A..B (inclusive) across the plots
 *   offset K             clocks view: offset k, 1 .. 1e9
 *   split I              bands view: first slow pair, 1 .. d/2-1
 *   threshold T          bands view: similarity threshold, 0.05 .. 0.95
 *   train L              context view: trained length L0, 1 .. 1e9
 *   scale S              context view: extension factor s, 1 .. 1024
 *   bug N | bug NAME     bugs view: mistake 1 .. 6, or its name
 *                        (e.g. half-exponent, see pe_variants.h)
 * ':q', ':quit', ':help' and ':h' are refused in lessons. Ranges that
 * depend on the parameters (A, B, I) are checked against the state the
 * earlier commands left. */
#ifndef LESSON_RUN_H
#define LESSON_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "model/lesson.h"
#include "model/state.h"

/* Runs one lesson command line (without ':') on s. Returns 0, or -1 with
 * one line in err (n bytes) and s unchanged. */
int lesson_command(struct state *s, const char *line, char *err, size_t n);

/* The lesson's starting point (see lesson.h): s's parameters, window,
 * view, knobs and preset are reset, the highlight cleared and the sweep
 * stopped; everything else (language, lessons, presenter mode, overlays)
 * is kept. */
void lesson_reset(struct state *s);

/* Replays the steps of l from the start on a scratch state, as
 * lesson_goto does, checking every command. Returns 0, or -1 with the
 * command's message in err and its line in *line. */
int lesson_check(const struct lesson *l, int *line, char *err, size_t n);

/* The lesson open in s, or NULL. */
const struct lesson *lesson_current(const struct state *s);

/* Shows step k (clamped into range) of the open lesson: lesson_reset, then
 * the commands of steps 0..k. Also makes those settings what 'r' returns
 * to. Does nothing without an open lesson. A lesson that passed
 * lesson_check never fails here; if a command does, the message line says
 * so. */
void lesson_goto(struct state *s, int k);

/* Opens lesson i of s's book at step k (clamped); i = -1 closes the open
 * lesson (the state stays as it is, the highlight goes). Closes the
 * chooser. Out-of-range i leaves s unchanged with a message. */
void lesson_open(struct state *s, int i, int k);

/* The lesson and presenter actions (ACT_LESSON_*, ACT_PRESENT_TOGGLE):
 * applies a to s and returns REACT_* flags, or REACT_NONE for any other
 * action. Stepping past either end stays put with a message. */
unsigned lesson_apply(struct state *s, const struct action *a);

/* The keys the lesson chooser and a focused caption take before the key
 * table: in the chooser, 0-9 open (0 closes the lesson), arrows and j/k
 * move, Enter opens the highlighted one; with the caption focused,
 * Left/Right and PgUp/PgDn step. Returns true and sets *a for such a key,
 * false for any other (which then goes to the key table). */
bool lesson_keys(const struct state *s, int code, struct action *a);

/* The invariants of s->les and s->hl: no lesson, or an open lesson of the
 * book with its step in range; chooser entry 0 .. book count; a highlight
 * with lo <= hi inside the matrix. */
bool lesson_cursor_valid(const struct state *s);

#endif
