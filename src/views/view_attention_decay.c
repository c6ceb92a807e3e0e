/* view_attention_decay.c - RoPE's long-term decay (RoFormer, section
 * 3.4.3): the relative upper bound B(m) and the score of the uniform
 * vector with itself at offset m (rope_bound.h), against m, on one plot.
 *
 *   ┌ Long-term decay of RoPE: d = 128, base 1e4 ─────────┐
 *   │━━ B(m), the bound  ━━ |score(m)|, q = k   │ L0  │ m  │
 *   │100 ⠉⠒⠤⣀                                             │   log scale:
 *   │ 10      ⠉⠉⠒⠒⠤⠤⣀⣀⣀                                  │   |score| dips
 *   │  1 ⠑⢄⡠⠊⠢⡀  ⢀⠔⠢⣀ ⠔⠢⡀│                                │   to 0 where it
 *   │          0     100     200     300    400    500     │   changes sign
 *   │m = 37: B = 10.2, |score| = 0.031 · B(0) = 32.5 ...    │
 *   └──────────────────────────────────────────────────────┘
 *
 * The x axis is the visible window (z/Z, the length keys) read as offsets
 * m = q - p; the selected position marks m (cursor colour) and the trained
 * length L0 (the context view's train knob, which presets set) is marked
 * too. The y axis is log10, from the decade under the smallest value shown
 * (at most down to 1e-3, where |score| is drawn when it is smaller, as
 * where it changes sign) to the largest B shown. One sample per braille dot column, at
 * its centre (B is a smooth function of a real m). The curves cost
 * d/2 sin/cos per sample: computed pairs-in-order over as many frames as
 * the budget needs (rope_bound_add), the last finished curves shown
 * meanwhile. The numbers at m = pos and at L0 are one rope_bound_add of
 * two offsets, cached by (d, base, pos, L0). */
#include "views/view_attention.h"

#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "engine/rope_bound.h"
#include "render/paragraph.h"

enum {
	GUTTER_W = 5,		/* "1e-3" and a blank */
	PLOT_MIN_ROWS = 3,	/* fewer: the numbers only */
	PLOT_ROOMY_ROWS = 8,	/* more: some rows go to the caption */
	CAPTION_ROWS_MAX = 3
};

/* Pair-offset evaluations one step of the curves takes (~8 ns each). */
static const double STEP_WORK = 1e5;

/* The lowest decade shown: |score| below 1e-3 is drawn on it. */
static const double Y_FLOOR = -3.0;

static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };
static const struct style cursor_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* Finished curves, in shown.mem: n samples of B and of the score, and
 * what the plot draws of them, log10 B and log10 |score| (at least
 * Y_FLOOR). */
struct curves {
	int n;
	double v[];		/* bound, score, log bound, log |score|:
				   n each */
};

/* ---- the layout ---- */

/* The panel's insides: legend row, plot, tick row, numbers, caption. */
struct decay_geom {
	struct rect in;
	int legend_y;		/* or -1 */
	int tick_y;		/* or -1 */
	int text_y, text_rows;	/* the numbers and the caption */
	struct plot_area area;	/* h == 0: no plot (compact) */
};

static void geom(const struct state *s, struct rect r, struct decay_geom *g)
{
	int rows, extra;

	memset(g, 0, sizeof *g);
	g->in = (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	g->legend_y = g->tick_y = -1;
	if (g->in.h < 1 || g->in.w < 2)
		return;
	/* Two rows of numbers when the plot keeps PLOT_MIN_ROWS, else one;
	 * plot rows beyond PLOT_ROOMY_ROWS go to the caption (at most
	 * CAPTION_ROWS_MAX). */
	g->text_rows = g->in.h >= 2 + PLOT_MIN_ROWS + 2 ? 2 : 1;
	rows = g->in.h - 2 - g->text_rows;	/* less legend and ticks */
	extra = rows - PLOT_ROOMY_ROWS;
	if (extra > CAPTION_ROWS_MAX)
		extra = CAPTION_ROWS_MAX;
	if (extra > 0) {
		g->text_rows += extra;
		rows -= extra;
	}
	if (rows < PLOT_MIN_ROWS || g->in.w < GUTTER_W + 8) {
		/* compact: the numbers only */
		g->text_y = g->in.y;
		g->text_rows = g->in.h;
		return;
	}
	g->legend_y = g->in.y;
	g->area = (struct plot_area){
		{ s->window.pos0, s->window.npos, g->in.x + GUTTER_W,
		  g->in.w - GUTTER_W },
		g->in.y + 1, rows, Y_FLOOR, 1.0, 0
	};
	g->tick_y = g->area.y0 + rows;
	g->text_y = g->tick_y + 1;
}

struct plot_area att_decay_area(const struct state *s, struct rect r)
{
	struct decay_geom g;

	geom(s, r, &g);
	return g.area;
}

/* ---- the curves ---- */

/* What the curves depend on: d, base, the window and the dot columns. */
static struct cache_key curves_key(const struct state *s, int w)
{
	return (struct cache_key){ { s->cur.pe.d_model, s->cur.pe.base,
				     (double)s->window.pos0,
				     (double)s->window.npos, w } };
}

/* The job's memory: n offsets, then rope_bound_add's 3 n doubles. */
static bool curves_step(struct cache *c, void *arg)
{
	const struct state *s = arg;
	const struct pe_params *p = &s->cur.pe;
	int n = (int)c->at[1], h = p->d_model / 2, i0 = (int)c->at[0];
	int per = (int)(STEP_WORK / n), i1;
	double *m = c->mem;

	if (per < 1)
		per = 1;
	i1 = h - i0 < per ? h : i0 + per;
	rope_bound_add(p, m, n, i0, i1, m + n);
	c->at[0] = i1;
	return i1 >= h;
}

/* The last finished curves for s on an axis of w columns, the job brought
 * on as far as the frame allows; NULL before the first are done. *stale:
 * they are for other inputs. */
static const struct curves *curves_get(const struct state *s,
				       struct att_decay *x,
				       const struct plot_axis *ax, bool *stale)
{
	struct cache_key k = curves_key(s, ax->w);
	int n = 2 * ax->w;

	*stale = false;
	if (cache_ready(&x->shown, &k))
		return x->shown.mem;
	if (cache_start(&x->work, &k, 0)) {
		double *m = cache_mem(&x->work, (size_t)(4 * n) * sizeof *m);

		if (!m)
			return NULL;
		for (int j = 0; j < n; j++)
			m[j] = fmax(0.0, plot_dot_pos(ax, j));
		memset(m + n, 0, (size_t)(3 * n) * sizeof *m);
		x->work.at[1] = n;
	}
	if (x->work.mem && cache_run(&x->work, curves_step, (void *)s)) {
		struct curves *cv = cache_mem(&x->shown, sizeof *cv +
					      (size_t)(4 * n) * sizeof(double));
		const double *m = x->work.mem;

		if (cv) {
			cv->n = n;
			rope_bound_finish(&s->cur.pe, n, m + n, cv->v, cv->v + n);
			for (int j = 0; j < n; j++) {
				cv->v[2 * n + j] = log10(cv->v[j]);
				cv->v[3 * n + j] = fmax(log10(fabs(cv->v[n + j])),
							Y_FLOOR);
			}
			cache_start(&x->shown, &k, 0);
			x->shown.done = true;
			return cv;
		}
	}
	*stale = true;
	return x->shown.done && ((const struct curves *)x->shown.mem)->n == n
		       ? x->shown.mem : NULL;
}

/* B and score at m = pos (out[0], out[1]) and at L0 (out[2], out[3]). */
static const double *values_at(const struct state *s, struct att_decay *x)
{
	double m[2] = { (double)s->cur.pos, (double)att_train(s) };
	struct cache_key k = { { s->cur.pe.d_model, s->cur.pe.base, m[0], m[1] } };

	if (!cache_ready(&x->at, &k)) {
		double st[6] = { 0 }, b[2], sc[2];

		rope_bound_add(&s->cur.pe, m, 2, 0, s->cur.pe.d_model / 2, st);
		rope_bound_finish(&s->cur.pe, 2, st, b, sc);
		cache_start(&x->at, &k, 0);
		x->at.out[0] = b[0];
		x->at.out[1] = sc[0];
		x->at.out[2] = b[1];
		x->at.out[3] = sc[1];
		x->at.done = true;
	}
	return x->at.out;
}

/* ---- drawing ---- */

static void draw_legend(const struct state *s, struct canvas *c,
			const struct decay_geom *g)
{
	const char *bar = s->ascii ? "--" : "━━";
	int x = g->in.x, end = g->in.x + g->in.w;
	char part[3][ATT_TEXT_MAX];
	bool wide;

	snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "%s B(m), the bound  "), bar);
	snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s |score(m)|, q = k  "), bar);
	snprintf(part[2], ATT_TEXT_MAX, "%s L0", s->ascii ? "|" : "│");
	wide = utf8_width(part[0]) + utf8_width(part[1]) + utf8_width(part[2]) <=
	       g->in.w;
	if (!wide) {
		snprintf(part[0], ATT_TEXT_MAX, "%s B  ", bar);
		snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s |score|  "), bar);
	}
	for (int k = 0; k < 3 && x < end; k++)
		x += canvas_text(c, x, g->legend_y, end - x, part[k],
				 k == 2 ? marker_style
					: (struct style){ (uint8_t)(ROLE_TRACE1 + k),
							  ROLE_DEFAULT, ATTR_BOLD });
}

static void draw_plot(const struct state *s, struct canvas *c,
		      struct decay_geom *g, const struct curves *cv)
{
	struct plot_area *a = &g->area;
	int n = cv->n;
	const double *lb = cv->v + 2 * n, *ls = cv->v + 3 * n;
	double top = Y_FLOOR, bottom = 1e300;

	for (int j = 0; j < n; j++) {
		top = fmax(top, lb[j]);
		bottom = fmin(bottom, fmin(lb[j], ls[j]));
	}
	/* a decade under the lowest value, a decade of range at least */
	a->ymin = fmax(Y_FLOOR, floor(bottom));
	if (top - a->ymin < 1.0)
		a->ymin = fmax(Y_FLOOR, top - 1.0);
	a->ymax = top + 0.04 * (top - a->ymin);
	plot_samples(c, a, plot_dot_pos(&a->ax, 0),
		     plot_dot_span(&a->ax), ls, n, ROLE_TRACE2);
	plot_samples(c, a, plot_dot_pos(&a->ax, 0),
		     plot_dot_span(&a->ax), lb, n, ROLE_TRACE1);
	plot_marker(c, &a->ax, a->y0, a->h, att_train(s), marker_style);
	plot_marker(c, &a->ax, a->y0, a->h, s->cur.pos, cursor_style);
	plot_decade_labels(c, &g->area, g->in.x, GUTTER_W - 1, axis_style);
}

/* The numbers, as parts laid out greedily on the rows there are: the
 * position's ("m = 37: B = 10.2, |score| = 0.031", or without the score
 * when that does not fit), B(0) and L0's; then the caption, whole or not
 * at all. */
static void draw_numbers(const struct state *s, struct canvas *c,
			 const struct decay_geom *g, const double *v)
{
	char b[32], sc[32], b0[32], bl[32], part[4][ATT_TEXT_MAX];
	static const enum role role[4] = {
		ROLE_CURSOR, ROLE_CURSOR, ROLE_DEFAULT, ROLE_MARKER
	};
	const char *sep = s->ascii ? ", " : " · ";
	double d2 = s->cur.pe.d_model / 2;
	int y = g->text_y, end = g->text_y + g->text_rows, x = g->in.x;
	const char *text;

	fmt_double_compact(v[0], 4, b, sizeof b);
	fmt_double_compact(fabs(v[1]), 2, sc, sizeof sc);
	fmt_double_compact((d2 + 1) / 2, 4, b0, sizeof b0);
	fmt_double_compact(v[2], 4, bl, sizeof bl);
	snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "m = %lld: B = %s, |score| = %s"),
		 s->cur.pos, b, sc);
	snprintf(part[1], ATT_TEXT_MAX, "m = %lld: B = %s", s->cur.pos, b);
	snprintf(part[2], ATT_TEXT_MAX, "B(0) = %s", b0);
	if (g->area.h > 0 && (att_train(s) < g->area.ax.pos0 ||
			      att_train(s) >= g->area.ax.pos0 + g->area.ax.npos))
		snprintf(part[3], ATT_TEXT_MAX, tr(s->lang, "L0 = %lld (off the axis): B = %s"), att_train(s), bl);
	else
		snprintf(part[3], ATT_TEXT_MAX, tr(s->lang, "L0 = %lld: B = %s"),
			 att_train(s), bl);
	for (int k = utf8_width(part[0]) <= g->in.w ? 0 : 1; k < 4 && y < end;
	     k += k == 0 ? 2 : 1) {
		int w = utf8_width(part[k]), gap = x > g->in.x ? utf8_width(sep) : 0;

		if (x + gap + w > g->in.x + g->in.w) {
			if (x == g->in.x || ++y >= end)
				break;
			x = g->in.x;
			gap = 0;
		}
		if (gap)
			x += canvas_text(c, x, y, gap, sep, dim_style);
		x += canvas_text(c, x, y, w, part[k],
				 (struct style){ (uint8_t)role[k], ROLE_DEFAULT, 0 });
	}
	y++;
	text = tr(s->lang, "RoFormer's bound on the RoPE score falls as the offset m grows: on average far tokens weigh less. The score itself (q = k) swings under it. A larger base keeps the bound high for longer. L0 is the trained length: the presets m/M and :train set it.");
	if (y < end && paragraph_rows(text, g->in.w) <= end - y)
		paragraph_draw(c, (struct rect){ g->in.x, y, g->in.w, end - y },
			       text, dim_style);
}

void att_decay_draw(const struct state *s, struct att_decay *x,
		    struct canvas *c, struct rect r)
{
	struct decay_geom g;
	char title[ATT_TEXT_MAX], base[32];
	const char *cand[2];
	const struct curves *cv = NULL;
	bool stale = false;

	fmt_double_compact(s->cur.pe.base, 3, base, sizeof base);
	snprintf(title, sizeof title, tr(s->lang, "Long-term decay of RoPE: d = %d, base %s"), s->cur.pe.d_model, base);
	cand[0] = title;
	cand[1] = tr(s->lang, "Decay");
	geom(s, r, &g);
	if (g.area.h > 0)
		cv = curves_get(s, x, &g.area.ax, &stale);
	if (stale)
		snprintf(title + strlen(title), sizeof title - strlen(title), "%s",
			 tr(s->lang, ", computing..."));
	att_box(c, r, utf8_width(cand[0]) <= r.w - 4 ? cand[0] : cand[1]);
	if (g.in.w < 2 || g.in.h < 1)
		return;
	if (g.area.h > 0) {
		draw_legend(s, c, &g);
		if (cv)
			draw_plot(s, c, &g, cv);
		plot_xticks(c, &g.area.ax, g.tick_y, axis_style);
	}
	draw_numbers(s, c, &g, values_at(s, x));
}

void att_decay_free(struct att_decay *x)
{
	cache_free(&x->work);
	cache_free(&x->shown);
	cache_free(&x->at);
}
