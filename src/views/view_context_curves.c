/* view_context_curves.c - the context view's curves and numbers (see
 * view_context_curves.h). */
#include "views/view_context_curves.h"

#include <math.h>
#include <string.h>

enum {
	SIM_BUDGET = 1 << 18,	/* waves * samples for the curves */
	SIM_SAMPLES_MIN = 48	/* fewer would not look like a curve */
};

enum {				/* where the inputs are */
	KEY_S = 2, KEY_TRAIN = 3, KEY_LEN = 4, KEY_SPAN = 5, KEY_N = 6
};

/* Samples for the similarity curves across w cell columns at width d:
 * one where each column begins and one at the end (w + 1), each the mean
 * over the offsets of a column's width around it, so that the line from
 * one to the next runs across one column and each column shows the mean
 * of what it covers; the similarity's wiggles from offset to offset
 * (faster than a column) would otherwise fill the plot with dots of every
 * curve. */
static int sim_samples(int d, int w, long long span)
{
	long long n = SIM_BUDGET / ((long long)KINDS * d), dots = (long long)w + 1;

	if (n < SIM_SAMPLES_MIN)
		n = SIM_SAMPLES_MIN;
	if (n > dots)
		n = dots;
	if (n > span + 1)
		n = span + 1;
	return n < 2 ? 2 : (int)n;
}

static struct cache_key ctx_key(const struct state *s, int n,
				long long span)
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);

	return (struct cache_key){ { p->d_model, p->base, x.s, x.train, x.len,
				     (double)span, n } };
}

/* The parameters and stretch key k was made for (layout aside). */
static struct pe_params key_params(const struct cache_key *k)
{
	return (struct pe_params){ (int)k->v[0], k->v[1], PE_INTERLEAVED };
}

static struct stretch key_stretch(const struct cache_key *k)
{
	return (struct stretch){ k->v[KEY_S], k->v[KEY_TRAIN], k->v[KEY_LEN] };
}

/* The samples of the curves of key k: n from offset 0 to the span, each
 * the mean over the offsets it stands for. */
static struct pe_sim_grid ctx_grid(const struct cache_key *k)
{
	int n = (int)k->v[KEY_N];
	double step = k->v[KEY_SPAN] / (n - 1);

	return (struct pe_sim_grid){ 0.0, step, step, n };
}

/* Kind k's pairs [i0, i1) into pw. */
static void ctx_pairs(const struct pe_params *p, const struct stretch *x,
		      enum kind k, int i0, int i1, struct pe_wave_pair *pw)
{
	for (int i = i0; i < i1; i++) {
		double w = kind_omega(p, k, x, i);

		pw[i - i0] = (struct pe_wave_pair){ { w, PE_SIN },
						    { w, PE_COS } };
	}
}

/* Where the parts of the job's memory are, for n samples. */
static double *job_dot(const struct cache *c, int k)
{
	return CACHE_GET(c, double) + (size_t)k * (size_t)c->key.v[KEY_N];
}

static double *job_norm2(const struct cache *c, int k)
{
	size_t n = (size_t)c->key.v[KEY_N];

	return CACHE_GET(c, double) + KINDS * n + (size_t)k * (n + 1);
}

static double *job_totals(const struct cache *c)
{
	size_t n = (size_t)c->key.v[KEY_N];

	return CACHE_GET(c, double) + KINDS * (2 * n + 1);
}

static size_t job_doubles(int n)
{
	return KINDS * (2 * (size_t)n + 1) + 2 * KINDS;
}

/* The next CTX_CHUNK pairs of every kind; at[0]: pairs done. totals: kind k's
 * squared norm at 0 (2k) and sum of cos(omega) (2k + 1). */
static bool ctx_step(struct cache *c, void *arg)
{
	struct ctx_curves *x = arg;
	struct pe_params p = key_params(&c->key);
	struct stretch st = key_stretch(&c->key);
	int h = p.d_model / 2, n = (int)c->key.v[KEY_N];
	int i0 = (int)c->at[0], i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;
	double *tot = job_totals(c);
	struct pe_sim_grid g;

	for (int k = 0; k < KINDS; k++) {
		ctx_pairs(&p, &st, (enum kind)k, i0, i1, x->pw);
		for (int i = 0; i < i1 - i0; i++)
			tot[2 * k + 1] += cos(x->pw[i].s.omega);
		if (n == 0)
			continue;
		g = ctx_grid(&c->key);
		pe_sim_plan(x->pw, i1 - i0, &g, x->plan, job_norm2(c, k));
		tot[2 * k] = pe_sim_dot(x->pw, i1 - i0, x->plan, &g, 0.0,
					job_dot(c, k), tot[2 * k]);
	}
	c->at[0] = i1;
	return i1 == h;
}

/* The finished job's curves and numbers into `shown`: the curves from its
 * sums (pe_sim_finish), the similarity at k = 1 as the sum of cos(omega'_i)
 * over the pairs, divided by d/2. Nothing changes when memory runs out. */
static void ctx_publish(struct ctx_curves *x)
{
	const struct cache *c = &x->job;
	int h = (int)c->key.v[0] / 2, n = (int)c->key.v[KEY_N];
	double *v = CACHE_MEM(&x->shown, double, (size_t)KINDS * (size_t)n + 1);
	const double *tot = job_totals(c);
	double sim1[KINDS];

	if (!v)
		return;
	cache_start(&x->shown, &c->key, 0);
	for (int k = 0; k < KINDS; k++) {
		sim1[k] = tot[2 * k + 1] / h;
		if (n > 0)
			pe_sim_finish(job_dot(c, k), job_norm2(c, k), tot[2 * k],
				      n, v + (size_t)k * (size_t)n);
	}
	cache_publish(&x->shown, sim1, KINDS);
	cache_finish(&x->shown);
}

/* Brings the curves (n samples up to span; n = 0: none) and the numbers up
 * to date with s, as far as the frame's budget allows. When memory runs
 * out the last finished ones stay. */
void ctx_curves_update(struct ctx_curves *x, const struct state *s, int n)
{
	struct cache_key k = ctx_key(s, n, ctx_span(s));

	if (cache_ready(&x->shown, &k))
		return;
	if (cache_start(&x->job, &k, 0)) {
		size_t need = job_doubles(n);
		double *sums = CACHE_MEM(&x->job, double, need);

		if (!sums)
			return;
		for (size_t j = 0; j < need; j++)
			sums[j] = 0.0;
	}
	if (cache_run(&x->job, ctx_step, x))
		ctx_publish(x);
}


int ctx_curves_samples(const struct state *s, int cols)
{
	return cols > 0 ? sim_samples(s->cur.pe.d_model, cols, ctx_span(s)) : 0;
}

bool ctx_curves_have(const struct ctx_curves *x)
{
	return cache_done(&x->shown);
}

void ctx_curves_made_for(const struct ctx_curves *c, struct pe_params *p,
			 struct stretch *x)
{
	*p = key_params(&c->shown.key);
	*x = key_stretch(&c->shown.key);
}

double ctx_curves_sim1(const struct ctx_curves *x, enum kind k)
{
	return x->shown.out[k];
}

const double *ctx_curves_values(const struct ctx_curves *x, int *n,
				double *span)
{
	*n = (int)x->shown.key.v[KEY_N];
	*span = x->shown.key.v[KEY_SPAN];
	return cache_done(&x->shown) && *n > 0 ? cache_get(&x->shown) : NULL;
}

void ctx_curves_free(struct ctx_curves *x)
{
	cache_free(&x->job);
	cache_free(&x->shown);
	cache_free(&x->reach);
	cache_free(&x->bmin);
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
	struct ctx_curves *x = arg;
	struct pe_params p = key_params(&c->key);
	int h = p.d_model / 2, i0 = (int)c->at[0];
	int i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;

	if (i0 == 0 && c->at[1] == 0)
		pe_reach_start(&x->scan, (long long)c->key.v[2]);
	c->at[1] = 1;
	pe_reach_step(&p, &x->scan, i0, i1);
	c->at[0] = i1;
	if (i1 < h)
		return false;
	c->at[0] = 0;
	if (!pe_reach_block_end(&x->scan))
		return false;
	cache_publish(c, (double[]){ (double)x->scan.found, c->key.v[2] }, 2);
	return true;
}

static struct cache_key reach_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base,
				     (double)ctx_reach_limit(s) } };
}

bool ctx_reach_shown(const struct ctx_curves *x, const struct state *s,
		     long long *first, long long *limit)
{
	struct cache_key k = reach_key(s);

	if (!x->reach.have || memcmp(&x->reach.out_key, &k, sizeof k) != 0)
		return false;
	*first = (long long)x->reach.out[0];
	*limit = (long long)x->reach.out[1];
	return true;
}

bool ctx_reach(struct ctx_curves *x, const struct state *s, long long *first,
	       long long *limit)
{
	struct cache_key k = reach_key(s);

	cache_start(&x->reach, &k, 0);
	cache_run(&x->reach, reach_step, x);
	if (!x->reach.have)
		return false;
	*first = (long long)x->reach.out[0];
	*limit = (long long)x->reach.out[1];
	return memcmp(&x->reach.out_key, &k, sizeof k) == 0;
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
	struct ctx_curves *x = arg;
	int d = (int)c->key.v[0], h = d / 2;
	long long start;

	if (c->at[1] == 0)
		pe_base_min_start(&x->sweep, d, (long long)c->key.v[1],
				  CTX_BASE_MIN_WORK);
	c->at[1] = 1;
	start = x->sweep.work;
	do {
		int i0 = (int)c->at[0];
		int i1 = h - i0 < CTX_CHUNK ? h : i0 + CTX_CHUNK;

		pe_base_min_step(&x->sweep, i0, i1);
		c->at[0] = i1;
		if (i1 < h)
			continue;
		c->at[0] = 0;
		if (pe_base_min_block_end(&x->sweep)) {
			cache_publish(c, (double[]){ (double)x->sweep.state,
						     x->sweep.lnb }, 2);
			return true;
		}
	} while (x->sweep.work - start < BMIN_STEP_TERMS);
	return false;
}

enum ctx_base_min ctx_base_min(struct ctx_curves *x, const struct state *s,
			       double *base)
{
	struct cache_key k = bmin_key(s);
	double len = (double)ctx_train(s), h = s->cur.pe.d_model / 2;

	*base = 1.0;
	if (len > 1.0 && h > 1.0 &&
	    len * len * h / 16.0 > (double)CTX_BASE_MIN_WORK)
		return CTX_BMIN_TOO_LONG;
	cache_start(&x->bmin, &k, 0);
	cache_run(&x->bmin, bmin_step, x);
	if (!x->bmin.have || memcmp(&x->bmin.out_key, &k, sizeof k) != 0)
		return CTX_BMIN_SEARCHING;
	*base = exp(x->bmin.out[1]);
	switch ((enum pe_base_min_state)x->bmin.out[0]) {
	case PE_BASE_MIN_FOUND:
		return CTX_BMIN_FOUND;
	case PE_BASE_MIN_NONE:
		return CTX_BMIN_NONE;
	default:
		return CTX_BMIN_ABOVE;
	}
}
