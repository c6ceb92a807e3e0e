/* heat.c - heatmap pixels and labelled heatmaps (see heat.h).
 *
 * A pixel's mean over many dimensions is the average of each dimension's
 * mean over the column's positions, and each of those costs O(1) per column
 * (pe_span_means and friends), so a grid costs O(visible dims * columns)
 * whatever the number of positions. */
#include "heat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

/* ---- filling ---- */

/* Adds the column means of dimension dim (when visible) to its pixel row. */
static void add_dim(const struct viewport *v, int w, int rows, int dim,
		    const double *col, float *pix)
{
	int row = plot_col_of(v->dim0, v->ndim, rows, dim);
	float *out;

	if (row < 0)
		return;
	out = pix + (size_t)row * (size_t)w;
	for (int x = 0; x < w; x++)
		out[x] += (float)col[x];
}

static bool dim_visible(const struct viewport *v, int dim)
{
	return dim >= v->dim0 && dim < v->dim0 + v->ndim;
}

/* More dimensions than pixel rows: every visible dimension adds its column
 * means to the one row it belongs to (a pair's two dimensions computed
 * together); each row is then divided by how many it holds. */
static void fill_averaged(const struct pe_params *p, enum pe_bug bug,
			  const struct viewport *v, int w, int rows,
			  const long long *start, const long long *count,
			  double *col_a, double *col_b, float *pix)
{
	memset(pix, 0, (size_t)w * (size_t)rows * sizeof *pix);
	for (int i = 0; i < p->d_model / 2; i++) {
		int ds = pe_dim_of(p, i, PE_SIN), dc = pe_dim_of(p, i, PE_COS);
		bool vs = dim_visible(v, ds), vc = dim_visible(v, dc);

		if (!vs && !vc)
			continue;
		pe_variant_span_means_pair(p, bug, i, start, count, w,
					   vs ? col_a : NULL, vc ? col_b : NULL);
		if (vs)
			add_dim(v, w, rows, ds, col_a, pix);
		if (vc)
			add_dim(v, w, rows, dc, col_b, pix);
	}
	for (int row = 0; row < rows; row++) {
		long long d0, nd;
		float *out = pix + (size_t)row * (size_t)w;

		plot_col_items(v->dim0, v->ndim, rows, row, &d0, &nd);
		for (int x = 0; x < w; x++)
			out[x] /= (float)nd;
	}
}

/* Fewer dimensions than pixel rows: each row shows one dimension, computed
 * once and copied to the neighbouring rows that show it too. */
static void fill_repeated(const struct pe_params *p, enum pe_bug bug,
			  const struct viewport *v, int w, int rows,
			  const long long *start, const long long *count,
			  double *col, float *pix)
{
	int prev = -1;

	for (int row = 0; row < rows; row++) {
		int d = (int)plot_item_of_col(v->dim0, v->ndim, rows, row);
		float *out = pix + (size_t)row * (size_t)w;

		if (d != prev)
			pe_variant_span_means(p, bug, d, start, count, w, col);
		for (int x = 0; x < w; x++)
			out[x] = (float)col[x];
		prev = d;
	}
}

bool heat_fill(const struct pe_params *p, enum pe_bug bug,
	       const struct viewport *v, int w, int rows, float *pix)
{
	long long *start = malloc((size_t)w * sizeof *start);
	long long *count = malloc((size_t)w * sizeof *count);
	double *col = malloc(2 * (size_t)w * sizeof *col);
	bool ok = start && count && col;

	if (ok) {
		for (int x = 0; x < w; x++)
			plot_col_items(v->pos0, v->npos, w, x, &start[x],
				       &count[x]);
		if (v->ndim >= rows)
			fill_averaged(p, bug, v, w, rows, start, count, col,
				      col + w, pix);
		else
			fill_repeated(p, bug, v, w, rows, start, count, col,
				      pix);
	}
	free(start);
	free(count);
	free(col);
	return ok;
}

/* ---- the cache ---- */

static bool cache_fresh(const struct heat_cache *hc, const struct pe_params *p,
			enum pe_bug bug, const struct viewport *v, int w,
			int rows)
{
	return hc->valid && hc->w == w && hc->rows == rows && hc->bug == bug &&
	       hc->pe.d_model == p->d_model && hc->pe.base == p->base &&
	       hc->pe.layout == p->layout && hc->view.pos0 == v->pos0 &&
	       hc->view.npos == v->npos && hc->view.dim0 == v->dim0 &&
	       hc->view.ndim == v->ndim;
}

const float *heat_cache_get(struct heat_cache *hc, const struct pe_params *p,
			    enum pe_bug bug, const struct viewport *v, int w,
			    int rows)
{
	size_t need = (size_t)w * (size_t)rows;

	if (cache_fresh(hc, p, bug, v, w, rows))
		return hc->pix;
	hc->valid = false;
	if (need > hc->cap) {
		float *np = realloc(hc->pix, need * sizeof *np);

		if (!np)
			return NULL;
		hc->pix = np;
		hc->cap = need;
	}
	if (!heat_fill(p, bug, v, w, rows, hc->pix))
		return NULL;
	hc->pe = *p;
	hc->bug = bug;
	hc->view = *v;
	hc->w = w;
	hc->rows = rows;
	hc->valid = true;
	return hc->pix;
}

/* ---- drawing ---- */

void heat_draw(struct canvas *c, struct rect r, const float *pix)
{
	for (int y = 0; y < r.h; y++) {
		const float *top = pix + (size_t)(2 * y) * (size_t)r.w;
		const float *bot = top + r.w;

		for (int x = 0; x < r.w; x++)
			canvas_half_cell(c, r.x + x, r.y + y, top[x], bot[x]);
	}
}

/* Columns of the gutter: the digits of d-1 and the arrow. */
static int gutter_width(const struct heat_plot *hp)
{
	char buf[24];

	return snprintf(buf, sizeof buf, "%d", hp->pe->d_model - 1) + 1;
}

struct rect heat_plot_area(const struct heat_plot *hp, struct rect in)
{
	int g = gutter_width(hp);
	struct rect a = { in.x + g, in.y, in.w - g, in.h - 1 };

	if (a.w < 4 || a.h < 1)
		a.w = a.h = 0;
	return a;
}

/* The first dimension of a cell row every few rows and of the last row,
 * right-aligned left of the arrow column (as the explorer's heatmap). */
static void draw_dim_labels(struct canvas *c, const struct heat_plot *hp,
			    struct rect a)
{
	struct style st = { ROLE_AXIS, ROLE_DEFAULT, 0 };
	int every = a.h >= 12 ? 4 : a.h >= 6 ? 3 : 2;
	char buf[24];

	for (int y = 0; y < a.h; y++) {
		long long d0, nd;
		int len;
		bool last = y == a.h - 1;

		if ((y % every != 0 || y == a.h - 2) && !last)
			continue;
		plot_col_items(hp->view->dim0, hp->view->ndim, 2 * a.h, 2 * y,
			       &d0, &nd);
		len = snprintf(buf, sizeof buf, "%lld", d0);
		canvas_text(c, a.x - 1 - len, a.y + y, len, buf, st);
	}
}

/* The marks: a vertical line at mark_pos's column and a horizontal one at
 * mark_dim's row, over the heat, and an arrow in the gutter. */
static void draw_marks(struct canvas *c, const struct heat_plot *hp,
		       struct rect a)
{
	const struct viewport *v = hp->view;
	int col = hp->mark_pos < 0 ? -1
		  : plot_col_of(v->pos0, v->npos, a.w, hp->mark_pos);
	int prow = hp->mark_dim < 0 ? -1
		   : plot_col_of(v->dim0, v->ndim, 2 * a.h, hp->mark_dim);
	int row = prow < 0 ? -1 : prow / 2;
	uint32_t vert = hp->utf8 ? 0x2502 : '|', horiz = hp->utf8 ? 0x2500 : '-';
	uint32_t cross = hp->utf8 ? 0x253c : '+';

	if (col >= 0)
		for (int y = 0; y < a.h; y++)
			canvas_half_mark(c, a.x + col, a.y + y,
					 y == row ? cross : vert, ROLE_CURSOR,
					 ATTR_BOLD);
	if (row < 0)
		return;
	for (int x = 0; x < a.w; x++)
		if (x != col)
			canvas_half_mark(c, a.x + x, a.y + row, horiz,
					 ROLE_CURSOR, 0);
	canvas_put(c, a.x - 1, a.y + row, hp->utf8 ? 0x25b6 : '>',
		   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
}

void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc)
{
	struct rect a = heat_plot_area(hp, in);
	struct rect old;
	const float *pix;

	if (a.w <= 0)
		return;
	old = plot_clip_push(c, in);
	pix = heat_cache_get(hc, hp->pe, hp->bug, hp->view, a.w, 2 * a.h);
	if (pix)
		heat_draw(c, a, pix);
	draw_dim_labels(c, hp, a);
	plot_xticks(c, &(struct plot_axis){ hp->view->pos0, hp->view->npos,
					    a.x, a.w },
		    a.y + a.h, (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	draw_marks(c, hp, a);
	canvas_set_clip(c, old);
}
