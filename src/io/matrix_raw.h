/* matrix_raw.h - what the .npy and .safetensors readers share: the checks
 * of a shape, and a struct pe_matrix (engine/pe_matrix.h) on the raw
 * numbers of a file, in place.
 *
 * Every refusal is one line in err (of size n, in language l) that starts
 * with the file's name, and the status 65 (bad data), or 71 when memory
 * runs out. */
#ifndef MATRIX_RAW_H
#define MATRIX_RAW_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pe_matrix.h"
#include "base/lang.h"

/* How the numbers lie in the file. */
struct raw_layout {
	enum pe_matrix_type dtype;
	bool big_endian;
	bool fortran;		/* column-major: M[p][i] at i * rows + p */
	long long rows, cols;	/* as matrix_raw_shape accepted them */
};

/* Checks the shape dims[0 .. ndim-1] (each >= 0, or -1 for a dimension
 * too large to read) of the file name: two dimensions, neither 0, at most
 * PE_MATRIX_CELLS_MAX cells. Returns 0 with *rows and *cols, or 65. */
int matrix_raw_shape(const long long *dims, int ndim, const char *name,
		     long long *rows, long long *cols, enum lang l, char *err,
		     size_t n);

/* Points m at the rows x cols numbers at data (rows * cols * itemsize
 * bytes, any alignment), which must stay as they are until m is freed
 * (m->release is left NULL: the caller sets it), after reading every one
 * of them once (pe_matrix_scan): the largest |value| into m->absmax, each
 * row's norm into m->norms, and the first NaN or infinity, in row order,
 * refused. Returns 0, 71 without memory, or 65 naming that value's
 * row and column (m then empty). */
int matrix_raw_view(const unsigned char *data, const struct raw_layout *lay,
		    const char *name, struct pe_matrix *m, enum lang l,
		    char *err, size_t n);

#endif
