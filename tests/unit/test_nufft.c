/* test_nufft.c - unit tests of src/engine/nufft.c: the type-1 nonuniform
 * FFT against the direct sums, computed here in long double, for points
 * anywhere on [-pi, pi] (its ends and 0 too), odd and even numbers of
 * modes down to 1, and batches that are and are not a multiple of the 8
 * sets spread at once. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/nufft.h"

/* A fixed sequence on [0, 1): the points and coefficients. */
static double frac(unsigned k, double mul)
{
	double v = k * mul;

	return v - floor(v);
}

static void check(int n, int batch, int np)
{
	double *x = malloc((size_t)np * sizeof *x);
	double *cre = malloc((size_t)np * (size_t)batch * sizeof *cre);
	double *cim = malloc((size_t)np * (size_t)batch * sizeof *cim);
	size_t g = (size_t)nufft_grid(n) * (size_t)batch;
	double *gre = calloc(g, sizeof *gre), *gim = calloc(g, sizeof *gim);
	double *fre = malloc((size_t)n * (size_t)batch * sizeof *fre);
	double *fim = malloc((size_t)n * (size_t)batch * sizeof *fim);

	cr_assert(x && cre && cim && gre && gim && fre && fim);
	for (int i = 0; i < np; i++) {
		x[i] = M_PI * (2.0 * frac((unsigned)i, 0.6180339887498949) - 1.0);
		for (int t = 0; t < batch; t++) {
			cre[i * batch + t] = frac((unsigned)(i * batch + t), 0.7548776662) - 0.5;
			cim[i * batch + t] = frac((unsigned)(i * batch + t), 0.5698402910) - 0.5;
		}
	}
	x[0] = M_PI;
	if (np > 2) {
		x[1] = -M_PI;
		x[2] = 0.0;
	}
	/* in two calls: points may come in any number of calls */
	nufft_spread(n, batch, x, np / 2, cre, cim, gre, gim);
	nufft_spread(n, batch, x + np / 2, np - np / 2,
		     cre + (size_t)(np / 2) * (size_t)batch,
		     cim + (size_t)(np / 2) * (size_t)batch, gre, gim);
	cr_assert(nufft_modes(n, batch, gre, gim, fre, fim));
	for (int t = 0; t < batch; t++) {
		long double l1 = 0.0L;

		for (int i = 0; i < np; i++)
			l1 += fabsl((long double)cre[i * batch + t]) +
			      fabsl((long double)cim[i * batch + t]);
		for (int j = 0; j < n; j++) {
			long double re = 0.0L, im = 0.0L;
			int k = j - n / 2;

			for (int i = 0; i < np; i++) {
				long double a = (long double)k * x[i];
				long double c = cosl(a), s = sinl(a);
				long double pr = cre[i * batch + t], pi = cim[i * batch + t];

				re += pr * c - pi * s;
				im += pr * s + pi * c;
			}
			/* nufft.h: within about 1e-11 of sum |c| */
			cr_expect(fabsl(fre[t * n + j] - re) <= 1e-11L * l1 &&
					  fabsl(fim[t * n + j] - im) <= 1e-11L * l1,
				  "n %d batch %d set %d mode %d: %.17g %+.17gi, direct %.17Lg %+.17Lgi",
				  n, batch, t, k, fre[t * n + j], fim[t * n + j], re, im);
		}
	}
	free(x);
	free(cre);
	free(cim);
	free(gre);
	free(gim);
	free(fre);
	free(fim);
}

Test(nufft, matches_the_direct_sums)
{
	check(1, 1, 5);
	check(2, 3, 40);
	check(7, 9, 300);
	check(64, 8, 1000);
	check(101, 17, 500);
	check(470, 1, 1500);
}

Test(nufft, grid_is_a_power_of_two_at_least_twice_the_modes)
{
	for (int n = 1; n <= 5000; n += 37) {
		int g = nufft_grid(n);

		cr_expect((g & (g - 1)) == 0 && g >= 2 * n && g >= 2 * NUFFT_W &&
				  (g / 2 < 2 * n || g / 2 < 2 * NUFFT_W),
			  "n %d: %d", n, g);
	}
}

Test(nufft, cells_cover_the_grid)
{
	int g = nufft_grid(100);

	cr_expect(nufft_cell(100, 0.0) == 0);
	cr_expect(nufft_cell(100, -M_PI) == g / 2);
	cr_expect(nufft_cell(100, M_PI) == g / 2);
	cr_expect(nufft_cell(100, -1e-300) == g - 1);
	cr_expect(nufft_cell(100, 2.0 * M_PI / g * 3.5) == 3);
}
