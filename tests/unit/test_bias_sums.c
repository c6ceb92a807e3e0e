/* test_bias_sums.c - the sum schemes of engine/bias.h made at many offsets
 * at once (bias_sums_add, bias_sums_finish: what the families view draws)
 * against NumPy's exact sums at the extremes, d 65536 with offsets up to
 * 1e9 at bases 1.000001, 1e4 and 1e12, and against bias_value (which
 * tests/e2e/families.sh checks against NumPy ports of each scheme's code
 * at every offset) across the parameters, in one chunk of pairs and in
 * many. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/bias.h"

/* NumPy (float64), for d = 65536, h = d/2, i = arange(h),
 * w = [math.pow(base, -(2.0 * j) / d) for j in range(h)] (libm's pow, as
 * pe_omega: NumPy's own ** differs in the last bit of a third of them,
 * which moves these sums at k = 1e9 by 6e-8 of their size),
 * zeta = (2.0 * i + 0.4 * d) / (1.4 * d), z = math.pow(zeta_j, -k / 512)
 * (inf where its logarithm passes 709):
 *   added  np.cos(k * w).sum()
 *   rope   np.abs(np.cumsum(np.exp(1j * (abs(k) * w)))).sum() / h
 *   xpos   (z * np.cos(k * w)).sum() / h
 * (inf or nan where a term overflows). */
static const struct {
	double base;
	long long k;
	double added, rope, xpos;
} numpy[] = {
	{ 1.000001, -999999999, 19.19160483377832, 41.69825214595189, 2.0208054227106803e-24 },
	{ 1.000001, -500000001, -110.55361957795043, 83.49091135471883, 1.1870244964031108e-14 },
	{ 1.000001, -3000000, -18357.9230499305, 13533.70761511648, -0.00013383008072852094 },
	{ 1.000001, -1000, 18441.58166923334, 16384.499658646426, 0.26026119200503794 },
	{ 1.000001, -1, 17704.63974491264, 16384.49999999966, 0.5397766146139811 },
	{ 1.000001, 0, 32768.0, 16384.5, 1.0 },
	{ 1.000001, 1, 17704.63974491264, 16384.49999999966, 0.540829601268376 },
	{ 1.000001, 7, 24703.94441623646, 16384.499999983265, 0.7590731752018136 },
	{ 1.000001, 1000, 18441.58166923334, 16384.499658646426, 1.9011836058576173 },
	{ 1.000001, 600000, 28099.390829071315, 16261.980801775266, INFINITY },
	{ 1.000001, 999999999, 19.19160483377832, 41.69825214595189, NAN },
	{ 10000.0, -999999999, -148.95769225857003, 127.06536561727142, 9.677368944240424e-24 },
	{ 10000.0, -500000001, 126.77242829615619, 125.51824372250556, 1.7271270549413528e-14 },
	{ 10000.0, -3000000, -115.33957376722275, 101.18668308303363, 0.00010621626170039977 },
	{ 10000.0, -1000, 6150.011267929091, 1596.4899736716015, 0.169585773086723 },
	{ 10000.0, -1, 31914.58221844899, 15959.662952446764, 0.9730394087023178 },
	{ 10000.0, 0, 32768.0, 16384.5, 1.0 },
	{ 10000.0, 1, 31914.58221844899, 15959.662952446764, 0.9748733873280606 },
	{ 10000.0, 7, 24064.112537894172, 10180.855882289674, 0.7376125688539592 },
	{ 10000.0, 1000, 6150.011267929091, 1596.4899736716015, 0.20349116092323105 },
	{ 10000.0, 600000, -27.815984450421556, 92.96452212781078, NAN },
	{ 10000.0, 999999999, -148.95769225857003, 127.06536561727142, NAN },
	{ 1000000000000.0, -999999999, 7413.527977040206, 1064.0770885833142, 9.87122305685271e-24 },
	{ 1000000000000.0, -500000001, 8308.051602748084, 1282.385182415017, 1.735643564016204e-14 },
	{ 1000000000000.0, -3000000, 14383.981595828227, 3400.871246633304, 0.00022395850457266773 },
	{ 1000000000000.0, -1000, 23892.174495651485, 8947.396697484433, 0.4204162779165579 },
	{ 1000000000000.0, -1, 32483.3741180597, 16168.950211583386, 0.9903606503842671 },
	{ 1000000000000.0, 0, 32768.0, 16384.5, 1.0 },
	{ 1000000000000.0, 1, 32483.3741180597, 16168.950211583386, 0.9922685276035499 },
	{ 1000000000000.0, 7, 29866.621714145724, 13820.383514130403, 0.916902510195609 },
	{ 1000000000000.0, 1000, 23892.174495651485, 8947.396697484433, 1.4851251744977625 },
	{ 1000000000000.0, 600000, 16282.023221705229, 4270.9773946868245, NAN },
	{ 1000000000000.0, 999999999, 7413.527977040206, 1064.0770885833142, NAN },
};

static struct bias_params params(int d, double base)
{
	return (struct bias_params){ { d, base, PE_INTERLEAVED }, false, 32,
				     128, 8, 1, 16, 1.0, 1.0 };
}

/* Scheme s at the n offsets k, pairs added chunk at a time. */
static void sums(const struct bias_params *b, enum bias_scheme s,
		 const double *k, int n, int chunk, double *out)
{
	double *st = calloc((size_t)n * BIAS_SUM_STATE, sizeof *st);
	int h = b->pe.d_model / 2;

	cr_assert(st);
	for (int i = 0; i < h; i += chunk)
		bias_sums_add(b, s, k, n, i, h - i < chunk ? h : i + chunk, st);
	bias_sums_finish(b, s, n, st, out);
	free(st);
}

/* Within tol of want, or both no number (inf or NaN: the view draws
 * neither). */
static void near(double got, double want, double tol, const char *what,
		 double base, long long k)
{
	if (!isfinite(want)) {
		cr_expect(!isfinite(got), "%s at base %g, k %lld: %g, want %g",
			  what, base, k, got, want);
		return;
	}
	cr_expect(fabs(got - want) <= tol,
		  "%s at base %g, k %lld: %.17g, want %.17g (tolerance %g)",
		  what, base, k, got, want, tol);
}

/* The sums against NumPy's at d 65536: added to 1e-9 of its range d (the
 * pairs' 4e-16 and both sums' rounding; NumPy adds pairwise), the bound
 * and xpos to 1e-9 of their size. A trace is a few dozen dots high. */
Test(bias_sums, match_numpy_at_the_extremes)
{
	const int n = sizeof numpy / sizeof numpy[0];

	for (int i = 0; i < n; i++) {
		struct bias_params b = params(65536, numpy[i].base);
		double k = (double)numpy[i].k, a, r, x;

		sums(&b, BIAS_ADDED, &k, 1, 4096, &a);
		sums(&b, BIAS_ROPE, &k, 1, 4096, &r);
		sums(&b, BIAS_XPOS, &k, 1, 4096, &x);
		near(a, numpy[i].added, 1e-9 * 65536, "added", numpy[i].base,
		     numpy[i].k);
		near(r, numpy[i].rope, 1e-9 * numpy[i].rope, "rope",
		     numpy[i].base, numpy[i].k);
		near(x, numpy[i].xpos, 1e-9 * fabs(numpy[i].xpos), "xpos",
		     numpy[i].base, numpy[i].k);
	}
}

/* The offsets of a plot of n dots over -(L-1) .. L-1, as the families
 * view rounds them. */
static void axis(long long L, int n, double *k)
{
	for (int j = 0; j < n; j++)
		k[j] = (double)llround(-(double)(L - 1) +
				       (j + 0.5) * (2.0 * (double)L - 1) / n - 0.5);
}

/* xPos's terms' sizes, sum_i zeta_i^(-k/512) / (d/2): what its error is
 * relative to. */
static double xpos_scale(int d, double k)
{
	double s = 0.0;

	for (int i = 0; i < d / 2; i++)
		s += pow((2.0 * i + 0.4 * d) / (1.4 * d), -k / 512.0);
	return s / (d / 2);
}

/* Against bias_value, pair order and all: the bound bit for bit, added
 * within 4e-16 d/2 and both sums' rounding (d^2 2^-55 each), xpos within
 * 1e-12 of its terms' sizes, no number where bias_value has none. */
Test(bias_sums, match_bias_value_across_the_parameters)
{
	static const int ds[] = { 2, 8, 64, 1024, 65536 };
	static const double bases[] = { 1.000001, 2.0, 1e4, 1e12 };
	static const long long lens[] = { 3, 4096, 1000000000 };
	double k[41], a[41], r[41], x[41];

	for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
		for (size_t bi = 0; bi < 4; bi++)
			for (size_t li = 0; li < 3; li++) {
				int d = ds[di], n = d > 1024 ? 9 : 41;
				struct bias_params b = params(d, bases[bi]);
				double tol = 4e-16 * d / 2 +
					     2.0 * d * (double)d * 0x1p-55;

				axis(lens[li], n, k);
				sums(&b, BIAS_ADDED, k, n, 3, a);
				sums(&b, BIAS_ROPE, k, n, 5, r);
				sums(&b, BIAS_XPOS, k, n, 7, x);
				for (int j = 0; j < n; j++) {
					long long kk = (long long)k[j];
					double xs = xpos_scale(d, k[j]);

					near(a[j], bias_value(&b, BIAS_ADDED, kk),
					     tol, "added", bases[bi], kk);
					cr_expect_eq(r[j], bias_value(&b, BIAS_ROPE, kk),
						     "rope at d %d base %g k %lld", d,
						     bases[bi], kk);
					near(x[j], bias_value(&b, BIAS_XPOS, kk),
					     isfinite(xs) ? 1e-12 * xs : 0.0, "xpos",
					     bases[bi], kk);
				}
			}
}

/* Chunks of any size give the same bits as one. */
Test(bias_sums, chunks_do_not_change_the_sums)
{
	struct bias_params b = params(1024, 1e4);
	double k[33], one[33], many[33];

	axis(1000000000, 33, k);
	for (int s = 0; s < BIAS_SCHEMES; s++) {
		if (!bias_is_sum((enum bias_scheme)s))
			continue;
		sums(&b, (enum bias_scheme)s, k, 33, 512, one);
		sums(&b, (enum bias_scheme)s, k, 33, 3, many);
		for (int j = 0; j < 33; j++)
			cr_expect(one[j] == many[j] ||
					  (isnan(one[j]) && isnan(many[j])),
				  "scheme %d at k %g: %.17g in one chunk, %.17g in 3s",
				  s, k[j], one[j], many[j]);
	}
}

Test(bias_sums, which_schemes_are_sums)
{
	for (int s = 0; s < BIAS_SCHEMES; s++)
		cr_expect_eq(bias_is_sum((enum bias_scheme)s),
			     s == BIAS_ADDED || s == BIAS_ROPE || s == BIAS_XPOS);
}
