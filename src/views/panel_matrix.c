/* panel_matrix.c - the explorer's waveform, similarity and inspector
 * panels on a loaded matrix M (state.matrix, engine/pe_matrix.h) in place
 * of the formula: the one place where those panels read the matrix (each
 * panel's draw hands over here when a matrix is loaded; the heatmap reads
 * it through its grid, render/heat_cache.h).
 *
 *   waves       M[q][dim] and M[q][dim ^ 1] (the neighbour the formula
 *               would pair it with) against q over the window, on a y axis
 *               of +-max|M|: the column of a dimension, as plot_curve draws
 *               any function of position (a dot column shows the range of
 *               the values it covers, never one sample)
 *   similarity  cos(M[p], M[q]) for q over the window, each dot column the
 *               mean over the positions it covers, as the formula's panel
 *               averages its curve
 *   inspector   "M[p][i] = v  (loaded from FILE)", the row's norm |M[p]|,
 *               what the colours stand for (+-max|M|) and the matrix's
 *               shape */
#include "views/panel_matrix.h"

#include <math.h>
#include <stdio.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "render/plot.h"
#include "views/panel.h"

enum {
	LINE_MAX = 256,
	SAMPLES_MAX = 2 * CANVAS_MAX + 2,	/* a similarity sample per dot
						 * column */
	GUTTER = 7		/* "-0.123" and a blank */
};

/* By size (views/panel.h): a plot from 2 x 1 inside, y labels from 16
 * columns, the tick row from 3 rows; the inspector boxed from 2 rows. */
static const struct tier plot_least[] = { { 2, 1, 1 } };
static const struct tier labels[] = { { 16, 0, 1 } };
static const struct tier ticks[] = { { 0, 3, 1 } };
static const struct tier boxed[] = { { 0, 2, 1 } };

static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* The plot area inside r over the window, from ymin to ymax, with room
 * for y labels and x ticks where the size has it; area.h 0 when nothing
 * fits. *tick_y is the tick row or -1, *gutter the label columns. */
static struct plot_area area_in(const struct state *s, struct rect in,
				double ymin, double ymax, int *tick_y,
				int *gutter)
{
	struct plot_area a = { { 0, 1, 0, 1 }, 0, 0, ymin, ymax, 0 };

	*tick_y = -1;
	*gutter = 0;
	if (!TIER(plot_least, in.w, in.h))
		return a;
	if (TIER(labels, in.w, in.h))
		*gutter = GUTTER;
	if (TIER(ticks, in.w, in.h))
		*tick_y = in.y + in.h - 1;
	a.ax = (struct plot_axis){ s->window.pos0, s->window.npos,
				   in.x + *gutter, in.w - *gutter };
	a.y0 = in.y;
	a.h = in.h - (*tick_y >= 0);
	return a;
}

bool matrix_plot_hit(const struct state *s, struct rect r, int x, int y,
		     long long *pos)
{
	int tick_y, gutter;
	struct plot_area a = area_in(s, panel_inside(r), -1.0, 1.0, &tick_y,
				     &gutter);
	int last = tick_y >= 0 ? tick_y : a.y0 + a.h - 1;

	if (a.h <= 0 || a.ax.w <= 0 || x < a.ax.x0 || x >= a.ax.x0 + a.ax.w ||
	    y < a.y0 || y > last)
		return false;
	/* as waves_hit: a click on the marker keeps the selection */
	*pos = x == plot_col_of_pos(&a.ax, s->cur.pos) ? s->cur.pos
						       : plot_pos_of_col(&a.ax, x);
	return true;
}

/* ---- waves ---- */

struct column {
	const struct pe_matrix *m;
	int dim;
};

/* M[q][dim] at the position nearest pos (plot_curve asks at dot centres
 * when the window has fewer positions than dot columns). */
static double column_at(const void *ctx, double pos)
{
	const struct column *col = ctx;
	long long q = llround(pos);

	q = q < 0 ? 0 : q >= col->m->rows ? col->m->rows - 1 : q;
	return pe_matrix_value(col->m, q, col->dim);
}

void matrix_waves_draw(const struct state *s, struct canvas *c, struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(c, r);
	int dim = s->cur.dim, partner = dim ^ 1, tick_y, gutter;
	double top = m->absmax > 0.0 ? m->absmax : 1.0;
	char title[96];
	struct rect in;
	struct plot_area a;

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	snprintf(title, sizeof title, tr(s->lang, "Waves M[q][%d] and M[q][%d]"),
		 dim, partner);
	in = panel_open(c, r, title, NULL);
	a = area_in(s, in, -top, top, &tick_y, &gutter);
	if (a.h > 0 && a.ax.w > 0) {
		struct column cp = { m, partner }, cd = { m, dim };
		struct plot_fn fp = { column_at, &cp, 0.0, 0.0, 0.0 };
		struct plot_fn fd = { column_at, &cd, 0.0, 0.0, 0.0 };

		plot_curve(c, &a, &fp, ROLE_TRACE2);
		plot_curve(c, &a, &fd, ROLE_TRACE1);
		plot_marker(c, &a.ax, a.y0, a.h, s->cur.pos, marker_style);
		if (gutter > 0)
			plot_yticks(c, &a, in.x, gutter - 1, axis_style);
		if (tick_y >= 0)
			plot_xticks(c, &a.ax, tick_y, axis_style);
	}
	canvas_set_clip(c, old);
}

/* ---- similarity ---- */

void matrix_similarity_draw(const struct state *s, struct canvas *c,
			    struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(c, r);
	char title[96];
	int tick_y, gutter;
	struct rect in;
	struct plot_area a;

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	snprintf(title, sizeof title,
		 tr(s->lang, "Similarity cos(M[%lld], M[q])"), s->cur.pos);
	in = panel_open(c, r, title, NULL);
	a = area_in(s, in, -1.0, 1.0, &tick_y, &gutter);
	if (a.h > 0 && a.ax.w > 0) {
		double line[SAMPLES_MAX];
		int n = 2 * a.ax.w;

		/* dot column j: the mean over the positions it covers */
		for (int j = 0; j < n; j++) {
			long long lo, cnt;
			double sum = 0.0;

			plot_col_items(a.ax.pos0, a.ax.npos, n, j, &lo, &cnt);
			for (long long q = lo; q < lo + cnt; q++)
				sum += pe_matrix_cos(m, s->cur.pos, q);
			line[j] = sum / (double)cnt;
		}
		a.ymin = plot_similarity_ymin(line, n);
		plot_samples(c, &a, plot_dot_pos(&a.ax, 0),
			     plot_dot_span(&a.ax), line, n, ROLE_TRACE1);
		plot_dot(c, &a, s->cur.pos, 1.0, ROLE_CURSOR);
		plot_marker(c, &a.ax, a.y0, a.h, s->cur.pos, marker_style);
		if (gutter > 0)
			plot_yticks(c, &a, in.x, gutter - 1, axis_style);
		if (tick_y >= 0)
			plot_xticks(c, &a.ax, tick_y, axis_style);
	}
	canvas_set_clip(c, old);
}

/* ---- inspector ---- */

/* The inspector's lines, most important first; returns how many. */
static int inspector_lines(const struct state *s, char lines[][LINE_MAX])
{
	const struct pe_matrix *m = s->matrix;
	char v[32], norm[32], top[32];
	const char *pipe = s->ascii ? "||" : "\u2016";
	int n = 0;

	fmt_double_compact(pe_matrix_value(m, s->cur.pos, s->cur.dim), 6, v,
			   sizeof v);
	fmt_double_compact(pe_matrix_norm(m, s->cur.pos), 6, norm, sizeof norm);
	fmt_double_compact(m->absmax, 6, top, sizeof top);
	snprintf(lines[n++], LINE_MAX, tr(s->lang, "M[%lld][%d] = %s   loaded "
		 "from %s"), s->cur.pos, s->cur.dim, v, s->matrix_name);
	snprintf(lines[n++], LINE_MAX, "%sM[%lld]%s = %s", pipe, s->cur.pos,
		 pipe, norm);
	snprintf(lines[n++], LINE_MAX, tr(s->lang, "colour scale -%s to +%s: "
		 "max |M|"), top, top);
	snprintf(lines[n++], LINE_MAX, tr(s->lang, "%lld positions by %d "
		 "dimensions, learned: no formula"), m->rows, m->cols);
	return n;
}

void matrix_inspector_draw(const struct state *s, struct canvas *c,
			   struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	char lines[4][LINE_MAX];
	int n = inspector_lines(s, lines);
	struct rect in;

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	if (!TIER(boxed, r.w, r.h)) {	/* folded: the value alone */
		canvas_text(c, r.x, r.y, r.w, lines[0],
			    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD });
		canvas_set_clip(c, old);
		return;
	}
	in = panel_open(c, r, tr(s->lang, "Inspector"), NULL);
	for (int k = 0; k < n && k < in.h; k++)
		canvas_text(c, in.x, in.y + k, in.w, lines[k],
			    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT,
					    k == 0 ? ATTR_BOLD : 0 });
	canvas_set_clip(c, old);
}
