/* test_variants.c - unit tests of src/pe_variants.c: the bug zoo, the
 * similarity tables, context extension (PI, NTK) and the layout check.
 *
 * Small cases are checked against literals worked out by hand (d = 4,
 * base = 100, so omega_0 = 1 and omega_1 = 100^(-2/4) = 0.1), the values of
 * sin and cos written out as Python's math module prints them; larger ones
 * against brute force written here from the definitions (sums of libm
 * sin/cos), never against the function under test. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_variants.h"

static const struct pe_params small = { 4, 100.0, PE_INTERLEAVED };

/* sin and cos of the angles below, from Python's math module. */
#define SIN1 0.8414709848078965
#define COS1 0.5403023058681398
#define SIN01 0.09983341664682815
#define COS01 0.9950041652780258
#define SIN2 0.9092974268256817
#define COS2 -0.4161468365471424
#define SIN02 0.19866933079506122
#define COS02 0.9800665778412416

static void expect_row(const struct pe_params *p, enum pe_bug bug, double pos,
		       const double want[4], double tol)
{
	double row[4];

	for (int dim = 0; dim < 4; dim++) {
		double v = pe_variant_value(p, bug, pos, dim);

		cr_expect(fabs(v - want[dim]) <= tol,
			  "bug %d pos %g dim %d: got %.17g, want %.17g", bug, pos,
			  dim, v, want[dim]);
	}
	pe_variant_row(p, bug, pos, row);
	for (int dim = 0; dim < 4; dim++)
		cr_expect(fabs(row[dim] - want[dim]) <= tol,
			  "row: bug %d pos %g dim %d: got %.17g, want %.17g", bug,
			  pos, dim, row[dim], want[dim]);
}

/* ---- the values of each mistake, by hand ---- */

Test(variants, correct_is_the_formula)
{
	/* PE(p) = (sin p, cos p, sin 0.1p, cos 0.1p) for d = 4, base 100. */
	expect_row(&small, PE_BUG_NONE, 1, (double[]){ SIN1, COS1, SIN01, COS01 },
		   1e-15);
	expect_row(&small, PE_BUG_NONE, 2, (double[]){ SIN2, COS2, SIN02, COS02 },
		   1e-15);
}

Test(variants, dim_exponent)
{
	/* Dimension j turns at 100^(-j/4): j = 1 -> 10^-0.5 =
	 * 0.31622776601683794, j = 3 -> 10^-1.5 = 0.03162277660168379; the
	 * sines (j = 0, 2) keep the right exponents 0 and 2/4. */
	expect_row(&small, PE_BUG_DIM_EXPONENT, 1,
		   (double[]){ SIN1, 0.9504152802551828, SIN01,
			       0.9995000416652778 }, 1e-15);
	expect_row(&small, PE_BUG_DIM_EXPONENT, 2,
		   (double[]){ SIN2, 0.8065784098850756, SIN02,
			       0.9980006665777841 }, 1e-15);
}

Test(variants, half_exponent)
{
	/* Pair i turns at 100^(-i/4): 1 and 10^-0.5 = 0.31622776601683794. */
	expect_row(&small, PE_BUG_HALF_EXPONENT, 1,
		   (double[]){ SIN1, COS1, 0.31098359290718575,
			       0.9504152802551828 }, 1e-15);
	expect_row(&small, PE_BUG_HALF_EXPONENT, 2,
		   (double[]){ SIN2, COS2, 0.5911271172152932,
			       0.8065784098850756 }, 1e-15);
}

Test(variants, cos_next_pair)
{
	/* The cosine of pair i turns at pair i+1's omega: pair 0's cosine at
	 * 0.1, pair 1's at 100^(-4/4) = 0.01. */
	expect_row(&small, PE_BUG_COS_NEXT_PAIR, 1,
		   (double[]){ SIN1, COS01, SIN01, 0.9999500004166653 }, 1e-15);
	expect_row(&small, PE_BUG_COS_NEXT_PAIR, 2,
		   (double[]){ SIN2, COS02, SIN02, 0.9998000066665778 }, 1e-15);
}

Test(variants, multiply)
{
	/* pos * 100^(2i/4): pair 1 turns at 10 instead of 0.1. */
	expect_row(&small, PE_BUG_MULTIPLY, 1,
		   (double[]){ SIN1, COS1, -0.5440211108893698,
			       -0.8390715290764524 }, 1e-15);
	expect_row(&small, PE_BUG_MULTIPLY, 2,
		   (double[]){ SIN2, COS2, 0.9129452507276277,
			       0.40808206181339196 }, 1e-14);
}

Test(variants, swapped)
{
	expect_row(&small, PE_BUG_SWAPPED, 1, (double[]){ COS1, SIN1, COS01, SIN01 },
		   1e-15);
	expect_row(&small, PE_BUG_SWAPPED, 2, (double[]){ COS2, SIN2, COS02, SIN02 },
		   1e-15);
}

Test(variants, float32)
{
	/* float(0.1) = 0.100000001490116119384765625; times float(1) and
	 * float(2) exactly: 0.10000000149011612 and 0.20000000298023224.
	 * Pair 0 (omega 1) is exact in float. */
	expect_row(&small, PE_BUG_FLOAT32, 1,
		   (double[]){ SIN1, COS1, 0.0998334181294999,
			       0.9950041651292624 }, 1e-16);
	expect_row(&small, PE_BUG_FLOAT32, 2,
		   (double[]){ SIN2, COS2, 0.19866933371588721,
			       0.9800665772491609 }, 1e-16);
}

Test(variants, concat_layout_moves_rows_only)
{
	struct pe_params c = small;

	/* Concat puts pair 1's sine at dim 1 and pair 0's cosine at dim 2. */
	c.layout = PE_CONCAT;
	expect_row(&c, PE_BUG_COS_NEXT_PAIR, 1,
		   (double[]){ SIN1, SIN01, COS01, 0.9999500004166653 }, 1e-15);
	expect_row(&c, PE_BUG_SWAPPED, 2, (double[]){ COS2, COS02, SIN2, SIN02 },
		   1e-15);
}

/* Largest |PE_float32 - PE| over every dimension at pos, with the float32
 * angle computed here: float pos times float omega, rounded to float. */
static double float32_error(const struct pe_params *p, double pos)
{
	double worst = 0.0;

	for (int dim = 0; dim < p->d_model; dim++) {
		int i = dim / 2;
		volatile float pf = (float)pos;
		volatile float wf = (float)pow(p->base, -2.0 * i / p->d_model);
		volatile float a = pf * wf;
		double want = dim % 2 ? cos((double)a) : sin((double)a);
		double got = pe_variant_value(p, PE_BUG_FLOAT32, pos, dim);

		cr_expect(got == want, "dim %d at %g: %.17g, want %.17g", dim, pos,
			  got, want);
		worst = fmax(worst, fabs(got - pe_value(p, pos, dim)));
	}
	return worst;
}

Test(variants, float32_error_grows_with_position)
{
	struct pe_params p = { 128, 1e4, PE_INTERLEAVED };
	double near = float32_error(&p, 10.0), far = float32_error(&p, 16384.0);

	cr_expect(near < 1e-5, "at 10: %g", near);
	cr_expect(far > 1e-4, "at 16384: %g", far);
	cr_expect(far < 1e-2, "at 16384: %g", far);
}

/* ---- the zoo's names, layouts and formats ---- */

static bool word_only(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80 || (unsigned char)*s <= ' ')
			return false;
	return true;
}

Test(variants, bug_names)
{
	cr_assert_eq(PE_BUG_COUNT, 11);
	cr_expect_str_eq(pe_bug_name(PE_BUG_T2T), "tensor2tensor");
	cr_expect_str_eq(pe_bug_name(PE_BUG_DIM_EXPONENT), "dim-exponent");
	cr_expect_str_eq(pe_bug_name(PE_BUG_FLOAT32), "float32");
	cr_expect_str_eq(pe_bug_name(PE_BUG_BF16), "bfloat16");
	cr_expect_str_eq(pe_bug_name((enum pe_bug)99), "correct");
	for (int b = 0; b <= PE_BUG_NONE; b++) {
		cr_expect(word_only(pe_bug_name((enum pe_bug)b)), "bug %d", b);
		for (int c = 0; c < b; c++)
			cr_expect_str_neq(pe_bug_name((enum pe_bug)b),
					  pe_bug_name((enum pe_bug)c));
	}
	/* Only tensor2tensor brings its own layout; only the narrow formats
	 * their own angles. */
	for (int b = 0; b <= PE_BUG_NONE; b++) {
		enum prec_dtype t = pe_variant_dtype((enum pe_bug)b);

		cr_expect_eq(pe_variant_layout((enum pe_bug)b, PE_INTERLEAVED),
			     b == PE_BUG_T2T ? PE_CONCAT : PE_INTERLEAVED);
		cr_expect_eq(pe_variant_layout((enum pe_bug)b, PE_CONCAT),
			     PE_CONCAT);
		cr_expect_eq(t, b == PE_BUG_BF16 ? PREC_BF16
				: b == PE_BUG_FP16 ? PREC_FP16
				: b == PE_BUG_FLOAT32 ? PREC_FP32 : PREC_FP64);
	}
}

/* ---- comparing a mistake with the correct encoding ---- */

Test(variants, compare_by_hand)
{
	/* d = 4, base 100, positions 0, 1, 2, dimension-exponent bug: only
	 * the cosines change, to cos(10^-0.5 p) and cos(10^-1.5 p). The
	 * largest value difference is at p = 2, dim 1:
	 * |cos(0.63245553) - cos 2| = 0.80657841 + 0.41614684 = 1.2227252.
	 * The largest similarity difference (p = 0 against p = 2, worked out
	 * with Python from the rows) is 0.5230038523193907. */
	double pos[3] = { 0, 1, 2 };
	double *work = malloc((size_t)pe_variant_compare_workspace(4, 3) *
			      sizeof *work);
	struct pe_variant_diff r;

	cr_assert_not_null(work);
	r = pe_variant_compare(&small, PE_BUG_DIM_EXPONENT, pos, 3, 0, 4, work);
	cr_expect(fabs(r.value - 1.222725246432218) < 1e-14, "%.17g", r.value);
	cr_expect(fabs(r.similarity - 0.5230038523193907) < 1e-14, "%.17g",
		  r.similarity);
	/* Restricted to dim 0, a sine, which the mistake leaves alone. */
	r = pe_variant_compare(&small, PE_BUG_DIM_EXPONENT, pos, 3, 0, 1, work);
	cr_expect(r.value == 0.0, "%g", r.value);
	r = pe_variant_compare(&small, PE_BUG_NONE, pos, 3, 0, 4, work);
	cr_expect(r.value == 0.0 && r.similarity == 0.0);
	free(work);
}

Test(variants, swapped_keeps_every_dot_product)
{
	struct pe_params p = { 64, 1e4, PE_INTERLEAVED };
	double good[2][64], bad[2][64], pos[4] = { 0, 7, 300, 5000 };
	double *work = malloc((size_t)pe_variant_compare_workspace(64, 4) *
			      sizeof *work);
	struct pe_variant_diff r;

	cr_assert_not_null(work);
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++) {
			double dg = 0.0, db = 0.0;

			pe_row(&p, pos[a], good[0]);
			pe_row(&p, pos[b], good[1]);
			pe_variant_row(&p, PE_BUG_SWAPPED, pos[a], bad[0]);
			pe_variant_row(&p, PE_BUG_SWAPPED, pos[b], bad[1]);
			for (int k = 0; k < 64; k++) {
				dg += good[0][k] * good[1][k];
				db += bad[0][k] * bad[1][k];
			}
			cr_expect(fabs(dg - db) < 1e-12, "%g %g: %.17g vs %.17g",
				  pos[a], pos[b], dg, db);
		}
	r = pe_variant_compare(&p, PE_BUG_SWAPPED, pos, 4, 0, 64, work);
	cr_expect(r.similarity < 1e-12, "%g", r.similarity);
	cr_expect(r.value > 1.0, "%g", r.value);
	free(work);
}

/* ---- heatmap means ---- */

/* Mean of pe_variant_value over [a, a + n), summed here. */
static double brute_mean(const struct pe_params *p, enum pe_bug bug, int dim,
			 long long a, long long n)
{
	double s = 0.0;

	for (long long k = a; k < a + n; k++)
		s += pe_variant_value(p, bug, (double)k, dim);
	return s / (double)n;
}

/* How many runs of positions t stores as one number [a, a + n) holds,
 * counted one position at a time. */
static int stored_runs(enum prec_dtype t, long long a, long long n)
{
	int runs = 1;

	for (long long k = a + 1; k < a + n; k++)
		runs += prec_round(t, (double)k) != prec_round(t, (double)(k - 1));
	return runs;
}

Test(variants, span_means_match_brute_force)
{
	struct pe_params p = { 16, 1e4, PE_INTERLEAVED };
	enum { N = 9 };
	long long start[N] = { 0, 7, 14, 21, 28, 1000, 400, 5000, 70000 };
	long long count[N] = { 7, 7, 7, 7, 1, 250, 20, 100, 100 };
	double out[N], wave[N];

	for (int b = 0; b <= PE_BUG_NONE; b++)
		for (int dim = 0; dim < 16; dim++) {
			enum prec_dtype t = pe_variant_dtype((enum pe_bug)b);
			bool stored = t == PREC_BF16 || t == PREC_FP16;

			pe_variant_span_means(&p, (enum pe_bug)b, dim, start, count,
					      N, out);
			pe_wave_span_means(pe_variant_wave(&p, (enum pe_bug)b, dim),
					   start, count, N, wave);
			for (int j = 0; j < N; j++) {
				double want = brute_mean(&p, (enum pe_bug)b, dim,
							 start[j], count[j]);
				/* Float32 spans longer than one position are
				 * the exact wave's: as far off as float32
				 * is (~1e-4 at 1250). The multiply bug's
				 * angles reach 70100 * 3162 = 2e8, whose
				 * rounding (~1e-8) the brute-force sum
				 * carries. */
				double tol = b == PE_BUG_FLOAT32 && count[j] > 1
					     ? 1e-4
					     : b == PE_BUG_MULTIPLY ? 1e-7 : 1e-12;

				/* bf16, fp16: run by run (exact) up to
				 * PE_STORED_RUNS_MAX runs, the exact wave's
				 * mean in a span of more; NaN from 65520 on
				 * in fp16. */
				if (stored && stored_runs(t, start[j], count[j]) >
						      PE_STORED_RUNS_MAX &&
				    !isnan(want))
					want = wave[j];
				if (isnan(want)) {
					cr_expect(isnan(out[j]), "bug %d dim %d span %d",
						  b, dim, j);
					continue;
				}
				cr_expect(fabs(out[j] - want) <= tol,
					  "bug %d dim %d span %d: %.17g vs %.17g",
					  b, dim, j, out[j], want);
			}
		}
	/* The spans above test both ways: [400, 420) is 10 runs of bf16,
	 * [5000, 5100) 4, [1000, 1250) more than PE_STORED_RUNS_MAX. */
	cr_expect(stored_runs(PREC_BF16, 400, 20) > 1 &&
		  stored_runs(PREC_BF16, 400, 20) <= PE_STORED_RUNS_MAX);
	cr_expect(stored_runs(PREC_BF16, 5000, 100) > 1 &&
		  stored_runs(PREC_BF16, 5000, 100) <= PE_STORED_RUNS_MAX);
	cr_expect_gt(stored_runs(PREC_BF16, 1000, 250), PE_STORED_RUNS_MAX);
	cr_expect(isnan(pe_variant_value(&p, PE_BUG_FP16, 70000, 0)));
}

Test(variants, span_means_pair_fills_both_slots)
{
	/* Both slots of every pair at once, in the concat layout (pair i's
	 * slots are dims i and 8 + i), against the brute-force means. */
	struct pe_params p = { 16, 100.0, PE_CONCAT };
	long long start[4] = { 0, 3, 6, 50 }, count[4] = { 3, 3, 1, 40 };
	double os[4], oc[4];

	/* The narrow formats' spans are tested above. */
	for (int b = 0; b < PE_BUG_BF16; b++)
		for (int i = 0; i < 8; i++) {
			pe_variant_span_means_pair(&p, (enum pe_bug)b, i, NULL,
						   start, count, 4, os, oc);
			for (int j = 0; j < 4; j++) {
				double ws = brute_mean(&p, (enum pe_bug)b, i,
						       start[j], count[j]);
				double wc = brute_mean(&p, (enum pe_bug)b, 8 + i,
						       start[j], count[j]);

				cr_expect(fabs(os[j] - ws) < 1e-10 &&
					  fabs(oc[j] - wc) < 1e-10,
					  "bug %d pair %d span %d", b, i, j);
			}
		}
}

Test(variants, float32_single_spans_far_out)
{
	/* One-position spans near 1e6, where float32 angles are off by up
	 * to ~0.03: the turned exact wave must give the float32 value. */
	struct pe_params p = { 8, 1e4, PE_INTERLEAVED };
	long long start[200], count[200];
	double out[200];

	for (int j = 0; j < 200; j++) {
		start[j] = 999900 + j;
		count[j] = 1;
	}
	for (int dim = 0; dim < 8; dim++) {
		pe_variant_span_means(&p, PE_BUG_FLOAT32, dim, start, count, 200, out);
		for (int j = 0; j < 200; j++) {
			double want = pe_variant_value(&p, PE_BUG_FLOAT32,
						       (double)start[j], dim);

			cr_expect(fabs(out[j] - want) < 1e-9,
				  "dim %d pos %lld: %.17g vs %.17g", dim, start[j],
				  out[j], want);
		}
	}
	/* ...and they really differ from the exact encoding there: dim 2
	 * turns at 0.1, and 999999 * float(0.1) rounds to a multiple of
	 * 2^-7 (the float spacing near 1e5), off by up to 0.004. */
	cr_expect(fabs(pe_variant_value(&p, PE_BUG_FLOAT32, 999999, 2) -
		       pe_value(&p, 999999, 2)) > 1e-4);
}

/* ---- similarity curves ---- */

/* Cosine similarity of two rows of the encoding with mistake bug, from
 * pe_variant_row and sums written here. */
static double brute_cos(const struct pe_params *p, enum pe_bug bug, double a,
			double b)
{
	double ra[64], rb[64], d = 0.0, na = 0.0, nb = 0.0;

	pe_variant_row(p, bug, a, ra);
	pe_variant_row(p, bug, b, rb);
	for (int k = 0; k < p->d_model; k++) {
		d += ra[k] * rb[k];
		na += ra[k] * ra[k];
		nb += rb[k] * rb[k];
	}
	return d / sqrt(na * nb);
}

/* The curve of the given pairs from pos, the pairs split into chunks of
 * `chunk` (planned and added one chunk after the other, as the views do). */
static void curve_of(const struct pe_wave_pair *pw, int h,
		     const struct pe_sim_grid *g, double pos, int chunk,
		     double *out)
{
	double *plan = malloc((size_t)PE_SIM_PAIR * (size_t)h * sizeof *plan);
	double *norm2 = calloc((size_t)g->n + 1, sizeof *norm2);
	double *dot = calloc((size_t)g->n, sizeof *dot), n2p = 0.0;

	cr_assert(plan && norm2 && dot);
	for (int i = 0; i < h; i += chunk) {
		int cnt = h - i < chunk ? h - i : chunk;

		pe_sim_plan(pw + i, cnt, g, plan + (size_t)PE_SIM_PAIR * (size_t)i,
			    norm2);
	}
	for (int i = 0; i < h; i += chunk) {
		int cnt = h - i < chunk ? h - i : chunk;

		n2p = pe_sim_dot(pw + i, cnt, plan + (size_t)PE_SIM_PAIR * (size_t)i,
				 g, pos, dot, n2p);
	}
	pe_sim_finish(dot, norm2, n2p, g->n, out);
	free(plan);
	free(norm2);
	free(dot);
}

Test(variants, pairs_are_the_waves_of_the_slots)
{
	struct pe_params p = { 16, 1e4, PE_CONCAT };
	struct pe_wave_pair pw[8];

	for (int b = 0; b <= PE_BUG_NONE; b++) {
		pe_variant_pairs(&p, (enum pe_bug)b, 2, 7, pw);
		for (int i = 2; i < 7; i++) {
			struct pe_wave s = pe_variant_wave(&p, (enum pe_bug)b,
							   pe_dim_of(&p, i, PE_SIN));
			struct pe_wave c = pe_variant_wave(&p, (enum pe_bug)b,
							   pe_dim_of(&p, i, PE_COS));

			cr_expect(pw[i - 2].s.omega == s.omega && pw[i - 2].s.fn == s.fn &&
				  pw[i - 2].c.omega == c.omega && pw[i - 2].c.fn == c.fn,
				  "bug %d pair %d", b, i);
		}
	}
}

Test(variants, similarity_points_match_rows)
{
	/* m = 1: each sample is the point itself, so the curve is exactly
	 * the cosine similarity of two rows, for every mistake but float32
	 * (whose waves are the exact ones). 2100 samples cross two re-seeds
	 * of the recurrence; the pairs come in chunks of 5, and the mistakes
	 * whose slots turn at different speeds (dim-exponent, cos-next-pair)
	 * take the path for waves of their own. */
	struct pe_params p = { 64, 1e4, PE_INTERLEAVED };
	struct pe_wave_pair pw[32];
	struct pe_sim_grid g = { 3.0, 2.5, 1.0, 2100 };
	static double out[2100];

	for (int b = 0; b < PE_BUG_NONE; b++) {
		double worst = 0.0, wmax = 0.0, tol;
		int at = 0;

		if (pe_variant_dtype((enum pe_bug)b) != PREC_FP64)
			continue;	/* not waves: span_curves_match_rows */
		pe_variant_pairs(&p, (enum pe_bug)b, 0, 32, pw);
		/* The rows themselves round each angle w q to ~|w q| 2^-53:
		 * 5e7 radians for the multiply mistake's fastest pair. */
		for (int i = 0; i < 32; i++)
			wmax = fmax(wmax, fmax(pw[i].s.omega, pw[i].c.omega));
		tol = 1e-10 + 2.0 * DBL_EPSILON * wmax * (3.0 + 2.5 * g.n);
		curve_of(pw, 32, &g, 41.0, 5, out);
		for (int j = 0; j < g.n; j++) {
			double err = fabs(out[j] - brute_cos(&p, (enum pe_bug)b, 41.0,
							     3.0 + 2.5 * j));

			if (!(err <= worst)) {
				worst = err;
				at = j;
			}
		}
		cr_expect(worst < tol, "bug %d: off by %g at sample %d", b,
			  worst, at);
	}
}

Test(variants, span_curves_match_rows)
{
	/* The curves of the narrow formats: the mean over each span of the
	 * cosine similarity of two rows (pe_variant_row), summed here, against
	 * pe_variant_span_plan and pe_variant_span_dot in chunks of 5 pairs,
	 * divided by d/2. The spans below hold at most a few stored numbers
	 * each (bf16 and fp16), so the plan's means are exact (a span of more
	 * would take the exact wave's mean). At 70000 fp16 is infinite: NaN. */
	enum { D = 64, H = D / 2, N = 6 };
	struct pe_params p = { D, 1e4, PE_INTERLEAVED };
	long long start[N] = { 0, 1, 250, 600, 5000, 70000 };
	long long count[N] = { 1, 3, 9, 5, 40, 2 };
	double plan[2 * N * H], dot[N], ra[D], rb[D];
	const double pos = 300.0;

	for (int b = PE_BUG_BF16; b <= PE_BUG_NONE; b++) {
		for (int j = 0; j < N; j++)
			dot[j] = 0.0;
		for (int i = 0; i < H; i += 5) {
			int end = i + 5 < H ? i + 5 : H;

			pe_variant_span_plan(&p, (enum pe_bug)b, i, end, NULL,
					     start, count, N, plan);
			pe_variant_span_dot(&p, (enum pe_bug)b, i, end, plan, N,
					    pos, dot);
		}
		pe_variant_row(&p, (enum pe_bug)b, pos, ra);
		for (int j = 0; j < N; j++) {
			double want = 0.0, na = 0.0, got = dot[j] / H;

			for (int k = 0; k < D; k++)
				na += ra[k] * ra[k];
			for (long long q = start[j]; q < start[j] + count[j]; q++) {
				double ab = 0.0, nb = 0.0;

				pe_variant_row(&p, (enum pe_bug)b, (double)q, rb);
				for (int k = 0; k < D; k++) {
					ab += ra[k] * rb[k];
					nb += rb[k] * rb[k];
				}
				want += ab / sqrt(na * nb);
			}
			want /= (double)count[j];
			if (isnan(want)) {
				cr_expect(isnan(got) && b == PE_BUG_FP16,
					  "bug %d span %d", b, j);
				continue;
			}
			/* float32 spans of more than one position take the
			 * exact wave's means (span_means_match_brute_force) */
			cr_expect(fabs(got - want) < (b == PE_BUG_FLOAT32 &&
						      count[j] > 1 ? 1e-3 : 1e-12),
				  "bug %d span %d: %.17g vs %.17g", b, j, got,
				  want);
		}
	}
}

Test(variants, similarity_far_out_is_exact)
{
	/* Position 1e9 and samples around 5e8 (angles past 1e8, where
	 * pe_sincos reduces them itself): the correct encoding's curve is
	 * sum_i cos(w_i (q - pos)) / h, here in long double. */
	struct pe_params p = { 64, 10.0, PE_INTERLEAVED };
	struct pe_wave_pair pw[32];
	struct pe_sim_grid g = { 5e8, 1.0, 1.0, 50 };
	double out[50];

	pe_variant_pairs(&p, PE_BUG_NONE, 0, 32, pw);
	curve_of(pw, 32, &g, 1e9, 32, out);
	for (int j = 0; j < g.n; j++) {
		long double want = 0.0L;

		for (int i = 0; i < 32; i++)
			want += cosl(powl(10.0L, -(long double)i / 32) *
				     (5e8L + j - 1e9L));
		want /= 32;
		cr_expect(fabsl(out[j] - want) < 1e-6, "sample %d: %.17g vs %.17Lg",
			  j, out[j], want);
	}
}

Test(variants, similarity_blocks_are_means)
{
	/* m = 5: each sample is the mean of the cosine similarity over the
	 * five positions q_j - 2 .. q_j + 2 (the correct encoding's norm is
	 * the same everywhere, so the mean of the dot products over the norms
	 * is the mean similarity). */
	struct pe_params p = { 32, 1e4, PE_INTERLEAVED };
	struct pe_wave_pair pw[16];
	struct pe_sim_grid g = { 10.0, 5.0, 5.0, 40 };
	double out[40];

	pe_variant_pairs(&p, PE_BUG_NONE, 0, 16, pw);
	curve_of(pw, 16, &g, 17.0, 16, out);
	for (int j = 0; j < 40; j++) {
		double want = 0.0;

		for (int k = -2; k <= 2; k++)
			want += pe_cos_similarity(&p, 10.0 + 5.0 * j + k - 17.0, 0, 16);
		want /= 5.0;
		cr_expect(fabs(out[j] - want) < 1e-12, "sample %d: %.17g vs %.17g",
			  j, out[j], want);
	}
}

Test(variants, similarity_blocks_of_unshared_waves)
{
	/* The dim-exponent mistake with blocks of 3: the dot product's mean
	 * over the block, brute force from rows, over the norms at pos and at
	 * the block's centre. */
	struct pe_params p = { 16, 100.0, PE_CONCAT };
	struct pe_wave_pair pw[8];
	struct pe_sim_grid g = { 20.0, 7.0, 3.0, 30 };
	double out[30], rp[16], rq[16];

	pe_variant_pairs(&p, PE_BUG_DIM_EXPONENT, 0, 8, pw);
	curve_of(pw, 8, &g, 11.0, 3, out);
	pe_variant_row(&p, PE_BUG_DIM_EXPONENT, 11.0, rp);
	for (int j = 0; j < 30; j++) {
		double q = 20.0 + 7.0 * j, dot = 0.0, np = 0.0, nq = 0.0;

		for (int t = -1; t <= 1; t++) {
			pe_variant_row(&p, PE_BUG_DIM_EXPONENT, q + t, rq);
			for (int k = 0; k < 16; k++)
				dot += rp[k] * rq[k] / 3.0;
		}
		pe_variant_row(&p, PE_BUG_DIM_EXPONENT, q, rq);
		for (int k = 0; k < 16; k++) {
			np += rp[k] * rp[k];
			nq += rq[k] * rq[k];
		}
		cr_expect(fabs(out[j] - dot / sqrt(np * nq)) < 1e-12,
			  "sample %d: %.17g vs %.17g", j, out[j], dot / sqrt(np * nq));
	}
}

/* ---- context extension ---- */

Test(variants, ntk_base)
{
	/* 1e4 * 4^(128/126) = 40000 * 4^(1/63) = 40889.94243248622 (Python). */
	double b = pe_ntk_base(1e4, 4.0, 128);
	struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	cr_expect(fabs(b - 40889.94243248622) < 1e-8, "%.17g", b);
	cr_expect(pe_ntk_base(1e4, 4.0, 2) == 1e4);
	cr_expect(pe_ntk_base(1e4, 1.0, 128) == 1e4);
	/* What the exponent is for: pair 0 keeps omega 1, the slowest pair
	 * slows down by exactly s. */
	cr_expect(pe_scaled_omega(&p, PE_SCALE_NTK, 4.0, 0) == 1.0);
	cr_expect(fabs(pe_scaled_omega(&p, PE_SCALE_NTK, 4.0, 63) * 4.0 /
		       pe_omega(&p, 63) - 1.0) < 1e-12);
	/* λ_63 = 2π·1e4^(126/128) = 54410.143 originally, 217640.57 after. */
	cr_expect(fabs(pe_scaled_wavelength(&p, PE_SCALE_NONE, 4.0, 63) -
		       54410.14313077675) < 1e-6);
	cr_expect(fabs(pe_scaled_wavelength(&p, PE_SCALE_NTK, 4.0, 63) -
		       217640.572523107) < 1e-5);
}

Test(variants, position_interpolation)
{
	/* PI with s = 2 at pos 2 is PE(1) = (sin 1, cos 1, sin 0.1, cos 0.1). */
	double want[4] = { SIN1, COS1, SIN01, COS01 };

	for (int dim = 0; dim < 4; dim++)
		cr_expect(fabs(pe_scaled_value(&small, PE_SCALE_PI, 2.0, 2.0, dim) -
			       want[dim]) < 1e-15, "dim %d", dim);
	/* Every wavelength grows s-fold: 2π·3 at pair 0, 2π·10·3 at pair 1. */
	cr_expect(fabs(pe_scaled_wavelength(&small, PE_SCALE_PI, 3.0, 0) -
		       6.283185307179586 * 3) < 1e-12);
	cr_expect(fabs(pe_scaled_wavelength(&small, PE_SCALE_PI, 3.0, 1) -
		       62.83185307179586 * 3) < 1e-11);
	/* NONE is the encoding itself, to the bit. */
	for (int i = 0; i < 2; i++)
		cr_expect(pe_scaled_omega(&small, PE_SCALE_NONE, 5.0, i) ==
			  pe_omega(&small, i));
	/* NTK with d = 4: base' = 100 * s^2; s = 3 -> 900, pair 1 at 1/30. */
	cr_expect(fabs(pe_scaled_value(&small, PE_SCALE_NTK, 3.0, 2.0, 3) -
		       cos(2.0 / 30.0)) < 1e-15);
}

Test(variants, scaled_similarity)
{
	/* d = 128, base 1e4, s = 4, k = 1, sums written out here:
	 * original sum cos(w_i)/64 = 0.9702138094651194, PI with w_i/4
	 * 0.9980535027711, NTK 0.973642948140575 (Python). */
	struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	cr_expect(fabs(pe_scaled_cos_similarity(&p, PE_SCALE_NONE, 4, 1) -
		       0.9702138094651194) < 1e-13);
	cr_expect(fabs(pe_scaled_cos_similarity(&p, PE_SCALE_PI, 4, 1) -
		       0.9980535027711) < 1e-12);
	cr_expect(fabs(pe_scaled_cos_similarity(&p, PE_SCALE_NTK, 4, 1) -
		       0.973642948140575) < 1e-13);
	cr_expect(fabs(pe_scaled_cos_similarity(&p, PE_SCALE_PI, 4, 36) -
		       pe_cos_similarity(&p, 9, 0, 64)) < 1e-13);
	cr_expect_str_eq(pe_scaling_name(PE_SCALE_NTK), "NTK");
	cr_expect_str_eq(pe_scaling_name((enum pe_scaling)7), "?");
}

Test(variants, scaled_waves_give_the_scaled_similarity)
{
	/* The scaled encoding's pairs make the curve of
	 * pe_scaled_cos_similarity (from position 0, point samples). */
	struct pe_params p = { 32, 1e4, PE_CONCAT };
	struct pe_wave_pair pw[16];
	struct pe_sim_grid g = { 0.0, 3.0, 1.0, 50 };
	double out[50];

	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < 16; i++) {
			double w = pe_scaled_omega(&p, (enum pe_scaling)k, 8.0, i);

			pw[i] = (struct pe_wave_pair){ { w, PE_SIN }, { w, PE_COS } };
		}
		curve_of(pw, 16, &g, 0.0, 7, out);
		for (int j = 0; j < 50; j++)
			cr_expect(fabs(out[j] - pe_scaled_cos_similarity(
						&p, (enum pe_scaling)k, 8.0, 3.0 * j)) <
				  1e-12, "kind %d sample %d", k, j);
	}
}

/* ---- layouts ---- */

Test(variants, layouts_have_the_same_geometry)
{
	double pos[8] = { 0, 1, 2, 17, 100, 999, 12345, 1e6 };
	struct pe_params p = { 64, 1e4, PE_CONCAT };
	double *work = malloc((size_t)pe_layout_gram_workspace(512, 8) *
			      sizeof *work);
	double diff;

	cr_assert_not_null(work);
	diff = pe_layout_gram_diff(&p, pos, 8, work);
	cr_expect(diff <= 1e-12, "%g", diff);
	p.d_model = 512;
	diff = pe_layout_gram_diff(&p, pos, 8, work);
	cr_expect(diff <= 1e-11, "%g", diff);
	free(work);
}

/* ---- YaRN, dynamic NTK, Llama 3.1 and the base's reach ---- */

Test(variants, yarn_gamma_at_known_pairs)
{
	/* d 128, base 1e4, trained on 4096, stretched by 4: r_i, gamma_i and
	 * theta'_i from NumPy (r = L0 w / 2 pi, clip((r - 1) / 31, 0, 1)) */
	static const struct { int pair; double r, gamma, omega; } want[] = {
		{ 0, 651.8986469044033, 1.0, 1.0 },
		{ 20, 36.658954899001756, 1.0, 0.056234132519034905 },
		{ 21, 31.745347074201213, 0.9917853894903617, 0.048396733875330306 },
		{ 30, 8.693208172452929, 0.2481680055629977, 0.005815833736874443 },
		{ 40, 2.061484527799789, 0.03424143638063835, 0.0008717801120310219 },
		{ 45, 1.003876018670381, 0.0001250328603348713, 0.000385126037578567 },
		{ 46, 0.8693208172452929, 0.0, 0.00033338035804083096 },
		{ 63, 0.07528008132886392, 0.0, 2.8869549617236455e-05 },
	};
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };
	const struct pe_yarn y = { 4.0, 4096.0, PE_YARN_ALPHA,
				   PE_YARN_BETA, false };

	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		int i = want[k].pair;

		cr_expect(fabs(pe_yarn_turns(&p, 4096.0, i) / want[k].r - 1) < 1e-13,
			  "r_%d", i);
		cr_expect(fabs(pe_yarn_gamma(&p, &y, i) - want[k].gamma) < 1e-13,
			  "gamma_%d = %.17g", i, pe_yarn_gamma(&p, &y, i));
		cr_expect(fabs(pe_yarn_omega(&p, &y, i) / want[k].omega - 1) < 1e-13,
			  "theta'_%d", i);
	}
	/* the ends: untouched fast pairs, PI's slow ones, bit for bit */
	cr_expect(pe_yarn_omega(&p, &y, 3) == pe_omega(&p, 3));
	cr_expect(pe_yarn_omega(&p, &y, 60) ==
		  pe_scaled_omega(&p, PE_SCALE_PI, 4.0, 60));
	cr_expect(pe_yarn_ramp(0.5, 1, 32) == 0.0);
	cr_expect(pe_yarn_ramp(1.0, 1, 32) == 0.0);
	cr_expect(pe_yarn_ramp(16.5, 1, 32) == 0.5);
	cr_expect(pe_yarn_ramp(32.0, 1, 32) == 1.0);
	cr_expect(pe_yarn_ramp(1e9, 1, 32) == 1.0);
	cr_expect(fabs(pe_yarn_temperature(4.0) - 1.138629436111989) < 1e-15);
	cr_expect(fabs(pe_yarn_temperature(10.0) - 1.2302585092994045) < 1e-15);
	cr_expect(pe_yarn_temperature(1.0) == 1.0);
	cr_expect(pe_yarn_temperature(0.5) == 1.0);
}

Test(variants, yarn_as_the_code_computes_it)
{
	/* d 128, base 1e4, L0 4096, s 4: Hugging Face's
	 * _compute_yarn_parameters written in NumPy (float64): low =
	 * floor(c(32)) = 20, high = ceil(c(1)) = 46, mask = 1 - clip((i - low)
	 * / (high - low), 0, 1), w/s (1 - mask) + w mask. */
	static const struct { int pair; double omega; } want[] = {
		{ 0, 1.0 }, { 20, 0.056234132519034905 },
		{ 21, 0.047292038501684786 }, { 25, 0.02343455263937771 },
		{ 33, 0.005412277021000408 }, { 40, 0.0013378867023789297 },
		{ 45, 0.0004294025889973584 }, { 46, 0.000333380358040831 },
		{ 63, 2.8869549617236455e-05 },
	};
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };
	const struct pe_yarn y = { 4.0, 4096.0, PE_YARN_ALPHA,
				   PE_YARN_BETA, false };
	const struct pe_params q = { 64, 5e5, PE_INTERLEAVED };
	const struct pe_yarn z = { 16.0, 2048.0, PE_YARN_ALPHA,
				   PE_YARN_BETA, false };
	double low, high;

	pe_yarn_code_range(&p, &y, &low, &high);
	cr_expect(low == 20 && high == 46, "%g %g", low, high);
	pe_yarn_code_range(&q, &z, &low, &high);
	cr_expect(low == 5 && high == 15, "%g %g", low, high);
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		int i = want[k].pair;
		double w = pe_yarn_code_omega(&p, &y, i);

		cr_expect(fabs(w / want[k].omega - 1) < 1e-13, "omega'_%d = %.17g",
			  i, w);
	}
	/* the paper's ramp agrees at the ends, not in between (pair 33: the
	 * paper's gamma is 0.0962, the code's mask 0.5) */
	cr_expect(pe_yarn_omega(&p, &y, 0) == pe_yarn_code_omega(&p, &y, 0));
	cr_expect(fabs(pe_yarn_omega(&p, &y, 63) /
		       pe_yarn_code_omega(&p, &y, 63) - 1) < 1e-15);
	cr_expect(fabs(pe_yarn_omega(&p, &y, 33) /
		       pe_yarn_code_omega(&p, &y, 33) - 1) > 0.3);
	cr_expect(pe_yarn_code_mask(&p, &y, 33) == 0.5);
	/* the ramp's end is clamped to the head's width d - 1, not to the
	 * last pair d/2 - 1: at L0 1e6, low = 59 and high = 84, so the last
	 * pair (63) keeps 1 - 4/25 of its mask and is not PI's */
	{
		const struct pe_yarn far = { 4.0, 1e6, PE_YARN_ALPHA,
					     PE_YARN_BETA, false };

		pe_yarn_code_range(&p, &far, &low, &high);
		cr_expect(low == 59 && high == 84, "%g %g", low, high);
		cr_expect(fabs(pe_yarn_code_mask(&p, &far, 63) - 0.84) < 1e-15);
	}
}

Test(variants, dynamic_ntk_as_the_code_computes_it)
{
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	/* (s len / L0) - (s - 1), len at least L0 */
	cr_expect(pe_dynamic_ntk_factor(4, 100, 4096) == 1.0);
	cr_expect(pe_dynamic_ntk_factor(4, 4096, 4096) == 1.0);
	cr_expect(pe_dynamic_ntk_factor(4, 8192, 4096) == 5.0);
	cr_expect(pe_dynamic_ntk_factor(1, 8192, 4096) == 2.0);
	cr_expect(pe_dynamic_ntk_factor(2, 16384, 4096) == 7.0);
	/* within the training: the original frequencies, bit for bit */
	for (int i = 0; i < 64; i++)
		cr_expect(pe_dynamic_ntk_omega(&p, 4, 4000, 4096, i) ==
			  pe_omega(&p, i));
	/* NumPy: base * ((4 * 8192 / 4096) - 3) ** (128 / 126) */
	cr_expect(fabs(pe_dynamic_ntk_omega(&p, 4, 8192, 4096, 63) /
		       2.3095639693789166e-05 - 1) < 1e-13);
	cr_expect(fabs(pe_dynamic_ntk_omega(&p, 4, 8192, 4096, 10) /
		       0.18367598616245012 - 1) < 1e-13);
	/* with s = 1, NTK with s' = len / L0 */
	cr_expect(fabs(pe_dynamic_ntk_omega(&p, 1, 12288, 4096, 63) * 3.0 /
		       pe_omega(&p, 63) - 1) < 1e-12);
	cr_expect(pe_dynamic_ntk_omega(&p, 4, 1e6, 4096, 0) == 1.0);
}

Test(variants, llama3_as_the_code_computes_it)
{
	/* Llama 3.1: d 128, base 5e5, factor 8, L0 8192, low 1, high 4;
	 * Hugging Face's _compute_llama3_parameters in NumPy. Pairs 0-28 have
	 * wavelengths under 2048 (kept), 35 on over 8192 (divided by 8). */
	static const struct { int pair; double omega; } want[] = {
		{ 0, 1.0 }, { 28, 0.0032114459947525913 },
		{ 29, 0.002166570763503359 }, { 31, 0.0008567514129196321 },
		{ 34, 0.00017850781276799638 }, { 35, 9.556212353964683e-05 },
		{ 45, 1.2297638677963614e-05 }, { 63, 3.068925988914511e-07 },
	};
	const struct pe_params p = { 128, 5e5, PE_INTERLEAVED };
	const struct pe_llama3 l = { PE_LLAMA3_FACTOR, PE_LLAMA3_TRAIN,
				     PE_LLAMA3_LOW, PE_LLAMA3_HIGH };

	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		int i = want[k].pair;
		double w = pe_llama3_omega(&p, &l, i);

		cr_expect(fabs(w / want[k].omega - 1) < 1e-13, "omega'_%d = %.17g",
			  i, w);
	}
	cr_expect(pe_llama3_omega(&p, &l, 28) == pe_omega(&p, 28));
	cr_expect(pe_llama3_omega(&p, &l, 40) == pe_omega(&p, 40) / 8.0);
}

Test(variants, base_reach_of_men_et_al)
{
	/* The first m with sum_i cos(m theta_i) < 0, from NumPy: d 128 base
	 * 1e4: 1707; d 512 base 1e4: 3284; d 128 base 5e5: 18438. */
	const struct pe_params a = { 128, 1e4, PE_INTERLEAVED };
	const struct pe_params b = { 512, 1e4, PE_INTERLEAVED };
	const struct pe_params c = { 128, 5e5, PE_INTERLEAVED };

	cr_expect(pe_base_reach(&a, 100000) == 1707, "%lld",
		  pe_base_reach(&a, 100000));
	cr_expect(pe_base_reach(&b, 100000) == 3284);
	cr_expect(pe_base_reach(&c, 100000) == 18438);
	cr_expect(pe_base_reach(&a, 1706) == 0);
	cr_expect(pe_base_reach(&a, 1707) == 1707);
	/* the sum there, directly */
	{
		double s = 0.0, t = 0.0;

		for (int i = 0; i < 64; i++) {
			s += cos(1707.0 * pe_omega(&a, i));
			t += cos(1706.0 * pe_omega(&a, i));
		}
		cr_expect(s < 0.0 && t >= 0.0);
	}
}

/* The first m <= limit with sum_i cos(m theta_i) < 0 (0: none), summed
 * here in long double, one offset at a time. */
static long long brute_reach(const struct pe_params *p, long long limit)
{
	int h = p->d_model / 2;
	long double *th = malloc((size_t)h * sizeof *th);
	long long found = 0;

	cr_assert(th);
	for (int i = 0; i < h; i++)
		th[i] = powl((long double)p->base, -2.0L * i / p->d_model);
	for (long long m = 1; m <= limit && !found; m++) {
		long double b = 0.0L;

		for (int i = 0; i < h; i++)
			b += cosl((long double)m * th[i]);
		if (b < 0.0L)
			found = m;
	}
	free(th);
	return found;
}

Test(variants, base_reach_bounded_blocks)
{
	/* From d/2 = PE_REACH_CERT_PAIRS pairs on, blocks of 64 offsets and
	 * more are bounded from clusters' moments and summed pair by pair
	 * only where the bound leaves a sign open: the scan must find what
	 * summing every pair finds. NumPy (the sums of np.cos over a grid of
	 * offsets and pairs): d 4096 base 1e4: 5289 (B = -0.113 there, 4.20
	 * at 5288: a near zero the bound must still decide); d 8192 base 1e4:
	 * 5670; d 4096 base 100: 61 (in the first bounded block, 49..112);
	 * d 65536 at bases 1e4 and 1e12: none up to 2048; at 1.000001: 2
	 * (before any bounded block). */
	const struct {
		int d;
		double base;
		long long limit, want;
	} cases[] = {
		{ 4096, 1e4, 8192, 5289 }, { 8192, 1e4, 8192, 5670 },
		{ 4096, 100.0, 8192, 61 }, { 4096, 5e5, 8192, 0 },
		{ 65536, 1e4, 2048, 0 }, { 65536, 1e12, 2048, 0 },
		{ 65536, 1.000001, 2048, 2 },
	};

	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct pe_params p = { cases[k].d, cases[k].base, PE_INTERLEAVED };
		static struct pe_reach r;
		int h = p.d_model / 2;

		cr_expect_eq(pe_base_reach(&p, cases[k].limit), cases[k].want,
			     "d %d base %g: %lld", p.d_model, p.base,
			     pe_base_reach(&p, cases[k].limit));
		/* in slices of 1024 pairs, as the context view runs it */
		pe_reach_start(&r, cases[k].limit);
		do
			for (int i = 0; i < h; i += 1024)
				pe_reach_step(&p, &r, i, i + 1024 < h ? i + 1024 : h);
		while (!pe_reach_block_end(&r));
		cr_expect_eq(r.found, cases[k].want, "d %d base %g, in slices",
			     p.d_model, p.base);
	}
	/* Bases across the range at d 4096, against sums in long double. */
	for (double b = 1.5; b < 1e12; b *= 7.3) {
		struct pe_params p = { 4096, b, PE_INTERLEAVED };

		cr_expect_eq(pe_base_reach(&p, 600), brute_reach(&p, 600),
			     "base %g", b);
	}
}

