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

void rope_random_add(const struct pe_params *p, uint64_t seed, int draws,
		     const double *m, int n, int pair0, int pair1,
		     double *sum)
{
	int half = p->d_model / 2;

	for (int i = pair0; i < pair1; i++) {
		double w = pe_omega(p, i), a[ROPE_RANDOM_DRAWS], b[ROPE_RANDOM_DRAWS];

		for (int t = 0; t < draws; t++)
			random_pair(seed, half, t, i, &a[t], &b[t]);
		for (int j0 = 0; j0 < n; j0 += RUN) {
			int len = n - j0 < RUN ? n - j0 : RUN;
			double x[RUN], s[RUN], c[RUN];

			for (int j = 0; j < len; j++)
				x[j] = m[j0 + j] * w;
			pe_sincos_n(x, len, s, c);
			for (int t = 0; t < draws; t++) {
				double *row = sum + (size_t)t * (size_t)n + (size_t)j0;

				for (int j = 0; j < len; j++)
					row[j] += a[t] * c[j] + b[t] * s[j];
			}
		}
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
