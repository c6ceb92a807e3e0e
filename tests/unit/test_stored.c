/* test_stored.c - unit tests of src/engine/pe_stored.c: span means of the
 * bf16 and fp16 encodings, shared between pairs.
 *
 * The reference is written here from the definitions: the runs of a span
 * are found by bisection on prec_round (a stored number's run is where
 * rounding gives it, and rounding never decreases), each run adds its
 * length times libm's sin or cos of prec_angle, and the sum is divided by
 * the span's length. Sharing must not change a bit: a pe_stored kept over
 * every pair of an encoding gives what one made for each pair gives. */
#include <criterion/criterion.h>

#include <math.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_stored.h"
#include "engine/pe_variants.h"
#include "engine/precision.h"

/* The last q in [a, end) that t stores as the same number as a. */
static long long run_end(enum prec_dtype t, long long a, long long end)
{
	double v = prec_round(t, (double)a);
	long long lo = a, hi = end - 1;

	while (lo < hi) {
		long long mid = lo + (hi - lo + 1) / 2;

		if (prec_round(t, (double)mid) == v)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The mean of sin (fn 0) or cos of the stored angle at w over [a, a + n),
 * run by run; *runs gets how many runs there are (up to 1000). */
static double ref_mean(enum prec_dtype t, double w, int fn, long long a,
		       long long n, int *runs)
{
	double sum = 0.0;

	*runs = 0;
	for (long long q = a, end = a + n; q < end && *runs < 1000; (*runs)++) {
		long long last = run_end(t, q, end);
		double x = prec_angle(t, (double)q, w);

		sum += (double)(last - q + 1) * (fn == 0 ? sin(x) : cos(x));
		q = last + 1;
	}
	return sum / (double)n;
}

/* Spans of a plot of `cols` columns over [pos0, pos0 + npos). */
static void plot_spans(long long pos0, long long npos, int cols,
		       long long *start, long long *count)
{
	for (int j = 0; j < cols; j++) {
		long long a = pos0 + npos * j / cols;
		long long b = pos0 + npos * (j + 1) / cols;

		start[j] = a;
		count[j] = b > a ? b - a : 1;
	}
}

enum { COLS = 40 };

/* The windows the tests take: the whole of a billion (the first spans
 * hold too many runs: the exact wave's), its last hundred positions one
 * per column, a window around 1e6, and one from 0 where fp16 ends. */
static const long long windows[][2] = {
	{ 0, 1000000000 }, { 999999900, 100 }, { 999000, 4000 }, { 0, 80000 },
};

Test(stored, means_match_runs_summed_here)
{
	long long start[COLS], count[COLS];
	double out_s[COLS], out_c[COLS];
	const double bases[] = { 1.000001, 1e4, 1e12 };

	for (int t = PREC_BF16; t <= PREC_FP16; t++)
		for (size_t wi = 0; wi < sizeof windows / sizeof *windows; wi++)
			for (int b = 0; b < 3; b++) {
				struct pe_params p = { 256, bases[b], PE_INTERLEAVED };
				struct pe_stored *st;

				plot_spans(windows[wi][0], windows[wi][1], COLS,
					   start, count);
				st = pe_stored_new((enum prec_dtype)t, start,
						   count, COLS);
				cr_assert(st);
				for (int i = 0; i < 128; i += 7) {
					double w = pe_omega(&p, i);

					for (int j = 0; j < COLS; j++)
						out_s[j] = out_c[j] = -7.0;
					pe_stored_means(st, w, out_s, out_c);
					for (int j = 0; j < COLS; j++) {
						int runs;
						double ws = ref_mean((enum prec_dtype)t, w, 0,
								     start[j], count[j], &runs);
						double wc = ref_mean((enum prec_dtype)t, w, 1,
								     start[j], count[j], &runs);
						bool inf = isinf(prec_round((enum prec_dtype)t,
									    (double)(start[j] + count[j] - 1)));

						cr_expect_eq(pe_stored_span_exact((enum prec_dtype)t,
										  start[j], count[j]),
							     inf || runs <= PE_STORED_RUNS_MAX,
							     "t %d window %zu span %d", t, wi, j);
						if (inf) {
							cr_expect(isnan(out_s[j]) && isnan(out_c[j]));
						} else if (runs > PE_STORED_RUNS_MAX) {
							/* left for the exact wave */
							cr_expect(out_s[j] == -7.0 && out_c[j] == -7.0,
								  "t %d window %zu span %d", t, wi, j);
						} else {
							/* pe_sincos: within 3e-16 of
							 * libm past 1e8 rad */
							cr_expect(fabs(out_s[j] - ws) < 1e-14 &&
								  fabs(out_c[j] - wc) < 1e-14,
								  "t %d window %zu base %g pair %d span %d: %.17g %.17g vs %.17g %.17g",
								  t, wi, bases[b], i, j, out_s[j],
								  out_c[j], ws, wc);
						}
					}
				}
				pe_stored_free(st);
			}
}

/* Span set k of the sharing test into start, count; its length. Sets 0..3:
 * the windows, COLS columns; set 4: [0, 1e9) in BIG columns, last one
 * first, so that the spans of too many runs come last, past a multiple of
 * PE_SPAN_RESEED. */
enum { BIG = 300, SETS = 5 };

static int span_set(int k, long long *start, long long *count)
{
	if (k < 4) {
		plot_spans(windows[k][0], windows[k][1], COLS, start, count);
		return COLS;
	}
	plot_spans(0, 1000000000, BIG, start, count);
	for (int j = 0; j < BIG / 2; j++) {
		long long a = start[j], c = count[j];

		start[j] = start[BIG - 1 - j];
		count[j] = count[BIG - 1 - j];
		start[BIG - 1 - j] = a;
		count[BIG - 1 - j] = c;
	}
	return BIG;
}

Test(stored, sharing_changes_no_bit)
{
	/* Every pair of d = 2048 at the extremes' bases, the mistake's means
	 * through one pe_stored kept over the pairs (as a heatmap and the
	 * curves' plan do), against one made for each pair (NULL), bit for
	 * bit, and where a span holds too many runs against the exact wave
	 * over all the spans (pe_stored_wave_spans leaves out only spans
	 * whose numbers do not depend on it); then the curves' dot products,
	 * whose values pe_variant_span_dot reuses between pairs of one stored
	 * frequency, against pairs added one call each. */
	enum { D = 2048, H = D / 2 };
	static long long start[BIG], count[BIG];
	static double a_s[BIG], a_c[BIG], b_s[BIG], b_c[BIG], plan[2 * BIG];
	static double chunk[2 * BIG * 64];
	const double bases[] = { 1.000001, 1e4, 1e12 };
	const enum pe_bug bugs[] = { PE_BUG_BF16, PE_BUG_FP16 };

	for (int set = 0; set < SETS; set++)
		for (int b = 0; b < 3; b++)
			for (int k = 0; k < 2; k++) {
				struct pe_params p = { D, bases[b], PE_INTERLEAVED };
				int n = span_set(set, start, count);
				size_t bytes = (size_t)n * sizeof *a_s;
				struct pe_stored *st;
				double dot_all[BIG] = { 0 }, dot_one[BIG] = { 0 };
				int j0, j1;

				st = pe_stored_new(pe_variant_dtype(bugs[k]), start,
						   count, n);
				cr_assert(st);
				pe_stored_wave_spans(st, &j0, &j1);
				/* (fp16 is infinite there: NaN, no waves) */
				if (set == 4 && bugs[k] == PE_BUG_BF16)
					cr_expect(j0 >= 256 && j1 == BIG,
						  "waves %d..%d", j0, j1);
				for (int i = 0; i < H; i++) {
					pe_variant_span_means_pair(&p, bugs[k], i, st,
								   start, count,
								   n, a_s, a_c);
					pe_variant_span_means_pair(&p, bugs[k], i, NULL,
								   start, count,
								   n, b_s, b_c);
					cr_assert(!memcmp(a_s, b_s, bytes) &&
						  !memcmp(a_c, b_c, bytes),
						  "bug %d base %g set %d pair %d",
						  bugs[k], bases[b], set, i);
					pe_wave_span_pair(pe_omega(&p, i), start, count,
							  n, b_s, b_c);
					for (int j = 0; j < n; j++)
						if (!pe_variant_span_exact(bugs[k], start[j],
									   count[j]))
							cr_assert(a_s[j] == b_s[j] &&
								  a_c[j] == b_c[j],
								  "set %d pair %d span %d",
								  set, i, j);
					memcpy(plan, a_s, bytes);
					memcpy(plan + n, a_c, bytes);
					pe_variant_span_dot(&p, bugs[k], i, i + 1,
							    plan, n, 999999937.0,
							    dot_one);
				}
				pe_stored_free(st);
				for (int i = 0; i < H; i += 64) {
					pe_variant_span_plan(&p, bugs[k], i, i + 64,
							     NULL, start, count,
							     n, chunk);
					pe_variant_span_dot(&p, bugs[k], i, i + 64,
							    chunk, n, 999999937.0,
							    dot_all);
				}
				cr_expect(!memcmp(dot_all, dot_one, bytes),
					  "bug %d base %g set %d", bugs[k],
					  bases[b], set);
			}
}
