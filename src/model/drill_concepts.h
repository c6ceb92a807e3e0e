/* drill_concepts.h - inside the drill's text (not its interface, which is
 * drill.h): the texts of the concept kinds (drill_concepts.c) and the
 * number formats and wavelength both text files use (drill_text.c).
 *
 * Every function writes UTF-8 into buf (n >= 1 bytes), possibly cut in the
 * middle of a character when buf is too small: drill_text.c's public
 * functions trim it back to a whole character. */
#ifndef DRILL_CONCEPTS_H
#define DRILL_CONCEPTS_H

#include <stddef.h>

#include "base/lang.h"
#include "model/drill.h"

/* A base as people write it: 100, 10000, 500000, 1e6. Returns buf. */
const char *drill_base_text(double b, char *buf, size_t n);

/* A worked number: 4 significant digits, whole numbers from 1000 up
 * ("6.283", "60614"). Returns buf. */
const char *drill_num_text(double x, char *buf, size_t n);

/* The longest wavelength, 2*pi*base^((d-2)/d), of d_model d (even,
 * >= 2) at base b (> 1). */
double drill_longest(int d, double b);

/* For the kinds from DRILL_SINE_AND_COSINE on: the question, the text of
 * option opt (0 <= opt < DRILL_CHOICES; option 0 is the right one) and
 * why, in language l. Each writes "" for any other kind. */
void drill_concept_question(const struct drill_question *q, enum lang l,
			    char *buf, size_t n);
void drill_concept_option(const struct drill_question *q, enum lang l,
			  int opt, char *buf, size_t n);
void drill_concept_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n);

#endif
