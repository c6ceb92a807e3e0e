/* safetensors.c - one tensor of a .safetensors file (see safetensors.h).
 * jansson parses the header; this file checks what it says. */
#include "io/safetensors.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/matrix_raw.h"
#include "base/tr.h"

/* One tensor's bytes in the buffer, for the overlap check. */
struct span {
	uint64_t begin, end;
	const char *name;
};

/* Bytes of one number of a safetensors dtype, or 0 for one not known
 * (its size is then not checked against its shape). */
static int dtype_size(const char *t)
{
	static const struct {
		const char *name;
		int size;
	} sizes[] = {
		{ "BOOL", 1 }, { "U8", 1 }, { "I8", 1 }, { "F8_E5M2", 1 },
		{ "F8_E4M3", 1 }, { "I16", 2 }, { "U16", 2 }, { "F16", 2 },
		{ "BF16", 2 }, { "I32", 4 }, { "U32", 4 }, { "F32", 4 },
		{ "I64", 8 }, { "U64", 8 }, { "F64", 8 },
	};

	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
		if (strcmp(t, sizes[k].name) == 0)
			return sizes[k].size;
	return 0;
}

static bool is_count(const json_t *v)
{
	return json_is_integer(v) && json_integer_value(v) >= 0;
}

/* The shape of entry e into dims (at most 8; -1 for one too large to
 * count), its number of dimensions into *ndim and its values' count into
 * *cells (UINT64_MAX when it overflows). False when it is no list of
 * counts. */
static bool shape_of(const json_t *e, long long *dims, int *ndim,
		     uint64_t *cells)
{
	const json_t *shape = json_object_get(e, "shape"), *v;
	size_t k;

	if (!json_is_array(shape))
		return false;
	*ndim = (int)(json_array_size(shape) < 8 ? json_array_size(shape) : 8);
	*cells = 1;
	json_array_foreach(shape, k, v) {
		uint64_t x;

		if (!is_count(v))
			return false;
		x = (uint64_t)json_integer_value(v);
		if (k < 8)
			dims[k] = (long long)x;
		*cells = x && *cells > UINT64_MAX / x ? UINT64_MAX
						      : *cells * x;
	}
	return true;
}

static int by_begin(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* Checks entry e, the tensor called key, against the data of data_len
 * bytes; its span into *sp. */
static int check_entry(const char *name, const char *key, const json_t *e,
		       uint64_t data_len, struct span *sp, enum lang l,
		       char *err, size_t n)
{
	const json_t *off = json_object_get(e, "data_offsets");
	const json_t *dt = json_object_get(e, "dtype");
	long long dims[8];
	int ndim, size;
	uint64_t cells;

	if (!json_is_object(e) || !json_is_string(dt) ||
	    !shape_of(e, dims, &ndim, &cells) || !json_is_array(off) ||
	    json_array_size(off) != 2 || !is_count(json_array_get(off, 0)) ||
	    !is_count(json_array_get(off, 1))) {
		snprintf(err, n, tr(l, "%s: tensor \"%s\" lacks its dtype, "
				       "shape or data_offsets"), name, key);
		return 65;
	}
	sp->name = key;
	sp->begin = (uint64_t)json_integer_value(json_array_get(off, 0));
	sp->end = (uint64_t)json_integer_value(json_array_get(off, 1));
	if (sp->begin > sp->end || sp->end > data_len) {
		snprintf(err, n, tr(l, "%s: tensor \"%s\": data_offsets [%llu, "
				       "%llu] outside the %llu bytes of data"),
			 name, key, (unsigned long long)sp->begin,
			 (unsigned long long)sp->end,
			 (unsigned long long)data_len);
		return 65;
	}
	size = dtype_size(json_string_value(dt));
	if (size && (cells > UINT64_MAX / (unsigned)size ||
		     cells * (unsigned)size != sp->end - sp->begin)) {
		snprintf(err, n, tr(l, "%s: tensor \"%s\": %llu bytes, not "
				       "what its shape and dtype %s take"),
			 name, key, (unsigned long long)(sp->end - sp->begin),
			 json_string_value(dt));
		return 65;
	}
	return 0;
}

/* Every entry checked, and no two overlapping. */
static int check_all(const char *name, const json_t *root, uint64_t data_len,
		     enum lang l, char *err, size_t n)
{
	struct span *sp = malloc(sizeof *sp * (json_object_size(root) + 1));
	const char *key;
	const json_t *e;
	size_t count = 0;
	int rc = 0;

	if (!sp) {
		snprintf(err, n, tr(l, "%s: out of memory"), name);
		return 71;
	}
	json_object_foreach((json_t *)root, key, e) {
		if (strcmp(key, "__metadata__") == 0)
			continue;
		rc = check_entry(name, key, e, data_len, &sp[count], l, err, n);
		if (rc)
			break;
		if (sp[count].end > sp[count].begin)	/* empty ones lie
							 * anywhere */
			count++;
	}
	if (!rc && count > 1)
		qsort(sp, count, sizeof *sp, by_begin);
	for (size_t k = 1; !rc && k < count; k++)
		if (sp[k].begin < sp[k - 1].end) {
			snprintf(err, n, tr(l, "%s: tensors \"%s\" and \"%s\" "
					       "overlap"),
				 name, sp[k - 1].name, sp[k].name);
			rc = 65;
		}
	free(sp);
	return rc;
}

/* With no tensor named: the 2-D ones listed. */
static int list_2d(const char *name, const json_t *root,
		   safetensors_each *each, void *ctx, enum lang l, char *err,
		   size_t n)
{
	const char *key;
	const json_t *e;
	int found = 0;

	json_object_foreach((json_t *)root, key, e) {
		long long dims[8];
		int ndim;
		uint64_t cells;

		if (strcmp(key, "__metadata__") == 0 ||
		    !shape_of(e, dims, &ndim, &cells) || ndim != 2)
			continue;
		found++;
		if (each)
			each(ctx, key, dims[0], dims[1],
			     json_string_value(json_object_get(e, "dtype")));
	}
	if (!found) {
		snprintf(err, n, tr(l, "%s: holds no 2-D tensor"), name);
		return 65;
	}
	snprintf(err, n, tr(l, "%s: name one of its 2-D tensors: --load "
			       "%s:TENSOR"), name, name);
	return 64;
}

static int read_tensor(const unsigned char *data, const char *name,
		       const char *tensor, const json_t *e,
		       struct pe_matrix *m, enum lang l, char *err, size_t n)
{
	static const struct {
		const char *name;
		enum pe_matrix_type t;
	} floats[] = { { "F16", PE_MATRIX_F16 }, { "BF16", PE_MATRIX_BF16 },
		       { "F32", PE_MATRIX_F32 }, { "F64", PE_MATRIX_F64 } };
	const char *dt = json_string_value(json_object_get(e, "dtype"));
	struct raw_layout lay = { 0 };
	long long dims[8];
	int ndim, rc;
	uint64_t cells;
	size_t k;

	for (k = 0; k < sizeof floats / sizeof floats[0]; k++)
		if (strcmp(dt, floats[k].name) == 0)
			break;
	if (k == sizeof floats / sizeof floats[0]) {
		snprintf(err, n, tr(l, "%s: tensor \"%s\" is %s, not one of "
				       "F16 BF16 F32 F64"), name, tensor, dt);
		return 65;
	}
	lay.dtype = floats[k].t;
	shape_of(e, dims, &ndim, &cells);
	if (ndim == 2 && cells == UINT64_MAX)
		dims[0] = -1;	/* too large to count */
	rc = matrix_raw_shape(dims, ndim, name, &lay.rows, &lay.cols, l, err,
			      n);
	if (rc)
		return rc;
	data += json_integer_value(json_array_get(
		json_object_get(e, "data_offsets"), 0));
	return matrix_raw_view(data, &lay, name, m, l, err, n);
}

int safetensors_parse(const unsigned char *buf, size_t len, const char *name,
		      const char *tensor, struct pe_matrix *m,
		      safetensors_each *each, void *ctx, enum lang l,
		      char *err, size_t n)
{
	uint64_t hlen = 0;
	json_error_t je;
	json_t *root;
	int rc;

	memset(m, 0, sizeof *m);
	if (len < 8) {
		snprintf(err, n, tr(l, "%s: truncated: shorter than the 8 "
				       "bytes of a safetensors header's "
				       "length"), name);
		return 65;
	}
	for (int k = 7; k >= 0; k--)
		hlen = hlen << 8 | buf[k];
	if (hlen > len - 8) {
		snprintf(err, n, tr(l, "%s: its header's length %llu runs "
				       "beyond the file's %zu bytes"),
			 name, (unsigned long long)hlen, len);
		return 65;
	}
	if (hlen > SAFETENSORS_HEADER_MAX) {
		snprintf(err, n, tr(l, "%s: a header of %llu bytes, more than "
				       "the format's %llu"),
			 name, (unsigned long long)hlen,
			 SAFETENSORS_HEADER_MAX);
		return 65;
	}
	root = json_loadb((const char *)buf + 8, (size_t)hlen,
			  JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		snprintf(err, n, "%s:%d:%d: %s", name, je.line, je.column,
			 je.text);
		return 65;
	}
	if (!json_is_object(root)) {
		snprintf(err, n, tr(l, "%s: its header is not a JSON object"),
			 name);
		json_decref(root);
		return 65;
	}
	rc = check_all(name, root, len - 8 - hlen, l, err, n);
	if (!rc && !tensor)
		rc = list_2d(name, root, each, ctx, l, err, n);
	if (!rc) {
		const json_t *e = strcmp(tensor, "__metadata__") == 0
					  ? NULL
					  : json_object_get(root, tensor);

		if (!e) {
			snprintf(err, n, tr(l, "%s: no tensor named \"%s\" "
					       "(--load %s lists them)"),
				 name, tensor, name);
			rc = 65;
		} else {
			rc = read_tensor(buf + 8 + hlen, name, tensor, e, m,
					 l, err, n);
		}
	}
	json_decref(root);
	return rc;
}
