/* pe_trig.h - sin and cos of the large angles that far positions give.
 *
 * Part of the engine (pure C11 and libm, no I/O, no globals). A position
 * near 1e9 times a frequency near 1 is an angle of about 1e9 radians. glibc
 * reduces angles from about 1.05e8 on with a multi-precision routine that
 * makes sin and cos three to four times slower than usual, which every fast
 * pair of a long sequence pays. pe_sincos takes the multiple of 2*pi off
 * such angles itself, with 2*pi split into pieces whose products with the
 * multiple are exact, and asks libm for the small angle that is left. */
#ifndef PE_TRIG_H
#define PE_TRIG_H

/* Below this, pe_sincos is libm's sin and cos, bit for bit. */
#define PE_TRIG_DIRECT 1e8

/* *s = sin x and *c = cos x.
 *   |x| < PE_TRIG_DIRECT, or |x| >= 2^31, or x not finite: exactly what
 *   libm's sin(x) and cos(x) return.
 *   PE_TRIG_DIRECT <= |x| < 2^31: within 3e-16 of the exact values (the
 *   reduced angle is exact to ~1e-27, then libm's own error and one
 *   rounding), about three times faster than libm there. */
void pe_sincos(double x, double *s, double *c);

/* s[k] = sin x[k] and c[k] = cos x[k] for k = 0 .. n-1, for sums that a
 * plot shows rather than numbers printed to the last digit: for
 * |x[k]| < 2^51 within 4e-16 of the exact values but not always libm's
 * bits, at a few nanoseconds each (a reduction by pi/2 in three pieces and
 * two polynomials below 2^31, an exact one in double-double above) where
 * libm takes 20 to 80, and some 300 past 2^31; other x[k] go to libm. */
void pe_sincos_n(const double *x, int n, double *s, double *c);

#endif
