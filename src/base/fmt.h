/* fmt.h - number formatting shared by the status line, panels and exports. */
#ifndef FMT_H
#define FMT_H

#include <stddef.h>

/* Writes x in the shortest %g form that strtod reads back as exactly x,
 * using the exponent form only for |x| >= 1e6 or < 1e-4, and that written
 * as people write it, without '+' or leading zeros (10000, 500000, 1e6,
 * 2.5e-5, 17782.8, 3.141592653589793). Returns buf. */
char *fmt_double_shortest(double x, char *buf, size_t n);

/* Writes x with `sig` significant digits in %g style, the exponent as
 * people write it (no '+', no leading zeros), for labels and facts: 6.28,
 * 628, 6.28e3, 6.06e4, 1.5e-5, 6.28319e9. Returns buf. */
char *fmt_double_compact(double x, int sig, char *buf, size_t n);

/* Writes a count compactly: 999, 1000, 12.5k, 1M, 1.2G. Returns buf. */
char *fmt_count(double x, char *buf, size_t n);

#endif
