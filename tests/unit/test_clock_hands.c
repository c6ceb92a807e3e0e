/* test_clock_hands.c - the clocks' hands are drawn at contrast (issue 19,
 * item 8): every braille cell of the dials in a hand's colour (the hand at
 * p, the hand at p + k and its arc) is at least 3:1 against the page (WCAG
 * 2.x non-text contrast), in both themes, in 24-bit and 256 colours, as
 * the sinks draw it (palette_look; faint at 2/3 of its colour, as xterm
 * draws SGR 2). The dials' own circles are axis grey or the cursor and are
 * not looked at. The hand at p + k was once faint grey. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>

#include "app/cli.h"
#include "app/session.h"
#include "fixture.h"
#include "render/palette.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(clock_hands, .init = utf8_locale);

static double linear(double c)
{
	c /= 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(struct rgb c)
{
	return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

static struct rgb rgb_of(int code, enum color_mode mode, bool faint)
{
	struct rgb c = mode == COLOR_256 ? palette_256_to_rgb(code)
		: (struct rgb){ (uint8_t)(code >> 16), (uint8_t)(code >> 8),
				(uint8_t)code };

	if (faint)
		c = (struct rgb){ (uint8_t)(c.r * 2 / 3), (uint8_t)(c.g * 2 / 3),
				  (uint8_t)(c.b * 2 / 3) };
	return c;
}

static double ratio(struct rgb a, struct rgb b)
{
	double x = luminance(a), y = luminance(b);

	return x > y ? (x + 0.05) / (y + 0.05) : (y + 0.05) / (x + 0.05);
}

Test(clock_hands, both_hands_at_3_to_1_on_the_page)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	static const enum color_mode modes[] = { COLOR_RGB, COLOR_256 };
	char prog[] = "pescope", *argv[] = { prog, NULL };
	char err[256];
	struct options opt;
	struct state s;

	cr_assert(cli_parse(1, argv, &opt, err, sizeof err), "%s", err);
	session_init(&s, &opt);
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
						r = ratio(rgb_of(lk.fg, modes[m],
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
