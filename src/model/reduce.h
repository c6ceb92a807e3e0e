/* reduce.h - the one function that changes the explorer's state.
 *
 * reduce() turns one action (action.h) into a new state and returns what
 * the caller must do next (redraw, quit, export). It does no I/O, so keys,
 * mouse events, scripts and fuzzers all drive the program through the same
 * path, without a terminal. It sits on top of the model: the ':' line
 * (command.h), lessons (lesson_run.h) and the drill (drill_run.h) are
 * reached from here, and none of them calls back. */
#ifndef REDUCE_H
#define REDUCE_H

#include "model/action.h"
#include "model/state.h"

/* Applies a to s and returns REACT_* flags. Never breaks the invariants
 * of state.h: a step that would leave a range is clamped, and one that
 * cannot be taken leaves s unchanged with an explanation in s->msg. */
unsigned reduce(struct state *s, const struct action *a);

#endif
