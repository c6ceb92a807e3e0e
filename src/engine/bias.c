/* bias.c - each family's contribution to a score against the offset
 * (see bias.h for the contract and the sources). */
#include "engine/bias.h"

#include <math.h>
#include <stddef.h>

#include "engine/attention.h"
#include "engine/pe_cis.h"
#include "engine/rope_bound.h"

bool bias_params_valid(const struct bias_params *b)
{
	return b && pe_params_valid(&b->pe) &&
	       b->buckets >= BIAS_BUCKETS_MIN &&
	       b->buckets <= BIAS_BUCKETS_MAX &&
	       b->maxdist >= BIAS_MAXDIST_MIN &&
	       b->maxdist <= BIAS_MAXDIST_MAX && b->heads >= 1 &&
	       b->heads <= BIAS_HEADS_MAX && b->head >= 1 &&
	       b->head <= b->heads && b->clip >= 1 &&
	       b->clip <= BIAS_CLIP_MAX && isfinite(b->r1) && b->r1 > 0.0 &&
	       isfinite(b->r2) && b->r2 > 0.0;
}

const char *bias_scheme_word(int s)
{
	static const char *const words[BIAS_SCHEMES] = {
		"added", "rope", "shaw", "t5", "alibi", "kerple", "xpos", "nope"
	};

	return s >= 0 && s < BIAS_SCHEMES ? words[s] : NULL;
}

/* tensorflow/mesh, mesh_tensorflow/transformer/transformer_layers.py,
 * _relative_position_bucket, and its port in transformers,
 * src/transformers/models/t5/modeling_t5.py,
 * T5Attention._relative_position_bucket, step by step:
 *   ret = 0; n = -relative_position
 *   bidirectional: num_buckets //= 2; ret += (n < 0) * num_buckets;
 *                  n = |n|
 *   else:          n = max(n, 0)
 *   max_exact = num_buckets // 2
 *   val_if_large = max_exact + int32(log(float(n) / max_exact)
 *                  / math.log(max_distance / max_exact)
 *                  * (num_buckets - max_exact))
 *   val_if_large = min(val_if_large, num_buckets - 1)
 *   ret += n if n < max_exact else val_if_large
 * Both compute the logarithm in float32 (mtf.to_float, torch's .float()):
 * so does this, and the Python constant math.log(...) is a double turned
 * into float32 by the division, as the frameworks do with a scalar. The
 * cast truncates towards zero. In float64 a boundary can land the other
 * side: num_buckets 20, max_distance 77 gives 4.9999995 at n = 77 in
 * float32 and 5 in float64. */
int bias_t5_bucket(long long rel, bool bidirectional, int num_buckets,
		   int max_distance)
{
	int ret = 0, max_exact, large;
	long long n = -rel;
	float ratio, v;

	if (bidirectional) {
		num_buckets /= 2;
		ret += n < 0 ? num_buckets : 0;
		n = n < 0 ? -n : n;
	} else {
		n = n > 0 ? n : 0;
	}
	max_exact = num_buckets / 2;
	if (n < max_exact)
		return ret + (int)n;
	ratio = (float)n / (float)max_exact;
	v = logf(ratio) / (float)log((double)max_distance / max_exact) *
	    (float)(num_buckets - max_exact);
	/* beyond the last bucket the value is clamped anyway; keep the cast
	 * defined for any n */
	large = v >= (float)num_buckets ? num_buckets : max_exact + (int)v;
	return ret + (large < num_buckets - 1 ? large : num_buckets - 1);
}

bool bias_masked(const struct bias_params *b, enum bias_scheme s,
		 long long k)
{
	(void)s;	/* every scheme alike */
	return k > 0 && b->causal;
}

/* xPos (Sun et al. 2022, "A Length-Extrapolatable Transformer"), as
 * microsoft/torchscale's torchscale/component/xpos_relative_position.py
 * computes it: the scale buffer (arange(0, d, 2) + 0.4 d) / (1.4 d), i.e.
 * zeta_i = (i / (d/2) + 0.4) / 1.4 for pair i = 0 .. d/2-1; queries at n
 * multiplied by zeta^(n / scale_base), keys at m by zeta^(-m / scale_base)
 * (downscale), so the score of pair i carries zeta_i^((n - m) / 512) =
 * zeta_i^(-k / 512): below 1 for keys in the past, growing for keys ahead
 * (why xPos is for causal decoders). The code turns the pairs by
 * 1 / 10000^(i / (d/2)), RoPE's theta_i at base 10000; here at the base
 * set. The code centres the positions of the scale at 0 (min_pos =
 * -(len + offset) // 2): a factor per query and per key that the product
 * cancels, so the score depends on k alone. */
static double xpos_value(const struct pe_params *p, long long k)
{
	int half = p->d_model / 2;
	double sum = 0.0;

	for (int i = 0; i < half; i++) {
		double zeta = (2.0 * i + BIAS_XPOS_ZETA0 * p->d_model) /
			      ((1.0 + BIAS_XPOS_ZETA0) * p->d_model);

		sum += pow(zeta, (double)-k / BIAS_XPOS_GAMMA) *
		       cos((double)k * pe_omega(p, i));
	}
	return sum / half;
}

double bias_value(const struct bias_params *b, enum bias_scheme s,
		  long long k)
{
	double a = (double)(k < 0 ? -k : k);

	if (bias_masked(b, s, k))
		return -INFINITY;
	switch (s) {
	case BIAS_ADDED:
		return pe_similarity(&b->pe, (double)k, 0, b->pe.d_model / 2);
	case BIAS_ROPE:
		return rope_bound_value(&b->pe, a);
	case BIAS_SHAW:
		/* tensor2tensor, tensor2tensor/layers/common_attention.py,
		 * _generate_relative_positions_matrix: clip_by_value(
		 * k_pos - q_pos, -k, k) + k */
		return (double)((k < -b->clip ? -b->clip
				 : k > b->clip ? b->clip : k) + b->clip);
	case BIAS_T5:
		return bias_t5_bucket(k, !b->causal, b->buckets, b->maxdist);
	case BIAS_ALIBI:
		return 0.0 - attn_alibi_slope(b->head, b->heads) * a; /* +0 at 0 */
	case BIAS_KERPLE:
		/* Chi et al. 2022, "KERPLE", the logarithmic kernel:
		 * -r1 log(1 + r2 |m - n|) */
		return 0.0 - b->r1 * log1p(b->r2 * a);
	case BIAS_XPOS:
		return xpos_value(&b->pe, k);
	default:
		return 0.0;
	}
}

/* ---- many offsets at once ---- */

/* Pairs whose frequencies (and xPos scales) are made once for all the
 * offsets. */
enum { SUM_PAIRS = 256 };

/* exp and pow give exactly 0 below this exponent (e^-746 is under half
 * the least subnormal, 2^-1075) and overflow above the next one (the
 * limit is ln DBL_MAX = 709.78; 710 leaves room for the exponent's
 * rounding). */
#define XPOS_UNDER (-746.0)
#define XPOS_OVER 710.0

bool bias_is_sum(enum bias_scheme s)
{
	return s == BIAS_ADDED || s == BIAS_ROPE || s == BIAS_XPOS;
}

/* xPos's zeta_i (xpos_value). */
static double xpos_zeta(const struct pe_params *p, int i)
{
	return (2.0 * i + BIAS_XPOS_ZETA0 * p->d_model) /
	       ((1.0 + BIAS_XPOS_ZETA0) * p->d_model);
}

/* Adds pairs [i0, i1) (at most SUM_PAIRS) to the sums at the offsets
 * k[0..n-1]: cos(k w_i), times zeta_i^(-k/512) for xpos, whose live
 * offsets are those with a term that is not exactly 0 (see bias.h). The
 * cosines come a block of offsets at a time from pe_cis_fill, in its slot
 * order, which the block's sums take too. */
static void sums_tile(const struct pe_params *p, bool xpos, const double *k,
		      int n, int i0, int i1, double *sum)
{
	double w[SUM_PAIRS], lz[SUM_PAIRS];
	int np = i1 - i0;

	for (int i = 0; i < np; i++) {
		w[i] = pe_omega(p, i0 + i);
		lz[i] = xpos ? log(xpos_zeta(p, i0 + i)) : 0.0;
	}
	for (int j0 = 0; j0 < n; j0 += PE_CIS_BLOCK) {
		int len = n - j0 < PE_CIS_BLOCK ? n - j0 : PE_CIS_BLOCK;
		int at[PE_CIS_BLOCK], live = 0;
		double kk[PE_CIS_BLOCK], e[PE_CIS_BLOCK] = { 0 };
		double acc[PE_CIS_BLOCK] = { 0 }, c[PE_CIS_BLOCK],
		       s[PE_CIS_BLOCK];
		struct pe_cis_block b;

		for (int j = j0; j < j0 + len; j++) {
			/* ln zeta_i < 0 grows with i: for keys ahead (e < 0)
			 * the largest exponent is the tile's first pair's,
			 * for keys behind its last one's */
			double ej = -k[j] / BIAS_XPOS_GAMMA;

			if (xpos && isnan(sum[j]))
				continue;
			if (xpos && ej < 0.0 && ej * lz[0] > XPOS_OVER) {
				sum[j] = NAN;
				continue;
			}
			if (xpos && ej * (ej < 0.0 ? lz[0] : lz[np - 1]) <
					    XPOS_UNDER)
				continue;
			at[live] = j;
			kk[live++] = k[j];
		}
		if (live == 0)
			continue;
		pe_cis_plan(kk, live, &b);
		for (int t = 0; t < live; t++) {
			acc[pe_cis_slot(t)] = sum[at[t]];
			e[pe_cis_slot(t)] = -kk[t] / BIAS_XPOS_GAMMA;
		}
		for (int i = 0; i < np; i++) {
			pe_cis_fill(&b, w[i], c, s);
			if (!xpos) {
				for (int q = 0; q < PE_CIS_BLOCK; q++)
					acc[q] += c[q];
				continue;
			}
			for (int q = 0; q < PE_CIS_BLOCK; q++) {
				double a = e[q] * lz[i];

				if (a >= XPOS_UNDER)
					acc[q] += exp(a) * c[q];
			}
		}
		for (int t = 0; t < live; t++)
			sum[at[t]] = acc[pe_cis_slot(t)];
	}
}

void bias_sums_add(const struct bias_params *b, enum bias_scheme s,
		   const double *k, int n, int pair0, int pair1,
		   double *state)
{
	if (s == BIAS_ROPE) {
		/* the bound at |k|, kept after rope_bound_add's 3 n */
		double *m = state + 3 * (size_t)n;

		if (pair0 == 0)
			for (int j = 0; j < n; j++)
				m[j] = fabs(k[j]);
		rope_bound_add_steps(&b->pe, m, n, pair0, pair1, state);
		return;
	}
	for (int i = pair0; i < pair1; i += SUM_PAIRS)
		sums_tile(&b->pe, s == BIAS_XPOS, k, n, i,
			  pair1 - i < SUM_PAIRS ? pair1 : i + SUM_PAIRS, state);
}

void bias_sums_finish(const struct bias_params *b, enum bias_scheme s,
		      int n, const double *state, double *out)
{
	double h = b->pe.d_model / 2;

	if (s == BIAS_ROPE) {
		rope_bound_finish(&b->pe, n, state, out, NULL);
		return;
	}
	for (int j = 0; j < n; j++)
		out[j] = s == BIAS_XPOS ? state[j] / h : state[j];
}

void bias_sums_added_of_rope(int n, const double *state, double *out)
{
	for (int j = 0; j < n; j++)
		out[j] = state[j];
}
