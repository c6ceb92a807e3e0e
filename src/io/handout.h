/* handout.h - what a handout prints of a lesson, for its two writers:
 * handout_pdf.h (pages) and handout_md.h (Markdown and PNGs). app/handout.h
 * fills these from a lesson file and draws each step's figure.
 *
 * A handout has one part per step: its title, its figure (the screen the
 * step sets up) and its caption; or, for a step that asks a question, the
 * question with its options in place of the caption, since the caption
 * explains the answer (in the explorer it shows once the question is
 * answered). Then the answers, apart, each with the caption that explains
 * it, so that a student can predict before looking. */
#ifndef HANDOUT_H
#define HANDOUT_H

#include "base/lang.h"
#include "io/export_svg.h"

enum { HANDOUT_OPTIONS_MAX = 8 };	/* options of a question, a .. h */

/* One step, its text as the lesson file has it (UTF-8). */
struct handout_step {
	const char *title;
	const char *caption;	/* paragraphs separated by '\n' */
	const char *question;	/* NULL when the step asks nothing */
	const char *option[HANDOUT_OPTIONS_MAX];	/* option i is letter
							 * 'a' + i */
	int noptions;
	int answer;		/* the right option's index */
};

/* The whole handout. */
struct handout_info {
	const char *title;	/* the lesson's title */
	const char *about;	/* its one line */
	int nsteps;
	enum lang lang;		/* of the words the handout adds */
	struct svg_opts figure;	/* how the figures are drawn */
};

#endif
