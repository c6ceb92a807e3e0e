/* panel_waves.c - PE(., dim) against position: the selected pair on top, a
 * stack of pairs spread across the range below, so frequency decay shows at
 * a glance (fast pairs turn many times, slow ones are nearly flat lines).
 *
 * A curve is never drawn faster than the plot can show it: with fewer than
 * about 8 dot columns per period (more in a tall plot, where the wave is
 * steeper), a sine is a block of dots, not a wave. So a plot whose pair
 * the shared window cannot resolve shows, instead, the widest window
 * around the cursor that does: the main plot with its own position ticks
 * under it; the strips too fast for the shared window all over the one
 * window that resolves the fastest strip, so that they still compare,
 * with that window's ticks under the last of them, and its positions
 * marked on the bottom border in the strips' colours (a heavy line under
 * the shared ticks, labelled "p 0–49 ↑ zoomed"). So every plot has one x
 * scale, its ticks under it, and one cursor, in the column of its own
 * window. Zoomed (F), the panel has one window for all its plots, the one
 * its fastest pair needs: one x scale, one cursor.
 *
 * Layout inside the border, top to bottom, dropping what does not fit:
 *   legend   "dim 4 sin  dim 5 cos  i=2 λ=7.5"
 *   main     the selected dimension and its sin/cos partner, y labels 1 0 -1
 *   (ticks)  the main plot's positions, when it shows a window of its own
 *   strips   pairs 0, d/16, d/8, d/4, d/2-1 (deduplicated; 2 rows each
 *            where 2 strips fit so, fewer strips then, the fastest and the
 *            slowest first), labelled "i=0 λ=6.28" in a gutter on the left;
 *            under the fast ones with a window of their own, its ticks
 *   ticks    positions, and on the border below them the window of the
 *            strips that have their own, labelled; when every strip has
 *            it, these ticks are that window's and the border says so
 * When the plots show more than one window, each tick row says its own in
 * the gutter, "p 0–127" (widened for it up to a third of the panel), and a
 * zoomed strip whose ticks are the main plot's, above it, says it on its
 * second row. A strip's colour says its speed: pairs that complete a
 * cycle within len (λ ≤ len) in one colour, slower ones in another, with
 * the key on the top border, so the fastest and the slowest strip differ.
 * The strips share the heatmap's window unless their pair is too fast for
 * it, and the selected position is marked down every plot, in the column
 * of its own window. Heights are capped, so a very tall panel leaves
 * blank rows at the bottom. */
#include "base/utf8.h"
#include "base/tr.h"
#include "views/panel.h"
#include "views/panels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/pe.h"
#include "render/paragraph.h"
#include "render/plot.h"

enum {
	STRIPS_MAX = 5,		/* pairs 0, d/16, d/8, d/4, d/2-1 */
	MAIN_ROWS_MAX = 20,	/* taller adds little but dots to draw */
	STRIP_ROWS_MAX = 8,	/* the same for each strip */
	LABEL_COLS_MIN = 12,	/* narrower: no gutter, no labels */
	TEXT_MAX = 160,		/* one label or legend part */
	DOTS_PER_TURN = 16,	/* dot columns a period of the main plot
				 * needs to look a wave (more when tall) */
	STRIP_DOTS_PER_TURN = 8	/* the same in a strip: a few rows high, a
				 * wave shows with fewer */
};

/* By size (views/panel.h): plots from 2 x 1 inside, the tick row from 3
 * rows, the legend from 4; strips of 2 rows each from 4 rows for them,
 * else 1; the main plot's "0" label from 3 rows. */
static const struct tier waves_least[] = { { 2, 1, 1 } };
static const struct tier waves_ticks[] = { { 0, 3, 1 } };
static const struct tier waves_legend[] = { { 0, 4, 1 } };
static const struct tier strip_rows[] = { { 0, 4, 2 }, { 0, 0, 1 } };
static const struct tier zero_label[] = { { 0, 3, 1 } };

static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

struct waves_layout {
	struct rect in;			/* inside the border */
	struct plot_axis ax;		/* shared x axis (the heatmap's window) */
	int main_tick_y;		/* the main plot's own tick row, or -1
					 * when it shares the axis */
	int gutter;			/* label columns left of the plots */
	bool short_labels;		/* strip labels without wavelength */
	bool windows;			/* the plots show more than one window
					 * of positions: tick rows say theirs */
	int legend_y;			/* legend row, or -1 */
	int tick_y;			/* tick row, or -1 */
	int nzoom;			/* the first strips, on a window of
					 * their own (the fastest strip's) */
	struct plot_axis zoom_ax;	/* that window */
	int ztick_y;			/* their tick row, under the last of
					 * them, or -1 (none, or every strip
					 * is one: the bottom ticks are theirs) */
	struct plot_area main;		/* main.h == 0: nothing to plot */
	int nstrips;			/* strips shown */
	int pair[STRIPS_MAX];		/* pair of each strip, ascending */
	struct plot_area strip[STRIPS_MAX];
};

/* One sinusoid to plot: sin or cos of pos * omega. */
struct wave {
	double omega;			/* angular frequency per position */
	enum pe_fn fn;			/* sine or cosine */
};

static double wave_at(const void *ctx, double pos)
{
	const struct wave *w = ctx;

	return w->fn == PE_SIN ? sin(pos * w->omega) : cos(pos * w->omega);
}

/* The strip pairs in order of importance: the fastest and slowest first so
 * that even two strips show the whole decay, then the middle ones.
 * Duplicates (small d) are dropped. Returns how many. */
static int strip_candidates(int d, int out[STRIPS_MAX])
{
	const int want[STRIPS_MAX] = { 0, d / 2 - 1, d / 4, d / 8, d / 16 };
	int n = 0;

	for (int k = 0; k < STRIPS_MAX; k++) {
		bool dup = false;

		for (int j = 0; j < n; j++)
			dup = dup || out[j] == want[k];
		if (!dup)
			out[n++] = want[k];
	}
	return n;
}

static void sort_ints(int *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			int t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

/* A strip's colour says how fast its pair is, as the spectrum's two
 * colours do: pairs that complete a cycle within len (λ ≤ len) in
 * TRACE3, slower ones in TRACE4. So the fastest and the slowest strip
 * always differ (unless len leaves them on one side, where the labels'
 * λ say so), and a strip on a zoomed window, always fast, has the colour
 * of the bar that marks that window. */
static enum role strip_role(const struct state *s, int pair)
{
	return pe_wavelength(&s->cur.pe, pair) <= (double)s->cur.len
	       ? ROLE_TRACE3 : ROLE_TRACE4;
}

static const char *lambda_text(const struct state *s)
{
	return s->ascii ? "wl=" : "λ=";
}

/* "p 0–127": the positions axis a shows. */
static void window_text(const struct state *s, const struct plot_axis *a,
			char *buf, size_t n)
{
	snprintf(buf, n, "p %lld%s%lld", a->pos0, s->ascii ? "-" : "–",
		 a->pos0 + a->npos - 1);
}

/* "i=255 λ=6.06e4", or "i=255" when short. */
static void strip_label(const struct state *s, int pair, bool short_form,
			char *buf, size_t n)
{
	char num[32];

	if (short_form) {
		snprintf(buf, n, "i=%d", pair);
		return;
	}
	fmt_double_compact(pe_wavelength(&s->cur.pe, pair), 3, num, sizeof num);
	snprintf(buf, n, "i=%d %s%s", pair, lambda_text(s), num);
}

/* Widest label of the chosen strips, plus one blank column. */
static int gutter_for(const struct state *s, const struct waves_layout *l,
		      bool short_form)
{
	int w = 2;	/* "-1" */

	for (int k = 0; k < l->nstrips; k++) {
		char buf[TEXT_MAX];
		int lw;

		strip_label(s, l->pair[k], short_form, buf, sizeof buf);
		lw = utf8_width(buf);
		if (lw > w)
			w = lw;
	}
	return w + 1;
}

static struct plot_area area_at(const struct waves_layout *l, int y, int h,
				int pad)
{
	return (struct plot_area){ l->ax, y, h, -1.0, 1.0, pad };
}

/* Whether a wave of wavelength lam has `dots` dot columns per period on
 * axis ax. */
static bool resolved(double lam, const struct plot_axis *ax, int dots)
{
	return 2.0 * ax->w * lam >= dots * (double)ax->npos;
}

/* The dot columns a period needs in a plot of `rows` cell rows: a taller
 * wave is steeper, and a line steeper than about two dots up for one across
 * is a column of dots. */
static int dots_per_turn(int rows)
{
	return 8 * rows > DOTS_PER_TURN ? 8 * rows : DOTS_PER_TURN;
}

/* The axis showing a wave of wavelength lam with `dots` dot columns a
 * period: the shared one when it does, else the widest window around the
 * cursor that does (two periods at least, and never more than the
 * length). */
static struct plot_axis resolving_axis(const struct state *s,
				       const struct plot_axis *shared,
				       double lam, int dots)
{
	double fit;
	long long n, pos0;
	struct plot_axis a = *shared;

	if (resolved(lam, shared, dots) || shared->w < 1)
		return a;
	fit = floor(2.0 * shared->w * lam / dots);
	n = fit < 2.0 ? 2 : (long long)fit;
	if (n > s->cur.len)
		n = s->cur.len;
	pos0 = s->cur.pos - n / 2;
	if (pos0 > s->cur.len - n)
		pos0 = s->cur.len - n;
	a.pos0 = pos0 < 0 ? 0 : pos0;
	a.npos = n;
	return a;
}

/* The dots a period of the main plot (rows high) needs: steep enough to
 * stay a line, but two periods in view at least (2.5 before rounding
 * down): a tall, narrow plot would otherwise show less than one. */
static int main_dots(const struct plot_axis *shared, int rows)
{
	int most = 4 * shared->w / 5;

	return dots_per_turn(rows) < most ? dots_per_turn(rows) : most;
}

/* The axis of the main plot (rows high). */
static struct plot_axis main_axis(const struct state *s,
				  const struct plot_axis *shared, int rows)
{
	const struct pe_params *p = &s->cur.pe;

	return resolving_axis(s, shared, pe_wavelength(p, pe_pair_of(p, s->cur.dim)),
			      main_dots(shared, rows));
}

/* Whether the panel fills the body alone (F: explore draws no other panel
 * while one is zoomed): then every plot in it shares one window, the one
 * that resolves the fastest wave shown, so the panel has one x scale and
 * one cursor. */
static bool zoomed_alone(const struct state *s)
{
	return s->zoomed;
}

/* Turns of pair `pair` shown on axis a. */
static double turns(const struct state *s, int pair, const struct plot_axis *a)
{
	return (double)a->npos / pe_wavelength(&s->cur.pe, pair);
}

/* One try of waves_layout: with `share`, the strips too fast for the
 * shared window go on the main plot's when it has one of its own (its
 * tick row serves them); false when they then turn fewer times than a
 * strip on the shared window, which would make the fastest pair look the
 * slower (a tall main plot's window is narrow). */
static bool layout_try(const struct state *s, struct rect r,
		       struct waves_layout *l, bool share, int min_gutter)
{
	const struct pe_params *p = &s->cur.pe;
	int cand[STRIPS_MAX], ncand, ih, iw, rest, area, main_h, sh = 0, y;
	bool own, zown, ticks;

	memset(l, 0, sizeof *l);
	l->legend_y = l->tick_y = l->main_tick_y = l->ztick_y = -1;
	l->in = panel_inside(r);
	ih = l->in.h;
	iw = l->in.w;
	if (!TIER(waves_least, iw, ih))
		return true;
	ticks = TIER(waves_ticks, iw, ih);
	if (TIER(waves_legend, iw, ih))
		l->legend_y = l->in.y;
	rest = ih - ticks - (l->legend_y >= 0);
	ncand = strip_candidates(p->d_model, cand);

	/* The gutter and the shared axis first: whether the main plot needs
	 * a window of its own (and a tick row for it) depends on them. */
	l->nstrips = ncand;
	memcpy(l->pair, cand, sizeof(int) * (size_t)ncand);
	if (iw >= LABEL_COLS_MIN) {
		l->gutter = gutter_for(s, l, false);
		if (l->gutter > iw / 3) {
			l->short_labels = true;
			l->gutter = gutter_for(s, l, true);
		}
		if (l->gutter < min_gutter)
			l->gutter = min_gutter;
	}
	l->ax = (struct plot_axis){ s->window.pos0, s->window.npos,
				    l->in.x + l->gutter, iw - l->gutter };

	/* The main plot takes about 2/5 of the rest (2 rows at least), and a
	 * tick row of its own under it when it shows a window of its own;
	 * strips share what is left, 2 rows each where there is room for two
	 * strips so (fewer strips then: the fastest and the slowest first),
	 * else 1. Both are capped; rows left after that stay blank below the
	 * tick row. */
	main_h = rest * 2 / 5 > 2 ? rest * 2 / 5 : 2;
	if (main_h > MAIN_ROWS_MAX)
		main_h = MAIN_ROWS_MAX;
	if (zoomed_alone(s))
		/* One window for all: the one pair 0, the fastest, needs in
		 * the main plot. */
		l->ax = resolving_axis(s, &l->ax, pe_wavelength(p, 0),
				       main_dots(&l->ax, main_h));
	own = main_axis(s, &l->ax, main_h).npos != l->ax.npos && ticks &&
	      !zoomed_alone(s);
	/* Strips too fast for the shared window (there are some when pair
	 * 0, the fastest, is) share one window of their own: the main
	 * plot's when it has one and `share` (then its tick row, just
	 * above them, is theirs too), else one with a tick row under
	 * them. */
	zown = !zoomed_alone(s) && ticks && !(own && share) &&
	       !resolved(pe_wavelength(p, 0), &l->ax, STRIP_DOTS_PER_TURN);
	area = rest - main_h - own - zown;
	l->nstrips = 0;
	if (area > 0) {
		int per = TIER(strip_rows, iw, area);

		l->nstrips = ncand < area / per ? ncand : area / per;
		sh = area / l->nstrips;
		if (sh > STRIP_ROWS_MAX)
			sh = STRIP_ROWS_MAX;
		memcpy(l->pair, cand, sizeof(int) * (size_t)l->nstrips);
		sort_ints(l->pair, l->nstrips);
	}
	if (l->nstrips == 0)
		own = false;	/* the bottom ticks are the main plot's */
	for (int k = 0; k < l->nstrips; k++)
		if (!zoomed_alone(s) &&
		    !resolved(pe_wavelength(p, l->pair[k]), &l->ax,
			      STRIP_DOTS_PER_TURN))
			l->nzoom = k + 1;
	if (l->nzoom == l->nstrips) {
		/* none, or every strip is on the zoomed window: the bottom
		 * ticks are theirs, and the main plot's too when it shares
		 * it */
		zown = false;
		if (l->nzoom > 0 && share)
			own = false;
	}
	main_h = rest - own - zown - l->nstrips * sh;
	if (main_h > MAIN_ROWS_MAX)
		main_h = MAIN_ROWS_MAX;

	y = l->in.y + (l->legend_y >= 0);
	l->main = area_at(l, y, main_h, 0);
	l->main.ax = zoomed_alone(s) ? l->ax : main_axis(s, &l->ax, main_h);
	if (l->nzoom > 0) {
		/* the zoomed window: the narrower of the main plot's (when
		 * it has one) and the one that resolves the fastest strip,
		 * so that it resolves both */
		struct plot_axis zw = resolving_axis(s, &l->ax,
						     pe_wavelength(p, l->pair[0]),
						     STRIP_DOTS_PER_TURN);

		if (share && l->main.ax.npos != l->ax.npos) {
			if (l->main.ax.npos < zw.npos)
				zw = l->main.ax;
			l->main.ax = zw;
		}
		l->zoom_ax = zw;
	}
	own = own && l->main.ax.npos != l->ax.npos;
	if (own)
		l->main_tick_y = y + main_h;
	y += main_h + own;
	for (int k = 0; k < l->nstrips; k++) {
		l->strip[k] = area_at(l, y, sh, sh >= 2 ? 1 : 0);
		if (k < l->nzoom)
			l->strip[k].ax = l->zoom_ax;
		y += sh;
		/* their ticks under the last of them */
		if (zown && k == l->nzoom - 1)
			l->ztick_y = y++;
	}
	if (ticks)
		l->tick_y = y;
	l->windows = l->main.ax.npos != l->ax.npos ||
		     l->main.ax.pos0 != l->ax.pos0 || l->nzoom > 0;
	for (int k = l->nzoom; k < l->nstrips; k++)
		if (l->nzoom > 0 &&
		    turns(s, l->pair[0], &l->zoom_ax) < turns(s, l->pair[k], &l->ax))
			return false;
	return true;
}

/* One layout with a gutter of min_gutter columns at least: the strips'
 * own window, the widest that resolves them (the most turns), with a
 * tick row of its own, unless that row costs them rows, or strips, that
 * the main plot's window would leave them. */
static void layout_pick(const struct state *s, struct rect r,
			struct waves_layout *l, int min_gutter)
{
	struct waves_layout shared;

	layout_try(s, r, l, false, min_gutter);
	if (l->nzoom == 0 || l->main_tick_y < 0 ||
	    !layout_try(s, r, &shared, true, min_gutter))
		return;
	/* on the main plot's window the fastest strip, when it is the
	 * selected pair, repeats the main plot's sine over the same
	 * positions (80x24 showed pair 0 twice over p 0-22) */
	if (shared.nzoom > 0 &&
	    shared.pair[0] == pe_pair_of(&s->cur.pe, s->cur.dim))
		return;
	if (shared.strip[0].h > l->strip[0].h ||
	    (shared.strip[0].h == l->strip[0].h && shared.nstrips > l->nstrips))
		*l = shared;
}

/* The gutter the window labels need ("p 0–127" and a blank), or 0 when
 * the panel shows one window. */
static int window_gutter(const struct state *s, const struct waves_layout *l)
{
	const struct plot_axis *ax[3] = { &l->main.ax, &l->ax, &l->zoom_ax };
	int need = 0;

	if (!l->windows)
		return 0;
	for (int k = 0; k < (l->nzoom > 0 ? 3 : 2); k++) {
		char buf[96];
		int w;

		window_text(s, ax[k], buf, sizeof buf);
		w = utf8_width(buf) + 1;
		need = w > need ? w : need;
	}
	return need;
}

/* Splits the rectangle as described at the top of this file. Everything the
 * draw and hit functions need, so that they agree. A panel of several
 * windows widens its gutter, up to a third of it, so that each tick row
 * can say its window. */
static void waves_layout(const struct state *s, struct rect r,
			 struct waves_layout *l)
{
	int need;

	layout_pick(s, r, l, 0);
	need = window_gutter(s, l);
	if (l->gutter > 0 && need > l->gutter && need <= l->in.w / 3)
		layout_pick(s, r, l, need);
}

/* "dim 4 sin  dim 5 cos  i=2 λ=7.5  pos 0-43", each part in its trace's
 * colour; on a narrow panel "i=2" goes first, then the word "dim", then
 * the partner and the wavelength, so that the main plot's window (when it
 * has its own) shows whole where it fits at all; no part is cut. */
static void draw_legend(const struct state *s, struct canvas *c,
			const struct waves_layout *l, int partner)
{
	const struct pe_params *p = &s->cur.pe;
	int pair = pe_pair_of(p, s->cur.dim);
	int end = l->in.x + l->in.w;
	char sel[32], other[32], lam[64], win[64], num[32];
	const char *fn = pe_fn_of(p, s->cur.dim) == PE_SIN ? "sin" : "cos";
	const char *fn2 = pe_fn_of(p, partner) == PE_SIN ? "sin" : "cos";

	fmt_double_compact(pe_wavelength(p, pair), 3, num, sizeof num);
	win[0] = '\0';
	if (l->main.ax.npos != l->ax.npos)
		snprintf(win, sizeof win, tr(s->lang, "  pos %lld-%lld"), l->main.ax.pos0,
			 l->main.ax.pos0 + l->main.ax.npos - 1);
	for (int level = 0; level < 3; level++) {
		int x = l->in.x;

		snprintf(sel, sizeof sel, level == 2 ? "%d %s"
			 : tr(s->lang, "dim %d %s"), s->cur.dim, fn);
		snprintf(other, sizeof other, level == 2 ? "  %d %s"
			 : tr(s->lang, "  dim %d %s"), partner, fn2);
		if (level == 0)
			snprintf(lam, sizeof lam, "  i=%d %s%s", pair, lambda_text(s),
				 num);
		else
			snprintf(lam, sizeof lam, "  %s%s", lambda_text(s), num);
		if (level < 2 && utf8_width(sel) + utf8_width(other) +
				 utf8_width(lam) + utf8_width(win) > l->in.w)
			continue;
		if (utf8_width(sel) + utf8_width(other) + utf8_width(lam) +
		    utf8_width(win) > l->in.w)
			other[0] = '\0';
		if (utf8_width(sel) + utf8_width(lam) + utf8_width(win) > l->in.w)
			lam[0] = '\0';
		x += canvas_text(c, x, l->legend_y, end - x, sel,
				 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
		x += canvas_text(c, x, l->legend_y, end - x, other,
				 (struct style){ ROLE_TRACE2, ROLE_DEFAULT, 0 });
		x += canvas_text(c, x, l->legend_y, end - x, lam,
				 (struct style){ ROLE_DIM, ROLE_DEFAULT, 0 });
		if (utf8_width(win) <= end - x)
			canvas_text(c, x, l->legend_y, end - x, win,
				    (struct style){ ROLE_CURSOR, ROLE_DEFAULT, 0 });
		return;
	}
}

static void draw_wave(struct canvas *c, const struct plot_area *a,
		      const struct pe_params *p, int dim, enum role fg)
{
	struct wave w = { pe_omega(p, pe_pair_of(p, dim)), pe_fn_of(p, dim) };
	struct plot_fn f = { wave_at, &w, PE_TWO_PI / w.omega, -1.0, 1.0 };

	plot_curve(c, a, &f, fg);
}

/* True when each dot column of the axis covers a full period of dim's pair
 * (the rule plot_curve uses to draw a column as the band [-1, 1]). */
static bool all_bands(const struct pe_params *p, int dim,
		      const struct plot_axis *ax)
{
	long long fewest = ax->npos / (2LL * ax->w);

	return (double)(fewest - 1) >= PE_TWO_PI / pe_omega(p, pe_pair_of(p, dim));
}

static void draw_main(const struct state *s, struct canvas *c,
		      const struct waves_layout *l, int partner)
{
	const struct plot_area *m = &l->main;
	int lw = l->gutter - 1;

	/* When every dot column spans a full period both traces are the same
	 * solid band, and the partner would be drawn only to be covered. */
	if (!all_bands(&s->cur.pe, s->cur.dim, &m->ax))
		draw_wave(c, m, &s->cur.pe, partner, ROLE_TRACE2);
	draw_wave(c, m, &s->cur.pe, s->cur.dim, ROLE_TRACE1);
	if (lw <= 0)
		return;
	plot_ylabel(c, m, l->in.x, lw, 1.0, "1", axis_style);
	plot_ylabel(c, m, l->in.x, lw, -1.0, "-1", axis_style);
	if (TIER(zero_label, m->ax.w, m->h))
		plot_ylabel(c, m, l->in.x, lw, 0.0, "0", axis_style);
}

/* On the top border, right-aligned, the key of the strips' colours,
 * " λ ≤ len " and " λ > len " each in its colour, when the strips show
 * both and the key fits beside the title. */
static void draw_key(const struct state *s, struct canvas *c,
		     const struct waves_layout *l, struct rect r)
{
	const char *fast = s->ascii ? " wl<=len " : " λ ≤ len ";
	const char *slow = s->ascii ? " wl>len " : " λ > len ";
	int title = utf8_width(tr(s->lang, "Waveforms")) + 4;
	int wf = utf8_width(fast), ws = utf8_width(slow), x;
	bool has[2] = { false, false };

	for (int k = 0; k < l->nstrips; k++)
		has[strip_role(s, l->pair[k]) == ROLE_TRACE4] = true;
	x = r.x + r.w - 2 - wf - ws;
	if (!has[0] || !has[1] || x < r.x + title)
		return;
	canvas_text(c, x, r.y, wf, fast,
		    (struct style){ ROLE_TRACE3, ROLE_DEFAULT, ATTR_BOLD });
	canvas_text(c, x + wf, r.y, ws, slow,
		    (struct style){ ROLE_TRACE4, ROLE_DEFAULT, ATTR_BOLD });
}

/* The axis of the bottom tick row. */
static const struct plot_axis *bottom_axis(const struct waves_layout *l)
{
	if (!l->nstrips)
		return &l->main.ax;
	return l->nzoom == l->nstrips ? &l->strip[0].ax : &l->ax;
}

/* In the gutter of row y, the positions axis a shows, when the panel has
 * more than one window (the main plot's, the zoomed strips', the shared
 * one: each tick row then says which positions it spans) and the label
 * fits. */
static void window_label(const struct state *s, struct canvas *c,
			 const struct waves_layout *l, int y,
			 const struct plot_axis *a)
{
	char text[96];

	if (l->gutter <= 1 || !l->windows)
		return;
	window_text(s, a, text, sizeof text);
	if (utf8_width(text) <= l->gutter - 1)
		canvas_text(c, l->in.x, y, l->gutter - 1, text, axis_style);
}

static void draw_strips(const struct state *s, struct canvas *c,
			const struct waves_layout *l)
{
	const struct pe_params *p = &s->cur.pe;

	for (int k = 0; k < l->nstrips; k++) {
		const struct plot_area *a = &l->strip[k];
		enum role fg = strip_role(s, l->pair[k]);
		char buf[TEXT_MAX];
		int ly = a->y0 + (a->h - 1) / 2;

		draw_wave(c, a, p, pe_dim_of(p, l->pair[k], PE_SIN), fg);
		plot_marker(c, &a->ax, a->y0, a->h, s->cur.pos, marker_style);
		if (l->gutter <= 1)
			continue;
		strip_label(s, l->pair[k], l->short_labels, buf, sizeof buf);
		canvas_text(c, l->in.x, ly, l->gutter - 1,
			    buf, (struct style){ (uint8_t)fg, ROLE_DEFAULT, 0 });
		/* A zoomed strip whose ticks are the main plot's, above it,
		 * says its window on its second row: no tick row under it
		 * does. */
		if (k < l->nzoom && l->ztick_y < 0 && a->ax.npos != bottom_axis(l)->npos &&
		    ly + 1 < a->y0 + a->h)
			window_label(s, c, l, ly + 1, &a->ax);
	}
}

/* Under the bottom ticks, on the border: the positions each strip with a
 * window of its own shows, as a heavy line in the strip's colour over the
 * shared axis (at least one column), the widest first so that a narrower
 * window stays in view on top of it; then what it is, "p 0–49 ↑ zoomed",
 * right of the line or else left of it, shorter where it must be. When
 * every strip has that window the bottom ticks are its own, and the
 * border only says so, from the axis's first column. */
static void draw_windows(const struct state *s, struct canvas *c,
			 const struct waves_layout *l, int y)
{
	const struct plot_axis *w = &l->strip[0].ax;
	struct style st = { (uint8_t)strip_role(s, l->pair[0]), ROLE_DEFAULT,
			    ATTR_BOLD };
	const char *arrow = s->ascii ? "^" : "↑";
	char range[64], text[3][96];
	int x0 = l->ax.x0, x1 = x0 - 1, lo = l->in.x, hi = l->in.x + l->in.w;

	if (l->nzoom == 0)
		return;
	if (l->nzoom < l->nstrips) {
		for (int k = l->nzoom - 1; k >= 0; k--) {
			enum role fg = strip_role(s, l->pair[k]);

			x0 = plot_col_of_pos(&l->ax, l->strip[k].ax.pos0);
			x1 = plot_col_of_pos(&l->ax, l->strip[k].ax.pos0 +
						     l->strip[k].ax.npos - 1);
			for (int x = x0; x <= x1; x++)
				canvas_put(c, x, y, s->ascii ? '=' : 0x2501,
					   (struct style){ (uint8_t)fg, ROLE_DEFAULT,
							   ATTR_BOLD });
		}
	}
	snprintf(range, sizeof range, "p %lld%s%lld", w->pos0,
		 s->ascii ? "-" : "–", w->pos0 + w->npos - 1);
	snprintf(text[0], sizeof text[0], tr(s->lang, " %s %s zoomed "), range,
		 arrow);
	snprintf(text[1], sizeof text[1], " %s %s ", range, arrow);
	snprintf(text[2], sizeof text[2], " %s ", arrow);
	for (int k = 0; k < 3; k++) {
		int tw = utf8_width(text[k]);

		if (x1 + 1 + tw <= hi) {
			canvas_text(c, x1 + 1, y, tw, text[k], st);
			return;
		}
		if (x0 - tw >= lo) {
			canvas_text(c, x0 - tw, y, tw, text[k], st);
			return;
		}
	}
}

void waves_draw(const struct state *s, struct canvas *c, struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	const struct pe_params *p = &s->cur.pe;
	int partner = pe_dim_of(p, pe_pair_of(p, s->cur.dim),
				pe_fn_of(p, s->cur.dim) == PE_SIN ? PE_COS : PE_SIN);
	struct waves_layout l;

	/* Blank first: the marker looks for empty cells, and a panel owns its
	 * whole rectangle. */
	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	panel_open(c, r, tr(s->lang, "Waveforms"), NULL);
	waves_layout(s, r, &l);
	if (l.main.h > 0 && l.ax.w > 0) {
		if (l.legend_y >= 0)
			draw_legend(s, c, &l, partner);
		draw_main(s, c, &l, partner);
		draw_strips(s, c, &l);
		draw_key(s, c, &l, r);
		/* The cursor down each plot, at its own window's column;
		 * plots on one window have it in one column, a line. */
		plot_marker(c, &l.main.ax, l.main.y0, l.main.h, s->cur.pos,
			    marker_style);
		if (l.main_tick_y >= 0) {
			plot_xticks(c, &l.main.ax, l.main_tick_y, axis_style);
			window_label(s, c, &l, l.main_tick_y, &l.main.ax);
		}
		if (l.ztick_y >= 0) {
			plot_xticks(c, &l.strip[0].ax, l.ztick_y, axis_style);
			window_label(s, c, &l, l.ztick_y, &l.strip[0].ax);
		}
		/* Without strips the bottom ticks are the main plot's; when
		 * every strip has the zoomed window, theirs. */
		if (l.tick_y >= 0) {
			plot_xticks(c, bottom_axis(&l), l.tick_y, axis_style);
			window_label(s, c, &l, l.tick_y, bottom_axis(&l));
		}
		if (l.tick_y >= 0 && l.nstrips)
			draw_windows(s, c, &l, r.y + r.h - 1);
	}
	canvas_set_clip(c, old);
}

bool waves_hit(const struct state *s, struct rect r, int x, int y,
	       long long *pos)
{
	struct waves_layout l;
	int last;

	const struct plot_axis *ax;

	waves_layout(s, r, &l);
	if (l.main.h <= 0 || l.ax.w <= 0)
		return false;
	last = l.tick_y >= 0 ? l.tick_y : l.main.y0 + l.main.h - 1;
	if (x < l.ax.x0 || x >= l.ax.x0 + l.ax.w || y < l.main.y0 || y > last)
		return false;
	/* Each plot answers on its own window: the main plot and its ticks,
	 * each strip, the zoomed strips' ticks; the bottom ticks are
	 * bottom_axis. */
	ax = y < l.main.y0 + l.main.h || y == l.main_tick_y ? &l.main.ax
							    : bottom_axis(&l);
	if (y == l.ztick_y)
		ax = &l.strip[0].ax;
	for (int k = 0; k < l.nstrips; k++)
		if (y >= l.strip[k].y0 && y < l.strip[k].y0 + l.strip[k].h)
			ax = &l.strip[k].ax;
	/* The marker's column covers many positions when zoomed out: a click
	 * on it keeps the selection rather than jumping to the column's
	 * middle. */
	if (x == plot_col_of_pos(ax, s->cur.pos))
		*pos = s->cur.pos;
	else
		*pos = plot_pos_of_col(ax, x);
	return true;
}
