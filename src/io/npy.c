/* npy.c - a .npy file into a matrix (see npy.h). */
#include "io/npy.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "io/matrix_raw.h"
#include "base/tr.h"

enum { NPY_DIMS_MAX = 32 };	/* NumPy's own bound on dimensions */

/* The header, read as far as it went. */
struct hdr {
	const char *s, *end;	/* what is left of it */
	char descr[8];
	bool fortran;
	long long dims[NPY_DIMS_MAX];
	int ndim;
	unsigned seen;		/* 1 descr, 2 fortran_order, 4 shape */
};

static void skip_space(struct hdr *h)
{
	while (h->s < h->end && (*h->s == ' ' || *h->s == '\n' ||
				 *h->s == '\t' || *h->s == '\r'))
		h->s++;
}

static bool eat(struct hdr *h, char c)
{
	skip_space(h);
	if (h->s < h->end && *h->s == c) {
		h->s++;
		return true;
	}
	return false;
}

/* A quoted string ('...' or "...", no escapes: none of the words read has
 * one) into out[size]; false when not one or too long. */
static bool quoted(struct hdr *h, char *out, size_t size)
{
	const char *q;
	char open;

	skip_space(h);
	if (h->s >= h->end || (*h->s != '\'' && *h->s != '"'))
		return false;
	open = *h->s++;
	q = memchr(h->s, open, (size_t)(h->end - h->s));
	if (!q || (size_t)(q - h->s) >= size)
		return false;
	for (const char *c = h->s; c < q; c++)
		if (*c == '\\' || (unsigned char)*c < 0x20 || *c == 0x7f)
			return false;	/* nothing of the kind in a word read */
	memcpy(out, h->s, (size_t)(q - h->s));
	out[q - h->s] = '\0';
	h->s = q + 1;
	return true;
}

static bool word(struct hdr *h, const char *w)
{
	size_t n = strlen(w);

	skip_space(h);
	if ((size_t)(h->end - h->s) >= n && memcmp(h->s, w, n) == 0) {
		h->s += n;
		return true;
	}
	return false;
}

/* (L, d) or (L,) or (): the dimensions; one beyond what a long long holds
 * is -1 (matrix_raw_shape says its size overflows). */
static bool shape(struct hdr *h)
{
	if (!eat(h, '('))
		return false;
	h->ndim = 0;
	while (!eat(h, ')')) {
		long long v = 0;
		bool digits = false;

		skip_space(h);
		while (h->s < h->end && *h->s >= '0' && *h->s <= '9') {
			int dgt = *h->s++ - '0';

			v = v < 0 || v > (INT64_MAX - dgt) / 10 ? -1
								 : v * 10 + dgt;
			digits = true;
		}
		if (!digits || h->ndim == NPY_DIMS_MAX)
			return false;
		h->dims[h->ndim++] = v;
		if (!eat(h, ',')) {
			if (!eat(h, ')'))
				return false;
			break;
		}
	}
	return true;
}

/* The dict: exactly the three keys, each once. */
static bool dict(struct hdr *h)
{
	char key[16];

	if (!eat(h, '{'))
		return false;
	while (!eat(h, '}')) {
		unsigned bit;

		if (!quoted(h, key, sizeof key) || !eat(h, ':'))
			return false;
		if (strcmp(key, "descr") == 0) {
			bit = 1;
			if (!quoted(h, h->descr, sizeof h->descr))
				return false;
		} else if (strcmp(key, "fortran_order") == 0) {
			bit = 2;
			if (word(h, "True"))
				h->fortran = true;
			else if (word(h, "False"))
				h->fortran = false;
			else
				return false;
		} else if (strcmp(key, "shape") == 0) {
			bit = 4;
			if (!shape(h))
				return false;
		} else {
			return false;
		}
		if (h->seen & bit)
			return false;
		h->seen |= bit;
		if (!eat(h, ',')) {
			if (!eat(h, '}'))
				return false;
			break;
		}
	}
	skip_space(h);	/* the padding to the data */
	return h->seen == 7 && h->s == h->end;
}

/* descr into the layout: the byte order, then 'f' and the size. */
static bool dtype_of(const char *descr, struct raw_layout *lay)
{
	static const struct {
		const char *name;
		enum pe_matrix_type t;
	} floats[] = { { "f2", PE_MATRIX_F16 }, { "f4", PE_MATRIX_F32 }, { "f8", PE_MATRIX_F64 } };

	if (descr[0] != '<' && descr[0] != '>')
		return false;
	lay->big_endian = descr[0] == '>';
	for (size_t k = 0; k < sizeof floats / sizeof floats[0]; k++)
		if (strcmp(descr + 1, floats[k].name) == 0) {
			lay->dtype = floats[k].t;
			return true;
		}
	return false;
}

int npy_parse(const unsigned char *buf, size_t len, const char *name,
	      struct pe_matrix *m, enum lang l, char *err, size_t n)
{
	struct hdr h = { 0 };
	struct raw_layout lay = { 0 };
	size_t at, hlen, need;
	int rc;

	memset(m, 0, sizeof *m);
	if (len < 10 || memcmp(buf, "\x93NUMPY", 6) != 0) {
		snprintf(err, n, tr(l, "%s: not a .npy file"), name);
		return 65;
	}
	if (buf[6] < 1 || buf[6] > 3) {
		snprintf(err, n, tr(l, "%s: .npy version %d.%d, not 1, 2 or 3"),
			 name, buf[6], buf[7]);
		return 65;
	}
	at = buf[6] == 1 ? 10 : 12;
	hlen = buf[6] == 1 ? (size_t)buf[8] | (size_t)buf[9] << 8
		: len < at ? 0
		: (size_t)buf[8] | (size_t)buf[9] << 8 |
		  (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
	if (len < at || hlen > len - at) {
		snprintf(err, n, tr(l, "%s: truncated: its header is longer "
				       "than the file"), name);
		return 65;
	}
	h.s = (const char *)buf + at;
	h.end = h.s + hlen;
	if (!dict(&h)) {
		snprintf(err, n, tr(l, "%s: its header is not the dict of "
				       "'descr', 'fortran_order' and 'shape' "
				       "that NumPy writes"), name);
		return 65;
	}
	if (!dtype_of(h.descr, &lay)) {
		snprintf(err, n, tr(l, "%s: dtype '%s', not one of <f2 <f4 "
				       "<f8 >f2 >f4 >f8"), name, h.descr);
		return 65;
	}
	rc = matrix_raw_shape(h.dims, h.ndim, name, &lay.rows, &lay.cols, l,
			      err, n);
	if (rc)
		return rc;
	lay.fortran = h.fortran;
	/* at most 2^31 cells of 8 bytes: no overflow */
	need = (size_t)(lay.rows * lay.cols) * (size_t)pe_matrix_itemsize(lay.dtype);
	if (len - at - hlen != need) {
		snprintf(err, n, tr(l, "%s: %zu bytes of data, but %lld x %lld "
				       "'%s' is %zu: its header lies about "
				       "the shape or the dtype, or the file "
				       "is truncated"),
			 name, len - at - hlen, lay.rows, lay.cols, h.descr,
			 need);
		return 65;
	}
	return matrix_raw_view(buf + at + hlen, &lay, name, m, l, err, n);
}
