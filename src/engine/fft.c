/* fft.c - the DFT of any length (see fft.h). */
#include "engine/fft.h"

#include <math.h>
#include <stdlib.h>

#include "engine/pe.h"

static bool power_of_two(long long n)
{
	return (n & (n - 1)) == 0;
}

/* In-place iterative radix-2 transform of length m (a power of two), the
 * sign of the exponent sign (-1 forward, +1 inverse, unscaled). The
 * twiddle e^(sign 2 pi i j / m) of each butterfly from its index j. */
static void radix2(double *re, double *im, long long m, int sign)
{
	/* the bit-reversal permutation */
	for (long long i = 1, j = 0; i < m; i++) {
		long long bit = m >> 1;

		for (; j & bit; bit >>= 1)
			j ^= bit;
		j |= bit;
		if (i < j) {
			double t = re[i];

			re[i] = re[j];
			re[j] = t;
			t = im[i];
			im[i] = im[j];
			im[j] = t;
		}
	}
	for (long long len = 2; len <= m; len <<= 1) {
		long long half = len >> 1, stride = m / len;

		for (long long k = 0; k < half; k++) {
			double a = (double)sign * PE_TWO_PI * (double)(k * stride) /
				   (double)m;
			double wr = cos(a), wi = sin(a);

			for (long long s = k; s < m; s += len) {
				long long t = s + half;
				double xr = re[t] * wr - im[t] * wi;
				double xi = re[t] * wi + im[t] * wr;

				re[t] = re[s] - xr;
				im[t] = im[s] - xi;
				re[s] += xr;
				im[s] += xi;
			}
		}
	}
}

/* Bluestein: with w_j = e^(-pi i j^2 / n), X_k = w_k sum_j (x_j w_j)
 * conj(w_(k-j)), a convolution of a = x w with b = conj(w), computed
 * circularly over m >= 2n - 1 points. */
static bool bluestein(double *re, double *im, long long n)
{
	long long m = 1;
	double *buf, *ar, *ai, *br, *bi, *wr, *wi;

	while (m < 2 * n - 1)
		m <<= 1;
	buf = calloc((size_t)(4 * m + 2 * n), sizeof *buf);
	if (!buf)
		return false;
	ar = buf;
	ai = ar + m;
	br = ai + m;
	bi = br + m;
	wr = bi + m;
	wi = wr + n;
	for (long long j = 0; j < n; j++) {
		/* j^2 mod 2n, exactly: j < 2^30, so j * j fits */
		long long q = (j * j) % (2 * n);
		double a = PE_TWO_PI * (double)q / (double)(2 * n);

		wr[j] = cos(a);
		wi[j] = -sin(a);
		ar[j] = re[j] * wr[j] - im[j] * wi[j];
		ai[j] = re[j] * wi[j] + im[j] * wr[j];
		br[j] = wr[j];
		bi[j] = -wi[j];
		if (j > 0) {	/* b is symmetric: b_(-j) = b_j */
			br[m - j] = br[j];
			bi[m - j] = bi[j];
		}
	}
	radix2(ar, ai, m, -1);
	radix2(br, bi, m, -1);
	for (long long k = 0; k < m; k++) {
		double r = ar[k] * br[k] - ai[k] * bi[k];

		ai[k] = ar[k] * bi[k] + ai[k] * br[k];
		ar[k] = r;
	}
	radix2(ar, ai, m, +1);
	for (long long k = 0; k < n; k++) {
		double cr = ar[k] / (double)m, ci = ai[k] / (double)m;

		re[k] = cr * wr[k] - ci * wi[k];
		im[k] = cr * wi[k] + ci * wr[k];
	}
	free(buf);
	return true;
}

bool fft_forward(double *re, double *im, long long n)
{
	if (n <= 1)
		return true;
	if (power_of_two(n)) {
		radix2(re, im, n, -1);
		return true;
	}
	return bluestein(re, im, n);
}
