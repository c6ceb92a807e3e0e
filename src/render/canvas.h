/* canvas.h - an off-screen grid of cells that panels draw into.
 *
 * The canvas knows nothing about ncurses or stdio. It stores *semantic*
 * content: a code point with colour roles, a pair of heat values, or a
 * braille dot mask. Sinks (term.c, render_text.c, the SVG export) resolve
 * cells for their capabilities (UTF-8 or ASCII, no colour .. 24-bit) with
 * canvas_glyph() and the palette module, so every sink shows the same thing.
 *
 * Coordinates: cell (0,0) is the top-left corner; x grows right, y down.
 * Sub-cell coordinates: heat pixels have 1 column x 2 rows per cell
 * (ypix = 2*y for the top half, 2*y+1 for the bottom); braille dots have
 * 2 columns x 4 rows per cell (xdot = 2*x .. 2*x+1, ydot = 4*y .. 4*y+3).
 *
 * Clipping: every drawing function clips to the canvas and to the current
 * clip rectangle (canvas_set_clip), so a panel can never spill out of its
 * rectangle. Out-of-range coordinates (negative, huge) are never an error:
 * what falls outside is simply not drawn. The one exception is the repair of
 * wide characters: overwriting half of a wide character blanks the other half
 * even if that half lies outside the clip, because a lone half would shift the
 * rest of the terminal row.
 *
 * Text: UTF-8 is decoded and measured by base/utf8.h, whose width rules
 * every caller shares; C0/C1 controls and DEL are drawn as '?', invalid
 * bytes as U+FFFD, and zero-width code points (combining marks) are dropped
 * by canvas_text because a cell holds exactly one code point.
 *
 * Memory: cells are allocated by canvas_new/canvas_resize only; drawing never
 * allocates, so a full 240x70 redraw per frame is cheap. */
#ifndef CANVAS_H
#define CANVAS_H

#include <stdbool.h>
#include <stdint.h>

/* A rectangle of cells. Empty when w <= 0 or h <= 0. */
struct rect {
	int x, y;		/* top-left cell */
	int w, h;		/* size in cells */
};

/* Colour roles: what a colour means, not which colour it is. The palette
 * module maps a role to an actual colour for each colour mode. A role used
 * as foreground means its "ink"; used as background, its "paper" (e.g.
 * {ROLE_STATUS, ROLE_STATUS} is status-bar text on the status-bar colour,
 * {ROLE_WARN, ROLE_STATUS} a warning in the status bar). */
enum role {
	ROLE_DEFAULT,		/* terminal default fg / bg */
	ROLE_DIM,		/* secondary text, hints */
	ROLE_AXIS,		/* axis lines, tick labels */
	ROLE_TITLE,		/* panel titles */
	ROLE_BORDER,		/* panel borders */
	ROLE_FOCUS,		/* border of the focused panel */
	ROLE_CURSOR,		/* cursor, crosshair */
	ROLE_TRACE1,		/* curve colours, in order of use */
	ROLE_TRACE2,
	ROLE_TRACE3,
	ROLE_TRACE4,
	ROLE_TRACE5,		/* more curves, for views that draw more than
				   four at once (the families view's eight) */
	ROLE_TRACE6,
	ROLE_TRACE7,
	ROLE_TRACE8,
	ROLE_MARKER,		/* marked positions / dimensions */
	ROLE_OK,		/* good news in messages */
	ROLE_WARN,		/* warnings */
	ROLE_ERROR,		/* errors */
	ROLE_STATUS,		/* status bar */
	ROLE_HELP,		/* help overlay */
	ROLE_KEY,		/* key names in help and status bar */
	ROLE_ON_HEAT,		/* words over heat (a map's "= 0") */
	ROLE_ON_HEAT_LIGHT,	/* their ink where the heat under it is dark
				   (the palette picks it, not a cell) */
	ROLE_CROSSHAIR,		/* the heatmap's crosshair: its lines drawn
				   on the page, not on the heat they cross */
	ROLE_COUNT		/* number of roles, not a role */
};

/* Attribute bits, OR-ed into struct style.attr. */
enum {
	ATTR_BOLD = 1 << 0,
	ATTR_DIM = 1 << 1,
	ATTR_UNDERLINE = 1 << 2,
	ATTR_REVERSE = 1 << 3
};

/* How to draw text: colour roles plus attributes. Write it as a compound
 * literal, e.g. (struct style){ ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD }. */
struct style {
	uint8_t fg;		/* enum role of the glyph */
	uint8_t bg;		/* enum role of the cell background */
	uint8_t attr;		/* ATTR_* bits */
};

enum cell_kind {
	CELL_TEXT,		/* ch = one code point of width 1 or 2 */
	CELL_CONT,		/* right half of the wide TEXT cell to its left */
	CELL_HALF,		/* heat: top and bottom pixel values */
	CELL_BRAILLE		/* ch = U+2800 + dot mask */
};

/* One cell. Unused fields are always zero, so two cells look the same on
 * screen exactly when cell_equal() says so.
 *   TEXT:    ch, fg, bg, attr.
 *   CONT:    fg, bg, attr copy the wide cell's; ch = 0.
 *   HALF:    top, bot in [-1, 1] (never NaN). ch = 0, or an overlay glyph
 *            (e.g. a crosshair) drawn over the heat in role fg with attr;
 *            bg unused (the heat is the background).
 *   BRAILLE: ch = 0x2800 | mask with the standard dot numbering (bit 0 =
 *            dot 1 top-left ... see canvas_braille_dot); fg; bg = DEFAULT. */
struct cell {
	uint32_t ch;		/* code point, overlay glyph or braille char */
	float top, bot;		/* HALF values, else 0 */
	uint8_t kind;		/* enum cell_kind */
	uint8_t fg, bg;		/* enum role */
	uint8_t attr;		/* ATTR_* bits */
};

struct canvas;

/* ---- life cycle ---- */

enum { CANVAS_MAX = 16384 };	/* largest width or height */

/* A w x h canvas, cleared (spaces, default style). 0 <= w, h <= CANVAS_MAX
 * (an empty canvas is valid: a tiny terminal). Returns NULL when the size is
 * out of range or memory runs out. */
struct canvas *canvas_new(int w, int h);

/* Frees c; NULL is allowed. */
void canvas_free(struct canvas *c);

/* Changes the size to w x h, clears every cell and resets the clip. Keeps
 * its memory when shrinking. Returns 0, or -1 (size out of range or out of
 * memory) leaving c unchanged. */
int canvas_resize(struct canvas *c, int w, int h);

/* Makes dst a copy of src's cells (resizing dst when the sizes differ; the
 * clip of dst is kept unless it was resized). Returns 0, or -1 when out of
 * memory, leaving dst unchanged. */
int canvas_copy(struct canvas *dst, const struct canvas *src);

/* Sets every cell to a space in the default style. Keeps the clip. */
void canvas_clear(struct canvas *c);

int canvas_width(const struct canvas *c);
int canvas_height(const struct canvas *c);

/* ---- read access for sinks ---- */

/* The cell at (x, y), or NULL when outside the canvas. */
const struct cell *canvas_cell(const struct canvas *c, int x, int y);

/* The w cells of row y (NULL when y is outside), for fast sinks. */
const struct cell *canvas_row(const struct canvas *c, int y);

/* True when a and b look the same in every sink. */
bool cell_equal(const struct cell *a, const struct cell *b);

/* The code point a sink should print for cell *a:
 *   utf8:   TEXT -> ch; BRAILLE -> ch; HALF -> overlay if any, else U+2580
 *           '▀' (fg = colour(top), bg = colour(bot)) when colour is true,
 *           else the density-ramp glyph of the mean (canvas_ramp_glyph).
 *   !utf8:  ASCII only: box drawing -> '-', '|', '+'; braille -> by the rows
 *           that hold dots (canvas_braille_ascii); HALF -> overlay mapped to
 *           ASCII, else ' ' (bg = colour(mean)) with colour, else the ramp;
 *           any other non-ASCII code point -> '?' ('??' for a wide one: the
 *           CONT cell then returns '?' too so the columns still add up).
 *   CONT: 0 (print nothing: the wide glyph to its left covers it) in UTF-8.
 * Never returns a control character. */
uint32_t canvas_glyph(const struct cell *a, bool utf8, bool colour);

/* The ASCII density-ramp glyph for a heat value v in [-1, 1] (NaN -> 0).
 * The ramp is signed so that -1 and +1 never look alike: ink grows with |v|,
 * and the glyph family tells the sign - the minus family sits low or flat
 * ('.', '-', '='), the plus family sits high or crossed ('\'', '+', '#'):
 *
 *     v      [-1,-.8]  (-.8,-.5]  (-.5,-.2]  (-.2,.2)  [.2,.5)  [.5,.8)  [.8,1]
 *     glyph     =         -          .         ' '       \'        +        #
 *
 * A sine across a row reads "#+' .-=-. '+#". */
/* For tests only. */
char canvas_ramp_glyph(double v);

/* An ASCII stand-in for a braille dot mask, chosen by which of the four dot
 * rows (0 = top) hold dots: none ' '; three or four rows '|'; two rows with a
 * gap between them ':'; otherwise row 0 (alone or with 1) '\'', row 3 (alone
 * or with 2) '.', rows 1 and/or 2 '-'. */
/* For tests only. */
char canvas_braille_ascii(uint8_t mask);

/* ---- text ---- */

/* Puts one code point at (x, y) in style s. Controls (C0, DEL, C1) become
 * '?', surrogates and code points above U+10FFFF become U+FFFD, zero-width
 * code points are ignored. A wide code point takes (x, y) and (x+1, y); when
 * only one of the two is inside the canvas and clip, that one gets a space
 * instead (a wide glyph is never split). Returns the columns advanced (0, 1
 * or 2), whether or not anything was visible. */
int canvas_put(struct canvas *c, int x, int y, uint32_t cp, struct style s);

/* Draws UTF-8 text from (x, y) rightwards, at most max_cols columns
 * (max_cols <= 0 draws nothing). Decoding is done here, not by the C
 * library: invalid or overlong sequences become U+FFFD (one per bad byte),
 * controls become '?' (so "\n" and "\t" never reach a terminal), zero-width
 * code points are dropped. A wide character that does not fit in the
 * remaining max_cols is not split: a space is drawn in its place and the text
 * stops. Returns the columns used (<= max_cols), including cells clipped away
 * by the canvas or clip rectangle, so callers can lay out what follows. */
int canvas_text(struct canvas *c, int x, int y, int max_cols,
		const char *utf8, struct style s);

/* Fills r with code point cp in style s. cp is sanitized as in canvas_put;
 * one that is not exactly one column wide fills with '?'. */
void canvas_fill(struct canvas *c, struct rect r, uint32_t cp, struct style s);

/* Draws the border of r with box-drawing characters (┌─┐│└┘) in style
 * border, and, when title is non-NULL and non-empty and r.w >= 5, " title "
 * on the top edge from column r.x+1 in style ts, the title cut to r.w-4
 * columns: "┌ Heatmap ──┐". The inside is untouched. Needs r.w >= 2 and
 * r.h >= 2; smaller rectangles draw nothing. */
void canvas_box(struct canvas *c, struct rect r, const char *title,
		struct style border, struct style ts);

/* A horizontal line of '─' from (x, y), w cells long; a vertical line of
 * '│' from (x, y), h cells long. */
void canvas_hline(struct canvas *c, int x, int y, int w, struct style s);
/* For tests only. */
void canvas_vline(struct canvas *c, int x, int y, int h, struct style s);

/* ---- heat half blocks ---- */

/* Sets both pixels of cell (x, y) to HALF values top and bot, clamped to
 * [-1, 1] (NaN -> 0). Clears any overlay. */
void canvas_half_cell(struct canvas *c, int x, int y, double top, double bot);

/* Sets one heat pixel: column x, pixel row ypix (2 per cell row). A cell that
 * was not HALF becomes HALF with both pixels = v (so an odd last pixel row
 * fills its cell rather than leaving a neutral stripe); the overlay is kept. */
void canvas_half(struct canvas *c, int x, int ypix, double v);

/* Gives the line-drawing glyph (U+2500..U+257F, a box's border) at (x, y)
 * role fg, when the cell holds one and is inside the canvas and clip; any
 * other cell (a title on the border) keeps its colour. */
void canvas_recolor(struct canvas *c, int x, int y, enum role fg);

/* Draws glyph cp (width 1, e.g. '┼' or '│' for a crosshair) over the heat of
 * HALF cell (x, y) in role fg with attributes attr, keeping the values, so a
 * crosshair does not hide the colour under it. On a cell that is not HALF it
 * acts as canvas_put with style {fg, ROLE_DEFAULT, attr}. cp = 0 removes the
 * overlay (and does nothing on other cells). A cp that is not one column wide
 * is shown as '?'. */
void canvas_half_mark(struct canvas *c, int x, int y, uint32_t cp,
		      enum role fg, unsigned attr);

/* ---- braille ---- */

/* Sets dot (xdot, ydot) (2 x 4 dots per cell) in role fg. The mask follows
 * the Unicode braille numbering, so the four corners of a cell are
 * U+2801 (top-left), U+2808 (top-right), U+2840 (bottom-left) and U+2880
 * (bottom-right). A cell that is not BRAILLE is cleared first; otherwise the
 * dot is OR-ed in and the cell takes role fg (last writer wins). */
void canvas_braille_dot(struct canvas *c, int xdot, int ydot, enum role fg);

/* A line of dots from (x0, y0) to (x1, y1), both ends included (Bresenham
 * in dot space). The segment is clipped to the clip rectangle first, so
 * far-away endpoints cost nothing. */
void canvas_braille_line(struct canvas *c, int x0, int y0, int x1, int y1,
			 enum role fg);

/* ---- clipping ---- */

/* Restricts all drawing to r (intersected with the canvas) and returns the
 * previous clip, so a caller can restore it:
 *     struct rect old = canvas_set_clip(c, inner); ...; canvas_set_clip(c, old); */
struct rect canvas_set_clip(struct canvas *c, struct rect r);

/* Clip = the whole canvas. */
void canvas_reset_clip(struct canvas *c);

/* The current clip rectangle (always inside the canvas). */
struct rect canvas_clip(const struct canvas *c);

#endif
