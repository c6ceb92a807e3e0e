/* test_rope_bound.c - unit tests of src/engine/rope_bound.c: RoFormer's
 * relative upper bound against the figures DESIGN.md quotes and values
 * NumPy computes (np.abs(np.cumsum(np.exp(1j*m*theta))).mean()), and the
 * score of the uniform vector against a plain sum of cosines. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_trig.h"
#include "engine/rope_bound.h"

static const struct pe_params p128 = { 128, 1e4, PE_INTERLEAVED };
static const struct pe_params p128b = { 128, 5e5, PE_INTERLEAVED };

Test(rope_bound, roformer_figures)
{
	static const struct { double m, b1e4, b5e5; } want[] = {
		{ 0, 32.5, 32.5 },
		{ 10, 17.95413713708483, 20.88568465634276 },
		{ 100, 10.227329948505133, 13.708787005639568 },
		{ 250, 6.548179031941595, 11.434392550505557 },
		{ 1000, 4.470761034248737, 10.20018775609924 },
		{ 20000, 3.6497567328046614, 4.5044054016983575 },
	};

	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		double a = rope_bound_value(&p128, want[k].m);
		double b = rope_bound_value(&p128b, want[k].m);

		cr_expect(fabs(a - want[k].b1e4) < 1e-12, "B(%g) = %.17g",
			  want[k].m, a);
		cr_expect(fabs(b - want[k].b5e5) < 1e-12, "B(%g), 5e5 = %.17g",
			  want[k].m, b);
	}
	/* DESIGN.md's rounded figures */
	cr_expect(rope_bound_value(&p128, 0) == 32.5);
	cr_expect(fabs(rope_bound_value(&p128, 10) - 18.0) < 0.05);
	cr_expect(fabs(rope_bound_value(&p128, 100) - 10.2) < 0.05);
	cr_expect(fabs(rope_bound_value(&p128, 250) - 6.5) < 0.05);
}

Test(rope_bound, score_is_the_cosine_sum_and_stays_under_the_bound)
{
	for (double m = 0; m <= 5000; m += 7) {
		double sum = 0.0, s = rope_bound_score(&p128, m);

		for (int k = 0; k < 64; k++)
			sum += cos(m * pow(1e4, -2.0 * k / 128));
		cr_expect(fabs(s - sum / 64) < 1e-13, "m %g", m);
		cr_expect(fabs(s) <= rope_bound_value(&p128, m), "m %g", m);
	}
	cr_expect(rope_bound_score(&p128, 0) == 1.0);
}

Test(rope_bound, in_chunks)
{
	double m[300], state[900], whole[900], b[300], s[300];

	for (int j = 0; j < 300; j++)
		m[j] = 13.0 * j + 0.5;
	memset(state, 0, sizeof state);
	memset(whole, 0, sizeof whole);
	rope_bound_add(&p128b, m, 300, 0, 64, whole);
	rope_bound_add(&p128b, m, 300, 0, 5, state);
	rope_bound_add(&p128b, m, 300, 5, 40, state);
	rope_bound_add(&p128b, m, 300, 40, 64, state);
	for (int k = 0; k < 900; k++)
		cr_expect(state[k] == whole[k]);
	rope_bound_finish(&p128b, 300, whole, b, s);
	for (int j = 0; j < 300; j++) {
		cr_expect(b[j] == rope_bound_value(&p128b, m[j]));
		cr_expect(s[j] == rope_bound_score(&p128b, m[j]));
	}
}

/* The random scores summed the way rope_random_add's contract states, one
 * pair after the other, each draw's term rounded as row += a cos + b sin,
 * with that pair's coefficients drawn alone (rope_random_draw of one
 * pair). */
static void random_by_pairs(const struct pe_params *p, uint64_t seed,
			    int draws, const double *m, int n, int pair0,
			    int pair1, double *sum)
{
	for (int i = pair0; i < pair1; i++) {
		double ab[2 * ROPE_RANDOM_DRAWS], x[1], s[1], c[1];

		rope_random_draw(seed, p->d_model, draws, i, i + 1, ab);
		for (int j = 0; j < n; j++) {
			x[0] = m[j] * pe_omega(p, i);
			pe_sincos_n(x, 1, s, c);
			for (int t = 0; t < draws; t++)
				sum[t * n + j] += ab[2 * t] * c[0] +
						  ab[2 * t + 1] * s[0];
		}
	}
}

Test(rope_bound, random_drawn_once_is_the_same_bits)
{
	/* offsets that are not a multiple of the 8 the sums are kept apart
	 * in, a pair range that is not one of the 8-pair blocks, chunks that
	 * cut blocks, offsets past 2^31 (the decay axis at L0 = 1e9) */
	enum { N = 67, D = 6, H = 48 };
	static const struct pe_params p = { 2 * H, 1.000001, PE_INTERLEAVED };
	static double want[D * N], direct[D * N], drawn[D * N],
		ab[2 * D * H];
	double m[N];

	for (int j = 0; j < N; j++)
		m[j] = j * 7.0e7 + 0.5;
	memset(want, 0, sizeof want);
	memset(direct, 0, sizeof direct);
	memset(drawn, 0, sizeof drawn);
	random_by_pairs(&p, 5, D, m, N, 3, H, want);
	rope_random_add(&p, 5, D, m, N, 3, H, direct);
	rope_random_draw(5, p.d_model, D, 0, H, ab);
	rope_random_add_drawn(&p, ab + 2 * D * 3, D, m, N, 3, 20, drawn);
	rope_random_add_drawn(&p, ab + 2 * D * 20, D, m, N, 20, 21, drawn);
	rope_random_add_drawn(&p, ab + 2 * D * 21, D, m, N, 21, H, drawn);
	for (int k = 0; k < D * N; k++) {
		cr_expect(direct[k] == want[k], "direct %d: %.17g %.17g", k,
			  direct[k], want[k]);
		cr_expect(drawn[k] == want[k], "drawn %d: %.17g %.17g", k,
			  drawn[k], want[k]);
	}
}

/* NumPy's sums for rope_random_spread: one "draw" whose coefficients are
 * a_i = sin(0.61 i + 0.2), b_i = cos(1.13 i) over the d/2 = 32768 pairs of
 * d = 65536, at m = m0 + j dm, in long double (64-bit mantissa) from
 * theta_i = math.pow(base, -(2.0 * i) / d) (libm's pow, as pe_omega):
 *   x = np.fmod(np.longdouble(m) * theta, 2 pi); (a cos x + b sin x).sum()
 * (the script: /usr/bin/python3 with NumPy 1.24). Offsets up to 9.9e8 on
 * a 470-column curve at the three bases of the extremes, a short curve
 * near 0 and one of fractional steps near 1e9. */
static const struct {
	double base, m0, dm;
	int n, j;
	double sum;
} numpy_nufft[] = {
	{ 1.000001, 0.5, 2097152.5, 470, 0, 1.881165961895431 },
	{ 1.000001, 0.5, 2097152.5, 470, 1, 0.14292674377032508 },
	{ 1.000001, 0.5, 2097152.5, 470, 235, 1.4836095109599425 },
	{ 1.000001, 0.5, 2097152.5, 470, 468, -1.1944326750182277 },
	{ 1.000001, 0.5, 2097152.5, 470, 469, -0.7306567634746096 },
	{ 1e4, 0.5, 2097152.5, 470, 0, 1.6792158627567828 },
	{ 1e4, 0.5, 2097152.5, 470, 1, 46.93344268215449 },
	{ 1e4, 0.5, 2097152.5, 470, 235, -103.04376863473621 },
	{ 1e4, 0.5, 2097152.5, 470, 468, -104.2566937923227 },
	{ 1e4, 0.5, 2097152.5, 470, 469, -38.217184235464224 },
	{ 1e12, 0.5, 2097152.5, 470, 0, 1.6793371205686678 },
	{ 1e12, 0.5, 2097152.5, 470, 1, -43.151335445731334 },
	{ 1e12, 0.5, 2097152.5, 470, 235, -146.2162342808761 },
	{ 1e12, 0.5, 2097152.5, 470, 468, 21.593381144569694 },
	{ 1e12, 0.5, 2097152.5, 470, 469, 241.90286020660403 },
	{ 1e4, 3.0, 0.75, 33, 0, -1.5831599042553548 },
	{ 1e4, 3.0, 0.75, 33, 1, -1.6585407513503727 },
	{ 1e4, 3.0, 0.75, 33, 16, -0.9502822734096612 },
	{ 1e4, 3.0, 0.75, 33, 31, 1.1615906932521745 },
	{ 1e4, 3.0, 0.75, 33, 32, -0.024173714985336946 },
	{ 1.000001, 999999000.25, 0.125, 64, 0, 1.1375351133957992 },
	{ 1.000001, 999999000.25, 0.125, 64, 1, 1.2431936760999316 },
	{ 1.000001, 999999000.25, 0.125, 64, 32, -1.4387868524131462 },
	{ 1.000001, 999999000.25, 0.125, 64, 62, 1.0317667715190344 },
	{ 1.000001, 999999000.25, 0.125, 64, 63, 0.8945487747156192 },
};

/* The scale the sums are measured against: sqrt(sum_i a_i^2 + b_i^2),
 * the size of such a sum for coefficients of random sign (NumPy: 181.02).
 * A braille dot of the decay panel's random strip is 1/32 of its range
 * or more; rope_bound.h promises about 1e-10 of this scale, the test asks
 * for 1e-9. */
static const double NUMPY_RMS = 181.02036645109894;

Test(rope_bound, random_by_nufft_matches_numpy_at_the_extremes)
{
	enum { H = 32768 };
	static double ab[2 * H];
	const int cases = sizeof numpy_nufft / sizeof numpy_nufft[0];

	for (int i = 0; i < H; i++) {
		ab[2 * i] = sin(0.61 * i + 0.2);
		ab[2 * i + 1] = cos(1.13 * i);
	}
	for (int c = 0; c < cases; c++) {
		const struct pe_params p = { 2 * H, numpy_nufft[c].base,
					     PE_INTERLEAVED };
		int n = numpy_nufft[c].n;
		double m0 = numpy_nufft[c].m0, dm = numpy_nufft[c].dm;
		size_t g = rope_random_grid_doubles(n, 1);
		double *grid = calloc(g, sizeof *grid), sum[470];

		cr_assert(grid && n <= 470);
		/* in chunks, out of order: the spreading adds */
		rope_random_spread(&p, ab + 2 * 20000, 1, m0, dm, n, 20000, H,
				   grid);
		rope_random_spread(&p, ab, 1, m0, dm, n, 0, 7, grid);
		rope_random_spread(&p, ab + 2 * 7, 1, m0, dm, n, 7, 20000, grid);
		cr_assert(rope_random_gather(1, n, grid, sum));
		free(grid);
		/* the rows of one curve come in a run: check them all */
		for (; c < cases && numpy_nufft[c].n == n &&
		       numpy_nufft[c].base == p.base && numpy_nufft[c].m0 == m0;
		     c++) {
			double got = sum[numpy_nufft[c].j];

			cr_expect(fabs(got - numpy_nufft[c].sum) <=
					  1e-9 * NUMPY_RMS,
				  "base %g m0 %g dm %g j %d: %.17g, NumPy %.17g",
				  p.base, m0, dm, numpy_nufft[c].j, got,
				  numpy_nufft[c].sum);
		}
		c--;
	}
}

Test(rope_bound, random_by_nufft_matches_the_direct_sums)
{
	/* the real draws, 11 of them (one packed run of 8 and 3 more), the
	 * pairs in two chunks; offsets small enough (m <= 1e5) for the
	 * direct sums' own rounding of m theta to stay near 1e-11 */
	enum { D = 11, H = 2048, N = 101 };
	static const struct pe_params p = { 2 * H, 1e4, PE_INTERLEAVED };
	static double ab[2 * D * H], direct[D * N], fast[D * N];
	double m[N], m0 = 0.5, dm = 999.75, *grid;

	rope_random_draw(3, p.d_model, D, 0, H, ab);
	for (int j = 0; j < N; j++)
		m[j] = m0 + j * dm;
	memset(direct, 0, sizeof direct);
	rope_random_add_drawn(&p, ab, D, m, N, 0, H, direct);
	grid = calloc(rope_random_grid_doubles(N, D), sizeof *grid);
	cr_assert(grid);
	rope_random_spread(&p, ab, D, m0, dm, N, 0, 1000, grid);
	rope_random_spread(&p, ab + 2 * D * 1000, D, m0, dm, N, 1000, H, grid);
	cr_assert(rope_random_gather(D, N, grid, fast));
	free(grid);
	for (int t = 0; t < D; t++) {
		double rms = 0.0;

		for (int i = 0; i < H; i++)
			rms += ab[2 * D * i + 2 * t] * ab[2 * D * i + 2 * t] +
			       ab[2 * D * i + 2 * t + 1] * ab[2 * D * i + 2 * t + 1];
		rms = sqrt(rms);
		for (int j = 0; j < N; j++)
			cr_expect(fabs(fast[t * N + j] - direct[t * N + j]) <=
					  1e-9 * rms,
				  "draw %d, m %g: %.17g, direct %.17g", t, m[j],
				  fast[t * N + j], direct[t * N + j]);
	}
}

/* NumPy's B(k) at d = 65536 in long double (64-bit mantissa), the
 * angles reduced from exact products as rope_bound_add_even's are:
 *   w = np.array([math.pow(base, -(2.0 * j) / d) for j in range(h)],
 *                dtype=np.longdouble)            (libm's pow, as pe_omega)
 *   x = np.fmod(np.longdouble(k) * w, 2 pi)
 *   np.hypot(np.cumsum(np.cos(x)), np.cumsum(np.sin(x))).sum() / h
 * (test_bias_sums.c's float64 figures round k w, 1e-7 rad at k = 1e9,
 * and differ from these by up to 3e-8 of B there). rope_bound_add_even
 * must give them at an offset of a curve 20 long, reached through the
 * rotations, not directly. */
static const struct {
	double base, k, bound;
} numpy_bound[] = {
	{ 1.000001, 0, 16384.5 },
	{ 1.000001, 7, 16384.499999983273 },
	{ 1.000001, 1000, 16384.49965864645 },
	{ 1.000001, 600000, 16261.980801775431 },
	{ 1.000001, 999999999, 41.6982526386018 },
	{ 1e4, 1, 15959.662952446739 },
	{ 1e4, 1000, 1596.4899736716031 },
	{ 1e4, 600000, 92.96452212974181 },
	{ 1e4, 999999999, 127.06536892814746 },
	{ 1e12, 7, 13820.383514130262 },
	{ 1e12, 1000, 8947.396697484339 },
	{ 1e12, 600000, 4270.977394686673 },
	{ 1e12, 999999999, 1064.0770889369453 },
};

Test(rope_bound, even_offsets_match_numpy_at_the_extremes)
{
	enum { N = 20, H = 32768 };

	for (size_t c = 0; c < sizeof numpy_bound / sizeof numpy_bound[0]; c++) {
		const struct pe_params p = { 2 * H, numpy_bound[c].base,
					     PE_INTERLEAVED };
		double k = numpy_bound[c].k, m0 = k >= N - 1 ? k - (N - 1) : 0;
		double state[3 * N] = { 0 }, b[N];
		int j = (int)(k - m0);

		rope_bound_add_even(&p, m0, 1.0, N, 0, 9000, state);
		rope_bound_add_even(&p, m0, 1.0, N, 9000, H, state);
		rope_bound_finish(&p, N, state, b, NULL);
		cr_expect(fabs(b[j] - numpy_bound[c].bound) <=
				  1e-10 * numpy_bound[c].bound,
			  "base %g, B(%g) = %.17g, NumPy %.17g", p.base, k, b[j],
			  numpy_bound[c].bound);
	}
}

Test(rope_bound, even_offsets_match_rope_bound_add)
{
	/* a curve of 333 offsets (not a multiple of the 8 turned at once)
	 * of fractional steps, small enough (m < 4e4) for rope_bound_add's
	 * own rounding of m theta to stay below 5e-12 radians */
	enum { N = 333 };
	static double direct[3 * N], even[3 * N];
	double m[N], b[N], s[N], be[N], se[N];

	for (int j = 0; j < N; j++)
		m[j] = 2.5 + j * 117.375;
	rope_bound_add(&p128b, m, N, 0, 64, direct);
	rope_bound_add_even(&p128b, 2.5, 117.375, N, 0, 30, even);
	rope_bound_add_even(&p128b, 2.5, 117.375, N, 30, 64, even);
	rope_bound_finish(&p128b, N, direct, b, s);
	rope_bound_finish(&p128b, N, even, be, se);
	for (int j = 0; j < N; j++) {
		cr_expect(fabs(be[j] - b[j]) <= 1e-11 * b[j], "m %g: B %.17g, %.17g",
			  m[j], be[j], b[j]);
		cr_expect(fabs(se[j] - s[j]) <= 1e-11, "m %g: score %.17g, %.17g",
			  m[j], se[j], s[j]);
	}
}
