/* pe_offset_means.c - similarity means along a log offset axis (see
 * pe_offset_means.h). */
#include "engine/pe_offset_means.h"

#include <math.h>

#include "engine/pe.h"
#include "engine/pe_trig.h"

enum { BLOCK = 256 };		/* samples a pass over the pairs takes */

void pe_log_offsets(double top, int n, double *at, double *lo, double *hi)
{
	double lt = log(top), half = 0.5 / (n - 1);

	for (int j = 0; j < n; j++) {
		double u = (double)j / (n - 1);

		at[j] = j == 0 ? 1.0 : j == n - 1 ? top : exp(u * lt);
		/* each tile starts where the one before ends; the last one
		 * holds top itself */
		lo[j] = j == 0 ? 1.0 : hi[j - 1];
		hi[j] = j == n - 1 ? nextafter(top, INFINITY)
				   : exp((u + half) * lt);
	}
}

/* Samples [j0, j0 + nb) (nb <= BLOCK): the mean of cos(k w) over the
 * whole offsets a .. a + m - 1 of a tile is D(w, m) cos(w (a + (m-1)/2)),
 * the cosine at their middle times the block factor; a tile with no
 * whole offset (m = 0) takes cos(w at) with a factor of 1. */
static void means_block(const double *omega, int count, const double *at,
			const double *lo, const double *hi, int j0, int nb,
			double *sum)
{
	double mid[BLOCK], m[BLOCK], x[BLOCK], half[BLOCK];
	double s[BLOCK], c[BLOCK], sh[BLOCK], ch[BLOCK], acc[BLOCK];

	for (int j = 0; j < nb; j++) {
		double a = ceil(lo[j0 + j]);

		m[j] = ceil(hi[j0 + j]) - a;
		mid[j] = m[j] >= 1.0 ? a + 0.5 * (m[j] - 1.0) : at[j0 + j];
		acc[j] = 0.0;
	}
	for (int i = 0; i < count; i++) {
		double w = omega[i], sin_w = sin(0.5 * w);

		for (int j = 0; j < nb; j++) {
			x[j] = w * mid[j];
			half[j] = 0.5 * m[j] * w;
		}
		pe_sincos_n(x, nb, s, c);
		pe_sincos_n(half, nb, sh, ch);
		for (int j = 0; j < nb; j++)
			acc[j] += pe_block_factor_of(w, m[j], sh[j], sin_w) * c[j];
	}
	for (int j = 0; j < nb; j++)
		sum[j0 + j] += acc[j];
}

void pe_offset_cos_means(const double *omega, int count, const double *at,
			 const double *lo, const double *hi, int n,
			 double *sum)
{
	for (int j0 = 0; j0 < n; j0 += BLOCK)
		means_block(omega, count, at, lo, hi, j0,
			    n - j0 < BLOCK ? n - j0 : BLOCK, sum);
}
