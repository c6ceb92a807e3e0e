/* test_vector_bars.c - the vector view draws a bar per value (issue 19,
 * item 10), read back from the screen: on every entry row, the cells of
 * block glyphs left or right of the 0 line count |value| in half cells and
 * lie on the value's side; and every column of heads has entries under
 * it (at d = 64 and 120x40 a third column of heads once stood over
 * nothing). The values are parsed from the row itself (4 decimals by
 * default, %.17g with the digits knob at "all"), and checked against
 * sin/cos of pos * base^(-2i/d) computed here. By default no value takes
 * more than 8 characters (the glance review read "a wall of numbers sized
 * for 17 digits"), at every d and classroom size. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "render/plot.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(vector_bars, .init = utf8_locale);

static struct state vector_state(int d, long long pos)
{
	struct settings st = { { d, 1e4, PE_INTERLEAVED }, 128, pos, 0 };
	struct state s;

	fx_init(&s, &st);
	s.view = VIEW_VECTOR;
	s.screen_w = 120;
	s.screen_h = 40;
	return s;
}

/* How many times `needle` occurs in `hay`. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* The last two blank-separated words of text as an integer and a number,
 * after the bar's blocks at its end. */
static bool last_two(char *text, int *dim, double *v)
{
	char *w[64];
	int n = 0;

	for (char *t = strtok(text, " "); t && n < 64; t = strtok(NULL, " "))
		w[n++] = t;
	while (n > 0 && strspn(w[n - 1], "0123456789-+.e") != strlen(w[n - 1]))
		n--;	/* the bar's blocks */
	/* cppcheck-suppress uninitvar ; w[0..n) is set by the loop */
	if (n < 2 || strspn(w[n - 2], "0123456789") != strlen(w[n - 2]))
		return false;
	*dim = atoi(w[n - 2]);
	*v = strtod(w[n - 1], NULL);
	return true;
}

/* digits: the knob's value; tol: how far a value read may be from the
 * formula's (half the last decimal of "% .4f", or a double's rounding). */
static void bars_read(int digits, double tol)
{
	struct state s = vector_state(64, 10);
	struct canvas *c = canvas_new(120, 40);
	int checked = 0;

	cr_assert_not_null(c);
	s.knob[VIEW_VECTOR][K_DIGITS] = digits;
	fx_draw(&s, c);
	for (int y = 0; y < 40; y++) {
		/* Each 0 line on the row is one entry's bar. */
		for (int x = 0; x < 120; x++) {
			const struct cell *e = canvas_cell(c, x, y);
			char text[SNAP_ROW_MAX];
			int dim, left = 0, right = 0;
			double v, want;

			if (e->ch != 0x2502 || e->fg != ROLE_AXIS)
				continue;
			/* The last two words before the bar: its dim and
			 * value ("  12  -0.54...   ▐██│"). */
			snap_span_text(c, 0, x, y, text);
			if (!last_two(text, &dim, &v))
				continue;
			want = dim % 2 ? cos(10.0 * pow(1e4, -(dim / 2) * 2.0 / 64))
				       : sin(10.0 * pow(1e4, -(dim / 2) * 2.0 / 64));
			cr_assert(fabs(v - want) <= tol, "dim %d reads %.17g, want %.17g",
				  dim, v, want);
			for (int k = 1; k <= 4; k++) {
				uint32_t l = canvas_cell(c, x - k, y)->ch;
				uint32_t r = canvas_cell(c, x + k, y)->ch;

				left += l == 0x2588 ? 2 : l == 0x2590 ? 1 : 0;
				right += r == 0x2588 ? 2 : r == 0x258c ? 1 : 0;
			}
			cr_assert(v < 0 ? right == 0 : left == 0,
				  "dim %d = %g: bar on the wrong side (%d left, %d right)",
				  dim, v, left, right);
			cr_assert_eq(left + right, (int)lround(fabs(want) * 8),
				     "dim %d = %g: a bar of %d half cells", dim, v,
				     left + right);
			checked++;
		}
	}
	cr_assert_eq(checked, 64, "%d of 64 bars found", checked);
	canvas_free(c);
}

Test(vector_bars, a_bar_per_value_its_length_and_side)
{
	bars_read(0, 0.5e-4 + 1e-15);
	bars_read(1, 1e-15);
}

Test(vector_bars, no_column_of_heads_without_entries)
{
	static const int dims[] = { 64, 16, 128, 512 };

	for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
		struct state s = vector_state(dims[k], 42);
		int cols, used;
		char row[SNAP_ROW_MAX];
		struct canvas *c = canvas_new(120, 40);
		int hy;

		cr_assert_not_null(c);
		fx_draw(&s, c);
		hy = snap_find_row(c, " dim  value");
		cr_assert(hy >= 0, "d %d: no column heads", dims[k]);
		snap_row_text(c, hy, row);
		cols = count(row, "dim");
		snap_row_text(c, hy + 1, row);
		used = count(row, "sin i=") + count(row, "cos i=");
		cr_assert_eq(used, cols, "d %d: %d columns of heads, %d with entries",
			     dims[k], cols, used);
		canvas_free(c);
	}
}

/* Where bars would leave one column of entries and cost one (80x24 with
 * all 17 digits: two columns fit, one with bars), each value gets a swatch
 * instead: a heat cell holding the value, which the palette colours as the
 * heatmap does. */
Test(vector_bars, a_swatch_per_value_where_bars_do_not_fit)
{
	struct state s = vector_state(128, 10);
	struct canvas *c = canvas_new(80, 24);
	int swatches = 0, entries = 0;
	char *screen;

	cr_assert_not_null(c);
	s.screen_w = 80;
	s.screen_h = 24;
	s.knob[VIEW_VECTOR][K_DIGITS] = 1;	/* all 17 digits */
	fx_draw(&s, c);
	for (int y = 0; y < 24; y++)
		for (int x = 0; x < 80; x++) {
			const struct cell *e = canvas_cell(c, x, y);
			char text[SNAP_ROW_MAX];
			int dim;
			double v;

			if (e->kind != CELL_HALF)
				continue;
			/* the whole vector's strip is no entry's swatch */
			snap_span_text(c, 1, 5, y, text);
			if (!strcmp(text, "sin ") || !strcmp(text, "cos "))
				continue;
			snap_span_text(c, 0, x, y, text);
			cr_assert(last_two(text, &dim, &v), "a swatch after \"%s\"", text);
			cr_assert(fabs(e->top - v) < 1e-6 && fabs(e->bot - v) < 1e-6,
				  "dim %d = %g: swatch %g/%g", dim, v, e->top, e->bot);
			swatches++;
		}
	screen = snap(c);
	entries = count(screen, "sin i=") + count(screen, "cos i=");
	free(screen);
	cr_assert_geq(entries, 28, "%d entries", entries);
	cr_assert_eq(swatches, entries, "%d swatches for %d entries", swatches,
		     entries);
	canvas_free(c);
}

/* By default: every value in at most 8 characters ("% .4f", or "% .1e"
 * under 1e-3) with its point in the third column of its field, so that a
 * column of values is aligned, a bar (its 0 line) or a swatch on every
 * entry row, and no column of heads without entries, at d 64, 128 and 512
 * and 80x24, 100x30 and 120x40. Read from the cells: the field of a value
 * starts under its column's head "value". */
static void few_digits(int d, int w, int h)
{
	struct state s = vector_state(d, 1000);
	struct canvas *c = canvas_new(w, h);
	int hy, heads = 0, at[8], read = 0;

	cr_assert_not_null(c);
	s.cur.len = 100000;
	s.screen_w = w;
	s.screen_h = h;
	/* the slow pairs too, whose sines are under 1e-3 */
	s.knob[VIEW_VECTOR][K_SCROLL] = d > 64 ? d - 64 : 0;
	fx_draw(&s, c);
	hy = snap_find_row(c, " dim  value");
	cr_assert(hy >= 0, "d %d %dx%d: no heads", d, w, h);
	for (int x = 0; x + 5 <= w && heads < 8; x++)
		if (canvas_cell(c, x, hy)->ch == 'v' &&
		    canvas_cell(c, x + 1, hy)->ch == 'a' &&
		    canvas_cell(c, x + 4, hy)->ch == 'e')
			at[heads++] = x;
	cr_assert_geq(heads, 1);
	for (int k = 0; k < heads; k++) {
		int rows = 0;

		for (int y = hy + 1; y < h - 2; y++) {
			const struct cell *zero = canvas_cell(c, at[k] + 9 + 4, y);
			const struct cell *sw = canvas_cell(c, at[k] + 8, y);
			/* a positive value starts with a blank */
			int x0 = at[k] + (canvas_cell(c, at[k], y)->ch == ' '), n = 0;

			if (canvas_cell(c, at[k] + 2, y)->ch != '.')
				break;
			while (x0 + n < w && canvas_cell(c, x0 + n, y)->ch != ' ')
				n++;
			cr_expect(n >= 1 && n <= 8,
				  "d %d %dx%d: a value of %d characters in row %d",
				  d, w, h, n, y);
			cr_expect(zero->ch == 0x2502 || sw->kind == CELL_HALF,
				  "d %d %dx%d: no bar or swatch in row %d", d, w, h, y);
			rows++;
			read++;
		}
		cr_expect_geq(rows, 1, "d %d %dx%d: column %d of heads has no entries",
			      d, w, h, k);
	}
	cr_expect_geq(read, 16, "d %d %dx%d: %d values read", d, w, h, read);
	canvas_free(c);
}

Test(vector_bars, few_digits_aligned_a_mark_each_no_empty_column)
{
	static const int dims[] = { 64, 128, 512 };
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (size_t k = 0; k < 3; k++)
		for (size_t z = 0; z < 3; z++)
			few_digits(dims[k], sizes[z][0], sizes[z][1]);
}

/* The whole vector at the classroom sizes (the outside review: at 80x24
 * the view listed dims 0-31 of 128 and showed nothing of the rest): the
 * entries list every dim ("all d dims"), or a strip above the footer
 * shows them all, a row "sin" of the pairs' sines and a row "cos" of
 * their cosines, one heat cell a pair, read back from the canvas against
 * sin/cos of pos * base^(-2i/d) computed here; where the pairs outnumber
 * the columns each cell is the mean of the pairs it covers, and the
 * caption says "means of". The strip names its pairs "i=0–(d/2-1)",
 * marks the selected dim's cell, and the footer says how to scroll. */
static void whole_vector(int d, enum pe_layout layout, enum lang lang, int w,
			 int h)
{
	struct settings st = { { d, 1e4, layout }, 128, 10, d > 8 ? 7 : 0 };
	struct state s;
	struct canvas *c = canvas_new(w, h);
	char row[SNAP_ROW_MAX], want[32];
	int ys = -1, n = 0, half = d / 2, marks = 0;
	char *text;

	cr_assert_not_null(c);
	fx_init(&s, &st);
	s.view = VIEW_VECTOR;
	s.lang = lang;
	s.screen_w = w;
	s.screen_h = h;
	fx_draw(&s, c);
	text = snap(c);
	snprintf(want, sizeof want, lang == LANG_ZH ? "全部 %d 维" : "all %d dims", d);
	if (d <= 8) {
		cr_assert_not_null(strstr(text, want),
				   "d %d %dx%d: not every dim listed:\n%s", d, w, h, text);
		free(text);
		canvas_free(c);
		return;
	}
	for (int y = 0; y + 1 < h && ys < 0; y++)
		if (strncmp(snap_span_text(c, 1, 5, y, row), "sin ", 4) == 0 &&
		    strncmp(snap_span_text(c, 1, 5, y + 1, row), "cos ", 4) == 0)
			ys = y;
	cr_assert_geq(ys, 0, "d %d %dx%d %s: no whole-vector strip:\n%s", d, w, h,
		      lang_name(lang), text);
	while (canvas_cell(c, 5 + n, ys)->kind == CELL_HALF)
		n++;
	cr_assert(n >= 8 && n <= half, "d %d %dx%d: %d cells for %d pairs", d, w, h,
		  n, half);
	for (int j = 0; j < n; j++) {
		long long lo, cnt;
		double ms = 0.0, mc = 0.0;
		const struct cell *a = canvas_cell(c, 5 + j, ys);
		const struct cell *b = canvas_cell(c, 5 + j, ys + 1);

		plot_col_items(0, half, n, j, &lo, &cnt);
		cr_assert(n < half || (lo == j && cnt == 1));
		for (long long i = lo; i < lo + cnt; i++) {
			double ang = 10.0 * pow(1e4, -2.0 * (double)i / d);

			ms += sin(ang);
			mc += cos(ang);
		}
		ms /= (double)cnt;
		mc /= (double)cnt;
		cr_assert(b->kind == CELL_HALF, "d %d: cos cell %d", d, j);
		cr_assert(fabs(a->top - ms) < 1e-5 && fabs(a->bot - ms) < 1e-5,
			  "d %d %dx%d: sin cell %d (pairs %lld+%lld) is %g, want %g",
			  d, w, h, j, lo, cnt, a->top, ms);
		cr_assert(fabs(b->top - mc) < 1e-5 && fabs(b->bot - mc) < 1e-5,
			  "d %d %dx%d: cos cell %d is %g, want %g", d, w, h, j, b->top, mc);
		if (a->ch || b->ch) {
			int pair = layout == PE_INTERLEAVED ? s.cur.dim / 2
							    : s.cur.dim % half;
			bool sine = layout == PE_INTERLEAVED ? s.cur.dim % 2 == 0
							     : s.cur.dim < half;

			marks++;
			cr_assert(pair >= lo && pair < lo + cnt && (sine ? a->ch : b->ch),
				  "d %d: a mark on cell %d, dim %d is pair %d", d, j,
				  s.cur.dim, pair);
		}
	}
	cr_assert_eq(marks, 1, "d %d: %d marks", d, marks);
	snprintf(want, sizeof want, "i=0–%d", half - 1);
	cr_assert_not_null(strstr(snap_row_text(c, ys, row), want),
			   "d %d %dx%d: \"%s\": %s", d, w, h, want, row);
	if (n < half)
		cr_assert_not_null(strstr(snap_row_text(c, ys + 1, row),
					  lang == LANG_ZH ? "对的平均" : "means of "),
				   "d %d %dx%d: %s", d, w, h, row);
	cr_assert_not_null(strstr(text, "x/X"), "no scrolling keys:\n%s", text);
	free(text);
	canvas_free(c);
}

Test(vector_bars, the_whole_vector_shows_at_every_size)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	static const int ds[] = { 8, 128, 512, 8192 };
	static const enum lang langs[] = { LANG_EN, LANG_ZH };
	static const enum pe_layout lay[] = { PE_INTERLEAVED, PE_CONCAT };

	for (size_t z = 0; z < 3; z++)
		for (size_t k = 0; k < sizeof ds / sizeof *ds; k++)
			for (size_t l = 0; l < 2; l++)
				for (size_t y = 0; y < 2; y++)
					whole_vector(ds[k], lay[y], langs[l], sizes[z][0],
						     sizes[z][1]);
}

/* The column heads read apart in Chinese at every classroom size: "+1"
 * over the bar's end and "函数" (fn, wider than "sin" under it) keep a
 * blank between them (they once read "+1函数"). */
Test(vector_bars, the_heads_read_apart_in_chinese)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (size_t z = 0; z < 3; z++) {
		struct state s = vector_state(128, 10);
		char *text;

		s.lang = LANG_ZH;
		s.screen_w = sizes[z][0];
		s.screen_h = sizes[z][1];
		text = fx_text(&s, sizes[z][0], sizes[z][1]);
		cr_assert_not_null(strstr(text, "+1  函数"), "%dx%d:\n%s", sizes[z][0],
				   sizes[z][1], text);
		cr_assert_null(strstr(text, "+1 函数"), "%dx%d", sizes[z][0], sizes[z][1]);
		free(text);
	}
}

/* The strip of every pair's sin and cos says what its colours mean: on
 * the cos row, right of the strip, "−1", five cells of the ramp from -1
 * to +1 in order, "+1", at 80x24, 100x30 and 120x40 (d 128: a cell a
 * pair). A glance reviewer had to guess what red meant. */
Test(vector_bars, the_strip_has_its_scale)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (size_t z = 0; z < 3; z++) {
		int w = sizes[z][0], h = sizes[z][1], y;
		struct state s = vector_state(128, 10);
		struct canvas *c = canvas_new(w, h);
		char row[SNAP_ROW_MAX], *at;

		cr_assert_not_null(c);
		fx_draw(&s, c);
		y = snap_find_row(c, "cos ");
		for (int k = y + 1; k < h; k++)	/* the strip's row, the last "cos " */
			if (strncmp(snap_row_text(c, k, row) + strlen("│"), "cos ", 4) == 0)
				y = k;
		snap_row_text(c, y, row);
		at = strstr(row, "−1");
		cr_assert_not_null(at, "%dx%d: no scale on the cos row: %s", w, h, row);
		*at = '\0';
		{
			int x = utf8_width(row) + 2;
			double last = -INFINITY;

			for (int k = 0; k < 5; k++) {
				const struct cell *e = canvas_cell(c, x + k, y);

				cr_assert_eq(e->kind, CELL_HALF, "%dx%d: cell %d", w, h, k);
				cr_assert_gt(e->top, last);
				last = e->top;
			}
			cr_assert_float_eq(canvas_cell(c, x, y)->top, -1.0, 1e-6);
			cr_assert_float_eq(canvas_cell(c, x + 4, y)->top, 1.0, 1e-6);
			cr_assert_eq(canvas_cell(c, x + 5, y)->ch, '+');
		}
		canvas_free(c);
	}
}

/* A glance review of the vector view: "+1 fn" in the heads ran together,
 * and nothing said that green bars are sines and red ones cosines. The
 * heads "+1" and "fn" stand two blanks apart, and on every entry row the
 * word "sin" or "cos" is in the colour of its row's bar, at 80x24 and
 * 120x40. */
Test(vector_bars, the_heads_read_apart_and_fn_names_the_bar_colour)
{
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };

	for (size_t z = 0; z < 2; z++) {
		struct state s = vector_state(128, 10);
		struct canvas *c = canvas_new(sizes[z][0], sizes[z][1]);
		char *text;
		int rows = 0;

		s.screen_w = sizes[z][0];
		s.screen_h = sizes[z][1];
		text = fx_text(&s, sizes[z][0], sizes[z][1]);
		cr_assert_not_null(strstr(text, "+1  fn"), "%dx%d:\n%s", sizes[z][0],
				   sizes[z][1], text);
		cr_assert_null(strstr(text, "+1 fn"), "%dx%d", sizes[z][0], sizes[z][1]);
		free(text);
		cr_assert_not_null(c);
		fx_draw(&s, c);
		for (int y = 0; y < sizes[z][1]; y++)
			for (int x = 0; x + 3 < sizes[z][0]; x++) {
				const struct cell *e = canvas_cell(c, x, y);
				bool sine = e->ch == 's' && canvas_cell(c, x + 1, y)->ch == 'i' &&
					    canvas_cell(c, x + 2, y)->ch == 'n' &&
					    canvas_cell(c, x + 3, y)->ch == ' ' &&
					    canvas_cell(c, x + 4, y)->ch == 'i';
				bool cosine = e->ch == 'c' && canvas_cell(c, x + 1, y)->ch == 'o' &&
					      canvas_cell(c, x + 2, y)->ch == 's' &&
					      canvas_cell(c, x + 3, y)->ch == ' ' &&
					      canvas_cell(c, x + 4, y)->ch == 'i';
				uint8_t bar = ROLE_COUNT;

				if (!sine && !cosine)
					continue;
				/* the bar's cells left of the word */
				for (int k = x - 1; k > x - 12 && k >= 0; k--)
					if (canvas_cell(c, k, y)->ch >= 0x2588 &&
					    canvas_cell(c, k, y)->ch <= 0x2590)
						bar = canvas_cell(c, k, y)->fg;
				cr_expect_eq(e->fg, sine ? ROLE_TRACE1 : ROLE_TRACE2,
					     "%dx%d row %d: \"%s\" in role %d", sizes[z][0],
					     sizes[z][1], y, sine ? "sin" : "cos", e->fg);
				if (bar != ROLE_COUNT)
					cr_expect_eq(e->fg, bar, "%dx%d row %d: the word's "
						     "colour is not its bar's", sizes[z][0],
						     sizes[z][1], y);
				rows++;
			}
		cr_expect_geq(rows, 20, "%dx%d: %d entries", sizes[z][0], sizes[z][1],
			      rows);
		canvas_free(c);
	}
}
