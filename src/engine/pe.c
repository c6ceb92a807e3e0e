/* pe.c - the sinusoidal positional encoding engine (see pe.h for the contract).
 *
 * Pure arithmetic in double on top of libm. Three ideas carry the module:
 *   - omega_i = pow(base, -2i/d), not exp(-2i/d * log(base)): pow is within
 *     an ulp, while the exp/log route multiplies the rounding error of
 *     log(base) by 2i/d * log(base), up to 27.6 (log 1e12).
 *   - The mean of a sinusoid over n consecutive positions has a closed form,
 *     D * f(phase at the block's centre), so a block costs O(1) whatever n.
 *   - Consecutive rows (or blocks) differ by a fixed rotation of every
 *     (sin, cos) pair, which costs four multiplies instead of a sin and a
 *     cos (~20 ns each here). The recurrence is re-seeded from sin/cos at
 *     regular intervals, so its rounding errors stay at a few dozen ulps. */
#include "engine/pe.h"

#include <math.h>
#include <stddef.h>

#include "engine/pe_trig.h"
#include "engine/pe_turn.h"


/* pe_block_means re-seeds the phase from sin/cos every BLOCK_RESEED blocks
 * and turns it in between. The turn by one block is off by an ulp or so, so
 * the phase drifts by about j ulps j blocks after a seed: < 3e-14 for
 * j < 256, far inside the contract and below the rounding of the phase
 * itself (6e-11 at position 1e6). A seed costs as much as ~50 blocks, and a
 * heatmap column has ~140 of them: re-seeding every 64 would triple the
 * sin/cos calls for no accuracy that shows.
 *
 * Blocks are produced in groups of BLOCK_GROUP from a table of the turns by
 * 0..BLOCK_GROUP blocks: the values of a group do not depend on each other,
 * so they vectorise and only the group starts form a chain of multiplies
 * (one chain from block to block would wait ~8 cycles a block). A fixed
 * inner count also suits GCC's -O2 vectoriser, whose "very cheap" cost model
 * rejects loops that might leave a scalar remainder. */
#define BLOCK_RESEED 256
#define BLOCK_GROUP 8

/* ---- parameters ---- */

bool pe_params_valid(const struct pe_params *p)
{
	return p != NULL && p->d_model % 2 == 0 && p->d_model >= PE_D_MIN &&
	       p->d_model <= PE_D_MAX && isfinite(p->base) && p->base > 1.0 &&
	       p->base <= PE_BASE_MAX &&
	       (p->layout == PE_INTERLEAVED || p->layout == PE_CONCAT);
}

long long pe_spread_pos(long long pos0, long long npos, int j, int n)
{
	return n == 1 ? pos0 : pos0 + (npos - 1) * j / (n - 1);
}

const char *pe_layout_name(enum pe_layout layout)
{
	switch (layout) {
	case PE_INTERLEAVED:
		return "interleaved";
	case PE_CONCAT:
		return "concat";
	}
	return "unknown";
}

/* ---- frequencies and the dimension <-> pair map ---- */

double pe_omega(const struct pe_params *p, int pair)
{
	return pow(p->base, -(2.0 * pair) / p->d_model);
}

double pe_wavelength(const struct pe_params *p, int pair)
{
	return PE_TWO_PI / pe_omega(p, pair);
}

int pe_pair_of(const struct pe_params *p, int dim)
{
	if (p->layout == PE_CONCAT)
		return dim % (p->d_model / 2);
	return dim / 2;
}

enum pe_fn pe_fn_of(const struct pe_params *p, int dim)
{
	if (p->layout == PE_CONCAT)
		return dim < p->d_model / 2 ? PE_SIN : PE_COS;
	return dim % 2 == 0 ? PE_SIN : PE_COS;
}

int pe_dim_of(const struct pe_params *p, int pair, enum pe_fn fn)
{
	if (p->layout == PE_CONCAT)
		return fn == PE_SIN ? pair : p->d_model / 2 + pair;
	return fn == PE_SIN ? 2 * pair : 2 * pair + 1;
}

/* ---- values ---- */

static double eval_fn(enum pe_fn fn, double angle)
{
	return fn == PE_SIN ? sin(angle) : cos(angle);
}

double pe_value(const struct pe_params *p, double pos, int dim)
{
	return eval_fn(pe_fn_of(p, dim), pos * pe_omega(p, pe_pair_of(p, dim)));
}

void pe_row(const struct pe_params *p, double pos, double *out)
{
	for (int i = 0; i < p->d_model / 2; i++) {
		double angle = pos * pe_omega(p, i);
		out[pe_dim_of(p, i, PE_SIN)] = sin(angle);
		out[pe_dim_of(p, i, PE_COS)] = cos(angle);
	}
}

/* ---- block means ---- */

/* D = sin(n w/2) / (n sin(w/2)): the mean of f(w x) over a block of n
 * positions is D * f(w * centre). Where n w/2 is tiny the quotient rounds
 * to 1 and is taken as 1; frequencies above pi (the multiply bug) can put
 * w/2 on a multiple of pi, where the samples all coincide and the quotient
 * is 0/0 or badly cancelled: D is then 1 too, and it is always kept in
 * [-1, 1], since a mean of values in [-1, 1] cannot leave it. For
 * 2^-26 <= n w/2 both sines are relatively accurate and the ratio has no
 * cancellation, so no series is needed; for huge n w (n up to 1e9) sin is
 * still right to an ulp of the argument, and D is tiny anyway. */
double pe_block_factor(double w, double n)
{
	double den, f;

	if (n <= 1.0 || fabs(0.5 * n * w) < 0x1p-26)
		return 1.0;
	den = n * sin(0.5 * w);
	if (den == 0.0)
		return 1.0;
	f = sin(0.5 * n * w) / den;
	return f > 1.0 ? 1.0 : f < -1.0 ? -1.0 : f;
}

/* Phase at the centre of the block [a, a+n): the mean of f(w(a+j)) over the
 * block is D * f(block_phase). */
static double block_phase(double w, double a, double n)
{
	return w * (a + 0.5 * (n - 1.0));
}

double pe_block_mean(const struct pe_params *p, double p0, double n, int dim)
{
	double w = pe_omega(p, pe_pair_of(p, dim));
	double f = pe_block_factor(w, n);

	return f * eval_fn(pe_fn_of(p, dim), block_phase(w, p0, n));
}

/* Writes out[k] = Im(start * turn by k blocks) for k < len, with the turn by
 * k <= BLOCK_GROUP blocks in (tc[k], ts[k]). The values of a group are
 * independent of each other (they vectorise); only the group starts form a
 * chain. */
static void block_run(struct turn start, const double *restrict tc,
		      const double *restrict ts, int len, double *restrict out)
{
	struct turn group = {tc[BLOCK_GROUP], ts[BLOCK_GROUP]};
	int j = 0;

	for (; j + BLOCK_GROUP <= len; j += BLOCK_GROUP) {
		for (int k = 0; k < BLOCK_GROUP; k++)
			out[j + k] = start.s * tc[k] + start.c * ts[k];
		start = turn_mul(start, group);
	}
	for (int k = 0; j + k < len; k++)
		out[j + k] = start.s * tc[k] + start.c * ts[k];
}

void pe_block_means(const struct pe_params *p, double p0, double n, int dim,
		    int count, double *out)
{
	double w = pe_omega(p, pe_pair_of(p, dim));
	struct turn half = turn_of(0.5 * n * w);	/* half a block */
	struct turn one = turn_mul(half, half);
	double f = pe_block_factor(w, n);
	bool is_cos = pe_fn_of(p, dim) == PE_COS;
	double tc[BLOCK_GROUP + 1], ts[BLOCK_GROUP + 1];

	/* Turns by k blocks as products of two shorter turns: no entry is more
	 * than log2(k) multiplications away from `one`. */
	tc[0] = 1.0;
	ts[0] = 0.0;
	tc[1] = one.c;
	ts[1] = one.s;
	for (int k = 2; k <= BLOCK_GROUP; k++) {
		int a = k / 2, b = k - k / 2;
		tc[k] = tc[a] * tc[b] - ts[a] * ts[b];
		ts[k] = ts[a] * tc[b] + tc[a] * ts[b];
	}
	for (int j = 0; j < count; j += BLOCK_RESEED) {
		struct turn start = turn_of(block_phase(w, p0 + j * n, n));

		/* cos(a) = sin(a + pi/2), and the quarter turn is the exact
		 * swap (cos, sin) -> (-sin, cos). */
		if (is_cos)
			start = (struct turn){-start.s, start.c};
		start.c *= f;
		start.s *= f;
		block_run(start, tc, ts,
			  count - j < BLOCK_RESEED ? count - j : BLOCK_RESEED,
			  out + j);
	}
}

/* A memo of four (key, turn) entries, oldest out first: plot columns have
 * at most two lengths and three steps between centres, so four entries
 * almost always suffice; a miss simply recomputes. */
enum { MEMO = 4 };

struct memo {
	long long key[MEMO];
	struct turn val[MEMO];
	int used, next;
};

static bool memo_get(const struct memo *m, long long key, struct turn *val)
{
	for (int i = 0; i < m->used; i++)
		if (m->key[i] == key) {
			*val = m->val[i];
			return true;
		}
	return false;
}

static struct turn memo_put(struct memo *m, long long key, struct turn val)
{
	m->key[m->next] = key;
	m->val[m->next] = val;
	m->next = (m->next + 1) % MEMO;
	if (m->used < MEMO)
		m->used++;
	return val;
}

void pe_wave_span_pair(double w, const long long *start,
		       const long long *count, int n, double *out_sin,
		       double *out_cos)
{
	struct memo steps = { { 0 }, { { 0, 0 } }, 0, 0 };
	struct memo factors = { { 0 }, { { 0, 0 } }, 0, 0 };
	struct turn phase = { 1.0, 0.0 }, t;
	long long prev2 = 0;

	for (int j = 0; j < n; j++) {
		/* Twice the span's centre, an exact integer. */
		long long c2 = 2 * start[j] + count[j] - 1;

		if (j % PE_SPAN_RESEED == 0) {
			phase = turn_of(0.5 * (double)c2 * w);
		} else {
			if (!memo_get(&steps, c2 - prev2, &t))
				t = memo_put(&steps, c2 - prev2,
					     turn_of(0.5 * (double)(c2 - prev2) * w));
			phase = turn_mul(phase, t);
		}
		prev2 = c2;
		if (!memo_get(&factors, count[j], &t))
			t = memo_put(&factors, count[j],
				     (struct turn){ pe_block_factor(w, (double)count[j]),
						    0.0 });
		if (out_sin)
			out_sin[j] = t.c * phase.s;
		if (out_cos)
			out_cos[j] = t.c * phase.c;
	}
}

void pe_span_means_pair(const struct pe_params *p, int pair,
			const long long *start, const long long *count, int n,
			double *out_sin, double *out_cos)
{
	pe_wave_span_pair(pe_omega(p, pair), start, count, n, out_sin, out_cos);
}

void pe_span_means(const struct pe_params *p, int dim, const long long *start,
		   const long long *count, int n, double *out)
{
	bool is_cos = pe_fn_of(p, dim) == PE_COS;

	pe_span_means_pair(p, pe_pair_of(p, dim), start, count, n,
			   is_cos ? NULL : out, is_cos ? out : NULL);
}

double pe_rect_mean(const struct pe_params *p, double p0, double n, int dim0,
		    int ndims)
{
	double sum = 0.0;

	for (int dim = dim0; dim < dim0 + ndims; dim++)
		sum += pe_block_mean(p, p0, n, dim);
	return sum / ndims;
}

/* ---- similarity between positions ---- */

double pe_similarity(const struct pe_params *p, double k, int pair0, int pair1)
{
	double sum = 0.0;

	for (int i = pair0; i < pair1; i++)
		sum += cos(k * pe_omega(p, i));
	return sum;
}

/* No clamp needed: each term is in [-1, 1] and rounding is monotone, so the
 * rounded sum of m terms stays in [-m, m]. */
double pe_cos_similarity(const struct pe_params *p, double k, int pair0,
			 int pair1)
{
	if (pair1 <= pair0)
		return 1.0;
	return pe_similarity(p, k, pair0, pair1) / (pair1 - pair0);
}

/* ---- offsets are rotations ---- */

static void rotation_by(double w, double k, double m[2][2])
{
	double c = cos(k * w), s = sin(k * w);

	m[0][0] = c;
	m[0][1] = s;
	m[1][0] = -s;
	m[1][1] = c;
}

void pe_rotation(const struct pe_params *p, int pair, double k,
		 double m[2][2])
{
	rotation_by(pe_omega(p, pair), k, m);
}

/* The squared residual of one pair: omega w, its rotation by k (entry[1] =
 * cos kw, entry[2] = sin kw, as rotation_by gives them), at pos. Angles go
 * through pe_sincos, which is libm below 1e8 and three times faster than
 * glibc's reduction above (positions near 1e9 put every fast pair there). */
static double rotation_term(const double entry[3], double pos, double k)
{
	double w = entry[0], s, c, s2, c2, es, ec;

	pe_sincos(pos * w, &s, &c);
	pe_sincos((pos + k) * w, &s2, &c2);
	es = entry[1] * s + entry[2] * c - s2;
	ec = -entry[2] * s + entry[1] * c - c2;
	return es * es + ec * ec;
}

int pe_rotation_table_size(int d_model)
{
	return 3 * (d_model / 2);
}

/* omega, cos k omega and sin k omega of pair i into entry[0..2]. */
static void rotation_entry(const struct pe_params *p, double k, int i,
			   double entry[3])
{
	double m[2][2];

	entry[0] = pe_omega(p, i);
	rotation_by(entry[0], k, m);
	entry[1] = m[0][0];
	entry[2] = m[0][1];
}

void pe_rotation_table_fill(const struct pe_params *p, double k, int pair0,
			    int pair1, double *table)
{
	for (int i = pair0; i < pair1; i++)
		rotation_entry(p, k, i, table + 3 * (size_t)i);
}

double pe_rotation_residual_add(const double *table, double pos, double k,
				int pair0, int pair1, double sum)
{
	for (int i = pair0; i < pair1; i++)
		sum += rotation_term(table + 3 * (size_t)i, pos, k);
	return sum;
}

double pe_rotation_residual(const struct pe_params *p, double pos, double k)
{
	double sum = 0.0, entry[3];

	for (int i = 0; i < p->d_model / 2; i++) {
		rotation_entry(p, k, i, entry);
		sum += rotation_term(entry, pos, k);
	}
	return sqrt(sum);
}

double pe_cosine_step(int n, const double *restrict tc,
		      const double *restrict cur, double *restrict prev)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	int t = 0;

	for (; t + 8 <= n; t += 8) {
		double t0 = tc[t] * cur[t] - prev[t];
		double t1 = tc[t + 1] * cur[t + 1] - prev[t + 1];
		double t2 = tc[t + 2] * cur[t + 2] - prev[t + 2];
		double t3 = tc[t + 3] * cur[t + 3] - prev[t + 3];
		double t4 = tc[t + 4] * cur[t + 4] - prev[t + 4];
		double t5 = tc[t + 5] * cur[t + 5] - prev[t + 5];
		double t6 = tc[t + 6] * cur[t + 6] - prev[t + 6];
		double t7 = tc[t + 7] * cur[t + 7] - prev[t + 7];

		prev[t] = t0, prev[t + 1] = t1, prev[t + 2] = t2;
		prev[t + 3] = t3, prev[t + 4] = t4, prev[t + 5] = t5;
		prev[t + 6] = t6, prev[t + 7] = t7;
		s0 += t0, s1 += t1, s2 += t2, s3 += t3;
		s4 += t4, s5 += t5, s6 += t6, s7 += t7;
	}
	for (; t < n; t++) {
		prev[t] = tc[t] * cur[t] - prev[t];
		s0 += prev[t];
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
}

/* ---- fast streaming of consecutive rows ---- */

/* gen->s and gen->c hold the row produced last. A row is either a seed,
 * computed with sin/cos, or the previous row turned by one position and
 * stored straight into the output. The turn and the store share one loop:
 * a separate copy loop would be compiled to memcpy, which glibc 2.36 runs
 * at ~3 ns a double on the AMD machine this was measured on when the output
 * sits just past a multiple of 4096 bytes from the workspace (as a row
 * buffer malloc'd right after it does), 30 times its usual speed. */

/* Pairs are turned in groups of PAIR_GROUP with a fixed inner count, a shape
 * that GCC's -O2 vectoriser accepts (see BLOCK_GROUP). */
#define PAIR_GROUP 4

int pe_rowgen_workspace(int d_model)
{
	return 2 * d_model;	/* s, c, cw, sw: d/2 doubles each */
}

void pe_rowgen_init(struct pe_rowgen *gen, const struct pe_params *p, double p0,
		    double *workspace)
{
	int h = p->d_model / 2;

	gen->params = *p;
	gen->pos = p0;
	gen->since_seed = PE_ROWGEN_RESEED;	/* the first row is a seed */
	gen->s = workspace;
	gen->c = workspace + h;
	gen->cw = workspace + 2 * h;
	gen->sw = workspace + 3 * h;
	for (int i = 0; i < h; i++) {
		double w = pe_omega(p, i);
		gen->cw[i] = cos(w);
		gen->sw[i] = sin(w);
	}
}

static void rowgen_seed(struct pe_rowgen *gen, double *out)
{
	for (int i = 0; i < gen->params.d_model / 2; i++) {
		double angle = gen->pos * pe_omega(&gen->params, i);
		gen->s[i] = sin(angle);
		gen->c[i] = cos(angle);
		out[pe_dim_of(&gen->params, i, PE_SIN)] = gen->s[i];
		out[pe_dim_of(&gen->params, i, PE_COS)] = gen->c[i];
	}
	gen->since_seed = 0;
}

/* Turns pairs i0 .. i0+n-1 by one position, (s, c) <- (s cw + c sw,
 * c cw - s sw), and stores pair i at so[i*stride] and co[i*stride]. */
static inline void turn_pairs(int i0, int n, int stride, double *restrict s,
			      double *restrict c, const double *restrict cw,
			      const double *restrict sw, double *restrict so,
			      double *restrict co)
{
	for (int i = i0; i < i0 + n; i++) {
		double s1 = s[i] * cw[i] + c[i] * sw[i];
		double c1 = c[i] * cw[i] - s[i] * sw[i];
		s[i] = s1;
		c[i] = c1;
		so[i * stride] = s1;
		co[i * stride] = c1;
	}
}

/* Turns every pair and writes the row in layout order: sine i at out[i] and
 * cosine i at out[h+i] (concat) or at out[2i] and out[2i+1] (interleaved).
 * Each call passes a constant stride so that the stores vectorise. */
static void rowgen_turn(struct pe_rowgen *gen, double *out)
{
	int h = gen->params.d_model / 2, i = 0;
	double *s = gen->s, *c = gen->c;

	if (gen->params.layout == PE_CONCAT) {
		for (; i + PAIR_GROUP <= h; i += PAIR_GROUP)
			turn_pairs(i, PAIR_GROUP, 1, s, c, gen->cw, gen->sw,
				   out, out + h);
		turn_pairs(i, h - i, 1, s, c, gen->cw, gen->sw, out, out + h);
	} else {
		for (; i + PAIR_GROUP <= h; i += PAIR_GROUP)
			turn_pairs(i, PAIR_GROUP, 2, s, c, gen->cw, gen->sw,
				   out, out + 1);
		turn_pairs(i, h - i, 2, s, c, gen->cw, gen->sw, out, out + 1);
	}
}

void pe_rowgen_next(struct pe_rowgen *gen, double *out)
{
	if (gen->since_seed == PE_ROWGEN_RESEED)
		rowgen_seed(gen, out);
	else
		rowgen_turn(gen, out);
	gen->pos += 1.0;
	gen->since_seed++;
}
