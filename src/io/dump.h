/* dump.h - streaming dumps of the L x d encoding matrix.
 *
 * Row p of the matrix is PE(p) for p = 0 .. L-1, in the layout of the
 * parameters. Rows come from the engine's rotation recurrence (pe_rowgen)
 * and go out through a 1 MiB buffer, so memory stays near 2 MiB plus a few
 * rows whatever L and d are; the whole matrix is never held.
 *
 * Formats:
 *   npy  NumPy .npy format 1.0: "\x93NUMPY", version 1.0, a little-endian
 *        uint16 header length, the header dict
 *        {'descr': '<f8', 'fortran_order': False, 'shape': (L, d), }
 *        padded with spaces and a final '\n' so that the data starts at a
 *        multiple of 64 bytes, then the values in C order, little-endian
 *        whatever the host is. The header bytes are those np.save writes
 *        (NumPy >= 1.23 leaves room for the first axis to grow to 21 digits).
 *   csv  a header row "dim0,dim1,...", then one row per position;
 *   tsv  the same with tabs. Values are written as printf's "%.17g" would,
 *        in the "C" locale: 17 significant digits read back (strtod, NumPy)
 *        to exactly the double that was written. */
#ifndef DUMP_H
#define DUMP_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "io/progress.h"

enum dump_format {
	DUMP_CSV,
	DUMP_TSV,
	DUMP_NPY
};

enum dump_dtype {
	DUMP_FLOAT64,		/* '<f8' */
	DUMP_FLOAT32		/* '<f4': values rounded to float */
};

struct dump_spec {
	struct pe_params params;	/* valid (pe_params_valid) */
	long long length;		/* rows, 1 .. PE_LEN_MAX */
	enum dump_format format;
	enum dump_dtype dtype;		/* used by DUMP_NPY only */
	struct progress *progress;	/* told the rows done, or NULL */
	const struct pe_matrix *matrix;	/* a loaded matrix whose rows are
					 * written in place of the formula's
					 * (params.d_model its width, length
					 * its rows), or NULL */
};

/* Longest preamble dump_npy_header writes: format 1.0 allows 65535. */
#define DUMP_NPY_HEADER_MAX 256

/* Longest text dump_format_double writes, without its terminating NUL
 * ("-2.2250738585072014e-308" is 24). */
#define DUMP_DOUBLE_MAX 24

/* Writes the whole matrix of spec to fp and returns 0, or the errno value of
 * the first failure: a failed write (from fwrite), ENOMEM, or ECANCELED when
 * cancel is not NULL and *cancel became non-zero (checked before every write,
 * so a signal handler can stop a long dump). Does not flush or close fp. */
int dump_write(FILE *fp, const struct dump_spec *spec,
	       const volatile sig_atomic_t *cancel);

/* About how many seconds dump_write takes for spec on one core: L x d
 * values at the rates measured on the bench machine (2-core AMD EPYC,
 * 2026-12-01; 1.2e7 values a second as text, 5e8 as npy), rounded down
 * to 1e7 and 2e8 so that the estimate errs long. */
double dump_estimate_s(const struct dump_spec *spec);

/* Puts the .npy preamble (magic, version, header length, padded header) for
 * spec into buf and returns its length, a multiple of 64. buf holds at least
 * DUMP_NPY_HEADER_MAX bytes. */
/* For tests only. */
size_t dump_npy_header(const struct dump_spec *spec, unsigned char *buf);

/* Writes x into buf exactly as snprintf(buf, n, "%.17g", x) does in the "C"
 * locale, NUL-terminated, and returns the length. buf holds at least
 * DUMP_DOUBLE_MAX + 1 bytes. Exposed for the tests; about 15x faster than
 * snprintf for the values a dump writes. */
int dump_format_double(double x, char *buf);

#endif
