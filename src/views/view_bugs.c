/* view_bugs.c - a zoo of mistakes found in public implementations, one at a
 * time (x/X), each beside the correct encoding: for interview practice.
 *
 *   Mistake 2/6: i/d instead of 2i/d in the exponent         x/X: next
 *   wrong: w = 1 / 10000 ** (np.arange(d // 2) / d)   # i/d
 *   What it does, in a sentence or two.
 *   ┌ Correct ──────────────┐┌ With the mistake ─────┐
 *   │ heatmap               ││ heatmap               │
 *   └───────────────────────┘└───────────────────────┘
 *   ┌ Similarity to p = 37: correct, with the mistake ┐
 *   │ two curves over the window                      │
 *   └─────────────────────────────────────────────────┘
 *   Measured: max |PE_bug - PE| = ... ; max |cos_bug - cos| = ...
 *
 * On screens 150 columns wide or more the similarity box sits right of the
 * heatmaps. The numbers compare full rows at positions spread over the
 * window (pe_variant_compare), cached by parameters, mistake and window;
 * the curves (pe_sim_plan and pe_sim_dot) are cached by those and the
 * position. At the largest sizes both are computed over several frames
 * (see the caches below). */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heat.h"
#include "render/cache.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "render/work.h"


enum {
	CMP_MAX = 16,		/* positions the numbers compare */
	CMP_BUDGET = 16384,	/* positions * d: bounds their cost */
	SIM_BUDGET = 1 << 17,	/* waves * samples per curve: bounds the
				   tables (1 MB each) and the cost of a new
				   position (~0.3 ms a curve at d = 8192) */
	SIM_SAMPLES_MIN = 16,	/* fewer would not look like a curve */
	WIDE_W = 150,		/* from here the three boxes sit side by
				   side ... */
	TALL_H = 16,		/* ... and also when the plots get fewer
				   rows than this */
	F32_VISIBLE = 16384,	/* where the float32 error reaches ~1e-3 */
	TEXT_MAX = 640
};

/* What the measurements call for, besides the numbers. */
enum verdict {
	VERDICT_NONE,
	VERDICT_HARMLESS,	/* values differ, similarities do not */
	VERDICT_TOO_SHORT	/* float32 below the positions where it shows */
};

static const struct style border_style = { ROLE_BORDER, ROLE_DEFAULT, 0 };
static const struct style title_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style code_style = { ROLE_WARN, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* ---- the knobs ---- */

static int bug_index(const struct state *s)
{
	return (int)state_view_knob(s, 0);
}

static const char *bug_name(int i)
{
	return pe_bug_info((enum pe_bug)i)->name;
}

/* ---- caches ---- */

/* At d_model 65536 and positions near 1e9 the numbers and the plans of the
 * curves take ~20 ms, so they are rebuilt in slices (cache.h) and the last
 * finished ones show meanwhile. The view's context holds the heatmaps'
 * caches and these, each keyed on what it depends on:
 *   pairs   the waves of both encodings (pe_variant_pairs): d, base, bug
 *           (mem: d/2 pairs each, correct then with the mistake);
 *   plans   the curves' plans (pe_sim_plan): those, the window and the
 *           samples (mem: both plans, then both norm2);
 *   curves  the two curves under way: those and the position (~2 ms at
 *           d = 65536; mem: both dot products; acc: both norm2 at the
 *           position); a new position waits for the one under way to
 *           finish rather than restart it;
 *   shown   the last finished curves, for the key of theirs (mem: both);
 *   cmp     the numbers (pe_variant_compare in parts): the pairs, the
 *           layout, the window and the positions compared (mem: the
 *           workspace; out: value and similarity). */
enum { CHUNK = 4096 };		/* pairs a step of a job takes */

struct bugs_ctx {
	struct heat_cache heat_good, heat_bad;
	struct cache pairs, plans, curves, shown, cmp;
	bool cmp_oom;			/* the numbers' memory ran out */
};

static enum pe_bug bug_of(const struct state *s)
{
	return (enum pe_bug)bug_index(s);
}

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

	return (struct cache_key){ { p->d_model, p->base, bug_of(s) } };
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
static struct pe_wave_pair *pairs_of(const struct bugs_ctx *x, int k)
{
	struct pe_wave_pair *pw = x->pairs.mem;

	return pw + (size_t)k * (size_t)((int)x->pairs.key.v[0] / 2);
}

/* The next CHUNK pairs, of the correct encoding then of the mistake, whose
 * frequencies come from the correct ones where they are the same;
 * at[0]: 0 .. 2 * d/2, pairs done. */
static bool pairs_step(struct cache *c, void *arg)
{
	const struct pe_params *p = arg;
	int h = p->d_model / 2, k = (int)c->at[0] / h, i = (int)c->at[0] % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_wave_pair *good = c->mem, *bad = good + h;

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
static bool pairs_ready(struct bugs_ctx *x, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = pairs_key(s);
	size_t h = (size_t)(p->d_model / 2);

	if (cache_start(&x->pairs, &k, 0) &&
	    !cache_mem(&x->pairs, 2 * h * sizeof(struct pe_wave_pair)))
		return false;
	return cache_run(&x->pairs, pairs_step, (void *)p);
}

/* ---- the numbers ---- */

/* Each row a chunk of pairs at a time (at[0]: row * d/2 + pair), then the
 * comparison, published as out[0] (value) and out[1] (similarity). */
static bool cmp_step(struct cache *c, void *arg)
{
	const struct bugs_ctx *x = arg;
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

		pe_variant_compare_row(&p, (enum pe_bug)k->v[2], pairs_of(x, 0),
				       pairs_of(x, 1), (double)pos, a, n, i,
				       end, c->mem);
		c->at[0] = (long long)a * h + end;
		return false;
	}
	diff = pe_variant_compare_finish(&p, n, (int)k->v[KEY_DIM0],
					 (int)k->v[KEY_NDIM], c->mem);
	cache_publish(c, (double[]){ diff.value, diff.similarity }, 2);
	return true;
}

/* The last finished measurements. */
struct cmp_result {
	int n;				/* positions compared */
	int dim0, ndim;			/* dimensions compared */
	long long last;			/* last position in view */
	struct pe_variant_diff diff;
};

/* Brings the measurements (full rows at positions spread over the window,
 * pe_variant_compare) up to date with s as far as the frame allows. */
static void cmp_advance(struct bugs_ctx *x, const struct state *s)
{
	struct cache_key k = cmp_key(s);
	struct cache *c = &x->cmp;
	size_t need = (size_t)pe_variant_compare_workspace(
		s->cur.pe.d_model, (int)k.v[KEY_ROWS]);

	x->cmp_oom = cache_start(c, &k, 0) &&
		     !cache_mem(c, need * sizeof(double));
	if (!x->cmp_oom && !c->done && pairs_ready(x, s))
		cache_run(c, cmp_step, x);
}

/* The last finished measurements into *m; false while there are none, or
 * when memory ran out. */
static bool cmp_shown(const struct bugs_ctx *x, struct cmp_result *m)
{
	const struct cache *c = &x->cmp;
	const struct cache_key *was = &c->out_key;

	if (x->cmp_oom)
		return false;
	*m = (struct cmp_result){
		(int)was->v[KEY_ROWS], (int)was->v[KEY_DIM0],
		(int)was->v[KEY_NDIM],
		(long long)was->v[KEY_POS0] + (long long)was->v[KEY_NPOS] - 1,
		{ c->out[0], c->out[1] }
	};
	return c->have;
}

static enum verdict verdict_of(const struct state *s,
			       const struct cmp_result *m)
{
	if (bug_of(s) == PE_BUG_FLOAT32 && m->last < F32_VISIBLE)
		return VERDICT_TOO_SHORT;
	if (m->diff.value > 1e-6 && m->diff.similarity < 1e-9)
		return VERDICT_HARMLESS;
	return VERDICT_NONE;
}

/* "1.99", "3.1e-05", "0" for a measured difference. */
static char *fmt_diff(double x, char *buf, size_t n)
{
	if (x == 0.0)
		snprintf(buf, n, "0");
	else if (x >= 0.01)
		snprintf(buf, n, "%.3g", x);
	else
		snprintf(buf, n, "%.1e", x);
	return buf;
}

/* The paragraph of the last finished measurements. */
static void numbers_text(const struct bugs_ctx *x, const struct state *s,
			 char *text, size_t n)
{
	struct cmp_result m;
	char a[32], b[32];
	const char *note = "";
	size_t len;

	if (!cmp_shown(x, &m)) {
		snprintf(text, n, x->cmp_oom ? "Out of memory: no measurements."
					     : "Measuring the rows in view%s",
			 s->ascii ? "..." : "…");
		return;
	}
	len = (size_t)snprintf(text, n,
		 "At %d positions in view: max |PEbug-PE| = %s (dims %d-%d), "
		 "max |cos_bug-cos| = %s.",
		 m.n, fmt_diff(m.diff.value, a, sizeof a), m.dim0,
		 m.dim0 + m.ndim - 1, fmt_diff(m.diff.similarity, b, sizeof b));
	switch (verdict_of(s, &m)) {
	case VERDICT_HARMLESS:
		note = " Harmless: the similarities agree up to rounding.";
		break;
	case VERDICT_TOO_SHORT:
		note = " Too short to see: try :len 16384 (error ~1e-3 at "
		       "p = 16k).";
		break;
	case VERDICT_NONE:
		break;
	}
	if (len < n)
		snprintf(text + len, n - len, "%s", note);
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
 * of the window, each the mean over its slice. */
static struct pe_sim_grid sim_grid(const struct cache_key *k)
{
	int n = (int)k->v[KEY_SAMPLES];
	double m = k->v[KEY_NPOS] / n;

	return (struct pe_sim_grid){ k->v[KEY_POS0] + 0.5 * m - 0.5, m, m, n };
}

/* Encoding k's plan (PE_SIM_PAIR * d/2) and norm2 (n + 1) in the plans
 * cache. */
static double *plan_of(const struct bugs_ctx *x, int k)
{
	size_t h = (size_t)((int)x->plans.key.v[0] / 2);

	return (double *)x->plans.mem + (size_t)k * PE_SIM_PAIR * h;
}

static double *norm2_of(const struct bugs_ctx *x, int k)
{
	size_t h = (size_t)((int)x->plans.key.v[0] / 2);
	size_t n = (size_t)x->plans.key.v[KEY_SAMPLES];

	return (double *)x->plans.mem + 2 * PE_SIM_PAIR * h + (size_t)k * (n + 1);
}

/* The next CHUNK pairs of the plans, as pairs_step (the mistake's taking
 * what it shares from the correct plan); at[0] as there. */
static bool plans_step(struct cache *c, void *arg)
{
	const struct bugs_ctx *x = arg;
	int h = (int)c->key.v[0] / 2, k = (int)c->at[0] / h;
	int i = (int)c->at[0] % h, end = h - i < CHUNK ? h : i + CHUNK;
	size_t at = (size_t)PE_SIM_PAIR * (size_t)i;
	struct pe_sim_grid g = sim_grid(&c->key);

	pe_sim_plan_from(pairs_of(x, k) + i, k ? pairs_of(x, 0) + i : NULL,
			 k ? plan_of(x, 0) + at : NULL, end - i, &g,
			 plan_of(x, k) + at, norm2_of(x, k));
	c->at[0] = k * h + end;
	return c->at[0] == 2 * h;
}

/* Whether the plans for s and n samples are ready, working on them (and
 * on the pairs first) if not; false also when memory runs out. */
static bool plans_ready(struct bugs_ctx *x, const struct state *s, int n)
{
	struct cache_key k = plans_key(s, n);
	size_t h = (size_t)(s->cur.pe.d_model / 2);

	if (cache_start(&x->plans, &k, 0)) {
		size_t np = 2 * PE_SIM_PAIR * h, nn = 2 * ((size_t)n + 1);
		double *mem = cache_mem(&x->plans, (np + nn) * sizeof *mem);

		if (!mem)
			return false;
		for (size_t j = np; j < np + nn; j++)
			mem[j] = 0.0;
	}
	return x->plans.done ||
	       (pairs_ready(x, s) && cache_run(&x->plans, plans_step, x));
}

/* The dot products of both curves at the job's position, as pairs_step;
 * at[0] as there, acc[k]: encoding k's norm2 at the position. */
static bool curves_step(struct cache *c, void *arg)
{
	const struct bugs_ctx *x = arg;
	int h = (int)c->key.v[0] / 2, n = (int)c->key.v[KEY_SAMPLES];
	int k = (int)c->at[0] / h, i = (int)c->at[0] % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_sim_grid g = sim_grid(&c->key);
	double *dot = c->mem;

	c->acc[k] = pe_sim_dot(pairs_of(x, k) + i, end - i,
			       plan_of(x, k) + (size_t)PE_SIM_PAIR * (size_t)i,
			       &g, c->key.v[KEY_POS],
			       dot + (size_t)k * (size_t)n, c->acc[k]);
	c->at[0] = k * h + end;
	return c->at[0] == 2 * h;
}

/* Makes the curves job be for k unless the one under way is for the same
 * plans (a position left behind finishes first); false when memory runs
 * out. */
static bool curves_begin(struct bugs_ctx *x, const struct cache_key *k)
{
	size_t n2 = 2 * (size_t)k->v[KEY_SAMPLES];
	double *dot;

	if (!cache_start(&x->curves, k, KEY_POS))
		return true;
	dot = cache_mem(&x->curves, n2 * sizeof *dot);
	if (!dot)
		return false;
	for (size_t j = 0; j < n2; j++)
		dot[j] = 0.0;
	return true;
}

/* The finished curves into `shown` (pe_sim_finish with the plans' norms);
 * nothing changes when memory runs out. */
static void curves_publish(struct bugs_ctx *x)
{
	const struct cache *c = &x->curves;
	int n = (int)c->key.v[KEY_SAMPLES];
	const double *dot = c->mem;
	double *v = cache_mem(&x->shown, 2 * (size_t)n * sizeof *v);

	if (!v)
		return;
	cache_start(&x->shown, &c->key, 0);
	for (int k = 0; k < 2; k++)
		pe_sim_finish(dot + (size_t)k * (size_t)n, norm2_of(x, k),
			      c->acc[k], n, v + (size_t)k * (size_t)n);
	x->shown.done = true;
}

/* Runs the curves job for k; publishes it when it is done. */
static bool curves_run(struct bugs_ctx *x)
{
	if (!cache_run(&x->curves, curves_step, x))
		return false;
	if (!cache_ready(&x->shown, &x->curves.key))
		curves_publish(x);
	return true;
}

/* Brings the two curves for s and n samples (correct, then with the
 * mistake) up to date as far as the frame allows; x->shown keeps the last
 * finished ones. A new position only weighs the plans. */
static void curves_advance(struct bugs_ctx *x, const struct state *s, int n)
{
	struct cache_key k = curves_key(s, n);

	if (plans_ready(x, s, n) && curves_begin(x, &k) && curves_run(x) &&
	    curves_begin(x, &k))
		/* Done, but for a position left behind: on to the new one,
		 * in this frame or (marked unfinished) the next. */
		curves_run(x);
}

struct bugs_layout {
	int title_y, code_y;		/* rows, or -1 */
	struct rect effect;		/* the effect paragraph */
	struct rect good, bad, sim;	/* the boxes */
	struct rect numbers;		/* the measurements paragraph */
};

/* ---- layout ---- */

static void bugs_layout(const struct state *s, struct rect r,
			const char *numbers, struct bugs_layout *l)
{
	const struct pe_bug_info *info = pe_bug_info(bug_of(s));
	int y = r.y, rows = r.h, eff, num, plots, heat_h;

	memset(l, 0, sizeof *l);
	l->title_y = rows > 0 ? y++ : -1;
	l->code_y = rows > 1 ? y++ : -1;
	eff = paragraph_rows(info->effect, r.w);
	num = paragraph_rows(numbers, r.w);
	/* The plots keep at least 10 rows; the paragraphs give up rows from
	 * their ends when the screen is short. */
	while (r.h - 2 - eff - num < 10 && (eff > 2 || num > 2)) {
		if (num >= eff && num > 2)
			num--;
		else
			eff--;
	}
	l->effect = (struct rect){ r.x, y, r.w, eff };
	y += eff;
	plots = r.y + r.h - num - y;
	if (plots < 0)
		plots = 0;
	if (r.w >= WIDE_W || plots < TALL_H) {
		int hw = r.w * 3 / 10;

		l->good = (struct rect){ r.x, y, hw, plots };
		l->bad = (struct rect){ r.x + hw, y, hw, plots };
		l->sim = (struct rect){ r.x + 2 * hw, y, r.w - 2 * hw, plots };
	} else {
		heat_h = plots * 11 / 20;
		l->good = (struct rect){ r.x, y, r.w / 2, heat_h };
		l->bad = (struct rect){ r.x + r.w / 2, y, r.w - r.w / 2, heat_h };
		l->sim = (struct rect){ r.x, y + heat_h, r.w, plots - heat_h };
	}
	l->numbers = (struct rect){ r.x, y + plots, r.w, num };
}

/* ---- drawing ---- */

static void draw_head(const struct state *s, struct canvas *c, struct rect r,
		      const struct bugs_layout *l)
{
	const struct pe_bug_info *info = pe_bug_info(bug_of(s));
	char line[TEXT_MAX];
	const char *keys = "x/X: previous/next";
	int used, kw = utf8_width(keys);

	if (l->title_y >= 0) {
		snprintf(line, sizeof line, "Mistake %d/%d: %s", bug_index(s) + 1,
			 (int)PE_BUG_COUNT, info->title);
		used = canvas_text(c, r.x, l->title_y, r.w, line, title_style);
		if (used + 2 + kw <= r.w)
			canvas_text(c, r.x + r.w - kw, l->title_y, kw, keys,
				    dim_style);
	}
	if (l->code_y >= 0) {
		/* "wrong: " only where the whole line fits with it. */
		used = 0;
		if (7 + utf8_width(info->code) <= r.w)
			used = canvas_text(c, r.x, l->code_y, r.w, "wrong: ",
					   dim_style);
		canvas_text(c, r.x + used, l->code_y, r.w - used, info->code,
			    code_style);
	}
	paragraph_draw(c, l->effect, info->effect, text_style);
}

static void draw_heat_box(const struct state *s, struct canvas *c,
			  struct rect r, enum pe_bug bug, struct heat_cache *hc)
{
	struct heat_plot hp = { &s->cur.pe, bug, &s->window, s->cur.pos,
				s->cur.dim, !s->ascii, s->lang };

	canvas_box(c, r, bug == PE_BUG_NONE ? "Correct" : "With the mistake",
		   border_style, title_style);
	heat_plot_draw(c, (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 },
		       &hp, hc);
}

/* The insides of the similarity box r. */
struct sim_box {
	struct rect in;
	int legend, ticks, gutter;	/* rows, columns: 0 when left out */
	bool plot;			/* there is room for the plot a */
	struct plot_area a;
};

static struct sim_box sim_box(const struct state *s, struct rect r)
{
	struct sim_box b = { { r.x + 1, r.y + 1, r.w - 2, r.h - 2 }, 0, 0, 0,
			     false, { { 0, 1, 0, 0 }, 0, 0, -1.0, 1.0, 0 } };

	b.legend = b.in.h >= 4;
	b.ticks = b.in.h >= 3;
	b.gutter = b.in.w >= 12 ? 5 : 0;
	b.plot = b.in.h - b.legend - b.ticks >= 1 && b.in.w - b.gutter >= 2;
	if (b.plot)
		b.a = (struct plot_area){
			{ s->window.pos0, s->window.npos, b.in.x + b.gutter,
			  b.in.w - b.gutter },
			b.in.y + b.legend, b.in.h - b.legend - b.ticks, -1.0,
			1.0, 0
		};
	return b;
}

/* Samples of the curves in box r; 0: no plot. */
static int curve_samples(const struct state *s, struct rect r)
{
	struct sim_box b = sim_box(s, r);

	return b.plot ? sim_samples(s->cur.pe.d_model, b.a.ax.w,
				    s->window.npos) : 0;
}

/* The box, with the last finished curves. */
static void draw_similarity(const struct bugs_ctx *bx, const struct state *s,
			    struct canvas *c, struct rect r)
{
	struct sim_box b = sim_box(s, r);
	struct rect in = b.in;
	int legend = b.legend, ticks = b.ticks, gutter = b.gutter;
	struct plot_area a = b.a;
	char title[64];
	const double *v = bx->shown.done ? bx->shown.mem : NULL;
	const struct cache_key *key = &bx->shown.key;
	int n, x = in.x;

	snprintf(title, sizeof title, "Similarity to p = %lld", s->cur.pos);
	canvas_box(c, r, title, border_style, title_style);
	if (!b.plot)
		return;
	if (legend) {
		x += canvas_text(c, x, in.y, in.w, "correct  ",
				 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
		canvas_text(c, x, in.y, in.x + in.w - x, "with the mistake",
			    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
	}
	if (v) {
		struct pe_sim_grid g = sim_grid(key);
		double m = g.step, first = g.q0;

		/* Down to the lowest value either curve reaches, in steps of
		 * 0.5, so that a curve that stays high gets the rows. */
		a.ymin = 0.0;
		n = g.n;
		for (int j = 0; j < 2 * n; j++)
			a.ymin = fmin(a.ymin, floor(v[j] * 2.0) / 2.0);
		a.ymin = a.ymin < -1.0 ? -1.0 : a.ymin;
		plot_samples(c, &a, first, m, v, n, ROLE_TRACE1);
		plot_samples(c, &a, first, m, v + n, n, ROLE_TRACE2);
	}
	plot_marker(c, &a.ax, a.y0, a.h, s->cur.pos, marker_style);
	if (gutter) {
		char lab[16];

		snprintf(lab, sizeof lab, "%g", a.ymin);
		plot_ylabel(c, &a, in.x, gutter - 1, 1.0, "1", axis_style);
		plot_ylabel(c, &a, in.x, gutter - 1, a.ymin, lab, axis_style);
		if (a.ymin < 0.0 && a.h >= 3)
			plot_ylabel(c, &a, in.x, gutter - 1, 0.0, "0", axis_style);
	}
	if (ticks)
		plot_xticks(c, &a.ax, in.y + in.h - 1, axis_style);
}

/* Brings the numbers and the curves up to date as far as the frame
 * allows. */
static void advance(struct bugs_ctx *x, const struct state *s,
		    const struct bugs_layout *l)
{
	int n = curve_samples(s, l->sim);

	cmp_advance(x, s);
	if (n > 0)
		curves_advance(x, s, n);
}

/* Whether heatmap hc takes the frame's time before the numbers and the
 * curves. Without a budget the order does not matter, and the numbers go
 * first: the layout follows their paragraph. Under a budget a heatmap, the
 * costliest work, goes first while its grid is being computed (its
 * cache's `work` under way) or when nothing of the view's own is under way
 * (a change has just come); but a grid finished late in a frame is shown
 * in the next one, which then computes nothing more (heat.h), so it waits
 * for the numbers and the curves when they are under way: a change at the
 * extremes is then done in two frames. */
static bool heat_first(const struct bugs_ctx *x, const struct heat_cache *hc)
{
	bool own = cache_busy(&x->pairs) || cache_busy(&x->plans) ||
		   cache_busy(&x->curves) || cache_busy(&x->cmp);

	return work_limited() && (!own || cache_busy(&hc->work));
}

/* When a heatmap goes first, the layout is the one of the numbers shown
 * before; one that the new numbers change is left to the next frame. */
static void bugs_draw(const struct state *s, void *ctx, struct canvas *c,
		      struct rect r)
{
	struct bugs_ctx *x = ctx;
	bool good_first = heat_first(x, &x->heat_good);
	bool bad_first = heat_first(x, &x->heat_bad);
	struct rect old = plot_clip_push(c, r);
	char numbers[TEXT_MAX];
	struct bugs_layout l, now;

	canvas_fill(c, r, ' ', text_style);
	if (!good_first && !bad_first)
		cmp_advance(x, s);
	numbers_text(x, s, numbers, sizeof numbers);
	bugs_layout(s, r, numbers, &l);
	draw_head(s, c, r, &l);
	if (good_first)
		draw_heat_box(s, c, l.good, PE_BUG_NONE, &x->heat_good);
	if (bad_first)
		draw_heat_box(s, c, l.bad, bug_of(s), &x->heat_bad);
	advance(x, s, &l);
	if (good_first || bad_first) {
		numbers_text(x, s, numbers, sizeof numbers);
		bugs_layout(s, r, numbers, &now);
		if (memcmp(&now, &l, sizeof l) != 0)
			work_mark_unfinished();
	}
	if (!good_first)
		draw_heat_box(s, c, l.good, PE_BUG_NONE, &x->heat_good);
	if (!bad_first)
		draw_heat_box(s, c, l.bad, bug_of(s), &x->heat_bad);
	draw_similarity(x, s, c, l.sim);
	paragraph_draw(c, l.numbers, numbers, text_style);
	canvas_set_clip(c, old);
}

static void bugs_free(void *ctx)
{
	struct bugs_ctx *x = ctx;

	heat_cache_free(&x->heat_good);
	heat_cache_free(&x->heat_bad);
	cache_free(&x->pairs);
	cache_free(&x->plans);
	cache_free(&x->curves);
	cache_free(&x->shown);
	cache_free(&x->cmp);
}

const struct view_spec view_bugs = {
	.name = "bugs",
	.title = N_("common implementation mistakes against the correct encoding"),
	.nknobs = 1,
	.knob = { {
		.word = "bug",
		.help = N_("which mistake is shown"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = PE_BUG_COUNT - 1,
		.start = KNOB_START_INIT, .init = 0,
		.choice = bug_name,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_CYCLE, 1,
			    N_("previous / next mistake") } },
	} },
	.draw = bugs_draw,
	.ctx_size = sizeof(struct bugs_ctx),
	.ctx_free = bugs_free,
};
