/* test_drill.c - the interview drill: answer checking at the tolerance
 * edges, every question kind against answers worked out here from the
 * formulas (not from pe.h's functions), the seeded generator, the session
 * in the state (score, misses, summary, revisits), what the box shows in
 * English and Chinese, and the --drill and --seed options. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "render/canvas.h"
#include "app/cli.h"
#include "model/drill.h"
#include "views/screen.h"
#include "model/keys.h"
#include "app/session.h"
#include "snap.h"
#include "model/state.h"
#include "views/views.h"

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

/* ---- every kind, against the formulas ---- */

static double omega(const struct pe_params *p, int i)
{
	return pow(p->base, -2.0 * i / p->d_model);
}

/* PE(a).PE(b) summed element by element from sin and cos. */
static double dot(const struct pe_params *p, double a, double b)
{
	double s = 0;

	for (int i = 0; i < p->d_model / 2; i++) {
		double w = omega(p, i);
		s += sin(a * w) * sin(b * w) + cos(a * w) * cos(b * w);
	}
	return s;
}

static void assert_close(double got, double want, double rel, const char *what)
{
	cr_assert(fabs(got - want) <= rel * fabs(want) + 1e-12,
		  "%s: got %.17g, want %.17g", what, got, want);
}

/* The English text of the right option holds `phrase`. */
static void assert_right_option(const struct drill_question *q,
				const char *phrase)
{
	char buf[512];

	drill_text_choice(q, LANG_EN, q->right, buf, sizeof buf);
	cr_assert(strstr(buf, phrase), "kind %d: right option \"%s\"", q->kind,
		  buf);
}

static void check_number_kind(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int d = p->d_model, half = d / 2, count = 0;
	double want = 0;

	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
		want = 2 * M_PI * pow(p->base, (d - 2.0) / d);
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_EXPLORE);
		cr_assert_eq(q->pair, half - 1);
		cr_assert_geq((double)q->len, want, "one whole turn fits");
		break;
	case DRILL_FIRST_WAVELENGTH:
		want = 2 * M_PI;
		cr_assert_eq(q->pair, 0);
		break;
	case DRILL_CYCLES:
		for (int i = 0; i < half; i++)
			count += 2 * M_PI / omega(p, i) <= (double)q->len;
		want = count;
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_SPECTRUM);
		cr_assert_eq(q->answer, want, "exact count");
		break;
	case DRILL_NORM:
		want = sqrt(dot(p, (double)q->pos, (double)q->pos));
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_EXPLORE);
		break;
	case DRILL_NTK_BASE:
		want = p->base * pow(q->scale, d / (d - 2.0));
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_CONTEXT);
		/* the point of the formula: the slowest pair stretches s times */
		assert_close(2 * M_PI * pow(want, (d - 2.0) / d),
			     q->scale * 2 * M_PI * pow(p->base, (d - 2.0) / d),
			     1e-9, "NTK stretch");
		cr_assert_eq((double)q->len, q->scale * (double)q->train_len);
		break;
	case DRILL_SIMILARITY:
		cr_assert(d == 2 || d == 4);
		want = dot(p, (double)q->pos, (double)(q->pos + q->k));
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_EXPLORE);
		break;
	default:
		cr_assert_fail("kind %d is not a number question", q->kind);
	}
	assert_close(q->answer, want, 1e-9, "answer");
	cr_assert_gt(q->tol, 0);
}

static void check_choice_kind(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	double a = (double)q->pos, k = (double)q->k;
	int d = p->d_model;
	bool seen[DRILL_CHOICES] = { false };

	for (int i = 0; i < DRILL_CHOICES; i++) {
		cr_assert(q->order[i] >= 0 && q->order[i] < DRILL_CHOICES);
		cr_assert_not(seen[q->order[i]], "order is a permutation");
		seen[q->order[i]] = true;
	}
	cr_assert_eq(q->order[q->right], 0);
	switch (q->kind) {
	case DRILL_SYMMETRY:
		assert_close(dot(p, a, a + k), dot(p, a, a - k), 1e-9,
			     "s(k) = s(-k)");
		assert_right_option(q, "they are equal");
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_EXPLORE);
		break;
	case DRILL_BASE_100:
		cr_assert_eq(p->base, 100.0);
		cr_assert_lt(2 * M_PI * pow(100.0, (d - 2.0) / d),
			     (double)q->len, "every pair turns on screen");
		assert_right_option(q, "every pair now repeats within ~");
		break;
	case DRILL_FAST_PAIRS:
		cr_assert_gt(omega(p, 0), 100 * omega(p, d / 2 - 1));
		assert_right_option(q, "the first pairs (small i)");
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_BANDS);
		break;
	case DRILL_OFFSET_ONLY:
		assert_close(dot(p, a, a + k), dot(p, a + 17, a + 17 + k), 1e-9,
			     "the same at p and p+17");
		assert_right_option(q, "no: it is");
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_CLOCKS);
		break;
	case DRILL_ROTATION:
		/* rotating every pair of PE(p) by k*omega gives PE(p+k) */
		for (int i = 0; i < d / 2; i++) {
			double w = omega(p, i), s0 = sin(a * w), c0 = cos(a * w);
			double t = k * w;
			assert_close(cos(t) * s0 + sin(t) * c0, sin((a + k) * w),
				     1e-9, "rotated sin");
			assert_close(-sin(t) * s0 + cos(t) * c0, cos((a + k) * w),
				     1e-9, "rotated cos");
		}
		assert_right_option(q, "each (sin, cos) pair turns by");
		cr_assert_eq(catalog_find(views_catalog(), q->view), VIEW_CLOCKS);
		break;
	default:
		cr_assert_fail("kind %d is not a choice question", q->kind);
	}
}

Test(drill, every_kind_has_valid_parameters_and_the_right_answer)
{
	int seen[DRILL_KINDS] = { 0 };

	for (unsigned long long seed = 0; seed < 40; seed++) {
		for (int n = 0; n < 3 * DRILL_KINDS; n++) {
			struct drill_question q;
			char text[1024];

			drill_question_make(seed * 7919 + 1, n, &q);
			cr_assert_eq(q.number, n);
			cr_assert((unsigned)q.kind < DRILL_KINDS);
			seen[q.kind]++;
			cr_assert(pe_params_valid(&q.pe));
			cr_assert(q.len >= 1 && q.len <= PE_LEN_MAX);
			cr_assert(q.pos >= 0 && q.pos < q.len);
			cr_assert(q.k == 0 || (q.pos - q.k >= 0 &&
					       q.pos + q.k < q.len));
			cr_assert(q.pair >= 0 && q.pair < q.pe.d_model / 2);
			cr_assert(catalog_find(views_catalog(), q.view) >= 0);
			if (q.choice)
				check_choice_kind(&q);
			else
				check_number_kind(&q);
			/* the answer as shown is itself accepted */
			if (!q.choice) {
				drill_text_answer(&q, LANG_EN, text, sizeof text);
				cr_assert_eq(drill_check(&q, text), DRILL_RIGHT,
					     "kind %d: shown \"%s\" for %.17g",
					     q.kind, text, q.answer);
			}
			for (int l = 0; l < LANG_COUNT; l++) {
				drill_text_question(&q, (enum lang)l, text,
						    sizeof text);
				cr_assert_gt(strlen(text), 20);
				drill_text_why(&q, (enum lang)l, text,
					       sizeof text);
				cr_assert_gt(strlen(text), 20);
			}
		}
	}
	for (int k = 0; k < DRILL_KINDS; k++)
		cr_assert_eq(seen[k], 40 * 3, "kind %d: each round asks it once",
			     k);
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
		for (int n = 0; n < DRILL_KINDS; n++) {
			question_key(s, n, a, sizeof a);
			question_key(s + 1, n, b, sizeof b);
			differ += strcmp(a, b) != 0;
		}
		cr_assert_geq(differ, DRILL_KINDS / 2, "seeds %llu and %llu",
			      s, s + 1);
	}
}

Test(drill, seeds_change_the_numbers_not_only_the_order)
{
	/* question 0 of the same kind under different seeds: the parameters
	 * differ too, so a kind can be drilled more than once */
	for (int kind = 0; kind < DRILL_KINDS; kind++) {
		char first[1200] = "", other[1200];
		int same = 0, found = 0;

		for (unsigned long long s = 0; s < 400 && found < 6; s++) {
			struct drill_question q;
			drill_question_make(s, 0, &q);
			if ((int)q.kind != kind || kind == DRILL_FIRST_WAVELENGTH)
				continue;
			question_key(s, 0, found ? other : first, 1200);
			same += found && strcmp(first, other) == 0;
			found++;
		}
		if (kind != DRILL_FIRST_WAVELENGTH)
			cr_assert_lt(same, found - 1, "kind %d: %d of %d alike",
				     kind, same, found);
	}
}

Test(drill, no_kind_twice_in_a_row)
{
	for (unsigned long long s = 0; s < 200; s++) {
		struct drill_question q, prev;
		drill_question_make(s, 0, &prev);
		for (int n = 1; n < 6 * DRILL_KINDS; n++) {
			drill_question_make(s, n, &q);
			cr_assert_neq(q.kind, prev.kind, "seed %llu number %d",
				      s, n);
			prev = q;
		}
	}
}

/* ---- the session in the state ---- */

static struct state st;

static void start_state(unsigned long long seed, enum lang lang)
{
	struct settings start = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };

	fx_init(&st, &start);
	st.lang = lang;
	st.drill.seed = seed;
}

static unsigned key(int code)
{
	struct action a = keys_action(&st, code);
	unsigned r = reduce(&st, &a);

	cr_assert(state_valid(&st), "state invalid after key %d", code);
	return r;
}

static void type(const char *text)
{
	for (const char *p = text; *p; p++)
		key((unsigned char)*p);
}

static struct drill_question current(void)
{
	struct drill_question q;
	drill_question_make(st.drill.seed, st.drill.number, &q);
	return q;
}

/* Types the right answer to the current question (the shown form). */
static void answer_right(void)
{
	struct drill_question q = current();
	char buf[512];

	if (q.choice) {
		key('a' + q.right);
	} else {
		drill_text_answer(&q, LANG_EN, buf, sizeof buf);
		type(buf);
	}
	key(PK_ENTER);
}

/* Types a wrong answer: another letter, or ten times the number. */
static void answer_wrong(void)
{
	struct drill_question q = current();
	char buf[64];

	if (q.choice) {
		key('a' + (q.right + 1) % DRILL_CHOICES);
	} else {
		snprintf(buf, sizeof buf, "%.6g", q.answer * 10 + 5);
		type(buf);
	}
	key(PK_ENTER);
}

/* The screen as text. */
static char *screen(int w, int h)
{
	struct canvas *c = canvas_new(w, h);
	char *text;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	text = snap(c);
	canvas_free(c);
	cr_assert_not_null(text);
	return text;
}

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
	cr_assert_eq(st.cur.pe.d_model, q.pe.d_model);
	cr_assert_eq(st.cur.pe.base, q.pe.base);
	cr_assert_eq(st.cur.len, q.len);
	cr_assert_eq(st.cur.pos, q.pos);
	cr_assert_eq(pe_pair_of(&st.cur.pe, st.cur.dim), q.pair);
	cr_assert_eq(st.window.npos, q.len, "the whole length in view");
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
	cr_assert_eq(key('q') & REACT_QUIT, 0, "q ends the drill, not pescope");
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

/* A seed whose first question is the first pair's wavelength. */
enum { FIRST_PAIR_SEED = 3 };

Test(drill, first_pair_seed)
{
	struct drill_question q;

	drill_question_make(FIRST_PAIR_SEED, 0, &q);
	cr_assert_eq(q.kind, DRILL_FIRST_WAVELENGTH);
}

/* The drill's box on a w x h screen (width min(w-2, 92), centred) has an
 * unbroken border, and no text ran into its right margin: wrapping kept
 * every line, wide characters included, inside the box. */
static void assert_box_intact(int w, int h)
{
	struct canvas *c = canvas_new(w, h);
	int bw = w - 2 > 92 ? 92 : w - 2, x = (w - bw) / 2, y0 = -1, y1 = -1;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	for (int y = 0; y < h; y++) {
		uint32_t ch = canvas_cell(c, x, y)->ch;
		if (ch == 0x250c && y0 < 0)	/* ┌ */
			y0 = y;
		if (ch == 0x2514 && y0 >= 0 && y1 < 0)	/* └ */
			y1 = y;
	}
	cr_assert(y0 >= 0 && y1 > y0 + 1, "box not found");
	cr_assert_eq(canvas_cell(c, x + bw - 1, y0)->ch, 0x2510u);	/* ┐ */
	cr_assert_eq(canvas_cell(c, x + bw - 1, y1)->ch, 0x2518u);	/* ┘ */
	for (int y = y0 + 1; y < y1; y++) {
		cr_assert_eq(canvas_cell(c, x, y)->ch, 0x2502u, "row %d", y);
		cr_assert_eq(canvas_cell(c, x + bw - 1, y)->ch, 0x2502u,
			     "row %d", y);
		cr_assert_eq(canvas_cell(c, x + bw - 2, y)->ch, (uint32_t)' ',
			     "row %d: text in the margin", y);
	}
	canvas_free(c);
}

Test(drill, chinese_question_and_verdicts)
{
	char *text;
	struct drill_question q;

	start_state(FIRST_PAIR_SEED, LANG_ZH);
	key('D');
	q = current();
	text = screen(80, 24);
	cr_assert(strstr(text, "面试练习 · 第 1 题 · 得分 0/0"), "%s", text);
	cr_assert(strstr(text, "你的答案："), "%s", text);
	cr_assert(strstr(text, "第一组 sin/cos（i = 0）的波长是多少个位置？"),
		  "%s", text);
	assert_box_intact(80, 24);
	free(text);
	cr_assert_eq(q.kind, DRILL_FIRST_WAVELENGTH);
	type("6.3");
	key(PK_ENTER);
	text = screen(80, 24);
	cr_assert(strstr(text, "答对了！答案是 6.283。"), "%s", text);
	cr_assert(strstr(text, "explore 视图实时显示答案"), "%s", text);
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

	start_state(FIRST_PAIR_SEED, LANG_EN);
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

	start_state(FIRST_PAIR_SEED, LANG_EN);
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
	start_state(1, LANG_EN);
	st.ascii = true;
	key('D');
	cr_assert_eq(current().kind, DRILL_NORM);
	snprintf(want, sizeof want, "||PE(p)|| = sqrt(%d) ~ ",
		 current().pe.d_model / 2);
	key(PK_ENTER);
	fx_draw(&st, c);
	text = snap_opts(c, false, COLOR_NONE, PALETTE_RDBU);
	cr_assert(strstr(text, want), "want \"%s\" in\n%s", want, text);
	free(text);
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
