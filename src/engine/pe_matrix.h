/* pe_matrix.h - a learned position matrix: L positions by d dimensions,
 * read from a file (io/matrix_file.h) in place of the formula, and what the
 * explorer and the series measure on it.
 *
 * Row p is the vector of position p; the values are doubles, row-major,
 * all finite (the readers refuse a NaN or an infinity). The functions take
 * indices in range (0 <= p < rows, 0 <= i < cols) and do no I/O. */
#ifndef PE_MATRIX_H
#define PE_MATRIX_H

/* The most cells a matrix may hold: 2^31 (16 GiB of doubles). A bigger
 * one is refused before anything is allocated. */
#define PE_MATRIX_CELLS_MAX (1LL << 31)

struct pe_matrix {
	long long rows;		/* L, positions, >= 1 */
	int cols;		/* d, dimensions, >= 1 */
	double *v;		/* rows x cols values; owned */
	double absmax;		/* max |M[p][i]|: the heatmap's colour scale;
				 * set by pe_matrix_settle */
};

/* Measures what the explorer reads on every frame (absmax) once, after
 * the values are read. */
void pe_matrix_settle(struct pe_matrix *m);

/* M[p][i]. */
double pe_matrix_value(const struct pe_matrix *m, long long p, int i);

/* cos(M[p], M[q]) = M[p].M[q] / (|M[p]| |M[q]|); 0 when either row is all
 * zeros (no direction to compare). */
double pe_matrix_cos(const struct pe_matrix *m, long long p, long long q);

/* |M[p]|, the Euclidean norm of row p. */
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

/* Frees the values; *m becomes empty. */
void pe_matrix_free(struct pe_matrix *m);

#endif
