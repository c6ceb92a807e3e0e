/* drill_concepts.h - inside the drill's text (not its interface, which is
 * drill.h): the texts of the concept kinds (drill_concepts.c), which
 * drill_text.c calls; the numbers both write are drill_format.h's.
 *
 * Every function writes UTF-8 into buf (n >= 1 bytes), possibly cut in the
 * middle of a character when buf is too small: drill_text.c's public
 * functions trim it back to a whole character. */
#ifndef DRILL_CONCEPTS_H
#define DRILL_CONCEPTS_H

#include <stddef.h>

#include "base/lang.h"
#include "model/drill.h"

/* For the kinds from DRILL_WHY_10000 on: the question, the text of
 * option opt (0 <= opt < DRILL_CHOICES; option 0 is the right one) and
 * why, in language l. Each writes "" for any other kind. */
void drill_concept_question(const struct drill_question *q, enum lang l,
			    char *buf, size_t n);
void drill_concept_option(const struct drill_question *q, enum lang l,
			  int opt, char *buf, size_t n);
void drill_concept_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n);

#endif
