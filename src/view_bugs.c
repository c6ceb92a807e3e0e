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
 * the curves (pe_waves_similarity) are cached by those and the position. */
#include "views.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heat.h"
#include "pe.h"
#include "pe_variants.h"
#include "plot.h"
#include "view_text.h"

_Static_assert((int)PE_BUG_COUNT == (int)BUG_KINDS,
	       "state.h's BUG_KINDS must count pe_variants.h's mistakes");

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

/* The numbers and the inputs they were measured for. */
static struct cmp_memo {
	struct pe_params pe;
	enum pe_bug bug;
	long long pos0, npos;
	int dim0, ndim;
	int n;				/* positions compared */
	struct pe_variant_diff diff;
	bool valid;
} cmp;

/* The two similarity curves: their waves and tables (pe_variants.h), which
 * depend on the parameters, the mistake and the window, and the curves,
 * which also depend on the position. */
static struct {
	struct pe_params pe;
	enum pe_bug bug;
	long long pos0, npos;
	int n;				/* samples per curve */
	struct pe_wave *waves[2];	/* correct, with the mistake: d each */
	double *table[2];		/* pe_sim_table_size(d, n) each */
	bool valid;			/* waves and tables match the above */
	long long pos;			/* position the curves are from */
	double *v;			/* 2n: correct, then with the mistake */
	bool v_valid;			/* v matches pos too */
} sim;

struct bugs_layout {
	int title_y, code_y;		/* rows, or -1 */
	struct rect effect;		/* the effect paragraph */
	struct rect good, bad, sim;	/* the boxes */
	struct rect numbers;		/* the measurements paragraph */
};

/* ---- the numbers ---- */

static enum pe_bug bug_of(const struct state *s)
{
	return (enum pe_bug)s->knobs.bug;
}

/* The measurements for s, from the cache when it holds them; false when
 * memory runs out. */
static bool cmp_get(const struct state *s, struct cmp_memo *out)
{
	const struct pe_params *p = &s->cur.pe;
	const struct viewport *v = &s->view;
	double pos[CMP_MAX], *work;
	long long n = CMP_BUDGET / p->d_model;

	if (!(cmp.valid && cmp.pe.d_model == p->d_model &&
	      cmp.pe.base == p->base && cmp.pe.layout == p->layout &&
	      cmp.bug == bug_of(s) && cmp.pos0 == v->pos0 &&
	      cmp.npos == v->npos && cmp.dim0 == v->dim0 &&
	      cmp.ndim == v->ndim)) {
		n = n > CMP_MAX ? CMP_MAX : n < 3 ? 3 : n;
		n = n < v->npos ? n : v->npos;
		work = malloc((size_t)pe_variant_compare_workspace(p->d_model, (int)n) *
			      sizeof *work);
		if (!work)
			return false;
		for (int j = 0; j < n; j++)
			pos[j] = n == 1 ? (double)v->pos0
				 : (double)(v->pos0 + (v->npos - 1) * j / (n - 1));
		cmp = (struct cmp_memo){
			*p, bug_of(s), v->pos0, v->npos, v->dim0, v->ndim, (int)n,
			pe_variant_compare(p, bug_of(s), pos, (int)n, v->dim0,
					   v->ndim, work),
			true
		};
		free(work);
	}
	*out = cmp;
	return true;
}

static enum verdict verdict_of(const struct state *s, const struct cmp_memo *m)
{
	if (bug_of(s) == PE_BUG_FLOAT32 &&
	    s->view.pos0 + s->view.npos - 1 < F32_VISIBLE)
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
	struct cmp_memo m;
	char a[32], b[32];
	const char *note = "";
	size_t len;

	if (!cmp_get(s, &m)) {
		snprintf(text, n, "Out of memory: no measurements.");
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

/* Makes the waves and tables match s for n samples centred on n equal
 * slices of the window, each the mean over its slice. */
static bool sim_tables(const struct state *s, int n)
{
	const struct pe_params *p = &s->cur.pe;
	const struct viewport *v = &s->view;
	double m = (double)v->npos / n;
	size_t tsize = pe_sim_table_size(p->d_model, n);

	if (sim.valid && sim.pe.d_model == p->d_model && sim.pe.base == p->base &&
	    sim.pe.layout == p->layout && sim.bug == bug_of(s) &&
	    sim.pos0 == v->pos0 && sim.npos == v->npos && sim.n == n)
		return true;
	sim.valid = sim.v_valid = false;
	for (int k = 0; k < 2; k++) {
		enum pe_bug b = k == 0 ? PE_BUG_NONE : bug_of(s);
		struct pe_wave *nw = realloc(sim.waves[k],
					     (size_t)p->d_model * sizeof *nw);
		double *nt;

		if (!nw)
			return false;
		sim.waves[k] = nw;
		nt = realloc(sim.table[k], tsize * sizeof *nt);
		if (!nt)
			return false;
		sim.table[k] = nt;
		for (int dim = 0; dim < p->d_model; dim++)
			sim.waves[k][dim] = pe_variant_wave(p, b, dim);
		pe_sim_table_fill(sim.waves[k], p->d_model,
				  (double)v->pos0 + 0.5 * m - 0.5, m, m, n,
				  sim.table[k]);
	}
	sim.pe = *p;
	sim.bug = bug_of(s);
	sim.pos0 = v->pos0;
	sim.npos = v->npos;
	sim.n = n;
	sim.valid = true;
	return true;
}

/* The two curves (correct, then with the mistake), n samples each; NULL
 * when memory runs out. A new position only weighs the cached tables. */
static const double *sim_get(const struct state *s, int n)
{
	double *nv;

	if (!sim_tables(s, n))
		return NULL;
	if (sim.v_valid && sim.pos == s->cur.pos)
		return sim.v;
	nv = realloc(sim.v, 2 * (size_t)n * sizeof *nv);
	if (!nv)
		return NULL;
	sim.v = nv;
	for (int k = 0; k < 2; k++)
		pe_sim_table_eval(sim.waves[k], s->cur.pe.d_model,
				  (double)s->cur.pos, sim.table[k], n,
				  sim.v + (size_t)k * (size_t)n);
	sim.pos = s->cur.pos;
	sim.v_valid = true;
	return sim.v;
}

/* ---- layout ---- */

static void bugs_layout(const struct state *s, struct rect r,
			const char *numbers, struct bugs_layout *l)
{
	const struct pe_bug_info *info = pe_bug_info(bug_of(s));
	int y = r.y, rows = r.h, eff, num, plots, heat_h;

	memset(l, 0, sizeof *l);
	l->title_y = rows > 0 ? y++ : -1;
	l->code_y = rows > 1 ? y++ : -1;
	eff = view_text_rows(info->effect, r.w);
	num = view_text_rows(numbers, r.w);
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
	int used, kw = canvas_text_width(keys);

	if (l->title_y >= 0) {
		snprintf(line, sizeof line, "Mistake %d/%d: %s", s->knobs.bug + 1,
			 (int)PE_BUG_COUNT, info->title);
		used = canvas_text(c, r.x, l->title_y, r.w, line, title_style);
		if (used + 2 + kw <= r.w)
			canvas_text(c, r.x + r.w - kw, l->title_y, kw, keys,
				    dim_style);
	}
	if (l->code_y >= 0) {
		/* "wrong: " only where the whole line fits with it. */
		used = 0;
		if (7 + canvas_text_width(info->code) <= r.w)
			used = canvas_text(c, r.x, l->code_y, r.w, "wrong: ",
					   dim_style);
		canvas_text(c, r.x + used, l->code_y, r.w - used, info->code,
			    code_style);
	}
	view_text_draw(c, l->effect, info->effect, text_style);
}

static void draw_heat_box(const struct state *s, struct canvas *c,
			  struct rect r, enum pe_bug bug, struct heat_cache *hc)
{
	struct heat_plot hp = { &s->cur.pe, bug, &s->view, s->cur.pos,
				s->cur.dim, !s->ascii };

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
	int n, x = in.x;

	snprintf(title, sizeof title, "Similarity to p = %lld", s->cur.pos);
	canvas_box(c, r, title, border_style, title_style);
	if (in.h - legend - ticks < 1 || in.w - gutter < 2)
		return;
	a = (struct plot_area){ { s->view.pos0, s->view.npos, in.x + gutter,
				  in.w - gutter },
				in.y + legend, in.h - legend - ticks, -1.0, 1.0, 0 };
	if (legend) {
		x += canvas_text(c, x, in.y, in.w, "correct  ",
				 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
		canvas_text(c, x, in.y, in.x + in.w - x, "with the mistake",
			    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
	}
	n = sim_samples(s->cur.pe.d_model, a.ax.w, s->view.npos);
	v = sim_get(s, n);
	if (v) {
		double m = (double)s->view.npos / n;
		double first = (double)s->view.pos0 + 0.5 * m - 0.5;

		/* Down to the lowest value either curve reaches, in steps of
		 * 0.5, so that a curve that stays high gets the rows. */
		a.ymin = 0.0;
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

void bugs_draw(const struct state *s, struct canvas *c, struct rect r)
{
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
	view_text_draw(c, l.numbers, numbers, text_style);
	canvas_set_clip(c, old);
}
