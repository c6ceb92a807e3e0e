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
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heat.h"
#include "render/job.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/paragraph.h"


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

static struct heat_cache heat_good, heat_bad;

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
 * curves take ~20 ms, so they are rebuilt in slices (job.h) and the last
 * finished ones show meanwhile. Four caches, each keyed on what it depends
 * on:
 *   pairs   the waves of both encodings (pe_variant_pairs): d, base, bug;
 *   plans   the curves' plans (pe_sim_plan): those, the window and the
 *           samples;
 *   curves  the two curves: those and the position (~2 ms at
 *           d = 65536); a new position waits for the one under way to
 *           finish rather than restart it;
 *   cmp     the numbers (pe_variant_compare in parts): the pairs, the
 *           layout and the window. */
enum { CHUNK = 4096 };		/* pairs a step of a job takes */

/* The inputs of a cache; what one does not depend on stays 0. */
struct bugs_key {
	int d;
	double base;
	enum pe_bug bug;
	enum pe_layout layout;	/* cmp */
	long long pos0, npos;	/* window: plans, curves, cmp */
	int dim0, ndim;		/* cmp */
	int n;			/* samples (plans, curves), positions (cmp) */
	long long pos;		/* curves */
};

static bool key_eq(const struct bugs_key *a, const struct bugs_key *b)
{
	return a->d == b->d && a->base == b->base && a->bug == b->bug &&
	       a->layout == b->layout && a->pos0 == b->pos0 &&
	       a->npos == b->npos && a->dim0 == b->dim0 && a->ndim == b->ndim &&
	       a->n == b->n && a->pos == b->pos;
}

static struct {
	bool keyed, done;
	struct bugs_key key;
	int next;			/* 0 .. 2 * d/2: correct, then bug */
	struct pe_wave_pair *pw[2];	/* correct, with the mistake: d/2 */
	size_t cap;
} pairs;

static struct {
	bool keyed, done;
	struct bugs_key key;
	int next;			/* 0 .. 2 * d/2, as pairs */
	double *plan[2];		/* PE_SIM_PAIR * d/2 each */
	double *norm2[2];		/* n + 1 each */
	size_t cap_plan, cap_n;
} plans;

/* The two curves (correct, then with the mistake): the last finished ones
 * and the inputs they were made for, and the job under way. A job for one
 * position runs to its end even when the position moves on meanwhile
 * (holding an arrow key), and the next one starts from the position of
 * that time. */
static struct {
	bool valid;
	struct bugs_key key;
	double *v;			/* 2n */
	bool keyed, done;
	struct bugs_key job;		/* the job's inputs */
	int next;			/* 0 .. 2 * d/2, as pairs */
	double *dot;			/* 2n: the sums under way */
	double norm2_pos[2];
	size_t cap;
} curves;

/* The numbers: the last finished, and the job under way. */
struct cmp_result {
	int n;				/* positions compared */
	int dim0, ndim;			/* dimensions compared */
	long long last;			/* last position in view */
	struct pe_variant_diff diff;
};

static struct {
	bool have;			/* shown is a finished result */
	struct cmp_result shown;
	bool keyed, done;
	struct bugs_key key;
	int next;			/* pairs of rows written: row * h + pair */
	double pos[CMP_MAX];
	double *work;			/* pe_variant_compare_workspace */
	size_t cap;
} cmp;

static enum pe_bug bug_of(const struct state *s)
{
	return (enum pe_bug)bug_index(s);
}

/* *buf grown to n doubles (kept when it has room: *cap says how many it
 * holds); false when memory runs out, leaving it as it was. Arrays that
 * grow together share a cap, which is set once all of them have grown. */
static bool grow_doubles(double **buf, size_t cap, size_t n)
{
	double *b;

	if (n <= cap)
		return true;
	b = realloc(*buf, n * sizeof *b);
	if (!b)
		return false;
	*buf = b;
	return true;
}

static bool pairs_step(void *ctx)
{
	const struct pe_params *p = ctx;
	int h = p->d_model / 2, k = pairs.next / h, i = pairs.next % h;
	int end = h - i < CHUNK ? h : i + CHUNK;

	pe_variant_pairs(p, k == 0 ? PE_BUG_NONE : pairs.key.bug, i, end,
			 pairs.pw[k] + i);
	pairs.next = k * h + end;
	pairs.done = pairs.next == 2 * h;
	return pairs.done;
}

/* Whether both encodings' pairs are ready for s, working on them if not;
 * false also when memory runs out. */
static bool pairs_ready(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct bugs_key key = { .d = p->d_model, .base = p->base,
				.bug = bug_of(s) };
	size_t h = (size_t)(p->d_model / 2);

	if (!(pairs.keyed && key_eq(&pairs.key, &key))) {
		pairs.keyed = false;
		for (int k = 0; k < 2 && h > pairs.cap; k++) {
			struct pe_wave_pair *pw = realloc(pairs.pw[k],
							  h * sizeof *pw);

			if (!pw)
				return false;
			pairs.pw[k] = pw;
		}
		if (h > pairs.cap)
			pairs.cap = h;
		pairs.keyed = true;
		pairs.done = false;
		pairs.key = key;
		pairs.next = 0;
	}
	return pairs.done || job_run(pairs_step, (void *)p);
}

/* ---- the numbers ---- */

/* Each row a chunk of pairs at a time, then the comparison. */
static bool cmp_step(void *ctx)
{
	const struct pe_params *p = ctx;
	int h = p->d_model / 2;

	if (cmp.next < cmp.key.n * h) {
		int a = cmp.next / h, i = cmp.next % h;
		int end = h - i < CHUNK ? h : i + CHUNK;

		pe_variant_compare_row(p, cmp.key.bug, pairs.pw[0], pairs.pw[1],
				       cmp.pos[a], a, cmp.key.n, i, end,
				       cmp.work);
		cmp.next = a * h + end;
		return false;
	}
	cmp.shown = (struct cmp_result){
		cmp.key.n, cmp.key.dim0, cmp.key.ndim,
		cmp.key.pos0 + cmp.key.npos - 1,
		pe_variant_compare_finish(p, cmp.key.n, cmp.key.dim0,
					  cmp.key.ndim, cmp.work)
	};
	cmp.have = cmp.done = true;
	return true;
}

/* The last finished measurements (full rows at positions spread over the
 * window, pe_variant_compare), brought up to date with s as far as the
 * frame allows; NULL while there are none, or when memory runs out. */
static const struct cmp_result *cmp_get(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	const struct pe_window *v = &s->window;
	long long n = CMP_BUDGET / p->d_model;
	struct bugs_key key;

	n = n > CMP_MAX ? CMP_MAX : n < 3 ? 3 : n;
	n = n < v->npos ? n : v->npos;
	key = (struct bugs_key){ .d = p->d_model, .base = p->base,
				 .bug = bug_of(s), .layout = p->layout,
				 .pos0 = v->pos0, .npos = v->npos,
				 .dim0 = v->dim0, .ndim = v->ndim, .n = (int)n };
	if (!(cmp.keyed && key_eq(&cmp.key, &key))) {
		size_t need = (size_t)pe_variant_compare_workspace(p->d_model,
								   (int)n);

		cmp.keyed = false;
		if (!grow_doubles(&cmp.work, cmp.cap, need))
			return NULL;
		if (need > cmp.cap)
			cmp.cap = need;
		for (int j = 0; j < n; j++)
			cmp.pos[j] = n == 1 ? (double)v->pos0
				     : (double)(v->pos0 + (v->npos - 1) * j / (n - 1));
		cmp.keyed = true;
		cmp.done = false;
		cmp.key = key;
		cmp.next = 0;
	}
	if (!cmp.done && pairs_ready(s))
		job_run(cmp_step, (void *)p);
	return cmp.have ? &cmp.shown : NULL;
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

static void numbers_text(const struct state *s, char *text, size_t n)
{
	const struct cmp_result *m = cmp_get(s);
	char a[32], b[32];
	const char *note = "";
	size_t len;

	if (!m) {
		snprintf(text, n, cmp.keyed ? "Measuring the rows in view%s"
					    : "Out of memory: no measurements.",
			 s->ascii ? "..." : "…");
		return;
	}
	len = (size_t)snprintf(text, n,
		 "At %d positions in view: max |PEbug-PE| = %s (dims %d-%d), "
		 "max |cos_bug-cos| = %s.",
		 m->n, fmt_diff(m->diff.value, a, sizeof a), m->dim0,
		 m->dim0 + m->ndim - 1, fmt_diff(m->diff.similarity, b, sizeof b));
	switch (verdict_of(s, m)) {
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

/* n samples centred on n equal slices of the window, each the mean over
 * its slice. */
static struct pe_sim_grid sim_grid(long long pos0, long long npos, int n)
{
	double m = (double)npos / n;

	return (struct pe_sim_grid){ (double)pos0 + 0.5 * m - 0.5, m, m, n };
}

static bool plans_step(void *ctx)
{
	const struct pe_params *p = ctx;
	int h = p->d_model / 2, k = plans.next / h, i = plans.next % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_sim_grid g = sim_grid(plans.key.pos0, plans.key.npos,
					plans.key.n);

	pe_sim_plan(pairs.pw[k] + i, end - i, &g,
		    plans.plan[k] + (size_t)PE_SIM_PAIR * (size_t)i,
		    plans.norm2[k]);
	plans.next = k * h + end;
	plans.done = plans.next == 2 * h;
	return plans.done;
}

/* Whether the plans for s and n samples are ready, working on them (and
 * on the pairs first) if not; false also when memory runs out. */
static bool plans_ready(const struct state *s, int n)
{
	const struct pe_params *p = &s->cur.pe;
	struct bugs_key key = { .d = p->d_model, .base = p->base,
				.bug = bug_of(s), .pos0 = s->window.pos0,
				.npos = s->window.npos, .n = n };
	size_t h = (size_t)(p->d_model / 2);

	if (!(plans.keyed && key_eq(&plans.key, &key))) {
		size_t np = PE_SIM_PAIR * h, nn = (size_t)n + 1;

		plans.keyed = false;
		for (int k = 0; k < 2; k++)
			if (!grow_doubles(&plans.plan[k], plans.cap_plan, np) ||
			    !grow_doubles(&plans.norm2[k], plans.cap_n, nn))
				return false;
		plans.cap_plan = np > plans.cap_plan ? np : plans.cap_plan;
		plans.cap_n = nn > plans.cap_n ? nn : plans.cap_n;
		for (int k = 0; k < 2; k++)
			for (int j = 0; j <= n; j++)
				plans.norm2[k][j] = 0.0;
		plans.keyed = true;
		plans.done = false;
		plans.key = key;
		plans.next = 0;
	}
	if (plans.done)
		return true;
	return pairs_ready(s) && job_run(plans_step, (void *)p);
}

static bool curves_step(void *ctx)
{
	int h = *(const int *)ctx, n = curves.job.n;
	int k = curves.next / h, i = curves.next % h;
	int end = h - i < CHUNK ? h : i + CHUNK;
	struct pe_sim_grid g = sim_grid(curves.job.pos0, curves.job.npos, n);

	curves.norm2_pos[k] = pe_sim_dot(
		pairs.pw[k] + i, end - i,
		plans.plan[k] + (size_t)PE_SIM_PAIR * (size_t)i, &g,
		(double)curves.job.pos, curves.dot + (size_t)k * (size_t)n,
		curves.norm2_pos[k]);
	curves.next = k * h + end;
	if (curves.next < 2 * h)
		return false;
	for (k = 0; k < 2; k++)
		pe_sim_finish(curves.dot + (size_t)k * (size_t)n, plans.norm2[k],
			      curves.norm2_pos[k], n,
			      curves.v + (size_t)k * (size_t)n);
	curves.key = curves.job;
	curves.valid = curves.done = true;
	return true;
}

/* Starts the job for the plans and s's position unless it is running or
 * done for them; false when memory runs out. */
static bool curves_start(const struct state *s)
{
	struct bugs_key want = plans.key;
	bool same_plans;
	int n = want.n;

	want.pos = curves.job.pos;
	same_plans = curves.keyed && key_eq(&curves.job, &want);
	want.pos = s->cur.pos;
	if (same_plans && (!curves.done || curves.job.pos == want.pos))
		return true;
	curves.keyed = false;
	if (!grow_doubles(&curves.v, curves.cap, 2 * (size_t)n) ||
	    !grow_doubles(&curves.dot, curves.cap, 2 * (size_t)n))
		return false;
	if (2 * (size_t)n > curves.cap)
		curves.cap = 2 * (size_t)n;
	for (int j = 0; j < 2 * n; j++)
		curves.dot[j] = 0.0;
	curves.norm2_pos[0] = curves.norm2_pos[1] = 0.0;
	curves.keyed = true;
	curves.done = false;
	curves.job = want;
	curves.next = 0;
	return true;
}

/* The two curves for s and n samples (correct, then with the mistake), as
 * last finished: *key says where they were taken. NULL while there are
 * none yet, or when memory runs out. A new position only weighs the
 * plans. */
static const double *curves_get(const struct state *s, int n,
				struct bugs_key *key)
{
	int h = s->cur.pe.d_model / 2;

	if (plans_ready(s, n) && curves_start(s) && !curves.done &&
	    job_run(curves_step, &h) && curves_start(s) && !curves.done)
		/* Done, but for a position left behind: on to the new one,
		 * in this frame or (marked unfinished) the next. */
		job_run(curves_step, &h);
	*key = curves.key;
	return curves.valid ? curves.v : NULL;
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

static void draw_similarity(const struct state *s, struct canvas *c,
			    struct rect r)
{
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	int legend = in.h >= 4, ticks = in.h >= 3, gutter = in.w >= 12 ? 5 : 0;
	struct plot_area a;
	char title[64];
	const double *v;
	struct bugs_key key;
	int n, x = in.x;

	snprintf(title, sizeof title, "Similarity to p = %lld", s->cur.pos);
	canvas_box(c, r, title, border_style, title_style);
	if (in.h - legend - ticks < 1 || in.w - gutter < 2)
		return;
	a = (struct plot_area){ { s->window.pos0, s->window.npos, in.x + gutter,
				  in.w - gutter },
				in.y + legend, in.h - legend - ticks, -1.0, 1.0, 0 };
	if (legend) {
		x += canvas_text(c, x, in.y, in.w, "correct  ",
				 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
		canvas_text(c, x, in.y, in.x + in.w - x, "with the mistake",
			    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
	}
	n = sim_samples(s->cur.pe.d_model, a.ax.w, s->window.npos);
	v = curves_get(s, n, &key);
	if (v) {
		struct pe_sim_grid g = sim_grid(key.pos0, key.npos, key.n);
		double m = g.step, first = g.q0;

		/* Down to the lowest value either curve reaches, in steps of
		 * 0.5, so that a curve that stays high gets the rows. */
		a.ymin = 0.0;
		n = key.n;
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

static void bugs_draw(const struct state *s, void *ctx, struct canvas *c,
		struct rect r)
{
	(void)ctx;
	struct rect old = plot_clip_push(c, r);
	char numbers[TEXT_MAX];
	struct bugs_layout l;

	canvas_fill(c, r, ' ', text_style);
	numbers_text(s, numbers, sizeof numbers);
	bugs_layout(s, r, numbers, &l);
	draw_head(s, c, r, &l);
	draw_heat_box(s, c, l.good, PE_BUG_NONE, &heat_good);
	draw_heat_box(s, c, l.bad, bug_of(s), &heat_bad);
	draw_similarity(s, c, l.sim);
	paragraph_draw(c, l.numbers, numbers, text_style);
	canvas_set_clip(c, old);
}

const struct view_spec view_bugs = {
	.name = "bugs",
	.title = { "common implementation mistakes against the correct encoding",
		   "常见的实现错误与正确编码的对照" },
	.nknobs = 1,
	.knob = { {
		.word = "bug",
		.help = { "which mistake is shown", "显示哪一种错误" },
		.kind = KNOB_CHOICE, .lo = 0, .hi = PE_BUG_COUNT - 1,
		.start = KNOB_START_INIT, .init = 0,
		.choice = bug_name,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_CYCLE, 1,
			    { "previous / next mistake", "上一个 / 下一个错误" } } },
	} },
	.draw = bugs_draw,
};
