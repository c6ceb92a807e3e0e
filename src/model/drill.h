/* drill.h - interview drill questions: drawn from a seed, checked, explained.
 *
 * A question is a pure function of (seed, number): the same pair always
 * gives the same question, so a drill can be repeated with --seed, and the
 * session in the state only stores numbers, never a question. Each round of
 * drill_kind_count() questions is a shuffled deck of every kind, so no kind
 * comes back before all the others have been asked; the parameters of each
 * question (d_model, base, length, offsets) are drawn at random from ranges
 * where the answer teaches something.
 *
 * Answers are computed with the engine (pe.h) from the question's own
 * parameters; on reveal the session applies those parameters, the
 * question's view and its knobs to the state, so the user sees the answer
 * live.
 *
 * Each kind is one row of the table in drill_kinds.c (drill_kinds.h): its
 * title, view, maker and texts, in English, their Chinese in
 * base/tr_zh.c. drill.c draws and checks questions, drill_text.c says
 * them, drill_format.c writes their numbers; every function that writes
 * text writes UTF-8 and cuts it on a character boundary when the buffer is
 * too small. No I/O, no globals. */
#ifndef DRILL_H
#define DRILL_H

#include <stddef.h>

#include "base/lang.h"
#include "model/drill_question.h"

/* Question `number` (>= 0) of the sequence drawn from `seed` into *q.
 * Deterministic: same arguments, same question, on every machine (the
 * generator is a xorshift of our own, not rand()). The parameters always
 * satisfy pe_params_valid, 1 <= len <= PE_LEN_MAX, 0 <= pos < len, and the
 * offset k (when not 0) fits: 0 <= pos - k, pos + k < len. */
void drill_question_make(unsigned long long seed, int number,
			 struct drill_question *q);

/* How a typed answer fares. */
enum drill_verdict {
	DRILL_RIGHT,		/* within the tolerance, or the right letter */
	DRILL_WRONG,		/* a readable answer that is wrong */
	DRILL_UNREADABLE	/* not a number (number questions) or not a
				 * letter a..d (choice questions): ask again */
};

/* Checks `typed` against q. Number questions accept any spelling numparse
 * accepts (6.28, 6.1e4, -0.5) and are right when |x - answer| <= tol, or
 * <= tol * |answer| when tol_rel. Choice questions accept one letter a..d
 * (either case), right when it is letter q->right. */
enum drill_verdict drill_check(const struct drill_question *q,
			       const char *typed);

/* ---- text (drill_text.c) ---- */

/* The question itself, one paragraph without a final newline, with its
 * numbers and, for number questions, the tolerance. Returns buf. */
char *drill_text_question(const struct drill_question *q, enum lang lang,
			  char *buf, size_t n);

/* The text of the option shown as letter 0..DRILL_CHOICES-1 of a choice
 * question (without the letter); "" for number questions. Returns buf. */
char *drill_text_choice(const struct drill_question *q, enum lang lang,
			int letter, char *buf, size_t n);

/* The answer as shown after "the answer is": the number rounded so that it
 * is still within the tolerance ("60614", "6.283", "-0.0348"), or the
 * letter and its option ("a) they are equal: ..."). Returns buf. */
char *drill_text_answer(const struct drill_question *q, enum lang lang,
			char *buf, size_t n);

/* One or two sentences: why the answer is what it is, with the question's
 * numbers worked through. Returns buf. */
char *drill_text_why(const struct drill_question *q, enum lang lang,
		     char *buf, size_t n);

/* A short name of the kind for the summary ("the longest wavelength").
 * Never NULL. */
const char *drill_text_kind(int kind, enum lang lang);


#endif
