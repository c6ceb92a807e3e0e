/* attn_bench.c - the engine side of the attention benchmark: the score
 * matrices a 240x70 attention view shows, on a grid of 70 query positions
 * by 240 key positions spread evenly over 0 .. L-1.
 *
 *   attn-bench D_MODEL LENGTH REPS
 *
 * A frame computes from scratch what the view would: the four terms of the
 * added score (and the added matrix as their sum), the RoPE and the ALiBi
 * score matrices, for
 *   identity  W_Q = W_K = I and the uniform content vector (every component
 *             1/sqrt d): the numbers attn_npy.py computes too, so both print
 *             the sums of the three matrices to compare;
 *   random    seeded N(0, 1/d) weights and a vocabulary of 8 token vectors
 *             (the model's tables are filled once, outside the timing, as a
 *             view keeps them between frames).
 * Prints one line "identity_ms=X random_ms=Y sum_added=.. sum_rope=..
 * sum_alibi=..": the fastest of REPS frames of each (the least disturbed
 * by the rest of the machine). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/attention.h"

enum { ROWS = 70, COLS = 240, SCHEMES = 3 };

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* The frame: the four terms of the added score, their sum (the added
 * matrix), RoPE's and ALiBi's, into out: added, RoPE, ALiBi, then the
 * terms, ROWS x COLS each. */
static void frame(const struct attn *a, const struct attn_axis *rows,
		  const struct attn_axis *cols, double *work, double *out)
{
	int h = a->set.pe.d_model / 2, n = ROWS * COLS;
	double *const terms[ATTN_TERMS] = { out + 3 * n, out + 4 * n,
					    out + 5 * n, out + 6 * n };

	for (int k = 0; k < 4 * n; k++)
		out[3 * n + k] = 0.0;
	attn_terms_add(a, rows, cols, 0, h, work, terms);
	for (int k = 0; k < n; k++)
		out[k] = terms[0][k] + terms[1][k] + terms[2][k] + terms[3][k];
	attn_scores(a, ATTN_ROPE, rows, cols, work, out + n);
	attn_scores(a, ATTN_ALIBI, rows, cols, work, out + 2 * n);
}

/* The fastest frame of model `set` in reps frames. */
static double time_frames(const struct attn_setup *set, long long L,
			  int reps, double *out, bool *ok)
{
	long long rp[ROWS], cp[COLS];
	struct attn a;
	struct attn_axis rows = { rp, NULL, ROWS }, cols = { cp, NULL, COLS };
	double *work, best = INFINITY;

	*ok = false;
	if (!attn_init(&a, set))
		return 0.0;
	attn_fill(&a);
	for (int k = 0; k < ROWS; k++)
		rp[k] = k * (L - 1) / (ROWS - 1);
	for (int k = 0; k < COLS; k++)
		cp[k] = k * (L - 1) / (COLS - 1);
	work = malloc((size_t)attn_work_size(ROWS, COLS, set->pe.d_model / 2) *
		      sizeof *work);
	*ok = work != NULL;
	for (int r = 0; r < reps && *ok; r++) {
		double t0 = now_ms();

		frame(&a, &rows, &cols, work, out);
		best = fmin(best, now_ms() - t0);
	}
	free(work);
	attn_free(&a);
	return best;
}

int main(int argc, char **argv)
{
	int d, reps;
	bool ok[2];
	long long L;
	double *out, id_ms, rnd_ms, sum[SCHEMES] = { 0 };
	struct attn_setup set;

	if (argc != 4) {
		fputs("usage: attn-bench D_MODEL LENGTH REPS\n", stderr);
		return 64;
	}
	d = atoi(argv[1]);
	L = atoll(argv[2]);
	reps = atoi(argv[3]);
	out = malloc(7 * (size_t)(ROWS * COLS) * sizeof *out);
	/* ALiBi's m = 1/L keeps the bias the size of the scores over the
	 * whole grid */
	set = (struct attn_setup){ { d, 1e4, PE_INTERLEAVED }, ATTN_W_IDENTITY,
				   ATTN_CONTENT_UNIFORM, 1, 1, 1.0 / (double)L };
	if (!out || !attn_setup_valid(&set) || reps < 1 || L < COLS) {
		fputs("attn-bench: bad arguments or no memory\n", stderr);
		return 64;
	}
	id_ms = time_frames(&set, L, reps, out, &ok[0]);
	for (int s = 0; s < SCHEMES; s++)
		for (int k = 0; k < ROWS * COLS; k++)
			sum[s] += out[s * ROWS * COLS + k];
	set.weights = ATTN_W_RANDOM;
	set.content = ATTN_CONTENT_TOKENS;
	set.vocab = 8;
	rnd_ms = time_frames(&set, L, reps, out, &ok[1]);
	if (!ok[0] || !ok[1]) {
		fputs("attn-bench: out of memory\n", stderr);
		return 71;
	}
	printf("identity_ms=%.3f random_ms=%.3f sum_added=%.12g sum_rope=%.12g "
	       "sum_alibi=%.12g\n", id_ms, rnd_ms, sum[0], sum[1], sum[2]);
	free(out);
	return 0;
}
