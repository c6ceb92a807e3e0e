/* test_heat.c - unit tests of src/pe_grid.c (sums of span means of many
 * waves) and src/heat.c (heatmap grids, computed whole or in slices under
 * the work budget of src/work.c), and the budget's own arithmetic.
 *
 * References are brute force written here from the definitions: the mean of
 * sin(w x) over a span summed position by position in long double, and a
 * heatmap pixel as the plain average of pe_variant_value over the positions
 * and dimensions it covers. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heat.h"
#include "engine/pe.h"
#include "engine/pe_grid.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/work.h"

/* Mean of sin (fn = PE_SIN) or cos of w*x over x = start .. start+n-1. */
static long double brute_mean(double w, long long start, long long n,
			      enum pe_fn fn)
{
	long double sum = 0.0L;

	for (long long x = start; x < start + n; x++)
		sum += fn == PE_SIN ? sinl((long double)w * x)
				    : cosl((long double)w * x);
	return sum / n;
}

/* The walk every x86-64 has gives the same bits as the AVX2 one (where
 * the processor has it) for g's spans: the sums s and c that pe_grid_add
 * gave, made again with AVX2 off. */
static void same_without_avx2(struct pe_grid *g, const double *omega, int nw,
			      const double *s, const double *c)
{
	double *s2 = calloc((size_t)g->n, sizeof *s2);
	double *c2 = calloc((size_t)g->n, sizeof *c2);

	cr_assert(s2 && c2);
	pe_grid_allow_avx2(false);
	pe_grid_add(g, omega, nw, s2, c2);
	pe_grid_allow_avx2(true);
	cr_expect(memcmp(s, s2, (size_t)g->n * sizeof *s) == 0 &&
		  memcmp(c, c2, (size_t)g->n * sizeof *c) == 0,
		  "the two walks differ");
	free(s2);
	free(c2);
}

/* Checks pe_grid_add over spans (start, count) for waves omega against the
 * brute-force means, asking for the sines and cosines separately, and both
 * into one array. The contract allows 1e-14 per wave plus the rounding of
 * each phase (~|phase| * 2^-53), which the long double reference does not
 * share: a few times that is the tolerance. */
static void check_grid(const long long *start, const long long *count, int n,
		       const double *omega, int nw)
{
	long long far = 0;
	double tol = 1e-13 * nw;

	for (int j = 0; j < n; j++)
		if (llabs(start[j]) + count[j] > far)
			far = llabs(start[j]) + count[j];
	for (int k = 0; k < nw; k++)
		tol += 4.0 * omega[k] * (double)far * 0x1p-53;

	struct pe_grid g;
	double *s = calloc((size_t)n, sizeof *s), *c = calloc((size_t)n, sizeof *c);
	double *both = calloc((size_t)n, sizeof *both);

	cr_assert(s && c && both);
	cr_assert(pe_grid_init(&g, start, count, n));
	pe_grid_add(&g, omega, nw, s, c);
	pe_grid_add(&g, omega, nw, both, both);
	same_without_avx2(&g, omega, nw, s, c);
	for (int j = 0; j < n; j++) {
		long double ws = 0.0L, wc = 0.0L;

		for (int k = 0; k < nw; k++) {
			ws += brute_mean(omega[k], start[j], count[j], PE_SIN);
			wc += brute_mean(omega[k], start[j], count[j], PE_COS);
		}
		cr_expect(fabsl(s[j] - ws) <= tol, "sin column %d: got %.17g, want %.17Lg",
			  j, s[j], ws);
		cr_expect(fabsl(c[j] - wc) <= tol, "cos column %d: got %.17g, want %.17Lg",
			  j, c[j], wc);
		cr_expect(fabsl(both[j] - (ws + wc)) <= tol,
			  "sin+cos column %d: got %.17g, want %.17Lg", j, both[j],
			  ws + wc);
	}
	pe_grid_free(&g);
	free(s);
	free(c);
	free(both);
}

/* Waves from pair 0's omega = 1 down to a slow one, plus the edge cases:
 * zero (a constant) and above pi (the multiply bug). */
static int sample_waves(double *omega)
{
	int n = 0;

	for (int i = 0; i < 13; i++)
		omega[n++] = pow(10000.0, -2.0 * i / 24.0);
	omega[n++] = 0.0;
	omega[n++] = 4.0;
	omega[n++] = 1000.3;
	return n;
}

Test(pe_grid, plot_columns_match_brute_force)
{
	long long start[37], count[37];
	double omega[16];
	int nw = sample_waves(omega);

	/* 37 columns over 1000 positions: lengths 27 and 28, three steps. */
	for (int j = 0; j < 37; j++)
		plot_col_items(5000, 1000, 37, j, &start[j], &count[j]);
	check_grid(start, count, 37, omega, nw);
}

Test(pe_grid, single_positions_and_many_columns)
{
	enum { N = 1100 };	/* more than two reseeds */
	static long long start[N], count[N];
	double omega[16];
	int nw = sample_waves(omega);

	for (int j = 0; j < N; j++) {
		start[j] = 123 + j;
		count[j] = 1;
	}
	check_grid(start, count, N, omega, nw);
}

/* The explorer's heatmap at the extremes: 250 columns over a billion
 * positions, 1000 waves of d = 65536 at the bench's three bases (the last
 * block half padding): both walks give the same bits, and
 * agree with pe_wave_span_means (one wave at a time, libm's sin and cos)
 * to the contract's rounding. */
Test(pe_grid, extreme_grid_same_on_both_walks)
{
	static const double bases[] = { 1.000001, 10000.0, 1e12 };
	enum { N = 250, W = 1000 };
	static long long start[N], count[N];
	static double omega[W], s[N], c[N];

	for (int j = 0; j < N; j++)
		plot_col_items(0, 1000000000, N, j, &start[j], &count[j]);
	for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
		struct pe_grid g;

		for (int k = 0; k < W; k++)
			omega[k] = pow(bases[b], -2.0 * (k * 32) / 65536.0);
		memset(s, 0, sizeof s);
		memset(c, 0, sizeof c);
		cr_assert(pe_grid_init(&g, start, count, N));
		pe_grid_add(&g, omega, W, s, c);
		same_without_avx2(&g, omega, W, s, c);
		for (int k = 0; k < W; k += 97) {
			double one[N] = { 0 }, col_c[N] = { 0 }, col_s[N] = { 0 };
			/* the phase's rounding, as check_grid allows it */
			double tol = 1e-13 + 4.0 * omega[k] * 2e9 * 0x1p-53;

			pe_grid_add(&g, omega + k, 1, col_s, col_c);
			pe_wave_span_means((struct pe_wave){ omega[k], PE_COS },
					   start, count, N, one);
			for (int j = 0; j < N; j++)
				cr_expect(fabs(col_c[j] - one[j]) <= tol,
					  "base %g wave %d column %d: %.17g, want %.17g",
					  bases[b], k, j, col_c[j], one[j]);
		}
		pe_grid_free(&g);
	}
}

Test(pe_grid, irregular_spans_are_still_exact)
{
	/* More distinct lengths and steps than the grid keeps, gaps, overlaps
	 * and a step backwards. */
	long long start[14] = { 0, 3, 4, 50, 51, 60, 10, 200, 201, 203, 700,
				701, 900, 902 };
	long long count[14] = { 3, 1, 9, 1, 2, 17, 5, 1, 2, 30, 1, 11, 2, 40 };
	double omega[16];
	int nw = sample_waves(omega);

	check_grid(start, count, 14, omega, nw);
}

Test(pe_grid, far_positions_match_the_wave_means)
{
	/* Near a billion the brute force would take too long; pe_wave_span_means
	 * (pe_variants.c, one wave at a time) is the independent reference. */
	long long start[50], count[50];
	double omega[16], s[50] = { 0 }, want[50], sum[50] = { 0 };
	int nw = sample_waves(omega);
	struct pe_grid g;

	for (int j = 0; j < 50; j++)
		plot_col_items(999000000, 1000000, 50, j, &start[j], &count[j]);
	cr_assert(pe_grid_init(&g, start, count, 50));
	pe_grid_add(&g, omega, nw, s, NULL);
	for (int k = 0; k < nw; k++) {
		pe_wave_span_means((struct pe_wave){ omega[k], PE_SIN }, start,
				   count, 50, want);
		for (int j = 0; j < 50; j++)
			sum[j] += want[j];
	}
	for (int j = 0; j < 50; j++)
		cr_expect(fabs(s[j] - sum[j]) <= 1e-7, "column %d: %.17g vs %.17g",
			  j, s[j], sum[j]);
	pe_grid_free(&g);
}

/* ---- what the rows stand for ---- */

/* Checks the bands of one grid against heat.h's definition, written out
 * here from the dimensions up: each row one kind; every visible dimension
 * in exactly one row when banded; interleaved rows alternate sine, cosine;
 * concatenated sines above cosines; a kind's pairs shared in order, sizes
 * within one of each other; and the three functions agree. */
static void check_bands(const struct pe_params *p, struct pe_window v, int rows)
{
	int d = p->d_model;
	bool banded = v.ndim > rows;
	int *seen = calloc((size_t)d, sizeof *seen);
	int next[2] = { -1, -1 }, size_lo[2] = { d, d }, size_hi[2] = { 0, 0 };
	bool cos_started = false;
	char what[160];

	cr_assert(seen);
	snprintf(what, sizeof what, "d %d %s dims %d+%d, %d rows", d,
		 pe_layout_name(p->layout), v.dim0, v.ndim, rows);
	for (int row = 0; row < rows; row++) {
		struct heat_band b;
		int dim_click;

		heat_band_of_row(p, &v, rows, row, &b);
		cr_assert(b.npairs >= 1, "%s: row %d is empty", what, row);
		for (int i = b.pair0; i < b.pair0 + b.npairs; i++) {
			int dim = pe_dim_of(p, i, b.fn);

			cr_assert(dim >= v.dim0 && dim < v.dim0 + v.ndim,
				  "%s: row %d holds dim %d outside", what, row, dim);
			seen[dim]++;
			if (banded)
				cr_expect_eq(heat_row_of_dim(p, &v, rows, dim), row,
					     "%s: dim %d", what, dim);
		}
		/* heat_row_shows against the band, for ranges that cut it. */
		for (int lo = v.dim0 - 1; lo <= v.dim0 + v.ndim; lo += 1 + v.ndim / 7)
			for (int len = 0; len < v.ndim; len += 1 + v.ndim / 5) {
				bool want = false;

				for (int i = b.pair0; i < b.pair0 + b.npairs; i++) {
					int dim = pe_dim_of(p, i, b.fn);

					want |= dim >= lo && dim <= lo + len;
				}
				cr_expect_eq(heat_row_shows(p, &v, rows, row, lo, lo + len),
					     want, "%s: row %d shows %d..%d?", what,
					     row, lo, lo + len);
			}
		if (!banded) {
			cr_expect_eq(b.npairs, 1, "%s: row %d", what, row);
			continue;
		}
		if (p->layout == PE_INTERLEAVED)
			cr_expect_eq(b.fn, row % 2 ? PE_COS : PE_SIN,
				     "%s: row %d is the wrong kind", what, row);
		else if (b.fn == PE_COS)
			cos_started = true;
		else
			cr_expect(!cos_started, "%s: a sine row %d below a cosine",
				  what, row);
		/* The kind's pairs continue where its last band ended. */
		if (next[b.fn] >= 0)
			cr_expect_eq(b.pair0, next[b.fn], "%s: row %d", what, row);
		next[b.fn] = b.pair0 + b.npairs;
		if (b.npairs < size_lo[b.fn])
			size_lo[b.fn] = b.npairs;
		if (b.npairs > size_hi[b.fn])
			size_hi[b.fn] = b.npairs;
		dim_click = heat_dim_of_row(p, &v, rows, row);
		cr_expect_eq(heat_row_of_dim(p, &v, rows, dim_click), row,
			     "%s: a click on row %d selects dim %d", what, row,
			     dim_click);
	}
	for (int dim = 0; dim < d; dim++) {
		bool in = dim >= v.dim0 && dim < v.dim0 + v.ndim;

		/* A single row is a sine band (heat.h). */
		bool shown = in && (rows > 1 || pe_fn_of(p, dim) == PE_SIN);

		if (banded)
			cr_expect_eq(seen[dim], shown ? 1 : 0,
				     "%s: dim %d in %d rows", what, dim, seen[dim]);
		if (!in)
			cr_expect_eq(heat_row_of_dim(p, &v, rows, dim), -1,
				     "%s: dim %d is outside", what, dim);
	}
	for (int k = 0; banded && k < 2; k++)
		cr_expect(size_hi[k] - size_lo[k] <= 1 || size_hi[k] == 0,
			  "%s: bands of %d to %d pairs", what, size_lo[k],
			  size_hi[k]);
	free(seen);
}

Test(heat, rows_keep_like_with_like)
{
	static const struct { int d, dim0, ndim, rows; } cases[] = {
		{ 512, 0, 512, 24 }, { 512, 0, 512, 10 }, { 512, 0, 512, 58 },
		{ 64, 0, 64, 58 }, { 64, 0, 64, 60 }, { 64, 0, 64, 64 },
		{ 64, 0, 64, 100 }, { 64, 5, 31, 12 }, { 64, 5, 31, 11 },
		{ 64, 1, 8, 7 }, { 64, 30, 6, 4 }, { 64, 28, 9, 3 },
		{ 8, 0, 8, 1 }, { 8, 3, 5, 2 }, { 65536, 0, 65536, 400 },
		{ 65536, 32000, 1001, 37 }, { 2, 0, 2, 1 }, { 6, 0, 6, 4 },
	};
	enum pe_layout layouts[] = { PE_INTERLEAVED, PE_CONCAT };

	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
		for (int l = 0; l < 2; l++) {
			struct pe_params p = { cases[k].d, 1e4, layouts[l] };
			struct pe_window v = { 0, 10, cases[k].dim0, cases[k].ndim };

			check_bands(&p, v, cases[k].rows);
		}
}

Test(heat, a_cell_shows_sines_over_cosines)
{
	/* d = 512 in 24 pixel rows: 12 groups of 21 or 22 pairs, the first
	 * group's sines on row 0 and its cosines on row 1. */
	struct pe_params p = { 512, 1e4, PE_INTERLEAVED };
	struct pe_window v = { 0, 128, 0, 512 };
	struct heat_band top, bot;

	heat_band_of_row(&p, &v, 24, 0, &top);
	heat_band_of_row(&p, &v, 24, 1, &bot);
	cr_expect(top.fn == PE_SIN && bot.fn == PE_COS);
	cr_expect(top.pair0 == 0 && bot.pair0 == 0);
	cr_expect(top.npairs == bot.npairs && (top.npairs == 21 || top.npairs == 22));
	/* Concatenated: 12 sine rows, then 12 cosine rows. */
	p.layout = PE_CONCAT;
	heat_band_of_row(&p, &v, 24, 11, &top);
	heat_band_of_row(&p, &v, 24, 12, &bot);
	cr_expect(top.fn == PE_SIN && top.pair0 + top.npairs == 256);
	cr_expect(bot.fn == PE_COS && bot.pair0 == 0);
}

/* ---- heatmaps ---- */

/* The pixel as a plain average over its positions and the dimensions of
 * its row's band (heat_band_of_row; the bands themselves are checked
 * against their definition below). */
static double brute_pixel(const struct pe_params *p, enum pe_bug bug,
			  const struct pe_window *v, int w, int rows, int x,
			  int row)
{
	long long p0, np;
	struct heat_band b;
	double sum = 0.0;
	struct pe_params q = *p;

	/* the rows of the mistake's own layout (tensor2tensor concatenates) */
	q.layout = pe_variant_layout(bug, p->layout);
	plot_col_items(v->pos0, v->npos, w, x, &p0, &np);
	heat_band_of_row(&q, v, rows, row, &b);
	for (int i = b.pair0; i < b.pair0 + b.npairs; i++)
		for (long long pos = p0; pos < p0 + np; pos++)
			sum += pe_variant_value(&q, bug, (double)pos,
						pe_dim_of(&q, i, b.fn));
	return sum / (double)(np * b.npairs);
}

static void check_heat(const struct pe_params *p, enum pe_bug bug,
		       struct pe_window v, int w, int rows)
{
	float *pix = malloc((size_t)w * (size_t)rows * sizeof *pix);
	/* float32 values differ from the exact wave by ~pos * w * 2^-24 over
	 * longer spans (pe_variants.h); everything else to float rounding. */
	double tol = bug == PE_BUG_FLOAT32 ? 1e-4 : 2e-6;

	cr_assert(pix);
	cr_assert(heat_fill(p, bug, &v, w, rows, pix));
	for (int row = 0; row < rows; row++)
		for (int x = 0; x < w; x++) {
			double want = brute_pixel(p, bug, &v, w, rows, x, row);
			double got = pix[(size_t)row * (size_t)w + (size_t)x];

			cr_expect(fabs(got - want) <= tol,
				  "d %d %s bug %d view (%lld+%lld, %d+%d) %dx%d pixel (%d, %d): got %.9g, want %.9g",
				  p->d_model, pe_layout_name(p->layout), bug,
				  v.pos0, v.npos, v.dim0, v.ndim, w, rows, x, row,
				  got, want);
		}
	free(pix);
}

Test(heat, every_encoding_matches_brute_force)
{
	static const struct pe_window views[] = {
		{ 0, 300, 0, 40 },	/* averaged rows, long columns */
		{ 17, 23, 5, 31 },	/* zoomed: one position per column */
		{ 100, 500, 3, 4 },	/* fewer dims than rows: repeated */
	};
	enum pe_layout layouts[] = { PE_INTERLEAVED, PE_CONCAT };

	for (int l = 0; l < 2; l++)
		for (int bug = 0; bug <= PE_BUG_NONE; bug++)
			for (size_t k = 0; k < sizeof views / sizeof views[0]; k++) {
				struct pe_params p = { 40, 10000.0, layouts[l] };

				check_heat(&p, (enum pe_bug)bug, views[k], 37, 6);
			}
}

Test(heat, a_pair_split_across_rows_lands_in_both)
{
	/* d = 6 over 4 rows: rows hold 2, 1, 2, 1 dims, so pair 1's sine and
	 * cosine fall into different rows. */
	struct pe_params p = { 6, 10.0, PE_INTERLEAVED };

	check_heat(&p, PE_BUG_NONE, (struct pe_window){ 0, 50, 0, 6 }, 11, 4);
	check_heat(&p, PE_BUG_DIM_EXPONENT, (struct pe_window){ 0, 50, 0, 6 },
		   11, 4);
}

/* Calls heat_cache_get under the smallest budget until the grid is done;
 * returns the number of calls. The first call's grid is copied to first
 * (w * rows floats), or first[0] set to NAN when it returned NULL. */
static int get_sliced(struct heat_cache *hc, const struct pe_params *p,
		      const struct pe_window *v, int w, int rows, float *first,
		      const float **last)
{
	int calls = 0;

	work_budget_set(1e-9);
	do {
		work_frame_start();
		*last = heat_cache_get(hc, p, PE_BUG_NONE, v, w, rows);
		if (calls++ == 0) {
			if (*last)
				memcpy(first, *last, (size_t)w * (size_t)rows *
					       sizeof *first);
			else
				first[0] = NAN;
		}
		cr_assert(calls < 1000);
	} while (work_unfinished());
	work_budget_set(0.0);
	return calls;
}

Test(heat, sliced_grids_equal_whole_ones)
{
	struct pe_params p = { 16384, 10000.0, PE_INTERLEAVED };
	struct pe_params q = { 16384, 500000.0, PE_INTERLEAVED };
	struct pe_window v = { 0, 1000000000LL, 0, 16384 };
	int w = 60, rows = 20;
	size_t bytes = (size_t)w * (size_t)rows * sizeof(float);
	float *whole_p = malloc(bytes), *whole_q = malloc(bytes), *old = malloc(bytes);
	float *first = malloc(bytes);
	/* Static, as in the program: the cache keeps its memory for good. */
	static struct heat_cache hc;
	const float *last;
	int calls;

	cr_assert(whole_p && whole_q && old && first);
	cr_assert(heat_fill(&p, PE_BUG_NONE, &v, w, rows, whole_p));
	cr_assert(heat_fill(&q, PE_BUG_NONE, &v, w, rows, whole_q));

	/* From nothing: no grid to show until the last slice. */
	calls = get_sliced(&hc, &p, &v, w, rows, first, &last);
	cr_expect(calls > 1, "8192 pairs should take several slices");
	cr_expect(isnan(first[0]), "nothing to show before the first grid");
	cr_assert_not_null(last);
	cr_expect(memcmp(last, whole_p, bytes) == 0);

	/* A new base: the old grid stays on screen meanwhile. */
	memcpy(old, last, bytes);
	calls = get_sliced(&hc, &q, &v, w, rows, first, &last);
	cr_expect(calls > 1);
	cr_expect(memcmp(first, old, bytes) == 0, "the stale grid is shown");
	cr_expect(memcmp(last, whole_q, bytes) == 0);

	/* Without a budget the cache answers at once, and the same again. */
	work_frame_start();
	cr_expect(memcmp(heat_cache_get(&hc, &p, PE_BUG_NONE, &v, w, rows),
			 whole_p, bytes) == 0);
	cr_expect(!work_unfinished());
	free(whole_p);
	free(whole_q);
	free(old);
	free(first);
}

Test(heat, a_change_mid_job_restarts_it)
{
	struct pe_params p = { 16384, 10000.0, PE_CONCAT };
	struct pe_params q = { 16384, 10.0, PE_CONCAT };
	struct pe_window v = { 12345, 678901, 100, 9000 };
	int w = 45, rows = 30;
	size_t bytes = (size_t)w * (size_t)rows * sizeof(float);
	float *whole_q = malloc(bytes), *first = malloc(bytes);
	static struct heat_cache hc;
	const float *last;

	cr_assert(whole_q && first);
	cr_assert(heat_fill(&q, PE_BUG_NONE, &v, w, rows, whole_q));
	work_budget_set(1e-9);
	work_frame_start();
	cr_expect_null(heat_cache_get(&hc, &p, PE_BUG_NONE, &v, w, rows));
	cr_expect(work_unfinished());
	get_sliced(&hc, &q, &v, w, rows, first, &last);
	cr_assert_not_null(last);
	cr_expect(memcmp(last, whole_q, bytes) == 0);
	free(whole_q);
	free(first);
}

Test(heat, a_grid_finished_late_in_a_frame_shows_in_the_next)
{
	struct pe_params p = { 256, 10000.0, PE_INTERLEAVED };
	struct pe_window v = { 0, 5000, 0, 256 };
	int w = 30, rows = 12;
	size_t bytes = (size_t)w * (size_t)rows * sizeof(float);
	float *whole = malloc(bytes);
	static struct heat_cache hc, other;
	const float *pix;

	cr_assert(whole);
	cr_assert(heat_fill(&p, PE_BUG_NONE, &v, w, rows, whole));
	/* A budget far larger than the job, but most of a frame already gone
	 * (the wait makes it so, however fast the job): it finishes in this
	 * frame, which still shows nothing and asks for another. */
	work_budget_set(1e6);
	work_frame_start();
	while (work_elapsed_ms() <= WORK_FRAME_BUDGET_MS / 2)
		continue;
	cr_expect_null(heat_cache_get(&hc, &p, PE_BUG_NONE, &v, w, rows));
	cr_expect(work_unfinished());
	cr_expect(!work_spent());
	/* The next frame shows it, spends its time on that, and a second
	 * heatmap waiting for work gets none in this frame. */
	work_frame_start();
	pix = heat_cache_get(&hc, &p, PE_BUG_NONE, &v, w, rows);
	cr_assert_not_null(pix);
	cr_expect(memcmp(pix, whole, bytes) == 0);
	cr_expect(work_spent());
	cr_expect(!work_unfinished());
	cr_expect_null(heat_cache_get(&other, &p, PE_BUG_NONE, &v, w, rows));
	cr_expect(work_unfinished(), "the other heatmap is left for later");
	work_budget_set(0.0);
	free(whole);
}

/* ---- the frame budget ---- */

Test(work, slices_leave_the_rest_of_the_frame_its_time)
{
	cr_expect_eq(work_slice(10.0, 0.0), 10.0, "a light frame: the whole slice");
	cr_expect_eq(work_slice(10.0, 6.0), 10.0, "10 + 6 fits in 16");
	cr_expect_eq(work_slice(10.0, 8.0), 8.0, "8 + 8 = 16");
	cr_expect_eq(work_slice(10.0, 15.0), WORK_SLICE_MIN_MS,
		     "a heavy screen: never below the minimum");
	cr_expect_eq(work_slice(1e-9, 15.0), 1e-9, "never above the budget");
	cr_expect_eq(work_slice(1.0, 0.0), 1.0);
}

Test(work, without_a_budget_there_is_always_time)
{
	work_budget_set(0.0);
	work_frame_start();
	cr_expect(work_time_left());
	cr_expect(!work_unfinished());
	work_mark_unfinished();
	cr_expect(work_unfinished());
	work_frame_end();
	work_frame_start();
	cr_expect(!work_unfinished(), "a new frame starts clean");
}
