/* panel_similarity.c - cos(PE(p), PE(q)) for q across the visible window,
 * with p the selected position.
 *
 * What a point shows: the mean similarity over the positions it stands
 * for, a sample of engine/pe_sim_ring.h's grid of offsets k = g m
 * (g an integer; m = npos / ns, with ns samples across the plot: one per
 * braille dot column unless the budget below says fewer). A peak narrower
 * than m is averaged down, so the marker at q = p ends in a dot at 1, the
 * exact peak.
 *
 * Cost. The ring keeps the samples already computed, so when p or the
 * window moves (playing, stepping, panning, clicking) a frame computes
 * only the samples that came into view. A fresh run (new d, base or zoom,
 * or a jump beyond the run) costs two cosines per pair plus the recurrence
 * for every sample; SIM_BUDGET caps that at large d by taking fewer
 * samples than dot columns, joined by lines. */
#include "views/panels.h"
#include "base/tr.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_sim_ring.h"
#include "render/plot.h"
#include "views/panel.h"

enum {
	RING = 2 * CANVAS_MAX + 8,	/* samples kept: a full plot and its
					 * two overhanging samples */
	SIM_BUDGET = 1 << 20,		/* pair-samples for a fresh run */
	SAMPLES_MIN = 64,		/* fewer would not look like a curve */
	LABEL_COLS_MIN = 10		/* narrower: no y labels */
};

/* By size (views/panel.h): a plot from 2 x 1 inside, its tick row from
 * 3 rows, the dashed zero line from 3 rows of plot. */
static const struct tier sim_least[] = { { 2, 1, 1 } };
static const struct tier sim_ticks[] = { { 0, 3, 1 } };
static const struct tier zero_line[] = { { 0, 3, 1 } };

static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* The panel's samples: the ring that keeps them (engine/pe_sim_ring.h)
 * and the ones a frame draws, in order. */
struct sim_cache {
	struct pe_sim_ring *ring;
	double line[RING];
};

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
	l->in = panel_inside(r);
	if (!TIER(sim_least, l->in.w, l->in.h))
		return;
	if (l->in.w >= LABEL_COLS_MIN)
		l->gutter = 6;		/* "-0.75" and a blank */
	if (TIER(sim_ticks, l->in.w, l->in.h))
		l->tick_y = l->in.y + l->in.h - 1;
	l->area = (struct plot_area){
		{ s->window.pos0, s->window.npos, l->in.x + l->gutter,
		  l->in.w - l->gutter },
		l->in.y, l->in.h - (l->tick_y >= 0), -1.0, 1.0, 0
	};
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

	pe_sim_ring_ensure(sc->ring, &s->cur.pe, m, ga, gb);
	for (long long g = ga; g <= gb; g++)
		sc->line[g - ga] = pe_sim_ring_at(sc->ring, g);
	*n = (int)(gb - ga + 1);
	*first = (double)s->cur.pos + (double)ga * m;
	*step = m;
}

/* An empty cache, or NULL when memory runs out. */
static struct sim_cache *sim_cache_new(void)
{
	struct sim_cache *sc = calloc(1, sizeof *sc);

	if (sc && !(sc->ring = pe_sim_ring_new(RING))) {
		free(sc);
		sc = NULL;
	}
	return sc;
}

void similarity_free(struct sim_cache *sc)
{
	if (!sc)
		return;
	pe_sim_ring_free(sc->ring);
	free(sc);
}

void similarity_draw(const struct state *s, struct sim_cache **sc,
		     struct canvas *c, struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct sim_layout l;
	const struct plot_area *a = &l.area;
	char title[96];

	/* Blank first: the marker and zero line look for empty cells, and a
	 * panel owns its whole rectangle. */
	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	/* the selected position in the formula: it says which p the curve
	 * is measured from */
	snprintf(title, sizeof title, tr(s->lang, "Similarity cos(PE(%lld), PE(q))"),
		 s->cur.pos);
	panel_open(c, r, title, NULL);
	sim_layout(s, r, &l);
	if (!*sc)
		*sc = sim_cache_new();
	if (a->h > 0 && a->ax.w > 0 && *sc) {
		int n;
		double first, step;

		curve_samples(*sc, s, a, &n, &first, &step);
		l.area.ymin = plot_similarity_ymin((*sc)->line, n);
		plot_samples(c, a, first, step, (*sc)->line, n, ROLE_TRACE1);
		plot_dot(c, a, s->cur.pos, 1.0, ROLE_CURSOR);
		plot_marker(c, &a->ax, a->y0, a->h, s->cur.pos, marker_style);
		if (TIER(zero_line, a->ax.w, a->h) && !s->ascii && a->ymin <= 0.0)
			plot_zero_line(c, a);
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
