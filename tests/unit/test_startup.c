/* test_startup.c - what the explorer shows before any key, at the sizes a
 * classroom projects: the start values (cli_parse of no options, session_init) drawn
 * on the whole screen, read back from the canvas.
 *
 * The heatmap's change of regime. A pixel row of the heat "changes along
 * the positions" when its colour swings both ways, to +0.5 and to -0.5 or
 * beyond (red and blue, a full swing of half the scale each way); the
 * change of regime is the pixel row just below the last such row. From top
 * to bottom the rows must go from changing to flat with that row inside the
 * middle half of the heat (issue 19, item 4), and the top cell row (the
 * fastest pairs) must not be washed out: one of its halves spans half the
 * scale. At 80x24 the old start-up (d 512, len 128, 5 rows of heat, 13
 * pairs averaged in a row) has no row that swings at all. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdio.h>

#include "app/cli.h"
#include "app/session.h"
#include "fixture.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(startup, .init = utf8_locale);

static bool is_half(const struct canvas *c, int x, int y)
{
	return canvas_cell(c, x, y)->kind == CELL_HALF;
}

/* The heat area: the first run of half-block columns on the first row that
 * has one (the colour bar right of it is a separate one-column run), and
 * the half-block rows below. */
static struct rect heat_area(const struct canvas *c)
{
	struct rect a = { 0, 0, 0, 0 };

	for (int y = 0; y < canvas_height(c) && a.w == 0; y++)
		for (int x = 0; x < canvas_width(c); x++)
			if (is_half(c, x, y)) {
				a.x = x;
				a.y = y;
				while (x < canvas_width(c) && is_half(c, x, y))
					x++;
				a.w = x - a.x;
				break;
			}
	while (a.w > 0 && a.y + a.h < canvas_height(c) && is_half(c, a.x, a.y + a.h))
		a.h++;
	return a;
}

static double pixel(const struct canvas *c, struct rect a, int x, int row)
{
	const struct cell *k = canvas_cell(c, a.x + x, a.y + row / 2);

	return row % 2 ? k->bot : k->top;
}

static void row_range(const struct canvas *c, struct rect a, int row,
		      double *lo, double *hi)
{
	*lo = 1;
	*hi = -1;
	for (int x = 0; x < a.w; x++) {
		double v = pixel(c, a, x, row);

		*lo = v < *lo ? v : *lo;
		*hi = v > *hi ? v : *hi;
	}
}

static bool swings(const struct canvas *c, struct rect a, int row)
{
	double lo, hi;

	row_range(c, a, row, &lo, &hi);
	return hi >= 0.5 && lo <= -0.5;
}

/* Not washed out: the row's colours span half the scale or more. */
static bool vivid(const struct canvas *c, struct rect a, int row)
{
	double lo, hi;

	row_range(c, a, row, &lo, &hi);
	return hi - lo >= 1.0;
}

/* The options of a plain `pescope`: what the explorer starts with. */
static void start_options(struct options *opt)
{
	char prog[] = "pescope", *argv[] = { prog, NULL };
	char err[256];

	cr_assert(cli_parse(1, argv, opt, err, sizeof err), "%s", err);
}

Test(startup, heatmap_changes_regime_in_its_middle_half)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	struct options opt;
	struct state s;

	start_options(&opt);
	session_init(&s, &opt);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct canvas *c = canvas_new(sizes[k][0], sizes[k][1]);
		struct rect a;
		int rows, last = -1;
		double f;

		cr_assert_not_null(c);
		s.screen_w = sizes[k][0];
		s.screen_h = sizes[k][1];
		fx_draw(&s, c);
		a = heat_area(c);
		rows = 2 * a.h;
		cr_assert(a.w >= 20 && a.h >= 3, "%dx%d: no heat found (%dx%d)",
			  sizes[k][0], sizes[k][1], a.w, a.h);
		for (int r = 0; r < rows; r++)
			if (swings(c, a, r))
				last = r;
		f = (last + 1) / (double)rows;
		cr_assert(vivid(c, a, 0) || vivid(c, a, 1),
			  "%dx%d: the fastest pairs' cell row does not swing "
			  "(washed out)", sizes[k][0], sizes[k][1]);
		cr_assert(f >= 0.25 && f <= 0.75,
			  "%dx%d: the change of regime is at row %d of %d (%.2f "
			  "of the height), not in the middle half",
			  sizes[k][0], sizes[k][1], last + 1, rows, f);
		cr_log_info("%dx%d: change of regime at pixel row %d of %d = %.2f",
			    sizes[k][0], sizes[k][1], last + 1, rows, f);
		canvas_free(c);
	}
}

/* The clocks view as it opens (issue 19, item 8): the dials differ, and the
 * hand at p + k is drawn in a curve colour as bright as the hand at p,
 * never in the faint secondary role. Read back from the braille cells: the
 * first row of dials spans the braille rows above the first label ("i=");
 * each dial is a run of columns with braille in them; at position 0 every
 * hand at p points up and all those dials show it in the same cells. */
static bool braille_at(const struct canvas *c, int x, int y)
{
	const struct cell *e = canvas_cell(c, x, y);

	return e->kind == CELL_BRAILLE && e->ch != 0x2800;
}

static bool column_has_braille(const struct canvas *c, int x, int y0, int y1)
{
	for (int y = y0; y < y1; y++)
		if (braille_at(c, x, y))
			return true;
	return false;
}

Test(startup, clocks_open_where_the_dials_differ)
{
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };
	struct options opt;
	struct state s;

	start_options(&opt);
	session_init(&s, &opt);
	s.view = VIEW_CLOCKS;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int w = sizes[k][0], h = sizes[k][1];
		struct canvas *c = canvas_new(w, h);
		int now = 0, later = 0, faint = 0, top = -1, labels;
		int dials = 0, kinds = 0;
		static uint32_t seen[64][512];

		cr_assert_not_null(c);
		s.screen_w = w;
		s.screen_h = h;
		fx_draw(&s, c);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				const struct cell *e = canvas_cell(c, x, y);

				if (!braille_at(c, x, y))
					continue;
				now += e->fg == ROLE_TRACE1;
				later += e->fg == ROLE_TRACE2;
				faint += e->fg == ROLE_DIM;
				if (top < 0)
					top = y;
			}
		cr_assert(now > 0 && later > 0 && faint == 0,
			  "%dx%d: hand at p in %d cells, at p + k in %d, faint in %d",
			  w, h, now, later, faint);
		labels = snap_find_row(c, "i=0");
		cr_assert(top >= 0 && labels > top, "%dx%d: no dials", w, h);
		for (int x = 0; x < w;) {
			int x0, n = 0;
			bool same = false;

			while (x < w && !column_has_braille(c, x, top, labels))
				x++;
			x0 = x;
			while (x < w && column_has_braille(c, x, top, labels))
				x++;
			if (x == x0)
				break;
			for (int y = top; y < labels; y++)
				for (int i = x0; i < x && n < 512; i++) {
					const struct cell *e = canvas_cell(c, i, y);

					/* the hand at p only: it is drawn last */
					seen[dials][n++] = e->fg == ROLE_TRACE1 ? e->ch : 0;
				}
			for (int j = 0; j < dials && !same; j++)
				same = memcmp(seen[j], seen[dials], sizeof seen[j]) == 0;
			kinds += !same;
			if (++dials == 64)
				break;
		}
		cr_assert(dials >= 4 && kinds >= dials / 2,
			  "%dx%d: %d dials, only %d different ones", w, h, dials,
			  kinds);
		memset(seen, 0, sizeof seen);
		canvas_free(c);
	}
}

/* A heatmap that averages to white says why on the screen (issue 19, item
 * 13): at a length of 1e9 every column of the 80x24 heat (69 columns)
 * averages 1e9 / 69 = 14.5M positions, more than d 128's longest
 * wavelength 2π·1e4^(126/128) = 5.44e4, so every pixel is near 0; at the
 * start-up length of 128 nothing is said. */
Test(startup, a_white_heatmap_says_why)
{
	struct options opt;
	struct state s;
	char *t;

	start_options(&opt);
	session_init(&s, &opt);
	s.screen_w = 80;
	s.screen_h = 24;
	t = fx_text(&s, 80, 24);
	cr_assert_null(strstr(t, "All near 0"), "%s", t);
	free(t);
	state_set_len(&s, 1000000000);
	t = fx_text(&s, 80, 24);
	cr_assert(strstr(t, "All near 0: a column averages 14M positions") &&
		  strstr(t, "(5.44e4)"), "%s", t);
	free(t);
}
