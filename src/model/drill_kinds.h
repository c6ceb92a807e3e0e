/* drill_kinds.h - inside the drill (its interface is drill.h): the kinds
 * of question, one row each of the table in drill_kinds.c.
 *
 * A row holds the kind's name, title, the view that shows its answer, its
 * maker and its texts. A text is a fixed sentence (N_(), Chinese in
 * base/tr_zh.c) or, where it quotes the question's numbers, NULL, and the
 * row's `write` writes it. drill.c draws questions from the table and
 * drill_text.c says them; neither knows any kind by name. */
#ifndef DRILL_KINDS_H
#define DRILL_KINDS_H

#include <stddef.h>

#include "base/lang.h"
#include "engine/rng.h"
#include "model/drill_question.h"

/* The part of a question a text is for. */
enum drill_part {
	DRILL_PART_QUESTION,
	DRILL_PART_OPTION,	/* option `opt` (0 is the right one) */
	DRILL_PART_WHY
};

struct drill_spec {
	const char *name;	/* an identifier, for the tests */
	const char *title;	/* N_(): a short name, for the summary */
	const char *view;	/* the view that shows the answer (catalog.h),
				 * unless the maker sets another */
	/* Draws the question's parameters from r into q (which holds the
	 * defaults: a d_model and base drawn for every kind, len 1024, no
	 * panel) and makes it a number (drill_set_number) or a choice
	 * (drill_set_choice) question: drill_make.h. */
	void (*make)(struct drill_question *q, struct rng *r);
	const char *question;			/* N_(), or NULL */
	const char *option[DRILL_CHOICES];	/* N_(), or NULL; a number
						 * kind has none */
	const char *why;			/* N_(), or NULL */
	/* Writes the part whose text above is NULL into buf (n >= 1 bytes;
	 * cut mid-character when buf is too small: drill_text.c trims it),
	 * in language l. NULL when every text is fixed. */
	void (*write)(const struct drill_question *q, enum lang l,
		      enum drill_part part, int opt, char *buf, size_t n);
};

/* How many kinds there are (<= DRILL_KINDS_MAX). */
int drill_kind_count(void);

/* The row of kind 0 <= kind < drill_kind_count(), or NULL. */
const struct drill_spec *drill_spec_of(int kind);

/* For tests only. The kind's identifier ("offset", "decay"), "?" for no
 * kind: tests name kinds by it, not by their place in the table. */
const char *drill_kind_name(int kind);

#endif
