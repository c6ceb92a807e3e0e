/* heat.c - heatmap pixels and labelled heatmaps (see heat.h).
 *
 * A pixel's mean over many dimensions is the average of each dimension's
 * mean over the column's positions, and each of those costs O(1) per column
 * (pe_grid.h), so a grid costs O(visible dims * columns) whatever the number
 * of positions. At d = 65536 that is still tens of millions of multiplies,
 * more than a frame may spend: the cache computes a grid as a job of slices
 * under the frame's work budget (work.h). */
#include "render/heat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_grid.h"
#include "render/plot.h"
#include "render/cache.h"
#include "render/work.h"

/* ---- the job: one grid, computed in slices of pairs ---- */

/* Pairs per slice: about a millisecond of work at 1000 columns. Slices end
 * at fixed pairs whatever the budget, so the sums are added in the same
 * order however many frames a grid takes, and a grid finished over several
 * frames equals one finished at once. */
enum { SLICE_PAIRS = 1024 };

/* A grid finished within this much of a frame's start is shown at once: the
 * repaint of a whole heatmap (up to ~8 ms at 400x200) still fits in the
 * frame budget. Later, it waits for the next frame. */
static const double REPAINT_ROOM_MS = WORK_FRAME_BUDGET_MS / 4;

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

struct heat_job {
	struct heat_inputs in;
	long long *start, *count;	/* the columns' spans */
	bool averaged;			/* more dimensions than pixel rows */
	bool per_pair;			/* float32 one-position columns: each
					   pair on its own (pe_variants.h) */
	struct pe_grid grid;		/* averaged, !per_pair */
	double *acc;			/* w * rows sums */
	double *col;			/* 2 * w scratch */
	double *omega;			/* 2 * SLICE_PAIRS scratch */
	struct term_list main, cos_only;	/* SLICE_PAIRS each */
	int next_pair;			/* first pair not yet added */
	bool ready;			/* complete, to be shown next frame */
};

static bool dim_visible(const struct pe_window *v, int dim)
{
	return dim >= v->dim0 && dim < v->dim0 + v->ndim;
}

static int row_of(const struct heat_inputs *in, int dim)
{
	if (!dim_visible(&in->view, dim))
		return -1;
	return plot_col_of(in->view.dim0, in->view.ndim, in->rows, dim);
}

static void job_free(struct heat_job *job)
{
	if (!job)
		return;
	if (job->grid.n)
		pe_grid_free(&job->grid);
	free(job->start);
	free(job->count);
	free(job->acc);
	free(job->col);
	free(job->omega);
	free(job->main.t);
	free(job->cos_only.t);
	free(job);
}

static bool has_single_positions(const long long *count, int w)
{
	for (int x = 0; x < w; x++)
		if (count[x] == 1)
			return true;
	return false;
}

static struct heat_job *job_new(const struct heat_inputs *in)
{
	struct heat_job *job = calloc(1, sizeof *job);
	size_t w = (size_t)in->w, cells = w * (size_t)in->rows;

	if (!job)
		return NULL;
	job->in = *in;
	job->start = malloc(w * sizeof *job->start);
	job->count = malloc(w * sizeof *job->count);
	job->acc = calloc(cells, sizeof *job->acc);
	job->col = malloc(2 * w * sizeof *job->col);
	job->omega = malloc(SLICE_PAIRS * sizeof *job->omega);
	job->main.t = malloc(SLICE_PAIRS * sizeof *job->main.t);
	job->cos_only.t = malloc(SLICE_PAIRS * sizeof *job->cos_only.t);
	if (!job->start || !job->count || !job->acc || !job->col ||
	    !job->omega || !job->main.t || !job->cos_only.t) {
		job_free(job);
		return NULL;
	}
	for (int x = 0; x < in->w; x++)
		plot_col_items(in->view.pos0, in->view.npos, in->w, x,
			       &job->start[x], &job->count[x]);
	job->averaged = in->view.ndim >= in->rows;
	job->per_pair = in->bug == PE_BUG_FLOAT32 &&
			has_single_positions(job->count, in->w);
	if (job->averaged && !job->per_pair &&
	    !pe_grid_init(&job->grid, job->start, job->count, in->w)) {
		job_free(job);
		return NULL;
	}
	return job;
}

static void list_add(struct term_list *l, double omega, int row_s, int row_c)
{
	if (row_s >= 0 || row_c >= 0)
		l->t[l->n++] = (struct term){ omega, row_s, row_c };
}

/* The terms of pair i: one wave when the pair's two slots share a
 * frequency (the correct encoding and most mistakes; the slots then hold
 * its sine and cosine, in either order), else one per slot. */
static void pair_terms(struct heat_job *job, int i)
{
	const struct heat_inputs *in = &job->in;
	int ds = pe_dim_of(&in->pe, i, PE_SIN), dc = pe_dim_of(&in->pe, i, PE_COS);
	int rs = row_of(in, ds), rc = row_of(in, dc);
	struct pe_wave_pair pw;

	if (rs < 0 && rc < 0)
		return;
	pe_variant_pairs(&in->pe, in->bug, i, i + 1, &pw);
	if (pw.s.omega == pw.c.omega && pw.s.fn != pw.c.fn) {
		list_add(&job->main, pw.s.omega, pw.s.fn == PE_SIN ? rs : rc,
			 pw.s.fn == PE_SIN ? rc : rs);
		return;
	}
	list_add(&job->main, pw.s.omega, pw.s.fn == PE_SIN ? rs : -1,
		 pw.s.fn == PE_SIN ? -1 : rs);
	list_add(&job->cos_only, pw.c.omega, pw.c.fn == PE_SIN ? rc : -1,
		 pw.c.fn == PE_SIN ? -1 : rc);
}

static double *row_sums(struct heat_job *job, int row)
{
	return row < 0 ? NULL : job->acc + (size_t)row * (size_t)job->in.w;
}

/* Adds the terms of a list, a run of equal rows at a time. */
static void list_run(struct heat_job *job, struct term_list *l)
{
	for (int a = 0; a < l->n;) {
		int b = a;

		while (b < l->n && l->t[b].row_s == l->t[a].row_s &&
		       l->t[b].row_c == l->t[a].row_c) {
			job->omega[b - a] = l->t[b].omega;
			b++;
		}
		pe_grid_add(&job->grid, job->omega, b - a,
			    row_sums(job, l->t[a].row_s),
			    row_sums(job, l->t[a].row_c));
		a = b;
	}
	l->n = 0;
}

static void add_col(struct heat_job *job, int row, const double *col)
{
	double *out = row_sums(job, row);

	for (int x = 0; x < job->in.w; x++)
		out[x] += col[x];
}

/* Float32 one-position columns: each pair's spans as pe_variants.h defines
 * them, added to the rows of its two slots. */
static void slice_per_pair(struct heat_job *job, int i0, int i1)
{
	const struct heat_inputs *in = &job->in;
	double *col_s = job->col, *col_c = job->col + in->w;

	for (int i = i0; i < i1; i++) {
		int rs = row_of(in, pe_dim_of(&in->pe, i, PE_SIN));
		int rc = row_of(in, pe_dim_of(&in->pe, i, PE_COS));

		if (rs < 0 && rc < 0)
			continue;
		pe_variant_span_means_pair(&in->pe, in->bug, i, job->start,
					   job->count, in->w,
					   rs >= 0 ? col_s : NULL,
					   rc >= 0 ? col_c : NULL);
		if (rs >= 0)
			add_col(job, rs, col_s);
		if (rc >= 0)
			add_col(job, rc, col_c);
	}
}

/* Fewer dimensions than pixel rows: each row shows one dimension, computed
 * once and copied to the neighbouring rows that show it too. Few
 * dimensions, so all in one slice. */
static void fill_repeated(struct heat_job *job)
{
	const struct heat_inputs *in = &job->in;
	int prev = -1;

	for (int row = 0; row < in->rows; row++) {
		int d = (int)plot_item_of_col(in->view.dim0, in->view.ndim,
					      in->rows, row);

		if (d != prev)
			pe_variant_span_means(&in->pe, in->bug, d, job->start,
					      job->count, in->w, job->col);
		add_col(job, row, job->col);
		prev = d;
	}
}

/* Does the next slice; true when the grid is complete. */
static bool job_step(void *ctx)
{
	struct heat_job *job = ctx;
	int pairs = job->in.pe.d_model / 2;
	int i0 = job->next_pair;
	int i1 = pairs - i0 < SLICE_PAIRS ? pairs : i0 + SLICE_PAIRS;

	if (!job->averaged) {
		fill_repeated(job);
		job->next_pair = pairs;
		return true;
	}
	if (job->per_pair) {
		slice_per_pair(job, i0, i1);
	} else {
		for (int i = i0; i < i1; i++)
			pair_terms(job, i);
		list_run(job, &job->main);
		list_run(job, &job->cos_only);
	}
	job->next_pair = i1;
	return i1 >= pairs;
}

/* pix = the sums divided by how many dimensions each row holds. */
static void job_finish(const struct heat_job *job, float *pix)
{
	const struct heat_inputs *in = &job->in;

	for (int row = 0; row < in->rows; row++) {
		long long d0, nd = 1;
		const double *sum = job->acc + (size_t)row * (size_t)in->w;
		float *out = pix + (size_t)row * (size_t)in->w;

		if (job->averaged)
			plot_col_items(in->view.dim0, in->view.ndim, in->rows,
				       row, &d0, &nd);
		for (int x = 0; x < in->w; x++)
			out[x] = (float)(sum[x] / (double)nd);
	}
}

static struct heat_inputs inputs_of(const struct pe_params *p, enum pe_bug bug,
				    const struct pe_window *v, int w, int rows)
{
	struct heat_inputs in;

	/* Zeroed first, so that padding never differs between equal inputs. */
	memset(&in, 0, sizeof in);
	in.pe = *p;
	in.bug = bug;
	in.view = *v;
	in.w = w;
	in.rows = rows;
	return in;
}

bool heat_fill(const struct pe_params *p, enum pe_bug bug,
	       const struct pe_window *v, int w, int rows, float *pix)
{
	struct heat_inputs in = inputs_of(p, bug, v, w, rows);
	struct heat_job *job = job_new(&in);

	if (!job)
		return false;
	while (!job_step(job))
		continue;
	job_finish(job, pix);
	job_free(job);
	return true;
}

/* ---- the cache ---- */

/* Everything a grid depends on, as the cache compares it; the size first,
 * for stale(). */
static struct cache_key key_of(const struct heat_inputs *in)
{
	struct cache_key k = { {
		in->w, in->rows, in->pe.d_model, in->pe.base, in->pe.layout,
		in->bug, (double)in->view.pos0, (double)in->view.npos,
		in->view.dim0, in->view.ndim,
	} };

	return k;
}

/* The grid to show while a job is under way: the last finished one when
 * it has the same size (stale but in place), else none. */
static const float *stale(const struct heat_cache *hc, int w, int rows)
{
	return hc->grid.done && hc->grid.key.v[0] == w &&
	       hc->grid.key.v[1] == rows ? hc->grid.mem : NULL;
}

/* Shows the finished job: its grid becomes the cache's. */
static const float *publish(struct heat_cache *hc)
{
	const struct heat_inputs *in = &hc->job->in;
	struct cache_key k = key_of(in);
	float *pix = cache_mem(&hc->grid, (size_t)in->w * (size_t)in->rows *
					  sizeof *pix);

	if (pix) {
		cache_start(&hc->grid, &k, 0);
		job_finish(hc->job, pix);
		hc->grid.done = true;
	}
	job_free(hc->job);
	hc->job = NULL;
	hc->work.started = false;	/* its job is handed over */
	return pix;
}

static bool step_of(struct cache *c, void *job)
{
	(void)c;
	return job_step(job);
}

const float *heat_cache_get(struct heat_cache *hc, const struct pe_params *p,
			    enum pe_bug bug, const struct pe_window *v, int w,
			    int rows)
{
	struct heat_inputs in = inputs_of(p, bug, v, w, rows);
	struct cache_key k = key_of(&in);

	if (cache_ready(&hc->grid, &k))
		return hc->grid.mem;
	if (cache_start(&hc->work, &k, 0)) {
		job_free(hc->job);
		hc->job = NULL;
	}
	if (hc->job && hc->job->ready) {
		/* Finished last frame: this frame repaints it and computes
		 * nothing more. */
		work_spend();
		return publish(hc);
	}
	if (!hc->job) {
		hc->job = job_new(&in);
		if (!hc->job)
			return NULL;
	}
	if (!cache_run(&hc->work, step_of, hc->job))
		return stale(hc, w, rows);
	if (work_limited() && work_elapsed_ms() > REPAINT_ROOM_MS) {
		/* Finished late in the frame: shown at the start of the next,
		 * whose time then goes to the repaint. */
		hc->job->ready = true;
		work_mark_unfinished();
		return stale(hc, w, rows);
	}
	return publish(hc);
}

void heat_cache_free(struct heat_cache *hc)
{
	job_free(hc->job);
	cache_free(&hc->grid);
	cache_free(&hc->work);
	hc->job = NULL;
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
	const struct pe_window *v = hp->view;
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
