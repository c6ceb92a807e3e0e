/* test_parts.c - the engine's pieces for work spread over frames: sin and
 * cos of far angles (src/pe_trig.c) against long double, and every
 * function that does its work in parts (the rotation residual, the band
 * curves, the scan of the offsets, the comparison of a mistake, the
 * layouts' Gram matrices) against the same work done in one call, and
 * against references written here from the definitions. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_analysis.h"
#include "engine/pe_trig.h"
#include "engine/pe_variants.h"

static double *alloc_doubles(size_t n)
{
	double *p = calloc(n, sizeof *p);

	cr_assert_not_null(p);
	return p;
}

/* A reproducible stream of numbers in [0, 1). */
static double next_unit(unsigned long long *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*state >> 11) * 0x1p-53;
}

/* ---- sin and cos of far angles ---- */

Test(parts, sincos_is_libm_below_1e8)
{
	unsigned long long st = 1;

	for (int k = 0; k < 20000; k++) {
		double x = (next_unit(&st) * 2.0 - 1.0) * 1e8 *
			   pow(10.0, -8.0 * next_unit(&st)), s, c;

		pe_sincos(x, &s, &c);
		cr_assert(s == sin(x) && c == cos(x), "x = %.17g", x);
	}
}

/* |got - want| in units of the last place of want as a double. */
static double ulps(double got, long double want)
{
	double w = (double)want, ulp = nextafter(fabs(w), INFINITY) - fabs(w);

	return (double)(fabsl(got - want) / ulp);
}

Test(parts, sincos_of_far_angles_is_exact)
{
	/* Angles from 1e8 to 2^31 (positions near 1e9 times frequencies near
	 * 1), the doubles nearest multiples of 2 pi and of pi among them
	 * (where sin x is near 1e-8 and only an exact reduction keeps its
	 * digits), against long double: within 3e-16, and within two units
	 * of the last place of the value itself. */
	unsigned long long st = 7;
	double worst = 0.0, at = 0.0, worst_ulps = 0.0, at_ulps = 0.0;

	for (int k = 0; k < 200000; k++) {
		double x = 1e8 + next_unit(&st) * (0x1p31 - 1e8), s, c, err, u;

		if (k % 4 == 1)
			x = -x;
		if (k % 4 == 2)
			x = (double)(nearbyintl(x / 3.14159265358979323846L) *
				     3.14159265358979323846L);
		pe_sincos(x, &s, &c);
		err = (double)fmaxl(fabsl(s - sinl(x)), fabsl(c - cosl(x)));
		u = fmax(ulps(s, sinl(x)), ulps(c, cosl(x)));
		if (!(err <= worst)) {
			worst = err;
			at = x;
		}
		if (!(u <= worst_ulps)) {
			worst_ulps = u;
			at_ulps = x;
		}
	}
	cr_expect(worst < 3e-16, "off by %g at %.17g", worst, at);
	cr_expect(worst_ulps <= 2.0, "off by %g ulps at %.17g", worst_ulps,
		  at_ulps);
	/* Past the reduction's range, libm again. */
	{
		double s, c;

		pe_sincos(1e12, &s, &c);
		cr_expect(s == sin(1e12) && c == cos(1e12));
		pe_sincos(NAN, &s, &c);
		cr_expect(isnan(s) && isnan(c));
	}
}

Test(parts, sincos_n_within_4e_16)
{
	/* Every range the curves meet: tiny, ordinary, far, past 2^31 (the
	 * offsets of the attention view's decay axis at L0 = 1e9 times
	 * frequencies near 1; the far reduction up to 2^51), negative, the
	 * quadrant boundaries k pi/2, and a count that is not a multiple of
	 * the groups the function works in. */
	enum { N = 4099 };
	static double x[N], s[N], c[N];
	static const double scale[] = { 1e-300, 1e-8, 1.0, 40.0, 1e5, 1e8,
					2e9, 5e9, 1e12, 2e15 };
	unsigned long long st = 3;
	double worst = 0.0, at = 0.0;

	for (size_t r = 0; r < sizeof scale / sizeof scale[0]; r++) {
		for (int k = 0; k < N; k++) {
			x[k] = (next_unit(&st) * 2.0 - 1.0) * scale[r];
			if (k % 5 == 0)
				x[k] = (double)(nearbyintl(x[k] / 1.5707963267948966192L) *
						1.5707963267948966192L);
		}
		pe_sincos_n(x, N, s, c);
		for (int k = 0; k < N; k++) {
			double err = (double)fmaxl(fabsl(s[k] - sinl(x[k])),
						   fabsl(c[k] - cosl(x[k])));

			if (!(err <= worst)) {
				worst = err;
				at = x[k];
			}
		}
	}
	cr_expect(worst < 4e-16, "off by %g at %.17g", worst, at);
	/* Out of range (2^51 and beyond): libm's values. */
	x[0] = 3e15;
	x[1] = -1e300;
	x[2] = INFINITY;
	pe_sincos_n(x, 3, s, c);
	cr_expect(s[0] == sin(3e15) && c[1] == cos(-1e300) && isnan(s[2]));
}

/* ---- the rotation residual ---- */

Test(parts, rotation_residual_in_parts_is_the_same_bits)
{
	static const double pos[] = { 0.0, 17.0, 123456.0, 5e8, 999999999.0 };
	struct pe_params p = { 4096, 1e4, PE_INTERLEAVED };
	double *t = alloc_doubles((size_t)pe_rotation_table_size(4096));

	cr_assert_eq(pe_rotation_table_size(4096), 3 * 2048);
	for (int a = 0; a < 2048; a += 300)
		pe_rotation_table_fill(&p, 5.0, a, a + 300 < 2048 ? a + 300 : 2048, t);
	for (size_t k = 0; k < sizeof pos / sizeof pos[0]; k++) {
		double sum = 0.0;

		for (int a = 0; a < 2048; a += 777)
			sum = pe_rotation_residual_add(t, pos[k], 5.0, a,
						       a + 777 < 2048 ? a + 777 : 2048,
						       sum);
		cr_expect(sqrt(sum) == pe_rotation_residual(&p, pos[k], 5.0),
			  "pos %g: %.17g vs %.17g", pos[k], sqrt(sum),
			  pe_rotation_residual(&p, pos[k], 5.0));
	}
	free(t);
}

Test(parts, rotation_residual_far_out)
{
	/* At p = 1e9 the residual is the rounding of p*w and (p+k)*w, which
	 * a long double evaluation of the same rounded angles reproduces:
	 * sum over pairs of |R(k w) (sin a, cos a) - (sin b, cos b)|^2 with
	 * a = fl(p w), b = fl((p + k) w). */
	struct pe_params p = { 512, 1.000001, PE_INTERLEAVED };
	double pos = 999999999.0, k = 3.0, got = pe_rotation_residual(&p, pos, k);
	long double sum = 0.0L;

	for (int i = 0; i < 256; i++) {
		double w = pe_omega(&p, i), a = pos * w, b = (pos + k) * w;
		long double ck = cosl((long double)(k * w)), sk = sinl((long double)(k * w));
		long double es = ck * sinl(a) + sk * cosl(a) - sinl(b);
		long double ec = -sk * sinl(a) + ck * cosl(a) - cosl(b);

		sum += es * es + ec * ec;
	}
	cr_expect(got > 1e-7, "%g: the rounding of 1e9 * w shows", got);
	cr_expect(fabsl(got - sqrtl(sum)) < 1e-13L, "%.17g vs %.17Lg", got,
		  sqrtl(sum));
}

/* ---- band curves and the scan ---- */

Test(parts, band_sums_in_parts)
{
	/* One call over every pair is analysis_band_curves to the bit;
	 * chunks agree to the rounding of the extra additions. */
	struct pe_params p = { 1024, 1e4, PE_INTERLEAVED };
	enum { N = 1500 };
	double *w = alloc_doubles((size_t)analysis_curves_workspace(1024));
	double *all = alloc_doubles(N), *fast = alloc_doubles(N);
	double *slow = alloc_doubles(N), *sf = alloc_doubles(N);
	double *ss = alloc_doubles(N), *cf = alloc_doubles(N);
	double *cs = alloc_doubles(N);

	analysis_band_curves(&p, 100, 3.7, N, w, all, fast, slow);
	analysis_band_sums(&p, 100, 3.7, N, 0, 512, w, sf, ss);
	for (int a = 0; a < 512; a += 60)
		analysis_band_sums(&p, 100, 3.7, N, a, a + 60 < 512 ? a + 60 : 512,
				   w, cf, cs);
	for (int j = 0; j < N; j++) {
		cr_assert(sf[j] / 100 == fast[j] && ss[j] / 412 == slow[j] &&
			  (sf[j] + ss[j]) / 512 == all[j], "sample %d", j);
		cr_assert(fabs(cf[j] - sf[j]) < 1e-11 && fabs(cs[j] - ss[j]) < 1e-11,
			  "sample %d: %.17g %.17g vs %.17g %.17g", j, cf[j], cs[j],
			  sf[j], ss[j]);
	}
	free(w);
	free(all);
	free(fast);
	free(slow);
	free(sf);
	free(ss);
	free(cf);
	free(cs);
}

static bool scan_eq(const struct analysis_scan *a, const struct analysis_scan *b)
{
	return a->scanned == b->scanned && a->complete == b->complete &&
	       a->reach == b->reach && a->reach_exact == b->reach_exact &&
	       a->peak_at == b->peak_at && a->peak == b->peak;
}

Test(parts, scan_in_slices_is_the_scan)
{
	/* Slices of every size that end at the budget give what one call
	 * gives, whether the budget or the length ends the scan; so do the
	 * omegas filled in parts. */
	static const struct {
		int d;
		double base;
		long long len, budget;
	} cases[] = {
		{ 64, 1e4, 100000, 1LL << 40 },	/* complete */
		{ 512, 1e4, 1000000, 1LL << 40 },
		{ 16, 1.5, 1000000, 3000000 },	/* the budget ends it */
		{ 2048, 1e12, 1000000000, 1LL << 23 },
		{ 8, 1e4, 2, 1LL << 40 },
	};
	double *w = alloc_doubles((size_t)analysis_scan_workspace(2048));

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct pe_params p = { cases[c].d, cases[c].base, PE_INTERLEAVED };
		struct analysis_scan whole, sliced;
		static const long long slices[] = { 1, 977, 1 << 20 };

		analysis_scan_offsets(&p, cases[c].len, 0.5, cases[c].budget, w,
				      &whole);
		for (int k = 0; k < 3; k++) {
			struct analysis_scanner sc;
			long long until = 0;
			int h = cases[c].d / 2, steps = 0;

			analysis_scan_start(&sc, &p, cases[c].len, 0.5, w);
			for (int a = 0; a < h; a += 5)
				analysis_scan_omegas(&sc, &p, a, a + 5 < h ? a + 5 : h);
			do {
				until = until + slices[k] < cases[c].budget
						? until + slices[k] : cases[c].budget;
				steps++;
			} while (!analysis_scan_run(&sc, until) &&
				 sc.spent < cases[c].budget);
			analysis_scan_result(&sc, &sliced);
			cr_expect(scan_eq(&whole, &sliced),
				  "case %zu, slices of %lld (%d steps): scanned %lld/%lld reach %lld/%lld peak %lld/%lld",
				  c, slices[k], steps, sliced.scanned, whole.scanned,
				  sliced.reach, whole.reach, sliced.peak_at,
				  whole.peak_at);
		}
	}
	free(w);
}

/* ---- a mistake against the correct encoding ---- */

static bool same_or_nan(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

Test(parts, compare_in_parts_is_the_comparison)
{
	struct pe_params p = { 256, 1e4, PE_CONCAT };
	double pos[5] = { 0, 99, 5e7, 5e8, 999999999 };
	double *whole = alloc_doubles((size_t)pe_variant_compare_workspace(256, 5));
	double *parts = alloc_doubles((size_t)pe_variant_compare_workspace(256, 5));
	struct pe_wave_pair good[128], bad[128];

	for (int b = 0; b <= PE_BUG_NONE; b++) {
		struct pe_variant_diff r1, r2;

		r1 = pe_variant_compare(&p, (enum pe_bug)b, pos, 5, 10, 200, whole);
		pe_variant_pairs(&p, PE_BUG_NONE, 0, 128, good);
		pe_variant_pairs(&p, (enum pe_bug)b, 0, 128, bad);
		for (int a = 0; a < 5; a++)
			for (int i = 0; i < 128; i += 50)
				pe_variant_compare_row(&p, (enum pe_bug)b, good, bad,
						       pos[a], a, 5, i,
						       i + 50 < 128 ? i + 50 : 128,
						       parts);
		r2 = pe_variant_compare_finish(&p, 5, 10, 200, parts);
		/* fp16's positions from 65520 on give NaN, in both */
		cr_expect(same_or_nan(r1.value, r2.value) &&
			  same_or_nan(r1.similarity, r2.similarity), "bug %d", b);
		cr_expect(isnan(r1.value) == (b == PE_BUG_FP16), "bug %d", b);
		if (b == PE_BUG_NONE)
			cr_expect(r1.value == 0.0 && r1.similarity == 0.0);
		if (b == PE_BUG_SWAPPED)	/* harmless, even at 1e9 */
			cr_expect(r1.value > 1.0 && r1.similarity < 1e-12,
				  "%g %g", r1.value, r1.similarity);
	}
	free(whole);
	free(parts);
}

Test(parts, compare_far_values)
{
	/* The rows at 1e9 hold the encoding's values: for the half-exponent
	 * mistake, dim 2 (the sine of pair 1) is sin(p 100^(-1/4)) with the
	 * correct one sin(p 100^(-1/2)), both within 3e-16 of long double of
	 * the same rounded angles. */
	struct pe_params p = { 4, 100.0, PE_INTERLEAVED };
	double pos = 999999999.0, *work = alloc_doubles(16);
	struct pe_wave_pair good[2], bad[2];
	double wg = pe_omega(&p, 1), wb = pow(100.0, -1.0 / 4.0);

	pe_variant_pairs(&p, PE_BUG_NONE, 0, 2, good);
	pe_variant_pairs(&p, PE_BUG_HALF_EXPONENT, 0, 2, bad);
	cr_assert(bad[1].s.omega == wb);
	pe_variant_compare_row(&p, PE_BUG_HALF_EXPONENT, good, bad, pos, 0, 1, 0,
			       2, work);
	cr_expect(fabsl(work[2] - sinl((long double)(pos * wg))) < 3e-16L);
	cr_expect(fabsl(work[3] - cosl((long double)(pos * wg))) < 3e-16L);
	cr_expect(fabsl(work[4 + 2] - sinl((long double)(pos * wb))) < 3e-16L);
	cr_expect(fabsl(work[4 + 3] - cosl((long double)(pos * wb))) < 3e-16L);
	free(work);
}

/* ---- the layouts' Gram matrices ---- */

Test(parts, gram_in_parts_is_the_gram)
{
	double pos[4] = { 3, 1e5, 5e8, 999999999 };
	struct pe_params p = { 1024, 1e4, PE_INTERLEAVED };
	double *a = alloc_doubles((size_t)pe_layout_gram_workspace(1024, 4));
	double *b = alloc_doubles((size_t)pe_layout_gram_workspace(1024, 4));
	double whole = pe_layout_gram_diff(&p, pos, 4, a), parts;

	for (int i = 0; i < 512; i += 100)
		pe_layout_gram_omegas(&p, 4, i, i + 100 < 512 ? i + 100 : 512, b);
	for (int r = 0; r < 4; r++)
		for (int i = 0; i < 512; i += 70)
			pe_layout_gram_row(&p, pos[r], r, 4, i,
					   i + 70 < 512 ? i + 70 : 512, b);
	parts = pe_layout_gram_max(&p, 4, b);
	cr_expect(parts == whole, "%.17g vs %.17g", parts, whole);
	cr_expect(whole < 1e-12, "rounding only: %g", whole);
	cr_expect(memcmp(a, b, sizeof(double) * 2 * 1024 * 4) == 0,
		  "the rows themselves");
	free(a);
	free(b);
}

/* ---- what a mistake shares with the correct encoding ---- */

static const double share_bases[] = { 1.000001, 1e4, 1e12 };
static const int share_widths[] = { 2, 6, 512, 65536 };

Test(parts, pairs_from_the_correct_ones_are_the_same_bits)
{
	struct pe_wave_pair *good = malloc(32768 * sizeof *good);
	struct pe_wave_pair *want = malloc(32768 * sizeof *want);
	struct pe_wave_pair *got = malloc(32768 * sizeof *got);

	cr_assert(good && want && got);
	for (size_t w = 0; w < sizeof share_widths / sizeof share_widths[0]; w++)
		for (size_t k = 0; k < 3; k++)
			for (int b = 0; b <= PE_BUG_NONE; b++) {
				struct pe_params p = { share_widths[w], share_bases[k],
						       PE_INTERLEAVED };
				int h = p.d_model / 2;

				pe_variant_pairs(&p, PE_BUG_NONE, 0, h, good);
				pe_variant_pairs(&p, (enum pe_bug)b, 0, h, want);
				for (int i = 0; i < h; i += 97)
					pe_variant_pairs_from(&p, (enum pe_bug)b, good, i,
							      i + 97 < h ? i + 97 : h,
							      got + i);
				for (int i = 0; i < h; i++)
					cr_assert(got[i].s.omega == want[i].s.omega &&
						  got[i].c.omega == want[i].c.omega &&
						  got[i].s.fn == want[i].s.fn &&
						  got[i].c.fn == want[i].c.fn,
						  "d=%d base %g bug %d pair %d",
						  p.d_model, p.base, b, i);
			}
	free(good);
	free(want);
	free(got);
}

Test(parts, plan_from_the_correct_plan_is_the_same_bits)
{
	/* The plans of a mistake and their norms, with the block factors
	 * and turns it shares taken from the correct plan, against the
	 * mistake planned alone: 16 samples over a billion positions (the
	 * bugs view at d = 65536) and 1500 over 3000 (re-seeded once). */
	static const struct pe_sim_grid grids[] = {
		{ 0.5e9 / 16 - 0.5, 1e9 / 16, 1e9 / 16, 16 },
		{ 0.5, 2.0, 2.0, 1500 },
	};
	enum { H = 32768, N = 1500 };
	struct pe_wave_pair *good = malloc(H * sizeof *good);
	struct pe_wave_pair *bad = malloc(H * sizeof *bad);
	double *gp = alloc_doubles(PE_SIM_PAIR * (size_t)H);
	double *want = alloc_doubles(PE_SIM_PAIR * (size_t)H);
	double *got = alloc_doubles(PE_SIM_PAIR * (size_t)H);
	double *n_good = alloc_doubles(N + 1), *n_want = alloc_doubles(N + 1);
	double *n_got = alloc_doubles(N + 1);

	cr_assert(good && bad);
	for (size_t g = 0; g < 2; g++)
		for (int b = 0; b <= PE_BUG_NONE; b++) {
			struct pe_params p = { g ? 512 : 65536, 1e4, PE_INTERLEAVED };
			const struct pe_sim_grid *gr = &grids[g];
			int h = p.d_model / 2;
			size_t np = PE_SIM_PAIR * (size_t)h;

			memset(n_want, 0, (N + 1) * sizeof *n_want);
			memset(n_got, 0, (N + 1) * sizeof *n_got);
			pe_variant_pairs(&p, PE_BUG_NONE, 0, h, good);
			pe_variant_pairs(&p, (enum pe_bug)b, 0, h, bad);
			pe_sim_plan(good, h, gr, gp, n_good);
			pe_sim_plan(bad, h, gr, want, n_want);
			for (int i = 0; i < h; i += 300) {
				size_t at = PE_SIM_PAIR * (size_t)i;

				pe_sim_plan_from(bad + i, good + i, gp + at,
						 h - i < 300 ? h - i : 300, gr,
						 got + at, n_got);
			}
			cr_expect(memcmp(got, want, np * sizeof *got) == 0,
				  "grid %zu bug %d: the plans differ", g, b);
			cr_expect(memcmp(n_got, n_want,
					 (size_t)(gr->n + 1) * sizeof *n_got) == 0,
				  "grid %zu bug %d: the norms differ", g, b);
		}
	free(good);
	free(bad);
	free(gp);
	free(want);
	free(got);
	free(n_good);
	free(n_want);
	free(n_got);
}

/* f of a slot's angle for a row of the comparison, from its definition:
 * pos * omega, or for float32 the product of the two rounded to float. */
static double slot_value(struct pe_wave w, enum pe_bug bug, double pos)
{
	enum prec_dtype t = pe_variant_dtype(bug);
	double a = t == PREC_FP32 ? (double)((float)pos * (float)w.omega)
		   : t != PREC_FP64 ? prec_angle(t, pos, w.omega)
		   : pos * w.omega, s, c;

	pe_sincos(a, &s, &c);
	return w.fn == PE_SIN ? s : c;
}

Test(parts, compare_rows_are_the_values_of_their_angles)
{
	/* Where a mistake keeps an angle of the correct pair the row reuses
	 * its sine and cosine: each value must still be pe_sincos of its
	 * own slot's angle, bit for bit. */
	static const double pos[] = { 0, 7, 12345.5, 5e8, 999999999 };
	enum { D = 4096, H = D / 2, NPOS = 5 };
	struct pe_wave_pair good[H], bad[H];
	double *work = alloc_doubles((size_t)pe_variant_compare_workspace(D, NPOS));

	for (int l = 0; l < 2; l++)
		for (int b = 0; b <= PE_BUG_NONE; b++) {
			struct pe_params p = { D, 1e4, l ? PE_CONCAT : PE_INTERLEAVED };

			pe_variant_pairs(&p, PE_BUG_NONE, 0, H, good);
			pe_variant_pairs(&p, (enum pe_bug)b, 0, H, bad);
			for (int a = 0; a < NPOS; a++)
				pe_variant_compare_row(&p, (enum pe_bug)b, good, bad,
						       pos[a], a, NPOS, 0, H, work);
			struct pe_params q = p;

			/* the mistake's row in its own layout */
			q.layout = pe_variant_layout((enum pe_bug)b, p.layout);
			for (int a = 0; a < NPOS; a++)
				for (int i = 0; i < H; i++) {
					int ds = pe_dim_of(&p, i, PE_SIN);
					int dc = pe_dim_of(&p, i, PE_COS);
					int bs = pe_dim_of(&q, i, PE_SIN);
					int bc = pe_dim_of(&q, i, PE_COS);
					const double *g = work + (size_t)a * D;
					const double *r = work + (size_t)(NPOS + a) * D;

					cr_assert(g[ds] == slot_value(good[i].s, PE_BUG_NONE, pos[a]) &&
						  g[dc] == slot_value(good[i].c, PE_BUG_NONE, pos[a]) &&
						  same_or_nan(r[bs], slot_value(bad[i].s, (enum pe_bug)b, pos[a])) &&
						  same_or_nan(r[bc], slot_value(bad[i].c, (enum pe_bug)b, pos[a])),
						  "layout %d bug %d pos %g pair %d", l, b,
						  pos[a], i);
				}
		}
	free(work);
}

static double plain_dot(const double *a, const double *b, int d)
{
	double s = 0.0;

	for (int k = 0; k < d; k++)
		s += a[k] * b[k];
	return s;
}

static double plain_cos(const double *a, const double *b, int d)
{
	double na = plain_dot(a, a, d), nb = plain_dot(b, b, d);

	return na == 0.0 || nb == 0.0 ? 0.0 : plain_dot(a, b, d) / sqrt(na * nb);
}

Test(parts, compare_finish_is_the_plain_sums)
{
	/* Rows of random numbers, one of them zero, measured by the finish
	 * (norms once, several sums side by side) and by plain loops: the
	 * same bits, for 1 to 9 positions. */
	enum { D = 1000, NMAX = 9 };
	struct pe_params p = { D, 1e4, PE_INTERLEAVED };
	unsigned long long seed = 42;
	double *work = alloc_doubles((size_t)pe_variant_compare_workspace(D, NMAX));

	for (int n = 1; n <= NMAX; n++) {
		const double *good = work, *bad = work + (size_t)D * (size_t)n;
		struct pe_variant_diff want = { 0.0, 0.0 }, got;

		for (size_t k = 0; k < 2 * (size_t)D * (size_t)n; k++)
			work[k] = 2.0 * next_unit(&seed) - 1.0;
		if (n > 2)
			memset(work + (size_t)(n + 1) * D, 0, D * sizeof *work);
		for (int a = 0; a < n; a++)
			for (int k = 100; k < 700; k++)
				want.value = fmax(want.value,
						  fabs(bad[(size_t)a * D + (size_t)k] -
						       good[(size_t)a * D + (size_t)k]));
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++)
				want.similarity = fmax(want.similarity, fabs(
					plain_cos(bad + (size_t)a * D, bad + (size_t)b * D, D) -
					plain_cos(good + (size_t)a * D, good + (size_t)b * D, D)));
		got = pe_variant_compare_finish(&p, n, 100, 600, work);
		cr_expect(got.value == want.value, "n=%d: %.17g vs %.17g", n,
			  got.value, want.value);
		cr_expect(got.similarity == want.similarity, "n=%d: %.17g vs %.17g",
			  n, got.similarity, want.similarity);
	}
	free(work);
}

Test(parts, gram_is_the_plain_sums)
{
	/* pe_layout_gram_max against its definition summed here, in each
	 * layout's dimension order: the same bits, for 30 sets of 2 to 6
	 * positions up to a billion (which pair is the largest varies). */
	enum { D = 2048, NMAX = 6 };
	struct pe_params p = { D, 1e4, PE_INTERLEAVED };
	double *work = alloc_doubles((size_t)pe_layout_gram_workspace(D, NMAX));
	unsigned long long seed = 7;

	for (int t = 0; t < 30; t++) {
		int n = 2 + t % (NMAX - 1);
		double pos[NMAX], got, want = 0.0;

		for (int a = 0; a < n; a++)
			pos[a] = floor(1e9 * next_unit(&seed));
		got = pe_layout_gram_diff(&p, pos, n, work);
		for (int a = 0; a < n; a++)
			for (int b = a; b < n; b++)
				want = fmax(want, fabs(
					plain_dot(work + (size_t)a * D,
						  work + (size_t)b * D, D) -
					plain_dot(work + (size_t)(n + a) * D,
						  work + (size_t)(n + b) * D, D)));
		cr_expect(got == want, "set %d: %.17g vs %.17g", t, got, want);
	}
	free(work);
}
