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
	long long p;
	int i, rc;

	*m = (struct pe_matrix){ .rows = lay->rows, .cols = (int)lay->cols,
				 .data = data, .type = lay->dtype,
				 .big_endian = lay->big_endian,
				 .fortran = lay->fortran };
	rc = pe_matrix_scan(m, &p, &i);
	if (rc < 0) {
		snprintf(err, n, tr(l, "%s: out of memory"), name);
		memset(m, 0, sizeof *m);
		return 71;
	}
	if (rc > 0) {
		snprintf(err, n, tr(l, "%s: %s at position %lld, dimension "
				       "%lld"),
			 name, isnan(pe_matrix_value(m, p, i)) ? "NaN" : "inf",
			 p, (long long)i);
		memset(m, 0, sizeof *m);
		return 65;
	}
	return 0;
}
