/* test_rope2d.c - unit tests of src/engine/rope2d.c and of the knobs that
 * feed it (views/view_grid.h): the pairs each axis turns (Qwen2-VL's
 * mrope_section [16, 24, 24], Qwen3-VL's interleaved [24, 20, 20], rope-vit's
 * halves), the position ids of get_rope_index's own docstring example, the
 * similarity's symmetries, and the parameters the grid view's knobs give at
 * the ends of their ranges. The series against NumPy ports of the reference
 * code: tests/e2e/grid.sh. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/rope2d.h"
#include "model/catalog.h"
#include "model/state.h"
#include "views/view_grid.h"
#include "views/views.h"

/* How many pairs of variant v turn with each axis (-1: mixed, in [3]). */
static void count_axes(enum rope2d_variant v, int n[4])
{
	struct rope2d_freqs fr;

	rope2d_freqs(v, &fr);
	n[0] = n[1] = n[2] = n[3] = 0;
	for (int j = 0; j < fr.pairs; j++) {
		int a = rope2d_pair_axis(&fr, j);

		n[a < 0 ? 3 : a]++;
	}
}

Test(rope2d, sections)
{
	int n[4];
	struct rope2d_freqs fr;

	count_axes(ROPE2D_MROPE, n);
	cr_expect(n[0] == 16 && n[1] == 24 && n[2] == 24 && n[3] == 0);
	count_axes(ROPE2D_MROPE_IL, n);
	cr_expect(n[0] == 24 && n[1] == 20 && n[2] == 20 && n[3] == 0);
	count_axes(ROPE2D_AXIAL, n);
	cr_expect(n[0] == 0 && n[1] == 16 && n[2] == 16 && n[3] == 0);
	count_axes(ROPE2D_MIXED, n);
	cr_expect(n[3] == 32, "every RoPE-Mixed pair turns with both axes");

	/* chunked: pair 15 is t's last, 16 h's first, 40 w's first */
	rope2d_freqs(ROPE2D_MROPE, &fr);
	cr_expect(rope2d_pair_axis(&fr, 15) == 0);
	cr_expect(rope2d_pair_axis(&fr, 16) == 1);
	cr_expect(rope2d_pair_axis(&fr, 39) == 1);
	cr_expect(rope2d_pair_axis(&fr, 40) == 2);
	/* interleaved: t h w t h w ..., h to 58, w to 59, then t */
	rope2d_freqs(ROPE2D_MROPE_IL, &fr);
	cr_expect(rope2d_pair_axis(&fr, 0) == 0);
	cr_expect(rope2d_pair_axis(&fr, 1) == 1);
	cr_expect(rope2d_pair_axis(&fr, 2) == 2);
	cr_expect(rope2d_pair_axis(&fr, 58) == 1);
	cr_expect(rope2d_pair_axis(&fr, 59) == 2);
	cr_expect(rope2d_pair_axis(&fr, 61) == 0);
	cr_expect(rope2d_pair_axis(&fr, 62) == 0);
	/* inv_freq of pair j is 1e6^(-j/64) */
	cr_expect(fabs(fr.f[0][0] - 1.0) < 1e-15);
	cr_expect(fabs(fr.f[1][1] - pow(1e6, -1.0 / 64)) < 1e-15);
}

/* get_rope_index's docstring: a video of 3 x 2 x 2, then text: t 0 0 0 0
 * 1 1 1 1 2 2 2 2, h 0 0 1 1 ..., w 0 1 0 1 ..., text from 3 (here after
 * one text token, so every id is one more). */
Test(rope2d, ids_of_the_docstring)
{
	struct rope2d_params p = { ROPE2D_MROPE, 2, 2, 3, 1 };
	static const int t[] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2 };
	static const int h[] = { 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1 };
	static const int w[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
	long long id[3];

	cr_assert_eq(rope2d_tokens(&p), 1 + 12 + 1);
	cr_expect(rope2d_token_ids(&p, 0, id));
	cr_expect(id[0] == 0 && id[1] == 0 && id[2] == 0);
	for (int i = 0; i < 12; i++) {
		cr_expect(!rope2d_token_ids(&p, 1 + i, id));
		cr_expect(id[0] == 1 + t[i] && id[1] == 1 + h[i] &&
			  id[2] == 1 + w[i], "token %d", 1 + i);
	}
	cr_expect(rope2d_token_ids(&p, 13, id));
	cr_expect(id[0] == 4 && id[1] == 4 && id[2] == 4,
		  "the text goes on from the largest id + 1");
}

Test(rope2d, similarity)
{
	struct rope2d_params p = { ROPE2D_AXIAL, 6, 9, 1, 2 };
	struct rope2d_freqs fr;
	long long a[3], b[3], c[3];

	for (int v = 0; v < ROPE2D_VARIANTS; v++) {
		p.variant = (enum rope2d_variant)v;
		rope2d_freqs(p.variant, &fr);
		rope2d_patch_ids(&p, 0, 2, 3, a);
		cr_expect(fabs(rope2d_sim(&fr, a, a) - 1.0) < 1e-15);
		rope2d_patch_ids(&p, 0, 5, 7, b);
		cr_expect(fabs(rope2d_sim(&fr, a, b) - rope2d_sim(&fr, b, a)) <
			  1e-15, "symmetric");
		cr_expect(rope2d_sim(&fr, a, b) < 1.0);
	}
	/* axial: a sum of a column term and a row term */
	rope2d_freqs(ROPE2D_AXIAL, &fr);
	p.variant = ROPE2D_AXIAL;
	rope2d_patch_ids(&p, 0, 0, 0, a);
	rope2d_patch_ids(&p, 0, 3, 0, b);
	rope2d_patch_ids(&p, 0, 0, 5, c);
	{
		long long d[3];

		rope2d_patch_ids(&p, 0, 3, 5, d);
		cr_expect(fabs(rope2d_sim(&fr, a, d) -
			       (rope2d_sim(&fr, a, b) + rope2d_sim(&fr, a, c) -
				1.0)) < 1e-14);
	}
}

Test(rope2d, knobs_give_valid_params)
{
	const struct catalog *cat = views_catalog();
	struct settings start = { { 128, 1e4, PE_INTERLEAVED }, 128, 100, 90 };
	int v = catalog_find(cat, "grid"), row, col;
	struct state s;
	struct rope2d_params p;

	cr_assert(v >= 0);
	state_init(&s, cat, &start);
	grid_rope2d_params(&s, &p, &row, &col);
	cr_expect(rope2d_params_valid(&p));
	cr_expect(row == p.rows - 1 && col == p.cols - 1,
		  "the patch stays inside the grid");
	for (int k = 0; k < cat->view[v]->nknobs; k++) {
		double lo, hi;

		catalog_knob_range(&cat->view[v]->knob[k], 128, &lo, &hi);
		state_set_knob(&s, v, k, lo);
		grid_rope2d_params(&s, &p, &row, &col);
		cr_expect(rope2d_params_valid(&p), "%s at %g",
			  cat->view[v]->knob[k].word, lo);
		cr_expect(row < p.rows && col < p.cols);
		state_set_knob(&s, v, k, hi);
		grid_rope2d_params(&s, &p, &row, &col);
		cr_expect(rope2d_params_valid(&p), "%s at %g",
			  cat->view[v]->knob[k].word, hi);
	}
}

/* The grid's sums, by axis, against the pair-by-pair sum of every patch. */
Test(rope2d, sim_grid_is_sim)
{
	struct rope2d_params p = { ROPE2D_AXIAL, 5, 7, 3, 4 };
	static double out[ROPE2D_FRAMES_MAX * 5 * 7];

	for (int v = 0; v < ROPE2D_VARIANTS; v++) {
		struct rope2d_freqs fr;
		long long q[3];
		int i = 0;

		p.variant = (enum rope2d_variant)v;
		rope2d_freqs(p.variant, &fr);
		rope2d_patch_ids(&p, 0, 3, 1, q);
		rope2d_sim_grid(&fr, &p, q, out);
		for (int f = 0; f < rope2d_frames(&p); f++)
			for (int r = 0; r < p.rows; r++)
				for (int c = 0; c < p.cols; c++, i++) {
					long long k[3];

					rope2d_patch_ids(&p, f, r, c, k);
					cr_expect(fabs(out[i] - rope2d_sim(&fr, q, k)) <
						  1e-14, "%s (%d, %d, %d)",
						  rope2d_variant_word(v), f, r, c);
				}
	}
}
