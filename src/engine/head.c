/* head.c - one attention head over a sentence, and what shuffling its
 * tokens does (see head.h for the contract). */
#include "engine/head.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"

bool head_setup_valid(const struct head_setup *h)
{
	struct pe_params pe;

	if (!h)
		return false;
	pe = (struct pe_params){ h->d, h->base, PE_INTERLEAVED };
	return pe_params_valid(&pe) && h->d <= HEAD_D_MAX && h->vocab >= 1 &&
	       h->vocab <= ATTN_VOCAB_MAX &&
	       (unsigned)h->scheme < ATTN_SCHEMES && isfinite(h->slope) &&
	       h->slope >= 0.0;
}

/* Memory of one run: the model's tables apart. */
struct run_mem {
	double logits[HEAD_TOKENS_MAX * HEAD_TOKENS_MAX];
	double work[4 * 2 * HEAD_TOKENS_MAX * (HEAD_D_MAX / 2)];
	double wv[HEAD_D_MAX * HEAD_D_MAX];
	double values[HEAD_TOKENS_MAX * HEAD_D_MAX];
	double pe[HEAD_D_MAX];
};

/* The head on tokens[0..n-1] with the filled model a. */
static void run(const struct head_setup *h, const struct attn *a,
		const int *tokens, int n, struct run_mem *m, double *out)
{
	int d = h->d;
	bool added = h->scheme == ATTN_ADDED;
	long long pos[HEAD_TOKENS_MAX];

	for (int j = 0; j < n; j++)
		pos[j] = j;
	struct attn_axis ax = { pos, tokens, n };

	attn_scores(a, h->scheme, &ax, &ax, m->work, m->logits);
	for (int r = 0; r < d; r++)
		rng_gauss_fill(h->seed, rng_stream_of(RNG_STREAM_WV_ROW,
						      (uint64_t)r),
			       1.0 / sqrt((double)d), d, m->wv + r * d);
	/* values W_V u_b */
	for (int b = 0; b < n; b++) {
		const double *x = attn_token_vector(a, tokens[b]);
		double u[HEAD_D_MAX];

		if (added)
			pe_row(&a->set.pe, (double)b, m->pe);
		for (int c = 0; c < d; c++)
			u[c] = x[c] + (added ? m->pe[c] : 0.0);
		for (int r = 0; r < d; r++) {
			double sum = 0.0;

			for (int c = 0; c < d; c++)
				sum += m->wv[r * d + c] * u[c];
			m->values[b * d + r] = sum;
		}
	}
	/* softmax over the visible keys, then the weighted values */
	for (int q = 0; q < n; q++) {
		double *l = m->logits + q * n, top = -INFINITY, total = 0.0;
		int keys = h->causal ? q + 1 : n;

		for (int b = 0; b < keys; b++) {
			l[b] /= sqrt((double)d);
			top = fmax(top, l[b]);
		}
		for (int b = 0; b < keys; b++) {
			l[b] = exp(l[b] - top);
			total += l[b];
		}
		for (int c = 0; c < d; c++) {
			double sum = 0.0;

			for (int b = 0; b < keys; b++)
				sum += l[b] * m->values[b * d + c];
			out[q * d + c] = sum / total;
		}
	}
}

/* A filled model for h, or false when memory runs out. */
static bool model(const struct head_setup *h, struct attn *a)
{
	struct attn_setup s = {
		.pe = { h->d, h->base, PE_INTERLEAVED },
		.weights = ATTN_W_RANDOM,
		.content = ATTN_CONTENT_TOKENS,
		.vocab = h->vocab,
		.seed = h->seed,
		.slope = h->slope,
	};

	if (!attn_init(a, &s))
		return false;
	attn_fill(a);
	return true;
}

bool head_run(const struct head_setup *h, const int *tokens, int n,
	      double *out)
{
	struct attn a;
	struct run_mem *m = malloc(sizeof *m);

	if (!m || !model(h, &a)) {
		free(m);
		return false;
	}
	run(h, &a, tokens, n, m, out);
	attn_free(&a);
	free(m);
	return true;
}

bool head_shuffle(const struct head_setup *h, const int *tokens, int n,
		  uint64_t shuffle_seed, double *out, double *out_shuffled,
		  struct head_order *res)
{
	struct attn a;
	struct run_mem *m = malloc(sizeof *m);
	double *o = malloc(2 * (size_t)n * (size_t)h->d * sizeof *o);
	double *os = o ? o + (size_t)n * (size_t)h->d : NULL;
	int moved[HEAD_TOKENS_MAX], d = h->d;

	if (!m || !o || !model(h, &a)) {
		free(m);
		free(o);
		return false;
	}
	*res = (struct head_order){ .diff = 0.0 };
	rng_permutation(shuffle_seed, rng_stream_of(RNG_STREAM_SHUFFLE, 0), n,
			res->perm);
	for (int i = 0; i < n; i++)
		moved[res->perm[i]] = tokens[i];
	run(h, &a, tokens, n, m, o);
	run(h, &a, moved, n, m, os);
	for (int i = 0; i < n; i++)
		for (int c = 0; c < d; c++) {
			double v = o[i * d + c];

			res->diff = fmax(res->diff,
					 fabs(os[res->perm[i] * d + c] - v));
			res->scale = fmax(res->scale, fabs(v));
		}
	if (out)
		memcpy(out, o, (size_t)n * (size_t)d * sizeof *o);
	if (out_shuffled)
		memcpy(out_shuffled, os, (size_t)n * (size_t)d * sizeof *os);
	attn_free(&a);
	free(m);
	free(o);
	return true;
}
