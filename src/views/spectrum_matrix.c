/* spectrum_matrix.c - the spectrum view on a loaded matrix (state.matrix):
 * each dimension's dominant period along the positions, from a DFT of its
 * column (engine/pe_matrix.h: pe_matrix_period), in place of the
 * formula's 2π·base^(2i/d).
 *
 *   headline  "dominant period of each of 768 dims: a DFT along 1024
 *             positions"
 *   selected  "dim 4: period 12.5 positions"
 *   plot      log10 of each dimension's period against the dimension, a
 *             dot each (learned periods need not grow in order), from 2
 *             (the shortest a DFT of L samples sees) to L; the selected
 *             dimension marked
 *   ticks     dimension
 * The periods cost an FFT of L points a dimension (engine/fft.h, some
 * 30 us at L = 1024, more for the longest matrices): they are computed
 * once per matrix, a dimension a step under the frame's budget
 * (render/cache.h), and the headline counts them while they come. */
#include "views/spectrum_matrix.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "render/plot.h"
#include "views/panel.h"

enum { TEXT_MAX = 256, GUTTER = 6 };

/* By size (views/panel.h): the two text lines from 1 row, the plot from
 * 4 rows of inside (2 text, 2 plot), its tick row from 6, y labels from
 * 20 columns. */
static const struct tier plot_rows[] = { { 2, 4, 1 } };
static const struct tier tick_row[] = { { 0, 6, 1 } };
static const struct tier labels[] = { { 20, 0, 1 } };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style cursor_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* One dimension's period a step: at[0] is the next dimension. */
static bool period_step(struct cache *c, const void *arg)
{
	const struct pe_matrix *m = arg;
	double *out = CACHE_MEM(c, double, m->cols);
	int i = (int)c->at[0];

	if (!out)
		return true;
	out[i] = pe_matrix_period(m, i);
	c->at[0] = i + 1;
	return i + 1 >= m->cols;
}

/* The periods of m, or NULL while they are computed (*done says how many
 * are). */
static const double *periods(struct cache *c, const struct pe_matrix *m,
			     int *done)
{
	struct cache_key k = { { (double)(uintptr_t)m, (double)m->rows,
				 m->cols } };

	cache_start(c, &k, 0);
	if (cache_run_const(c, period_step, m) && CACHE_GET(c, double)) {
		*done = m->cols;
		return CACHE_GET(c, const double);
	}
	*done = (int)c->at[0];
	return NULL;
}

/* The y labels: 2, each decade below L, and L, on the rows of their
 * log10. */
static void draw_yaxis(struct canvas *c, const struct plot_area *a, int x,
		       long long rows)
{
	char t[24];

	plot_ylabel(c, a, x, GUTTER - 1, log10(2.0), "2", axis_style);
	for (double e = 1.0; pow(10.0, e) < (double)rows / 2.0; e += 1.0) {
		plot_value_label(pow(10.0, e), pow(10.0, e), t, sizeof t);
		plot_ylabel(c, a, x, GUTTER - 1, e, t, axis_style);
	}
	snprintf(t, sizeof t, "%lld", rows);
	plot_ylabel(c, a, x, GUTTER - 1, log10((double)rows), t, axis_style);
}

static void draw_plot(const struct state *s, const double *per,
		      struct canvas *c, struct rect in)
{
	const struct pe_matrix *m = s->matrix;
	int gutter = TIER(labels, in.w, in.h) ? GUTTER : 0;
	int ticks = TIER(tick_row, in.w, in.h);
	struct plot_area a = {
		{ 0, m->cols, in.x + gutter, in.w - gutter },
		in.y + 2, in.h - 2 - ticks, log10(2.0),
		log10(fmax((double)m->rows, 4.0)), 0	/* at least 2 to 4 */
	};

	for (int i = 0; i < m->cols; i++)
		if (per[i] > 0.0)
			plot_dot(c, &a, i, log10(per[i]),
				 i == s->cur.dim ? ROLE_CURSOR : ROLE_TRACE1);
	plot_marker(c, &a.ax, a.y0, a.h, s->cur.dim, cursor_style);
	if (gutter)
		draw_yaxis(c, &a, in.x, m->rows);
	if (ticks)
		plot_xticks(c, &a.ax, in.y + in.h - 1, axis_style);
}

void spectrum_matrix_draw(const struct state *s, struct cache *c,
			  struct canvas *cv, struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(cv, r), in;
	char t[TEXT_MAX];
	int done;
	const double *per = periods(c, m, &done);

	canvas_fill(cv, r, ' ', plain);
	in = panel_open(cv, r, tr(s->lang, "Spectrum: the dominant period of "
				  "each dimension"), NULL);
	if (per)
		snprintf(t, sizeof t, tr(s->lang, "period of each of %d dims "
					  "of %s: a DFT along %lld positions"),
			 m->cols, s->matrix_name, m->rows);
	else
		snprintf(t, sizeof t, tr(s->lang, "computing the periods: %d of "
					  "%d dims"), done, m->cols);
	canvas_text(cv, in.x, in.y, in.w, t, plain);
	if (per) {
		if (per[s->cur.dim] > 0.0) {
			char num[32];

			fmt_double_compact(per[s->cur.dim], 4, num, sizeof num);
			snprintf(t, sizeof t, tr(s->lang, "dim %d: period %s "
						  "positions"), s->cur.dim, num);
		} else {
			snprintf(t, sizeof t, tr(s->lang, "dim %d: constant, "
						  "no period"), s->cur.dim);
		}
		canvas_text(cv, in.x, in.y + 1, in.w, t, cursor_style);
		if (TIER(plot_rows, in.w, in.h))
			draw_plot(s, per, cv, in);
	}
	canvas_set_clip(cv, old);
}
