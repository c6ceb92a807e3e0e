/* series.h - small CSV tables for plotting elsewhere, and the reference
 * vector PE(P) for checking other implementations.
 *
 *   wavelengths  "pair,wavelength": i, 2*pi/omega_i for every pair;
 *   similarity   "offset,similarity": k, PE(p).PE(p+k) / (d/2) for
 *                k = 0 .. length-1 (the same for every p);
 *   wave         "position,value": p, PE(p, dim) for p = 0 .. length-1.
 * The vector is one line per dimension: the index, then the value.
 * Numbers are written as "%.17g" would (they read back exactly). */
#ifndef SERIES_H
#define SERIES_H

#include <signal.h>
#include <stdio.h>

#include "engine/pe.h"

enum series_kind {
	SERIES_WAVELENGTHS,
	SERIES_SIMILARITY,
	SERIES_WAVE
};

/* Writes series `kind` for params (length rows where the kind has one row per
 * position or offset; dim for SERIES_WAVE) to fp. Returns 0, or the errno of
 * the first failed write, or ECANCELED when *cancel became non-zero (checked
 * between rows; cancel may be NULL). Does not flush or close fp. */
int series_write(FILE *fp, const struct pe_params *params, long long length,
		 int dim, enum series_kind kind,
		 const volatile sig_atomic_t *cancel);

/* Writes PE(pos) to fp: for each dimension a line "DIM VALUE". Returns 0 or
 * the errno of a failed write. */
int series_vector(FILE *fp, const struct pe_params *params, double pos);

#endif
