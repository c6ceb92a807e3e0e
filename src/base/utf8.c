/* utf8.c - decoding, encoding and display width of UTF-8 (see utf8.h). */
#include "base/utf8.h"

#include <string.h>
#include <wchar.h>

size_t utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t v = p[0], min;
	size_t len;

	*cp = UTF8_REPLACEMENT;
	if (v < 0x80) {
		*cp = v;
		return 1;
	}
	if (v >= 0xc2 && v <= 0xdf)
		len = 2, v &= 0x1f, min = 0x80;
	else if (v >= 0xe0 && v <= 0xef)
		len = 3, v &= 0x0f, min = 0x800;
	else if (v >= 0xf0 && v <= 0xf4)
		len = 4, v &= 0x07, min = 0x10000;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (p[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

uint32_t utf8_next(const char **sp, bool *bad)
{
	uint32_t cp;
	/* At most UTF8_MAX bytes are looked at, and the decoder stops at the
	 * first byte that is not a continuation byte, such as the NUL. */
	size_t len = utf8_decode(*sp, UTF8_MAX, &cp);

	if (bad)
		*bad = len == 0;
	*sp += len ? len : 1;
	return cp;
}

size_t utf8_encode(uint32_t cp, char out[UTF8_MAX])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	if (cp > 0x10ffff)
		return 0;
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

size_t utf8_prev(const char *s, size_t i)
{
	size_t stop = i > UTF8_MAX ? i - UTF8_MAX : 0;

	do
		i--;
	while (i > stop && ((unsigned char)s[i] & 0xc0) == 0x80);
	return i;
}

size_t utf8_cut(const char *s, size_t n)
{
	size_t j = n, need;
	unsigned char lead;

	while (j > 0 && n - j < UTF8_MAX - 1 &&
	       ((unsigned char)s[j - 1] & 0xc0) == 0x80)
		j--;
	if (j == 0)
		return n;
	lead = (unsigned char)s[j - 1];
	need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
	return n - (j - 1) < need ? j - 1 : n;
}

size_t utf8_bom(const char *s, size_t n)
{
	return n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

bool utf8_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

int utf8_cp_width(uint32_t cp)
{
	int w;

	/* ASCII, box drawing, block elements and braille are one column in
	 * every locale (or count as one where wcwidth does not know them):
	 * skip the C library for the glyphs every frame is made of. */
	if (cp < 0x7f || utf8_is_control(cp) || (cp >= 0x2500 && cp <= 0x259f) ||
	    (cp >= 0x2800 && cp <= 0x28ff) || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp > 0x10ffff)
		return 1;
	w = wcwidth((wchar_t)cp);
	return w < 0 ? 1 : w > 2 ? 2 : w;
}

int utf8_width_capped(const char *s, int cap)
{
	int n = 0;

	while (s && *s && n < cap)
		n += utf8_cp_width(utf8_next(&s, NULL));
	return n;
}

int utf8_width(const char *s)
{
	return utf8_width_capped(s, UTF8_WIDTH_CAP);
}
