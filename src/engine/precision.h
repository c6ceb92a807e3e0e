/* precision.h - positions and angles kept in low precision: what bf16,
 * fp16 and fp32 do to the numbers an encoding is made of.
 *
 * Pure C11 and libm, no I/O, no globals. A position id or an angle table
 * stored in a narrow float is rounded to the nearest number that format
 * holds, ties to the one with an even last bit (IEEE 754's default, which
 * every conversion below follows: bf16 and fp16 whatever the processor's
 * rounding mode, fp32 through C's conversion to float in the default mode,
 * which nothing in pescope changes). Integers are exact up to 2^digits (bf16 256, fp16 2048, fp32
 * 2^24, fp64 2^53); above that neighbours share a value, so two positions
 * get one encoding. fp16 also ends early: from 65520 on a number rounds to
 * infinity (the largest fp16 is 65504).
 *
 * Each value is rounded once, from the exact double: this is what NumPy's
 * float16 and float32 casts of a double do (bf16 has the same rule). A
 * framework that goes through float32 first rounds twice, which differs
 * only for numbers above 2^24 that fall within half a float32 step of a tie.
 *
 * Angles in a format t: the position and the frequency are rounded to t,
 * then their product is rounded to t,
 *   angle_t(p, w) = R_t(R_t(p) * R_t(w)),
 * computed in double, where the product of two t numbers is exact for bf16,
 * fp16 and fp32: for fp32 this is float(float(p) * float(w)), the angle of
 * `np.float32(pos) * np.float32(w)` and of pe_variants' float32 bug. For
 * fp64 it is the double product p * w. Errors are measured against the
 * exact product of p and the double w (= pe_omega), so even fp64 shows its
 * rounding, about p * 2^-53. */
#ifndef PRECISION_H
#define PRECISION_H

#include <stdbool.h>

#include "engine/pe.h"

enum prec_dtype {
	PREC_BF16,		/* bfloat16: 8 significant bits, fp32's range */
	PREC_FP16,		/* IEEE half: 11 bits, largest 65504 */
	PREC_FP32,		/* IEEE single: 24 bits */
	PREC_FP64,		/* IEEE double: 53 bits, the engine's own */
	PREC_DTYPES		/* number of formats, not a format */
};

/* "bf16", "fp16", "fp32" or "fp64"; "?" for any other value. */
const char *prec_name(enum prec_dtype t);

/* Significant bits of t, the implicit one included: 8, 11, 24, 53. */
int prec_digits(enum prec_dtype t);

/* The value x becomes when stored in t: rounded to nearest, ties to even,
 * with t's subnormals; beyond t's range +-infinity (fp16 from 65520 on,
 * where 65504 + half a step rounds up). NaN and infinities stay themselves.
 * PREC_FP64 returns x. */
double prec_round(enum prec_dtype t, double x);

/* The first position that collides: the smallest integer p >= 1 stored as
 * the same value as p - 1. 2^digits + 1: bf16 257 (257 rounds to 256),
 * fp16 2049, fp32 16777217, fp64 9007199254740993 (beyond every length
 * pescope takes). */
long long prec_first_collision(enum prec_dtype t);

/* Whether position p (0 <= p < 2^62) shares its stored value with p - 1 or p + 1
 * (infinity counts: from 65520 on every fp16 position is infinite). In
 * bf16, 256 and 257 collide (both 256); 258 does not (257 -> 256, 259 ->
 * 260). O(1). */
/* For tests only. */
bool prec_collides(enum prec_dtype t, long long p);

/* The smallest q >= p (0 <= p < 2^62) for which prec_collides(t, q)
 * holds, in O(1): below 2^digits that is 2^digits; from there on at most
 * one of four consecutive integers collides with neither neighbour (in the
 * first binade with a step of 2, those that are 2 mod 4; above it none),
 * so a heatmap column of positions [a, b) holds a collision exactly when
 * prec_next_collision(t, a) < b. */
long long prec_next_collision(enum prec_dtype t, long long p);

/* angle_t(pos, omega) above. */
double prec_angle(enum prec_dtype t, double pos, double omega);

/* The largest angle error over a block: max |angle_t(pos, w_i) - pos * w_i|
 * over the integer positions [p0, p0 + n) and the pairs [pair0, pair1) of
 * p (w_i = pe_omega), with where it happens. The exact product pos * w_i is
 * formed without rounding (Dekker's two-product), so the error is the
 * format's own, to ~1e-16 relative. Blocks may be measured one after the
 * other and their results kept with prec_angle_error_join, so a view can
 * spread a long sequence over frames. Cost: n * (pair1 - pair0) angles of
 * a few dozen flops each, plus a pow per pair. An empty block (n <= 0 or
 * pair0 >= pair1) gives max 0 at pos p0, pair pair0. Infinite where fp16
 * overflows. */
struct prec_angle_err {
	double max;		/* the largest error, radians */
	long long pos;		/* a position where it is reached */
	int pair;		/* and the pair */
};
struct prec_angle_err prec_angle_error_max(enum prec_dtype t,
					   const struct pe_params *p,
					   long long p0, long long n, int pair0,
					   int pair1);

/* The larger of two block results (a on a tie). */
struct prec_angle_err prec_angle_error_join(struct prec_angle_err a,
					    struct prec_angle_err b);

/* An upper bound of the angle error over every position 0 .. len-1 and
 * every pair, in O(d): with P = len - 1 and w' = R_t(w_i),
 *   |angle_t - p w_i| <= ulp_t(R_t(P) w')/2 + (P >= 2^digits ? ulp_t(P)/2 : 0) * w'
 *                        + P |w' - w_i|,
 * the rounding of the product, of the position and of the frequency, each
 * largest at the last position. The measured maximum is within a small
 * factor of it (between 1/4 and 1 in the tests); fp32 at len 1e5, d 512
 * gives 0.0069 rad (measured 0.0069), the ~p * 2^-24 drift; bf16 positions
 * are off by up to 256 there. Infinite where fp16 overflows (len > 65520).
 * len >= 1. */
double prec_angle_error_bound(enum prec_dtype t, const struct pe_params *p,
			      long long len);

#endif
