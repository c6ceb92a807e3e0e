/* attn_bench.c - the engine side of the attention benchmark: the numbers
 * the attention view's score panel computes, on the grid it shows (the
 * view prints it, "p, q = 0…4050 step 54"; bench.sh reads it from a
 * 240x70 snapshot and passes it here).
 *
 *   attn-bench D_MODEL SIDE STEP REPS
 *
 * A frame computes from scratch what the view's job does
 * (views/view_attention_scores.c) on the positions 0, STEP, ... (SIDE - 1)
 * STEP for both queries and keys: the four terms of the added score and
 * their sum (the added matrix), the RoPE and the ALiBi score matrices
 * (ALiBi's slope 2^(-8/8), the view's default), the largest spread along
 * a diagonal of the added, RoPE, ALiBi and position.position matrices,
 * and the sizes of the four terms; for
 *   identity  W_Q = W_K = I and the uniform content vector (every component
 *             1/sqrt d): the numbers attn_npy.py computes too, so both print
 *             the sums of the three matrices and the spreads to compare;
 *   random    seeded N(0, 1/d) weights and a vocabulary of 8 token vectors
 *             (the model's tables are filled once, outside the timing, as a
 *             view keeps them between frames).
 * Prints one line "identity_ms=X random_ms=Y sum_added=.. sum_rope=..
 * sum_alibi=.. spread_added=.. spread_rope=.. spread_alibi=..": the
 * fastest of REPS frames of each (the least disturbed by the rest of the
 * machine); the spreads are relative to each matrix's largest score. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/attention.h"

enum { SIDE_MAX = 1024, MATS = 7, SHOWN = 3 };

/* The matrices of a frame, as the view keeps them. */
enum { M_ADDED, M_ROPE, M_ALIBI, M_CC, M_CP, M_PC, M_PP };

struct frame_out {
	double *mat;			/* MATS matrices of side x side */
	struct attn_spread spread[MATS];
	double rms[ATTN_TERMS];
};

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* One frame: everything the view's job computes for this grid. */
static void frame(const struct attn *a, const struct attn_axis *ax,
		  double *work, struct frame_out *o)
{
	static const int spread_of[] = { M_ADDED, M_ROPE, M_ALIBI, M_PP };
	int h = a->set.pe.d_model / 2;
	size_t n = (size_t)ax->n * (size_t)ax->n;
	double *const terms[ATTN_TERMS] = { o->mat + M_CC * n,
					    o->mat + M_CP * n,
					    o->mat + M_PC * n,
					    o->mat + M_PP * n };

	for (size_t k = 0; k < 4 * n; k++)
		o->mat[M_CC * n + k] = 0.0;
	attn_terms_add(a, ax, ax, 0, h, work, terms);
	for (size_t k = 0; k < n; k++)
		o->mat[k] = terms[0][k] + terms[1][k] + terms[2][k] + terms[3][k];
	attn_scores(a, ATTN_ROPE, ax, ax, work, o->mat + M_ROPE * n);
	attn_scores(a, ATTN_ALIBI, ax, ax, work, o->mat + M_ALIBI * n);
	for (int t = 0; t < ATTN_TERMS; t++)
		o->rms[t] = attn_rms(terms[t], (long long)n);
	for (size_t k = 0; k < sizeof spread_of / sizeof spread_of[0]; k++)
		o->spread[spread_of[k]] =
			attn_diagonal_spread(o->mat + (size_t)spread_of[k] * n, ax, ax,
					     work);
}

/* The fastest frame of model `set` in reps frames. */
static double time_frames(const struct attn_setup *set, int side,
			  long long step, int reps, struct frame_out *o,
			  bool *ok)
{
	long long pos[SIDE_MAX];
	struct attn a;
	struct attn_axis ax = { pos, NULL, side };
	size_t need = (size_t)attn_work_size(side, side, set->pe.d_model / 2);
	double *work, best = INFINITY;

	*ok = false;
	if (!attn_init(&a, set))
		return 0.0;
	attn_fill(&a);
	for (int k = 0; k < side; k++)
		pos[k] = k * step;
	/* the spread's workspace: 2 side^2 */
	if (need < 2 * (size_t)side * (size_t)side)
		need = 2 * (size_t)side * (size_t)side;
	work = malloc(need * sizeof *work);
	*ok = work != NULL;
	for (int r = 0; r < reps && *ok; r++) {
		double t0 = now_ms();

		frame(&a, &ax, work, o);
		best = fmin(best, now_ms() - t0);
	}
	free(work);
	attn_free(&a);
	return best;
}

int main(int argc, char **argv)
{
	int d, side, reps;
	long long step;
	bool ok[2];
	double id_ms, rnd_ms, sum[SHOWN] = { 0 }, rel[SHOWN];
	struct frame_out o;
	struct attn_setup set;

	if (argc != 5) {
		fputs("usage: attn-bench D_MODEL SIDE STEP REPS\n", stderr);
		return 64;
	}
	d = atoi(argv[1]);
	side = atoi(argv[2]);
	step = atoll(argv[3]);
	reps = atoi(argv[4]);
	set = (struct attn_setup){ { d, 1e4, PE_INTERLEAVED }, ATTN_W_IDENTITY,
				   ATTN_CONTENT_UNIFORM, 8, 1, exp2(-8.0 / 8) };
	if (!attn_setup_valid(&set) || reps < 1 || side < 2 ||
	    side > SIDE_MAX || step < 1 || (side - 1) * step > PE_LEN_MAX) {
		fputs("attn-bench: bad arguments\n", stderr);
		return 64;
	}
	o.mat = malloc((size_t)MATS * (size_t)side * (size_t)side *
		       sizeof *o.mat);
	if (!o.mat) {
		fputs("attn-bench: out of memory\n", stderr);
		return 71;
	}
	id_ms = time_frames(&set, side, step, reps, &o, &ok[0]);
	for (int s = 0; s < SHOWN; s++) {
		for (int k = 0; k < side * side; k++)
			sum[s] += o.mat[(size_t)s * (size_t)(side * side) + (size_t)k];
		rel[s] = o.spread[s].scale > 0
				 ? o.spread[s].spread / o.spread[s].scale : 0.0;
	}
	set.weights = ATTN_W_RANDOM;
	set.content = ATTN_CONTENT_TOKENS;
	rnd_ms = time_frames(&set, side, step, reps, &o, &ok[1]);
	free(o.mat);
	if (!ok[0] || !ok[1]) {
		fputs("attn-bench: out of memory\n", stderr);
		return 71;
	}
	printf("identity_ms=%.3f random_ms=%.3f sum_added=%.12g sum_rope=%.12g "
	       "sum_alibi=%.12g spread_added=%.3g spread_rope=%.1e "
	       "spread_alibi=%.1e\n", id_ms, rnd_ms, sum[0], sum[1], sum[2],
	       rel[0], rel[1], rel[2]);
	return 0;
}
