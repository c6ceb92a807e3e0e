/* test_rope_bound.c - unit tests of src/engine/rope_bound.c: RoFormer's
 * relative upper bound against the figures DESIGN.md quotes and values
 * NumPy computes (np.abs(np.cumsum(np.exp(1j*m*theta))).mean()), and the
 * score of the uniform vector against a plain sum of cosines. */
#include <criterion/criterion.h>

#include <math.h>
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
