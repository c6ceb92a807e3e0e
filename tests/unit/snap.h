/* snap.h - test helper: a canvas rendered by render_text into a string. */
#ifndef SNAP_H
#define SNAP_H

#include <stdio.h>
#include <stdlib.h>

#include <stdint.h>
#include <string.h>

#include "base/utf8.h"
#include "io/render_text.h"

enum { SNAP_ROW_MAX = 4096 };	/* room for one rendered row */

/* The text render_text writes for c with these options; the caller frees
 * it. NULL when the memory stream fails or render_text reports an error. */
static inline char *snap_opts(const struct canvas *c, bool utf8,
			      enum color_mode mode, enum palette_id id)
{
	struct render_opts o = { utf8, mode, id, THEME_DARK };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		return NULL;
	rc = render_text(f, c, &o);
	if (fclose(f) != 0 || rc != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Plain UTF-8 text, no colour. */
static inline char *snap(const struct canvas *c)
{
	return snap_opts(c, true, COLOR_NONE, PALETTE_RDBU);
}

/* Columns x0 .. x1-1 of row y as the UTF-8 text a sink would print, into
 * out (SNAP_ROW_MAX bytes). */
static inline char *snap_span_text(const struct canvas *c, int x0, int x1,
				   int y, char *out)
{
	size_t n = 0;

	for (int x = x0; x < x1 && x < canvas_width(c) && n + 5 < SNAP_ROW_MAX;
	     x++) {
		uint32_t g = canvas_glyph(canvas_cell(c, x, y), true, true);

		if (g)
			n += utf8_encode(g, out + n);
	}
	out[n] = '\0';
	return out;
}

/* Row y of the canvas as the UTF-8 text a sink would print, into out
 * (SNAP_ROW_MAX bytes). */
static inline char *snap_row_text(const struct canvas *c, int y, char *out)
{
	return snap_span_text(c, 0, canvas_width(c), y, out);
}

/* The first row containing `needle`, or -1. */
static inline int snap_find_row(const struct canvas *c, const char *needle)
{
	char buf[SNAP_ROW_MAX];

	for (int y = 0; y < canvas_height(c); y++)
		if (strstr(snap_row_text(c, y, buf), needle))
			return y;
	return -1;
}

#endif
