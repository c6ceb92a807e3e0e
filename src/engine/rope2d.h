/* rope2d.h - RoPE for positions that are not one number: an image of
 * rows x cols patches, or a text-image-text (or video) sequence.
 *
 * Every variant is one table of frequencies f[axis][j] over three axes
 * (0 time, 1 height or row, 2 width or column) and the pairs j: pair j of
 * a token whose position ids are (t, h, w) turns by
 *     angle_j = t f[0][j] + h f[1][j] + w f[2][j],
 * and the similarity of two tokens a, b is RoFormer's sum of cosines for
 * the content q = k = (1, 0) in every pair, divided by the pairs:
 *     sim(a, b) = (1/P) sum_j cos(angle_j(a) - angle_j(b)),
 * 1 for a token with itself. The variants, each as its reference code:
 *
 *   axial    naver-ai/rope-vit, deit/models_v2_rope.py, compute_axial_cis
 *            (Heo et al. 2024, arXiv 2403.13298): head dim 64, theta 100,
 *            mag_i = 1 / theta^(4i/64) for i < 16; pairs 0..15 turn with
 *            the column (t_x = t % end_x) at mag_i, pairs 16..31 with the
 *            row (t_y = t // end_x) at mag_i;
 *   mixed    the same file's init_random_2d_freqs (RoPE-Mixed), theta 10,
 *            one head: an angle a uniform in [0, 2 pi) (torch.rand there;
 *            here a fixed seed of pescope's generator, rng_hash), pairs
 *            i < 16 turn by mag_i (x cos a + y sin a), pairs 16 + i by
 *            mag_i (x cos(pi/2 + a) + y sin(pi/2 + a)). These are the
 *            initial values: training learns them;
 *   mrope    Qwen2-VL, transformers' models/qwen2_vl/modeling_qwen2_vl.py
 *            (v4.5x, commit 00b676f8): 64 pairs (head dim 128), inv_freq_j
 *            = 1 / 1e6^(2j/128) (rope_theta 1000000), and
 *            apply_multimodal_rotary_pos_emb's mrope_section [16, 24, 24]:
 *            pairs 0..15 turn with t, 16..39 with h, 40..63 with w;
 *   mrope-i  Qwen3-VL's interleaved layout, models/qwen3_vl/
 *            modeling_qwen3_vl.py (commit 00709b86), apply_interleaved_mrope
 *            with its own mrope_section [24, 20, 20]: pair j turns with h
 *            for j = 1, 4, .., 58, with w for j = 2, 5, .., 59, else with
 *            t; inv_freq kept as Qwen2-VL's, so that only the sections
 *            and their layout differ.
 *
 * Position ids. The ViT variants give patch (row, col) the ids (0, row,
 * col). The M-RoPE variants number a sequence of `text` text tokens, a
 * frames x rows x cols vision grid (in the language model's tokens, after
 * the 2 x 2 merge) and `text` more text tokens as Qwen2VLModel
 * .get_rope_index does: text token i has (i, i, i); vision token
 * (t, h, w) has (text + t, text + h, text + w); the text after it starts
 * at the largest id so far + 1. Qwen3-VL numbers a video's frames with
 * timestamps instead; not shown.
 *
 * Pure C11 and libm, no I/O, no globals. */
#ifndef ROPE2D_H
#define ROPE2D_H

#include <stdbool.h>

enum rope2d_variant {
	ROPE2D_AXIAL,
	ROPE2D_MIXED,
	ROPE2D_MROPE,
	ROPE2D_MROPE_IL,
	ROPE2D_VARIANTS		/* number of variants, not a variant */
};

enum {
	ROPE2D_PAIRS_MAX = 64,
	ROPE2D_VIT_PAIRS = 32,	/* rope-vit's head dim 64 (DeiT-S, ViT-B) */
	ROPE2D_SIDE_MAX = 32,	/* rows, cols */
	ROPE2D_FRAMES_MAX = 4,
	ROPE2D_TEXT_MAX = 8
};

#define ROPE2D_AXIAL_THETA 100.0
#define ROPE2D_MIXED_THETA 10.0
#define ROPE2D_MROPE_THETA 1e6

/* The seed of RoPE-Mixed's angle (what torch.rand draws in rope-vit). */
#define ROPE2D_MIXED_SEED 2024u

struct rope2d_params {
	enum rope2d_variant variant;
	int rows, cols;		/* 1 .. ROPE2D_SIDE_MAX */
	int frames;		/* 1 .. ROPE2D_FRAMES_MAX; the ViT variants
				 * read 1 */
	int text;		/* text tokens before and after the vision
				 * grid, 1 .. ROPE2D_TEXT_MAX (M-RoPE) */
};

struct rope2d_freqs {
	int pairs;				/* P */
	double f[3][ROPE2D_PAIRS_MAX];		/* t, h (row), w (col) */
	double mixed_angle;			/* mixed: a; else 0 */
};

/* True when p's fields are in their ranges. */
/* For tests only. */
bool rope2d_params_valid(const struct rope2d_params *p);

/* The word of variant v ("axial", "mixed", "mrope", "mrope-i"), NULL past
 * the last. */
const char *rope2d_variant_word(int v);

/* Whether v is one of the M-RoPE variants (a sequence with time). */
bool rope2d_is_mrope(enum rope2d_variant v);

/* The frames p's grid has: p->frames for M-RoPE, else 1. */
int rope2d_frames(const struct rope2d_params *p);

/* The frequency table of variant v (the contract above). */
void rope2d_freqs(enum rope2d_variant v, struct rope2d_freqs *out);

/* The axis pair j turns with (0 t, 1 h, 2 w), or -1 when more than one
 * (RoPE-Mixed). */
int rope2d_pair_axis(const struct rope2d_freqs *fr, int j);

/* The position ids of vision patch (frame, row, col) under p. */
void rope2d_patch_ids(const struct rope2d_params *p, int frame, int row,
		      int col, long long id[3]);

/* The tokens of p's sequence: 2 text + frames rows cols for M-RoPE; the
 * rows cols patches for the ViT variants. */
int rope2d_tokens(const struct rope2d_params *p);

/* The position ids of token i (0 .. rope2d_tokens - 1) of p's sequence,
 * and whether it is a text token. */
bool rope2d_token_ids(const struct rope2d_params *p, int i, long long id[3]);

/* sim(a, b) of the contract: in [-1, 1], 1 when a = b. O(P). */
double rope2d_sim(const struct rope2d_freqs *fr, const long long a[3],
		  const long long b[3]);

/* sim(q, k) for every patch k of p's grid into out[frames][rows][cols]
 * (frames of rope2d_frames). A pair that turns with one axis adds a term
 * of that axis' coordinate alone, so those pairs cost O(P (F + R + C))
 * cosines and each patch one sum; only RoPE-Mixed's pairs cost O(P) a
 * patch. Equal to rope2d_sim to rounding (the sum runs in another
 * order). */
void rope2d_sim_grid(const struct rope2d_freqs *fr,
		     const struct rope2d_params *p, const long long q[3],
		     double *out);

#endif
