/* test_pictures.c - what the eye sees, measured: the 256-colour heat ramps
 * in CIELAB, and round ticks on the heatmaps' axes.
 *
 * Colours come from the palette's own output (palette_heat, and the table
 * the terminal builds with palette_heat_table), never from a copy of its
 * table. xterm's RGB values and CIELAB are computed here from their
 * definitions: cube levels 0, 95, 135, 175, 215, 255, greys 8 + 10k, and
 * sRGB (D65) to L*a*b*. Ticks are read back from the canvas: the heat area
 * is found from the half-block cells, the labels from the text beside and
 * below it. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "model/state.h"
#include "render/heat.h"
#include "render/palette.h"
#include "render/plot.h"
#include "views/heat_caption.h"
#include "views/panels.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(pictures, .init = utf8_locale);

/* ---- colour, from the definitions ---- */

struct lab {
	double l, a, b;
};

static void xterm_rgb(int i, double rgb[3])
{
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };

	cr_assert(i >= 16 && i <= 255, "colour %d is not in 16..255", i);
	if (i >= 232) {
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (i - 232);
		return;
	}
	i -= 16;
	rgb[0] = level[i / 36];
	rgb[1] = level[i / 6 % 6];
	rgb[2] = level[i % 6];
}

static double linear(double c)
{
	c /= 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
	const double e = 6.0 / 29.0;

	return t > e * e * e ? cbrt(t) : t / (3 * e * e) + 4.0 / 29.0;
}

static struct lab lab_of(const double rgb[3])
{
	double r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2]);
	double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
	double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
	double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;

	return (struct lab){ 116 * lab_f(y) - 16, 500 * (lab_f(x) - lab_f(y)),
			     200 * (lab_f(y) - lab_f(z)) };
}

static struct lab lab_256(int i)
{
	double rgb[3];

	xterm_rgb(i, rgb);
	return lab_of(rgb);
}

static double hue_deg(struct lab c)
{
	double h = atan2(c.b, c.a) * 180.0 / M_PI;

	return h < 0 ? h + 360.0 : h;
}

static double chroma(struct lab c)
{
	return hypot(c.a, c.b);
}

static double hue_gap(double h1, double h2)
{
	double d = fabs(h1 - h2);

	return d > 180.0 ? 360.0 - d : d;
}

Test(pictures, cielab_is_right)
{
	/* Known values: sRGB red is L* 53.24, a* 80.09, b* 67.20; white is
	 * L* 100 with no colour. */
	struct lab red = lab_of((double[3]){ 255, 0, 0 });
	struct lab white = lab_256(231);

	cr_expect(fabs(red.l - 53.24) < 0.01 && fabs(red.a - 80.09) < 0.01 &&
		  fabs(red.b - 67.20) < 0.01, "red %g %g %g", red.l, red.a, red.b);
	cr_expect(fabs(white.l - 100) < 0.01 && chroma(white) < 0.01);
}

/* ---- the 256-colour ramps ---- */

enum { SWEEP = 4000, STEPS_MAX = 64 };

/* The distinct colours one half of a palette's 256-colour ramp shows, in
 * order from the centre (v = 0) to the end (v = sign), from palette_heat
 * over a fine sweep of v. */
static int half_of_ramp(enum palette_id id, int sign, int *codes)
{
	int n = 0;

	for (int k = 0; k <= SWEEP; k++) {
		int c = palette_heat(id, COLOR_256, THEME_DARK, sign * (double)k / SWEEP);

		/* cppcheck-suppress uninitvar ; codes[n - 1] is set for n > 0 */
		if (n == 0 || codes[n - 1] != c) {
			cr_assert_lt(n, STEPS_MAX);
			codes[n++] = c;
		}
	}
	return n;
}

/* Lightness falls at every step from the centre out, the hue moves at most
 * 20 degrees from one step to the next, every step but the centre has a
 * colour (so its hue means something), and there are at least six of
 * them. Returns the largest hue step. */
static double check_half(const char *what, const int *codes, int n)
{
	double worst = 0;

	cr_expect_geq(n - 1, 6, "%s: %d steps from the centre", what, n - 1);
	for (int k = 1; k < n; k++) {
		struct lab prev = lab_256(codes[k - 1]), cur = lab_256(codes[k]);

		cr_expect_lt(cur.l, prev.l - 1.0,
			     "%s: lightness %.1f (%d) after %.1f (%d)", what,
			     cur.l, codes[k], prev.l, codes[k - 1]);
		cr_expect_geq(chroma(cur), 10.0, "%s: %d is grey", what, codes[k]);
		if (k >= 2) {
			double gap = hue_gap(hue_deg(prev), hue_deg(cur));

			cr_expect_leq(gap, 20.0, "%s: hue %.0f (%d) after %.0f (%d)",
				      what, hue_deg(cur), codes[k],
				      hue_deg(prev), codes[k - 1]);
			if (gap > worst)
				worst = gap;
		}
	}
	return worst;
}

Test(pictures, ramp_256_lightness_falls_and_hue_holds)
{
	for (int id = 0; id < PALETTE_COUNT; id++)
		for (int sign = -1; sign <= 1; sign += 2) {
			int codes[STEPS_MAX], n = half_of_ramp((enum palette_id)id,
							       sign, codes);
			char what[64];

			snprintf(what, sizeof what, "%s %s half",
				 palette_name((enum palette_id)id),
				 sign < 0 ? "negative" : "positive");
			cr_expect_eq(codes[0], 231, "%s: the centre is white", what);
			check_half(what, codes, n);
		}
}

Test(pictures, ramp_256_halves_are_cool_and_warm)
{
	/* The two ends are far apart in hue (a diverging palette), and the end
	 * colours are dark enough to read against the white centre. */
	for (int id = 0; id < PALETTE_COUNT; id++) {
		struct lab lo = lab_256(palette_heat((enum palette_id)id, COLOR_256, THEME_DARK, -1));
		struct lab hi = lab_256(palette_heat((enum palette_id)id, COLOR_256, THEME_DARK, 1));

		cr_expect_gt(hue_gap(hue_deg(lo), hue_deg(hi)), 60.0,
			     "%s: ends at hues %.0f and %.0f",
			     palette_name((enum palette_id)id), hue_deg(lo),
			     hue_deg(hi));
		cr_expect_lt(lo.l, 50.0);
		cr_expect_lt(hi.l, 50.0);
	}
}

Test(pictures, the_terminal_table_shows_every_step)
{
	/* term.c draws heat through a table of 64 levels: from the middle
	 * out, its colours are the ramp's, all of them, in order. */
	for (int id = 0; id < PALETTE_COUNT; id++) {
		struct heat_table t;

		palette_heat_table(&t, (enum palette_id)id, THEME_DARK, COLOR_256,
				   64);
		for (int sign = -1; sign <= 1; sign += 2) {
			int codes[STEPS_MAX], n = half_of_ramp((enum palette_id)id,
							       sign, codes);
			int seen = 1;	/* the centre */

			for (int k = 0; k < 32; k++) {
				int level = sign > 0 ? 32 + k : 31 - k;
				int c = t.code[level];

				if (c == codes[seen - 1])
					continue;
				cr_assert_lt(seen, n);
				cr_expect_eq(c, codes[seen], "%s level %d: %d, want %d",
					     palette_name((enum palette_id)id),
					     level, c, codes[seen]);
				seen++;
			}
			cr_expect_eq(seen, n, "%s: %d of %d steps in the table",
				     palette_name((enum palette_id)id), seen, n);
		}
	}
}

/* The terminal's table draws rounding-sized values either side of 0 (a
 * residual map of RoPE, 1e-16 over its scale) in the ramp's zero colour,
 * one colour for both signs, in every mode and theme: with 64 levels they
 * fell on the two levels beside 0, and a blank map came out blotched. */
Test(pictures, the_terminal_draws_rounding_as_the_zero)
{
	static const enum color_mode modes[] = { COLOR_256, COLOR_RGB };

	for (int id = 0; id < PALETTE_COUNT; id++)
		for (int th = 0; th < 2; th++)
			for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
				enum theme theme = th ? THEME_LIGHT : THEME_DARK;
				struct heat_table t;
				int zero = palette_heat((enum palette_id)id,
							modes[m], theme, 0.0);

				palette_heat_table(&t, (enum palette_id)id, theme,
						   modes[m], HEAT_TERM_LEVELS);
				cr_expect_eq(t.code[palette_level(-1e-16, t.nlevels)],
					     zero, "%s: -1e-16 is not the zero colour",
					     palette_name((enum palette_id)id));
				cr_expect_eq(t.code[palette_level(1e-16, t.nlevels)],
					     zero, "%s: +1e-16 is not the zero colour",
					     palette_name((enum palette_id)id));
			}
}

/* ---- round ticks on the heatmaps ---- */

/* A step of 1, 2, 2.5 or 5 times a power of ten, whole. */
static bool round_step(long long s)
{
	while (s >= 10 && s % 10 == 0)
		s /= 10;
	return s == 1 || s == 2 || s == 5 || s == 25;
}

/* The heat area on canvas c inside r: the first run of half-block cells on
 * the first row that has one (the explorer's colour bar lies beyond a
 * blank column), down to the last row that continues it. */
static struct rect heat_area(const struct canvas *c, struct rect r)
{
	struct rect a = { -1, -1, 0, 0 };

	for (int y = r.y; y < r.y + r.h && a.y < 0; y++)
		for (int x = r.x; x < r.x + r.w; x++)
			if (canvas_cell(c, x, y)->kind == CELL_HALF) {
				a.x = x;
				a.y = y;
				break;
			}
	cr_assert_geq(a.y, 0, "no heat drawn");
	while (canvas_cell(c, a.x + a.w, a.y)->kind == CELL_HALF)
		a.w++;
	while (a.y + a.h < r.y + r.h &&
	       canvas_cell(c, a.x, a.y + a.h)->kind == CELL_HALF)
		a.h++;
	return a;
}

/* The numbers written on row y between columns x0 and x1 (exclusive), as
 * tick labels ("25", "1.5k", "2M"): values, first columns and end columns
 * (one past). Returns how many. */
static int labels_on_row(const struct canvas *c, int y, int x0, int x1,
			 double *v, int *start, int *end, int max)
{
	int n = 0;

	for (int x = x0; x < x1;) {
		char buf[32];
		int k = 0;
		char *stop;
		double m = 1;

		if (!strchr("0123456789", (int)canvas_cell(c, x, y)->ch) ||
		    canvas_cell(c, x, y)->kind != CELL_TEXT) {
			x++;
			continue;
		}
		start[n] = x;
		while (x < x1 && k < 31 && canvas_cell(c, x, y)->kind == CELL_TEXT &&
		       strchr("0123456789.kMG", (int)canvas_cell(c, x, y)->ch) &&
		       canvas_cell(c, x, y)->ch)
			buf[k++] = (char)canvas_cell(c, x++, y)->ch;
		buf[k] = '\0';
		end[n] = x;
		v[n] = strtod(buf, &stop);
		if (*stop == 'k')
			m = 1e3;
		else if (*stop == 'M')
			m = 1e6;
		else if (*stop == 'G')
			m = 1e9;
		cr_assert(*stop == '\0' || stop[1] == '\0', "bad label '%s'", buf);
		v[n] = round(v[n] * m);
		cr_assert_lt(++n, max);
	}
	return n;
}

/* The ticks of values v[0..n-1] (in order): multiples of one round step,
 * every multiple inside [first, first + count) and no other. */
static void check_round(const char *what, const double *v, int n,
			long long first, long long count)
{
	long long step, lo, want = 0;

	cr_assert_geq(n, 1, "%s: no tick", what);
	if (n == 1)
		return;
	step = (long long)(v[1] - v[0]);
	cr_expect(round_step(step), "%s: step %lld", what, step);
	lo = (first + step - 1) / step * step;
	for (long long t = lo; t < first + count; t += step, want++)
		if (want < n)
			cr_expect_eq((long long)v[want], t, "%s: tick %lld is %.0f, want %lld",
				     what, want, v[want], t);
	cr_expect_eq(n, want, "%s: %d ticks, want %lld", what, n, want);
}

/* The dimension ticks left of heat area a and the position ticks under it,
 * for a heatmap of encoding p over window v. */
static void check_heat_axes(const char *what, const struct canvas *c,
			    struct rect r, const struct pe_params *p,
			    const struct pe_window *v)
{
	struct rect a = heat_area(c, r);
	double val[64] = { 0 }, dims[64] = { 0 };
	int st[64], en[64], rows[64], n = 0;
	int xn, last_end = -10;
	char w2[160];

	/* Dimensions: one label a row at most, each on a row showing it. */
	for (int y = a.y; y < a.y + a.h; y++) {
		int k = labels_on_row(c, y, r.x, a.x - 1, val, st, en, 64);

		cr_assert_leq(k, 1, "%s: two labels on row %d", what, y);
		if (k == 0)
			continue;
		cr_assert_eq(en[0], a.x - 1, "%s: label %.0f not against the arrow column",
			     what, val[0]);
		dims[n] = val[0];
		rows[n++] = y - a.y;
	}
	snprintf(w2, sizeof w2, "%s, dimensions", what);
	check_round(w2, dims, n, v->dim0, v->ndim);
	for (int k = 0; k < n; k++) {
		bool shown = false;

		for (int half = 0; half < 2; half++) {
			struct heat_band b;

			heat_band_of_row(p, v, 2 * a.h, 2 * rows[k] + half, &b);
			for (int i = b.pair0; i < b.pair0 + b.npairs; i++)
				shown |= pe_dim_of(p, i, b.fn) == (int)dims[k];
		}
		cr_expect(shown, "%s: label %.0f on a row that does not show it",
			  what, dims[k]);
		if (k > 0)
			cr_expect_geq(rows[k] - rows[k - 1], 2,
				      "%s: labels %.0f and %.0f crowd", what,
				      dims[k - 1], dims[k]);
	}
	/* Positions: round, two blanks apart, each over its column (or held
	 * inside the axis at an edge). */
	xn = labels_on_row(c, a.y + a.h, a.x, a.x + a.w, val, st, en, 64);
	snprintf(w2, sizeof w2, "%s, positions", what);
	check_round(w2, val, xn, v->pos0, v->npos);
	for (int k = 0; k < xn; k++) {
		struct plot_axis ax = { v->pos0, v->npos, a.x, a.w };
		int col = plot_col_of_pos(&ax, (long long)val[k]);

		cr_expect_geq(st[k] - last_end, 2, "%s: position labels touch at %.0f",
			      what, val[k]);
		cr_expect((col >= st[k] && col < en[k]) || st[k] == a.x ||
			  en[k] == a.x + a.w, "%s: label %.0f at %d..%d, its column %d",
			  what, val[k], st[k], en[k], col);
		last_end = en[k];
	}
}

static struct state mkstate(int d, long long len, struct pe_window v)
{
	struct state s;

	memset(&s, 0, sizeof s);
	s.cur.pe = (struct pe_params){ d, 10000.0, PE_INTERLEAVED };
	s.cur.len = len;
	s.cur.pos = v.pos0;
	s.cur.dim = v.dim0;
	s.start = s.cur;
	s.window = v;
	return s;
}

static const struct { int d; long long len; struct pe_window v; } windows[] = {
	{ 512, 128, { 0, 128, 0, 512 } },
	{ 64, 1000, { 0, 1000, 0, 64 } },
	{ 64, 256, { 0, 256, 0, 64 } },
	{ 8192, 1000000, { 0, 1000000, 0, 8192 } },
	{ 65536, 1000000000, { 0, 1000000000, 0, 65536 } },
	{ 6, 7, { 0, 7, 0, 6 } },
	{ 512, 100000, { 987654 % 100000, 3000, 37, 100 } },
	{ 128, 2000, { 250, 1500, 3, 61 } },
};

/* The explorer's heatmap panel at the sizes it gets on 80x24 .. 160x50
 * screens, and larger. */
Test(pictures, explorer_heatmap_ticks_are_round)
{
	static const int sizes[][2] = { { 80, 8 }, { 100, 12 }, { 120, 15 },
					{ 96, 22 }, { 240, 40 } };

	for (size_t k = 0; k < sizeof windows / sizeof windows[0]; k++)
		for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			struct state s = mkstate(windows[k].d, windows[k].len,
						 windows[k].v);
			struct rect r = { 1, 1, sizes[z][0], sizes[z][1] };
			struct canvas *c = canvas_new(r.w + 2, r.h + 2);
			static struct heat_cache hc;
			char what[96];

			cr_assert_not_null(c);
			heatmap_draw(&s, &hc, c, r);
			snprintf(what, sizeof what, "explorer d %d view %lld+%lld %d+%d, %dx%d",
				 windows[k].d, windows[k].v.pos0, windows[k].v.npos,
				 windows[k].v.dim0, windows[k].v.ndim, r.w, r.h);
			check_heat_axes(what, c, r, &s.cur.pe, &s.window);
			canvas_free(c);
			heat_cache_free(&hc);
		}
}

/* heat_plot_draw, which the layouts and bugs views draw through, in both
 * layouts. */
Test(pictures, heat_plot_ticks_are_round)
{
	static const int sizes[][2] = { { 40, 6 }, { 58, 16 }, { 117, 30 } };
	static struct heat_cache hc;

	for (size_t k = 0; k < sizeof windows / sizeof windows[0]; k++)
		for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
			for (int lay = 0; lay < 2; lay++) {
				struct pe_params p = { windows[k].d, 1e4,
						       (enum pe_layout)lay };
				struct heat_plot hp = { &p, PE_BUG_NONE, &windows[k].v,
							windows[k].v.pos0,
							windows[k].v.dim0, true,
							LANG_EN, heat_caption };
				struct rect r = { 1, 1, sizes[z][0], sizes[z][1] };
				struct canvas *c = canvas_new(r.w + 2, r.h + 2);
				char what[96];

				cr_assert_not_null(c);
				heat_plot_draw(c, r, &hp, &hc);
				snprintf(what, sizeof what, "plot %s d %d %dx%d",
					 pe_layout_name(p.layout), p.d_model, r.w, r.h);
				check_heat_axes(what, c, r, &p, &windows[k].v);
				canvas_free(c);
			}
	heat_cache_free(&hc);
}

/* ---- one colour, one meaning ---- */

static struct lab lab_code(int rgb)
{
	double c[3] = { rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff };

	return lab_of(c);
}

static double delta_e(struct lab p, struct lab q)
{
	return sqrt((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) +
		    (p.b - q.b) * (p.b - q.b));
}

/* On one screen a curve's colour never reads as a heat value, the cursor
 * or a marker, nor as another curve: in both themes and with both heat
 * palettes, each trace is at least 20 CIELAB units (CIE76 delta E) from
 * every heat colour from |v| = 0.5 to 1, from the cursor, the markers and
 * the other traces (a role in the terminal's own colour is no hue and is
 * left out), and the first four traces from each other by 50 on a white
 * page, 40 on a black one and in the any theme. The eight of them, drawn
 * in lanes with a letter each (the families view), keep 30 apart: no eight
 * cube colours 7:1 on white that avoid the heat ends are farther apart.
 * (Presenter mode's orange was both +1 of PuOr and the cos curve: delta E
 * 15 from v = 0.75.) */
Test(pictures, a_colour_has_one_meaning)
{
	static const double vs[] = { -1, -0.75, -0.5, 0.5, 0.75, 1 };

	for (int th = 0; th < THEME_COUNT; th++)
		for (int a = ROLE_TRACE1; a <= ROLE_TRACE8; a++) {
			enum theme t = (enum theme)th;
			struct lab ink = lab_code(palette_role_fg((enum role)a,
								  COLOR_RGB, t));
			int others[] = { ROLE_CURSOR, ROLE_MARKER, ROLE_TRACE1,
					 ROLE_TRACE2, ROLE_TRACE3, ROLE_TRACE4,
					 ROLE_TRACE5, ROLE_TRACE6, ROLE_TRACE7,
					 ROLE_TRACE8 };
			bool first4 = a <= ROLE_TRACE4;

			for (int id = 0; id < PALETTE_COUNT; id++)
				for (size_t k = 0; k < sizeof vs / sizeof *vs; k++) {
					int h = palette_heat((enum palette_id)id,
							     COLOR_RGB, t, vs[k]);
					double d = delta_e(ink, lab_code(h));

					cr_expect_geq(d, 20, "theme %d trace %d vs "
						      "%s at %g: delta E %.1f", th,
						      a - ROLE_TRACE1 + 1,
						      palette_name((enum palette_id)id),
						      vs[k], d);
				}
			for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
				double d;

				if (others[k] == a ||
				    palette_role_fg((enum role)others[k], COLOR_RGB,
						    t) == PALETTE_DEFAULT)
					continue;
				d = delta_e(ink, lab_code(palette_role_fg(
					(enum role)others[k], COLOR_RGB, t)));
				cr_expect_geq(d, 20, "theme %d trace %d vs role %d: "
					      "delta E %.1f", th, a - ROLE_TRACE1 + 1,
					      others[k], d);
				if (others[k] >= ROLE_TRACE1 &&
				    others[k] <= ROLE_TRACE8)
					cr_expect_geq(d, 30, "theme %d trace %d vs "
						      "trace %d: delta E %.1f", th,
						      a - ROLE_TRACE1 + 1,
						      others[k] - ROLE_TRACE1 + 1, d);
				/* on a white page every trace is dark (7:1), so
				 * only hue tells two thin curves apart: the old
				 * maroon and magenta, 48 apart, read as one */
				if (t == THEME_LIGHT && first4 &&
				    others[k] >= ROLE_TRACE1 &&
				    others[k] <= ROLE_TRACE4)
					cr_expect_geq(d, 50, "light trace %d vs "
						      "trace %d: delta E %.1f",
						      a - ROLE_TRACE1 + 1,
						      others[k] - ROLE_TRACE1 + 1, d);
				/* on black, the old yellow and lime, 28.5 apart,
				 * read as one (PI and YaRN); the any theme's
				 * traces, all of middle lightness, likewise */
				if (t != THEME_LIGHT && first4 &&
				    others[k] >= ROLE_TRACE1 &&
				    others[k] <= ROLE_TRACE4)
					cr_expect_geq(d, 40, "theme %d trace %d vs "
						      "trace %d: delta E %.1f", th,
						      a - ROLE_TRACE1 + 1,
						      others[k] - ROLE_TRACE1 + 1, d);
			}
		}
}
