/* matrix_raw.c - shapes and raw numbers into a matrix (see matrix_raw.h). */
#include "io/matrix_raw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"

int raw_itemsize(enum raw_dtype t)
{
	switch (t) {
	case RAW_F16:
	case RAW_BF16:
		return 2;
	case RAW_F32:
		return 4;
	default:
		return 8;
	}
}

int matrix_raw_shape(const long long *dims, int ndim, const char *name,
		     long long *rows, long long *cols, enum lang l, char *err,
		     size_t n)
{
	long long cells = 1;
	bool big = false;

	if (ndim != 2) {
		snprintf(err, n, tr(l, "%s: a %d-D array, not the 2-D matrix "
				       "of positions by dimensions --load "
				       "takes"), name, ndim);
		return 65;
	}
	for (int k = 0; k < ndim; k++) {
		/* (and the columns an int: 2^31 of them in one row are
		 * refused with the rest) */
		if (dims[k] < 0 || dims[k] >= PE_MATRIX_CELLS_MAX ||
		    (dims[k] > 0 && cells > PE_MATRIX_CELLS_MAX / dims[k]))
			big = true;
		else
			cells *= dims[k];
	}
	if (big) {
		snprintf(err, n, tr(l, "%s: its shape holds more than 2^31 "
				       "values, the most --load reads"), name);
		return 65;
	}
	if (cells == 0) {
		snprintf(err, n, tr(l, "%s: an empty matrix (%lld x %lld)"),
			 name, dims[0], dims[1]);
		return 65;
	}
	*rows = dims[0];
	*cols = dims[1];
	return 0;
}

static uint64_t load_uint(const unsigned char *p, int size, bool big_endian)
{
	uint64_t u = 0;

	for (int k = 0; k < size; k++)
		u |= (uint64_t)p[big_endian ? size - 1 - k : k] << (8 * k);
	return u;
}

/* binary16 bits to their exact double. */
static double half_to_double(unsigned h)
{
	int e = (int)(h >> 10) & 0x1f;
	double mant = (double)(h & 0x3ff), v;

	if (e == 0x1f)
		v = mant != 0.0 ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp(mant, -24);		/* subnormal */
	else
		v = ldexp(mant + 1024.0, e - 25);
	return h & 0x8000 ? -v : v;
}

static double raw_value(const unsigned char *p, const struct raw_layout *lay)
{
	uint64_t u = load_uint(p, raw_itemsize(lay->dtype), lay->big_endian);
	uint32_t u32;
	float f;
	double d;

	switch (lay->dtype) {
	case RAW_F16:
		return half_to_double((unsigned)u);
	case RAW_BF16:
		u32 = (uint32_t)u << 16;
		memcpy(&f, &u32, sizeof f);
		return f;
	case RAW_F32:
		u32 = (uint32_t)u;
		memcpy(&f, &u32, sizeof f);
		return f;
	default:
		memcpy(&d, &u, sizeof d);
		return d;
	}
}

int matrix_raw_convert(const unsigned char *data, const struct raw_layout *lay,
		       const char *name, struct pe_matrix *m, enum lang l,
		       char *err, size_t n)
{
	size_t size = (size_t)raw_itemsize(lay->dtype);
	long long rows = lay->rows, cols = lay->cols;

	m->v = malloc(sizeof *m->v * (size_t)(rows * cols));
	if (!m->v) {
		snprintf(err, n, tr(l, "%s: out of memory"), name);
		return 71;
	}
	m->rows = rows;
	m->cols = (int)cols;
	for (long long p = 0; p < rows; p++)
		for (long long i = 0; i < cols; i++) {
			long long at = lay->fortran ? i * rows + p
						    : p * cols + i;
			double v = raw_value(data + (size_t)at * size, lay);

			if (!isfinite(v)) {
				snprintf(err, n, tr(l, "%s: %s at position "
						       "%lld, dimension %lld"),
					 name, isnan(v) ? "NaN" : "inf", p, i);
				pe_matrix_free(m);
				return 65;
			}
			m->v[p * cols + i] = v;
		}
	return 0;
}
