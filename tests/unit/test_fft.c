/* test_fft.c - unit tests of src/engine/fft.c against the DFT's
 * definition, X_k = sum_j x_j e^(-2 pi i j k / n), summed directly in long
 * double with each twiddle from j k mod n: an independent reference of
 * the same numbers numpy.fft.fft gives (tests/e2e/load.sh compares the
 * periods built on it with numpy's rfft too). Lengths: every n to 70
 * (powers of two go the radix-2 way, the rest Bluestein's), primes, odd
 * and even composites up to a few thousand. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/fft.h"
#include "engine/rng.h"

/* The largest |FFT - direct| over all k, relative to the largest |X_k|. */
static double worst_error(long long n, unsigned seed)
{
	double *re = malloc(sizeof *re * (size_t)n * 4), *im = re + n;
	double *xr = im + n, *xi = xr + n, top = 0.0, worst = 0.0;
	cr_assert(re);
	rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_TOKEN_VECTOR, seed), 1.0,
		       (int)n, xr);
	rng_gauss_fill(seed + 1, rng_stream_of(RNG_STREAM_TOKEN_VECTOR, seed),
		       1.0, (int)n, xi);
	for (long long j = 0; j < n; j++) {
		re[j] = xr[j];
		im[j] = xi[j];
	}
	cr_assert(fft_forward(re, im, n));
	for (long long k = 0; k < n; k++) {
		long double sr = 0.0L, si = 0.0L;

		for (long long j = 0; j < n; j++) {
			long double a = -2.0L * 3.14159265358979323846264338327950288L *
					(long double)((j * k) % n) / (long double)n;

			sr += xr[j] * cosl(a) - xi[j] * sinl(a);
			si += xr[j] * sinl(a) + xi[j] * cosl(a);
		}
		top = fmax(top, (double)sqrtl(sr * sr + si * si));
		worst = fmax(worst, hypot(re[k] - (double)sr, im[k] - (double)si));
	}
	free(re);
	return worst / top;
}

Test(fft, every_small_length)
{
	for (long long n = 1; n <= 70; n++) {
		double e = worst_error(n, (unsigned)n);

		cr_expect(e < 1e-14, "n = %lld: relative error %g", n, e);
	}
}

Test(fft, primes_odd_and_long_lengths)
{
	static const long long lens[] = { 97, 127, 257, 509, 768, 1000,
					  1023, 1024, 1025 };

	for (size_t k = 0; k < sizeof lens / sizeof *lens; k++) {
		double e = worst_error(lens[k], (unsigned)k + 100);

		cr_expect(e < 1e-13, "n = %lld: relative error %g", lens[k], e);
	}
}

Test(fft, a_pure_tone_peaks_at_its_bin)
{
	/* x_j = cos(2 pi 5 j / 37): X_5 = X_32 = 37/2, every other bin 0 */
	enum { N = 37 };
	double re[N], im[N] = { 0 };

	for (int j = 0; j < N; j++)
		re[j] = cos(2.0 * 3.14159265358979323846 * 5.0 * j / N);
	cr_assert(fft_forward(re, im, N));
	for (int k = 0; k < N; k++) {
		double want = k == 5 || k == 32 ? N / 2.0 : 0.0;

		cr_expect(fabs(re[k] - want) < 1e-12 && fabs(im[k]) < 1e-12,
			  "bin %d: %g%+gi, want %g", k, re[k], im[k], want);
	}
}
