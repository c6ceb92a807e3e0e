/* view_families.h - the families view (view_families.c): what each family
 * of positional schemes does to a score against the offset, side by side;
 * the p x q map of one; a table of what each learns, how far it runs and
 * who uses it.
 *
 * Its knobs, with ALiBi's head count (the attention view's `heads`: one
 * ALiBi in pescope), are the parameters of engine/bias.h, which
 * --dump-series bias reads from a state too. */
#ifndef VIEW_FAMILIES_H
#define VIEW_FAMILIES_H

#include "engine/bias.h"
#include "model/state.h"

/* KERPLE's r1 and r2 here: learned per head in the paper, fixed at 1. */
#define FAMILIES_KERPLE_R 1.0

/* The bias parameters the knobs of s give (valid: bias_params_valid),
 * with d and base from s's settings and the head drawn at most the head
 * count; *scheme (may be NULL) the knob `scheme`. */
void families_bias_params(const struct state *s, struct bias_params *b,
			  enum bias_scheme *scheme);

#endif
