/* drill_question.h - one interview drill question as plain data: what
 * drill.c makes from a seed (drill.h) and each kind's maker fills
 * (drill_kinds.h). No functions. */
#ifndef DRILL_QUESTION_H
#define DRILL_QUESTION_H

#include <stdbool.h>

#include "engine/pe.h"

enum {
	DRILL_CHOICES = 4,	/* options of a choice question, a..d */
	DRILL_KNOBS = 3,	/* knobs a reveal sets */
	DRILL_KINDS_MAX = 64	/* kinds the table may hold */
};

/* A knob of the question's view and the value the reveal gives it. */
struct drill_knob {
	const char *word;	/* the knob's word (catalog.h), or NULL */
	double value;		/* clamped into its range by the state */
};

struct drill_question {
	int kind;		/* what is asked: a row of drill_kinds.h's
				 * table, 0 .. drill_kind_count() - 1 */
	int variant;		/* which way a kind asked in several ways
				 * asks it; else 0 */
	int number;		/* position in the seed's sequence, from 0 */
	struct pe_params pe;	/* d_model and base (layout interleaved) */
	long long len;		/* positions the revealed view shows */
	long long pos;		/* the position p the question names */
	long long k;		/* the offset k it names, or 0 */
	double scale;		/* context extension factor s, else 1 */
	long long train_len;	/* trained length L0 (context questions),
				 * the length in use (why 10000), else len */
	bool fp16;		/* precision question: fp16, else bf16 */
	bool choice;		/* answered with a letter, not a number */
	double answer;		/* number questions: the exact answer */
	double tol;		/* number questions: the error allowed */
	bool tol_rel;		/* tol is relative to |answer| (else absolute) */
	int order[DRILL_CHOICES];	/* choice questions: letter j shows
					 * option order[j] of the kind; option
					 * 0 is the right one */
	int right;		/* choice questions: letter of the right
				 * option, 0..DRILL_CHOICES-1 (order[right]
				 * == 0) */
	const char *view;	/* the name of the view that shows the
				 * answer (catalog.h) */
	int panel;		/* the panel of that view the reveal zooms
				 * to (focus and F), or -1: the view as the
				 * user left it */
	int pair;		/* the pair the view should select */
	struct drill_knob knob[DRILL_KNOBS];	/* knobs the reveal sets */
	int model;		/* the row of the table of models
				 * (presets.h) the reveal applies, or -1 */
	int rows[DRILL_CHOICES];	/* a choice between models: the row
					 * option i names */
};

#endif
