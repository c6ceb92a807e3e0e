/* pe.h - the sinusoidal positional encoding engine.
 *
 * Pure C11 and libm: no I/O, no terminal, no globals. Everything that draws,
 * dumps or tests asks this module for numbers.
 *
 * Conventions shared by every function below:
 *   - d = params->d_model is even, 2 <= d <= PE_D_MAX; pairs are i = 0 .. d/2-1.
 *   - 1 < params->base <= PE_BASE_MAX.
 *   - Positions are doubles so that fractional positions (position
 *     interpolation divides by a scale factor) work; integer positions are exact
 *     up to 2^53, and the accuracy contract covers |pos| <= 1e9.
 *   - Pair i turns at omega_i = base^(-2i/d); its wavelength is 2*pi/omega_i.
 *   - Interleaved layout (the paper):  dim 2i = sin(pos*omega_i), 2i+1 = cos.
 *     Concatenated layout: dim i = sin, dim d/2+i = cos (the layout of
 *     tensor2tensor and fairseq, which also space their frequencies
 *     differently, by i/(d/2-1): the bug zoo shows what they compute).
 *   - Callers pass valid parameters (pe_params_valid); functions do not re-check
 *     ranges that the caller controls, but they never return NaN or Inf for
 *     valid input.
 *   - Accuracy: values are within 1e-9 of a long-double evaluation for
 *     |pos| <= 1e6, every valid d and base. */
#ifndef PE_H
#define PE_H

#include <stdbool.h>

#define PE_D_MIN 2
#define PE_D_MAX 65536
#define PE_BASE_MAX 1e12
#define PE_LEN_MAX 1000000000LL

/* 2 pi, rounded to the nearest double: a wavelength is PE_TWO_PI / omega. */
#define PE_TWO_PI 6.28318530717958647692528676655900577

enum pe_layout {
	PE_INTERLEAVED,		/* sin, cos, sin, cos, ... (Vaswani et al. 2017) */
	PE_CONCAT		/* all sines, then all cosines */
};

enum pe_fn {
	PE_SIN,
	PE_COS
};

struct pe_params {
	int d_model;		/* even, 2..PE_D_MAX */
	double base;		/* 1 < base <= PE_BASE_MAX */
	enum pe_layout layout;	/* where the sines and cosines sit */
};

/* A window of the matrix: positions pos0 .. pos0+npos-1 across, dimensions
 * dim0 .. dim0+ndim-1 down. What the heatmaps show and the plots share. */
struct pe_window {
	long long pos0;		/* first position */
	long long npos;		/* positions, >= 1 */
	int dim0;		/* first dimension */
	int ndim;		/* dimensions, >= 1 */
};

/* Position j of n (0 <= j < n) spread evenly over the npos >= 1 positions
 * from pos0, both ends included: pos0 + (npos - 1) * j / (n - 1), rounded
 * down, and pos0 when n == 1. Where measurements sample a window. */
long long pe_spread_pos(long long pos0, long long npos, int j, int n);

/* True when p is not NULL, d_model is even and in range, base is finite,
 * > 1 and <= max, and layout is one of enum pe_layout. */
bool pe_params_valid(const struct pe_params *p);

/* Name of a layout ("interleaved" or "concat"; "unknown" for any other
 * value). Never NULL. */
const char *pe_layout_name(enum pe_layout layout);

/* ---- frequencies and the dimension <-> pair map ---- */

/* omega_i = base^(-2i/d) for pair 0 <= i < d/2; in (0, 1]. */
double pe_omega(const struct pe_params *p, int pair);

/* Wavelength 2*pi/omega_i in positions (tokens); from 2*pi up to < 2*pi*base. */
double pe_wavelength(const struct pe_params *p, int pair);

/* Pair that dimension 0 <= dim < d belongs to under p->layout. */
int pe_pair_of(const struct pe_params *p, int dim);

/* Whether dimension dim holds the sine or the cosine of its pair. */
enum pe_fn pe_fn_of(const struct pe_params *p, int dim);

/* Inverse of the two above: the dimension holding fn of pair. */
int pe_dim_of(const struct pe_params *p, int pair, enum pe_fn fn);

/* ---- values ---- */

/* PE(pos, dim). */
double pe_value(const struct pe_params *p, double pos, int dim);

/* The whole row PE(pos, 0..d-1) into out[0..d-1]. */
void pe_row(const struct pe_params *p, double pos, double *out);

/* Exact mean of PE(pos, dim) over the n positions p0, p0+1, ..., p0+n-1, in
 * O(1) whatever n (n >= 1). Uses the closed form
 *   mean = D * f(omega*(p0 + (n-1)/2)),  D = sin(n*omega/2) / (n*sin(omega/2)),
 * with D = 1 exactly where |n*omega/2| < 2^-26: D rounds to 1 there anyway,
 * and that covers omega = 0 or subnormal, where n*sin(omega/2) would be 0 or
 * too small to divide by. n = 1 gives exactly pe_value(p, p0, dim). */
/* For tests only. */
double pe_block_mean(const struct pe_params *p, double p0, double n, int dim);

/* Means of dimension dim over `count` consecutive blocks of n positions each:
 * out[j] = pe_block_mean(p, p0 + j*n, n, dim) for j = 0..count-1, computed with
 * one sin/cos for the block factor and a rotation from block to block,
 * re-seeded from sin/cos every 256 blocks, so a whole heatmap column costs
 * O(count): one pow and two sin/cos, plus one sin/cos per 256 blocks. Each
 * out[j] agrees with pe_block_mean to rounding (~1e-14, plus the rounding
 * of the phase, ~|phase| * 2^-53, which both carry). */
/* For tests only. */
void pe_block_means(const struct pe_params *p, double p0, double n, int dim,
		    int count, double *out);

/* Means of dimension dim over n spans of positions: out[j] is the exact mean
 * of PE(., dim) over [start[j], start[j] + count[j]) (count[j] >= 1). Made
 * for the columns of a plot, whose spans are consecutive and take at most a
 * few distinct lengths: each distinct length costs one sin for its block
 * factor, each distinct step between span centres one sin/cos for its turn,
 * and every span after that a complex multiply (re-seeded from sin/cos every
 * PE_SPAN_RESEED spans). Any spans are accepted; irregular ones just cost
 * more sin/cos. */
#define PE_SPAN_RESEED 128
/* For tests only. */
void pe_span_means(const struct pe_params *p, int dim, const long long *start,
		   const long long *count, int n, double *out);

/* The same for a wave of any frequency w: out_sin[j] and out_cos[j] are the
 * means of sin(w x) and cos(w x) over span j (either may be NULL). */
void pe_wave_span_pair(double w, const long long *start,
		       const long long *count, int n, double *out_sin,
		       double *out_cos);

/* The factor D = sin(n w/2) / (n sin(w/2)) of a block mean of n positions
 * at frequency w: the mean of f(w x) over the block is D * f(w * centre).
 * Exactly 1 for n <= 1 and where it rounds to 1; in [-1, 1] always, also
 * where w/2 falls on a multiple of pi (then 1). */
double pe_block_factor(double w, double n);

/* The same for both dimensions of pair `pair` at once (they share every
 * sin/cos): out_sin[j] and out_cos[j] are the means of the pair's sine and
 * cosine dimension over span j. Either output may be NULL. */
void pe_span_means_pair(const struct pe_params *p, int pair,
			const long long *start, const long long *count, int n,
			double *out_sin, double *out_cos);

/* Exact mean of PE over the rectangle of positions [p0, p0+n) x dimensions
 * [dim0, dim0+ndims) (n >= 1, ndims >= 1, inside 0..d-1). Costs
 * O(ndims), never O(n). */
/* For tests only. */
double pe_rect_mean(const struct pe_params *p, double p0, double n, int dim0,
		    int ndims);

/* ---- similarity between positions ---- */

/* s(k) = sum over pairs i in [pair0, pair1) of cos(k*omega_i). Over all pairs
 * this equals PE(p).PE(p+k) for every p (the layout does not matter).
 * 0 <= pair0 <= pair1 <= d/2; an empty band gives 0. */
double pe_similarity(const struct pe_params *p, double k, int pair0, int pair1);

/* Cosine similarity of PE(p) and PE(p+k) restricted to pairs [pair0, pair1):
 * s(k) / (pair1 - pair0), in [-1, 1]; 1 when the band is empty. */
double pe_cos_similarity(const struct pe_params *p, double k, int pair0,
			 int pair1);

/* One step of the recurrence that walks cosines at evenly spaced offsets,
 * cos(w (g+1) m) = 2 cos(w m) cos(w g m) - cos(w (g-1) m), for n terms at
 * once: prev[t] becomes tc[t] * cur[t] - prev[t] (tc[t] = 2 cos(w_t m)),
 * and the sum of the new values is returned; the caller then swaps the
 * roles of cur and prev. The similarity curves of the views and panels all
 * advance this way. Written out eight terms at a time with eight partial
 * sums, the shape that gcc -O2 turns into packed multiplies; one running sum
 * would be a chain of dependent additions, several times slower. */
double pe_cosine_step(int n, const double *restrict tc,
		      const double *restrict cur, double *restrict prev);

/* ---- offsets are rotations ---- */

/* The 2x2 matrix m with (sin, cos)(p+k) of pair = m * (sin, cos)(p):
 *   m = [[cos(k w), sin(k w)], [-sin(k w), cos(k w)]]   (row-major m[r][c]). */
void pe_rotation(const struct pe_params *p, int pair, double k,
		 double m[2][2]);

/* || M_k PE(pos) - PE(pos+k) ||_2 over all d dimensions, where M_k applies
 * pe_rotation to every pair: measures that PE(p+k) is linear in PE(p).
 * A rounding-level number: about 1e-16 * sqrt(d) near the origin, growing
 * in proportion to |pos| (the rounding of pos*omega), e.g. ~6e-10 at
 * pos = 1e6 for d = 4096. */
/* For tests only. */
double pe_rotation_residual(const struct pe_params *p, double pos, double k);

/* The same in parts, for views that spread the work over frames or check
 * many positions: what does not depend on the position is kept in a table
 * of pe_rotation_table_size(d) doubles, 3 per pair (omega_i, cos k omega_i,
 * sin k omega_i), filled for pairs [pair0, pair1) at a time. Then
 * pe_rotation_residual_add returns sum plus the squared residuals of pairs
 * [pair0, pair1) at pos, added one pair after the other, so that
 *   pe_rotation_residual(p, pos, k)
 *     == sqrt(pe_rotation_residual_add(t, pos, k, 0, d/2, 0.0))
 * bit for bit, and so does any split of 0 .. d/2 into consecutive ranges,
 * each call continuing the previous one's sum. Cost: a pow and a sin/cos
 * per pair to fill; two sin/cos per pair and position to add. */
int pe_rotation_table_size(int d_model);
void pe_rotation_table_fill(const struct pe_params *p, double k, int pair0,
			    int pair1, double *table);
double pe_rotation_residual_add(const double *table, double pos, double k,
				int pair0, int pair1, double sum);

/* ---- fast streaming of consecutive rows (for dumps) ---- */

/* Generates PE(p0), PE(p0+1), ... with a rotation recurrence that is re-seeded
 * from sin/cos every PE_ROWGEN_RESEED rows, which keeps each value within the
 * accuracy contract above while costing a few multiplies per element. For an
 * integer p0 the seed rows p0, p0+64, ... are bit-identical to pe_row; the
 * others agree with it to ~1e-13 plus the rounding of pos*omega (~1e-10 near
 * pos = 1e6). */
#define PE_ROWGEN_RESEED 64

struct pe_rowgen {
	struct pe_params params;	/* copy of the parameters */
	double pos;			/* position of the next row */
	int since_seed;			/* rows produced since the last re-seed
					   (PE_ROWGEN_RESEED: next row is one) */
	double *s, *c;			/* sin, cos of the last row, per pair */
	double *cw, *sw;		/* cos(omega_i), sin(omega_i) per pair */
};

/* Number of doubles of workspace that pe_rowgen_init needs for d_model d
 * (2*d: four arrays of d/2). */
int pe_rowgen_workspace(int d_model);

/* Prepares gen to produce rows from position p0, using the caller's workspace
 * of pe_rowgen_workspace(d) doubles, which must outlive gen. */
void pe_rowgen_init(struct pe_rowgen *gen, const struct pe_params *p, double p0,
		    double *workspace);

/* Writes the next row (d values, in p->layout order) into out and advances. */
void pe_rowgen_next(struct pe_rowgen *gen, double *out);

#endif
