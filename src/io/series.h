/* series.h - small CSV tables for plotting elsewhere, and the reference
 * vector PE(P) for checking other implementations.
 *
 *   wavelengths  "pair,wavelength": i, 2*pi/omega'_i for every pair, under
 *                the scaling of spec.scaling (none: omega_i itself; pi,
 *                yarn, dynamic, llama3 as Hugging Face's
 *                modeling_rope_utils computes them, ntk as bloc97's
 *                post, which transformers lacks; pe_variants.h: factor
 *                s, trained length L0; dynamic takes the current length
 *                from spec.length; llama3 low 1, high 4; yarn as the code,
 *                beta_fast 32, beta_slow 1); with spec.model, that
 *                model's (rope_model_omega at the length spec.length);
 *   similarity   "offset,similarity": k, PE(p).PE(p+k) / (d/2) for
 *                k = 0 .. length-1 (the same for every p);
 *   wave         "position,value": p, PE(p, dim) for p = 0 .. length-1;
 *   rope-bound   "offset,bound": m, RoFormer's relative upper bound
 *                B(m) = (1/(d/2)) sum_{j=1}^{d/2} |sum_{k<j} e^{i m theta_k}|
 *                (rope_bound.h) for m = 0 .. length-1;
 *   rope-random  a "#" line saying what was drawn (N, the seed), then
 *                "offset,mean_abs_score": m, the mean of |q^T R_m k| over
 *                ROPE_RANDOM_DRAWS seeded draws of q and k with N(0, 1)
 *                entries (rope_bound.h), for m = 0 .. length-1: it does
 *                not decay (about sqrt(2 d / pi) at every m);
 *   scores       "p,q,added,rope": for every p and q in 0 .. length-1
 *                (length <= SERIES_SCORES_MAX), p-major (q runs fastest),
 *                the attention scores of the content vector x with every
 *                component 1/sqrt d and W_Q = W_K = I:
 *                added = (x + PE(p)).(x + PE(q)), rope = (R_p x).(R_q x),
 *                R_p RoPE's rotation of the interleaved pairs by p theta_i
 *                (attention.h, ATTN_ADDED and ATTN_ROPE); d length^2
 *                multiply-adds and length^2 rows: 16.7 million rows, about
 *                1 GB, in 5 to 8 s at d 512, length 4096;
 *   collisions   "position,stored": one row for every position p in
 *                1 .. length-1 that the number format `dtype` stores as the
 *                same value as p - 1, and that value (precision.h; "inf"
 *                where fp16 overflows). Its first row is
 *                prec_first_collision: 257 for bf16, 2049 for fp16;
 *   bias         "offset,bias": k, what scheme spec.scheme adds to the
 *                score of a query p and a key p + k (bias.h, with the
 *                knobs of spec.bias) for k = -(length-1) .. length-1;
 *                "-inf" where the causal mask hides the key;
 *   grid2d       "frame,row,col,sim": for every patch (frame, row, col)
 *                of spec.grid's grid (frames only for M-RoPE), frame-
 *                major (col runs fastest), the similarity rope2d_sim of
 *                patch (0, grid_row, grid_col) to it (engine/rope2d.h);
 *   grid-ids     "token,t,h,w": every token of spec.grid's sequence and
 *                its position ids (rope2d_token_ids: Qwen2-VL's
 *                get_rope_index for M-RoPE, (0, row, col) for a patch).
 * The vector is two comment lines ("# ..."), then one line per dimension:
 * the index, then the value. Numbers are written as "%.17g" would (they
 * read back exactly), which is more digits than hold at a large position:
 * the header says how many do (series_vector_digits).
 *
 * How many hold: PE(p, 2i) = sin(p*w_i) with w_i = base^(-2i/d) rounded to
 * a double, and the product p*w_i rounded again; each rounding moves the
 * angle by up to p*w_i*2^-53 (its condition number: sin and cos pass an
 * error in the angle on unchanged), so the fastest pair (w_0 = 1) is off by
 * up to about p*2^-52, plus half an ulp of the value: 1e-7 at p = 1e9, six
 * decimals; 1e-13 at p = 1000. */
#ifndef SERIES_H
#define SERIES_H

#include <signal.h>
#include <stdio.h>

#include "engine/bias.h"
#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "engine/precision.h"
#include "engine/rope2d.h"
#include "engine/rope_model.h"
#include "io/progress.h"

enum series_kind {
	SERIES_WAVELENGTHS,
	SERIES_SIMILARITY,
	SERIES_WAVE,
	SERIES_ROPE_BOUND,
	SERIES_ROPE_RANDOM,
	SERIES_SCORES,
	SERIES_COLLISIONS,
	SERIES_BIAS,
	SERIES_GRID2D,
	SERIES_GRID_IDS
};

/* The longest length of the scores series: its rows are length^2. */
#define SERIES_SCORES_MAX 4096

/* How the wavelengths series stretches the encoding. */
enum series_scaling {
	SERIES_SCALE_NONE,
	SERIES_SCALE_PI,
	SERIES_SCALE_NTK,
	SERIES_SCALE_YARN,
	SERIES_SCALE_DYNAMIC,
	SERIES_SCALE_LLAMA3
};

struct series_stretch {
	enum series_scaling how;	/* SERIES_SCALE_NONE: the original */
	double s;			/* factor, >= 1 */
	double train;			/* trained length L0, >= 1 */
};

struct series_spec {
	struct pe_params pe;		/* valid (pe_params_valid) */
	long long length;		/* rows or offsets, 1 .. PE_LEN_MAX */
	int dim;			/* for SERIES_WAVE: 0 .. d-1 */
	enum series_kind kind;
	enum prec_dtype dtype;		/* for SERIES_COLLISIONS */
	unsigned long long seed;	/* for SERIES_ROPE_RANDOM */
	struct series_stretch stretch;	/* for SERIES_WAVELENGTHS; zero:
					   none */
	struct progress *progress;	/* told the rows done, or NULL */
	const struct rope_model *model;	/* for SERIES_WAVELENGTHS: a shipped
					 * model's frequencies (pe.d_model its
					 * rotary width; stretch none), or
					 * NULL */
	const struct pe_matrix *matrix;	/* a loaded matrix in place of the
					 * formula, or NULL: wavelengths are
					 * then "dim,period", each dimension's
					 * dominant DFT period
					 * (pe_matrix_period), similarity
					 * cos(M[pos], M[pos+k]) for k = 0 ..
					 * length-1-pos, wave M[p][dim];
					 * pe.d_model and length its size */
	long long pos;			/* for similarity of a matrix */
	const struct bias_params *bias;	/* for SERIES_BIAS: valid
					 * (bias_params_valid) */
	enum bias_scheme scheme;	/* for SERIES_BIAS */
	const struct rope2d_params *grid;	/* for SERIES_GRID2D and
						 * SERIES_GRID_IDS: valid
						 * (rope2d_params_valid) */
	int grid_row, grid_col;		/* for SERIES_GRID2D: the patch,
					 * inside the grid */
};

/* Writes the series of spec to fp. Returns 0, or the errno of the first
 * failed write, ENOMEM, EINVAL for a scores series longer than
 * SERIES_SCORES_MAX, or ECANCELED when *cancel became non-zero (checked
 * between rows; cancel may be NULL). Does not flush or close fp. */
int series_write(FILE *fp, const struct series_spec *spec,
		 const volatile sig_atomic_t *cancel);

/* About how many seconds series_write takes for spec on one core, from
 * the rates measured on the bench machine (2-core AMD EPYC, 2026-12-01),
 * each rounded down so that the estimate errs long: scores 1e9 of its
 * d L^2 multiply-adds a second (1.5e9 measured) and 3e6 rows (3.6e6);
 * similarity 1.5e7 of its L d/2 terms (1.8e7-2e7); rope-bound 5e7 of its
 * L d/2 (5.7e7-7.7e7); every other series 5e6 rows (6.5e6-8e6). */
double series_estimate_s(const struct series_spec *spec);

/* Writes PE(pos) to fp: the two header lines, then for each dimension a
 * line "DIM VALUE". Returns 0 or the errno of a failed write. */
int series_vector(FILE *fp, const struct pe_params *params, double pos);

#endif
