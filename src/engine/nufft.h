/* nufft.h - many sums of complex exponentials at nonuniform frequencies,
 * evaluated at evenly spaced integers: a type-1 nonuniform FFT (Dutt and
 * Rokhlin 1993; the "exponential of semicircle" kernel of Barnett, Magland
 * and af Klinteberg 2019, "A parallel non-uniform fast Fourier transform
 * library based on an exponential of semicircle kernel", SIAM J. Sci.
 * Comput. 41(5), the one FINUFFT uses).
 *
 * For `batch` coefficient sets c_t (t = 0 .. batch-1) over the same np
 * points x_i in [-pi, pi), it gives
 *   f_t(k) = sum_i c_(t,i) e^(i k x_i),  k = -(n/2) .. n - 1 - n/2
 * (n/2 rounded down) in O(batch (np NUFFT_W + G log G)) instead of the
 * direct O(batch np n): each point's coefficients are spread onto a
 * periodic grid of G >= 2n points by a kernel NUFFT_W grid points wide,
 * each set's grid goes through one FFT, and the kernel's own transform is
 * divided out. The kernel's weights depend on the points only, so the
 * batch shares them, and the spreading is one loop of `batch` independent
 * multiply-adds per grid point (the compiler packs it).
 *
 * Error: with G >= 2n and the kernel NUFFT_W = 12 points wide, shape
 * beta = 2.30 NUFFT_W (Barnett et al. 2019, section 4: the error falls as
 * e^(-pi NUFFT_W sqrt(1 - 1/sigma)) for upsampling sigma = G/n >= 2),
 * each f_t(k) is within about 1e-11 sum_i |c_(t,i)| of the exact sum
 * (about 2.6e-12 from the bound above, plus rounding), which
 * tests/unit/test_nufft.c checks against the direct sums in long double.
 * That is the worst case, for coefficients that add up coherently; for
 * coefficients of random sign the sum itself is about
 * sqrt(sum |c|^2), and the error measured against that is about 1e-10
 * (tests/unit/test_rope_bound.c, against NumPy at d = 65536).
 *
 * Pure C11 and libm, no I/O; memory from malloc only in nufft_modes
 * (the FFT's). The grid is laid out point-major, g[l batch + t]: grid
 * point l of set t, real and imaginary parts in two arrays. */
#ifndef NUFFT_H
#define NUFFT_H

#include <stdbool.h>
#include <stddef.h>

/* The kernel's width in grid points. */
enum { NUFFT_W = 12 };

/* G, the grid's size for n >= 1 modes: the least power of two >= 2 n and
 * >= 2 NUFFT_W. */
int nufft_grid(int n);

/* The grid cell of a point at x for n modes, 0 .. nufft_grid(n) - 1:
 * points spread in the order of their cells write the same few grid
 * rows one after the other, which stay in the cache, where points in a
 * random order write rows all over a grid of G batch doubles (a
 * megabyte for 64 sets of 1024 points). */
int nufft_cell(int n, double x);

/* Adds points [0, np) to the grids of size G = nufft_grid(n): point i at
 * x[i] (in [-pi, pi]; a point outside is taken modulo 2 pi), set t's
 * coefficient cre[i batch + t] + i cim[i batch + t], into gre and gim
 * (G batch doubles each, zeroed by the caller before the first call).
 * Points may come in any order and any number of calls. */
void nufft_spread(int n, int batch, const double *x, int np,
		  const double *cre, const double *cim, double *gre,
		  double *gim);

/* Every set's sums from the grids once every point is spread: f_t(k) for
 * k = -(n/2) .. n - 1 - n/2 into fre[t n + k + n/2] and fim[t n + k + n/2]
 * (either may be NULL). False when memory runs out (fre and fim
 * unwritten). */
bool nufft_modes(int n, int batch, const double *gre, const double *gim,
		 double *fre, double *fim);

#endif
