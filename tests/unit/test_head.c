/* test_head.c - unit tests of src/engine/head.c: one attention head over a
 * sentence, and order-blindness measured: without positions a shuffle
 * only moves the outputs, with added PE, RoPE or ALiBi it changes them,
 * and a causal mask leaks order even without positions.
 *
 * The reference recomputes the head by hand from the model's token
 * vectors and scores (attention.c, tested in test_attention.c), W_V drawn
 * from its documented stream, and a softmax written out here. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/head.h"
#include "engine/rng.h"

static const int sentence[7] = { 3, 1, 4, 1, 5, 9, 2 };	/* "the" twice */

static struct head_setup setup(enum attn_scheme s, bool causal)
{
	return (struct head_setup){ .d = 16, .base = 1e4, .vocab = 10,
				    .seed = 2024, .scheme = s, .slope = 0.5,
				    .causal = causal };
}

Test(head, outputs_match_a_hand_computation)
{
	struct head_setup h = setup(ATTN_ADDED, true);
	struct attn_setup as = { { 16, 1e4, PE_INTERLEAVED }, ATTN_W_RANDOM,
				 ATTN_CONTENT_TOKENS, 10, 2024, 0.5 };
	struct attn a;
	long long pos[7];
	struct attn_axis ax = { pos, sentence, 7 };
	double out[7 * 16], s[49], work[4 * 14 * 8], wv[256];

	cr_assert(head_setup_valid(&h));
	cr_assert(head_run(&h, sentence, 7, out));
	cr_assert(attn_init(&a, &as));
	attn_fill(&a);
	for (int j = 0; j < 7; j++)
		pos[j] = j;
	attn_scores(&a, ATTN_ADDED, &ax, &ax, work, s);
	for (int r = 0; r < 16; r++)
		rng_gauss_fill(2024, rng_stream_of(RNG_STREAM_WV_ROW, (uint64_t)r),
			       0.25, 16, wv + 16 * r);
	for (int q = 0; q < 7; q++) {
		double wsum = 0.0, want[16] = { 0 };

		for (int b = 0; b <= q; b++) {
			double e = exp(s[q * 7 + b] / 4.0), u[16];

			for (int c = 0; c < 16; c++) {
				double w = pow(1e4, -2.0 * (c / 2) / 16);

				u[c] = attn_token_vector(&a, sentence[b])[c] +
				       (c % 2 ? cos(b * w) : sin(b * w));
			}
			for (int r = 0; r < 16; r++) {
				double v = 0.0;

				for (int c = 0; c < 16; c++)
					v += wv[16 * r + c] * u[c];
				want[r] += e * v;
			}
			wsum += e;
		}
		for (int r = 0; r < 16; r++)
			cr_expect(fabs(out[q * 16 + r] - want[r] / wsum) < 1e-12,
				  "token %d, component %d", q, r);
	}
	attn_free(&a);
}

Test(head, without_positions_a_shuffle_only_moves_outputs)
{
	struct head_setup h = setup(ATTN_NOPE, false);
	double out[7 * 16], sh[7 * 16];
	struct head_order o;

	cr_assert(head_shuffle(&h, sentence, 7, 1, out, sh, &o));
	cr_expect(o.scale > 0.1);
	cr_expect(o.diff <= 1e-15 * o.scale, "%g of %g", o.diff, o.scale);
	/* the two "1" tokens get the same output: nothing tells them apart */
	for (int c = 0; c < 16; c++)
		cr_expect(fabs(out[1 * 16 + c] - out[3 * 16 + c]) <= 1e-15);
	/* and the permutation moved something */
	{
		int moved = 0;

		for (int i = 0; i < 7; i++)
			moved += o.perm[i] != i;
		cr_expect(moved >= 2);
	}
}

Test(head, positions_make_order_matter)
{
	static const enum attn_scheme schemes[] = { ATTN_ADDED, ATTN_ROPE,
						    ATTN_ALIBI };
	struct head_order o;

	for (size_t k = 0; k < 3; k++) {
		struct head_setup h = setup(schemes[k], false);

		cr_assert(head_shuffle(&h, sentence, 7, 1, NULL, NULL, &o));
		cr_expect(o.diff > 0.02 * o.scale, "%s: %g of %g",
			  attn_scheme_name(schemes[k]), o.diff, o.scale);
	}
}

Test(head, a_causal_mask_leaks_order)
{
	struct head_setup h = setup(ATTN_NOPE, true);
	struct head_order o;

	cr_assert(head_shuffle(&h, sentence, 7, 1, NULL, NULL, &o));
	cr_expect(o.diff > 0.02 * o.scale, "%g of %g", o.diff, o.scale);
}

Test(head, setup_checks)
{
	struct head_setup h = setup(ATTN_ROPE, false);

	cr_expect(head_setup_valid(&h));
	h.d = 66;
	cr_expect(!head_setup_valid(&h));
	h.d = 15;
	cr_expect(!head_setup_valid(&h));
	h.d = 16;
	h.scheme = ATTN_SCHEMES;
	cr_expect(!head_setup_valid(&h));
	h.scheme = ATTN_ROPE;
	h.vocab = 0;
	cr_expect(!head_setup_valid(&h));
	cr_expect(!head_setup_valid(NULL));
}
