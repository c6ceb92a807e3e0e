/* canvas.c - the off-screen cell grid; see canvas.h for the contracts. */
#include "render/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

struct canvas {
	int w, h;		/* size in cells */
	size_t cap;		/* cells allocated; >= w*h */
	struct cell *cells;	/* row-major, w*h used */
	struct rect clip;	/* drawing limit, always inside the canvas */
};

static const struct cell blank = { ' ', 0, 0, CELL_TEXT, 0, 0, 0 };

/* ---- small helpers ---- */

/* Division rounding towards minus infinity, so dot -1 is in cell -1. */
static long long floordiv(long long a, long long b)
{
	long long q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Positions are long long inside this file so that x + columns never
 * overflows an int, whatever the caller passes. */
static bool visible(const struct canvas *c, long long x, long long y)
{
	const struct rect *r = &c->clip;

	return x >= r->x && x < (long long)r->x + r->w &&
	       y >= r->y && y < (long long)r->y + r->h;
}

static struct cell *at(struct canvas *c, long long x, long long y)
{
	return &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
}

/* Before (x, y) is overwritten: if it is one half of a wide character, blank
 * the other half so that no lone half is left to shift the row. */
static void unwide(struct canvas *c, long long x, long long y)
{
	struct cell *p = at(c, x, y);
	struct cell *q;

	if (p->kind == CELL_CONT && x > 0) {
		q = p - 1;
		*q = (struct cell){ ' ', 0, 0, CELL_TEXT, q->fg, q->bg, q->attr };
	} else if (p->kind == CELL_TEXT && x + 1 < c->w &&
		   p[1].kind == CELL_CONT) {
		q = p + 1;
		*q = (struct cell){ ' ', 0, 0, CELL_TEXT, q->fg, q->bg, q->attr };
	}
}

/* Code points that must never reach a terminal become printable ones. */
static uint32_t sanitize(uint32_t cp)
{
	if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
		return '?';
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0xfffd;
	return cp;
}

/* ---- life cycle ---- */

static bool size_ok(int w, int h)
{
	return w >= 0 && h >= 0 && w <= CANVAS_MAX && h <= CANVAS_MAX;
}

struct canvas *canvas_new(int w, int h)
{
	struct canvas *c;

	if (!size_ok(w, h))
		return NULL;
	c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	if (canvas_resize(c, w, h) != 0) {
		free(c);
		return NULL;
	}
	return c;
}

void canvas_free(struct canvas *c)
{
	if (!c)
		return;
	free(c->cells);
	free(c);
}

int canvas_resize(struct canvas *c, int w, int h)
{
	size_t n;

	if (!size_ok(w, h))
		return -1;
	n = (size_t)w * (size_t)h;
	if (n > c->cap || !c->cells) {
		/* malloc(0) may return NULL; always keep one cell. */
		struct cell *p = malloc((n ? n : 1) * sizeof *p);

		if (!p)
			return -1;
		free(c->cells);
		c->cells = p;
		c->cap = n ? n : 1;
	}
	c->w = w;
	c->h = h;
	canvas_reset_clip(c);
	canvas_clear(c);
	return 0;
}

int canvas_copy(struct canvas *dst, const struct canvas *src)
{
	if ((dst->w != src->w || dst->h != src->h) &&
	    canvas_resize(dst, src->w, src->h) != 0)
		return -1;
	memcpy(dst->cells, src->cells,
	       (size_t)src->w * (size_t)src->h * sizeof *dst->cells);
	return 0;
}

void canvas_clear(struct canvas *c)
{
	size_t n = (size_t)c->w * (size_t)c->h;

	for (size_t i = 0; i < n; i++)
		c->cells[i] = blank;
}

int canvas_width(const struct canvas *c)
{
	return c->w;
}

int canvas_height(const struct canvas *c)
{
	return c->h;
}

/* ---- read access ---- */

const struct cell *canvas_cell(const struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return NULL;
	return &c->cells[(size_t)y * (size_t)c->w + (size_t)x];
}

const struct cell *canvas_row(const struct canvas *c, int y)
{
	if (y < 0 || y >= c->h || c->w == 0)
		return NULL;
	return &c->cells[(size_t)y * (size_t)c->w];
}

bool cell_equal(const struct cell *a, const struct cell *b)
{
	/* Field by field: padding bytes are not guaranteed equal. */
	return a->ch == b->ch && a->kind == b->kind && a->fg == b->fg &&
	       a->bg == b->bg && a->attr == b->attr && a->top == b->top &&
	       a->bot == b->bot;
}

/* ---- glyph resolution ---- */

char canvas_ramp_glyph(double v)
{
	double a;

	if (isnan(v))
		return ' ';
	a = fabs(v);
	if (a < 0.2)
		return ' ';
	if (a < 0.5)
		return v < 0 ? '.' : '\'';
	if (a < 0.8)
		return v < 0 ? '-' : '+';
	return v < 0 ? '=' : '#';
}

char canvas_braille_ascii(uint8_t mask)
{
	/* Row r of the cell holds dots (r, left) and (r, right). */
	static const uint8_t row_bits[4] = { 0x09, 0x12, 0x24, 0xc0 };
	unsigned rows = 0, n = 0;

	for (int r = 0; r < 4; r++) {
		if (mask & row_bits[r]) {
			rows |= 1u << r;
			n++;
		}
	}
	if (n == 0)
		return ' ';
	if (n >= 3)
		return '|';
	if (n == 2 && rows != 0x3 && rows != 0x6 && rows != 0xc)
		return ':';	/* two rows with a gap: top and bottom */
	if (rows & 0x1)
		return '\'';	/* top row, maybe the next */
	if (rows & 0x8)
		return '.';	/* bottom row, maybe the one above */
	return '-';		/* middle rows only */
}

/* ASCII stand-ins for the non-ASCII glyphs panels use; sorted by code
 * point for the binary search. */
static const struct {
	uint32_t cp;
	char ascii;
} ascii_map[] = {
	{ 0x00b7, '.' }, { 0x00d7, 'x' }, { 0x03bb, 'L' }, { 0x03c9, 'w' },
	{ 0x2018, '\'' }, { 0x2019, '\'' }, { 0x201c, '"' }, { 0x201d, '"' },
	{ 0x2022, '*' }, { 0x2026, '.' }, { 0x2190, '<' }, { 0x2191, '^' },
	{ 0x2192, '>' }, { 0x2193, 'v' }, { 0x2212, '-' }, { 0x2248, '~' },
	{ 0x2264, '<' }, { 0x2265, '>' }, { 0x2580, '"' }, { 0x2584, '_' },
	{ 0x2588, '#' }, { 0x2591, '.' }, { 0x2592, ':' }, { 0x2593, '#' },
	{ 0x25b2, '^' }, { 0x25b6, '>' }, { 0x25bc, 'v' }, { 0x25c0, '<' },
	{ 0x25cf, 'o' }, { 0x25e2, '\\' }, { 0x25e3, '/' }, { 0x25e4, '\\' },
	{ 0x25e5, '/' }, { 0xfffd, '?' },
};

static char box_ascii(uint32_t cp)
{
	switch (cp) {
	case 0x2500: case 0x2501: case 0x2504: case 0x2505: case 0x2508:
	case 0x2509: case 0x254c: case 0x254d: case 0x2550:
		return '-';
	case 0x2502: case 0x2503: case 0x2506: case 0x2507: case 0x250a:
	case 0x250b: case 0x254e: case 0x254f: case 0x2551:
		return '|';
	case 0x2571:
		return '/';
	case 0x2572:
		return '\\';
	case 0x2573:
		return 'X';
	default:
		return '+';	/* corners, tees, crosses */
	}
}

/* An ASCII character for a width-1 code point. */
static char to_ascii(uint32_t cp)
{
	size_t lo = 0, hi = sizeof ascii_map / sizeof ascii_map[0];

	if (cp < 0x80)
		return (char)cp;
	if (cp >= 0x2500 && cp <= 0x257f)
		return box_ascii(cp);
	if (cp >= 0x2800 && cp <= 0x28ff)
		return canvas_braille_ascii((uint8_t)(cp & 0xff));
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ascii_map[mid].cp == cp)
			return ascii_map[mid].ascii;
		if (ascii_map[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return '?';
}

uint32_t canvas_glyph(const struct cell *a, bool utf8, bool colour)
{
	switch (a->kind) {
	case CELL_CONT:
		return utf8 ? 0 : '?';
	case CELL_HALF:
		if (a->ch)
			return utf8 ? a->ch : (uint32_t)to_ascii(a->ch);
		if (colour)
			return utf8 ? 0x2580 : ' ';
		return (uint32_t)canvas_ramp_glyph(((double)a->top + a->bot) / 2);
	case CELL_BRAILLE:
		return utf8 ? a->ch
			    : (uint32_t)canvas_braille_ascii((uint8_t)a->ch);
	default:
		if (utf8)
			return a->ch;
		if (utf8_cp_width(a->ch) == 2)
			return '?';	/* its CONT cell adds the second '?' */
		return (uint32_t)to_ascii(a->ch);
	}
}

/* ---- text ---- */

static void set_text(struct canvas *c, long long x, long long y, uint32_t cp,
		     struct style s)
{
	unwide(c, x, y);
	*at(c, x, y) = (struct cell){ cp, 0, 0, CELL_TEXT, s.fg, s.bg, s.attr };
}

/* Puts sanitized cp of width wd (1 or 2) at (x, y); returns wd. */
static int put_cp(struct canvas *c, long long x, long long y, uint32_t cp,
		  int wd, struct style s)
{
	bool v0 = visible(c, x, y);

	if (wd == 1) {
		if (v0)
			set_text(c, x, y, cp, s);
		return 1;
	}
	if (v0 && visible(c, x + 1, y)) {
		unwide(c, x, y);
		unwide(c, x + 1, y);
		*at(c, x, y) = (struct cell){ cp, 0, 0, CELL_TEXT,
					      s.fg, s.bg, s.attr };
		*at(c, x + 1, y) = (struct cell){ 0, 0, 0, CELL_CONT,
						  s.fg, s.bg, s.attr };
		return 2;
	}
	/* Only one half would show: never split a wide glyph. */
	if (v0)
		set_text(c, x, y, ' ', s);
	else if (visible(c, x + 1, y))
		set_text(c, x + 1, y, ' ', s);
	return 2;
}

int canvas_put(struct canvas *c, int x, int y, uint32_t cp, struct style s)
{
	int wd;

	cp = sanitize(cp);
	wd = utf8_cp_width(cp);
	if (wd == 0)
		return 0;
	return put_cp(c, x, y, cp, wd, s);
}

int canvas_text(struct canvas *c, int x, int y, int max_cols,
		const char *utf8, struct style s)
{
	const char *p = utf8;
	int used = 0;

	if (!p || max_cols <= 0)
		return 0;
	while (*p && used < max_cols) {
		uint32_t cp = sanitize(utf8_next(&p, NULL));
		int wd = utf8_cp_width(cp);

		if (wd == 0)
			continue;
		if (used + wd > max_cols) {
			put_cp(c, (long long)x + used, y, ' ', 1, s);
			return used + 1;
		}
		used += put_cp(c, (long long)x + used, y, cp, wd, s);
	}
	return used;
}

/* r intersected with the clip; may be empty. */
static struct rect clipped(const struct canvas *c, struct rect r)
{
	long long x0 = r.x, y0 = r.y;
	long long x1 = x0 + r.w, y1 = y0 + r.h;
	const struct rect *k = &c->clip;

	if (r.w <= 0 || r.h <= 0)
		return (struct rect){ 0, 0, 0, 0 };
	if (x0 < k->x)
		x0 = k->x;
	if (y0 < k->y)
		y0 = k->y;
	if (x1 > (long long)k->x + k->w)
		x1 = (long long)k->x + k->w;
	if (y1 > (long long)k->y + k->h)
		y1 = (long long)k->y + k->h;
	if (x1 <= x0 || y1 <= y0)
		return (struct rect){ 0, 0, 0, 0 };
	return (struct rect){ (int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0) };
}

void canvas_fill(struct canvas *c, struct rect r, uint32_t cp, struct style s)
{
	struct rect k = clipped(c, r);

	cp = sanitize(cp);
	if (utf8_cp_width(cp) != 1)
		cp = '?';
	for (int y = k.y; y < k.y + k.h; y++)
		for (int x = k.x; x < k.x + k.w; x++)
			set_text(c, x, y, cp, s);
}

void canvas_hline(struct canvas *c, int x, int y, int w, struct style s)
{
	canvas_fill(c, (struct rect){ x, y, w, 1 }, 0x2500, s);
}

void canvas_vline(struct canvas *c, int x, int y, int h, struct style s)
{
	canvas_fill(c, (struct rect){ x, y, 1, h }, 0x2502, s);
}

void canvas_box(struct canvas *c, struct rect r, const char *title,
		struct style border, struct style ts)
{
	long long x1, y1;

	if (r.w < 2 || r.h < 2)
		return;
	x1 = (long long)r.x + r.w - 1;
	y1 = (long long)r.y + r.h - 1;
	if (x1 > CANVAS_MAX || y1 > CANVAS_MAX)
		return;		/* entirely off any canvas */
	canvas_hline(c, r.x + 1, r.y, r.w - 2, border);
	canvas_hline(c, r.x + 1, (int)y1, r.w - 2, border);
	canvas_vline(c, r.x, r.y + 1, r.h - 2, border);
	canvas_vline(c, (int)x1, r.y + 1, r.h - 2, border);
	canvas_put(c, r.x, r.y, 0x250c, border);
	canvas_put(c, (int)x1, r.y, 0x2510, border);
	canvas_put(c, r.x, (int)y1, 0x2514, border);
	canvas_put(c, (int)x1, (int)y1, 0x2518, border);
	if (title && *title && r.w >= 5) {
		int n = canvas_text(c, r.x + 2, r.y, r.w - 4, title, ts);

		canvas_put(c, r.x + 1, r.y, ' ', ts);
		canvas_put(c, r.x + 2 + n, r.y, ' ', ts);
	}
}

/* ---- heat half blocks ---- */

static float clampv(double v)
{
	if (isnan(v))
		return 0;
	return v < -1 ? -1.0f : v > 1 ? 1.0f : (float)v;
}

void canvas_half_cell(struct canvas *c, int x, int y, double top, double bot)
{
	if (!visible(c, x, y))
		return;
	unwide(c, x, y);
	*at(c, x, y) = (struct cell){ 0, clampv(top), clampv(bot), CELL_HALF,
				      0, 0, 0 };
}

void canvas_half(struct canvas *c, int x, int ypix, double v)
{
	long long y = floordiv(ypix, 2);
	struct cell *p;
	float f = clampv(v);

	if (!visible(c, x, y))
		return;
	p = at(c, x, y);
	if (p->kind != CELL_HALF) {
		unwide(c, x, y);
		*p = (struct cell){ 0, f, f, CELL_HALF, 0, 0, 0 };
	} else if (ypix - 2 * y == 0) {
		p->top = f;
	} else {
		p->bot = f;
	}
}

void canvas_recolor(struct canvas *c, int x, int y, enum role fg)
{
	struct cell *p;

	if (!visible(c, x, y))
		return;
	p = at(c, x, y);
	if (p->kind == CELL_TEXT && p->ch >= 0x2500 && p->ch <= 0x257f)
		p->fg = (uint8_t)fg;
}

void canvas_half_mark(struct canvas *c, int x, int y, uint32_t cp,
		      enum role fg, unsigned attr)
{
	struct cell *p;

	if (!visible(c, x, y))
		return;
	p = at(c, x, y);
	if (p->kind != CELL_HALF) {
		if (cp)
			canvas_put(c, x, y, cp,
				   (struct style){ (uint8_t)fg, ROLE_DEFAULT,
						   (uint8_t)attr });
		return;
	}
	if (!cp) {
		p->ch = 0, p->fg = 0, p->attr = 0;
		return;
	}
	cp = sanitize(cp);
	p->ch = utf8_cp_width(cp) == 1 ? cp : '?';
	p->fg = (uint8_t)fg;
	p->attr = (uint8_t)attr;
}

/* ---- braille ---- */

void canvas_braille_dot(struct canvas *c, int xdot, int ydot, enum role fg)
{
	/* bit[row][column] of the Unicode braille pattern: dots 1-2-3-7 down
	 * the left column, 4-5-6-8 down the right. */
	static const uint8_t bit[4][2] = {
		{ 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 }
	};
	long long x = floordiv(xdot, 2), y = floordiv(ydot, 4);
	struct cell *p;

	if (!visible(c, x, y))
		return;
	p = at(c, x, y);
	if (p->kind != CELL_BRAILLE) {
		unwide(c, x, y);
		*p = (struct cell){ 0x2800, 0, 0, CELL_BRAILLE, 0, 0, 0 };
	}
	p->ch |= bit[ydot - 4 * y][xdot - 2 * x];
	p->fg = (uint8_t)fg;
}

enum { OUT_L = 1, OUT_R = 2, OUT_T = 4, OUT_B = 8 };

static unsigned outcode(double x, double y, const double b[4])
{
	return (x < b[0] ? OUT_L : x > b[2] ? OUT_R : 0u) |
	       (y < b[1] ? OUT_T : y > b[3] ? OUT_B : 0u);
}

static double clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Cohen-Sutherland: clips the segment to box b = {xmin, ymin, xmax, ymax}.
 * Returns false when nothing of it is inside. Rounding can leave an end a
 * hair outside after a pass; the pass limit and the final clamp make sure
 * that never loops or strays. */
static bool clip_segment(double *x0, double *y0, double *x1, double *y1,
			 const double b[4])
{
	unsigned o0 = outcode(*x0, *y0, b), o1 = outcode(*x1, *y1, b);

	for (int pass = 0; (o0 | o1) && pass < 8; pass++) {
		unsigned o = o0 ? o0 : o1;
		double x, y, dx = *x1 - *x0, dy = *y1 - *y0;

		if (o0 & o1)
			return false;
		if (o & OUT_L)
			x = b[0], y = *y0 + dy * (b[0] - *x0) / dx;
		else if (o & OUT_R)
			x = b[2], y = *y0 + dy * (b[2] - *x0) / dx;
		else if (o & OUT_T)
			y = b[1], x = *x0 + dx * (b[1] - *y0) / dy;
		else
			y = b[3], x = *x0 + dx * (b[3] - *y0) / dy;
		if (o == o0)
			*x0 = x, *y0 = y, o0 = outcode(x, y, b);
		else
			*x1 = x, *y1 = y, o1 = outcode(x, y, b);
	}
	*x0 = clampd(*x0, b[0], b[2]), *y0 = clampd(*y0, b[1], b[3]);
	*x1 = clampd(*x1, b[0], b[2]), *y1 = clampd(*y1, b[1], b[3]);
	return true;
}

void canvas_braille_line(struct canvas *c, int x0, int y0, int x1, int y1,
			 enum role fg)
{
	const struct rect *k = &c->clip;
	double b[4], fx0 = x0, fy0 = y0, fx1 = x1, fy1 = y1;
	int ax, ay, bx, by, dx, dy, sx, sy, err;

	if (k->w <= 0 || k->h <= 0)
		return;
	b[0] = 2.0 * k->x;
	b[1] = 4.0 * k->y;
	b[2] = 2.0 * ((double)k->x + k->w) - 1;
	b[3] = 4.0 * ((double)k->y + k->h) - 1;
	if (!clip_segment(&fx0, &fy0, &fx1, &fy1, b))
		return;
	/* Inside the clip every coordinate is >= 0: +0.5 rounds. */
	ax = (int)(fx0 + 0.5), ay = (int)(fy0 + 0.5);
	bx = (int)(fx1 + 0.5), by = (int)(fy1 + 0.5);
	dx = abs(bx - ax), dy = -abs(by - ay);
	sx = ax < bx ? 1 : -1, sy = ay < by ? 1 : -1;
	err = dx + dy;
	for (;;) {
		int e2 = 2 * err;

		canvas_braille_dot(c, ax, ay, fg);
		if (ax == bx && ay == by)
			break;
		if (e2 >= dy)
			err += dy, ax += sx;
		if (e2 <= dx)
			err += dx, ay += sy;
	}
}

/* ---- clipping ---- */

struct rect canvas_set_clip(struct canvas *c, struct rect r)
{
	struct rect old = c->clip;

	canvas_reset_clip(c);
	c->clip = clipped(c, r);
	return old;
}

void canvas_reset_clip(struct canvas *c)
{
	c->clip = (struct rect){ 0, 0, c->w, c->h };
}

struct rect canvas_clip(const struct canvas *c)
{
	return c->clip;
}
