/* pe_turn.h - points on the unit circle, for the engine's rotation
 * recurrences (pe.c, pe_variants.c). Internal to the engine: pure C11 and
 * libm, no state.
 *
 * Stepping a sinusoid through evenly spaced positions is a rotation: the
 * phase at the next position is the phase now turned by a fixed angle, four
 * multiplies instead of a sin and a cos. */
#ifndef PE_TURN_H
#define PE_TURN_H

#include <math.h>

/* A point on the unit circle, (cos a, sin a): a phase or a turn by a. */
struct turn {
	double c, s;
};

/* The turn by angle a, from libm. */
static inline struct turn turn_of(double a)
{
	return (struct turn){ cos(a), sin(a) };
}

/* The turn by a + b from the turns by a and by b. */
static inline struct turn turn_mul(struct turn x, struct turn y)
{
	return (struct turn){ x.c * y.c - x.s * y.s, x.s * y.c + x.c * y.s };
}

#endif
