/* pe_cis.c - cos and sin of k w at many whole offsets by rotation (see
 * pe_cis.h for the layout and the error bound). */
#include "engine/pe_cis.h"

#include <math.h>
#include <string.h>

#include "engine/pe_trig.h"

/* Angles exact_n takes: the seeds of a block's runs and its two turns. */
enum { EXACT_MAX = PE_CIS_LANES + 2 };

/* c[i] = cos(k[i] w), s[i] = sin(k[i] w) for the exact products k[i] w,
 * i < n <= EXACT_MAX (pe_cis.h). */
static void exact_n(const double *k, int n, double w, double *c, double *s)
{
	double x[EXACT_MAX], e[EXACT_MAX];

	for (int i = 0; i < n; i++) {
		x[i] = k[i] * w;
		e[i] = fma(k[i], w, -x[i]);
	}
	pe_sincos_n(x, n, s, c);
	for (int i = 0; i < n; i++) {
		double h = 1.0 - 0.5 * e[i] * e[i], ci = c[i], si = s[i];

		c[i] = ci * h - si * e[i];
		s[i] = si * h + ci * e[i];
	}
}

void pe_cis_plan(const double *k, int n, struct pe_cis_block *b)
{
	int nsizes = 0;

	b->n = n;
	b->nseeds = 0;
	b->size[0] = b->size[1] = 0.0;
	memset(b->seed, 0, sizeof b->seed);
	for (int j = 0; j < PE_CIS_BLOCK; j++) {
		int slot = pe_cis_slot(j), t = -1;

		b->k[slot] = k[j < n ? j : n - 1];
		b->pick[slot] = 0.0;
		/* a run's first is a seed, and slots past n are never read:
		 * turned by size[0], whatever it gives */
		if (j % PE_CIS_RESEED == 0 || j >= n)
			continue;
		for (int i = 0; i < nsizes && t < 0; i++)
			if (b->size[i] == k[j] - k[j - 1])
				t = i;
		if (t < 0 && nsizes < 2) {
			t = nsizes++;
			b->size[t] = k[j] - k[j - 1];
		}
		if (t < 0) {
			b->seed[slot] = 1;
			b->nseeds++;
		} else {
			b->pick[slot] = (double)t;
		}
	}
	if (nsizes < 2)
		b->size[1] = b->size[0];
}

void pe_cis_fill(const struct pe_cis_block *restrict b, double w,
		 double *restrict c, double *restrict s)
{
	double a[EXACT_MAX], ac[EXACT_MAX], as[EXACT_MAX];
	double zc[PE_CIS_LANES], zs[PE_CIS_LANES];
	double t0c, t0s, t1c, t1s;

	memcpy(a, b->k, PE_CIS_LANES * sizeof *a);
	a[PE_CIS_LANES] = b->size[0];
	a[PE_CIS_LANES + 1] = b->size[1];
	exact_n(a, EXACT_MAX, w, ac, as);
	for (int l = 0; l < PE_CIS_LANES; l++) {
		c[l] = zc[l] = ac[l];
		s[l] = zs[l] = as[l];
	}
	t0c = ac[PE_CIS_LANES];
	t0s = as[PE_CIS_LANES];
	t1c = ac[PE_CIS_LANES + 1];
	t1s = as[PE_CIS_LANES + 1];
	for (int t = 1; t < PE_CIS_RESEED; t++) {
		const double *pick = b->pick + t * PE_CIS_LANES;
		double *ct = c + t * PE_CIS_LANES, *st = s + t * PE_CIS_LANES;

		/* a fixed count without branches: packed arithmetic */
		for (int l = 0; l < PE_CIS_LANES; l++) {
			double p = pick[l], q = 1.0 - p;
			double tc = q * t0c + p * t1c, ts = q * t0s + p * t1s;
			double nc = zc[l] * tc - zs[l] * ts;
			double ns = zs[l] * tc + zc[l] * ts;

			ct[l] = zc[l] = nc;
			st[l] = zs[l] = ns;
		}
		if (b->nseeds == 0)
			continue;
		for (int l = 0; l < PE_CIS_LANES; l++)
			if (b->seed[t * PE_CIS_LANES + l]) {
				exact_n(&b->k[t * PE_CIS_LANES + l], 1, w,
					&zc[l], &zs[l]);
				ct[l] = zc[l];
				st[l] = zs[l];
			}
	}
}
