/* test_lesson_ask.c - a lesson step's question ("ask:", lesson.h): the
 * format, its errors with their FILE:LINE, and lesson_step_ask; then the
 * step in the explorer (lesson_run.h): it waits on the screen above the
 * question, only the lesson's keys move it, a letter answers and the
 * caption says whether the prediction held. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/lesson_files.h"
#include "fixture.h"
#include "model/keys.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "views/panel_lesson.h"
#include "views/views.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson_ask, .init = utf8_locale);

static struct lesson les;	/* static: a lesson is ~150 KB */

static int parse(const char *text, char *err, size_t n)
{
	return lesson_parse(text, strlen(text), "t.txt", views_catalog(), LANG_EN, &les,
			    err, n);
}

static void parse_fails(const char *text, const char *want)
{
	char err[LESSON_ERR_MAX];

	cr_assert_eq(parse(text, err, sizeof err), -1, "parsed: %s", text);
	cr_expect_str_eq(err, want);
}

#define HEAD "title: t\nabout: a\n"

Test(lesson_ask, a_question_with_its_options_answer_and_split_commands)
{
	char err[LESSON_ERR_MAX];
	const struct lesson_ask *q;

	cr_assert_eq(parse(HEAD
			   "== Plain\n"
			   ": d 64\n"
			   "Nothing asked.\n"
			   "== Asks\n"
			   ": d 64\n"
			   ": view spectrum\n"
			   "ask:   When d doubles, faster or slower?  \n"
			   "option a: Faster\n"
			   "option b:Slower\n"
			   "option c:   Neither  \n"
			   ": d 128\n"
			   "answer: b\n"
			   "Slower: the caption is the reveal.\n"
			   "\\ask: is caption text when escaped\n",
			   err, sizeof err), 0, "%s", err);
	cr_expect_null(lesson_step_ask(&les, 0));
	cr_expect_null(lesson_step_ask(&les, 2));
	cr_expect_null(lesson_step_ask(&les, -1));
	cr_expect_null(lesson_step_ask(NULL, 1));
	q = lesson_step_ask(&les, 1);
	cr_assert_not_null(q);
	cr_expect_str_eq(q->question, "When d doubles, faster or slower?");
	cr_expect_eq(q->line, 9);
	cr_expect_eq(q->noptions, 3);
	cr_expect_str_eq(q->option[0], "Faster");
	cr_expect_str_eq(q->option[1], "Slower");
	cr_expect_str_eq(q->option[2], "Neither");
	cr_expect_eq(q->answer, 1);
	/* Two commands above "ask:" make the question's screen. */
	cr_expect_eq(q->at, 2);
	cr_expect_eq(les.step[1].ncmds, 3);
	cr_expect_str_eq(les.step[1].caption, "Slower: the caption is the "
			 "reveal. ask: is caption text when escaped");
}

Test(lesson_ask, the_split_applies_the_commands_above_the_question)
{
	char err[LESSON_ERR_MAX];
	struct state s;
	int line;

	cr_assert_eq(parse(HEAD "== s\n: d 64\nask: q?\noption a: x\n"
			   "option b: y\nanswer: a\n: d 256\nCaption.\n",
			   err, sizeof err), 0, "%s", err);
	state_init(&s, views_catalog(), &lesson_start);
	cr_assert_eq(lesson_step_apply(&s, &les.step[0], les.step[0].ask.at,
				       &line, err, sizeof err), 0);
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_assert_eq(lesson_step_apply(&s, &les.step[0], les.step[0].ncmds,
				       &line, err, sizeof err), 0);
	cr_expect_eq(s.cur.pe.d_model, 256);
}

Test(lesson_ask, errors_name_the_file_and_line)
{
	parse_fails(HEAD "ask: q?\n",
		    "t.txt:3: expected \"title:\", \"about:\" or a step (\"== "
		    "title\") before the first step");
	parse_fails(HEAD "== s\nask:  \nx\n", "t.txt:4: the question is empty");
	parse_fails(HEAD "== s\nask: q\nask: r\nx\n",
		    "t.txt:5: a second \"ask:\" in step 1 (one question a step)");
	parse_fails(HEAD "== s\noption a: x\nx\n",
		    "t.txt:4: an option before the step's \"ask:\" line");
	parse_fails(HEAD "== s\nanswer: a\nx\n",
		    "t.txt:4: an \"answer:\" before the step's \"ask:\" line");
	parse_fails(HEAD "== s\nask: q\noption b: x\nx\n",
		    "t.txt:5: option b where option a comes next (options go a, "
		    "b, c in order)");
	parse_fails(HEAD "== s\nask: q\noption a x\nx\n",
		    "t.txt:5: expected \"option a: text\"");
	parse_fails(HEAD "== s\nask: q\noption A: x\nx\n",
		    "t.txt:5: expected \"option a: text\"");
	parse_fails(HEAD "== s\nask: q\noption a:\nx\n",
		    "t.txt:5: the option is empty");
	parse_fails(HEAD "== s\nask: q\noption a: 1\noption b: 2\noption c: 3\n"
		    "option d: 4\noption e: 5\noption f: 6\nx\n",
		    "t.txt:10: more than 5 options (a to e)");
	parse_fails(HEAD "== s\nask: q\noption a: 1\noption b: 2\nanswer: ab\nx\n",
		    "t.txt:7: expected \"answer: LETTER\", the right option's "
		    "letter");
	parse_fails(HEAD "== s\nask: q\noption a: 1\noption b: 2\nanswer: a\n"
		    "answer: b\nx\n",
		    "t.txt:8: a second \"answer:\" (line 7 has one)");
	/* The checks at the end of a step: in the middle and at the end. */
	parse_fails(HEAD "== s\nask: q\noption a: 1\nanswer: a\nx\n== t\ny\n",
		    "t.txt:4: the question of step 1 has 1 option, and needs "
		    "two or more (\"option a: ...\", \"option b: ...\")");
	parse_fails(HEAD "== s\nask: q\nx\n",
		    "t.txt:4: the question of step 1 has 0 options, and needs "
		    "two or more (\"option a: ...\", \"option b: ...\")");
	parse_fails(HEAD "== s\nx\n== t\nask: q\noption a: 1\noption b: 2\ny\n",
		    "t.txt:6: the question of step 2 has no \"answer:\" line");
	parse_fails(HEAD "== s\nask: q\noption a: 1\noption b: 2\nanswer: c\n"
		    "x\n== t\ny\n",
		    "t.txt:7: answer c is not one of the options (a to b)");
	/* The reveal is the caption: a question alone is not a step. */
	parse_fails(HEAD "== s\nask: q\noption a: 1\noption b: 2\nanswer: a\n",
		    "t.txt:3: step 1 has no caption");
}

Test(lesson_ask, lengths_and_bytes_follow_the_other_lines)
{
	char text[3 * LESSON_QUESTION_MAX], want[200];

	snprintf(text, sizeof text, HEAD "== s\nask: %0*d\nx\n",
		 LESSON_QUESTION_MAX, 0);
	snprintf(want, sizeof want, "t.txt:4: the question longer than %d "
		 "bytes", LESSON_QUESTION_MAX - 1);
	parse_fails(text, want);
	snprintf(text, sizeof text, HEAD "== s\nask: q\noption a: %0*d\nx\n",
		 LESSON_OPTION_MAX, 0);
	snprintf(want, sizeof want, "t.txt:5: the option longer than %d bytes",
		 LESSON_OPTION_MAX - 1);
	parse_fails(text, want);
	parse_fails(HEAD "== s\nask: q\noption a: \xff\nx\n",
		    "t.txt:5: invalid UTF-8 (byte 0xff at column 11)");
	parse_fails(HEAD "== s\nask: q\x1b[2J\nx\n",
		    "t.txt:4: control character U+001B at column 7");
}

/* ---- the step in the explorer ---- */

/* Step 1 plain, step 2 asks over base 1e4 and reveals base 5e5. */
static const char two_steps[] = HEAD
	"== Plain\n"
	": d 64\n"
	"Nothing asked.\n"
	"== Asks\n"
	": len 64\n"
	"ask: When the base grows, do the waves get faster or slower?\n"
	"option a: Faster\n"
	"option b: Slower\n"
	"answer: b\n"
	": base 500000\n"
	"Slower: the reveal.\n";

static struct lesson_book book;

/* s at step 2 of two_steps, 80x24, waiting for the answer. */
static void open_asking(struct state *s)
{
	static struct lesson *l;
	char err[LESSON_ERR_MAX];

	if (!l) {
		l = malloc(sizeof *l);
		cr_assert_not_null(l);
		cr_assert_eq(lesson_parse(two_steps, strlen(two_steps), "t.txt",
					  views_catalog(), LANG_EN, l, err, sizeof err), 0,
			     "%s", err);
		lesson_book_single(&book, l);
	}
	fx_init(s, &lesson_start);
	s->les.book = &book;
	state_set_screen(s, 80, 24);
	lesson_open(s, 0, 1);
	cr_assert_not_null(lesson_waiting(s));
}

static void expect_screen_has(const struct state *s, const char *want,
			      bool has)
{
	char *text = fx_text(s, 80, 24);

	cr_expect_eq(strstr(text, want) != NULL, has, "%s \"%s\":\n%s",
		     has ? "missing" : "unexpected", want, text);
	free(text);
}

Test(lesson_ask, the_step_waits_on_the_screen_above_its_question)
{
	const int keys[] = { '}', '>', '2', PK_TAB, ':', ' ', 'r', 't' };
	struct action click = action_make(ACT_SELECT, 0);
	struct state s;

	open_asking(&s);
	cr_expect_eq(s.cur.pe.d_model, 64);	/* step 1's */
	cr_expect_eq(s.cur.len, 64);		/* above the question */
	cr_expect_eq(s.cur.pe.base, 10000.0);	/* not yet below it */
	expect_screen_has(&s, "When the base grows, do the waves get faster "
			  "or slower?", true);
	expect_screen_has(&s, "a) Faster", true);
	expect_screen_has(&s, "b) Slower", true);
	expect_screen_has(&s, " a-b answer  p/n step  o lessons ", true);
	expect_screen_has(&s, "Slower: the reveal.", false);
	/* The parameter keys, the view keys, the ':' line and the mouse
	 * wait too, and say which letters answer. */

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		struct state before = s;

		fx_press(&s, keys[i]);
		cr_expect_eq(s.cur.pe.d_model, before.cur.pe.d_model);
		cr_expect_eq(s.cur.pe.base, before.cur.pe.base);
		cr_expect_eq(s.cur.pe.layout, before.cur.pe.layout);
		cr_expect_eq(s.view, before.view, "key %d", keys[i]);
		cr_expect(!s.cmd.active && !s.playing, "key %d", keys[i]);
		cr_expect_str_eq(s.msg, "predict first: press a letter from a "
				 "to b (n goes on without answering)");
	}
	click.pos_at = 9;
	click.dim_at = 3;
	reduce(&s, &click);
	cr_expect_eq(s.cur.pos, 0);
	/* A letter past the options answers nothing. */
	fx_press(&s, 'c');
	cr_expect_not_null(lesson_waiting(&s));
	cr_expect_str_eq(s.msg, "predict first: press a letter from a to b (n "
			 "goes on without answering)");
}

Test(lesson_ask, the_right_letter_runs_the_rest_and_says_it_held)
{
	struct state s;

	open_asking(&s);
	fx_press(&s, 'b');
	cr_expect_null(lesson_waiting(&s));
	cr_expect_eq(s.les.chosen, 2);
	cr_expect_eq(s.cur.pe.base, 500000.0);
	expect_screen_has(&s, "You predicted b) Slower: right.", true);
	expect_screen_has(&s, "Slower: the reveal.", true);
	/* Now the view is live: the keys work again. */
	fx_press(&s, '}');
	cr_expect_eq(s.cur.pe.d_model, 128);
	/* R goes back to the step answered, not to the question. */
	fx_press(&s, 'R');
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_eq(s.cur.pe.base, 500000.0);
	cr_expect_null(lesson_waiting(&s));
}

Test(lesson_ask, a_wrong_letter_says_what_is_true)
{
	struct state s;

	open_asking(&s);
	fx_press(&s, 'a');
	cr_expect_eq(s.cur.pe.base, 500000.0);
	expect_screen_has(&s, "You predicted a) Faster, but it is b) Slower.",
			  true);
	expect_screen_has(&s, "Slower: the reveal.", true);
}

Test(lesson_ask, the_step_keys_still_move_and_coming_back_asks_again)
{
	struct state s;

	open_asking(&s);
	fx_press(&s, 'p');
	cr_expect_eq(s.les.step, 0);
	cr_expect_null(lesson_waiting(&s));	/* step 1 asks nothing */
	fx_press(&s, 'n');
	cr_expect_not_null(lesson_waiting(&s));
	fx_press(&s, 'b');
	fx_press(&s, 'p');
	fx_press(&s, 'n');
	cr_expect_not_null(lesson_waiting(&s), "an answer is for one visit");
	cr_expect_eq(s.cur.pe.base, 10000.0);
	/* The arrows step too, the caption focused or not (on a step that
	 * waits for nothing, unfocused, they move the position). */
	fx_press(&s, PK_LEFT);
	cr_expect_eq(s.les.step, 0);
	fx_press(&s, PK_RIGHT);
	cr_expect_eq(s.les.step, 0);
	fx_press(&s, 'n');
	fx_press(&s, PK_PGUP);
	cr_expect_eq(s.les.step, 0);
	fx_press(&s, 'n');
	fx_press(&s, '?');
	cr_expect(s.help);
	fx_press(&s, PK_ESC);
	cr_expect(!s.help);
	cr_expect_eq(keys_action(&s, 'q').kind, ACT_QUIT);
	/* The chooser's digits still choose. */
	fx_press(&s, 'o');
	cr_expect(s.les.menu);
	cr_expect_eq(keys_action(&s, '1').kind, ACT_LESSON_MENU_DIGIT);
}

Test(lesson_ask, the_box_is_tall_enough_for_the_question_and_each_verdict)
{
	struct state s;
	struct rect body = { 0, 1, 80, 22 }, r;
	struct cache memo;

	memset(&memo, 0, sizeof memo);

	open_asking(&s);
	r = caption_split(&s, &memo, &body);
	/* Question and two options; a verdict and the caption: 3 rows and
	 * the border. */
	cr_expect_eq(r.h, 5);
	cache_free(&memo);
}
