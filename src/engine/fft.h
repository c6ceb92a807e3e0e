/* fft.h - the discrete Fourier transform of any length, in O(n log n).
 *
 * X_k = sum_j x_j e^(-2 pi i j k / n), k = 0 .. n-1, as numpy.fft.fft
 * computes it: a radix-2 transform when n is a power of two, else
 * Bluestein's chirp z-transform (Bluestein 1970; the form in Rabiner,
 * Schafer and Rader 1969, "The chirp z-transform algorithm"), which writes
 * the DFT of length n as a convolution computed by radix-2 transforms of a
 * power of two m >= 2n - 1. Every twiddle comes from its exact integer
 * index (j k mod n, j^2 mod 2n), never from repeated products, so the
 * error stays near that of the direct sum.
 *
 * Pure C11 and libm: no I/O. */
#ifndef FFT_H
#define FFT_H

#include <stdbool.h>

/* The largest length fft_forward takes: Bluestein's buffers are 4 times
 * the next power of two above 2n doubles. */
#define FFT_N_MAX (1LL << 30)

/* Replaces re[0 .. n-1] + i im[0 .. n-1] by its DFT. n >= 1 and at most
 * FFT_N_MAX. Returns false, leaving the input as it was, when memory for
 * Bluestein's buffers runs out. */
bool fft_forward(double *re, double *im, long long n);

#endif
