/* precision.c - rounding to bf16, fp16, fp32 and fp64, collisions of
 * positions and errors of angles (see precision.h for the contract). */
#include "engine/precision.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* What a format holds: significant bits, the smallest normal exponent and
 * its power of two, and the largest finite value. */
struct format {
	const char *name;
	int digits;
	int emin;
	double min_normal;	/* 2^emin */
	double max;
};

static const struct format formats[PREC_DTYPES] = {
	[PREC_BF16] = { "bf16", 8, -126, 0x1p-126, 0x1.fep127 },
	[PREC_FP16] = { "fp16", 11, -14, 0x1p-14, 65504.0 },
	[PREC_FP32] = { "fp32", 24, -126, 0x1p-126, FLT_MAX },
	[PREC_FP64] = { "fp64", 53, -1022, 0x1p-1022, DBL_MAX },
};

static const struct format *format_of(enum prec_dtype t)
{
	return &formats[(unsigned)t < PREC_DTYPES ? t : PREC_FP64];
}

const char *prec_name(enum prec_dtype t)
{
	return (unsigned)t < PREC_DTYPES ? formats[t].name : "?";
}

int prec_digits(enum prec_dtype t)
{
	return format_of(t)->digits;
}

/* The distance between neighbours of f around |x| (x finite). */
static double ulp_at(const struct format *f, double x)
{
	int e = x == 0.0 ? f->emin : ilogb(x);

	return ldexp(1.0, (e < f->emin ? f->emin : e) - (f->digits - 1));
}

/* y rounded to an integer, ties to even, in any rounding mode: floor is
 * exact, and so is y - floor(y) for |y| < 2^53. */
static double round_even(double y)
{
	double f = floor(y), r = y - f;

	if (r > 0.5 || (r == 0.5 && fmod(f, 2.0) != 0.0))
		return f + 1.0;
	return f;
}

double prec_round(enum prec_dtype t, double x)
{
	const struct format *f = format_of(t);
	double r;

	if (t == PREC_FP64 || x == 0.0 || !isfinite(x))
		return x;
	if (t == PREC_FP32)	/* C's own conversion, the same rule, faster */
		return (double)(float)x;
	if (fabs(x) >= f->min_normal) {
		/* a normal of the format: drop the low bits of the double's
		 * significand, ties to even, on its bits (IEEE 754 binary64):
		 * a carry out of the significand raises the exponent, as
		 * rounding up to the next power of two does */
		const int drop = DBL_MANT_DIG - f->digits;
		const uint64_t low = (UINT64_C(1) << drop) - 1;
		uint64_t bits;

		memcpy(&bits, &x, sizeof bits);
		bits += (low >> 1) + ((bits >> drop) & 1);
		bits &= ~low;
		memcpy(&r, &bits, sizeof r);
	} else {
		/* below it, the format's steps are those of its smallest
		 * exponent: x / u has at most `digits` bits before the point,
		 * and the scaling by a power of two is exact */
		double u = ulp_at(f, x);

		r = round_even(x / u) * u;
	}
	return fabs(r) > f->max ? copysign(INFINITY, x) : r;
}

long long prec_first_collision(enum prec_dtype t)
{
	return (1LL << format_of(t)->digits) + 1;
}

static bool same_stored(enum prec_dtype t, long long a, long long b)
{
	return prec_round(t, (double)a) == prec_round(t, (double)b);
}

bool prec_collides(enum prec_dtype t, long long p)
{
	return (p >= 1 && same_stored(t, p, p - 1)) || same_stored(t, p, p + 1);
}

long long prec_next_collision(enum prec_dtype t, long long p)
{
	long long first = 1LL << format_of(t)->digits;

	if (p < first)
		return first;
	while (!prec_collides(t, p))	/* at most three steps (header) */
		p++;
	return p;
}

double prec_angle(enum prec_dtype t, double pos, double omega)
{
	if (t == PREC_FP64)
		return pos * omega;
	return prec_round(t, prec_round(t, pos) * prec_round(t, omega));
}

/* ---- errors of angles ---- */

/* a * b = *hi + *lo exactly (Dekker's product with Veltkamp's split; no
 * fma, which is slow where the processor lacks it). */
static void two_product(double a, double b, double *hi, double *lo)
{
	const double split = 134217729.0;	/* 2^27 + 1 */
	double ca = split * a, cb = split * b;
	double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;

	*hi = a * b;
	*lo = ((ah * bh - *hi) + ah * bl + al * bh) + al * bl;
}

/* |angle_t(pos, w) - pos * w|. The difference of the two doubles is exact
 * (they are within a factor 2 of each other, Sterbenz), so only the final
 * subtraction of lo rounds. */
static double angle_error(enum prec_dtype t, double pos, double w)
{
	double hi, lo, a = prec_angle(t, pos, w);

	two_product(pos, w, &hi, &lo);
	return fabs((a - hi) - lo);
}

struct prec_angle_err prec_angle_error_max(enum prec_dtype t,
					   const struct pe_params *p,
					   long long p0, long long n, int pair0,
					   int pair1)
{
	struct prec_angle_err best = { 0.0, p0, pair0 };

	for (int i = pair0; i < pair1 && n > 0; i++) {
		double w = pe_omega(p, i);

		for (long long k = 0; k < n; k++) {
			double e = angle_error(t, (double)(p0 + k), w);

			if (e > best.max)
				best = (struct prec_angle_err){ e, p0 + k, i };
		}
	}
	return best;
}

struct prec_angle_err prec_angle_error_join(struct prec_angle_err a,
					    struct prec_angle_err b)
{
	return b.max > a.max ? b : a;
}

double prec_angle_error_bound(enum prec_dtype t, const struct pe_params *p,
			      long long len)
{
	const struct format *f = format_of(t);
	double last = (double)(len - 1), stored = prec_round(t, last);
	double pos_err = last >= ldexp(1.0, f->digits) ? ulp_at(f, last) / 2.0
						       : 0.0;
	double bound = 0.0;

	if (!isfinite(stored))
		return INFINITY;
	for (int i = 0; i < p->d_model / 2; i++) {
		double w = pe_omega(p, i), wt = prec_round(t, w);
		double b = ulp_at(f, stored * wt) / 2.0 + pos_err * wt +
			   last * fabs(wt - w);

		bound = fmax(bound, b);
	}
	return bound;
}
