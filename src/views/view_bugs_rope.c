/* view_bugs_rope.c - the bugs view's RoPE entry (see view_bugs_rope.h).
 *
 *   ┌ s₁: RoPE as made ─────┐┌ s₂: other pairing ────┐
 *   │ p  scores, rows p     ││    the same weights   │
 *   │    columns q          ││    rotate_half code   │
 *   └───────────────────────┘└───────────────────────┘
 *   ┌ Scores of the query at p = 37 ──────────────────┐
 *   │ s₁ and s₂ against q                             │
 *   └─────────────────────────────────────────────────┘
 *
 * Caches, each keyed on what it depends on:
 *   model_c    the model's tables (attn_fill_step): d, base;
 *   grid       both matrices on the lattice: those and the lattice
 *              (pos0, step, n); mem: positions, scores, scratch;
 *   row        the row of the selected query: those and the position;
 *   shown, shown_row  the last finished ones, for their job's key. */
#include "views/view_bugs_rope.h"
#include "views/panel.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "base/tr.h"
#include "render/colour_bar.h"
#include "render/plot.h"

enum {
	CHUNK = 32,		/* pairs a step: ~1 ms of dot products on a
				   full lattice */
	SCHEMES = 2,		/* as made, unpermuted */
	HEAT_COLS_MIN = 8	/* a matrix keeps this many columns beside
				   the colour bar (and as many as it shows
				   rows of the lattice), or goes without it */
};

static const enum attn_scheme schemes[SCHEMES] = {
	ATTN_ROPE, ATTN_ROPE_MISMATCH
};
static const enum role scheme_role[SCHEMES] = { ROLE_TRACE1, ROLE_TRACE2 };

/* By size (views/panel.h): a score map from 4 x 1 cells, its last
 * query's label from 2 rows; the row's curves: the legend from 4 rows
 * inside, ticks from 3, the value labels' gutter (8 columns) from 14. */
static const struct tier map_least[] = { { 4, 1, 1 } };
static const struct tier last_label[] = { { 0, 2, 1 } };
static const struct tier row_legend[] = { { 0, 4, 1 } };
static const struct tier row_ticks[] = { { 0, 3, 1 } };
static const struct tier row_gutter[] = { { 14, 0, 8 } };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* What the published numbers are, in shown.out. */
enum { OUT_DIFF, OUT_SCALE, OUT_SPREAD1, OUT_SPREAD2, OUT_GROUPS, OUT_N };

/* ---- the lattice ---- */

/* Positions pos0 + k * step, k < n, over the window. */
struct lattice {
	long long pos0, step;
	int n;
};

/* The lattice for a window with at least `want` points where it has them:
 * step = ceil(npos / n) keeps the last point inside the window. */
static struct lattice lattice_of(const struct state *s, int want)
{
	long long npos = s->window.npos, n = want < 1 ? 1 : want, step;

	if (n > ROPE_ZOO_LATTICE)
		n = ROPE_ZOO_LATTICE;
	if (n > npos)
		n = npos;
	step = (npos + n - 1) / n;
	n = (npos + step - 1) / step;
	return (struct lattice){ s->window.pos0, step, (int)n };
}

/* The insides of box r, where a matrix is drawn: a gutter of position
 * labels on the left, a tick row below. */
static struct rect heat_area(const struct state *s, struct rect r)
{
	char buf[32];
	int g = snprintf(buf, sizeof buf, "%lld",
			 s->window.pos0 + s->window.npos - 1) + 1;
	struct rect in = panel_inside(r);
	struct rect a = { in.x + g, in.y, in.w - g, in.h - 1 };

	if (!TIER(map_least, a.w, a.h))
		a.w = a.h = 0;
	return a;
}

static int lattice_want(const struct state *s, const struct rope_zoo_boxes *b)
{
	struct rect a = heat_area(s, b->good);
	int want = a.w > 2 * a.h ? a.w : 2 * a.h;

	return want > 0 ? want : 2 * b->curves.w;
}

/* ---- the model ---- */

static enum attn_weights weights_for(int d)
{
	return d <= ATTN_RANDOM_D_MAX ? ATTN_W_RANDOM : ATTN_W_IDENTITY;
}

static bool model_step(struct cache *c, void *arg)
{
	(void)c;
	return attn_fill_step(arg);
}

/* Whether the model for s is ready, preparing or filling it if not. */
static bool model_ready(struct rope_zoo *z, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = { { p->d_model, p->base } };

	if (cache_start(&z->model_c, &k, 0)) {
		struct attn_setup set = {
			{ p->d_model, p->base, PE_INTERLEAVED },
			weights_for(p->d_model), ATTN_CONTENT_TOKENS, 1,
			ROPE_ZOO_SEED, 0.0
		};

		if (z->have_model)
			attn_free(&z->model);
		z->have_model = attn_init(&z->model, &set);
		if (!z->have_model) {
			cache_free(&z->model_c);
			return false;
		}
	}
	return cache_run(&z->model_c, model_step, &z->model);
}

/* ---- score jobs ---- */

/* A job's key: the model's, the lattice, and the query (the row's
 * position, or -1 for the whole grid). */
enum { KEY_POS0 = 2, KEY_STEP = 3, KEY_N = 4, KEY_QUERY = 5 };

static struct cache_key job_key(const struct state *s, struct lattice l,
				long long query)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, (double)l.pos0,
				     (double)l.step, l.n, (double)query } };
}

/* The sizes of a job of key k: queries, keys. */
static int job_nq(const struct cache_key *k)
{
	return k->v[KEY_QUERY] < 0 ? (int)k->v[KEY_N] : 1;
}

/* A job's memory: positions of queries and keys, then (doubles) the two
 * score matrices (nq x nk each), the vectors of a step, and for the grid
 * room for attn_diagonal_spread. */
struct job_mem {
	long long *qpos, *kpos;
	double *out[SCHEMES], *qv, *kv, *spread;
};

static size_t job_bytes(int nq, int nk)
{
	size_t nn = (size_t)nq * (size_t)nk;

	/* the two matrices (nn each), the spread's 2 nn, and the vectors'
	 * 2 CHUNK per position */
	return (size_t)(nq + nk) * sizeof(long long) +
	       (SCHEMES * nn + 2 * nn + 2 * (size_t)CHUNK * (size_t)(nq + nk)) *
		       sizeof(double);
}

static struct job_mem job_mem(const struct cache *c, int nq, int nk)
{
	struct job_mem m;
	size_t nn = (size_t)nq * (size_t)nk;

	m.qpos = CACHE_GET(c, long long);
	m.kpos = m.qpos + nq;
	/* the doubles follow in the same untyped (malloc) block: 8-byte
	 * parts, so aligned */
	m.out[0] = CACHE_PART(c, double, (size_t)(nq + nk) * sizeof(long long));
	m.out[1] = m.out[0] + nn;
	m.spread = m.out[1] + nn;
	m.qv = m.spread + 2 * nn;
	m.kv = m.qv + 2 * (size_t)CHUNK * (size_t)nq;
	return m;
}

/* Makes the job of c be for k; false when memory runs out. */
static bool job_begin(struct cache *c, const struct cache_key *k)
{
	int nq = job_nq(k), nk = (int)k->v[KEY_N];
	struct job_mem m;

	if (!cache_start(c, k, 0))
		return true;
	if (!cache_mem(c, job_bytes(nq, nk)))
		return false;
	m = job_mem(c, nq, nk);
	for (int j = 0; j < nk; j++)
		m.kpos[j] = (long long)k->v[KEY_POS0] + j * (long long)k->v[KEY_STEP];
	if (k->v[KEY_QUERY] < 0)
		memcpy(m.qpos, m.kpos, (size_t)nk * sizeof *m.kpos);
	else
		m.qpos[0] = (long long)k->v[KEY_QUERY];
	memset(m.out[0], 0, 2 * (size_t)nq * (size_t)nk * sizeof(double));
	return true;
}

/* The next CHUNK pairs of both schemes; at[0]: pairs done. */
static bool job_step(struct cache *c, void *arg)
{
	const struct attn *a = arg;
	int h = a->set.pe.d_model / 2, nq = job_nq(&c->key);
	int nk = (int)c->key.v[KEY_N];
	int i0 = (int)c->at[0], i1 = h - i0 < CHUNK ? h : i0 + CHUNK;
	struct job_mem m = job_mem(c, nq, nk);
	struct attn_axis qa = { m.qpos, NULL, nq }, ka = { m.kpos, NULL, nk };

	for (int k = 0; k < SCHEMES; k++) {
		attn_vectors(a, schemes[k], ATTN_QUERY, &qa, i0, i1, m.qv);
		attn_vectors(a, schemes[k], ATTN_KEY, &ka, i0, i1, m.kv);
		attn_dots_add(m.qv, nq, m.kv, nk, 2 * (i1 - i0), m.out[k]);
	}
	c->at[0] = i1;
	return i1 == h;
}

/* The finished grid into shown: a copy of both matrices, and the numbers
 * (the largest difference, the largest score, each diagonal spread). */
static void grid_publish(struct rope_zoo *z)
{
	const struct cache *c = &z->grid;
	int n = (int)c->key.v[KEY_N];
	size_t nn = (size_t)n * (size_t)n;
	struct job_mem m = job_mem(c, n, n);
	struct attn_axis ax = { m.kpos, NULL, n };
	struct attn_spread sp[SCHEMES];
	double *v = CACHE_MEM(&z->shown, double, 2 * nn), diff = 0.0;

	if (!v)
		return;
	for (int k = 0; k < SCHEMES; k++)
		sp[k] = attn_diagonal_spread(m.out[k], &ax, &ax, m.spread);
	for (size_t j = 0; j < nn; j++)
		diff = fmax(diff, fabs(m.out[1][j] - m.out[0][j]));
	memcpy(v, m.out[0], 2 * nn * sizeof *v);
	cache_start(&z->shown, &c->key, 0);
	cache_publish(&z->shown, (double[]){ diff, fmax(sp[0].scale, sp[1].scale),
					     sp[0].spread, sp[1].spread,
					     sp[0].groups < sp[1].groups
						     ? sp[0].groups : sp[1].groups },
		      OUT_N);
	cache_finish(&z->shown);
}

static void row_publish(struct rope_zoo *z)
{
	const struct cache *c = &z->row;
	int n = (int)c->key.v[KEY_N];
	struct job_mem m = job_mem(c, 1, n);
	double *v = CACHE_MEM(&z->shown_row, double, 2 * (size_t)n);

	if (!v)
		return;
	memcpy(v, m.out[0], 2 * (size_t)n * sizeof *v);
	cache_start(&z->shown_row, &c->key, 0);
	cache_finish(&z->shown_row);
}

/* Runs the job of c for k, publishing it into `shown` when done. */
static void job_advance(struct rope_zoo *z, struct cache *c,
			const struct cache_key *k, struct cache *shown,
			void (*publish)(struct rope_zoo *))
{
	if (cache_ready(shown, k) || !job_begin(c, k))
		return;
	if (cache_run(c, job_step, &z->model))
		publish(z);
}

void rope_zoo_advance(struct rope_zoo *z, const struct state *s,
		      const struct rope_zoo_boxes *b)
{
	struct lattice l = lattice_of(s, lattice_want(s, b));
	struct cache_key g = job_key(s, l, -1), r = job_key(s, l, s->cur.pos);

	if (cache_ready(&z->shown, &g) && cache_ready(&z->shown_row, &r))
		return;
	if (!model_ready(z, s))
		return;
	job_advance(z, &z->grid, &g, &z->shown, grid_publish);
	job_advance(z, &z->row, &r, &z->shown_row, row_publish);
}

/* ---- the numbers ---- */

void rope_zoo_numbers(const struct rope_zoo *z, const struct state *s,
		      char *text, size_t n)
{
	const struct cache *c = &z->shown;
	const char *s1 = s->ascii ? "s1" : "s₁", *s2 = s->ascii ? "s2" : "s₂";
	char a[32], b[32], e[32], f[32];
	int d = (int)c->out_key.v[0], len;

	if (!c->have) {
		snprintf(text, n, "%s%s", tr(s->lang, "Computing the scores"),
			 s->ascii ? "..." : "…");
		return;
	}
	if (weights_for(d) == ATTN_W_RANDOM)
		len = snprintf(text, n, tr(s->lang, "W_Q and W_K seeded at "
					   "random (seed %d), one token at "
					   "every position. "), ROPE_ZOO_SEED);
	else
		len = snprintf(text, n, tr(s->lang, "W_Q = W_K = I (random "
					   "weights stop at d = %d), one "
					   "seeded token at every position. "),
			       ATTN_RANDOM_D_MAX);
	if (len < 0 || (size_t)len >= n)
		return;
	snprintf(text + len, n - (size_t)len,
		 tr(s->lang, "On %d x %d positions: max |%s - %s| = %s, where "
			     "the largest score is %s; spread along a diagonal: "
			     "%s %s, %s %s."),
		 (int)c->out_key.v[KEY_N], (int)c->out_key.v[KEY_N], s2, s1,
		 fmt_double_compact(c->out[OUT_DIFF], 3, a, sizeof a),
		 fmt_double_compact(c->out[OUT_SCALE], 3, b, sizeof b), s1,
		 fmt_double_compact(c->out[OUT_SPREAD1], 3, e, sizeof e), s2,
		 fmt_double_compact(c->out[OUT_SPREAD2], 3, f, sizeof f));
}

/* ---- drawing ---- */

/* One matrix (k) of the last finished grid in box r; beside the second,
 * where it leaves the matrix HEAT_COLS_MIN columns and as many as the
 * lattice rows it shows (its pixel rows, or all n), the colour bar of
 * both (one scale: the largest |score| of the two). Only the second's
 * area follows the scale's label: the lattice follows the first's
 * (lattice_want), which must not depend on a result. */
static void draw_matrix(const struct rope_zoo *z, const struct state *s,
			struct canvas *c, struct rect r, int k)
{
	static const char *const titles[SCHEMES] = {
		N_("%s: RoPE as the weights were made"),
		N_("%s: the other pairing, rows unpermuted"),
	};
	const struct cache *sh = &z->shown;
	struct rect a = heat_area(s, r), in, old;
	char title[160], lab[32];
	int n = (int)sh->key.v[KEY_N], row, lw = 0;
	double scale = sh->have ? sh->out[OUT_SCALE] : 0.0;

	if (k == 1 && scale > 0) {
		int rows = 2 * a.h < n ? 2 * a.h : n;

		lw = colour_bar_label_width(scale, !s->ascii);
		if (a.w - colour_bar_width(lw) >= HEAT_COLS_MIN &&
		    a.w - colour_bar_width(lw) >= rows)
			a.w -= colour_bar_width(lw);
		else
			lw = 0;
	}
	long long pos0 = (long long)sh->key.v[KEY_POS0];
	long long step = (long long)sh->key.v[KEY_STEP];

	snprintf(title, sizeof title, tr(s->lang, titles[k]),
		 k ? (s->ascii ? "s2" : "s₂") : (s->ascii ? "s1" : "s₁"));
	in = panel_open(c, r, title, NULL);
	if (a.w <= 0 || !cache_done(sh))
		return;
	old = plot_clip_push(c, in);
	for (int y = 0; y < a.h; y++)
		for (int x = 0; x < a.w; x++) {
			const double *m = CACHE_GET(sh, const double) +
					  (size_t)k * (size_t)n * (size_t)n;
			int col = x * n / a.w;
			int top = 2 * y * n / (2 * a.h);
			int bot = (2 * y + 1) * n / (2 * a.h);
			double vt = m[(size_t)top * (size_t)n + (size_t)col];
			double vb = m[(size_t)bot * (size_t)n + (size_t)col];

			canvas_half_cell(c, a.x + x, a.y + y,
					 scale > 0 ? vt / scale : 0.0,
					 scale > 0 ? vb / scale : 0.0);
		}
	if (lw > 0)
		colour_bar_draw(c, a.x + a.w + 1, a.y, a.h, lw, scale, !s->ascii,
				axis_style);
	/* The queries' positions at the top and bottom rows, and an arrow
	 * at the selected one's row. */
	snprintf(lab, sizeof lab, "%lld", pos0);
	canvas_text(c, a.x - 1 - (int)strlen(lab), a.y, (int)strlen(lab), lab,
		    axis_style);
	snprintf(lab, sizeof lab, "%lld", pos0 + (n - 1) * step);
	if (TIER(last_label, a.w, a.h))
		canvas_text(c, a.x - 1 - (int)strlen(lab), a.y + a.h - 1,
			    (int)strlen(lab), lab, axis_style);
	row = s->cur.pos >= pos0 && step > 0
		      ? (int)((s->cur.pos - pos0) / step) : -1;
	if (row >= 0 && row < n)
		/* the cell of the first pixel row showing that query */
		canvas_put(c, a.x - 1, a.y + (row * 2 * a.h + n - 1) / n / 2,
			   s->ascii ? '>' : 0x25b6,
			   (struct style){ ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD });
	plot_xticks(c, &(struct plot_axis){ s->window.pos0, s->window.npos,
					    a.x, a.w },
		    a.y + a.h, axis_style);
	canvas_set_clip(c, old);
}

/* The row of the selected query in both, as curves in box r. */
static void draw_row(const struct rope_zoo *z, const struct state *s,
		     struct canvas *c, struct rect r)
{
	const struct cache *sh = &z->shown_row;
	struct rect in = panel_inside(r);
	int legend = TIER(row_legend, in.w, in.h);
	int ticks = TIER(row_ticks, in.w, in.h);
	int gutter = TIER(row_gutter, in.w, in.h);
	int n = (int)sh->key.v[KEY_N], x = in.x;
	const double *v = cache_get(sh);
	double lo = 0.0, hi = 0.0;
	char title[96], brief[96];
	struct plot_area a;

	snprintf(title, sizeof title, tr(s->lang, "Scores of the query at p = %lld"),
		 s->cur.pos);
	snprintf(brief, sizeof brief, tr(s->lang, "Scores at p = %lld"),
		 s->cur.pos);
	panel_open(c, r, title, brief);
	if (in.h - legend - ticks < 1 || in.w - gutter < 2)
		return;
	if (legend)
		for (int k = 0; k < SCHEMES; k++) {
			x += canvas_text(c, x, in.y, in.x + in.w - x,
					 k ? (s->ascii ? "s2" : "s₂")
					   : (s->ascii ? "s1" : "s₁"),
					 (struct style){ (uint8_t)scheme_role[k],
							 ROLE_DEFAULT, ATTR_BOLD });
			x += canvas_text(c, x, in.y, in.x + in.w - x, "  ",
					 axis_style);
		}
	if (!cache_done(sh))
		return;
	for (int j = 0; j < 2 * n; j++) {
		lo = fmin(lo, v[j]);
		hi = fmax(hi, v[j]);
	}
	if (hi <= lo)
		hi = lo + 1.0;
	a = (struct plot_area){
		{ s->window.pos0, s->window.npos, in.x + gutter, in.w - gutter },
		in.y + legend, in.h - legend - ticks, lo, hi, 0
	};
	for (int k = 0; k < SCHEMES; k++)
		plot_samples(c, &a, sh->key.v[KEY_POS0], sh->key.v[KEY_STEP],
			     v + (size_t)k * (size_t)n, n, scheme_role[k]);
	plot_marker(c, &a.ax, a.y0, a.h, s->cur.pos, marker_style);
	if (gutter) {
		char lab[32];

		plot_ylabel(c, &a, in.x, gutter - 1, hi, fmt_double_compact(hi, 3, lab, sizeof lab),
			    axis_style);
		plot_ylabel(c, &a, in.x, gutter - 1, lo, fmt_double_compact(lo, 3, lab, sizeof lab),
			    axis_style);
	}
	if (ticks)
		plot_xticks(c, &a.ax, in.y + in.h - 1, axis_style);
}

void rope_zoo_draw(const struct rope_zoo *z, const struct state *s,
		   struct canvas *c, const struct rope_zoo_boxes *b)
{
	draw_matrix(z, s, c, b->good, 0);
	draw_matrix(z, s, c, b->bad, 1);
	draw_row(z, s, c, b->curves);
}

void rope_zoo_free(struct rope_zoo *z)
{
	if (z->have_model)
		attn_free(&z->model);
	z->have_model = false;
	cache_free(&z->model_c);
	cache_free(&z->grid);
	cache_free(&z->row);
	cache_free(&z->shown);
	cache_free(&z->shown_row);
}
