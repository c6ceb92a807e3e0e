/* test_axes.c - every plot's ticks are its own (issue 19, item 5), read
 * back from the panels as drawn:
 *   - the waveforms' main plot, when it shows a window of its own (the
 *     legend's "pos A-B"), has a tick row under it whose every label lies
 *     in A..B, at every panel size the explorer gives it from 80x24 up (at
 *     80x24 it once had none: the only ticks were the stack's 0..120),
 *     and says that window in its gutter, "p A–B" (the outside review
 *     found three windows in one panel and no word of which was which);
 *   - the similarity's y labels fit its curve: the top label is 1, the
 *     lowest 0 while the curve stays positive, else at most 0 and less
 *     than half a unit under the curve's lowest value (they once ran
 *     -1..1 for a curve above 0.3).
 * The curve's values come from the definition, sum_i cos(k w_i) / (d/2),
 * computed here. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "render/plot.h"
#include "views/panels.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(axes, .init = utf8_locale);

static struct state start(void)
{
	struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &st);
	return s;
}

/* The numbers of a row's text, when it holds only numbers and blanks (a
 * tick row); -1 otherwise. */
static int numbers_only(const char *text, double *v, int max)
{
	int n = 0;
	const char *p = text;

	while (*p) {
		char *end;

		if (*p == ' ') {
			p++;
			continue;
		}
		if (n == max)
			return -1;
		v[n] = strtod(p, &end);
		if (end == p || (*end && *end != ' '))
			return -1;
		n++;
		p = end;
	}
	return n;
}

/* A tick row's window label "p A–B" at the start of text: A and B into
 * *a, *b and the text after it; text itself, and *a = -1, when there is
 * none. */
static const char *window_label(const char *text, long long *a, long long *b)
{
	const char *dash;
	int n = 0;

	*a = *b = -1;
	if (strncmp(text, "p ", 2) != 0 || sscanf(text + 2, "%lld%n", a, &n) != 1 ||
	    !(dash = strstr(text, "–")) || dash != text + 2 + n ||
	    sscanf(dash + strlen("–"), "%lld%n", b, &n) != 1) {
		*a = *b = -1;
		return text;
	}
	return dash + strlen("–") + n;
}

/* Waves panels as the explorer lays them out at 80x24, 100x30, 120x40 and
 * 160x50 (the inner width and height of the box). */
Test(axes, the_main_waveforms_window_has_its_own_ticks)
{
	static const int sizes[][2] = { { 40, 11 }, { 50, 14 }, { 60, 19 },
					{ 64, 36 } };

	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct state s = start();
		struct rect r = { 0, 0, sizes[k][0], sizes[k][1] };
		struct canvas *c = canvas_new(r.w, r.h);
		char row[SNAP_ROW_MAX];
		long long a = -1, b = -1;
		int legend = -1, found = -1;
		const char *at;

		cr_assert_not_null(c);
		waves_draw(&s, c, r);
		for (int y = 0; y < r.h && legend < 0; y++)
			if ((at = strstr(snap_row_text(c, y, row), "pos ")) &&
			    sscanf(at, "pos %lld-%lld", &a, &b) == 2)
				legend = y;
		cr_assert(legend >= 0, "%dx%d: no window of its own", r.w, r.h);
		for (int y = legend + 1; y < r.h - 1 && found < 0; y++) {
			double v[32];
			long long la, lb;
			int n;

			snap_span_text(c, 1, r.w - 1, y, row);
			n = numbers_only(window_label(row, &la, &lb), v, 32);
			if (n < 2)
				continue;
			found = y;
			/* the panel has more than one window: the tick row
			 * says its own, the legend's */
			cr_assert(la == a && lb == b, "%dx%d: the main plot's tick row "
				  "says p %lld–%lld, the legend pos %lld-%lld: %s",
				  r.w, r.h, la, lb, a, b, row);
			for (int j = 0; j < n; j++)
				cr_assert(v[j] >= (double)a && v[j] <= (double)b,
					  "%dx%d: tick %g under the main plot, whose window is %lld-%lld",
					  r.w, r.h, v[j], a, b);
		}
		cr_assert(found >= 0, "%dx%d: no tick row", r.w, r.h);
		canvas_free(c);
	}
}

/* The similarity over q in the window at p, at every position, from the
 * definition: its lowest value. */
static double lowest_similarity(const struct state *s)
{
	int h = s->cur.pe.d_model / 2;
	double lo = 1.0, *w = malloc((size_t)h * sizeof *w);

	cr_assert_not_null(w);
	for (int i = 0; i < h; i++)
		w[i] = pow(s->cur.pe.base, -2.0 * i / s->cur.pe.d_model);
	for (long long q = s->window.pos0; q < s->window.pos0 + s->window.npos; q++) {
		double sum = 0.0;

		for (int i = 0; i < h; i++)
			sum += cos((double)(q - s->cur.pos) * w[i]);
		lo = sum / h < lo ? sum / h : lo;
	}
	free(w);
	return lo;
}

Test(axes, the_similaritys_y_axis_fits_its_curve)
{
	static const int sizes[][2] = { { 40, 11 }, { 50, 14 }, { 60, 19 } };
	static const long long lens[] = { 128, 40, 2000 };

	for (size_t z = 0; z < sizeof lens / sizeof lens[0]; z++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			struct state s = start();
			struct rect r = { 0, 0, sizes[k][0], sizes[k][1] };
			struct canvas *c = canvas_new(r.w, r.h);
			struct sim_cache *sc = NULL;
			double top = -2, bottom = 2, lo;
			char row[SNAP_ROW_MAX];

			state_set_len(&s, lens[z]);
			lo = lowest_similarity(&s);
			cr_assert_not_null(c);
			similarity_draw(&s, &sc, c, r);
			/* The labels, right-aligned in the gutter left of the
			 * axis line. */
			for (int y = 1; y < r.h - 2; y++) {
				double v[4];

				snap_span_text(c, 1, 6, y, row);
				if (numbers_only(row, v, 4) != 1)
					continue;
				top = v[0] > top ? v[0] : top;
				bottom = v[0] < bottom ? v[0] : bottom;
			}
			cr_assert_eq(top, 1.0, "len %lld %dx%d: top label %g",
				     lens[z], r.w, r.h, top);
			if (lo >= 0)
				cr_assert_eq(bottom, 0.0, "len %lld %dx%d: lowest label %g "
					     "for a curve that stays at %g and above",
					     lens[z], r.w, r.h, bottom, lo);
			else
				cr_assert(bottom <= 0 && bottom > lo - 0.5,
					  "len %lld %dx%d: lowest label %g for a curve down to %g",
					  lens[z], r.w, r.h, bottom, lo);
			cr_log_info("len %lld %dx%d: labels %g..%g, curve from %g",
				    lens[z], r.w, r.h, bottom, top, lo);
			similarity_free(sc);
			canvas_free(c);
		}
}

/* A similarity plot only 2 to 5 rows high, as the explorer gives it at
 * 80x24 when a lesson's caption takes rows (lesson 3 step 3: 3 rows and
 * the tick row), still labels both ends of its range: the top label is 1
 * on the top row, the lowest is on the bottom row, at most 0 and less
 * than half a unit under the curve's lowest value, and no label lies
 * outside 0..1 widened down to the curve's. (The 3-row plot of -0.25 .. 1
 * once got a step of 2, and so the lone label 0.) */
Test(axes, a_short_similarity_plot_labels_both_ends_of_its_range)
{
	static const struct settings sts[] = {
		{ { 64, 1e4, PE_INTERLEAVED }, 100000, 60000, 0 },
		{ { 128, 1e4, PE_INTERLEAVED }, 100000, 10, 0 },
		{ { 64, 1e4, PE_INTERLEAVED }, 128, 40, 1 },
		{ { 128, 1e4, PE_INTERLEAVED }, 1000, 500, 0 },
		{ { 8, 1e4, PE_INTERLEAVED }, 128, 10, 0 },
	};
	/* Boxes 40 wide, 5 to 7 high: plots of 2 to 4 rows above the tick
	 * row. */
	for (size_t z = 0; z < sizeof sts / sizeof sts[0]; z++)
		for (int h = 5; h <= 7; h++) {
			struct state s;
			struct rect r = { 0, 0, 40, h };
			struct canvas *c = canvas_new(r.w, r.h);
			struct sim_cache *sc = NULL;
			char row[SNAP_ROW_MAX];
			/* plot rows 1 .. h - 3; h - 2 is the tick row */
			int first = 1, last = h - 3, n = 0, top_row = -1, low_row = -1;
			double top = -2, bottom = 2, lo;

			fx_init(&s, &sts[z]);
			lo = lowest_similarity(&s);
			cr_assert_not_null(c);
			similarity_draw(&s, &sc, c, r);
			for (int y = first; y <= last; y++) {
				double v[4];

				snap_span_text(c, 1, 6, y, row);
				if (numbers_only(row, v, 4) != 1)
					continue;
				n++;
				cr_assert(v[0] <= 1.0 && v[0] > lo - 0.5 &&
					  (v[0] >= 0.0 || lo < 0.0),
					  "d %d len %lld p %lld box 40x%d: label %g outside "
					  "the range of a curve from %g to 1",
					  s.cur.pe.d_model, s.cur.len, s.cur.pos, h,
					  v[0], lo);
				if (v[0] > top)
					top = v[0], top_row = y;
				if (v[0] < bottom)
					bottom = v[0], low_row = y;
			}
			cr_assert_geq(n, 2, "d %d len %lld p %lld box 40x%d: %d y label(s)",
				      s.cur.pe.d_model, s.cur.len, s.cur.pos, h, n);
			cr_assert(top == 1.0 && top_row == first,
				  "d %d len %lld p %lld box 40x%d: top label %g on row %d",
				  s.cur.pe.d_model, s.cur.len, s.cur.pos, h, top, top_row);
			cr_assert(bottom <= 0.0 && low_row == last,
				  "d %d len %lld p %lld box 40x%d: lowest label %g on row %d "
				  "of %d..%d", s.cur.pe.d_model, s.cur.len, s.cur.pos,
				  h, bottom, low_row, first, last);
			cr_log_info("d %d len %lld p %lld box 40x%d: labels %g..%g, curve from %g",
				    s.cur.pe.d_model, s.cur.len, s.cur.pos, h,
				    bottom, top, lo);
			similarity_free(sc);
			canvas_free(c);
		}
}

/* One style on every axis: an axis never mixes "1k" with "1250", and a log
 * axis's decades read as the linear axes' ticks do (once "1e4" on one
 * view and "10k" on the next). */
Test(axes, one_tick_style)
{
	char b[32];

	cr_expect_str_eq(plot_tick_label(1250, 250, b, sizeof b), "1.25k");
	cr_expect_str_eq(plot_tick_label(750, 250, b, sizeof b), "750");
	cr_expect_str_eq(plot_tick_label(1000, 250, b, sizeof b), "1k");
	cr_expect_str_eq(plot_value_label(0.25, 0.25, b, sizeof b), "0.25");
	cr_expect_str_eq(plot_value_label(-0.5, 0.25, b, sizeof b), "-0.5");
	cr_expect_str_eq(plot_value_label(1e4, 1e4, b, sizeof b), "10k");
	cr_expect_str_eq(plot_value_label(1e6, 1e6, b, sizeof b), "1M");
}

/* A bar chart's value axis (plot_row_ticks): the finest step of the one
 * sequence whose ticks fall 2 rows apart, top first. A chart of 4 rows per
 * unit over -1.2 .. 0.8 ticks every 0.5 (2 rows), not every unit (one
 * tick each side would do) nor every 0.25 (1 row); one of 1.1 rows per
 * unit over -7 .. 3.5 every 2 (1 would be 1.1 rows apart), so ticks
 * both sides of zero, where a step from the span alone gave 5: 0 and -5
 * (the rope view's chart at 120x40 once). */
static int rows_per_unit(const void *arg, double v)
{
	return (int)lround(-v * *(const double *)arg);
}

Test(axes, a_bar_charts_ticks_take_the_finest_step_two_rows_apart)
{
	double val[16], step, rpu = 4.0;
	int row[16], n = plot_row_ticks(-1.2, 0.8, rows_per_unit, &rpu, val, row,
					16, &step);

	cr_assert_eq(step, 0.5);
	cr_assert_eq(n, 4);
	cr_assert(val[0] == 0.5 && val[3] == -1.0);
	for (int i = 1; i < n; i++)
		cr_assert_geq(row[i] - row[i - 1], 2);
	rpu = 1.1;
	n = plot_row_ticks(-7.0, 3.5, rows_per_unit, &rpu, val, row, 16, &step);
	cr_assert_eq(step, 2.0, "step %g", step);
	cr_assert_eq(n, 5);
	cr_assert(val[0] == 2.0 && val[1] == 0.0 && val[4] == -6.0);
}

/* Every view's similarity axis has one bottom: 0 for a curve that stays
 * positive, else the curve's lowest value rounded down to a quarter, never
 * below -1 (the bands view's curve of d 512, len 128, down to -0.099, got
 * -1 and left a third of its plot empty). Non-finite values are skipped. */
Test(axes, one_similarity_bottom_fits_the_curve)
{
	const double positive[] = { 1.0, 0.41, 0.0 };
	const double bands[] = { 1.0, -0.099, NAN, 0.5 };
	const double quarter[] = { -0.25, 0.3 };
	const double deep[] = { -0.76, 1.0 };
	const double wild[] = { -3.0, INFINITY };

	cr_assert_eq(plot_similarity_ymin(positive, 3), 0.0);
	cr_assert_eq(plot_similarity_ymin(bands, 4), -0.25);
	cr_assert_eq(plot_similarity_ymin(quarter, 2), -0.25);
	cr_assert_eq(plot_similarity_ymin(deep, 2), -1.0);
	cr_assert_eq(plot_similarity_ymin(wild, 2), -1.0);
	cr_assert_eq(plot_similarity_ymin(NULL, 0), 0.0);
}
