/* heat_rows.c - what each pixel row stands for (see heat_rows.h). */
#include "render/heat_rows.h"

#include <math.h>
#include <string.h>

#include "render/plot.h"

/* The rows of one grid. Banded (more dimensions than rows): for each kind
 * (indexed by enum pe_fn), the visible pairs first .. first + count - 1
 * shared over `bands` rows. Otherwise rows follow plot.h's mapping of the
 * window's dimensions. */
struct rowmap {
	struct pe_params pe;
	struct pe_window view;
	int rows;
	bool banded;
	int first[2], count[2], bands[2];
};

/* The pairs whose fn-slot lies in dims lo .. hi: first .. first+count-1.
 * Both layouts number a kind's slots in pair order, so they are a range. */
static void slot_range(const struct pe_params *p, enum pe_fn fn, int lo,
		       int hi, int *first, int *count)
{
	int a, b;

	if (p->layout == PE_CONCAT) {
		int half = p->d_model / 2, off = fn == PE_SIN ? 0 : half;

		a = lo - off > 0 ? lo - off : 0;
		b = hi - off < half - 1 ? hi - off : half - 1;
	} else {
		/* Dimension 2i + fn. */
		a = lo - (int)fn + 1 > 0 ? (lo - (int)fn + 1) / 2 : 0;
		b = hi - (int)fn < 0 ? -1 : (hi - (int)fn) / 2;
		if (b > p->d_model / 2 - 1)
			b = p->d_model / 2 - 1;
	}
	*first = a;
	*count = b >= a ? b - a + 1 : 0;
}

/* Sine rows of a concatenated grid: in proportion to the sines shown, and
 * at least one row for each kind shown; an even number when the grid has
 * an even number of rows, 4 at least (a heatmap's two pixel rows a cell),
 * so that no cell holds the last sines over the first cosines: a half
 * cell of the fast cosines under the flat slow sines reads as a dashed
 * line, not as where the cosines begin. */
static int concat_sine_rows(const struct rowmap *m)
{
	int ns = m->count[PE_SIN], nc = m->count[PE_COS], rows = m->rows;
	double share = (double)rows * ns / (ns + nc);
	int sr = (int)lround(share);

	if (nc == 0)
		return rows;
	if (ns == 0)
		return 0;
	if (rows % 2 == 0 && rows >= 4) {
		sr = 2 * (int)lround(share / 2.0);
		if (sr > rows - 2)
			sr = rows - 2;
		return sr < 2 ? 2 : sr;
	}
	if (sr > rows - 1)
		sr = rows - 1;
	return sr < 1 ? 1 : sr;
}

static void rowmap_init(struct rowmap *m, const struct pe_params *p,
			const struct pe_window *v, int rows)
{
	memset(m, 0, sizeof *m);
	m->pe = *p;
	m->view = *v;
	m->rows = rows;
	m->banded = v->ndim > rows;
	if (!m->banded)
		return;
	for (int fn = PE_SIN; fn <= PE_COS; fn++)
		slot_range(p, (enum pe_fn)fn, v->dim0, v->dim0 + v->ndim - 1,
			   &m->first[fn], &m->count[fn]);
	m->bands[PE_SIN] = p->layout == PE_CONCAT ? concat_sine_rows(m)
						  : (rows + 1) / 2;
	m->bands[PE_COS] = rows - m->bands[PE_SIN];
}

/* The pixel row of band k of kind fn. */
static int band_row(const struct rowmap *m, enum pe_fn fn, int k)
{
	if (m->pe.layout == PE_CONCAT)
		return fn == PE_SIN ? k : m->bands[PE_SIN] + k;
	return 2 * k + (int)fn;
}

static void rowmap_band(const struct rowmap *m, int row, struct heat_band *b)
{
	enum pe_fn fn;
	int k;
	long long lo, n;

	if (row < 0)
		row = 0;
	if (row >= m->rows)
		row = m->rows - 1;
	if (!m->banded) {
		int dim = (int)plot_item_of_col(m->view.dim0, m->view.ndim,
						m->rows, row);

		*b = (struct heat_band){ pe_fn_of(&m->pe, dim),
					 pe_pair_of(&m->pe, dim), 1 };
		return;
	}
	if (m->pe.layout == PE_CONCAT) {
		fn = row < m->bands[PE_SIN] ? PE_SIN : PE_COS;
		k = fn == PE_SIN ? row : row - m->bands[PE_SIN];
	} else {
		fn = row % 2 ? PE_COS : PE_SIN;
		k = row / 2;
	}
	plot_col_items(m->first[fn], m->count[fn], m->bands[fn], k, &lo, &n);
	*b = (struct heat_band){ fn, (int)lo, (int)n };
}

/* The row of the fn-slot of pair i, or -1 when it is outside the window. */
static int rowmap_slot_row(const struct rowmap *m, int i, enum pe_fn fn)
{
	const struct pe_window *v = &m->view;

	if (!m->banded) {
		int dim = pe_dim_of(&m->pe, i, fn);

		if (dim < v->dim0 || dim >= v->dim0 + v->ndim)
			return -1;
		return plot_col_of(v->dim0, v->ndim, m->rows, dim);
	}
	if (i < m->first[fn] || i >= m->first[fn] + m->count[fn] ||
	    m->bands[fn] == 0)
		return -1;
	return band_row(m, fn, plot_col_of(m->first[fn], m->count[fn],
					   m->bands[fn], i));
}

static int rowmap_row_of(const struct rowmap *m, int dim)
{
	if (dim < 0 || dim >= m->pe.d_model)
		return -1;
	return rowmap_slot_row(m, pe_pair_of(&m->pe, dim), pe_fn_of(&m->pe, dim));
}

void heat_band_of_row(const struct pe_params *p, const struct pe_window *v,
		      int rows, int row, struct heat_band *b)
{
	struct rowmap m;

	rowmap_init(&m, p, v, rows);
	rowmap_band(&m, row, b);
}

int heat_row_of_dim(const struct pe_params *p, const struct pe_window *v,
		    int rows, int dim)
{
	struct rowmap m;

	rowmap_init(&m, p, v, rows);
	return rowmap_row_of(&m, dim);
}

bool heat_row_shows(const struct pe_params *p, const struct pe_window *v,
		    int rows, int row, long long lo, long long hi)
{
	struct heat_band b;
	int first, count;

	if (lo < 0)
		lo = 0;
	if (hi > p->d_model - 1)
		hi = p->d_model - 1;
	if (lo > hi)
		return false;
	heat_band_of_row(p, v, rows, row, &b);
	slot_range(p, b.fn, (int)lo, (int)hi, &first, &count);
	return count > 0 && first < b.pair0 + b.npairs &&
	       first + count > b.pair0;
}

int heat_dim_of_row(const struct pe_params *p, const struct pe_window *v,
		    int rows, int row)
{
	struct rowmap m;
	struct heat_band b;

	rowmap_init(&m, p, v, rows);
	rowmap_band(&m, row, &b);
	return pe_dim_of(p, b.pair0 + b.npairs / 2, b.fn);
}

void heat_rows_plan(const struct pe_params *p, const struct pe_window *v,
		    int rows, int *slot_row, int *row_dim, int *row_pairs)
{
	struct rowmap m;

	rowmap_init(&m, p, v, rows);
	for (int row = 0; row < rows; row++) {
		struct heat_band b;

		rowmap_band(&m, row, &b);
		row_dim[row] = pe_dim_of(p, b.pair0, b.fn);
		row_pairs[row] = b.npairs;
	}
	for (int i = 0; slot_row && i < p->d_model / 2; i++)
		for (int fn = PE_SIN; fn <= PE_COS; fn++)
			slot_row[2 * i + fn] = rowmap_slot_row(&m, i,
							       (enum pe_fn)fn);
}
