/* test_lesson_ask.c - a lesson step's question ("ask:", lesson.h): the
 * format, its errors with their FILE:LINE, and lesson_step_ask. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "model/lesson.h"
#include "views/views.h"

TestSuite(lesson_ask);

static struct lesson les;	/* static: a lesson is ~150 KB */

static int parse(const char *text, char *err, size_t n)
{
	return lesson_parse(text, strlen(text), "t.txt", views_catalog(), &les,
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
