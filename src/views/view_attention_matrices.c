/* view_attention_matrices.c - the numbers of the attention view's score
 * panel (view_attention.h): the score matrices of added PE (the sum of its
 * four terms), RoPE and ALiBi on a regular grid of the visible positions,
 * the largest spread along a diagonal of four of them, the sizes of the
 * terms, the residual of each of the three shown (s minus the mean of its
 * diagonal) and their colour scales, all from the engine (attention.h).
 *
 * The grid. Both axes hold the same positions p_k = pos0 + k step, k < m:
 * the visible window at the smallest whole step that fits m along the
 * heatmap's side, so that each diagonal of a matrix is one offset p - q
 * and the spread the engine measures by offset is the spread along a
 * diagonal the eye can follow.
 *
 * The work. A new grid or model costs six products of m x m over d/2 pairs
 * (the four terms, RoPE, ALiBi): at m = 78 and d = 512 about 19 million
 * multiply-adds, at d = 65536 about two and a half billion, plus a sort of
 * m^2 scores for each spread. It runs as a job of chunks of pairs (each
 * step well under a millisecond), over as many frames as the budget needs
 * (cache.h), after the model's own tables are filled in steps
 * (attn_fill_step); the finished result is kept apart from the one in the
 * making, so the last one stays on screen. */
#include "views/view_attention.h"

#include <math.h>
#include <string.h>

/* Multiply-adds a step of the job aims at (~0.5 ms). */
static const double STEP_WORK = 4e6;


/* The matrices whose spread is measured: the three shown and the
 * position.position term (relative with W = I, not with random W). The
 * cross terms' are not: each spread is a sort of m^2 scores, a third of
 * the work, and the added matrix's already says what they do. */
static const enum att_mat spread_mat[] = { AM_ADDED, AM_ROPE, AM_ALIBI, AM_PP };
enum { SPREADS = sizeof spread_mat / sizeof spread_mat[0] };

/* Fill steps' worth of d a step of the model takes (model_step). */
enum { FILL_WORK = 4096 };

/* ---- the grid ---- */

void att_grid_of(const struct state *s, int side, long long *pos0,
		 long long *step, int *m)
{
	long long npos = s->window.npos;

	*pos0 = s->window.pos0;
	*step = npos <= side ? 1 : (npos + side - 1) / side;
	*m = (int)((npos + *step - 1) / *step);
}

/* ---- the model ---- */

static struct cache_key model_key(const struct attn_setup *a)
{
	return (struct cache_key){ { a->pe.d_model, a->pe.base, a->pe.layout,
				     a->weights, a->content, a->vocab,
				     (double)a->seed, a->slope } };
}

/* A step of the model's fill: FILL_WORK / d of attn_fill_step's steps,
 * each d Gaussians or (a projected token) d^2 multiply-adds, so at most
 * about FILL_WORK d operations, ~1 ms at d = 1024: one fill step at a time
 * would take thousands of frames of a small budget for the 2 d rows of
 * random weights. */
static bool model_step(struct cache *c, void *arg)
{
	struct attn *a = arg;
	int n = FILL_WORK / a->set.pe.d_model;

	(void)c;
	for (int k = 1; k < n; k++)
		if (attn_fill_step(a))
			return true;
	return attn_fill_step(a);
}

/* The model for set with its tables complete, or NULL while they are
 * being filled (or when memory runs out). */
static const struct attn *model_get(struct att_scores *ctx,
				    const struct attn_setup *set)
{
	struct cache_key k = model_key(set);

	if (cache_start(&ctx->model, &k, 0)) {
		if (ctx->have_attn)
			attn_free(&ctx->attn);
		ctx->have_attn = attn_init(&ctx->attn, set);
		if (!ctx->have_attn)
			cache_forget(&ctx->model);
	}
	if (!ctx->have_attn)
		return NULL;
	return cache_run(&ctx->model, model_step, &ctx->attn) ? &ctx->attn : NULL;
}

/* ---- the job ---- */

/* What one step needs besides the cache: the model and the grid. */
struct scores_run {
	const struct attn *a;
	struct attn_axis ax;
	long long pos[ATT_SIDE_MAX];
};

static size_t result_bytes(int m)
{
	return sizeof(struct att_matrices) +
	       (size_t)AM_COUNT * (size_t)m * (size_t)m * sizeof(double);
}

/* Pairs one step takes: six products of m x m and, with random weights,
 * the projections of the encoding (2 m d a pair and side). */
static int step_pairs(const struct attn *a, int m)
{
	double per = 12.0 * m * m + 8.0 * m +
		     (a->wq ? 4.0 * m * a->set.pe.d_model : 0.0);
	int p = (int)(STEP_WORK / per);

	return p < 1 ? 1 : p;
}

/* The job's scratch after the result: the vectors of one chunk of pairs
 * for the query side and for the key side, attn_terms_add's workspace and
 * attn_diagonal_spread's. */
struct scratch {
	double *qv, *kv, *terms, *spread;
};

static size_t scratch_doubles(int m, int pairs)
{
	return (size_t)(2 * 2 * pairs * m) +
	       (size_t)attn_work_size(m, m, pairs) + (size_t)(3 * m * m);
}

static struct scratch scratch_of(struct cache *c, int m, int pairs)
{
	struct scratch w;

	/* after the result in the cache's untyped (malloc) block: a struct
	 * ending in double mat[] and doubles, so aligned for a double */
	w.qv = CACHE_PART(c, double, result_bytes(m));
	w.kv = w.qv + 2 * pairs * m;
	w.terms = w.kv + 2 * pairs * m;
	w.spread = w.terms + attn_work_size(m, m, pairs);
	return w;
}

/* Stage k of the residuals: the residual and the clip of shown matrix
 * AM_ADDED + k, and after the last the residuals' one scale. Returns true
 * when the job is done. */
static bool residual_stage(struct att_matrices *res, const struct attn_axis *ax,
			   int k, double *work, long long *stage)
{
	size_t mm = (size_t)res->m * (size_t)res->m;
	double top = 0.0, clip = 0.0;

	attn_diagonal_residual(res->mat + (size_t)(AM_ADDED + k) * mm, ax, ax,
			       res->mat + (size_t)(AM_R_ADDED + k) * mm, work);
	res->clip[AM_ADDED + k] = attn_offdiag_quantile(res->mat + (size_t)(AM_ADDED + k) * mm,
						       ax, ax, ATT_CLIP_FRAC, work);
	++*stage;
	if (k < AM_ALIBI - AM_ADDED)
		return false;
	for (size_t e = 0; e < 3 * mm; e++)
		top = fmax(top, fabs(res->mat[(size_t)AM_R_ADDED * mm + e]));
	for (int i = AM_ADDED; i <= AM_ALIBI; i++)
		clip = fmax(clip, res->clip[i]);
	res->res_scale = fmax(top, ATT_RES_FLOOR * clip);
	return true;
}

/* The job's cursor: at[0] the stage (0: chunks of pairs, 1: the bias and
 * the sum, 2 + i: the spread of matrix spread_mat[i], 2 + SPREADS + k: the
 * residual and the clip of shown matrix k), at[1] the next pair. */
static bool scores_step(struct cache *c, void *arg)
{
	struct scores_run *run = arg;
	const struct attn *a = run->a;
	struct att_matrices *res = cache_get(c);
	int m = res->m, h = a->set.pe.d_model / 2, pairs = step_pairs(a, m);
	size_t mm = (size_t)m * (size_t)m;
	struct scratch w = scratch_of(c, m, pairs);
	long long stage = c->at[0];

	if (stage == 0) {
		int p0 = (int)c->at[1], p1 = h - p0 < pairs ? h : p0 + pairs;
		double *const terms[ATTN_TERMS] = {
			res->mat + AM_CC * mm, res->mat + AM_CP * mm,
			res->mat + AM_PC * mm, res->mat + AM_PP * mm
		};
		static const enum attn_scheme own[2] = { ATTN_ROPE, ATTN_ALIBI };

		attn_terms_add(a, &run->ax, &run->ax, p0, p1, w.terms, terms);
		for (int k = 0; k < 2; k++) {
			attn_vectors(a, own[k], ATTN_QUERY, &run->ax, p0, p1, w.qv);
			attn_vectors(a, own[k], ATTN_KEY, &run->ax, p0, p1, w.kv);
			attn_dots_add(w.qv, m, w.kv, m, 2 * (p1 - p0),
				      res->mat + (size_t)(AM_ROPE + k) * mm);
		}
		c->at[1] = p1;
		c->at[0] = p1 >= h;
		return false;
	}
	if (stage == 1) {
		attn_bias_add(a, ATTN_ALIBI, &run->ax, &run->ax,
			      res->mat + AM_ALIBI * mm);
		for (size_t k = 0; k < mm; k++)
			res->mat[AM_ADDED * mm + k] =
				res->mat[AM_CC * mm + k] + res->mat[AM_CP * mm + k] +
				res->mat[AM_PC * mm + k] + res->mat[AM_PP * mm + k];
		for (int t = 0; t < ATTN_TERMS; t++)
			res->rms[t] = attn_rms(res->mat + (size_t)(AM_CC + t) * mm,
					       (long long)mm);
		c->at[0] = 2;
		return false;
	}
	if (stage < 2 + SPREADS) {
		res->spread[spread_mat[stage - 2]] =
			attn_diagonal_spread(res->mat + spread_mat[stage - 2] * mm,
					     &run->ax, &run->ax, w.spread);
		c->at[0]++;
		return false;
	}
	return residual_stage(res, &run->ax, (int)(stage - 2 - SPREADS), w.spread,
			      &c->at[0]);
}

/* What the matrices depend on: the model and the grid. */
static struct cache_key scores_key(const struct attn_setup *a, long long pos0,
				   long long step, int m)
{
	return (struct cache_key){ { a->pe.d_model, a->pe.base, a->pe.layout,
				     a->weights, a->content, a->vocab,
				     (double)a->seed, a->slope, (double)pos0,
				     (double)step, m } };
}

/* Sets up the job just started in work: memory, the grid, zeroed sums.
 * False when memory runs out (the cache then starts again next time). */
static bool scores_begin(struct att_scores *ctx, const struct attn *a,
			 long long pos0, long long step, int m)
{
	size_t bytes = result_bytes(m) +
		       scratch_doubles(m, step_pairs(a, m)) * sizeof(double);
	struct att_matrices *res = cache_mem(&ctx->work, bytes);

	if (!res)
		return false;
	memset(res, 0, result_bytes(m));
	res->m = m;
	res->pos0 = pos0;
	res->step = step;
	return true;
}

/* The finished job becomes the result shown. */
static const struct att_matrices *scores_publish(struct att_scores *ctx,
						  const struct cache_key *k)
{
	const struct att_matrices *res = cache_get(&ctx->work);
	size_t bytes = result_bytes(res->m);
	void *to = cache_mem(&ctx->shown, bytes);

	if (!to)
		return NULL;
	memcpy(to, res, bytes);
	cache_start(&ctx->shown, k, 0);
	cache_finish(&ctx->shown);
	return to;
}

const struct att_matrices *att_matrices_get(const struct state *s,
					    struct att_scores *ctx, int side,
					    double *progress)
{
	struct attn_setup set = att_setup(s);
	long long pos0, step;
	int m;
	struct cache_key k;
	struct scores_run run;
	const struct attn *a;
	const struct att_matrices *old =
		cache_done(&ctx->shown) ? cache_get(&ctx->shown) : NULL;

	att_grid_of(s, side, &pos0, &step, &m);
	k = scores_key(&set, pos0, step, m);
	*progress = 1.0;
	if (cache_ready(&ctx->shown, &k))
		return cache_get(&ctx->shown);
	*progress = 0.0;
	if (old && old->m != m)
		old = NULL;
	a = model_get(ctx, &set);
	if (!a)
		return old;
	if (cache_start(&ctx->work, &k, 0) && !scores_begin(ctx, a, pos0, step, m))
		return old;
	run.a = a;
	for (int j = 0; j < m; j++)
		run.pos[j] = pos0 + j * step;
	run.ax = (struct attn_axis){ run.pos, NULL, m };
	if (cache_run(&ctx->work, scores_step, &run)) {
		const struct att_matrices *res = scores_publish(ctx, &k);

		if (res) {
			*progress = 1.0;
			return res;
		}
	}
	*progress = ctx->work.at[0] > 0 ? 0.99
		    : (double)ctx->work.at[1] / (set.pe.d_model / 2);
	return old;
}

void att_scores_free(struct att_scores *ctx)
{
	if (ctx->have_attn)
		attn_free(&ctx->attn);
	cache_free(&ctx->model);
	cache_free(&ctx->work);
	cache_free(&ctx->shown);
	memset(ctx, 0, sizeof *ctx);
}
