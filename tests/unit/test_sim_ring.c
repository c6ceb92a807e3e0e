/* test_sim_ring.c - unit tests of src/engine/pe_sim_ring.c: every sample
 * the ring gives, fresh or after its run was extended at either end for
 * thousands of samples (re-seeding its ends, dropping samples off a full
 * ring), is the block mean its header states, computed here directly,
 * pair by pair, in long double: s(g) = sum_i D_i cos(g m w_i) / (d/2),
 * D_i = sin(m w_i / 2) / (m sin(w_i / 2)), D_i = 1 for m <= 1. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/pe.h"
#include "engine/pe_sim_ring.h"

/* The header's bound on the recurrence's error. */
static const double TOL = 2e-5;

static double direct(const struct pe_params *p, double m, long long g)
{
	int h = p->d_model / 2;
	long double sum = 0.0L, k = (long double)g * m;

	for (int i = 0; i < h; i++) {
		long double w = powl((long double)p->base,
				     -2.0L * i / p->d_model);
		long double x = 0.5L * m * w, f = 1.0L;

		if (m > 1.0 && fabsl(x) >= 0x1p-26L)
			f = sinl(x) / (m * sinl(0.5L * w));
		sum += f * cosl(fmodl(k * w, 2.0L * 3.14159265358979323846264L));
	}
	return (double)(sum / h);
}

static void check_run(const struct pe_sim_ring *r, const struct pe_params *p,
		      double m, long long a, long long b)
{
	for (long long g = a; g <= b; g += (b - a) / 97 + 1)
		cr_assert(fabs(pe_sim_ring_at(r, g) - direct(p, m, g)) < TOL,
			  "d %d m %g g %lld: ring %.9f, direct %.9f",
			  p->d_model, m, g, pe_sim_ring_at(r, g),
			  direct(p, m, g));
}

Test(sim_ring, fresh_samples_are_block_means)
{
	static const struct { int d; double m; long long a, b; } runs[] = {
		{ 8, 1.0, -40, 40 },		/* point samples */
		{ 128, 0.25, -500, 300 },	/* finer than a position */
		{ 512, 37.5, -200, 200 },	/* blocks of 37.5 positions */
		{ 64, 1e6, 1000, 1100 },	/* far out */
	};
	struct pe_sim_ring *r = pe_sim_ring_new(1000);

	cr_assert_not_null(r);
	for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
		struct pe_params p = { runs[k].d, 10000.0, PE_INTERLEAVED };

		pe_sim_ring_ensure(r, &p, runs[k].m, runs[k].a, runs[k].b);
		check_run(r, &p, runs[k].m, runs[k].a, runs[k].b);
	}
	pe_sim_ring_free(r);
}

/* A window of 100 samples walked right 5000 samples and back left past
 * its start, one sample at a time: the run grows at one end, the full
 * ring drops the other, ends are re-seeded every PE_SIM_RING_RESEED
 * samples. Every window must still hold the block means. */
Test(sim_ring, walked_samples_are_block_means)
{
	struct pe_params p = { 256, 10000.0, PE_INTERLEAVED };
	struct pe_sim_ring *r = pe_sim_ring_new(300);
	double m = 3.5;

	cr_assert_not_null(r);
	for (long long a = 0; a <= 5000; a++) {
		pe_sim_ring_ensure(r, &p, m, a, a + 99);
		if (a % 499 == 0)
			check_run(r, &p, m, a, a + 99);
	}
	for (long long a = 5000; a >= -2000; a -= 3) {
		pe_sim_ring_ensure(r, &p, m, a, a + 99);
		if (a % 997 == 0)
			check_run(r, &p, m, a, a + 99);
	}
	/* New inputs start a new run. */
	p.base = 500.0;
	pe_sim_ring_ensure(r, &p, m, -50, 50);
	check_run(r, &p, m, -50, 50);
	pe_sim_ring_ensure(r, &p, 2.0, -50, 50);
	check_run(r, &p, 2.0, -50, 50);
	pe_sim_ring_free(r);
}

/* The explorer's curve at the extremes: d = 65536 and a billion positions
 * in 64 samples (the panel's fewest), around a position near the end, for
 * the three bases of the bench. Every seed's angle g m w_i then passes 1e8,
 * where pe_sincos_n, not libm, reduces it. */
Test(sim_ring, extreme_samples_are_block_means)
{
	static const double bases[] = { 1.000001, 10000.0, 1e12 };
	struct pe_sim_ring *r = pe_sim_ring_new(200);
	double m = 1e9 / 64;

	cr_assert_not_null(r);
	for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
		struct pe_params p = { 65536, bases[b], PE_INTERLEAVED };

		pe_sim_ring_ensure(r, &p, m, -64, 1);
		for (long long g = -64; g <= 1; g += 13)
			cr_assert(fabs(pe_sim_ring_at(r, g) - direct(&p, m, g)) < TOL,
				  "base %g g %lld: ring %.9f, direct %.9f",
				  bases[b], g, pe_sim_ring_at(r, g),
				  direct(&p, m, g));
	}
	pe_sim_ring_free(r);
}
