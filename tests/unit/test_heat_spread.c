/* test_heat_spread.c - colours as the sinks draw them (palette_look), in
 * both themes and both colour depths: the explorer's fastest heat rows
 * read as changing colours, not as a pale wash (issue 19, items 3 and 4),
 * and the clocks' hands are drawn at contrast (item 8, at the end).
 *
 * At 80x24 the heatmap of the start-up (d 128, len 128) has 7 cell rows;
 * its top cell row shows the means of the sines and the cosines of the
 * first 9-10 pairs over 2 positions a column. Those means mostly lie
 * within +-0.25 (NumPy: mean |v| 0.16), the ramp's palest quarter, and on
 * the light theme's grey zero (#e4e4e4, L* 90.6) the first stops (L* 90)
 * add no lightness at all: the row was a wash of tints. Here the CIELAB
 * lightness of that row's pixels (both halves of every cell without an
 * overlay; the cell's one colour with one) must spread: the difference
 * between the 90th and the 10th percentile is at least SPREAD_MIN. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdlib.h>

#include "app/cli.h"
#include "app/session.h"
#include "fixture.h"
#include "colour_fx.h"
#include "render/palette.h"

enum { SPREAD_MIN = 15 };	/* L* units; the linear ramp: 2 at 80x24 light 24-bit, 1 to 26 in all */

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(heat_spread, .init = utf8_locale);

/* The options and state of a plain `pescope`: what the explorer starts
 * with. */
static void start(struct options *opt, struct state *s)
{
	char prog[] = "pescope", *argv[] = { prog, NULL };
	char err[256];

	cr_assert(cli_parse(1, argv, opt, err, sizeof err), "%s", err);
	session_init(s, opt);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The first canvas row holding half blocks: the heatmap's top cell row. */
static int top_heat_row(const struct canvas *c)
{
	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x < canvas_width(c); x++)
			if (canvas_cell(c, x, y)->kind == CELL_HALF)
				return y;
	return -1;
}

Test(heat_spread, the_fastest_rows_are_not_washed_out)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	static const enum color_mode modes[] = { COLOR_RGB, COLOR_256 };
	struct options opt;
	struct state s;

	start(&opt, &s);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int w = sizes[k][0], h = sizes[k][1], y, n = 0;
		struct canvas *c = canvas_new(w, h);
		double *l;

		cr_assert_not_null(c);
		l = calloc(2 * (size_t)w, sizeof *l);
		cr_assert_not_null(l);
		s.screen_w = w;
		s.screen_h = h;
		fx_draw(&s, c);
		y = top_heat_row(c);
		cr_assert(y >= 0, "%dx%d: no heatmap", w, h);
		for (int th = 0; th < THEME_COUNT; th++)
			for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
				double spread;

				n = 0;
				/* The heat's run: the colour bar is a cell of
				 * its own further right, past a blank. */
				for (int x = 0; x < w; x++) {
					const struct cell *e = canvas_cell(c, x, y);
					struct look lk;

					if (e->kind != CELL_HALF) {
						if (n > 0)
							break;
						continue;
					}
					lk = palette_look(e, modes[m], opt.palette,
							  (enum theme)th, true);
					l[n++] = fx_lightness(fx_rgb_of(lk.bg, modes[m], false));
					if (!e->ch)
						l[n++] = fx_lightness(fx_rgb_of(lk.fg, modes[m], false));
				}
				cr_assert(n >= 40, "%dx%d: %d heat pixels", w, h, n);
				qsort(l, (size_t)n, sizeof *l, by_value);
				spread = l[n * 9 / 10] - l[n / 10];
				cr_expect(spread >= SPREAD_MIN,
					  "%dx%d %s %s: the top heat row's lightness "
					  "spans %.1f L* from its 10th to its 90th "
					  "percentile (%.1f .. %.1f), under %d: washed out",
					  w, h, th == THEME_LIGHT ? "light" : "dark",
					  modes[m] == COLOR_RGB ? "24-bit" : "256",
					  spread, l[n / 10], l[n * 9 / 10], SPREAD_MIN);
				cr_log_info("%dx%d %s %s: L* %.1f .. %.1f, spread %.1f",
					    w, h, th == THEME_LIGHT ? "light" : "dark",
					    modes[m] == COLOR_RGB ? "24-bit" : "256",
					    l[n / 10], l[n * 9 / 10], spread);
			}
		free(l);
		canvas_free(c);
	}
}

/* The clocks' hands are drawn at contrast (issue 19,
 * item 8): every braille cell of the dials in a hand's colour (the hand at
 * p, the hand at p + k and its arc) is at least 3:1 against the page (WCAG
 * 2.x non-text contrast), in both themes, in 24-bit and 256 colours, as
 * the sinks draw it (palette_look; faint at 2/3 of its colour, as xterm
 * draws SGR 2). The dials' own circles are axis grey or the cursor and are
 * not looked at. The hand at p + k was once faint grey. */
Test(heat_spread, the_clocks_hands_at_3_to_1_on_the_page)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	static const enum color_mode modes[] = { COLOR_RGB, COLOR_256 };
	struct options opt;
	struct state s;

	start(&opt, &s);
	s.view = VIEW_CLOCKS;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int w = sizes[k][0], h = sizes[k][1], now = 0, later = 0;
		struct canvas *c = canvas_new(w, h);

		cr_assert_not_null(c);
		s.screen_w = w;
		s.screen_h = h;
		fx_draw(&s, c);
		for (int th = 0; th < THEME_COUNT; th++)
			for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
				struct rgb page = th == THEME_LIGHT
					? (struct rgb){ 255, 255, 255 }
					: (struct rgb){ 0, 0, 0 };
				double worst = INFINITY;

				for (int y = 0; y < h; y++)
					for (int x = 0; x < w; x++) {
						const struct cell *e = canvas_cell(c, x, y);
						struct look lk;
						double r;

						if (e->kind != CELL_BRAILLE || e->ch == 0x2800 ||
						    (e->fg != ROLE_TRACE1 && e->fg != ROLE_TRACE2 &&
						     e->fg != ROLE_DIM))
							continue;
						now += e->fg == ROLE_TRACE1;
						later += e->fg != ROLE_TRACE1;
						lk = palette_look(e, modes[m], opt.palette,
								  (enum theme)th, true);
						r = fx_ratio(fx_rgb_of(lk.fg, modes[m],
								 lk.attr & ATTR_DIM), page);
						worst = r < worst ? r : worst;
						cr_expect(r >= 3.0,
							  "%dx%d %s %s: a hand's cell (%d, %d) "
							  "in role %d is %.2f:1 on the page",
							  w, h, th ? "light" : "dark",
							  modes[m] == COLOR_RGB ? "24-bit" : "256",
							  x, y, e->fg, r);
					}
				cr_log_info("%dx%d %s %s: the hands at %.2f:1 at least",
					    w, h, th ? "light" : "dark",
					    modes[m] == COLOR_RGB ? "24-bit" : "256", worst);
			}
		cr_assert(now > 0 && later > 0, "%dx%d: hand at p in %d cells, at p + k in %d",
			  w, h, now, later);
		canvas_free(c);
	}
}

/* The heatmap's crosshair reads as a cursor, not as data: every cell of
 * its line down the cursor's column (the heavy ┃) is drawn on the page,
 * not on the heat under it, in an ink at least 3:1 against the page
 * (WCAG 2.x non-text contrast), in both themes, both palettes, 24-bit and
 * 256 colours, at the explorer's start and in the bugs view, in both
 * layouts. Over the heat, on the mean of a cell's two halves, the cursor's
 * green was 1.9:1 on the ramps' white and about 1:1 on their salmon, and
 * the mean of a red and a white half read to glance reviewers as an
 * orange column of data beside the line. */
Test(heat_spread, the_crosshair_is_drawn_on_the_page)
{
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };
	static const enum color_mode modes[] = { COLOR_RGB, COLOR_256 };
	static const int views[] = { VIEW_EXPLORE, VIEW_BUGS };
	struct options opt;
	struct state s;

	start(&opt, &s);
	for (int lay = 0; lay < 2; lay++)
	for (size_t v = 0; v < sizeof views / sizeof views[0]; v++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			int w = sizes[k][0], h = sizes[k][1], n = 0;
			struct canvas *c = canvas_new(w, h);

			cr_assert_not_null(c);
			state_set_layout(&s, lay ? PE_CONCAT : PE_INTERLEAVED);
			s.view = views[v];
			s.screen_w = w;
			s.screen_h = h;
			fx_draw(&s, c);
			for (int y = 0; y < h; y++)
				for (int x = 0; x < w; x++) {
					const struct cell *e = canvas_cell(c, x, y);

					/* the line, heavy, or light as it once was */
					if (e->kind != CELL_HALF ||
					    (e->ch != 0x2503 && e->ch != 0x2502 &&
					     e->ch != 0x254b && e->ch != 0x253c))
						continue;
					n++;
					for (int th = 0; th < THEME_COUNT; th++)
						for (int id = 0; id < PALETTE_COUNT; id++)
							for (size_t m = 0; m < 2; m++) {
								struct look lk = palette_look(
									e, modes[m], (enum palette_id)id,
									(enum theme)th, true);
								struct rgb ink = fx_rgb_of(lk.fg, modes[m], false);
								/* the any theme's page is black or
								 * white; its crosshair is the
								 * terminal's own colour, the page's
								 * opposite (21:1) */
								double r = lk.fg == PALETTE_DEFAULT ? 21
									: th == THEME_ANY
									? fmin(fx_ratio(ink, (struct rgb){ 0, 0, 0 }),
									       fx_ratio(ink, (struct rgb){ 255, 255, 255 }))
									: fx_ratio(ink, th == THEME_LIGHT
										? (struct rgb){ 255, 255, 255 }
										: (struct rgb){ 0, 0, 0 });

								cr_expect_eq(lk.bg, PALETTE_DEFAULT,
									     "view %d %dx%d: heat under the "
									     "crosshair at (%d, %d)",
									     views[v], w, h, x, y);
								cr_expect(r >= 3.0,
									  "view %d %dx%d %s %s: the crosshair "
									  "at (%d, %d) is %.2f:1 on the page",
									  views[v], w, h,
									  th == THEME_ANY ? "any" : th ? "light" : "dark",
									  modes[m] == COLOR_RGB ? "24-bit" : "256",
									  x, y, r);
							}
				}
			cr_assert_geq(n, 7, "view %d %dx%d: %d crosshair cells", views[v], w, h, n);
			canvas_free(c);
		}
}
