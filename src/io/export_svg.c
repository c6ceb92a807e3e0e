/* export_svg.c - a canvas as SVG (see export_svg.h).
 *
 * One pass per layer over the canvas, each writing straight to the stream.
 * Only the curve layer allocates (the polylines being built). */
#include "io/export_svg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

enum {
	CW = EXPORT_SVG_CELL_W,
	CH = EXPORT_SVG_CELL_H,
	PX = CH / 2,		/* height of one heat pixel */
	DOT_W = CW / 2,		/* braille dot pitch across */
	DOT_H = CH / 4,		/* braille dot pitch down */
	BASELINE = 15,		/* text baseline below the top of its cell */
	NO_COLOUR = -1		/* "draw nothing here" in colour runs */
};

/* Arms of a box-drawing character, from the centre of its cell. */
enum { ARM_L = 1, ARM_R = 2, ARM_U = 4, ARM_D = 8, ARM_HEAVY = 16 };

struct svg {
	FILE *f;
	const struct canvas *c;
	enum palette_id palette;
	int w, h;		/* canvas size in cells */
	enum theme theme;	/* the page the colours are for */
	int page, ink;		/* its default colours, 0xRRGGBB */
};

/* ---- colours and looks ---- */

static int rgb_code(struct rgb c)
{
	return c.r << 16 | c.g << 8 | c.b;
}

static void put_colour(FILE *f, int rgb)
{
	fprintf(f, "#%06x", (unsigned)rgb & 0xffffff);
}

/* What a cell shows in ink (text, overlay glyph, box line). */
struct ink {
	uint32_t ch;
	int fg;			/* 0xRRGGBB */
	uint8_t attr;		/* ATTR_* bits (reverse already applied) */
};

static int resolve(int code, int fallback)
{
	return code == PALETTE_DEFAULT ? fallback : code;
}

/* The cell's background colour for the background layer: NO_COLOUR for the
 * page itself, heat cells and braille. */
static int cell_paper(const struct svg *s, const struct cell *a)
{
	struct look k;
	int bg;

	if (a->kind == CELL_HALF || a->kind == CELL_BRAILLE)
		return NO_COLOUR;
	k = palette_look(a, COLOR_RGB, s->palette, s->theme, true);
	bg = k.attr & ATTR_REVERSE ? resolve(k.fg, s->ink)
				   : resolve(k.bg, s->page);
	return bg == s->page ? NO_COLOUR : bg;
}

/* The ink of cell a: its code point, colour and attributes, with the
 * terminal defaults and reverse video resolved. Returns false for cells that
 * put no ink of this kind on the page: CONT, BRAILLE, heat without overlay,
 * and blanks. */
static bool cell_ink(const struct svg *s, const struct cell *a, struct ink *k)
{
	struct look l;

	switch (a->kind) {
	case CELL_TEXT:
		if (a->ch == ' ')
			return false;
		l = palette_look(a, COLOR_RGB, s->palette, s->theme, true);
		k->ch = a->ch;
		k->attr = l.attr & (uint8_t)~ATTR_REVERSE;
		k->fg = l.attr & ATTR_REVERSE ? resolve(l.bg, s->page)
					      : resolve(l.fg, s->ink);
		return true;
	case CELL_HALF:
		if (a->ch == 0)
			return false;
		l = palette_look(a, COLOR_RGB, s->palette, s->theme, true);
		k->ch = a->ch;
		k->fg = resolve(l.fg, s->ink);
		k->attr = l.attr;
		return true;
	default:
		return false;
	}
}

/* The arms of box-drawing code point cp (ARM_* bits), or 0 when cp is not
 * a plain light or heavy line, corner, tee or cross. */
static unsigned box_arms(uint32_t cp)
{
	static const struct {
		uint32_t cp;
		unsigned arms;
	} t[] = {
		{ 0x2500, ARM_L | ARM_R }, { 0x2501, ARM_L | ARM_R | ARM_HEAVY },
		{ 0x2502, ARM_U | ARM_D }, { 0x2503, ARM_U | ARM_D | ARM_HEAVY },
		{ 0x250c, ARM_R | ARM_D }, { 0x250f, ARM_R | ARM_D | ARM_HEAVY },
		{ 0x2510, ARM_L | ARM_D }, { 0x2513, ARM_L | ARM_D | ARM_HEAVY },
		{ 0x2514, ARM_R | ARM_U }, { 0x2517, ARM_R | ARM_U | ARM_HEAVY },
		{ 0x2518, ARM_L | ARM_U }, { 0x251b, ARM_L | ARM_U | ARM_HEAVY },
		{ 0x251c, ARM_U | ARM_D | ARM_R },
		{ 0x2523, ARM_U | ARM_D | ARM_R | ARM_HEAVY },
		{ 0x2524, ARM_U | ARM_D | ARM_L },
		{ 0x252b, ARM_U | ARM_D | ARM_L | ARM_HEAVY },
		{ 0x252c, ARM_L | ARM_R | ARM_D },
		{ 0x2533, ARM_L | ARM_R | ARM_D | ARM_HEAVY },
		{ 0x2534, ARM_L | ARM_R | ARM_U },
		{ 0x253b, ARM_L | ARM_R | ARM_U | ARM_HEAVY },
		{ 0x253c, ARM_L | ARM_R | ARM_U | ARM_D },
		{ 0x254b, ARM_L | ARM_R | ARM_U | ARM_D | ARM_HEAVY },
		{ 0x256d, ARM_R | ARM_D }, { 0x256e, ARM_L | ARM_D },
		{ 0x256f, ARM_L | ARM_U }, { 0x2570, ARM_R | ARM_U },
		{ 0x2574, ARM_L }, { 0x2575, ARM_U }, { 0x2576, ARM_R },
		{ 0x2577, ARM_D }, { 0x2578, ARM_L | ARM_HEAVY },
		{ 0x2579, ARM_U | ARM_HEAVY }, { 0x257a, ARM_R | ARM_HEAVY },
		{ 0x257b, ARM_D | ARM_HEAVY },
	};

	if (cp < 0x2500 || cp > 0x257f)
		return 0;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (t[i].cp == cp)
			return t[i].arms;
	return 0;
}

/* ---- text escaping ---- */

/* Writes code point cp escaped for XML text and attribute values. The
 * canvas never holds controls, surrogates or code points above U+10FFFF, so
 * every code point left is allowed in XML. */
static void put_xml_cp(FILE *f, uint32_t cp)
{
	char u[UTF8_MAX];

	switch (cp) {
	case '&':
		fputs("&amp;", f);
		return;
	case '<':
		fputs("&lt;", f);
		return;
	case '>':
		fputs("&gt;", f);
		return;
	case '"':
		fputs("&quot;", f);
		return;
	case '\'':
		fputs("&apos;", f);
		return;
	default:
		break;
	}
	if (cp < 0x20 || cp == 0x7f || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff || cp > 0x10ffff)
		cp = UTF8_REPLACEMENT;
	fwrite(u, 1, utf8_encode(cp, u), f);
}

void export_svg_text(FILE *f, const char *u)
{
	while (*u)
		put_xml_cp(f, utf8_next(&u, NULL));
}

/* ---- background and heat: runs of equal colour along a row ---- */

/* Writes one <rect> per run of equal colour in colours[0..n-1] (NO_COLOUR
 * is skipped), at height y of hgt units. */
static void put_runs(FILE *f, const int *colours, int n, int y, int hgt)
{
	for (int x = 0; x < n;) {
		int end = x + 1;
		while (end < n && colours[end] == colours[x])
			end++;
		if (colours[x] != NO_COLOUR) {
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				"height=\"%d\" fill=\"", x * CW, y, (end - x) * CW,
				hgt);
			put_colour(f, colours[x]);
			fputs("\"/>\n", f);
		}
		x = end;
	}
}

static void put_background(const struct svg *s, int *row)
{
	fputs("<g id=\"background\">\n", s->f);
	for (int y = 0; y < s->h; y++) {
		const struct cell *r = canvas_row(s->c, y);
		for (int x = 0; x < s->w; x++)
			row[x] = cell_paper(s, &r[x]);
		put_runs(s->f, row, s->w, y * CH, CH);
	}
	fputs("</g>\n", s->f);
}

static void put_heat(const struct svg *s, int *row)
{
	fputs("<g id=\"heatmap\" shape-rendering=\"crispEdges\">\n", s->f);
	for (int y = 0; y < s->h; y++) {
		const struct cell *r = canvas_row(s->c, y);
		for (int half = 0; half < 2; half++) {
			for (int x = 0; x < s->w; x++) {
				double v = half ? r[x].bot : r[x].top;
				/* no heat under the crosshair: its lines
				 * are on the page, as on the terminal */
				row[x] = r[x].kind != CELL_HALF ||
					 (r[x].ch && r[x].fg == ROLE_CROSSHAIR)
					 ? NO_COLOUR :
					 rgb_code(palette_heat_rgb(s->palette,
								   s->theme,
								   v));
			}
			put_runs(s->f, row, s->w, y * CH + half * PX, PX);
		}
	}
	fputs("</g>\n", s->f);
}

/* ---- box lines ---- */

/* The line style of a box cell, for merging: colour, weight and dimness;
 * -1 for cells without a box character. */
static long long box_key(const struct svg *s, const struct cell *a,
			 unsigned *arms)
{
	struct ink k;

	*arms = 0;
	if (!cell_ink(s, a, &k))
		return -1;
	*arms = box_arms(k.ch);
	if (!*arms)
		return -1;
	return (long long)k.fg << 2 | (*arms & ARM_HEAVY ? 1 : 0) |
	       (k.attr & ATTR_DIM ? 2 : 0);
}

static void put_line(FILE *f, int x1, int y1, int x2, int y2, long long key)
{
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"",
		x1, y1, x2, y2);
	put_colour(f, (int)(key >> 2));
	fprintf(f, "\"%s%s/>\n", key & 1 ? " stroke-width=\"2.5\"" : "",
		key & 2 ? " opacity=\"0.6\"" : "");
}

/* One axis of the box lines: horizontal pieces along rows (vertical = false)
 * or vertical pieces down columns. A cell's piece runs from its centre to
 * the edges its arms reach; touching pieces of the same style merge. */
static void put_box_axis(const struct svg *s, bool vertical)
{
	int outer = vertical ? s->w : s->h, inner = vertical ? s->h : s->w;
	unsigned lo_arm = vertical ? ARM_U : ARM_L;
	unsigned hi_arm = vertical ? ARM_D : ARM_R;
	int step = vertical ? CH : CW;

	for (int o = 0; o < outer; o++) {
		long long run_key = -1;
		int run_from = 0, run_to = 0;
		int centre = vertical ? o * CW + CW / 2 : o * CH + CH / 2;
		for (int i = 0; i <= inner; i++) {
			unsigned arms = 0;
			long long key = -1;
			int from = 0, to = 0;
			if (i < inner) {
				const struct cell *a = vertical ?
					canvas_cell(s->c, o, i) :
					canvas_cell(s->c, i, o);
				key = box_key(s, a, &arms);
			}
			if (key >= 0 && (arms & (lo_arm | hi_arm))) {
				from = i * step + ((arms & lo_arm) ? 0 : step / 2);
				to = i * step + ((arms & hi_arm) ? step : step / 2);
			} else {
				key = -1;
			}
			if (run_key >= 0 && (key != run_key || from != run_to)) {
				if (vertical)
					put_line(s->f, centre, run_from, centre,
						 run_to, run_key);
				else
					put_line(s->f, run_from, centre, run_to,
						 centre, run_key);
				run_key = -1;
			}
			if (key >= 0) {
				if (run_key < 0) {
					run_key = key;
					run_from = from;
				}
				run_to = to;
			}
		}
	}
}

static void put_lines(const struct svg *s)
{
	fputs("<g id=\"lines\" stroke-width=\"1.2\" "
	      "stroke-linecap=\"square\">\n", s->f);
	put_box_axis(s, false);
	put_box_axis(s, true);
	fputs("</g>\n", s->f);
}

/* ---- curves: braille dots joined into polylines ----
 *
 * In each column of dots a curve covers a vertical run of dots. The
 * polyline enters the run at the end nearer to where it came from, slightly
 * left of the dots' centre, and leaves it at the end nearer to where it goes
 * next, slightly right: a steep line then reads as a slanted stroke rather
 * than a staircase, and a run whose ends both lead the same way (a spike,
 * the tip of a fast wave) is drawn down and back. The exit is known only
 * when the next column is seen, so each polyline keeps its last run pending.
 * Coordinates are kept in quarter dots, in integers. */

enum { Q = 4, NONE = -1 };	/* quarter dots per dot; "not known yet" */

struct poly {
	int *pt;		/* x, y pairs in quarter dots */
	int n, cap;		/* points used, allocated */
	int col;		/* the dot column of the pending run */
	int lo, hi;		/* the pending run's dot rows */
	int entry;		/* the end it is entered at, or NONE */
};

struct polyset {
	struct poly *p;
	int n, cap;
	bool oom;		/* an allocation failed */
};

/* The runs of dots of one column: pairs lo, hi. */
struct runs {
	int *y;
	int n;			/* runs stored */
};

/* Whether dot (xd, yd) is set in a braille cell of role `role`. */
static bool dot_at(const struct svg *s, int xd, int yd, int role)
{
	static const uint8_t bit[4][2] = {
		{ 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 }
	};
	const struct cell *a = canvas_cell(s->c, xd / 2, yd / 4);

	return a && a->kind == CELL_BRAILLE && a->fg == role &&
	       (a->ch & bit[yd % 4][xd % 2]);
}

/* Appends (x, y) to p, dropping the middle one of three points in a row on
 * one straight line going one way, so flat stretches cost two points. */
static bool poly_add(struct poly *p, int x, int y)
{
	if (p->n >= 2) {
		int *a = p->pt + 2 * (p->n - 2), *b = a + 2;
		long long cross = (long long)(b[0] - a[0]) * (y - b[1]) -
				  (long long)(b[1] - a[1]) * (x - b[0]);
		long long dot = (long long)(b[0] - a[0]) * (x - b[0]) +
				(long long)(b[1] - a[1]) * (y - b[1]);
		if (cross == 0 && dot > 0) {
			b[0] = x;
			b[1] = y;
			return true;
		}
	}
	if (p->n && p->pt[2 * p->n - 2] == x && p->pt[2 * p->n - 1] == y)
		return true;
	if (p->n == p->cap) {
		int cap = p->cap ? 2 * p->cap : 16;
		int *pt = realloc(p->pt, (size_t)cap * 2 * sizeof *pt);
		if (!pt)
			return false;
		p->pt = pt;
		p->cap = cap;
	}
	p->pt[2 * p->n] = x;
	p->pt[2 * p->n + 1] = y;
	p->n++;
	return true;
}

/* The end of run lo..hi nearer to row y. */
static int near_end(int lo, int hi, int y)
{
	return 2 * y <= lo + hi ? lo : hi;
}

/* Writes out p's pending run, leaving it at row `exit` (NONE: wherever it
 * ends). */
static bool poly_settle(struct poly *p, int exit)
{
	int x = Q * p->col, lo = p->lo, hi = p->hi, entry = p->entry;

	if (lo == hi)
		return poly_add(p, x, Q * lo);
	if (entry == NONE && exit == NONE)
		return poly_add(p, x, Q * lo) && poly_add(p, x, Q * hi);
	if (entry == NONE)
		entry = exit == lo ? hi : lo;
	if (exit == NONE)
		exit = entry == lo ? hi : lo;
	if (!poly_add(p, x - 1, Q * entry))
		return false;
	if (exit == entry && !poly_add(p, x, Q * (entry == lo ? hi : lo)))
		return false;
	return poly_add(p, x + 1, Q * exit);
}

static void put_poly(FILE *f, const struct poly *p, int rgb)
{
	const double ux = (double)DOT_W / Q, uy = (double)DOT_H / Q;

	if (p->n == 1) {
		fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"1.2\" fill=\"",
			p->pt[0] * ux + DOT_W / 2.0,
			p->pt[1] * uy + DOT_H / 2.0);
		put_colour(f, rgb);
		fputs("\"/>\n", f);
		return;
	}
	fputs("<polyline points=\"", f);
	for (int i = 0; i < p->n; i++)
		fprintf(f, "%s%g,%g", i ? " " : "",
			p->pt[2 * i] * ux + DOT_W / 2.0,
			p->pt[2 * i + 1] * uy + DOT_H / 2.0);
	fputs("\" stroke=\"", f);
	put_colour(f, rgb);
	fputs("\"/>\n", f);
}

/* Writes and drops the polylines whose pending run is left of column col. */
static void polys_flush(struct polyset *ps, FILE *f, int col, int rgb)
{
	int k = 0;

	for (int i = 0; i < ps->n; i++) {
		struct poly *p = &ps->p[i];
		if (p->col >= col) {
			ps->p[k++] = *p;
			continue;
		}
		if (poly_settle(p, NONE))
			put_poly(f, p, rgb);
		else
			ps->oom = true;
		free(p->pt);
	}
	ps->n = k;
}

static struct poly *polys_new(struct polyset *ps)
{
	if (ps->n == ps->cap) {
		int cap = ps->cap ? 2 * ps->cap : 8;
		struct poly *p = realloc(ps->p, (size_t)cap * sizeof *p);
		if (!p)
			return NULL;
		ps->p = p;
		ps->cap = cap;
	}
	ps->p[ps->n] = (struct poly){ NULL, 0, 0, 0, 0, 0, NONE };
	return &ps->p[ps->n++];
}

/* Adds the run of dots y0..y1 in column x: it continues a polyline whose
 * pending run, in the previous column, touches it (also diagonally), else
 * starts a new one. A new one begins at the nearest dot of a touching run of
 * the previous column (prev) when there is one, so that a branch, like the
 * second side of a peak, stays joined to its stem. */
static void polys_run(struct polyset *ps, int x, int y0, int y1,
		      const struct runs *prev)
{
	struct poly *p = NULL;
	int from = NONE;	/* the row the polyline arrives from */

	for (int i = 0; i < ps->n && !p; i++) {
		struct poly *q = &ps->p[i];
		if (q->col == x - 1 && y0 <= q->hi + 1 && y1 >= q->lo - 1)
			p = q;
	}
	if (p) {
		int exit = near_end(p->lo, p->hi, (y0 + y1) / 2);
		if (!poly_settle(p, exit))
			ps->oom = true;
		from = exit;
	} else {
		p = polys_new(ps);
		if (!p) {
			ps->oom = true;
			return;
		}
		for (int i = 0; i < prev->n && from == NONE; i++) {
			int lo = prev->y[2 * i], hi = prev->y[2 * i + 1];
			if (y0 <= hi + 1 && y1 >= lo - 1) {
				from = near_end(lo, hi, (y0 + y1) / 2);
				if (!poly_add(p, Q * (x - 1), Q * from))
					ps->oom = true;
			}
		}
	}
	p->col = x;
	p->lo = y0;
	p->hi = y1;
	p->entry = from == NONE ? NONE : near_end(y0, y1, from);
}

static bool put_role_curves(const struct svg *s, int role)
{
	struct polyset ps = { NULL, 0, 0, false };
	int rgb = resolve(palette_role_fg((enum role)role, COLOR_RGB,
					  s->theme),
			  s->ink);
	int xdots = 2 * s->w, ydots = 4 * s->h;
	struct runs prev = { malloc((size_t)(ydots + 2) * sizeof(int)), 0 };
	struct runs cur = { malloc((size_t)(ydots + 2) * sizeof(int)), 0 };

	ps.oom = !prev.y || !cur.y;
	for (int x = 0; x < xdots && !ps.oom; x++) {
		struct runs t;
		cur.n = 0;
		for (int y = 0; y < ydots && !ps.oom; y++) {
			int y1 = y;
			if (!dot_at(s, x, y, role))
				continue;
			while (y1 + 1 < ydots && dot_at(s, x, y1 + 1, role))
				y1++;
			polys_run(&ps, x, y, y1, &prev);
			cur.y[2 * cur.n] = y;
			cur.y[2 * cur.n + 1] = y1;
			cur.n++;
			y = y1;
		}
		polys_flush(&ps, s->f, x, rgb);
		t = prev;
		prev = cur;
		cur = t;
	}
	polys_flush(&ps, s->f, xdots + 1, rgb);
	for (int i = 0; i < ps.n; i++)
		free(ps.p[i].pt);
	free(ps.p);
	free(prev.y);
	free(cur.y);
	return !ps.oom;
}

static bool put_curves(const struct svg *s)
{
	bool present[256] = { false };

	for (int y = 0; y < s->h; y++) {
		const struct cell *r = canvas_row(s->c, y);
		for (int x = 0; x < s->w; x++)
			if (r[x].kind == CELL_BRAILLE && r[x].ch != 0x2800)
				present[r[x].fg] = true;
	}
	fputs("<g id=\"curves\" fill=\"none\" stroke-width=\"1.6\" "
	      "stroke-linejoin=\"round\" stroke-linecap=\"round\">\n", s->f);
	for (int role = 0; role < 256; role++)
		if (present[role] && !put_role_curves(s, role))
			return false;
	fputs("</g>\n", s->f);
	return true;
}

/* ---- text ---- */

static bool same_ink(const struct ink *a, const struct ink *b)
{
	return a->fg == b->fg && a->attr == b->attr;
}

/* A text cell: ink that is not drawn as a box line. */
static bool text_ink(const struct svg *s, const struct cell *a, struct ink *k)
{
	return cell_ink(s, a, k) && !box_arms(k->ch);
}

/* Blank cells may sit inside a run of text: spaces, and the right halves of
 * wide characters. */
static bool blank_cell(const struct cell *a)
{
	return a->kind == CELL_CONT || (a->kind == CELL_TEXT && a->ch == ' ');
}

/* Writes the run of cells x0..x1 (inclusive) of row y in look k. */
static void put_text_run(const struct svg *s, int y, int x0, int x1,
			 const struct ink *k)
{
	const struct cell *r = canvas_row(s->c, y);
	FILE *f = s->f;

	fprintf(f, "<text x=\"%d\" y=\"%d\"", x0 * CW, y * CH + BASELINE);
	if (x1 > x0)
		fprintf(f, " textLength=\"%d\"", (x1 - x0 + 1) * CW);
	fputs(" fill=\"", f);
	put_colour(f, k->fg);
	fputc('"', f);
	if (k->attr & ATTR_BOLD)
		fputs(" font-weight=\"bold\"", f);
	if (k->attr & ATTR_DIM)
		fputs(" opacity=\"0.6\"", f);
	if (k->attr & ATTR_UNDERLINE)
		fputs(" text-decoration=\"underline\"", f);
	fputc('>', f);
	for (int x = x0; x <= x1; x++)
		if (r[x].kind != CELL_CONT)
			put_xml_cp(f, r[x].ch);
	fputs("</text>\n", f);
}

/* Whether cell x of row r is a wide character (two cells: CJK). */
static bool wide_cell(const struct svg *s, const struct cell *r, int x)
{
	return x + 1 < s->w && r[x + 1].kind == CELL_CONT;
}

/* A run takes the cells of one look and one width, and the blanks between
 * them; it ends before a cell of another look or width, a box line, heat or
 * braille, and it never ends on a blank (unless a wide character's right
 * half). Wide characters make runs of their own without spaces: a font's
 * CJK glyphs are not twice its Latin ones, and textLength spreads a run's
 * glyphs evenly, so only a run of one width keeps every glyph on its
 * cells. */
static void put_text_row(const struct svg *s, int y)
{
	const struct cell *r = canvas_row(s->c, y);

	for (int x = 0; x < s->w;) {
		struct ink k, n;
		bool wide = wide_cell(s, r, x);
		int end;
		if (!text_ink(s, &r[x], &k)) {
			x++;
			continue;
		}
		end = x;
		for (int i = x + 1; i < s->w; i++) {
			if (r[i].kind == CELL_CONT) {
				if (end == i - 1)
					end = i;
				continue;
			}
			if (blank_cell(&r[i]) && wide)
				break;
			if (blank_cell(&r[i]))
				continue;
			if (!text_ink(s, &r[i], &n) || !same_ink(&k, &n) ||
			    wide_cell(s, r, i) != wide)
				break;
			end = i;
		}
		put_text_run(s, y, x, end, &k);
		x = end + 1;
	}
}

static void put_text(const struct svg *s)
{
	fputs("<g id=\"text\" xml:space=\"preserve\">\n", s->f);
	for (int y = 0; y < s->h; y++)
		put_text_row(s, y);
	fputs("</g>\n", s->f);
}

/* ---- the document ---- */

int export_svg(FILE *out, const struct canvas *c, const struct svg_opts *o)
{
	/* The any theme's colours are 4.5:1 on black and on white, and
	 * only 3.8:1 on the dark page's #1c1c1c: its page is white. */
	bool light = o->theme == THEME_LIGHT || o->theme == THEME_ANY;
	struct svg s = { out, c, o->palette, canvas_width(c), canvas_height(c),
			 o->theme,
			 light ? EXPORT_SVG_LIGHT_PAGE : EXPORT_SVG_PAGE,
			 light ? EXPORT_SVG_LIGHT_INK : EXPORT_SVG_INK };
	int *row = malloc((size_t)(s.w > 0 ? s.w : 1) * sizeof *row);
	bool ok;

	if (!row) {
		errno = ENOMEM;
		return -1;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"" EXPORT_SVG_FONTS "\" font-size=\"16\">\n",
		s.w * CW, s.h * CH, s.w * CW, s.h * CH);
	if (o->title) {
		fputs("<title>", out);
		export_svg_text(out, o->title);
		fputs("</title>\n", out);
	}
	fputs("<rect id=\"page\" width=\"100%\" height=\"100%\" fill=\"", out);
	put_colour(out, s.page);
	fputs("\"/>\n", out);
	put_background(&s, row);
	put_heat(&s, row);
	put_lines(&s);
	ok = put_curves(&s);
	free(row);
	if (!ok) {
		errno = ENOMEM;
		return -1;
	}
	put_text(&s);
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
