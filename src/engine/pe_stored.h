/* pe_stored.h - means over spans of positions of the sine and cosine of
 * angles kept in a narrow format (bf16, fp16), shared between the pairs of
 * an encoding.
 *
 * Part of the engine (pure C11 and libm, no I/O, no globals). In format t a
 * position p and a frequency w give the angle t(t(p) * t(w))
 * (precision.h's prec_angle), so the integers a format stores as one
 * number form runs that share one angle: the mean over a span is the sum,
 * run by run, of the run's length times the wave at its angle, divided by
 * the span's length. That is exact while a span holds at most
 * PE_STORED_RUNS_MAX runs (pe_variants.h: a span of more gets the exact
 * wave's mean instead) or reaches the format's infinity (the mean is then
 * NaN).
 *
 * What this file shares, every way bit for bit with a sum made span by
 * span and pair by pair:
 *   - the runs of the spans, found once for a set of spans (they do not
 *     depend on the frequency);
 *   - the means themselves, which depend on the frequency only through
 *     t(w): neighbouring pairs whose frequencies t stores as one number
 *     (bf16 keeps 8 bits, so at d = 65536 and base 1e4 some 19 pairs a
 *     number, and every pair at base 1.000001) take the last means again;
 *   - sin and cos of an angle, which is a number of t too, so the few
 *     thousand angles a set of spans meets at all frequencies are each
 *     computed once (pe_sincos, kept in a table).
 * The sums are added in the same order, of the same products, as run by
 * run for each span: only repeated work goes. */
#ifndef PE_STORED_H
#define PE_STORED_H

#include <stdbool.h>

#include "engine/precision.h"

/* Runs of stored numbers a span may hold for its run-by-run mean. */
#define PE_STORED_RUNS_MAX 32

/* Whether the span [start, start + count) (count >= 1) has its mean run by
 * run in t: it holds at most PE_STORED_RUNS_MAX runs, or reaches t's
 * infinity. */
bool pe_stored_span_exact(enum prec_dtype t, long long start,
			  long long count);

struct pe_stored;

/* The runs of spans j = 0..n-1, [start[j], start[j] + count[j]) (count[j]
 * >= 1), in t (PREC_BF16 or PREC_FP16); NULL when memory runs out.
 * Borrows nothing. Cost: up to PE_STORED_RUNS_MAX + 1 roundings a span. */
struct pe_stored *pe_stored_new(enum prec_dtype t, const long long *start,
				const long long *count, int n);

void pe_stored_free(struct pe_stored *st);

/* The spans that are not exact (pe_stored_span_exact) lie in [*j0, *j1),
 * *j0 a multiple of PE_SPAN_RESEED (pe.h), so that pe_wave_span_pair over
 * spans j0 .. j1-1 alone gives the same numbers as over all n; j0 == j1
 * when every span is exact. */
void pe_stored_wave_spans(const struct pe_stored *st, int *j0, int *j1);

/* For every exact span j, out_s[j] and out_c[j] (either may be NULL) get
 * the means of sin and cos of t(t(p) * t(w)) over its positions (NaN when
 * it reaches t's infinity); the other spans' entries are left as they are.
 * Free when t(w) is the last call's. */
void pe_stored_means(struct pe_stored *st, double w, double *out_s,
		     double *out_c);

#endif
