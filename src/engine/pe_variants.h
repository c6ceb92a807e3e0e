/* pe_variants.h - the encoding as real code computes it and as people get
 * it wrong, and as people stretch it to longer contexts: the mathematics
 * behind the bugs, context and layouts views.
 *
 * Pure C11 and libm, like pe.h, whose conventions hold here too (valid
 * parameters, pairs i = 0 .. d/2-1, omega_i = base^(-2i/d)). No I/O, no
 * globals; the tables below are constant.
 *
 * Most of what these views show is an encoding whose every dimension is a
 * sinusoid f(omega * pos) with f = sin or cos: the correct one, every
 * variant but the three computed in a narrow format (bf16, fp16, float32),
 * and every way of extending the context. struct
 * pe_wave describes one such dimension, and the similarity curve and the
 * heatmap means below work for any list of them. */
#ifndef PE_VARIANTS_H
#define PE_VARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pe.h"
#include "engine/pe_stored.h"
#include "engine/precision.h"

/* ---- the bug zoo: encodings as code computes them ---- */

/* Ways real code computes the encoding other than the reference (pe.h:
 * omega_i = base^(-2i/d) in double, the paper's layout or the one asked
 * for), in the order the bugs view shows them: first what public
 * implementations compute, then mistakes found in public code, then the
 * encoding computed in a narrow number format. "Bug" here means any
 * difference from the reference, a faithful implementation's rounding
 * included. Each is defined per pair i and per slot (the dimension that
 * holds the pair's sine or cosine under its layout, pe_variant_layout), so
 * switching the layout only moves rows, as it does for the correct
 * encoding. */
enum pe_bug {
	PE_BUG_NUMPY,		/* the paper as NumPy code writes it (the
				   seeds' function, the PyTorch tutorial's
				   formula): omega_i = exp(2i * -ln(base)/d)
				   in double, the reference but for the last
				   bits of omega */
	PE_BUG_T2T,		/* tensor2tensor's get_timing_signal_1d and
				   fairseq's SinusoidalPositionalEmbedding:
				   sines then cosines (always concatenated)
				   with omega_i = exp(i * -ln(base)/(h-1)),
				   h = d/2 (h-1 taken as 1 when d = 2), so
				   the last pair turns at exactly 1/base; in
				   double here (both compute in float32,
				   which PE_BUG_FLOAT32 shows alone) */
	PE_BUG_DIM_2J,		/* exponent 2j/d with j the dimension: the
				   sine of pair i turns at base^(-4i/d), its
				   cosine at base^(-(4i+2)/d); the exponent
				   runs to 2(d-1)/d, nearly 2 */
	PE_BUG_DIM_EXPONENT,	/* exponent j/d with the dimension j = 2i
				   (sine) or 2i+1 (cosine), so a pair's two
				   slots turn at different speeds */
	PE_BUG_HALF_EXPONENT,	/* i/d instead of 2i/d: omega = base^(-i/d) */
	PE_BUG_COS_NEXT_PAIR,	/* the cosine turns at pair i+1's omega */
	PE_BUG_MULTIPLY,	/* pos * base^(2i/d): omega = base^(+2i/d) */
	PE_BUG_SWAPPED,		/* cosine in the sine's slot and vice versa */
	PE_BUG_BF16,		/* pos, omega and pos*omega rounded to bf16
				   (precision.h's angle_t) */
	PE_BUG_FP16,		/* ... to fp16: from pos 65520 on the angle
				   is infinite and every value NaN */
	PE_BUG_FLOAT32,		/* ... to float32 */
	PE_BUG_COUNT,		/* number of variants, not a variant */
	PE_BUG_NONE = PE_BUG_COUNT	/* the reference, for comparisons */
};

/* The short id of bug (0 <= bug <= PE_BUG_NONE), e.g. "half-exponent",
 * "tensor2tensor", "bfloat16"; "correct" for PE_BUG_NONE and for values out
 * of range. ASCII, no blanks: the word `:bug` takes. */
/* For tests only. */
const char *pe_bug_name(enum pe_bug bug);

/* The layout the variant puts its pairs in when the reference uses
 * `layout`: PE_CONCAT for PE_BUG_T2T (its code concatenates), `layout`
 * for every other. */
enum pe_layout pe_variant_layout(enum pe_bug bug, enum pe_layout layout);

/* The format the variant computes its angles in: PREC_BF16, PREC_FP16 or
 * PREC_FP32 for those three, PREC_FP64 (the exact product pos * omega in
 * double) for the others. */
enum prec_dtype pe_variant_dtype(enum pe_bug bug);

/* One dimension of an encoding made of sinusoids: value(pos) = f(omega*pos). */
struct pe_wave {
	double omega;		/* angular frequency per position, > 0 */
	enum pe_fn fn;		/* sine or cosine */
};

/* The wave of dimension 0 <= dim < d of encoding p with mistake bug
 * (PE_BUG_NONE: the correct one, equal to pe_omega / pe_fn_of), the
 * dimension counted in the variant's layout (pe_variant_layout). For the
 * three narrow formats it is the exact wave, which their values only
 * approximate (see pe_variant_value). */
struct pe_wave pe_variant_wave(const struct pe_params *p, enum pe_bug bug,
			       int dim);

/* PE(pos, dim) as the variant computes it (PE_BUG_NONE: pe_value), dim in
 * its layout. The narrow formats t take sin/cos in double of
 * prec_angle(t, pos, omega) (pos and omega rounded to t, their product
 * rounded to t): float32's angle is off by up to ~|pos*omega| * 2^-24
 * (prec_angle_error_bound: 0.0069 rad at len 1e5, d 512); bf16 and fp16
 * also merge positions (from 257 and 2049), and fp16's angle is infinite
 * from pos 65520 on, where every value is NaN. */
/* For tests only. */
double pe_variant_value(const struct pe_params *p, enum pe_bug bug,
			double pos, int dim);

/* The whole row PE_bug(pos, 0..d-1) into out[0..d-1] (one pow per pair,
 * not per value). */
/* For tests only. */
void pe_variant_row(const struct pe_params *p, enum pe_bug bug, double pos,
		    double *out);

/* Exact means of a wave over spans [start[j], start[j] + count[j])
 * (count[j] >= 1), like pe_span_means: a sin/cos per distinct span length,
 * per distinct step between span centres and per PE_SPAN_RESEED spans, and
 * a complex multiply per span. */
/* For tests only. */
void pe_wave_span_means(struct pe_wave w, const long long *start,
			const long long *count, int n, double *out);

/* Means of PE_bug(., dim) over the spans, for a heatmap (dim in the
 * variant's layout). Exact (to the rounding of the phase, as pe_span_means)
 * for the variants made of waves. The narrow formats:
 *   float32  spans longer than one position get the exact wave's mean,
 *            which differs from the float32 mean by less than the largest
 *            float32 angle error in the span (pe_variant_value), far below
 *            one colour step; spans of one position are the exact wave
 *            turned by the float32 angle's error, within 1e-9 of
 *            pe_variant_value for |pos| <= 1e6, without a sin per span;
 *   bf16, fp16  exact: a span is cut into runs of positions the format
 *            stores as one number (prec_round), and each run adds its
 *            length times its one value, a sin or cos per run, as long as
 *            a span holds at most PE_STORED_RUNS_MAX runs; a span of more
 *            (positions so small that the format keeps most of them
 *            apart, each with an angle error below |pos*omega| * 2^-7)
 *            gets the exact wave's mean. A fp16 span that reaches 65520
 *            is NaN, as its mean is (pe_stored.h).
 * PE_BUG_NONE gives pe_span_means. */

/* Whether pe_variant_span_means gives bug's exact mean over the span
 * [start, start + count) rather than the exact wave's: always but for the
 * narrow formats, for float32 when count is 1, for bf16 and fp16 when the
 * span holds at most PE_STORED_RUNS_MAX stored numbers or reaches fp16's
 * infinity. Where it is not, the mean shown differs from the exact one by
 * at most the largest angle error in the span (|sin a - sin b| <= |a - b|,
 * and so for cos), which prec_angle_error_bound bounds. */
bool pe_variant_span_exact(enum pe_bug bug, long long start, long long count);
void pe_variant_span_means(const struct pe_params *p, enum pe_bug bug,
			   int dim, const long long *start,
			   const long long *count, int n, double *out);

/* The same for both slots of pair `pair` at once: out_s gets the means of
 * the dimension that holds the pair's sine under the variant's layout
 * (whatever the mistake puts there), out_c those of its cosine's; either
 * may be NULL.
 * Where the mistake leaves the two slots one frequency (PE_BUG_NONE, the
 * half-exponent, multiply and swapped bugs) they share one phase
 * recurrence, as pe_span_means_pair does. For bf16 and fp16, st is
 * pe_stored_new over these spans in the bug's format, kept by the caller
 * across the pairs of one encoding so that they share their runs, angles
 * and means (pe_stored.h: the same numbers, pairs whose frequencies the
 * format stores as one number at no cost); NULL: one made for the call
 * (the exact wave's means everywhere if memory runs out). Other bugs
 * ignore st. */
void pe_variant_span_means_pair(const struct pe_params *p, enum pe_bug bug,
				int pair, struct pe_stored *st,
				const long long *start,
				const long long *count, int n, double *out_s,
				double *out_c);

/* Whether a heatmap of bug over spans with these counts (n of them) must
 * take every pair through pe_variant_span_means_pair, rather than summing
 * the waves pe_variant_pairs gives (pe_grid.h): true for bf16 and fp16,
 * and for float32 when a span holds one position (its only spans that are
 * not the exact wave's). */
bool pe_variant_spans_by_pair(enum pe_bug bug, const long long *count, int n);

/* The two waves of one pair: the one in the slot that holds the pair's
 * sine under any layout, and the one in its cosine's slot. */
struct pe_wave_pair {
	struct pe_wave s;	/* pe_variant_wave of pe_dim_of(p, i, PE_SIN) */
	struct pe_wave c;	/* ... of pe_dim_of(p, i, PE_COS) */
};

/* The waves of pairs [pair0, pair1) of encoding p with mistake bug (as
 * pe_variant_wave gives them; PE_BUG_NONE: the correct one) into
 * out[0 .. pair1-pair0-1]. One or two pow per pair. */
void pe_variant_pairs(const struct pe_params *p, enum pe_bug bug, int pair0,
		      int pair1, struct pe_wave_pair *out);

/* The same, bit for bit, taking the correct encoding's frequencies from
 * good (pe_variant_pairs with PE_BUG_NONE for pairs 0 .. d/2-1) rather than
 * computing them again: no pow for pairs whose waves turn at correct
 * frequencies (swapped, the narrow formats, the cosine of the next pair,
 * half the half-exponent and 2j/d pairs), one or two for the others. */
void pe_variant_pairs_from(const struct pe_params *p, enum pe_bug bug,
			   const struct pe_wave_pair *good, int pair0,
			   int pair1, struct pe_wave_pair *out);

/* How far a mistake is from the correct encoding at positions pos[0..n-1]
 * (n >= 1):
 *   value:      max |PE_bug(p, dim) - PE(p, dim)| over those positions and
 *               the dimensions [dim0, dim0 + ndim) (inside 0..d-1), each
 *               encoding's dimension dim in its own layout (so a variant
 *               that concatenates differs from the interleaved reference
 *               in where its numbers are, too);
 *   similarity: max over every two of those positions a, b of
 *               |cos(PE_bug(a), PE_bug(b)) - cos(PE(a), PE(b))|, the cosine
 *               similarity taken over all d dimensions (0 when n == 1; a
 *               zero row counts as similarity 0).
 * value and similarity are NaN when a value of the mistake is (fp16 from
 * 65520 on). Values are those of pe_value and pe_variant_value, except that angles
 * from 1e8 radians on go through pe_sincos (pe_trig.h: within 3e-16 of
 * the exact sin and cos, where libm is within an ulp).
 * work: pe_variant_compare_workspace(d, n) doubles (the 2n rows, then
 * their squared norms). Cost: d/2 to d pow; per position and pair one
 * sin/cos pair, and one more for each angle of the mistake's that the
 * correct pair does not have (none when it keeps the pair's angle, one or
 * two otherwise); n*(n+1)*d multiplies. */
struct pe_variant_diff {
	double value;		/* largest difference of a value */
	double similarity;	/* largest difference of a cosine similarity */
};
int pe_variant_compare_workspace(int d_model, int n);
/* For tests only. */
struct pe_variant_diff pe_variant_compare(const struct pe_params *p,
					  enum pe_bug bug, const double *pos,
					  int n, int dim0, int ndim,
					  double *work);

/* The same in parts, for a view that spreads the work over frames: the
 * pairs of both encodings (pe_variant_pairs with PE_BUG_NONE and with bug,
 * d/2 each) are the caller's; pe_variant_compare_row writes pairs
 * [pair0, pair1) of the two rows at pos as row a of n into work (the same
 * workspace as above), and once every row is complete
 * pe_variant_compare_finish measures them (writing the norms after the
 * rows). Together they give exactly pe_variant_compare's result. */
void pe_variant_compare_row(const struct pe_params *p, enum pe_bug bug,
			    const struct pe_wave_pair *good,
			    const struct pe_wave_pair *bad, double pos, int a,
			    int n, int pair0, int pair1, double *work);
struct pe_variant_diff pe_variant_compare_finish(const struct pe_params *p,
						 int n, int dim0, int ndim,
						 double *work);

/* Similarity curves of the variants whose values are not waves (the
 * narrow formats), from span means: the mean over span j [start[j],
 * start[j] + count[j]) of the dot product between the variant's row at pos
 * and its rows in the span is the sum over pairs of
 *   value_s(pos) * mean_s(span j) + value_c(pos) * mean_c(span j)
 * for the pair's two slots (values of pe_variant_value, means of
 * pe_variant_span_means_pair). For variants whose pairs hold the sine and
 * cosine of one angle (the correct one, NumPy's, tensor2tensor's,
 * half-exponent, multiply, swapped and the narrow formats) every pair adds
 * exactly 1 to each squared norm at every position, so once all pairs are
 * in, dot[j] / (d/2) is the span's mean cosine similarity (NaN where fp16
 * is).
 *
 * In two parts, so that a new pos costs no span means:
 * pe_variant_span_plan writes the means of pairs [pair0, pair1), 2n
 * doubles a pair (sine slot's n, then cosine slot's), into plan (st as
 * for pe_variant_span_means_pair: one for every call of an encoding over
 * the same spans); and
 * pe_variant_span_dot adds those pairs' share at pos to dot[0..n-1], from
 * their plan (one angle's sin and cos a pair, 2n multiply-adds). */
void pe_variant_span_plan(const struct pe_params *p, enum pe_bug bug,
			  int pair0, int pair1, struct pe_stored *st,
			  const long long *start, const long long *count,
			  int n, double *plan);
void pe_variant_span_dot(const struct pe_params *p, enum pe_bug bug,
			 int pair0, int pair1, const double *plan, int n,
			 double pos, double *dot);

/* ---- similarity curves of any encoding made of waves ---- */

/* The cosine similarity between the encoding's row at a position pos and
 * its rows at samples q_j = q0 + j*step (j = 0..n-1), each averaged over m
 * consecutive positions centred on q_j (m <= 1: the point itself), for an
 * encoding given by its waves f_k(w_k x):
 *   sim_j = sum_k f_k(w_k pos) * D_k * f_k(w_k q_j)
 *           / (|PE(pos)| * |PE(q_j)|),
 *   D_k = sin(m w_k / 2) / (m sin(w_k / 2))   (1 when m <= 1 or when
 *                                              m w_k / 2 < 2^-26),
 * i.e. the mean of the dot product over the block divided by the norms at
 * pos and at the block's centre. Where the norm does not depend on the
 * position (every encoding whose pairs share a frequency: the correct one,
 * PI, NTK, and the half-exponent, multiply, swapped and float32 waves) this
 * is exactly the block's mean cosine similarity; averaging is what keeps
 * pairs faster than the sample spacing from aliasing into false wiggles.
 *
 * A pair whose two waves share a frequency (a sine and a cosine of one
 * angle, in either slot) adds D cos(w (q_j - pos)) to the dot product and
 * exactly 1 to each squared norm, which is how it is computed: one sin/cos
 * per pair and position, whatever the position's size. Other pairs add
 * their two waves' terms. Along the samples every term is a sinusoid, so
 * it follows the recurrence t(j+1) = 2 cos(w step) t(j) - t(j-1), one
 * multiply-subtract per term and sample, re-seeded from sin/cos every
 * PE_SIM_RESEED samples: within ~1e-12 of the direct sums for the curves a
 * plot asks for (plus the rounding of w*q itself, ~|w q| 2^-53, which the
 * direct sums from rows carry and this form does not).
 *
 * In parts, so that a curve from a moving position stays cheap and a wide
 * encoding can be spread over frames: a plan of PE_SIM_PAIR doubles per
 * pair holds what does not depend on pos, and the squared norms at the
 * samples gather in norm2 (n + 1 doubles, zeroed by the caller: entries
 * 0..n-1 for the pairs that do not share a frequency, entry n counts those
 * that do); then each pos adds its dot products up pairs at a time, and
 * pe_sim_finish divides. The pairs may be given in any chunks, each with
 * its part of the plan. */
#define PE_SIM_PAIR 8
#define PE_SIM_RESEED 1024

/* Where the samples are. */
struct pe_sim_grid {
	double q0;		/* centre of the first sample's block */
	double step;		/* between samples, > 0 */
	double m;		/* positions each sample averages */
	int n;			/* samples, >= 1 */
};

/* Fills plan[0 .. PE_SIM_PAIR*count) for the pairs pw[0..count-1] and adds
 * their squares at every sample to norm2. Cost per pair that shares its
 * angle: the block factor (two sines) and one sin/cos through pe_sincos_n;
 * per wave of the others: the block factor, three sin/cos and n
 * multiply-adds. */
/* For tests only. */
void pe_sim_plan(const struct pe_wave_pair *pw, int count,
		 const struct pe_sim_grid *g, double *plan, double *norm2);

/* The same, bit for bit, for pairs pw[0..count-1] of an encoding next to
 * another one's, ref[0..count-1], planned over the same grid in ref_plan: a
 * wave of pw at the frequency of its ref pair, where that pair shares its
 * angle, takes the block factor and the turn from ref_plan instead of
 * computing them (two sines and a sin/cos fewer). A mistake's plan next to
 * the correct one's. ref == NULL: pe_sim_plan. */
void pe_sim_plan_from(const struct pe_wave_pair *pw,
		      const struct pe_wave_pair *ref, const double *ref_plan,
		      int count, const struct pe_sim_grid *g, double *plan,
		      double *norm2);

/* Adds to dot[j] (j < g->n) the share of the pairs pw[0..count-1] (with
 * their plan) in the dot product of the row at pos with the block at q_j,
 * and returns norm2_pos plus their share of |PE(pos)|^2. Cost per term (one
 * a pair that shares its angle, else one a wave): a sin/cos through
 * pe_sincos_n (a few ns, not libm's 20 to 80), n multiply-adds, and two
 * more sin/cos per PE_SIM_RESEED samples. */
double pe_sim_dot(const struct pe_wave_pair *pw, int count, const double *plan,
		  const struct pe_sim_grid *g, double pos, double *dot,
		  double norm2_pos);

/* out[j] = dot[j] / sqrt(norm2_pos * (norm2[j] + norm2[n])), the curve
 * sim_j above once every pair has been planned and added; 0 where a norm
 * is 0. */
void pe_sim_finish(const double *dot, const double *norm2, double norm2_pos,
		   int n, double *out);

/* ---- context extension ---- */

/* How a model trained on L0 positions is stretched to s * L0. */
enum pe_scaling {
	PE_SCALE_NONE,		/* the encoding as trained */
	PE_SCALE_PI,		/* position interpolation: PE(pos / s) */
	PE_SCALE_NTK		/* NTK-aware: base' = base * s^(d/(d-2)) */
};

/* "original", "PI" or "NTK" ("?" for anything else). */
/* For tests only. */
const char *pe_scaling_name(enum pe_scaling how);

/* The NTK-aware base for factor s >= 1 at width d: base * s^(d/(d-2)),
 * chosen so that the slowest pair (i = d/2-1) slows down by exactly s while
 * pair 0 keeps omega = 1. For d = 2 the only pair is pair 0, which no base
 * changes: returns base. May exceed PE_BASE_MAX (it is only used through
 * the functions below, which do not check it). */
double pe_ntk_base(double base, double s, int d);

/* omega of pair under scaling how with factor s >= 1: omega_i (NONE,
 * bit-identical to pe_omega), omega_i / s (PI), base'^(-2i/d) (NTK). The
 * pair index may be fractional, for plots of the continuous curve through
 * the pairs. */
double pe_scaled_omega(const struct pe_params *p, enum pe_scaling how,
		       double s, double pair);

/* 2*pi / pe_scaled_omega: PI multiplies every wavelength by s; NTK leaves
 * pair 0 at 2*pi and multiplies the last one by s. */
/* For tests only. */
double pe_scaled_wavelength(const struct pe_params *p, enum pe_scaling how,
			    double s, double pair);

/* PE(pos, dim) after scaling: pe_value(p, pos / s, dim) for PI, the value
 * with base' for NTK. */
/* For tests only. */
double pe_scaled_value(const struct pe_params *p, enum pe_scaling how,
		       double s, double pos, int dim);

/* Cosine similarity of the scaled PE(q) and PE(q + k), for any q:
 * sum_i cos(k * omega'_i) / (d/2). */
/* For tests only. */
double pe_scaled_cos_similarity(const struct pe_params *p,
				enum pe_scaling how, double s, double k);

/* ---- YaRN, dynamic NTK and Llama 3.1 ---- */

/* The code these follow is Hugging Face transformers'
 * src/transformers/modeling_rope_utils.py (_compute_yarn_parameters,
 * _compute_dynamic_ntk_parameters, _compute_llama3_parameters), which the
 * models on the Hub run; the YaRN repository (jquesnelle/yarn,
 * scaled_rope/LlamaYaRNScaledRotaryEmbedding.py) and DeepSeek-V3's
 * yarn_find_correction_range compute YaRN the same way. Its papers write
 * some of it differently; where they do, both are here, named. */

/* YaRN's "NTK-by-parts" (Peng et al., 2023) stretches each pair by how
 * often it turns within the trained length L0: r_i = L0 / lambda_i turns.
 * Pairs that turn many times already saw every angle in training and keep
 * their frequency (extrapolation); pairs that turn less than once are
 * interpolated like PI (theta_i / s); in between a ramp.
 *
 * The paper (its eq. 18, defaults alpha = 1, beta = 32) ramps linearly in
 * r: gamma(r) = 0 (r < alpha), 1 (r > beta), (r - alpha)/(beta - alpha),
 * theta'_i = (1 - gamma(r_i)) theta_i / s + gamma(r_i) theta_i.
 *
 * The code ramps linearly in the pair index instead, between two whole
 * "correction dimensions": c(r) = d ln(L0 / (2 pi r)) / (2 ln base) is the
 * (fractional) pair that turns r times within L0, low = floor(c(beta_fast
 * = 32)), high = ceil(c(beta_slow = 1)), both clamped to [0, d - 1] (the
 * code's "min(high, dim - 1)": the head width, not d/2 - 1), and
 *   ramp_i = clamp((i - low) / (high - low), 0, 1)   (high += 0.001 when
 *                                                     equal),
 *   mask_i = 1 - ramp_i                (inv_freq_extrapolation_factor),
 *   theta'_i = (theta_i / s) (1 - mask_i) + theta_i mask_i.
 * The two agree where both are 0 or 1 and differ in between (r is
 * exponential in i). Both sharpen attention as the context grows: q and k
 * are each multiplied by 0.1 ln s + 1 (the code's attention_factor, the
 * paper's sqrt(1/t)), the logits by its square. */
#define PE_YARN_ALPHA 1.0	/* the paper's ramp ends for LLaMA, and */
#define PE_YARN_BETA 32.0	/* the code's beta_slow, beta_fast */

struct pe_yarn {
	double s;		/* scale factor, >= 1 */
	double train;		/* trained length L0, > 0 */
	double alpha, beta;	/* ramp ends, 0 <= alpha < beta: turns
				   within L0 (the code's beta_slow,
				   beta_fast) */
	bool untruncated;	/* the code's ramp ends as computed, not
				   rounded to whole pairs (a config's
				   "truncate": false; gpt-oss) */
};

/* gamma(r) above: in [0, 1], 0 below alpha, 1 above beta. */
/* For tests only. */
double pe_yarn_ramp(double r, double alpha, double beta);

/* r_i = L0 * omega_i / (2 pi) of pair (fractional pairs allowed, for plots
 * of the curve through the pairs). */
/* For tests only. */
double pe_yarn_turns(const struct pe_params *p, double train, double pair);

/* The paper's gamma(r_i) of pair. */
/* For tests only. */
double pe_yarn_gamma(const struct pe_params *p, const struct pe_yarn *y,
		     double pair);

/* The paper's theta'_i: omega_i where gamma = 1, omega_i / s (PI's) where
 * gamma = 0. */
double pe_yarn_omega(const struct pe_params *p, const struct pe_yarn *y,
		     double pair);

/* The code's ramp ends: *low = max(floor(c(y->beta)), 0), *high =
 * min(ceil(c(y->alpha)), d - 1) (find_correction_range); without the
 * floor and ceil when y->untruncated. */
void pe_yarn_code_range(const struct pe_params *p, const struct pe_yarn *y,
			double *low, double *high);

/* The code's mask_i of pair (1 keeps omega_i, 0 is PI's omega_i / s), and
 * its theta'_i. Fractional pairs follow the same line in i. */
/* For tests only. */
double pe_yarn_code_mask(const struct pe_params *p, const struct pe_yarn *y,
			 double pair);
double pe_yarn_code_omega(const struct pe_params *p, const struct pe_yarn *y,
			  double pair);

/* The factor q and k are multiplied by: 0.1 ln s + 1 for s > 1 (1.139 at
 * s = 4, 1.230 at s = 10), 1 otherwise (the code's get_mscale). */
double pe_yarn_temperature(double s);

/* get_mscale(s, mscale) of _compute_yarn_parameters: 0.1 mscale ln s + 1
 * for s > 1, 1 otherwise (pe_yarn_temperature is mscale 1). */
double pe_yarn_mscale(double s, double mscale);

/* Dynamic NTK: NTK-aware scaling whose base follows the length of the
 * sequence so far, as _compute_dynamic_ntk_parameters computes it:
 *   base' = base * ((s len / L0) - (s - 1))^(d/(d-2)),  len >= L0
 * (a shorter len counts as L0, where base' = base). Only for s = 1 is
 * (s len / L0) - (s - 1) the plain len / L0; with s > 1 it grows s times as
 * fast: at len = 2 L0, s = 4 it is 5, not 2. pe_dynamic_ntk_factor gives
 * that number, pe_dynamic_ntk_base the base (for d = 2 the base itself, as
 * pe_ntk_base). */
double pe_dynamic_ntk_factor(double s, double len, double train);
double pe_dynamic_ntk_base(const struct pe_params *p, double s, double len,
			   double train);

/* omega of pair at current length len: base'^(-2i/d), so omega_i itself
 * (bit for bit) while len <= train. */
double pe_dynamic_ntk_omega(const struct pe_params *p, double s, double len,
			    double train, double pair);

/* Llama 3.1's scaling (rope_type "llama3"; its config: factor 8,
 * low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings
 * 8192), as _compute_llama3_parameters computes it from the original
 * omega_i and lambda_i = 2 pi / omega_i:
 *   lambda_i < L0 / high   kept:  omega_i,
 *   lambda_i > L0 / low    divided by the factor: omega_i / s,
 *   otherwise              smooth = (L0 / lambda_i - low) / (high - low),
 *                          (1 - smooth) omega_i / s + smooth omega_i.
 * No attention factor (1). */
#define PE_LLAMA3_FACTOR 8.0
#define PE_LLAMA3_LOW 1.0
#define PE_LLAMA3_HIGH 4.0
#define PE_LLAMA3_TRAIN 8192.0

struct pe_llama3 {
	double s;		/* factor, >= 1 */
	double train;		/* original_max_position_embeddings L0 */
	double low, high;	/* low_freq_factor < high_freq_factor */
};

double pe_llama3_omega(const struct pe_params *p, const struct pe_llama3 *l,
		       double pair);

/* Men et al. 2024, "Base of RoPE Bounds Context Length" (arXiv
 * 2405.14591, their eq. for B_{m,theta} and Theorem 1): a RoPE model
 * keeps its ability to attend more to similar tokens than to random ones
 * at offset m only while B(m) = sum_i cos(m theta_i) >= 0, so a context
 * of L tokens needs a base whose B stays >= 0 for every m <= L; they find
 * that smallest base numerically. Computed here with NumPy at d 128:
 * base 1e4 keeps B >= 0 up to m = 1706 (first negative at 1707). B(m) /
 * (d/2) is the similarity curve pe_scaled_cos_similarity draws.
 *
 * pe_base_reach scans m = 1, 2, ... and returns the first m at which
 * B(m) < 0, or 0 when there is none up to `limit` (>= 1): that base
 * supports contexts of up to m - 1 tokens by their criterion. In slices:
 * struct pe_reach holds the scan (start it with pe_reach_start), each
 * pe_reach_step adds pairs [i0, i1) to the block of offsets from m0 (16
 * at first, growing to PE_REACH_BLOCK; one sin/cos a pair, then a
 * rotation per offset), and pe_reach_block_end checks the block once
 * every pair is in. */
#define PE_REACH_BLOCK 256

/* A block of 64 offsets or more of an encoding of PE_REACH_CERT_PAIRS
 * pairs or more is first bounded rather than summed pair by pair: the
 * pairs are gathered in PE_REACH_CLUSTERS clusters of theta (width
 * 1/256, so j |theta - centre| <= 1/2 over the block), and each cluster's
 * sum_i e^(i (m0 + j) theta_i) is e^(i j centre) times a Taylor series
 * in j of PE_REACH_TERMS terms, whose coefficients (moments of the
 * cluster) cost a sin/cos and a few multiplies a pair: B(m) for every m
 * of the block from 257 clusters instead of d/2 pairs. With the series'
 * remainder and the roundings of both ways bounded (pe_variants.c), an
 * offset whose approximate B is farther from 0 than that bound has the
 * sign the pair-by-pair sums give it; only a block with an offset closer
 * to 0 is summed pair by pair, so the scan finds the same m, always. */
#define PE_REACH_CERT_PAIRS 2048
#define PE_REACH_CLUSTERS 257
#define PE_REACH_TERMS 10

struct pe_reach {
	long long m0;			/* first offset of the block */
	long long limit;		/* last offset to scan */
	long long found;		/* first m with B(m) < 0, 0: none yet */
	double sum[PE_REACH_BLOCK];	/* B(m0 + j) so far */
	bool bounding;			/* the block under way is bounded
					   (moments), not summed */
	bool failed;			/* its bound left a sign open: it is
					   summed pair by pair next */
	int pairs;			/* pairs the moments hold */
	int count[PE_REACH_CLUSTERS];	/* ... in each cluster */
	/* each cluster's moments sum_i e^(i m0 theta_i) (theta_i - c)^n,
	   real and imaginary parts */
	double mom[PE_REACH_CLUSTERS][PE_REACH_TERMS][2];
};

void pe_reach_start(struct pe_reach *r, long long limit);
/* Pairs [i0, i1) of the block, every pair of it in order from 0. */
void pe_reach_step(const struct pe_params *p, struct pe_reach *r, int i0,
		   int i1);
/* true when the scan is over (found, or limit passed). */
bool pe_reach_block_end(struct pe_reach *r);
/* For tests only. */
long long pe_base_reach(const struct pe_params *p, long long limit);

/* Men et al.'s lower bound of the base for a context of L tokens: the
 * smallest base b with B_{m,theta} = sum_i cos(m theta_i) >= 0 for every
 * m = 0 .. L, theta_i = b^(-2i/d) (their inf{b : B_{m,theta} >= 0 for all
 * m <= L}). The set of such bases is not an interval: at d 128 and L 4096
 * bases from 26952.34 to about 26965 keep B >= 0, 27000 and 29100 do not
 * (NumPy on a grid of 2e-4 decades; test_view_context.c), so a bisection
 * on the base would find some edge, not the first. Found here
 * by a sweep upwards in ln b that never steps over a base that works:
 * with a_i = 2i/d, u_i = m theta_i a_i,
 *   dB_m/d ln b = sum_i sin(m theta_i) u_i = D_m,
 *   |d^2 B_m/d (ln b)^2| <= sum_i u_i^2 + u_i a_i = M_m,
 * and M_m (u_i shrinks as b grows) holds for every larger base, so where
 * B_m < 0, B_m stays < 0 for a step of ln b below the root of
 * B_m + D_m t + M_m t^2 / 2, t = 2|B_m| / (D_m + sqrt(D_m^2 + 2 M_m
 * |B_m|)). Each step takes the largest such t of the offsets of the first
 * PE_REACH_BLOCK block that has a negative B (of more blocks while t <
 * PE_BASE_MIN_STEP), and the sweep ends where no offset up to L has B < 0,
 * or where the largest t left is below PE_BASE_MIN_TOL (the base is then
 * exp(ln b) to that relative error: B reaches 0 there). It starts at
 * ln b = 0; cos(m theta_i) comes from a sin/cos per pair and block, then
 * a rotation per offset (re-seeded every 64). Work: about 0.1 L steps of
 * up to L d/2 terms (NumPy at d 128: 4293.44 for L 1024, 11587.24 for
 * 2048, 26952.34 for 4096, 83763.84 for 8192).
 *
 * In slices: pe_base_min_start, then pe_base_min_step with pairs [i0, i1)
 * of the block under way (every pair in order, 0 .. d/2), then
 * pe_base_min_block_end, until it returns true. The sweep gives up once
 * `work` terms are spent: then no base below exp(lnb) keeps B >= 0, and
 * none is known to. d = 2 (B_m = cos m whatever the base) and L >= 2 has
 * no such base; L <= 1 any (every cos(theta_i) > 0): lnb 0. */
#define PE_BASE_MIN_STEP 1e-6	/* a step this large ends a scan */
#define PE_BASE_MIN_TOL 1e-12	/* relative error of the result */

enum pe_base_min_state {
	PE_BASE_MIN_RUNNING,
	PE_BASE_MIN_FOUND,		/* exp(lnb) is the smallest base */
	PE_BASE_MIN_NONE,		/* no base works (d = 2) */
	PE_BASE_MIN_GAVE_UP		/* none below exp(lnb); work spent */
};

struct pe_base_min {
	int d_model;			/* d */
	long long len;			/* L */
	long long work_max, work;	/* terms allowed, terms spent */
	double lnb;			/* no base below exp(lnb) works */
	long long m0;			/* first offset of the block */
	double step;			/* largest safe step of this scan */
	enum pe_base_min_state state;
	double b[PE_REACH_BLOCK];	/* B_m of the block so far, */
	double dv[PE_REACH_BLOCK];	/* D_m; M_m = m^2 s1 + m s2 with */
	double s1, s2;			/* sum (theta_i a_i)^2, theta_i a_i^2 */
};

void pe_base_min_start(struct pe_base_min *s, int d_model, long long len,
		       long long work);
void pe_base_min_step(struct pe_base_min *s, int i0, int i1);
/* true when the sweep is over (state is no longer RUNNING). */
bool pe_base_min_block_end(struct pe_base_min *s);
/* The whole sweep at once; returns its state, *base = exp(lnb). */
/* For tests only. */
enum pe_base_min_state pe_base_min(int d_model, long long len,
				   long long work, double *base);

/* ---- layouts ---- */

/* max |PE_inter(a).PE_inter(b) - PE_concat(a).PE_concat(b)| over every two
 * positions a, b of pos[0..n-1] (a == b included), each dot product summed
 * in its own layout's dimension order. The two layouts hold the same
 * numbers in different places, so this is rounding only (~1e-15 * d/2).
 * work: pe_layout_gram_workspace(d, n) doubles. Cost: n*d/2 sin/cos, d/2
 * pow, n*n*d multiplies. */
int pe_layout_gram_workspace(int d_model, int n);
/* For tests only. */
double pe_layout_gram_diff(const struct pe_params *p, const double *pos,
			   int n, double *work);

/* The same in parts, for a view that spreads the work over frames:
 * pe_layout_gram_omegas puts omega_i of pairs [pair0, pair1) into work,
 * pe_layout_gram_row pairs [pair0, pair1) of the two layouts' rows at pos
 * as row a of n (once the omegas are in), and pe_layout_gram_max compares
 * them once every row is complete. Together they give exactly
 * pe_layout_gram_diff's result. Angles from 1e8 radians on go through
 * pe_sincos (pe_trig.h). */
void pe_layout_gram_omegas(const struct pe_params *p, int n, int pair0,
			   int pair1, double *work);
void pe_layout_gram_row(const struct pe_params *p, double pos, int a, int n,
			int pair0, int pair1, double *work);
double pe_layout_gram_max(const struct pe_params *p, int n,
			  const double *work);

#endif
