/* panel_similarity.c - cos(PE(p), PE(q)) for q across the visible window,
 * with p the selected position.
 *
 * What a point shows. The cosine similarity is s(k) = sum_i cos(k w_i) / (d/2)
 * with k = q - p (pe_cos_similarity over all pairs; |PE|^2 = d/2). The curve
 * is sampled on a grid of offsets k = g m (g an integer; m = npos / ns, with
 * ns samples across the plot: one per braille dot column unless the budget
 * below says fewer), and each sample is the mean of s over the m offsets
 * spaced one position apart around g m: pair i contributes D_i cos(g m w_i),
 * D_i = sin(m w_i/2) / (m sin(w_i/2)) (pe.h's block mean, here with a
 * possibly fractional m), and D_i = 1 when m <= 1, where a sample stands for
 * at most one position and is the value there. Why means and not point
 * samples: the fast pairs point-sampled every m positions alias into false
 * slow wiggles, while the mean is what those positions really average to, at
 * the same cost. Its price: a peak narrower than m is averaged down, so the
 * marker at q = p ends in a dot at 1, the exact peak.
 *
 * Cost. Grid samples are evenly spaced, so each pair's cos(g m w_i) follows
 * the three-term recurrence c(g+1) = 2 cos(m w_i) c(g) - c(g-1): one
 * multiply-subtract-add per pair and sample, no cosine. The grid is anchored
 * at k = 0, not at the window, so when p or the window moves (playing,
 * stepping, panning, clicking) the samples already computed stay valid: the
 * cache keeps a run of samples and the recurrence state at both of its ends,
 * and a frame computes only the samples that came into view. A fresh run (new
 * d, base or zoom, or a jump beyond the run) costs two cosines per pair plus
 * the recurrence for every sample; SIM_BUDGET caps that at large d by taking
 * fewer samples than dot columns, joined by lines. The recurrence's rounding
 * grows like steps^2 ulp and its phase error like steps * 1e-8 rad, so each
 * end is re-seeded from cosines every RESEED samples: the error stays under
 * 2e-5, invisible. */
#include "views/panels.h"
#include "base/tr.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "render/cache.h"
#include "render/plot.h"

enum {
	PAIRS_MAX = PE_D_MAX / 2,
	RING = 2 * CANVAS_MAX + 8,	/* samples kept: a full plot and its
					 * two overhanging samples */
	SIM_BUDGET = 1 << 20,		/* pair-samples for a fresh run */
	SAMPLES_MIN = 64,		/* fewer would not look like a curve */
	RESEED = 1024,			/* samples between re-seeds of an end */
	OMEGA_RESEED = 64,		/* pairs between pow() calls */
	LABEL_COLS_MIN = 10		/* narrower: no y labels */
};

static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* One end of the cached run: every pair's weighted cosine at the end sample
 * (`edge`) and at the sample one step inside (`inside`). The arrays swap
 * roles as the end moves outwards. */
struct sim_end {
	int dir;			/* outwards: -1 left end, +1 right end */
	bool valid;			/* false: must be seeded before use */
	int age;			/* samples advanced since seeded */
	long long g;			/* grid index of the end sample */
	double *edge, *inside;		/* into the static storage below */
};

/* The cache: per-pair constants for (d, base) and for the spacing m, the
 * run of samples [lo, hi] in a ring indexed by g mod RING, and its ends. */
struct sim_cache {
	struct cache pairs;		/* omega, half_sin are for (d, base) */
	struct cache spacing;		/* weight, twice_cos... are for
					 * (d, base, step) */
	bool valid;			/* the run below is valid for them */
	double step;			/* m, positions between samples */
	double omega[PAIRS_MAX];	/* w_i */
	double half_sin[PAIRS_MAX];	/* sin(w_i / 2) */
	double weight[PAIRS_MAX];	/* D_i / (d/2) */
	double twice_cos[PAIRS_MAX];	/* 2 cos(w_i m) */
	double step_cos[PAIRS_MAX];	/* cos(w_i m) */
	double step_sin[PAIRS_MAX];	/* sin(w_i m) */
	long long lo, hi;		/* grid indices cached, lo <= hi */
	double ring[RING];		/* sample g at ring[g mod RING] */
	struct sim_end left, right;
	double store[4][PAIRS_MAX];	/* the ends' arrays */
	double line[RING];		/* samples in order, for drawing */
};

static double *ring_at(struct sim_cache *sc, long long g)
{
	long long r = g % RING;

	return &sc->ring[r < 0 ? r + RING : r];
}

/* Advances one end outwards by a sample and returns the sample's value:
 * every pair's next = 2 cos(w m) edge - inside (pe_cosine_step). This is
 * nearly all the work. */
static double sim_advance(struct sim_cache *sc, int h, struct sim_end *e)
{
	double *next = e->inside;
	double sum = pe_cosine_step(h, sc->twice_cos, e->edge, next);

	e->inside = e->edge;
	e->edge = next;
	e->age++;
	e->g += e->dir;
	return sum;
}

/* Sets end e to sample g (the inside sample is g - e->dir) from cosines.
 * Returns the value of sample g. The inside sample is the edge's angle
 * turned back by one step, m w_i, whose cosine and sine sim_prepare keeps:
 * one sin/cos per pair (a slow one near a billion, where libm reduces the
 * argument the long way) rather than two cosines. */
static double sim_seed(struct sim_cache *sc, int h, struct sim_end *e,
		       long long g)
{
	double sum = 0.0, k = (double)g * sc->step;
	double back = (double)e->dir;	/* the inside is dir steps back */

	for (int i = 0; i < h; i++) {
		double a = sc->omega[i] * k, ca = cos(a), sa = sin(a);

		e->edge[i] = sc->weight[i] * ca;
		e->inside[i] = sc->weight[i] *
			       (ca * sc->step_cos[i] + back * sa * sc->step_sin[i]);
		sum += e->edge[i];
	}
	e->valid = true;
	e->age = 0;
	e->g = g;
	return sum;
}

/* w_i and sin(w_i / 2) for every pair. w_i = r^i is taken by repeated
 * multiplication, re-seeded with pe_omega every OMEGA_RESEED pairs: a plot
 * needs far less than pow's accuracy (64 ulps of w_i move the phase at
 * k = 1e9 by 1e-5), and it saves a pow per pair when d or base changes. */
static void sim_pairs(struct sim_cache *sc, const struct pe_params *p)
{
	int h = p->d_model / 2;
	double r = pe_omega(p, 1 < h ? 1 : 0), w = 1.0;

	for (int i = 0; i < h; i++, w *= r) {
		if (i % OMEGA_RESEED == 0)
			w = pe_omega(p, i);
		sc->omega[i] = w;
		sc->half_sin[i] = sin(0.5 * w);
	}
}

/* Per-pair constants for spacing `step`; starts a new run (invalid) when
 * anything they depend on changed (the two caches' keys). With x = m w / 2 the block factor is
 * D = sin(x) / (m sin(w/2)), cos(m w) = 1 - 2 sin(x)^2 and
 * sin(m w) = 2 sin(x) cos(x), so one sin/cos per pair gives them all. */
static void sim_prepare(struct sim_cache *sc, const struct pe_params *p,
			double step)
{
	int h = p->d_model / 2;
	struct cache_key pairs = { { p->d_model, p->base } };
	struct cache_key spacing = { { p->d_model, p->base, step } };

	if (cache_start(&sc->pairs, &pairs, 0))
		sim_pairs(sc, p);
	if (!cache_start(&sc->spacing, &spacing, 0))
		return;
	for (int i = 0; i < h; i++) {
		double x = 0.5 * step * sc->omega[i], sx = sin(x), cx = cos(x);
		double f = 1.0;

		/* As pe.h's block factor: exactly 1 for a single position or a
		 * turn too small to divide by. */
		if (step > 1.0 && fabs(x) >= 0x1p-26)
			f = sx / (step * sc->half_sin[i]);
		sc->weight[i] = f / h;
		sc->twice_cos[i] = 2.0 - 4.0 * sx * sx;
		sc->step_cos[i] = 1.0 - 2.0 * sx * sx;
		sc->step_sin[i] = 2.0 * sx * cx;
	}
	sc->valid = false;
	sc->step = step;
	sc->left = (struct sim_end){ -1, false, 0, 0, sc->store[0],
				     sc->store[1] };
	sc->right = (struct sim_end){ +1, false, 0, 0, sc->store[2],
				      sc->store[3] };
}

/* Moves end e one sample outwards, re-seeding it first when it is old, and
 * drops the sample at the far end when the ring is full (which invalidates
 * that end). */
static void sim_grow(struct sim_cache *sc, int h, struct sim_end *e)
{
	struct sim_end *far = e->dir > 0 ? &sc->left : &sc->right;
	double v;

	if (e->age >= RESEED)
		sim_seed(sc, h, e, e->g);
	if (sc->hi - sc->lo + 1 >= RING) {
		if (e->dir > 0)
			sc->lo++;
		else
			sc->hi--;
		far->valid = false;
	}
	v = sim_advance(sc, h, e);
	*ring_at(sc, e->g) = v;
	if (e->dir > 0)
		sc->hi = e->g;
	else
		sc->lo = e->g;
}

/* A fresh run [a, max(b, a+1)]: seeds the left end at a, copies it turned
 * around to the right end (edge a+1, inside a), and advances that to b. */
static void sim_restart(struct sim_cache *sc, int h, long long a,
			long long b)
{
	struct sim_end *r = &sc->right;
	double next = 0.0;

	*ring_at(sc, a) = sim_seed(sc, h, &sc->left, a);
	memcpy(r->edge, sc->left.inside, sizeof(double) * (size_t)h);
	memcpy(r->inside, sc->left.edge, sizeof(double) * (size_t)h);
	for (int i = 0; i < h; i++)
		next += r->edge[i];
	*ring_at(sc, a + 1) = next;
	r->valid = true;
	r->age = 0;
	r->g = a + 1;
	sc->lo = a;
	sc->hi = a + 1;
	sc->valid = true;
	while (sc->hi < b)
		sim_grow(sc, h, r);
}

/* Makes the cache hold samples a .. b (b - a < RING) of the mean similarity
 * for parameters p and spacing step, extending the cached run when that is
 * cheaper than starting afresh. */
static void sim_ensure(struct sim_cache *sc, const struct pe_params *p,
		       double step, long long a, long long b)
{
	int h = p->d_model / 2;
	long long need;

	sim_prepare(sc, p, step);
	need = (a < sc->lo ? sc->lo - a : 0) + (b > sc->hi ? b - sc->hi : 0);
	if (!sc->valid || a > sc->hi || b < sc->lo || need > b - a + 1 ||
	    (a < sc->lo && !sc->left.valid) || (b > sc->hi && !sc->right.valid)) {
		sim_restart(sc, h, a, b);
		return;
	}
	while (sc->lo > a)
		sim_grow(sc, h, &sc->left);
	while (sc->hi < b)
		sim_grow(sc, h, &sc->right);
}

/* Samples across w cell columns at d_model d: one per dot column, fewer
 * when a fresh run would exceed the budget. */
static int sim_samples(int d, int w)
{
	long long dots = 2LL * w, h = d / 2, n = dots;

	if (n * h > SIM_BUDGET)
		n = SIM_BUDGET / h;
	if (n < SAMPLES_MIN)
		n = SAMPLES_MIN;
	if (n > dots)
		n = dots;
	return (int)n;
}

struct sim_layout {
	struct rect in;		/* inside the border */
	int gutter;		/* y label columns */
	int tick_y;		/* tick row, or -1 */
	struct plot_area area;	/* area.h == 0: nothing to plot */
};

static void sim_layout(const struct state *s, struct rect r,
		       struct sim_layout *l)
{
	memset(l, 0, sizeof *l);
	l->tick_y = -1;
	l->in = (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	if (l->in.h < 1 || l->in.w < 2)
		return;
	if (l->in.w >= LABEL_COLS_MIN)
		l->gutter = 6;		/* "-0.75" and a blank */
	if (l->in.h >= 3)
		l->tick_y = l->in.y + l->in.h - 1;
	l->area = (struct plot_area){
		{ s->window.pos0, s->window.npos, l->in.x + l->gutter,
		  l->in.w - l->gutter },
		l->in.y, l->in.h - (l->tick_y >= 0), -1.0, 1.0, 0
	};
}

/* A dotted line at value 0 on the cells the curve left empty: shows at a
 * glance where the similarity turns negative. UTF-8 only: every ASCII dot
 * ('.', '-', '\'') already stands for braille dots in ASCII sinks. */
static void draw_zero_line(struct canvas *c, const struct plot_area *a)
{
	int y = plot_row_of_value(a, 0.0);

	for (int x = a->ax.x0; x < a->ax.x0 + a->ax.w; x++) {
		const struct cell *cl = canvas_cell(c, x, y);

		if (cl && cl->kind == CELL_TEXT && cl->ch == ' ')
			canvas_put(c, x, y, 0x00b7,
				   (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
	}
}

/* The samples that cover the window, one beyond each edge so the line
 * runs to the border, at q = p + g m: into sc->line, their count into *n,
 * the position of the first into *first and the spacing into *step. */
static void curve_samples(struct sim_cache *sc, const struct state *s,
			  const struct plot_area *a, int *n, double *first,
			  double *step)
{
	const struct pe_window *v = &s->window;
	double m = (double)v->npos / sim_samples(s->cur.pe.d_model, a->ax.w);
	double k0 = (double)(v->pos0 - s->cur.pos) - 0.5;
	long long ga = (long long)floor(k0 / m);
	long long gb = (long long)ceil((k0 + (double)v->npos) / m);

	sim_ensure(sc, &s->cur.pe, m, ga, gb);
	for (long long g = ga; g <= gb; g++)
		sc->line[g - ga] = *ring_at(sc, g);
	*n = (int)(gb - ga + 1);
	*first = (double)s->cur.pos + (double)ga * m;
	*step = m;
}

/* The y range that fits the curve, the same convention as every plot of
 * a similarity: 0 .. 1 while it stays positive, else down to its lowest
 * value rounded down to a quarter (never below -1). */
static double fitted_ymin(const double *v, int n)
{
	double lo = 1.0;

	for (int j = 0; j < n; j++)
		if (isfinite(v[j]) && v[j] < lo)
			lo = v[j];
	if (lo >= 0.0)
		return 0.0;
	lo = floor(lo * 4.0) / 4.0;
	return lo < -1.0 ? -1.0 : lo;
}

void similarity_free(struct sim_cache *sc)
{
	if (!sc)
		return;
	cache_free(&sc->pairs);
	cache_free(&sc->spacing);
	free(sc);
}

void similarity_draw(const struct state *s, struct sim_cache **sc,
		     struct canvas *c, struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct sim_layout l;
	const struct plot_area *a = &l.area;

	/* Blank first: the marker and zero line look for empty cells, and a
	 * panel owns its whole rectangle. */
	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	canvas_box(c, r, tr(s->lang, "Similarity cos(PE(p), PE(q))"),
		   (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD });
	sim_layout(s, r, &l);
	if (!*sc)
		*sc = calloc(1, sizeof **sc);
	if (a->h > 0 && a->ax.w > 0 && *sc) {
		int n;
		double first, step;

		curve_samples(*sc, s, a, &n, &first, &step);
		l.area.ymin = fitted_ymin((*sc)->line, n);
		plot_samples(c, a, first, step, (*sc)->line, n, ROLE_TRACE1);
		plot_dot(c, a, s->cur.pos, 1.0, ROLE_CURSOR);
		plot_marker(c, &a->ax, a->y0, a->h, s->cur.pos, marker_style);
		if (a->h >= 3 && !s->ascii && a->ymin < 0.0)
			draw_zero_line(c, a);
		if (l.gutter > 0)
			plot_yticks(c, a, l.in.x, l.gutter - 1, axis_style);
		if (l.tick_y >= 0)
			plot_xticks(c, &a->ax, l.tick_y, axis_style);
	}
	canvas_set_clip(c, old);
}

bool similarity_hit(const struct state *s, struct rect r, int x, int y,
		    long long *pos)
{
	struct sim_layout l;
	const struct plot_axis *ax = &l.area.ax;
	int last;

	sim_layout(s, r, &l);
	if (l.area.h <= 0 || ax->w <= 0)
		return false;
	last = l.tick_y >= 0 ? l.tick_y : l.area.y0 + l.area.h - 1;
	if (x < ax->x0 || x >= ax->x0 + ax->w || y < l.area.y0 || y > last)
		return false;
	/* As in waves_hit: a click on the marker keeps the selection. */
	if (x == plot_col_of_pos(ax, s->cur.pos))
		*pos = s->cur.pos;
	else
		*pos = plot_pos_of_col(ax, x);
	return true;
}
