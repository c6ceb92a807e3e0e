/* test_rope_view.c - the rope view shows what it claims: moving p and q
 * together turns the arrows and leaves every bar as it was, the partial
 * rotary knob leaves the rest of the head's bars fixed, the code panel
 * prints the two forms' scores as the same number, the values panel the
 * head's two numbers, and every panel's point shows at 80x24, 100x30 and
 * 120x40 in English and Chinese. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/keycode.h"
#include "base/tr.h"
#include "engine/rope.h"
#include "fixture.h"
#include "dial_fx.h"
#include "views/view_rope.h"
#include "model/command.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(rope_view, .init = utf8_locale);

static const struct settings start = { { 512, 1e4, PE_INTERLEAVED }, 128, 0,
				       0 };

static int rope_index(void)
{
	int v = catalog_find(views_catalog(), "rope");

	cr_assert_geq(v, 0, "the catalog has a rope view");
	return v;
}

static void open_rope(struct state *s, int w, int h, enum lang lang)
{
	fx_init(s, &start);
	s->lang = lang;
	state_set_view(s, rope_index());
	state_set_screen(s, w, h);
}

/* The first row whose text holds needle, or -1. */
static int row_with(const char *text, const char *needle)
{
	const char *at = strstr(text, needle);
	int y = 0;

	if (!at)
		return -1;
	for (const char *p = text; p < at; p++)
		y += *p == '\n';
	return y;
}

struct shot {
	struct canvas *c;
	char *text;
};

static struct shot draw(const struct state *s, int w, int h)
{
	struct shot sh = { canvas_new(w, h), NULL };

	cr_assert_not_null(sh.c);
	fx_draw(s, sh.c);
	sh.text = snap(sh.c);
	cr_assert_not_null(sh.text);
	return sh;
}

static void shot_free(struct shot *sh)
{
	canvas_free(sh->c);
	free(sh->text);
}

/* Whether rows [y0, y1) of two shots hold the same glyphs in columns
 * [x0, x1). */
static bool same_cells(const struct shot *a, const struct shot *b, int x0,
		       int x1, int y0, int y1)
{
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++) {
			const struct cell *p = canvas_cell(a->c, x, y);
			const struct cell *q = canvas_cell(b->c, x, y);

			if (p->ch != q->ch || p->fg != q->fg)
				return false;
		}
	return true;
}

/* The bars sit between the legend ("bars:") and the sum line ("Σ"). */
static void bar_rows(const struct shot *sh, int *y0, int *y1)
{
	*y0 = row_with(sh->text, "pairs a bar") + 1;
	*y1 = row_with(sh->text, "Σ bars");
	cr_assert_gt(*y0, 0, "the legend shows:\n%s", sh->text);
	cr_assert_gt(*y1, *y0 + 2, "bars between legend and sum:\n%s", sh->text);
}

Test(rope_view, moving_p_and_q_together_turns_arrows_and_keeps_every_bar)
{
	struct state s;
	struct shot a, b, c;
	int y0, y1, head;

	open_rope(&s, 120, 40, LANG_EN);
	a = draw(&s, 120, 40);
	bar_rows(&a, &y0, &y1);
	head = row_with(a.text, "p = 12 (x/X)");
	cr_assert_geq(head, 0, "%s", a.text);
	for (int i = 0; i < 3; i++)
		fx_press(&s, 'S');
	b = draw(&s, 120, 40);
	cr_assert(strstr(b.text, "p = 15 (x/X)  q = 8 (c/C)  p − q = 7"),
		  "%s", b.text);
	cr_assert(same_cells(&a, &b, 0, 120, y0, y1),
		  "the bars changed when p and q moved together:\n%s\n%s",
		  a.text, b.text);
	cr_assert(!same_cells(&a, &b, 0, 120, head + 1, y0 - 1),
		  "the arrows did not turn:\n%s", b.text);
	/* moving p alone does change them */
	fx_press(&s, 'X');
	c = draw(&s, 120, 40);
	cr_assert(!same_cells(&a, &c, 0, 120, y0, y1),
		  "the bars did not change with p - q:\n%s", c.text);
	shot_free(&a);
	shot_free(&b);
	shot_free(&c);
}

/* The bar chart's geometry read back from the screen: the zero line's
 * row (the row of "┼"), the value axis's column, and its ticks: the rows
 * of "┤" or "┼" on that column with the number left of it. */
struct chart_read {
	int zero, ax;
	int nt;
	int row[32];
	double v[32];
};

static bool read_chart(const struct shot *sh, int w, int h,
		       struct chart_read *cr)
{
	cr->zero = cr->ax = -1;
	cr->nt = 0;
	for (int y = 0; y < h && cr->zero < 0; y++)
		for (int x = 1; x < w; x++)
			if (canvas_cell(sh->c, x, y)->ch == 0x253c &&
			    canvas_cell(sh->c, x - 1, y)->ch == '0') {
				cr->zero = y;
				cr->ax = x;
				break;
			}
	if (cr->zero < 0)
		return false;
	for (int y = 0; y < h && cr->nt < 32; y++) {
		uint32_t ch = canvas_cell(sh->c, cr->ax, y)->ch;
		char buf[16];
		int n = 0, x = cr->ax - 1;

		if (ch != 0x2524 && ch != 0x253c)
			continue;
		while (x > 0 && canvas_cell(sh->c, x, y)->ch != ' ' &&
		       canvas_cell(sh->c, x, y)->ch < 128)
			x--;
		for (x++; x < cr->ax && n < 15; x++)
			buf[n++] = (char)canvas_cell(sh->c, x, y)->ch;
		buf[n] = '\0';
		cr->row[cr->nt] = y;
		cr->v[cr->nt++] = strtod(buf, NULL);
	}
	return true;
}

static bool is_block(uint32_t ch)
{
	return ch == 0x2588 || ch == 0x2584 || ch == 0x2580;
}

/* The bar's tip in column x: its value in half cells from the screen,
 * positive up (0 when the column has no bar). */
static int bar_halves(const struct shot *sh, const struct chart_read *cr,
		      int x)
{
	int n = 0;

	for (int y = cr->zero - 1; y >= 0 && is_block(canvas_cell(sh->c, x, y)->ch); y--)
		n += canvas_cell(sh->c, x, y)->ch == 0x2584 ? 1 : 2;
	if (n)
		return n;
	for (int y = cr->zero + 1; is_block(canvas_cell(sh->c, x, y)->ch); y++)
		n += canvas_cell(sh->c, x, y)->ch == 0x2580 ? 1 : 2;
	return -n;
}

/* Issue 19's glance review: the chart of the pairs' shares has a value
 * axis whose ticks match its data (each bar's height, read in half cells,
 * is its share computed here from rope_contributions, on the scale the
 * tick labels give), a zero line, and the pairs numbered with both ends
 * named. At 80x24, 100x30 and 120x40, d 128 (one pair a bar). */
static void chart_matches_ticks(int w, int h)
{
	struct state s;
	struct shot a;
	struct chart_read cr;
	struct rope_setup r = { 128, 128, 1e4 };
	double q[128], k[128], th[64], share[64], top = 0.0, rpu;
	int lo_t, hi_t, bars = 0;

	open_rope(&s, w, h, LANG_EN);
	s.cur.pe.d_model = 128;
	a = draw(&s, w, h);
	cr_assert(read_chart(&a, w, h, &cr), "%dx%d: no zero line with a 0 tick:\n%s",
		  w, h, a.text);
	cr_assert_geq(cr.nt, 2, "%dx%d: %d ticks:\n%s", w, h, cr.nt, a.text);
	/* a glance review: at 120x40 the axis read "0" and "-5" alone; at
	 * 80x24 and 120x40 it has ticks both sides of zero */
	if (w != 100) {
		cr_assert_geq(cr.nt, 3, "%dx%d: %d ticks:\n%s", w, h, cr.nt, a.text);
		cr_assert_gt(cr.v[0], 0.0, "%dx%d: no tick over zero:\n%s", w, h, a.text);
		cr_assert_lt(cr.v[cr.nt - 1], 0.0, "%dx%d: no tick under zero:\n%s",
			     w, h, a.text);
	}
	/* the ticks go down the rows as their values fall, evenly */
	for (int i = 1; i < cr.nt; i++)
		cr_assert_lt(cr.v[i], cr.v[i - 1], "%dx%d ticks:\n%s", w, h, a.text);
	lo_t = cr.nt - 1;
	hi_t = 0;
	rpu = (double)(cr.row[lo_t] - cr.row[hi_t]) / (cr.v[hi_t] - cr.v[lo_t]);
	cr_assert_gt(rpu, 0.0);
	rope_draw_qk(ROPE_VIEW_SEED, 128, q, k);
	rope_thetas(&r, th);
	rope_contributions(&r, th, 12, 5, q, k, 0, 64, share);
	for (int i = 0; i < 64; i++) {
		int x = cr.ax + 1 + i, got = bar_halves(&a, &cr, x);
		double want = share[i] * 2 * rpu;	/* half cells */

		top = fmax(top, fabs(share[i]));
		cr_expect(fabs(got - want) <= 1.5,
			  "%dx%d: pair %d's bar is %d half cells, its share %g is %g on the axis's scale:\n%s",
			  w, h, i, got, share[i], want, a.text);
		bars += got != 0;
	}
	cr_assert_gt(bars, 32, "%dx%d: %d bars", w, h, bars);
	/* no tick beyond the data, and the data within a step of the
	 * outer ticks (the tallest bar's or swing's) */
	cr_expect_leq(cr.v[hi_t], 1.05 * top + 3.0, "%dx%d", w, h);
	cr_expect_geq(cr.v[lo_t], -(1.05 * top + 3.0), "%dx%d", w, h);
	cr_expect(strstr(a.text, "i=0 fast"), "%dx%d: fast end unnamed:\n%s", w, h, a.text);
	cr_expect(strstr(a.text, "i=63"), "%dx%d: slow end unnamed:\n%s", w, h, a.text);
	cr_expect(strstr(a.text, "slow"), "%dx%d:\n%s", w, h, a.text);
	/* the pair numbers: 0 under the first bar */
	{
		int y = cr.row[lo_t] + 1;

		while (y < h && canvas_cell(a.c, cr.ax + 1, y)->ch != '0')
			y++;
		cr_expect_lt(y, h, "%dx%d: no pair 0 under the first bar:\n%s",
			     w, h, a.text);
	}
	shot_free(&a);
}

/* A glance review: 7 to 14 dials of 2 to 3 rows read as scribbles. Now
 * 5 to 7 dials, the fastest pair (i=0) and the slowest (i=63) among them,
 * each with two arrows from its centre: q's pair turned by p·θ_i, its tip
 * an arrow head in q's colour, and k's turned by q·θ_i in k's, in cells
 * of their own, each pointing the pair's way (as rope_thetas and the
 * view's q and k give it) and standing that way from the centre. */
static void dials_read_as_arrows(int w, int h)
{
	struct state s;
	struct shot a;
	struct rope_setup r = { 128, 128, 1e4 };
	double q[128], k[128], th[64];
	int n = 0, first = -1, last = -1, legend;

	open_rope(&s, w, h, LANG_EN);
	s.cur.pe.d_model = 128;
	a = draw(&s, w, h);
	rope_draw_qk(ROPE_VIEW_SEED, 128, q, k);
	rope_thetas(&r, th);
	legend = row_with(a.text, "0┼");	/* the chart's zero, under the dials */
	cr_assert_gt(legend, 2, "%dx%d:\n%s", w, h, a.text);
	for (int y = 2; y < legend; y++)
		for (int x = 1, from = 1; x + 2 < w; x++) {
			int pair = 0, len = 0;
			struct fx_dial dl;
			double want[2];

			if (canvas_cell(a.c, x, y)->ch != 'i' ||
			    canvas_cell(a.c, x + 1, y)->ch != '=')
				continue;
			while (canvas_cell(a.c, x + 2 + len, y)->ch >= '0' &&
			       canvas_cell(a.c, x + 2 + len, y)->ch <= '9')
				pair = 10 * pair + (int)(canvas_cell(a.c, x + 2 + len++, y)->ch - '0');
			if (!len)
				continue;
			/* the dial left of its label, back to the last label */
			fx_dial_read(a.c, (struct rect){ from, y - 3, x - from, 7 },
				     ROLE_TRACE1, ROLE_TRACE2, &dl);
			from = x + 2 + len;
			first = first < 0 ? pair : first;
			last = pair;
			n++;
			want[0] = atan2(q[2 * pair + 1], q[2 * pair]) + 12 * th[pair];
			want[1] = atan2(k[2 * pair + 1], k[2 * pair]) + 5 * th[pair];
			cr_expect_gt(dl.rim_cells, 8, "%dx%d: pair %d: no rim:\n%s", w, h,
				     pair, a.text);
			for (int j = 0; j < 2; j++) {
				cr_expect_eq(dl.tip[j].n, 1, "%dx%d: pair %d: %d tips of %c:\n%s",
					     w, h, pair, dl.tip[j].n, "qk"[j], a.text);
				cr_expect_leq(fx_angle_apart(dl.tip[j].glyph, want[j]),
					      M_PI / 8 + 1e-9,
					      "%dx%d: pair %d: %c's arrow points %g°, its pair %g°",
					      w, h, pair, "qk"[j], dl.tip[j].glyph * 180 / M_PI,
					      want[j] * 180 / M_PI);
				cr_expect_leq(fx_angle_apart(dl.tip[j].seen, want[j]),
					      (j ? 60.0 : 40.0) * M_PI / 180,
					      "%dx%d: pair %d: %c's tip stands at %g°, its pair points %g°",
					      w, h, pair, "qk"[j], dl.tip[j].seen * 180 / M_PI,
					      want[j] * 180 / M_PI);
			}
			cr_expect(dl.tip[0].x != dl.tip[1].x || dl.tip[0].y != dl.tip[1].y,
				  "%dx%d: pair %d: one cell for both tips", w, h, pair);
		}
	cr_expect(n >= 5 && n <= 7, "%dx%d: %d dials:\n%s", w, h, n, a.text);
	cr_expect_eq(first, 0, "%dx%d: the fastest pair has no dial", w, h);
	cr_expect_eq(last, 63, "%dx%d: the slowest pair has no dial", w, h);
	shot_free(&a);
}

Test(rope_view, dials_show_q_and_k_as_two_arrows)
{
	dials_read_as_arrows(80, 24);
	dials_read_as_arrows(100, 30);
	dials_read_as_arrows(120, 40);
}

/* A glance review: the swing's light shade had the bars' pink. The
 * shade (░) is another colour than every bar (█ ▄ ▀), and the legend's
 * marks have their colours. */
static void shade_apart(int w, int h)
{
	struct state s;
	struct shot a;
	int bars = 0, shade = 0, legend;
	uint8_t bar_fg = ROLE_COUNT, shade_fg = ROLE_COUNT;

	open_rope(&s, w, h, LANG_EN);
	s.cur.pe.d_model = 128;
	a = draw(&s, w, h);
	legend = row_with(a.text, "bars:");
	cr_assert_geq(legend, 0, "%dx%d: no legend:\n%s", w, h, a.text);
	for (int y = legend + 1; y < h; y++)
		for (int x = 0; x < w; x++) {
			const struct cell *e = canvas_cell(a.c, x, y);

			if (is_block(e->ch)) {
				cr_expect(bar_fg == ROLE_COUNT || e->fg == bar_fg,
					  "%dx%d: bars in two colours", w, h);
				bar_fg = e->fg;
				bars++;
			} else if (e->ch == 0x2591) {
				cr_expect(shade_fg == ROLE_COUNT || e->fg == shade_fg,
					  "%dx%d: shade in two colours", w, h);
				shade_fg = e->fg;
				shade++;
			}
		}
	cr_assert_gt(bars, 20, "%dx%d: %d bar cells", w, h, bars);
	cr_assert_gt(shade, 20, "%dx%d: %d shade cells", w, h, shade);
	cr_expect_neq(bar_fg, shade_fg, "%dx%d: the swing's shade has the bars' colour", w, h);
	cr_expect_eq(bar_fg, ROLE_TRACE3, "%dx%d", w, h);
	/* the legend's marks: the first █ and ░ at or over the chart */
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			const struct cell *e = canvas_cell(a.c, x, y);
			const struct cell *n = canvas_cell(a.c, x + 1, y);

			if (!n || n->ch != ' ')
				continue;
			if (e->ch == 0x2588 && canvas_cell(a.c, x + 2, y)->ch == 'b')
				cr_expect_eq(e->fg, bar_fg, "%dx%d: the bars' mark", w, h);
			if (e->ch == 0x2591 && (canvas_cell(a.c, x + 2, y)->ch == 'r' ||
						canvas_cell(a.c, x + 2, y)->ch == ' '))
				cr_expect_eq(e->fg, shade_fg, "%dx%d: the shade's mark", w, h);
		}
	shot_free(&a);
}

Test(rope_view, the_swing_shade_has_its_own_colour)
{
	shade_apart(80, 24);
	shade_apart(100, 30);
	shade_apart(120, 40);
}

Test(rope_view, bar_chart_has_an_axis_matching_its_bars_and_named_pairs)
{
	chart_matches_ticks(80, 24);
	chart_matches_ticks(100, 30);
	chart_matches_ticks(120, 40);
}

/* The light shade over and under a bar is how far its share swings as
 * p − q runs over the length: wide for the fast pairs, none for the
 * slow ones (pairs 56-63 turn by under 0.05 rad over 128 positions). And
 * the sum stands beside the bars, as the panel's sum line has it. */
Test(rope_view, fast_pairs_swing_slow_pairs_stay_and_the_sum_is_beside)
{
	struct state s;
	struct shot a;
	struct chart_read cr;
	int fast = 0, slow = 0;
	double sum;
	char want[64], t[32];

	open_rope(&s, 120, 40, LANG_EN);
	s.cur.pe.d_model = 128;
	a = draw(&s, 120, 40);
	cr_assert(read_chart(&a, 120, 40, &cr), "%s", a.text);
	for (int y = 0; y < 40; y++)
		for (int i = 0; i < 8; i++) {
			fast += canvas_cell(a.c, cr.ax + 1 + i, y)->ch == 0x2591;
			slow += canvas_cell(a.c, cr.ax + 1 + 56 + i, y)->ch == 0x2591;
		}
	cr_expect_geq(fast, 8, "fast pairs' swing: %d cells\n%s", fast, a.text);
	cr_expect_eq(slow, 0, "slow pairs' swing: %d cells\n%s", slow, a.text);
	cr_expect(strstr(a.text, "its reach for p − q = 0..127"), "%s", a.text);
	cr_assert_eq(sscanf(strstr(a.text, "Σ bars = "), "Σ bars = %lf", &sum), 1);
	fmt_double_compact(sum, 4, t, sizeof t);
	snprintf(want, sizeof want, "Σ = %s", t);
	{
		int y = row_with(a.text, want);
		const char *line = a.text;

		cr_assert_geq(y, 0, "no \"%s\" beside the bars:\n%s", want, a.text);
		cr_expect_leq(abs(y - cr.zero), 3, "the sum is not beside the bars");
		for (int i = 0; i < y; i++)
			line = strchr(line, '\n') + 1;
		cr_expect(strstr(line, "█") && strstr(line, "█") < strstr(line, "Σ"),
			  "the sum is not right of the bars:\n%s", a.text);
	}
	cr_expect(strstr(a.text, "no bar"), "%s", a.text);
	shot_free(&a);
}

Test(rope_view, partial_rotary_keeps_the_position_free_bars)
{
	struct state s;
	struct shot a, b;
	struct chart_read cr;
	int y0, y1, free_col, nb;

	open_rope(&s, 120, 40, LANG_EN);
	fx_press(&s, 'u');
	fx_press(&s, 'u');
	a = draw(&s, 120, 40);
	cr_assert(strstr(a.text, "rotary 1/4: dims 0-127 turn"), "%s", a.text);
	cr_assert(strstr(a.text, "█ position-free"), "the legend names them:\n%s",
		  a.text);
	cr_assert(strstr(a.text, "not turned, position-free: i=255"), "%s", a.text);
	bar_rows(&a, &y0, &y1);
	cr_assert(read_chart(&a, 120, 40, &cr), "%s", a.text);
	fx_press(&s, 'X');
	b = draw(&s, 120, 40);
	/* 256 pairs over nb bars from the axis on (plot_col_items: bar j
	 * shows the pairs whose centres fall in it); the turned ones are
	 * pairs 0..63 */
	for (nb = 0; is_block(canvas_cell(a.c, cr.ax + 1 + nb, cr.zero)->ch) ||
		     canvas_cell(a.c, cr.ax + 1 + nb, cr.zero)->ch == 0x2500; nb++)
		;
	cr_assert_gt(nb, 50);
	free_col = cr.ax + 1 + (64 * nb + 255) / 256;
	cr_assert(same_cells(&a, &b, free_col + 1, cr.ax + 1 + nb, y0, y1),
		  "position-free bars moved:\n%s\n%s", a.text, b.text);
	cr_assert(!same_cells(&a, &b, cr.ax + 1, free_col - 1, y0, y1),
		  "the turned bars did not move:\n%s", b.text);
	/* the position-free bars have their own colour */
	for (int y = y0; y < y1; y++)
		for (int x = cr.ax + 1; x < cr.ax + 1 + nb; x++) {
			const struct cell *cl = canvas_cell(a.c, x, y);

			if (is_block(cl->ch))
				cr_assert_eq(cl->fg, x < free_col - 1 ? ROLE_TRACE3
						      : x > free_col ? ROLE_TRACE4
								     : cl->fg);
		}
	shot_free(&a);
	shot_free(&b);
}

Test(rope_view, code_panel_prints_the_same_score_for_both_forms)
{
	struct state s;
	struct shot a;
	char m[64], h[64];

	open_rope(&s, 120, 40, LANG_EN);
	a = draw(&s, 120, 40);
	cr_assert(strstr(a.text, "xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))"),
		  "%s", a.text);
	cr_assert(strstr(a.text, "q_embed = (q * cos) + (rotate_half(q) * sin)"));
	cr_assert(strstr(a.text, "torch.cat((-x2, x1), dim=-1)"));
	cr_assert(strstr(a.text, "w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2)"));
	cr_assert_eq(sscanf(strstr(a.text, "→ q·k = "), "→ q·k = %63s", m), 1);
	cr_assert_eq(sscanf(strstr(strstr(a.text, "→ q·k = ") + 4, "→ q·k = "),
			    "→ q·k = %63s", h), 1);
	cr_assert_str_eq(m, h);
	cr_assert(strstr(a.text, "The same doubles, bit for bit."), "%s", a.text);
	shot_free(&a);
}

Test(rope_view, values_panel_shows_the_heads_two_numbers)
{
	struct state s;
	struct shot a;
	struct rope_setup r = { 128, 128, 1e4 };
	struct rope_vshift v;
	char n0[32], n1[32], want[128];

	open_rope(&s, 120, 40, LANG_EN);
	a = draw(&s, 120, 40);
	rope_v_shift(&r, 1, 10, &v);
	fmt_double_compact(v.moved_plain, 2, n0, sizeof n0);
	fmt_double_compact(v.moved_rotated, 2, n1, sizeof n1);
	snprintf(want, sizeof want, "v unturned: moves %s (rounding)", n0);
	cr_assert(strstr(a.text, want), "no \"%s\" in\n%s", want, a.text);
	snprintf(want, sizeof want, "v turned: moves %s", n1);
	cr_assert(strstr(a.text, want), "no \"%s\" in\n%s", want, a.text);
	cr_assert_lt(v.moved_plain, 1e-12);
	cr_assert_gt(v.moved_rotated, 0.5);
	/* a farther move: v/V doubles it, the unturned head still does not move */
	fx_press(&s, 'V');
	shot_free(&a);
	a = draw(&s, 120, 40);
	cr_assert(strstr(a.text, "same at 20-27"), "%s", a.text);
	cr_assert(strstr(a.text, "v unturned: moves "), "%s", a.text);
	shot_free(&a);
}

/* What each panel must show at a classroom size, in the reader's
 * language, in text: the four panels as w/W cycles through them (at
 * 80x24 one at a time, saying so; from 100x30 all at once). */
static void glance(int w, int h, enum lang lang)
{
	struct state s;
	char *all = NULL, *first = NULL;
	size_t n = 0;
	const char *must[] = {
		"p − q = 7", "Σ", "Meta", "rotate_half", "permute",
		lang == LANG_ZH ? "v 不旋转" : "v unturned",
		lang == LANG_ZH ? "旋转：" : "v turned:",
		lang == LANG_ZH ? "高频" : "fast",
		lang == LANG_ZH ? "低频" : "slow",
		tr(lang, "Pairs, fast to slow: the arrows turn, the bars are the score"),
		tr(lang, "The code and the numbers it gives"),
		tr(lang, "Why v is not turned"),
	};

	open_rope(&s, w, h, lang);
	for (int i = 0; i < 4; i++) {
		struct shot a = draw(&s, w, h);
		size_t m = strlen(a.text);
		char *grown = realloc(all, n + m + 1);

		cr_assert_not_null(grown);
		all = grown;
		memcpy(all + n, a.text, m + 1);
		n += m;
		if (i == 0)
			first = strdup(a.text);
		shot_free(&a);
		fx_press(&s, 'w');
	}
	for (size_t i = 0; i < sizeof must / sizeof *must; i++) {
		cr_expect(strstr(all, must[i]), "%dx%d %s: no \"%s\" in\n%s",
			  w, h, lang == LANG_ZH ? "zh" : "en", must[i], all);
		if (h >= 30)
			cr_expect(strstr(first, must[i]),
				  "%dx%d: all panels at once, no \"%s\":\n%s", w,
				  h, must[i], first);
	}
	if (h < 30)
		cr_expect(strstr(first, tr(lang, " Small screen: one panel at a time, w/W for the others. ")),
			  "%s", first);
	free(all);
	free(first);
}

Test(rope_view, every_panel_makes_its_point_at_classroom_sizes)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (int z = 0; z < 3; z++) {
		glance(sizes[z][0], sizes[z][1], LANG_EN);
		glance(sizes[z][0], sizes[z][1], LANG_ZH);
	}
}

Test(rope_view, reached_by_tab_and_view_command_and_focus_and_zoom_work)
{
	struct state s;
	struct shot a;
	char err[160];

	fx_init(&s, &start);
	state_set_view(&s, catalog_find(views_catalog(), "attention"));
	fx_press(&s, PK_TAB);
	cr_assert_eq(s.view, rope_index(), "Tab after attention");
	state_set_view(&s, 0);
	cr_assert_eq(command_run(&s, "view rope", COMMAND_TYPED, err, sizeof err), COMMAND_OK, "%s", err);
	cr_assert_eq(s.view, rope_index());
	state_set_screen(&s, 80, 24);
	fx_press(&s, 'w');
	cr_assert_eq(s.panel, 1);
	fx_press(&s, 'F');
	a = draw(&s, 80, 24);
	cr_assert(strstr(a.text, "The code and the numbers it gives"), "%s", a.text);
	cr_assert(!strstr(a.text, "Why v is not turned"), "zoomed:\n%s", a.text);
	/* zoomed, the code panel has room for the whole quotes */
	cr_assert(strstr(a.text, "  → q·k = "), "%s", a.text);
	cr_assert(strstr(a.text, "xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)"),
		  "%s", a.text);
	cr_assert(strstr(a.text, "rotate_half: torch.cat((-x2, x1), dim=-1)"),
		  "%s", a.text);
	shot_free(&a);
}

/* The code panel's verdict is green, the score of the unpermuted form
 * after it is not: a glance reviewer read the whole green line as good
 * news for 0.888147, a different function's score. At 100x30 and 120x40,
 * in both languages: the verdict's first letter is ROLE_OK, and the digits
 * of the last "q·k = " on its row are not. */
Test(rope_view, the_verdict_is_green_and_the_unpermuted_score_is_not)
{
	static const int sizes[][2] = { { 100, 30 }, { 120, 40 } };

	for (int lang = 0; lang < 2; lang++)
		for (size_t z = 0; z < 2; z++) {
			int w = sizes[z][0], h = sizes[z][1], y, x0 = -1, xd = -1;
			struct state s;
			struct shot a;
			const char *verdict = tr(lang ? LANG_ZH : LANG_EN,
						 z ? "The same doubles, bit for bit."
						   : "bit for bit the same");
			char row[SNAP_ROW_MAX], *at, *q;

			open_rope(&s, w, h, lang ? LANG_ZH : LANG_EN);
			a = draw(&s, w, h);
			y = row_with(a.text, verdict);
			cr_assert_geq(y, 0, "%dx%d %d: no verdict:\n%s", w, h, lang, a.text);
			snap_row_text(a.c, y, row);
			at = strstr(row, verdict);
			for (q = strstr(row, "q·k = "); q && strstr(q + 1, "q·k = ");
			     q = strstr(q + 1, "q·k = "))
				;
			cr_assert_not_null(q, "%dx%d: no score after the verdict: %s", w, h, row);
			*at = '\0';
			x0 = utf8_width(row);
			*at = verdict[0];
			q += strlen("q·k = ");
			{
				char pre[SNAP_ROW_MAX];

				snprintf(pre, sizeof pre, "%.*s", (int)(q - row), row);
				xd = utf8_width(pre);
			}
			cr_assert_eq(canvas_cell(a.c, x0 + 1, y)->fg, ROLE_OK,
				     "%dx%d %d: the verdict's colour", w, h, lang);
			cr_assert_neq(canvas_cell(a.c, xd, y)->fg, ROLE_OK,
				      "%dx%d %d: the unpermuted score in the verdict's green: %s",
				      w, h, lang, row);
			shot_free(&a);
		}
}

/* The column where row y's text starts with needle, or -1. */
static int col_with(const struct canvas *c, int y, const char *needle)
{
	char buf[SNAP_ROW_MAX];

	for (int x = 0; x < canvas_width(c); x++)
		if (strncmp(snap_span_text(c, x, canvas_width(c), y, buf), needle,
			    strlen(needle)) == 0)
			return x;
	return -1;
}

/* A glance review: the legend drew q's and k's arrows as a solid "━"
 * where the dials draw braille dots with a head. Each hand's mark in the
 * legend is dial_hand_sample in the hand's colour, in the long and the
 * short legend, in English and Chinese. */
static void legend_draws_hands(int w, int h, enum lang lang)
{
	static const char *const full[2] = { " q turned by p%s%s_i   ",
					     " k turned by q%s%s_i   " };
	static const char *const brief[2] = { " q at p  ", " k at q  " };
	struct state s;
	struct shot a;

	open_rope(&s, w, h, lang);
	s.cur.pe.d_model = 128;
	a = draw(&s, w, h);
	for (int k = 0; k < 2; k++) {
		char f0[96], b0[96];
		const char *f = f0 + 1, *b = b0 + 1;
		int y, x;

		/* the words past the blank that parts them from the mark,
		 * up to the blanks after them */
		snprintf(f0, sizeof f0, tr(lang, full[k]), "·", "θ");
		snprintf(b0, sizeof b0, "%s", tr(lang, brief[k]));
		f0[strlen(f0) - 3] = b0[strlen(b0) - 2] = '\0';
		y = row_with(a.text, f);

		if (y < 0) {
			y = row_with(a.text, b);
			f = b;
		}
		cr_assert_geq(y, 0, "%dx%d: no legend for hand %d:\n%s", w, h, k,
			      a.text);
		x = col_with(a.c, y, f);
		cr_expect(fx_hand_key_before(a.c, x, y,
					     k ? ROLE_TRACE2 : ROLE_TRACE1),
			  "%dx%d %s: \"%s\" has no hand's mark", w, h,
			  lang == LANG_ZH ? "zh" : "en", f);
	}
	shot_free(&a);
}

Test(rope_view, legend_draws_each_hand_as_the_dials_do)
{
	for (int l = 0; l < 2; l++) {
		legend_draws_hands(80, 24, (enum lang)l);
		legend_draws_hands(120, 40, (enum lang)l);
	}
}

/* A glance review: the bars' x axis had numbers but no name. The tick
 * row under the bars (the row over "i=0 fast") ends in "pair i", at
 * 80x24 and 120x40, in English and Chinese. */
Test(rope_view, bar_axis_is_named_pair_i)
{
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 } };

	for (int z = 0; z < 2; z++)
		for (int l = 0; l < 2; l++) {
			struct state s;
			struct shot a;
			char row[SNAP_ROW_MAX];
			int y;

			open_rope(&s, sizes[z][0], sizes[z][1], (enum lang)l);
			s.cur.pe.d_model = 128;
			a = draw(&s, sizes[z][0], sizes[z][1]);
			y = row_with(a.text, tr((enum lang)l, "i=0 fast"));
			cr_assert_gt(y, 0, "%dx%d:\n%s", sizes[z][0], sizes[z][1],
				     a.text);
			snap_row_text(a.c, y - 1, row);
			cr_expect_not_null(strstr(row, tr((enum lang)l, "pair i")),
					   "%dx%d %s: the tick row reads \"%s\"",
					   sizes[z][0], sizes[z][1], l ? "zh" : "en",
					   row);
			shot_free(&a);
		}
}
