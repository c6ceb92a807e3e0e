/* bias.h - what each family of positional schemes adds to the attention
 * score of a query at position p and a key at position q, as a function of
 * the offset k = q - p alone (key minus query: T5's relative_position,
 * "memory_position - query_position"; k < 0 is a key in the past).
 *
 * Pure C11 and libm, no I/O, no globals. One value per scheme and offset;
 * -INFINITY where a causal mask hides the key (k > 0: the softmax gives it
 * no weight). Every formula is its source's, cited where it is computed:
 *
 *   added   PE(p) . PE(q) = sum_i cos(k omega_i): the position.position term
 *           of added sinusoids with the content removed (attention.h
 *           ATTN_PP with W = I; pe_similarity);
 *   rope    RoFormer's relative upper bound B(|k|) on a RoPE score
 *           (rope_bound.h): a bound, not a score;
 *   shaw    Shaw et al. 2018: the index of the learned table a_{clip(k)},
 *           clip(k, -clip, clip) + clip, as tensor2tensor's
 *           _generate_relative_positions_matrix makes it (0 .. 2 clip);
 *   t5      T5's bucket of k: _relative_position_bucket exactly as
 *           tensorflow/mesh and transformers compute it (in float32), the
 *           index of a learned scalar per head;
 *   alibi   -m |k| (Press et al. 2022), m = attn_alibi_slope(head, heads);
 *   kerple  -r1 log(1 + r2 |k|) (Chi et al. 2022, the logarithmic
 *           variant; r1, r2 > 0 are learned per head in the paper);
 *   xpos    the score of RoPE with xPos's scale (Sun et al. 2022, the code
 *           of microsoft/torchscale) for the uniform content of
 *           rope_bound_score: (1/(d/2)) sum_i zeta_i^(-k/gamma) cos(k theta_i),
 *           zeta_i = (2i + 0.4 d) / (1.4 d), gamma = 512;
 *   nope    0: no position at all, always under the causal mask
 *           (Kazemnejad et al. 2023: a causal decoder can still count).
 * With causal set, every scheme masks k > 0, and T5 takes its causal
 * (bidirectional=False) buckets. */
#ifndef BIAS_H
#define BIAS_H

#include <stdbool.h>

#include "engine/pe.h"

enum bias_scheme {
	BIAS_ADDED,
	BIAS_ROPE,
	BIAS_SHAW,
	BIAS_T5,
	BIAS_ALIBI,
	BIAS_KERPLE,
	BIAS_XPOS,
	BIAS_NOPE,
	BIAS_SCHEMES		/* number of schemes, not a scheme */
};

/* The ranges bias_params_valid holds the knobs to. */
enum {
	BIAS_BUCKETS_MIN = 4,	/* T5's num_buckets */
	BIAS_BUCKETS_MAX = 64,
	BIAS_MAXDIST_MIN = 33,	/* above the largest max_exact, 64 / 2 */
	BIAS_MAXDIST_MAX = 100000,
	BIAS_HEADS_MAX = 64,	/* ALiBi's heads (the attention view's) */
	BIAS_CLIP_MAX = 512	/* Shaw's k */
};

/* xPos's constants as torchscale's XPOS module sets them: scale_base
 * (gamma, 512) and the 0.4 of its scale buffer (the paper's gamma). */
#define BIAS_XPOS_GAMMA 512.0
#define BIAS_XPOS_ZETA0 0.4

struct bias_params {
	struct pe_params pe;	/* d and base of added, rope and xpos */
	bool causal;		/* mask keys after the query */
	int buckets;		/* T5's num_buckets */
	int maxdist;		/* T5's max_distance */
	int heads;		/* ALiBi's head count, 1 .. BIAS_HEADS_MAX */
	int head;		/* the head drawn, 1 .. heads */
	int clip;		/* Shaw's k, 1 .. BIAS_CLIP_MAX */
	double r1, r2;		/* KERPLE's, > 0 */
};

/* True when b's pe is valid and every field is in its range above. */
/* For tests only. */
bool bias_params_valid(const struct bias_params *b);

/* The word of scheme s ("added", "rope", "shaw", "t5", "alibi", "kerple",
 * "xpos", "nope"); NULL past the last. */
const char *bias_scheme_word(int s);

/* T5's bucket of relative_position rel (key minus query), as
 * _relative_position_bucket returns it: 0 .. num_buckets-1. Needs
 * num_buckets >= 4 and max_distance > its max_exact (num_buckets / 4
 * bidirectional, / 2 causal). */
int bias_t5_bucket(long long rel, bool bidirectional, int num_buckets,
		   int max_distance);

/* Whether scheme s under b masks offset k: k > 0 with b->causal, for
 * every scheme (NoPE too: without the mask it adds 0 at every k). */
bool bias_masked(const struct bias_params *b, enum bias_scheme s,
		 long long k);

/* The contribution of scheme s at offset k (|k| <= PE_LEN_MAX), or
 * -INFINITY where bias_masked. O(1), except added, rope and xpos: O(d). */
double bias_value(const struct bias_params *b, enum bias_scheme s,
		  long long k);

/* Whether scheme s's value is a sum over the d/2 pairs (added, rope and
 * xpos), which bias_sums_add makes at many offsets at once. */
bool bias_is_sum(enum bias_scheme s);

/* Doubles of state bias_sums_add keeps per offset. */
enum { BIAS_SUM_STATE = 4 };

/* A sum scheme's values at the n offsets k[0..n-1] (whole numbers, |k| <=
 * PE_LEN_MAX), in parts, for a curve that a view spreads over frames:
 * state holds BIAS_SUM_STATE n doubles zeroed by the caller, and
 * bias_sums_add adds the pairs [pair0, pair1) at every offset. Chunks come
 * in pair order, each starting where the last one ended (0 first, d/2
 * last), as bias_value sums them. The cosines and sines come from
 * pe_cis_fill (engine/pe_cis.h): from one offset to the next a pair's
 * phase is turned by a fixed angle, one complex multiply, reseeded from
 * the exact angle every 16 offsets; a plot's offsets step by one or two
 * sizes, any others are seeds. One pow per pair and, per offset and pair:
 * added that multiply, rope that and a square root
 * (rope_bound_add_steps), xpos that and an exp, for the terms that are
 * not exactly 0 (below). */
void bias_sums_add(const struct bias_params *b, enum bias_scheme s,
		   const double *k, int n, int pair0, int pair1,
		   double *state);

/* Once every pair is in: out[j] = scheme s's value at k[j], unmasked (the
 * caller lays the mask on). Each term is within 1.7e-14 of its value at
 * the exact angle k w_i (pe_cis.h), so a sum of d/2 terms is within
 * 1.7e-14 d/2 of the exact sum plus its own rounding (d^2 2^-55: 1.2e-7 at
 * d 65536, against a range of up to d). bias_value (libm at the angle
 * rounded to a double, off by up to |k w_i| 2^-53 a term) differs by that
 * and the angles' rounding, which drawing at character resolution cannot
 * tell apart:
 *   added  the cosines' sum;
 *   rope   rope_bound_add_steps's sums, in pair order;
 *   xpos   zeta_i^(-k/512) as exp((-k/512) ln zeta_i), within 2e-13 of
 *          pow's relative to the term (the exponent's rounding, |arg| <=
 *          746, times 2^-53), and its cosine as added's; terms whose
 *          exponent is below -746 are exactly 0 in pow and are skipped
 *          (keys far behind: at L 1e9 all but a few pairs), and where a
 *          term overflows (k > 0 and a pair's exponent above 710, past
 *          exp's and pow's limit 709.78) the value is NaN, where
 *          bias_value gives +-inf or NaN: no number either way.
 * tests/unit/test_bias_sums.c checks all three against NumPy's sums with
 * exact angles and against bias_value. */
void bias_sums_finish(const struct bias_params *b, enum bias_scheme s,
		      int n, const double *state, double *out);

/* Added's values at the offsets of a finished rope state (n offsets m, as
 * rope_bound_add_steps takes them: |k|, added being even): out[j] = Re S
 * at m[j], the real parts that state summed, which are the terms
 * bias_sums_add sums for added at those offsets, in the same order: the
 * same bits as bias_sums_finish of added's own state. */
void bias_sums_added_of_rope(int n, const double *state, double *out);

#endif
