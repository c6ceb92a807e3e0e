/* drill_make.h - inside the drill (its interface is drill.h): what the
 * kinds' makers (drill_kinds.c) and drill.c draw a question's numbers with
 * and set it with. */
#ifndef DRILL_MAKE_H
#define DRILL_MAKE_H

#include <stdbool.h>

#include "engine/rng.h"
#include "model/drill_question.h"

/* A number in [lo, hi], lo <= hi; an index in [0, n), n >= 1. */
long long drill_rng_range(struct rng *r, long long lo, long long hi);
int drill_rng_index(struct rng *r, int n);

/* One value of an array, drawn from r. */
#define DRILL_PICK(r, array) \
	((array)[drill_rng_index((r), (int)(sizeof(array) / sizeof((array)[0])))])

/* A number question: the answer and the error allowed (relative to
 * |answer| when rel). */
void drill_set_number(struct drill_question *q, double answer, double tol,
		      bool rel);

/* A choice question: the options in an order drawn from r, the right one
 * (option 0) at letter q->right. */
void drill_set_choice(struct drill_question *q, struct rng *r);

/* Knob i (< DRILL_KNOBS) of the reveal: its word (catalog.h) and value. */
void drill_set_knob(struct drill_question *q, int i, const char *word,
		    double value);

/* A context extension from `train` positions by `scale`: the context
 * view's train and scale knobs (knobs 0 and 1) and the extended length in
 * view. */
void drill_set_extension(struct drill_question *q, long long train,
			 double scale);

#endif
