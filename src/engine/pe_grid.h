/* pe_grid.h - sums of the means of many sinusoids over one set of plot
 * columns: the arithmetic under a heatmap whose pixel rows average hundreds
 * of dimensions.
 *
 * Pure C11 and libm, like pe.h. A heatmap column is a span of positions;
 * every pixel is the mean of several dimensions over it, and each dimension
 * is a sinusoid f(omega * pos). pe_span_means_pair walks one wave across all
 * columns, which leaves the processor waiting on one chain of multiplies per
 * wave. Here the columns are prepared once (their centres, and the few
 * distinct lengths and steps that plot columns have), and waves are taken
 * PE_GRID_LANES at a time: their phases turn side by side, independent of
 * each other, in vector registers (four lanes each with AVX2, two
 * without; the same sums either way).
 *
 * Per wave the cost is three sin/cos (the turn by half a position, by the
 * shortest column length, and a seed every PE_GRID_RESEED columns; the
 * other lengths and steps are products of those), then a rotation and two
 * multiply-adds per column. */
#ifndef PE_GRID_H
#define PE_GRID_H

#include <stdbool.h>

enum {
	PE_GRID_LANES = 16,	/* waves turned side by side */
	PE_GRID_RESEED = 512,	/* columns between seeds from sin/cos */
	PE_GRID_VALUES = 8	/* distinct lengths, and steps, kept */
};

/* The columns, prepared once for every wave: n spans [start[j],
 * start[j] + count[j]), count[j] >= 1. Columns whose length or step is not
 * among the first PE_GRID_VALUES distinct ones are still exact; they cost a
 * sin/cos per wave. */
struct pe_grid {
	int n;
	long long *c2;			/* twice each span's centre */
	long long *count;		/* each span's length */
	unsigned char *step_ix;		/* index into steps[] or a seed mark */
	unsigned char *count_ix;	/* index into counts[] or a direct mark */
	long long steps[PE_GRID_VALUES], counts[PE_GRID_VALUES];
	int nsteps, ncounts;
	double *part_s, *part_c;	/* 2 * n partial sums */
};

/* Prepares g for the n >= 1 spans. Returns false when memory runs out (g
 * then needs no pe_grid_free). */
bool pe_grid_init(struct pe_grid *g, const long long *start,
		  const long long *count, int n);

/* Releases what pe_grid_init took. */
void pe_grid_free(struct pe_grid *g);

/* For waves k = 0 .. nw-1 with omega[k] >= 0, adds to sum_s[j] the sum over
 * k of the exact mean of sin(omega[k] * x) over span j, and to sum_c[j] that
 * of cos(omega[k] * x). Either sum may be NULL (not wanted) and both may be
 * the same array (the sine and cosine means added together). The mean is
 * D * f(omega * centre) with D = sin(n w/2) / (n sin(w/2)), taken as 1 where
 * it rounds to 1 (n = 1, |n w/2| < 2^-26) or where the samples coincide
 * (sin(w/2) = 0), and kept in [-1, 1]: the same conventions as
 * pe_wave_span_means, which it agrees with to rounding (~1e-14 plus the
 * rounding of the phase, ~|phase| * 2^-53). The order of the additions
 * depends only on the inputs, so equal inputs give equal sums. */
void pe_grid_add(struct pe_grid *g, const double *omega, int nw,
		 double *sum_s, double *sum_c);

/* Whether pe_grid_add may use AVX2 where the processor has it (the
 * default); off, it takes the walk every x86-64 has. Both give the same
 * sums bit for bit. */
/* For tests only. */
void pe_grid_allow_avx2(bool on);

#endif
