/* test_matrix_bulk.c - unit tests of the bulk reads of a loaded matrix
 * (src/engine/pe_matrix.c: pe_matrix_row, _gather, _scan, _cos_rows,
 * and _span_mean, which reads a column in runs), which the explorer and the series use instead of one
 * pe_matrix_value a number. Each must give the very doubles the
 * value-by-value path gives, for every dtype, both byte orders and both
 * C and Fortran order; the cosine is compared bit for bit with the
 * definition summed value by value in dimension order (the code that
 * shipped before the bulk reads, commit d8f9664's pe_matrix_cos), with
 * the row norms kept by the scan and without them. NumPy checks the same
 * numbers end to end (tests/e2e/load.sh). */
#include <criterion/criterion.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_matrix.h"

enum { ROWS = 23, COLS = 13 };	/* odd sizes: runs of four rows and a tail */

/* Stores v as type t at b in the given byte order. */
static void put(unsigned char *b, enum pe_matrix_type t, bool big, double v)
{
	unsigned char tmp[8];
	int n = pe_matrix_itemsize(t);
	float f = (float)v;
	uint32_t u32;
	uint16_t u16;

	switch (t) {
	case PE_MATRIX_F16:	/* a value with an exact binary16: k / 64 */
		u16 = (uint16_t)(v < 0 ? 0x8000 : 0);
		v = fabs(v);
		if (v == 0.0) {
			memcpy(tmp, &u16, 2);
			break;
		}
		{
			int e;
			double fr = frexp(v, &e);	/* v = fr 2^e, fr in [.5, 1) */

			u16 |= (uint16_t)((unsigned)(e - 1 + 15) << 10 |
					  (unsigned)((fr * 2.0 - 1.0) * 1024.0));
		}
		memcpy(tmp, &u16, 2);
		break;
	case PE_MATRIX_BF16:
		memcpy(&u32, &f, 4);
		u16 = (uint16_t)(u32 >> 16);
		memcpy(tmp, &u16, 2);
		break;
	case PE_MATRIX_F32:
		memcpy(tmp, &f, 4);
		break;
	default:
		memcpy(tmp, &v, 8);
		break;
	}
	for (int k = 0; k < n; k++)	/* the host is little-endian here */
		b[k] = big ? tmp[n - 1 - k] : tmp[k];
}

/* A ROWS x COLS matrix of type t with values k / 64 (exact in every
 * type), row 5 all zeros (cosine 0 by definition). */
static void make(struct pe_matrix *m, unsigned char *buf,
		 enum pe_matrix_type t, bool big, bool fortran)
{
	int n = pe_matrix_itemsize(t);

	*m = (struct pe_matrix){ .rows = ROWS, .cols = COLS, .data = buf,
				 .type = t, .big_endian = big,
				 .fortran = fortran };
	for (int p = 0; p < ROWS; p++)
		for (int i = 0; i < COLS; i++) {
			int at = fortran ? i * ROWS + p : p * COLS + i;
			double v = p == 5 ? 0.0
					  : (double)((p * 7 + i * 11) % 41 - 20) / 64.0;

			put(buf + at * n, t, big, v);
		}
}

/* cos(M[p], M[q]) value by value, as pe_matrix_cos did before. */
static double cos_ref(const struct pe_matrix *m, long long p, long long q)
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

static void check_all(enum pe_matrix_type t)
{
	static unsigned char buf[ROWS * COLS * 8];

	for (int order = 0; order < 4; order++) {
		struct pe_matrix m;
		double row[COLS], g[COLS], a[COLS];
		double scratch[4 * COLS], out[ROWS];
		int dims[COLS];
		long long bp;
		int bi;

		make(&m, buf, t, order & 1, order & 2);
		for (int i = 0; i < COLS; i++)
			dims[i] = (i * 5) % COLS;	/* every dim, shuffled */
		for (int p = 0; p < ROWS; p++) {
			pe_matrix_row(&m, p, 0, COLS, row);
			pe_matrix_gather(&m, p, dims, COLS, g);
			for (int i = 0; i < COLS; i++) {
				cr_assert_eq(row[i], pe_matrix_value(&m, p, i));
				cr_assert_eq(g[i], pe_matrix_value(&m, p, dims[i]));
			}
		}
		for (int i = 0; i < COLS; i++) {
			double sum = 0.0;

			for (int p = 3; p < ROWS; p++)
				sum += pe_matrix_value(&m, p, i);
			cr_assert_eq(pe_matrix_span_mean(&m, i, 3, ROWS - 3),
				     sum / (ROWS - 3));
		}
		/* without norms, then with the scan's */
		for (int pass = 0; pass < 2; pass++) {
			if (pass == 1)
				cr_assert_eq(pe_matrix_scan(&m, &bp, &bi), 0);
			cr_assert((m.norms != NULL) == (pass == 1));
			for (int p = 0; p < ROWS; p++) {
				pe_matrix_row(&m, p, 0, COLS, a);
				for (int q0 = 0; q0 < ROWS; q0 += 7) {
					int n = ROWS - q0 < 7 ? ROWS - q0 : 7;

					pe_matrix_cos_rows(&m, a, pe_matrix_norm(&m, p),
							   q0, n, scratch, out);
					for (int k = 0; k < n; k++)
						cr_assert_eq(out[k], cos_ref(&m, p, q0 + k),
							     "type %d order %d: cos(M[%d], "
							     "M[%d])", t, order, p, q0 + k);
				}
			}
		}
		pe_matrix_free(&m);
	}
}

Test(matrix_bulk, f16_reads_as_value_by_value)
{
	check_all(PE_MATRIX_F16);
}

Test(matrix_bulk, bf16_reads_as_value_by_value)
{
	check_all(PE_MATRIX_BF16);
}

Test(matrix_bulk, f32_reads_as_value_by_value)
{
	check_all(PE_MATRIX_F32);
}

Test(matrix_bulk, f64_reads_as_value_by_value)
{
	check_all(PE_MATRIX_F64);
}

/* The scan keeps max |M| and each row's norm, and stops at the first NaN
 * in row order (row 4 comes before row 9 however the file lays them). */
Test(matrix_bulk, scan_norms_and_first_nan)
{
	static unsigned char buf[ROWS * COLS * 8];

	for (int fortran = 0; fortran < 2; fortran++) {
		struct pe_matrix m;
		double top = 0.0, nan = NAN;
		long long bp = -1;
		int bi = -1;

		make(&m, buf, PE_MATRIX_F64, false, fortran);
		cr_assert_eq(pe_matrix_scan(&m, &bp, &bi), 0);
		for (int p = 0; p < ROWS; p++) {
			double aa = 0.0;

			for (int i = 0; i < COLS; i++) {
				double v = pe_matrix_value(&m, p, i);

				aa += v * v;
				top = fmax(top, fabs(v));
			}
			cr_assert_eq(m.norms[p], sqrt(aa));
		}
		cr_assert_eq(m.absmax, top);
		memcpy(buf + (size_t)(fortran ? 2 * ROWS + 9 : 9 * COLS + 2) * 8,
		       &nan, 8);
		memcpy(buf + (size_t)(fortran ? 7 * ROWS + 4 : 4 * COLS + 7) * 8,
		       &nan, 8);
		cr_assert_eq(pe_matrix_scan(&m, &bp, &bi), 1);
		cr_assert_eq(bp, 4);
		cr_assert_eq(bi, 7);
		cr_assert_null(m.norms);
		pe_matrix_free(&m);
	}
}

/* Every binary16 pattern, read as a row (the run F16C decodes eight at a
 * time, with a tail of three) and value by value through the portable
 * conversion: the same doubles, NaNs aside (the readers refuse them;
 * both paths still give a NaN). Runs on any machine: without F16C both
 * passes take the portable loop. */
Test(matrix_bulk, f16c_gives_the_portable_doubles)
{
	enum { N = 65536 + 3 };
	static unsigned char buf[2 * N];
	static double simd[N], portable[N];
	struct pe_matrix m = { .rows = 1, .cols = N, .data = buf,
			       .type = PE_MATRIX_F16 };

	for (int k = 0; k < N; k++) {
		buf[2 * k] = (unsigned char)(k & 0xff);
		buf[2 * k + 1] = (unsigned char)((k >> 8) & 0xff);
	}
	pe_matrix_set_f16c(true);
	pe_matrix_row(&m, 0, 0, N, simd);
	cr_assert_eq(pe_matrix_set_f16c(false), false);
	pe_matrix_row(&m, 0, 0, N, portable);
	pe_matrix_set_f16c(true);
	for (int k = 0; k < N; k++) {
		if (isnan(portable[k])) {
			cr_assert(isnan(simd[k]), "pattern %#x", k & 0xffff);
			continue;
		}
		cr_assert(memcmp(&simd[k], &portable[k], sizeof simd[k]) == 0,
			  "pattern %#x: %a, not %a", k & 0xffff, simd[k],
			  portable[k]);
	}
	/* the pattern's value, independently: 1.0 is 0x3c00, the smallest
	 * subnormal 0x0001 is 2^-24, -2 is 0xc000 */
	cr_assert_eq(simd[0x3c00], 1.0);
	cr_assert_eq(simd[0x0001], ldexp(1.0, -24));
	cr_assert_eq(simd[0xc000], -2.0);
}

/* The similarity panel's table (views/panel_matrix.c): the mean cosine of
 * a row with a group of rows as one dot product with the group's sum of
 * unit rows (pe_matrix_unit_sum). Against the mean of the cosines summed
 * one by one (cos_ref, the definition), rows of zeros left out of both:
 * the regrouped sums differ by roundings only, far below the 1e-12 the
 * panel's comment bounds them by at this size. */
Test(matrix_bulk, unit_sums_give_the_mean_cosine)
{
	static unsigned char buf[ROWS * COLS * 8];
	struct pe_matrix m;
	double a[COLS], row[COLS];
	long long bp;
	int bi;

	make(&m, buf, PE_MATRIX_F32, false, false);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			cr_assert_eq(pe_matrix_scan(&m, &bp, &bi), 0);
		for (int p = 0; p < ROWS; p++) {
			pe_matrix_row(&m, p, 0, COLS, a);
			for (int q0 = 0; q0 < ROWS; q0 += 4) {
				int n = ROWS - q0 < 4 ? ROWS - q0 : 4, want = 0;
				double u[COLS] = { 0.0 }, dot = 0.0, ref = 0.0;
				long long kept = pe_matrix_unit_sum(&m, q0, n, u,
								    row);

				for (int q = q0; q < q0 + n; q++)
					if (q != 5) {
						ref += cos_ref(&m, p, q);
						want++;
					}
				cr_assert_eq(kept, want, "rows %d..: %lld kept",
					     q0, kept);
				if (p == 5)	/* no direction: cos_ref's 0 */
					continue;
				for (int i = 0; i < COLS; i++)
					dot += a[i] * u[i];
				cr_assert(fabs(dot / (pe_matrix_norm(&m, p) *
						      (double)kept) -
					       ref / want) < 1e-12,
					  "p %d, rows %d..%d", p, q0, q0 + n - 1);
			}
		}
	}
	pe_matrix_free(&m);
}
