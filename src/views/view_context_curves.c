/* view_context_curves.c - the context view's curves and numbers (see
 * view_context_curves.h). */
#include "views/view_context_curves.h"

#include <math.h>
#include <string.h>

#include "engine/pe_offset_means.h"
#include "engine/rope_bound.h"

enum {
	SIM_BUDGET = 1 << 18,	/* waves * samples for the curves */
	SIM_SAMPLES_MIN = 48	/* fewer would not look like a curve */
};

enum {				/* where the inputs are */
	KEY_S = 2, KEY_TRAIN = 3, KEY_LEN = 4, KEY_SPAN = 5, KEY_N = 6,
	KEY_LR = 7,		/* LongRoPE's lists (longrope_fingerprint) */
	KEY_OWN = 8		/* the model's own kind and settings: 6 */
};

/* The model's own kind and settings in six key slots from v, and back
 * (1 + kind: 0 none). */
static void own_put(double *v, const struct ctx_own *o)
{
	v[0] = o->shown ? 1.0 + (double)(int)o->kind : 0.0;
	v[1] = o->beta_fast;
	v[2] = o->beta_slow;
	v[3] = o->truncate;
	v[4] = o->low;
	v[5] = o->high;
}

static struct ctx_own own_get(const double *v)
{
	return (struct ctx_own){ v[0] > 0.0, (enum kind)(v[0] > 0.0 ? v[0] - 1.0
								   : 0.0),
				 v[1], v[2], v[3] != 0.0, v[4], v[5] };
}

/* Samples for the similarity curves across w cell columns at width d:
 * one where each column begins and one at the end (w + 1), so that the
 * line from one to the next runs across one column, fewer where the pairs
 * are so many that the budget would not last. */
static int sim_samples(int d, int w)
{
	long long n = SIM_BUDGET / ((long long)KINDS * d), dots = (long long)w + 1;

	if (n < SIM_SAMPLES_MIN)
		n = SIM_SAMPLES_MIN;
	if (n > dots)
		n = dots;
	return n < 2 ? 2 : (int)n;
}

static struct cache_key ctx_key(const struct state *s, int n,
				long long span)
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);

	struct cache_key k = { { p->d_model, p->base, x.s, x.train, x.len,
				 (double)span, n,
				 x.lr ? longrope_fingerprint(x.lr) : 0.0 } };

	own_put(k.v + KEY_OWN, &x.own);
	return k;
}

/* The parameters and stretch key k was made for (layout aside). */
static struct pe_params key_params(const struct cache_key *k)
{
	return (struct pe_params){ (int)k->v[0], k->v[1], PE_INTERLEAVED };
}

/* lr: the copy of the lists the key's fingerprint is of. */
static struct stretch key_stretch(const struct cache_key *k,
				  const struct longrope_set *lr)
{
	return (struct stretch){ k->v[KEY_S], k->v[KEY_TRAIN], k->v[KEY_LEN],
				 k->v[KEY_LR] != 0.0 ? lr : NULL,
				 own_get(k->v + KEY_OWN) };
}

/* The top of the log axis for a span: the span, at least 2 (an axis from
 * 1 to 1 would have no length). */
static double axis_top(double span)
{
	return span > 2.0 ? span : 2.0;
}

/* Where the parts of the job's memory are, for n samples: each kind's
 * sums (KINDS * n), the samples' offsets and intervals (3 n,
 * pe_log_offsets), each kind's sum of cos(omega) (KINDS), then each kind's
 * part of the sums from the chunk of pairs under way (KINDS * n). */
static double *job_sums(const struct cache *c, int k)
{
	return CACHE_GET(c, double) + (size_t)k * (size_t)c->key.v[KEY_N];
}

static double *job_grid(const struct cache *c, int part)
{
	size_t n = (size_t)c->key.v[KEY_N];

	return CACHE_GET(c, double) + (KINDS + (size_t)part) * n;
}

static double *job_totals(const struct cache *c)
{
	size_t n = (size_t)c->key.v[KEY_N];

	return CACHE_GET(c, double) + (KINDS + 3) * n;
}

static double *job_chunk(const struct cache *c, int k)
{
	size_t n = (size_t)c->key.v[KEY_N];

	return job_totals(c) + KINDS + (size_t)k * n;
}

static size_t job_doubles(int n)
{
	return (2 * KINDS + 3) * (size_t)n + KINDS;
}

/* The kind before k whose frequencies on the chunk's `count` pairs are
 * those of k, bit for bit, or -1. At the extremes most kinds are another
 * on most pairs: YaRN and Llama 3.1 keep the fast pairs as the original
 * has them and divide the slow ones as PI does, and dynamic NTK is the
 * original while len <= L0. */
static int same_kind(const struct ctx_curves *ctx, int k, int count)
{
	for (int o = 0; o < k; o++)
		if (memcmp(ctx->omega[o], ctx->omega[k],
			   (size_t)count * sizeof ctx->omega[k][0]) == 0)
			return o;
	return -1;
}

/* Kind at[1]'s part of the chunk of CTX_CHUNK pairs from at[0] (a step is
 * then about a millisecond at the most samples). Kinds go inside chunks so
 * that a kind whose chunk is another's takes that one's part instead of
 * computing it again: the same numbers, added in the same order. */
static bool ctx_step(struct cache *c, void *arg)
{
	struct ctx_curves *ctx = arg;
	struct pe_params p = key_params(&c->key);
	struct stretch st = key_stretch(&c->key, &ctx->job_lr);
	int h = p.d_model / 2, n = (int)c->key.v[KEY_N], k = (int)c->at[1];
	int i0 = (int)c->at[0], i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;
	double *tot = job_totals(c), *part = job_chunk(c, k), *sum = job_sums(c, k);
	int same;

	for (int i = i0; i < i1; i++)
		ctx->omega[k][i - i0] = kind_omega(&p, (enum kind)k, &st, i);
	same = same_kind(ctx, k, i1 - i0);
	for (int i = 0; i < i1 - i0; i++) {
		ctx->cosw[k][i] = same >= 0 ? ctx->cosw[same][i]
					    : cos(ctx->omega[k][i]);
		tot[k] += ctx->cosw[k][i];
	}
	if (n > 0) {
		if (same >= 0) {
			memcpy(part, job_chunk(c, same), (size_t)n * sizeof *part);
		} else {
			memset(part, 0, (size_t)n * sizeof *part);
			pe_offset_cos_means(ctx->omega[k], i1 - i0, job_grid(c, 0),
					    job_grid(c, 1), job_grid(c, 2), n,
					    part);
		}
		for (int j = 0; j < n; j++)
			sum[j] += part[j];
	}
	c->at[1] = k + 1 == KINDS ? 0 : k + 1;
	c->at[0] = k + 1 == KINDS ? i1 : i0;
	return c->at[0] == h;
}

/* The finished job's curves and numbers into `shown`: each sum over the
 * d/2 pairs, and the similarity at k = 1 as the sum of cos(omega'_i)
 * over the pairs, divided by d/2. Nothing changes when memory runs out. */
static void ctx_publish(struct ctx_curves *ctx)
{
	const struct cache *c = &ctx->job;
	int h = (int)c->key.v[0] / 2, n = (int)c->key.v[KEY_N];
	size_t all = (size_t)KINDS * (size_t)n;
	double *v = CACHE_MEM(&ctx->shown, double, all + 1);
	const double *tot = job_totals(c);
	double sim1[KINDS];

	if (!v)
		return;
	cache_start(&ctx->shown, &c->key, 0);
	for (size_t j = 0; j < all; j++)
		v[j] = job_sums(c, 0)[j] / h;
	for (int k = 0; k < KINDS; k++)
		sim1[k] = tot[k] / h;
	cache_publish(&ctx->shown, sim1, KINDS);
	cache_finish(&ctx->shown);
	ctx->shown_lr = ctx->job_lr;
}

/* Brings the curves (n samples up to span; n = 0: none) and the numbers up
 * to date with s, as far as the frame's budget allows. When memory runs
 * out the last finished ones stay. */
void ctx_curves_update(struct ctx_curves *ctx, const struct state *s, int n)
{
	struct cache_key k = ctx_key(s, n, ctx_span(s));

	if (cache_ready(&ctx->shown, &k))
		return;
	if (cache_start(&ctx->job, &k, 0)) {
		size_t need = job_doubles(n);
		const struct longrope_set *lr = ctx_longrope(s);
		double *sums = CACHE_MEM(&ctx->job, double, need);

		if (!sums)
			return;
		if (lr)
			ctx->job_lr = *lr;
		for (size_t j = 0; j < need; j++)
			sums[j] = 0.0;
		if (n > 0)
			pe_log_offsets(axis_top(k.v[KEY_SPAN]), n,
				       job_grid(&ctx->job, 0),
				       job_grid(&ctx->job, 1),
				       job_grid(&ctx->job, 2));
	}
	if (cache_run(&ctx->job, ctx_step, ctx))
		ctx_publish(ctx);
}

int ctx_curves_samples(const struct state *s, int cols)
{
	return cols > 0 ? sim_samples(s->cur.pe.d_model, cols) : 0;
}

bool ctx_curves_have(const struct ctx_curves *ctx)
{
	return cache_done(&ctx->shown);
}

void ctx_curves_made_for(const struct ctx_curves *c, struct pe_params *p,
			 struct stretch *x)
{
	*p = key_params(&c->shown.key);
	*x = key_stretch(&c->shown.key, &c->shown_lr);
}

double ctx_curves_sim1(const struct ctx_curves *ctx, enum kind k)
{
	return ctx->shown.out[k];
}

const double *ctx_curves_values(const struct ctx_curves *ctx, int *n,
				double *top)
{
	*n = (int)ctx->shown.key.v[KEY_N];
	*top = axis_top(ctx->shown.key.v[KEY_SPAN]);
	return cache_done(&ctx->shown) && *n > 0 ? cache_get(&ctx->shown) : NULL;
}

void ctx_curves_free(struct ctx_curves *ctx)
{
	cache_free(&ctx->job);
	cache_free(&ctx->shown);
	cache_free(&ctx->reach);
	cache_free(&ctx->bmin);
	cache_free(&ctx->counts);
	cache_free(&ctx->bound);
}

double ctx_span_bound(struct ctx_curves *ctx, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	long long span = ctx_span(s);
	struct cache_key k = { { p->d_model, p->base, (double)span } };

	if (!cache_ready(&ctx->bound, &k))
		cache_put(&ctx->bound, &k,
			  (double[]){ rope_bound_value(p, (double)span) }, 1);
	return ctx->bound.out[0];
}

/* ---- the table's counts over the pairs ---- */

struct ctx_pair_counts ctx_pair_counts(struct ctx_curves *ctx,
				       const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch st = ctx_stretch(s);
	struct pe_yarn y = ctx_yarn(&st);
	struct pe_llama3 l = ctx_llama3(&st);
	struct cache_key k = { { p->d_model, p->base, st.s, st.train } };
	int h = p->d_model / 2;

	own_put(k.v + 4, &st.own);	/* its YaRN and Llama 3.1 settings */

	if (!cache_ready(&ctx->counts, &k)) {
		int at = 0, kept = 0, divided = h;
		double worst = 0.0;

		for (int i = 0; i < h; i++) {
			double g = fabs(pe_yarn_omega(p, &y, i) /
					pe_yarn_code_omega(p, &y, i) - 1.0);
			double w = pe_omega(p, i);

			if (g > worst) {
				worst = g;
				at = i;
			}
			if (pe_llama3_omega(p, &l, i) == w && w != w / l.s)
				kept = i + 1;
			if (divided == h && PE_TWO_PI / w > l.train / l.low)
				divided = i;
		}
		cache_put(&ctx->counts, &k, (double[]){ worst, at, kept, divided },
			  4);
	}
	return (struct ctx_pair_counts){ ctx->counts.out[0], (int)ctx->counts.out[1],
					 (int)ctx->counts.out[2],
					 (int)ctx->counts.out[3] };
}

/* ---- Men et al.'s reach of the base ---- */

/* The offsets the scan covers for s (view_context_curves.h, CTX_REACH_WORK). */
static long long ctx_reach_limit(const struct state *s)
{
	long long cap = CTX_REACH_WORK / (s->cur.pe.d_model / 2);
	long long want = 4 * ctx_span(s);

	/* far enough to find where the usual bases give way (d 128 at 1e4:
	 * 1707; at 5e5: 18438) */
	want = want > 32768 ? want : 32768;

	want = want < cap ? want : cap;
	return want < 1 ? 1 : want;
}

/* The next CTX_CHUNK pairs of the block; at[0]: pairs done in it. */
static bool reach_step(struct cache *c, void *arg)
{
	struct ctx_curves *ctx = arg;
	struct pe_params p = key_params(&c->key);
	int h = p.d_model / 2, i0 = (int)c->at[0];
	int i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;

	if (i0 == 0 && c->at[1] == 0)
		pe_reach_start(&ctx->scan, (long long)c->key.v[2]);
	c->at[1] = 1;
	pe_reach_step(&p, &ctx->scan, i0, i1);
	c->at[0] = i1;
	if (i1 < h)
		return false;
	c->at[0] = 0;
	if (!pe_reach_block_end(&ctx->scan))
		return false;
	cache_publish(c, (double[]){ (double)ctx->scan.found, c->key.v[2] }, 2);
	return true;
}

static struct cache_key reach_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base,
				     (double)ctx_reach_limit(s) } };
}

bool ctx_reach_shown(const struct ctx_curves *ctx, const struct state *s,
		     long long *first, long long *limit)
{
	struct cache_key k = reach_key(s);

	if (!ctx->reach.have || memcmp(&ctx->reach.out_key, &k, sizeof k) != 0)
		return false;
	*first = (long long)ctx->reach.out[0];
	*limit = (long long)ctx->reach.out[1];
	return true;
}

bool ctx_reach(struct ctx_curves *ctx, const struct state *s, long long *first,
	       long long *limit)
{
	struct cache_key k = reach_key(s);

	cache_start(&ctx->reach, &k, 0);
	cache_run(&ctx->reach, reach_step, ctx);
	if (!ctx->reach.have)
		return false;
	*first = (long long)ctx->reach.out[0];
	*limit = (long long)ctx->reach.out[1];
	return memcmp(&ctx->reach.out_key, &k, sizeof k) == 0;
}

/* ---- Men et al.'s smallest base ---- */

static struct cache_key bmin_key(const struct state *s)
{
	return (struct cache_key){ { s->cur.pe.d_model, (double)ctx_train(s) } };
}

/* Terms of the sweep a step takes at most (about a millisecond): blocks
 * of few pairs go several to a step, so that the largest sweep allowed
 * takes CTX_BASE_MIN_WORK / BMIN_STEP_TERMS = 1024 steps. */
#define BMIN_STEP_TERMS (1LL << 19)

/* CTX_CHUNK pairs of a block at a time, blocks while the step's terms
 * last; at[0]: pairs done in the block under way. */
static bool bmin_step(struct cache *c, void *arg)
{
	struct ctx_curves *ctx = arg;
	int d = (int)c->key.v[0], h = d / 2;
	long long start;

	if (c->at[1] == 0)
		pe_base_min_start(&ctx->sweep, d, (long long)c->key.v[1],
				  CTX_BASE_MIN_WORK);
	c->at[1] = 1;
	start = ctx->sweep.work;
	do {
		int i0 = (int)c->at[0];
		int i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;

		pe_base_min_step(&ctx->sweep, i0, i1);
		c->at[0] = i1;
		if (i1 < h)
			continue;
		c->at[0] = 0;
		if (pe_base_min_block_end(&ctx->sweep)) {
			cache_publish(c, (double[]){ (double)ctx->sweep.state,
						     ctx->sweep.lnb }, 2);
			return true;
		}
	} while (ctx->sweep.work - start < BMIN_STEP_TERMS);
	return false;
}

enum ctx_base_min ctx_base_min(struct ctx_curves *ctx, const struct state *s,
			       double *base)
{
	struct cache_key k = bmin_key(s);
	double len = (double)ctx_train(s), h = s->cur.pe.d_model / 2;

	*base = 1.0;
	if (len > 1.0 && h > 1.0 &&
	    len * len * h / 16.0 > (double)CTX_BASE_MIN_WORK)
		return CTX_BMIN_TOO_LONG;
	cache_start(&ctx->bmin, &k, 0);
	cache_run(&ctx->bmin, bmin_step, ctx);
	if (!ctx->bmin.have || memcmp(&ctx->bmin.out_key, &k, sizeof k) != 0)
		return CTX_BMIN_SEARCHING;
	*base = exp(ctx->bmin.out[1]);
	switch ((enum pe_base_min_state)ctx->bmin.out[0]) {
	case PE_BASE_MIN_FOUND:
		return CTX_BMIN_FOUND;
	case PE_BASE_MIN_NONE:
		return CTX_BMIN_NONE;
	default:
		return CTX_BMIN_ABOVE;
	}
}
