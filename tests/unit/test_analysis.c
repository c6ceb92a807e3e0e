/* test_analysis.c - the numbers behind the spectrum, clocks and bands views
 * (src/pe_analysis.c), checked against cases worked out by hand and against
 * brute-force loops written here from the definitions:
 *   w_i = base^(-2i/d), wavelength 2 pi / w_i, sim(k) = mean_i cos(k w_i). */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/pe.h"
#include "engine/pe_analysis.h"

static struct pe_params params(int d, double base)
{
	return (struct pe_params){ d, base, PE_INTERLEAVED };
}

static double *alloc_doubles(long long n)
{
	double *p = malloc((size_t)n * sizeof *p);

	cr_assert_not_null(p);
	return p;
}

/* sim over pairs [a, z) from the definition, in long double. */
static double ref_sim(int d, double base, double k, int a, int z)
{
	long double sum = 0.0L;

	if (z <= a)
		return 1.0;
	for (int i = a; i < z; i++)
		sum += cosl((long double)k * powl(base, -2.0L * i / d));
	return (double)(sum / (z - a));
}

/* ---- cycle counts ---- */

Test(analysis, cycles_small_case_by_hand)
{
	/* d = 8, base = 1e4: wavelengths 2 pi 10000^(i/4) = 6.28, 62.8, 628,
	 * 6283. */
	struct pe_params p = params(8, 10000.0);

	cr_assert_eq(analysis_pairs_cycling(&p, 128.0), 2);
	cr_assert_eq(analysis_pairs_cycling(&p, 6.0), 0, "shorter than 2 pi");
	cr_assert_eq(analysis_pairs_cycling(&p, 6.3), 1);
	cr_assert_eq(analysis_pairs_cycling(&p, 62.0), 1, "62 < 62.83");
	cr_assert_eq(analysis_pairs_cycling(&p, 63.0), 2);
	cr_assert_eq(analysis_pairs_cycling(&p, 628.0), 2, "628 < 628.3");
	cr_assert_eq(analysis_pairs_cycling(&p, 629.0), 3);
	cr_assert_eq(analysis_pairs_cycling(&p, 1e6), 4);
}

Test(analysis, cycles_transformer_by_hand)
{
	/* d = 512: 2 pi 10^(i/64) <= 128 iff i <= 64 log10(128 / 2 pi)
	 * = 83.78, so pairs 0..83. */
	struct pe_params p = params(512, 10000.0);

	cr_assert_eq(analysis_pairs_cycling(&p, 128.0), 84);
}

Test(analysis, cycles_match_a_loop)
{
	static const int ds[] = { 2, 6, 64, 1000, 8192 };
	static const double bases[] = { 1.5, 10000.0, 1e12 };
	static const double lens[] = { 1, 6, 7, 100, 12345, 1e6, 1e9 };

	for (size_t a = 0; a < 5; a++)
		for (size_t b = 0; b < 3; b++)
			for (size_t c = 0; c < 7; c++) {
				struct pe_params p = params(ds[a], bases[b]);
				int n = 0;

				for (int i = 0; i < ds[a] / 2; i++)
					n += 2 * M_PI * pow(bases[b], 2.0 * i / ds[a]) <= lens[c];
				cr_assert_eq(analysis_pairs_cycling(&p, lens[c]), n,
					     "d=%d base=%g len=%g", ds[a], bases[b], lens[c]);
			}
}

/* ---- bands ---- */

Test(analysis, band_pairs)
{
	int a, z;

	analysis_band_pairs(512, 128, ANALYSIS_ALL, &a, &z);
	cr_assert(a == 0 && z == 256);
	analysis_band_pairs(512, 128, ANALYSIS_FAST, &a, &z);
	cr_assert(a == 0 && z == 128);
	analysis_band_pairs(512, 128, ANALYSIS_SLOW, &a, &z);
	cr_assert(a == 128 && z == 256);
	analysis_band_pairs(8, -3, ANALYSIS_SLOW, &a, &z);
	cr_assert(a == 0 && z == 4, "split clamped to 0");
	analysis_band_pairs(8, 99, ANALYSIS_FAST, &a, &z);
	cr_assert(a == 0 && z == 4, "split clamped to d/2");
}

Test(analysis, band_similarity_matches_sums)
{
	struct pe_params p = params(16, 100.0);
	double v[3];

	/* k = 0 is the peak of every band. */
	analysis_band_similarities(&p, 3, 0.0, v);
	cr_assert_float_eq(v[ANALYSIS_FAST], 1.0, 1e-15);
	for (double k = -40; k <= 40; k += 3.5) {
		analysis_band_similarities(&p, 3, k, v);
		cr_assert_float_eq(v[ANALYSIS_ALL], ref_sim(16, 100.0, k, 0, 8),
				   1e-12, "k=%g", k);
		cr_assert_float_eq(v[ANALYSIS_FAST], ref_sim(16, 100.0, k, 0, 3),
				   1e-12, "k=%g", k);
		cr_assert_float_eq(v[ANALYSIS_SLOW], ref_sim(16, 100.0, k, 3, 8),
				   1e-12, "k=%g", k);
	}
	/* An empty band counts as identical, as pe_cos_similarity. */
	analysis_band_similarities(&p, 0, 5.0, v);
	cr_assert_eq(v[ANALYSIS_FAST], 1.0);
	cr_assert_float_eq(v[ANALYSIS_SLOW], v[ANALYSIS_ALL], 1e-15);
}

/* The bands view's caption at the extremes: d = 65536, offsets up to a
 * billion, where the angles pass 1e8 and pe_sincos, not libm, reduces
 * them. Each band against pe_cos_similarity (libm's cosine of the same
 * angles): the same to 1e-13; below 1e8, bit for bit. */
Test(analysis, band_similarity_at_the_extremes)
{
	static const double bases[] = { 1.000001, 10000.0, 1e12 };
	static const double offsets[] = { 1.0, 12345.0, 999999999.0 };

	for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++)
		for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
			struct pe_params p = params(65536, bases[b]);
			double k = offsets[o], v[3];
			double all = pe_cos_similarity(&p, k, 0, 32768);
			double fast = pe_cos_similarity(&p, k, 0, 1000);
			double slow = pe_cos_similarity(&p, k, 1000, 32768);
			double tol = k < 1e8 ? 0.0 : 1e-13;

			analysis_band_similarities(&p, 1000, k, v);
			cr_assert(fabs(v[ANALYSIS_ALL] - all) <= tol &&
				  fabs(v[ANALYSIS_FAST] - fast) <= tol &&
				  fabs(v[ANALYSIS_SLOW] - slow) <= tol,
				  "base %g k %g: %.17g %.17g %.17g against %.17g %.17g %.17g",
				  bases[b], k, v[0], v[1], v[2], all, fast, slow);
		}
}

/* Curves with one offset per sample (step <= 1) are the similarity itself,
 * at fractional offsets too; over 1500 samples, past a re-seed. */
Test(analysis, band_curves_point_samples)
{
	struct pe_params p = params(64, 10000.0);
	int n = 1500, split = 10;
	double *w = alloc_doubles(analysis_curves_workspace(64));
	double *all = alloc_doubles(n), *fast = alloc_doubles(n), *slow = alloc_doubles(n);
	double worst = 0;

	analysis_band_curves(&p, split, 0.75, n, w, all, fast, slow);
	for (int j = 0; j < n; j += 7) {
		double k = j * 0.75;
		double e = fmax(fabs(all[j] - ref_sim(64, 1e4, k, 0, 32)),
				fmax(fabs(fast[j] - ref_sim(64, 1e4, k, 0, split)),
				     fabs(slow[j] - ref_sim(64, 1e4, k, split, 32))));

		worst = fmax(worst, e);
	}
	cr_assert_lt(worst, 1e-9, "worst error %g", worst);
	free(w), free(all), free(fast), free(slow);
}

/* With an odd integer step each sample is the mean over the step integer
 * offsets around it. */
Test(analysis, band_curves_are_block_means)
{
	static const int steps[] = { 3, 5, 41 };
	struct pe_params p = params(32, 500.0);
	int n = 1200, split = 5;
	double *w = alloc_doubles(analysis_curves_workspace(32));
	double *all = alloc_doubles(n), *fast = alloc_doubles(n), *slow = alloc_doubles(n);

	for (int s = 0; s < 3; s++) {
		int m = steps[s];
		double worst = 0;

		analysis_band_curves(&p, split, m, n, w, all, fast, slow);
		for (int j = 0; j < n; j += 11) {
			double ra = 0, rf = 0, rs = 0;

			for (int t = -(m - 1) / 2; t <= (m - 1) / 2; t++) {
				double k = (double)j * m + t;

				ra += ref_sim(32, 500.0, k, 0, 16);
				rf += ref_sim(32, 500.0, k, 0, split);
				rs += ref_sim(32, 500.0, k, split, 16);
			}
			worst = fmax(worst, fabs(all[j] - ra / m));
			worst = fmax(worst, fabs(fast[j] - rf / m));
			worst = fmax(worst, fabs(slow[j] - rs / m));
		}
		cr_assert_lt(worst, 1e-9, "step %d: worst error %g", m, worst);
	}
	/* Any output may be left out. */
	analysis_band_curves(&p, split, 3, n, w, NULL, fast, NULL);
	cr_assert_float_eq(fast[0], (ref_sim(32, 500.0, -1, 0, split) + 1.0 +
				     ref_sim(32, 500.0, 1, 0, split)) / 3, 1e-12);
	free(w), free(all), free(fast), free(slow);
}

/* ---- the scan of the offsets ---- */

struct brute {
	long long reach, peak_at;
	double peak;
};

/* reach and peak over 1 .. len-1 by evaluating every offset, with the
 * engine's own similarity (the scan promises exact decisions against it). */
static struct brute brute_scan(const struct pe_params *p, long long len,
			       double t)
{
	struct brute b = { -1, 0, -2.0 };

	for (long long k = 1; k < len; k++) {
		double v = pe_cos_similarity(p, (double)k, 0, p->d_model / 2);

		if (b.reach < 0 && v < t)
			b.reach = k - 1;
		if (v > b.peak) {
			b.peak = v;
			b.peak_at = k;
		}
	}
	if (b.reach < 0)
		b.reach = len > 1 ? len - 1 : 0;
	return b;
}

static void check_scan(int d, double base, long long len, double t)
{
	struct pe_params p = params(d, base);
	double *w = alloc_doubles(analysis_scan_workspace(d));
	struct brute b = brute_scan(&p, len, t);
	struct analysis_scan r;

	analysis_scan_offsets(&p, len, t, 1LL << 40, w, &r);
	cr_assert(r.complete && r.scanned == len - 1, "d=%d base=%g len=%lld: scanned %lld",
		  d, base, len, r.scanned);
	cr_assert_eq(r.reach, b.reach, "d=%d base=%g len=%lld t=%g: reach %lld, brute force %lld",
		     d, base, len, t, r.reach, b.reach);
	cr_assert(r.reach_exact);
	/* The offset reported reaches the maximum (of two offsets closer than
	 * the recurrence's rounding either may be named). */
	cr_assert_eq(r.peak, pe_cos_similarity(&p, (double)r.peak_at, 0, d / 2));
	cr_assert_float_eq(r.peak, b.peak, 1e-10,
			   "d=%d base=%g len=%lld: peak %.12f at %lld, brute force %.12f at %lld",
			   d, base, len, r.peak, r.peak_at, b.peak, b.peak_at);
	free(w);
}

Test(analysis, scan_single_pair_by_hand)
{
	/* d = 2: sim(k) = cos(k). cos 1 = 0.54 >= 0.5 > cos 2 = -0.42, so the
	 * reach is 1. Below 300 the integer nearest a multiple of 2 pi is
	 * 44 = 7 * 2 pi + 0.0177 (the next closer one is 333), so the peak is
	 * cos 44 = 0.99984. */
	struct pe_params p = params(2, 10000.0);
	double w[4];
	struct analysis_scan r;

	analysis_scan_offsets(&p, 300, 0.5, 1LL << 40, w, &r);
	cr_assert_eq(r.reach, 1);
	cr_assert_eq(r.peak_at, 44);
	cr_assert_float_eq(r.peak, cos(44.0), 1e-15);
	cr_assert(r.complete && r.reach_exact && r.scanned == 299);
	analysis_scan_offsets(&p, 400, 0.5, 1LL << 40, w, &r);
	cr_assert_eq(r.peak_at, 333, "53 * 2 pi = 333.009");
}

Test(analysis, scan_matches_brute_force)
{
	static const int ds[] = { 2, 8, 64, 256 };
	static const double bases[] = { 1.0001, 10.0, 10000.0, 1e12 };
	static const long long lens[] = { 2, 3, 130, 6000 };
	static const double ts[] = { 0.05, 0.5, 0.95 };

	for (size_t a = 0; a < 4; a++)
		for (size_t b = 0; b < 4; b++)
			for (size_t c = 0; c < 4; c++)
				for (size_t e = 0; e < 3; e++)
					check_scan(ds[a], bases[b], lens[c], ts[e]);
}

/* Long sequences, where most offsets are skipped by the bounds. */
Test(analysis, scan_long_sequences_match_brute_force)
{
	check_scan(8, 10000.0, 200000, 0.5);	/* peak far away: 169646 */
	check_scan(64, 10000.0, 100000, 0.5);
	check_scan(64, 1e12, 60000, 0.3);	/* a long main lobe */
	check_scan(512, 500000.0, 20000, 0.5);
}

Test(analysis, scan_budget_gives_a_prefix)
{
	/* Base 10: every pair is fast, nothing can be skipped, so a small
	 * budget stops the scan early; what it reports holds for 1..scanned. */
	struct pe_params p = params(64, 10.0);
	double *w = alloc_doubles(analysis_scan_workspace(64));
	struct analysis_scan r;
	struct brute b;

	analysis_scan_offsets(&p, 1000000, 0.5, 200000, w, &r);
	cr_assert(!r.complete);
	cr_assert(r.scanned >= 64 && r.scanned < 999999, "scanned %lld", r.scanned);
	b = brute_scan(&p, r.scanned + 1, 0.5);
	cr_assert_eq(r.reach, b.reach);
	cr_assert(r.reach_exact, "the reach (2) lies inside the prefix");
	cr_assert_float_eq(r.peak, b.peak, 1e-10);
	free(w);
}

Test(analysis, scan_budget_inside_the_main_lobe)
{
	/* Base 1e12 and threshold 0.05: the similarity stays above it far
	 * beyond what a small budget reaches, so the reach is only a lower
	 * bound, and says so. */
	struct pe_params p = params(512, 1e12);
	double *w = alloc_doubles(analysis_scan_workspace(512));
	struct analysis_scan r;

	analysis_scan_offsets(&p, 1000000000, 0.05, 100000, w, &r);
	cr_assert(!r.complete && !r.reach_exact);
	cr_assert_eq(r.reach, r.scanned);
	for (long long k = 1; k <= r.scanned; k++)
		cr_assert_geq(pe_cos_similarity(&p, (double)k, 0, 256), 0.05);
	free(w);
}

Test(analysis, scan_nothing_to_scan)
{
	struct pe_params p = params(8, 10000.0);
	double w[16];
	struct analysis_scan r;

	analysis_scan_offsets(&p, 1, 0.5, 1LL << 40, w, &r);
	cr_assert(r.scanned == 0 && r.reach == 0 && r.peak_at == 0 && r.peak == 0.0);
	cr_assert(r.complete && r.reach_exact);
	analysis_scan_offsets(&p, 2, 0.5, 1LL << 40, w, &r);
	cr_assert(r.scanned == 1 && r.peak_at == 1);
	cr_assert_eq(r.reach, ref_sim(8, 1e4, 1, 0, 4) >= 0.5 ? 1 : 0);
}
