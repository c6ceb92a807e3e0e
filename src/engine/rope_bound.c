/* rope_bound.c - RoFormer's relative upper bound, the RoPE score of the
 * uniform vector and the mean score of random q and k (see rope_bound.h
 * for the contract). */
#include "engine/rope_bound.h"

#include <math.h>
#include <stddef.h>

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
