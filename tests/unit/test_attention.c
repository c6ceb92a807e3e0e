/* test_attention.c - unit tests of src/engine/attention.c: the score
 * matrices of NoPE, added PE, RoPE (both pairings and the mismatch) and
 * ALiBi, their four terms, their relativity, and slicing by pairs.
 *
 * The reference here is written from the definitions with libm's sin and
 * cos: the content vectors and weight matrices are read from the model
 * (their generator is pinned in test_rng.c), and everything else (the
 * encoding, the rotations in both code layouts, the row permutation, the
 * projections, the dot products) is recomputed in plain loops. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/attention.h"

enum { DMAX = 32 };

static struct attn model(int d, enum attn_weights w, enum attn_content c,
			 int vocab, double slope)
{
	struct attn_setup s = { { d, 1e4, PE_INTERLEAVED }, w, c, vocab, 11,
				slope };
	struct attn a;

	cr_assert(attn_setup_valid(&s));
	cr_assert(attn_init(&a, &s));
	attn_fill(&a);
	return a;
}

/* ---- the reference ---- */

/* out = W v (W NULL: the identity). */
static void ref_project(const double *w, int d, const double *v, double *out)
{
	for (int r = 0; r < d; r++) {
		double s = 0.0;

		for (int c = 0; c < d; c++)
			s += (w ? w[r * d + c] : (r == c)) * v[c];
		out[r] = s;
	}
}

/* The interleaved rotation (the paper): pair (2i, 2i+1) by pos theta_i. */
static void ref_rotate_interleaved(int d, double pos, double *v)
{
	for (int i = 0; i < d / 2; i++) {
		double t = pos * pow(1e4, -2.0 * i / d), a = v[2 * i], b = v[2 * i + 1];

		v[2 * i] = a * cos(t) - b * sin(t);
		v[2 * i + 1] = a * sin(t) + b * cos(t);
	}
}

/* rotate_half as GPT-NeoX and LLaMA write it: v * cos + rotate_half(v) *
 * sin, with cos and sin of the d/2 angles repeated twice and
 * rotate_half(v) = (-v[d/2:], v[:d/2]). */
static void ref_rotate_half(int d, double pos, double *v)
{
	double out[DMAX];
	int h = d / 2;

	for (int k = 0; k < d; k++) {
		double t = pos * pow(1e4, -2.0 * (k % h) / d);
		double rh = k < h ? -v[k + h] : v[k - h];

		out[k] = v[k] * cos(t) + rh * sin(t);
	}
	/* cppcheck-suppress uninitvar ; the loop above sets out[0..d) */
	memcpy(v, out, (size_t)d * sizeof *v);
}

/* The score of scheme s for query (p, token tp) and key (q, token tq). */
static double ref_score(const struct attn *a, enum attn_scheme s, long long p,
			int tp, long long q, int tq)
{
	int d = a->set.pe.d_model, h = d / 2;
	double u[DMAX], v[DMAX], qv[DMAX], kv[DMAX], wq[DMAX * DMAX],
	       wk[DMAX * DMAX], score = 0.0;
	const double *xp = attn_token_vector(a, tp), *xq = attn_token_vector(a, tq);
	bool random = a->wq != NULL;

	for (int k = 0; k < d; k++) {
		double tpk = (double)p * pow(1e4, -2.0 * (k / 2) / d);
		double tqk = (double)q * pow(1e4, -2.0 * (k / 2) / d);
		bool added = s == ATTN_ADDED;

		u[k] = xp[k] + (added ? (k % 2 ? cos(tpk) : sin(tpk)) : 0.0);
		v[k] = xq[k] + (added ? (k % 2 ? cos(tqk) : sin(tqk)) : 0.0);
	}
	/* the weights; for RoPE half, rows permuted (2i -> i, 2i+1 -> i+h) */
	for (int r = 0; r < d; r++)
		for (int c = 0; c < d; c++) {
			int from = s == ATTN_ROPE_HALF
					   ? (r < h ? 2 * r : 2 * (r - h) + 1) : r;
			wq[r * d + c] = random ? a->wq[from * d + c] : (from == c);
			wk[r * d + c] = random ? a->wk[from * d + c] : (from == c);
		}
	ref_project(wq, d, u, qv);
	ref_project(wk, d, v, kv);
	if (s == ATTN_ROPE) {
		ref_rotate_interleaved(d, (double)p, qv);
		ref_rotate_interleaved(d, (double)q, kv);
	} else if (s == ATTN_ROPE_HALF || s == ATTN_ROPE_MISMATCH) {
		ref_rotate_half(d, (double)p, qv);
		ref_rotate_half(d, (double)q, kv);
	}
	for (int k = 0; k < d; k++)
		score += qv[k] * kv[k];
	if (s == ATTN_ALIBI)
		score -= a->set.slope * fabs((double)(p - q));
	return score;
}

/* ---- tests ---- */

static const long long rows_pos[5] = { 0, 3, 17, 250, 999 };
static const long long cols_pos[6] = { 1, 2, 17, 64, 500, 1000 };

static void expect_all_schemes(struct attn *a)
{
	struct attn_axis rows = { rows_pos, NULL, 5 }, cols = { cols_pos, NULL, 6 };
	int d = a->set.pe.d_model;
	double *work = malloc((size_t)attn_work_size(5, 6, d / 2) * sizeof *work);
	double out[30];

	for (enum attn_scheme s = ATTN_NOPE; s < ATTN_SCHEMES; s++) {
		attn_scores(a, s, &rows, &cols, work, out);
		for (int i = 0; i < 5; i++)
			for (int j = 0; j < 6; j++) {
				double want = ref_score(a, s, rows_pos[i],
							attn_token(a, rows_pos[i]),
							cols_pos[j],
							attn_token(a, cols_pos[j]));

				cr_expect(fabs(out[i * 6 + j] - want) <=
					  1e-12 * (1.0 + fabs(want)),
					  "%s (%lld, %lld): %.17g, want %.17g",
					  attn_scheme_name(s), rows_pos[i],
					  cols_pos[j], out[i * 6 + j], want);
			}
	}
	free(work);
}

Test(attention, scores_match_the_definitions)
{
	struct attn a = model(8, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 5, 0.25);

	expect_all_schemes(&a);
	attn_free(&a);
	a = model(16, ATTN_W_IDENTITY, ATTN_CONTENT_TOKENS, 3, 0.5);
	expect_all_schemes(&a);
	attn_free(&a);
	a = model(32, ATTN_W_RANDOM, ATTN_CONTENT_UNIFORM, 1, 0.125);
	expect_all_schemes(&a);
	attn_free(&a);
}

Test(attention, given_tokens_are_used)
{
	struct attn a = model(8, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 5, 0.0);
	long long pos[2] = { 4, 9 };
	int tok[2] = { 4, 2 };
	struct attn_axis ax = { pos, tok, 2 };
	double work[4 * 4 * 4], out[4];

	attn_scores(&a, ATTN_ADDED, &ax, &ax, work, out);
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++)
			cr_expect(fabs(out[i * 2 + j] -
				       ref_score(&a, ATTN_ADDED, pos[i], tok[i],
						 pos[j], tok[j])) < 1e-12);
	attn_free(&a);
}

/* The spread of scheme s on the grid 0..n-1 x 0..n-1, relative. */
static double rel_spread(struct attn *a, enum attn_scheme s, int n,
			 long long first)
{
	long long *pos = malloc((size_t)n * sizeof *pos);
	struct attn_axis ax = { pos, NULL, n };
	double *work = malloc((size_t)attn_work_size(n, n, a->set.pe.d_model / 2) *
			      sizeof *work);
	double *out = malloc((size_t)n * (size_t)n * sizeof *out);
	double *sw = malloc(2 * (size_t)n * (size_t)n * sizeof *sw);
	struct attn_spread sp;

	for (int k = 0; k < n; k++)
		pos[k] = first + k;
	attn_scores(a, s, &ax, &ax, work, out);
	sp = attn_diagonal_spread(out, &ax, &ax, sw);
	cr_expect(sp.groups == 2 * n - 3, "%d groups", sp.groups);
	cr_expect(sp.scale > 0.0);
	free(pos);
	free(work);
	free(out);
	free(sw);
	return sp.spread / sp.scale;
}

Test(attention, rope_and_alibi_are_relative_added_is_not)
{
	struct attn a = model(64, ATTN_W_IDENTITY, ATTN_CONTENT_UNIFORM, 1, 0.5);
	struct attn b = model(64, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 1, 0.5);
	struct attn c = model(64, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 8, 0.5);
	struct attn *same[2] = { &a, &b };

	for (int k = 0; k < 2; k++) {
		double rope = rel_spread(same[k], ATTN_ROPE, 48, 0);
		double half = rel_spread(same[k], ATTN_ROPE_HALF, 48, 0);
		double mis = rel_spread(same[k], ATTN_ROPE_MISMATCH, 48, 0);
		double alibi = rel_spread(same[k], ATTN_ALIBI, 48, 0);
		double added = rel_spread(same[k], ATTN_ADDED, 48, 0);

		cr_expect(rope < 1e-12, "RoPE %g", rope);
		cr_expect(half < 1e-12, "RoPE half %g", half);
		cr_expect(mis < 1e-12, "RoPE mismatch %g", mis);
		cr_expect(alibi < 1e-12, "ALiBi %g", alibi);
		cr_expect(added > 0.05, "added %g", added);
		/* farther out the angles' rounding shows, still small */
		rope = rel_spread(same[k], ATTN_ROPE, 16, 1000000);
		cr_expect(rope < 1e-9, "RoPE near 1e6: %g", rope);
	}
	/* with different tokens at different positions nothing is a
	 * function of the offset alone */
	cr_expect(rel_spread(&c, ATTN_ROPE, 48, 0) > 0.05);
	cr_expect(rel_spread(&c, ATTN_ALIBI, 48, 0) > 0.01);
	attn_free(&a);
	attn_free(&b);
	attn_free(&c);
}

Test(attention, spread_of_a_known_matrix)
{
	long long r[2] = { 5, 6 }, q[3] = { 4, 5, 6 };
	struct attn_axis rows = { r, NULL, 2 }, cols = { q, NULL, 3 };
	/* offsets: row 5: 1 0 -1; row 6: 2 1 0 */
	double s[6] = { 1.0, 2.0, 3.0, -4.0, 1.5, 2.25 }, work[12];
	struct attn_spread sp = attn_diagonal_spread(s, &rows, &cols, work);

	cr_expect(sp.groups == 2);		/* offsets 0 and 1 */
	cr_expect(sp.spread == 0.5 && sp.offset == 1, "%g at %lld", sp.spread,
		  sp.offset);
	cr_expect(sp.scale == 4.0);
}

Test(attention, the_four_terms_add_up)
{
	struct attn a = model(32, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 6, 0.0);
	struct attn_axis rows = { rows_pos, NULL, 5 }, cols = { cols_pos, NULL, 6 };
	double work[4 * 11 * 16], total[30], t[ATTN_TERMS][30] = { { 0 } };
	double *const out[ATTN_TERMS] = { t[0], t[1], t[2], t[3] };
	double size[ATTN_TERMS];

	attn_scores(&a, ATTN_ADDED, &rows, &cols, work, total);
	/* in two chunks of pairs */
	attn_terms_add(&a, &rows, &cols, 0, 5, work, out);
	attn_terms_add(&a, &rows, &cols, 5, 16, work, out);
	for (int k = 0; k < 30; k++) {
		double sum = t[0][k] + t[1][k] + t[2][k] + t[3][k];

		cr_expect(fabs(sum - total[k]) <= 1e-12 * (1.0 + fabs(total[k])),
			  "%d: %.17g vs %.17g", k, sum, total[k]);
	}
	/* the cross terms are not small: that is what breaks relativity */
	for (int k = 0; k < ATTN_TERMS; k++) {
		size[k] = attn_rms(t[k], 30);
		cr_expect(size[k] > 0.5, "term %d: %g", k, size[k]);
	}
	attn_free(&a);
}

Test(attention, position_term_is_relative_with_identity)
{
	struct attn a = model(64, ATTN_W_IDENTITY, ATTN_CONTENT_TOKENS, 4, 0.0);
	long long pos[40];
	struct attn_axis ax = { pos, NULL, 40 };
	double *work = malloc((size_t)attn_work_size(40, 40, 32) * sizeof *work);
	double *t = calloc(4 * 1600, sizeof *t), sw[2 * 1600];
	double *const out[ATTN_TERMS] = { t, t + 1600, t + 3200, t + 4800 };
	struct attn_spread pp, cp;

	for (int k = 0; k < 40; k++)
		pos[k] = 3 * k;
	attn_terms_add(&a, &ax, &ax, 0, 32, work, out);
	pp = attn_diagonal_spread(out[ATTN_PP], &ax, &ax, sw);
	cp = attn_diagonal_spread(out[ATTN_CP], &ax, &ax, sw);
	cr_expect(pp.spread < 1e-12 * pp.scale, "%g", pp.spread);
	cr_expect(cp.spread > 0.1 * cp.scale, "%g", cp.spread);
	/* PE.PE = sum_i cos((p - q) w_i), 32 at offset 0 */
	cr_expect(fabs(out[ATTN_PP][0] - 32.0) < 1e-12);
	free(work);
	free(t);
	attn_free(&a);
}

Test(attention, each_term_is_its_own_product)
{
	/* uniform content, identity: x.PE_q depends on the key alone,
	 * PE_p.x on the query alone, x.x is 1 */
	struct attn a = model(16, ATTN_W_IDENTITY, ATTN_CONTENT_UNIFORM, 1, 0.0);
	struct attn_axis rows = { rows_pos, NULL, 5 }, cols = { cols_pos, NULL, 6 };
	double work[4 * 11 * 8], t[ATTN_TERMS][30] = { { 0 } };
	double *const out[ATTN_TERMS] = { t[0], t[1], t[2], t[3] };

	attn_terms_add(&a, &rows, &cols, 0, 8, work, out);
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 6; j++) {
			double sq = 0.0, sp = 0.0;

			for (int k = 0; k < 8; k++) {
				double w = pow(1e4, -2.0 * k / 16);

				sq += sin((double)cols_pos[j] * w) + cos((double)cols_pos[j] * w);
				sp += sin((double)rows_pos[i] * w) + cos((double)rows_pos[i] * w);
			}
			cr_expect(fabs(t[ATTN_CC][i * 6 + j] - 1.0) < 1e-15);
			cr_expect(fabs(t[ATTN_CP][i * 6 + j] - sq / 4) < 1e-14);
			cr_expect(fabs(t[ATTN_PC][i * 6 + j] - sp / 4) < 1e-14);
		}
	attn_free(&a);
}

Test(attention, chunks_of_pairs_add_up)
{
	struct attn a = model(32, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 6, 0.3);
	struct attn_axis rows = { rows_pos, NULL, 5 }, cols = { cols_pos, NULL, 6 };
	double work[4 * 11 * 16], whole[30], parts[30], q[2 * 16 * 5],
	       k[2 * 16 * 6];
	static const int cuts[] = { 0, 1, 7, 8, 16 };

	for (enum attn_scheme s = ATTN_NOPE; s < ATTN_SCHEMES; s++) {
		attn_scores(&a, s, &rows, &cols, work, whole);
		memset(parts, 0, sizeof parts);
		for (int c = 4; c > 0; c--) {	/* in reverse order */
			int p0 = cuts[c - 1], p1 = cuts[c];

			attn_vectors(&a, s, ATTN_QUERY, &rows, p0, p1, q);
			attn_vectors(&a, s, ATTN_KEY, &cols, p0, p1, k);
			attn_dots_add(q, 5, k, 6, 2 * (p1 - p0), parts);
		}
		attn_bias_add(&a, s, &rows, &cols, parts);
		for (int j = 0; j < 30; j++)
			cr_expect(fabs(parts[j] - whole[j]) <=
				  1e-13 * (1.0 + fabs(whole[j])), "%s %d",
				  attn_scheme_name(s), j);
	}
	attn_free(&a);
}

Test(attention, dots_of_every_shape)
{
	/* sizes around the 4 x 4 blocks */
	for (int nq = 1; nq <= 9; nq++)
		for (int nk = 1; nk <= 9; nk++) {
			double q[3 * 9], k[3 * 9], out[81];

			for (int c = 0; c < 3; c++) {
				for (int a = 0; a < nq; a++)
					q[c * nq + a] = c + 1 + 0.5 * a;
				for (int b = 0; b < nk; b++)
					k[c * nk + b] = c - 1 - 0.25 * b;
			}
			for (int j = 0; j < nq * nk; j++)
				out[j] = 1.0;
			attn_dots_add(q, nq, k, nk, 3, out);
			for (int a = 0; a < nq; a++)
				for (int b = 0; b < nk; b++) {
					double want = 1.0;

					for (int c = 0; c < 3; c++)
						want += (c + 1 + 0.5 * a) *
							(c - 1 - 0.25 * b);
					cr_expect(out[a * nk + b] == want,
						  "%dx%d (%d, %d)", nq, nk, a, b);
				}
		}
}

Test(attention, rope_half_equals_rope_and_the_mismatch_does_not)
{
	struct attn a = model(32, ATTN_W_RANDOM, ATTN_CONTENT_TOKENS, 6, 0.0);
	struct attn_axis rows = { rows_pos, NULL, 5 }, cols = { cols_pos, NULL, 6 };
	double work[4 * 11 * 16], r[30], h[30], m[30], diff = 0.0, size;

	attn_scores(&a, ATTN_ROPE, &rows, &cols, work, r);
	attn_scores(&a, ATTN_ROPE_HALF, &rows, &cols, work, h);
	attn_scores(&a, ATTN_ROPE_MISMATCH, &rows, &cols, work, m);
	for (int k = 0; k < 30; k++) {
		cr_expect(r[k] == h[k]);
		diff = fmax(diff, fabs(m[k] - r[k]));
	}
	size = attn_rms(r, 30);
	cr_expect(diff > 0.5 * size, "mismatch effect %g of %g", diff, size);
	attn_free(&a);
}

Test(attention, wide_and_far)
{
	/* d 4096, positions near 1e6, in slices of 256 pairs: the closed
	 * forms of the uniform vector with the identity */
	struct attn a = model(4096, ATTN_W_IDENTITY, ATTN_CONTENT_UNIFORM, 1, 0.0);
	long long p[2] = { 999999, 1000000 }, q[3] = { 3, 500000, 999990 };
	struct attn_axis rows = { p, NULL, 2 }, cols = { q, NULL, 3 };
	double qv[2 * 256 * 2], kv[2 * 256 * 3], added[6] = { 0 }, rope[6] = { 0 };

	for (int i0 = 0; i0 < 2048; i0 += 256) {
		attn_vectors(&a, ATTN_ADDED, ATTN_QUERY, &rows, i0, i0 + 256, qv);
		attn_vectors(&a, ATTN_ADDED, ATTN_KEY, &cols, i0, i0 + 256, kv);
		attn_dots_add(qv, 2, kv, 3, 512, added);
		attn_vectors(&a, ATTN_ROPE, ATTN_QUERY, &rows, i0, i0 + 256, qv);
		attn_vectors(&a, ATTN_ROPE, ATTN_KEY, &cols, i0, i0 + 256, kv);
		attn_dots_add(qv, 2, kv, 3, 512, rope);
	}
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++) {
			double sp = 0.0, sq = 0.0, cosines = 0.0;

			for (int k = 0; k < 2048; k++) {
				double w = pow(1e4, -2.0 * k / 4096);

				sp += sin((double)p[i] * w) + cos((double)p[i] * w);
				sq += sin((double)q[j] * w) + cos((double)q[j] * w);
				cosines += cos((double)(p[i] - q[j]) * w);
			}
			cr_expect(fabs(added[i * 3 + j] -
				       (1.0 + (sp + sq) / 64.0 + cosines)) < 1e-7);
			cr_expect(fabs(rope[i * 3 + j] - cosines / 2048.0) < 1e-10);
		}
	attn_free(&a);
}

Test(attention, fill_in_steps)
{
	struct attn_setup s = { { 16, 1e4, PE_CONCAT }, ATTN_W_RANDOM,
				ATTN_CONTENT_TOKENS, 4, 3, 0.0 };
	struct attn a, b;
	int steps = 0;

	cr_assert(attn_init(&a, &s) && attn_init(&b, &s));
	cr_expect(a.steps == 4 + 2 * 16 + 2 * 4);
	while (!attn_fill_step(&a))
		steps++;
	cr_expect(steps + 1 == a.steps);
	cr_expect(attn_fill_step(&a));
	attn_fill(&b);
	cr_expect(memcmp(a.wq, b.wq, 256 * sizeof(double)) == 0);
	cr_expect(memcmp(a.ktok, b.ktok, 64 * sizeof(double)) == 0);
	/* entries N(0, 1/d): the 512 weights' variance near 1/16 */
	{
		double sq = 0.0;

		for (int k = 0; k < 256; k++)
			sq += a.wq[k] * a.wq[k] + a.wk[k] * a.wk[k];
		cr_expect(fabs(sq / 512 - 1.0 / 16) < 0.02, "%g", sq / 512);
	}
	attn_free(&a);
	attn_free(&b);
}

Test(attention, tokens_and_setup)
{
	struct attn a = model(8, ATTN_W_IDENTITY, ATTN_CONTENT_TOKENS, 7, 0.0);
	struct attn_setup bad = a.set;
	int count[7] = { 0 };

	for (long long p = 0; p < 7000; p++) {
		int t = attn_token(&a, p);

		cr_assert(t >= 0 && t < 7);
		cr_expect(attn_token(&a, p) == t);
		count[t]++;
	}
	for (int t = 0; t < 7; t++)
		cr_expect(count[t] > 850 && count[t] < 1150, "%d", count[t]);
	cr_expect(attn_token(&a, PE_LEN_MAX) >= 0);
	{
		struct attn_setup other = a.set;
		struct attn o;
		int same = 0;

		other.seed = 12;	/* model() seeds 11 */
		cr_assert(attn_init(&o, &other));
		attn_fill(&o);
		for (long long p = 0; p < 700; p++)
			same += attn_token(&a, p) == attn_token(&o, p);
		cr_expect(same < 200, "%d of 700 alike", same);
		attn_free(&o);
	}
	bad.weights = ATTN_W_RANDOM;
	bad.pe.d_model = 2048;
	cr_expect(!attn_setup_valid(&bad));
	bad.pe.d_model = 1024;
	cr_expect(attn_setup_valid(&bad));
	bad.vocab = 0;
	cr_expect(!attn_setup_valid(&bad));
	bad.vocab = ATTN_VOCAB_MAX + 1;
	cr_expect(!attn_setup_valid(&bad));
	bad.vocab = 1;
	bad.slope = -1.0;
	cr_expect(!attn_setup_valid(&bad));
	cr_expect(!attn_setup_valid(NULL));
	cr_expect(attn_alibi_slope(1, 8) == 0.5);
	cr_expect(attn_alibi_slope(8, 8) == 1.0 / 256);
	cr_expect_str_eq(attn_scheme_name(ATTN_ROPE_MISMATCH), "RoPE mismatch");
	cr_expect_str_eq(attn_scheme_name(ATTN_SCHEMES), "?");
	attn_free(&a);
}

/* ---- residual maps and the robust scale ---- */

/* The residual of a grid of L positions (0, 3, 6, ...) of scheme s, worked
 * out here: each score minus the mean of its diagonal p - q, the means
 * summed by hand; returns max |residual| / max |s| and checks the engine
 * against it. */
static double rel_residual(const struct attn *a, enum attn_scheme sch, int L)
{
	long long pos[64];
	struct attn_axis ax = { pos, NULL, L };
	size_t n = (size_t)L * (size_t)L;
	double *s = malloc(n * sizeof *s), *r = malloc(n * sizeof *r);
	double *w = malloc((size_t)attn_work_size(L, L, a->set.pe.d_model / 2) *
			   sizeof *w + 3 * n * sizeof *w);
	double worst = 0.0, top = 0.0;

	cr_assert(s && r && w);
	for (int k = 0; k < L; k++)
		pos[k] = 3 * k;
	attn_scores(a, sch, &ax, &ax, w, s);
	attn_diagonal_residual(s, &ax, &ax, r, w);
	for (int i = 0; i < L; i++)
		for (int j = 0; j < L; j++) {
			double sum = 0.0;
			int cnt = 0;

			for (int u = 0; u < L; u++)
				if (u - (i - j) >= 0 && u - (i - j) < L) {
					sum += s[u * L + u - (i - j)];
					cnt++;
				}
			cr_assert_float_eq(r[i * L + j], s[i * L + j] - sum / cnt,
					   1e-12 * (1 + fabs(s[i * L + j])));
			worst = fmax(worst, fabs(r[i * L + j]));
			top = fmax(top, fabs(s[i * L + j]));
		}
	free(s);
	free(r);
	free(w);
	return worst / top;
}

/* The residual maps of the attention view: RoPE's and ALiBi's are 0 to
 * 1e-12 (ALiBi's exactly), added PE's is not, with W the identity and
 * random alike. */
Test(attention, residuals_vanish_for_rope_and_alibi_not_for_added)
{
	struct attn a = model(64, ATTN_W_IDENTITY, ATTN_CONTENT_UNIFORM, 1, 0.5);
	struct attn b = model(64, ATTN_W_RANDOM, ATTN_CONTENT_UNIFORM, 1, 0.5);
	struct attn *m[2] = { &a, &b };

	for (int k = 0; k < 2; k++) {
		double rope = rel_residual(m[k], ATTN_ROPE, 40);
		double alibi = rel_residual(m[k], ATTN_ALIBI, 40);
		double added = rel_residual(m[k], ATTN_ADDED, 40);

		cr_expect(rope < 1e-12, "RoPE %g", rope);
		cr_expect(alibi == 0.0, "ALiBi %g", alibi);
		cr_expect(added > 1e-3, "added %g", added);
	}
	attn_free(&a);
	attn_free(&b);
}

/* The robust scale: the nearest-rank fraction of |s| off the diagonal,
 * whatever the diagonal holds. */
Test(attention, offdiag_quantile_of_a_known_matrix)
{
	long long p[3] = { 0, 1, 2 };
	struct attn_axis ax = { p, NULL, 3 };
	/* off the diagonal: 1 -2 3 -4 5 6 */
	double s[9] = { 100, 1, -2, 3, 100, -4, 5, 6, -100 }, w[9];

	cr_expect(attn_offdiag_quantile(s, &ax, &ax, 1.0, w) == 6.0);
	cr_expect(attn_offdiag_quantile(s, &ax, &ax, 0.5, w) == 3.0);
	cr_expect(attn_offdiag_quantile(s, &ax, &ax, 0.98, w) == 6.0);
	cr_expect(attn_offdiag_quantile(s, &ax, &ax, 0.1, w) == 1.0);
	cr_expect(attn_offdiag_quantile(s, &(struct attn_axis){ p, NULL, 1 },
					&(struct attn_axis){ p, NULL, 1 }, 0.9, w)
		  == 100.0, "one entry, on the diagonal: max |s|");
}

/* ALiBi's slopes against the paper's get_slopes
 * (ofirpress/attention_with_linear_biases, fairseq/models/transformer.py),
 * worked by hand at H = 12: the 8 slopes of 8 heads, 2^-1 .. 2^-8, then
 * every other one of 16 heads, 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5; so the
 * first head's is 0.5, not 2^(-8/12) = 0.63. With ALIBI_DUMP set this
 * writes "H h slope" for every h <= H <= 64, which tests/e2e/alibi.sh
 * checks against a Python port of get_slopes. */
Test(attention, alibi_slopes_follow_get_slopes)
{
	static const double h12[12] = { -1, -2, -3, -4, -5, -6, -7, -8,
					 -0.5, -1.5, -2.5, -3.5 };
	const char *path = getenv("ALIBI_DUMP");

	for (int h = 1; h <= 12; h++)
		cr_expect(fabs(attn_alibi_slope(h, 12) / pow(2.0, h12[h - 1]) - 1.0) < 1e-15,
			  "head %d of 12: %.17g", h, attn_alibi_slope(h, 12));
	cr_expect(attn_alibi_slope(1, 12) == 0.5);
	cr_expect(attn_alibi_slope(1, 1) == 1.0 / 256);
	/* H = 3: 2^-4, 2^-8, then 2^-2 */
	cr_expect(attn_alibi_slope(3, 3) == 0.25);
	if (path) {
		FILE *f = fopen(path, "w");

		cr_assert_not_null(f);
		for (int n = 1; n <= 64; n++)
			for (int h = 1; h <= n; h++)
				fprintf(f, "%d %d %.17g\n", n, h, attn_alibi_slope(h, n));
		cr_assert_eq(fclose(f), 0);
	}
}
