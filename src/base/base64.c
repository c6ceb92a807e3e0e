/* base64.c - base64 (see base64.h). */
#include "base/base64.h"

static const char digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t base64_len(size_t n)
{
	return (n + 2) / 3 * 4;
}

size_t base64_encode(const void *in, size_t n, char *out)
{
	const unsigned char *b = in;
	size_t o = 0;

	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)b[i] << 16;

		if (i + 1 < n)
			v |= (unsigned long)b[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned long)b[i + 2];
		out[o++] = digits[v >> 18 & 63];
		out[o++] = digits[v >> 12 & 63];
		out[o++] = i + 1 < n ? digits[v >> 6 & 63] : '=';
		out[o++] = i + 2 < n ? digits[v & 63] : '=';
	}
	out[o] = '\0';
	return o;
}
