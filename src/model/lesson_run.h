/* lesson_run.h - lessons shown in the explorer: going to a step, opening a
 * lesson, and the lesson and presenter actions.
 *
 * Pure: no I/O. The lessons themselves (book.h, read by lesson.h) are
 * owned by the mode that loaded them; the state only points at the book
 * (state.les). Their keys are keymaps of keys.c. */
#ifndef LESSON_RUN_H
#define LESSON_RUN_H

#include "model/action.h"
#include "model/state.h"

/* Shows step k (clamped into range) of the open lesson: lesson_reset, then
 * the commands of steps 0..k. Also makes those settings what 'r' returns
 * to. Does nothing without an open lesson. A lesson that passed
 * lesson_check never fails here; if a command does, the message line says
 * so. */
/* For tests only. */
void lesson_goto(struct state *s, int k);

/* Opens lesson i of s's book at step k (clamped); i = -1 closes the open
 * lesson (the state stays as it is, the highlight goes). Closes the
 * chooser. Out-of-range i leaves s unchanged with a message. */
void lesson_open(struct state *s, int i, int k);

/* The lesson and presenter actions (ACT_LESSON_*, ACT_PRESENT_TOGGLE):
 * applies a to s and returns REACT_* flags, or REACT_NONE for any other
 * action. Stepping past either end stays put with a message. */
unsigned lesson_apply(struct state *s, const struct action *a);

#endif
