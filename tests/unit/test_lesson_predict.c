/* test_lesson_predict.c - the questions of the shipped lessons (issue 37,
 * item 5): every lesson asks at least one, in English and in Chinese, and
 * each is true on its screen.
 *
 * A question is asked over a screen and answered by the step's commands
 * below it (lesson.h), so it is listed in `asks` with the number the
 * question quotes, which the screen must show while it waits, and the one
 * the caption quotes after the answer, which the screen must show once it
 * is answered (as test_lesson_hints.c checks the hints' keys). Every step
 * is opened headless from assets/lessons at 80x24, in both languages, and
 * answered with each letter: the right one says so, each other one names
 * the right answer. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "lesson_fx.h"
#include "model/lesson.h"
#include "model/lesson_run.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(predict, .init = utf8_locale);

/* One question: what its screen shows before and after the answer. */
struct ask {
	const char *lesson;
	int step;		/* from 1 */
	const char *before;	/* the question quotes it; on screen while it
				 * waits (the same in both languages) */
	const char *after;	/* the caption quotes it; on screen once it is
				 * answered */
	const char *right_en, *right_zh;	/* the option that number
						 * makes true */
};

static const struct ask asks[] = {
	/* the similarity curve slides with p and keeps its shape */
	{ "positions", 7, "PE(40)", "PE(80)", "It slides to 80", "跟着滑到 80" },
	/* pair 1's period at d = 64, then d = 128 (lesson 2, step 4) */
	{ "formula", 6, "λ=8.38", "λ=7.26", "Shorter", "变短" },
	/* the arc from p to p + 4 on pair 0's dial, at p = 5 and p = 30 */
	{ "sincos", 5, "+229°", "+229°", "Still +229°", "仍是 +229°" },
	/* λ_63 at base 1e4 and 1e5 */
	{ "frequencies", 5, "5.44e4", "5.25e5", "Longer", "变长" },
	/* float32's largest error at len 1e5 and 1e6 */
	{ "layouts", 6, "0.00197", "0.0283", "Larger", "变大" },
	/* PI's sim(k=1) at s = 4 and s = 8 */
	{ "context", 8, "0.9981", "0.9995", "Nearer 1", "更接近 1" },
	/* ALiBi's slope of head 1, 2^(-8/H), at H = 8 and H = 4 */
	{ "attention", 10, "m = 0.5 ", "m = 0.25", "Smaller", "变小" },
	/* RoPE's bars, the same sum when p and q move together */
	{ "design", 11, "-9.27434", "-9.27434", "They stay", "不变" },
	/* DeepSeek-V3's YaRN score factor at s = 40 and 80: its mscale
	 * over mscale_all_dim, 1 at any s */
	{ "models", 6, "YaRN ×1.000", "YaRN ×1.000", "Still 1.000",
	  "仍是 1.000" },
	/* ALiBi's slopes for 12 heads: head 9 takes 16 heads' first */
	{ "families", 8, "m = 0.707", "m = 0.5", "Gentler", "更缓" },
};

enum { NASKS = sizeof asks / sizeof asks[0] };

/* Whether want is on the screen of s: anywhere, or (view_only) above the
 * caption box, where the view draws: the caption quoting a number does
 * not count as the view showing it. */
static void expect_on_screen(const struct state *s, const char *want,
			     bool view_only, const char *where)
{
	char *text = fx_text(s, 80, 24), box[LESSON_TITLE_MAX + 8], *cut;

	snprintf(box, sizeof box, "┌ %s", state_lesson(s)->title);
	cut = strstr(text, box);
	cr_assert_not_null(cut, "%s: no caption box:\n%s", where, text);
	if (view_only)
		*cut = '\0';
	cr_expect(strstr(text, want), "%s: \"%s\" is not on the %s:\n%s",
		  where, want, view_only ? "view" : "screen", text);
	free(text);
}

/* The listed question at step k of lesson i, or NULL. */
static const struct ask *listed(const struct lesson *l, int k)
{
	for (int a = 0; a < NASKS; a++)
		if (!strcmp(asks[a].lesson, l->name) && asks[a].step == k + 1)
			return &asks[a];
	return NULL;
}

Test(predict, every_lesson_asks_and_every_question_is_listed)
{
	for (int lang = 0; lang < 2; lang++) {
		struct lesson_book *b = book_of(lang);

		cr_assert_geq(b->count, 9);
		for (int i = 0; i < b->count; i++) {
			int n = 0;

			for (int k = 0; k < b->lesson[i]->nsteps; k++) {
				if (!lesson_step_ask(b->lesson[i], k))
					continue;
				n++;
				cr_expect_not_null(listed(b->lesson[i], k),
						   "%s %s step %d asks a question "
						   "not listed here", langs[lang],
						   b->lesson[i]->name, k + 1);
			}
			cr_expect_gt(n, 0, "%s %s asks nothing", langs[lang],
				     b->lesson[i]->name);
		}
	}
}

/* The question at t, in language lang, answered with option c. */
static void answer_with(const struct ask *t, int lang, int c)
{
	struct lesson_book *b = book_of(lang);
	int i = lesson_book_find(b, t->lesson);
	const struct lesson *l = b->lesson[i];
	const struct lesson_ask *q = lesson_step_ask(l, t->step - 1);
	struct state s, asked;
	char where[96], verdict[LESSON_SHOWN_MAX];

	snprintf(where, sizeof where, "%s %s step %d, answer %c", langs[lang],
		 t->lesson, t->step, 'a' + c);
	lesson_fx_open(&s, lang, i, t->step, 80, 24);
	cr_assert_not_null(lesson_waiting(&s), "%s: no question waits", where);
	expect_on_screen(&s, q->question, false, where);
	expect_on_screen(&s, t->before, true, where);
	asked = s;
	fx_press(&s, 'a' + c);
	cr_assert_null(lesson_waiting(&s), "%s", where);
	cr_expect(memcmp(&asked.cur, &s.cur, sizeof s.cur) ||
		  memcmp(asked.knob, s.knob, sizeof s.knob),
		  "%s: the answer changed nothing on the screen", where);
	/* The verdict's first line, and the fact the caption quotes. */
	lesson_shown(&s, l, t->step - 1, c + 1, verdict, sizeof verdict);
	*strchr(verdict, '\n') = '\0';
	expect_on_screen(&s, verdict, false, where);
	expect_on_screen(&s, t->after, true, where);
	cr_expect(strstr(l->step[t->step - 1].caption, t->after),
		  "%s: the caption does not quote \"%s\"", where, t->after);
	cr_expect((strstr(verdict, lang ? "对了" : "right") != NULL) ==
		  (c == q->answer), "%s: verdict \"%s\"", where, verdict);
}

Test(predict, each_answer_shows_its_verdict_and_the_fact_is_on_screen)
{
	for (int a = 0; a < NASKS; a++)
		for (int lang = 0; lang < 2; lang++) {
			struct lesson_book *b = book_of(lang);
			int i = lesson_book_find(b, asks[a].lesson);
			const struct lesson_ask *q;

			cr_assert_geq(i, 0, "no lesson %s", asks[a].lesson);
			q = lesson_step_ask(b->lesson[i], asks[a].step - 1);
			cr_assert_not_null(q, "%s %s step %d asks nothing",
					   langs[lang], asks[a].lesson,
					   asks[a].step);
			cr_expect_str_eq(q->option[q->answer], lang ? asks[a].right_zh
					 : asks[a].right_en, "%s %s step %d: the "
					 "answer marked is not the one the screen "
					 "shows", langs[lang], asks[a].lesson,
					 asks[a].step);
			for (int c = 0; c < q->noptions; c++)
				answer_with(&asks[a], lang, c);
		}
}
