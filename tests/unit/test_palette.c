/* test_palette.c - heat palettes, quantisation, colour conversions, roles. */
#include <criterion/criterion.h>
#include <math.h>

#include "colour_fx.h"
#include "render/palette.h"

static double luma(struct rgb c)
{
	return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
}

static void expect_rgb(struct rgb c, int r, int g, int b)
{
	cr_expect(c.r == r && c.g == g && c.b == b,
		  "got (%d,%d,%d), want (%d,%d,%d)", c.r, c.g, c.b, r, g, b);
}

Test(palette, rdbu_endpoints)
{
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, -1), 0x21, 0x66, 0xac);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, 0), 0xf7, 0xf7, 0xf7);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, 1), 0xb2, 0x18, 0x2b);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, -9), 0x21, 0x66, 0xac);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, 9), 0xb2, 0x18, 0x2b);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, NAN), 0xf7, 0xf7, 0xf7);
	/* Spread near 0: the stops at u = +-0.25, +-0.5, +-0.75 sit at
	 * v = +-0.1, +-0.2, +-0.6; halfway between the stops at -1 and -0.75
	 * is v = -0.8. */
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, -0.6), 0x43, 0x93, 0xc3);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, 0.2), 0xf4, 0xa5, 0x82);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, 0.1), 0xfd, 0xdb, 0xc7);
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_DARK, -0.8), 0x32, 0x7d, 0xb8);
	expect_rgb(palette_heat_rgb(PALETTE_PUOR, THEME_DARK, -1), 0x54, 0x27, 0x88);
	expect_rgb(palette_heat_rgb(PALETTE_PUOR, THEME_DARK, 1), 0xb3, 0x58, 0x06);
	expect_rgb(palette_heat_rgb(PALETTE_COUNT, THEME_DARK, 1), 0xb2, 0x18, 0x2b);
}

Test(palette, diverging_and_monotonic)
{
	for (int id = 0; id < PALETTE_COUNT; id++) {
		double prev = -1, mid = 0;

		for (int i = 0; i <= 400; i++) {
			double v = -1 + i / 200.0;
			struct rgb c = palette_heat_rgb((enum palette_id)id, THEME_DARK, v);
			double l = luma(c);

			/* Lightness rises to the neutral middle, then falls;
			 * rounding to 8 bits may wobble it by under 1. */
			if (i > 0 && v <= 0)
				cr_expect_geq(l, prev - 1, "id %d v %g", id, v);
			if (i > 0 && v > 0)
				cr_expect_leq(l, prev + 1, "id %d v %g", id, v);
			/* Negative is cool (more blue), positive warm. */
			if (v < -0.01)
				cr_expect_gt(c.b, c.r, "id %d v %g", id, v);
			if (v > 0.01)
				cr_expect_gt(c.r, c.b, "id %d v %g", id, v);
			prev = l;
			if (i == 200)
				mid = l;
		}
		/* ... and clearly so over the whole range. */
		cr_expect_gt(mid - luma(palette_heat_rgb((enum palette_id)id, THEME_DARK, 1)),
			     100);
		cr_expect_gt(mid - luma(palette_heat_rgb((enum palette_id)id, THEME_DARK, -1)),
			     100);
	}
}

Test(palette, eight_colour_bands)
{
	/* The nearest of -1, -0.5, 0, 0.5, 1. */
	static const int want[] = { 4, 4, 6, 6, 7, 7, 7, 3, 3, 1, 1 };
	static const double v[] = { -1, -0.76, -0.74, -0.26, -0.24, 0, 0.24,
				    0.26, 0.74, 0.76, 1 };

	for (int i = 0; i < 11; i++)
		cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_8, THEME_DARK, v[i]), want[i],
			     "v %g", v[i]);
	cr_expect_eq(palette_heat(PALETTE_PUOR, COLOR_8, THEME_DARK, -1), 5);
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_NONE, THEME_DARK, 1),
		     PALETTE_DEFAULT);
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_RGB, THEME_DARK, 1), 0xb2182b);
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_256, THEME_DARK, 1), 124);
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_256, THEME_DARK, -1), 21);
}

Test(palette, levels)
{
	cr_expect_eq(palette_level(-1, 5), 0);
	cr_expect_eq(palette_level(1, 5), 4);
	cr_expect_eq(palette_level(0, 5), 2);
	cr_expect_eq(palette_level(NAN, 5), 2);
	cr_expect_eq(palette_level(-0.61, 5), 0);
	cr_expect_eq(palette_level(-0.59, 5), 1);
	cr_expect_eq(palette_level(0.5, 1), 0);
	cr_expect_eq(palette_level(0.5, 0), 0);
	cr_expect_eq(palette_level(-0.01, 2), 0);
	cr_expect_eq(palette_level(0, 2), 1);
	cr_expect_float_eq(palette_level_value(2, 5), 0.0, 1e-12);
	cr_expect_float_eq(palette_level_value(0, 4), -0.75, 1e-12);
	cr_expect_float_eq(palette_level_value(9, 4), 0.75, 1e-12);
	for (int n = 1; n <= 64; n++) {
		int prev = 0;

		for (int l = 0; l < n; l++)
			cr_expect_eq(palette_level(palette_level_value(l, n), n),
				     l, "n %d l %d", n, l);
		for (int i = 0; i <= 100; i++) {
			int l = palette_level(-1 + i / 50.0, n);

			cr_expect_geq(l, prev);
			prev = l;
		}
	}
}

Test(palette, xterm256)
{
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 255, 0, 0 }), 196);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 0, 255, 0 }), 46);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 0, 0, 255 }), 21);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 0, 0, 0 }), 16);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 255, 255, 255 }), 231);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 128, 128, 128 }), 244);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 8, 8, 8 }), 232);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 238, 238, 238 }), 255);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 100, 100, 100 }), 241);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 247, 247, 247 }), 231);
	cr_expect_eq(palette_rgb_to_256((struct rgb){ 250, 100, 0 }), 202);
	/* Every cube and grey colour maps back to itself. */
	for (int i = 16; i < 256; i++)
		cr_expect_eq(palette_rgb_to_256(palette_256_to_rgb(i)), i,
			     "index %d", i);
	expect_rgb(palette_256_to_rgb(196), 255, 0, 0);
	expect_rgb(palette_256_to_rgb(244), 128, 128, 128);
	expect_rgb(palette_256_to_rgb(1), 205, 0, 0);
	expect_rgb(palette_256_to_rgb(256), 0, 0, 0);
}

Test(palette, ansi8)
{
	cr_expect_eq(palette_rgb_to_8((struct rgb){ 255, 0, 0 }), 1);
	cr_expect_eq(palette_rgb_to_8((struct rgb){ 0, 0, 255 }), 4);
	cr_expect_eq(palette_rgb_to_8((struct rgb){ 250, 250, 250 }), 7);
	cr_expect_eq(palette_rgb_to_8((struct rgb){ 10, 10, 10 }), 0);
	cr_expect_eq(palette_rgb_to_8((struct rgb){ 0, 190, 200 }), 6);
	cr_expect_eq(palette_code((struct rgb){ 1, 2, 3 }, COLOR_RGB),
		     0x010203);
	cr_expect_eq(palette_code((struct rgb){ 1, 2, 3 }, COLOR_NONE),
		     PALETTE_DEFAULT);
}

Test(palette, roles)
{
	for (int th = 0; th < THEME_COUNT; th++) {
		enum theme t = (enum theme)th;
		for (int m = COLOR_NONE; m <= COLOR_RGB; m++) {
			enum color_mode cm = (enum color_mode)m;
			cr_expect_eq(palette_role_fg(ROLE_DEFAULT, cm, t),
				     PALETTE_DEFAULT);
			cr_expect_eq(palette_role_bg(ROLE_DEFAULT, cm, t),
				     PALETTE_DEFAULT);
			cr_expect_eq(palette_role_fg(ROLE_COUNT, cm, t),
				     PALETTE_DEFAULT);
			/* Key names: bold in the text's own colour. */
			cr_expect_eq(palette_role_fg(ROLE_KEY, cm, t),
				     PALETTE_DEFAULT);
		}
		for (int r = 0; r < ROLE_COUNT; r++)
			cr_expect_eq(palette_role_fg((enum role)r, COLOR_NONE, t),
				     PALETTE_DEFAULT);
		/* Four distinct trace colours in every colour mode; the any
		 * theme in eight colours has three: red, magenta (the only
		 * ANSI colours 3:1 on both black and white) and the
		 * terminal's own. Eight in 256 and 24-bit colours (the
		 * families view's lanes: KERPLE and the first trace were
		 * one green, xPos and the second one brick). */
		for (int m = COLOR_8; m <= COLOR_RGB; m++)
			for (int a = ROLE_TRACE1; a <= ROLE_TRACE8; a++)
				for (int b = a + 1; b <= ROLE_TRACE8; b++) {
					if (m == COLOR_8 && b > ROLE_TRACE4)
						continue;
					if (t != THEME_ANY || m != COLOR_8 ||
					    a < ROLE_TRACE3)
						cr_expect_neq(
						    palette_role_fg((enum role)a, (enum color_mode)m, t),
						    palette_role_fg((enum role)b, (enum color_mode)m, t),
						    "theme %d mode %d traces %d and %d",
						    th, m, a - ROLE_TRACE1 + 1,
						    b - ROLE_TRACE1 + 1);
				}
	}
	cr_expect_eq(palette_role_fg(ROLE_ERROR, COLOR_8, THEME_DARK), 1);
	cr_expect_eq(palette_role_fg(ROLE_TITLE, COLOR_256, THEME_DARK), 110);
	cr_expect_eq(palette_role_fg(ROLE_TRACE2, COLOR_RGB, THEME_DARK),
		     0xffff5f);
	cr_expect_eq(palette_role_fg(ROLE_TRACE2, COLOR_256, THEME_DARK), 227);
	cr_expect_eq(palette_role_fg(ROLE_TITLE, COLOR_RGB, THEME_LIGHT),
		     PALETTE_DEFAULT);
	cr_expect_eq(palette_role_fg(ROLE_TRACE1, COLOR_256, THEME_LIGHT), 23);
	cr_expect_eq(palette_role_fg(ROLE_AXIS, COLOR_8, THEME_LIGHT), 0);
	cr_expect_eq(palette_role_bg(ROLE_STATUS, COLOR_8, THEME_DARK), 4);
	cr_expect_eq(palette_role_bg(ROLE_TITLE, COLOR_RGB, THEME_DARK),
		     PALETTE_DEFAULT);
	/* No 24-bit code below 8: ncurses' -direct entries take those for
	 * the ANSI colours, which xterm brightens when bold. */
	for (int th = 0; th < THEME_COUNT; th++)
		for (int r = ROLE_DEFAULT + 1; r < ROLE_COUNT; r++) {
			int fg = palette_role_fg((enum role)r, COLOR_RGB,
						 (enum theme)th);
			int bg = palette_role_bg((enum role)r, COLOR_RGB,
						 (enum theme)th);
			cr_expect(fg == PALETTE_DEFAULT || fg >= 8,
				  "theme %d role %d ink %d", th, r, fg);
			cr_expect(bg == PALETTE_DEFAULT || bg >= 8,
				  "theme %d role %d paper %d", th, r, bg);
		}
	/* A theme out of range is the dark one. */
	cr_expect_eq(palette_role_fg(ROLE_TITLE, COLOR_RGB, THEME_COUNT),
		     palette_role_fg(ROLE_TITLE, COLOR_RGB, THEME_DARK));
	cr_expect_eq(palette_role_attr(ROLE_STATUS, ROLE_STATUS, COLOR_NONE),
		     ATTR_REVERSE);
	cr_expect_eq(palette_role_attr(ROLE_STATUS, ROLE_STATUS, COLOR_256), 0);
	cr_expect_eq(palette_role_attr(ROLE_TITLE, ROLE_DEFAULT, COLOR_NONE),
		     ATTR_BOLD);
	cr_expect_eq(palette_role_attr(ROLE_TITLE, ROLE_DEFAULT, COLOR_RGB),
		     ATTR_BOLD);
	/* Faint only where there is no colour to tell hints apart. */
	cr_expect_eq(palette_role_attr(ROLE_DIM, ROLE_DEFAULT, COLOR_NONE),
		     ATTR_DIM);
	for (int r = 0; r < ROLE_COUNT; r++)
		for (int m = COLOR_8; m <= COLOR_RGB; m++)
			cr_expect_eq(palette_role_attr((enum role)r, ROLE_DEFAULT,
						       (enum color_mode)m) &
				     ATTR_DIM, 0, "role %d faint", r);
}

/* The light theme's heat zero is a grey a white page shows; the ends are
 * the dark theme's. */
Test(palette, light_zero)
{
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_RGB, THEME_LIGHT, 0),
		     0xe4e4e4);
	cr_expect_eq(palette_heat(PALETTE_PUOR, COLOR_256, THEME_LIGHT, 0), 254);
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_256, THEME_DARK, 0), 231);
	for (int id = 0; id < PALETTE_COUNT; id++)
		for (int sign = -1; sign <= 1; sign += 2)
			cr_expect_eq(palette_heat((enum palette_id)id, COLOR_RGB,
						  THEME_LIGHT, sign),
				     palette_heat((enum palette_id)id, COLOR_RGB,
						  THEME_DARK, sign));
	/* On a white page the grey zero runs straight to the stops at
	 * +-0.5 (v = +-0.2): v = -0.1 is halfway between #e4e4e4 and #92c5de. */
	expect_rgb(palette_heat_rgb(PALETTE_RDBU, THEME_LIGHT, -0.1),
		   0xbb, 0xd5, 0xe1);
}

Test(palette, names)
{
	enum palette_id id = PALETTE_RDBU;

	cr_expect_str_eq(palette_name(PALETTE_RDBU), "rdbu");
	cr_expect_str_eq(palette_name(PALETTE_PUOR), "puor");
	cr_expect_str_eq(palette_name(PALETTE_COUNT), "?");
	cr_expect_eq(palette_from_name("puor", &id), 0);
	cr_expect_eq(id, PALETTE_PUOR);
	cr_expect_eq(palette_from_name("PuOr", &id), -1);
	cr_expect_eq(palette_from_name(NULL, &id), -1);
	cr_expect_eq(id, PALETTE_PUOR);
}

/* Hue in degrees (HSV) of 0xRRGGBB. */
static double hue_of(int rgb)
{
	double r = (rgb >> 16 & 255) / 255.0, g = (rgb >> 8 & 255) / 255.0,
	       b = (rgb & 255) / 255.0;
	double mx = fmax(r, fmax(g, b)), mn = fmin(r, fmin(g, b)), d = mx - mn,
	       h;

	if (d <= 0.0)
		return 0.0;
	if (mx == r)
		h = fmod((g - b) / d, 6.0);
	else if (mx == g)
		h = (b - r) / d + 2.0;
	else
		h = (r - g) / d + 4.0;
	h *= 60.0;
	return h < 0.0 ? h + 360.0 : h;
}

/* A curve keeps its hue family from the dark theme to the light one
 * (cyan -> teal, pink -> violet, spring green -> dark green: within 45
 * degrees); yellow has no dark enough kin on a white page (the palette's
 * comment), so the second trace alone may change. In 8 colours the light
 * theme keeps off the colours that vanish on white (light_ansi8). */
Test(palette, traces_keep_their_hue_across_themes)
{
	static const enum role keep[] = { ROLE_TRACE1, ROLE_TRACE3,
					  ROLE_TRACE4 };

	for (size_t i = 0; i < sizeof keep / sizeof *keep; i++) {
		int dk = palette_role_fg(keep[i], COLOR_RGB, THEME_DARK);
		int lt = palette_role_fg(keep[i], COLOR_RGB, THEME_LIGHT);
		double dh = fabs(hue_of(dk) - hue_of(lt));

		dh = dh > 180.0 ? 360.0 - dh : dh;
		cr_expect_leq(dh, 45.0, "trace %zu: #%06x on dark, #%06x on "
			      "light: %.0f degrees apart", i, dk, lt, dh);
	}
}

static const struct rgb black = { 0, 0, 0 }, white = { 255, 255, 255 };

/* Whether role r carries letters (and is drawn on the page): all but the
 * frames, which are lines, and the inks over heat, which the heat under
 * them decides (look_of). */
static bool carries_letters(int r)
{
	return r != ROLE_BORDER && r != ROLE_ON_HEAT &&
	       r != ROLE_ON_HEAT_LIGHT;
}

/* In eight colours (TERM=xterm) the light theme draws no ink in yellow,
 * cyan, green or white, which xterm shows at 1.5, 1.7, 2.2 and 1.3:1 on
 * white (its cyan traces were pale on white): every ink of the page is
 * 4.5:1 on white. */
Test(palette, light_ansi8)
{
	for (int r = ROLE_DEFAULT + 1; r < ROLE_COUNT; r++) {
		int c = palette_role_fg((enum role)r, COLOR_8, THEME_LIGHT);

		if (c == PALETTE_DEFAULT || !carries_letters(r))
			continue;
		cr_expect(c != 2 && c != 3 && c != 6 && c != 7,
			  "role %d ink %d", r, c);
		cr_expect_geq(fx_ratio(palette_256_to_rgb(c), white), 4.5,
			      "role %d ink %d", r, c);
	}
}

/* The any theme reads on black and on white alike: every role that
 * carries letters is 4.5:1 against both pages in 24-bit and 256 colours,
 * the frames 3:1 (WCAG 2.1 SC 1.4.11); in eight colours every ink is 3:1
 * against both, and so are traces 5 to 8 in every mode (no more cube
 * entries are 4.5:1 against both): letters under 4.5:1 take the
 * terminal's own colour (palette_look, below). Its heat zero is the
 * light theme's grey, which a white page shows. */
Test(palette, any_reads_on_both_pages)
{
	for (int r = ROLE_DEFAULT + 1; r < ROLE_COUNT; r++)
		for (int m = COLOR_8; m <= COLOR_RGB; m++) {
			enum color_mode cm = (enum color_mode)m;
			int c = palette_role_fg((enum role)r, cm, THEME_ANY);
			double need = m == COLOR_8 || !carries_letters(r) ||
					      (r >= ROLE_TRACE5 && r <= ROLE_TRACE8)
					      ? 3 : 4.5;
			struct rgb ink;

			if (c == PALETTE_DEFAULT || r == ROLE_ON_HEAT ||
			    r == ROLE_ON_HEAT_LIGHT)
				continue;
			ink = m == COLOR_RGB ? fx_rgb_of(c, COLOR_RGB, false)
					     : palette_256_to_rgb(c);
			cr_expect_geq(fx_ratio(ink, black), need,
				      "role %d mode %d on black", r, m);
			cr_expect_geq(fx_ratio(ink, white), need,
				      "role %d mode %d on white", r, m);
		}
	cr_expect_eq(palette_heat(PALETTE_RDBU, COLOR_RGB, THEME_ANY, 0),
		     0xe4e4e4);
	cr_expect_eq(palette_heat(PALETTE_PUOR, COLOR_256, THEME_ANY, 0), 254);
}

/* Letters in eight colours: in a colour under 4.5:1 against the page they
 * take the terminal's own colour; marks keep the role's colour. */
Test(palette, letters_in_eight_colours)
{
	struct cell letter = { 0 }, dot = { 0 };
	struct look k;

	letter.kind = CELL_TEXT;
	letter.ch = 'x';
	letter.fg = ROLE_TRACE1;
	dot = letter;
	dot.kind = CELL_BRAILLE;
	dot.ch = 0x2801;
	/* the any theme's first trace is magenta, 4.48:1 on black */
	k = palette_look(&letter, COLOR_8, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, PALETTE_DEFAULT);
	k = palette_look(&dot, COLOR_8, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, 5);
	/* the dark theme's cyan is 10.6:1 on black: kept */
	k = palette_look(&letter, COLOR_8, PALETTE_RDBU, THEME_DARK, true);
	cr_expect_eq(k.fg, 6);
	/* 24-bit: the role's colour, letters too */
	k = palette_look(&letter, COLOR_RGB, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, 0x00875f);
	/* but the any theme's fifth trace, ochre, is 3.3:1 on white: its
	 * dots keep it, its letters take the terminal's colour; the dark
	 * theme's fifth, peach, is 11.7:1 on black and kept */
	letter.fg = dot.fg = ROLE_TRACE5;
	k = palette_look(&letter, COLOR_RGB, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, PALETTE_DEFAULT);
	k = palette_look(&letter, COLOR_256, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, PALETTE_DEFAULT);
	k = palette_look(&dot, COLOR_RGB, PALETTE_RDBU, THEME_ANY, true);
	cr_expect_eq(k.fg, 0xaf8700);
	k = palette_look(&letter, COLOR_RGB, PALETTE_RDBU, THEME_DARK, true);
	cr_expect_eq(k.fg, 0xffaf87);
}
