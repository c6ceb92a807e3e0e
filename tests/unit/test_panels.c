/* test_panels.c - the waveform, similarity and inspector panels and the plot
 * helpers they share, checked by reading back what lands in the canvas. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "model/keys.h"
#include "render/regions.h"
#include "views/panels.h"
#include "engine/pe.h"
#include "render/plot.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(panels, .init = utf8_locale);

enum { SENTINEL = '~' };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

/* ---- helpers ---- */

/* A state showing the window [pos0, pos0 + npos), built by hand (state.c is
 * not linked): every invariant of state.h holds for the arguments used. */
static struct state mkstate(int d, long long len, long long pos, int dim,
			    long long pos0, long long npos)
{
	struct state s;

	memset(&s, 0, sizeof s);
	s.cur.pe = (struct pe_params){ d, 10000.0, PE_INTERLEAVED };
	s.cur.len = len;
	s.cur.pos = pos;
	s.cur.dim = dim;
	s.start = s.cur;
	s.window = (struct pe_window){ pos0, npos, 0, d };
	return s;
}

/* The similarity panel with this process's cache: the cache persists
 * across draws as in the explore view. */
static void sim_draw(const struct state *s, struct canvas *c, struct rect r)
{
	static struct sim_cache *sc;

	similarity_draw(s, &sc, c, r);
}

static struct canvas *sentinel_canvas(int w, int h)
{
	struct canvas *c = canvas_new(w, h);

	cr_assert_not_null(c);
	canvas_fill(c, (struct rect){ 0, 0, w, h }, SENTINEL, plain);
	return c;
}

static bool is_sentinel(const struct canvas *c, int x, int y)
{
	const struct cell *p = canvas_cell(c, x, y);

	return p->kind == CELL_TEXT && p->ch == SENTINEL;
}

static bool inside(struct rect r, int x, int y)
{
	return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

/* The column of the selected-position marker: the one column inside r
 * holding '│' cells or recoloured braille in the cursor role (all of them
 * must share it). */
static int marker_col(const struct canvas *c, struct rect r)
{
	int col = -1;

	for (int y = r.y + 1; y < r.y + r.h - 1; y++)
		for (int x = r.x + 1; x < r.x + r.w - 1; x++) {
			const struct cell *p = canvas_cell(c, x, y);

			if (p->fg == ROLE_CURSOR &&
			    ((p->kind == CELL_TEXT && p->ch == 0x2502) ||
			     p->kind == CELL_BRAILLE)) {
				cr_assert(col < 0 || col == x,
					  "markers in columns %d and %d", col, x);
				col = x;
			}
		}
	return col;
}

/* The column of the marker on row y of r, or -1. */
static int marker_col_at(const struct canvas *c, struct rect r, int y)
{
	for (int x = r.x + 1; x < r.x + r.w - 1; x++) {
		const struct cell *p = canvas_cell(c, x, y);

		if (p->fg == ROLE_CURSOR &&
		    ((p->kind == CELL_TEXT && p->ch == 0x2502) ||
		     p->kind == CELL_BRAILLE))
			return x;
	}
	return -1;
}

typedef bool (*hit_fn)(const struct state *, struct rect, int, int,
		       long long *);

/* The plot columns [*x0, *x0 + *w) and rows [*y0, *y0 + *h) (the tick row
 * included) as a panel's hit test reports them. */
static void hit_extent(hit_fn hit, const struct state *s, struct rect r,
		       int *x0, int *w, int *y0, int *h)
{
	long long pos;

	*x0 = *y0 = -1;
	*w = *h = 0;
	for (int x = r.x; x < r.x + r.w; x++)
		if (hit(s, r, x, r.y + r.h / 2, &pos)) {
			if (*x0 < 0)
				*x0 = x;
			++*w;
		}
	for (int y = r.y; y < r.y + r.h; y++)
		if (hit(s, r, *x0, y, &pos)) {
			if (*y0 < 0)
				*y0 = y;
			++*h;
		}
}

/* ---- plot: the position mapping ---- */

static void check_axis(long long pos0, long long npos, int w)
{
	struct plot_axis a = { pos0, npos, 7, w };
	long long stride = npos > 3000 ? npos / 3000 : 1;
	int prev = a.x0;

	cr_assert_eq(plot_col_of_pos(&a, pos0 - 1), a.x0 - 1);
	cr_assert_eq(plot_col_of_pos(&a, pos0 + npos), a.x0 + w);
	for (long long p = pos0; p < pos0 + npos; p += stride) {
		int x = plot_col_of_pos(&a, p);
		long long q = plot_pos_of_col(&a, x);

		cr_assert(x >= a.x0 && x < a.x0 + w, "p=%lld x=%d", p, x);
		cr_assert_geq(x, prev, "columns must not go back");
		prev = x;
		if (npos <= w)
			cr_assert_eq(q, p, "npos=%lld w=%d p=%lld", npos, w, p);
		else
			cr_assert_eq(plot_col_of_pos(&a, q), x,
				     "npos=%lld w=%d p=%lld", npos, w, p);
	}
	/* With more columns than positions a position spans several columns,
	 * and a click on any of them answers that position. */
	for (int x = a.x0; x < a.x0 + w; x++) {
		int back = plot_col_of_pos(&a, plot_pos_of_col(&a, x));

		if (npos >= w)
			cr_assert_eq(back, x, "npos=%lld w=%d x=%d", npos, w, x);
		else
			cr_assert_leq(abs(back - x), w / npos,
				      "npos=%lld w=%d x=%d", npos, w, x);
	}
}

Test(panels, plot_mapping_round_trips)
{
	static const int widths[] = { 1, 2, 3, 40, 237 };
	static const long long lengths[] = { 1, 2, 7, 39, 40, 41, 237, 1000,
					     1000000, 1000000000 };

	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
		for (size_t j = 0; j < sizeof lengths / sizeof lengths[0]; j++) {
			check_axis(0, lengths[j], widths[i]);
			check_axis(123456789, lengths[j], widths[i]);
		}
}

Test(panels, plot_columns_partition_the_window)
{
	static const long long lengths[] = { 80, 81, 1000, 999983 };

	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
		struct plot_axis a = { 5000, lengths[i], 0, 80 };
		long long next = a.pos0;

		for (int j = 0; j < a.w; j++) {
			long long lo, n;

			plot_col_items(a.pos0, a.npos, a.w, j, &lo, &n);
			cr_assert_eq(lo, next);
			cr_assert_geq(n, 1);
			cr_assert_eq(plot_col_of_pos(&a, lo), j);
			cr_assert_eq(plot_col_of_pos(&a, lo + n - 1), j);
			next = lo + n;
		}
		cr_assert_eq(next, a.pos0 + a.npos);
	}
}

/* ---- plot: ticks ---- */

Test(panels, plot_nice_steps)
{
	cr_expect_eq(plot_nice_step(0.3), 1);
	cr_expect_eq(plot_nice_step(1), 1);
	cr_expect_eq(plot_nice_step(1.5), 2);
	cr_expect_eq(plot_nice_step(3), 5);
	cr_expect_eq(plot_nice_step(7), 10);
	cr_expect_eq(plot_nice_step(11), 20);
	cr_expect_eq(plot_nice_step(2.2), 5, "2.5 is not a whole step");
	cr_expect_eq(plot_nice_step(21), 25);
	cr_expect_eq(plot_nice_step(26), 50);
	cr_expect_eq(plot_nice_step(2001), 2500);
	cr_expect_eq(plot_nice_step(2.4e8), 250000000);
}

Test(panels, plot_tick_labels)
{
	char b[32];

	cr_expect_str_eq(plot_tick_label(0, 1, b, sizeof b), "0");
	cr_expect_str_eq(plot_tick_label(999, 1, b, sizeof b), "999");
	cr_expect_str_eq(plot_tick_label(1000, 1000, b, sizeof b), "1k");
	cr_expect_str_eq(plot_tick_label(1500, 500, b, sizeof b), "1.5k");
	cr_expect_str_eq(plot_tick_label(10200, 200, b, sizeof b), "10.2k");
	cr_expect_str_eq(plot_tick_label(250000, 50000, b, sizeof b), "250k");
	cr_expect_str_eq(plot_tick_label(2000000, 1000000, b, sizeof b), "2M");
	cr_expect_str_eq(plot_tick_label(1000000000, 100000000, b, sizeof b),
			 "1G");
	/* Every digit the step needs is kept: no two ticks look alike. */
	cr_expect_str_eq(plot_tick_label(1234567, 1, b, sizeof b), "1234567");
}

/* Parses a tick label ("1.5k", "20", "2M") into *v; false if malformed. */
static bool parse_label(const char *s, double *v)
{
	char *end;

	if (!(*s >= '0' && *s <= '9'))
		return false;
	*v = strtod(s, &end);
	if (*end == 'k')
		*v *= 1e3, end++;
	else if (*end == 'M')
		*v *= 1e6, end++;
	else if (*end == 'G')
		*v *= 1e9, end++;
	return *end == '\0';
}

static void check_ticks(long long pos0, long long npos, int w)
{
	struct plot_axis a = { pos0, npos, 3, w };
	int cw = a.x0 + w + 4, count = 0, last_end = -100;
	struct canvas *c = sentinel_canvas(cw, 3);
	double prev = -1;

	plot_xticks(c, &a, 1, plain);
	for (int y = 0; y < 3; y++)
		for (int x = 0; x < cw; x++)
			if (y != 1 || x < a.x0 || x >= a.x0 + w)
				cr_assert(is_sentinel(c, x, y),
					  "tick drawn outside at %d,%d", x, y);
	for (int x = a.x0; x < a.x0 + w;) {
		char label[64];
		int n = 0, start = x;
		double v;

		if (is_sentinel(c, x, 1)) {
			x++;
			continue;
		}
		while (x < a.x0 + w && !is_sentinel(c, x, 1) && n < 63)
			label[n++] = (char)canvas_cell(c, x++, 1)->ch;
		label[n] = '\0';
		cr_assert(parse_label(label, &v), "bad label '%s'", label);
		cr_assert_gt(v, prev, "labels out of order at '%s'", label);
		cr_assert(v >= (double)pos0 && v < (double)(pos0 + npos),
			  "label '%s' outside the window", label);
		cr_assert_geq(start - last_end, 1, "labels touch at '%s'", label);
		prev = v;
		last_end = x;
		count++;
	}
	if (w >= 12)
		cr_assert_geq(count, 1, "no tick for npos=%lld w=%d", npos, w);
	canvas_free(c);
}

Test(panels, plot_ticks_fit_and_never_overlap)
{
	static const int widths[] = { 1, 2, 5, 8, 13, 30, 79, 140, 238 };
	static const long long lengths[] = { 1, 3, 10, 60, 101, 1000, 4097,
					     123457, 1000000, 1000000000 };

	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
		for (size_t j = 0; j < sizeof lengths / sizeof lengths[0]; j++) {
			check_ticks(0, lengths[j], widths[i]);
			check_ticks(987654, lengths[j], widths[i]);
		}
}

/* ---- plot: curves ---- */

static double fast_sine(const void *ctx, double pos)
{
	(void)ctx;
	return sin(2.0 * pos);
}

Test(panels, plot_curve_draws_a_fast_wave_as_a_band)
{
	struct canvas *c = sentinel_canvas(20, 6);
	struct plot_area p = { { 0, 100000, 2, 16 }, 1, 4, -1.0, 1.0, 0 };
	struct plot_fn f = { fast_sine, NULL, M_PI, -1.0, 1.0 };

	plot_curve(c, &p, &f, ROLE_TRACE1);
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 20; x++) {
			const struct cell *q = canvas_cell(c, x, y);

			if (inside((struct rect){ 2, 1, 16, 4 }, x, y))
				cr_assert(q->kind == CELL_BRAILLE &&
					  q->ch == 0x28ff,
					  "cell %d,%d not full", x, y);
			else
				cr_assert(is_sentinel(c, x, y));
		}
	canvas_free(c);
}

/* ---- the inspector ---- */

Test(panels, inspector_shows_the_formula_with_numbers)
{
	struct state s = mkstate(512, 1000, 42, 4, 0, 1000);
	struct canvas *c = sentinel_canvas(100, 14);
	char want[128];

	inspector_draw(&s, c, (struct rect){ 2, 1, 80, 12 });
	snprintf(want, sizeof want, "PE(42, 4) = sin(42 / 10000^(4/512)) = %.5f",
		 sin(42.0 / pow(10000.0, 4.0 / 512.0)));
	cr_expect_str_eq(want, "PE(42, 4) = sin(42 / 10000^(4/512)) = 0.98277");
	cr_expect_geq(snap_find_row(c, want), 0, "missing: %s", want);
	cr_expect_geq(snap_find_row(c, "Inspector"), 0);
	cr_expect_geq(snap_find_row(c, "‖PE(42)‖ = √(d/2) = √256 = 16"), 0);
	cr_expect_geq(snap_find_row(c, "layout interleaved"), 0);
	canvas_free(c);
}

Test(panels, inspector_cosine_dims_and_concat_layout)
{
	struct state s = mkstate(512, 1000, 42, 5, 0, 1000);
	struct canvas *c = sentinel_canvas(100, 14);
	char want[128];

	inspector_draw(&s, c, (struct rect){ 0, 0, 90, 12 });
	snprintf(want, sizeof want, "PE(42, 5) = cos(42 / 10000^(4/512)) = %.5f",
		 cos(42.0 / pow(10000.0, 4.0 / 512.0)));
	cr_expect_geq(snap_find_row(c, want), 0, "missing: %s", want);

	/* Concatenated: dim d/2 + 2 is the cosine of pair 2, exponent 4/512. */
	s.cur.pe.layout = PE_CONCAT;
	s.cur.dim = 258;
	inspector_draw(&s, c, (struct rect){ 0, 0, 90, 12 });
	snprintf(want, sizeof want,
		 "PE(42, 258) = cos(42 / 10000^(4/512)) = %.5f",
		 cos(42.0 / pow(10000.0, 4.0 / 512.0)));
	cr_expect_geq(snap_find_row(c, want), 0, "missing: %s", want);
	cr_expect_geq(snap_find_row(c, "layout concat"), 0);
	canvas_free(c);
}

Test(panels, inspector_narrow_keeps_the_value_and_ascii)
{
	struct state s = mkstate(512, 1000, 42, 4, 0, 1000);
	struct canvas *c = sentinel_canvas(40, 12);
	char want[32];

	inspector_draw(&s, c, (struct rect){ 0, 0, 24, 10 });
	snprintf(want, sizeof want, "= %.5f", sin(42.0 / pow(1e4, 4.0 / 512)));
	cr_expect_geq(snap_find_row(c, "PE(42, 4)"), 0);
	cr_expect_geq(snap_find_row(c, want), 0, "value not shown when narrow");

	s.ascii = true;
	canvas_free(c);
	c = sentinel_canvas(70, 12);
	inspector_draw(&s, c, (struct rect){ 0, 0, 60, 10 });
	cr_expect_geq(snap_find_row(c, "w_2 = "), 0);
	cr_expect_geq(snap_find_row(c, "||PE(42)|| = sqrt(d/2) = sqrt(256) = 16"), 0);
	canvas_free(c);
}

/* ---- the waveform panel ---- */

Test(panels, waves_labels_strips_with_wavelengths)
{
	struct state s = mkstate(512, 1000, 42, 4, 0, 1000);
	struct canvas *c = sentinel_canvas(120, 20);

	waves_draw(&s, c, (struct rect){ 0, 0, 120, 20 });
	cr_expect_geq(snap_find_row(c, "Waveforms"), 0);
	cr_expect_geq(snap_find_row(c, "dim 4 sin"), 0);
	cr_expect_geq(snap_find_row(c, "dim 5 cos"), 0);
	cr_expect_geq(snap_find_row(c, "i=0 λ=6.28"), 0);
	cr_expect_geq(snap_find_row(c, "i=255 λ=6.06e4"), 0);
	cr_expect_lt(snap_find_row(c, "i=0 λ"), snap_find_row(c, "i=255 λ"),
		     "strips go from fast to slow");

	s.ascii = true;
	waves_draw(&s, c, (struct rect){ 0, 0, 120, 20 });
	cr_expect_geq(snap_find_row(c, "i=0 wl=6.28"), 0);
	canvas_free(c);
}

static void check_hit_at_marker(hit_fn hit, void (*draw)(const struct state *,
			      struct canvas *, struct rect),
			      long long pos0, long long npos, long long pos)
{
	struct state s = mkstate(64, 1000000000, pos, 4, pos0, npos);
	struct rect r = { 3, 2, 80, 14 };
	struct canvas *c = sentinel_canvas(90, 20);
	long long got = -1;
	int x;

	int marked = 0;

	draw(&s, c, r);
	/* Each plot marks pos in its own window (the waveforms' main plot may
	 * show a window of its own): a click on a marker, on its row, keeps
	 * pos. */
	for (int y = r.y + 1; y < r.y + r.h - 1; y++) {
		x = marker_col_at(c, r, y);
		if (x < 0)
			continue;
		marked++;
		got = -1;
		cr_expect(hit(&s, r, x, y, &got), "row %d", y);
		cr_expect_eq(got, pos, "npos=%lld row %d: hit %lld, want %lld",
			     npos, y, got, pos);
	}
	cr_assert_gt(marked, 0, "no marker for npos=%lld pos=%lld", npos, pos);
	cr_expect_not(hit(&s, r, r.x, r.y + r.h / 2, &got), "border hit");
	cr_expect_not(hit(&s, r, x, r.y, &got), "title row hit");
	cr_expect_not(hit(&s, r, r.x + r.w + 3, r.y + 3, &got), "outside hit");
	canvas_free(c);
}

Test(panels, waves_hit_at_marker_is_pos)
{
	check_hit_at_marker(waves_hit, waves_draw, 0, 20, 13);
	check_hit_at_marker(waves_hit, waves_draw, 100, 77, 150);
	check_hit_at_marker(waves_hit, waves_draw, 0, 1000000, 123457);
	check_hit_at_marker(waves_hit, waves_draw, 5000, 999999, 5000);
}

Test(panels, similarity_hit_at_marker_is_pos)
{
	check_hit_at_marker(similarity_hit, sim_draw, 0, 20, 13);
	check_hit_at_marker(similarity_hit, sim_draw, 100, 77, 150);
	check_hit_at_marker(similarity_hit, sim_draw, 0, 1000000, 123457);
	check_hit_at_marker(similarity_hit, sim_draw, 5000, 999999,
			    1004998);
}

/* ---- the similarity panel ---- */

/* The marker sits where the centre rule puts pos, independently of
 * plot.c: column x0 + floor((pos - pos0 + 1/2) * w / npos), with the plot's
 * columns found by hit testing, and it ends in a dot at 1 (the top row). */
Test(panels, similarity_marker_column_is_pos)
{
	static const long long lengths[] = { 30, 61, 1000, 1000000 };
	struct rect r = { 1, 1, 70, 12 };

	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
		for (long long k = 0; k < lengths[i]; k += lengths[i] / 7 + 1) {
			struct state s = mkstate(128, 2000000, 400 + k, 4, 400,
						 lengths[i]);
			struct canvas *c = sentinel_canvas(80, 16);
			int x0, w, y0, h, x;
			const struct cell *top;

			sim_draw(&s, c, r);
			hit_extent(similarity_hit, &s, r, &x0, &w, &y0, &h);
			x = marker_col(c, r);
			cr_assert_eq(x, x0 + (int)((2 * k + 1) * w /
						   (2 * lengths[i])),
				     "npos=%lld k=%lld", lengths[i], k);
			top = canvas_cell(c, x, y0);
			cr_assert_eq(top->kind, CELL_BRAILLE);
			cr_assert(top->ch & 0x09, "no peak dot at the top");
			canvas_free(c);
		}
}

/* Dot rows (0 = top of the plot) set in dot column xd, as a range. */
static bool dot_range(const struct canvas *c, int x0, int y0, int h, int xd,
		      int *lo, int *hi)
{
	static const uint8_t bit[4][2] = {
		{ 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 }
	};

	*lo = 1 << 30;
	*hi = -1;
	for (int row = 0; row < 4 * h; row++) {
		const struct cell *p = canvas_cell(c, x0 + xd / 2, y0 + row / 4);

		if (p->kind == CELL_BRAILLE && (p->ch & bit[row % 4][xd % 2])) {
			*lo = row < *lo ? row : *lo;
			*hi = row;
		}
	}
	return *hi >= 0;
}

/* Mean of the cosine similarity over m offsets spaced one apart around k
 * (m = 1: the value at k), straight from the engine. */
static double mean_similarity(const struct pe_params *p, double k, int m)
{
	double sum = 0.0;

	for (int j = 0; j < m; j++)
		sum += pe_cos_similarity(p, k + j - (m - 1) / 2.0, 0,
					 p->d_model / 2);
	return sum / m;
}

/* Every dot column shows its sample: the polyline's dots in that column
 * cover the row of the engine's value. Samples sit at offsets g * step from
 * pos (step = npos / 2w dot columns). */
static void check_curve(const struct state *s, const struct canvas *c,
			struct rect r)
{
	int x0, w, y0, h;
	double step, lowest = 1.0, ymin;

	hit_extent(similarity_hit, s, r, &x0, &w, &y0, &h);
	h--;	/* the tick row */
	step = (double)s->window.npos / (2 * w);
	/* The y range fits the curve: 0 .. 1 while it stays positive, else
	 * down to its lowest value rounded down to a quarter. */
	for (int pass = 0; pass < 2; pass++)
	for (long long g = (long long)floor((double)(s->window.pos0 - s->cur.pos) / step);
	     ; g++) {
		double q = (double)s->cur.pos + (double)g * step;
		double xf = (q - (double)s->window.pos0 + 0.5) / step - 0.5;
		int xd = (int)lround(xf), lo, hi, want;
		double v;

		if (xd >= 2 * w)
			break;
		if (xd < 0 || x0 + xd / 2 == plot_col_of_pos(
				&(struct plot_axis){ s->window.pos0, s->window.npos,
						     x0, w }, s->cur.pos))
			continue;	/* the marker column has the peak dot */
		v = mean_similarity(&s->cur.pe, (double)g * step,
				    step > 1.0 ? (int)step : 1);
		if (pass == 0) {
			lowest = v < lowest ? v : lowest;
			continue;
		}
		ymin = lowest >= 0 ? 0.0 : fmax(-1.0, floor(lowest * 4) / 4);
		want = (int)lround((1.0 - v) / (1.0 - ymin) * (4 * h - 1));
		cr_assert(dot_range(c, x0, y0, h, xd, &lo, &hi),
			  "no dot in column %d", xd);
		cr_assert(want >= lo - 1 && want <= hi + 1,
			  "g=%lld: value %f at row %d, dots %d..%d", g, v, want,
			  lo, hi);
	}
}

Test(panels, similarity_curve_matches_the_engine)
{
	struct rect r = { 0, 0, 62, 42 };
	struct state s = mkstate(8, 100000, 500, 2, 480, 40);
	struct canvas *c = sentinel_canvas(64, 44);
	int x0, w, y0, h;

	sim_draw(&s, c, r);	/* fewer positions than dots */
	check_curve(&s, c, r);

	hit_extent(similarity_hit, &s, r, &x0, &w, &y0, &h);
	s.window.npos = 4 * 2 * w;	/* four positions per dot column */
	canvas_fill(c, (struct rect){ 0, 0, 64, 44 }, SENTINEL, plain);
	sim_draw(&s, c, r);
	check_curve(&s, c, r);
	canvas_free(c);
}

/* Draws s with the cache as it is, then from a fresh start (a different d
 * in between makes the cache forget), and checks both pictures agree. */
static void check_like_fresh(struct state *s, struct rect r)
{
	struct canvas *walked = sentinel_canvas(r.w, r.h);
	struct canvas *fresh = sentinel_canvas(r.w, r.h);

	sim_draw(s, walked, r);
	s->cur.pe.d_model += 2;
	sim_draw(s, fresh, r);
	s->cur.pe.d_model -= 2;
	canvas_fill(fresh, (struct rect){ 0, 0, r.w, r.h }, SENTINEL, plain);
	sim_draw(s, fresh, r);
	for (int y = 0; y < r.h; y++)
		for (int x = 0; x < r.w; x++)
			cr_assert(cell_equal(canvas_cell(walked, x, y),
					     canvas_cell(fresh, x, y)),
				  "cell %d,%d differs", x, y);
	canvas_free(walked);
	canvas_free(fresh);
}

/* Walking p extends the cached run sample by sample: left for thousands of
 * steps (re-seeding the end and overflowing the ring, which drops the right
 * end), then back right (a restart, then right extensions). Each time the
 * picture must be what a fresh start draws. */
Test(panels, similarity_cache_walk_matches_fresh)
{
	struct rect r = { 0, 0, 100, 30 };
	struct state s = mkstate(64, 1000000, 1000, 2, 0, 300);
	struct canvas *c = sentinel_canvas(100, 30);

	for (int i = 0; i < 3000; i++) {
		s.cur.pos += 37;
		sim_draw(&s, c, r);
	}
	check_like_fresh(&s, r);
	for (int i = 0; i < 200; i++) {
		s.cur.pos -= 20;
		sim_draw(&s, c, r);
	}
	check_like_fresh(&s, r);
	canvas_free(c);
}

/* ---- every panel, every size ---- */

typedef void (*draw_fn)(const struct state *, struct canvas *, struct rect);

static void draw_inspector(const struct state *s, struct canvas *c,
			   struct rect r)
{
	inspector_draw(s, c, r);
}

static const draw_fn panels[] = { waves_draw, sim_draw,
				  draw_inspector };

/* Draws with each panel into r on a sentinel canvas and checks every cell
 * outside r is untouched and, with s->ascii, that text inside is ASCII
 * (box drawing and braille are mapped by the sinks). */
static void check_containment(const struct state *s, struct rect r)
{
	for (size_t k = 0; k < sizeof panels / sizeof panels[0]; k++) {
		struct canvas *c = sentinel_canvas(250, 80);

		panels[k](s, c, r);
		for (int y = 0; y < 80; y++)
			for (int x = 0; x < 250; x++) {
				const struct cell *p = canvas_cell(c, x, y);

				if (!inside(r, x, y)) {
					cr_assert(is_sentinel(c, x, y),
						  "panel %zu drew %d,%d outside "
						  "%dx%d", k, x, y, r.w, r.h);
				} else if (s->ascii && p->kind == CELL_TEXT) {
					cr_assert(p->ch < 0x80 ||
						  (p->ch >= 0x2500 &&
						   p->ch <= 0x257f),
						  "panel %zu: U+%04X in ASCII",
						  k, (unsigned)p->ch);
				}
			}
		canvas_free(c);
	}
}

Test(panels, nothing_drawn_outside_the_rect)
{
	static const int ws[] = { 1, 2, 3, 4, 5, 7, 10, 13, 20, 32, 40, 64,
				  80, 120, 160, 240 };
	static const int hs[] = { 1, 2, 3, 4, 5, 6, 7, 9, 12, 20, 40, 70 };
	struct state states[] = {
		mkstate(512, 1000, 42, 4, 0, 1000),
		mkstate(2, 1, 0, 1, 0, 1),
		mkstate(8192, 1000000, 999999, 8191, 0, 1000000),
		mkstate(64, 1000000000, 7, 63, 0, 1000000000),
	};

	states[1].ascii = true;
	states[3].ascii = true;
	states[3].cur.pe.layout = PE_CONCAT;
	for (size_t k = 0; k < sizeof states / sizeof states[0]; k++)
		for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
			for (size_t j = 0; j < sizeof hs / sizeof hs[0]; j++)
				check_containment(&states[k], (struct rect){
					5, 4, ws[i], hs[j] });
}

Test(panels, largest_d_in_small_and_large_rects)
{
	struct state s = mkstate(PE_D_MAX, 1000000000, 500000000, 12345,
				 0, 1000000000);

	check_containment(&s, (struct rect){ 5, 4, 240, 70 });
	check_containment(&s, (struct rect){ 5, 4, 9, 5 });
	s.ascii = true;
	check_containment(&s, (struct rect){ 5, 4, 41, 9 });
}

Test(panels, a_narrower_clip_is_respected)
{
	struct state s = mkstate(512, 1000, 42, 4, 0, 1000);
	struct rect r = { 0, 0, 80, 20 }, clip = { 10, 3, 30, 8 };

	for (size_t k = 0; k < sizeof panels / sizeof panels[0]; k++) {
		struct canvas *c = sentinel_canvas(80, 20);

		canvas_set_clip(c, clip);
		panels[k](&s, c, r);
		cr_assert(inside(canvas_clip(c), 10, 3) &&
			  canvas_clip(c).w == 30 && canvas_clip(c).h == 8,
			  "panel %zu did not restore the clip", k);
		for (int y = 0; y < 20; y++)
			for (int x = 0; x < 80; x++)
				if (!inside(clip, x, y))
					cr_assert(is_sentinel(c, x, y),
						  "panel %zu drew %d,%d", k, x, y);
		canvas_free(c);
	}
}

/* ---- the selected wave is drawn slower than the plot ---- */

/* Mean dots per non-empty braille cell of rows y0 .. y0+h-1, columns
 * x0 .. x0+w-1 of c; *cells gets the number of cells with dots. */
static double dots_per_cell(const struct canvas *c, int x0, int y0, int w,
			    int h, int *cells)
{
	int dots = 0;

	*cells = 0;
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++) {
			const struct cell *cl = canvas_cell(c, x, y);

			if (cl->kind != CELL_BRAILLE || (cl->ch & 0xff) == 0)
				continue;
			dots += __builtin_popcount(cl->ch & 0xff);
			(*cells)++;
		}
	return *cells ? (double)dots / *cells : 0.0;
}

/* The start-up screen at the classroom sizes and larger: the waveforms'
 * main plot (the rows between the legend and the first strip) is a clean
 * line, 2-3 dots per cell like a drawn curve, not a block of dots. */
Test(panels, the_startup_wave_is_a_clean_line)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 },
					{ 160, 50 } };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int w = sizes[i][0], h = sizes[i][1], cells;
		struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
		struct state s;
		struct canvas *c = canvas_new(w, h);
		struct screen_regions reg;
		struct explore_regions er;
		double mean;
		int y0, y1;

		cr_assert_not_null(c);
		fx_init(&s, &st);
		fx_draw(&s, c);
		regions_screen(w, h, false, &reg);
		regions_explore(reg.body, false, &er);
		/* The legend row, then the main plot until the strip labels. */
		y0 = er.waves.y + 2;
		for (y1 = y0; y1 < er.waves.y + er.waves.h - 1; y1++)
			if (canvas_cell(c, er.waves.x + 1, y1)->ch == 'i')
				break;
		mean = dots_per_cell(c, er.waves.x + 8, y0, er.waves.w - 9, y1 - y0,
				     &cells);
		cr_expect_gt(cells, 10, "%dx%d: a curve is drawn", w, h);
		cr_expect_leq(mean, 3.0, "%dx%d: %.2f dots per cell", w, h, mean);
		canvas_free(c);
	}
}

Test(panels, w_focuses_and_F_zooms_a_panel)
{
	struct settings st = { { 64, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;
	char *text;

	fx_init(&s, &st);
	state_set_screen(&s, 100, 30);
	cr_expect_eq(s.panel, 0, "the heatmap has the focus at first");
	text = fx_text(&s, 100, 30);
	/* The title (with what the crosshair's row holds) is whole. */
	cr_expect_not_null(strstr(text, "dims 0-63  ▶ pairs 0–3: sin above, cos below ─"),
			   "%s", text);
	cr_expect_not_null(strstr(text, " F: zoom "), "the focused panel says how to zoom it");
	free(text);
	fx_press(&s, 'w');
	cr_expect_eq(s.panel, 1);
	fx_press(&s, 'F');
	cr_expect(s.zoomed);
	text = fx_text(&s, 100, 30);
	cr_expect_not_null(strstr(text, "┌ Waveforms"), "the waveforms fill the body");
	cr_expect_null(strstr(text, "Heatmap"), "and nothing else is drawn");
	cr_expect_null(strstr(text, "Inspector"));
	cr_expect_not_null(strstr(text, " F: back "));
	free(text);
	fx_press(&s, 'W');
	cr_expect_eq(s.panel, 0, "W goes back a panel, zoomed too");
	text = fx_text(&s, 100, 30);
	cr_expect_not_null(strstr(text, "┌ Heatmap"));
	cr_expect_null(strstr(text, "Waveforms"));
	free(text);
	fx_press(&s, 'F');
	cr_expect(!s.zoomed);
	fx_press(&s, '2');	/* spectrum: one panel */
	fx_press(&s, 'F');
	cr_expect(!s.zoomed);
	cr_expect_str_eq(s.msg, "this view is one panel: nothing to zoom");
}

Test(panels, a_click_focuses_the_panel_under_it)
{
	struct settings st = { { 64, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;
	struct screen_regions reg;
	struct explore_regions er;
	struct action a;

	fx_init(&s, &st);
	regions_screen(120, 40, false, &reg);
	regions_explore(reg.body, false, &er);
	/* On the similarity plot: selects a position and focuses the panel. */
	a = screen_click(fx_screen(), &s, 120, 40, er.similarity.x + er.similarity.w / 2,
			 er.similarity.y + er.similarity.h / 2);
	cr_assert_eq(a.kind, ACT_SELECT);
	reduce(&s, &a);
	cr_expect_eq(s.panel, 2);
	/* On the inspector, which has no plot: only the focus moves. */
	a = screen_click(fx_screen(), &s, 120, 40, er.inspector.x + 5, er.inspector.y + 2);
	cr_assert_eq(a.kind, ACT_PANEL_FOCUS);
	reduce(&s, &a);
	cr_expect_eq(s.panel, 3);
	cr_expect(state_valid(&s));
}

/* A panel too short for strips: its only tick row labels the main plot's
 * own window, not the heatmap's. */
Test(panels, without_strips_the_ticks_are_the_main_plots)
{
	struct state s = mkstate(128, 128, 5, 0, 0, 128);
	struct rect r = { 0, 0, 40, 6 };
	struct canvas *c = sentinel_canvas(40, 6);
	char *text = NULL, *tick_row;
	long long last = -1, v;

	waves_draw(&s, c, r);
	text = snap(c);
	cr_assert_not_null(strstr(text, "pos 0-"), "%s", text);
	tick_row = text;
	for (int y = 0; y < 4; y++)
		tick_row = strchr(tick_row, '\n') + 1;
	for (char *p = tick_row; *p && *p != '\n'; p++)
		if (*p >= '0' && *p <= '9') {
			v = strtoll(p, &p, 10);
			last = v > last ? v : last;
			p--;
		}
	cr_expect(last > 0 && last <= atoll(strstr(text, "pos 0-") + 6),
		  "ticks up to %lld in:\n%s", last, text);
	free(text);
	canvas_free(c);
}

/* Presenter mode gives the plots the rows of a smaller inspector. */
Test(panels, presenter_mode_gives_the_plots_more_room)
{
	static const int heights[] = { 24, 30, 40, 50 };

	for (size_t i = 0; i < sizeof heights / sizeof heights[0]; i++) {
		struct rect body = { 0, 1, 100, heights[i] - 3 };
		struct explore_regions normal, roomy;

		regions_explore(body, false, &normal);
		regions_explore(body, true, &roomy);
		cr_expect_gt(roomy.heatmap.h + roomy.waves.h,
			     normal.heatmap.h + normal.waves.h, "height %d",
			     heights[i]);
		cr_expect_eq(roomy.inspector.h, 4);
	}
}

/* A narrow waveform panel far into a long sequence: the legend leaves out
 * the partner dimension rather than cut the window's range, which shows
 * whole, with both its ends. */
Test(panels, a_narrow_legend_keeps_the_window_whole)
{
	struct state s = mkstate(8192, 1000000, 123456, 4097, 0, 1000000);
	struct rect r = { 0, 0, 38, 6 };
	struct canvas *c = sentinel_canvas(38, 6);
	char *text, *at;
	long long lo, hi;

	s.cur.pe.base = 5e5;
	waves_draw(&s, c, r);
	text = snap(c);
	at = strstr(text, "pos ");
	cr_assert_not_null(at, "%s", text);
	cr_assert_eq(sscanf(at, "pos %lld-%lld", &lo, &hi), 2, "%s", text);
	cr_expect(lo <= 123456 && 123456 <= hi && hi - lo > 1000,
		  "window %lld-%lld in:\n%s", lo, hi, text);
	free(text);
	canvas_free(c);
}

/* The selected wave's own window shows two periods at least, at every
 * classroom size: a tall, narrow panel once showed half a period. */
Test(panels, the_startup_window_shows_two_periods)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 },
					{ 160, 50 }, { 200, 60 } };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
		struct state s;
		char *text, *at;
		long long lo, hi;

		fx_init(&s, &st);
		text = fx_text(&s, sizes[i][0], sizes[i][1]);
		at = strstr(text, "pos ");
		cr_assert_not_null(at, "%s", text);
		cr_assert_eq(sscanf(at, "pos %lld-%lld", &lo, &hi), 2, "%s", text);
		cr_expect_geq((double)(hi - lo), 2.0 * 2.0 * M_PI - 1.0,
			      "%dx%d: pos %lld-%lld, less than two periods of "
			      "2pi", sizes[i][0], sizes[i][1], lo, hi);
		free(text);
	}
}
