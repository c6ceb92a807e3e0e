/* test_views_a.c - the spectrum, clocks and bands views, read back from the
 * canvas: the numbers they print (against values worked out by hand or by
 * brute force here), the marker that follows the selection, ASCII text, and
 * that each view fills its rectangle and nothing else. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "engine/pe.h"
#include "model/state.h"
#include "model/keys.h"
#include "views/views.h"
#include "snap.h"
#include "dial_fx.h"
#include "colour_fx.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(views_a, .init = utf8_locale);

enum { SENTINEL = '~', MARGIN = 2, NSIZES = 3 };

/* The body sizes of the smallest, a common and the largest screen. */
static const int sizes[NSIZES][2] = { { 60, 18 }, { 120, 38 }, { 240, 68 } };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

typedef int draw_fn;	/* a view: its index in the catalog */

/* ---- helpers ---- */

static struct state mkstate(int d, double base, long long len, long long pos,
			    int dim, int v)
{
	struct settings st = { { d, base, PE_INTERLEAVED }, len, pos, dim };
	struct state s;

	fx_init(&s, &st);
	s.view = v;
	return s;
}

static unsigned apply(struct state *s, enum action_kind k, long long arg)
{
	struct action a = action_make(k, arg);

	return reduce(s, &a);
}

/* A canvas MARGIN cells larger than w x h on every side, filled with the
 * sentinel, with the view drawn into the rectangle in the middle. */
static struct canvas *render(draw_fn draw, const struct state *s, int w,
			     int h, struct rect *r)
{
	struct canvas *c = canvas_new(w + 2 * MARGIN, h + 2 * MARGIN);

	cr_assert_not_null(c);
	canvas_fill(c, (struct rect){ 0, 0, w + 2 * MARGIN, h + 2 * MARGIN },
		    SENTINEL, plain);
	*r = (struct rect){ MARGIN, MARGIN, w, h };
	fx_draw_view(draw, s, c, *r);
	return c;
}

static void assert_shows(const struct canvas *c, const char *needle,
			 const char *what)
{
	cr_assert_geq(snap_find_row(c, needle), 0, "%s: \"%s\" not on screen", what,
		      needle);
}

/* The view painted every cell of r and nothing outside it. */
static void assert_owns(const struct canvas *c, struct rect r, const char *what)
{
	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x < canvas_width(c); x++) {
			const struct cell *p = canvas_cell(c, x, y);
			bool sentinel = p->kind == CELL_TEXT && p->ch == SENTINEL;
			bool in = x >= r.x && x < r.x + r.w && y >= r.y &&
				  y < r.y + r.h;

			cr_assert(in != sentinel, "%s: cell (%d, %d) %s", what, x,
				  y, in ? "left unpainted" : "drawn outside");
		}
}

/* Every text cell inside r is ASCII, or box drawing (which every sink
 * turns into - | +). */
static void assert_ascii(const struct canvas *c, struct rect r, const char *what)
{
	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++) {
			const struct cell *p = canvas_cell(c, x, y);

			if (p->kind == CELL_TEXT)
				cr_assert(p->ch < 0x80 || (p->ch >= 0x2500 && p->ch < 0x2580),
					  "%s: U+%04X at (%d, %d)", what, (unsigned)p->ch, x, y);
			else
				cr_assert(p->kind == CELL_BRAILLE, "%s: cell kind %d at (%d, %d)",
					  what, p->kind, x, y);
		}
}

/* The one column holding cursor-role marker cells ('│' or braille). */
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
	cr_assert_geq(col, 0, "no marker");
	return col;
}

/* ---- spectrum ---- */

Test(views_a, spectrum_counts_pairs_that_cycle)
{
	/* d = 8, base = 1e4: wavelengths 6.28, 62.8, 628, 6283; len 128 holds
	 * the first two. d = 512: pairs 0..83 (2 pi 10^(i/64) <= 128). */
	struct state small = mkstate(8, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct state big = mkstate(512, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct state all = mkstate(8, 10000.0, 1000000, 0, 0, VIEW_SPECTRUM);
	struct state none = mkstate(8, 10000.0, 6, 0, 0, VIEW_SPECTRUM);

	for (int k = 0; k < NSIZES; k++) {
		struct rect r;
		struct canvas *c;

		c = render(VIEW_SPECTRUM, &small, sizes[k][0], sizes[k][1], &r);
		assert_shows(c, "2 of 4 pairs complete a cycle within 128", "d=8");
		canvas_free(c);
		c = render(VIEW_SPECTRUM, &big, sizes[k][0], sizes[k][1], &r);
		assert_shows(c, "84 of 256 pairs complete a cycle within 128", "d=512");
		canvas_free(c);
		c = render(VIEW_SPECTRUM, &all, sizes[k][0], sizes[k][1], &r);
		assert_shows(c, "4 of 4 pairs complete a cycle within 1000000", "len 1e6");
		canvas_free(c);
		c = render(VIEW_SPECTRUM, &none, sizes[k][0], sizes[k][1], &r);
		assert_shows(c, "0 of 4 pairs complete a cycle within 6", "len 6");
		canvas_free(c);
	}
}

Test(views_a, spectrum_shows_the_ranges_and_regions)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct rect r;
	struct canvas *c = render(VIEW_SPECTRUM, &s, 120, 38, &r);
	char buf[64];

	/* λ_255 = 2π·1e4^(510/512) = 60611.7. */
	snprintf(buf, sizeof buf, "%.3g", 2 * M_PI * pow(1e4, 510.0 / 512));
	cr_assert_str_eq(buf, "6.06e+04");
	assert_shows(c, "λ_0 = 2π = 6.28", "first wavelength");
	assert_shows(c, "λ_255 = 2π·base^((d−2)/d) = 6.06e4", "last wavelength");
	assert_shows(c, "2π·base = 6.28e4", "asymptote");
	assert_shows(c, "↑ slower than the sequence: nearly constant over len", "slow region");
	assert_shows(c, "cycle within len", "fast region");
	assert_shows(c, "len = 128", "len line");
	/* pair 0: 128 / 2π = 20.37 turns. */
	assert_shows(c, "dim 0 = sin of pair 0: λ = 6.28, 20.4 turns over len", "selected");
	canvas_free(c);
}

/* The column on row y where `needle` starts, or -1. */
static int text_col(const struct canvas *c, int y, const char *needle)
{
	for (int x = 0; x < canvas_width(c); x++) {
		char buf[SNAP_ROW_MAX];

		if (strncmp(snap_span_text(c, x, canvas_width(c), y, buf), needle,
			    strlen(needle)) == 0)
			return x;
	}
	return -1;
}

/* Each region's label stands next to its pairs, beside the len line: the
 * slow one on the row above the line, right of where the curve crosses it
 * (under the slow pairs, its arrow up), the fast one on the row below,
 * left of the crossing (over the fast pairs, its arrow down). They stood
 * in the corners opposite their pairs. At 3 sizes, in en and zh. */
Test(views_a, spectrum_region_labels_beside_their_pairs)
{
	static const int at[][2] = { { 78, 20 }, { 98, 26 }, { 118, 36 } };

	for (int l = 0; l < 2; l++)
		for (int z = 0; z < 3; z++) {
			struct state s = mkstate(128, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
			struct rect r;
			struct canvas *c;
			int y, xc = -1, xs = -1, xf = -1;
			const char *slow = l ? "↑ 比序列还慢" : "↑ slower than the sequence";
			const char *fast[3] = { l ? "↓ 在 len 内转满一圈" : "↓ complete a cycle within len",
						l ? "↓ 转满一圈" : "↓ cycle within len",
						"↓ λ ≤ len" };

			s.lang = (enum lang)l;
			c = render(VIEW_SPECTRUM, &s, at[z][0], at[z][1], &r);
			y = snap_find_row(c, "len = 128");
			cr_assert_geq(y, 0);
			/* where the curve crosses the len line: its braille */
			for (int x = 0; x < canvas_width(c) && xc < 0; x++)
				if (canvas_cell(c, x, y)->kind == CELL_BRAILLE)
					xc = x;
			cr_assert_geq(xc, 0, "no crossing");
			xs = text_col(c, y - 1, slow);
			for (int k = 0; k < 3 && xf < 0; k++)
				if ((xf = text_col(c, y + 1, fast[k])) >= 0)
					xf += utf8_width(fast[k]);
			cr_expect_gt(xs, xc, "%s %dx%d: the slow label at %d, crossing at %d",
				     l ? "zh" : "en", at[z][0], at[z][1], xs, xc);
			cr_expect(xf >= 0 && xf < xc, "%s %dx%d: the fast label ends at %d, crossing at %d",
				  l ? "zh" : "en", at[z][0], at[z][1], xf, xc);
			canvas_free(c);
		}
}

Test(views_a, spectrum_marker_follows_the_dimension)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_SPECTRUM);

	for (int k = 0; k < NSIZES; k++) {
		int w = sizes[k][0], h = sizes[k][1], col[4];
		static const int dims[4] = { 0, 200, 201, 511 };
		struct rect r;
		struct canvas *c;

		for (int j = 0; j < 4; j++) {
			s.cur.dim = dims[j];
			c = render(VIEW_SPECTRUM, &s, w, h, &r);
			col[j] = marker_col(c, r);
			canvas_free(c);
		}
		cr_assert_lt(col[0], col[1], "%dx%d: pair 100 right of pair 0", w, h);
		cr_assert_eq(col[1], col[2], "dims 200 and 201 are one pair");
		cr_assert_lt(col[2], col[3], "%dx%d: pair 255 right of pair 100", w, h);
	}
	/* The mark is at the pair, not the dimension: concat puts pair 44's
	 * sine in dim 44 and its cosine in dim 300. */
	{
		struct state il = mkstate(512, 10000.0, 128, 0, 88, VIEW_SPECTRUM);
		struct state cc = mkstate(512, 10000.0, 128, 0, 300, VIEW_SPECTRUM);
		struct rect r;
		struct canvas *a, *b;

		cc.cur.pe.layout = PE_CONCAT;
		a = render(VIEW_SPECTRUM, &il, 120, 38, &r);
		b = render(VIEW_SPECTRUM, &cc, 120, 38, &r);
		cr_assert_eq(marker_col(a, r), marker_col(b, r));
		canvas_free(a);
		canvas_free(b);
	}
}

/* ---- clocks ---- */

/* The matrix of the selected pair and the residual, as the view must print
 * them, on screen at every size. */
static void check_clocks(const struct state *s)
{
	int pair = pe_pair_of(&s->cur.pe, s->cur.dim);
	double m[2][2];
	char v[4][32], res[32];

	pe_rotation(&s->cur.pe, pair, (double)s->knob[VIEW_CLOCKS][K_OFFSET], m);
	snprintf(v[0], 32, "%.4f", m[0][0]);
	snprintf(v[1], 32, "%.4f", m[0][1]);
	snprintf(v[2], 32, "%.4f", m[1][0]);
	snprintf(v[3], 32, "%.4f", m[1][1]);
	/* Two digits, written as fmt.h writes numbers: 5e-15, 2.6e-14. */
	snprintf(res, sizeof res, "= ");
	fmt_double_compact(pe_rotation_residual(&s->cur.pe, (double)s->cur.pos,
						(double)s->knob[VIEW_CLOCKS][K_OFFSET]),
			   2, res + 2, sizeof res - 2);
	for (int k = 0; k < NSIZES; k++) {
		struct rect r;
		struct canvas *c = render(VIEW_CLOCKS, s, sizes[k][0], sizes[k][1], &r);
		char top[SNAP_ROW_MAX], bot[SNAP_ROW_MAX];
		int y = snap_find_row(c, "M_k = [[ cos kω,  sin kω]");

		cr_assert_geq(y, 0, "%dx%d: no matrix", sizes[k][0], sizes[k][1]);
		snap_row_text(c, y, top);
		snap_row_text(c, y + 1, bot);
		cr_assert(strstr(top, v[0]) && strstr(top, v[1]),
			  "%dx%d: first row \"%s\" lacks %s %s", sizes[k][0],
			  sizes[k][1], top, v[0], v[1]);
		cr_assert(strstr(bot, "[−sin kω,  cos kω]]") && strstr(bot, v[2]) &&
			  strstr(bot, v[3]), "second row \"%s\" lacks %s %s", bot,
			  v[2], v[3]);
		assert_shows(c, res, "residual");
		assert_shows(c, "‖M_k·PE(p) − PE(p+k)‖", "residual formula");
		canvas_free(c);
	}
}

Test(views_a, clocks_print_the_rotation_of_the_selected_pair)
{
	struct state s = mkstate(512, 10000.0, 128, 17, 6, VIEW_CLOCKS);

	/* k starts at 4 */
	for (int j = 0; j < 4; j++)
		fx_press(&s, 'X');
	cr_assert_eq(s.knob[VIEW_CLOCKS][K_OFFSET], 8);
	check_clocks(&s);
	fx_press(&s, 'C');
	cr_assert_eq(s.knob[VIEW_CLOCKS][K_OFFSET], 16, "c/C doubles k");
	check_clocks(&s);
	s.cur.dim = 301;	/* pair 150, slow: entries near the identity */
	check_clocks(&s);
}

Test(views_a, clocks_label_the_dials)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 6, VIEW_CLOCKS);
	char buf[64];

	fx_press(&s, 'X');
	for (int k = 0; k < NSIZES; k++) {
		struct rect r;
		struct canvas *c = render(VIEW_CLOCKS, &s, sizes[k][0], sizes[k][1], &r);

		/* The selected pair always has a dial; pairs 0 and 255 too. */
		assert_shows(c, "i=3", "selected dial");
		snprintf(buf, sizeof buf, "λ=%.3g", 2 * M_PI * pow(1e4, 6.0 / 512));
		assert_shows(c, buf, "selected wavelength");
		assert_shows(c, "i=0", "fastest dial");
		assert_shows(c, "λ=6.28", "fastest wavelength");
		assert_shows(c, "i=255", "slowest dial");
		assert_shows(c, "k = 5", "offset");
		canvas_free(c);
	}
}

/* The dials of a clocks canvas: the pair of each "i=N" label into pair[]
 * (at most max), and whether its label is in the cursor's role into sel[].
 * Returns how many. */
static int dial_labels(const struct canvas *c, int *pair, bool *sel, int max)
{
	int n = 0;

	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x + 2 < canvas_width(c); x++) {
			const struct cell *i = canvas_cell(c, x, y);
			const struct cell *eq = canvas_cell(c, x + 1, y);
			int v = 0, len = 0;

			if (i->kind != CELL_TEXT || i->ch != 'i' ||
			    eq->kind != CELL_TEXT || eq->ch != '=')
				continue;
			for (const struct cell *d; x + 2 + len < canvas_width(c) &&
			     (d = canvas_cell(c, x + 2 + len, y))->kind == CELL_TEXT &&
			     d->ch >= '0' && d->ch <= '9'; len++)
				v = 10 * v + (int)(d->ch - '0');
			if (len == 0)
				continue;
			cr_assert_lt(n, max);
			pair[n] = v;
			sel[n++] = i->fg == ROLE_CURSOR;
		}
	return n;
}

/* A dial as the screen shows it: its label "i=N" at (x, y), and the
 * rectangle over it: the columns half way to its neighbours' labels and
 * the rows above the label that hold braille or an arrow. */
struct dial_read {
	int pair, x, y;
	struct rect r;
};

static bool dial_cell(const struct canvas *c, int x, int y)
{
	const struct cell *e = canvas_cell(c, x, y);
	double a;

	return e->kind == CELL_BRAILLE ||
	       (e->kind == CELL_TEXT && fx_arrow_angle(e->ch, &a) &&
		!fx_in_hand_key(c, x, y));
}

static int read_dials(const struct canvas *c, struct dial_read *d, int max)
{
	int n = 0;

	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x + 2 < canvas_width(c); x++) {
			int v = 0, len = 0;

			if (canvas_cell(c, x, y)->ch != 'i' ||
			    canvas_cell(c, x + 1, y)->ch != '=')
				continue;
			while (x + 2 + len < canvas_width(c) &&
			       canvas_cell(c, x + 2 + len, y)->ch >= '0' &&
			       canvas_cell(c, x + 2 + len, y)->ch <= '9')
				v = 10 * v + (int)(canvas_cell(c, x + 2 + len++, y)->ch - '0');
			if (len == 0 || n >= max)
				continue;
			d[n++] = (struct dial_read){ v, x + 1, y, { 0, 0, 0, 0 } };
		}
	for (int j = 0; j < n; j++) {
		int gap = 1000, x0, x1, top = d[j].y;

		for (int k = 0; k < n; k++)
			if (k != j && d[k].y == d[j].y && abs(d[k].x - d[j].x) < gap)
				gap = abs(d[k].x - d[j].x);
		if (gap == 1000)
			gap = 40;
		x0 = d[j].x - gap / 2 < 0 ? 0 : d[j].x - gap / 2;
		x1 = d[j].x + gap / 2 > canvas_width(c) ? canvas_width(c)
							: d[j].x + gap / 2;
		for (int y = d[j].y - 1; y >= 0; y--) {
			bool any = false;

			for (int x = x0; x < x1; x++)
				any = any || dial_cell(c, x, y);
			if (!any)
				break;
			top = y;
		}
		d[j].r = (struct rect){ x0, top, x1 - x0, d[j].y - top };
	}
	return n;
}

/* Issue 19, item 8, and two glance reviews: at the start offset every
 * dial shows its two hands as two arrows from its centre, each tip an
 * arrow glyph of its own in the hand's colour (the hand at p the long
 * one, the hand at p + k the short one), pointing the hand's way and
 * standing that way from the centre; the fast dials' hands stand apart
 * while the slow ones' point the same way; and under each dial its turn
 * k·ω_i in degrees; at 80x24, 100x30 and 120x40, at the explorer's start
 * (d 128, p 10). At the old start k = 1 the hands of most dials
 * overlapped; later the fast dial was a tangle of two hands and an arc,
 * with no tips to tell them apart. */
Test(views_a, clocks_start_turns_fast_hands_apart_and_slow_ones_barely)
{
	static const int at[][2] = { { 78, 20 }, { 98, 26 }, { 118, 36 } };

	for (int z = 0; z < 3; z++) {
		struct state s = mkstate(128, 10000.0, 128, 10, 0, VIEW_CLOCKS);
		struct rect r;
		struct canvas *c = render(VIEW_CLOCKS, &s, at[z][0], at[z][1], &r);
		struct dial_read d[32];
		int n = read_dials(c, d, 32), fast = 0, slow = 0;
		double k = s.knob[VIEW_CLOCKS][K_OFFSET];

		cr_assert_geq(n, 6, "%dx%d: %d dials", at[z][0], at[z][1], n);
		for (int j = 0; j < n; j++) {
			double w = pow(1e4, -2.0 * d[j].pair / 128);
			double deg = k * w * 180.0 / M_PI;
			/* clockwise from up: the math angle pi/2 - p w */
			double want[2] = { M_PI / 2 - 10 * w, M_PI / 2 - (10 + k) * w };
			char lbl[32], num[24];
			struct fx_dial dl;

			if (deg >= 10.0)
				snprintf(num, sizeof num, "%.0f", deg);
			else
				fmt_double_compact(deg, 2, num, sizeof num);
			snprintf(lbl, sizeof lbl, "+%s°", num);
			assert_shows(c, lbl, "a dial's turn");
			fx_dial_read(c, d[j].r, ROLE_TRACE1, ROLE_TRACE2, &dl);
			cr_expect_gt(dl.rim_cells, 8, "%dx%d: pair %d: no rim",
				     at[z][0], at[z][1], d[j].pair);
			for (int h = 0; h < 2; h++) {
				cr_expect_eq(dl.tip[h].n, 1, "%dx%d: pair %d: %d tips of hand %d",
					     at[z][0], at[z][1], d[j].pair,
					     dl.tip[h].n, h);
				cr_expect_leq(fx_angle_apart(dl.tip[h].glyph, want[h]),
					      M_PI / 8 + 1e-9,
					      "%dx%d: pair %d: hand %d's arrow points %g°, the hand %g°",
					      at[z][0], at[z][1], d[j].pair, h,
					      dl.tip[h].glyph * 180 / M_PI,
					      want[h] * 180 / M_PI);
				cr_expect_leq(fx_angle_apart(dl.tip[h].seen, want[h]),
					      (h ? 55.0 : 35.0) * M_PI / 180,
					      "%dx%d: pair %d: hand %d's tip stands at %g°, the hand points %g°",
					      at[z][0], at[z][1], d[j].pair, h,
					      dl.tip[h].seen * 180 / M_PI,
					      want[h] * 180 / M_PI);
			}
			cr_expect(dl.tip[0].x != dl.tip[1].x || dl.tip[0].y != dl.tip[1].y,
				  "%dx%d: pair %d: the two tips share a cell",
				  at[z][0], at[z][1], d[j].pair);
			if (deg >= 40.0) {
				cr_expect_gt(fx_angle_apart(dl.tip[0].glyph, dl.tip[1].glyph), 0.1,
					     "%dx%d: pair %d turns %g°, its arrows point alike",
					     at[z][0], at[z][1], d[j].pair, deg);
				fast++;
			} else if (deg < 1.0) {
				cr_expect_eq(dl.tip[0].glyph, dl.tip[1].glyph,
					     "%dx%d: pair %d turns %g°, yet its arrows part",
					     at[z][0], at[z][1], d[j].pair, deg);
				slow++;
			}
		}
		cr_expect_geq(fast, 2, "%dx%d: %d fast dials", at[z][0], at[z][1], fast);
		cr_expect_geq(slow, 2, "%dx%d: %d slow dials", at[z][0], at[z][1], slow);
		assert_shows(c, "k = 4", "the start offset");
		canvas_free(c);
	}
}

/* The header names the keys as the footer does ("x/X offset k -/+1",
 * "c/C offset k /2 x2"), not in a second spelling ("−/+ 1", "÷2 ×2"):
 * at 3 sizes, in en and zh. */
Test(views_a, clocks_header_keys_in_the_footers_words)
{
	static const int at[][2] = { { 78, 20 }, { 98, 26 }, { 118, 36 } };

	for (int l = 0; l < 2; l++)
		for (int z = 0; z < 3; z++) {
			struct state s = mkstate(128, 10000.0, 128, 10, 0,
						 VIEW_CLOCKS);
			struct rect r;
			struct canvas *c;
			char row[SNAP_ROW_MAX];
			int y;

			s.lang = (enum lang)l;
			c = render(VIEW_CLOCKS, &s, at[z][0], at[z][1], &r);
			y = snap_find_row(c, "p = 10   k = 4");
			cr_assert_geq(y, 0);
			snap_span_text(c, 0, canvas_width(c), y, row);
			cr_expect(strstr(row, "k -/+1") && strstr(row, "k /2 x2"),
				  "%s %dx%d: \"%s\"", l ? "zh" : "en", at[z][0],
				  at[z][1], row);
			cr_expect(!strstr(row, "÷") && !strstr(row, "×"), "%s", row);
			canvas_free(c);
		}
}

/* The header's key names all three marks of a dial in their colours:
 * the long hand, the short hand, and the rim's arc from one to the other
 * (the turn k omega_i), whose dots the fastest dial shows in the short
 * hand's colour at p = 10, k = 4 (229 degrees). In English and Chinese,
 * at 80x24 to 120x40, and in the 78x16 box a lesson's caption leaves at
 * 80x24, where the key stood nowhere and glance reviewers could not tell
 * p's hand from p + k's. */
Test(views_a, clocks_key_names_the_rim_arc)
{
	static const int at[][2] = { { 78, 16 }, { 78, 20 }, { 98, 26 }, { 118, 36 } };

	for (int l = 0; l < 2; l++)
		for (int z = 0; z < 4; z++) {
			struct state s = mkstate(128, 10000.0, 128, 10, 0,
						 VIEW_CLOCKS);
			struct rect r;
			struct canvas *c;
			char what[48], want[64], row[SNAP_ROW_MAX];
			int y, keys = 0, arc = 0;

			s.lang = (enum lang)l;
			c = render(VIEW_CLOCKS, &s, at[z][0], at[z][1], &r);
			snprintf(what, sizeof what, tr(s.lang, "arc: k%s_i"), "ω");
			snprintf(want, sizeof want, "⠶⠶ %s", what);
			y = snap_find_row(c, want);
			cr_assert_geq(y, 0, "%s %dx%d: no \"%s\"", l ? "zh" : "en",
				      at[z][0], at[z][1], want);
			/* the two hands' keys on the same row */
			snap_span_text(c, 0, canvas_width(c), y, row);
			cr_expect(strstr(row, tr(s.lang, "long hand: p")) &&
				  strstr(row, tr(s.lang, "short hand: p + k")),
				  "%dx%d: \"%s\"", at[z][0], at[z][1], row);
			/* the dots without a head after them: the hands'
			 * marks end in an arrow */
			for (int x = 0; x < canvas_width(c); x++) {
				int end = x;

				while (end < canvas_width(c) &&
				       canvas_cell(c, end, y)->ch == 0x2836)
					end++;
				if (end < canvas_width(c) &&
				    canvas_cell(c, end, y)->ch != 0x25b6)
					for (; x < end; x++) {
						cr_expect_eq(canvas_cell(c, x, y)->fg,
							     ROLE_TRACE2,
							     "the arc's key in role %d",
							     canvas_cell(c, x, y)->fg);
						keys++;
					}
				x = end;
			}
			cr_expect_eq(keys, 2);
			/* the dial of pair 0, under the header: its rim
			 * carries the arc */
			for (int yy = y + 1; yy < y + 1 + at[z][1] / 3; yy++)
				for (int x = r.x; x < r.x + r.w / 6; x++) {
					const struct cell *e = canvas_cell(c, x, yy);

					arc += e->kind == CELL_BRAILLE &&
					       e->fg == ROLE_TRACE2;
				}
			cr_expect_geq(arc, 4, "%dx%d: %d arc cells on the first "
				      "dial", at[z][0], at[z][1], arc);
			canvas_free(c);
		}
}

/* The rim of a dial that is not selected stands apart from the arc and
 * the hands it carries, in the dark and light themes: 3:1 at least between
 * the rim's colour and the short hand's (the arc's). On a white page the
 * rim was the axis grey (68, 68, 68) and the arc maroon, 1.45:1, and the
 * arc was lost in it. In the any theme every mark is of middle lightness
 * (3:1 against black and against white), so no two are 3:1 apart: there
 * the rim is a grey and the arc a colour, at least 80 apart between its
 * strongest and weakest channel. */
Test(views_a, clocks_rim_stands_apart_from_the_arc)
{
	for (int th = 0; th < THEME_COUNT; th++) {
		struct state s = mkstate(128, 10000.0, 128, 10, 0, VIEW_CLOCKS);
		struct rect r;
		struct canvas *c = render(VIEW_CLOCKS, &s, 98, 26, &r);
		int rim = -1, y = snap_find_row(c, "i=4"), x0 = -1;

		cr_assert_geq(y, 0);
		for (int x = 0; x + 2 < canvas_width(c) && x0 < 0; x++)
			if (canvas_cell(c, x, y)->ch == 'i' &&
			    canvas_cell(c, x + 2, y)->ch == '4')
				x0 = x;
		/* the braille above the label "i=4" that is no hand's */
		for (int yy = y - 4; yy < y; yy++)
			for (int x = x0 - 6; x < x0 + 8; x++) {
				const struct cell *e = canvas_cell(c, x, yy);

				if (e && e->kind == CELL_BRAILLE &&
				    e->fg != ROLE_TRACE1 && e->fg != ROLE_TRACE2)
					rim = e->fg;
			}
		cr_assert_geq(rim, 0, "no rim above i=4");
		{
			double ratio = fx_ratio(
				fx_rgb_of(palette_role_fg((enum role)rim, COLOR_RGB,
							  (enum theme)th), COLOR_RGB, false),
				fx_rgb_of(palette_role_fg(ROLE_TRACE2, COLOR_RGB,
							  (enum theme)th), COLOR_RGB, false));

			int rc = palette_role_fg((enum role)rim, COLOR_RGB,
						 (enum theme)th);
			struct rgb arc = fx_rgb_of(palette_role_fg(ROLE_TRACE2,
								   COLOR_RGB,
								   (enum theme)th),
						   COLOR_RGB, false);
			int hi = arc.r > arc.g ? arc.r : arc.g, lo = arc.r < arc.g ? arc.r : arc.g;

			hi = arc.b > hi ? arc.b : hi;
			lo = arc.b < lo ? arc.b : lo;
			if (th == THEME_ANY) {
				cr_expect(rc != PALETTE_DEFAULT &&
					  (rc >> 16 & 255) == (rc & 255) &&
					  (rc >> 8 & 255) == (rc & 255),
					  "any: rim #%06x is no grey", rc);
				cr_expect_geq(hi - lo, 80, "any: arc is no colour");
			} else {
				cr_expect_geq(ratio, 3.0, "theme %d: rim (role %d) "
					      "against the arc %.2f:1", th, rim,
					      ratio);
			}
		}
		canvas_free(c);
	}
}

/* A glance review: the legend drew a hand as a solid "━" where the dials
 * draw it in braille dots with a head. The legend's mark is the hand
 * dial_draw draws pointing right: its shaft's cells and its head, the
 * same code points; and the clocks' legend shows that mark for each hand,
 * in the hand's colour, in English and Chinese, at 80x24 and 120x40 and
 * in a lesson's 78x16. */
Test(views_a, clocks_key_draws_a_hand_as_the_dials_do)
{
	static const int at[][2] = { { 78, 16 }, { 78, 22 }, { 118, 38 } };
	struct canvas *c = canvas_new(12, 6);
	struct dial dl = { 0, 0, 3, ROLE_BORDER, 1,
			   { { 1.0, 0.0, ROLE_TRACE1 }, { 0, 0, ROLE_TRACE2 } },
			   0, 0, 0, ROLE_TRACE2, false };
	int cy = (2 * 3 - 1) / 4, x = 3, drawn = 0;

	cr_assert_not_null(c);
	dial_draw(c, &dl);
	/* the shaft from the hub's right to the head: the sample's dots */
	while (canvas_cell(c, x, cy)->kind == CELL_BRAILLE) {
		cr_expect_eq(canvas_cell(c, x, cy)->ch, 0x2812,
			     "shaft cell %d is U+%04X", x,
			     (unsigned)canvas_cell(c, x, cy)->ch);
		x++;
		drawn++;
	}
	cr_expect_geq(drawn, 1, "no shaft");
	cr_expect_eq(canvas_cell(c, x, cy)->ch, 0x25b6, "head U+%04X",
		     (unsigned)canvas_cell(c, x, cy)->ch);
	canvas_free(c);
	cr_expect_str_eq(dial_hand_sample(false), "⠒⠒▶");
	for (int l = 0; l < 2; l++)
		for (int z = 0; z < 3; z++) {
			struct state s = mkstate(128, 10000.0, 128, 10, 0,
						 VIEW_CLOCKS);
			struct rect r;
			const char *word[2] = { "long hand: p", "short hand: p + k" };
			int y;

			s.lang = (enum lang)l;
			c = render(VIEW_CLOCKS, &s, at[z][0], at[z][1], &r);
			for (int h = 0; h < 2; h++) {
				const char *w = tr(s.lang, word[h]);
				int col;

				y = snap_find_row(c, w);
				cr_assert_geq(y, 0, "%dx%d: no \"%s\"", at[z][0],
					      at[z][1], w);
				col = text_col(c, y, w);
				cr_expect(fx_hand_key_before(c, col, y,
							     h ? ROLE_TRACE2
							       : ROLE_TRACE1),
					  "%s %dx%d: \"%s\" has no hand's mark",
					  l ? "zh" : "en", at[z][0], at[z][1], w);
			}
			canvas_free(c);
		}
}

/* The dots of role fg a dial of `rows` rows draws, with an arc of the
 * given sweep. */
static int dial_dots(int rows, double sweep, enum role fg)
{
	struct canvas *c = canvas_new(4 * rows, rows);
	struct dial dl = { 0, 0, rows, ROLE_BORDER, 0,
			   { { 0, 0, ROLE_TRACE1 }, { 0, 0, ROLE_TRACE2 } },
			   0.0, 1.0, sweep, ROLE_TRACE2, false };
	int n = 0;

	cr_assert_not_null(c);
	dial_draw(c, &dl);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < 4 * rows; x++) {
			const struct cell *e = canvas_cell(c, x, y);

			if (e->kind == CELL_BRAILLE && e->fg == fg)
				n += __builtin_popcount(e->ch & 0xff);
		}
	canvas_free(c);
	return n;
}

/* A glance review: on a white page the arc and the rim looked alike. In
 * the theme of middle lightness their colours are 1.16:1 apart and no
 * two marks can be 3:1 apart, so the arc is a heavier stroke: along the
 * same turn it draws at least 1.6 times the rim's dots. */
Test(views_a, clocks_arc_is_a_heavier_stroke_than_the_rim)
{
	for (int rows = 3; rows <= 12; rows++) {
		int rim = dial_dots(rows, 0.0, ROLE_BORDER);
		int arc = dial_dots(rows, 6.28, ROLE_TRACE2);

		cr_expect_geq(arc, 1.6 * rim, "%d rows: arc %d dots, rim %d",
			      rows, arc, rim);
	}
}

/* A glance review: the selected dial's rim was in the cursor's white
 * (black on a light page), a colour the legend did not explain. Its rim
 * is the others' grey; its label "i=N" in the cursor's colour marks it. */
Test(views_a, clocks_selected_dial_has_the_others_rim)
{
	struct state s = mkstate(128, 10000.0, 128, 10, 0, VIEW_CLOCKS);
	struct rect r;
	struct canvas *c = render(VIEW_CLOCKS, &s, 78, 22, &r);
	int cursor = 0, border = 0;

	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x < canvas_width(c); x++) {
			const struct cell *e = canvas_cell(c, x, y);

			if (e->kind != CELL_BRAILLE)
				continue;
			cursor += e->fg == ROLE_CURSOR;
			border += e->fg == ROLE_BORDER;
		}
	cr_expect_eq(cursor, 0, "%d rim cells in the cursor's role", cursor);
	cr_expect_gt(border, 20, "%d rim cells in the border's role", border);
	canvas_free(c);
}

Test(views_a, clocks_show_each_pair_once_and_mark_the_selected_one)
{
	/* Issue 12: with pair 0 selected every dial showed pair 0. Whatever
	 * the selection, the dials are different pairs, the selected one is
	 * among them, and it alone is marked. */
	static const int widths[] = { 2, 24, 512 };

	for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
		int d = widths[w], h = d / 2;
		int sels[] = { 0, 1, h / 3, h / 2, h - 2, h - 1 };

		for (size_t j = 0; j < sizeof sels / sizeof sels[0]; j++) {
			int want = sels[j] < 0 ? 0 : sels[j] > h - 1 ? h - 1
								   : sels[j];
			struct state s = mkstate(d, 10000.0, 128, 0, 2 * want,
						 VIEW_CLOCKS);

			for (int k = 0; k < NSIZES; k++) {
				struct rect r;
				struct canvas *c = render(VIEW_CLOCKS, &s, sizes[k][0],
							  sizes[k][1], &r);
				int pair[64], n, marked = 0;
				bool sel[64], found = false;

				n = dial_labels(c, pair, sel, 64);
				cr_expect_geq(n, h < 2 ? 1 : 2, "d=%d %dx%d: %d dials",
					      d, sizes[k][0], sizes[k][1], n);
				for (int a = 0; a < n; a++) {
					for (int b = a + 1; b < n; b++)
						cr_expect_neq(pair[a], pair[b],
							      "d=%d %dx%d, pair %d "
							      "selected: pair %d "
							      "twice", d, sizes[k][0],
							      sizes[k][1], want,
							      pair[a]);
					found = found || pair[a] == want;
					marked += sel[a];
					cr_expect_eq(sel[a], pair[a] == want,
						     "d=%d: dial %d marked %d",
						     d, pair[a], sel[a]);
				}
				cr_expect(found, "d=%d %dx%d: no dial for the "
					  "selected pair %d", d, sizes[k][0],
					  sizes[k][1], want);
				cr_expect_eq(marked, 1);
				canvas_free(c);
			}
		}
	}
}

Test(views_a, clocks_hands_turn_with_the_position)
{
	/* One pair (d = 2) turning 1 rad per position: a different p draws a
	 * different hand. */
	struct state s = mkstate(2, 10000.0, 128, 0, 0, VIEW_CLOCKS);
	struct rect r;
	struct canvas *a = render(VIEW_CLOCKS, &s, 120, 38, &r), *b;
	bool differ = false;

	apply(&s, ACT_PLAY_TOGGLE, 0);
	apply(&s, ACT_TICK, 0);
	cr_assert_eq(s.cur.pos, 1);
	b = render(VIEW_CLOCKS, &s, 120, 38, &r);
	for (int y = 0; y < canvas_height(a); y++)
		for (int x = 0; x < canvas_width(a); x++) {
			const struct cell *p = canvas_cell(a, x, y), *q = canvas_cell(b, x, y);

			differ = differ || (p->kind == CELL_BRAILLE && p->fg == ROLE_TRACE1 &&
					    !cell_equal(p, q));
		}
	cr_assert(differ, "the hand did not move");
	canvas_free(a);
	canvas_free(b);
}

/* ---- bands ---- */

/* The reach and the highest off-peak similarity, by brute force. */
static void brute_bands(const struct state *s, long long *reach,
			long long *peak_at, double *peak)
{
	int h = s->cur.pe.d_model / 2;

	*reach = -1;
	*peak = -2;
	for (long long k = 1; k < s->cur.len; k++) {
		double v = pe_cos_similarity(&s->cur.pe, (double)k, 0, h);

		if (*reach < 0 && v < s->knob[VIEW_BANDS][K_THRESHOLD])
			*reach = k - 1;
		if (v > *peak) {
			*peak = v;
			*peak_at = k;
		}
	}
	if (*reach < 0)
		*reach = s->cur.len - 1;
}

static void check_bands(const struct state *s)
{
	long long reach, at;
	double peak;
	char rs[64], below[64], ps[64];

	brute_bands(s, &reach, &at, &peak);
	snprintf(rs, sizeof rs, "≥ %.2f for |k| ≤ %lld", s->knob[VIEW_BANDS][K_THRESHOLD], reach);
	snprintf(below, sizeof below, "(first below: k = ±%lld)", reach + 1);
	snprintf(ps, sizeof ps, "%.3f at k = ±%lld", peak, at);
	for (int k = 0; k < NSIZES; k++) {
		struct rect r;
		struct canvas *c = render(VIEW_BANDS, s, sizes[k][0], sizes[k][1], &r);

		assert_shows(c, rs, "reach");
		assert_shows(c, ps, "peak");
		if (k > 0 && reach < s->cur.len - 1)
			assert_shows(c, below, "first offset below");
		if (k > 0 && reach == s->cur.len - 1)
			assert_shows(c, ": every offset within the length", "never below");
		canvas_free(c);
	}
}

Test(views_a, bands_print_reach_and_peak)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_BANDS);
	long long reach, at;
	double peak;

	brute_bands(&s, &reach, &at, &peak);
	cr_assert_eq(reach, 53, "the case this test was written for");
	check_bands(&s);
	fx_press(&s, 'C');
	cr_assert_float_eq(s.knob[VIEW_BANDS][K_THRESHOLD], 0.55, 1e-12);
	check_bands(&s);
	s.cur.pe.base = 500000.0;
	check_bands(&s);
}

Test(views_a, bands_warn_when_a_far_offset_looks_alike)
{
	/* d = 8, len 2e5: offset 169646 is within 2e-6 of the peak. Printed
	 * with the fewest digits (at least 3) that do not round to 1: to 5
	 * digits it is 1.00000, to 6 it is 0.999999. */
	struct state s = mkstate(8, 10000.0, 200000, 0, 0, VIEW_BANDS);
	long long reach, at;
	double peak;
	const char *buf = "0.999999 at k = ±169646: almost the same";
	struct rect r;
	struct canvas *c;

	brute_bands(&s, &reach, &at, &peak);
	cr_assert_eq(at, 169646);
	cr_assert(peak > 0.9999985 && peak < 0.9999995, "peak %.9f", peak);
	c = render(VIEW_BANDS, &s, 120, 38, &r);
	assert_shows(c, buf, "far peak");
	cr_assert_eq(canvas_cell(c, r.x + 1, snap_find_row(c, buf))->fg, ROLE_WARN);
	canvas_free(c);
}

Test(views_a, bands_legend_follows_the_split)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_BANDS);
	struct rect r;
	struct canvas *c;

	fx_press(&s, 'X');
	cr_assert_eq(s.knob[VIEW_BANDS][K_SPLIT], 129);
	/* λ_129 = 2π·1e4^(258/512) = 2π·103.66 = 651.3. */
	c = render(VIEW_BANDS, &s, 120, 38, &r);
	assert_shows(c, "fast: pairs 0-128 (λ < 651)", "fast legend");
	assert_shows(c, "slow: pairs 129-255 (λ ≥ 651)", "slow legend");
	canvas_free(c);
	c = render(VIEW_BANDS, &s, 60, 18, &r);
	assert_shows(c, "fast i<129", "short legend");
	canvas_free(c);
}

/* The mean of cos(k w_i) over pairs [a, b), straight from the formula. */
static double band_mean(int d, double base, int a, int b, double k)
{
	double sum = 0.0;

	for (int i = a; i < b; i++)
		sum += cos(k * pow(base, -2.0 * i / d));
	return sum / (b - a);
}

/* The caption's numbers are each band's similarity at k = 1 and at the
 * widest offset shown, and the words after them say only what they do. */
Test(views_a, bands_caption_measures_near_and_far)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_BANDS);
	char near[128], far[128];
	struct rect r;
	struct canvas *c;

	snprintf(near, sizeof near, "at k = ±1: fast %.3f, slow %.3f",
		 band_mean(512, 1e4, 0, 128, 1), band_mean(512, 1e4, 128, 256, 1));
	snprintf(far, sizeof far, "at k = ±127: fast %.3f, slow %.3f",
		 band_mean(512, 1e4, 0, 128, 127),
		 band_mean(512, 1e4, 128, 256, 127));
	cr_assert_str_eq(near, "at k = ±1: fast 0.946, slow 1.000",
			 "the case this test was written for");
	c = render(VIEW_BANDS, &s, 100, 30, &r);
	assert_shows(c, near, "near offsets");
	assert_shows(c, far, "far offsets");
	snprintf(far, sizeof far, "all pairs: %.3f at k = ±1, %.3f at k = ±127",
		 band_mean(512, 1e4, 0, 256, 1), band_mean(512, 1e4, 0, 256, 127));
	assert_shows(c, far, "all pairs");
	assert_shows(c, ": far positions look less alike than near ones",
		     "said because 0.408 < 0.973");
	canvas_free(c);
	/* The split moved: the numbers follow it. */
	fx_press(&s, 'x');
	snprintf(near, sizeof near, "at k = ±1: fast %.3f, slow %.3f",
		 band_mean(512, 1e4, 0, 127, 1), band_mean(512, 1e4, 127, 256, 1));
	c = render(VIEW_BANDS, &s, 100, 30, &r);
	assert_shows(c, near, "near offsets after x");
	canvas_free(c);
}

Test(views_a, bands_draw_three_curves_and_the_reach)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_BANDS);

	for (int k = 0; k < NSIZES; k++) {
		struct rect r;
		struct canvas *c = render(VIEW_BANDS, &s, sizes[k][0], sizes[k][1], &r);
		int seen[ROLE_COUNT] = { 0 }, mark_lo = -1, mark_hi = -1;

		for (int y = r.y; y < r.y + r.h; y++)
			for (int x = r.x; x < r.x + r.w; x++) {
				const struct cell *p = canvas_cell(c, x, y);

				if (p->kind == CELL_BRAILLE)
					seen[p->fg]++;
				if (p->kind == CELL_TEXT && p->ch == 0x2502 &&
				    p->fg == ROLE_MARKER) {
					mark_lo = mark_lo < 0 || x < mark_lo ? x : mark_lo;
					mark_hi = x > mark_hi ? x : mark_hi;
				}
			}
		cr_assert(seen[ROLE_TRACE1] && seen[ROLE_TRACE2] && seen[ROLE_TRACE3],
			  "%dx%d: curves %d %d %d", sizes[k][0], sizes[k][1],
			  seen[ROLE_TRACE1], seen[ROLE_TRACE2], seen[ROLE_TRACE3]);
		/* ±53 marked symmetrically about the centre of the plot. */
		cr_assert(mark_lo > r.x && mark_hi > mark_lo);
		cr_assert_leq(abs((mark_lo + mark_hi) / 2 - (r.x + 1 + 5 + (r.w - 7) / 2)), 1,
			      "%dx%d: markers at %d and %d", sizes[k][0], sizes[k][1],
			      mark_lo, mark_hi);
		/* the lines say what they are, right of the +53 one, on the
		 * plot (else only the text under it did) */
		{
			int found = 0;

			for (int y = r.y; y < r.y + r.h; y++) {
				char t[32];

				found += strcmp(snap_span_text(c, mark_hi + 1, mark_hi + 9, y, t),
						"|k| ≤ 53") == 0 &&
					 canvas_cell(c, mark_hi + 1, y)->fg == ROLE_MARKER;
			}
			/* (the smallest plot may have no blank row for it) */
			cr_assert_eq(found, sizes[k][0] >= 100 ? 1 : found,
				     "%dx%d: the reach's label beside its line",
				     sizes[k][0], sizes[k][1]);
			cr_assert_leq(found, 1);
		}
		canvas_free(c);
	}
}

/* ---- all three ---- */

/* The columns of the reach's two markers into *lo, *hi, and of k = 0's
 * tick label "0" under the plot into *zero; -1 where none. */
static void bands_columns(const struct canvas *c, struct rect r, int *lo,
			  int *hi, int *zero)
{
	*lo = *hi = *zero = -1;
	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++) {
			const struct cell *p = canvas_cell(c, x, y);

			if (p->kind == CELL_TEXT && p->ch == 0x2502 &&
			    p->fg == ROLE_MARKER) {
				*lo = *lo < 0 || x < *lo ? x : *lo;
				*hi = x > *hi ? x : *hi;
			}
		}
	/* the tick row: the first row under the markers with a lone "0" */
	for (int y = r.y + 1; y < r.y + r.h && *zero < 0; y++) {
		if (canvas_cell(c, *lo, y)->ch == 0x2502)
			continue;
		for (int x = r.x + 1; x < r.x + r.w - 1; x++)
			if (canvas_cell(c, x, y)->ch == '0' &&
			    canvas_cell(c, x - 1, y)->ch == ' ' &&
			    canvas_cell(c, x + 1, y)->ch == ' ' &&
			    canvas_cell(c, x, y)->fg == ROLE_AXIS &&
			    x > *lo && x < *hi)
				*zero = x;
	}
}

/* A glance review: at 120x40 the +45 marker stood a column nearer k = 0
 * than the -45 one (an even number of columns has no middle one). The
 * two markers stand as far from k = 0's column, at even and odd widths. */
Test(views_a, bands_reach_marks_stand_as_far_from_zero)
{
	static const int at[][2] = { { 78, 22 }, { 79, 22 }, { 98, 28 },
				     { 118, 38 }, { 119, 38 } };

	for (int z = 0; z < 5; z++) {
		struct state s = mkstate(128, 10000.0, 128, 10, 0, VIEW_BANDS);
		struct rect r;
		struct canvas *c = render(VIEW_BANDS, &s, at[z][0], at[z][1], &r);
		int lo, hi, zero;

		bands_columns(c, r, &lo, &hi, &zero);
		cr_assert(lo >= 0 && hi > lo && zero > lo, "%dx%d: %d %d %d",
			  at[z][0], at[z][1], lo, hi, zero);
		cr_expect_eq(hi - zero, zero - lo, "%dx%d: -45 at %d, 0 at %d, +45 at %d",
			     at[z][0], at[z][1], lo, zero, hi);
		canvas_free(c);
	}
}

/* A glance review: at 80x24 the label "|k| ≤ 45" sat right under the
 * green curve, and a white blot at k = 0 was the highest similarity at
 * k = ±1 drawn over the peak's own cells. The label has a blank cell
 * all around it; at the start (peak at ±1) no cell of the plot is in the
 * cursor's colour; a far peak (d 8, len 2e5: at ±169646) still shows as
 * dots, in its line's colour. */
Test(views_a, bands_label_stands_apart_and_no_blot_at_zero)
{
	static const int at[][2] = { { 78, 22 }, { 118, 38 } };

	for (int z = 0; z < 2; z++) {
		struct state s = mkstate(128, 10000.0, 128, 10, 0, VIEW_BANDS);
		struct rect r;
		struct canvas *c = render(VIEW_BANDS, &s, at[z][0], at[z][1], &r);
		int y = snap_find_row(c, "|k| ≤ 45"), x, cursor = 0;

		cr_assert_geq(y, 0, "%dx%d: no label", at[z][0], at[z][1]);
		x = text_col(c, y, "|k| ≤ 45");
		for (int yy = y - 1; yy <= y + 1; yy++)
			for (int xx = x; xx <= x + 8; xx++)
				if (yy != y || xx == x + 8)
					cr_expect_eq(canvas_cell(c, xx, yy)->ch, ' ',
						     "%dx%d: U+%04X at (%d, %d) by the label",
						     at[z][0], at[z][1],
						     (unsigned)canvas_cell(c, xx, yy)->ch,
						     xx - x, yy - y);
		for (int yy = r.y; yy < r.y + r.h; yy++)
			for (int xx = r.x; xx < r.x + r.w; xx++)
				cursor += canvas_cell(c, xx, yy)->kind == CELL_BRAILLE &&
					  canvas_cell(c, xx, yy)->fg == ROLE_CURSOR;
		cr_expect_eq(cursor, 0, "%dx%d: %d cursor cells", at[z][0], at[z][1],
			     cursor);
		canvas_free(c);
	}
	{
		struct state s = mkstate(8, 10000.0, 200000, 0, 0, VIEW_BANDS);
		struct rect r;
		struct canvas *c = render(VIEW_BANDS, &s, 120, 38, &r);
		int warn = 0;

		for (int yy = r.y; yy < r.y + r.h; yy++)
			for (int xx = r.x; xx < r.x + r.w; xx++)
				warn += canvas_cell(c, xx, yy)->kind == CELL_BRAILLE &&
					canvas_cell(c, xx, yy)->fg == ROLE_WARN;
		cr_expect_geq(warn, 2, "the far peak's dots");
		canvas_free(c);
	}
}

static const draw_fn views[3] = { VIEW_SPECTRUM, VIEW_CLOCKS, VIEW_BANDS };
static const char *const names[3] = { "spectrum", "clocks", "bands" };

Test(views_a, views_fill_their_rectangle_only)
{
	struct state st[] = {
		mkstate(512, 10000.0, 128, 5, 7, VIEW_SPECTRUM),
		mkstate(2, 1.5, 1, 0, 1, VIEW_SPECTRUM),
		mkstate(8192, 1e12, 1000000, 999999, 8191, VIEW_SPECTRUM),
		mkstate(8, 10000.0, 3, 2, 3, VIEW_SPECTRUM),
	};
	static const int odd[][2] = { { 60, 18 }, { 61, 19 }, { 97, 25 },
				      { 120, 38 }, { 240, 68 }, { 30, 6 },
				      { 8, 40 }, { 12, 60 }, { 300, 9 },
				      { 3, 3 }, { 1, 1 }, { 0, 0 } };

	for (size_t a = 0; a < sizeof st / sizeof st[0]; a++)
		for (size_t z = 0; z < sizeof odd / sizeof odd[0]; z++)
			for (int v = 0; v < 3; v++) {
				struct rect r;
				struct canvas *c;
				char what[96];

				snprintf(what, sizeof what, "%s d=%d len=%lld %dx%d",
					 names[v], st[a].cur.pe.d_model, st[a].cur.len,
					 odd[z][0], odd[z][1]);
				c = render(views[v], &st[a], odd[z][0], odd[z][1], &r);
				assert_owns(c, r, what);
				canvas_free(c);
			}
}

Test(views_a, views_write_ascii_when_asked)
{
	struct state st[] = {
		mkstate(512, 10000.0, 128, 5, 7, VIEW_SPECTRUM),
		mkstate(8, 10000.0, 200000, 0, 3, VIEW_SPECTRUM),
		mkstate(64, 1e12, 1000000, 10, 0, VIEW_SPECTRUM),
	};

	for (size_t a = 0; a < sizeof st / sizeof st[0]; a++) {
		st[a].ascii = true;
		for (int k = 0; k < NSIZES; k++)
			for (int v = 0; v < 3; v++) {
				struct rect r;
				struct canvas *c = render(views[v], &st[a], sizes[k][0],
							  sizes[k][1], &r);
				char what[96];

				snprintf(what, sizeof what, "%s d=%d %dx%d", names[v],
					 st[a].cur.pe.d_model, sizes[k][0], sizes[k][1]);
				assert_ascii(c, r, what);
				canvas_free(c);
			}
	}
	{
		struct rect r;
		struct canvas *c = render(VIEW_CLOCKS, &st[0], 120, 38, &r);

		assert_shows(c, "||M_k*PE(p) - PE(p+k)||", "ASCII residual");
		assert_shows(c, "M_k = [[ cos kw,  sin kw]", "ASCII matrix");
		canvas_free(c);
		c = render(VIEW_SPECTRUM, &st[0], 120, 38, &r);
		assert_shows(c, "wl_0 = 2pi = 6.28", "ASCII wavelength");
		canvas_free(c);
		c = render(VIEW_BANDS, &st[0], 120, 38, &r);
		assert_shows(c, ">= 0.50 for |k| <= 53", "ASCII reach");
		canvas_free(c);
	}
}

/* A base a hair above 1 makes every wavelength 2π to the last digits: the
 * curve is one flat row on an axis a decade high, not rounding noise
 * stretched over the whole plot. */
Test(views_a, spectrum_of_a_base_next_to_one_is_flat)
{
	struct state s = mkstate(512, 1.0 + 0x1p-52, 128, 0, 0, VIEW_SPECTRUM);
	struct rect r;
	struct canvas *c = render(VIEW_SPECTRUM, &s, 100, 28, &r);
	int rows_with_dots = 0, labels = 0;

	for (int y = r.y; y < r.y + r.h; y++) {
		bool dots = false;

		for (int x = r.x + 8; x < r.x + r.w - 1; x++)
			if (canvas_cell(c, x, y)->kind == CELL_BRAILLE &&
			    canvas_cell(c, x, y)->ch != 0x2800)
				dots = true;
		rows_with_dots += dots;
	}
	cr_expect_eq(rows_with_dots, 1, "the curve is one row");
	assert_shows(c, "  10 ", "a decade label on the widened axis");
	for (int y = r.y; y < r.y + r.h; y++)
		labels += snap_find_row(c, "6.28 ") == y;
	cr_expect_eq(labels, 1, "2π is labelled once, not twice");
	canvas_free(c);
}

/* Round ticks (issue 12): with two decades or more in range the axis
 * labels are the decades only, not the ends 2π and 2π·base. */
Test(views_a, spectrum_axis_ticks_are_decades)
{
	struct state s = mkstate(512, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct rect r;
	struct canvas *c = render(VIEW_SPECTRUM, &s, 100, 30, &r);
	static const char *const want[] = { "│ 10 │", "│100 ", "│ 1k │", "│10k │" };
	char *text = snap(c);

	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		assert_shows(c, want[i], "a decade");
	/* No gutter label other than a decade: "│ 6.28 │" or "6.28e4". */
	cr_expect_null(strstr(text, "6.28 ─") , "2π as a tick:\n%s", text);
	cr_expect_null(strstr(text, "6.28e4 "), "2π·base as a tick:\n%s", text);
	cr_expect_null(strstr(text, "6.28 ⣀"), "2π as a tick:\n%s", text);
	free(text);
	canvas_free(c);
}

/* The spectrum's sentences hold at small d: the slowest wavelength is a
 * share of 2π·base that the text gives (10% at d 8, base 1e4), and
 * "λ = base near pair N" only shows when such a pair exists. */
Test(views_a, spectrum_text_is_true_at_small_d)
{
	struct state s8 = mkstate(8, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct state s32 = mkstate(32, 500000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct state s512 = mkstate(512, 10000.0, 128, 0, 0, VIEW_SPECTRUM);
	struct rect r;
	struct canvas *c;

	c = render(VIEW_SPECTRUM, &s8, 160, 38, &r);
	assert_shows(c, "10% of 2π·base", "d 8");
	cr_expect_eq(snap_find_row(c, "near pair"), -1, "no pair reaches the base");
	canvas_free(c);
	c = render(VIEW_SPECTRUM, &s32, 160, 38, &r);
	assert_shows(c, "44% of 2π·base", "d 32, base 5e5");
	canvas_free(c);
	c = render(VIEW_SPECTRUM, &s512, 160, 38, &r);
	assert_shows(c, "96% of 2π·base", "d 512");
	assert_shows(c, "near pair 204", "λ_204 is about the base");
	canvas_free(c);
}

/* The line λ = len and the y ticks (the outside review: "len = 128" ended
 * the row that "100" began, and the two read as one): on the row of the
 * len line, the gutter left of the plot holds no decade, at the classroom
 * sizes, in both languages, for lengths on a decade's row and off it; the
 * line's own label is on that row, and the other decades still show. Where
 * a decade gave way (len 128, 100 and 1000 share a row with 100, 100 and
 * 1k), the gutter holds the word "len" instead, so the axis has no
 * unexplained gap (a reviewer read one between 10 and 1k); not the len's
 * value, "128", which a later reviewer read as an irregular tick (10,
 * 128, 1k, 10k). */
Test(views_a, spectrum_len_line_has_no_tick_on_its_row)
{
	static const int scr[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
	static const long long lens[] = { 128, 100, 1000, 12, 30000 };
	static const char *const gutter_of_len[] = { "len ", "len ", "len ", "len ",
						     "len " };
	static const enum lang langs[] = { LANG_EN, LANG_ZH };

	for (size_t z = 0; z < 3; z++)
		for (size_t k = 0; k < sizeof lens / sizeof *lens; k++)
			for (size_t l = 0; l < 2; l++) {
				struct state s = mkstate(128, 1e4, lens[k], 10, 0,
							 VIEW_SPECTRUM);
				struct canvas *c = canvas_new(scr[z][0], scr[z][1]);
				char want[32], row[SNAP_ROW_MAX];
				int y, decades = 0;

				cr_assert_not_null(c);
				s.lang = langs[l];
				s.screen_w = scr[z][0];
				s.screen_h = scr[z][1];
				fx_draw(&s, c);
				snprintf(want, sizeof want, " len = %lld ", lens[k]);
				y = snap_find_row(c, want);
				cr_assert_geq(y, 0, "%dx%d len %lld: no \"%s\"", scr[z][0],
					      scr[z][1], lens[k], want);
				/* the gutter: the len's value, or nothing */
				snap_span_text(c, 1, 5, y, row);
				cr_expect(!strcmp(row, gutter_of_len[k]) ||
					  (k >= 3 && !strcmp(row, "    ")),
					  "%dx%d len %lld %s: the gutter of the len "
					  "line reads \"%s\"", scr[z][0], scr[z][1],
					  lens[k], lang_name(langs[l]), row);
				for (int x = 5; x < canvas_width(c); x++) {
					const struct cell *p = canvas_cell(c, x, y);

					if (p->kind != CELL_TEXT || p->ch != ' ') {
						/* the line, the axis, the curve, or
						 * the line's label at its left end */
						cr_assert(p->kind == CELL_BRAILLE ||
							  p->ch == 0x2500 || p->ch == 0x2502 ||
							  strncmp(snap_span_text(c, x, x + 6, y, row),
								  "len = ", 6) == 0,
							  "%dx%d len %lld %s: U+%04X at column %d "
							  "before the len line: %s", scr[z][0],
							  scr[z][1], lens[k], lang_name(langs[l]),
							  (unsigned)p->ch, x, snap_row_text(c, y, row));
						break;
					}
				}
				for (int r = 0; r < canvas_height(c); r++) {
					snap_row_text(c, r, row);
					decades += strstr(row, "│ 1k ") || strstr(row, "│10k ") ||
						   strstr(row, "│ 10 ") || strstr(row, "│100 ");
				}
				cr_assert_geq(decades, 2, "%dx%d len %lld: decades left",
					      scr[z][0], scr[z][1], lens[k]);
				canvas_free(c);
			}
}

/* A glance review: the spectrum's y axis is log but never said so. The
 * caption under the pairs says it, at 80x24 and 120x40, in English and
 * Chinese. */
Test(views_a, spectrum_says_its_y_axis_is_log)
{
	static const int scr[][2] = { { 80, 24 }, { 120, 40 } };

	for (size_t z = 0; z < 2; z++)
		for (int l = 0; l < 2; l++) {
			struct state s = mkstate(128, 1e4, 128, 10, 0, VIEW_SPECTRUM);
			struct canvas *c = canvas_new(scr[z][0], scr[z][1]);
			const char *log = l ? "为对数刻度" : "λ on a log scale";

			cr_assert_not_null(c);
			s.lang = (enum lang)l;
			fx_draw(&s, c);
			assert_shows(c, log, "spectrum");
			canvas_free(c);
		}
}

/* The explorer's similarity panel names the position its curve is
 * measured from, in its title's formula, and follows the position: a
 * glance reviewer could not tell which p "cos(PE(p), PE(q))" meant. */
Test(views_a, similarity_title_names_the_position)
{
	static const long long pos[] = { 10, 37, 0 };

	for (int lang = 0; lang < 2; lang++)
		for (size_t k = 0; k < sizeof pos / sizeof pos[0]; k++) {
			struct state s = mkstate(128, 1e4, 128, pos[k], 0, VIEW_EXPLORE);
			struct canvas *c = canvas_new(80, 24);
			char want[64];

			cr_assert_not_null(c);
			s.lang = lang ? LANG_ZH : LANG_EN;
			fx_draw(&s, c);
			snprintf(want, sizeof want, "%s cos(PE(%lld), PE(q))",
				 lang ? "相似度" : "Similarity", pos[k]);
			assert_shows(c, want, "explore 80x24");
			canvas_free(c);
		}
}

/* A glance review: at 80x24 the similarity's y axis seemed to end at
 * 0.5: its "0", in the corner over the x axis's "0", read as the x
 * axis's. The floor it stands for is drawn: the row of the label "0"
 * holds a dotted line across the plot, at 80x24 and 120x40. */
Test(views_a, similarity_floor_is_drawn_beside_its_zero)
{
	static const int at[][2] = { { 80, 24 }, { 120, 40 } };

	for (int z = 0; z < 2; z++) {
		struct state s = mkstate(128, 1e4, 128, 10, 0, VIEW_EXPLORE);
		struct canvas *c = canvas_new(at[z][0], at[z][1]);
		int top = -1, y0 = -1, x0 = -1, dots = 0;

		cr_assert_not_null(c);
		fx_draw(&s, c);
		top = snap_find_row(c, "Similarity cos(PE(10), PE(q))");
		cr_assert_geq(top, 0);
		x0 = text_col(c, top, "Similarity") - 2;
		/* the label "0" alone in the gutter, the lowest one */
		for (int y = top + 1; y < at[z][1]; y++)
			for (int x = x0 + 1; x < x0 + 6; x++)
				if (canvas_cell(c, x, y)->ch == '0' &&
				    canvas_cell(c, x - 1, y)->ch == ' ' &&
				    canvas_cell(c, x + 1, y)->ch == ' ')
					y0 = y;
		cr_assert_geq(y0, 0, "%dx%d: no y label 0", at[z][0], at[z][1]);
		for (int x = x0 + 7; x < at[z][0] - 1; x++)
			dots += canvas_cell(c, x, y0)->ch == 0x00b7;
		cr_expect_geq(dots, at[z][0] / 4, "%dx%d: %d dots beside the 0",
			      at[z][0], at[z][1], dots);
		canvas_free(c);
	}
}

/* The spectrum's y axis is named: "λ" on its top row, left of the axis
 * line, above every tick, at the classroom sizes in both languages ("wl"
 * in ASCII). A glance reviewer found it unnamed. */
Test(views_a, spectrum_names_its_y_axis)
{
	static const int sz[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (int mode = 0; mode < 3; mode++)
		for (size_t k = 0; k < 3; k++) {
			struct state s = mkstate(128, 1e4, 128, 10, 0, VIEW_SPECTRUM);
			struct canvas *c = canvas_new(sz[k][0], sz[k][1]);
			const char *want = mode == 2 ? "│wl  │" : "│λ   │";
			int y = -1, ytick;

			cr_assert_not_null(c);
			s.lang = mode == 1 ? LANG_ZH : LANG_EN;
			s.ascii = mode == 2;
			fx_draw(&s, c);
			for (int r = 0; r < sz[k][1] && y < 0; r++) {
				char row[SNAP_ROW_MAX];

				if (strncmp(snap_row_text(c, r, row), want, strlen(want)) == 0)
					y = r;
			}
			ytick = snap_find_row(c, "10k");
			cr_assert_geq(y, 0, "%dx%d mode %d: no axis name", sz[k][0], sz[k][1], mode);
			cr_assert(ytick < 0 || y < ytick, "%dx%d: the name below a tick",
				  sz[k][0], sz[k][1]);
			canvas_free(c);
		}
}
