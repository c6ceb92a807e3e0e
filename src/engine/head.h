/* head.h - one attention head over a short sentence, to measure the first
 * claim of every introduction to positional encoding: self-attention
 * alone does not know the order of its tokens.
 *
 * Pure C11 and libm, no I/O, no globals. The head is attention.h's model
 * with random weights and token vectors (d small), plus a value matrix:
 * for the tokens t_0 .. t_{n-1} at positions 0 .. n-1,
 *   out_a = sum_b softmax_b(s(a, b) / sqrt d) W_V u_b,
 * s the score of the chosen scheme (attention.h), u_b = x_{t_b} + PE_b for
 * added PE and x_{t_b} otherwise (RoPE and ALiBi leave the values alone).
 * The model is attn_init's for { d, base, interleaved }, random weights,
 * token content, vocab, seed and slope; W_V's row r is drawn like W_Q's,
 * N(0, 1/d) from stream rng_stream_of(RNG_STREAM_WV_ROW, r) of the seed.
 * With a causal mask, query a sees keys b <= a only.
 *
 * Shuffling. Put token i at slot perm[i] instead. Without positions and
 * without a mask, every score and every value moves with its token, so
 * out_shuffled[perm[i]] is out[i], the same vector, only moved: to the
 * rounding of summing the softmax in another order (0 to ~1e-16). Added PE
 * or RoPE gives tokens new positions, so the outputs change. A causal mask
 * leaks order even without PE: the first token sees only itself, the last
 * sees everything. */
#ifndef HEAD_H
#define HEAD_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/attention.h"

enum {
	HEAD_TOKENS_MAX = 16,	/* tokens in a sentence */
	HEAD_D_MAX = 64		/* width of the head */
};

struct head_setup {
	int d;			/* even, 2 .. HEAD_D_MAX */
	double base;		/* of PE and RoPE, as pe_params_valid takes */
	int vocab;		/* ids 0 .. vocab-1; 1 .. ATTN_VOCAB_MAX */
	uint64_t seed;		/* token vectors, W_Q, W_K, W_V */
	enum attn_scheme scheme;	/* how positions enter (NoPE: not) */
	double slope;		/* ALiBi's m, >= 0 */
	bool causal;		/* mask the keys after each query */
};

/* True when h is not NULL, its numbers are in the ranges above and the
 * scheme is one of enum attn_scheme. */
/* For tests only. */
bool head_setup_valid(const struct head_setup *h);

/* The outputs for tokens[0..n-1] (1 <= n <= HEAD_TOKENS_MAX, each in
 * 0 .. vocab-1) at positions 0 .. n-1: out[a * d + c], n * d doubles.
 * Returns false when memory runs out (a few hundred KiB). Cost: O(n^2 d +
 * n d^2). */
/* For tests only. */
bool head_run(const struct head_setup *h, const int *tokens, int n,
	      double *out);

/* What a shuffle does to the outputs. */
struct head_order {
	int perm[HEAD_TOKENS_MAX];	/* token i went to slot perm[i] */
	double diff;		/* max over i, c of
				   |out_shuffled[perm[i]][c] - out[i][c]| */
	double scale;		/* max |out[i][c]|, to make diff relative */
};

/* Runs the head on tokens and on the same tokens shuffled by the seeded
 * permutation rng_permutation(shuffle_seed, RNG_STREAM_SHUFFLE, n) (never
 * the identity for n >= 2), writing both outputs (n * d doubles each; either
 * may be NULL) and the comparison into *res. Returns false when memory runs
 * out. */
bool head_shuffle(const struct head_setup *h, const int *tokens, int n,
		  uint64_t shuffle_seed, double *out, double *out_shuffled,
		  struct head_order *res);

#endif
