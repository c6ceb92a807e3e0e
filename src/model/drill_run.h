/* drill_run.h - the interview drill applied to the explorer's state.
 *
 * The drill's actions (ACT_DRILL_*) move the session (drill_session.h)
 * through its phases; revealing an answer applies the question's
 * parameters, view and knobs to the state (drill.h), so the answer is on
 * screen, live. Its keys are a keymap of keys.c. No I/O. */
#ifndef DRILL_RUN_H
#define DRILL_RUN_H

#include "model/action.h"
#include "model/state.h"

/* Applies a drill action to s and returns the REACT_* flags; REACT_NONE
 * (0) for every other action, so reduce() can try it in its chain. Never
 * breaks the state's invariants. */
unsigned drill_apply(struct state *s, const struct action *a);

#endif
