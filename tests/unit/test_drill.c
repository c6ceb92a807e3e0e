/* test_drill.c - the interview drill: answer checking at the tolerance
 * edges, the seeded generator, the session in the state (score, misses,
 * summary, revisits), what the box shows in English and Chinese, and the
 * --drill and --seed options. Each kind's answers, reveal and texts are
 * tested in test_drill_kinds.c. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/session.h"
#include "drill_fx.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(drill, .init = utf8_locale);

/* ---- checking answers ---- */

static struct drill_question number_q(double answer, double tol, bool rel)
{
	struct drill_question q;

	memset(&q, 0, sizeof q);
	q.answer = answer;
	q.tol = tol;
	q.tol_rel = rel;
	return q;
}

static enum drill_verdict check_num(const struct drill_question *q, double x)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%.17g", x);
	return drill_check(q, buf);
}

Test(drill, relative_tolerance_edges)
{
	struct drill_question q = number_q(60613.9, 0.03, true);
	double edge = 0.03 * 60613.9;

	cr_assert_eq(check_num(&q, 60613.9), DRILL_RIGHT);
	cr_assert_eq(check_num(&q, 60613.9 + 0.999 * edge), DRILL_RIGHT);
	cr_assert_eq(check_num(&q, 60613.9 - 0.999 * edge), DRILL_RIGHT);
	cr_assert_eq(check_num(&q, 60613.9 + 1.001 * edge), DRILL_WRONG);
	cr_assert_eq(check_num(&q, 60613.9 - 1.001 * edge), DRILL_WRONG);
	/* 2*pi*base is the classic near miss: 3.7% off at d = 512 */
	cr_assert_eq(check_num(&q, 2 * M_PI * 1e4), DRILL_WRONG);
	cr_assert_eq(drill_check(&q, "6.1e4"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&q, "6e4"), DRILL_RIGHT, "1.0%% off");
	cr_assert_eq(drill_check(&q, "5.8e4"), DRILL_WRONG, "4.3%% off");
}

Test(drill, absolute_tolerance_edges)
{
	struct drill_question count = number_q(21, 1, false);
	struct drill_question dot = number_q(-0.0347, 0.05, false);

	cr_assert_eq(drill_check(&count, "21"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&count, "22"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&count, "20"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&count, "22.01"), DRILL_WRONG);
	cr_assert_eq(drill_check(&count, "19.99"), DRILL_WRONG);
	cr_assert_eq(drill_check(&count, "23"), DRILL_WRONG);
	cr_assert_eq(check_num(&dot, -0.0347 + 0.0499), DRILL_RIGHT);
	cr_assert_eq(check_num(&dot, -0.0347 - 0.0499), DRILL_RIGHT);
	cr_assert_eq(check_num(&dot, -0.0347 + 0.0501), DRILL_WRONG);
	cr_assert_eq(check_num(&dot, -0.0347 - 0.0501), DRILL_WRONG);
}

Test(drill, unreadable_numbers_are_not_wrong_answers)
{
	struct drill_question q = number_q(6.283, 0.01, true);
	const char *bad[] = { "", ".", "-", "e5", "6.28e", "6,28", "1e400",
			      "6..2", "+-1" };

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_eq(drill_check(&q, bad[i]), DRILL_UNREADABLE, "%s",
			     bad[i]);
	cr_assert_eq(drill_check(&q, "6.28"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&q, "+6.3"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&q, "-6.28"), DRILL_WRONG);
}

Test(drill, choices)
{
	struct drill_question q;

	memset(&q, 0, sizeof q);
	q.choice = true;
	q.right = 2;
	cr_assert_eq(drill_check(&q, "c"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&q, "C"), DRILL_RIGHT);
	cr_assert_eq(drill_check(&q, "a"), DRILL_WRONG);
	cr_assert_eq(drill_check(&q, "d"), DRILL_WRONG);
	cr_assert_eq(drill_check(&q, "e"), DRILL_UNREADABLE);
	cr_assert_eq(drill_check(&q, "cc"), DRILL_UNREADABLE);
	cr_assert_eq(drill_check(&q, ""), DRILL_UNREADABLE);
	cr_assert_eq(drill_check(&q, "3"), DRILL_UNREADABLE);
}

/* ---- the generator ---- */

/* A question as text, so two questions compare by what the user reads. */
static void question_key(unsigned long long seed, int n, char *buf, size_t len)
{
	struct drill_question q;
	char text[1024];

	drill_question_make(seed, n, &q);
	drill_text_question(&q, LANG_EN, text, sizeof text);
	snprintf(buf, len, "%d|%s|%.17g|%d", q.kind, text, q.answer, q.right);
}

Test(drill, reproducible_from_the_seed)
{
	char a[1200], b[1200];

	for (int n = 0; n < 30; n++) {
		question_key(1, n, a, sizeof a);
		question_key(1, n, b, sizeof b);
		cr_assert_str_eq(a, b);
	}
	/* a number is a question, whatever was asked before it */
	question_key(5, 17, a, sizeof a);
	for (int n = 0; n < 17; n++)
		question_key(5, n, b, sizeof b);
	question_key(5, 17, b, sizeof b);
	cr_assert_str_eq(a, b);
}

Test(drill, different_seeds_give_different_questions)
{
	char a[1200], b[1200];

	for (unsigned long long s = 1; s < 20; s++) {
		int differ = 0;
		for (int n = 0; n < drill_kind_count(); n++) {
			question_key(s, n, a, sizeof a);
			question_key(s + 1, n, b, sizeof b);
			differ += strcmp(a, b) != 0;
		}
		cr_assert_geq(differ, drill_kind_count() / 2, "seeds %llu and %llu",
			      s, s + 1);
	}
}

Test(drill, seeds_change_the_numbers_not_only_the_order)
{
	/* question 0 of the same kind under different seeds: the parameters
	 * differ too, so a kind can be drilled more than once */
	for (int kind = 0; kind < drill_kind_count(); kind++) {
		char first[1200] = "", other[1200];
		int same = 0, found = 0;

		for (unsigned long long s = 0; s < 400 && found < 6; s++) {
			struct drill_question q;
			drill_question_make(s, 0, &q);
			if (q.kind != kind || dk_of(kind) == DK_FIRST_WAVELENGTH)
				continue;
			/* cppcheck-suppress legacyUninitvar ; question_key writes it */
			question_key(s, 0, found ? other : first, 1200);
			same += found && strcmp(first, other) == 0;
			found++;
		}
		if (dk_of(kind) != DK_FIRST_WAVELENGTH)
			cr_assert_lt(same, found - 1, "kind %d: %d of %d alike",
				     kind, same, found);
	}
}

Test(drill, no_kind_twice_in_a_row)
{
	for (unsigned long long s = 0; s < 200; s++) {
		struct drill_question q, prev;
		drill_question_make(s, 0, &prev);
		for (int n = 1; n < 6 * drill_kind_count(); n++) {
			drill_question_make(s, n, &q);
			cr_assert_neq(q.kind, prev.kind, "seed %llu number %d",
				      s, n);
			prev = q;
		}
	}
}

/* ---- a fair test: no answer given away by its form ---- */

/* (Lengths, hedges, absolute words and echoes of the question are played
 * in test_drill_fair.c.) */

/* Each letter holds the answer about a quarter of the time, over any 30
 * seeds: no letter is a safe guess. */
Test(drill, no_letter_holds_the_answer_more_often)
{
	static const unsigned long long firsts[] = { 1, 31, 1000, 4242, 99991 };

	for (size_t f = 0; f < sizeof firsts / sizeof *firsts; f++) {
		int letters[DRILL_CHOICES] = { 0 }, asked = 0;
		int fresh[DRILL_CHOICES] = { 0 }, nfresh = 0;	/* issue 21's */

		for (unsigned long long s = firsts[f]; s < firsts[f] + 30; s++)
			for (int n = 0; n < 2 * drill_kind_count(); n++) {
				struct drill_question q;

				drill_question_make(s, n, &q);
				if (q.choice) {
					letters[q.right]++;
					asked++;
				}
				if (q.choice && dk_of(q.kind) >= DK_V_UNROTATED &&
				    dk_of(q.kind) != DK_OTHER) {
					fresh[q.right]++;
					nfresh++;
				}
			}
		for (int j = 0; j < DRILL_CHOICES; j++)
			cr_expect(letters[j] >= 0.18 * asked &&
				  letters[j] <= 0.32 * asked, "seeds %llu-%llu: "
				  "%c) is right in %d of %d", firsts[f],
				  firsts[f] + 29, 'a' + j, letters[j], asked);
		cr_expect_eq(nfresh, 30 * 2 * 6, "issue 21's kinds asked");
		for (int j = 0; j < DRILL_CHOICES; j++)
			cr_expect(fresh[j] >= 0.18 * nfresh &&
				  fresh[j] <= 0.32 * nfresh, "seeds %llu-%llu, "
				  "issue 21's kinds: %c) is right in %d of %d",
				  firsts[f], firsts[f] + 29, 'a' + j, fresh[j],
				  nfresh);
	}
}

/* ---- the session in the state ---- */

Test(drill, right_answer_scores_and_opens_the_view)
{
	struct drill_question q;

	start_state(1, LANG_EN);
	key('D');
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.number, 0);
	q = current();
	answer_right();
	cr_assert_eq(st.drill.phase, DRILL_REVEAL);
	cr_assert_eq(st.drill.outcome, DRILL_GOT_RIGHT);
	cr_assert_eq(st.drill.asked, 1);
	cr_assert_eq(st.drill.right, 1);
	cr_assert_eq(st.drill.nmissed, 0);
	/* the question's parameters and view are now live */
	cr_assert_eq(st.view, catalog_find(views_catalog(), q.view));
	assert_shows(&q);
	/* n asks the next question */
	key('n');
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.number, 1);
	cr_assert_eq(st.drill.input_len, 0);
}

Test(drill, wrong_given_up_and_skipped_are_missed)
{
	start_state(3, LANG_EN);
	key('D');
	answer_wrong();
	cr_assert_eq(st.drill.outcome, DRILL_GOT_WRONG);
	key(PK_ENTER);		/* Enter also goes on */
	key(PK_ENTER);		/* nothing typed: show the answer */
	cr_assert_eq(st.drill.phase, DRILL_REVEAL);
	cr_assert_eq(st.drill.outcome, DRILL_GAVE_UP);
	key('n');
	key('n');		/* skip question 2 unseen */
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.number, 3);
	answer_right();
	cr_assert_eq(st.drill.asked, 4);
	cr_assert_eq(st.drill.right, 1);
	cr_assert_eq(st.drill.nmissed, 3);
	cr_assert_eq(st.drill.missed[0], 0);
	cr_assert_eq(st.drill.missed[1], 1);
	cr_assert_eq(st.drill.missed[2], 2);
}

Test(drill, unreadable_answer_keeps_the_question)
{
	int n;

	start_state(1, LANG_EN);
	key('D');
	/* find a number question */
	while (current().choice)
		key('n');
	n = st.drill.number;
	type("1e");
	key(PK_ENTER);
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.number, n);
	cr_assert_eq(st.drill.asked, n, "not counted");
	cr_assert(st.msg_error);
	cr_assert_str_eq(st.msg, "not a number: type something like 6.28, "
				 "60000 or 6e4");
	key(PK_BACKSPACE);
	key(PK_BACKSPACE);
	cr_assert_eq(st.drill.input_len, 0);
	/* letters that cannot be in a number are not typed at all */
	type("xyz5");
	cr_assert_str_eq(st.drill.input, "5");
}

Test(drill, keys_belong_to_the_answer_while_asking)
{
	start_state(1, LANG_EN);
	key('D');
	while (current().choice)
		key('n');
	key('2');
	key('l');
	cr_assert_eq(st.view, VIEW_EXPLORE, "'2' is typed, not a view");
	cr_assert_eq(st.cur.pos, 0, "'l' does not move");
	cr_assert_str_eq(st.drill.input, "2");
	cr_assert_eq(keys_action(&st, 'q').kind, ACT_DRILL_END,
		     "q ends the drill, not pescope");
	key('q');
	cr_assert_eq(st.drill.phase, DRILL_SUMMARY);
}

Test(drill, keys_explore_the_view_while_revealed)
{
	start_state(1, LANG_EN);
	key('D');
	key(PK_ENTER);		/* show the answer */
	cr_assert_eq(st.drill.phase, DRILL_REVEAL);
	key('2');
	cr_assert_eq(st.view, VIEW_SPECTRUM, "'2' switches views");
	key(']');
	cr_assert_eq(st.cur.pe.d_model, current().pe.d_model + 2);
	key('r');
	cr_assert_eq(st.drill.phase, DRILL_REVEAL, "reset keeps the drill");
	cr_assert_eq(st.drill.asked, 1);
	key(PK_ESC);
	cr_assert_eq(st.drill.phase, DRILL_SUMMARY);
	cr_assert_eq(st.drill.number, 1, "the revealed question is done");
}

Test(drill, summary_lists_misses_and_reopens_them)
{
	struct drill_question missed;
	char *text;

	start_state(1, LANG_EN);
	key('D');
	answer_right();
	key('n');
	missed = current();
	answer_wrong();
	key('n');
	key(PK_ESC);		/* end while asking question 2 */
	cr_assert_eq(st.drill.phase, DRILL_SUMMARY);
	cr_assert_eq(st.drill.number, 2, "unanswered: asked first next time");
	text = screen(100, 30);
	cr_assert(strstr(text, "┌ Drill summary "), "%s", text);
	cr_assert(strstr(text, "│ Right: 1 of 2. Missed, with the view to "
			       "revisit:"), "%s", text);
	{
		char line[256], base[32];
		snprintf(base, sizeof base, "%g", missed.pe.base);
		if (missed.pe.base == 1e6)
			snprintf(base, sizeof base, "1e6");
		snprintf(line, sizeof line, "│    1) %s (d_model %d, base %s) → "
			 "%s view", drill_text_kind(missed.kind, LANG_EN),
			 missed.pe.d_model, base,
			 missed.view);
		cr_assert(strstr(text, line), "want \"%s\" in\n%s", line, text);
	}
	free(text);
	key('2');		/* only one missed: nothing to open */
	cr_assert_eq(st.drill.phase, DRILL_SUMMARY);
	key('1');
	cr_assert_eq(st.drill.phase, DRILL_OFF);
	cr_assert_eq(st.view, catalog_find(views_catalog(), missed.view));
	cr_assert_eq(st.cur.pe.d_model, missed.pe.d_model);
	cr_assert_eq(st.cur.len, missed.len);
	/* a new drill goes on with new questions and a new score */
	key('D');
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.number, 2);
	cr_assert_eq(st.drill.asked, 0);
	cr_assert_eq(st.drill.nmissed, 0);
}

Test(drill, many_misses_are_counted_beyond_the_list)
{
	char *text;

	start_state(9, LANG_EN);
	key('D');
	for (int i = 0; i < DRILL_MISSED_MAX + 8; i++)
		key('n');
	cr_assert_eq(st.drill.nmissed, DRILL_MISSED_MAX);
	cr_assert_eq(st.drill.nlost, 8);
	key(PK_ESC);
	text = screen(100, 30);
	cr_assert(strstr(text, "Right: 0 of 40."), "%s", text);
	cr_assert(strstr(text, "│    9) "), "%s", text);
	cr_assert_null(strstr(text, "10) "));
	cr_assert(strstr(text, "... and 31 more"), "%s", text);
	free(text);
	key(PK_ENTER);
	cr_assert_eq(st.drill.phase, DRILL_OFF);
}

/* ---- what the box shows ---- */


Test(drill, chinese_question_and_verdicts)
{
	char *text;
	struct drill_question q;

	start_state(seed_asking(dk_kind(DK_FIRST_WAVELENGTH), 0), LANG_ZH);
	key('D');
	q = current();
	text = screen(80, 24);
	cr_assert(strstr(text, "面试练习 · 第 1 题 · 得分 0/0"), "%s", text);
	cr_assert(strstr(text, "你的答案："), "%s", text);
	cr_assert(strstr(text, "第一个维度对（i = 0）的波长是多少个位置？"),
		  "%s", text);
	assert_box_intact(80, 24);
	free(text);
	cr_assert_eq(dk_of(q.kind), DK_FIRST_WAVELENGTH);
	type("6.3");
	key(PK_ENTER);
	text = screen(80, 24);
	cr_assert(strstr(text, "答对了！答案是 6.283。"), "%s", text);
	cr_assert(strstr(text, "探索视图实时显示答案"), "%s", text);
	assert_box_intact(80, 24);
	free(text);
	key('n');
	answer_wrong();
	text = screen(80, 24);
	cr_assert(strstr(text, "不太对：答案是 "), "%s", text);
	assert_box_intact(80, 24);
	free(text);
}

Test(drill, english_verdicts)
{
	char *text;

	start_state(seed_asking(dk_kind(DK_FIRST_WAVELENGTH), 0), LANG_EN);
	key('D');
	type("6.3");
	key(PK_ENTER);
	text = screen(100, 30);
	cr_assert(strstr(text, "│ Correct: the answer is 6.283."), "%s", text);
	cr_assert(strstr(text, "│ ω_0 = base^0 = 1 whatever d and base are, so "
			       "λ_0 = 2π ≈ 6.283 positions: the fastest"),
		  "%s", text);
	free(text);
	key('n');
	answer_wrong();
	text = screen(100, 30);
	cr_assert(strstr(text, "│ Not quite: the answer is "), "%s", text);
	free(text);
}

Test(drill, small_screen_keeps_the_answer_line)
{
	/* 60x20 is the smallest screen; a choice question in Chinese still
	 * shows its answer line and hints, whole characters only */
	char *text;

	start_state(1, LANG_ZH);
	key('D');
	while (!current().choice)
		key('n');
	text = screen(60, 20);
	cr_assert(strstr(text, "你的答案："), "%s", text);
	cr_assert(strstr(text, "│ a–d 选择，回车提交，空着回车看答案，n 跳过，Esc 结束"),
		  "%s", text);
	cr_assert(strstr(text, "d) "), "%s", text);
	assert_box_intact(60, 20);
	free(text);
}

Test(drill, ascii_spelling)
{
	char *text, want[64];
	struct canvas *c = canvas_new(100, 30);

	start_state(seed_asking(dk_kind(DK_FIRST_WAVELENGTH), 0), LANG_EN);
	st.ascii = true;
	key('D');
	key(PK_ENTER);
	fx_draw(&st, c);
	text = snap_opts(c, false, COLOR_NONE, PALETTE_RDBU);
	cr_assert(strstr(text, "| w_0 = base^0 = 1 whatever d and base are, so "
			       "wl_0 = 2pi ~ 6.283 positions"), "%s", text);
	cr_assert(strstr(text, "Interview drill - question 1 - score 0/1"),
		  "%s", text);
	{
		/* nothing in the box is left unspelled ('?' in ASCII) */
		const char *row = strstr(text, "| w_0");
		cr_assert_not_null(row);
		for (; *row && *row != '\n'; row++)
			cr_assert_neq(*row, '?', "%s", text);
	}
	free(text);
	/* a root keeps its parentheses: √384 reads sqrt(384) */
	start_state(seed_asking(dk_kind(DK_NORM), 0), LANG_EN);
	st.ascii = true;
	key('D');
	cr_assert_eq(dk_of(current().kind), DK_NORM);
	/* "=" when the root is whole (sqrt(16) = 4), "~" when not */
	snprintf(want, sizeof want, "||PE(p)|| = sqrt(%d) %s ",
		 current().pe.d_model / 2,
		 sqrt(current().pe.d_model / 2.0) ==
				 floor(sqrt(current().pe.d_model / 2.0))
			 ? "=" : "~");
	key(PK_ENTER);
	fx_draw(&st, c);
	text = snap_opts(c, false, COLOR_NONE, PALETTE_RDBU);
	cr_assert(strstr(text, want), "want \"%s\" in\n%s", want, text);
	free(text);
	canvas_free(c);
}

Test(drill, every_answer_spelled_in_ascii)
{
	/* what the reveal box says, for every kind, has an ASCII spelling:
	 * no '?' (an unknown glyph) between the title and the hint; the
	 * formulas keep their letters (theta, ^T) */
	struct canvas *c = canvas_new(100, 40);
	bool theta = false, transpose = false;

	cr_assert_not_null(c);
	for (int kind = 0; kind < drill_kind_count(); kind++) {
		char *text;
		const char *hint, *p;

		start_state(seed_asking(kind, 0), LANG_EN);
		st.ascii = true;
		key('D');
		key(PK_ENTER);
		fx_draw(&st, c);
		text = snap_opts(c, false, COLOR_NONE, PALETTE_RDBU);
		cr_assert_not_null(text);
		p = strstr(text, "Interview drill - question");
		hint = strstr(text, "| Live in the");
		cr_assert(p && hint, "%s", text);
		for (; p < hint; p++)
			cr_assert_neq(*p, '?', "kind %d:\n%s", kind, text);
		theta |= strstr(text, "theta_i") != NULL;
		transpose |= strstr(text, "q^TR_(n-m)k") != NULL;
		free(text);
	}
	cr_assert(theta && transpose, "RoPE's formula spelled out");
	canvas_free(c);
}

/* ---- the command line and the start ---- */

static bool parse(struct options *o, char *err, const char *a, const char *b,
		  const char *c)
{
	char *argv[] = { "pescope", (char *)a, (char *)b, (char *)c, NULL };
	int argc = 1 + (a != NULL) + (b != NULL) + (c != NULL);

	return cli_parse(argc, argv, o, err, CLI_ERR_MAX);
}

Test(drill, drill_and_seed_options)
{
	struct options o;
	char err[CLI_ERR_MAX];

	cr_assert(parse(&o, err, NULL, NULL, NULL), "%s", err);
	cr_assert_not(o.drill);
	cr_assert_eq(o.seed, -1);
	cr_assert(parse(&o, err, "--drill", "--seed", "4294967295"), "%s", err);
	cr_assert(o.drill);
	cr_assert_eq(o.seed, 4294967295LL);
	cr_assert(parse(&o, err, "--seed=0", NULL, NULL), "%s", err);
	cr_assert_eq(o.seed, 0);
	cr_assert_not(parse(&o, err, "--seed", "4294967296", NULL));
	cr_assert_str_eq(err, "--seed must be an integer from 0 to 4294967295, "
			      "got \"4294967296\" (out of range)");
	cr_assert_not(parse(&o, err, "--seed", "-1", NULL));
	cr_assert_not(parse(&o, err, "--seed", "1.5", NULL));
	cr_assert_not(parse(&o, err, "--drill", "--dump", "csv"));
	cr_assert(strstr(err, "--drill only works with"), "%s", err);
	/* a scripted drill: --keys takes both */
	cr_assert(parse(&o, err, "--drill", "--keys", "a.keys"), "%s", err);
	cr_assert(o.drill);
	cr_assert(parse(&o, err, "--seed=9", "--keys", "a.keys"), "%s", err);
	cr_assert_eq(o.seed, 9);
}

Test(drill, session_starts_the_drill)
{
	struct options o;
	char err[CLI_ERR_MAX];

	cr_assert(parse(&o, err, "--drill", "--seed", "7"), "%s", err);
	session_init(&st, &o);
	cr_assert_eq(st.drill.phase, DRILL_ASK);
	cr_assert_eq(st.drill.seed, 7);
	cr_assert(state_valid(&st));
	cr_assert(parse(&o, err, "--seed", "7", NULL), "%s", err);
	session_init(&st, &o);
	cr_assert_eq(st.drill.phase, DRILL_OFF, "D starts it later");
	cr_assert_eq(st.drill.seed, 7);
}
