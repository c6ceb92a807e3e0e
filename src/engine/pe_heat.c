/* pe_heat.c - one heatmap grid, in slices of pairs (see pe_heat.h).
 *
 * A pixel's mean over many dimensions is the average of each dimension's
 * mean over the column's positions, and each of those costs O(1) per
 * column (pe_grid.h), so a grid costs O(dimensions * columns) whatever the
 * number of positions. At d = 65536 that is still tens of millions of
 * multiplies, more than a frame may spend: hence the slices. Which row a
 * dimension adds to is the plan's; the cost does not depend on it. */
#include "engine/pe_heat.h"

#include <stdlib.h>

#include "engine/pe_grid.h"

/* One wave's contribution: its sine mean goes to pixel row row_s and its
 * cosine mean to row_c (-1: nowhere). */
struct term {
	double omega;
	int row_s, row_c;
};

/* The terms of one slice, in two lists so that each stays in runs of equal
 * rows: waves whose both means land somewhere, and the separate cosine
 * waves of the mistakes that give a pair's two slots two frequencies. */
struct term_list {
	struct term *t;
	int n;
};

struct pe_heat {
	const struct pe_matrix *m;	/* a loaded matrix, or NULL: the
					 * formula */
	struct pe_params pe;
	enum pe_bug bug;
	const struct pe_heat_plan *plan;
	bool per_pair;			/* each pair on its own
					   (pe_variant_spans_by_pair) */
	struct pe_stored *stored;	/* per_pair in bf16 or fp16: what
					   its pairs share (pe_stored.h) */
	struct pe_grid grid;		/* averaged, !per_pair */
	double *acc;			/* w * rows sums */
	double *col;			/* 2 * w scratch */
	double *omega;			/* PE_HEAT_SLICE scratch */
	struct term_list main, cos_only;	/* PE_HEAT_SLICE each */
	int next_pair;			/* first pair not yet added */
	/* a loaded matrix's slice: the dimensions that show, their pixel
	 * rows and one position's values of them (2 * PE_HEAT_SLICE each) */
	int *dims, *rows_of;
	double *vals;
	long long positions;		/* the plan's, summed over columns */
};

/* Values of a loaded matrix a step reads: some 0.5 ms. */
enum { MATRIX_STEP_CELLS = 1 << 18 };

void pe_heat_free(struct pe_heat *h)
{
	if (!h)
		return;
	if (h->grid.n)
		pe_grid_free(&h->grid);
	free(h->acc);
	free(h->col);
	free(h->omega);
	free(h->main.t);
	free(h->cos_only.t);
	free(h->dims);
	free(h->rows_of);
	free(h->vals);
	pe_stored_free(h->stored);
	free(h);
}

struct pe_heat *pe_heat_new(const struct pe_params *p, enum pe_bug bug,
			    const struct pe_heat_plan *plan)
{
	struct pe_heat *h = calloc(1, sizeof *h);
	size_t w = (size_t)plan->w, cells = w * (size_t)plan->rows;

	if (!h)
		return NULL;
	h->pe = *p;
	h->bug = bug;
	h->plan = plan;
	h->acc = calloc(cells, sizeof *h->acc);
	h->col = malloc(2 * w * sizeof *h->col);
	h->omega = malloc(PE_HEAT_SLICE * sizeof *h->omega);
	h->main.t = malloc(PE_HEAT_SLICE * sizeof *h->main.t);
	h->cos_only.t = malloc(PE_HEAT_SLICE * sizeof *h->cos_only.t);
	if (!h->acc || !h->col || !h->omega || !h->main.t || !h->cos_only.t) {
		pe_heat_free(h);
		return NULL;
	}
	h->per_pair = pe_variant_spans_by_pair(bug, plan->count, plan->w);
	if (h->per_pair && plan->averaged &&
	    pe_variant_dtype(bug) != PREC_FP32 &&
	    !(h->stored = pe_stored_new(pe_variant_dtype(bug), plan->start,
					plan->count, plan->w))) {
		pe_heat_free(h);
		return NULL;
	}
	if (plan->averaged && !h->per_pair &&
	    !pe_grid_init(&h->grid, plan->start, plan->count, plan->w)) {
		pe_heat_free(h);
		return NULL;
	}
	return h;
}

struct pe_heat *pe_heat_new_matrix(const struct pe_matrix *m,
				   const struct pe_params *p,
				   const struct pe_heat_plan *plan)
{
	struct pe_heat *h = calloc(1, sizeof *h);
	size_t w = (size_t)plan->w, cells = w * (size_t)plan->rows;

	if (!h)
		return NULL;
	h->m = m;
	h->pe = *p;
	h->plan = plan;
	h->acc = calloc(cells, sizeof *h->acc);
	h->col = malloc(2 * w * sizeof *h->col);
	h->dims = malloc(2 * PE_HEAT_SLICE * sizeof *h->dims);
	h->rows_of = malloc(2 * PE_HEAT_SLICE * sizeof *h->rows_of);
	h->vals = malloc(2 * PE_HEAT_SLICE * sizeof *h->vals);
	if (!h->acc || !h->col || !h->dims || !h->rows_of || !h->vals) {
		pe_heat_free(h);
		return NULL;
	}
	for (int x = 0; x < plan->w; x++)
		h->positions += plan->count[x];
	return h;
}

static void list_add(struct term_list *l, double omega, int row_s, int row_c)
{
	if (row_s >= 0 || row_c >= 0)
		l->t[l->n++] = (struct term){ omega, row_s, row_c };
}

/* The terms of pair i: one wave when the pair's two slots share a
 * frequency (the correct encoding and most mistakes; the slots then hold
 * its sine and cosine, in either order), else one per slot. */
static void pair_terms(struct pe_heat *h, int i)
{
	int rs = h->plan->slot_row[2 * i + PE_SIN];
	int rc = h->plan->slot_row[2 * i + PE_COS];
	struct pe_wave_pair pw;

	if (rs < 0 && rc < 0)
		return;
	pe_variant_pairs(&h->pe, h->bug, i, i + 1, &pw);
	if (pw.s.omega == pw.c.omega && pw.s.fn != pw.c.fn) {
		list_add(&h->main, pw.s.omega, pw.s.fn == PE_SIN ? rs : rc,
			 pw.s.fn == PE_SIN ? rc : rs);
		return;
	}
	list_add(&h->main, pw.s.omega, pw.s.fn == PE_SIN ? rs : -1,
		 pw.s.fn == PE_SIN ? -1 : rs);
	list_add(&h->cos_only, pw.c.omega, pw.c.fn == PE_SIN ? rc : -1,
		 pw.c.fn == PE_SIN ? -1 : rc);
}

static double *row_sums(struct pe_heat *h, int row)
{
	return row < 0 ? NULL : h->acc + (size_t)row * (size_t)h->plan->w;
}

/* Adds the terms of a list, a run of equal rows at a time. */
static void list_run(struct pe_heat *h, struct term_list *l)
{
	for (int a = 0; a < l->n;) {
		int b = a;

		while (b < l->n && l->t[b].row_s == l->t[a].row_s &&
		       l->t[b].row_c == l->t[a].row_c) {
			h->omega[b - a] = l->t[b].omega;
			b++;
		}
		pe_grid_add(&h->grid, h->omega, b - a,
			    row_sums(h, l->t[a].row_s),
			    row_sums(h, l->t[a].row_c));
		a = b;
	}
	l->n = 0;
}

static void add_col(struct pe_heat *h, int row, const double *col)
{
	double *out = row_sums(h, row);

	for (int x = 0; x < h->plan->w; x++)
		out[x] += col[x];
}

/* Variants whose spans are not sums of waves (pe_variant_spans_by_pair):
 * each pair's spans as pe_variants.h defines them, added to the rows of its
 * two slots. */
static void slice_per_pair(struct pe_heat *h, int i0, int i1)
{
	const struct pe_heat_plan *pl = h->plan;
	double *col_s = h->col, *col_c = h->col + pl->w;

	for (int i = i0; i < i1; i++) {
		int rs = pl->slot_row[2 * i + PE_SIN];
		int rc = pl->slot_row[2 * i + PE_COS];

		if (rs < 0 && rc < 0)
			continue;
		pe_variant_span_means_pair(&h->pe, h->bug, i, h->stored,
					   pl->start, pl->count, pl->w,
					   rs >= 0 ? col_s : NULL,
					   rc >= 0 ? col_c : NULL);
		if (rs >= 0)
			add_col(h, rs, col_s);
		if (rc >= 0)
			add_col(h, rc, col_c);
	}
}

/* Fewer dimensions than pixel rows: each row shows one dimension, computed
 * once and copied to the neighbouring rows that show it too. Few
 * dimensions, so all in one slice. */
static void fill_repeated(struct pe_heat *h)
{
	const struct pe_heat_plan *pl = h->plan;
	int prev = -1;

	for (int row = 0; row < pl->rows; row++) {
		int d = pl->row_dim[row];

		if (d != prev)
			pe_variant_span_means(&h->pe, h->bug, d, pl->start,
					      pl->count, pl->w, h->col);
		add_col(h, row, h->col);
		prev = d;
	}
}

/* The loaded matrix's rows of one dimension each (as fill_repeated). */
static void matrix_repeated(struct pe_heat *h)
{
	const struct pe_heat_plan *pl = h->plan;

	for (int row = 0; row < pl->rows; row++) {
		double *out = row_sums(h, row);

		for (int x = 0; x < pl->w; x++)
			out[x] += pe_matrix_span_mean(h->m, pl->row_dim[row],
						      pl->start[x],
						      pl->count[x]);
	}
}

/* The loaded matrix's pairs i0 .. i1-1 added to the rows of their slots:
 * position by position, so that the matrix is read along its rows. The
 * slots that show (their dimension and pixel row) are listed once for the
 * slice, and each position's values of them read in one call
 * (pe_matrix_gather): the sums are added in the same order as value by
 * value. */
static void matrix_slice(struct pe_heat *h, int i0, int i1)
{
	const struct pe_heat_plan *pl = h->plan;
	int n = 0;

	for (int i = i0; i < i1; i++)
		for (int fn = PE_SIN; fn <= PE_COS; fn++) {
			int row = pl->slot_row[2 * i + fn];

			if (row >= 0) {
				h->dims[n] = pe_dim_of(&h->pe, i,
						       (enum pe_fn)fn);
				h->rows_of[n++] = row;
			}
		}
	for (int x = 0; x < pl->w; x++) {
		double share = 1.0 / (double)pl->count[x];

		for (long long p = pl->start[x]; p < pl->start[x] + pl->count[x];
		     p++) {
			pe_matrix_gather(h->m, p, h->dims, n, h->vals);
			for (int k = 0; k < n; k++)
				h->acc[(size_t)h->rows_of[k] * (size_t)pl->w +
				       (size_t)x] += share * h->vals[k];
		}
	}
}

bool pe_heat_step(struct pe_heat *h)
{
	int pairs = h->pe.d_model / 2;
	int i0 = h->next_pair;
	int i1 = pairs - i0 < PE_HEAT_SLICE ? pairs : i0 + PE_HEAT_SLICE;

	if (i0 >= pairs)
		return true;
	if (h->m && !h->plan->averaged) {
		matrix_repeated(h);
		h->next_pair = pairs;
		return true;
	}
	if (h->m) {
		/* a slice of a matrix reads every position it shows: as many
		 * pairs as keep a step to MATRIX_STEP_CELLS values */
		long long fit = MATRIX_STEP_CELLS / (2 * h->positions);

		fit = fit < 1 ? 1 : fit;
		i1 = pairs - i0 < fit ? pairs : i0 + (int)fit;
		matrix_slice(h, i0, i1);
		h->next_pair = i1;
		return i1 >= pairs;
	}
	if (!h->plan->averaged) {
		fill_repeated(h);
		h->next_pair = pairs;
		return true;
	}
	if (h->per_pair) {
		slice_per_pair(h, i0, i1);
	} else {
		for (int i = i0; i < i1; i++)
			pair_terms(h, i);
		list_run(h, &h->main);
		list_run(h, &h->cos_only);
	}
	h->next_pair = i1;
	return i1 >= pairs;
}

void pe_heat_finish(const struct pe_heat *h, float *pix)
{
	const struct pe_heat_plan *pl = h->plan;
	/* a loaded matrix's colour scale: its largest |value| */
	double scale = h->m && h->m->absmax > 0.0 ? h->m->absmax : 1.0;

	for (int row = 0; row < pl->rows; row++) {
		int n = pl->averaged ? pl->row_pairs[row] : 1;
		const double *sum = h->acc + (size_t)row * (size_t)pl->w;
		float *out = pix + (size_t)row * (size_t)pl->w;

		for (int x = 0; x < pl->w; x++)
			out[x] = (float)(sum[x] / (double)n / scale);
	}
}
