/* test_lesson_steps.c - every step of the shipped lessons shows what its
 * caption says.
 *
 * One test per step: it opens the step headless (the lessons of
 * assets/lessons, relative to the repository root where `make test` runs)
 * in English and in Chinese, at 100x30 and at 80x24, draws the whole
 * screen and reads back from the canvas the fact the caption claims:
 * dials of different pairs, flat bands at the bottom of a heatmap, two
 * pictures that differ (or that do not), a marked row or column, a
 * number, a peak that follows the cursor. Numbers the screen shows are
 * checked against values computed here from the formula, not against the
 * program's own functions.
 *
 * What the views write is looked for in the reader's language: the
 * English the view passes to tr() (base/tr.h), in Chinese through the
 * same table, so a view that gets its Chinese keeps its test. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/keycode.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "fixture.h"
#include "lesson_fx.h"
#include "app/lesson_files.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(steps, .init = utf8_locale);

/* ---- opening a step ---- */

static const int sizes[2][2] = { { 100, 30 }, { 80, 24 } };

/* One drawn step: its state, canvas and text, and what to call it. */
struct shot {
	struct state s;
	struct canvas *c;
	char *text;
	int w, h;
	char where[64];		/* "lesson 2 step 3 zh 80x24" */
};


static void redraw(struct shot *sh)
{
	free(sh->text);
	canvas_clear(sh->c);
	fx_draw(&sh->s, sh->c);
	sh->text = snap(sh->c);
	cr_assert_not_null(sh->text);
}

/* Step `step` (from 1) of lesson `name` in language lang, drawn w x h. */
static void shot_open(struct shot *sh, int lang, const char *name, int step,
		      int w, int h)
{
	struct lesson_book *b = book_of(lang);
	int i = lesson_book_find(b, name);

	cr_assert_geq(i, 0, "no lesson %s in %s", name, langs[lang]);
	cr_assert_lt(step - 1, b->lesson[i]->nsteps, "%s has no step %d",
		     name, step);
	memset(sh, 0, sizeof *sh);
	snprintf(sh->where, sizeof sh->where, "lesson %s step %d %s %dx%d",
		 name, step, langs[lang], w, h);
	fx_init(&sh->s, &lesson_start);
	sh->s.lang = lang ? LANG_ZH : LANG_EN;
	sh->s.les.book = b;
	state_set_screen(&sh->s, w, h);
	lesson_open(&sh->s, i, step - 1);
	cr_assert(!sh->s.msg_error, "%s: %s", sh->where, sh->s.msg);
	/* A step's question answered right: the caption's screen (the one
	 * it is asked over is test_lesson_predict.c's). */
	if (lesson_waiting(&sh->s))
		fx_press(&sh->s, 'a' + lesson_waiting(&sh->s)->answer);
	sh->w = w;
	sh->h = h;
	sh->c = canvas_new(w, h);
	cr_assert_not_null(sh->c);
	redraw(sh);
}

static void shot_close(struct shot *sh)
{
	free(sh->text);
	canvas_free(sh->c);
}

/* Runs check on the step in both languages at both sizes. */
static void each_screen(const char *name, int step,
			void (*check)(struct shot *sh))
{
	for (int lang = 0; lang < 2; lang++)
		for (int z = 0; z < 2; z++) {
			struct shot sh;

			shot_open(&sh, lang, name, step, sizes[z][0], sizes[z][1]);
			check(&sh);
			shot_close(&sh);
		}
}

/* ---- reading text ---- */

static void shows(const struct shot *sh, const char *needle)
{
	cr_expect(strstr(sh->text, needle), "%s does not show \"%s\":\n%s",
		  sh->where, needle, sh->text);
}

/* en in the language of the shot, as the views write it. */
static const char *T(const struct shot *sh, const char *en)
{
	return tr(sh->s.lang, en);
}

/* The title of the explorer's heatmap over dims 0 .. d-1. */
static const char *heat_title(const struct shot *sh)
{
	static char buf[128];

	snprintf(buf, sizeof buf, T(sh, "Heatmap PE(pos, dim)  dims %d-%d"), 0,
		 sh->s.cur.pe.d_model - 1);
	return buf;
}

/* Row y as text, with the cell column of every byte in col (SNAP_ROW_MAX
 * entries). */
static void row_cells(const struct canvas *c, int y, char *out, int *col)
{
	size_t n = 0;

	for (int x = 0; x < canvas_width(c) && n + 5 < SNAP_ROW_MAX; x++) {
		uint32_t g = canvas_glyph(canvas_cell(c, x, y), true, true);
		size_t k = g ? utf8_encode(g, out + n) : 0;

		for (size_t j = 0; j < k; j++)
			col[n + j] = x;
		n += k;
	}
	out[n] = '\0';
	col[n] = canvas_width(c);
}

/* The cell where the first needle on the screen starts: true with *x, *y
 * set, or false. */
static bool find(const struct shot *sh, const char *needle, int *x, int *y)
{
	static char row[SNAP_ROW_MAX];
	static int col[SNAP_ROW_MAX];

	for (int r = 0; r < sh->h; r++) {
		const char *at;

		row_cells(sh->c, r, row, col);
		if ((at = strstr(row, needle))) {
			*x = col[at - row];
			*y = r;
			return true;
		}
	}
	return false;
}

/* The number written right after the first label on the screen. */
/* The screen's rows joined with one space, as a wrapped sentence reads
 * (a label or its number may sit at the start of the next row, inside
 * the frame of a box: a row's first and last "│" are left out); free it. */
static char *flat_text(const struct shot *sh)
{
	static const char bar[] = "│";
	size_t n = strlen(sh->text), k = 0, b = strlen(bar);
	char *flat = malloc(n + 1);

	cr_assert_not_null(flat);
	for (size_t i = 0; i < n; i++) {
		bool row_start = i == 0 || sh->text[i - 1] == '\n';

		if (row_start && strncmp(sh->text + i, bar, b) == 0) {
			i += b - 1;
			continue;
		}
		if (sh->text[i] != '\n') {
			flat[k++] = sh->text[i];
			continue;
		}
		while (k > 0 && flat[k - 1] == ' ')
			k--;
		if (k >= b && memcmp(flat + k - b, bar, b) == 0)
			k -= b;
		while (k > 0 && flat[k - 1] == ' ')
			k--;
		flat[k++] = ' ';
	}
	flat[k] = '\0';
	return flat;
}

static double number_after(const struct shot *sh, const char *label)
{
	char *flat = flat_text(sh), *end;
	const char *at;
	double v;

	at = strstr(flat, label);
	cr_assert_not_null(at, "%s does not show \"%s\":\n%s", sh->where, label,
			   sh->text);
	v = strtod(at + strlen(label), &end);
	cr_assert_neq(end, at + strlen(label), "%s: no number after \"%s\"",
		      sh->where, label);
	free(flat);
	return v;
}

/* The text of the row holding needle (SNAP_ROW_MAX bytes in out). */
static char *row_with(const struct shot *sh, const char *needle, char *out)
{
	int x, y;

	cr_assert(find(sh, needle, &x, &y), "%s does not show \"%s\":\n%s",
		  sh->where, needle, sh->text);
	return snap_row_text(sh->c, y, out);
}

/* The box whose top border holds title: its whole rectangle, borders
 * included. */
static struct rect box_of(const struct shot *sh, const char *title)
{
	struct rect r;
	char cut[256];
	size_t n = strlen(title);
	int x, y;

	/* A narrow box cuts its title (the focused one, for its " F: zoom "
	 * hint): a first part of a dozen characters or more names it too. */
	snprintf(cut, sizeof cut, "%s", title);
	while (!find(sh, cut, &x, &y) && n > 12) {
		n = utf8_cut(cut, n - 1);
		cut[n] = '\0';
	}
	cr_assert(find(sh, cut, &x, &y), "%s: no box \"%s\":\n%s", sh->where,
		  title, sh->text);
	while (x > 0 && canvas_cell(sh->c, x, y)->ch != 0x250c)
		x--;
	r.x = x;
	r.y = y;
	for (r.w = 1; x + r.w < sh->w; r.w++)
		if (canvas_cell(sh->c, x + r.w, y)->ch == 0x2510)
			break;
	r.w++;
	for (r.h = 1; y + r.h < sh->h; r.h++)
		if (canvas_cell(sh->c, x, y + r.h)->ch == 0x2514)
			break;
	r.h++;
	return r;
}

/* The explorer's heatmap panel. */
static struct rect heat_box(const struct shot *sh)
{
	return box_of(sh, heat_title(sh));
}

/* The waveform panel's legend names dims a (sine) and b (cosine), in its
 * long form ("dim 2 sin  dim 3 cos") or, when that does not fit, its short
 * one ("2 sin  3 cos"), on the first row inside the panel. */
static void legend_names(const struct shot *sh, int a, int b)
{
	struct rect w = box_of(sh, T(sh, "Waveforms"));
	char lng[48], shrt[48], row[SNAP_ROW_MAX];

	snprintf(lng, sizeof lng, T(sh, "dim %d %s"), a, "sin");
	snprintf(lng + strlen(lng), sizeof lng - strlen(lng),
		 T(sh, "  dim %d %s"), b, "cos");
	snprintf(shrt, sizeof shrt, "│%d sin  %d cos", a, b);
	snap_row_text(sh->c, w.y + 1, row);
	cr_expect(strstr(row, lng) || strstr(row, shrt), "%s: the legend \"%s\" "
		  "does not name dims %d and %d", sh->where, row, a, b);
}

/* ---- reading pictures ---- */

/* The heat inside r: the first run of half-block cells on the first row
 * that has one (a colour bar lies beyond a blank column), down to the last
 * row that continues it. */
static struct rect heat_in(const struct shot *sh, struct rect r)
{
	struct rect a = { -1, -1, 0, 0 };

	for (int y = r.y; y < r.y + r.h && a.y < 0; y++)
		for (int x = r.x; x < r.x + r.w; x++)
			if (canvas_cell(sh->c, x, y)->kind == CELL_HALF) {
				a.x = x;
				a.y = y;
				break;
			}
	cr_assert_geq(a.y, 0, "%s: no heat drawn", sh->where);
	while (canvas_cell(sh->c, a.x + a.w, a.y)->kind == CELL_HALF)
		a.w++;
	while (a.y + a.h < r.y + r.h &&
	       canvas_cell(sh->c, a.x, a.y + a.h)->kind == CELL_HALF)
		a.h++;
	return a;
}

/* Pixel row py (0 = top half of the first cell row) of heat a at x. */
static double pixel(const struct shot *sh, struct rect a, int x, int py)
{
	const struct cell *c = canvas_cell(sh->c, a.x + x, a.y + py / 2);

	return py % 2 ? c->bot : c->top;
}

/* What pixel row py of heat a does across its columns. */
struct pixrow {
	double lo, hi;		/* smallest and largest value */
	double step;		/* mean change from one column to the next */
	double jump;		/* largest such change */
};

static struct pixrow pixel_row(const struct shot *sh, struct rect a, int py)
{
	struct pixrow p = { 2, -2, 0, 0 };

	for (int x = 0; x < a.w; x++) {
		double v = pixel(sh, a, x, py);

		p.lo = fmin(p.lo, v);
		p.hi = fmax(p.hi, v);
		if (x > 0) {
			double d = fabs(v - pixel(sh, a, x - 1, py));

			p.step += d / (a.w - 1);
			p.jump = fmax(p.jump, d);
		}
	}
	return p;
}

/* The largest difference between two heats of the same size. */
static double heat_gap(const struct shot *sh, struct rect a, struct rect b)
{
	double most = 0;

	cr_assert(a.w == b.w && a.h == b.h, "%s: heats of %dx%d and %dx%d",
		  sh->where, a.w, a.h, b.w, b.h);
	for (int py = 0; py < 2 * a.h; py++)
		for (int x = 0; x < a.w; x++)
			most = fmax(most, fabs(pixel(sh, a, x, py) -
					       pixel(sh, b, x, py)));
	return most;
}

/* Whether the cell right of heat a on cell row y holds the lesson's
 * highlight bar. */
static bool marked_row(const struct shot *sh, struct rect a, int y)
{
	const struct cell *c = canvas_cell(sh->c, a.x + a.w, a.y + y);

	return c->ch == 0x2503 && c->fg == ROLE_MARKER;
}

/* The dot row of braille bit b (standard numbering: dots 1-3 and 4-6 are
 * rows 0-2 of the two columns, dots 7 and 8 row 3). */
static int bit_row(int b)
{
	static const int row[8] = { 0, 1, 2, 0, 1, 2, 3, 3 };

	return row[b];
}

/* For each cell column of r (top[0 .. r.w-1]): the highest dot drawn by a
 * braille cell in role `role` (ROLE_COUNT: any), as a dot row counted from
 * the top of r; -1 where there is none. */
static void top_dots(const struct shot *sh, struct rect r, int role, int *top)
{
	for (int x = 0; x < r.w; x++) {
		top[x] = -1;
		for (int y = 0; y < r.h && top[x] < 0; y++) {
			const struct cell *c = canvas_cell(sh->c, r.x + x, r.y + y);
			int best = 4;

			if (c->kind != CELL_BRAILLE ||
			    (role != ROLE_COUNT && c->fg != role))
				continue;
			for (int b = 0; b < 8; b++)
				if (c->ch & (1u << b) && bit_row(b) < best)
					best = bit_row(b);
			if (best < 4)
				top[x] = 4 * y + best;
		}
	}
}

/* The column of r holding the crosshair of the similarity plot (the
 * cursor's vertical line, or its dot at the peak). */
static int cursor_col(const struct shot *sh, struct rect r)
{
	for (int x = 0; x < r.w; x++)
		for (int y = 0; y < r.h; y++) {
			const struct cell *c = canvas_cell(sh->c, r.x + x, r.y + y);

			if (c->fg == ROLE_CURSOR &&
			    (c->ch == 0x2502 || c->kind == CELL_BRAILLE))
				return x;
		}
	cr_assert_fail("%s: no cursor in the plot", sh->where);
	return -1;
}

/* The inside of box b (without its border). */
static struct rect inside(struct rect b)
{
	return (struct rect){ b.x + 1, b.y + 1, b.w - 2, b.h - 2 };
}

/* ---- the encoding, computed here ---- */

static double omega(int d, double base, int i)
{
	return pow(base, -2.0 * i / d);
}

/* Mean over pairs lo .. hi-1 of cos(k w_i): the cosine similarity of
 * PE(p) and PE(p+k) over those pairs. */
static double sim(int d, double base, int lo, int hi, double k)
{
	double sum = 0;

	for (int i = lo; i < hi; i++)
		sum += cos(k * omega(d, base, i));
	return sum / (hi - lo);
}

/* "%.*f" of v into buf, -0 written as 0. */
static const char *fixed(double v, int digits, char *buf, size_t n)
{
	snprintf(buf, n, "%.*f", digits, v);
	if (strspn(buf, "-0.") == strlen(buf) && buf[0] == '-')
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

/* The screen shows prefix followed by v to `digits` decimals. */
static void shows_number(const struct shot *sh, const char *prefix, double v,
			 int digits)
{
	char want[128], num[32];

	snprintf(want, sizeof want, "%s%s", prefix,
		 fixed(v, digits, num, sizeof num));
	shows(sh, want);
}

/* ---- shared facts ---- */

/* A similarity plot tall enough to show its curve's shape: at 80x24 the
 * step zooms it (6 text rows or more inside its box; unzoomed it had 3 or
 * 4, a peak and a flat line). */
static void sim_is_tall(const struct shot *sh, struct rect r)
{
	cr_expect_geq(r.h, 6, "%s: the similarity plot has %d rows:\n%s",
		      sh->where, r.h, sh->text);
}

/* The similarity panel's curve peaks at the crosshair and lies lower far
 * from it; after 20 steps right the peak has followed. */
static void peak_follows_the_cursor(struct shot *sh)
{
	for (int round = 0; round < 2; round++) {
		struct rect r = inside(box_of(sh, T(sh, "Similarity cos(PE(%lld), PE(q))")));
		int top[SNAP_ROW_MAX], at = cursor_col(sh, r), best = -1;
		int far = 0, nfar = 0;

		sim_is_tall(sh, r);

		/* The curve's own dots (the cursor's dot at 1 hides the
		 * curve in its cell): highest beside the cursor. */
		top_dots(sh, r, ROLE_TRACE1, top);
		for (int x = 0; x < r.w; x++)
			if (top[x] >= 0 && (best < 0 || top[x] < top[best]))
				best = x;
		cr_assert_geq(best, 0, "%s: no curve", sh->where);
		for (int x = at - 1; x <= at + 1; x++)
			if (x >= 0 && x < r.w && top[x] == top[best])
				best = x;
		cr_expect_leq(abs(best - at), 1, "%s: the highest dot is in "
			      "column %d, not beside the cursor in %d", sh->where,
			      best, at);
		for (int x = 0; x < r.w; x++)
			if (top[x] >= 0 && abs(x - at) > r.w / 4) {
				far += top[x];
				nfar++;
			}
		cr_assert_gt(nfar, 0, "%s: nothing far from the cursor", sh->where);
		cr_expect_geq((double)far / nfar, top[best] + 1.0,
			      "%s: far positions are as high as the peak", sh->where);
		for (int k = 0; k < 20; k++)
			fx_press(&sh->s, PK_RIGHT);
		redraw(sh);
	}
}

/* Every label "i=N" of the clock dials: distinct pairs, the first 0 and the
 * last d/2-1. */
static void dials_differ(const struct shot *sh, int d)
{
	int seen[64] = { 0 }, n = 0, first = -1, last = -1;

	for (int y = 0; y < sh->h; y++) {
		char row[SNAP_ROW_MAX];
		const char *p = snap_row_text(sh->c, y, row);

		while ((p = strstr(p, "i=")) != NULL) {
			int i = atoi(p + 2);

			cr_assert(i >= 0 && i < d / 2, "%s: dial i=%d", sh->where, i);
			cr_expect_eq(seen[i % 64]++, 0, "%s: pair %d on two dials",
				     sh->where, i);
			if (first < 0)
				first = i;
			last = i;
			n++;
			p += 2;
		}
	}
	cr_expect_geq(n, 4, "%s: %d dials", sh->where, n);
	cr_expect_eq(first, 0, "%s: the first dial is pair %d", sh->where, first);
	cr_expect_eq(last, d / 2 - 1, "%s: the last dial is pair %d", sh->where,
		     last);
}

/* The test of step k of lesson `name`, checked by name_k. */
#define STEP(name, k)                                                         \
	Test(steps, name##_##k) { each_screen(#name, k, name##_##k); }

/* ---- lesson 1: positions ---- */

/* The order panel: without positions the shuffled sentence's outputs are
 * the same vectors, only moved (the largest difference is rounding). */
static void positions_1(struct shot *sh)
{
	static const char *const said[] = {
		"the same vectors, only moved: max |diff| %s of outputs up to %s",
		"same vectors, only moved: max |diff| %s",
		"same vectors, moved: %s",
	};
	int found = 0;
	char title[128], flat[8 * SNAP_ROW_MAX] = "", row[SNAP_ROW_MAX];
	struct rect r;

	shows(sh, "d_model=64");
	shows(sh, "len=32");
	/* the zoomed panel's long title (80x24), else the short one */
	snprintf(title, sizeof title, T(sh, "Order: one head, d = %d, %s"),
		 12, T(sh, "no positions"));
	if (snap_find_row(sh->c, title) < 0)
		snprintf(title, sizeof title, T(sh, "Order: %s"),
			 T(sh, "no positions"));
	/* The panel's rows joined as its wrapped sentences read. */
	r = box_of(sh, title);
	for (int y = r.y + 1; y < r.y + r.h - 1; y++) {
		size_t n = strlen(flat);

		snap_span_text(sh->c, r.x + 1, r.x + r.w - 1, y, row);
		for (size_t k = strlen(row); k > 0 && row[k - 1] == ' '; k--)
			row[k - 1] = '\0';
		snprintf(flat + n, sizeof flat - n, "%s%s", n ? " " : "", row);
	}
	for (size_t i = 0; i < sizeof said / sizeof *said && !found; i++) {
		char label[256], *at;
		const char *t = T(sh, said[i]), *cut = strstr(t, "%s");

		snprintf(label, sizeof label, "%.*s", (int)(cut - t), t);
		if ((at = strstr(flat, label)) != NULL) {
			cr_expect_lt(strtod(at + strlen(label), NULL), 1e-12,
				     "%s: the outputs only move: %s", sh->where,
				     flat);
			found = 1;
		}
	}
	cr_expect(found, "%s: the order panel says the outputs only move: %s",
		  sh->where, flat);
}

/* A heatmap tall enough to show rows of different speeds: at 80x24 the
 * step zooms it (4 text rows or more, 8 pixel rows). */
static void heat_is_tall(const struct shot *sh, struct rect a)
{
	cr_expect_geq(a.h, 4, "%s: the heatmap has %d rows:\n%s", sh->where,
		      a.h, sh->text);
}

static void positions_2(struct shot *sh)
{
	struct rect b = heat_box(sh), a = heat_in(sh, b);
	int cross = -1, lo = -1, hi = -1;

	heat_is_tall(sh, a);
	for (int x = 0; x < a.w; x++)
		if (canvas_cell(sh->c, a.x + x, a.y + a.h - 1)->fg == ROLE_CROSSHAIR &&
		    canvas_cell(sh->c, a.x + x, a.y + a.h - 1)->ch == 0x2503)
			cross = a.x + x;
	for (int x = b.x; x < b.x + b.w; x++)
		if (canvas_cell(sh->c, x, b.y + b.h - 1)->ch == 0x2501) {
			lo = lo < 0 ? x : lo;
			hi = x;
		}
	cr_assert_geq(cross, 0, "%s: no crosshair", sh->where);
	cr_expect(lo >= 0 && lo <= cross && cross <= hi, "%s: the mark %d-%d "
		  "is not under the crosshair at %d", sh->where, lo, hi, cross);
}

static void positions_3(struct shot *sh)
{
	struct rect a = heat_in(sh, heat_box(sh));
	struct pixrow top = pixel_row(sh, a, 0);
	struct pixrow sine = pixel_row(sh, a, 2 * a.h - 2);
	struct pixrow cosine = pixel_row(sh, a, 2 * a.h - 1);

	cr_expect_geq(top.hi - top.lo, 0.3, "%s: the top row spans %.2f",
		      sh->where, top.hi - top.lo);
	cr_expect_leq(sine.hi - sine.lo, 0.1, "%s: bottom sines span %.2f",
		      sh->where, sine.hi - sine.lo);
	cr_expect_leq(cosine.hi - cosine.lo, 0.1, "%s: bottom cosines span %.2f",
		      sh->where, cosine.hi - cosine.lo);
	cr_expect(marked_row(sh, a, 0), "%s: top rows not marked", sh->where);
	cr_expect(!marked_row(sh, a, a.h - 1), "%s: bottom row marked", sh->where);
	heat_is_tall(sh, a);
}

static void positions_4(struct shot *sh)
{
	peak_follows_the_cursor(sh);
}

static void positions_5(struct shot *sh)
{
	/* The score maps are on screen, zoomed: added PE's is not a function
	 * of p - q (its spread along the diagonals is far above rounding),
	 * RoPE's is (rounding), as the caption says of their residual maps. */
	char row[SNAP_ROW_MAX], word[64];
	const char *at;
	double added, rope;

	box_of(sh, T(sh, "Scores s(p, q) of one content: added PE, RoPE, ALiBi"));
	/* "spread %s of max|s|" in the shot's language, cut at its
	 * conversion */
	snprintf(word, sizeof word, "%s", T(sh, "spread %s of max|s|"));
	*strchr(word, '%') = '\0';
	at = strstr(row_with(sh, word, row), word);
	cr_assert_eq(sscanf(at + strlen(word), "%lf", &added), 1, "%s: %s",
		     sh->where, row);
	at = strstr(at + strlen(word), word);
	cr_assert_not_null(at, "%s: one spread: %s", sh->where, row);
	cr_assert_eq(sscanf(at + strlen(word), "%lf", &rope), 1, "%s: %s",
		     sh->where, row);
	cr_expect_gt(added, 1e-3, "%s: added PE's spread %g", sh->where, added);
	cr_expect_lt(rope, 1e-12, "%s: RoPE's spread %g", sh->where, rope);
	shows(sh, "pos=40");
}

static void positions_6(struct shot *sh)
{
	shows_number(sh, "PE(40, 1) = cos(40 / 10000^(0/64)) = ", cos(40.0), 5);
	shows_number(sh, "‖PE(40)‖ = √(d/2) = √32 = ", sqrt(32.0), 5);
}

STEP(positions, 1)
STEP(positions, 2)
STEP(positions, 3)
STEP(positions, 4)
STEP(positions, 5)
STEP(positions, 6)

/* ---- lesson 2: the formula ---- */

static void formula_1(struct shot *sh)
{
	shows_number(sh, "PE(5, 0) = sin(5 / 10000^(0/128)) = ", sin(5.0), 5);
}

static void formula_2(struct shot *sh)
{
	struct rect a = heat_in(sh, heat_box(sh));
	struct pixrow top = pixel_row(sh, a, 0);
	struct pixrow sine = pixel_row(sh, a, 2 * a.h - 2);
	struct pixrow cosine = pixel_row(sh, a, 2 * a.h - 1);

	/* Bands of two flat colours at the bottom: sines near 0 over cosines
	 * near 1, column after column. */
	cr_expect(sine.lo >= -0.3 && sine.hi <= 0.3, "%s: bottom sines in "
		  "%.2f..%.2f", sh->where, sine.lo, sine.hi);
	cr_expect_geq(cosine.lo, 0.9, "%s: bottom cosines from %.2f", sh->where,
		      cosine.lo);
	cr_expect_leq(fmax(sine.jump, cosine.jump), 0.05, "%s: the bottom bands "
		      "jump by %.2f", sh->where, fmax(sine.jump, cosine.jump));
	/* The top changes from column to column, far more than the bottom. */
	cr_expect_geq(top.hi - top.lo, 0.3, "%s: the top row spans %.2f",
		      sh->where, top.hi - top.lo);
	cr_expect_geq(top.step, 5 * fmax(sine.step, cosine.step) + 0.01,
		      "%s: the top row changes by %.3f a column, the bottom by "
		      "%.3f", sh->where, top.step, fmax(sine.step, cosine.step));
	cr_expect(marked_row(sh, a, 0), "%s: top rows not marked", sh->where);
	cr_expect(!marked_row(sh, a, a.h - 1), "%s: bottom row marked", sh->where);
}

static void formula_3(struct shot *sh)
{
	legend_names(sh, 2, 3);
	shows(sh, "λ=7.26");
	shows(sh, sh->s.lang == LANG_ZH ? "位置 0-" : "pos 0-");
	shows_number(sh, "λ_1 = 2π/ω_1 = ", 2 * M_PI / omega(128, 1e4, 1), 5);
}

static void formula_4(struct shot *sh)
{
	shows(sh, "d_model=64");
	legend_names(sh, 2, 3);
	shows(sh, "λ=8.38");
	shows_number(sh, "λ_1 = 2π/ω_1 = ", 2 * M_PI / omega(64, 1e4, 1), 5);
	shows(sh, "[ ] d_model  , . base  - = len");
}

/* The squared norm above the list, and the list's values from the
 * formula. */
static void vector_view(const struct shot *sh, long long p)
{
	int nx, ny, lx, ly, rows = 0;
	char norm[128];

	snprintf(norm, sizeof norm, T(sh, "%s = %s  (d/2 = %d, off by %s)"),
		 "‖PE‖²", "32", 32, "0");
	cr_assert(find(sh, norm, &nx, &ny), "%s: no \"%s\":\n%s", sh->where,
		  norm, sh->text);
	cr_assert(find(sh, T(sh, "value"), &lx, &ly), "%s: no list", sh->where);
	cr_expect_lt(ny, ly, "%s: the norm is not above the list", sh->where);
	for (int y = ly + 1; y < sh->h; y++) {
		char row[SNAP_ROW_MAX], *q = row;
		int dim;
		double v;

		snap_row_text(sh->c, y, row);
		while (*q && !strchr("0123456789", *q))
			q++;
		/* "   4   0.993...   sin i=2     20  0.16...   sin i=10" */
		while (*q && sscanf(q, "%d %lf", &dim, &v) == 2 &&
		       strstr(q, " i=")) {
			int i = dim / 2;
			double want = dim % 2 ? cos((double)p * omega(64, 1e4, i))
					      : sin((double)p * omega(64, 1e4, i));

			/* 4 decimals ("% .4f"), or 2 digits under 1e-3 */
			cr_expect(fabs(v - want) <= 0.5e-4 + 1e-15 && fabs(v) <= 1.0,
				  "%s: dim %d is %.17g, want %.17g", sh->where,
				  dim, v, want);
			rows++;
			q = strstr(q, " i=") + 3;
			while (*q && *q != ' ')
				q++;
			while (*q == ' ')
				q++;
		}
	}
	cr_expect_geq(rows, 16, "%s: %d values listed", sh->where, rows);
}

static void formula_5(struct shot *sh)
{
	vector_view(sh, 3);
	/* the step's text says "at full precision": its list has every
	 * digit (": digits all"), sin 3 with %.17g */
	shows(sh, "0   0.14112000805986721 ");
}

STEP(formula, 1)
STEP(formula, 2)
STEP(formula, 3)
STEP(formula, 4)
STEP(formula, 5)

/* ---- lesson 3: sine and cosine ---- */

static void sincos_1(struct shot *sh)
{
	double r = number_after(sh, "‖M_k·PE(p) − PE(p+k)‖ = ");

	shows(sh, "k = 4");
	dials_differ(sh, 64);
	cr_expect_lt(r, 1e-12, "%s: residual %g", sh->where, r);
}

static void sincos_2(struct shot *sh)
{
	struct rect r = inside(box_of(sh, T(sh, "Similarity cos(PE(%lld), PE(q))")));

	/* The curve whose shape the caption follows fills the view at 100x30
	 * too (unzoomed there it had 5 rows of curve under a heatmap, the
	 * waveforms and the inspector). */
	cr_expect(sh->s.zoomed, "%s: the similarity panel is not zoomed",
		  sh->where);
	cr_expect_geq(r.h, 12, "%s: the similarity plot has %d rows:\n%s",
		      sh->where, r.h, sh->text);
	peak_follows_the_cursor(sh);
}

static void sincos_3(struct shot *sh)
{
	shows(sh, "len=100000");
	shows_number(sh, "PE(60000, 0) = sin(60000 / 10000^(0/64)) = ",
		     sin(60000.0), 5);
}

static void sincos_4(struct shot *sh)
{
	vector_view(sh, 100);
}

STEP(sincos, 1)
STEP(sincos, 2)
STEP(sincos, 3)
STEP(sincos, 4)

/* ---- lesson 4: frequencies ---- */

static void frequencies_1(struct shot *sh)
{
	char want[64];

	shows(sh, "k = 6");
	dials_differ(sh, 128);
	/* Pair 0's M_6, [[cos 6, sin 6], [-sin 6, cos 6]]: 0.96 on the
	 * diagonal, nearly the identity. */
	snprintf(want, sizeof want, "[[% .4f, % .4f]", cos(6.0), sin(6.0));
	shows(sh, want);
	cr_expect_gt(cos(6.0), 0.95);
}

static void frequencies_2(struct shot *sh)
{
	struct rect a = heat_in(sh, heat_box(sh));
	double most = 0;

	/* The marked bottom rows drift smoothly across the 4096 positions:
	 * never by much from a column to the next, and (their sines) far
	 * from one colour. */
	heat_is_tall(sh, a);
	for (int py = 2 * a.h - 2; py < 2 * a.h; py++) {
		struct pixrow p = pixel_row(sh, a, py);

		cr_expect_leq(p.jump, 0.15, "%s: pixel row %d jumps by %.2f",
			      sh->where, py, p.jump);
		most = fmax(most, p.hi - p.lo);
	}
	cr_expect_geq(most, 0.3, "%s: the bottom rows span %.2f at most",
		      sh->where, most);
	cr_expect(marked_row(sh, a, a.h - 1), "%s: bottom not marked", sh->where);
	cr_expect(!marked_row(sh, a, 0), "%s: top marked", sh->where);
	/* "The top rows ... its mean is near 0: pale": the top eighth (dims
	 * 0-15, wavelengths under 2 pi 10^(7/16) = 17.2 positions, a column
	 * holding 4096 / a.w of them) stays within 0.15 of 0 */
	for (int py = 0; py < 2 * a.h / 8; py++) {
		struct pixrow p = pixel_row(sh, a, py);

		cr_expect(p.lo >= -0.15 && p.hi <= 0.15, "%s: top pixel row %d "
			  "spans %.2f .. %.2f", sh->where, py, p.lo, p.hi);
	}
	cr_expect_gt(2 * M_PI / omega(128, 1e4, 48), 4096.0);
	shows(sh, "len=4096");
}

static void frequencies_3(struct shot *sh)
{
	int full = 0;
	char want[80];

	for (int i = 0; i < 64; i++)
		full += 2 * M_PI / omega(128, 1e4, i) <= 512;
	snprintf(want, sizeof want, T(sh, "%d of %d pairs complete a cycle within "
				      "%lld"), full, 64, 512LL);
	shows(sh, want);
	cr_expect_eq(full, 31);
	cr_expect(fabs(2 * M_PI / omega(128, 1e4, 63) - 5.44e4) < 50);
	shows(sh, "= 5.44e4");
}

static void frequencies_4(struct shot *sh)
{
	struct rect r = inside(box_of(sh, T(sh, "Bands: similarity over all, "
					      "fast and slow pairs")));
	char want[160], num[16];
	bool zh = sh->s.lang == LANG_ZH;
	int x50, y50, lo = -1, hi = -1, high_far = 0;

	snprintf(want, sizeof want, T(sh, "highest for %s: %s at k = %s%lld%s"),
		 "0 < |k| < 51", fixed(sim(128, 1e4, 0, 64, 1), 3, num, sizeof num),
		 "±", 1LL, "");
	shows(sh, want);
	/* The caption's numbers: fast and slow at k = 1, fast at k = 50. */
	snprintf(want, sizeof want, T(sh, "at k = %s1: fast %.3f, slow %.3f; at k = %s%.0f: fast %.3f, slow %.3f"),
		 "±", sim(128, 1e4, 0, 4, 1), sim(128, 1e4, 4, 64, 1), "±", 50.0,
		 sim(128, 1e4, 0, 4, 50), sim(128, 1e4, 4, 64, 50));
	shows(sh, want);
	cr_expect(strstr(sh->text, zh ? "高频：第 0-3 对" : "fast: pairs 0-3") ||
		  strstr(sh->text, zh ? "高频 i<4" : "fast i<4"),
		  "%s: split not at 4", sh->where);
	/* The fast curve rises above the threshold line again outside the
	 * all-pairs reach (the marker lines at k = ±45). */
	cr_assert(find(sh, " 0.5 ", &x50, &y50), "%s: no threshold", sh->where);
	for (int x = r.x; x < r.x + r.w; x++)
		for (int y = r.y; y < r.y + r.h; y++)
			if (canvas_cell(sh->c, x, y)->fg == ROLE_MARKER &&
			    canvas_cell(sh->c, x, y)->ch == 0x2502) {
				lo = lo < 0 ? x : lo;
				hi = x;
			}
	cr_assert(lo >= 0 && hi > lo, "%s: no reach marked", sh->where);
	for (int x = r.x; x < r.x + r.w; x++)
		for (int y = r.y; y < y50; y++)
			if ((x < lo || x > hi) &&
			    canvas_cell(sh->c, x, y)->kind == CELL_BRAILLE &&
			    canvas_cell(sh->c, x, y)->fg == ROLE_TRACE2)
				high_far++;
	cr_expect_gt(high_far, 0, "%s: the fast pairs never rise again far "
		     "away", sh->where);
	cr_expect_gt(sim(128, 1e4, 0, 4, 50), 0.75);
	/* "where slow is out of sight it lies under all": of the plot's
	 * columns (those with a curve in the rows from the top to just
	 * under the 0.5 line, where slow and all run) that lack the slow
	 * curve's colour (TRACE3), most show the all curve's (TRACE1): the
	 * rest are the fast curve's or a marker's cells drawn over both; and
	 * the two sums differ by less than a 15th of the -1..1 axis at every
	 * offset */
	{
		int lacking = 0, with_all = 0, with_slow = 0;

		for (int x = r.x; x < r.x + r.w; x++) {
			bool slow = false, all = false, any = false;

			for (int y = r.y; y < y50 + 2 && y < r.y + r.h; y++) {
				const struct cell *e = canvas_cell(sh->c, x, y);

				if (e->kind != CELL_BRAILLE || !(e->ch & 0xff))
					continue;
				any = true;
				slow = slow || e->fg == ROLE_TRACE3;
				all = all || e->fg == ROLE_TRACE1;
			}
			with_slow += slow;
			if (any && !slow) {
				lacking++;
				with_all += all;
			}
		}
		cr_expect_gt(with_slow, 0, "%s: slow never in sight", sh->where);
		cr_expect_geq(5 * with_all, 4 * lacking, "%s: of %d columns "
			      "without slow, %d show all", sh->where, lacking,
			      with_all);
	}
	for (int k = 0; k <= 50; k++)
		cr_expect_lt(fabs(sim(128, 1e4, 4, 64, k) - sim(128, 1e4, 0, 64, k)),
			     2.0 / 15, "k = %d", k);
}

STEP(frequencies, 1)
STEP(frequencies, 2)
STEP(frequencies, 3)
STEP(frequencies, 4)

/* ---- lesson 5: layouts and bugs ---- */

/* The two heats of a view with two heatmap panels, left and right. */
static void two_heats(const struct shot *sh, const char *left,
		      const char *right, struct rect *a, struct rect *b)
{
	*a = heat_in(sh, box_of(sh, left));
	*b = heat_in(sh, box_of(sh, right));
}

static void layouts_1(struct shot *sh)
{
	struct rect a, b;
	double gap = number_after(sh, sh->s.lang == LANG_ZH ? "实测 " : "Measured ");

	char left[64], right[64];

	/* By the box's corner: the status bar says 交错布局 too. */
	snprintf(left, sizeof left, "┌ %s", T(sh, "Interleaved"));
	snprintf(right, sizeof right, "┌ %s", T(sh, "Concatenated"));
	two_heats(sh, left, right, &a, &b);
	cr_expect_gt(heat_gap(sh, a, b), 0.5, "%s: the layouts look alike",
		     sh->where);
	cr_expect_lt(gap, 1e-9, "%s: dot products differ by %g", sh->where, gap);
}

static void layouts_2(struct shot *sh)
{
	struct rect a = heat_in(sh, heat_box(sh));
	struct pixrow last = pixel_row(sh, a, 2 * a.h - 1);

	char want[64];

	snprintf(want, sizeof want, "dim=0  %s", T(sh, "concat"));
	shows(sh, want);
	cr_expect_geq(last.lo, 0.9, "%s: the slow cosines go down to %.2f",
		      sh->where, last.lo);
	cr_expect(marked_row(sh, a, a.h - 1), "%s: cosines not marked", sh->where);
	cr_expect(!marked_row(sh, a, 0), "%s: sines marked", sh->where);
	/* At position 0 (the first column) a cosine is 1 and a sine 0: the
	 * unmarked rows all start at 0, the marked ones at 1 (but the upper
	 * half of the first marked cell, which may still hold sines). */
	for (int y = 0, first = 1; y < a.h; y++) {
		bool m = marked_row(sh, a, y);

		for (int py = 2 * y + (m && first); py < 2 * y + 2; py++) {
			double v = pixel(sh, a, 0, py);

			cr_expect(m ? v >= 0.7 : fabs(v) <= 0.3, "%s: pixel row %d "
				  "starts at %.2f", sh->where, py, v);
		}
		first = first && !m;
	}
}

/* The similarity box, which steps 3 and 4 speak of: on screen at 80x24
 * too, where it shares the row with the two heatmaps only while it has
 * the focus (the step's "focus similarity"; the difference map has the
 * third box otherwise). */
static void shows_similarity(const struct shot *sh)
{
	char want[96];

	snprintf(want, sizeof want, T(sh, "Similarity to p = %lld"),
		 sh->s.cur.pos);
	shows(sh, want);
}

/* The bug zoo's pictures are big enough to read at 80x24 (lesson 5's
 * captions keep to three rows there, so its caption box leaves the view
 * two more rows than five-row captions did): heats a and b of 4 text rows
 * or more (heat_in's count; in English they had 2 or 3) and the
 * similarity box's curves 4 rows or more between its legend and its axis
 * (they had 2 in English, 3 in Chinese). */
static void bugs_roomy(const struct shot *sh, struct rect a, struct rect b)
{
	char title[64];
	struct rect s;

	snprintf(title, sizeof title, T(sh, "Similarity to p = %lld"), 0LL);
	cr_expect_geq(a.h, 4, "%s: the correct heat has %d rows:\n%s",
		      sh->where, a.h, sh->text);
	cr_expect_geq(b.h, 4, "%s: the mistake's heat has %d rows:\n%s",
		      sh->where, b.h, sh->text);
	/* at 80x24 the third box is the difference map while the maps have
	 * the focus (step 5), the similarity when it has (steps 3, 4) */
	if (!strstr(sh->text, title))
		return;
	s = inside(box_of(sh, title));
	cr_expect_geq(s.h - 2, 4, "%s: the similarity curves have %d rows:\n%s",
		      sh->where, s.h - 2, sh->text);
}

static void layouts_3(struct shot *sh)
{
	struct rect a, b;
	char want[64];

	snprintf(want, sizeof want, "dim=0  %s", T(sh, "interleaved"));
	shows(sh, want);
	shows(sh, T(sh, "dim index j instead of 2i in the exponent"));
	two_heats(sh, T(sh, "Correct"), T(sh, "With the mistake"), &a, &b);
	bugs_roomy(sh, a, b);
	cr_expect_gt(heat_gap(sh, a, b), 0.1, "%s: the mistake is invisible",
		     sh->where);
	cr_expect_gt(number_after(sh, "max |cos_bug-cos| ="), 0.05);
	shows_similarity(sh);
}

static void layouts_4(struct shot *sh)
{
	struct rect a, b;
	double right = 0, left = 0;

	shows(sh, T(sh, "position times base^(2i/d), not divided"));
	two_heats(sh, T(sh, "Correct"), T(sh, "With the mistake"), &a, &b);
	bugs_roomy(sh, a, b);
	/* The lower half, slow pairs when correct, turns to noise. */
	for (int py = a.h; py < 2 * a.h; py++) {
		left += pixel_row(sh, a, py).step;
		right += pixel_row(sh, b, py).step;
	}
	cr_expect_gt(right, 3 * left, "%s: noise %.2f against %.2f", sh->where,
		     right, left);
	cr_expect_gt(number_after(sh, "max |cos_bug-cos| ="), 0.5);
	shows_similarity(sh);
}

/* The float32 angle error near p = 1e5 at d = 64, from float arithmetic
 * here: below 0.005 rad, above a thousandth. */
static double float32_angle_error(void)
{
	double most = 0;

	for (long p = 99000; p <= 100000; p++)
		for (int i = 0; i < 32; i++) {
			double w = omega(64, 1e4, i);
			float a = (float)p * (float)w;

			most = fmax(most, fabs((double)a - (double)p * w));
		}
	return most;
}

/* The largest whole number below which every whole number survives a
 * round trip through a float with `bits` significand bits. */
static long exact_up_to(int bits)
{
	long n = 1;

	while (ldexp(round(ldexp((double)n + 1, bits - 1 - ilogb((double)n + 1))),
		     ilogb((double)n + 1) - (bits - 1)) == (double)n + 1)
		n++;
	return n;
}

static void layouts_5(struct shot *sh)
{
	struct rect a, b;
	double err = number_after(sh, "max |PEbug-PE| = ");

	two_heats(sh, T(sh, "Correct"), T(sh, "With the mistake"), &a, &b);
	bugs_roomy(sh, a, b);
	cr_expect_lt(heat_gap(sh, a, b), 0.01, "%s: the heats differ by %.3f",
		     sh->where, heat_gap(sh, a, b));
	cr_expect(err > 1e-4 && err < 1e-2, "%s: error %g", sh->where, err);
	cr_expect(float32_angle_error() < 0.005 && float32_angle_error() > 0.001);
	cr_expect_eq(exact_up_to(8), 256);	/* bf16 */
	cr_expect_eq(exact_up_to(11), 2048);	/* fp16 */
}

STEP(layouts, 1)
STEP(layouts, 2)
STEP(layouts, 3)
STEP(layouts, 4)
STEP(layouts, 5)

/* ---- lesson 6: context ---- */

/* The presets table's row of name shows d, base and L0. */
static void preset_row(const struct shot *sh, const char *name, const char *d,
		       const char *base, const char *l0)
{
	char row[SNAP_ROW_MAX], want[64];

	row_with(sh, name, row);
	snprintf(want, sizeof want, "%s %s %s", d, base, l0);
	for (char *p = row; *p; p++)	/* squeeze the table's blanks */
		while (p[0] == ' ' && p[1] == ' ')
			memmove(p, p + 1, strlen(p));
	cr_expect(strstr(row, want), "%s: row \"%s\" lacks \"%s\"", sh->where,
		  row, want);
}

static void context_1(struct shot *sh)
{
	shows(sh, "▶ transformer");
	preset_row(sh, "transformer ", "512", "1e4", "256");
	preset_row(sh, "head-1e4 ", "128", "1e4", "4096");
	preset_row(sh, "head-5e5 ", "128", "5e5", "8192");
	preset_row(sh, "head-1e6 ", "128", "1e6", "16384");
}

/* The arrow heads (render/dial.c: ▶ ◥ ▲ ◤ ◀ ◣ ▼ ◢) in r drawn in role. */
static int heads_of(const struct shot *sh, struct rect r, int role)
{
	static const uint32_t head[8] = { 0x25b6, 0x25e5, 0x25b2, 0x25e4,
					  0x25c0, 0x25e3, 0x25bc, 0x25e2 };
	int n = 0;

	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++)
			for (int k = 0; k < 8; k++)
				n += canvas_cell(sh->c, x, y)->ch == head[k] &&
				     canvas_cell(sh->c, x, y)->fg == role;
	return n;
}

/* The row of dial labels in r ("i=0 ... i=63", four or more on one row):
 * pairs in rising order, the first 0 and the last d/2-1. */
static void dial_row(const struct shot *sh, struct rect r, int d)
{
	for (int y = r.y; y < r.y + r.h; y++) {
		char row[SNAP_ROW_MAX];
		const char *p = snap_row_text(sh->c, y, row);
		int n = 0, first = -1, last = -1;

		while ((p = strstr(p, "i=")) != NULL) {
			int i = atoi(p + 2);

			cr_expect_gt(i, last, "%s: dial i=%d after i=%d", sh->where,
				     i, last);
			first = first < 0 ? i : first;
			last = i;
			n++;
			p += 2;
		}
		if (n < 4)
			continue;
		cr_expect_eq(first, 0, "%s: the first dial is pair %d", sh->where,
			     first);
		cr_expect_eq(last, d / 2 - 1, "%s: the last dial is pair %d",
			     sh->where, last);
		return;
	}
	cr_expect_fail("%s: no row of dial labels:\n%s", sh->where, sh->text);
}

static void context_2(struct shot *sh)
{
	struct rect r = box_of(sh, T(sh, "Pairs, fast to slow: the arrows turn, "
				      "the bars are the score"));
	char row[SNAP_ROW_MAX];

	/* The rotation is on the screen: the rope view's pairs, the query's
	 * arrow at p = 12 and the key's at q = 5 on labelled dials from pair
	 * 0 to pair 63 of the preset's head (d 128, base 10000), zoomed so
	 * that the dials have room at 100x30 too. */
	shows(sh, "d_model=128 base=10000");
	shows(sh, "p = 12");
	shows(sh, "q = 5");
	shows(sh, T(sh, " q at p  "));
	shows(sh, T(sh, " k at q  "));
	dial_row(sh, r, 128);
	cr_expect(sh->s.zoomed, "%s: the pairs panel is not zoomed", sh->where);
	cr_expect_geq(r.h, sh->h - 8, "%s: the pairs box has %d rows:\n%s",
		      sh->where, r.h, sh->text);
	/* an arrow of each on every dial: a head in its colour */
	cr_expect_geq(heads_of(sh, r, ROLE_TRACE1), 5, "%s: no arrows of q:\n%s",
		      sh->where, sh->text);
	cr_expect_geq(heads_of(sh, r, ROLE_TRACE2), 5, "%s: no arrows of k:\n%s",
		      sh->where, sh->text);
	/* The preset's description, in the reader's language, is the
	 * message on the last row. */
	snap_row_text(sh->c, sh->h - 1, row);
	cr_expect(strstr(row, sh->s.lang == LANG_ZH
				   ? "base 10000：LLaMA 2，训练长度 4096"
				   : "base 10000: LLaMA 2, trained at 4096"),
		  "%s: the message is \"%s\"", sh->where, row);
}

/* The first offset where the similarity over all 64 pairs falls below t,
 * or len when none does. */
static long first_below(double base, double t, long len)
{
	for (long k = 1; k < len; k++)
		if (sim(128, base, 0, 64, (double)k) < t)
			return k;
	return len;
}

static void context_3(struct shot *sh)
{
	long k = first_below(1e4, 0.05, 8192);
	char want[96];

	shows(sh, "base=10000 len=8192");
	snprintf(want, sizeof want, T(sh, "all pairs stay %s %.2f for |k| %s %lld "
					"(first below: k = %s%lld)"),
		 "≥", 0.05, "≤", (long long)(k - 1), "±", (long long)k);
	shows(sh, want);
	cr_expect_eq(k, 1109);
}

static void context_4(struct shot *sh)
{
	shows(sh, "base=500000 len=8192");
	char want[160];

	snprintf(want, sizeof want, T(sh, "all pairs stay %s %.2f for |k| %s %lld: "
					"every offset within the length"),
		 "≥", 0.05, "≤", 8191LL);
	shows(sh, want);
	cr_expect_eq(first_below(5e5, 0.05, 8192), 8192);
}

/* The extension table's row of kind (original, PI, NTK) holds text. */
static void ext_row(const struct shot *sh, const char *kind, const char *text)
{
	char label[32], row[SNAP_ROW_MAX];
	int x, y;

	/* "PI            25.1 ...": the table's label has blanks after it,
	 * the legends of the plots ("original PI NTK") one. */
	snprintf(label, sizeof label, "%s  ", kind);
	cr_assert(find(sh, label, &x, &y), "%s: no %s row:\n%s", sh->where, kind,
		  sh->text);
	snap_row_text(sh->c, y, row);
	cr_expect(strstr(strstr(row, label), text), "%s: the %s row \"%s\" "
		  "lacks \"%s\"", sh->where, kind, row, text);
}

static void context_5(struct shot *sh)
{
	char num[16];

	shows(sh, "L0=4096  s=4  s·L0=16384");
	ext_row(sh, T(sh, "original"),
		fixed(sim(128, 1e4, 0, 64, 1), 4, num, sizeof num));
	ext_row(sh, "PI", fixed(sim(128, 1e4, 0, 64, 0.25), 4, num, sizeof num));
	ext_row(sh, "PI", "25.1");
}

static void context_6(struct shot *sh)
{
	shows_number(sh, "NTK base' = 1e4·4^(128/126) = ",
		     1e4 * pow(4, 128.0 / 126), 1);
	ext_row(sh, "NTK", "6.28");
	ext_row(sh, "NTK", "2.18e5");
	ext_row(sh, "PI", "2.18e5");
}

static void context_7(struct shot *sh)
{
	shows(sh, T(sh, "Extension (x/X: L0, c/C: s)"));
	shows(sh, "L0=4096  s=8  s·L0=32768");
}

STEP(context, 1)
STEP(context, 2)
STEP(context, 3)
STEP(context, 4)
STEP(context, 5)
STEP(context, 6)
STEP(context, 7)

/* ---- every step: the panel its caption is about, and its numbers ---- */

/* The panels of the views that have several (their spec's panel_name),
 * each with the word a caption uses for it and the start of its box's
 * title, both as the views write them in English (tr.h). */
static const struct panel_said {
	const char *panel;	/* panel_name */
	const char *word_en, *word_zh;	/* in the caption, any case ('|':
					 * or) */
	const char *title;	/* its box title starts so, or... */
	const char *title2;	/* ...so (its compact form), or NULL */
} said[] = {
	{ "heatmap", "heatmap", "热力图", "Heatmap PE(pos, dim)  dims %d-%d", NULL },
	{ "waves", "waveform", "波形", "Waveforms", NULL },
	{ "similarity", "similarity", "相似度", "Similarity cos(PE(%lld), PE(q))",
	  "Similarity to p = %lld" },
	/* the bugs view's: its three maps, lit as one, the first titled
	 * so */
	{ "maps", "heatmap", "热力图", "Correct", NULL },
	{ "inspector", "inspector", "检视面板", "Inspector", NULL },
	{ "scores", "matri|residual map", "矩阵|残差图", "Scores s(p, q) of one content: added PE, RoPE, ALiBi",
	  "Scores s(p, q) of seeded tokens: added PE, RoPE, ALiBi" },
	{ "decay", "bound", "上界", "Long-term decay of RoPE: d = %d, base %s", "Decay" },
	{ "order", "order", "词序", "Order: one head, d = %d, %s", "Order: %s" },
	{ "pairs", "bar|design|arrow", "柱|设计|箭头",
	  "Pairs, fast to slow: the arrows turn, the bars are the score",
	  "Design %d: %s" },
	{ "code", "code", "代码", "The code and the numbers it gives", NULL },
	{ "values", "v is not", "v 不", "Why v is not turned", NULL },
	{ "frequencies", "fast pairs", "高频", "Fast pairs: position; slow pairs: nearly position-free", NULL },
	/* the context view's: its table's numbers, as the captions cite
	 * them */
	{ "table", "sim(k=1)|base'|ω_i|L0|extension", "sim(k=1)|base'|ω_i|L0|扩展",
	  "Extension (x/X: L0, c/C: s)", "Extension" },
	{ "stretch", "stretch", "拉伸", "Stretch %s", "Stretch" },
	/* the formulas' column, whose presets' box stands for it on short
	 * screens */
	{ "formulas", "formula|preset", "公式|预设",
	  "Formulas (Hugging Face's code; NTK-aware: bloc97's, not in transformers)", "Presets (%s)" },
};

static const struct panel_said *panel_said_of(const char *panel)
{
	for (size_t i = 0; i < sizeof said / sizeof *said; i++)
		if (strcmp(said[i].panel, panel) == 0)
			return &said[i];
	cr_assert_fail("no words for the panel \"%s\"", panel);
	return NULL;
}

/* Whether text holds word, or one of the words '|' separates, ASCII
 * letters in any case. */
static bool holds_word(const char *text, const char *word)
{
	size_t n = strcspn(word, "|");

	for (const char *p = text; *p; p++)
		if (strncasecmp(p, word, n) == 0)
			return true;
	return word[n] == '|' && holds_word(text, word + n + 1);
}

/* The boxes drawn lit (their top-left corner in the focus colour): how
 * many, and the title of the first in title (SNAP_ROW_MAX bytes). */
static int lit_boxes(const struct shot *sh, char *title)
{
	int n = 0;

	for (int y = 0; y < sh->h; y++)
		for (int x = 0; x < sh->w; x++) {
			const struct cell *c = canvas_cell(sh->c, x, y);

			if (c->ch != 0x250c || c->fg != ROLE_FOCUS)
				continue;
			if (n++ == 0)
				snap_span_text(sh->c, x + 2, sh->w, y, title);
		}
	return n;
}

/* Whether a box title read on the screen is the start of the title the
 * view writes, fmt (a tr.h key: cut at its first conversion), in the
 * shot's language, or that title is the start of it. */
static bool title_is(const struct shot *sh, const char *read, const char *fmt)
{
	char want[256];
	const char *t = T(sh, fmt), *conv = strchr(t, '%');
	size_t n = conv ? (size_t)(conv - t) : strlen(t), r = strlen(read);

	snprintf(want, sizeof want, "%.*s", (int)n, t);
	n = utf8_cut(want, strlen(want) < 10 ? strlen(want) : 10);
	return r >= n && strncmp(read, want, n) == 0;
}

/* The step's focused panel is the one its caption (or its title) is
 * about, it is the only one lit, and it is drawn: its box is on the
 * screen. */
static void focus_is_the_caption(struct shot *sh)
{
	const struct view_spec *v = state_view(&sh->s);
	const struct lesson *l = state_lesson(&sh->s);
	const struct lesson_step *st = &l->step[sh->s.les.step];
	const struct panel_said *p;
	char title[SNAP_ROW_MAX];

	if (v->npanels < 2)
		return;
	cr_assert_not_null(v->panel_name, "%s: panels without names", sh->where);
	p = panel_said_of(v->panel_name[sh->s.panel]);
	cr_expect(holds_word(st->caption, sh->s.lang == LANG_ZH ? p->word_zh
							       : p->word_en) ||
		  holds_word(st->title, sh->s.lang == LANG_ZH ? p->word_zh
							     : p->word_en),
		  "%s: the %s panel is lit, but the caption is not about it: %s",
		  sh->where, p->panel, st->caption);
	cr_assert_eq(lit_boxes(sh, title), 1, "%s: %d panels lit:\n%s",
		     sh->where, lit_boxes(sh, title), sh->text);
	cr_expect(title_is(sh, title, p->title) ||
		  (p->title2 && title_is(sh, title, p->title2)),
		  "%s: the lit box is \"%s\", not the %s panel:\n%s", sh->where,
		  title, p->panel, sh->text);
}

/* The next number written in text from *at on ("0.990", "5.44e4",
 * "1e-16", "−0.95892"): true with its value, its digits after the point
 * and whether it has an exponent, and *at past it. */
static bool next_number(const char **at, double *v, int *decimals, bool *exp)
{
	const char *p = *at;

	for (; *p; p++) {
		char *end;
		bool minus = strncmp(p, "−", strlen("−")) == 0 || *p == '-';
		const char *q = minus ? p + (*p == '-' ? 1 : strlen("−")) : p;

		if (!(*q >= '0' && *q <= '9') ||
		    (p > *at && ((p[-1] >= '0' && p[-1] <= '9') || p[-1] == '.' ||
				 p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'z'))))
			continue;
		*v = strtod(q, &end);
		if (minus)
			*v = -*v;
		*exp = false;
		*decimals = 0;
		for (const char *d = q; d < end; d++)
			if (*d == 'e' || *d == 'E')
				*exp = true;
			else if (*d == '.')
				for (const char *e = d + 1; e < end && *e >= '0' &&
				     *e <= '9'; e++)
					++*decimals;
		*at = end;
		return true;
	}
	*at = p;
	return false;
}

/* Whether the screen writes v: a number that reads as v at `decimals`
 * digits after the point, or, for an "about 1e-16", one of its order of
 * magnitude. */
static bool screen_has(const char *flat, double v, int decimals, bool exp)
{
	const char *at = flat;
	double x;
	int dx;
	bool ex;

	while (next_number(&at, &x, &dx, &ex)) {
		if (exp && x > 0 && v > 0 ? fabs(log10(x / v)) <= 1.0
		    : fabs(x - v) <= 0.5 * pow(10, -decimals) * (1 + 1e-9))
			return true;
	}
	return false;
}

/* The screen's rows above the caption box, joined with one space, as
 * flat_text; free it. */
static char *view_text(const struct shot *sh)
{
	const struct lesson *l = state_lesson(&sh->s);
	char box[256], row[SNAP_ROW_MAX], *flat = flat_text(sh), *cut;

	snprintf(box, sizeof box, "┌ %s", l->title);
	for (int y = 0; y < sh->h; y++)
		if (strstr(snap_row_text(sh->c, y, row), box)) {
			cut = strstr(flat, box);
			cr_assert_not_null(cut, "%s: no caption box", sh->where);
			*cut = '\0';
			return flat;
		}
	cr_assert_fail("%s: no caption box \"%s\":\n%s", sh->where, box,
		       sh->text);
	return flat;
}

/* Every number with a point or an exponent that the caption names (the
 * figures it claims, not its parameters) is written on the screen, above
 * the caption; but for those of a "press K" hint's sentence, which the
 * key shows (lesson_fx.h; test_lesson_hints.c checks them). */
static void numbers_are_shown(struct shot *sh)
{
	const struct lesson *l = state_lesson(&sh->s);
	char cap[LESSON_CAPTION_MAX];
	const char *at = cap, *p;
	char *flat = view_text(sh);
	double v;
	int decimals, key;
	bool exp;

	snprintf(cap, sizeof cap, "%s", l->step[sh->s.les.step].caption);
	while ((p = hint_next(cap, &key)))
		memset(cap + (p - cap), ' ', (size_t)(hint_end(p) - p));

	while (next_number(&at, &v, &decimals, &exp))
		if (decimals > 0 || exp)
			cr_expect(screen_has(flat, v, decimals, exp),
				  "%s: the caption says %.*g, the screen does not:"
				  "\n%s", sh->where, 10, v, sh->text);
	free(flat);
}

/* Both checks over every step of every lesson, both languages, both
 * sizes. */
static void every_step(void (*check)(struct shot *sh))
{
	for (int lang = 0; lang < 2; lang++) {
		struct lesson_book *b = book_of(lang);

		for (int i = 0; i < b->count; i++)
			for (int k = 1; k <= b->lesson[i]->nsteps; k++)
				for (int z = 0; z < 2; z++) {
					struct shot sh;

					shot_open(&sh, lang, b->lesson[i]->name, k,
						  sizes[z][0], sizes[z][1]);
					check(&sh);
					shot_close(&sh);
				}
	}
}

Test(steps, every_step_lights_the_panel_its_caption_is_about)
{
	every_step(focus_is_the_caption);
}

Test(steps, every_number_a_caption_names_is_on_its_screen)
{
	every_step(numbers_are_shown);
}

/* Every step of every lesson has its test: above, lesson 7's in
 * test_lesson_attention.c, lesson 8's in test_lesson8.c, lesson 9's in
 * test_lesson9.c and lesson 10's in test_lesson10.c; each lesson's last,
 * its question, in test_lesson_predict.c. */
Test(steps, every_step_has_a_test)
{
	static const int steps[] = { 7, 6, 5, 5, 6, 8, 10, 11, 6, 8 };
	int n = (int)(sizeof steps / sizeof *steps);

	for (int lang = 0; lang < 2; lang++) {
		struct lesson_book *b = book_of(lang);

		cr_assert_eq(b->count, n, "%s: %d lessons", langs[lang], b->count);
		for (int i = 0; i < b->count; i++)
			cr_expect_eq(b->lesson[i]->nsteps, steps[i], "%s lesson %d: "
				     "%d steps, %d tests", langs[lang], i + 1,
				     b->lesson[i]->nsteps, steps[i]);
	}
}
