/* wrap.c - line breaking of UTF-8 text by display width; see wrap.h. */
#include "base/wrap.h"

#include <limits.h>
#include <stdbool.h>

#include "base/utf8.h"

/* ---- break rules ---- */

/* Punctuation that must not begin a line (Chinese closing marks). */
static bool no_start(uint32_t cp)
{
	static const uint32_t set[] = {
		0x3001, 0x3002, 0xff0c, 0xff0e, 0xff1a, 0xff1b, 0xff1f, 0xff01,
		0xff09, 0xff3d, 0xff5d, 0x300d, 0x300f, 0x3011, 0x300b, 0x3009,
		0x3015, 0x3017, 0x201d, 0x2019, 0x2026, 0x00b7, 0x30fb, 0xff5e,
		',', '.', ';', ':', '!', '?', ')', ']', '}', '%'
	};

	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
		if (set[i] == cp)
			return true;
	return false;
}

/* Punctuation that must not end a line (Chinese opening marks). */
static bool no_end(uint32_t cp)
{
	static const uint32_t set[] = {
		0xff08, 0xff3b, 0xff5b, 0x300c, 0x300e, 0x3010, 0x300a, 0x3008,
		0x3014, 0x3016, 0x201c, 0x2018, '(', '[', '{'
	};

	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
		if (set[i] == cp)
			return true;
	return false;
}

/* ---- wrapping ---- */

/* Where one line ends and the next begins. */
struct cut {
	size_t end;		/* byte after the line's last character */
	size_t next;		/* first byte of the next line */
	int width;		/* columns of [start, end) */
	bool soft;		/* next line starts after a soft break */
	bool last;		/* the text ends with this line */
};

static size_t skip_spaces(const char *s, size_t i)
{
	while (s[i] == ' ')
		i++;
	return i;
}

/* Finds the end of the line that starts at byte `start`. */
static struct cut wrap_one(const char *s, size_t start, int width)
{
	struct cut best = { 0, 0, 0, true, false };
	bool have_best = false;
	size_t i = start, last_end = start;
	int w = 0, last_w = 0;	/* width up to last_end: trailing spaces cut */
	uint32_t prev = 0;
	int prev_wd = 0;

	for (;;) {
		if (s[i] == '\0' || s[i] == '\n') {
			bool eol = s[i] == '\n';

			return (struct cut){ last_end, eol ? i + 1 : i, last_w,
					     false, !eol || s[i + 1] == '\0' };
		}
		const char *p = s + i;
		uint32_t cp = utf8_next(&p, NULL);
		size_t k = (size_t)(p - s);
		int cw = utf8_cp_width(cp);

		if (cp == ' ') {
			if (prev != ' ' && i > start) {
				best = (struct cut){ last_end, skip_spaces(s, i),
						     last_w, true, false };
				have_best = true;
			}
		} else if (prev != 0 && prev != ' ' && cw > 0 &&
			   (prev_wd == 2 || cw == 2) && !no_start(cp) &&
			   !no_end(prev)) {
			best = (struct cut){ i, i, w, true, false };
			have_best = true;
		}
		if (w + cw > width && i > start) {
			if (have_best && best.end > start) {
				best.last = s[best.next] == '\0';
				return best;
			}
			return (struct cut){ i, i, w, true, false };
		}
		w += cw;
		if (cp != ' ') {
			last_end = k;
			last_w = w;
		}
		if (cw > 0) {
			prev = cp;
			prev_wd = cw;
		}
		i = k;
	}
}

int wrap_lines(const char *utf8, int width, struct wrap_line *out, int max)
{
	size_t i = 0;
	int n = 0;

	if (!utf8 || !*utf8)
		return 0;
	if (width < 1)
		width = 1;
	for (;;) {
		struct cut c = wrap_one(utf8, i, width);

		if (n < max && out)
			out[n] = (struct wrap_line){ i, c.end - i, c.width };
		n++;
		if (c.last || n == INT_MAX)
			return n;
		i = c.soft ? skip_spaces(utf8, c.next) : c.next;
		if (utf8[i] == '\0')
			return n;
	}
}
