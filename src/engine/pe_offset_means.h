/* pe_offset_means.h - the similarity of positions k apart, sampled along
 * a logarithmic k axis and averaged over the whole offsets each sample
 * stands for.
 *
 * Part of the engine (pure C11 and libm, no I/O, no globals). For pairs of
 * frequencies omega_i, PE(p).PE(p+k) = sum_i cos(k omega_i) for every p,
 * so the cosine similarity at offset k is that sum over the number of
 * pairs. A log axis from k = 1 to k = top gives the neighbours (k = 1, 2,
 * 3 ...) as much room as the far offsets; there a sample stands for an
 * interval of offsets that widens with k: near 1 it holds no whole offset
 * or one, near top thousands, where the similarity wiggles from offset to
 * offset faster than a plot column could show. */
#ifndef PE_OFFSET_MEANS_H
#define PE_OFFSET_MEANS_H

/* The n >= 2 samples of a log axis from offset 1 to top > 1: sample j sits
 * at at[j] = top^(j / (n - 1)) and stands for the offsets in
 * [lo[j], hi[j]), the geometric halfway points to its neighbours (sample
 * 0 from 1, sample n - 1 up to top itself, included), so that the
 * intervals tile [1, top] without a gap or an overlap. */
void pe_log_offsets(double top, int n, double *at, double *lo, double *hi);

/* sum[j] += the sum over i < count of the mean of cos(k omega[i]) over the
 * whole offsets k in [lo[j], hi[j]) (as a difference of sines at the
 * interval's ends, within some 1e-14 of a term: pe_offset_means.c); where
 * the interval holds no whole offset, of cos(at[j] omega[i]), the formula
 * at the real offset at[j]. Cost: per pair, a sine at each interval's end
 * (one where two intervals meet, through pe_sincos_n) and a cosine for
 * each interval of one offset or none. */
void pe_offset_cos_means(const double *omega, int count, const double *at,
			 const double *lo, const double *hi, int n,
			 double *sum);

#endif
