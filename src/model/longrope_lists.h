/* longrope_lists.h - the LongRoPE lists the context view shows when the
 * model shown has none of its own: Phi-3-vision-128k-instruct's, the one
 * whole copy of a Phi-3 128k config found (Phi-3-mini-128k's could not be
 * read whole; tests/fixtures/models/README.md). */
#ifndef LONGROPE_LISTS_H
#define LONGROPE_LISTS_H

#include "engine/longrope.h"

/* Phi-3-vision-128k-instruct's short_factor and long_factor (48 pairs: d
 * 96), original length 4096. */
const struct longrope_set *longrope_phi3_vision(void);

#endif
