/* drill.c - drawing interview questions from a seed and checking answers
 * (see drill.h). The kinds are drill_kinds.c's; the text is
 * drill_text.c's. */
#include "model/drill.h"

#include <math.h>
#include <stdint.h>

#include "base/numparse.h"
#include "model/drill_kinds.h"
#include "model/drill_make.h"

/* ---- which kind comes when ---- */

/* Salts that keep the deck and the parameters on separate streams. */
enum { SALT_DECK = 1, SALT_PARAMS = 2 };

/* A kind's place in the deck of a round: a number drawn from the seed,
 * the round and the kind's name (FNV-1a), not from its place in the table
 * or how many kinds there are. */
static uint64_t deck_key(unsigned long long seed, int round, const char *name)
{
	uint64_t h = 14695981039346656037u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 1099511628211u;
	return rng_hash(seed, ((uint64_t)round << 8) | SALT_DECK, h);
}

/* The shuffled deck of the n kinds for round `round` (round >= 0): the
 * kinds in the order of their keys. A new kind takes its place among the
 * others and moves none of them, so that the questions a seed asks before
 * it stay as they were. */
static void deck_of(unsigned long long seed, int round, int n,
		    int deck[DRILL_KINDS_MAX])
{
	uint64_t key[DRILL_KINDS_MAX];

	for (int i = 0; i < n; i++) {
		int j = i;

		key[i] = deck_key(seed, round, drill_spec_of(i)->name);
		for (; j > 0 && key[deck[j - 1]] > key[i]; j--)
			deck[j] = deck[j - 1];
		deck[j] = i;
	}
}

/* The kind of question `number`: a deck per round, with the first card of
 * a round swapped away when it repeats the last card of the round before,
 * so the same kind never comes twice in a row. */
static int kind_of(unsigned long long seed, int number)
{
	int deck[DRILL_KINDS_MAX], prev[DRILL_KINDS_MAX];
	int n = drill_kind_count(), round = number / n, slot = number % n;

	deck_of(seed, round, n, deck);
	if (round > 0) {
		deck_of(seed, round - 1, n, prev);
		if (deck[0] == prev[n - 1]) {
			deck[0] = deck[1];
			deck[1] = prev[n - 1];
		}
	}
	return deck[slot];
}

/* ---- a question ---- */

/* The width and base every question starts from, before its maker: the
 * widths and bases people meet (10000 twice, as the classic one). */
static const int widths[] = { 32, 64, 128, 256, 512, 768, 1024 };
static const double bases[] = { 1e3, 1e4, 1e4, 5e5, 1e6 };

void drill_question_make(unsigned long long seed, int number,
			 struct drill_question *q)
{
	const struct drill_spec *spec;
	struct rng r;
	int d;
	double base;

	if (number < 0)
		number = 0;
	rng_init(&r, seed, ((uint64_t)number << 8) | SALT_PARAMS);
	/* one draw after the other: the expressions of an initializer list
	 * may be evaluated in any order */
	d = DRILL_PICK(&r, widths);
	base = DRILL_PICK(&r, bases);
	*q = (struct drill_question){
		.kind = kind_of(seed, number),
		.number = number,
		.pe = { d, base, PE_INTERLEAVED },
		.len = 1024,
		.scale = 1.0,
		.panel = -1,
		.model = -1,
	};
	spec = drill_spec_of(q->kind);
	q->view = spec->view;
	spec->make(q, &r);
	if (q->train_len == 0)
		q->train_len = q->len;
}

/* ---- checking ---- */

enum drill_verdict drill_check(const struct drill_question *q,
			       const char *typed)
{
	double x, err;

	if (q->choice) {
		char c = typed[0];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c < 'a' || c >= 'a' + DRILL_CHOICES || typed[1] != '\0')
			return DRILL_UNREADABLE;
		return c - 'a' == q->right ? DRILL_RIGHT : DRILL_WRONG;
	}
	if (numparse_double(typed, -1e300, 1e300, NUMPARSE_CLOSED, &x) !=
	    NUMPARSE_OK)
		return DRILL_UNREADABLE;
	err = fabs(x - q->answer);
	return err <= (q->tol_rel ? q->tol * fabs(q->answer) : q->tol)
		       ? DRILL_RIGHT : DRILL_WRONG;
}
