/* matrix_raw.c - shapes and raw numbers into a matrix (see matrix_raw.h). */
#include "io/matrix_raw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"

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

int matrix_raw_view(const unsigned char *data, const struct raw_layout *lay,
		    const char *name, struct pe_matrix *m, enum lang l,
		    char *err, size_t n)
{
	*m = (struct pe_matrix){ .rows = lay->rows, .cols = (int)lay->cols,
				 .data = data, .type = lay->dtype,
				 .big_endian = lay->big_endian,
				 .fortran = lay->fortran };
	for (long long p = 0; p < m->rows; p++)
		for (int i = 0; i < m->cols; i++) {
			double v = pe_matrix_value(m, p, i);

			if (!isfinite(v)) {
				snprintf(err, n, tr(l, "%s: %s at position "
						       "%lld, dimension %lld"),
					 name, isnan(v) ? "NaN" : "inf", p,
					 (long long)i);
				memset(m, 0, sizeof *m);
				return 65;
			}
			if (fabs(v) > m->absmax)
				m->absmax = fabs(v);
		}
	return 0;
}
