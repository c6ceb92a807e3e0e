/* heat_cache.c - heatmap grids kept between frames (see heat_cache.h).
 *
 * A grid's job is engine/pe_heat.h's, handed the plan made here: the
 * columns' positions (plot_col_items) and the rows' dimensions
 * (heat_rows_plan). This file decides when it runs: a slice at a time
 * under the frame's budget (cache_run), and, when the grid is finished
 * late in a frame, shown at the start of the next. */
#include "render/heat_cache.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe_heat.h"
#include "render/heat_rows.h"
#include "render/plot.h"
#include "render/work.h"

/* A grid finished within this much of a frame's start is shown at once: the
 * repaint of a whole heatmap (up to ~8 ms at 400x200) still fits in the
 * frame budget. Later, it waits for the next frame. */
static const double REPAINT_ROOM_MS = WORK_FRAME_BUDGET_MS / 4;

/* One grid in the making: its inputs, the plan it is computed under and
 * the engine's job. */
struct heat_job {
	struct heat_inputs in;
	struct pe_heat_plan plan;
	long long *start, *count;	/* the columns' spans */
	int *slot_row, *row_dim, *row_pairs;	/* the rows (pe_heat.h) */
	struct pe_heat *grid;
	bool ready;			/* complete, to be shown next frame */
};

static void job_free(struct heat_job *job)
{
	if (!job)
		return;
	pe_heat_free(job->grid);
	free(job->start);
	free(job->count);
	free(job->slot_row);
	free(job->row_dim);
	free(job->row_pairs);
	free(job);
}

static struct heat_job *job_new(const struct heat_inputs *in)
{
	struct heat_job *job = calloc(1, sizeof *job);
	size_t w = (size_t)in->w, rows = (size_t)in->rows;
	/* At least as many dimensions as rows: rows are sums of slots. */
	bool averaged = in->view.ndim >= in->rows;

	if (!job)
		return NULL;
	job->in = *in;
	job->start = malloc(w * sizeof *job->start);
	job->count = malloc(w * sizeof *job->count);
	job->row_dim = malloc(rows * sizeof *job->row_dim);
	job->row_pairs = malloc(rows * sizeof *job->row_pairs);
	if (averaged)
		job->slot_row = malloc((size_t)in->pe.d_model *
				       sizeof *job->slot_row);
	if (!job->start || !job->count || !job->row_dim || !job->row_pairs ||
	    (averaged && !job->slot_row)) {
		job_free(job);
		return NULL;
	}
	for (int x = 0; x < in->w; x++)
		plot_col_items(in->view.pos0, in->view.npos, in->w, x,
			       &job->start[x], &job->count[x]);
	heat_rows_plan(&in->pe, &in->view, in->rows, job->slot_row,
		       job->row_dim, job->row_pairs);
	job->plan = (struct pe_heat_plan){ in->w, in->rows, averaged,
					   job->start, job->count,
					   job->slot_row, job->row_pairs,
					   job->row_dim };
	job->grid = in->m ? pe_heat_new_matrix(in->m, &in->pe, &job->plan)
		    : pe_heat_new(&in->pe, in->bug, &job->plan);
	if (!job->grid) {
		job_free(job);
		return NULL;
	}
	return job;
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
	while (!pe_heat_step(job->grid)) {
		/* each step computes a slice of the grid */
	}
	pe_heat_finish(job->grid, pix);
	job_free(job);
	return true;
}

/* Everything a grid depends on, as the cache compares it; the size first,
 * for stale(). */
static struct cache_key key_of(const struct heat_inputs *in)
{
	struct cache_key k = { {
		in->w, in->rows, in->pe.d_model, in->pe.base, in->pe.layout,
		in->bug, (double)in->view.pos0, (double)in->view.npos,
		in->view.dim0, in->view.ndim,
		/* which matrix, if any: one per run, so its address will do */
		(double)(uintptr_t)in->m,
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
		pe_heat_finish(hc->job->grid, pix);
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
	return pe_heat_step(((struct heat_job *)job)->grid);
}

/* The grid for `in`, as heat_cache_get says. */
static const float *get(struct heat_cache *hc, const struct heat_inputs *in)
{
	struct cache_key k = key_of(in);

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
		hc->job = job_new(in);
		if (!hc->job)
			return NULL;
	}
	if (!cache_run(&hc->work, step_of, hc->job))
		return stale(hc, in->w, in->rows);
	if (work_limited() && work_elapsed_ms() > REPAINT_ROOM_MS) {
		/* Finished late in the frame: shown at the start of the next,
		 * whose time then goes to the repaint. */
		hc->job->ready = true;
		work_mark_unfinished();
		return stale(hc, in->w, in->rows);
	}
	return publish(hc);
}

const float *heat_cache_get(struct heat_cache *hc, const struct pe_params *p,
			    enum pe_bug bug, const struct pe_window *v, int w,
			    int rows)
{
	struct heat_inputs in = inputs_of(p, bug, v, w, rows);

	return get(hc, &in);
}

const float *heat_cache_get_matrix(struct heat_cache *hc,
				   const struct pe_matrix *m,
				   const struct pe_params *p,
				   const struct pe_window *v, int w, int rows)
{
	struct heat_inputs in = inputs_of(p, PE_BUG_NONE, v, w, rows);

	in.m = m;
	return get(hc, &in);
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
