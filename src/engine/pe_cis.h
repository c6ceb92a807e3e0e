/* pe_cis.h - cos(k w) and sin(k w) for the whole offsets k a plot samples,
 * by rotation: the offsets of a plot's dot columns step by one or two
 * sizes (floor and ceil of the span a dot stands for), so from one offset
 * to the next a frequency's phase turns by one of two fixed angles: four
 * multiplies instead of a sin and a cos.
 *
 * Part of the engine (pure C11 and libm, no I/O, no globals).
 *
 * A block holds up to PE_CIS_BLOCK consecutive offsets in PE_CIS_LANES
 * runs of PE_CIS_RESEED, laid out run by run across the lanes: slot
 * t LANES + l holds offset l RESEED + t of the block, so that the lanes
 * turn side by side (packed arithmetic) and a caller's sums over the
 * slots are contiguous loops too. The first offset of each run is a seed,
 * and so is any offset whose step from the one before is neither of the
 * block's two sizes.
 *
 * Accuracy. A seed is computed from the exact angle: k w as x + e with
 * x = fl(k w) and e = fma(k, w, -x) exact (k whole, |k| < 2^31), sin x
 * and cos x from pe_sincos_n (within 4e-16 of the exact values), then
 * turned by e to second order (|e| <= 2^-23: the third-order term is below
 * 1e-21): within 8e-16 of cos(k w) and sin(k w) for the exact product. A
 * turn by a step's angle is made the same way (8e-16); the choice between
 * the two turns is exact (1 x + 0 y); each complex multiply adds at most
 * sqrt(5) 2^-53 = 2.5e-16 relative to |z| (Brent, Percival and Zimmermann
 * 2007), |z| within 1e-14 of 1. After t turns a value is within 8e-16 +
 * t (8e-16 + 2.5e-16) of the exact one: t <= PE_CIS_RESEED - 1 = 15 gives
 * 1.7e-14 at worst (the errors have both signs: typically a few 1e-16),
 * whatever the size of k. That is closer to the exact angle than libm's
 * cos(k w) at the rounded product (off by up to |k w| 2^-53: 1e-7 at
 * k w = 1e9). A sum of d/2 such terms is within 1.7e-14 d/2 (6e-10 at d
 * 65536) of the exact sum, where a curve drawn in braille dots shows its
 * range (of order 1 or more) in a few dozen dots: no dot can move.
 * tests/unit/test_bias_sums.c checks sums against NumPy's with exact
 * angles across d, base and offsets up to 1e9. */
#ifndef PE_CIS_H
#define PE_CIS_H

enum {
	PE_CIS_LANES = 8,	/* runs turned side by side */
	PE_CIS_RESEED = 16,	/* offsets a run, its first a seed */
	PE_CIS_BLOCK = PE_CIS_LANES * PE_CIS_RESEED
};

/* The layout of a block of offsets (see above). */
struct pe_cis_block {
	int n;				/* offsets in the block, 1 .. BLOCK */
	double k[PE_CIS_BLOCK];		/* the offset at each slot; slots
					 * past n repeat the block's last */
	double pick[PE_CIS_BLOCK];	/* 1: the step to the slot is
					 * size[1]; 0: size[0] or a seed */
	double size[2];			/* the block's two step sizes */
	int nseeds;			/* slots seeded besides the runs' first */
	unsigned char seed[PE_CIS_BLOCK];
};

/* The slot of the block's j-th offset. */
static inline int pe_cis_slot(int j)
{
	return j % PE_CIS_RESEED * PE_CIS_LANES + j / PE_CIS_RESEED;
}

/* Lays out the n (1 .. PE_CIS_BLOCK) offsets k[0..n-1] (whole numbers,
 * |k| < 2^31, in any order). */
void pe_cis_plan(const double *k, int n, struct pe_cis_block *b);

/* c[slot] = cos(k w) and s[slot] = sin(k w) at every slot of block b,
 * within 1.7e-14 of the values at the exact angle k w (above). Cost: 10
 * sin/cos and a complex multiply per slot. */
void pe_cis_fill(const struct pe_cis_block *restrict b, double w,
		 double *restrict c, double *restrict s);

#endif
