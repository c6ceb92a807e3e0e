/* test_lesson_attention.c - lesson 7, "From encoding to attention": what
 * each step's caption claims is on that step's screen, in English and in
 * Chinese, at the classroom sizes 100x30 and 80x24 (the caption box below
 * the view). The numbers are checked against values worked out here: the
 * head's shuffle (head.h), the partial sums of RoFormer's bound, and the
 * verdicts the panels print. */
#include <criterion/criterion.h>

#include <complex.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/head.h"
#include "fixture.h"
#include "app/lesson_files.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "views/view_attention.h"

static void setup(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson_attention, .init = setup);

/* The steps whose claims are checked here; the lesson's last, its
 * question, is test_lesson_predict.c's. */
enum { STEPS = 9 };

static const struct settings defaults = {
	{ 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0
};

/* What a step's screen is checked in: language, size, the text. */
struct shot {
	enum lang lang;
	int w, h;
	struct state s;
	char *text;
};

/* The words the panels use for a fact, in each language. */
struct words {
	const char *en, *zh;
};

static const struct words SPREAD = { "spread ", "离散 " };
static const struct words SAME = { "same vectors", "同样的向量" };
static const struct words CHANGE = { "outputs change", "输出变了" };
static const struct words AT_1000 = { "m = 1000: B = ", "m = 1000：B = " };
static const struct words TOKENS = { "x: 8 seeded tokens", "x：8 个词元" };

static const char *in(const struct shot *sh, struct words w)
{
	return sh->lang == LANG_ZH ? w.zh : w.en;
}

static struct lesson_book book[LANG_COUNT];

/* Lesson 7 at step k (from 0) on a w x h screen in language l. */
static void open_step(struct shot *sh, enum lang l, int w, int h, int k)
{
	int i;

	if (!book[l].count)
		cr_assert_eq(lesson_book_load(&book[l], l == LANG_ZH
						  ? "assets/lessons/zh"
						  : "assets/lessons/en",
					      views_catalog(), l), 0);
	i = lesson_book_find(&book[l], "attention");
	cr_assert_geq(i, 0);
	cr_assert_eq(book[l].lesson[i]->nsteps, STEPS + 1);
	fx_init(&sh->s, &defaults);
	sh->s.lang = l;
	sh->s.les.book = &book[l];
	state_set_screen(&sh->s, w, h);
	lesson_open(&sh->s, i, k);
	cr_assert(!sh->s.msg_error, "step %d: %s", k + 1, sh->s.msg);
	cr_assert_eq(sh->s.view, VIEW_ATTENTION);
	sh->lang = l;
	sh->w = w;
	sh->h = h;
	sh->text = fx_text(&sh->s, w, h);
	cr_assert_not_null(sh->text);
}

static void close_step(struct shot *sh)
{
	free(sh->text);
	sh->text = NULL;
}

static void assert_has(const struct shot *sh, const char *needle)
{
	cr_assert(strstr(sh->text, needle), "%s %dx%d: missing \"%s\" in:\n%s",
		  lang_name(sh->lang), sh->w, sh->h, needle, sh->text);
}

/* The number after the n-th (from 0) `label`. */
static double number_after(const struct shot *sh, const char *from,
			   const char *label, int n)
{
	const char *p = from ? strstr(sh->text, from) : sh->text;
	char *end;
	double v;

	cr_assert_not_null(p, "no \"%s\" in:\n%s", from, sh->text);
	for (int i = 0; i <= n; i++) {
		p = strstr(p, label);
		cr_assert_not_null(p, "%s %dx%d: no %d-th \"%s\" in:\n%s",
				   lang_name(sh->lang), sh->w, sh->h, n, label,
				   sh->text);
		p += strlen(label);
	}
	v = strtod(p, &end);
	cr_assert(end != p, "no number after \"%s\"", label);
	return v;
}

/* The cell row and column where `needle` starts, in display columns. */
static void where(const struct shot *sh, const char *needle, int *row,
		  int *col)
{
	const char *p = strstr(sh->text, needle), *line = sh->text;

	cr_assert_not_null(p, "no \"%s\" in:\n%s", needle, sh->text);
	*row = 0;
	for (const char *q = sh->text; q < p; q++)
		if (*q == '\n') {
			(*row)++;
			line = q + 1;
		}
	{
		char head[4096];
		size_t n = (size_t)(p - line);

		memcpy(head, line, n);
		head[n] = '\0';
		*col = utf8_width(head);
	}
}

/* ---- references ---- */

/* The head's shuffle on the lesson's sentence with the view's setup. */
static struct head_order shuffle_of(const struct shot *sh, enum attn_scheme s,
				    bool causal)
{
	static const int en[8] = { 0, 1, 2, 0, 3, 4, 0, 5 };
	static const int zh[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	struct head_setup h = { ATT_HEAD_D, sh->s.cur.pe.base,
				sh->lang == LANG_ZH ? 8 : 6, 1, s,
				att_slope(&sh->s), causal };
	struct head_order r;

	cr_assert(head_shuffle(&h, sh->lang == LANG_ZH ? zh : en, 8,
			       (uint64_t)sh->s.knob[VIEW_ATTENTION][K_SHUFFLE],
			       NULL, NULL, &r));
	return r;
}

/* B(m) from the partial sums, in long double complex. */
static double bound(int d, double base, double m)
{
	long double complex s = 0;
	long double sum = 0;

	for (int k = 0; k < d / 2; k++) {
		s += cexpl(I * (long double)m * powl(base, -2.0L * k / d));
		sum += cabsl(s);
	}
	return (double)(sum / (d / 2));
}

/* The order panel's difference: printed, and on the side the caption
 * says. */
static void assert_order(const struct shot *sh, enum attn_scheme s,
			 bool causal, bool same)
{
	struct head_order r = shuffle_of(sh, s, causal);
	char num[32];

	fmt_double_compact(r.diff, 2, num, sizeof num);
	assert_has(sh, num);
	assert_has(sh, in(sh, same ? SAME : CHANGE));
	if (same)
		cr_assert_lt(r.diff, 1e-15, "rounding only");
	else
		cr_assert_gt(r.diff, 1e-3 * r.scale, "a real change");
}

/* The score matrices are drawn, not only their numbers: rows of the
 * pictures between the labels above them and the spreads below. */
static void assert_matrices(const struct shot *sh)
{
	int row, col, row2, col2;

	where(sh, "ALiBi, m = ", &row, &col);
	where(sh, in(sh, SPREAD), &row2, &col2);
	cr_assert_geq(row2 - row - 1, 3, "%s %dx%d: %d rows of matrices:\n%s",
		      lang_name(sh->lang), sh->w, sh->h, row2 - row - 1, sh->text);
}

/* Whether the score panel prints p·p's own spread ("p·p spread 1.3e-15"). */
static bool pp_spread_shown(const struct shot *sh)
{
	char want[64];

	snprintf(want, sizeof want, "p·p %s", in(sh, SPREAD));
	return strstr(sh->text, want) != NULL;
}

/* The decay plot is drawn, not only its numbers: braille dots. */
static void assert_decay_plot(const struct shot *sh)
{
	int dots = 0;

	for (const char *p = sh->text; *p; p++)
		dots += (unsigned char)p[0] == 0xe2 && ((unsigned char)p[1] == 0xa0 ||
						       (unsigned char)p[1] == 0xa1 ||
						       (unsigned char)p[1] == 0xa2 ||
						       (unsigned char)p[1] == 0xa3);
	cr_assert_geq(dots, 40, "%s %dx%d: no decay plot:\n%s",
		      lang_name(sh->lang), sh->w, sh->h, sh->text);
}

/* ---- the steps ---- */

static void check_step(const struct shot *sh, int k)
{
	const char *pp = "p·p";
	int row, col, row2, col2;

	switch (k) {
	case 0:	/* order-blind: the same vectors, about 1e-16 */
		assert_order(sh, ATTN_NOPE, false, true);
		/* "(top left)": the order panel above the score matrices */
		where(sh, sh->lang == LANG_ZH ? "词序" : "Order", &row, &col);
		where(sh, sh->lang == LANG_ZH ? "得分 s(p, q)" : "Scores s(p, q)",
		      &row2, &col2);
		cr_assert(row < row2 && col < sh->w / 2);
		cr_assert_geq(shuffle_of(sh, ATTN_NOPE, false).diff, 1e-17,
			      "\"about 1e-16\": not exactly 0 either");
		break;
	case 1:	/* the causal mask changes the outputs */
		assert_order(sh, ATTN_NOPE, true, false);
		break;
	case 2:	/* added: the spread far above rounding, p·p relative */
		cr_assert_gt(number_after(sh, NULL, in(sh, SPREAD), 0), 1e-3);
		/* p·p's own spread, where the panel has the row for it (the
		 * zoomed panel at 80x24 lists the terms' sizes instead) */
		cr_assert(pp_spread_shown(sh) || sh->w < 100, "p·p's spread");
		if (pp_spread_shown(sh))
			cr_assert_lt(number_after(sh, pp, in(sh, SPREAD), 0),
				     1e-12);
		assert_has(sh, "x·p");
		assert_has(sh, "p·x");
		/* "(left)": the first spread is the added matrix's, in the
		 * left column */
		where(sh, in(sh, SPREAD), &row, &col);
		cr_assert_lt(col, sh->w / 3);
		assert_matrices(sh);
		break;
	case 3:	/* random W: p·p's spread too */
		if (pp_spread_shown(sh))
			cr_assert_gt(number_after(sh, pp, in(sh, SPREAD), 0),
				     1e-3);
		assert_has(sh, sh->lang == LANG_ZH ? "随机" : "random");
		cr_assert_lt(number_after(sh, NULL, in(sh, SPREAD), 1), 1e-9,
			     "RoPE stays relative");
		assert_matrices(sh);
		break;
	case 4:	/* RoPE: one value a diagonal, with random W */
		cr_assert_lt(number_after(sh, NULL, in(sh, SPREAD), 1), 1e-12);
		assert_has(sh, sh->lang == LANG_ZH ? "随机" : "random");
		assert_matrices(sh);
		break;
	case 5:	/* ALiBi: exactly 0, slope 2^(-8/8) */
		cr_assert_eq(number_after(sh, NULL, in(sh, SPREAD), 2), 0.0);
		assert_has(sh, "ALiBi, m = 0.5");
		assert_matrices(sh);
		break;
	case 6:	/* decay at base 1e4: B(0) = 32.5, shrinking, then a
		 * plateau above 0, 4.471 at 1000 and 4.883 at L0 */
		assert_has(sh, "B(0) = 32.5");
		cr_assert_float_eq(number_after(sh, NULL, in(sh, AT_1000), 0),
				   bound(128, 1e4, 1000), 1e-3);
		assert_has(sh, "L0 = 4096");
		assert_has(sh, "4.883");
		cr_assert_float_eq(bound(128, 1e4, 4096), 4.883, 5e-4);
		cr_assert_gt(bound(128, 1e4, 4096), bound(128, 1e4, 1000),
			     "a plateau, not a fall: B(4096) > B(1000)");
		for (int m = 500; m <= 8192; m += 7)
			cr_assert_gt(bound(128, 1e4, m), 1.0, "B(%d) near 0", m);
		assert_decay_plot(sh);
		break;
	case 7:	/* base 5e5: B(1000) higher than at 1e4 */
		cr_assert_float_eq(number_after(sh, NULL, in(sh, AT_1000), 0),
				   bound(128, 5e5, 1000), 1e-2);
		cr_assert_gt(bound(128, 5e5, 1000), 2 * bound(128, 1e4, 1000));
		assert_has(sh, "10.2");
		/* the plateau's height, which the plot shows, against the
		 * last step's: not "shrinks more slowly", which a reviewer
		 * could not see on an axis to 16k */
		cr_assert_gt(bound(128, 5e5, 1000) / bound(128, 5e5, 0), 0.3);
		cr_assert_lt(bound(128, 5e5, 1000) / bound(128, 5e5, 0), 1.0 / 3);
		cr_assert_lt(bound(128, 1e4, 1000) / bound(128, 1e4, 0), 1.0 / 7);
		assert_has(sh, sh->lang == LANG_ZH ? "三分之一" : "nearly a third");
		assert_has(sh, sh->lang == LANG_ZH ? "七分之一" : "seventh");
		assert_decay_plot(sh);
		break;
	case 8:	/* the step puts tokens into the score matrices itself:
		 * the panel says so, and no matrix is a function of p - q,
		 * RoPE's and ALiBi's included (their spreads are far above
		 * rounding); drawn, zoomed at 80x24 */
		assert_has(sh, in(sh, TOKENS));
		for (int m = 0; m < 3; m++)
			cr_assert_gt(number_after(sh, NULL, in(sh, SPREAD), m),
				     1e-6, "%s %dx%d: matrix %d's spread:\n%s",
				     lang_name(sh->lang), sh->w, sh->h, m,
				     sh->text);
		assert_matrices(sh);
		break;
	default:
		break;
	}
}

static void check_all(enum lang l, int w, int h)
{
	for (int k = 0; k < STEPS; k++) {
		struct shot sh;

		open_step(&sh, l, w, h, k);
		check_step(&sh, k);
		close_step(&sh);
	}
}

Test(lesson_attention, every_step_shows_its_claim_en_100x30)
{
	check_all(LANG_EN, 100, 30);
}

Test(lesson_attention, every_step_shows_its_claim_en_80x24)
{
	check_all(LANG_EN, 80, 24);
}

Test(lesson_attention, every_step_shows_its_claim_zh_100x30)
{
	check_all(LANG_ZH, 100, 30);
}

Test(lesson_attention, every_step_shows_its_claim_zh_80x24)
{
	check_all(LANG_ZH, 80, 24);
}

/* The last step: the keys it names do what it says, and lesson 6 is the
 * one about context length. */
Test(lesson_attention, the_last_step_keys_do_what_it_says)
{
	for (int l = 0; l < LANG_COUNT; l++) {
		struct shot sh;
		char *before;
		double head, weights;

		open_step(&sh, (enum lang)l, 100, 30, STEPS - 1);
		head = sh.s.knob[VIEW_ATTENTION][K_HEAD];
		weights = sh.s.knob[VIEW_ATTENTION][K_WEIGHTS];
		fx_press(&sh.s, 's');
		cr_assert_neq(sh.s.knob[VIEW_ATTENTION][K_HEAD], head, "s");
		fx_press(&sh.s, 'x');
		cr_assert_neq(sh.s.knob[VIEW_ATTENTION][K_WEIGHTS], weights, "x");
		before = fx_text(&sh.s, 100, 30);
		fx_press(&sh.s, 'v');
		close_step(&sh);
		sh.text = fx_text(&sh.s, 100, 30);
		cr_assert_str_neq(before, sh.text, "v shuffles again");
		free(before);
		fx_press(&sh.s, 'u');
		close_step(&sh);
		sh.text = fx_text(&sh.s, 100, 30);
		cr_assert_lt(number_after(&sh, NULL, in(&sh, SPREAD), 1), 1e-9,
			     "u: one content again, RoPE a function of p - q");
		close_step(&sh);
		cr_assert_str_eq(book[l].lesson[5]->name, "context");
		cr_assert_eq(book[l].lesson[5]->number, 6);
	}
}
