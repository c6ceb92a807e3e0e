/* utf8.h - UTF-8 for the whole program: decoding, encoding, display width.
 *
 * One set of rules everywhere, so that what a lesson file, a --keys script,
 * the ':' line, the canvas and the SVG export make of the same bytes is the
 * same:
 *   - a valid sequence is a code point of U+0000..U+10FFFF, not a surrogate,
 *     in its shortest form;
 *   - anything else (a stray or missing continuation byte, an overlong
 *     form, a surrogate, a value above U+10FFFF, a sequence cut short) is
 *     invalid: it decodes as U+FFFD and consumes one byte, so decoding
 *     always moves on and resynchronises at the next lead byte.
 *
 * Display width (utf8_cp_width): code points are decoded independently of
 * the locale, but their column width comes from wcwidth(3), which depends
 * on LC_CTYPE:
 *   - ASCII printable: 1.  C0/C1 controls and DEL: 1 (they are drawn as '?').
 *   - surrogates and values above U+10FFFF: 1 (drawn as U+FFFD).
 *   - box drawing, block elements and braille: 1 in every locale.
 *   - wcwidth() == 2: 2 (CJK, most emoji, in a UTF-8 locale).
 *   - wcwidth() == 0 (combining marks, zero-width joiners): 0.
 *   - wcwidth() == -1 for any other code point (unassigned, or every
 *     non-ASCII character under LC_ALL=C): 1. The program writes ASCII in a
 *     non-UTF-8 locale and its ASCII sinks draw such a character as one
 *     '?', so the layout stays consistent. */
#ifndef UTF8_H
#define UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	UTF8_MAX = 4,			/* bytes of the longest sequence */
	UTF8_REPLACEMENT = 0xfffd	/* what invalid bytes decode as */
};

/* Decodes the sequence at s, of which n >= 1 bytes may be read. Returns its
 * length (1..4) with the code point in *cp, or 0 when it is invalid (then
 * *cp = U+FFFD and the caller skips one byte). */
size_t utf8_decode(const char *s, size_t n, uint32_t *cp);

/* The same for NUL-terminated text: decodes at *sp, which must not point at
 * the terminator, advances *sp past the sequence (one byte when invalid)
 * and returns the code point. Sets *bad, when bad is not NULL, to whether
 * the bytes were invalid. Never reads past the NUL: a NUL is never a
 * continuation byte. */
uint32_t utf8_next(const char **sp, bool *bad);

/* Writes code point cp as UTF-8 into out and returns its length, or 0 (and
 * writes nothing) for a surrogate or a value above U+10FFFF. */
size_t utf8_encode(uint32_t cp, char out[UTF8_MAX]);

/* The start of the character that ends just before byte i of s (i > 0):
 * i moved back over continuation bytes, at most three. */
size_t utf8_prev(const char *s, size_t i);

/* The longest prefix of s of at most n bytes (s has at least n) that does
 * not end inside a character: n, or less when bytes n-3 .. n-1 hold the
 * start of a sequence that needs more bytes than are left. For cutting text
 * to fit a buffer. */
size_t utf8_cut(const char *s, size_t n);

/* The length of the UTF-8 byte-order mark (EF BB BF) that s (n bytes)
 * starts with, or 0: editors on Windows put one at the start of a text
 * file, and readers of text files skip it. */
size_t utf8_bom(const char *s, size_t n);

/* Whether cp is a control character: C0, DEL or C1. */
bool utf8_is_control(uint32_t cp);

/* Column width of cp under the rules above: 0, 1 or 2. */
int utf8_cp_width(uint32_t cp);

/* Display width of NUL-terminated text (invalid bytes count as U+FFFD,
 * controls as one column); NULL is 0. Stops counting after `cap` columns
 * have been reached, so callers that only compare against a screen width
 * never walk a huge string: pass INT_MAX to measure it whole. */
/* For tests only. */
int utf8_width_capped(const char *s, int cap);

/* utf8_width_capped(s, UTF8_WIDTH_CAP): wider than any screen. */
enum { UTF8_WIDTH_CAP = 1 << 20 };
int utf8_width(const char *s);

#endif
