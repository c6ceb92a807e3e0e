/* rope_bound.h - RoPE's long-term decay: RoFormer's upper bound on the
 * score as the distance between query and key grows (Su et al., RoFormer,
 * section 3.4.3 and Fig. 2), and the score it bounds.
 *
 * Pure C11 and libm, no I/O, no globals; pe.h's conventions (valid
 * parameters, theta_k = omega_k = base^(-2k/d), k = 0 .. d/2-1).
 *
 * With the partial sums S_j(m) = sum_{k=0}^{j-1} e^{i m theta_k}, Abel
 * summation bounds the RoPE score of any q and k at offset m by
 * max_j |h_{j+1} - h_j| * sum_{j=1}^{d/2} |S_j| (h_j = q_j conj(k_j) over
 * the complex pairs, h_{d/2} = 0), and the relative upper bound
 *   B(m) = (1/(d/2)) sum_{j=1}^{d/2} |S_j(m)|
 * falls with m: 32.5 at m = 0 (exactly (d/2 + 1)/2), 18.0 at 10, 10.2 at
 * 100, 6.5 at 250 for d = 128, base 1e4. The score itself, for the query
 * and key both the uniform vector x (every component 1/sqrt d, as in
 * --dump-series scores), is
 *   score(m) = (R_0 x) . (R_m x) = (1/(d/2)) sum_k cos(m theta_k)
 *            = Re S_{d/2}(m) / (d/2),
 * 1 at m = 0, and never above B(m) in size (|S_{d/2}| / (d/2) is one of
 * B's terms).
 *
 * Angles m theta_k go through pe_sincos_n: within 4e-16 of the exact sin
 * and cos, plus the rounding of m theta_k, about m 2^-53. */
#ifndef ROPE_BOUND_H
#define ROPE_BOUND_H

#include "engine/pe.h"

/* B(m) for one offset m >= 0. O(d): d/2 sin/cos and square roots. */
double rope_bound_value(const struct pe_params *p, double m);

/* score(m) above for one offset. O(d). */
double rope_bound_score(const struct pe_params *p, double m);

/* Both for many offsets, in parts, for a curve that a view spreads over
 * frames: state holds 3 n doubles (per offset: Re S, Im S and the sum of
 * |S_j| so far), zeroed by the caller; rope_bound_add adds the pairs
 * [pair0, pair1) for the offsets m[0..n-1]. The partial sums run in pair
 * order, so the chunks must come in order, each starting where the last
 * one ended (0 first, d/2 last). Cost per offset and pair: a sin/cos
 * (pe_sincos_n, a few ns) and a square root. */
void rope_bound_add(const struct pe_params *p, const double *m, int n,
		    int pair0, int pair1, double *state);

/* Once every pair is added: bound[j] = B(m[j]) and score[j] = score(m[j])
 * (either may be NULL). Over one chunk 0 .. d/2 these are bit for bit
 * rope_bound_value and rope_bound_score. */
void rope_bound_finish(const struct pe_params *p, int n, const double *state,
		       double *bound, double *score);

#endif
