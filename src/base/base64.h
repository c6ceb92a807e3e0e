/* base64.h - base64 (RFC 4648, section 4: the standard alphabet, '='
 * padding, no line breaks), for the text of an OSC 52 clipboard request
 * (io/term.h: term_clipboard). */
#ifndef BASE64_H
#define BASE64_H

#include <stddef.h>

/* Bytes of the base64 of n bytes, without the NUL. */
size_t base64_len(size_t n);

/* Writes the base64 of the n bytes at in, and a NUL, into out, which must
 * hold base64_len(n) + 1 bytes. Returns base64_len(n). */
size_t base64_encode(const void *in, size_t n, char *out);

#endif
