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
/* the waves' legend row from 4 rows inside */
static const struct tier legend_rows[] = { { 0, 4, 1 } };
/* the similarity's dotted zero line from 3 rows of plot, as the
 * formula's (panel_similarity.c) */
static const struct tier zero_line[] = { { 0, 3, 1 } };

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

/* The waves' inside below the legend row, which panels from 4 rows have
 * (as the formula's, panel_waves.c); *legend_y that row or -1. */
static struct rect waves_inside(struct rect r, int *legend_y)
{
	struct rect in = panel_inside(r);

	*legend_y = -1;
	if (TIER(legend_rows, in.w, in.h)) {
		*legend_y = in.y;
		in.y++;
		in.h--;
	}
	return in;
}

/* Which colour is which column: "dim 4" in the selected one's, "dim 5"
 * in its neighbour's, and the period when the title had no room for it
 * (per non-NULL). Parts that do not fit go, the selected dimension
 * last. */
static void waves_legend(const struct state *s, struct canvas *c,
			 struct rect in, int y, int partner, const char *per)
{
	char sel[32], other[32], lam[48];
	int x = in.x, end = in.x + in.w;

	snprintf(sel, sizeof sel, tr(s->lang, "dim %d"), s->cur.dim);
	snprintf(other, sizeof other, tr(s->lang, "  dim %d"), partner);
	lam[0] = '\0';
	if (per)
		snprintf(lam, sizeof lam, tr(s->lang, "  period %s"), per);
	if (utf8_width(sel) + utf8_width(other) + utf8_width(lam) > in.w)
		lam[0] = '\0';
	if (utf8_width(sel) + utf8_width(other) > in.w)
		other[0] = '\0';
	x += canvas_text(c, x, y, end - x, sel,
			 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
	x += canvas_text(c, x, y, end - x, other,
			 (struct style){ ROLE_TRACE2, ROLE_DEFAULT, 0 });
	canvas_text(c, x, y, end - x, lam,
		    (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
}

void matrix_waves_draw(const struct state *s, struct canvas *c, struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(c, r);
	/* the neighbour the formula would pair the dimension with (a
	 * matrix's width is even, io/matrix_file.c) */
	int dim = s->cur.dim, partner = dim ^ 1;
	int tick_y, gutter, legend_y;
	double top = m->absmax > 0.0 ? m->absmax : 1.0, lam = 0.0;
	char title[128], brief[128], per[32];
	bool own = false;
	struct rect in = waves_inside(r, &legend_y);
	struct plot_area a = area_in(s, in, -top, top, &tick_y, &gutter);

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	if (a.h > 0 && a.ax.w > 0)
		a.ax = waves_axis(s, &a, &lam);
	snprintf(title, sizeof title, tr(s->lang, "Waves M[q][%d] and M[q][%d]"),
		 dim, partner);
	snprintf(brief, sizeof brief, "%s", title);
	fmt_double_compact(lam, 3, per, sizeof per);
	if (a.h > 0 && (a.ax.npos != s->window.npos ||
			a.ax.pos0 != s->window.pos0)) {
		/* its own window: say which, and the period that set it */
		char span[48];

		own = true;
		snprintf(span, sizeof span, "%lld%s%lld", a.ax.pos0,
			 s->ascii ? "-" : "\u2013", a.ax.pos0 + a.ax.npos - 1);
		snprintf(brief, sizeof brief, tr(s->lang, "Waves M[q][%d], q %s"),
			 dim, span);
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 tr(s->lang, ", q %s: period %s"), span, per);
	}
	panel_open(c, r, title, brief);
	/* the period in the legend when only the brief title fits */
	if (legend_y >= 0)
		waves_legend(s, c, in, legend_y, partner,
			     own && !panel_title_fits(r.w, title) ? per : NULL);
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
	int tick_y, gutter, legend_y;
	double lam;
	struct rect in = waves ? waves_inside(r, &legend_y) : panel_inside(r);
	struct plot_area a = area_in(s, in, -1.0, 1.0, &tick_y, &gutter);
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

/* Each sample of the curve is the mean of cos(M[p], M[q]) over the
 * positions q its dot column covers, and a mean of cosines with one row a
 * is one dot product: mean_q cos(a, M[q]) = a . U / (|a| n), with U the
 * sum of the group's unit rows M[q] / |M[q]| (pe_matrix_unit_sum) and n
 * how many there are. The table of U, one a sample, depends on the window
 * and not on p, so a move of the position (the common change: a held
 * arrow key, play, a click) costs samples x d multiply-adds, some 1.6 M
 * at 400 columns of d 4096 (about a millisecond), where summing every
 * cosine read the whole window, L x d values (33 M on a 8192 x 4096
 * tensor, 50 ms and more a move; issue 35 Speed).
 *
 * Accuracy: the sums are regrouped, not approximated. Each term of U has
 * one rounding and a group adds at most n of them, the dot product d;
 * with sum_i |a_i| |M[q]_i| <= |a| |M[q]| (Cauchy-Schwarz) the error of a
 * sample is below (n + d + 3) eps, under 1e-6 even for a 2^31-cell
 * matrix (eps = 2^-53) and some 1e-12 for 8192 x 4096, against a braille
 * dot's 2 / (4 x 200 rows) = 2.5e-3 on the tallest plot. The series
 * (--dump-series similarity) still sums every cosine (pe_matrix_cos_rows)
 * for its exact figures; test_matrix_bulk.c checks the two against each
 * other and load.sh the series against NumPy.
 *
 * Undefined cosines: a row of zeros has no direction. A sample whose rows
 * are all zeros is left out of the curve (a gap, plot_samples breaks the
 * line), rows of zeros are left out of a sample's mean, and the title
 * says so; when M[p] itself is all zeros there is no curve and the title
 * says why.
 *
 * The table is a job of the panel's cache (render/cache.h), sliced under
 * the frame's budget (render/work.h): a new window reads every row of it
 * once. Its key: the matrix, the window and the samples. Its memory, in
 * doubles: the table (samples x d), each sample's count of rows not all
 * zeros, the samples' counts of rows, a row of scratch for the job, row p
 * for the frame and the frame's curve. While a new table is made (a new
 * window: a zoom, a pan) the panel shows its axes and the marker only.
 * at[0] is the sample being summed, at[1] its next position, at[2]
 * whether the table was cleared. */
enum {
	STEP_CELLS = 1 << 18,	/* values a step reads: well under a
				 * millisecond */
	TABLE_CELLS = 1 << 22	/* the most numbers of the table (32 MiB):
				 * a matrix wider than TABLE_CELLS / (2 w)
				 * gets fewer samples than dot columns */
};

/* Samples across w cell columns of a matrix of d dimensions: one a dot
 * column, fewer when the table would outgrow TABLE_CELLS. */
static int sim_samples(int d, int w)
{
	long long n = TABLE_CELLS / d;

	return n < 1 ? 1 : n > 2LL * w ? 2 * w : (int)n;
}

struct sim_parts {
	double *table, *kept, *count, *row, *a, *line;
};

static bool sim_parts(struct cache *c, const struct pe_matrix *m, int ns,
		      bool grow, struct sim_parts *p)
{
	size_t d = (size_t)m->cols, n = (size_t)ns;
	size_t total = n * d + 3 * n + 2 * d + n;
	double *b = grow ? CACHE_MEM(c, double, total) : CACHE_GET(c, double);

	if (!b)
		return false;
	p->table = b;
	p->kept = b + n * d;
	p->count = p->kept + n;
	p->row = p->count + n;
	p->a = p->row + d;
	p->line = p->a + d;
	return true;
}

/* One step: up to STEP_CELLS values' worth of rows added to the table,
 * sample by sample in order. */
static bool sim_step(struct cache *c, const void *arg)
{
	const struct pe_matrix *m = arg;
	long long pos0 = (long long)c->key.v[3], npos = (long long)c->key.v[4];
	int ns = (int)c->key.v[5];
	long long left = STEP_CELLS / m->cols > 0 ? STEP_CELLS / m->cols : 1;
	struct sim_parts p;

	sim_parts(c, m, ns, false, &p);
	if (!c->at[2]) {	/* a new table */
		memset(p.table, 0, (size_t)ns * (size_t)m->cols * sizeof *p.table);
		memset(p.kept, 0, (size_t)ns * sizeof *p.kept);
		c->at[2] = 1;
		plot_col_items(pos0, npos, ns, 0, &c->at[1], &(long long){ 0 });
	}
	while (left > 0) {
		int j = (int)c->at[0];
		long long q = c->at[1], lo, cnt, n;

		plot_col_items(pos0, npos, ns, j, &lo, &cnt);
		n = lo + cnt - q < left ? lo + cnt - q : left;
		p.kept[j] += (double)pe_matrix_unit_sum(
			m, q, n, p.table + (size_t)j * (size_t)m->cols, p.row);
		p.count[j] = (double)cnt;
		c->at[1] = q + n;
		left -= n;
		if (q + n < lo + cnt)
			continue;
		if (j + 1 >= ns) {
			cache_finish(c);
			return true;
		}
		c->at[0] = j + 1;
		plot_col_items(pos0, npos, ns, j + 1, &c->at[1],
			       &(long long){ 0 });
	}
	return false;
}

/* The curve from p out of the finished table into p->line: NAN where a
 * sample has no row that is not all zeros. Returns whether a sample had
 * rows of zeros (left out of its mean, or the whole sample). */
static bool sim_curve(const struct pe_matrix *m, long long pos, int ns,
		      const struct sim_parts *p)
{
	size_t d = (size_t)m->cols;
	double na;
	bool zeros = false;

	pe_matrix_row(m, pos, 0, m->cols, p->a);
	na = pe_matrix_norm(m, pos);
	for (int j = 0; j < ns; j++) {
		const double *u = p->table + (size_t)j * d;
		/* four partial sums side by side: four chains of additions
		 * keep the processor busy where one would wait on each (the
		 * order of a sum is free here, see the error bound above) */
		double dot[4] = { 0.0, 0.0, 0.0, 0.0 };
		size_t i = 0;

		zeros = zeros || p->kept[j] < p->count[j];
		if (p->kept[j] == 0.0 || na == 0.0) {
			p->line[j] = NAN;
			continue;
		}
		for (; i + 4 <= d; i += 4)
			for (int k = 0; k < 4; k++)
				dot[k] += p->a[i + (size_t)k] * u[i + (size_t)k];
		for (; i < d; i++)
			dot[0] += p->a[i] * u[i];
		p->line[j] = (dot[0] + dot[1] + dot[2] + dot[3]) / (na * p->kept[j]);
	}
	return zeros;
}

void matrix_similarity_draw(const struct state *s, struct cache *sc,
			    struct canvas *c, struct rect r)
{
	const struct pe_matrix *m = s->matrix;
	struct rect old = plot_clip_push(c, r);
	char title[128], brief[128];
	int tick_y, gutter;
	struct rect in = panel_inside(r);
	struct plot_area a = area_in(s, in, -1.0, 1.0, &tick_y, &gutter);
	bool zero_p = pe_matrix_norm(m, s->cur.pos) == 0.0, zeros = false;
	bool ready = false;
	int ns = a.ax.w > 0 ? sim_samples(m->cols, a.ax.w) : 0;
	struct sim_parts p;
	bool have = a.h > 0 && a.ax.w > 0 && sim_parts(sc, m, ns, true, &p);

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	if (have) {
		struct cache_key k = { { (double)(uintptr_t)m, (double)m->rows,
					 m->cols, (double)a.ax.pos0,
					 (double)a.ax.npos, ns } };

		cache_start(sc, &k, 0);
		ready = cache_run_const(sc, sim_step, m) && !zero_p;
		if (ready)
			zeros = sim_curve(m, s->cur.pos, ns, &p);
	}
	if (zero_p) {
		snprintf(title, sizeof title, tr(s->lang, "Similarity: M[%lld] "
			 "is all zeros, no direction, no cosine"), s->cur.pos);
		snprintf(brief, sizeof brief, tr(s->lang, "M[%lld] = 0: no "
			 "cosine"), s->cur.pos);
	} else if (zeros) {
		snprintf(title, sizeof title, tr(s->lang, "Similarity cos(M[%lld], "
			 "M[q]), rows of zeros left out"), s->cur.pos);
		snprintf(brief, sizeof brief, tr(s->lang, "cos(M[%lld], M[q]), "
			 "zero rows out"), s->cur.pos);
	} else {
		snprintf(title, sizeof title,
			 tr(s->lang, "Similarity cos(M[%lld], M[q])"), s->cur.pos);
		snprintf(brief, sizeof brief, "%s", title);
	}
	in = panel_open(c, r, title, brief);
	if (have) {
		if (ready) {	/* sample j at the middle of its positions */
			double span = (double)a.ax.npos / ns;

			a.ymin = plot_similarity_ymin(p.line, ns);
			plot_samples(c, &a, (double)a.ax.pos0 + 0.5 * span - 0.5,
				     span, p.line, ns, ROLE_TRACE1);
		}
		if (!zero_p)
			plot_dot(c, &a, s->cur.pos, 1.0, ROLE_CURSOR);
		plot_marker(c, &a.ax, a.y0, a.h, s->cur.pos, marker_style);
		if (TIER(zero_line, a.ax.w, a.h) && a.ymin <= 0.0 && !s->ascii)
			plot_zero_line(c, &a);
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
