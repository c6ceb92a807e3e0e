/* test_colour_bars.c - every map of the layouts and bugs views has a
 * colour bar that says what its colours mean (issue 19, the glance test:
 * a reviewer shown the pictures could not tell), read back from the
 * screen as drawn:
 *   - a bar is a column of half blocks one blank column right of a map,
 *     over exactly the map's rows, its colours falling from the ramp's +1
 *     end at the top to its -1 end at the bottom, with labels on its right
 *     at the top and bottom rows;
 *   - the labels match the map's scale: "+1" and "−1" for the heatmaps,
 *     which are coloured by the encoding's values (all within -1..1, and
 *     reaching 0.9 at least); for the difference map, "+M" and "−M" with M
 *     the largest |mistake − correct| over the two heatmaps' pixels as
 *     drawn (2 digits), the map itself reaching ±1 (it is coloured by
 *     d / M); for the RoPE entry's score matrices, one bar, ±(the largest
 *     |score|) the paragraph gives, the matrices reaching ±1;
 *   - at 80x24, 100x30 and 120x40, in English and Chinese, in UTF-8 and
 *     ASCII ("-1").
 * Before the bars the layouts and bugs views had none: every count here
 * was 0. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/fmt.h"
#include "base/utf8.h"
#include "engine/pe_variants.h"
#include "views/view_bugs_zoo.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(colour_bars, .init = utf8_locale);

enum { BARS_MAX = 8, LABEL_MAX = 64 };

static const int screens[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
static const enum lang langs[] = { LANG_EN, LANG_ZH };

/* One bar found on the screen, and the map at its left. */
struct bar {
	int x, y0, y1;			/* its column and rows */
	char top[LABEL_MAX], bot[LABEL_MAX];
	int map_x0, map_x1;		/* the map's columns */
	double map_lo, map_hi;		/* its lowest and highest pixels */
};

static bool half(const struct canvas *c, int x, int y)
{
	return x >= 0 && y >= 0 && x < canvas_width(c) && y < canvas_height(c) &&
	       canvas_cell(c, x, y)->kind == CELL_HALF;
}

/* The text from (x, y) up to the first blank, border or non-text cell. */
static char *label_at(const struct canvas *c, int x, int y, char *out)
{
	size_t n = 0;

	for (; x < canvas_width(c) && n + 5 < LABEL_MAX; x++) {
		const struct cell *cl = canvas_cell(c, x, y);

		if (cl->kind != CELL_TEXT || cl->ch == ' ' ||
		    (cl->ch >= 0x2500 && cl->ch <= 0x257f))
			break;
		n += utf8_encode(cl->ch, out + n);
	}
	out[n] = '\0';
	return out;
}

/* Whether (x, y) continues a bar: a half block, a blank column at its
 * left, and a map's half block left of that. */
static bool bar_cell(const struct canvas *c, int x, int y)
{
	return half(c, x, y) && !half(c, x - 1, y) && half(c, x - 2, y);
}

/* The bars on c, left to right, top to bottom; their count. Each must
 * fall strictly from top to bottom (or be one colour: a map all zero). */
static int find_bars(const struct canvas *c, struct bar *out)
{
	int n = 0;

	for (int x = 2; x < canvas_width(c) - 1; x++)
		for (int y = 0; y < canvas_height(c); y++) {
			struct bar b = { x, y, y, "", "", 0, 0, 2, -2 };
			double prev = 2;
			bool falls = true, flat = true;

			if (!bar_cell(c, x, y) || bar_cell(c, x, y - 1))
				continue;
			while (bar_cell(c, x, b.y1 + 1))
				b.y1++;
			for (int k = b.y0; k <= b.y1; k++) {
				const struct cell *cl = canvas_cell(c, x, k);

				falls = falls && cl->top < prev && cl->bot < cl->top;
				flat = flat && cl->top == 0 && cl->bot == 0;
				prev = cl->bot;
			}
			label_at(c, x + 1, b.y0, b.top);
			label_at(c, x + 1, b.y1, b.bot);
			/* a bar of one colour, a map all zero: " 0" on its
			 * middle row is all it says */
			if (flat && !b.top[0] && b.y1 > b.y0 + 1 &&
			    !strcmp(label_at(c, x + 2, b.y0 + (b.y1 - b.y0) / 2,
					     b.top), "0") && !b.bot[0])
				strcpy(b.bot, "0");
			if (b.top[0] != '+' && strcmp(b.top, "0") != 0) {
				y = b.y1;
				continue;	/* not a bar: no label */
			}
			cr_assert(falls || flat, "the bar at column %d, rows %d-%d "
				  "does not run from +1 down to -1", x, b.y0, b.y1);
			b.map_x0 = x - 2;
			while (half(c, b.map_x0 - 1, b.y0))
				b.map_x0--;
			b.map_x1 = x - 2;
			for (int k = b.y0; k <= b.y1; k++)
				for (int m = b.map_x0; m <= b.map_x1; m++) {
					const struct cell *cl = canvas_cell(c, m, k);

					b.map_lo = fmin(b.map_lo, fmin(cl->top, cl->bot));
					b.map_hi = fmax(b.map_hi, fmax(cl->top, cl->bot));
				}
			cr_assert(n < BARS_MAX);
			out[n++] = b;
			y = b.y1;
		}
	return n;
}

/* Checks what every bar must be: beside its map, over exactly the map's
 * rows (no map cell above or below the bar's ends), the ramp's ends at
 * its ends. */
static void check_beside(const struct canvas *c, const struct bar *b,
			 const char *what)
{
	const struct cell *top = canvas_cell(c, b->x, b->y0);
	const struct cell *bot = canvas_cell(c, b->x, b->y1);

	cr_assert(!half(c, b->map_x1, b->y0 - 1) && !half(c, b->map_x1, b->y1 + 1),
		  "%s: the bar at column %d (rows %d-%d) is not as tall as its map",
		  what, b->x, b->y0, b->y1);
	cr_assert_geq(b->y1 - b->y0, 2, "%s: a bar of %d rows", what,
		      b->y1 - b->y0 + 1);
	if (strcmp(b->top, "0") != 0)
		cr_assert(top->top > 0.8 && bot->bot < -0.8,
			  "%s: the bar runs from %g to %g, not the ramp's ends",
			  what, top->top, bot->bot);
}

static struct state mkstate(int view, enum lang lang, bool ascii)
{
	struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &st);
	s.view = view;
	s.lang = lang;
	s.ascii = ascii;
	return s;
}

/* A heatmap's bar: ±1, and a map of the encoding's values within them. */
static void check_unit_bar(const struct canvas *c, const struct bar *b,
			   bool ascii, const char *what)
{
	check_beside(c, b, what);
	cr_assert_str_eq(b->top, "+1", "%s: top label", what);
	cr_assert_str_eq(b->bot, ascii ? "-1" : "−1", "%s: bottom label", what);
	cr_assert(b->map_hi <= 1.0 && b->map_lo >= -1.0 && b->map_hi > 0.9,
		  "%s: the map's pixels run %g..%g, not on the bar's scale", what,
		  b->map_lo, b->map_hi);
}

Test(colour_bars, layouts_heatmaps_have_bars_of_their_values)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++)
			for (int ascii = 0; ascii < 2; ascii++) {
				struct state s = mkstate(VIEW_LAYOUTS, langs[l], ascii);
				struct canvas *c = fx_canvas(&s, screens[z][0], screens[z][1]);
				struct bar b[BARS_MAX];
				char what[64];
				int n = find_bars(c, b);

				snprintf(what, sizeof what, "layouts %dx%d %s%s",
					 screens[z][0], screens[z][1],
					 lang_name(langs[l]), ascii ? " ascii" : "");
				cr_assert_eq(n, 2, "%s: %d colour bars, not one a heatmap",
					     what, n);
				for (int k = 0; k < n; k++)
					check_unit_bar(c, &b[k], ascii, what);
				/* each beside its own map: the second right of the
				 * first's bar */
				cr_assert_gt(b[1].map_x0, b[0].x, "%s", what);
				canvas_free(c);
			}
}

/* The bugs entry "dim index j instead of 2i" (a real mistake): two
 * heatmaps with ±1 bars, and the difference map with a bar of its own
 * scale, at 80x24 too, where the three maps take the row the similarity
 * shares from 100 columns (before, 80x24 left the difference map out:
 * 2 bars). */
Test(colour_bars, bugs_maps_have_bars_and_the_difference_its_scale)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++)
			for (int ascii = 0; ascii < 2; ascii++) {
				struct state s = mkstate(VIEW_BUGS, langs[l], ascii);
				struct canvas *c;
				struct bar b[BARS_MAX];
				char what[64], want[48];
				double m = 0.0;
				int n, want_n = 3;

				s.knob[VIEW_BUGS][K_BUG] = PE_BUG_DIM_EXPONENT;
				c = fx_canvas(&s, screens[z][0], screens[z][1]);
				n = find_bars(c, b);
				snprintf(what, sizeof what, "bugs %dx%d %s%s",
					 screens[z][0], screens[z][1],
					 lang_name(langs[l]), ascii ? " ascii" : "");
				cr_assert_eq(n, want_n, "%s: %d colour bars, not %d",
					     what, n, want_n);
				check_unit_bar(c, &b[0], ascii, what);
				check_unit_bar(c, &b[1], ascii, what);
				/* M from the two heatmaps' pixels, as the map
				 * computes it (in float) */
				cr_assert_eq(b[0].map_x1 - b[0].map_x0,
					     b[1].map_x1 - b[1].map_x0, "%s", what);
				for (int y = b[0].y0; y <= b[0].y1; y++)
					for (int x = 0; x <= b[0].map_x1 - b[0].map_x0; x++) {
						const struct cell *g = canvas_cell(c, b[0].map_x0 + x, y);
						const struct cell *e = canvas_cell(c, b[1].map_x0 + x, y);

						m = fmax(m, fabs((double)(e->top - g->top)));
						m = fmax(m, fabs((double)(e->bot - g->bot)));
					}
				cr_assert_gt(m, 0.1, "%s: the mistake changes the picture", what);
				check_beside(c, &b[2], what);
				snprintf(want, sizeof want, "+%s", fmt_double_compact(m, 2, (char[32]){ 0 }, 32));
				cr_assert_str_eq(b[2].top, want, "%s: the difference "
						 "map's bar, its largest difference %g",
						 what, m);
				snprintf(want, sizeof want, "%s%s", ascii ? "-" : "−",
					 fmt_double_compact(m, 2, (char[32]){ 0 }, 32));
				cr_assert_str_eq(b[2].bot, want, "%s", what);
				/* coloured by d / M: its pixels reach the ramp's
				 * ends, and no further */
				cr_assert(fmax(-b[2].map_lo, b[2].map_hi) > 0.999 &&
					  b[2].map_lo >= -1.0 && b[2].map_hi <= 1.0,
					  "%s: the difference map runs %g..%g", what,
					  b[2].map_lo, b[2].map_hi);
				canvas_free(c);
			}
}

/* A correct implementation draws the same pixels: its difference map is
 * all zero, so it has no colours and no bar (the two maps' bars only); its
 * title says ±0 and the map says in words that no pixel differs. */
Test(colour_bars, bugs_a_blank_difference_map_says_zero)
{
	struct state s = mkstate(VIEW_BUGS, LANG_EN, false);
	struct canvas *c;
	struct bar b[BARS_MAX];
	char *text;
	int n;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_NUMPY;	/* the NumPy entry */
	c = fx_canvas(&s, 120, 40);
	n = find_bars(c, b);
	cr_assert_eq(n, 2, "%d colour bars", n);
	canvas_free(c);
	text = fx_text(&s, 120, 40);
	cr_assert_not_null(strstr(text, "Mistake − correct, ±0 "), "%s", text);
	cr_assert_not_null(strstr(text, "No pixel differs: the two"), "%s", text);
	free(text);
}

/* The largest |pixel| of the screen's half blocks but column x's. */
static double largest_pixel(const struct canvas *c, int x)
{
	double m = 0.0;

	for (int y = 0; y < canvas_height(c); y++)
		for (int k = 0; k < canvas_width(c); k++)
			if (k != x && half(c, k, y))
				m = fmax(m, fmax(fabs(canvas_cell(c, k, y)->top),
						 fabs(canvas_cell(c, k, y)->bot)));
	return m;
}

/* The RoPE entry: one bar beside the second matrix, ± the largest score
 * the paragraph names ("where the largest score is 9.61"). */
Test(colour_bars, bugs_rope_scores_have_one_bar_of_the_largest_score)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = mkstate(VIEW_BUGS, langs[l], false);
			struct canvas *c;
			struct bar b[BARS_MAX];
			char what[64], *text, want[48];
			const char *at;
			double largest = 0.0, label;
			int n;

			s.knob[VIEW_BUGS][K_BUG] = ZOO_ENTRIES - 1;
			c = fx_canvas(&s, screens[z][0], screens[z][1]);
			n = find_bars(c, b);
			snprintf(what, sizeof what, "bugs rope %dx%d %s", screens[z][0],
				 screens[z][1], lang_name(langs[l]));
			cr_assert_eq(n, 1, "%s: %d colour bars", what, n);
			check_beside(c, &b[0], what);
			text = fx_text(&s, screens[z][0], screens[z][1]);
			/* the paragraph's "... where the largest score is 9.61;" */
			at = strstr(text, langs[l] == LANG_ZH ? "而最大的分数是 "
							      : "the largest score is ");
			cr_assert_not_null(at, "%s: the largest score:\n%s", what, text);
			largest = strtod(at + strcspn(at, "0123456789"), NULL);
			cr_assert_gt(largest, 0.0, "%s", what);
			label = strtod(b[0].top + 1, NULL);
			snprintf(want, sizeof want, "+%s",
				 fmt_double_compact(largest, 2, (char[32]){ 0 }, 32));
			cr_assert(fabs(label - largest) <= 0.051 * largest,
				  "%s: the bar says %s, the largest score is %g", what,
				  b[0].top, largest);
			cr_assert_str_eq(b[0].top, want, "%s", what);
			cr_assert_str_eq(b[0].bot + strlen("−"), want + 1, "%s", what);
			/* coloured by s / the largest |s|: a pixel of one of the
			 * two matrices reaches the ramp's end */
			cr_assert_gt(largest_pixel(c, b[0].x), 0.999, "%s", what);
			free(text);
			canvas_free(c);
		}
}

/* The explore view's heatmap has the same bar as the others (one helper,
 * render/colour_bar.h): "+1" over "−1" ("-1" in ASCII) beside a map of
 * the encoding's values. Its own copy wrote "-1" in UTF-8 too. */
Test(colour_bars, explore_heatmap_has_the_shared_bar)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++)
			for (int ascii = 0; ascii < 2; ascii++) {
				struct state s = mkstate(VIEW_EXPLORE, langs[l], ascii);
				struct canvas *c = fx_canvas(&s, screens[z][0], screens[z][1]);
				struct bar b[BARS_MAX];
				char what[64];
				int n = find_bars(c, b);

				snprintf(what, sizeof what, "explore %dx%d %s%s",
					 screens[z][0], screens[z][1],
					 lang_name(langs[l]), ascii ? " ascii" : "");
				cr_assert_eq(n, 1, "%s: %d colour bars, not one", what, n);
				check_unit_bar(c, &b[0], ascii, what);
				canvas_free(c);
			}
}
