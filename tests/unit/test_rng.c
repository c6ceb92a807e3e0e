/* test_rng.c - unit tests of src/engine/rng.c: the seeded generator must
 * give the same numbers everywhere, so its outputs are pinned to values
 * from an independent Python implementation of splitmix64, xoshiro256**
 * and the polar method (written from the published algorithms, integers
 * masked to 64 bits, math.log and math.sqrt), and its Gaussians are
 * checked for their moments. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/rng.h"

Test(rng, integers_are_pinned)
{
	struct rng r;

	rng_init(&r, 42, 7);
	cr_expect(rng_next(&r) == 0x575c147b4147028eu);
	cr_expect(rng_next(&r) == 0xb25fe9db05ec413au);
	cr_expect(rng_next(&r) == 0xfdbae48595873825u);
	cr_expect(rng_hash(1, 2, 3) == 0xcead1f2fa8f8a720u);
}

Test(rng, gaussians_are_pinned)
{
	static const double want[5] = {
		-0.7827417872661474, 0.45936470830842124, -0.3201460793824326,
		0.053526910450678214, 1.0574834498914227
	};
	double got[5];

	rng_gauss_fill(1, rng_stream_of(RNG_STREAM_TOKEN_VECTOR, 3), 1.0, 5,
		       got);
	for (int k = 0; k < 5; k++)
		cr_expect(got[k] == want[k], "draw %d: %.17g, want %.17g", k,
			  got[k], want[k]);
}

Test(rng, streams_differ_and_repeat)
{
	double a[4], b[4], c[4];

	rng_gauss_fill(9, 1, 1.0, 4, a);
	rng_gauss_fill(9, 1, 1.0, 4, b);
	rng_gauss_fill(9, 2, 1.0, 4, c);
	for (int k = 0; k < 4; k++) {
		cr_expect(a[k] == b[k]);
		cr_expect(a[k] != c[k]);
	}
}

Test(rng, gaussian_moments)
{
	enum { N = 200000 };
	struct rng r;
	double sum = 0.0, sq = 0.0, four = 0.0;

	rng_init(&r, 3, 0);
	for (int k = 0; k < N; k++) {
		double g = rng_gauss(&r);

		sum += g;
		sq += g * g;
		four += g * g * g * g;
	}
	/* standard errors: 1/sqrt(N) = 0.0022 for the mean, sqrt(2/N) for
	 * the variance, sqrt(96/N) for the fourth moment (3) */
	cr_expect(fabs(sum / N) < 0.01, "mean %g", sum / N);
	cr_expect(fabs(sq / N - 1.0) < 0.015, "variance %g", sq / N);
	cr_expect(fabs(four / N - 3.0) < 0.1, "fourth moment %g", four / N);
}

Test(rng, uniform_range)
{
	struct rng r;
	double lo = 1.0, hi = 0.0;

	rng_init(&r, 0, 0);
	for (int k = 0; k < 100000; k++) {
		double u = rng_uniform(&r);

		lo = fmin(lo, u);
		hi = fmax(hi, u);
	}
	cr_expect(lo >= 0.0 && lo < 1e-3);
	cr_expect(hi < 1.0 && hi > 1.0 - 1e-3);
}

Test(rng, permutation)
{
	static const int want[7] = { 6, 2, 3, 4, 5, 0, 1 };
	int perm[7], seen[16] = { 0 };

	rng_permutation(5, rng_stream_of(RNG_STREAM_SHUFFLE, 0), 7, perm);
	for (int k = 0; k < 7; k++)
		cr_expect(perm[k] == want[k], "perm[%d] = %d", k, perm[k]);
	/* never the identity, always a permutation */
	for (unsigned long long seed = 0; seed < 200; seed++) {
		int p[2], q[16], same = 1;

		rng_permutation(seed, 0, 2, p);
		cr_expect(p[0] == 1 && p[1] == 0);
		rng_permutation(seed, 0, 16, q);
		for (int k = 0; k < 16; k++) {
			seen[q[k]]++;
			same = same && q[k] == k;
		}
		cr_expect(!same);
	}
	for (int k = 0; k < 16; k++)
		cr_expect(seen[k] == 200);
}
