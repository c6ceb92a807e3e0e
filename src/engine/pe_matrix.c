/* pe_matrix.c - measurements of a learned position matrix (see
 * pe_matrix.h). */
#include "engine/pe_matrix.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fft.h"

int pe_matrix_itemsize(enum pe_matrix_type t)
{
	switch (t) {
	case PE_MATRIX_F16:
	case PE_MATRIX_BF16:
		return 2;
	case PE_MATRIX_F32:
		return 4;
	default:
		return 8;
	}
}

/* Whether the machine stores numbers big-endian (GCC's and clang's
 * predefined macros; others are taken for little-endian, as every
 * machine Debian builds pescope for is but s390x, which GCC names). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_BIG_ENDIAN true
#else
#define HOST_BIG_ENDIAN false
#endif

/* The n bytes (2, 4 or 8) at p as an unsigned integer of the file's byte
 * order: a copy, its bytes swapped when the file's order is not the
 * machine's. */
static uint64_t load_uint(const unsigned char *p, int n, bool big_endian)
{
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
	bool swap = big_endian != HOST_BIG_ENDIAN;

	switch (n) {
	case 2:
		memcpy(&u16, p, 2);
		return swap ? (uint16_t)(u16 >> 8 | u16 << 8) : u16;
	case 4:
		memcpy(&u32, p, 4);
		return swap ? __builtin_bswap32(u32) : u32;
	default:
		memcpy(&u64, p, 8);
		return swap ? __builtin_bswap64(u64) : u64;
	}
}

/* binary16 bits to their exact double. */
static inline double half_to_double(unsigned h)
{
	unsigned e = (h >> 10) & 0x1f;
	uint64_t bits;
	double v;

	if (__builtin_expect(e != 0 && e != 0x1f, 1)) {	/* normal */
		bits = (uint64_t)(h & 0x8000) << 48 |
		       (uint64_t)(e + 1008) << 52 |
		       (uint64_t)(h & 0x3ff) << 42;
		memcpy(&v, &bits, sizeof v);
		return v;
	}
	if (e == 0x1f)		/* what the readers refuse */
		return h & 0x3ff ? NAN : h & 0x8000 ? -INFINITY : INFINITY;
	/* subnormal or zero */
	v = ldexp((double)(h & 0x3ff), -24);
	return h & 0x8000 ? -v : v;
}

/* The number of type t whose bits are u (already in the machine's
 * order). */
static inline double from_bits(enum pe_matrix_type t, uint64_t u)
{
	uint32_t u32;
	float f;
	double d;

	switch (t) {
	case PE_MATRIX_F16:
		return half_to_double((unsigned)u);
	case PE_MATRIX_BF16:
		u32 = (uint32_t)u << 16;
		memcpy(&f, &u32, sizeof f);
		return f;
	case PE_MATRIX_F32:
		u32 = (uint32_t)u;
		memcpy(&f, &u32, sizeof f);
		return f;
	default:
		memcpy(&d, &u, sizeof d);
		return d;
	}
}

/* Where M[p][i] lies, in numbers from data. */
static size_t index_of(const struct pe_matrix *m, long long p, int i)
{
	return (size_t)(m->fortran ? (long long)i * m->rows + p
				   : p * m->cols + i);
}

double pe_matrix_value(const struct pe_matrix *m, long long p, int i)
{
	int size = pe_matrix_itemsize(m->type);

	return from_bits(m->type,
			 load_uint(m->data + index_of(m, p, i) * (size_t)size,
				   size, m->big_endian));
}

/* ---- binary16 in bulk: F16C where the processor has it ----
 *
 * A run of little-endian binary16 numbers side by side (a row of a C-order
 * float16 matrix, the common safetensors case) is most of what a frame on
 * a large matrix decodes: perf showed decode_run at 70 % of the explorer's
 * time on a 8192 x 4096 float16 tensor. x86's F16C instruction
 * (vcvtph2ps) turns eight halves into eight floats at once, and a float
 * widens to a double exactly, so the doubles are half_to_double's to the
 * bit (subnormals included; the test compares all 65536 patterns). It is
 * used only when the processor says it has it (use_f16c),
 * and the portable loop stays for every other case and machine. */
#if (defined(__x86_64__) || defined(__i386__)) && \
	(defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define HAVE_F16C_PATH 1

__attribute__((target("avx,f16c"))) static void
halves_f16c(const unsigned char *b, long long n, double *out)
{
	long long k = 0;

	for (; k + 8 <= n; k += 8) {
		__m128i h = _mm_loadu_si128((const __m128i *)(const void *)(b + 2 * k));
		__m256 f = _mm256_cvtph_ps(h);

		_mm256_storeu_pd(out + k, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
		_mm256_storeu_pd(out + k + 4,
				 _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
	}
	for (; k < n; k++) {
		uint16_t u;

		memcpy(&u, b + 2 * k, 2);
		out[k] = half_to_double(u);
	}
}
#else
#define HAVE_F16C_PATH 0
#endif

/* -1: not asked yet; 0: the portable loop; 1: F16C. */
static int f16c_state = -1;

static bool use_f16c(void)
{
#if HAVE_F16C_PATH
	unsigned a, b, c, d;

	if (f16c_state < 0) {
		/* AVX: the processor and the system keep the ymm registers
		 * (__builtin_cpu_supports checks both); F16C from CPUID leaf
		 * 1, as clang's __builtin_cpu_supports does not know it */
		__builtin_cpu_init();
		f16c_state = __builtin_cpu_supports("avx") &&
			     __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
	}
	return f16c_state == 1;
#else
	return false;
#endif
}

bool pe_matrix_set_f16c(bool on)
{
	f16c_state = 0;
	if (on) {
		f16c_state = -1;
		return use_f16c();
	}
	return false;
}

/* n numbers from the one at index at, stride numbers apart, into out: the
 * type's case chosen once for the run, not once a number, so that the
 * compiler keeps each loop to one conversion. */
static void decode_run(const struct pe_matrix *m, size_t at, size_t stride,
		       long long n, double *out)
{
	int size = pe_matrix_itemsize(m->type);
	const unsigned char *b = m->data + at * (size_t)size;
	size_t step = stride * (size_t)size;

#define RUN(T) 	for (long long k = 0; k < n; k++, b += step) 		out[k] = from_bits(T, load_uint(b, size, m->big_endian))
	switch (m->type) {
	case PE_MATRIX_F16:
#if HAVE_F16C_PATH
		if (stride == 1 && m->big_endian == HOST_BIG_ENDIAN &&
		    use_f16c()) {
			halves_f16c(b, n, out);
			break;
		}
#endif
		RUN(PE_MATRIX_F16);
		break;
	case PE_MATRIX_BF16:
		RUN(PE_MATRIX_BF16);
		break;
	case PE_MATRIX_F32:
		RUN(PE_MATRIX_F32);
		break;
	default:
		RUN(PE_MATRIX_F64);
		break;
	}
#undef RUN
}

void pe_matrix_row(const struct pe_matrix *m, long long p, int i0, int n,
		   double *out)
{
	decode_run(m, index_of(m, p, i0), m->fortran ? (size_t)m->rows : 1,
		   n, out);
}

/* M[start .. start+n-1][i] into out. */
static void pe_matrix_column(const struct pe_matrix *m, int i,
			     long long start, long long n, double *out)
{
	decode_run(m, index_of(m, start, i), m->fortran ? 1 : (size_t)m->cols,
		   n, out);
}

void pe_matrix_gather(const struct pe_matrix *m, long long p, const int *dims,
		      int n, double *out)
{
	/* runs of consecutive dimensions (a heatmap slice's usually are)
	 * decoded as one run, the rest value by value: the same doubles */
	for (int k = 0; k < n;) {
		int run = 1;

		while (k + run < n && dims[k + run] == dims[k] + run)
			run++;
		decode_run(m, index_of(m, p, dims[k]),
			   m->fortran ? (size_t)m->rows : 1, run, out + k);
		k += run;
	}
}

/* The sum of squares of the n numbers at a, in order. */
static double sum_squares(const double *a, int n)
{
	double aa = 0.0;

	for (int i = 0; i < n; i++)
		aa += a[i] * a[i];
	return aa;
}

int pe_matrix_scan(struct pe_matrix *m, long long *bad_p, int *bad_i)
{
	double *row = malloc((size_t)m->cols * sizeof *row);

	if (!row)
		return -1;
	free(m->norms);
	m->norms = malloc((size_t)m->rows * sizeof *m->norms);
	m->absmax = 0.0;
	for (long long p = 0; p < m->rows; p++) {
		pe_matrix_row(m, p, 0, m->cols, row);
		for (int i = 0; i < m->cols; i++) {
			if (!isfinite(row[i])) {
				*bad_p = p;
				*bad_i = i;
				free(row);
				free(m->norms);
				m->norms = NULL;
				return 1;
			}
			if (fabs(row[i]) > m->absmax)
				m->absmax = fabs(row[i]);
		}
		if (m->norms)
			m->norms[p] = sqrt(sum_squares(row, m->cols));
	}
	free(row);
	return 0;
}

double pe_matrix_norm(const struct pe_matrix *m, long long p)
{
	double aa = 0.0;

	if (m->norms)
		return m->norms[p];
	for (int i = 0; i < m->cols; i++) {
		double a = pe_matrix_value(m, p, i);

		aa += a * a;
	}
	return sqrt(aa);
}

double pe_matrix_span_mean(const struct pe_matrix *m, int i, long long start,
			   long long count)
{
	enum { RUN = 256 };
	double sum = 0.0, buf[RUN];

	for (long long p = start; p < start + count; p += RUN) {
		long long n = start + count - p < RUN ? start + count - p : RUN;

		pe_matrix_column(m, i, p, n, buf);
		for (long long k = 0; k < n; k++)
			sum += buf[k];
	}
	return sum / (double)count;
}

/* cos of row a (norm norm_a) with the ROWS_AT_ONCE rows read into r, of
 * norms nr, into out: the dot products run side by side, each summed in
 * dimension order, so that four independent chains of additions keep the
 * processor busy where one would wait on each addition. */
enum { ROWS_AT_ONCE = 4 };

void pe_matrix_cos_rows(const struct pe_matrix *m, const double *a,
			double norm_a, long long q, int n, double *scratch,
			double *out)
{
	int d = m->cols;

	for (int k0 = 0; k0 < n; k0 += ROWS_AT_ONCE) {
		int w = n - k0;
		double ab[ROWS_AT_ONCE] = { 0.0 }, nr[ROWS_AT_ONCE];

		if (w > ROWS_AT_ONCE)
			w = ROWS_AT_ONCE;
		for (int k = 0; k < w; k++)
			pe_matrix_row(m, q + k0 + k, 0, d,
				      scratch + (size_t)k * (size_t)d);
		if (w == ROWS_AT_ONCE) {
			const double *r0 = scratch, *r1 = r0 + d, *r2 = r1 + d,
				     *r3 = r2 + d;

			for (int i = 0; i < d; i++) {
				ab[0] += a[i] * r0[i];
				ab[1] += a[i] * r1[i];
				ab[2] += a[i] * r2[i];
				ab[3] += a[i] * r3[i];
			}
		} else {
			for (int k = 0; k < w; k++)
				for (int i = 0; i < d; i++)
					ab[k] += a[i] *
						 scratch[(size_t)k * (size_t)d +
							 (size_t)i];
		}
		for (int k = 0; k < w; k++) {
			const double *r = scratch + (size_t)k * (size_t)d;

			nr[k] = m->norms ? m->norms[q + k0 + k]
					 : sqrt(sum_squares(r, d));
			out[k0 + k] = norm_a == 0.0 || nr[k] == 0.0
					      ? 0.0
					      : ab[k] / (norm_a * nr[k]);
		}
	}
}

long long pe_matrix_unit_sum(const struct pe_matrix *m, long long q,
			     long long n, double *sum, double *row)
{
	long long kept = 0;
	int d = m->cols;

	for (long long r = q; r < q + n; r++) {
		double norm;

		pe_matrix_row(m, r, 0, d, row);
		norm = m->norms ? m->norms[r] : sqrt(sum_squares(row, d));
		if (norm == 0.0)
			continue;
		for (int i = 0; i < d; i++)
			sum[i] += row[i] / norm;
		kept++;
	}
	return kept;
}

double pe_matrix_span_period(const struct pe_matrix *m, int i,
			     long long start, long long count)
{
	long long L = count, best_k = 0;
	double mean = 0.0, best = 0.0, *re, *im;
	bool flat = true;

	if (L < 2)
		return 0.0;
	for (long long p = start; p < start + L; p++) {
		mean += pe_matrix_value(m, p, i);
		flat = flat &&
		       pe_matrix_value(m, p, i) == pe_matrix_value(m, start, i);
	}
	if (flat)	/* rounding would give its zero spectrum a peak */
		return 0.0;
	re = calloc((size_t)L * 2, sizeof *re);
	if (!re)
		return 0.0;
	im = re + L;
	mean /= (double)L;
	for (long long p = 0; p < L; p++)
		re[p] = pe_matrix_value(m, start + p, i) - mean;
	if (!fft_forward(re, im, L)) {
		free(re);
		return 0.0;
	}
	for (long long k = 1; k <= L / 2; k++)
		if (re[k] * re[k] + im[k] * im[k] > best) {
			best = re[k] * re[k] + im[k] * im[k];
			best_k = k;
		}
	free(re);
	return best_k ? (double)L / (double)best_k : 0.0;
}

double pe_matrix_period(const struct pe_matrix *m, int i)
{
	return pe_matrix_span_period(m, i, 0, m->rows);
}

void pe_matrix_free(struct pe_matrix *m)
{
	free(m->norms);
	if (m->release)
		m->release(m);
	memset(m, 0, sizeof *m);
}
