/* paragraph.h - paragraphs in the views: text wrapped to a rectangle's
 * width (base/wrap.h's rules) and cut to the rows it has. */
#ifndef PARAGRAPH_H
#define PARAGRAPH_H

#include "base/wrap.h"
#include "render/canvas.h"

enum { PARAGRAPH_ROWS_MAX = 32 };	/* rows a paragraph may take */

/* Rows utf8 needs when wrapped to `width` columns (0 for NULL or ""), at
 * most PARAGRAPH_ROWS_MAX. */
int paragraph_rows(const char *utf8, int width);

/* Draws utf8 wrapped to r.w columns from r's top row down, at most r.h rows
 * (the first ones when it needs more), in style st. Returns the rows drawn. */
int paragraph_draw(struct canvas *c, struct rect r, const char *utf8,
		   struct style st);

/* Draws the first of the n candidate texts that fits in w columns at (x, y),
 * or the last one cut to w (nothing when w < 1): views offer a long and a
 * short wording and let the width decide. */
void paragraph_fit(struct canvas *c, int x, int y, int w,
		   const char *const *cand, int n, struct style st);

/* Draws at (x, y) the longest prefix of utf8 made of whole items, items
 * being separated by `sep` (" " for words, "  " for key hints), that fits
 * in w columns: all of it when it fits, nothing when not even the first
 * item does. Returns the columns used. */
int paragraph_items(struct canvas *c, int x, int y, int w, const char *utf8,
		    const char *sep, struct style st);

/* Draws bytes [l->off, l->off + l->len) of utf8 (one line of wrap_lines)
 * at (x, y) in style s with canvas_put, at most max_cols columns (a wide
 * character that would cross the limit is not drawn). Returns the columns
 * used. */
int paragraph_line(struct canvas *c, int x, int y, int max_cols,
		   const char *utf8, const struct wrap_line *l, struct style s);

#endif
