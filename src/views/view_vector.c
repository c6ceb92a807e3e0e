/* view_vector.c - PE(pos) as numbers, to check one's own implementation
 * against: one line per dimension with its value, a bar of it, whether it
 * is a sine or a cosine, and of which pair.
 *
 *   ┌ Vector PE(37) ─────────────────────────────────────────────────┐
 *   │pos=37  d=512  base=10000  interleaved                            │
 *   │‖PE‖² = 256  (d/2 = 256, off by 0)   dim 0 = -0.6435381333569995  │
 *   │ dim  value    -1   0   +1  fn  pair     dim  value    -1 ...     │
 *   │▶  0  -0.6435     ▐██       sin i=0        32   0.1234  ...       │
 *   │   1   0.7654       ███▌    cos i=0        33   ...               │
 *   │sin ◆▒▓░ ... (every pair's sine, a heat cell each)   i=0–255       │
 *   │cos ▓░▒█ ... (and its cosine)                                       │
 *   │dims 0-63 of 512   x/X: scroll by 16   c/C: all 17 digits         │
 *   └──────────────────────────────────────────────────────────────────┘
 *
 * The digits knob (c/C, :digits few|all): by default each value has 4
 * decimals, aligned on the point ("% .4f"), and values under 1e-3 in size
 * two significant digits ("% .1e", the same width and point), so that the
 * columns read at a glance; "all" prints %.17g, enough to read back the
 * same double. The selected dimension's value is always given whole on
 * the second line, and --vector and --dump write every digit.
 *
 * Each value has a bar from 0, left for negative and right for positive,
 * in half cells over 4 cells each way, in the sine's or the cosine's
 * curve colour (as in the waveforms), where two columns of entries keep
 * them or they cost none, and otherwise a swatch, a cell in the heatmap's
 * colour of the value (the last column of its field, which a value never
 * fills): the
 * pattern shows without reading digits, fast pairs' values scattered, slow
 * pairs' sines near 0 and cosines near 1. Dimensions fill columns top to
 * bottom, as many columns as fit and the dimensions need (no column of
 * heads without rows), from the scroll knob on; the layout's explanation
 * joins the first line when it fits. When the entries cannot list every
 * dimension (d 128 at 80x24 lists 28), two rows above the footer show the
 * whole vector, the sines of pairs 0.. across and their cosines under
 * them, a heat cell each (means of neighbouring pairs where they
 * outnumber the columns), so the pattern of every dimension shows and the
 * footer says how to scroll to its numbers. The row is cached by (parameters,
 * position): its norm needs all d values. */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"
#include "render/cache.h"
#include "render/colour_bar.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/pe.h"
#include "render/plot.h"
#include "views/panel.h"

enum { K_SCROLL, K_DIGITS };	/* the knobs */
enum { DIGITS_FEW, DIGITS_ALL };	/* the digits knob's choices */

enum {
	VALUE_ALL_W = 24,	/* "% .17g" of a value in [-1, 1], at most
				   "-1.2345678901234567e-05" (23), a blank */
	VALUE_FEW_W = 9,	/* "% .4f" or "% .1e": at most "-1.2e-05"
				   (8), a blank */
	VALUE_FEW_MAX = VALUE_FEW_W - 1,	/* the longest such value */
	BAR_HALF = 4,		/* cells of a bar on each side of 0 */
	BAR_W = 2 * BAR_HALF + 3,	/* the bar, its 0 line, two blanks
					 * (with one, the heads read "+1 fn") */
	COL_GAP = 2,		/* blanks between columns */
	BAR_COLS_MIN = 2,	/* fewer columns with bars: bars left out */
	LINE_MAX = 256,
	STRIP_ROWS = 2,		/* the whole vector: a row of sines, one of
				   cosines */
	STRIP_LABEL_W = 4,	/* "sin " */
	STRIP_MIN_W = 8,	/* narrower: no strip */
	STRIP_SCALE_CELLS = 5,	/* the strip's scale: -1, -0.5, 0, 0.5, 1 */
	STRIP_MIN_ENTRIES = 4	/* rows of entries it must leave */
};

/* By size (views/panel.h): the norm's line under the header from 2
 * rows inside, the footer from 3. */
static const struct tier norm_line[] = { { 0, 2, 1 } };
static const struct tier footer_line[] = { { 0, 3, 1 } };

static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style sel_style = { ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD };

/* The row PE(pos) for the parameters it was computed with, and each
 * pair's omega for d and base: a new position then costs a sin and a cos
 * per pair instead of pe_row's pow, sin and cos. */
struct vector_ctx {
	struct cache omega;	/* d/2 omegas, for (d, base) */
	struct cache row;	/* d values, for (d, base, layout, pos) */
};

/* PE(pos) for s, from the cache when it holds it; NULL when out of memory.
 * The values are pe_row's to the bit: the same products pos * pe_omega,
 * the same sin and cos. */
static const double *row_get(struct vector_ctx *ctx, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	double pos = (double)s->cur.pos;
	struct cache_key ko = { { p->d_model, p->base } };
	struct cache_key kr = { { p->d_model, p->base, p->layout, pos } };
	size_t h = (size_t)(p->d_model / 2);
	double *omega, *row;

	if (cache_ready(&ctx->row, &kr))
		return cache_get(&ctx->row);
	omega = CACHE_MEM(&ctx->omega, double, h);
	row = CACHE_MEM(&ctx->row, double, 2 * h);
	if (!omega || !row)
		return NULL;
	if (cache_start(&ctx->omega, &ko, 0) || !cache_done(&ctx->omega)) {
		for (size_t i = 0; i < h; i++)
			omega[i] = pe_omega(p, (int)i);
		cache_finish(&ctx->omega);
	}
	cache_start(&ctx->row, &kr, 0);
	for (size_t i = 0; i < h; i++) {
		double angle = pos * omega[i];

		row[pe_dim_of(p, (int)i, PE_SIN)] = sin(angle);
		row[pe_dim_of(p, (int)i, PE_COS)] = cos(angle);
	}
	cache_finish(&ctx->row);
	return row;
}

static int digits(long long v)
{
	char buf[24];

	return snprintf(buf, sizeof buf, "%lld", v);
}

/* Widths of the parts of one entry: marker, dim, value and its swatch,
 * the bar (bar_w: BAR_W or 0), "sin", pair. */
struct entry_geom {
	int dim_w, value_w, pair_w, bar_w, width;
};

static struct entry_geom entry_geom(const struct state *s, int bar_w)
{
	const struct pe_params *p = &s->cur.pe;
	struct entry_geom g;

	g.dim_w = digits(p->d_model - 1) > 3 ? digits(p->d_model - 1) : 3;
	g.value_w = state_view_knob(s, K_DIGITS) == DIGITS_ALL ? VALUE_ALL_W
							       : VALUE_FEW_W;
	g.pair_w = 2 + digits(p->d_model / 2 - 1);	/* "i=" and digits */
	g.bar_w = bar_w;
	g.width = 1 + g.dim_w + 2 + g.value_w + bar_w + 4 + g.pair_w;
	return g;
}

/* v as the digits knob prints it: "% .17g", or 4 decimals on the point,
 * and under 1e-3 in size (not 0) two significant digits with the point in
 * the same place: " 0.9994", "-0.5440", " 1.2e-05". */
static void value_text(const struct state *s, double v, char *buf, size_t n)
{
	if (state_view_knob(s, K_DIGITS) == DIGITS_ALL)
		snprintf(buf, n, "% .17g", v);
	else if (v != 0.0 && fabs(v) < 1e-3)
		snprintf(buf, n, "% .1e", v);
	else
		snprintf(buf, n, "% .4f", v);
}

/* Columns of entries of geometry g in w columns, at most as many as the
 * dims from `first` on need with `rows` a column (no empty ones). */
static int columns(const struct entry_geom *g, int w, int rows, int left)
{
	int cols = (w + COL_GAP) / (g->width + COL_GAP);

	if (cols < 1)
		cols = 1;
	if (rows >= 1 && cols > (left + rows - 1) / rows)
		cols = (left + rows - 1) / rows;
	return cols;
}

static void draw_header(const struct state *s, struct canvas *c,
			struct rect in, const double *row)
{
	const struct pe_params *p = &s->cur.pe;
	char line[LINE_MAX], base[40], norm[40], off[40], exact[80];
	double sum = 0.0, half = p->d_model / 2;
	int at;
	const char *name = p->layout == PE_INTERLEAVED
			   ? tr(s->lang, "interleaved")
			   : tr(s->lang, "concat");
	const char *lay = p->layout == PE_INTERLEAVED
			  ? tr(s->lang, ": sin at even dims, cos at odd")
			  : tr(s->lang, ": sines first, then cosines");

	/* The layout's explanation only when it fits whole. */
	fmt_double_shortest(p->base, base, sizeof base);
	snprintf(line, sizeof line, "pos=%lld  d=%d  base=%s  %s%s", s->cur.pos,
		 p->d_model, base, name, lay);
	if (utf8_width(line) > in.w)
		line[strlen(line) - strlen(lay)] = '\0';
	canvas_text(c, in.x, in.y, in.w, line, text_style);
	if (!TIER(norm_line, in.w, in.h))
		return;
	for (int k = 0; k < p->d_model; k++)
		sum += row[k] * row[k];
	snprintf(norm, sizeof norm, "%.17g", sum);
	fmt_double_compact(fabs(sum - half), 2, off, sizeof off);
	snprintf(line, sizeof line, tr(s->lang, "%s = %s  (d/2 = %d, off by %s)"),
		 s->ascii ? "|PE|^2" : "‖PE‖²", norm, p->d_model / 2, off);
	at = canvas_text(c, in.x, in.y + 1, in.w, line, text_style);
	/* the selected value whole, when it fits */
	snprintf(exact, sizeof exact, tr(s->lang, "   dim %d = %.17g"), s->cur.dim,
		 row[s->cur.dim]);
	if (at + utf8_width(exact) <= in.w)
		canvas_text(c, in.x + at, in.y + 1, in.w - at, exact, sel_style);
}

/* Value v's bar in the 2 * BAR_HALF + 1 cells from column x, whose middle
 * one is the 0 line: |v| in half cells (rounded, 0 to 2 * BAR_HALF), full
 * blocks from the 0 line out and a half block at the tip, on the side of
 * the line. ASCII: '#' for a full cell, '+' for a half, '|' for 0. */
static void draw_bar(const struct state *s, struct canvas *c, int x, int y,
		     int end, double v, enum role fg)
{
	struct style st = { (uint8_t)fg, ROLE_DEFAULT, 0 };
	int halves = (int)lround(fabs(v) * 2 * BAR_HALF);
	bool neg = v < 0;

	if (halves > 2 * BAR_HALF)
		halves = 2 * BAR_HALF;
	if (x + BAR_HALF < end)
		canvas_put(c, x + BAR_HALF, y, s->ascii ? '|' : 0x2502,
			   (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	for (int k = 0; k < (halves + 1) / 2; k++) {
		bool half = 2 * k + 1 == halves;
		int col = neg ? x + BAR_HALF - 1 - k : x + BAR_HALF + 1 + k;
		uint32_t g = s->ascii ? (half ? '+' : '#')
			   : half ? (neg ? 0x2590 : 0x258c) : 0x2588;

		if (col < end)
			canvas_put(c, col, y, g, st);
	}
}

/* One entry "▶ 12  -0.54030230586813977   ▐███     cos i=6" at (x, y). */
static void draw_entry(const struct state *s, struct canvas *c, int x, int y,
		       int max, const struct entry_geom *g, const double *row,
		       int dim)
{
	const struct pe_params *p = &s->cur.pe;
	bool sel = dim == s->cur.dim, sine = pe_fn_of(p, dim) == PE_SIN;
	char line[LINE_MAX], pair[24], value[32];
	int bar_x = x + 1 + g->dim_w + 2 + g->value_w;

	if (sel)
		canvas_put(c, x, y, s->ascii ? '>' : 0x25b6, sel_style);
	snprintf(pair, sizeof pair, "i=%d", pe_pair_of(p, dim));
	value_text(s, row[dim], value, sizeof value);
	snprintf(line, sizeof line, "%*d  %-*s%*s%s %s", g->dim_w, dim,
		 g->value_w, value, g->bar_w, "", sine ? "sin" : "cos", pair);
	canvas_text(c, x + 1, y, max - 1, line, sel ? sel_style : text_style);
	if (g->bar_w) {
		int fn_x = bar_x + g->bar_w;

		draw_bar(s, c, bar_x, y, x + max, row[dim],
			 sine ? ROLE_TRACE1 : ROLE_TRACE2);
		/* "sin" and "cos" in their bars' colours: the key of them */
		if (fn_x + 3 <= x + max)
			canvas_text(c, fn_x, y, 3, sine ? "sin" : "cos",
				    (struct style){ sine ? ROLE_TRACE1 : ROLE_TRACE2,
						    ROLE_DEFAULT, sel ? ATTR_BOLD : 0 });
	}
	else if (bar_x - 1 < x + max)
		canvas_half_cell(c, bar_x - 1, y, row[dim], row[dim]);
}

/* The heads of one column of entries at (x, y), each over its part of
 * draw_entry's line, cut at end. */
static void draw_column_heads(const struct state *s, struct canvas *c, int x,
			      int y, int end, const struct entry_geom *g)
{
	const char *dim = tr(s->lang, "dim"), *fn = tr(s->lang, "fn");
	/* A head wider than "sin" starts in the blank that ends a value. */
	int bar = 1 + g->dim_w + 2 + g->value_w;
	const int at[7] = { 1 + g->dim_w - utf8_width(dim), 1 + g->dim_w + 2,
			    bar + g->bar_w - (utf8_width(fn) > 3),
			    bar + g->bar_w + 4,
			    bar, bar + BAR_HALF,
			    /* "+1" ends on the bar's last cell, or one before it
			     * when the wide head starts in the blank after it
			     * ("+1 函数", not "+1函数") */
			    bar + 2 * BAR_HALF - 1 - (utf8_width(fn) > 3) };
	const char *head[7] = { dim, tr(s->lang, "value"), fn,
				tr(s->lang, "pair"), "-1", "0", "+1" };
	int heads = g->bar_w ? 7 : 4;

	for (int k = 0; k < heads; k++)
		if (x + at[k] < end)
			canvas_text(c, x + at[k], y, end - x - at[k], head[k],
				    dim_style);
}

/* The whole vector in two rows at y: the sines of pairs 0, 1, ... across,
 * the cosines under them, each a cell in the heatmap's colour of its
 * value, so that the pattern of every dimension shows when the entries
 * list only some: fast pairs scattered, slow pairs' sines near 0 and
 * cosines near 1. Where the pairs outnumber the columns a cell is the
 * mean of the pairs it covers (plot_col_items), as the heatmap's are,
 * and the caption says how many. The selected dimension's cell has a
 * mark; "i=0–63" follows the strip, and under it, where a cell is one
 * pair, the ramp from −1 to +1 (what red means). */
static void draw_strip(const struct state *s, struct canvas *c,
		       struct rect in, int y, const double *row)
{
	const struct pe_params *p = &s->cur.pe;
	int h = p->d_model / 2, x0 = in.x + STRIP_LABEL_W;
	int w = in.w - STRIP_LABEL_W, n = h < w ? h : w, at;
	int sel = pe_pair_of(p, s->cur.dim);
	bool sel_sin = pe_fn_of(p, s->cur.dim) == PE_SIN;
	long long most = 0, least = h;
	char text[LINE_MAX], range[32];

	snprintf(range, sizeof range, "i=0%s%d", s->ascii ? "-" : "–", h - 1);
	if (h + 1 + utf8_width(range) > w) {
		/* Means: the strip leaves room for its caption, which says
		 * so (the widest it can be: the pairs of a cell, rounded
		 * up and down, for the narrowest strip it leaves). */
		int cap = utf8_width(range);

		for (int k = 0; k < 2; k++) {
			int m = w - 1 - cap > 1 ? w - 1 - cap : 1;
			long long hi = (h + m - 1) / m;

			snprintf(text, sizeof text, tr(s->lang, "means of %lld-%lld pairs"),
				 hi - 1 > 0 ? hi - 1 : 1, hi);
			cap = utf8_width(text) > cap ? utf8_width(text) : cap;
		}
		n = w - 1 - cap >= STRIP_MIN_W ? w - 1 - cap : (h < w ? h : w);
	}

	canvas_text(c, in.x, y, STRIP_LABEL_W, "sin", dim_style);
	canvas_text(c, in.x, y + 1, STRIP_LABEL_W, "cos", dim_style);
	for (int j = 0; j < n; j++) {
		long long lo, cnt;
		double ms = 0.0, mc = 0.0;

		plot_col_items(0, h, n, j, &lo, &cnt);
		for (long long i = lo; i < lo + cnt; i++) {
			ms += row[pe_dim_of(p, (int)i, PE_SIN)];
			mc += row[pe_dim_of(p, (int)i, PE_COS)];
		}
		ms /= (double)cnt;
		mc /= (double)cnt;
		canvas_half_cell(c, x0 + j, y, ms, ms);
		canvas_half_cell(c, x0 + j, y + 1, mc, mc);
		if (sel >= lo && sel < lo + cnt)
			canvas_half_mark(c, x0 + j, sel_sin ? y : y + 1,
					 s->ascii ? '*' : 0x25c6, ROLE_CURSOR,
					 ATTR_BOLD);
		most = cnt > most ? cnt : most;
		least = cnt < least ? cnt : least;
	}
	at = x0 + n + 1;
	if (at + utf8_width(range) <= in.x + in.w)
		canvas_text(c, at, y, in.x + in.w - at, range, dim_style);
	if (most == 1)
		/* what the cells' colours mean, where the cos row has room */
		colour_bar_draw_row(c, at, y + 1, in.x + in.w - at, STRIP_SCALE_CELLS,
				    !s->ascii, dim_style);
	if (most > 1) {
		if (least == most)
			snprintf(text, sizeof text, tr(s->lang, "means of %lld pairs"),
				 most);
		else
			snprintf(text, sizeof text, tr(s->lang, "means of %lld-%lld pairs"),
				 least, most);
		if (at + utf8_width(text) <= in.x + in.w)
			canvas_text(c, at, y + 1, in.x + in.w - at, text, dim_style);
	}
}

/* The geometry and the columns of the entries in w columns with `rows`
 * a column, from dim `first` on: bars where two columns of entries keep
 * them, or where they cost none; else swatches. */
static int entries_fit(const struct state *s, int w, int rows, int first,
		       struct entry_geom *g)
{
	struct entry_geom bare = entry_geom(s, 0);
	int left = s->cur.pe.d_model - first;
	int cols, more;

	*g = entry_geom(s, BAR_W);
	cols = columns(g, w, rows, left);
	more = columns(&bare, w, rows, left);
	if (more > cols && cols < BAR_COLS_MIN) {
		*g = bare;
		cols = more;
	}
	return cols;
}

static void vector_draw(const struct state *s, void *ctx, struct canvas *c,
			struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	const struct pe_params *p = &s->cur.pe;
	struct rect in;
	struct entry_geom g;
	const double *row = row_get(ctx, s);
	char title[64], line[LINE_MAX];
	int y, rows, cols, first = (int)state_view_knob(s, K_SCROLL), last;
	bool strip;

	canvas_fill(c, r, ' ', text_style);
	snprintf(title, sizeof title, tr(s->lang, "Vector PE(%lld)"),
		 s->cur.pos);
	in = panel_open(c, r, title, NULL);
	if (in.w < 1 || in.h < 1 || !row) {
		canvas_set_clip(c, old);
		return;
	}
	draw_header(s, c, in, row);
	y = in.y + 2;
	rows = in.y + in.h - 1 - (y + 1);	/* minus column heads, footer */
	cols = entries_fit(s, in.w, rows, first, &g);
	/* When the entries cannot list every dimension, the whole vector's
	 * strip above the footer, where it leaves rows enough. */
	strip = rows - STRIP_ROWS >= STRIP_MIN_ENTRIES &&
		in.w >= STRIP_LABEL_W + STRIP_MIN_W &&
		(first > 0 || (long long)cols * rows < p->d_model);
	if (strip) {
		rows -= STRIP_ROWS;
		cols = entries_fit(s, in.w, rows, first, &g);
		draw_strip(s, c, in, in.y + in.h - 1 - STRIP_ROWS, row);
	}
	if (rows >= 1) {
		for (int k = 0; k < cols; k++)
			draw_column_heads(s, c, in.x + k * (g.width + COL_GAP),
					  y, in.x + in.w, &g);
		y++;
		for (int k = 0; k < cols; k++)
			for (int j = 0; j < rows; j++) {
				int dim = first + k * rows + j;
				int x = in.x + k * (g.width + COL_GAP);

				if (dim >= p->d_model)
					break;
				draw_entry(s, c, x, y + j, in.x + in.w - x, &g,
					   row, dim);
			}
	}
	if (rows < 1)
		rows = 0;
	last = first + cols * rows - 1;
	if (last > p->d_model - 1)
		last = p->d_model - 1;
	if (first == 0 && last == p->d_model - 1)
		snprintf(line, sizeof line, tr(s->lang, "all %d dims"), p->d_model);
	else if (last >= first)
		snprintf(line, sizeof line, tr(s->lang,
			 "dims %d-%d of %d   x/X: scroll by 16"),
			 first, last, p->d_model);
	else
		snprintf(line, sizeof line, tr(s->lang, "d=%d   x/X: scroll by 16"),
			 p->d_model);
	if (TIER(footer_line, in.w, in.h)) {
		const char *more = state_view_knob(s, K_DIGITS) == DIGITS_ALL
			? tr(s->lang, "   c/C: 4 decimals")
			: tr(s->lang, "   c/C: all 17 digits");
		int at = canvas_text(c, in.x, in.y + in.h - 1, in.w, line,
				     dim_style);

		if (at + utf8_width(more) <= in.w)
			canvas_text(c, in.x + at, in.y + in.h - 1, in.w - at,
				    more, dim_style);
	}
	canvas_set_clip(c, old);
}

static const char *digits_name(int i)
{
	static const char *const n[] = { "few", "all" };

	return n[i];
}

static void vector_free(void *data)
{
	struct vector_ctx *ctx = data;

	cache_free(&ctx->omega);
	cache_free(&ctx->row);
}

const struct view_spec view_vector = {
	.name = "vector",
	.said = N_("vector view"),
	.title = N_("PE(pos) as numbers, to check your own code"),
	.point = N_("the numbers of PE(pos) and their pattern: sin and cos in turn, fast pairs first"),
	.command = "vector",
	.command_help = N_(":vector   PE(pos) as numbers (:view vector)"),
	.nknobs = 2,
	.knob = { {
		.word = "scroll",
		.help = N_("first dimension listed"),
		.kind = KNOB_INT, .lo = 0, .top = KNOB_TOP_LAST_DIM,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_ADD, 16,
			    N_("scroll up / down") } },
	}, {
		.word = "digits",
		.help = N_("digits of each value: few (4 decimals, aligned on the point) or all (%.17g, enough to read back the same double)"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = DIGITS_ALL,
		.start = KNOB_START_INIT, .init = DIGITS_FEW,
		.choice = digits_name,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_CYCLE, 1, N_("digits few / all") } },
	} },
	.draw = vector_draw,
	.ctx_size = sizeof(struct vector_ctx),
	.ctx_free = vector_free,
};
