/* pe_grid.c - sums of span means of many waves (see pe_grid.h).
 *
 * A wave's mean over span j is D(len_j) * (sin, cos)(omega * centre_j). Plot
 * columns are consecutive spans of one or two lengths, so the centres step
 * by a few distinct amounts: from one column to the next the phase turns by
 * one of a few fixed angles, four multiplies instead of a sin and a cos. The
 * turns and block factors of a wave come from three sin/cos: by half a
 * position (x = omega/2), by the shortest length, and the seed; longer
 * lengths are the shortest turned by x a few times, and a step between two
 * consecutive spans is the sum of their lengths (in units of x), so its turn
 * is a product of two length turns. Products are used only while the
 * angle is below DERIVE_MAX, where libm's arguments are themselves exact to
 * ~1e-8 rad and a product's few ulps of drift are far smaller; beyond it each
 * value is its own sin/cos, as pe_wave_span_means computes it.
 *
 * The sin/cos come from pe_sincos_n, PE_GRID_LANES at a time: a seed's
 * angle, omega/2 times twice a column's centre, passes 1e8 for every fast
 * wave of a long sequence, where glibc's sin and cos reduce it the slow
 * way; the batch is within 4e-16 of the exact values, below the angle's
 * own rounding (|angle| * 2^-53). */
#include "engine/pe_grid.h"
#include "engine/pe_trig.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	MARK = 255,		/* step_ix: seed here; count_ix: factor here */
	MAX_GAP = 4,		/* lengths this close are derived by turning */
	PARTS = 4		/* partial sums a column (the walk, below) */
};

static const double DERIVE_MAX = 1e8;

/* (cos, sin) of each lane's angle. */
struct lanes {
	double c[PE_GRID_LANES], s[PE_GRID_LANES];
};

static void lanes_of(struct lanes *t, const double *angle)
{
	pe_sincos_n(angle, PE_GRID_LANES, t->s, t->c);
}

/* out = a turned by b, lane by lane (out may be a). */
static void lanes_mul(struct lanes *out, const struct lanes *a,
		      const struct lanes *b)
{
	for (int k = 0; k < PE_GRID_LANES; k++) {
		double c = a->c[k] * b->c[k] - a->s[k] * b->s[k];
		double s = a->s[k] * b->c[k] + a->c[k] * b->s[k];

		out->c[k] = c;
		out->s[k] = s;
	}
}

/* The block factor D for a span of len positions of a wave with half-step
 * x, given sin(len * x) and sin(x) (the lane's half turn, libm's value);
 * weight is 0 for padding lanes, else 1. */
static double factor(long long len, double x, double sin_lx, double sin_x,
		     double weight)
{
	double den, f;

	if (len <= 1 || fabs((double)len * x) < 0x1p-26)
		return weight;
	den = (double)len * sin_x;
	if (den == 0.0)
		return weight;
	f = sin_lx / den;
	return weight * (f > 1.0 ? 1.0 : f < -1.0 ? -1.0 : f);
}

/* ---- preparing the columns ---- */

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Adds v to the set vals[0..*n) if absent and there is room. */
static void set_add(long long *vals, int *n, long long v)
{
	for (int i = 0; i < *n; i++)
		if (vals[i] == v)
			return;
	if (*n < PE_GRID_VALUES)
		vals[(*n)++] = v;
}

static unsigned char set_index(const long long *vals, int n, long long v)
{
	for (int i = 0; i < n; i++)
		if (vals[i] == v)
			return (unsigned char)i;
	return MARK;
}

static bool is_seed(int j)
{
	return j % PE_GRID_RESEED == 0;
}

bool pe_grid_init(struct pe_grid *g, const long long *start,
		  const long long *count, int n)
{
	size_t parts = PARTS * (size_t)n;

	memset(g, 0, sizeof *g);
	g->n = n;
	g->c2 = malloc((size_t)n * sizeof *g->c2);
	g->count = malloc((size_t)n * sizeof *g->count);
	g->step_ix = malloc((size_t)n);
	g->count_ix = malloc((size_t)n);
	g->part_s = malloc(parts * sizeof *g->part_s);
	g->part_c = malloc(parts * sizeof *g->part_c);
	if (!g->c2 || !g->count || !g->step_ix || !g->count_ix || !g->part_s ||
	    !g->part_c) {
		pe_grid_free(g);
		return false;
	}
	for (int j = 0; j < n; j++) {
		g->count[j] = count[j];
		g->c2[j] = 2 * start[j] + count[j] - 1;
		set_add(g->counts, &g->ncounts, count[j]);
		if (!is_seed(j))
			set_add(g->steps, &g->nsteps, g->c2[j] - g->c2[j - 1]);
	}
	qsort(g->counts, (size_t)g->ncounts, sizeof g->counts[0], cmp_ll);
	qsort(g->steps, (size_t)g->nsteps, sizeof g->steps[0], cmp_ll);
	for (int j = 0; j < n; j++) {
		g->count_ix[j] = set_index(g->counts, g->ncounts, count[j]);
		g->step_ix[j] = is_seed(j) ? MARK
				: set_index(g->steps, g->nsteps,
					    g->c2[j] - g->c2[j - 1]);
	}
	return true;
}

void pe_grid_free(struct pe_grid *g)
{
	free(g->c2);
	free(g->count);
	free(g->step_ix);
	free(g->count_ix);
	free(g->part_s);
	free(g->part_c);
	memset(g, 0, sizeof *g);
}

/* ---- one block of lanes ---- */

/* What a block of waves needs besides its phases: the turn by half a
 * position, the turn by each distinct length and step, and the factors. */
struct block {
	double x[PE_GRID_LANES], weight[PE_GRID_LANES];
	struct lanes half;
	struct lanes len_turn[PE_GRID_VALUES], step_turn[PE_GRID_VALUES];
	double fac[PE_GRID_VALUES][PE_GRID_LANES];
};

static bool lanes_small(const double *x, long long m)
{
	for (int k = 0; k < PE_GRID_LANES; k++)
		if (fabs((double)m * x[k]) >= DERIVE_MAX)
			return false;
	return true;
}

static void lanes_direct(struct lanes *t, const double *x, long long m)
{
	double angle[PE_GRID_LANES];

	for (int k = 0; k < PE_GRID_LANES; k++)
		angle[k] = (double)m * x[k];
	lanes_of(t, angle);
}

/* The turn by the length counts[i]: the previous length's turned a few
 * half-steps more when that is close and small, else from sin/cos. */
static void block_length(struct block *b, const struct pe_grid *g, int i)
{
	long long m = g->counts[i];
	long long gap = i > 0 ? m - g->counts[i - 1] : MAX_GAP + 1;

	if (gap <= MAX_GAP && lanes_small(b->x, m)) {
		b->len_turn[i] = b->len_turn[i - 1];
		for (long long r = 0; r < gap; r++)
			lanes_mul(&b->len_turn[i], &b->len_turn[i], &b->half);
	} else {
		lanes_direct(&b->len_turn[i], b->x, m);
	}
	for (int k = 0; k < PE_GRID_LANES; k++)
		b->fac[i][k] = factor(m, b->x[k], b->len_turn[i].s[k],
				      b->half.s[k], b->weight[k]);
}

/* The turn by the step steps[i]: a product of two length turns when it is
 * their sum (consecutive spans), else from sin/cos. */
static void block_step(struct block *b, const struct pe_grid *g, int i)
{
	long long m = g->steps[i];

	if (lanes_small(b->x, m))
		for (int a = 0; a < g->ncounts; a++)
			for (int c = a; c < g->ncounts; c++)
				if (g->counts[a] + g->counts[c] == m) {
					lanes_mul(&b->step_turn[i],
						  &b->len_turn[a],
						  &b->len_turn[c]);
					return;
				}
	lanes_direct(&b->step_turn[i], b->x, m);
}

static void block_prepare(struct block *b, const struct pe_grid *g,
			  const double *omega, int nw)
{
	for (int k = 0; k < PE_GRID_LANES; k++) {
		b->x[k] = k < nw ? 0.5 * omega[k] : 0.0;
		b->weight[k] = k < nw ? 1.0 : 0.0;
	}
	lanes_of(&b->half, b->x);
	for (int i = 0; i < g->ncounts; i++)
		block_length(b, g, i);
	for (int i = 0; i < g->nsteps; i++)
		block_step(b, g, i);
}

/* The factors for a column whose length is not among counts[]. */
static void direct_factors(const struct block *b, long long len, double *fac)
{
	for (int k = 0; k < PE_GRID_LANES; k++)
		fac[k] = factor(len, b->x[k], sin((double)len * b->x[k]),
				b->half.s[k], b->weight[k]);
}

/* ---- the walk across the columns ----
 *
 * The walk is a chain of turns, column after column, and a turn's
 * multiply and add wait for the one before: the walk runs as fast as the
 * processor keeps enough independent chains going. Lanes are summed into
 * PARTS partial sums a column, lane k into part k % PARTS, each part's
 * lanes added in one fixed order:
 *   part m += ((f[m] x[m] + f[m+4] x[m+4]) + (f[m+8] x[m+8] + f[m+12] x[m+12]))
 * for x the phases' sines (or cosines) and f the lanes' factors. Two
 * walks compute exactly that: with AVX2, four registers of four lanes
 * (sixteen chains in flight); without, two passes of four registers of two
 * lanes, parts 0-1 then 2-3, the register count of SSE2. The same IEEE
 * operations in the same order, and no fused multiply-add, so both give
 * the same sums bit for bit, and a picture is the same on every x86-64. */

_Static_assert(PE_GRID_LANES == 4 * PARTS, "a part sums four lanes");

/* Two lanes in one register (a GCC and Clang vector extension; on machines
 * without such registers the compiler splits it into two doubles). */
typedef double duo __attribute__((vector_size(2 * sizeof(double))));

static duo duo_load(const double *p)
{
	duo v;

	memcpy(&v, p, sizeof v);
	return v;
}

static void duo_store(double *p, duo v)
{
	memcpy(p, &v, sizeof v);
}

/* Turns one duo of phases by the turns of the same lanes, from lane k. */
static void duo_turn(duo *c, duo *s, const struct lanes *t, int k)
{
	duo tc = duo_load(t->c + k), ts = duo_load(t->s + k);
	duo nc = *c * tc - *s * ts;

	*s = *s * tc + *c * ts;
	*c = nc;
}

/* The factors of column j: one of the block's, or computed into direct. */
static const double *column_factors(const struct block *b,
				    const struct pe_grid *g, int j,
				    double *direct)
{
	if (g->count_ix[j] != MARK)
		return b->fac[g->count_ix[j]];
	direct_factors(b, g->count[j], direct);
	return direct;
}

/* One pass of the walk without AVX2: parts h .. h+1, the lanes 4q + h and
 * 4q + h + 1 of duo q. The four duos are written out one by one (not as a
 * loop over an array) so that compilers keep all eight phases in
 * registers. */
static void walk_duos(const struct block *b, const struct pe_grid *g, int h)
{
	duo c0 = { 1.0, 1.0 }, c1 = c0, c2 = c0, c3 = c0;
	duo s0 = { 0.0, 0.0 }, s1 = s0, s2 = s0, s3 = s0;
	double direct[PE_GRID_LANES];

	for (int j = 0; j < g->n; j++) {
		double *ps = g->part_s + PARTS * (size_t)j + h;
		double *pc = g->part_c + PARTS * (size_t)j + h;
		const double *f;

		if (g->step_ix[j] == MARK) {
			struct lanes seed;

			lanes_direct(&seed, b->x, g->c2[j]);
			c0 = duo_load(seed.c + h);
			c1 = duo_load(seed.c + 4 + h);
			c2 = duo_load(seed.c + 8 + h);
			c3 = duo_load(seed.c + 12 + h);
			s0 = duo_load(seed.s + h);
			s1 = duo_load(seed.s + 4 + h);
			s2 = duo_load(seed.s + 8 + h);
			s3 = duo_load(seed.s + 12 + h);
		} else {
			const struct lanes *t = &b->step_turn[g->step_ix[j]];

			duo_turn(&c0, &s0, t, h);
			duo_turn(&c1, &s1, t, 4 + h);
			duo_turn(&c2, &s2, t, 8 + h);
			duo_turn(&c3, &s3, t, 12 + h);
		}
		f = column_factors(b, g, j, direct);
		{
			duo f0 = duo_load(f + h), f1 = duo_load(f + 4 + h);
			duo f2 = duo_load(f + 8 + h), f3 = duo_load(f + 12 + h);

			duo_store(ps, duo_load(ps) + ((f0 * s0 + f1 * s1) +
						       (f2 * s2 + f3 * s3)));
			duo_store(pc, duo_load(pc) + ((f0 * c0 + f1 * c1) +
						       (f2 * c2 + f3 * c3)));
		}
	}
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GRID_AVX2 1

/* Four lanes in one AVX2 register. Its loads, stores and turns are
 * macros: a function passing one would need AVX2 itself. */
typedef double quad __attribute__((vector_size(4 * sizeof(double))));

#define QUAD_LOAD(v, p) memcpy(&(v), (p), sizeof(quad))
#define QUAD_STORE(p, v) memcpy((p), &(v), sizeof(quad))
#define QUAD_TURN(cv, sv, tp, k)					\
	do {								\
		quad tc_, ts_, nc_;					\
		QUAD_LOAD(tc_, (tp)->c + (k));				\
		QUAD_LOAD(ts_, (tp)->s + (k));				\
		nc_ = (cv) * tc_ - (sv) * ts_;				\
		(sv) = (sv) * tc_ + (cv) * ts_;				\
		(cv) = nc_;						\
	} while (0)

/* The whole walk with AVX2: quad q holds lanes 4q .. 4q+3, whose part is
 * their place in it. */
__attribute__((target("avx2")))
static void walk_quads(const struct block *b, const struct pe_grid *g)
{
	quad c0 = { 1.0, 1.0, 1.0, 1.0 }, c1 = c0, c2 = c0, c3 = c0;
	quad s0 = { 0.0, 0.0, 0.0, 0.0 }, s1 = s0, s2 = s0, s3 = s0;
	double direct[PE_GRID_LANES];

	for (int j = 0; j < g->n; j++) {
		double *ps = g->part_s + PARTS * (size_t)j;
		double *pc = g->part_c + PARTS * (size_t)j;
		const double *f;
		quad f0, f1, f2, f3, sum;

		if (g->step_ix[j] == MARK) {
			struct lanes seed;

			lanes_direct(&seed, b->x, g->c2[j]);
			QUAD_LOAD(c0, seed.c);
			QUAD_LOAD(c1, seed.c + 4);
			QUAD_LOAD(c2, seed.c + 8);
			QUAD_LOAD(c3, seed.c + 12);
			QUAD_LOAD(s0, seed.s);
			QUAD_LOAD(s1, seed.s + 4);
			QUAD_LOAD(s2, seed.s + 8);
			QUAD_LOAD(s3, seed.s + 12);
		} else {
			const struct lanes *t = &b->step_turn[g->step_ix[j]];

			QUAD_TURN(c0, s0, t, 0);
			QUAD_TURN(c1, s1, t, 4);
			QUAD_TURN(c2, s2, t, 8);
			QUAD_TURN(c3, s3, t, 12);
		}
		f = column_factors(b, g, j, direct);
		QUAD_LOAD(f0, f);
		QUAD_LOAD(f1, f + 4);
		QUAD_LOAD(f2, f + 8);
		QUAD_LOAD(f3, f + 12);
		QUAD_LOAD(sum, ps);
		sum += (f0 * s0 + f1 * s1) + (f2 * s2 + f3 * s3);
		QUAD_STORE(ps, sum);
		QUAD_LOAD(sum, pc);
		sum += (f0 * c0 + f1 * c1) + (f2 * c2 + f3 * c3);
		QUAD_STORE(pc, sum);
	}
}
#endif

/* Whether the walk uses AVX2 where the processor has it (the tests turn it
 * off to compare the two walks). */
static bool avx2_allowed = true;

void pe_grid_allow_avx2(bool on)
{
	avx2_allowed = on;
}

/* Adds the block's means at every column to the partial sums. */
static void block_run(const struct block *b, const struct pe_grid *g)
{
#ifdef GRID_AVX2
	if (avx2_allowed && __builtin_cpu_supports("avx2")) {
		walk_quads(b, g);
		return;
	}
#endif
	walk_duos(b, g, 0);
	walk_duos(b, g, 2);
}

void pe_grid_add(struct pe_grid *g, const double *omega, int nw,
		 double *sum_s, double *sum_c)
{
	size_t parts = PARTS * (size_t)g->n;
	struct block b;

	memset(g->part_s, 0, parts * sizeof *g->part_s);
	memset(g->part_c, 0, parts * sizeof *g->part_c);
	for (int k0 = 0; k0 < nw; k0 += PE_GRID_LANES) {
		block_prepare(&b, g, omega + k0, nw - k0);
		block_run(&b, g);
	}
	for (int j = 0; j < g->n; j++) {
		const double *ps = g->part_s + PARTS * (size_t)j;
		const double *pc = g->part_c + PARTS * (size_t)j;
		double s = (ps[0] + ps[1]) + (ps[2] + ps[3]);
		double c = (pc[0] + pc[1]) + (pc[2] + pc[3]);

		if (sum_s)
			sum_s[j] += s;
		if (sum_c)
			sum_c[j] += c;
	}
}
