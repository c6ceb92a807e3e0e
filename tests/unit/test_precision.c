/* test_precision.c - unit tests of src/engine/precision.c: rounding to
 * bf16, fp16 and fp32, colliding positions and angle errors.
 *
 * Roundings are checked against values NumPy prints (np.float16, and bf16
 * by the bit trick on float32: add 0x7fff plus the lowest kept bit, drop
 * 16 bits), against C's own (float) conversion for fp32, and collisions
 * and angle errors against brute force written here from the definitions. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/precision.h"

static const struct pe_params p16 = { 16, 1e4, PE_INTERLEAVED };
static const struct pe_params p512 = { 512, 1e4, PE_INTERLEAVED };

Test(precision, literal_roundings)
{
	static const struct { enum prec_dtype t; double x, want; } cases[] = {
		{ PREC_FP16, 0.1, 0.0999755859375 },
		{ PREC_FP16, 1e-7, 1.1920928955078125e-07 },	/* subnormal */
		{ PREC_FP16, 6e-8, 5.960464477539063e-08 },	/* smallest */
		{ PREC_FP16, 1e-8, 0.0 },
		{ PREC_FP16, 3.14159, 3.140625 },
		{ PREC_FP16, 2049.0, 2048.0 },			/* tie, even */
		{ PREC_FP16, 2051.0, 2052.0 },			/* tie, even */
		{ PREC_FP16, -2051.0, -2052.0 },
		{ PREC_BF16, 0.1, 0.10009765625 },
		{ PREC_BF16, 3.14159, 3.140625 },
		{ PREC_BF16, 257.0, 256.0 },
		{ PREC_BF16, 259.0, 260.0 },
		{ PREC_BF16, 1.00390625, 1.0 },			/* 1 + 2^-8 */
		{ PREC_BF16, 1.01171875, 1.015625 },		/* 1 + 3 2^-8 */
		{ PREC_BF16, 1e-40, 9.183549615799121e-41 },	/* subnormal */
		{ PREC_FP64, 0.1, 0.1 },
	};

	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		double got = prec_round(cases[k].t, cases[k].x);

		cr_expect(got == cases[k].want, "%s(%.17g) = %.17g, want %.17g",
			  prec_name(cases[k].t), cases[k].x, got, cases[k].want);
	}
}

Test(precision, fp16_overflow_at_65520)
{
	cr_expect(prec_round(PREC_FP16, 65504.0) == 65504.0);
	cr_expect(prec_round(PREC_FP16, 65519.0) == 65504.0);
	cr_expect(prec_round(PREC_FP16, 65519.99) == 65504.0);
	/* 65520 is halfway to 65536, which is not finite in fp16: the tie
	 * goes to the even side, and that is infinity (NumPy agrees) */
	cr_expect(isinf(prec_round(PREC_FP16, 65520.0)));
	cr_expect(prec_round(PREC_FP16, -1e6) == -INFINITY);
	cr_expect(isfinite(prec_round(PREC_BF16, 1e30)));
	cr_expect(isnan(prec_round(PREC_FP16, NAN)));
}

Test(precision, fp32_is_the_c_cast)
{
	srand(1);
	for (int k = 0; k < 100000; k++) {
		double x = ldexp((double)rand() / RAND_MAX - 0.5,
				 rand() % 300 - 150);

		cr_assert(prec_round(PREC_FP32, x) == (double)(float)x,
			  "%.17g", x);
	}
	cr_expect(prec_round(PREC_FP32, 16777217.0) == 16777216.0);
}

/* The first p >= 1 stored like p - 1, by scanning. */
static long long scan_first(enum prec_dtype t, long long limit)
{
	for (long long p = 1; p < limit; p++)
		if (prec_round(t, (double)p) == prec_round(t, (double)(p - 1)))
			return p;
	return -1;
}

Test(precision, first_collisions)
{
	cr_expect(prec_first_collision(PREC_BF16) == 257);
	cr_expect(scan_first(PREC_BF16, 100000) == 257);
	cr_expect(prec_round(PREC_BF16, 256.0) == 256.0);
	cr_expect(prec_round(PREC_BF16, 257.0) == 256.0);
	cr_expect(prec_first_collision(PREC_FP16) == 2049);
	cr_expect(scan_first(PREC_FP16, 100000) == 2049);
	cr_expect(prec_first_collision(PREC_FP32) == 16777217);
	cr_expect(scan_first(PREC_FP32, 16777216) == -1);
	cr_expect(prec_first_collision(PREC_FP64) == 9007199254740993LL);
	for (long long p = 0; p <= 256; p++)
		cr_expect(prec_round(PREC_BF16, (double)p) == (double)p);
}

Test(precision, collides_and_next)
{
	static const enum prec_dtype types[] = { PREC_BF16, PREC_FP16 };

	cr_expect(!prec_collides(PREC_BF16, 255));
	cr_expect(prec_collides(PREC_BF16, 256));	/* with 257 */
	cr_expect(prec_collides(PREC_BF16, 257));
	cr_expect(!prec_collides(PREC_BF16, 258));	/* 257 -> 256, 259 -> 260 */
	cr_expect(prec_collides(PREC_BF16, 259));
	cr_expect(prec_collides(PREC_FP16, 70000));	/* inf like 69999 */
	cr_expect(prec_next_collision(PREC_BF16, 0) == 256);
	cr_expect(prec_next_collision(PREC_BF16, 258) == 259);
	for (size_t t = 0; t < 2; t++) {
		enum prec_dtype ty = types[t];

		for (long long p = 0; p < 70000; p++) {
			long long q = p;
			double v = prec_round(ty, (double)p);
			bool brute = (p >= 1 &&
				      prec_round(ty, (double)(p - 1)) == v) ||
				     prec_round(ty, (double)(p + 1)) == v;

			cr_assert(prec_collides(ty, p) == brute, "%s %lld",
				  prec_name(ty), p);
			while (!prec_collides(ty, q))
				q++;
			cr_assert(prec_next_collision(ty, p) == q, "%s %lld",
				  prec_name(ty), p);
		}
	}
}

/* max |angle - pos w| over the block, with the exact angle in long
 * double (a 64-bit significand: the product of a 17-bit position and a
 * 53-bit frequency is off by ~2^-64 relative there). */
static double brute_error(const struct pe_params *pp, enum prec_dtype t,
			  long long p0, long long n)
{
	double best = 0.0;

	for (int i = 0; i < pp->d_model / 2; i++) {
		double w = pe_omega(pp, i);

		for (long long p = p0; p < p0 + n; p++) {
			long double exact = (long double)p * (long double)w;
			double a;

			if (t == PREC_FP32)
				a = (double)((float)p * (float)w);
			else	/* the definition, from the tested rounding */
				a = prec_round(t, prec_round(t, (double)p) *
						  prec_round(t, w));
			best = fmax(best, (double)fabsl((long double)a - exact));
		}
	}
	return best;
}

Test(precision, angle_errors)
{
	struct prec_angle_err e, f;

	/* fp32 at 1e5, the "~p 2^-24" drift: several milliradians at d 512 */
	e = prec_angle_error_max(PREC_FP32, &p512, 99000, 1000, 0, 256);
	cr_expect(fabs(e.max - brute_error(&p512, PREC_FP32, 99000, 1000)) <=
		  1e-12 * e.max, "%.17g", e.max);
	cr_expect(e.max > 5e-3 && e.max < 1e-2, "%g", e.max);
	cr_expect(e.pos >= 99000 && e.pos < 100000 && e.pair < 256);
	e = prec_angle_error_max(PREC_FP32, &p16, 99000, 1000, 0, 8);
	cr_expect(fabs(e.max - brute_error(&p16, PREC_FP32, 99000, 1000)) <=
		  1e-12 * e.max, "%.17g", e.max);
	/* the same in two blocks */
	f = prec_angle_error_join(
		prec_angle_error_max(PREC_FP32, &p16, 99000, 400, 0, 8),
		prec_angle_error_max(PREC_FP32, &p16, 99400, 600, 0, 8));
	cr_expect(f.max == e.max && f.pos == e.pos && f.pair == e.pair);
	/* bf16 at 300: positions already collide */
	e = prec_angle_error_max(PREC_BF16, &p16, 0, 300, 0, 8);
	cr_expect(fabs(e.max - brute_error(&p16, PREC_BF16, 0, 300)) <=
		  1e-12 * e.max);
	/* fp64 is the double product's rounding, ~p 2^-53 */
	e = prec_angle_error_max(PREC_FP64, &p16, 0, 100000, 0, 8);
	cr_expect(e.max > 0.0 && e.max < 1e5 * 0x1p-53, "%g", e.max);
	/* an empty block */
	e = prec_angle_error_max(PREC_FP32, &p16, 5, 0, 0, 8);
	cr_expect(e.max == 0.0 && e.pos == 5);
}

Test(precision, angles)
{
	srand(2);
	for (int k = 0; k < 10000; k++) {
		double p = rand() % 1000000, w = (double)rand() / RAND_MAX;

		cr_assert(prec_angle(PREC_FP32, p, w) ==
			  (double)((float)p * (float)w), "%g %g", p, w);
		cr_assert(prec_angle(PREC_BF16, p, w) ==
			  prec_round(PREC_BF16, prec_round(PREC_BF16, p) *
						prec_round(PREC_BF16, w)));
		cr_assert(prec_angle(PREC_FP64, p, w) == p * w);
	}
	cr_expect(prec_angle(PREC_BF16, 257.0, 1.0) == 256.0);
	cr_expect(isinf(prec_angle(PREC_FP16, 70000.0, 0.001)));
}

/* The bound as precision.h writes it, term by term. */
static double formula_bound(enum prec_dtype t, const struct pe_params *pp,
			    long long len)
{
	int digits = prec_digits(t), emin = t == PREC_FP16 ? -14 : -126;
	double P = (double)(len - 1), R = prec_round(t, P), best = 0.0;

	for (int i = 0; i < pp->d_model / 2; i++) {
		double w = pe_omega(pp, i), wt = prec_round(t, w), x = R * wt;
		int e = ilogb(x) < emin ? emin : ilogb(x);
		double ulp_prod = ldexp(1.0, e - (digits - 1));
		double ulp_pos = P >= ldexp(1.0, digits)
					 ? ldexp(1.0, ilogb(P) - (digits - 1)) : 0.0;

		best = fmax(best, ulp_prod / 2 + ulp_pos / 2 * wt +
				  P * fabs(wt - w));
	}
	return best;
}

Test(precision, angle_bound_holds)
{
	static const enum prec_dtype types[] = { PREC_BF16, PREC_FP16,
						 PREC_FP32 };
	static const long long lens[] = { 100, 3000, 60000 };

	for (size_t t = 0; t < 3; t++)
		for (size_t k = 0; k < 3; k++) {
			double b = prec_angle_error_bound(types[t], &p16, lens[k]);
			double m = prec_angle_error_max(types[t], &p16, 0,
							lens[k], 0, 8).max;

			cr_expect(m <= b && m >= b / 4, "%s len %lld: %g of %g",
				  prec_name(types[t]), lens[k], m, b);
			cr_expect(b == formula_bound(types[t], &p16, lens[k]) &&
				  prec_angle_error_bound(types[t], &p512, lens[k]) ==
				  formula_bound(types[t], &p512, lens[k]));
		}
	cr_expect(isinf(prec_angle_error_bound(PREC_FP16, &p16, 65521)));
	cr_expect(isfinite(prec_angle_error_bound(PREC_FP16, &p16, 65520)));
	cr_expect(isinf(prec_angle_error_max(PREC_FP16, &p16, 65520, 1, 0,
					     1).max));
}
