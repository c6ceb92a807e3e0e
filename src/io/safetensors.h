/* safetensors.h - one tensor of a .safetensors file into a struct
 * pe_matrix.
 *
 * The format (github.com/huggingface/safetensors, README "Format"): 8
 * bytes, N, a little-endian unsigned 64-bit integer; N bytes of a JSON
 * object (parsed with jansson) mapping each tensor's name to {"dtype",
 * "shape", "data_offsets": [BEGIN, END]}, and "__metadata__" to strings;
 * then the byte buffer, which the offsets index from its start. Numbers
 * are little-endian and row-major. Read: dtypes F16, BF16, F32 and F64, 2-D.
 *
 * Every tensor's entry is checked before any is read: its offsets within
 * the buffer, its size its shape's (for the dtypes whose size is known),
 * and no two tensors overlapping. Only the bytes of the chosen tensor are
 * read. */
#ifndef SAFETENSORS_H
#define SAFETENSORS_H

#include <stddef.h>

#include "engine/pe_matrix.h"
#include "base/lang.h"

/* The longest header read: the library's own bound (MAX_HEADER_SIZE,
 * safetensors/src/tensor.rs). */
#define SAFETENSORS_HEADER_MAX 100000000ULL

/* What is told of each 2-D tensor when none is named: its name, shape and
 * dtype, as the file spells them (control characters included: the
 * caller escapes what it prints). */
typedef void safetensors_each(void *ctx, const char *name, long long rows,
			      long long cols, const char *dtype);

/* Parses the len bytes at buf as a .safetensors file named name and
 * converts its tensor called tensor into m. Returns 0; 65 with one line in
 * err (of size n, in language l) naming the file and what is wrong (a
 * tensor name that is not there, too); 71 without memory. With tensor
 * NULL, tells each (when not NULL) of every 2-D tensor in the file's
 * order, says in err how to choose one and returns 64. */
int safetensors_parse(const unsigned char *buf, size_t len, const char *name,
		      const char *tensor, struct pe_matrix *m,
		      safetensors_each *each, void *ctx, enum lang l,
		      char *err, size_t n);

#endif
