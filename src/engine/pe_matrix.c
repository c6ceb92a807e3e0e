/* pe_matrix.c - measurements of a learned position matrix (see
 * pe_matrix.h). */
#include "engine/pe_matrix.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "engine/pe.h"

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

double pe_matrix_period(const struct pe_matrix *m, int i)
{
	long long L = m->rows, best_k = 0;
	double mean = 0.0, best = 0.0;
	double *x, *c, *s;

	if (L < 2)
		return 0.0;
	x = malloc(sizeof *x * (size_t)L * 3);
	if (!x)
		return 0.0;
	c = x + L;
	s = c + L;
	bool flat = true;

	for (long long p = 0; p < L; p++) {
		mean += pe_matrix_value(m, p, i);
		flat = flat && pe_matrix_value(m, p, i) == pe_matrix_value(m, 0, i);
	}
	if (flat) {	/* rounding would give its zero spectrum a peak */
		free(x);
		return 0.0;
	}
	mean /= (double)L;
	for (long long p = 0; p < L; p++) {
		x[p] = pe_matrix_value(m, p, i) - mean;
		/* the twiddles from their exact index: e^(-2 pi i j / L) */
		c[p] = cos(PE_TWO_PI * (double)p / (double)L);
		s[p] = sin(PE_TWO_PI * (double)p / (double)L);
	}
	for (long long k = 1; k <= L / 2; k++) {
		double re = 0.0, im = 0.0;

		for (long long p = 0, j = 0; p < L; p++) {
			re += x[p] * c[j];
			im -= x[p] * s[j];
			j += k;		/* j = k p mod L, without overflow */
			if (j >= L)
				j -= L;
		}
		if (re * re + im * im > best) {
			best = re * re + im * im;
			best_k = k;
		}
	}
	free(x);
	return best_k ? (double)L / (double)best_k : 0.0;
}

void pe_matrix_free(struct pe_matrix *m)
{
	free(m->v);
	m->v = NULL;
	m->rows = 0;
	m->cols = 0;
	m->absmax = 0.0;
}
