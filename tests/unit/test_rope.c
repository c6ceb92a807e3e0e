/* test_rope.c - unit tests of src/engine/rope.c: the two forms RoPE ships
 * in are the same doubles once the rows are permuted, the score's pair
 * shares sum to q·k and depend on p - q alone, partial rotary leaves the
 * rest of the head position-free, v stays unturned for a reason, and the
 * fast pairs make a sharper pattern than the slow ones.
 *
 * References here are written independently: turns through C's complex
 * numbers (cexp), the permutation as Hugging Face's view/transpose read
 * on indices, the head's softmax by hand. The NumPy cross-check of the
 * same numbers is tests/e2e/rope.sh, which reads the dump that the
 * rope_dump test writes when ROPE_DUMP names a file. */
#include <criterion/criterion.h>

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/rng.h"
#include "engine/rope.h"

static double *vec(int n)
{
	double *v = calloc((size_t)n, sizeof *v);

	cr_assert_not_null(v);
	return v;
}

/* ---- the two forms ---- */

/* Hugging Face's permute read on one head's row indices:
 * w.view(h, 2, ...).transpose(0, 1) puts old row 2i + j at new row
 * j * h + i. */
static void permute_ref(int rot, int d, const double *x, double *out)
{
	int h = rot / 2;

	for (int i = 0; i < h; i++)
		for (int j = 0; j < 2; j++)
			out[j * h + i] = x[2 * i + j];
	for (int c = rot; c < d; c++)
		out[c] = x[c];
}

Test(rope, permute_is_hf_view_transpose)
{
	double x[12], a[12], b[12];

	for (int c = 0; c < 12; c++)
		x[c] = c;
	rope_permute(8, 12, x, a);
	permute_ref(8, 12, x, b);
	cr_assert_arr_eq(a, b, sizeof a);
	/* rows 0..7 of a head of 8: 0 2 4 6 1 3 5 7, then 8..11 as they are */
	cr_assert_eq(a[1], 2);
	cr_assert_eq(a[4], 1);
	cr_assert_eq(a[7], 7);
	cr_assert_eq(a[10], 10);
}

/* The identity the view shows, bit for bit, over widths, rotary parts,
 * bases and positions up to 1e9. */
Test(rope, interleaved_equals_rotate_half_on_permuted_rows_bit_for_bit)
{
	static const int ds[] = { 2, 8, 64, 512, 4096 };
	static const int dens[] = { 1, 2, 4 };
	static const double bases[] = { 1e4, 5e5, 1.5 };
	static const double pos[][2] = { { 0, 0 }, { 12, 5 }, { 7, 4000 },
					 { 123456, 99 }, { 1e9, 3 } };

	for (size_t a = 0; a < sizeof ds / sizeof *ds; a++)
		for (size_t b = 0; b < sizeof dens / sizeof *dens; b++)
			for (size_t c = 0; c < sizeof bases / sizeof *bases; c++)
				for (size_t e = 0; e < sizeof pos / sizeof *pos; e++) {
	int d = ds[a];
	struct rope_setup r = { d, rope_rot_of(d, dens[b]), bases[c] };
	double *q = vec(d), *k = vec(d), *th = vec(d / 2);
	double *mq = vec(d), *mk = vec(d), *pq = vec(d), *pk = vec(d);
	double *hq = vec(d), *hk = vec(d), *tmp = vec(d);
	double sm, sh;

	cr_assert(rope_setup_valid(&r));
	rope_thetas(&r, th);
	rope_draw_qk(7 + a + b, d, q, k);
	rope_rotate(&r, th, ROPE_INTERLEAVED, pos[e][0], q, mq);
	rope_rotate(&r, th, ROPE_INTERLEAVED, pos[e][1], k, mk);
	rope_permute(r.rot, d, q, tmp);
	rope_rotate(&r, th, ROPE_HALF, pos[e][0], tmp, hq);
	rope_permute(r.rot, d, k, tmp);
	rope_rotate(&r, th, ROPE_HALF, pos[e][1], tmp, hk);
	rope_permute(r.rot, d, mq, pq);
	rope_permute(r.rot, d, mk, pk);
	cr_assert(memcmp(pq, hq, (size_t)d * sizeof *pq) == 0,
		  "q differs: d %d rot %d base %g p %g", d, r.rot, r.base,
		  pos[e][0]);
	cr_assert(memcmp(pk, hk, (size_t)d * sizeof *pk) == 0);
	sm = rope_dot(&r, ROPE_INTERLEAVED, mq, mk);
	sh = rope_dot(&r, ROPE_HALF, hq, hk);
	cr_assert(memcmp(&sm, &sh, sizeof sm) == 0,
		  "scores %.17g and %.17g (d %d rot %d)", sm, sh, d, r.rot);
	free(q); free(k); free(th); free(mq); free(mk); free(pq);
	free(pk); free(hq); free(hk); free(tmp);
				}
}

/* The turn itself against complex arithmetic: pair i of x times
 * e^{i pos theta_i}, theta_i = base^(-2i/rot); the rest copied. */
Test(rope, rotation_matches_complex_multiplication)
{
	enum { D = 64 };
	struct rope_setup r = { D, 16, 1e4 };
	double x[D], y[D], th[8];

	rope_thetas(&r, th);
	rng_gauss_fill(3, 1, 1.0, D, x);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 37, x, y);
	for (int i = 0; i < 8; i++) {
		double complex z = (x[2 * i] + I * x[2 * i + 1]) *
				   cexp(I * 37.0 * pow(1e4, -2.0 * i / 16));

		cr_assert_float_eq(y[2 * i], creal(z), 1e-13);
		cr_assert_float_eq(y[2 * i + 1], cimag(z), 1e-13);
		cr_assert_float_eq(th[i], pow(1e4, -2.0 * i / 16), 1e-17);
	}
	for (int c = 16; c < D; c++)
		cr_assert_eq(y[c], x[c]);
}

/* Without the permutation Hugging Face's form pairs (i, i + d/2) of rows
 * made for (2i, 2i+1): another score. */
Test(rope, rotate_half_on_unpermuted_rows_scores_another_function)
{
	enum { D = 64 };
	struct rope_setup r = { D, D, 1e4 };
	double q[D], k[D], th[D / 2], a[D], b[D], c[D], e[D];

	rope_thetas(&r, th);
	rope_draw_qk(1, D, q, k);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 12, q, a);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 5, k, b);
	rope_rotate(&r, th, ROPE_HALF, 12, q, c);
	rope_rotate(&r, th, ROPE_HALF, 5, k, e);
	cr_assert_gt(fabs(rope_dot(&r, ROPE_INTERLEAVED, a, b) -
			  rope_dot(&r, ROPE_HALF, c, e)), 0.1);
}

/* ---- the shares ---- */

Test(rope, shares_match_complex_reference_and_sum_to_the_turned_dot)
{
	enum { D = 512 };
	struct rope_setup r = { D, D / 4, 1e4 };
	double q[D], k[D], th[D / 2], sh[D / 2], a[D], b[D], sum = 0;

	rope_thetas(&r, th);
	rope_draw_qk(5, D, q, k);
	rope_contributions(&r, th, 40, 9, q, k, 0, D / 2, sh);
	for (int i = 0; i < D / 2; i++) {
		double complex z = (q[2 * i] + I * q[2 * i + 1]) *
				   conj(k[2 * i] + I * k[2 * i + 1]);
		double want = i < r.rot / 2
			? creal(z * cexp(I * 31.0 * pow(1e4, -2.0 * i / r.rot)))
			: creal(z);

		cr_assert_float_eq(sh[i], want, 1e-12, "pair %d", i);
		sum += sh[i];
	}
	rope_rotate(&r, th, ROPE_INTERLEAVED, 40, q, a);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 9, k, b);
	cr_assert_float_eq(sum, rope_dot(&r, ROPE_INTERLEAVED, a, b), 1e-11);
}

/* Moving p and q together: the shares are the same doubles, and turned
 * vectors at the moved positions give the same score to rounding. */
Test(rope, moving_both_positions_changes_no_share)
{
	enum { D = 128 };
	struct rope_setup r = { D, D, 1e4 };
	double q[D], k[D], th[D / 2], s0[D / 2], s1[D / 2], a[D], b[D];
	double d0, d1;

	rope_thetas(&r, th);
	rope_draw_qk(2, D, q, k);
	rope_contributions(&r, th, 12, 5, q, k, 0, D / 2, s0);
	rope_contributions(&r, th, 12 + 1000, 5 + 1000, q, k, 0, D / 2, s1);
	cr_assert_arr_eq(s0, s1, sizeof s0);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 12, q, a);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 5, k, b);
	d0 = rope_dot(&r, ROPE_INTERLEAVED, a, b);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 1012, q, a);
	rope_rotate(&r, th, ROPE_INTERLEAVED, 1005, k, b);
	d1 = rope_dot(&r, ROPE_INTERLEAVED, a, b);
	cr_assert_float_eq(d0, d1, 1e-11);
	/* and moving one of them does change the shares */
	rope_contributions(&r, th, 13, 5, q, k, 0, D / 2, s1);
	cr_assert_neq(memcmp(s0, s1, sizeof s0), 0);
}

/* Partial rotary: the pairs past rot/2 are position-free. */
Test(rope, partial_rotary_leaves_the_rest_position_free)
{
	enum { D = 256 };
	struct rope_setup r = { D, rope_rot_of(D, 4), 1e4 };
	double q[D], k[D], th[D / 2], s0[D / 2], s1[D / 2];
	int h = r.rot / 2, changed = 0;

	cr_assert_eq(r.rot, 64, "GPT-J: rotary_dim 64 of 256");
	rope_thetas(&r, th);
	rope_draw_qk(9, D, q, k);
	rope_contributions(&r, th, 3, 0, q, k, 0, D / 2, s0);
	rope_contributions(&r, th, 50, 0, q, k, 0, D / 2, s1);
	for (int i = 0; i < h; i++)
		changed += s0[i] != s1[i];
	cr_assert_gt(changed, h / 2);
	for (int i = h; i < D / 2; i++) {
		cr_assert_eq(s0[i], s1[i]);
		cr_assert_eq(s0[i], q[2 * i] * k[2 * i] + q[2 * i + 1] * k[2 * i + 1]);
	}
	cr_assert_eq(rope_rot_of(512, 8), 64);
	cr_assert_eq(rope_rot_of(6, 4), 2, "rounded down to even, at least 2");
	cr_assert_eq(rope_rot_of(10, 2), 4);
}

/* ---- the fast and the slow pairs ---- */

Test(rope, fast_band_swings_and_slow_band_stays_flat)
{
	enum { D = 512 };
	struct rope_setup r = { D, D, 1e4 };
	double q[D], k[D], th[D / 2];
	double lo[2] = { 2, 2 }, hi[2] = { -2, -2 };

	rope_thetas(&r, th);
	rope_draw_qk(1, D, q, k);
	for (int m = 0; m < 128; m++) {
		double f = rope_band_score(th, q, k, 0, 8, m);
		double s = rope_band_score(th, q, k, 248, 256, m);

		cr_assert_leq(fabs(f), 1.0);
		lo[0] = fmin(lo[0], f);
		hi[0] = fmax(hi[0], f);
		lo[1] = fmin(lo[1], s);
		hi[1] = fmax(hi[1], s);
	}
	cr_assert_gt(hi[0] - lo[0], 0.5);
	cr_assert_lt(hi[1] - lo[1], 0.01);
}

/* ---- why v is not turned ---- */

/* The head by hand for the sentence at positions s + t. */
static void head_ref(const struct rope_setup *r, uint64_t seed, double s,
		     bool turn_v, double out[8][16])
{
	double q[8][16], k[8][16], v[8][16], th[8];

	rope_thetas(r, th);
	for (int t = 0; t < 8; t++) {
		double x[16];

		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_Q, (uint64_t)t + 1), 1.0, 16, x);
		rope_rotate(r, th, ROPE_INTERLEAVED, s + t, x, q[t]);
		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_K, (uint64_t)t + 1), 1.0, 16, x);
		rope_rotate(r, th, ROPE_INTERLEAVED, s + t, x, k[t]);
		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_V, (uint64_t)t + 1), 1.0, 16, x);
		if (turn_v)
			rope_rotate(r, th, ROPE_INTERLEAVED, s + t, x, v[t]);
		else
			memcpy(v[t], x, sizeof x);
	}
	for (int a = 0; a < 8; a++) {
		double w[8], z = 0;

		for (int b = 0; b < 8; b++) {
			double dot = 0;

			for (int c = 0; c < 16; c++)
				dot += q[a][c] * k[b][c];
			w[b] = exp(dot / 4.0);
			z += w[b];
		}
		for (int c = 0; c < 16; c++) {
			out[a][c] = 0;
			for (int b = 0; b < 8; b++)
				out[a][c] += w[b] / z * v[b][c];
		}
	}
}

Test(rope, v_unturned_does_not_move_with_the_sentence_turned_it_does)
{
	struct rope_setup r = { 16, 16, 1e4 };
	struct rope_vshift res;
	double o0[8][16], o1[8][16], moved[2] = { 0, 0 }, scale = 0;

	rope_v_shift(&r, 4, 10, &res);
	for (int turn = 0; turn < 2; turn++) {
		head_ref(&r, 4, 0, turn, o0);
		head_ref(&r, 4, 10, turn, o1);
		for (int a = 0; a < 8; a++)
			for (int c = 0; c < 16; c++) {
				moved[turn] = fmax(moved[turn],
						   fabs(o1[a][c] - o0[a][c]));
				if (!turn)
					scale = fmax(scale, fabs(o0[a][c]));
			}
	}
	cr_assert_float_eq(res.scale, scale, 1e-12);
	cr_assert_float_eq(res.moved_rotated, moved[1], 1e-12);
	cr_assert_lt(res.moved_plain, 1e-12 * res.scale);
	cr_assert_gt(res.moved_rotated, 0.1 * res.scale);
}

/* ---- the dump for NumPy (tests/e2e/rope.sh) ---- */

static void dump_vec(FILE *f, const char *name, const double *v, int n)
{
	fprintf(f, "%s", name);
	for (int i = 0; i < n; i++)
		fprintf(f, " %.17g", v[i]);
	fputc('\n', f);
}

/* With ROPE_DUMP set: one case per width, rotary part and base, as lines
 * "name values...": the inputs (q, k, the head's q, k, v), then what the
 * engine computed from them. Without it, nothing. */
Test(rope_dump, for_numpy)
{
	const char *path = getenv("ROPE_DUMP");
	static const int ds[] = { 16, 64, 512 };
	static const int dens[] = { 1, 4 };
	static const double bases[] = { 1e4, 5e5 };
	FILE *f;

	if (!path)
		return;
	f = fopen(path, "w");
	cr_assert_not_null(f);
	for (size_t a = 0; a < 3; a++)
		for (size_t b = 0; b < 2; b++)
			for (size_t c = 0; c < 2; c++) {
	int d = ds[a];
	struct rope_setup r = { d, rope_rot_of(d, dens[b]), bases[c] };
	struct rope_setup hr = { d < 128 ? d : 128, 0, bases[c] };
	double *q = vec(d), *k = vec(d), *th = vec(d / 2), *sh = vec(d / 2);
	double *t = vec(d), *u = vec(d), band[4];
	double p = (double)(1000 + 37 * a), pq = (double)(11 + 5 * b);
	struct rope_vshift vs;

	hr.rot = rope_rot_of(hr.d, dens[b]);
	rope_thetas(&r, th);
	rope_draw_qk(3 + a, d, q, k);
	fprintf(f, "case %d %d %.17g %.17g %.17g %d %d\n", d, r.rot, r.base,
		p, pq, hr.d, hr.rot);
	dump_vec(f, "q", q, d);
	dump_vec(f, "k", k, d);
	rope_contributions(&r, th, p, pq, q, k, 0, d / 2, sh);
	dump_vec(f, "shares", sh, d / 2);
	rope_rotate(&r, th, ROPE_INTERLEAVED, p, q, t);
	dump_vec(f, "q_interleaved", t, d);
	rope_permute(r.rot, d, q, u);
	rope_rotate(&r, th, ROPE_HALF, p, u, t);
	dump_vec(f, "q_half_permuted", t, d);
	band[0] = rope_band_score(th, q, k, 0, 2, 7);
	band[1] = rope_band_score(th, q, k, r.rot / 2 - 2, r.rot / 2, 7);
	band[2] = rope_band_score(th, q, k, 0, 2, 100);
	band[3] = rope_band_score(th, q, k, r.rot / 2 - 2, r.rot / 2, 100);
	dump_vec(f, "bands_7_100", band, 4);
	for (int tok = 0; tok < ROPE_HEAD_TOKENS; tok++) {
		double x[ROPE_HEAD_D_MAX];
		char name[16];

		rng_gauss_fill(3 + a, rng_stream_of(RNG_STREAM_ROPE_Q, (uint64_t)tok + 1), 1.0, hr.d, x);
		snprintf(name, sizeof name, "hq%d", tok);
		dump_vec(f, name, x, hr.d);
		rng_gauss_fill(3 + a, rng_stream_of(RNG_STREAM_ROPE_K, (uint64_t)tok + 1), 1.0, hr.d, x);
		snprintf(name, sizeof name, "hk%d", tok);
		dump_vec(f, name, x, hr.d);
		rng_gauss_fill(3 + a, rng_stream_of(RNG_STREAM_ROPE_V, (uint64_t)tok + 1), 1.0, hr.d, x);
		snprintf(name, sizeof name, "hv%d", tok);
		dump_vec(f, name, x, hr.d);
	}
	rope_v_shift(&hr, 3 + a, 10, &vs);
	dump_vec(f, "vshift_10", (double[]){ vs.moved_plain, vs.moved_rotated,
					      vs.scale }, 3);
	free(q); free(k); free(th); free(sh); free(t); free(u);
			}
	/* the view at its start: d 512, base 1e4, seed 1, p 12, q 5 */
	{
		double q[512], k[512];

		rope_draw_qk(1, 512, q, k);
		fprintf(f, "view 512 512 10000 12 5\n");
		dump_vec(f, "q", q, 512);
		dump_vec(f, "k", k, 512);
	}
	cr_assert_eq(fclose(f), 0);
}
