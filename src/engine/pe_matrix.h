/* pe_matrix.h - a learned position matrix: L positions by d dimensions,
 * read from a file (io/matrix_file.h) in place of the formula, and what the
 * explorer and the series measure on it.
 *
 * Row p is the vector of position p. The numbers stay as the file lays
 * them (its dtype, byte order and C or Fortran order), usually in the
 * file's own mapped pages, and are converted to doubles as they are read:
 * the matrix is never copied (issue 35's Speed: a 8192 x 4096 float16
 * tensor stays 64 MiB, not 256 more as doubles). All values are finite
 * (the readers refuse a NaN or an infinity). The functions take indices
 * in range (0 <= p < rows, 0 <= i < cols) and do no I/O. */
#ifndef PE_MATRIX_H
#define PE_MATRIX_H

#include <stdbool.h>
#include <stddef.h>

/* The most cells a matrix may hold: 2^31. A bigger one is refused before
 * anything is read. */
#define PE_MATRIX_CELLS_MAX (1LL << 31)

/* How one number is stored. */
enum pe_matrix_type {
	PE_MATRIX_F16,		/* IEEE 754 binary16 */
	PE_MATRIX_BF16,		/* bfloat16: the upper half of a binary32 */
	PE_MATRIX_F32,
	PE_MATRIX_F64
};

struct pe_matrix {
	long long rows;		/* L, positions, >= 1 */
	int cols;		/* d, dimensions, >= 1 */
	const unsigned char *data;	/* rows x cols numbers of type, any
					 * alignment; not owned */
	enum pe_matrix_type type;
	bool big_endian;
	bool fortran;		/* column-major: M[p][i] at i * rows + p */
	double absmax;		/* max |M[p][i]|: the heatmap's colour scale */
	double *norms;		/* |M[p]| of each row, from pe_matrix_scan
				 * (owned; NULL: computed when asked) */
	/* What frees data (io/matrix_file.c: unmaps the file), with hold and
	 * hold_len as it needs them; NULL when data is someone else's. */
	void (*release)(struct pe_matrix *m);
	void *hold;
	size_t hold_len;
};

/* Bytes of one number of type t. */
int pe_matrix_itemsize(enum pe_matrix_type t);

/* M[p][i]. */
double pe_matrix_value(const struct pe_matrix *m, long long p, int i);

/* Whether runs of float16 numbers are decoded with x86's F16C
 * instructions (same doubles, eight at a time): on by default where the
 * processor has them. on false selects the portable loop; on true asks
 * the processor again. Returns whether F16C is now used. For the tests,
 * which check that both give the same doubles. */
bool pe_matrix_set_f16c(bool on);

/* Bulk reads, the conversion chosen once a run rather than once a
 * number (what a frame over a whole matrix needs): M[p][i0 .. i0+n-1]
 * into out[0 .. n-1]; M[p][dims[k]] for k in 0 .. n-1. The same doubles
 * as pe_matrix_value. */
void pe_matrix_row(const struct pe_matrix *m, long long p, int i0, int n,
		   double *out);
void pe_matrix_gather(const struct pe_matrix *m, long long p, const int *dims,
		      int n, double *out);

/* The reader's one pass over every value (row by row): m->absmax, and
 * m->norms when memory allows (else left NULL and norms are computed when
 * asked). Returns 0; 1 at the first NaN or infinity in row order, at
 * *bad_p, *bad_i (m->norms then NULL); -1 without memory for a row. */
int pe_matrix_scan(struct pe_matrix *m, long long *bad_p, int *bad_i);

/* cos(M[p], M[q]) = M[p].M[q] / (|M[p]| |M[q]|), 0 when either row is all
 * zeros (no direction to compare), for the n rows q .. q+n-1 into
 * out[0 .. n-1], given row p already read into a (m->cols numbers,
 * pe_matrix_row) and its norm_a (pe_matrix_norm): so that a curve from p
 * reads row p once. scratch holds 4 * m->cols numbers. Each product is
 * summed in dimension order, so a value is the same to the bit however
 * it is asked for. */
void pe_matrix_cos_rows(const struct pe_matrix *m, const double *a,
			double norm_a, long long q, int n, double *scratch,
			double *out);

/* Adds M[r] / |M[r]| to sum[0 .. m->cols-1] for the n rows r = q ..
 * q+n-1 that are not all zeros, in row order; returns how many it added.
 * row holds m->cols numbers of scratch. The sum of a group of rows is
 * what the mean cosine of a row a with them needs: mean_r cos(a, M[r]) =
 * a . sum / (|a| * kept), one dot product a group whatever its size. */
long long pe_matrix_unit_sum(const struct pe_matrix *m, long long q,
			     long long n, double *sum, double *row);

/* |M[p]|, the Euclidean norm of row p (the squares summed in dimension
 * order). */
double pe_matrix_norm(const struct pe_matrix *m, long long p);

/* The mean of column i over positions start .. start + count - 1 (count
 * >= 1, all inside the matrix): what one heatmap pixel or one point of a
 * waveform shows when it stands for several positions. */
double pe_matrix_span_mean(const struct pe_matrix *m, int i, long long start,
			   long long count);

/* The dominant period of column i along the positions, in positions: with
 * X_k = sum_p (x_p - mean) e^(-2 pi i k p / L), the k in 1 .. L/2 of the
 * largest |X_k| (the first of equal ones) gives L / k, as NumPy's
 * rfft of the centred column would. 0 for a column without one (L < 2, or
 * constant, or memory for the transform ran out). An FFT (engine/fft.h):
 * O(L log L), about 30 us for L 1024. */
double pe_matrix_period(const struct pe_matrix *m, int i);

/* The same over positions start .. start + count - 1 only (inside the
 * matrix): the period the waves panel resolves around the selected
 * position. */
double pe_matrix_span_period(const struct pe_matrix *m, int i,
			     long long start, long long count);

/* Releases the values (m->release) and the norms; *m becomes empty. */
void pe_matrix_free(struct pe_matrix *m);

#endif
