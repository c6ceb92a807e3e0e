/* panel_matrix.c - the explorer's waveform, similarity and inspector
 * panels on a loaded matrix M (state.matrix, engine/pe_matrix.h) in place
 * of the formula: the one place where those panels read the matrix (each
 * panel's draw hands over here when a matrix is loaded; the heatmap reads
 * it through its grid, render/heat_cache.h).
 *
 *   waves       M[q][dim] and M[q][dim ^ 1] (the neighbour the formula
 *               would pair it with) against q, on a y axis of +-max|M|:
 *               the column of a dimension, as plot_curve draws any
 *               function of position (a dot column shows the range of the
 *               values it covers, never one sample), over the window or,
 *               when the column's period is too short for it, over a
 *               narrower window around the selected position (waves_axis)
 *   similarity  cos(M[p], M[q]) for q over the window, each dot column the
 *               mean over the positions it covers, as the formula's panel
 *               averages its curve
 *   inspector   "M[p][i] = v  (loaded from FILE)", the row's norm |M[p]|,
 *               what the colours stand for (+-max|M|) and the matrix's
 *               shape
 *   heatmap     its caption: what the crosshair's pixel stands for, the
 *               mean of M over the positions of its column and the
 *               dimensions of its row (the heatmap shows exact means, as
 *               the formula's does: a point sample would alias a fast
 *               column into false stripes), with the mean's value; so a
 *               grey pixel over a fast column does not contradict the
 *               inspector's M[p][i], it says what it averages */
#include "views/panel_matrix.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "render/heat_rows.h"
#include "render/plot.h"
#include "views/panel.h"

enum {
	LINE_MAX = 256,
	SAMPLES_MAX = 2 * CANVAS_MAX + 2,	/* a similarity sample per dot
						 * column */
	GUTTER = 7,		/* "-0.123" and a blank */
	DOTS_PER_TURN = 16,	/* dot columns a period needs to look a wave
				 * (8 a cell row when taller): the formula's
				 * (panel_waves.c) */
	PERIOD_SPAN = 4096	/* the most positions the waves' period is
				 * measured over: an FFT of some 0.2 ms */
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

/* ---- waves ---- */

struct column {
	const struct pe_matrix *m;
	int dim;
};

/* M[q][dim] at position pos, on the straight line between the two
 * positions around it when pos falls between them (plot_curve asks at
 * dot centres when the window has fewer positions than dot columns): the
 * samples joined, as a line plot joins them, not held as steps. */
static double column_at(const void *ctx, double pos)
{
	const struct column *col = ctx;
	long long last = col->m->rows - 1;
	double f = floor(pos), t = pos - f;
	long long q = (long long)f;

	if (q < 0)
		return pe_matrix_value(col->m, 0, col->dim);
	if (q >= last)
		return pe_matrix_value(col->m, last, col->dim);
	return (1.0 - t) * pe_matrix_value(col->m, q, col->dim) +
	       t * pe_matrix_value(col->m, q + 1, col->dim);
}

/* The waves' axis, as the formula's main plot chooses its own
 * (panel_waves.c): the shared window when it resolves the column's
 * dominant period, with DOTS_PER_TURN dot columns a period (8 a cell row,
 * at most 4/5 of the dot columns so that two periods show), else the
 * widest window around the selected position that does. The period is
 * the column's DFT peak (pe_matrix_span_period) over the shared window,
 * or its PERIOD_SPAN positions around the selected one: a fast column
 * then shows its oscillation, not a solid band of dots. *lam is that
 * period (0: none, the column is flat there). */
static struct plot_axis waves_axis(const struct state *s,
				   const struct plot_area *a, double *lam)
{
	const struct pe_matrix *m = s->matrix;
	struct plot_axis ax = a->ax;
	long long n = ax.npos < PERIOD_SPAN ? ax.npos : PERIOD_SPAN;
	long long start = s->cur.pos - n / 2, fit;
	int dots = 8 * a->h > DOTS_PER_TURN ? 8 * a->h : DOTS_PER_TURN;

	if (dots > 4 * ax.w / 5)
		dots = 4 * ax.w / 5;
	start = start > ax.pos0 + ax.npos - n ? ax.pos0 + ax.npos - n : start;
	start = start < ax.pos0 ? ax.pos0 : start;
	*lam = pe_matrix_span_period(m, s->cur.dim, start, n);
	if (*lam <= 0.0 || dots < 1 ||
	    2.0 * ax.w * *lam >= (double)dots * (double)ax.npos)
		return ax;
	fit = (long long)floor(2.0 * ax.w * *lam / dots);
	ax.npos = fit < 2 ? 2 : fit > m->rows ? m->rows : fit;
	ax.pos0 = s->cur.pos - ax.npos / 2;
	if (ax.pos0 > m->rows - ax.npos)
		ax.pos0 = m->rows - ax.npos;
	if (ax.pos0 < 0)
		ax.pos0 = 0;
	return ax;
}

void matrix_waves_draw(const struct state *s, struct canvas *c, struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(c, r);
	int dim = s->cur.dim, partner = dim ^ 1, tick_y, gutter;
	double top = m->absmax > 0.0 ? m->absmax : 1.0, lam = 0.0;
	char title[128], brief[128];
	struct rect in = panel_inside(r);
	struct plot_area a = area_in(s, in, -top, top, &tick_y, &gutter);

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	if (a.h > 0 && a.ax.w > 0)
		a.ax = waves_axis(s, &a, &lam);
	snprintf(title, sizeof title, tr(s->lang, "Waves M[q][%d] and M[q][%d]"),
		 dim, partner);
	snprintf(brief, sizeof brief, "%s", title);
	if (a.h > 0 && (a.ax.npos != s->window.npos ||
			a.ax.pos0 != s->window.pos0)) {
		/* its own window: say which, and the period that set it */
		char span[48], per[32];

		snprintf(span, sizeof span, "%lld%s%lld", a.ax.pos0,
			 s->ascii ? "-" : "\u2013", a.ax.pos0 + a.ax.npos - 1);
		fmt_double_compact(lam, 3, per, sizeof per);
		snprintf(brief, sizeof brief, tr(s->lang, "Waves M[q][%d], q %s"),
			 dim, span);
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 tr(s->lang, ", q %s: period %s"), span, per);
	}
	in = panel_open(c, r, title, brief);
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

/* ---- a click ---- */

bool matrix_plot_hit(const struct state *s, struct rect r, bool waves,
		     int x, int y, long long *pos)
{
	int tick_y, gutter;
	double lam;
	struct plot_area a = area_in(s, panel_inside(r), -1.0, 1.0, &tick_y,
				     &gutter);
	int last = tick_y >= 0 ? tick_y : a.y0 + a.h - 1;

	if (a.h <= 0 || a.ax.w <= 0 || x < a.ax.x0 || x >= a.ax.x0 + a.ax.w ||
	    y < a.y0 || y > last)
		return false;
	if (waves)	/* its own window, as drawn */
		a.ax = waves_axis(s, &a, &lam);
	/* as waves_hit: a click on the marker keeps the selection */
	*pos = x == plot_col_of_pos(&a.ax, s->cur.pos) ? s->cur.pos
						       : plot_pos_of_col(&a.ax, x);
	return true;
}

/* ---- similarity ---- */

/* The curve is a job of the panel's cache (render/cache.h), sliced
 * under the frame's budget (render/work.h): on a large matrix (8192 x 4096)
 * it reads every row, some 50 ms and more, so a move of the position must
 * not wait for it. Its key: the matrix, the window, the samples and, last
 * and soft, the position p (a held arrow key lets the curve under way
 * finish, then the next starts). Its memory: the curve shown (the last
 * finished one, out[0] its samples), the one being made, row p and a row
 * of scratch (four rows). at[0] is the sample being summed, at[1] its next position,
 * at[2] whether row p is read, acc[0] the sample's sum, acc[1] |M[p]|. */
enum { KEY_P = 6, STEP_CELLS = 1 << 18 };	/* values a step reads: well
						 * under a millisecond */

static double *sim_mem(struct cache *c, const struct pe_matrix *m)
{
	return CACHE_MEM(c, double, 2 * SAMPLES_MAX + 5 * (size_t)m->cols);
}

/* One step: up to STEP_CELLS values' worth of positions added to the
 * samples, each the mean of cos(M[p], M[q]) over the positions its dot
 * column covers, in order (the same sums as one pass would make). */
static bool sim_step(struct cache *c, const void *arg)
{
	const struct pe_matrix *m = arg;
	double *shown = CACHE_GET(c, double), *line = shown + SAMPLES_MAX;
	double *a = line + SAMPLES_MAX, *scratch = a + m->cols;
	long long p = (long long)c->key.v[KEY_P], pos0 = (long long)c->key.v[3];
	long long npos = (long long)c->key.v[4], lo, cnt;
	int n = (int)c->key.v[5];
	long long left = STEP_CELLS / m->cols > 0 ? STEP_CELLS / m->cols : 1;

	if (!c->at[2]) {
		pe_matrix_row(m, p, 0, m->cols, a);
		c->acc[1] = pe_matrix_norm(m, p);
		c->at[2] = 1;
		plot_col_items(pos0, npos, n, 0, &c->at[1], &cnt);
	}
	for (;;) {
		int j = (int)c->at[0];
		long long q = c->at[1];

		plot_col_items(pos0, npos, n, j, &lo, &cnt);
		while (q < lo + cnt && left > 0) {
			/* four rows at a time (pe_matrix_cos_rows), their
			 * cosines added one by one in order */
			double cs[4];
			int b = lo + cnt - q < 4 ? (int)(lo + cnt - q) : 4;

			pe_matrix_cos_rows(m, a, c->acc[1], q, b, scratch, cs);
			for (int k = 0; k < b; k++)
				c->acc[0] += cs[k];
			q += b;
			left -= b;
		}
		c->at[1] = q;
		if (q < lo + cnt)
			return false;
		line[j] = c->acc[0] / (double)cnt;
		c->acc[0] = 0.0;
		c->at[0] = j + 1;
		if (j + 1 >= n) {
			memcpy(shown, line, (size_t)n * sizeof *line);
			cache_publish(c, &(double){ (double)n }, 1);
			return true;
		}
		plot_col_items(pos0, npos, n, j + 1, &c->at[1], &cnt);
		if (left <= 0)
			return false;
	}
}

void matrix_similarity_draw(const struct state *s, struct cache *sc,
			    struct canvas *c, struct rect r)
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
	if (a.h > 0 && a.ax.w > 0 && sim_mem(sc, m)) {
		int n = 2 * a.ax.w;
		struct cache_key k = { { (double)(uintptr_t)m, (double)m->rows,
					 m->cols, (double)a.ax.pos0,
					 (double)a.ax.npos, n,
					 (double)s->cur.pos } };
		const double *line = CACHE_GET(sc, const double);

		cache_start(sc, &k, KEY_P);
		cache_run_const(sc, sim_step, m);
		/* the last finished curve, while a new one is made (none
		 * yet, or one of another width: only the marker) */
		if (sc->have && (int)sc->out[0] == n) {
			a.ymin = plot_similarity_ymin(line, n);
			plot_samples(c, &a, plot_dot_pos(&a.ax, 0),
				     plot_dot_span(&a.ax), line, n,
				     ROLE_TRACE1);
		}
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

/* ---- the heatmap's caption ---- */

/* "96–105", or "100" for one item. */
static void span_text(const struct state *s, long long lo, long long n,
		      char *buf, size_t size)
{
	if (n == 1)
		snprintf(buf, size, "%lld", lo);
	else
		snprintf(buf, size, "%lld%s%lld", lo, s->ascii ? "-" : "\u2013",
			 lo + n - 1);
}

int matrix_heat_caption(const struct state *s, struct rect heat, int w,
			char *buf, size_t n)
{
	const struct pe_matrix *m = s->matrix;
	const struct pe_params *pe = &s->cur.pe;
	struct plot_axis ax = { s->window.pos0, s->window.npos, heat.x, heat.w };
	int x = plot_col_of_pos(&ax, s->cur.pos) - heat.x;
	int rows = 2 * heat.h, prow = heat_row_of_dim(pe, &s->window, rows,
						      s->cur.dim);
	struct heat_band b;
	long long lo, cnt;
	double sum = 0.0;
	char forms[3][160], q[48], dims[48], v[32];

	if (x < 0 || x >= heat.w || prow < 0 || heat.h < 1) {
		buf[0] = '\0';
		return 0;
	}
	plot_col_items(ax.pos0, ax.npos, heat.w, x, &lo, &cnt);
	heat_band_of_row(pe, &s->window, rows, prow, &b);
	/* a row of one dimension shows the selected one (heat_rows.h: rows
	 * repeat a dimension when there are more rows than dimensions) */
	for (long long p = lo; p < lo + cnt; p++)
		for (int k = 0; k < b.npairs; k++)
			sum += pe_matrix_value(m, p, b.npairs == 1 ? s->cur.dim
				: pe_dim_of(pe, b.pair0 + k, b.fn));
	fmt_double_compact(sum / (double)(cnt * b.npairs), 4, v, sizeof v);
	span_text(s, lo, cnt, q, sizeof q);
	if (b.npairs == 1)
		snprintf(dims, sizeof dims, "%d", s->cur.dim);
	else
		snprintf(dims, sizeof dims, tr(s->lang, "%d%s%d every 2nd"),
			 pe_dim_of(pe, b.pair0, b.fn), s->ascii ? "-" : "\u2013",
			 pe_dim_of(pe, b.pair0 + b.npairs - 1, b.fn));
	if (cnt == 1 && b.npairs == 1) {
		snprintf(forms[0], sizeof forms[0],
			 tr(s->lang, "this pixel: M[%s][%s] = %s, one value"),
			 q, dims, v);
		snprintf(forms[1], sizeof forms[1], "M[%s][%s] = %s", q, dims,
			 v);
	} else {
		snprintf(forms[0], sizeof forms[0],
			 tr(s->lang, "this pixel: the mean of M[%s][%s] = %s"), q,
			 dims, v);
		snprintf(forms[1], sizeof forms[1],
			 tr(s->lang, "pixel: mean of %lld positions x %d dims = %s"), cnt,
			 b.npairs, v);
	}
	snprintf(forms[2], sizeof forms[2], tr(s->lang, "pixel %s"), v);
	for (int k = 0; k < 3; k++)
		if (utf8_width(forms[k]) <= w && strlen(forms[k]) < n) {
			snprintf(buf, n, "%s", forms[k]);
			return utf8_width(buf);
		}
	buf[0] = '\0';
	return 0;
}
