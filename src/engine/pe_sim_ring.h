/* pe_sim_ring.h - the mean cosine similarity of two encoded positions as a
 * run of samples on a grid of offsets, kept in a ring that grows at either
 * end: what the explorer's similarity curve draws.
 *
 * The contract. For parameters p and spacing m > 0 (positions between
 * samples, possibly fractional), sample g (any integer, the grid anchored
 * at offset 0) is
 *     s(g) = sum_i D_i cos(g m w_i) / (d/2),
 *     D_i = sin(m w_i / 2) / (m sin(w_i / 2)),
 * the mean of the cosine similarity cos(PE(p), PE(p + k)) = sum_i cos(k w_i)
 * / (d/2) (pe_cos_similarity; |PE|^2 = d/2) over the m offsets k one
 * position apart around g m: pe.h's block mean, with D_i = 1 when m <= 1
 * (a sample stands for at most one position and is the value there) or
 * when the turn m w_i / 2 is below 2^-26. Means and not point samples: the
 * fast pairs point-sampled every m positions alias into false slow
 * wiggles, while the mean is what those positions really average to, at
 * the same cost. Its price: a peak narrower than m is averaged down.
 * Values agree with the sum above to about 2e-5 (below).
 *
 * Cost. Samples are evenly spaced, so each pair's cos(g m w_i) follows the
 * three-term recurrence c(g+1) = 2 cos(m w_i) c(g) - c(g-1)
 * (pe_cosine_step): one multiply-subtract-add per pair and sample, no
 * cosine. Because the grid is anchored at 0, not at a window, the samples
 * already computed stay valid when the window or the position moves: the
 * ring keeps a run of samples [lo, hi] and the recurrence's state at both
 * of its ends, and extends the run only by the samples newly asked for. A
 * fresh run (new d, base or spacing, or a jump beyond the run) costs two
 * cosines per pair plus the recurrence for every sample. The recurrence's
 * rounding grows like steps^2 ulp and its phase error like steps * 1e-8
 * rad, so each end is re-seeded from cosines every PE_SIM_RING_RESEED samples:
 * the error stays under 2e-5.
 *
 * Pure C11 and libm: no I/O, no drawing. */
#ifndef PE_SIM_RING_H
#define PE_SIM_RING_H

#include "engine/pe.h"

enum { PE_SIM_RING_RESEED = 1024 };	/* samples between re-seeds of an end */

struct pe_sim_ring;

/* An empty ring that keeps up to `capacity` >= 2 samples; NULL when memory
 * runs out. Its per-pair tables are for up to PE_D_MAX. */
struct pe_sim_ring *pe_sim_ring_new(int capacity);

/* Makes r hold samples a .. b (a <= b, b - a < capacity) of the mean
 * similarity for p and spacing step, extending the run it holds when that
 * is cheaper than starting afresh (and starting afresh when p or step
 * changed). */
void pe_sim_ring_ensure(struct pe_sim_ring *r, const struct pe_params *p,
			double step, long long a, long long b);

/* Sample g, for g in the run the last pe_sim_ring_ensure asked for. */
double pe_sim_ring_at(const struct pe_sim_ring *r, long long g);

/* Frees r (NULL: nothing). */
void pe_sim_ring_free(struct pe_sim_ring *r);

#endif
