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
 * B(m) bounds the score of every q and k; it is not what a typical pair
 * scores. It shrinks over the first few hundred offsets, then plateaus and
 * oscillates and never reaches 0: for d = 128, base 1e4, about 6 by
 * m = 500, between about 1.8 and 11.9 after that, and B(4096) = 4.88 is
 * more than B(1000) = 4.47 (checked by tests/e2e/series.sh).
 *
 * Random q and k. For q and k with independent N(0, 1) entries the score
 * q^T R_m k does not decay on average: R_m k has the same distribution as
 * k, so E|q^T R_m k| = E|q . k| = sqrt(2/pi) E|q|, about sqrt(2 d / pi)
 * (9.0 for d = 128) at every m (Barbero et al. 2024, "Round and Round We
 * Go! What makes Rotary Positional Encodings useful?", arXiv 2410.06205,
 * section 3). rope_random_* measure it: the mean of |q_t^T R_m k_t| over
 * `draws` seeded draws t, the same draws at every offset. Draw t's pair i
 * (q_2i, q_2i+1, k_2i, k_2i+1, in that order) is four rng_gauss of the
 * generator rng_init(seed, rng_stream_of(RNG_STREAM_ROPE_QK,
 * t (d/2) + i)), so any pair of any draw is drawn alone, and
 *   q^T R_m k = sum_i (q_2i k_2i + q_2i+1 k_2i+1) cos(m theta_i)
 *                   + (q_2i+1 k_2i - q_2i k_2i+1) sin(m theta_i),
 * R_m turning pair i by m theta_i as attention.h's ATTN_ROPE does (the
 * score of query p and key p + m).
 *
 * Angles m theta_k go through pe_sincos_n: within 4e-16 of the exact sin
 * and cos, plus the rounding of m theta_k, about m 2^-53. */
#ifndef ROPE_BOUND_H
#define ROPE_BOUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/pe.h"

/* The most draws of q and k rope_random_add takes, and the number
 * --dump-series rope-random averages. */
enum { ROPE_RANDOM_DRAWS = 256 };

/* B(m) for one offset m >= 0. O(d): d/2 sin/cos and square roots. */
double rope_bound_value(const struct pe_params *p, double m);

/* score(m) above for one offset. O(d). */
/* For tests only. */
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

/* rope_bound_add at the evenly spaced offsets m0 + j dm (j = 0 .. n-1,
 * m0 >= 0), for a curve: pair i's e^(i m theta_i) at offset j + 8 is the
 * one at j turned by e^(i 8 x_i), x_i = dm theta_i modulo 2 pi, a complex
 * product where rope_bound_add takes a sin and a cos, so the cost per
 * offset and pair is the square root and a few multiply-adds. The angles
 * are reduced from exact products (as rope_random_spread's), and the n/8
 * products in a row move each term by at most about n 1e-16 (1e-13 at n =
 * 800) where rope_bound_add's rounding of m theta is up to m 2^-53 (1e-7
 * at m = 1e9): the same state as rope_bound_add at m[j] = m0 + j dm to
 * about 1e-13 of its size (tests/unit/test_rope_bound.c). */
void rope_bound_add_even(const struct pe_params *p, double m0, double dm,
			 int n, int pair0, int pair1, double *state);

/* rope_bound_add for the offsets of a plot (whole numbers, |m| < 2^31,
 * stepping by a few sizes): the same sums in the same order, each cos and
 * sin from pe_cis_fill (by rotation, within 1.7e-14 of the values at the
 * exact angle m theta_k, where rope_bound_add's are within 4e-16 of those
 * at the rounded one, up to m 2^-53 off). Cost per offset and pair: a
 * complex multiply and a square root. Chunks of any size give the same
 * bits as one (each pair's phases are turned on their own). */
void rope_bound_add_steps(const struct pe_params *p, const double *m, int n,
			  int pair0, int pair1, double *state);

/* Once every pair is added: bound[j] = B(m[j]) and score[j] = score(m[j])
 * (either may be NULL). Over one chunk 0 .. d/2 these are bit for bit
 * rope_bound_value and rope_bound_score. */
void rope_bound_finish(const struct pe_params *p, int n, const double *state,
		       double *bound, double *score);

/* The random scores in parts, like rope_bound_add: adds pairs
 * [pair0, pair1) of draws 0 .. draws-1 (1 <= draws <= ROPE_RANDOM_DRAWS) at
 * the offsets m[0..n-1] into sum[t n + j], draws n doubles zeroed by the
 * caller. Chunks may come in any order. Cost per pair: 4 draws Gaussians
 * (about 50 ns a draw), n sin/cos and 2 draws n multiply-adds. */
void rope_random_add(const struct pe_params *p, uint64_t seed, int draws,
		     const double *m, int n, int pair0, int pair1,
		     double *sum);

/* The same in two halves, for a view that scores the same draws at many
 * offsets again and again (a change of base or position does not change
 * them): rope_random_draw draws the coefficients of pairs [pair0, pair1)
 * into ab, 2 draws doubles a pair, pair i's at ab[2 draws (i - pair0)],
 * draw t's cos and sin coefficients at [2 t] and [2 t + 1] (the cost of
 * rope_random_add that does not depend on the offsets); and
 * rope_random_add_drawn adds their terms, ab pointing at pair0's, as
 * rope_random_add does, bit for bit. */
void rope_random_draw(uint64_t seed, int d_model, int draws, int pair0,
		      int pair1, double *ab);
void rope_random_add_drawn(const struct pe_params *p, const double *ab,
			   int draws, const double *m, int n, int pair0,
			   int pair1, double *sum);

/* The same sums at the evenly spaced offsets m0 + j dm (j = 0 .. n-1,
 * m0 >= 0, dm > 0) for a curve at many offsets, by a type-1 nonuniform
 * FFT (nufft.h): draw t's score there is Re sum_i (a - i b) e^(i m0
 * theta_i) e^(i j x_i) with x_i = dm theta_i modulo 2 pi, a sum over
 * nonuniform frequencies x_i at the integers j. Cost per pair: a few
 * sin/cos and exp and 2 draws NUFFT_W multiply-adds, whatever n; then
 * draws FFTs of nufft_grid(n) points; where rope_random_add_drawn takes
 * 2 draws n per pair. The angles m0 theta_i and dm theta_i are reduced
 * modulo 2 pi from their exact products (fma), so the phase of offset j
 * is right to about 1e-13 radians where a product m theta rounded to a
 * double is off by up to m 2^-53 (1e-7 at m = 1e9): the sums differ
 * from rope_random_add_drawn's at m[j] = m0 + j dm by that rounding of
 * its own and by the NUFFT's error: at most about 1e-11 of
 * sum_i |a_i| + |b_i| (nufft.h), about 1e-10 of sqrt(sum_i a_i^2 + b_i^2),
 * the size of a random draw's score (tests/unit/test_rope_bound.c
 * checks 1e-9 of it, against NumPy). In parts like rope_random_add_drawn:
 * rope_random_spread adds pairs [pair0, pair1) (ab at pair0's
 * coefficients) into grid, rope_random_grid_doubles(n, draws) doubles
 * zeroed by the caller, in any order; once every pair is in,
 * rope_random_gather writes sum[t n + j] (false when memory runs out). */
size_t rope_random_grid_doubles(int n, int draws);
void rope_random_spread(const struct pe_params *p, const double *ab,
			int draws, double m0, double dm, int n, int pair0,
			int pair1, double *grid);
bool rope_random_gather(int draws, int n, const double *grid, double *sum);

/* Once every pair is added: mean[j] = (1/draws) sum_t |sum[t n + j]|, the
 * mean |q^T R_m k| at m[j]. */
void rope_random_finish(int draws, int n, const double *sum, double *mean);

/* What the mean estimates, the same at every m: E|q^T R_m k| = E|q . k| =
 * sqrt(2/pi) E|q| = (2/sqrt(pi)) Gamma((d+1)/2) / Gamma(d/2) (q . k given
 * q is N(0, |q|^2); |q| is chi with d degrees of freedom), about
 * sqrt(2 d / pi): 9.01 for d = 128. */
double rope_random_expected(int d);

#endif
