/* paragraph.c - wrapped paragraphs for the views (see paragraph.h). */
#include "render/paragraph.h"

#include "base/utf8.h"
#include "base/wrap.h"

#include <stdio.h>
#include <string.h>

int paragraph_rows(const char *utf8, int width)
{
	int n = wrap_lines(utf8, width, NULL, 0);

	return n < PARAGRAPH_ROWS_MAX ? n : PARAGRAPH_ROWS_MAX;
}

int paragraph_draw(struct canvas *c, struct rect r, const char *utf8,
		   struct style st)
{
	struct wrap_line lines[PARAGRAPH_ROWS_MAX];
	int n;

	if (r.w < 1 || r.h < 1 || !utf8)
		return 0;
	n = wrap_lines(utf8, r.w, lines, PARAGRAPH_ROWS_MAX);
	if (n > PARAGRAPH_ROWS_MAX)
		n = PARAGRAPH_ROWS_MAX;
	if (n > r.h)
		n = r.h;
	for (int k = 0; k < n; k++)
		paragraph_line(c, r.x, r.y + k, r.w, utf8, &lines[k], st);
	return n;
}

void paragraph_fit(struct canvas *c, int x, int y, int w,
		   const char *const *cand, int n, struct style st)
{
	int k = 0;

	while (k < n - 1 && utf8_width(cand[k]) > w)
		k++;
	canvas_text(c, x, y, w, cand[k], st);
}

int paragraph_items(struct canvas *c, int x, int y, int w, const char *utf8,
		    const char *sep, struct style st)
{
	char part[512];
	size_t keep = 0, n = strlen(sep);

	if (utf8_width(utf8) <= w)
		return canvas_text(c, x, y, w, utf8, st);
	/* from the second byte: a leading separator starts no item */
	for (const char *p = strstr(utf8 + 1, sep); p; p = strstr(p + n, sep)) {
		snprintf(part, sizeof part, "%.*s", (int)(p - utf8), utf8);
		if (utf8_width(part) > w)
			break;
		keep = (size_t)(p - utf8);
	}
	snprintf(part, sizeof part, "%.*s", (int)keep, utf8);
	return canvas_text(c, x, y, w, part, st);
}

int paragraph_line(struct canvas *c, int x, int y, int max_cols,
		   const char *utf8, const struct wrap_line *l, struct style s)
{
	const char *p = utf8 + l->off, *end = p + l->len;
	int used = 0;

	while (p < end && *p) {
		uint32_t cp = utf8_next(&p, NULL);
		int wd = utf8_cp_width(cp);

		if (used + wd > max_cols)
			break;
		used += canvas_put(c, x + used, y, cp, s);
	}
	return used;
}
