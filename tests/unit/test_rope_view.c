/* test_rope_view.c - the rope view shows what it claims: moving p and q
 * together turns the arrows and leaves every bar as it was, the partial
 * rotary knob leaves the rest of the head's bars fixed, the code panel
 * prints the two forms' scores as the same number, the values panel the
 * head's two numbers, and every panel's point shows at 80x24, 100x30 and
 * 120x40 in English and Chinese. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/keycode.h"
#include "base/tr.h"
#include "engine/rope.h"
#include "fixture.h"
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

Test(rope_view, partial_rotary_keeps_the_position_free_bars)
{
	struct state s;
	struct shot a, b;
	int y0, y1, free_col;

	open_rope(&s, 120, 40, LANG_EN);
	fx_press(&s, 'u');
	fx_press(&s, 'u');
	a = draw(&s, 120, 40);
	cr_assert(strstr(a.text, "rotary 1/4: dims 0-127 turn"), "%s", a.text);
	cr_assert(strstr(a.text, "━━ position-free"), "the legend names them:\n%s",
		  a.text);
	bar_rows(&a, &y0, &y1);
	fx_press(&s, 'X');
	b = draw(&s, 120, 40);
	/* 256 pairs over 118 bars from column 1: bar j shows pairs from
	 * j * 256 / 118 on; the turned ones are pairs 0..63 */
	free_col = 1 + (64 * 118 + 255) / 256;
	cr_assert(same_cells(&a, &b, free_col, 119, y0, y1),
		  "position-free bars moved:\n%s\n%s", a.text, b.text);
	cr_assert(!same_cells(&a, &b, 1, free_col - 1, y0, y1),
		  "the turned bars did not move:\n%s", b.text);
	/* the position-free bars have their own colour */
	for (int y = y0; y < y1; y++)
		for (int x = 1; x < 119; x++) {
			const struct cell *cl = canvas_cell(a.c, x, y);

			if (cl->ch == 0x2588 || cl->ch == 0x2584 || cl->ch == 0x2580)
				cr_assert_eq(cl->fg, x < free_col - 1 ? ROLE_TRACE3
						      : x >= free_col ? ROLE_TRACE4
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
		cr_expect(strstr(first, tr(lang, "Small screen: one panel at a time, w/W for the others.")),
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
