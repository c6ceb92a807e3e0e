/* params.h - the core parameters as data: d_model, base, length, position,
 * dimension and layout, one row each, in the manner of a knob spec
 * (catalog.h). The command line (app/cli.c: its options, --help and their
 * messages), the ':' line and lessons (command.c: their words and
 * messages) and the help overlay read this table, so a parameter is
 * named, bounded, parsed and described in one place.
 *
 * Ranges: d_model is even, 2..PE_D_MAX; the base is above 1 and at most
 * PE_BASE_MAX; the length 1..PE_LEN_MAX; the position below the length and
 * the dimension below d_model (bounds that follow other parameters:
 * checked against the settings in use when they are known, else against
 * the widest they can be); the layout one of its words. */
#ifndef PARAMS_H
#define PARAMS_H

#include <stddef.h>

#include "base/lang.h"
#include "model/state.h"

enum param_id {
	PARAM_D, PARAM_BASE, PARAM_LEN, PARAM_POS, PARAM_DIM, PARAM_LAYOUT,
	PARAM_COUNT
};

enum param_kind {
	PARAM_INT,		/* an integer in [lo, top] */
	PARAM_EVEN,		/* an even integer in [lo, top] */
	PARAM_ABOVE,		/* a number in (lo, top] */
	PARAM_WORD		/* one of `words`, stored as its index */
};

/* The top of a range: fixed, or following another parameter. */
enum param_top {
	PARAM_TOP_FIXED,	/* hi */
	PARAM_TOP_LEN,		/* the length - 1 */
	PARAM_TOP_DIM		/* d_model - 1 */
};

struct param_spec {
	const char *word;	/* on the ':' line and in lessons: "d" */
	const char *alias[2];	/* other ':' words for it, or NULL */
	const char *what;	/* its name in the ':' line's messages */
	const char *option;	/* its long option, without "--" */
	char letter;		/* its short option, or 0 */
	const char *arg;	/* the option's argument in --help: "N" */
	const char *help;	/* its line of --help (tr.h) */
	const char *command_help;	/* its line of the help overlay's
					 * commands (tr.h): usage and range */
	bool same_line;		/* that help goes on the line of the
				 * parameter before, so that the help keeps
				 * rows for the other commands at 120x40 */
	const char *accepts;	/* completes "... must be ": its widest
				 * range in words (tr.h) */
	const char *example;	/* a value: ":d needs a value, e.g. :d 100" */
	enum param_kind kind;
	double lo, hi;		/* the range (hi: with PARAM_TOP_FIXED) */
	enum param_top top;
	const char *const *words;	/* PARAM_WORD: the words, in the
					 * order of their values, NULL-ended */
	void (*set)(struct state *s, double v);	/* the state's setter:
					 * v already parsed and in range */
};

/* The parameters, indexed by enum param_id (count: PARAM_COUNT). */
extern const struct param_spec params[PARAM_COUNT];

/* The parameter whose word or alias is `word`, or NULL. */
const struct param_spec *params_find(const char *word);

/* Parses text as a value of p into *v. Bounds that follow other parameters
 * are those of `in`, or the widest when in is NULL (the command line, whose
 * other options may come later). Returns NULL, or why text was refused: a
 * short phrase for the parentheses of a message (N_(), shown through tr()),
 * or "" for none (a word that is not one of p's). */
const char *param_parse(const struct param_spec *p, const char *text,
			const struct settings *in, double *v);

/* What p accepts, in language l, into buf (n bytes): p->accepts, or for
 * a bound that follows `in` (not NULL) the numbers themselves ("an integer
 * from 0 to 127"). Returns buf. */
const char *param_accepts(const struct param_spec *p,
			  const struct settings *in, enum lang l, char *buf,
			  size_t n);

#endif
