/* rope2d.c - 2-D RoPE and M-RoPE as frequency tables over three axes
 * (see rope2d.h for the contract and the sources). */
#include "engine/rope2d.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/rng.h"

/* Qwen2-VL's and Qwen3-VL's mrope_section: pairs per axis (t, h, w). */
static const int section_chunked[3] = { 16, 24, 24 };
static const int section_interleaved[3] = { 24, 20, 20 };

bool rope2d_params_valid(const struct rope2d_params *p)
{
	return p->variant >= 0 && p->variant < ROPE2D_VARIANTS &&
	       p->rows >= 1 && p->rows <= ROPE2D_SIDE_MAX &&
	       p->cols >= 1 && p->cols <= ROPE2D_SIDE_MAX &&
	       p->frames >= 1 && p->frames <= ROPE2D_FRAMES_MAX &&
	       p->text >= 1 && p->text <= ROPE2D_TEXT_MAX;
}

const char *rope2d_variant_word(int v)
{
	static const char *const words[ROPE2D_VARIANTS] = {
		"axial", "mixed", "mrope", "mrope-i"
	};

	return v >= 0 && v < ROPE2D_VARIANTS ? words[v] : NULL;
}

bool rope2d_is_mrope(enum rope2d_variant v)
{
	return v == ROPE2D_MROPE || v == ROPE2D_MROPE_IL;
}

int rope2d_frames(const struct rope2d_params *p)
{
	return rope2d_is_mrope(p->variant) ? p->frames : 1;
}

/* rope-vit's mag_i = 1 / theta^(4i / 64): torch.arange(0, dim, 4)[:dim//4]
 * / dim with dim 64. */
static double vit_mag(double theta, int i)
{
	return 1.0 / pow(theta, 4.0 * i / (2.0 * ROPE2D_VIT_PAIRS));
}

/* The axis M-RoPE pair j turns with: chunked, the section that holds j
 * (apply_multimodal_rotary_pos_emb's split, m[i % 3]); interleaved, h at
 * 1, 4, .. < 3 s_h and w at 2, 5, .. < 3 s_w (apply_interleaved_mrope),
 * else t. */
static int mrope_axis(int j, bool interleaved)
{
	if (interleaved) {
		if (j % 3 == 1 && j < 3 * section_interleaved[1])
			return 1;
		if (j % 3 == 2 && j < 3 * section_interleaved[2])
			return 2;
		return 0;
	}
	return j < section_chunked[0] ? 0
	       : j < section_chunked[0] + section_chunked[1] ? 1 : 2;
}

void rope2d_freqs(enum rope2d_variant v, struct rope2d_freqs *out)
{
	const double two_pi = 2.0 * acos(-1.0);
	int quarter = ROPE2D_VIT_PAIRS / 2;

	*out = (struct rope2d_freqs){ 0 };
	if (rope2d_is_mrope(v)) {
		out->pairs = ROPE2D_PAIRS_MAX;
		for (int j = 0; j < out->pairs; j++)
			out->f[mrope_axis(j, v == ROPE2D_MROPE_IL)][j] =
				1.0 / pow(ROPE2D_MROPE_THETA,
					  2.0 * j / (2.0 * ROPE2D_PAIRS_MAX));
		return;
	}
	out->pairs = ROPE2D_VIT_PAIRS;
	if (v == ROPE2D_AXIAL) {
		/* torch.cat([freqs_cis_x, freqs_cis_y]): columns first */
		for (int i = 0; i < quarter; i++) {
			out->f[2][i] = vit_mag(ROPE2D_AXIAL_THETA, i);
			out->f[1][quarter + i] = vit_mag(ROPE2D_AXIAL_THETA, i);
		}
		return;
	}
	/* the top 53 bits of a hash, as rng_uniform takes them */
	out->mixed_angle = (double)(rng_hash(ROPE2D_MIXED_SEED, 0, 0) >> 11) *
			   0x1p-53 * two_pi;
	for (int i = 0; i < quarter; i++) {
		double m = vit_mag(ROPE2D_MIXED_THETA, i);
		double a = out->mixed_angle, b = two_pi / 4 + a;

		out->f[2][i] = m * cos(a);
		out->f[1][i] = m * sin(a);
		out->f[2][quarter + i] = m * cos(b);
		out->f[1][quarter + i] = m * sin(b);
	}
}

int rope2d_pair_axis(const struct rope2d_freqs *fr, int j)
{
	int axis = -1;

	for (int a = 0; a < 3; a++)
		if (fr->f[a][j] != 0.0) {
			if (axis >= 0)
				return -1;
			axis = a;
		}
	return axis;
}

void rope2d_patch_ids(const struct rope2d_params *p, int frame, int row,
		      int col, long long id[3])
{
	long long base = rope2d_is_mrope(p->variant) ? p->text : 0;

	id[0] = rope2d_is_mrope(p->variant) ? base + frame : 0;
	id[1] = base + row;
	id[2] = base + col;
}

int rope2d_tokens(const struct rope2d_params *p)
{
	int grid = rope2d_frames(p) * p->rows * p->cols;

	return rope2d_is_mrope(p->variant) ? 2 * p->text + grid : grid;
}

bool rope2d_token_ids(const struct rope2d_params *p, int i, long long id[3])
{
	int plane = p->rows * p->cols, grid = rope2d_frames(p) * plane;
	int before = rope2d_is_mrope(p->variant) ? p->text : 0;
	long long next;

	if (i < before) {
		id[0] = id[1] = id[2] = i;
		return true;
	}
	if (i < before + grid) {
		int v = i - before;

		rope2d_patch_ids(p, v / plane, v % plane / p->cols,
				 v % p->cols, id);
		return false;
	}
	/* the largest id of the grid + 1: text + max(F, R, C) */
	next = rope2d_frames(p) > p->rows ? rope2d_frames(p) : p->rows;
	next = before + (p->cols > next ? p->cols : next);
	id[0] = id[1] = id[2] = next + (i - before - grid);
	return true;
}

/* cos of pair j's angle difference between tokens a and b. */
static double pair_cos(const struct rope2d_freqs *fr, int j,
		       const long long a[3], const long long b[3])
{
	return cos((double)(a[0] - b[0]) * fr->f[0][j] +
		   (double)(a[1] - b[1]) * fr->f[1][j] +
		   (double)(a[2] - b[2]) * fr->f[2][j]);
}

double rope2d_sim(const struct rope2d_freqs *fr, const long long a[3],
		  const long long b[3])
{
	double sum = 0.0;

	for (int j = 0; j < fr->pairs; j++)
		sum += pair_cos(fr, j, a, b);
	return sum / fr->pairs;
}

void rope2d_sim_grid(const struct rope2d_freqs *fr,
		     const struct rope2d_params *p, const long long q[3],
		     double *out)
{
	/* term[a][i]: the pairs of axis a at coordinate i of that axis */
	double term[3][ROPE2D_SIDE_MAX] = { { 0 } };
	const int n[3] = { rope2d_frames(p), p->rows, p->cols };
	bool mixed = false;

	for (int j = 0; j < fr->pairs; j++) {
		int a = rope2d_pair_axis(fr, j);

		if (a < 0) {
			mixed = true;
			continue;
		}
		for (int i = 0; i < n[a]; i++) {
			long long k[3];

			rope2d_patch_ids(p, a == 0 ? i : 0, a == 1 ? i : 0,
					 a == 2 ? i : 0, k);
			term[a][i] += cos((double)(k[a] - q[a]) * fr->f[a][j]);
		}
	}
	for (int f = 0; f < n[0]; f++)
		for (int r = 0; r < n[1]; r++)
			for (int c = 0; c < n[2]; c++) {
				double sum = term[0][f] + term[1][r] + term[2][c];
				long long k[3];

				rope2d_patch_ids(p, f, r, c, k);
				for (int j = 0; mixed && j < fr->pairs; j++)
					if (rope2d_pair_axis(fr, j) < 0)
						sum += pair_cos(fr, j, k, q);
				*out++ = sum / fr->pairs;
			}
}
