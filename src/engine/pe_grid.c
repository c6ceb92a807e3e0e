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
 * value is its own sin/cos, as pe_wave_span_means computes it. */
#include "engine/pe_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	MARK = 255,		/* step_ix: seed here; count_ix: factor here */
	MAX_GAP = 4		/* lengths this close are derived by turning */
};

static const double DERIVE_MAX = 1e8;

/* (cos, sin) of each lane's angle. */
struct lanes {
	double c[PE_GRID_LANES], s[PE_GRID_LANES];
};

static void lanes_of(struct lanes *t, const double *angle)
{
	for (int k = 0; k < PE_GRID_LANES; k++) {
		t->c[k] = cos(angle[k]);
		t->s[k] = sin(angle[k]);
	}
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
	size_t parts = 2 * (size_t)n;

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

/* Two lanes in one register (a GCC and Clang vector extension; on machines
 * without such registers the compiler splits it into two doubles). The
 * phases of a block live in four of them across the whole walk, so the
 * chain from column to column never passes through memory. */
typedef double duo __attribute__((vector_size(2 * sizeof(double))));

_Static_assert(PE_GRID_LANES == 8, "block_run turns four duos of lanes");

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

/* Turns one duo of phases by the duo of turns at t + 2q. */
static void duo_turn(duo *c, duo *s, const struct lanes *t, int q)
{
	duo tc = duo_load(t->c + 2 * q), ts = duo_load(t->s + 2 * q);
	duo nc = *c * tc - *s * ts;

	*s = *s * tc + *c * ts;
	*c = nc;
}

/* Adds the block's means at every column to the partial sums. The four
 * duos are written out one by one (not as a loop over an array) so that
 * compilers keep all eight phases in registers. */
static void block_run(const struct block *b, const struct pe_grid *g)
{
	duo c0 = { 1.0, 1.0 }, c1 = c0, c2 = c0, c3 = c0;
	duo s0 = { 0.0, 0.0 }, s1 = s0, s2 = s0, s3 = s0;
	double direct[PE_GRID_LANES];
	const unsigned char *step_ix = g->step_ix, *count_ix = g->count_ix;
	double *part_s = g->part_s, *part_c = g->part_c;
	int n = g->n;

	for (int j = 0; j < n; j++) {
		double *ps = part_s + 2 * (size_t)j;
		double *pc = part_c + 2 * (size_t)j;
		const double *f = direct;

		if (step_ix[j] == MARK) {
			struct lanes seed;

			lanes_direct(&seed, b->x, g->c2[j]);
			c0 = duo_load(seed.c);
			c1 = duo_load(seed.c + 2);
			c2 = duo_load(seed.c + 4);
			c3 = duo_load(seed.c + 6);
			s0 = duo_load(seed.s);
			s1 = duo_load(seed.s + 2);
			s2 = duo_load(seed.s + 4);
			s3 = duo_load(seed.s + 6);
		} else {
			const struct lanes *t = &b->step_turn[step_ix[j]];

			duo_turn(&c0, &s0, t, 0);
			duo_turn(&c1, &s1, t, 1);
			duo_turn(&c2, &s2, t, 2);
			duo_turn(&c3, &s3, t, 3);
		}
		if (count_ix[j] == MARK)
			direct_factors(b, g->count[j], direct);
		else
			f = b->fac[count_ix[j]];
		{
			duo f0 = duo_load(f), f1 = duo_load(f + 2);
			duo f2 = duo_load(f + 4), f3 = duo_load(f + 6);

			duo_store(ps, duo_load(ps) + ((f0 * s0 + f1 * s1) +
						       (f2 * s2 + f3 * s3)));
			duo_store(pc, duo_load(pc) + ((f0 * c0 + f1 * c1) +
						       (f2 * c2 + f3 * c3)));
		}
	}
}

void pe_grid_add(struct pe_grid *g, const double *omega, int nw,
		 double *sum_s, double *sum_c)
{
	size_t parts = 2 * (size_t)g->n;
	struct block b;

	memset(g->part_s, 0, parts * sizeof *g->part_s);
	memset(g->part_c, 0, parts * sizeof *g->part_c);
	for (int k0 = 0; k0 < nw; k0 += PE_GRID_LANES) {
		block_prepare(&b, g, omega + k0, nw - k0);
		block_run(&b, g);
	}
	for (int j = 0; j < g->n; j++) {
		double s = g->part_s[2 * j] + g->part_s[2 * j + 1];
		double c = g->part_c[2 * j] + g->part_c[2 * j + 1];

		if (sum_s)
			sum_s[j] += s;
		if (sum_c)
			sum_c[j] += c;
	}
}
