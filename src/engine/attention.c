/* attention.c - score matrices of NoPE, added PE, RoPE and ALiBi on a grid
 * of visible positions (see attention.h for the contract).
 *
 * A score is a dot product of two d-vectors, taken pair by pair: the
 * vectors of a chunk of output pairs are made for every position of an
 * axis (one sin/cos per pair and position, plus a projection with random
 * weights), then multiplied out. Vectors are kept dimension-major, so that
 * the loops over positions run along memory: the angles of one pair for a
 * run of positions go to pe_sincos_n in one call, and the dot products
 * read a component of several keys side by side. */
#include "engine/attention.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_trig.h"
#include "engine/rng.h"

/* Positions whose angles go to pe_sincos_n at a time. */
enum { RUN = 64 };

/* ---- the model ---- */

bool attn_setup_valid(const struct attn_setup *s)
{
	return s && pe_params_valid(&s->pe) &&
	       (s->weights == ATTN_W_IDENTITY ||
		(s->weights == ATTN_W_RANDOM &&
		 s->pe.d_model <= ATTN_RANDOM_D_MAX)) &&
	       (s->content == ATTN_CONTENT_UNIFORM ||
		s->content == ATTN_CONTENT_TOKENS) &&
	       s->vocab >= 1 && s->vocab <= ATTN_VOCAB_MAX &&
	       isfinite(s->slope) && s->slope >= 0.0;
}

const char *attn_scheme_name(enum attn_scheme s)
{
	static const char *const names[ATTN_SCHEMES] = {
		"NoPE", "added", "RoPE", "RoPE half", "RoPE mismatch", "ALiBi"
	};

	return (unsigned)s < ATTN_SCHEMES ? names[s] : "?";
}

/* Slope i (from 0) of n heads, n a power of two: get_slopes_power_of_2,
 * start = 2^(-2^-(log2 n - 3)) = 2^(-8/n), times start^i. */
static double alibi_slope_pow2(int i, int n)
{
	double start = pow(2.0, -pow(2.0, -(log2((double)n) - 3.0)));

	return start * pow(start, i);
}

double attn_alibi_slope(int h, int heads)
{
	int p = 1;

	while (p <= heads / 2)
		p *= 2;
	/* the p heads of the power of two below, then every other slope of
	 * 2p heads (its 0th, 2nd, ...) for the rest */
	if (h <= p)
		return alibi_slope_pow2(h - 1, p);
	return alibi_slope_pow2(2 * (h - p - 1), 2 * p);
}

bool attn_init(struct attn *a, const struct attn_setup *s)
{
	int d = s->pe.d_model;
	bool random = s->weights == ATTN_W_RANDOM;
	int tokens = s->content == ATTN_CONTENT_TOKENS ? s->vocab : 1;
	size_t vec = (size_t)tokens * (size_t)d;

	*a = (struct attn){ .set = *s, .tokens = tokens };
	a->omega = malloc((size_t)(d / 2) * sizeof *a->omega);
	a->tokvec = malloc(vec * sizeof *a->tokvec);
	if (random) {
		a->wq = malloc((size_t)d * (size_t)d * sizeof *a->wq);
		a->wk = malloc((size_t)d * (size_t)d * sizeof *a->wk);
		a->qtok = malloc(vec * sizeof *a->qtok);
		a->ktok = malloc(vec * sizeof *a->ktok);
	}
	if (!a->omega || !a->tokvec ||
	    (random && (!a->wq || !a->wk || !a->qtok || !a->ktok))) {
		attn_free(a);
		return false;
	}
	if (!random)
		a->qtok = a->ktok = a->tokvec;
	for (int i = 0; i < d / 2; i++)
		a->omega[i] = pe_omega(&s->pe, i);
	/* the token vectors; with random weights also the rows of W_Q and
	 * W_K and the projected tokens */
	a->steps = tokens + (random ? 2 * d + 2 * tokens : 0);
	return true;
}

/* out = w x for the d x d matrix w (row-major). */
static void project(const double *w, int d, const double *x, double *out)
{
	for (int r = 0; r < d; r++) {
		const double *row = w + (size_t)r * (size_t)d;
		double s0 = 0.0, s1 = 0.0;
		int c = 0;

		for (; c + 1 < d; c += 2) {
			s0 += row[c] * x[c];
			s1 += row[c + 1] * x[c + 1];
		}
		out[r] = s0 + s1;
	}
}

bool attn_fill_step(struct attn *a)
{
	int d = a->set.pe.d_model, k = a->filled, t = a->tokens;
	uint64_t seed = a->set.seed;

	if (k >= a->steps)
		return true;
	if (k < t) {
		double *x = a->tokvec + (size_t)k * (size_t)d;

		if (a->set.content == ATTN_CONTENT_UNIFORM)
			for (int c = 0; c < d; c++)
				x[c] = 1.0 / sqrt((double)d);
		else
			rng_gauss_fill(seed,
				       rng_stream_of(RNG_STREAM_TOKEN_VECTOR,
						     (uint64_t)k),
				       sqrt(0.5), d, x);
	} else if ((k -= t) < 2 * d) {
		bool q = k < d;
		int r = q ? k : k - d;

		enum rng_stream kind = q ? RNG_STREAM_WQ_ROW : RNG_STREAM_WK_ROW;

		rng_gauss_fill(seed, rng_stream_of(kind, (uint64_t)r),
			       1.0 / sqrt((double)d), d,
			       (q ? a->wq : a->wk) + (size_t)r * (size_t)d);
	} else {
		bool q = (k -= 2 * d) < t;
		int tok = q ? k : k - t;

		project(q ? a->wq : a->wk, d,
			a->tokvec + (size_t)tok * (size_t)d,
			(q ? a->qtok : a->ktok) + (size_t)tok * (size_t)d);
	}
	return ++a->filled >= a->steps;
}

void attn_fill(struct attn *a)
{
	while (!attn_fill_step(a))
		;
}

void attn_free(struct attn *a)
{
	free(a->omega);
	if (a->qtok != a->tokvec)
		free(a->qtok);
	if (a->ktok != a->tokvec)
		free(a->ktok);
	free(a->tokvec);
	free(a->wq);
	free(a->wk);
	*a = (struct attn){ 0 };
}

int attn_token(const struct attn *a, long long pos)
{
	if (a->tokens <= 1)
		return 0;
	return (int)(rng_hash(a->set.seed,
			      rng_stream_of(RNG_STREAM_TOKEN_AT, 0),
			      (uint64_t)pos) % (uint64_t)a->tokens);
}

const double *attn_token_vector(const struct attn *a, int t)
{
	return a->tokvec + (size_t)t * (size_t)a->set.pe.d_model;
}

/* The two rows of W (with the identity: the two dimensions of x and PE)
 * that make output pair i of scheme s (0 <= i < d/2): PE's pair i
 * (pe_dim_of with PE_SIN, PE_COS) for NoPE, added and ALiBi; (2i, 2i+1)
 * for RoPE and RoPE half; (i, i + d/2) for RoPE mismatch. */
static void attn_pair_rows(const struct attn *a, enum attn_scheme s, int pair,
		    int *row0, int *row1)
{
	const struct pe_params *p = &a->set.pe;

	switch (s) {
	case ATTN_ROPE:
	case ATTN_ROPE_HALF:
		*row0 = 2 * pair;
		*row1 = 2 * pair + 1;
		break;
	case ATTN_ROPE_MISMATCH:
		*row0 = pair;
		*row1 = pair + p->d_model / 2;
		break;
	default:
		*row0 = pe_dim_of(p, pair, PE_SIN);
		*row1 = pe_dim_of(p, pair, PE_COS);
		break;
	}
}

/* ---- vectors ---- */

static bool is_rope(enum attn_scheme s)
{
	return s == ATTN_ROPE || s == ATTN_ROPE_HALF || s == ATTN_ROPE_MISMATCH;
}

static int token_of(const struct attn *a, const struct attn_axis *ax, int j)
{
	return ax->token ? ax->token[j] : attn_token(a, ax->pos[j]);
}

/* Content of the output pairs [pair0, pair1) into out (layout of
 * attn_vectors): the two rows of W x_t for each position's token, the
 * tokens of RUN positions looked up once for every pair. */
static void content_part(const struct attn *a, enum attn_scheme s,
			 enum attn_side side, const struct attn_axis *ax,
			 int pair0, int pair1, double *out)
{
	const double *tab = side == ATTN_QUERY ? a->qtok : a->ktok;
	size_t d = (size_t)a->set.pe.d_model, n = (size_t)ax->n;

	for (int j0 = 0; j0 < ax->n; j0 += RUN) {
		int m = ax->n - j0 < RUN ? ax->n - j0 : RUN;
		const double *x[RUN];

		for (int j = 0; j < m; j++)
			x[j] = tab + (size_t)token_of(a, ax, j0 + j) * d;
		for (int i = pair0; i < pair1; i++) {
			double *o0 = out + (size_t)(2 * (i - pair0)) * n + j0;
			double *o1 = o0 + n;
			int r0, r1;

			attn_pair_rows(a, s, i, &r0, &r1);
			for (int j = 0; j < m; j++) {
				o0[j] = x[j][r0];
				o1[j] = x[j][r1];
			}
		}
	}
}

/* sin and cos of pos[j] * w for the positions j0 .. j0+m-1 (m <= RUN). */
static void angles(const long long *pos, int m, double w, double *s, double *c)
{
	double x[RUN];

	for (int j = 0; j < m; j++)
		x[j] = (double)pos[j] * w;
	pe_sincos_n(x, m, s, c);
}

/* What the phase pos * theta_i does to pair i's two rows (u, v) of out. */
enum phase_use {
	PHASE_TURN,		/* RoPE: (u cos - v sin, u sin + v cos) */
	PHASE_ADD,		/* added PE: (u + sin, v + cos) */
	PHASE_SET		/* PE alone: (sin, cos) */
};

/* Applies the phase of every position of ax to the pairs [pair0, pair1)
 * of out (laid out as attn_vectors writes it), RUN angles at a time. */
static void phase_pairs(const struct attn *a, const struct attn_axis *ax,
			int pair0, int pair1, enum phase_use use, double *out)
{
	int n = ax->n;

	for (int i = pair0; i < pair1; i++) {
		double *o0 = out + (size_t)(2 * (i - pair0)) * (size_t)n;
		double *o1 = o0 + n;

		for (int j0 = 0; j0 < n; j0 += RUN) {
			int m = n - j0 < RUN ? n - j0 : RUN;
			double s[RUN], c[RUN], *u = o0 + j0, *v = o1 + j0;

			angles(ax->pos + j0, m, a->omega[i], s, c);
			for (int j = 0; j < m; j++) {
				double x = use == PHASE_SET ? 0.0 : u[j];
				double y = use == PHASE_SET ? 0.0 : v[j];

				u[j] = use == PHASE_TURN ? x * c[j] - y * s[j]
							 : x + s[j];
				v[j] = use == PHASE_TURN ? x * s[j] + y * c[j]
							 : y + c[j];
			}
		}
	}
}

/* PE of the positions pos[0..m-1] (m <= 4) into pe[c * 4 + k]: dimension
 * c of position k, four positions side by side; missing ones are 0. */
static void pe_four(const struct attn *a, const long long *pos, int m,
		    double *pe)
{
	const struct pe_params *p = &a->set.pe;
	int h = p->d_model / 2;
	double x[ATTN_RANDOM_D_MAX / 2], s[ATTN_RANDOM_D_MAX / 2];
	double c[ATTN_RANDOM_D_MAX / 2];

	memset(pe, 0, (size_t)(4 * p->d_model) * sizeof *pe);
	for (int k = 0; k < m; k++) {
		for (int i = 0; i < h; i++)
			x[i] = (double)pos[k] * a->omega[i];
		pe_sincos_n(x, h, s, c);
		for (int i = 0; i < h; i++) {
			pe[pe_dim_of(p, i, PE_SIN) * 4 + k] = s[i];
			pe[pe_dim_of(p, i, PE_COS) * 4 + k] = c[i];
		}
	}
}

/* acc[h][k] = w_h . pe_k for the rows w0, w1 and the four positions of pe
 * (laid out as pe_four writes it): eight sums in named variables, which
 * gcc -O2 keeps in registers, each weight read serving four products. */
static void project_four(const double *w0, const double *w1, const double *pe,
			 int d, double acc[2][4])
{
	double a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;

	for (int c = 0; c < d; c++) {
		const double *v = pe + 4 * c;
		double x = w0[c], y = w1[c];

		a0 += x * v[0]; a1 += x * v[1]; a2 += x * v[2]; a3 += x * v[3];
		b0 += y * v[0]; b1 += y * v[1]; b2 += y * v[2]; b3 += y * v[3];
	}
	acc[0][0] = a0; acc[0][1] = a1; acc[0][2] = a2; acc[0][3] = a3;
	acc[1][0] = b0; acc[1][1] = b1; acc[1][2] = b2; acc[1][3] = b3;
}

/* W PE_pos for the output pairs [pair0, pair1) (the added scheme's rows:
 * PE's pairs), written into out when `add` is false, added to it when
 * true. With the identity the rows are PE's own dimensions: the sine and
 * cosine of pair i. With random weights the PE rows of four positions at a
 * time are made (d/2 sin/cos each) and projected on the chunk's rows. */
static void position_part(const struct attn *a, enum attn_side side,
			  const struct attn_axis *ax, int pair0, int pair1,
			  bool add, double *out)
{
	const double *w = side == ATTN_QUERY ? a->wq : a->wk;
	int n = ax->n, d = a->set.pe.d_model;
	double pe[4 * ATTN_RANDOM_D_MAX];

	if (!w) {
		phase_pairs(a, ax, pair0, pair1, add ? PHASE_ADD : PHASE_SET,
			    out);
		return;
	}
	for (int j0 = 0; j0 < n; j0 += 4) {
		int m = n - j0 < 4 ? n - j0 : 4;

		pe_four(a, ax->pos + j0, m, pe);
		for (int i = pair0; i < pair1; i++) {
			int r0, r1;
			size_t at = (size_t)(2 * (i - pair0)) * (size_t)n +
				    (size_t)j0;
			double *o0 = out + at, *o1 = o0 + n, acc[2][4];

			attn_pair_rows(a, ATTN_ADDED, i, &r0, &r1);
			project_four(w + (size_t)r0 * (size_t)d,
				     w + (size_t)r1 * (size_t)d, pe, d, acc);
			for (int k = 0; k < m; k++) {
				o0[k] = (add ? o0[k] : 0.0) + acc[0][k];
				o1[k] = (add ? o1[k] : 0.0) + acc[1][k];
			}
		}
	}
}

void attn_vectors(const struct attn *a, enum attn_scheme s,
		  enum attn_side side, const struct attn_axis *ax, int pair0,
		  int pair1, double *out)
{
	content_part(a, s, side, ax, pair0, pair1, out);
	if (s == ATTN_ADDED)
		position_part(a, side, ax, pair0, pair1, true, out);
	else if (is_rope(s))
		phase_pairs(a, ax, pair0, pair1, PHASE_TURN, out);
}

/* attn_vectors for added PE in its two parts (either may be NULL):
 * content[] the share of W x_p, position[] that of W PE_p, laid out as
 * attn_vectors lays out its vectors; their sum is attn_vectors(ATTN_ADDED)
 * to rounding. */
static void attn_vector_parts(const struct attn *a, enum attn_side side,
		       const struct attn_axis *ax, int pair0, int pair1,
		       double *content, double *position)
{
	if (content)
		content_part(a, ATTN_ADDED, side, ax, pair0, pair1, content);
	if (position)
		position_part(a, side, ax, pair0, pair1, false, position);
}

/* ---- dot products ---- */

/* out[a][b] += sum_c q[c][a] k[c][b] for the 4 x 4 block of queries a0 ..
 * a0+3 and keys b0 .. b0+3: sixteen running sums in named variables, which
 * gcc -O2 keeps in registers and packs two by two (an array of sums stays
 * in memory, twice as slow); each component read serves four products. */
static void dots_block(const double *q, int nq, const double *k, int nk,
		       int width, int a0, int b0, double *out)
{
	double s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0;
	double s13 = 0, s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0;
	double s32 = 0, s33 = 0, *o = out + (size_t)a0 * (size_t)nk + b0;

	for (int c = 0; c < width; c++) {
		const double *qc = q + (size_t)c * (size_t)nq + a0;
		const double *kc = k + (size_t)c * (size_t)nk + b0;
		double k0 = kc[0], k1 = kc[1], k2 = kc[2], k3 = kc[3];
		double q0 = qc[0], q1 = qc[1], q2 = qc[2], q3 = qc[3];

		s00 += q0 * k0; s01 += q0 * k1; s02 += q0 * k2; s03 += q0 * k3;
		s10 += q1 * k0; s11 += q1 * k1; s12 += q1 * k2; s13 += q1 * k3;
		s20 += q2 * k0; s21 += q2 * k1; s22 += q2 * k2; s23 += q2 * k3;
		s30 += q3 * k0; s31 += q3 * k1; s32 += q3 * k2; s33 += q3 * k3;
	}
	o[0] += s00; o[1] += s01; o[2] += s02; o[3] += s03;
	o += nk;
	o[0] += s10; o[1] += s11; o[2] += s12; o[3] += s13;
	o += nk;
	o[0] += s20; o[1] += s21; o[2] += s22; o[3] += s23;
	o += nk;
	o[0] += s30; o[1] += s31; o[2] += s32; o[3] += s33;
}

/* One dot product, for the edges that do not fill a block. */
static void dot_one(const double *q, int nq, const double *k, int nk,
		    int width, int a, int b, double *out)
{
	double sum = 0.0;

	for (int c = 0; c < width; c++)
		sum += q[(size_t)c * (size_t)nq + (size_t)a] *
		       k[(size_t)c * (size_t)nk + (size_t)b];
	out[(size_t)a * (size_t)nk + (size_t)b] += sum;
}

void attn_dots_add(const double *q, int nq, const double *k, int nk,
		   int width, double *out)
{
	int a4 = nq - nq % 4, b4 = nk - nk % 4;

	for (int a = 0; a < a4; a += 4) {
		for (int b = 0; b < b4; b += 4)
			dots_block(q, nq, k, nk, width, a, b, out);
		for (int b = b4; b < nk; b++)
			for (int x = 0; x < 4; x++)
				dot_one(q, nq, k, nk, width, a + x, b, out);
	}
	for (int a = a4; a < nq; a++)
		for (int b = 0; b < nk; b++)
			dot_one(q, nq, k, nk, width, a, b, out);
}

void attn_bias_add(const struct attn *a, enum attn_scheme s,
		   const struct attn_axis *rows, const struct attn_axis *cols,
		   double *out)
{
	double m = a->set.slope;

	if (s != ATTN_ALIBI)
		return;
	for (int i = 0; i < rows->n; i++)
		for (int j = 0; j < cols->n; j++)
			out[(size_t)i * (size_t)cols->n + (size_t)j] -=
				m * fabs((double)(rows->pos[i] - cols->pos[j]));
}

long long attn_work_size(int nq, int nk, int pairs)
{
	return 4LL * ((long long)nq + nk) * pairs;
}

void attn_scores(const struct attn *a, enum attn_scheme s,
		 const struct attn_axis *rows, const struct attn_axis *cols,
		 double *work, double *out)
{
	int h = a->set.pe.d_model / 2;
	double *qv = work, *kv = work + (size_t)(2 * h) * (size_t)rows->n;

	memset(out, 0, (size_t)rows->n * (size_t)cols->n * sizeof *out);
	attn_vectors(a, s, ATTN_QUERY, rows, 0, h, qv);
	attn_vectors(a, s, ATTN_KEY, cols, 0, h, kv);
	attn_dots_add(qv, rows->n, kv, cols->n, 2 * h, out);
	attn_bias_add(a, s, rows, cols, out);
}

void attn_terms_add(const struct attn *a, const struct attn_axis *rows,
		    const struct attn_axis *cols, int pair0, int pair1,
		    double *work, double *const out[ATTN_TERMS])
{
	int w = 2 * (pair1 - pair0), nq = rows->n, nk = cols->n;
	double *qc = work, *qp = qc + (size_t)w * (size_t)nq;
	double *kc = qp + (size_t)w * (size_t)nq;
	double *kp = kc + (size_t)w * (size_t)nk;

	attn_vector_parts(a, ATTN_QUERY, rows, pair0, pair1, qc, qp);
	attn_vector_parts(a, ATTN_KEY, cols, pair0, pair1, kc, kp);
	attn_dots_add(qc, nq, kc, nk, w, out[ATTN_CC]);
	attn_dots_add(qc, nq, kp, nk, w, out[ATTN_CP]);
	attn_dots_add(qp, nq, kc, nk, w, out[ATTN_PC]);
	attn_dots_add(qp, nq, kp, nk, w, out[ATTN_PP]);
}

/* ---- measures ---- */

/* An entry of the spread's sort: the offset p - q (exact in a double) and
 * the score. */
struct offset_score {
	double offset, score;
};

static int by_offset(const void *x, const void *y)
{
	double a = ((const struct offset_score *)x)->offset;
	double b = ((const struct offset_score *)y)->offset;

	return (a > b) - (a < b);
}

struct attn_spread attn_diagonal_spread(const double *s,
					const struct attn_axis *rows,
					const struct attn_axis *cols,
					double *work)
{
	struct offset_score *e = (struct offset_score *)work;
	size_t n = (size_t)rows->n * (size_t)cols->n, k = 0;
	struct attn_spread r = { 0.0, 0, 0, 0.0 };

	for (int i = 0; i < rows->n; i++)
		for (int j = 0; j < cols->n; j++, k++) {
			e[k].offset = (double)(rows->pos[i] - cols->pos[j]);
			e[k].score = s[k];
			r.scale = fmax(r.scale, fabs(s[k]));
		}
	qsort(e, n, sizeof *e, by_offset);
	for (size_t g = 0; g < n;) {
		size_t end = g + 1;
		double lo = e[g].score, hi = lo;

		for (; end < n && e[end].offset == e[g].offset; end++) {
			lo = fmin(lo, e[end].score);
			hi = fmax(hi, e[end].score);
		}
		if (end - g >= 2) {
			r.groups++;
			if (hi - lo > r.spread || r.groups == 1) {
				r.spread = hi - lo;
				r.offset = (long long)e[g].offset;
			}
		}
		g = end;
	}
	return r;
}

/* An entry of the residual's sort: the offset, the score and where it
 * came from. */
struct offset_entry {
	double offset, score, index;
};

static int by_entry_offset(const void *x, const void *y)
{
	double a = ((const struct offset_entry *)x)->offset;
	double b = ((const struct offset_entry *)y)->offset;
	double i = ((const struct offset_entry *)x)->index;
	double j = ((const struct offset_entry *)y)->index;

	/* ties by index: the same order of summation on every machine */
	return a != b ? (a > b) - (a < b) : (i > j) - (i < j);
}

void attn_diagonal_residual(const double *s, const struct attn_axis *rows,
			    const struct attn_axis *cols, double *out,
			    double *work)
{
	struct offset_entry *e = (struct offset_entry *)work;
	size_t n = (size_t)rows->n * (size_t)cols->n, k = 0;

	for (int i = 0; i < rows->n; i++)
		for (int j = 0; j < cols->n; j++, k++) {
			e[k].offset = (double)(rows->pos[i] - cols->pos[j]);
			e[k].score = s[k];
			e[k].index = (double)k;
		}
	qsort(e, n, sizeof *e, by_entry_offset);
	for (size_t g = 0; g < n;) {
		size_t end = g;
		double sum = 0.0, mean;

		/* the mean as the first score plus the mean difference from
		 * it: a group of equal scores gets its mean exactly */
		for (; end < n && e[end].offset == e[g].offset; end++)
			sum += e[end].score - e[g].score;
		mean = e[g].score + sum / (double)(end - g);
		for (size_t t = g; t < end; t++)
			out[(size_t)e[t].index] = e[t].score - mean;
		g = end;
	}
}

static int by_value(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

double attn_offdiag_quantile(const double *s, const struct attn_axis *rows,
			     const struct attn_axis *cols, double frac,
			     double *work)
{
	size_t n = 0, k = 0, r;
	double top = 0.0;

	for (int i = 0; i < rows->n; i++)
		for (int j = 0; j < cols->n; j++, k++) {
			top = fmax(top, fabs(s[k]));
			if (rows->pos[i] != cols->pos[j])
				work[n++] = fabs(s[k]);
		}
	if (n == 0)
		return top;
	qsort(work, n, sizeof *work, by_value);
	r = (size_t)ceil(frac * (double)n);
	return work[r < 1 ? 0 : r > n ? n - 1 : r - 1];
}

double attn_rms(const double *v, long long n)
{
	double sum = 0.0;

	for (long long k = 0; k < n; k++)
		sum += v[k] * v[k];
	return sqrt(sum / (double)n);
}
