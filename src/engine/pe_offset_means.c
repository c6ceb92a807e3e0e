/* pe_offset_means.c - similarity means along a log offset axis (see
 * pe_offset_means.h). */
#include "engine/pe_offset_means.h"

#include <math.h>

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

/* Samples [j0, j0 + nb) (nb <= BLOCK). The sum of cos(k w) over a
 * tile's whole offsets a .. a + m - 1 is
 *   (sin((a + m - 1/2) w) - sin((a - 1/2) w)) / (2 sin(w/2)),
 * a difference of sines at the tile's bounds, which neighbours share
 * (pe_log_offsets' tiles follow each other): nb + 1 sines a pair, where
 * D(w, m) cos(w (a + (m-1)/2)) took two sin/cos a sample. The mean is that over m. Error: the sines within 4e-16 (and
 * relatively so for small angles) plus the rounding of the bound's angle
 * |b w| 2^-53, over 2 m sin(w/2) >= 2 m w / pi: under (b/m + 1) 2^-51 for
 * a wide tile with m w near 1 or more, the same relatively for small
 * angles; b/m is at most the inverse of the axis's step ratio, a few
 * dozen for the plots' samples: some 1e-14 of a term, at most. A tile of
 * one offset takes cos(a w) itself, and one with no whole offset cos(w
 * at), the formula at the real offset. */
static void means_block(const double *omega, int count, const double *at,
			const double *lo, const double *hi, int j0, int nb,
			double *sum)
{
	double bound[2 * BLOCK], inv[BLOCK], pt[BLOCK], acc[BLOCK];
	double x[2 * BLOCK], s[2 * BLOCK], c[2 * BLOCK];
	double y[BLOCK], ys[BLOCK], yc[BLOCK], hs[BLOCK];
	int from[BLOCK], to[BLOCK], single[BLOCK], ns = 0, nbd = 0;

	/* A single tile adds (s[0] - s[0]) * 0: s[0] must be a number even
	 * when no tile has bounds and the pass never writes it (uninitialised,
	 * it may hold a NaN, which the 0 does not cancel). */
	s[0] = 0.0;

	for (int j = 0; j < nb; j++) {
		double a = ceil(lo[j0 + j]), m = ceil(hi[j0 + j]) - a;

		acc[j] = 0.0;
		inv[j] = m >= 2.0 ? 1.0 / m : 0.0;
		if (m < 2.0) {
			single[ns] = j;
			pt[ns++] = m >= 1.0 ? a : at[j0 + j];
			from[j] = to[j] = 0;
			continue;
		}
		/* a tile that starts where the last bound is shares it */
		if (nbd == 0 || bound[nbd - 1] != a - 0.5)
			bound[nbd++] = a - 0.5;
		from[j] = nbd - 1;
		bound[nbd] = a + m - 0.5;
		to[j] = nbd++;
	}
	for (int i = 0; i < count; i++) {
		double w = omega[i], half;

		/* 1 / (2 sin(w/2)), the sines of a run of pairs at once */
		if (i % BLOCK == 0) {
			int len = count - i < BLOCK ? count - i : BLOCK;

			for (int t = 0; t < len; t++)
				y[t] = 0.5 * omega[i + t];
			pe_sincos_n(y, len, hs, yc);
		}
		half = 0.5 / hs[i % BLOCK];

		for (int k = 0; k < nbd; k++)
			x[k] = w * bound[k];
		pe_sincos_n(x, nbd, s, c);
		for (int j = 0; j < nb; j++)
			acc[j] += (s[to[j]] - s[from[j]]) * half * inv[j];
		if (ns == 0)
			continue;
		for (int t = 0; t < ns; t++)
			y[t] = w * pt[t];
		pe_sincos_n(y, ns, ys, yc);
		for (int t = 0; t < ns; t++)
			acc[single[t]] += yc[t];
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
