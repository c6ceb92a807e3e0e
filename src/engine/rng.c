/* rng.c - xoshiro256** with splitmix64 seeding, polar Gaussians and
 * shuffles (see rng.h for the contract). */
#include "engine/rng.h"

#include <math.h>

/* splitmix64's output function: a bijection of 64-bit words whose outputs
 * for consecutive inputs look independent. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static const uint64_t golden = 0x9e3779b97f4a7c15u;

uint64_t rng_hash(uint64_t a, uint64_t b, uint64_t c)
{
	return mix64(mix64(mix64(a + golden) ^ (b + 2 * golden)) ^
		     (c + 3 * golden));
}

void rng_init(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = rng_hash(seed, stream, 0);

	/* splitmix64 steps: four words that are never all zero (mix64 is a
	 * bijection of distinct inputs, so at most one of them is 0) */
	for (int k = 0; k < 4; k++) {
		x += golden;
		r->s[k] = mix64(x);
	}
	r->spare = 0.0;
	r->have_spare = false;
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	uint64_t low = (0 - n) % n, x;

	do
		x = rng_next(r);
	while (x < low);
	return x % n;
}

double rng_uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1p-53;
}

double rng_gauss(struct rng *r)
{
	double u, v, s, f;

	if (r->have_spare) {
		r->have_spare = false;
		return r->spare;
	}
	do {
		u = 2.0 * rng_uniform(r) - 1.0;
		v = 2.0 * rng_uniform(r) - 1.0;
		s = u * u + v * v;
	} while (s >= 1.0 || s == 0.0);
	f = sqrt(-2.0 * log(s) / s);
	r->spare = v * f;
	r->have_spare = true;
	return u * f;
}

void rng_gauss_fill(uint64_t seed, uint64_t stream, double sigma, int n,
		    double *out)
{
	struct rng r;

	rng_init(&r, seed, stream);
	for (int k = 0; k < n; k++)
		out[k] = sigma * rng_gauss(&r);
}

void rng_permutation(uint64_t seed, uint64_t stream, int n, int *perm)
{
	struct rng r;
	bool identity = n >= 2;

	rng_init(&r, seed, stream);
	while (identity) {
		for (int k = 0; k < n; k++)
			perm[k] = k;
		for (int k = n - 1; k > 0; k--) {
			int j = (int)(rng_next(&r) % (uint64_t)(k + 1));
			int t = perm[k];

			perm[k] = perm[j];
			perm[j] = t;
		}
		identity = true;
		for (int k = 0; k < n; k++)
			identity = identity && perm[k] == k;
	}
	if (n == 1)
		perm[0] = 0;
}
