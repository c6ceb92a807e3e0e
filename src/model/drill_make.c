/* drill_make.c - what the drill's makers draw and set a question with
 * (see drill_make.h). */
#include "model/drill_make.h"

#include <stdint.h>

/* ---- the random numbers: engine/rng, the same on every C library ---- */

long long drill_rng_range(struct rng *r, long long lo, long long hi)
{
	return lo + (long long)rng_below(r, (uint64_t)(hi - lo) + 1);
}

/* rng_below's draw is under n, so it fits an int. */
int drill_rng_index(struct rng *r, int n)
{
	return (int)rng_below(r, (uint64_t)n);
}

/* ---- what the makers set ---- */

void drill_set_number(struct drill_question *q, double answer, double tol,
		      bool rel)
{
	q->choice = false;
	q->answer = answer;
	q->tol = tol;
	q->tol_rel = rel;
}

void drill_set_choice(struct drill_question *q, struct rng *r)
{
	q->choice = true;
	for (int i = 0; i < DRILL_CHOICES; i++)
		q->order[i] = i;
	for (int i = DRILL_CHOICES - 1; i > 0; i--) {
		int j = drill_rng_index(r, i + 1), t = q->order[i];
		q->order[i] = q->order[j];
		q->order[j] = t;
	}
	for (int i = 0; i < DRILL_CHOICES; i++)
		if (q->order[i] == 0)
			q->right = i;
}

void drill_set_knob(struct drill_question *q, int i, const char *word,
		    double value)
{
	q->knob[i] = (struct drill_knob){ word, value };
}

void drill_set_extension(struct drill_question *q, long long train,
			 double scale)
{
	q->train_len = train;
	q->scale = scale;
	q->len = train * (long long)scale;
	drill_set_knob(q, 0, "train", (double)train);
	drill_set_knob(q, 1, "scale", scale);
}
