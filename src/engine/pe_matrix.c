/* pe_matrix.c - measurements of a learned position matrix (see
 * pe_matrix.h). */
#include "engine/pe_matrix.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "engine/fft.h"

double pe_matrix_value(const struct pe_matrix *m, long long p, int i)
{
	return m->v[p * m->cols + i];
}

void pe_matrix_settle(struct pe_matrix *m)
{
	size_t n = (size_t)m->rows * (size_t)m->cols;

	m->absmax = 0.0;
	for (size_t k = 0; k < n; k++)
		if (fabs(m->v[k]) > m->absmax)
			m->absmax = fabs(m->v[k]);
}

double pe_matrix_norm(const struct pe_matrix *m, long long p)
{
	const double *a = m->v + p * m->cols;
	double aa = 0.0;

	for (int i = 0; i < m->cols; i++)
		aa += a[i] * a[i];
	return sqrt(aa);
}

double pe_matrix_span_mean(const struct pe_matrix *m, int i, long long start,
			   long long count)
{
	double sum = 0.0;

	for (long long p = start; p < start + count; p++)
		sum += pe_matrix_value(m, p, i);
	return sum / (double)count;
}

double pe_matrix_cos(const struct pe_matrix *m, long long p, long long q)
{
	const double *a = m->v + p * m->cols, *b = m->v + q * m->cols;
	double ab = 0.0, aa = 0.0, bb = 0.0;

	for (int i = 0; i < m->cols; i++) {
		ab += a[i] * b[i];
		aa += a[i] * a[i];
		bb += b[i] * b[i];
	}
	if (aa == 0.0 || bb == 0.0)
		return 0.0;
	return ab / (sqrt(aa) * sqrt(bb));
}

double pe_matrix_span_period(const struct pe_matrix *m, int i,
			     long long start, long long count)
{
	long long L = count, best_k = 0;
	double mean = 0.0, best = 0.0, *re, *im;
	bool flat = true;

	if (L < 2)
		return 0.0;
	for (long long p = start; p < start + L; p++) {
		mean += pe_matrix_value(m, p, i);
		flat = flat &&
		       pe_matrix_value(m, p, i) == pe_matrix_value(m, start, i);
	}
	if (flat)	/* rounding would give its zero spectrum a peak */
		return 0.0;
	re = calloc((size_t)L * 2, sizeof *re);
	if (!re)
		return 0.0;
	im = re + L;
	mean /= (double)L;
	for (long long p = 0; p < L; p++)
		re[p] = pe_matrix_value(m, start + p, i) - mean;
	if (!fft_forward(re, im, L)) {
		free(re);
		return 0.0;
	}
	for (long long k = 1; k <= L / 2; k++)
		if (re[k] * re[k] + im[k] * im[k] > best) {
			best = re[k] * re[k] + im[k] * im[k];
			best_k = k;
		}
	free(re);
	return best_k ? (double)L / (double)best_k : 0.0;
}

double pe_matrix_period(const struct pe_matrix *m, int i)
{
	return pe_matrix_span_period(m, i, 0, m->rows);
}

void pe_matrix_free(struct pe_matrix *m)
{
	free(m->v);
	m->v = NULL;
	m->rows = 0;
	m->cols = 0;
	m->absmax = 0.0;
}
