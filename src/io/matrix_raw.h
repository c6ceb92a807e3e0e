/* matrix_raw.h - what the .npy and .safetensors readers share: the checks
 * of a shape, and raw numbers of a file into a struct pe_matrix
 * (engine/pe_matrix.h).
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

enum raw_dtype {
	RAW_F16,	/* IEEE 754 binary16 */
	RAW_BF16,	/* bfloat16: the upper half of a binary32 */
	RAW_F32,
	RAW_F64
};

/* How the numbers lie in the file. */
struct raw_layout {
	enum raw_dtype dtype;
	bool big_endian;
	bool fortran;		/* column-major: M[p][i] at i * rows + p */
	long long rows, cols;	/* as matrix_raw_shape accepted them */
};

/* Bytes of one number of dtype t. */
int raw_itemsize(enum raw_dtype t);

/* Checks the shape dims[0 .. ndim-1] (each >= 0, or -1 for a dimension
 * too large to read) of the file name: two dimensions, neither 0, at most
 * PE_MATRIX_CELLS_MAX cells. Returns 0 with *rows and *cols, or 65. */
int matrix_raw_shape(const long long *dims, int ndim, const char *name,
		     long long *rows, long long *cols, enum lang l, char *err,
		     size_t n);

/* Converts the rows x cols numbers at data (rows * cols * itemsize bytes,
 * any alignment) into m, which it allocates. Returns 0, 65 on a NaN or an
 * infinity (naming its row and column), or 71 without memory. */
int matrix_raw_convert(const unsigned char *data, const struct raw_layout *lay,
		       const char *name, struct pe_matrix *m, enum lang l,
		       char *err, size_t n);

#endif
