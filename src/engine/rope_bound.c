/* rope_bound.c - RoFormer's relative upper bound, the RoPE score of the
 * uniform vector and the mean score of random q and k (see rope_bound.h
 * for the contract). */
#include "engine/rope_bound.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "engine/nufft.h"
#include "engine/pe_cis.h"
#include "engine/pe_trig.h"
#include "engine/rng.h"

/* Offsets whose angles go to pe_sincos_n at a time. */
enum { RUN = 64 };

void rope_bound_add(const struct pe_params *p, const double *m, int n,
		    int pair0, int pair1, double *state)
{
	double *re = state, *im = state + n, *acc = state + 2 * n;

	for (int i = pair0; i < pair1; i++) {
		double w = pe_omega(p, i);

		for (int j0 = 0; j0 < n; j0 += RUN) {
			int len = n - j0 < RUN ? n - j0 : RUN;
			double x[RUN], s[RUN], c[RUN];

			for (int j = 0; j < len; j++)
				x[j] = m[j0 + j] * w;
			pe_sincos_n(x, len, s, c);
			for (int j = 0; j < len; j++) {
				int k = j0 + j;

				re[k] += c[j];
				im[k] += s[j];
				acc[k] += sqrt(re[k] * re[k] + im[k] * im[k]);
			}
		}
	}
}

/* Pairs whose frequencies rope_bound_add_steps makes at a time. */
enum { STEP_PAIRS = 256 };

void rope_bound_add_steps(const struct pe_params *p, const double *m, int n,
			  int pair0, int pair1, double *state)
{
	for (int i0 = pair0; i0 < pair1; i0 += STEP_PAIRS) {
		int np = pair1 - i0 < STEP_PAIRS ? pair1 - i0 : STEP_PAIRS;
		double w[STEP_PAIRS];

		for (int i = 0; i < np; i++)
			w[i] = pe_omega(p, i0 + i);
		for (int j0 = 0; j0 < n; j0 += PE_CIS_BLOCK) {
			int len = n - j0 < PE_CIS_BLOCK ? n - j0 : PE_CIS_BLOCK;
			struct pe_cis_block b;
			double re[PE_CIS_BLOCK] = { 0 }, im[PE_CIS_BLOCK] = { 0 };
			double acc[PE_CIS_BLOCK] = { 0 };
			double c[PE_CIS_BLOCK], s[PE_CIS_BLOCK];

			pe_cis_plan(m + j0, len, &b);
			for (int j = 0; j < len; j++) {
				int at = pe_cis_slot(j);

				re[at] = state[j0 + j];
				im[at] = state[n + j0 + j];
				acc[at] = state[2 * n + j0 + j];
			}
			/* the sums in slot order, pair by pair as
			 * rope_bound_add adds them */
			for (int i = 0; i < np; i++) {
				pe_cis_fill(&b, w[i], c, s);
				for (int q = 0; q < PE_CIS_BLOCK; q++) {
					re[q] += c[q];
					im[q] += s[q];
					acc[q] += sqrt(re[q] * re[q] + im[q] * im[q]);
				}
			}
			for (int j = 0; j < len; j++) {
				int at = pe_cis_slot(j);

				state[j0 + j] = re[at];
				state[n + j0 + j] = im[at];
				state[2 * n + j0 + j] = acc[at];
			}
		}
	}
}

void rope_bound_finish(const struct pe_params *p, int n, const double *state,
		       double *bound, double *score)
{
	double h = p->d_model / 2;

	for (int j = 0; j < n; j++) {
		if (bound)
			bound[j] = state[2 * n + j] / h;
		if (score)
			score[j] = state[j] / h;
	}
}

/* Both numbers at one offset. */
static void one(const struct pe_params *p, double m, double *bound,
		double *score)
{
	double state[3] = { 0.0, 0.0, 0.0 };

	rope_bound_add(p, &m, 1, 0, p->d_model / 2, state);
	rope_bound_finish(p, 1, state, bound, score);
}

double rope_bound_value(const struct pe_params *p, double m)
{
	double b;

	one(p, m, &b, NULL);
	return b;
}

double rope_bound_score(const struct pe_params *p, double m)
{
	double s;

	one(p, m, NULL, &s);
	return s;
}

/* Pair i's two coefficients for draw t: cos's and sin's, as in the
 * formula of rope_bound.h. */
static void random_pair(uint64_t seed, int half, int t, int i, double *a,
			double *b)
{
	struct rng r;
	double q0, q1, k0, k1;

	rng_init(&r, seed, rng_stream_of(RNG_STREAM_ROPE_QK,
					 (uint64_t)t * (uint64_t)half +
						 (uint64_t)i));
	q0 = rng_gauss(&r);
	q1 = rng_gauss(&r);
	k0 = rng_gauss(&r);
	k1 = rng_gauss(&r);
	*a = q0 * k0 + q1 * k1;
	*b = q1 * k0 - q0 * k1;
}

void rope_random_draw(uint64_t seed, int d_model, int draws, int pair0,
		      int pair1, double *ab)
{
	for (int i = pair0; i < pair1; i++) {
		double *at = ab + (size_t)2 * (size_t)draws * (size_t)(i - pair0);

		for (int t = 0; t < draws; t++)
			random_pair(seed, d_model / 2, t, i, &at[2 * t],
				    &at[2 * t + 1]);
	}
}

/* Pairs whose terms join a row of sums in one pass (random_block). */
enum { BLOCK = 8 };

/* Offsets whose sums block_lanes keeps apart: fixed counts without
 * branches, which gcc -O2 turns into packed arithmetic, and chains of
 * additions that do not wait for each other. */
enum { LANES = 8 };

/* row[0 .. LANES-1] += the terms of a block's BLOCK pairs at offsets
 * j .. j+LANES-1 of the run, pair by pair; pair k's cosines at
 * c[k RUN ..], its sines at s[k RUN ..]. */
static void block_lanes(const double *restrict a, const double *restrict b,
			const double *restrict c, const double *restrict s, int j,
			double *restrict row)
{
	double acc[LANES];

	for (int u = 0; u < LANES; u++)
		acc[u] = row[u];
	for (int k = 0; k < BLOCK; k++)
		for (int u = 0; u < LANES; u++)
			acc[u] += a[k] * c[k * RUN + j + u] +
				  b[k] * s[k * RUN + j + u];
	for (int u = 0; u < LANES; u++)
		row[u] = acc[u];
}

/* The terms of the np (1 .. BLOCK) pairs from i0 on at the offsets
 * m[0..n-1], their coefficients at ab (pair i0's first), added to sum
 * draw by draw. Each sum still gets pair i0's
 * term, then pair i0+1's, ..., each rounded as rope_random_add always
 * rounded them (row += a c + b s): only the loops are turned, so that a
 * row of sums is read and written once per block instead of once per
 * pair. */
static void random_block(const struct pe_params *p, const double *ab,
			 int draws, const double *m, int n, int i0, int np,
			 double *sum)
{
	for (int j0 = 0; j0 < n; j0 += RUN) {
		int len = n - j0 < RUN ? n - j0 : RUN;
		double s[BLOCK][RUN], c[BLOCK][RUN];

		for (int k = 0; k < np; k++) {
			double x[RUN], w = pe_omega(p, i0 + k);

			for (int j = 0; j < len; j++)
				x[j] = m[j0 + j] * w;
			pe_sincos_n(x, len, s[k], c[k]);
		}
		for (int t = 0; t < draws; t++) {
			double *row = sum + (size_t)t * (size_t)n + (size_t)j0;
			double a[BLOCK], b[BLOCK];

			for (int k = 0; k < np; k++) {
				const double *at = ab + (size_t)2 *
					((size_t)k * (size_t)draws + (size_t)t);

				a[k] = at[0];
				b[k] = at[1];
			}
			int j = 0;

			if (np == BLOCK)
				for (; j + LANES <= len; j += LANES)
					block_lanes(a, b, &c[0][0], &s[0][0], j,
						    row + j);
			for (int k = 0; k < np; k++)
				for (int jt = j; jt < len; jt++)
					row[jt] += a[k] * c[k][jt] + b[k] * s[k][jt];
		}
	}
}

void rope_random_add_drawn(const struct pe_params *p, const double *ab,
			   int draws, const double *m, int n, int pair0,
			   int pair1, double *sum)
{
	for (int i = pair0; i < pair1; i += BLOCK)
		random_block(p, ab + (size_t)2 * (size_t)draws * (size_t)(i - pair0),
			     draws, m, n, i, pair1 - i < BLOCK ? pair1 - i : BLOCK,
			     sum);
}

void rope_random_add(const struct pe_params *p, uint64_t seed, int draws,
		     const double *m, int n, int pair0, int pair1,
		     double *sum)
{
	double ab[BLOCK * 2 * ROPE_RANDOM_DRAWS];

	for (int i = pair0; i < pair1; i += BLOCK) {
		int np = pair1 - i < BLOCK ? pair1 - i : BLOCK;

		rope_random_draw(seed, p->d_model, draws, i, i + np, ab);
		random_block(p, ab, draws, m, n, i, np, sum);
	}
}

/* 2 pi as P1 + P2 (+ about -6e-33): P1 the double nearest, P2 the
 * double nearest the rest. */
static const double TWO_PI_1 = 6.283185307179586232;
static const double TWO_PI_2 = 2.4492935982947064e-16;

/* a b modulo 2 pi, on about [-pi, pi], to about 5e-16 for |a b| < 2^52:
 * the product exact as p + e (fma), the multiple of 2 pi taken off p by
 * fma with P1 (one rounding, of a result near [-pi, pi]) and P2 (k P2
 * below 1e-3 for these products, its rounding below 1e-19); what libm's
 * sin of a rounded a b cannot do: that rounding alone is up to
 * |a b| 2^-53. */
static double turn(double a, double b)
{
	double p = a * b, e = fma(a, b, -p);
	double k = nearbyint(p / TWO_PI_1);

	return fma(-k, TWO_PI_1, p) - k * TWO_PI_2 + e;
}

void rope_bound_add_even(const struct pe_params *p, double m0, double dm,
			 int n, int pair0, int pair1, double *state)
{
	double *re = state, *im = state + n, *acc = state + 2 * n;

	for (int i = pair0; i < pair1; i++) {
		double w = pe_omega(p, i), x = turn(dm, w), ph = turn(m0, w);
		/* e^(i LANES x): LANES = 8, a power of two, so LANES x is
		 * exact */
		double zr[LANES], zi[LANES], rr = cos(LANES * x),
		       ri = sin(LANES * x);

		for (int u = 0; u < LANES; u++) {
			zr[u] = cos(ph + u * x);
			zi[u] = sin(ph + u * x);
		}
		for (int j0 = 0; j0 < n; j0 += LANES) {
			int len = n - j0 < LANES ? n - j0 : LANES;

			for (int u = 0; u < len; u++) {
				int k = j0 + u;

				re[k] += zr[u];
				im[k] += zi[u];
				acc[k] += sqrt(re[k] * re[k] + im[k] * im[k]);
			}
			/* the next LANES offsets: e^(i LANES x) further */
			for (int u = 0; u < LANES; u++) {
				double r = zr[u] * rr - zi[u] * ri;

				zi[u] = zr[u] * ri + zi[u] * rr;
				zr[u] = r;
			}
		}
	}
}

size_t rope_random_grid_doubles(int n, int draws)
{
	return (size_t)2 * (size_t)nufft_grid(n) * (size_t)draws;
}

/* Pair i's x_i = dm theta_i and its coefficients for every draw,
 * (a - i b) e^(i ph), ph the phase of j = 0 (whose mode is -(n/2),
 * nufft.h): the real part at offset m0 + j dm is a cos + b sin there. */
static double pair_terms(const struct pe_params *p, const double *at,
			 int draws, double m0, double dm, int n, int i,
			 double *cre, double *cim)
{
	double w = pe_omega(p, i), x = turn(dm, w);
	double ph = turn(m0, w) + turn(n / 2, x), cs = cos(ph), sn = sin(ph);

	for (int t = 0; t < draws; t++) {
		cre[t] = at[2 * t] * cs + at[2 * t + 1] * sn;
		cim[t] = at[2 * t] * sn - at[2 * t + 1] * cs;
	}
	return x;
}

/* The pairs [pair0, pair1) in the order of their grid cells (a counting
 * sort), for nufft_spread to walk the grid in order; NULL when memory
 * runs out (then the pairs go in their own order: the same sums, slower). */
static int *cell_order(const struct pe_params *p, double dm, int n,
		       int pair0, int pair1)
{
	int np = pair1 - pair0, g = nufft_grid(n);
	int *order = malloc(((size_t)2 * (size_t)np + (size_t)g + 1) *
			    sizeof *order);
	int *cell = order ? order + np : NULL, *start = cell ? cell + np : NULL;

	if (!order)
		return NULL;
	for (int l = 0; l <= g; l++)
		start[l] = 0;
	for (int k = 0; k < np; k++) {
		cell[k] = nufft_cell(n, turn(dm, pe_omega(p, pair0 + k)));
		start[cell[k] + 1]++;
	}
	for (int l = 0; l < g; l++)
		start[l + 1] += start[l];
	for (int k = 0; k < np; k++)
		order[start[cell[k]]++] = k;
	return order;
}

void rope_random_spread(const struct pe_params *p, const double *ab,
			int draws, double m0, double dm, int n, int pair0,
			int pair1, double *grid)
{
	double cre[ROPE_RANDOM_DRAWS], cim[ROPE_RANDOM_DRAWS];
	double *gre = grid, *gim = grid + rope_random_grid_doubles(n, draws) / 2;
	int *order = cell_order(p, dm, n, pair0, pair1);

	for (int k = 0; k < pair1 - pair0; k++) {
		int i = order ? order[k] : k;
		double x = pair_terms(p, ab + (size_t)2 * (size_t)draws *
					      (size_t)i,
				      draws, m0, dm, n, pair0 + i, cre, cim);

		nufft_spread(n, draws, &x, 1, cre, cim, gre, gim);
	}
	free(order);
}

bool rope_random_gather(int draws, int n, const double *grid, double *sum)
{
	size_t half = rope_random_grid_doubles(n, draws) / 2;

	return nufft_modes(n, draws, grid, grid + half, sum, NULL);
}

void rope_random_finish(int draws, int n, const double *sum, double *mean)
{
	for (int j = 0; j < n; j++) {
		double acc = 0.0;

		for (int t = 0; t < draws; t++)
			acc += fabs(sum[(size_t)t * (size_t)n + (size_t)j]);
		mean[j] = acc / draws;
	}
}

double rope_random_expected(int d)
{
	static const double two_over_sqrt_pi = 1.12837916709551257390;

	return two_over_sqrt_pi * exp(lgamma((d + 1) / 2.0) - lgamma(d / 2.0));
}
