/* dump.c - streaming dumps of the L x d encoding matrix (see dump.h). */
#include "io/dump.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Output goes out in chunks of this size: large enough that the write calls
 * cost nothing next to the arithmetic, small enough to stay in cache. */
#define CHUNK_BYTES (1u << 20)

/* ---- buffered output ---- */

struct out {
	FILE *fp;
	unsigned char *buf;
	size_t len;				/* bytes waiting in buf */
	const volatile sig_atomic_t *cancel;	/* stop when non-zero */
	int err;				/* first error, sticky */
};

static int out_flush(struct out *o)
{
	if (o->err)
		return o->err;
	if (o->cancel && *o->cancel)
		return o->err = ECANCELED;
	if (o->len && fwrite(o->buf, 1, o->len, o->fp) != o->len) {
		/* EINTR here means one of our signal handlers interrupted a
		 * blocked write; report it as the cancellation it is. */
		if (o->cancel && *o->cancel)
			return o->err = ECANCELED;
		return o->err = errno ? errno : EIO;
	}
	o->len = 0;
	return 0;
}

/* Makes room for n <= CHUNK_BYTES more bytes; returns where they go, or NULL
 * after an error. */
static unsigned char *out_room(struct out *o, size_t n)
{
	if (CHUNK_BYTES - o->len < n && out_flush(o))
		return NULL;
	return o->buf + o->len;
}

/* ---- npy ---- */

/* Little-endian stores spelled out byte by byte, so the file is right on any
 * host; compilers turn each into a single store on little-endian machines. */
static void put_le64(unsigned char *p, double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	p[0] = (unsigned char)u;
	p[1] = (unsigned char)(u >> 8);
	p[2] = (unsigned char)(u >> 16);
	p[3] = (unsigned char)(u >> 24);
	p[4] = (unsigned char)(u >> 32);
	p[5] = (unsigned char)(u >> 40);
	p[6] = (unsigned char)(u >> 48);
	p[7] = (unsigned char)(u >> 56);
}

static void put_le32(unsigned char *p, float v)
{
	uint32_t u;

	memcpy(&u, &v, sizeof u);
	p[0] = (unsigned char)u;
	p[1] = (unsigned char)(u >> 8);
	p[2] = (unsigned char)(u >> 16);
	p[3] = (unsigned char)(u >> 24);
}

/* Whether a double in memory is already an IEEE binary64 in little-endian
 * byte order, so that rows can skip put_le64. (Clang does not define
 * __FLOAT_WORD_ORDER__; where it is defined it must agree.) */
#if defined(__STDC_IEC_559__) && defined(__BYTE_ORDER__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
	(!defined(__FLOAT_WORD_ORDER__) || \
	 __FLOAT_WORD_ORDER__ == __ORDER_LITTLE_ENDIAN__)
static const int host_is_le64 = 1;
#else
static const int host_is_le64 = 0;
#endif

/* Writes the decimal digits of v at p and returns how many. */
static size_t put_ulong(char *p, unsigned long long v)
{
	char tmp[24];
	size_t n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while (v /= 10);
	for (size_t i = 0; i < n; i++)
		p[i] = tmp[n - 1 - i];
	return n;
}

static size_t put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return n;
}

size_t dump_npy_header(const struct dump_spec *spec, unsigned char *buf)
{
	/* Built by hand rather than with snprintf so it cannot depend on the
	 * locale; the layout follows numpy.lib.format._write_array_header. */
	char *h = (char *)buf + 10;
	size_t n = 0, len_digits;

	n += put_str(h + n, spec->dtype == DUMP_FLOAT32 ?
		     "{'descr': '<f4', " : "{'descr': '<f8', ");
	n += put_str(h + n, "'fortran_order': False, 'shape': (");
	len_digits = put_ulong(h + n, (unsigned long long)spec->length);
	n += len_digits;
	n += put_str(h + n, ", ");
	n += put_ulong(h + n, (unsigned long long)spec->params.d_model);
	n += put_str(h + n, "), }");
	/* Room for the first axis to grow to 21 digits, as NumPy leaves. */
	for (; len_digits < 21; len_digits++)
		h[n++] = ' ';
	/* Spaces and a newline up to the next multiple of 64 (at least one
	 * space, as NumPy pads). */
	size_t pad = 64 - (10 + n + 1) % 64;
	memset(h + n, ' ', pad);
	n += pad;
	h[n++] = '\n';

	memcpy(buf, "\x93NUMPY\x01\x00", 8);
	buf[8] = (unsigned char)(n & 0xff);
	buf[9] = (unsigned char)(n >> 8);
	return 10 + n;
}

/* Row r of the matrix into out: the loaded one's, or the formula's next. */
static void next_row(const struct dump_spec *spec, struct pe_rowgen *gen,
		     long long r, double *out)
{
	if (spec->matrix)
		for (int i = 0; i < spec->matrix->cols; i++)
			out[i] = pe_matrix_value(spec->matrix, r, i);
	else
		pe_rowgen_next(gen, out);
}

static int write_npy(struct out *o, const struct dump_spec *spec,
		     struct pe_rowgen *gen, double *row)
{
	size_t d = (size_t)spec->params.d_model;
	size_t width = spec->dtype == DUMP_FLOAT32 ? 4 : 8;
	unsigned char *head = out_room(o, DUMP_NPY_HEADER_MAX);

	if (!head)
		return o->err;
	o->len += dump_npy_header(spec, head);
	for (long long r = 0; r < spec->length; r++) {
		progress_tell(spec->progress, r, spec->length);
		/* a row is at most 512 KiB: it always fits in a chunk */
		unsigned char *dst = out_room(o, d * width);
		if (!dst)
			return o->err;
		if (width == 8 && host_is_le64) {
			/* The row's bytes are already the file's: generate in
			 * place (dst is 8-aligned: the buffer comes from malloc
			 * and everything before it is a multiple of 8). */
			next_row(spec, gen, r, (double *)(void *)dst);
		} else if (width == 8) {
			next_row(spec, gen, r, row);
			for (size_t j = 0; j < d; j++)
				put_le64(dst + 8 * j, row[j]);
		} else {
			next_row(spec, gen, r, row);
			for (size_t j = 0; j < d; j++)
				put_le32(dst + 4 * j, (float)row[j]);
		}
		o->len += d * width;
	}
	return out_flush(o);
}

/* ---- %.17g without printf ----
 *
 * printf needs ~400 ns a value here; a CSV of 16384 x 4096 would take half a
 * minute. For 1e-11 <= |x| < 1e17, which is nearly every value of a dump,
 * the 17 digits are computed exactly with 128-bit integer arithmetic:
 * |x| = m * 2^e, so |x| * 10^q = m * 5^q * 2^(e+q), with 5^q < 2^64 for
 * q <= 27. Other values go to snprintf. The unit tests compare the two on
 * millions of values, round-half-even ties included. */

#define FAST_Q_MAX 27

/* 5^q for q = 0 .. FAST_Q_MAX */
static const uint64_t pow5[FAST_Q_MAX + 1] = {
	UINT64_C(1), UINT64_C(5), UINT64_C(25), UINT64_C(125), UINT64_C(625),
	UINT64_C(3125), UINT64_C(15625), UINT64_C(78125), UINT64_C(390625),
	UINT64_C(1953125), UINT64_C(9765625), UINT64_C(48828125),
	UINT64_C(244140625), UINT64_C(1220703125), UINT64_C(6103515625),
	UINT64_C(30517578125), UINT64_C(152587890625),
	UINT64_C(762939453125), UINT64_C(3814697265625),
	UINT64_C(19073486328125), UINT64_C(95367431640625),
	UINT64_C(476837158203125), UINT64_C(2384185791015625),
	UINT64_C(11920928955078125), UINT64_C(59604644775390625),
	UINT64_C(298023223876953125), UINT64_C(1490116119384765625),
	UINT64_C(7450580596923828125)
};

/* a * b as a 128-bit number hi:lo. */
static void mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);

	*lo = (mid << 32) | (p00 & 0xffffffffu);
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Whether any of bits 0 .. b-1 of hi:lo is set (0 <= b <= 127). */
static int any_below(uint64_t hi, uint64_t lo, int b)
{
	if (b < 64)
		return b > 0 && (lo & ((UINT64_C(1) << b) - 1)) != 0;
	return lo != 0 || (b > 64 && (hi & ((UINT64_C(1) << (b - 64)) - 1)));
}

/* The exact m * 2^e * 10^q (0 <= q <= FAST_Q_MAX) as floor(...) in *n and
 * whether round-half-to-even goes up in *up. False when it needs more than
 * 64 bits. */
static int scaled(uint64_t m, int e, int q, uint64_t *n, int *up)
{
	uint64_t hi, lo;
	int s = e + q;		/* the product is m * 5^q * 2^s */

	mul_64x64(m, pow5[q], &hi, &lo);
	*up = 0;
	if (s >= 0) {
		if (hi || (s > 0 && lo >> (64 - s)))
			return 0;
		*n = lo << s;
		return 1;
	}
	int r = -s;
	if (r > 127 || (r < 64 && hi >> r))
		return 0;
	*n = r >= 64 ? hi >> (r - 64) : (hi << (64 - r)) | (lo >> r);
	int half = (int)(((r - 1) >= 64 ? hi >> (r - 65) : lo >> (r - 1)) & 1);
	*up = half && (any_below(hi, lo, r - 1) || (*n & 1));
	return 1;
}

/* The 17 significant digits of |x| rounded half to even, and its decimal
 * exponent, or false when |x| is outside the fast range. */
static int digits17(double x, uint64_t *digits, int *exp10)
{
	const uint64_t lo17 = UINT64_C(10000000000000000);	/* 1e16 */
	const uint64_t hi17 = UINT64_C(100000000000000000);	/* 1e17 */
	uint64_t bits, n;
	int up;

	if (!(fabs(x) >= 1e-11 && fabs(x) < 1e17))	/* all normal */
		return 0;
	memcpy(&bits, &x, sizeof bits);
	int be = (int)(bits >> 52 & 0x7ff);	/* biased exponent */
	uint64_t m = (bits & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
	int e = be - 1075;			/* |x| = m * 2^e */
	/* 2^(be-1023) <= |x| < 2^(be-1022), so floor(log10|x|) is k or k+1
	 * (78913 / 2^18 is log10(2) rounded down). */
	int k = (be - 1023) * 78913 >> 18;

	/* Settle k on the exact floor, so that it has 17 digits, then round;
	 * only rounding up to 1e17 can still carry into an 18th digit. */
	for (int tries = 0; tries < 3; tries++) {
		int q = 16 - k;
		if (q < 0 || q > FAST_Q_MAX || !scaled(m, e, q, &n, &up))
			return 0;
		if (n < lo17) {
			k--;
		} else if (n >= hi17) {
			k++;
		} else {
			n += (uint64_t)up;
			if (n == hi17) {
				n = lo17;
				k++;
			}
			*digits = n;
			*exp10 = k;
			return 1;
		}
	}
	return 0;
}

/* snprintf "%.17g" in the "C" locale, for the values digits17 declines. */
static int slow_format(double x, char *buf)
{
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	locale_t old = c ? uselocale(c) : (locale_t)0;
	int n = snprintf(buf, DUMP_DOUBLE_MAX + 1, "%.17g", x);

	if (c) {
		uselocale(old);
		freelocale(c);
	}
	return n;
}

int dump_format_double(double x, char *buf)
{
	uint64_t n;
	int k, nd = 17;
	char d[17];
	char *p = buf;

	if (x == 0) {
		strcpy(buf, signbit(x) ? "-0" : "0");
		return signbit(x) ? 2 : 1;
	}
	if (!digits17(x, &n, &k))
		return slow_format(x, buf);
	/* 17 digits as 1 + 8 + 8, each half in 32-bit arithmetic */
	uint32_t lo8 = (uint32_t)(n % 100000000u), mid8;
	n /= 100000000u;
	mid8 = (uint32_t)(n % 100000000u);
	d[0] = (char)('0' + n / 100000000u);
	for (int i = 8; i >= 1; i--, mid8 /= 10, lo8 /= 10) {
		d[i] = (char)('0' + mid8 % 10);
		d[i + 8] = (char)('0' + lo8 % 10);
	}
	while (d[nd - 1] == '0')	/* %g drops trailing zeros */
		nd--;

	if (x < 0)
		*p++ = '-';
	if (k >= -4 && k < 17) {	/* %f style */
		if (k < 0) {
			*p++ = '0';
			*p++ = '.';
			for (int i = -1; i > k; i--)
				*p++ = '0';
			memcpy(p, d, (size_t)nd);
			p += nd;
		} else {
			for (int i = 0; i <= k; i++)
				*p++ = i < nd ? d[i] : '0';
			if (nd > k + 1) {
				*p++ = '.';
				memcpy(p, d + k + 1, (size_t)(nd - k - 1));
				p += nd - k - 1;
			}
		}
	} else {			/* %e style */
		*p++ = d[0];
		if (nd > 1) {
			*p++ = '.';
			memcpy(p, d + 1, (size_t)(nd - 1));
			p += nd - 1;
		}
		*p++ = 'e';
		*p++ = k < 0 ? '-' : '+';
		if (k > -10 && k < 10)	/* at least two exponent digits */
			*p++ = '0';
		p += put_ulong(p, (unsigned long long)(k < 0 ? -k : k));
	}
	*p = '\0';
	return (int)(p - buf);
}

/* ---- csv and tsv ---- */

static int write_text(struct out *o, const struct dump_spec *spec,
		      struct pe_rowgen *gen, double *row)
{
	char sep = spec->format == DUMP_TSV ? '\t' : ',';
	int d = spec->params.d_model;

	for (int j = 0; j < d; j++) {
		char *dst = (char *)out_room(o, 32);
		if (!dst)
			return o->err;
		size_t n = put_str(dst, "dim");
		n += put_ulong(dst + n, (unsigned long long)j);
		dst[n++] = j + 1 < d ? sep : '\n';
		o->len += n;
	}
	for (long long r = 0; r < spec->length; r++) {
		progress_tell(spec->progress, r, spec->length);
		next_row(spec, gen, r, row);
		for (int j = 0; j < d; j++) {
			/* room for the text and its NUL, which sep replaces */
			char *dst = (char *)out_room(o, DUMP_DOUBLE_MAX + 1);
			if (!dst)
				return o->err;
			int n = dump_format_double(row[j], dst);
			dst[n++] = j + 1 < d ? sep : '\n';
			o->len += (size_t)n;
		}
	}
	return out_flush(o);
}

/* ---- entry point ---- */

double dump_estimate_s(const struct dump_spec *spec)
{
	double values = (double)spec->length * spec->params.d_model;

	return values / (spec->format == DUMP_NPY ? 2e8 : 1e7);
}

int dump_write(FILE *fp, const struct dump_spec *spec,
	       const volatile sig_atomic_t *cancel)
{
	int d = spec->params.d_model;
	struct out o = { fp, malloc(CHUNK_BYTES), 0, cancel, 0 };
	double *ws = malloc(sizeof *ws * (size_t)pe_rowgen_workspace(d));
	double *row = malloc(sizeof *row * (size_t)d);
	struct pe_rowgen gen;
	int err = ENOMEM;

	if (o.buf && ws && row) {
		pe_rowgen_init(&gen, &spec->params, 0, ws);
		err = spec->format == DUMP_NPY ? write_npy(&o, spec, &gen, row)
					       : write_text(&o, spec, &gen, row);
	}
	free(row);
	free(ws);
	free(o.buf);
	return err;
}
