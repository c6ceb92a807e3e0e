/* view_context_stretch.c - the context view's stretch plot, one strip a
 * method (see view_context_stretch.h).
 *
 *   ┌ Stretch λ'/λ per pair, log: ×1 (low) .. ×4 (high) ─┐
 *   │            L0/4│  L0│                              │
 *   │PI        ⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉│
 *   │NTK       ⣀⣀⣀⣀⡠⠤⠤⠤⠒⠒⠒⠉⠉⠉ (a straight rise)           │
 *   │YaRN      ⣀⣀⣀⣀⣀⣀⣀⣀⣀⡠⠤⠒⠊⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉│
 *   │Llama 3.1 ⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⡠⠔⠊⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉│
 *   │dyn. NTK  = original while len ≤ L0              │
 *   │LongRoPE  ⣀⣀⣀⣀⣤⣤⣤⣶⣶ (a bar a pair: its list's factor) │
 *   │pair i    0    10    20    30    40    50    60   │
 *   └──────────────────────────────────────────────────┘
 * The ratio is omega_i / omega'_i of pe_variants.h's formulas, sampled
 * twice a cell column along the (fractional) pair index: a handful of
 * pow() per sample, nothing to cache. */
#include "views/view_context_stretch.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "render/plot.h"
#include "views/panel.h"

enum {
	GUTTER_W = 10,		/* the strips' names: "Llama 3.1" and a gap */
	SAMPLES_MAX = 2 * CANVAS_MAX + 1,
	TEXT_MAX = 256
};

/* The kinds of the strips, top to bottom. */
static const enum kind ctx_strip_kind[CTX_STRIPS] = {
	K_PI, K_NTK, K_YARN, K_LLAMA3, K_DYNAMIC, K_LONGROPE
};

/* By size (views/panel.h): the strips from 8 x 3 inside, their names'
 * gutter where it leaves them 8 columns. */
static const struct tier stretch_least[] = { { 8, 3, 1 } };
static const struct tier gutter_room[] = { { 8, 0, 1 } };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };

/* The pair (fractional) whose original wavelength is lambda:
 * d ln(lambda / 2 pi) / (2 ln base). */
static double ctx_pair_of_wavelength(const struct pe_params *p, double lambda)
{
	return p->d_model * log(lambda / PE_TWO_PI) / (2.0 * log(p->base));
}

/* ln(lambda'_i / lambda_i) of kind k at (fractional) pair i, never below
 * 0 (no method here shortens a wavelength; rounding could). */
static double log_stretch(const struct pe_params *p, enum kind k,
			  const struct stretch *x, double pair)
{
	double v = log(kind_omega(p, K_ORIGINAL, x, pair) /
		       kind_omega(p, k, x, pair));

	return v > 0.0 ? v : 0.0;
}

/* The kind whose samples equal strip k's (to 1e-12 of the axis), or -1:
 * the original (all 0), then the strips above it. */
static int same_as(const double *v, int n, int strip, double top)
{
	double tol = 1e-12 * (top > 1.0 ? top : 1.0);
	const double *mine = v + (size_t)strip * (size_t)n;
	bool zero = true;

	for (int j = 0; j < n && zero; j++)
		zero = fabs(mine[j]) <= tol;
	if (zero)
		return K_ORIGINAL;
	for (int o = 0; o < strip; o++) {
		const double *other = v + (size_t)o * (size_t)n;
		bool same = true;

		for (int j = 0; j < n && same; j++)
			same = fabs(mine[j] - other[j]) <= tol;
		if (same)
			return (int)ctx_strip_kind[o];
	}
	return -1;
}

/* What a strip says instead of a curve that is another's, after its
 * name: whole, or short when that does not fit w. */
static void same_text(const struct state *s, enum kind k, int other, int w,
		      char *buf, size_t n)
{
	struct stretch x = ctx_stretch(s);

	if (k == K_DYNAMIC && other == K_ORIGINAL && x.len <= x.train)
		snprintf(buf, n, tr(s->lang, "= original while len %s L0: "
					     "no stretch"),
			 s->ascii ? "<=" : "≤");
	else if (other == K_ORIGINAL)
		snprintf(buf, n, "%s", tr(s->lang, "= original here: no stretch"));
	else
		snprintf(buf, n, tr(s->lang, "= %s at this length"),
			 tr(s->lang, kind_name[other]));
	if (utf8_width(buf) > w && k == K_DYNAMIC && other == K_ORIGINAL)
		snprintf(buf, n, tr(s->lang, "= original (len %s L0)"),
			 s->ascii ? "<=" : "≤");
	if (utf8_width(buf) > w)
		snprintf(buf, n, "= %s", other == K_ORIGINAL
					 ? tr(s->lang, "original")
					 : tr(s->lang, kind_name[other]));
}

/* Strip k's bars over rows [y0, y0 + rows) of the axis' columns: each
 * column as tall as the stretch at the pair of its centre (v: n samples,
 * pair j * step), in eighths of a row, full height at top. */
static void draw_bars(const struct state *s, struct canvas *c,
		      const struct plot_axis *ax, int y0, int rows,
		      const double *v, int n, double step, double top,
		      enum role fg)
{
	static const uint32_t eighth[9] = {
		' ', 0x2581, 0x2582, 0x2583, 0x2584, 0x2585, 0x2586, 0x2587,
		0x2588
	};
	static const char ascii[9] = { ' ', '.', '.', '-', '-', '=', '=', '#',
				       '#' };
	struct style st = { (uint8_t)fg, ROLE_DEFAULT, 0 };

	for (int col = 0; col < ax->w; col++) {
		/* the column's centre, in pairs, and its sample */
		double pair = ((double)col + 0.5) * (double)ax->npos / ax->w - 0.5;
		int j = step > 0.0 ? (int)floor(pair / step + 0.5) : 0;
		long long lv;

		j = j < 0 ? 0 : j >= n ? n - 1 : j;
		lv = top > 0.0 ? (long long)floor(v[j] / top * 8.0 * rows + 0.5)
			       : 0;
		for (int r = 0; r < rows; r++) {
			long long e = lv - 8LL * (rows - 1 - r);

			e = e < 0 ? 0 : e > 8 ? 8 : e;
			if (e > 0)
				canvas_put(c, ax->x0 + col, y0 + r,
					   s->ascii ? (uint32_t)ascii[e]
						    : eighth[e], st);
		}
	}
}

/* The label of a mark at column x on row y: before it (left) or after
 * it, as asked, or on the other side when that side has no room; left
 * out where it would overlap what is drawn up to *used. */
static void mark_label(struct canvas *c, int x, int y, int lo, int end,
		       const char *text, bool left, int *used)
{
	int w = utf8_width(text), at = left ? x - w : x + 1;

	if (at < lo)
		at = x + 1;
	if (at + w > end)
		at = x - w;
	if (at < lo || at < *used || at + w > end)
		return;
	canvas_text(c, at, y, w, text, marker_style);
	*used = at + w;
}

void ctx_stretch_draw(const struct state *s, struct canvas *c, struct rect r)
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);
	struct rect in = panel_inside(r);
	int pairs = p->d_model / 2, gw = GUTTER_W, rows, per, shown, n;
	double top = log(x.s > 1.0 ? x.s : 1.0), step;
	static double v[CTX_STRIPS * SAMPLES_MAX];
	char title[TEXT_MAX], sv[32];
	const char *times = s->ascii ? "x" : "×";
	const char *lam = s->ascii ? "wl'/wl" : "λ'/λ";
	struct plot_axis ax;
	int legend_y, tick_y, used, strips;

	if (!TIER(gutter_room, in.w - gw, in.h))
		gw = 0;
	ax = (struct plot_axis){ 0, pairs, in.x + gw,
				 in.w - gw > 1 ? in.w - gw : 1 };
	n = pairs > 1 ? 2 * ax.w + 1 : 1;
	if (n > SAMPLES_MAX)
		n = SAMPLES_MAX;
	step = pairs > 1 ? (double)(pairs - 1) / (n - 1) : 1.0;
	/* The axis runs to the largest stretch (dynamic NTK's base can pass
	 * s once len passes s L0). */
	for (int k = 0; k < CTX_STRIPS; k++)
		for (int j = 0; j < n; j++) {
			double y = log_stretch(p, ctx_strip_kind[k], &x, j * step);

			v[(size_t)k * (size_t)n + (size_t)j] = y;
			top = fmax(top, y);
		}
	fmt_double_compact(exp(top), 3, sv, sizeof sv);
	snprintf(title, sizeof title,
		 tr(s->lang, "Stretch %s of each pair, log: %s1 (low) to %s%s (high)"),
		 lam, times, times, sv);
	if (utf8_width(title) > r.w - 4)
		snprintf(title, sizeof title, tr(s->lang, "Stretch %s, %s1 to %s%s"),
			 lam, times, times, sv);
	panel_open(c, r, title, tr(s->lang, "Stretch"));
	if (!TIER(stretch_least, in.w, in.h))
		return;
	legend_y = in.y;
	tick_y = in.y + in.h - 1;
	rows = in.h - 2;
	/* LongRoPE's strip, the last, only with lists for this width */
	strips = kind_absent(p, K_LONGROPE, &x) ? CTX_STRIPS - 1 : CTX_STRIPS;
	shown = rows < strips ? rows : strips;
	per = rows / shown;
	/* The marks where the original wavelength is L0/4 and L0, under the
	 * strips' bars and words, labelled on the row above them. */
	used = ax.x0;
	for (int m = 0; m < 2; m++) {
		double wl = m == 0 ? x.train / PE_LLAMA3_HIGH
				   : x.train / PE_LLAMA3_LOW;
		double i = ctx_pair_of_wavelength(p, wl);
		int col = (int)floor((i + 0.5) * ax.w / pairs);

		if (!(i >= -0.5 && i <= pairs - 0.5) || col < 0 || col >= ax.w)
			continue;
		col += ax.x0;
		for (int y = in.y; y < tick_y; y++)
			if (canvas_cell(c, col, y)->ch == ' ')
				canvas_put(c, col, y, s->ascii ? '|' : 0x2502,
					   marker_style);
		mark_label(c, col, legend_y, ax.x0, ax.x0 + ax.w,
			   m == 0 ? "L0/4" : "L0", m == 0, &used);
	}
	for (int k = 0; k < shown; k++) {
		enum kind kd = ctx_strip_kind[k];
		int y0 = in.y + 1 + k * per, other;
		struct style ks = { (uint8_t)kind_role[kd], ROLE_DEFAULT,
				    ATTR_BOLD };

		if (gw > 0)
			canvas_text(c, in.x, y0, gw - 1, tr(s->lang, kind_name[kd]),
				    ks);
		other = top > 0.0 ? same_as(v, n, k, top) : K_ORIGINAL;
		if (other >= 0) {
			char t[TEXT_MAX];

			same_text(s, kd, other, ax.w, t, sizeof t);
			canvas_text(c, ax.x0, y0, ax.w, t, text_style);
			continue;
		}
		draw_bars(s, c, &ax, y0, per, v + (size_t)k * (size_t)n, n, step,
			  top, kind_role[kd]);
	}
	/* what the bars mean, on a row the strips leave */
	if (in.y + 1 + shown * per < tick_y) {
		char key[TEXT_MAX];

		snprintf(key, sizeof key,
			 tr(s->lang, "no bar: kept as trained; full bar: %s%s"),
			 times, sv);
		if (utf8_width(key) > in.w)
			snprintf(key, sizeof key,
				 tr(s->lang, "no bar: kept; full: %s%s"), times, sv);
		if (utf8_width(key) <= in.w)
			canvas_text(c, in.x, in.y + 1 + shown * per, in.w, key,
				    text_style);
	}
	if (gw > 0)
		canvas_text(c, in.x, tick_y, gw - 1,
			    tr(s->lang, "pair i"), axis_style);
	plot_xticks(c, &ax, tick_y, axis_style);
	panel_more_mark(s, c, r, strips - shown, CP_STRETCH);
}
