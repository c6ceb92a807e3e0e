/* test_offset_means.c - the log offset axis of the context view's
 * similarity plot (pe_offset_means.h, plot_log.h): the samples tile
 * [1, top] and their means match NumPy's, and the axis's ticks stand on
 * the columns of their offsets. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_offset_means.h"
#include "render/canvas.h"
#include "render/plot_log.h"

enum { N = 61, H = 64 };

/* The 64 frequencies of d 128, base 1e4. */
static void omegas(double *w)
{
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	for (int i = 0; i < H; i++)
		w[i] = pe_omega(&p, i);
}

Test(offset_means, the_samples_tile_one_to_top)
{
	double at[N], lo[N], hi[N];

	pe_log_offsets(512.0, N, at, lo, hi);
	cr_expect_eq(at[0], 1.0);
	cr_expect_eq(lo[0], 1.0);
	cr_expect_eq(at[N - 1], 512.0);
	/* top itself is in the last tile */
	cr_expect(hi[N - 1] > 512.0 && ceil(hi[N - 1]) == 513.0);
	for (int j = 1; j < N; j++) {
		cr_expect_eq(lo[j], hi[j - 1], "tile %d starts where %d ends",
			     j, j - 1);
		cr_expect(lo[j] <= at[j] && at[j] < hi[j], "sample %d inside", j);
		/* evenly spread in log k */
		cr_expect(fabs(log(at[j] / at[j - 1]) - log(512.0) / (N - 1)) <
			  1e-12);
	}
}

/* Leaves NaN where the next call's stack frame will be, so that a value
 * read there before it is written shows. */
static void __attribute__((noinline)) dirty_stack(void)
{
	volatile double junk[8192];

	for (int i = 0; i < 8192; i++)
		junk[i] = NAN;
	(void)junk[0];
}

/* A span so short that no tile holds two whole offsets (the context view
 * at L0 = 1, s = 4: offsets 1..4): every sample is a cos of its own, by
 * the definition above, and none reads a sine the pass never made. */
Test(offset_means, a_span_of_single_offsets)
{
	enum { NS = 40 };
	double w[H], at[NS], lo[NS], hi[NS], sum[NS] = { 0 };

	omegas(w);
	pe_log_offsets(4.0, NS, at, lo, hi);
	dirty_stack();
	pe_offset_cos_means(w, H, at, lo, hi, NS, sum);
	for (int j = 0; j < NS; j++) {
		double a = ceil(lo[j]), m = ceil(hi[j]) - a, want = 0.0;

		cr_assert(m < 2.0, "tile %d holds %g offsets", j, m);
		for (int i = 0; i < H; i++)
			want += cos(w[i] * (m >= 1.0 ? a : at[j]));
		cr_expect(fabs(sum[j] - want) <= 1e-13, "sample %d: %.17g, "
			  "want %.17g", j, sum[j], want);
	}
}

/* NumPy (float64): the same tiles; the mean over the whole offsets of a
 * tile of np.cos(np.outer(ks, w)), summed over the pairs, over 64; a tile
 * with no whole offset: np.cos(at * w).sum() / 64. Tiles of 1, 0, 0, 2,
 * 11 and 26 offsets. */
Test(offset_means, the_means_match_numpy)
{
	static const struct { int j; double want; } ref[] = {
		{ 0, 0.9702138094651191 }, { 1, 0.9637289841941693 },
		{ 5, 0.9227356404996621 }, { 30, 0.5857568797186049 },
		{ 45, 0.40476261279838643 }, { 60, 0.2812807907399594 },
	};
	double w[H], at[N], lo[N], hi[N], sum[N] = { 0 };

	omegas(w);
	pe_log_offsets(512.0, N, at, lo, hi);
	/* in two chunks of pairs, as the view's job adds them */
	pe_offset_cos_means(w, 40, at, lo, hi, N, sum);
	pe_offset_cos_means(w + 40, H - 40, at, lo, hi, N, sum);
	for (size_t r = 0; r < sizeof ref / sizeof *ref; r++)
		cr_expect(fabs(sum[ref[r].j] / H - ref[r].want) < 1e-13,
			  "sample %d: %.17g, NumPy %.17g", ref[r].j,
			  sum[ref[r].j] / H, ref[r].want);
}

/* NumPy in long double (np.longdouble, 64-bit significands), the context
 * view's extreme: d 65536, s L0 = 4e9, 48 samples (pe_log_offsets' tiles,
 * made the same way with math.exp), w_i = math.pow(base, -(2.0 * i) / d)
 * (libm's, as pe_omega); per tile the exact mean
 * (sin(m w/2) / (m sin(w/2))) cos(w (a + (m-1)/2)), or cos(w a) for one
 * offset, cos(w at) for none, summed over the pairs. Bases 1.000001, 1e4,
 * 1e12; tiles of 0, 1 and up to 1.6e9 offsets. Within 1e-10 of d/2. */
Test(offset_means, the_means_match_numpy_at_the_extremes)
{
	static const int js[5] = { 0, 1, 10, 30, 47 };
	static const struct { double base, want[5]; } ref[] = {
	{ 1.000001, { 17704.63974491264, -13636.269745043717, 922.1504889529899, -0.004972650048886136, 2.9432146493314044e-09 } },
	{ 10000.0, { 31914.582218448988, 29752.526688172708, 13911.68925529595, -0.19920471816690902, -0.00027010794831961354 } },
	{ 1000000000000.0, { 32483.3741180597, 31762.370054990533, 26482.200212827593, 15325.010565049557, 5996.96507943712 } },
	};
	enum { D = 65536, HALF = D / 2, NS = 48 };
	static double w[HALF];
	double at[NS], lo[NS], hi[NS];

	pe_log_offsets(4e9, NS, at, lo, hi);
	for (size_t r = 0; r < sizeof ref / sizeof ref[0]; r++) {
		const struct pe_params p = { D, ref[r].base, PE_INTERLEAVED };
		double sum[NS] = { 0 };

		for (int i = 0; i < HALF; i++)
			w[i] = pe_omega(&p, i);
		pe_offset_cos_means(w, HALF, at, lo, hi, NS, sum);
		for (int t = 0; t < 5; t++)
			cr_expect(fabs(sum[js[t]] - ref[r].want[t]) < 1e-10 * HALF,
				  "base %g sample %d: %.17g, want %.17g",
				  ref[r].base, js[t], sum[js[t]], ref[r].want[t]);
	}
}

/* The labels of row 0 of c from column x0 on, and the column each
 * starts at. */
static int labels(const struct canvas *c, int x0, char (*text)[16],
		  int *col, int max)
{
	int n = 0, w = canvas_width(c);

	for (int x = x0; x < w && n < max; x++) {
		int len = 0;

		if (canvas_cell(c, x, 0)->ch == ' ' || !canvas_cell(c, x, 0)->ch)
			continue;
		col[n] = x;
		while (x < w && canvas_cell(c, x, 0)->ch &&
		       canvas_cell(c, x, 0)->ch != ' ' && len < 15)
			text[n][len++] = (char)canvas_cell(c, x++, 0)->ch;
		text[n++][len] = '\0';
	}
	return n;
}

/* The labels plot_log_xticks draws for n samples up to top across w
 * columns into text[] (and their columns into col[]); how many. */
static int ticks_of(int w, int n, double top, char (*text)[16], int *col)
{
	struct canvas *c = canvas_new(w, 1);
	struct plot_axis a = plot_log_axis(n, 0, w);
	int count;

	cr_assert_not_null(c);
	plot_log_xticks(c, &a, top, n, 0, (struct style){ 0 });
	count = labels(c, 0, text, col, 32);
	canvas_free(c);
	return count;
}

/* 1 .. 512 over 60 columns: 1 2 5 10 20 50 100 200 500, each centred on
 * the column of its offset; over 20 columns only the powers of ten fit;
 * labels from 1000 on read "1k" as on every axis. */
Test(offset_means, the_ticks_stand_at_their_offsets)
{
	char text[32][16];
	int col[32], n = ticks_of(60, 61, 512.0, text, col);
	struct plot_axis a = plot_log_axis(61, 0, 60);

	cr_assert_eq(n, 9, "%d labels", n);
	for (int t = 0; t < n; t++) {
		static const char *want[] = { "1", "2", "5", "10", "20", "50",
					      "100", "200", "500" };
		double k = atof(want[t]);
		int len = (int)strlen(want[t]);
		int at = plot_col_of_pos(&a, plot_log_pos(512.0, 61, k));

		cr_expect_str_eq(text[t], want[t]);
		/* centred on its column, or pushed inside the axis */
		cr_expect(col[t] == at - (len - 1) / 2 ||
			  (t == n - 1 && col[t] + len == 60),
			  "%s at %d, its column %d", want[t], col[t], at);
	}

	n = ticks_of(20, 21, 512.0, text, col);
	cr_expect_eq(n, 3);
	cr_expect_str_eq(text[0], "1");
	cr_expect_str_eq(text[1], "10");
	cr_expect_str_eq(text[2], "100");

	n = ticks_of(60, 61, 65536.0, text, col);
	cr_expect_str_eq(text[n - 2], "10k");
}
