/* nufft.c - the type-1 nonuniform FFT of many coefficient sets over the
 * same points (see nufft.h for the contract and the error). */
#include "engine/nufft.h"

#include <math.h>
#include <stdlib.h>

#include "engine/fft.h"

static const double TWO_PI = 6.283185307179586476925;

/* The kernel's shape: beta = 2.30 w for an upsampling of 2 (Barnett et
 * al. 2019, section 4.1). */
static const double BETA = 2.30 * NUFFT_W;

/* The "exponential of semicircle" kernel at z in [-1, 1], its support. */
static double kernel(double z)
{
	return exp(BETA * (sqrt(1.0 - z * z) - 1.0));
}

int nufft_grid(int n)
{
	int g = 1;

	while (g < 2 * n || g < 2 * NUFFT_W)
		g *= 2;
	return g;
}

/* Sets whose multiply-adds add_row does as one fixed count: no branch
 * inside, which gcc -O2 turns into packed arithmetic. */
enum { LANES = 8 };

/* row[t] += w c[t] for t = 0 .. batch-1. */
static void add_row(int batch, double w, const double *restrict c,
		    double *restrict row)
{
	int t = 0;

	for (; t + LANES <= batch; t += LANES)
		for (int u = 0; u < LANES; u++)
			row[t + u] += w * c[t + u];
	for (; t < batch; t++)
		row[t] += w * c[t];
}

/* x in grid units on [0, g). */
static double grid_units(double x, int g)
{
	double u = x * (g / TWO_PI);

	return u - g * floor(u / g);
}

int nufft_cell(int n, double x)
{
	int g = nufft_grid(n), l = (int)grid_units(x, g);

	return l < g ? l : g - 1;
}

void nufft_spread(int n, int batch, const double *x, int np,
		  const double *cre, const double *cim, double *gre,
		  double *gim)
{
	int g = nufft_grid(n);
	double half = NUFFT_W / 2.0;

	for (int i = 0; i < np; i++) {
		double u = grid_units(x[i], g), wt[NUFFT_W];
		int l0 = (int)ceil(u - half);

		for (int q = 0; q < NUFFT_W; q++) {
			double z = (l0 + q - u) / half;

			wt[q] = fabs(z) <= 1.0 ? kernel(z) : 0.0;
		}
		for (int q = 0; q < NUFFT_W; q++) {
			size_t l = (size_t)((l0 + q + g) % g) * (size_t)batch;

			add_row(batch, wt[q], cre + (size_t)i * (size_t)batch,
				gre + l);
			add_row(batch, wt[q], cim + (size_t)i * (size_t)batch,
				gim + l);
		}
	}
}

/* The kernel's own sum at mode k on a grid of g: what the spreading
 * multiplied mode k by, sum_l kernel(l / half) e^(i k l 2 pi / g) over
 * the grid points the kernel reaches (real: the kernel is even). Dividing
 * by it rather than by the kernel's continuous transform leaves the same
 * order of error (both differ from the spread sum by the aliased terms
 * only) and needs no quadrature. */
static double kernel_sum(int k, int g)
{
	double half = NUFFT_W / 2.0, sum = kernel(0.0);

	for (int l = 1; l <= NUFFT_W / 2; l++) {
		long long kl = ((long long)k * l) % g;

		sum += 2.0 * kernel(l / half) * cos(TWO_PI * (double)kl / g);
	}
	return sum;
}

bool nufft_modes(int n, int batch, const double *gre, const double *gim,
		 double *fre, double *fim)
{
	int g = nufft_grid(n), n2 = n / 2;
	double *re = malloc((size_t)(2 * g + n) * sizeof *re);
	double *im = re ? re + g : NULL, *div = re ? re + 2 * g : NULL;

	if (!re)
		return false;
	for (int j = 0; j < n; j++)
		div[j] = kernel_sum(j - n2, g);
	for (int t = 0; t < batch; t++) {
		for (int l = 0; l < g; l++) {
			re[l] = gre[(size_t)l * (size_t)batch + (size_t)t];
			im[l] = gim[(size_t)l * (size_t)batch + (size_t)t];
		}
		/* a power of two: the radix-2 transform, which allocates
		 * nothing and cannot fail */
		(void)fft_forward(re, im, g);
		/* fft_forward's X_m = sum_l g_l e^(-2 pi i l m / g): mode k,
		 * sum_l g_l e^(+2 pi i l k / g), is X at m = -k mod g */
		for (int j = 0; j < n; j++) {
			int m = ((n2 - j) % g + g) % g;
			size_t at = (size_t)t * (size_t)n + (size_t)j;

			if (fre)
				fre[at] = re[m] / div[j];
			if (fim)
				fim[at] = im[m] / div[j];
		}
	}
	free(re);
	return true;
}
