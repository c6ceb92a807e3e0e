/* heat.c - heatmap rows, pixels and labelled heatmaps (see heat.h).
 *
 * A pixel's mean over many dimensions is the average of each dimension's
 * mean over the column's positions, and each of those costs O(1) per column
 * (pe_grid.h), so a grid costs O(visible dims * columns) whatever the number
 * of positions. At d = 65536 that is still tens of millions of multiplies,
 * more than a frame may spend: the cache computes a grid as a job of slices
 * under the frame's work budget (work.h). Which row a dimension adds to is
 * the row plan's (heat_band_of_row); the cost does not depend on it. */
#include "render/heat.h"
#include "base/tr.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_grid.h"
#include "render/plot.h"
#include "render/cache.h"
#include "render/work.h"

/* ---- the row plan: what each pixel row stands for ---- */

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
 * at least one row for each kind shown. */
static int concat_sine_rows(const struct rowmap *m)
{
	int ns = m->count[PE_SIN], nc = m->count[PE_COS], rows = m->rows;
	int sr = (int)lround((double)rows * ns / (ns + nc));

	if (nc == 0)
		return rows;
	if (ns == 0)
		return 0;
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
	struct rowmap map;		/* the rows' dimensions */
	long long *start, *count;	/* the columns' spans */
	bool averaged;			/* more dimensions than pixel rows */
	bool per_pair;			/* each pair on its own
					   (pe_variant_spans_by_pair) */
	struct pe_grid grid;		/* averaged, !per_pair */
	double *acc;			/* w * rows sums */
	double *col;			/* 2 * w scratch */
	double *omega;			/* 2 * SLICE_PAIRS scratch */
	struct term_list main, cos_only;	/* SLICE_PAIRS each */
	int next_pair;			/* first pair not yet added */
	bool ready;			/* complete, to be shown next frame */
};

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

static struct heat_job *job_new(const struct heat_inputs *in)
{
	struct heat_job *job = calloc(1, sizeof *job);
	size_t w = (size_t)in->w, cells = w * (size_t)in->rows;

	if (!job)
		return NULL;
	job->in = *in;
	rowmap_init(&job->map, &in->pe, &in->view, in->rows);
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
	job->per_pair = pe_variant_spans_by_pair(in->bug, job->count, in->w);
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
	int rs = rowmap_slot_row(&job->map, i, PE_SIN);
	int rc = rowmap_slot_row(&job->map, i, PE_COS);
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

/* Variants whose spans are not sums of waves (pe_variant_spans_by_pair):
 * each pair's spans as pe_variants.h defines them, added to the rows of its
 * two slots. */
static void slice_per_pair(struct heat_job *job, int i0, int i1)
{
	const struct heat_inputs *in = &job->in;
	double *col_s = job->col, *col_c = job->col + in->w;

	for (int i = i0; i < i1; i++) {
		int rs = rowmap_slot_row(&job->map, i, PE_SIN);
		int rc = rowmap_slot_row(&job->map, i, PE_COS);

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
		struct heat_band b;
		int d;

		rowmap_band(&job->map, row, &b);
		d = pe_dim_of(&in->pe, b.pair0, b.fn);
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

/* pix = the sums divided by how many dimensions each row holds (one per
 * pair of its band). */
static void job_finish(const struct heat_job *job, float *pix)
{
	const struct heat_inputs *in = &job->in;

	for (int row = 0; row < in->rows; row++) {
		struct heat_band b = { PE_SIN, 0, 1 };
		const double *sum = job->acc + (size_t)row * (size_t)in->w;
		float *out = pix + (size_t)row * (size_t)in->w;

		if (job->averaged)
			rowmap_band(&job->map, row, &b);
		for (int x = 0; x < in->w; x++)
			out[x] = (float)(sum[x] / (double)b.npairs);
	}
}

static struct heat_inputs inputs_of(const struct pe_params *p, enum pe_bug bug,
				    const struct pe_window *v, int w, int rows)
{
	struct heat_inputs in;

	/* Zeroed first, so that padding never differs between equal inputs. */
	memset(&in, 0, sizeof in);
	in.pe = *p;
	in.pe.layout = pe_variant_layout(bug, p->layout);
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
	return cache_done(&hc->grid) && hc->grid.key.v[0] == w &&
	       hc->grid.key.v[1] == rows ? cache_get(&hc->grid) : NULL;
}

/* Shows the finished job: its grid becomes the cache's. */
static const float *publish(struct heat_cache *hc)
{
	const struct heat_inputs *in = &hc->job->in;
	struct cache_key k = key_of(in);
	float *pix = CACHE_MEM(&hc->grid, float,
			       (size_t)in->w * (size_t)in->rows);

	if (pix) {
		cache_start(&hc->grid, &k, 0);
		job_finish(hc->job, pix);
		cache_finish(&hc->grid);
	}
	job_free(hc->job);
	hc->job = NULL;
	cache_forget(&hc->work);	/* its job is handed over */
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
		return cache_get(&hc->grid);
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

bool heat_cache_current(const struct heat_cache *hc,
			const struct pe_params *p, enum pe_bug bug,
			const struct pe_window *v, int w, int rows)
{
	struct heat_inputs in = inputs_of(p, bug, v, w, rows);
	struct cache_key k = key_of(&in);

	return cache_ready(&hc->grid, &k);
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

/* Whether a plot inside `in` has a caption row. */
static bool has_caption(const struct heat_plot *hp, struct rect in)
{
	return in.h >= HEAT_CAPTION_MIN_H && hp->mark_dim >= 0;
}

struct rect heat_plot_area(const struct heat_plot *hp, struct rect in)
{
	int g = gutter_width(hp);
	struct rect a = { in.x + g, in.y, in.w - g,
			  in.h - 1 - (has_caption(hp, in) ? 1 : 0) };

	if (a.w < 4 || a.h < 1)
		a.w = a.h = 0;
	return a;
}

/* ---- dimension ticks ---- */

/* Places at most `limit` ticks at multiples of step, as heat_dim_ticks
 * describes. With c == NULL only checks: returns how many there are, or -1
 * when two land closer than `gap` cell rows. With c, draws them. */
static int dim_ticks_place(struct canvas *c, const struct heat_plot *hp,
			   struct rect a, long long step, int gap, int limit,
			   struct style st)
{
	const struct pe_window *v = hp->view;
	long long end = (long long)v->dim0 + v->ndim;
	long long first = (v->dim0 + step - 1) / step * step, t;
	int prev = -1, n = 0, room = gutter_width(hp) - 1;
	bool compact = true;

	/* First where the ticks go, stopping at the first two too close (so a
	 * step too fine for thousands of dimensions costs two ticks), and
	 * whether every label fits the gutter's digits in the axes' one
	 * style (plot_tick_label); else plain integers for all. */
	for (t = first; t < end && n < limit; t += step, n++) {
		int y = heat_row_of_dim(hp->pe, v, 2 * a.h, (int)t) / 2;
		char buf[24];

		if (prev >= 0 && y < prev + gap)
			return -1;
		if (compact)
			compact = (int)strlen(plot_tick_label(t, step, buf, sizeof buf)) <= room;
		prev = y;
	}
	if (!c)
		return n;
	n = 0;
	for (t = first; t < end && n < limit; t += step, n++) {
		int y = heat_row_of_dim(hp->pe, v, 2 * a.h, (int)t) / 2;
		char buf[24];
		int len = compact ? (int)strlen(plot_tick_label(t, step, buf, sizeof buf))
				  : snprintf(buf, sizeof buf, "%lld", t);

		canvas_text(c, a.x - 1 - len, a.y + y, len, buf, st);
	}
	return n;
}

void heat_dim_ticks(struct canvas *c, const struct heat_plot *hp,
		    struct rect a, struct style st)
{
	int gap = a.h >= 12 ? 3 : 2;
	long long step = 1, crowded = 0;

	if (a.w <= 0 || a.h <= 0)
		return;
	for (;;) {
		int n = dim_ticks_place(NULL, hp, a, step, gap, INT_MAX, st);

		if (n >= 1) {
			dim_ticks_place(c, hp, a, step, gap, INT_MAX, st);
			return;
		}
		if (n == 0) {
			/* No multiple left in the window: the first tick of
			 * the last step that had some, alone. */
			if (crowded)
				dim_ticks_place(c, hp, a, crowded, gap, 1, st);
			return;
		}
		crowded = step;
		step = plot_nice_step((double)step + 1.0);
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
		   : heat_row_of_dim(hp->pe, v, 2 * a.h, hp->mark_dim);
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

/* ---- the caption ---- */

/* The name of the function the encoding (with its mistake) puts in band
 * b's slots. */
static const char *fn_name(const struct heat_plot *hp, const struct heat_band *b)
{
	int dim = pe_dim_of(hp->pe, b->pair0, b->fn);

	return pe_variant_wave(hp->pe, hp->bug, dim).fn == PE_SIN ? "sin" : "cos";
}

/* "pair 48" or "pairs 96–103" (zh: "第 48 对"), for pairs lo .. hi. */
static void pairs_text(const struct heat_plot *hp, int lo, int hi, char *buf,
		       size_t n)
{
	const char *dash = hp->utf8 ? "\u2013" : "-";

	if (lo == hi)
		snprintf(buf, n, tr(hp->lang, "pair %d"), lo);
	else
		snprintf(buf, n, tr(hp->lang, "pairs %d%s%d"), lo, dash, hi);
}

char *heat_caption(const struct heat_plot *hp, int h, int y, char *buf,
		   size_t n)
{
	struct heat_band t, b;
	char pt[48], pb[48];

	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y, &t);
	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y + 1, &b);
	if (t.fn == b.fn && t.pair0 == b.pair0 && t.npairs == 1) {
		/* One dimension fills the cell. */
		pairs_text(hp, t.pair0, t.pair0, pt, sizeof pt);
		snprintf(buf, n, tr(hp->lang, "dim %d: %s of %s"),
			 pe_dim_of(hp->pe, t.pair0, t.fn), fn_name(hp, &t), pt);
	} else if (t.fn == b.fn) {
		/* Two bands (or one, repeated) of one kind. */
		int lo = t.pair0 < b.pair0 ? t.pair0 : b.pair0;
		int hi_t = t.pair0 + t.npairs - 1, hi_b = b.pair0 + b.npairs - 1;

		pairs_text(hp, lo, hi_t > hi_b ? hi_t : hi_b, pt, sizeof pt);
		snprintf(buf, n, tr(hp->lang, "%s, %s"), pt, fn_name(hp, &t));
	} else if (t.pair0 == b.pair0 && t.npairs == b.npairs) {
		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		if (hp->utf8)
			snprintf(buf, n, tr(hp->lang, "%s: ▀ %s ▄ %s"), pt,
				 fn_name(hp, &t), fn_name(hp, &b));
		else
			snprintf(buf, n, "%s: %s above, %s below", pt,
				 fn_name(hp, &t), fn_name(hp, &b));
	} else {
		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		pairs_text(hp, b.pair0, b.pair0 + b.npairs - 1, pb, sizeof pb);
		if (hp->utf8)
			snprintf(buf, n, tr(hp->lang, "▀ %s of %s, ▄ %s of %s"),
				 fn_name(hp, &t), pt, fn_name(hp, &b), pb);
		else
			snprintf(buf, n, "%s of %s above, %s of %s below",
				 fn_name(hp, &t), pt, fn_name(hp, &b), pb);
	}
	return buf;
}

/* The caption row: the arrow of the marked row, then what it stands for. */
static void draw_caption(struct canvas *c, const struct heat_plot *hp,
			 struct rect a, int y)
{
	int prow = heat_row_of_dim(hp->pe, hp->view, 2 * a.h, hp->mark_dim);
	char buf[160];

	if (prow < 0)
		return;
	canvas_put(c, a.x - 1, y, hp->utf8 ? 0x25b6 : '>',
		   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
	canvas_text(c, a.x + 1, y, a.w - 1, heat_caption(hp, a.h, prow / 2, buf,
							  sizeof buf),
		    (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
}

void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc)
{
	struct rect a = heat_plot_area(hp, in);
	struct style axis = { ROLE_AXIS, ROLE_DEFAULT, 0 };
	struct rect old;
	const float *pix;

	if (a.w <= 0)
		return;
	old = plot_clip_push(c, in);
	pix = heat_cache_get(hc, hp->pe, hp->bug, hp->view, a.w, 2 * a.h);
	if (pix)
		heat_draw(c, a, pix);
	heat_dim_ticks(c, hp, a, axis);
	plot_xticks(c, &(struct plot_axis){ hp->view->pos0, hp->view->npos,
					    a.x, a.w },
		    a.y + a.h, axis);
	draw_marks(c, hp, a);
	if (has_caption(hp, in))
		draw_caption(c, hp, a, a.y + a.h + 1);
	canvas_set_clip(c, old);
}
