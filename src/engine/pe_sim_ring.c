/* pe_sim_ring.c - the mean similarity as a growing run of samples (see
 * pe_sim_ring.h). */
#include "engine/pe_sim_ring.h"
#include "engine/pe_trig.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum {
	PAIRS_MAX = PE_D_MAX / 2,
	OMEGA_RESEED = 64,		/* pairs between pow() calls */
	SEED_BATCH = 256		/* angles to pe_sincos_n at a time */
};

/* One end of the cached run: every pair's weighted cosine at the end sample
 * (`edge`) and at the sample one step inside (`inside`). The arrays swap
 * roles as the end moves outwards. */
struct sim_end {
	int dir;			/* outwards: -1 left end, +1 right end */
	bool valid;			/* false: must be seeded before use */
	int age;			/* samples advanced since seeded */
	long long g;			/* grid index of the end sample */
	double *edge, *inside;		/* into store below */
};

/* Per-pair constants for (d, base) and for the spacing m, the run of
 * samples [lo, hi] in a ring indexed by g mod capacity, and its ends. */
struct pe_sim_ring {
	int capacity;			/* samples the ring holds */
	bool have_pairs;		/* omega, half_sin are for d, base */
	bool have_spacing;		/* weight, twice_cos... are for d,
					 * base and step */
	int d;				/* d_model of both */
	double base;			/* and their base */
	bool valid;			/* the run below is valid for them */
	double step;			/* m, positions between samples */
	double omega[PAIRS_MAX];	/* w_i */
	double half_sin[PAIRS_MAX];	/* sin(w_i / 2) */
	double weight[PAIRS_MAX];	/* D_i / (d/2) */
	double twice_cos[PAIRS_MAX];	/* 2 cos(w_i m) */
	double step_cos[PAIRS_MAX];	/* cos(w_i m) */
	double step_sin[PAIRS_MAX];	/* sin(w_i m) */
	long long lo, hi;		/* grid indices cached, lo <= hi */
	struct sim_end left, right;
	double store[4][PAIRS_MAX];	/* the ends' arrays */
	double ring[];			/* sample g at ring[g mod capacity] */
};

static long long ring_index(const struct pe_sim_ring *r, long long g)
{
	long long i = g % r->capacity;

	return i < 0 ? i + r->capacity : i;
}

static double *ring_at(struct pe_sim_ring *r, long long g)
{
	return &r->ring[ring_index(r, g)];
}

/* Advances one end outwards by a sample and returns the sample's value:
 * every pair's next = 2 cos(w m) edge - inside (pe_cosine_step). This is
 * nearly all the work. */
static double sim_advance(struct pe_sim_ring *r, int h, struct sim_end *e)
{
	double *next = e->inside;
	double sum = pe_cosine_step(h, r->twice_cos, e->edge, next);

	e->inside = e->edge;
	e->edge = next;
	e->age++;
	e->g += e->dir;
	return sum;
}

/* Sets end e to sample g (the inside sample is g - e->dir) from cosines.
 * Returns the value of sample g. The inside sample is the edge's angle
 * turned back by one step, m w_i, whose cosine and sine sim_prepare keeps:
 * one sin/cos per pair rather than two cosines. The angles, g m w_i, pass
 * 1e8 for every fast pair of a long sequence, where glibc's sin and cos
 * reduce them the slow way (~150 ns each: ~5 ms a seed at d = 65536);
 * pe_sincos_n takes them SEED_BATCH at a time, within 4e-16 of the exact
 * values, far below the angle's own rounding (|angle| * 2^-53) and the
 * recurrence's 2e-5. */
static double sim_seed(struct pe_sim_ring *r, int h, struct sim_end *e,
		       long long g)
{
	double sum = 0.0, k = (double)g * r->step;
	double back = (double)e->dir;	/* the inside is dir steps back */
	double a[SEED_BATCH], sa[SEED_BATCH], ca[SEED_BATCH];

	for (int i0 = 0; i0 < h; i0 += SEED_BATCH) {
		int n = h - i0 < SEED_BATCH ? h - i0 : SEED_BATCH;

		for (int j = 0; j < n; j++)
			a[j] = r->omega[i0 + j] * k;
		pe_sincos_n(a, n, sa, ca);
		for (int j = 0; j < n; j++) {
			int i = i0 + j;

			e->edge[i] = r->weight[i] * ca[j];
			e->inside[i] = r->weight[i] *
				       (ca[j] * r->step_cos[i] +
					back * sa[j] * r->step_sin[i]);
			sum += e->edge[i];
		}
	}
	e->valid = true;
	e->age = 0;
	e->g = g;
	return sum;
}

/* w_i and sin(w_i / 2) for every pair. w_i = q^i (q = w_1) is taken by
 * repeated multiplication, re-seeded with pe_omega every OMEGA_RESEED
 * pairs: a plot needs far less than pow's accuracy (64 ulps of w_i move the
 * phase at k = 1e9 by 1e-5), and it saves a pow per pair when d or base
 * changes. */
static void sim_pairs(struct pe_sim_ring *r, const struct pe_params *p)
{
	int h = p->d_model / 2;
	double q = pe_omega(p, 1 < h ? 1 : 0), w = 1.0;

	for (int i = 0; i < h; i++, w *= q) {
		if (i % OMEGA_RESEED == 0)
			w = pe_omega(p, i);
		r->omega[i] = w;
	}
	for (int i0 = 0; i0 < h; i0 += SEED_BATCH) {
		int n = h - i0 < SEED_BATCH ? h - i0 : SEED_BATCH;
		double x[SEED_BATCH], c[SEED_BATCH];

		for (int j = 0; j < n; j++)
			x[j] = 0.5 * r->omega[i0 + j];
		pe_sincos_n(x, n, r->half_sin + i0, c);
	}
}

/* Per-pair constants for spacing `step`; starts a new run (invalid) when
 * anything they depend on changed (d and base; step). With x = m w / 2
 * the block factor is D = sin(x) / (m sin(w/2)), cos(m w) = 1 - 2 sin(x)^2
 * and sin(m w) = 2 sin(x) cos(x), so one sin/cos per pair gives them all. */
static void sim_prepare(struct pe_sim_ring *r, const struct pe_params *p,
			double step)
{
	int h = p->d_model / 2;
	bool same = r->have_pairs && r->d == p->d_model && r->base == p->base;

	if (!same) {
		sim_pairs(r, p);
		r->have_pairs = true;
		r->d = p->d_model;
		r->base = p->base;
	} else if (r->have_spacing && r->step == step) {
		return;
	}
	r->have_spacing = true;
	for (int i0 = 0; i0 < h; i0 += SEED_BATCH) {
		int n = h - i0 < SEED_BATCH ? h - i0 : SEED_BATCH;
		double x[SEED_BATCH], sx[SEED_BATCH], cx[SEED_BATCH];

		for (int j = 0; j < n; j++)
			x[j] = 0.5 * step * r->omega[i0 + j];
		pe_sincos_n(x, n, sx, cx);
		for (int j = 0; j < n; j++) {
			int i = i0 + j;
			double f = 1.0;

			/* As pe.h's block factor: exactly 1 for a single
			 * position or a turn too small to divide by. */
			if (step > 1.0 && fabs(x[j]) >= 0x1p-26)
				f = sx[j] / (step * r->half_sin[i]);
			r->weight[i] = f / h;
			r->twice_cos[i] = 2.0 - 4.0 * sx[j] * sx[j];
			r->step_cos[i] = 1.0 - 2.0 * sx[j] * sx[j];
			r->step_sin[i] = 2.0 * sx[j] * cx[j];
		}
	}
	r->valid = false;
	r->step = step;
	r->left = (struct sim_end){ -1, false, 0, 0, r->store[0],
				    r->store[1] };
	r->right = (struct sim_end){ +1, false, 0, 0, r->store[2],
				     r->store[3] };
}

/* Moves end e one sample outwards, re-seeding it first when it is old, and
 * drops the sample at the far end when the ring is full (which invalidates
 * that end). */
static void sim_grow(struct pe_sim_ring *r, int h, struct sim_end *e)
{
	struct sim_end *far = e->dir > 0 ? &r->left : &r->right;
	double v;

	if (e->age >= PE_SIM_RING_RESEED)
		sim_seed(r, h, e, e->g);
	if (r->hi - r->lo + 1 >= r->capacity) {
		if (e->dir > 0)
			r->lo++;
		else
			r->hi--;
		far->valid = false;
	}
	v = sim_advance(r, h, e);
	*ring_at(r, e->g) = v;
	if (e->dir > 0)
		r->hi = e->g;
	else
		r->lo = e->g;
}

/* A fresh run [a, max(b, a+1)]: seeds the left end at a, copies it turned
 * around to the right end (edge a+1, inside a), and advances that to b. */
static void sim_restart(struct pe_sim_ring *r, int h, long long a,
			long long b)
{
	struct sim_end *e = &r->right;
	double next = 0.0;

	*ring_at(r, a) = sim_seed(r, h, &r->left, a);
	memcpy(e->edge, r->left.inside, sizeof(double) * (size_t)h);
	memcpy(e->inside, r->left.edge, sizeof(double) * (size_t)h);
	for (int i = 0; i < h; i++)
		next += e->edge[i];
	*ring_at(r, a + 1) = next;
	e->valid = true;
	e->age = 0;
	e->g = a + 1;
	r->lo = a;
	r->hi = a + 1;
	r->valid = true;
	while (r->hi < b)
		sim_grow(r, h, e);
}

void pe_sim_ring_ensure(struct pe_sim_ring *r, const struct pe_params *p,
			double step, long long a, long long b)
{
	int h = p->d_model / 2;
	long long need;

	sim_prepare(r, p, step);
	need = (a < r->lo ? r->lo - a : 0) + (b > r->hi ? b - r->hi : 0);
	if (!r->valid || a > r->hi || b < r->lo || need > b - a + 1 ||
	    (a < r->lo && !r->left.valid) || (b > r->hi && !r->right.valid)) {
		sim_restart(r, h, a, b);
		return;
	}
	while (r->lo > a)
		sim_grow(r, h, &r->left);
	while (r->hi < b)
		sim_grow(r, h, &r->right);
}

double pe_sim_ring_at(const struct pe_sim_ring *r, long long g)
{
	return r->ring[ring_index(r, g)];
}

struct pe_sim_ring *pe_sim_ring_new(int capacity)
{
	struct pe_sim_ring *r = calloc(1, sizeof *r + (size_t)capacity *
						      sizeof r->ring[0]);

	if (r)
		r->capacity = capacity;
	return r;
}

void pe_sim_ring_free(struct pe_sim_ring *r)
{
	free(r);
}
