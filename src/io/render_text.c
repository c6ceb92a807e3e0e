/* render_text.c - plain and ANSI text sinks; see render_text.h. */
#include "io/render_text.h"

#include <string.h>

#include "base/utf8.h"

/* Output goes through a local buffer written with fwrite: a 240x70 heat
 * frame in 24-bit colour has ~35000 SGR fields, and per-byte stdio calls
 * would dominate the time. */
struct out {
	FILE *f;
	size_t n;		/* bytes in b */
	bool err;		/* a write failed */
	char b[8192];
};

enum { OUT_ROOM = 64 };	/* the most one cell can add: SGR + glyph */

static void flush(struct out *o)
{
	if (o->n && fwrite(o->b, 1, o->n, o->f) != o->n)
		o->err = true;
	o->n = 0;
}

/* Makes room for one cell's bytes. */
static void reserve(struct out *o)
{
	if (o->n > sizeof o->b - OUT_ROOM)
		flush(o);
}

static void put_byte(struct out *o, char ch)
{
	o->b[o->n++] = ch;
}

static void put_str(struct out *o, const char *s)
{
	size_t len = strlen(s);

	memcpy(o->b + o->n, s, len);
	o->n += len;
}

static void put_uint(struct out *o, unsigned v)
{
	char tmp[10];
	int i = 0;

	do {
		tmp[i++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (i)
		put_byte(o, tmp[--i]);
}

/* cp as UTF-8 into s (UTF8_MAX bytes of room), U+FFFD for what is no
 * character (a surrogate, above U+10FFFF); returns the length. */
static size_t encode(char *s, uint32_t cp)
{
	size_t n = utf8_encode(cp, s);

	return n ? n : utf8_encode(0xfffd, s);
}

int render_utf8(FILE *out, uint32_t cp)
{
	char s[UTF8_MAX];
	size_t n = encode(s, cp);

	return fwrite(s, 1, n, out) == n ? 0 : -1;
}

/* ";38;5;N"-style colour field; base is 3 (foreground) or 4 (background). */
static void put_colour(struct out *o, int code, int base,
		       enum color_mode mode)
{
	if (code == PALETTE_DEFAULT)
		return;
	put_byte(o, ';');
	put_byte(o, (char)('0' + base));
	if (mode == COLOR_8) {
		put_byte(o, (char)('0' + code));
		return;
	}
	if (mode == COLOR_256) {
		put_str(o, "8;5;");
		put_uint(o, (unsigned)code);
		return;
	}
	put_str(o, "8;2;");
	put_uint(o, (unsigned)code >> 16 & 0xff);
	put_byte(o, ';');
	put_uint(o, (unsigned)code >> 8 & 0xff);
	put_byte(o, ';');
	put_uint(o, (unsigned)code & 0xff);
}

static void put_sgr(struct out *o, const struct look *k, enum color_mode mode)
{
	put_str(o, "\033[0");
	if (k->attr & ATTR_BOLD)
		put_str(o, ";1");
	if (k->attr & ATTR_DIM)
		put_str(o, ";2");
	if (k->attr & ATTR_UNDERLINE)
		put_str(o, ";4");
	if (k->attr & ATTR_REVERSE)
		put_str(o, ";7");
	put_colour(o, k->fg, 3, mode);
	put_colour(o, k->bg, 4, mode);
	put_byte(o, 'm');
}

static bool same_style(const struct look *a, const struct look *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attr == b->attr;
}

/* True when a cell with look k shows nothing at the end of a line. */
static bool invisible(const struct look *k)
{
	return k->glyph == ' ' && k->bg == PALETTE_DEFAULT &&
	       !(k->attr & (ATTR_REVERSE | ATTR_UNDERLINE));
}

static void put_row(struct out *o, const struct cell *row, int w,
		    const struct render_opts *opt)
{
	static const struct look plain = { ' ', PALETTE_DEFAULT,
					   PALETTE_DEFAULT, 0 };
	bool ansi = opt->color != COLOR_NONE;
	struct look cur = plain, k;
	int end = w;

	/* Find the end first: trimming needs to look ahead. */
	while (end > 0) {
		k = palette_look(&row[end - 1], opt->color, opt->palette,
				 opt->theme, opt->utf8);
		if (ansi ? !invisible(&k) : k.glyph != ' ' && k.glyph != 0)
			break;
		end--;
	}
	for (int x = 0; x < end; x++) {
		k = palette_look(&row[x], opt->color, opt->palette,
				 opt->theme, opt->utf8);
		reserve(o);
		if (ansi && !same_style(&k, &cur)) {
			put_sgr(o, &k, opt->color);
			cur = k;
		}
		if (k.glyph)
			o->n += encode(o->b + o->n, k.glyph);
	}
	reserve(o);
	if (ansi)
		put_str(o, "\033[0m");
	put_byte(o, '\n');
}

int render_text(FILE *out, const struct canvas *c,
		const struct render_opts *opt)
{
	struct out o = { out, 0, false, { 0 } };
	int w = canvas_width(c), h = canvas_height(c);

	for (int y = 0; y < h; y++)
		put_row(&o, canvas_row(c, y), w, opt);
	flush(&o);
	if (fflush(out) != 0 || ferror(out))
		o.err = true;
	return o.err ? -1 : 0;
}
