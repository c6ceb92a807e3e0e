/* view_bugs_waves.h - what the bugs view measures of an encoding beside
 * the correct one: the numbers (pe_variant_compare over full rows at
 * positions spread over the window) and the two similarity curves to the
 * selected position (pe_sim_plan / pe_sim_dot for variants made of waves,
 * pe_variant_span_plan / pe_variant_span_dot for the narrow formats).
 *
 * At d_model 65536 and positions near 1e9 the numbers and the plans of the
 * curves take ~20 ms, so they are rebuilt in slices (cache.h) and the last
 * finished ones show meanwhile. The caches, each keyed on what it depends
 * on:
 *   pairs   the waves of both encodings (pe_variant_pairs): d, base, bug
 *           (mem: d/2 pairs each, correct then with the mistake);
 *   plans   the curves' plans: those, the window and the samples (mem:
 *           for waves, both pe_sim_plan plans, then both norm2; for span
 *           means, both pe_variant_span_plan plans, then the spans);
 *   curves  the two curves under way: those and the position (~2 ms at
 *           d = 65536; mem: both dot products; acc: both norm2 at the
 *           position); a new position waits for the one under way to
 *           finish rather than restart it;
 *   shown   the last finished curves, for the key of theirs (mem: both);
 *   cmp     the numbers (pe_variant_compare in parts): the pairs, the
 *           layout, the window and the positions compared (mem: the
 *           workspace; out: value and similarity). */
#ifndef VIEW_BUGS_WAVES_H
#define VIEW_BUGS_WAVES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pe_variants.h"
#include "model/state.h"
#include "render/cache.h"

struct zoo_waves {
	struct cache pairs, plans, curves, shown, cmp;
	bool cmp_oom;			/* the numbers' memory ran out */
	struct pe_stored *stored;	/* the plans job's, for bf16 and
					   fp16 (pe_variant_span_plan) */
};

/* Brings the numbers up to date with s as far as the frame allows. */
void zoo_waves_numbers_advance(struct zoo_waves *w, const struct state *s);

/* Samples for curves across `cols` cell columns (0: none) for s, and
 * brings the curves of n samples up to date as far as the frame allows. */
int zoo_waves_samples(const struct state *s, int cols);
void zoo_waves_curves_advance(struct zoo_waves *w, const struct state *s,
			      int n);

/* Whether a job of w is under way. */
bool zoo_waves_busy(const struct zoo_waves *w);

/* The sentence of the last finished numbers, in s->lang, into text (n
 * bytes): "At 16 positions spread over the view: max |PEbug-PE| = ...", with a verdict
 * where they call for one. Returns its length. */
size_t zoo_waves_numbers_text(const struct zoo_waves *w,
			      const struct state *s, char *text, size_t n);

/* The last finished numbers' max |PEbug - PE|: NAN while there are none
 * (or when a value with the mistake is not a number). */
double zoo_waves_max_diff(const struct zoo_waves *w);

/* The last finished curves: 2 g->n values (the correct one's, then the
 * mistake's) at samples g->q0 + j g->step; NULL while there are none. */
const double *zoo_waves_curves(const struct zoo_waves *w,
			       struct pe_sim_grid *g);

void zoo_waves_free(struct zoo_waves *w);

#endif
