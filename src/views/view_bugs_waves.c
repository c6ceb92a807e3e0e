/* view_bugs_waves.c - the bugs view's numbers and curves of an encoding
 * beside the correct one (see view_bugs_waves.h). */
#include "views/view_bugs_waves.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "render/plot.h"
#include "views/view_bugs_zoo.h"

enum {
	CMP_MAX = 16,		/* positions the numbers compare */
	CMP_BUDGET = 16384,	/* positions * d: bounds their cost */
	SIM_BUDGET = 1 << 17,	/* waves * samples per curve: bounds the
				   tables (1 MB each, 16 MB for the span
				   plans at d = 65536) and the cost of a new
				   position (~0.3 ms a curve at d = 8192) */
	SIM_SAMPLES_MIN = 16	/* fewer would not look like a curve */
};

/* What the measurements call for, besides the numbers. */
enum verdict {
	VERDICT_NONE,
	VERDICT_ROUNDING,	/* values differ by rounding only */
	VERDICT_HARMLESS	/* values differ, similarities do not */
};

/* Whether the curves of bug come from span means (its values are not
 * waves) rather than from its waves. */
static bool by_spans(enum pe_bug bug)
{
	return pe_variant_dtype(bug) != PREC_FP64;
}

enum { CHUNK = 4096 };		/* pairs a step of a job takes */

/* Where the inputs are in the keys below. */
enum {
	KEY_POS0 = 3, KEY_NPOS = 4,	/* the window: plans, curves, cmp */
	KEY_SAMPLES = 5,		/* plans, curves */
	KEY_POS = 6,			/* curves: may move under a job */
	KEY_DIM0 = 6, KEY_NDIM = 7,	/* cmp */
	KEY_LAYOUT = 8, KEY_ROWS = 9	/* cmp: layout, positions compared */
};

static struct cache_key pairs_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, zoo_bug(s) } };
}

static struct cache_key plans_key(const struct state *s, int n)
{
	struct cache_key k = pairs_key(s);

	k.v[KEY_POS0] = (double)s->window.pos0;
	k.v[KEY_NPOS] = (double)s->window.npos;
	k.v[KEY_SAMPLES] = n;
	return k;
}

static struct cache_key curves_key(const struct state *s, int n)
{
	struct cache_key k = plans_key(s, n);

	k.v[KEY_POS] = (double)s->cur.pos;
	return k;
}

/* Positions the numbers compare at width d for npos in view. */
static int cmp_rows(int d, long long npos)
{
	long long n = CMP_BUDGET / d;

	n = n > CMP_MAX ? CMP_MAX : n < 3 ? 3 : n;
	return (int)(n < npos ? n : npos);
}

static struct cache_key cmp_key(const struct state *s)
{
	struct cache_key k = pairs_key(s);

	k.v[KEY_POS0] = (double)s->window.pos0;
	k.v[KEY_NPOS] = (double)s->window.npos;
	k.v[KEY_DIM0] = s->window.dim0;
	k.v[KEY_NDIM] = s->window.ndim;
	k.v[KEY_LAYOUT] = s->cur.pe.layout;
	k.v[KEY_ROWS] = cmp_rows(s->cur.pe.d_model, s->window.npos);
	return k;
}

/* The pairs of encoding k (0: correct, 1: with the mistake) in the pairs
 * cache. */
static struct pe_wave_pair *pairs_of(const struct zoo_waves *ctx, int k)
{
	struct pe_wave_pair *pw = cache_get(&ctx->pairs);

	return pw + (size_t)k * (size_t)((int)ctx->pairs.key.v[0] / 2);
}

/* The next CHUNK pairs, of the correct encoding then of the mistake, whose
 * frequencies come from the correct ones where they are the same;
 * at[0]: 0 .. 2 * d/2, pairs done. */
static bool pairs_step(struct cache *c, const void *arg)
{
	const struct pe_params *p = arg;
	int h = p->d_model / 2, k = (int)c->at[0] / h, i = (int)c->at[0] % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_wave_pair *good = cache_get(c), *bad = good + h;

	if (k == 0)
		pe_variant_pairs(p, PE_BUG_NONE, i, end, good + i);
	else
		pe_variant_pairs_from(p, (enum pe_bug)c->key.v[2], good, i, end,
				      bad + i);
	c->at[0] = k * h + end;
	return c->at[0] == 2 * h;
}

/* Whether both encodings' pairs are ready for s, working on them if not;
 * false also when memory runs out. */
static bool pairs_ready(struct zoo_waves *ctx, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = pairs_key(s);
	size_t h = (size_t)(p->d_model / 2);

	if (cache_start(&ctx->pairs, &k, 0) &&
	    !CACHE_MEM(&ctx->pairs, struct pe_wave_pair, 2 * h))
		return false;
	return cache_run_const(&ctx->pairs, pairs_step, p);
}

/* ---- the numbers ---- */

/* Each row a chunk of pairs at a time (at[0]: row * d/2 + pair), then the
 * comparison, published as out[0] (value) and out[1] (similarity). */
static bool cmp_step(struct cache *c, void *arg)
{
	const struct zoo_waves *ctx = arg;
	const struct cache_key *k = &c->key;
	struct pe_params p = { (int)k->v[0], k->v[1],
			       (enum pe_layout)k->v[KEY_LAYOUT] };
	int h = p.d_model / 2, n = (int)k->v[KEY_ROWS];
	struct pe_variant_diff diff;

	if (c->at[0] < (long long)n * h) {
		int a = (int)(c->at[0] / h), i = (int)(c->at[0] % h);
		int end = h - i < CHUNK ? h : i + CHUNK;
		long long pos = pe_spread_pos((long long)k->v[KEY_POS0],
					      (long long)k->v[KEY_NPOS], a, n);

		pe_variant_compare_row(&p, (enum pe_bug)k->v[2], pairs_of(ctx, 0),
				       pairs_of(ctx, 1), (double)pos, a, n, i,
				       end, cache_get(c));
		c->at[0] = (long long)a * h + end;
		return false;
	}
	diff = pe_variant_compare_finish(&p, n, (int)k->v[KEY_DIM0],
					 (int)k->v[KEY_NDIM], cache_get(c));
	cache_publish(c, (double[]){ diff.value, diff.similarity }, 2);
	return true;
}

/* The last finished measurements. */
struct cmp_result {
	int n;				/* positions compared */
	int dim0, ndim;			/* dimensions compared */
	struct pe_variant_diff diff;
};

/* Brings the measurements (full rows at positions spread over the window,
 * pe_variant_compare) up to date with s as far as the frame allows. */
void zoo_waves_numbers_advance(struct zoo_waves *ctx, const struct state *s)
{
	struct cache_key k = cmp_key(s);
	struct cache *c = &ctx->cmp;
	size_t need = (size_t)pe_variant_compare_workspace(
		s->cur.pe.d_model, (int)k.v[KEY_ROWS]);

	ctx->cmp_oom = cache_start(c, &k, 0) &&
		     !CACHE_MEM(c, double, need);
	if (!ctx->cmp_oom && !cache_done(c) && pairs_ready(ctx, s))
		cache_run(c, cmp_step, ctx);
}

/* The last finished measurements into *m; false while there are none, or
 * when memory ran out. */
static bool cmp_shown(const struct zoo_waves *ctx, struct cmp_result *m)
{
	const struct cache *c = &ctx->cmp;
	const struct cache_key *was = &c->out_key;

	if (ctx->cmp_oom)
		return false;
	*m = (struct cmp_result){
		(int)was->v[KEY_ROWS], (int)was->v[KEY_DIM0],
		(int)was->v[KEY_NDIM], { c->out[0], c->out[1] }
	};
	return c->have;
}

static enum verdict verdict_of(const struct cmp_result *m)
{
	if (m->diff.value <= 1e-9)
		return VERDICT_ROUNDING;
	if (m->diff.value > 1e-6 && m->diff.similarity < 1e-9)
		return VERDICT_HARMLESS;
	return VERDICT_NONE;
}

double zoo_waves_max_diff(const struct zoo_waves *ctx)
{
	struct cmp_result m;

	return cmp_shown(ctx, &m) ? m.diff.value : NAN;
}

/* The comparison's sentence of the last finished measurements. */
size_t zoo_waves_numbers_text(const struct zoo_waves *ctx,
			      const struct state *s, char *text, size_t n)
{
	struct cmp_result m;
	size_t len;

	text[0] = '\0';
	if (!cmp_shown(ctx, &m))
		return zoo_append(text, n, 0, "%s%s",
			      ctx->cmp_oom
				      ? tr(s->lang, "Out of memory: no measurements.")
				      : tr(s->lang, "Measuring the rows in view"),
			      ctx->cmp_oom ? "" : s->ascii ? "..." : "…");
	if (isnan(m.diff.value))
		len = zoo_append(text, n, 0,
			     tr(s->lang, "At %d positions spread over the view: "
					 "some values with the mistake are not "
					 "numbers, so no difference can be "
					 "measured."),
			     m.n);
	else {
		char a[32], b[32];

		len = zoo_append(text, n, 0,
			     tr(s->lang, "At %d positions spread over the view: "
					 "max |PEbug-PE| = %s (dims %d-%d), max "
					 "|cos_bug-cos| = %s."),
			     m.n, fmt_double_compact(m.diff.value, 3, a, sizeof a),
			     m.dim0,
			     m.dim0 + m.ndim - 1,
			     fmt_double_compact(m.diff.similarity, 3, b, sizeof b));
	}
	switch (verdict_of(&m)) {
	case VERDICT_ROUNDING:
		len = zoo_append(text, n, len, " %s",
			     tr(s->lang, "Rounding only: the two heatmaps "
					 "have the same colours."));
		break;
	case VERDICT_HARMLESS:
		len = zoo_append(text, n, len, " %s",
			     tr(s->lang, "Harmless: the similarities agree up "
					 "to rounding."));
		break;
	case VERDICT_NONE:
		break;
	}
	return len;
}

/* ---- the curves ---- */

/* Samples for a curve across w cell columns at width d, for npos
 * positions. */
static int sim_samples(int d, int w, long long npos)
{
	long long n = SIM_BUDGET / d;

	if (n < SIM_SAMPLES_MIN)
		n = SIM_SAMPLES_MIN;
	if (n > 2LL * w)
		n = 2LL * w;
	if (n > npos)
		n = npos;
	return n < 1 ? 1 : (int)n;
}

/* The samples of key k (of plans or curves): n centred on n equal slices
 * of the window, each the mean over its slice (for span means, the
 * slices plot_col_items cuts, of whole positions). */
static struct pe_sim_grid sim_grid(const struct cache_key *k)
{
	int n = (int)k->v[KEY_SAMPLES];
	double m = k->v[KEY_NPOS] / n;

	return (struct pe_sim_grid){ k->v[KEY_POS0] + 0.5 * m - 0.5, m, m, n };
}

/* Doubles of one encoding's plan: waves PE_SIM_PAIR a pair, span means
 * 2n a pair. */
static size_t plan_size(const struct cache_key *k)
{
	size_t h = (size_t)((int)k->v[0] / 2), n = (size_t)k->v[KEY_SAMPLES];

	return by_spans((enum pe_bug)k->v[2]) ? 2 * n * h : PE_SIM_PAIR * h;
}

/* Encoding k's plan and (waves) norm2 (n + 1) in the plans cache; the
 * spans (span means) after both plans. */
static double *plan_of(const struct zoo_waves *ctx, int k)
{
	return CACHE_GET(&ctx->plans, double) +
	       (size_t)k * plan_size(&ctx->plans.key);
}

static double *norm2_of(const struct zoo_waves *ctx, int k)
{
	size_t n = (size_t)ctx->plans.key.v[KEY_SAMPLES];

	return plan_of(ctx, 2) + (size_t)k * (n + 1);
}

/* The spans are stored, not a double read as an integer: the cache's
 * memory is untyped (malloc), and a mistake by spans has no norm2 there. */
static long long *spans_of(const struct zoo_waves *ctx)
{
	return CACHE_PART(&ctx->plans, long long,
			  2 * plan_size(&ctx->plans.key) * sizeof(double));
}

/* The next CHUNK pairs of the plans, as pairs_step (a mistake's wave plan
 * taking what it shares from the correct plan); at[0] as there. */
static bool plans_step(struct cache *c, void *arg)
{
	struct zoo_waves *ctx = arg;
	int h = (int)c->key.v[0] / 2, k = (int)c->at[0] / h;
	int i = (int)c->at[0] % h, end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_sim_grid g = sim_grid(&c->key);
	enum pe_bug bug = (enum pe_bug)c->key.v[2];

	if (by_spans(bug)) {
		struct pe_params p = { h * 2, c->key.v[1], PE_INTERLEAVED };
		const long long *spans = spans_of(ctx);

		pe_variant_span_plan(&p, k ? bug : PE_BUG_NONE, i, end,
				     ctx->stored, spans, spans + g.n, g.n,
				     plan_of(ctx, k) + 2 * (size_t)g.n * (size_t)i);
	} else {
		size_t at = (size_t)PE_SIM_PAIR * (size_t)i;

		pe_sim_plan_from(pairs_of(ctx, k) + i, k ? pairs_of(ctx, 0) + i : NULL,
				 k ? plan_of(ctx, 0) + at : NULL, end - i, &g,
				 plan_of(ctx, k) + at, norm2_of(ctx, k));
	}
	c->at[0] = k * h + end;
	return c->at[0] == 2 * h;
}

/* Whether the plans for s and n samples are ready, working on them (and
 * on the pairs first) if not; false also when memory runs out. */
static bool plans_ready(struct zoo_waves *ctx, const struct state *s, int n)
{
	struct cache_key k = plans_key(s, n);

	if (cache_start(&ctx->plans, &k, 0)) {
		size_t np = 2 * plan_size(&k), nn = 2 * ((size_t)n + 1);
		double *mem = CACHE_MEM(&ctx->plans, double, np + nn);
		long long *spans;

		if (!mem)
			return false;
		spans = spans_of(ctx);
		pe_stored_free(ctx->stored);
		ctx->stored = NULL;
		if (by_spans(zoo_bug(s))) {
			enum prec_dtype t = pe_variant_dtype(zoo_bug(s));

			for (int j = 0; j < n; j++)
				plot_col_items(s->window.pos0, s->window.npos, n,
					       j, &spans[j], &spans[n + j]);
			/* bf16 and fp16: what the mistake's pairs share
			 * (without memory for it, each pair makes its own) */
			if (t != PREC_FP32)
				ctx->stored = pe_stored_new(t, spans, spans + n, n);
		} else {
			for (size_t j = np; j < np + nn; j++)
				mem[j] = 0.0;
		}
	}
	return cache_done(&ctx->plans) ||
	       (pairs_ready(ctx, s) && cache_run(&ctx->plans, plans_step, ctx));
}

/* The dot products of both curves at the job's position, as pairs_step;
 * at[0] as there, acc[k]: encoding k's norm2 at the position (waves). */
static bool curves_step(struct cache *c, void *arg)
{
	const struct zoo_waves *ctx = arg;
	int h = (int)c->key.v[0] / 2, n = (int)c->key.v[KEY_SAMPLES];
	int k = (int)c->at[0] / h, i = (int)c->at[0] % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_sim_grid g = sim_grid(&c->key);
	enum pe_bug bug = (enum pe_bug)c->key.v[2];
	double *dot = CACHE_GET(c, double) + (size_t)k * (size_t)n;

	if (by_spans(bug)) {
		struct pe_params p = { h * 2, c->key.v[1], PE_INTERLEAVED };

		pe_variant_span_dot(&p, k ? bug : PE_BUG_NONE, i, end,
				    plan_of(ctx, k) + 2 * (size_t)n * (size_t)i,
				    n, c->key.v[KEY_POS], dot);
	} else {
		c->acc[k] = pe_sim_dot(pairs_of(ctx, k) + i, end - i,
				       plan_of(ctx, k) +
					       (size_t)PE_SIM_PAIR * (size_t)i,
				       &g, c->key.v[KEY_POS], dot, c->acc[k]);
	}
	c->at[0] = k * h + end;
	return c->at[0] == 2 * h;
}

/* Makes the curves job be for k unless the one under way is for the same
 * plans (a position left behind finishes first); false when memory runs
 * out. */
static bool curves_begin(struct zoo_waves *ctx, const struct cache_key *k)
{
	size_t n2 = 2 * (size_t)k->v[KEY_SAMPLES];
	double *dot;

	if (!cache_start(&ctx->curves, k, KEY_POS))
		return true;
	dot = CACHE_MEM(&ctx->curves, double, n2);
	if (!dot)
		return false;
	for (size_t j = 0; j < n2; j++)
		dot[j] = 0.0;
	return true;
}

/* The finished curves into `shown`: pe_sim_finish with the plans' norms
 * for waves; for span means the dot products over d/2 (every pair adds 1
 * to each squared norm). Nothing changes when memory runs out. */
static void curves_publish(struct zoo_waves *ctx)
{
	const struct cache *c = &ctx->curves;
	int n = (int)c->key.v[KEY_SAMPLES], h = (int)c->key.v[0] / 2;
	const double *dot = cache_get(c);
	double *v = CACHE_MEM(&ctx->shown, double, 2 * (size_t)n);

	if (!v)
		return;
	cache_start(&ctx->shown, &c->key, 0);
	for (int k = 0; k < 2; k++) {
		const double *dk = dot + (size_t)k * (size_t)n;
		double *vk = v + (size_t)k * (size_t)n;

		if (by_spans((enum pe_bug)c->key.v[2]))
			for (int j = 0; j < n; j++)
				vk[j] = dk[j] / h;
		else
			pe_sim_finish(dk, norm2_of(ctx, k), c->acc[k], n, vk);
	}
	cache_finish(&ctx->shown);
}

/* Runs the curves job for k; publishes it when it is done. */
static bool curves_run(struct zoo_waves *ctx)
{
	if (!cache_run(&ctx->curves, curves_step, ctx))
		return false;
	if (!cache_ready(&ctx->shown, &ctx->curves.key))
		curves_publish(ctx);
	return true;
}

/* Brings the two curves for s and n samples (correct, then with the
 * mistake) up to date as far as the frame allows; ctx->shown keeps the last
 * finished ones. A new position only weighs the plans. */
void zoo_waves_curves_advance(struct zoo_waves *ctx, const struct state *s,
			      int n)
{
	struct cache_key k = curves_key(s, n);

	if (plans_ready(ctx, s, n) && curves_begin(ctx, &k) && curves_run(ctx) &&
	    curves_begin(ctx, &k))
		/* Done, but for a position left behind: on to the new one,
		 * in this frame or (marked unfinished) the next. */
		curves_run(ctx);
}


int zoo_waves_samples(const struct state *s, int cols)
{
	return cols > 0 ? sim_samples(s->cur.pe.d_model, cols, s->window.npos)
			: 0;
}

bool zoo_waves_busy(const struct zoo_waves *ctx)
{
	return cache_busy(&ctx->pairs) || cache_busy(&ctx->plans) ||
	       cache_busy(&ctx->curves) || cache_busy(&ctx->cmp);
}

const double *zoo_waves_curves(const struct zoo_waves *ctx,
			       struct pe_sim_grid *g)
{
	if (!cache_done(&ctx->shown))
		return NULL;
	*g = sim_grid(&ctx->shown.key);
	return cache_get(&ctx->shown);
}

void zoo_waves_free(struct zoo_waves *ctx)
{
	pe_stored_free(ctx->stored);
	ctx->stored = NULL;
	cache_free(&ctx->pairs);
	cache_free(&ctx->plans);
	cache_free(&ctx->curves);
	cache_free(&ctx->shown);
	cache_free(&ctx->cmp);
}
