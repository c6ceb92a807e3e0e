/* pe_matrix.c - measurements of a learned position matrix (see
 * pe_matrix.h). */
#include "engine/pe_matrix.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fft.h"

int pe_matrix_itemsize(enum pe_matrix_type t)
{
	switch (t) {
	case PE_MATRIX_F16:
	case PE_MATRIX_BF16:
		return 2;
	case PE_MATRIX_F32:
		return 4;
	default:
		return 8;
	}
}

/* Whether the machine stores numbers big-endian (GCC's and clang's
 * predefined macros; others are taken for little-endian, as every
 * machine Debian builds pescope for is but s390x, which GCC names). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_BIG_ENDIAN true
#else
#define HOST_BIG_ENDIAN false
#endif

/* The n bytes (2, 4 or 8) at p as an unsigned integer of the file's byte
 * order: a copy, its bytes swapped when the file's order is not the
 * machine's. */
static uint64_t load_uint(const unsigned char *p, int n, bool big_endian)
{
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
	bool swap = big_endian != HOST_BIG_ENDIAN;

	switch (n) {
	case 2:
		memcpy(&u16, p, 2);
		return swap ? (uint16_t)(u16 >> 8 | u16 << 8) : u16;
	case 4:
		memcpy(&u32, p, 4);
		return swap ? __builtin_bswap32(u32) : u32;
	default:
		memcpy(&u64, p, 8);
		return swap ? __builtin_bswap64(u64) : u64;
	}
}

/* binary16 bits to their exact double. */
static double half_to_double(unsigned h)
{
	unsigned e = (h >> 10) & 0x1f;
	uint64_t bits;
	double v;

	if (e == 0x1f)		/* what the readers refuse */
		return h & 0x3ff ? NAN : h & 0x8000 ? -INFINITY : INFINITY;
	if (e == 0) {		/* subnormal or zero */
		v = ldexp((double)(h & 0x3ff), -24);
		return h & 0x8000 ? -v : v;
	}
	bits = (uint64_t)(h & 0x8000) << 48 | (uint64_t)(e + 1008) << 52 |
	       (uint64_t)(h & 0x3ff) << 42;
	memcpy(&v, &bits, sizeof v);
	return v;
}

double pe_matrix_value(const struct pe_matrix *m, long long p, int i)
{
	long long at = m->fortran ? (long long)i * m->rows + p
				  : p * m->cols + i;
	int size = pe_matrix_itemsize(m->type);
	uint64_t u = load_uint(m->data + (size_t)at * (size_t)size, size,
			       m->big_endian);
	uint32_t u32;
	float f;
	double d;

	switch (m->type) {
	case PE_MATRIX_F16:
		return half_to_double((unsigned)u);
	case PE_MATRIX_BF16:
		u32 = (uint32_t)u << 16;
		memcpy(&f, &u32, sizeof f);
		return f;
	case PE_MATRIX_F32:
		u32 = (uint32_t)u;
		memcpy(&f, &u32, sizeof f);
		return f;
	default:
		memcpy(&d, &u, sizeof d);
		return d;
	}
}

double pe_matrix_norm(const struct pe_matrix *m, long long p)
{
	double aa = 0.0;

	for (int i = 0; i < m->cols; i++) {
		double a = pe_matrix_value(m, p, i);

		aa += a * a;
	}
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
	double ab = 0.0, aa = 0.0, bb = 0.0;

	for (int i = 0; i < m->cols; i++) {
		double a = pe_matrix_value(m, p, i), b = pe_matrix_value(m, q, i);

		ab += a * b;
		aa += a * a;
		bb += b * b;
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
	if (m->release)
		m->release(m);
	memset(m, 0, sizeof *m);
}
