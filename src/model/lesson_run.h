/* lesson_run.h - lessons shown in the explorer: going to a step, opening a
 * lesson, a step's question, and the lesson and presenter actions.
 *
 * A step with a question (lesson.h: "ask:") first waits for its answer
 * on the screen the commands above the question make, and nothing but
 * the lesson's own keys, the help, presenter mode, export and quit
 * changes that screen (lesson_frozen): the class predicts from what it
 * sees. A letter answers it (ACT_LESSON_ANSWER); then the step's other
 * commands run and the caption opens with whether the prediction held.
 * Coming to the step again asks again; R keeps the answer.
 *
 * Pure: no I/O. The lessons themselves (book.h, read by lesson.h) are
 * owned by the mode that loaded them; the state only points at the book
 * (state.les). Their keys are keymaps of keys.c. */
#ifndef LESSON_RUN_H
#define LESSON_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "model/action.h"
#include "model/book.h"
#include "model/state.h"

/* Room for what the caption box shows (lesson_shown), NUL included. */
enum {
	LESSON_SHOWN_MAX = LESSON_CAPTION_MAX + LESSON_QUESTION_MAX +
			   (LESSON_OPTIONS_MAX + 2) * (LESSON_OPTION_MAX + 8) +
			   256
};

/* Shows step k (clamped into range) of the open lesson: lesson_reset, then
 * the commands of steps 0..k (of step k only those above its question
 * while it waits for an answer). Also makes those settings what 'r'
 * returns to. Does nothing without an open lesson. A lesson that passed
 * lesson_check never fails here; if a command does, the message line says
 * so. */
/* For tests only. */
void lesson_goto(struct state *s, int k);

/* Opens lesson i of s's book at step k (clamped); i = -1 closes the open
 * lesson (the state stays as it is, the highlight goes). Closes the
 * chooser. Out-of-range i leaves s unchanged with a message. */
void lesson_open(struct state *s, int i, int k);

/* The question of the step shown while it waits for its answer; NULL
 * when no lesson is open, the step asks nothing or it was answered. */
const struct lesson_ask *lesson_waiting(const struct state *s);

/* Whether action a must wait because a question does (lesson_waiting):
 * true, with a message saying which letters answer, for an action that
 * would change the screen the class predicts from. */
bool lesson_frozen(struct state *s, const struct action *a);

/* What the caption box shows for step k of l when chosen is what
 * state.les.chosen would be (0: not answered yet): a question waiting
 * shows itself and its options, one a paragraph ("a) Faster"); an answered
 * one a first paragraph saying whether the prediction held, then the
 * caption; a step without a question, its caption. Written into buf (n
 * bytes, LESSON_SHOWN_MAX is room for any) in the language of s. */
const char *lesson_shown(const struct state *s, const struct lesson *l,
			 int k, int chosen, char *buf, size_t n);

/* The lesson and presenter actions (ACT_LESSON_*, ACT_PRESENT_TOGGLE):
 * applies a to s and returns REACT_* flags, or REACT_NONE for any other
 * action. Stepping past either end stays put with a message. */
unsigned lesson_apply(struct state *s, const struct action *a);

#endif
