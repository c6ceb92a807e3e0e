/* drill_text.c - what the drill says (see drill.h): each kind's texts,
 * from its row in drill_kinds.c, in the language asked for, with the
 * tolerance of number questions and the shown answer.
 *
 * Every sentence is written in English through tr() (base/tr.h); its
 * Chinese is in base/tr_zh.c. Formulas use a few non-ASCII symbols (π ω
 * λ θ · ≤ ≈ ‖ √ Σ −); the drill panel spells them in ASCII when the
 * terminal cannot show them. */
#include "model/drill.h"
#include "model/drill_kinds.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "model/drill_format.h"

/* Cuts a string that snprintf may have truncated in the middle of a UTF-8
 * sequence back to the last whole character. */
static char *utf8_trim(char *buf)
{
	buf[utf8_cut(buf, strlen(buf))] = '\0';
	return buf;
}

/* Part `part` of q (option `opt` of an option): the row's fixed text, or
 * what its write function writes. */
static void part_text(const struct drill_question *q, enum lang l,
		      enum drill_part part, int opt, char *buf, size_t n)
{
	const struct drill_spec *k = drill_spec_of(q->kind);
	const char *fixed = part == DRILL_PART_QUESTION ? k->question
			    : part == DRILL_PART_OPTION ? k->option[opt]
			    : k->why;

	buf[0] = '\0';
	if (fixed)
		snprintf(buf, n, "%s", tr(l, fixed));
	else if (k->write)
		k->write(q, l, part, opt, buf, n);
}

/* The tolerance, appended to number questions. */
static void tolerance_text(const struct drill_question *q, enum lang l,
			   char *buf, size_t n)
{
	if (q->tol_rel)
		snprintf(buf, n, tr(l, " (within %g%%)"),
			 q->tol * 100.0);
	else
		snprintf(buf, n, tr(l, " (within ±%g)"),
			 q->tol);
}

char *drill_text_question(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	part_text(q, l, DRILL_PART_QUESTION, 0, buf, n);
	if (!q->choice) {
		char tol[64];
		size_t used = strlen(buf);

		tolerance_text(q, l, tol, sizeof tol);
		snprintf(buf + used, n - used, "%s", tol);
	}
	return utf8_trim(buf);
}

char *drill_text_choice(const struct drill_question *q, enum lang l,
			int letter, char *buf, size_t n)
{
	buf[0] = '\0';
	if (!q->choice || letter < 0 || letter >= DRILL_CHOICES)
		return buf;
	part_text(q, l, DRILL_PART_OPTION, q->order[letter], buf, n);
	return utf8_trim(buf);
}

/* A number answer is shown rounded so that it is still within the
 * tolerance: whole when a whole unit is allowed (a count), else to three
 * decimals (an absolute tolerance) or four significant digits. */
char *drill_text_answer(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	if (q->choice) {
		char opt[512];

		drill_text_choice(q, l, q->right, opt, sizeof opt);
		snprintf(buf, n, tr(l, "%c) %s"), 'a' + q->right,
			 opt);
	} else if (!q->tol_rel && q->tol >= 1.0) {
		snprintf(buf, n, "%.0f", q->answer);
	} else if (!q->tol_rel) {
		snprintf(buf, n, "%.3f", q->answer);
	} else {
		drill_num_text(q->answer, buf, n);
	}
	return utf8_trim(buf);
}

char *drill_text_why(const struct drill_question *q, enum lang l, char *buf,
		     size_t n)
{
	part_text(q, l, DRILL_PART_WHY, 0, buf, n);
	return utf8_trim(buf);
}

const char *drill_text_kind(int kind, enum lang l)
{
	const struct drill_spec *k = drill_spec_of(kind);

	return k ? tr(l, k->title) : "?";
}
