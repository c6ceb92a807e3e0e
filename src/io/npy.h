/* npy.h - a NumPy .npy file into a struct pe_matrix.
 *
 * The format (numpy.lib.format, versions 1.0, 2.0 and 3.0): "\x93NUMPY",
 * the major and minor version bytes, the header's length (a little-endian
 * uint16 in 1.0, uint32 in 2.0 and 3.0), then the header, a Python dict
 * literal {'descr': '<f4', 'fortran_order': False, 'shape': (L, d), },
 * then the numbers. Read: descr '<f2' '<f4' '<f8' and the big-endian
 * '>f2' '>f4' '>f8'; C or Fortran order;
 * two dimensions. The data must be exactly the shape's size: more or
 * fewer bytes mean that the header lies about its shape or its dtype. */
#ifndef NPY_H
#define NPY_H

#include <stddef.h>

#include "engine/pe_matrix.h"
#include "base/lang.h"

/* Parses the len bytes at buf as a .npy file named name into m. Returns
 * 0, 65 with one line in err (of size n, in language l) that names the
 * file and what is wrong, or 71 without memory. */
int npy_parse(const unsigned char *buf, size_t len, const char *name,
	      struct pe_matrix *m, enum lang l, char *err, size_t n);

#endif
