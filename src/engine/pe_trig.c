/* pe_trig.c - sin and cos of large angles (see pe_trig.h for the contract).
 *
 * For PE_TRIG_DIRECT <= |x| < 2^31 the angle is written x = n*2pi + r with
 * n = round(x / 2pi) < 2^29 and |r| <= pi (plus a hair), r as a sum hi + lo
 * of two doubles. 2pi = A + B + C + D, where A, B and C have 24 significant
 * bits each, so n*A, n*B and n*C are exact (29 + 24 bits). x - n*A is exact
 * too (x and n*A lie within a factor 2 of each other, Sterbenz's lemma), and
 * the rest is collected with error-free additions; n*D (~1e-14) is rounded
 * once, an error near 1e-30. Then
 *   sin x = sin(hi + lo) = sin hi + lo cos hi   (lo^2 is below 1e-32),
 *   cos x = cos hi - lo sin hi. */
#include "engine/pe_trig.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* 2pi in pieces (A, B, C: 24 bits; D: 53 bits) and 1/2pi. */
static const double two_pi_a = 0x1.921fb6p+2;
static const double two_pi_b = -0x1.777a5cp-23;
static const double two_pi_c = -0x1.ee59dap-48;
static const double two_pi_d = 0x1.98a2e03707345p-75;
static const double inv_two_pi = 0x1.45f306dc9c883p-3;

/* Past this the multiple of 2pi would not fit in 29 bits. */
static const double reduce_max = 0x1p31;

/* hi + lo += v, where hi + v is added without error (Knuth's TwoSum) and
 * its rounding error joins lo. */
static inline void dd_add(double *hi, double *lo, double v)
{
	double s = *hi + v, bv = s - *hi, e = (*hi - (s - bv)) + (v - bv);

	*hi = s;
	*lo += e;
}

void pe_sincos(double x, double *s, double *c)
{
	double n, hi, lo, sh, ch, t;

	if (!(fabs(x) >= PE_TRIG_DIRECT && fabs(x) < reduce_max)) {
		*s = sin(x);
		*c = cos(x);
		return;
	}
	n = nearbyint(x * inv_two_pi);
	hi = x - n * two_pi_a;
	lo = 0.0;
	dd_add(&hi, &lo, -n * two_pi_b);
	dd_add(&hi, &lo, -n * two_pi_c);
	lo -= n * two_pi_d;
	/* Renormalise, so that lo is below half an ulp of hi. */
	t = hi + lo;
	lo -= t - hi;
	hi = t;
	sh = sin(hi);
	ch = cos(hi);
	*s = sh + lo * ch;
	*c = ch - lo * sh;
}

/* ---- many angles at once, for sums ---- */

/* pi/2 in pieces (A, B: 22 significant bits, so that q*A and q*B are exact
 * for |q| < 2^31; C: 53 bits) and 2/pi. */
static const double pio2_a = 0x1.921fb8p+0;
static const double pio2_b = -0x1.5dde98p-23;
static const double pio2_c = 0x1.8469898cc5170p-48;
static const double two_over_pi = 0x1.45f306dc9c883p-1;

/* Taylor-like minimax coefficients of sin and cos on [-pi/4, pi/4], as
 * in fdlibm's kernels (error below an ulp there). */
static const double sin_c[6] = {
	-1.66666666666666324348e-01, 8.33333333332248946124e-03,
	-1.98412698298579493134e-04, 2.75573137070700676789e-06,
	-2.50507602534068634195e-08, 1.58969099521155010221e-10
};
static const double cos_c[6] = {
	4.16666666666666019037e-02, -1.38888888888741095749e-03,
	2.48015872894767294178e-05, -2.75573143513906633035e-07,
	2.08757232129817482790e-09, -1.13596475577881948265e-11
};

/* Angles are taken TRIG_GROUP at a time through a loop with a fixed count
 * and no calls or branches, the shape gcc -O2 turns into packed
 * arithmetic; far angles are redone by far_group afterwards, the rest of
 * the out-of-range ones with libm. */
enum { TRIG_GROUP = 4 };

/* The nearest integer to x * 2/pi below 2^51 in magnitude, rounded by
 * adding 1.5 * 2^52, whose last bit is 1: the sum, stored as a double,
 * holds the integer in its low bits (two's complement), so that its bits
 * give the quadrant without a conversion. */
static const double round_magic = 0x1.8p52;

/* sin r and cos r for |r| <= pi/4 (plus a hair): fdlibm's kernels. */
static inline void kernel(double r, double *sr, double *cr)
{
	double z = r * r, ps, pc;

	ps = sin_c[0] + z * (sin_c[1] + z * (sin_c[2] + z * (sin_c[3] +
	     z * (sin_c[4] + z * sin_c[5]))));
	pc = cos_c[0] + z * (cos_c[1] + z * (cos_c[2] + z * (cos_c[3] +
	     z * (cos_c[4] + z * cos_c[5]))));
	*sr = r + r * z * ps;
	*cr = (1.0 - 0.5 * z) + z * z * pc;
}

/* sin v and cos v from sin r and cos r, v = q pi/2 + r, q in the low bits
 * of qf (round_magic): swapped when q is odd, negated where q & 2 (sine)
 * or (q + 1) & 2. In bit operations, not branches: the quadrants come in
 * no order a branch predictor could learn. */
static inline void quadrant(double qf, double sr, double cr, double *s, double *c)
{
	uint64_t qb, sb, cb, swap, ss, cc;

	memcpy(&qb, &qf, sizeof qb);
	memcpy(&sb, &sr, sizeof sb);
	memcpy(&cb, &cr, sizeof cb);
	swap = 0 - (qb & 1);
	ss = ((sb & ~swap) | (cb & swap)) ^ ((qb & 2) << 62);
	cc = ((cb & ~swap) | (sb & swap)) ^ (((qb + 1) & 2) << 62);
	memcpy(s, &ss, sizeof ss);
	memcpy(c, &cc, sizeof cc);
}

static void sincos_group(const double *restrict x, double *restrict s,
			 double *restrict c)
{
	for (int k = 0; k < TRIG_GROUP; k++) {
		double v = x[k], qf = v * two_over_pi + round_magic;
		double q = qf - round_magic, r, sr, cr;

		/* v = q pi/2 + r, |r| <= pi/4 (plus a hair): v - q*A is
		 * exact (Sterbenz), the other two subtractions round once
		 * each, an error below 2^-53 in all. */
		r = ((v - q * pio2_a) - q * pio2_b) - q * pio2_c;
		kernel(r, &sr, &cr);
		quadrant(qf, sr, cr, &s[k], &c[k]);
	}
}

/* ---- far angles: 2^31 <= |x| < 2^51 ---- */

/* Past 2^31 the multiple q of pi/2 has more bits than q * pio2_a can hold
 * exactly, and libm's sin and cos take their multi-precision path
 * (__branred), some 30 times slower than the group above. Here q (below
 * 2^51) is split into qh, a multiple of 2^26 with at most 26 significant
 * bits, and ql = q - qh, |ql| <= 2^25; pi/2 into P1 .. P4 of at most 27
 * significant bits and P5 of 53 (their sum is pi/2 within 3e-51). Every
 * product qh Pi and ql Pi then has at most 53 bits and is exact, and they
 * are taken off v with error-free additions (dd_add) into r = hi + lo;
 * only q P5 (below 2^-63) is rounded, once, and lo's own additions, an
 * error below 1e-29 in all. q, rounded from v 2/pi, may be one off the
 * nearest integer near 2^51 (where v 2/pi is rounded to a quarter), which
 * the kernels' range (pi/4 and a hair) does not allow: the multiple q1 of
 * pi/2 nearest to that r (-1, 0 or 1) is taken off the same way. Then sin(hi + lo) = sin hi + lo cos hi and
 * cos(hi + lo) = cos hi - lo sin hi (lo^2 is below 1e-31), so the result
 * is as close to the exact values as the near group's (4e-16). */
static const double pio2_p[5] = {
	0x1.921fb54p+0, 0x1.10b461p-30, 0x1.a62633p-58, 0x1.45c06ep-86,
	0x1.cd129024e088ap-115
};

/* 1.5 * 2^78, whose ulp is 2^26: q + it - it rounds q to a multiple of
 * 2^26 (q below 2^51). */
static const double split_magic = 0x1.8p78;

/* Past this the quotient would not fit round_magic's 51 bits. */
static const double far_max = 0x1p51;

static void far_group(const double *restrict x, double *restrict s,
		      double *restrict c)
{
	for (int k = 0; k < TRIG_GROUP; k++) {
		double v = x[k], qf = v * two_over_pi + round_magic;
		double q = qf - round_magic, qh = (q + split_magic) - split_magic;
		double ql = q - qh, hi = v, lo = 0.0, q1f, q1, t, sr, cr;

		for (int i = 0; i < 4; i++) {
			dd_add(&hi, &lo, -qh * pio2_p[i]);
			dd_add(&hi, &lo, -ql * pio2_p[i]);
		}
		lo -= q * pio2_p[4];
		/* v * 2/pi was rounded to a quarter near 2^51, so q may be
		 * one off the nearest multiple: take that one (q1, -1 .. 1)
		 * off too, into the quadrant as well */
		q1f = hi * two_over_pi + round_magic;
		q1 = q1f - round_magic;
		for (int i = 0; i < 4; i++)
			dd_add(&hi, &lo, -q1 * pio2_p[i]);
		lo -= q1 * pio2_p[4];
		qf += q1;
		t = hi + lo;
		lo -= t - hi;
		hi = t;
		kernel(hi, &sr, &cr);
		quadrant(qf, sr + lo * cr, cr - lo * sr, &s[k], &c[k]);
	}
}

/* Whether x goes to far_group. */
static bool is_far(double x)
{
	return fabs(x) >= reduce_max && fabs(x) < far_max;
}

/* far_group over the nt (1 .. TRIG_GROUP) angles xt, into s[at[j]] and
 * c[at[j]]. */
static void far_flush(double *xt, const int *at, int nt, double *s, double *c)
{
	double st[TRIG_GROUP], ct[TRIG_GROUP];

	for (int j = nt; j < TRIG_GROUP; j++)
		xt[j] = xt[0];
	far_group(xt, st, ct);
	for (int j = 0; j < nt; j++) {
		s[at[j]] = st[j];
		c[at[j]] = ct[j];
	}
}

/* The far angles among x[0 .. n-1], TRIG_GROUP at a time. */
static void redo_far(const double *x, int n, double *s, double *c)
{
	double xt[TRIG_GROUP];
	int at[TRIG_GROUP], nt = 0;

	for (int k = 0; k < n; k++) {
		if (!is_far(x[k]))
			continue;
		xt[nt] = x[k];
		at[nt++] = k;
		if (nt == TRIG_GROUP) {
			far_flush(xt, at, nt, s, c);
			nt = 0;
		}
	}
	if (nt > 0)
		far_flush(xt, at, nt, s, c);
}

void pe_sincos_n(const double *x, int n, double *s, double *c)
{
	int k = 0;

	for (; k + TRIG_GROUP <= n; k += TRIG_GROUP)
		sincos_group(x + k, s + k, c + k);
	if (k < n) {
		double xt[TRIG_GROUP] = { 0 }, st[TRIG_GROUP], ct[TRIG_GROUP];

		memcpy(xt, x + k, (size_t)(n - k) * sizeof *xt);
		sincos_group(xt, st, ct);
		memcpy(s + k, st, (size_t)(n - k) * sizeof *st);
		memcpy(c + k, ct, (size_t)(n - k) * sizeof *ct);
	}
	for (k = 0; k < n; k++)
		if (!(fabs(x[k]) < far_max)) {
			s[k] = sin(x[k]);
			c[k] = cos(x[k]);
		}
	redo_far(x, n, s, c);
}
