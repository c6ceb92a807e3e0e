/* drill_format.h - inside the drill's text (not its interface, which is
 * drill.h): the numbers the texts write, shared by drill_text.c (the
 * shown answer) and drill_kinds.c (each kind's texts).
 *
 * Each writes UTF-8 into buf (n >= 1 bytes), cut when buf is too small. */
#ifndef DRILL_FORMAT_H
#define DRILL_FORMAT_H

#include <stddef.h>

/* A base as people write it: 100, 10000, 500000, 1e6. Returns buf. */
const char *drill_base_text(double b, char *buf, size_t n);

/* A worked number: 4 significant digits, whole numbers from 1000 up
 * ("6.283", "60614"). Returns buf. */
const char *drill_num_text(double x, char *buf, size_t n);

/* The longest wavelength, 2*pi*base^((d-2)/d), of d_model d (even,
 * >= 2) at base b (> 1). */
double drill_longest(int d, double b);

#endif
