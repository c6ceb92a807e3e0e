/* pe_offset_means.c - similarity means along a log offset axis (see
 * pe_offset_means.h). */
#include "engine/pe_offset_means.h"

#include <math.h>

#include "engine/pe.h"
#include "engine/pe_trig.h"

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

void pe_offset_cos_means(const double *omega, int count, const double *at,
			 const double *lo, const double *hi, int n,
			 double *sum)
{
	for (int j = 0; j < n; j++) {
		/* the whole offsets a .. b - 1 */
		double a = ceil(lo[j]), m = ceil(hi[j]) - a, acc = 0.0;

		for (int i = 0; i < count; i++) {
			double w = omega[i], s, c;

			if (m >= 1.0) {
				pe_sincos(w * (a + 0.5 * (m - 1.0)), &s, &c);
				acc += pe_block_factor(w, m) * c;
			} else {
				pe_sincos(w * at[j], &s, &c);
				acc += c;
			}
		}
		sum[j] += acc;
	}
}
