/* view_spectrum.c - frequency decay: the wavelength of every pair on a log
 * axis, against the length of the sequence.
 *
 * Layout inside the border, top to bottom, dropping what does not fit:
 *   headline  "84 of 256 pairs complete a cycle within 128 positions"
 *   ranges    "λ_i = 2π·base^(2i/d): λ_0 = 2π = 6.28 ... λ_255 = ... = 6.06e4"
 *   turns     "ω_i = base^(−2i/d): 1 down to 1.04e-4 rad per position; ..."
 *   selected  "dim 0 = sin of pair 0: λ = 6.28, 20.4 turns over len"
 *   plot      log10 λ_i against the pair index i, a straight line since
 *             log λ_i = log 2π + (2i/d) log base. The line λ = len splits
 *             it: pairs below it (TRACE1) turn at least once over the
 *             sequence, pairs above it (TRACE2) turn less than once, so
 *             they are nearly constant over len and tell positions apart
 *             only coarsely. Each region is labelled beside the len
 *             line, next to its pairs, with an arrow to them. The selected pair (state.cur.dim) is marked in
 *             the cursor role. y labels: 2π, every decade, 2π·base.
 *   ticks     pair index
 *   caption   "pair i: fastest at 0, slowest at 255; λ on a log scale"
 * With s->ascii every text is ASCII: λ -> wl, ω -> w, π -> pi, · -> *,
 * − -> -, ≤ -> <=, … -> ..., arrows -> ^ v. */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/pe.h"
#include "engine/pe_analysis.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "views/panel.h"
#include "views/spectrum_matrix.h"

enum {
	TEXT_MAX = 256,		/* one line of text */
	LABELS_MAX = 16,	/* y labels: 2π, up to 13 decades, 2π·base */
	LABEL_MAX = 16,		/* one y label */
	GUTTER_MIN_W = 30,	/* narrower: no y labels */
	PLOT_ROWS_MIN = 3	/* fewer: no plot */
};

/* The least the y axis spans, in decades of wavelength. */
static const double AXIS_DECADES = 1.0;


/* By size (views/panel.h): anything from 2 x 1 inside; text lines at
 * the top: 4 from 22 rows, 3 from 14, 2 from 9, else 1. */
static const struct tier spectrum_least[] = { { 2, 1, 1 } };
static const struct tier text_lines[] = { { 0, 22, 4 }, { 0, 14, 3 },
					  { 0, 9, 2 }, { 0, 0, 1 } };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style cursor_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };
static const struct style len_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *lambda, *omega, *pi, *dot, *minus, *le, *dots, *up, *down;
};

static const struct symbols utf8_symbols = {
	"λ", "ω", "π", "·", "−", "≤", "…", "↑", "↓"
};
static const struct symbols ascii_symbols = {
	"wl", "w", "pi", "*", "-", "<=", "...", "^", "v"
};

/* Everything the spectrum shows, worked out once per frame. */
struct spectrum {
	const struct pe_params *p;
	const struct symbols *sy;
	enum lang lang;		/* of the sentences */
	int pairs;		/* pairs: d / 2 */
	int cycling;		/* pairs with wavelength <= len */
	int pair;		/* the selected pair */
	double lo, hi;		/* log10 of 2π and of 2π·base: the span of
				 * the wavelengths */
	double ax_lo, ax_hi;	/* the y axis: lo..hi, widened to at least
				 * AXIS_DECADES around them when they are
				 * closer (a base just above 1) */
	double cross;		/* fractional pair index where λ = len */
};

struct spectrum_layout {
	struct rect in;		/* inside the border */
	int ntext;		/* text lines at the top */
	int gutter;		/* y label columns */
	int tick_y;		/* pair index row, or -1 */
	int caption_y;		/* caption row, or -1 */
	struct plot_area area;	/* area.h == 0: no plot */
};

static double log_wavelength(const struct spectrum *sp, double pair)
{
	return sp->lo + 2.0 * pair / sp->p->d_model * log10(sp->p->base);
}

static void spectrum_init(const struct state *s, struct spectrum *sp)
{
	const struct pe_params *p = &s->cur.pe;

	sp->p = p;
	sp->sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	sp->lang = s->lang;
	sp->pairs = p->d_model / 2;
	sp->cycling = analysis_pairs_cycling(p, (double)s->cur.len);
	sp->pair = pe_pair_of(p, s->cur.dim);
	sp->lo = log10(PE_TWO_PI);
	sp->hi = log10(PE_TWO_PI * p->base);
	sp->ax_lo = sp->lo;
	sp->ax_hi = sp->hi;
	if (sp->hi - sp->lo < AXIS_DECADES) {
		/* Every wavelength within a few percent of 2π: a flat line in
		 * a decade, not rounding noise blown up to the whole plot. */
		double mid = 0.5 * (sp->lo + sp->hi);

		sp->ax_lo = mid - 0.5 * AXIS_DECADES;
		sp->ax_hi = mid + 0.5 * AXIS_DECADES;
	}
	sp->cross = (log10((double)s->cur.len) - sp->lo) /
		    (2.0 * log10(p->base)) * p->d_model;
}

/* ---- y labels ---- */

struct ylabel {
	double v;		/* log10 of the wavelength */
	char text[LABEL_MAX];
};

/* 2π at the bottom, 2π·base at the top, then each decade in between:
 * in order of importance, so a crowded axis drops decades first. */
static int ylabels(const struct spectrum *sp, struct ylabel *out)
{
	int n = 0;

	/* Round ticks: the decades on the axis. */
	for (int e = 1; e <= 13 && n < LABELS_MAX; e++) {
		if (e <= sp->ax_lo || e >= sp->ax_hi)
			continue;
		plot_value_label(pow(10.0, e), pow(10.0, e), out[n].text, LABEL_MAX);
		out[n++].v = e;
	}
	if (n >= 2)
		return n;
	/* Fewer than two decades in range: the ends 2π and 2π·base too (the
	 * text above says what they are) give the axis its scale. */
	fmt_double_compact(PE_TWO_PI, 3, out[n].text, LABEL_MAX);
	out[n++].v = sp->lo;
	fmt_double_compact(PE_TWO_PI * sp->p->base, 3, out[n].text, LABEL_MAX);
	out[n].v = sp->hi;
	if (strcmp(out[n].text, out[n - 1].text) != 0)
		n++;	/* else one label stands for both */
	return n;
}

/* ---- layout ---- */

static void spectrum_layout(const struct spectrum *sp, struct rect r,
			    struct spectrum_layout *l)
{
	int ih, rows;

	memset(l, 0, sizeof *l);
	l->tick_y = l->caption_y = -1;
	l->in = panel_inside(r);
	ih = l->in.h;
	if (!TIER(spectrum_least, l->in.w, ih))
		return;
	l->ntext = TIER(text_lines, l->in.w, ih);
	rows = ih - l->ntext;
	if (rows >= PLOT_ROWS_MIN + 2) {
		l->tick_y = l->in.y + ih - 1 - (rows >= PLOT_ROWS_MIN + 4);
		if (rows >= PLOT_ROWS_MIN + 4)
			l->caption_y = l->in.y + ih - 1;
		rows -= 1 + (l->caption_y >= 0);
	}
	if (rows < PLOT_ROWS_MIN)
		return;
	if (l->in.w >= GUTTER_MIN_W) {
		struct ylabel lab[LABELS_MAX];
		int n = ylabels(sp, lab);

		for (int k = 0; k < n; k++) {
			int w = utf8_width(lab[k].text) + 1;

			if (w > l->gutter)
				l->gutter = w;
		}
	}
	l->area = (struct plot_area){
		{ 0, sp->pairs, l->in.x + l->gutter, l->in.w - l->gutter },
		l->in.y + l->ntext, rows, sp->ax_lo, sp->ax_hi, 0
	};
}

/* ---- text ---- */

static void draw_headline(const struct state *s, const struct spectrum *sp,
			  struct canvas *c, const struct spectrum_layout *l,
			  int y)
{
	char a[2 * TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };

	snprintf(b, sizeof b, tr(s->lang, "%d of %d pairs complete a cycle within %lld"),
		 sp->cycling, sp->pairs, s->cur.len);
	snprintf(a, sizeof a, tr(s->lang, "%s positions (%s %s len)"), b, sp->sy->lambda,
		 sp->sy->le);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2,
		 (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD });
}

static void draw_ranges(const struct spectrum *sp, struct canvas *c,
			const struct spectrum_layout *l, int y)
{
	const struct symbols *sy = sp->sy;
	char last[32], top[32], a[2 * TEXT_MAX], b[TEXT_MAX], d[TEXT_MAX];
	const char *cand[3] = { a, b, d };

	fmt_double_compact(pe_wavelength(sp->p, sp->pairs - 1), 3, last, sizeof last);
	fmt_double_compact(PE_TWO_PI * sp->p->base, 3, top, sizeof top);
	if (sp->pairs == 1) {
		snprintf(a, sizeof a, tr(sp->lang, "one pair: %s_0 = 2%s = 6.28 (2%s%sbase = %s)"),
			 sy->lambda, sy->pi, sy->pi, sy->dot, top);
		snprintf(b, sizeof b, tr(sp->lang, "one pair: %s_0 = 2%s = 6.28"), sy->lambda,
			 sy->pi);
		paragraph_fit(c, l->in.x, y, l->in.w, cand, 2, plain);
		return;
	}
	snprintf(d, sizeof d, "%s_0 = 6.28 %s %s_%d = %s", sy->lambda, sy->dots,
		 sy->lambda, sp->pairs - 1, last);
	snprintf(b, sizeof b, "%s_0 = 2%s = 6.28 %s %s_%d = 2%s%sbase^((d%s2)/d) = %s",
		 sy->lambda, sy->pi, sy->dots, sy->lambda, sp->pairs - 1, sy->pi,
		 sy->dot, sy->minus, last);
	/* The slowest pair's share of 2π·base is base^(-2/d): 96% at d 512,
	 * base 1e4, but 44% at d 32, base 5e5, and 10% at d 8, base 1e4. */
	snprintf(a, sizeof a, tr(sp->lang, "%s_i = 2%s%sbase^(2i/d): %s, %.0f%% of 2%s%sbase = %s"),
		 sy->lambda, sy->pi, sy->dot, b,
		 100.0 * pow(sp->p->base, -2.0 / sp->p->d_model), sy->pi, sy->dot,
		 top);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 3, plain);
}

static void draw_turns(const struct spectrum *sp, struct canvas *c,
		       const struct spectrum_layout *l, int y)
{
	const struct symbols *sy = sp->sy;
	char slow[32], a[TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };
	int n;

	fmt_double_compact(pe_omega(sp->p, sp->pairs - 1), 3, slow, sizeof slow);
	if (sp->pairs == 1)
		n = snprintf(b, sizeof b, tr(sp->lang, "%s_0 = 1 rad per position"), sy->omega);
	else
		n = snprintf(b, sizeof b, tr(sp->lang,
			     "%s_i = base^(%s2i/d): 1 down to %s rad per position"),
			     sy->omega, sy->minus, slow);
	snprintf(a, sizeof a, "%s", b);
	/* Where the base itself sits on the axis: λ_i = base at
	 * i = (d/2) (1 - log 2π / log base), when that is a pair. */
	double at = sp->p->base > PE_TWO_PI
		    ? sp->pairs * (1.0 - log(PE_TWO_PI) / log(sp->p->base)) : -1.0;

	if (at >= 0.0 && at <= sp->pairs - 1 && n > 0) {
		char base[32];

		fmt_double_shortest(sp->p->base, base, sizeof base);
		snprintf(a + n, sizeof a - (size_t)n, tr(sp->lang,
			 "; %s = base = %s near pair %.0f"),
			 sy->lambda, base, floor(at));
	}
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2, plain);
}

static void draw_selected(const struct state *s, const struct spectrum *sp,
			  struct canvas *c, const struct spectrum_layout *l,
			  int y)
{
	const struct pe_params *p = sp->p;
	double lambda = pe_wavelength(p, sp->pair);
	double turns = (double)s->cur.len / lambda;
	char wl[32], a[TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };

	char tn[32];

	fmt_double_compact(lambda, 3, wl, sizeof wl);
	fmt_double_compact(turns, turns >= 1.0 ? 3 : 2, tn, sizeof tn);
	snprintf(b, sizeof b, tr(s->lang, "pair %d: %s = %s"),
		 sp->pair, sp->sy->lambda, wl);
	if (turns >= 1.0)
		snprintf(a, sizeof a, tr(s->lang, "dim %d = %s of pair %d: %s = %s, %s turns over len"),
			 s->cur.dim, pe_fn_of(p, s->cur.dim) == PE_SIN ? "sin" : "cos",
			 sp->pair, sp->sy->lambda, wl, tn);
	else
		snprintf(a, sizeof a, tr(s->lang, "dim %d = %s of pair %d: %s = %s, %s of a turn over len (nearly constant)"),
			 s->cur.dim, pe_fn_of(p, s->cur.dim) == PE_SIN ? "sin" : "cos",
			 sp->pair, sp->sy->lambda, wl, tn);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2, cursor_style);
}

static void draw_text(const struct state *s, const struct spectrum *sp,
		      struct canvas *c, const struct spectrum_layout *l)
{
	int y = l->in.y;

	draw_headline(s, sp, c, l, y++);
	if (l->ntext >= 3)
		draw_ranges(sp, c, l, y++);
	if (l->ntext >= 4)
		draw_turns(sp, c, l, y++);
	if (l->ntext >= 2)
		draw_selected(s, sp, c, l, y);
}

/* ---- the plot ---- */

/* Rows the curve may touch in column x: [*top, *bottom]. A column shows a
 * run of pairs; one pair either side covers the line joining columns. */
static void curve_rows(const struct spectrum *sp, const struct plot_area *a,
		       int x, int *top, int *bottom)
{
	long long lo, n;
	double first, last;

	plot_col_items(0, sp->pairs, a->ax.w, x - a->ax.x0, &lo, &n);
	first = (double)(lo > 0 ? lo - 1 : 0);
	last = (double)(lo + n < sp->pairs ? lo + n : sp->pairs - 1);
	*top = plot_row_of_value(a, log_wavelength(sp, last));
	*bottom = plot_row_of_value(a, log_wavelength(sp, first));
}

/* The first candidate that fits on row y above the curve, from the left
 * (the curve rises to the right, so the top left is free). */
static void label_above(const struct spectrum *sp, struct canvas *c,
			const struct plot_area *a, int y,
			const char *const *cand, int n, struct style st)
{
	int x = a->ax.x0, top, bottom;

	while (x < a->ax.x0 + a->ax.w) {
		curve_rows(sp, a, x, &top, &bottom);
		if (top <= y)
			break;
		x++;
	}
	for (int k = 0; k < n; k++)
		if (utf8_width(cand[k]) <= x - a->ax.x0 - 2) {
			canvas_text(c, a->ax.x0 + 1, y, x - a->ax.x0 - 2, cand[k], st);
			return;
		}
}

/* The same, right-aligned below the curve (the bottom right is free). */
static void label_below(const struct spectrum *sp, struct canvas *c,
			const struct plot_area *a, int y,
			const char *const *cand, int n, struct style st)
{
	int end = a->ax.x0 + a->ax.w, x = end, top, bottom;

	while (x > a->ax.x0) {
		curve_rows(sp, a, x - 1, &top, &bottom);
		if (bottom >= y)
			break;
		x--;
	}
	for (int k = 0; k < n; k++) {
		int w = utf8_width(cand[k]);

		if (w <= end - x - 2) {
			canvas_text(c, end - 1 - w, y, w, cand[k], st);
			return;
		}
	}
}

/* The line λ = len across the plot; the curve, drawn after it, breaks it
 * where they cross. */
static void draw_len_line(const struct state *s, const struct spectrum *sp,
			  struct canvas *c, const struct plot_area *a)
{
	double v = log10((double)s->cur.len);

	if (v <= sp->hi && v >= sp->lo)
		canvas_fill(c, (struct rect){ a->ax.x0, plot_row_of_value(a, v),
					      a->ax.w, 1 }, 0x2500, len_style);
}

/* The label of the len line, at the end away from where the curve crosses
 * it; or, when len is off the axis, an arrow saying which way. Drawn last,
 * so that the marker does not run through it. */
static void draw_len_label(const struct state *s, const struct spectrum *sp,
			   struct canvas *c, const struct plot_area *a)
{
	double v = log10((double)s->cur.len);
	int x0 = a->ax.x0, w = a->ax.w, tw;
	char text[64];

	if (v > sp->hi || v < sp->lo) {
		const char *cand[2] = { text, "len" };

		snprintf(text, sizeof text, v > sp->hi
			 ? tr(s->lang, "%s len = %lld, above every %s")
			 : tr(s->lang, "%s len = %lld, below every %s"),
			 v > sp->hi ? sp->sy->up : sp->sy->down, s->cur.len,
			 sp->sy->lambda);
		if (v > sp->hi)
			label_above(sp, c, a, a->y0, cand, 2, len_style);
		else
			label_below(sp, c, a, a->y0 + a->h - 1, cand, 2, len_style);
		return;
	}
	snprintf(text, sizeof text, " len = %lld ", s->cur.len);
	tw = utf8_width(text);
	if (tw > w)
		return;
	if (plot_col_of_pos(&a->ax, (long long)sp->cross) < x0 + w / 2)
		x0 += w - tw;
	canvas_text(c, x0, plot_row_of_value(a, v), tw, text, len_style);
}

/* Labels for the two regions, beside the len line and next to their
 * pairs: the slow one on the row above the line, right of the curve (under
 * the slow pairs, an arrow up to them), the fast one on the row below it,
 * left of the curve (over the fast pairs, an arrow down). On the rows
 * farthest from the line they stood in the corners opposite their pairs. */
static void draw_regions(const struct spectrum *sp, struct canvas *c,
			 const struct plot_area *a, int len_y)
{
	char slow[3][96], fast[3][96];
	const char *const sc[3] = { slow[0], slow[1], slow[2] };
	const char *const fc[3] = { fast[0], fast[1], fast[2] };

	snprintf(slow[0], sizeof slow[0], "%s %s", sp->sy->up,
		 tr(sp->lang, "slower than the sequence: nearly constant over len"));
	snprintf(slow[1], sizeof slow[1], "%s %s", sp->sy->up,
		 tr(sp->lang, "slower than the sequence"));
	snprintf(slow[2], sizeof slow[2], "%s %s", sp->sy->up,
		 tr(sp->lang, "too slow"));
	snprintf(fast[0], sizeof fast[0], "%s %s", sp->sy->down,
		 tr(sp->lang, "complete a cycle within len"));
	snprintf(fast[1], sizeof fast[1], "%s %s", sp->sy->down,
		 tr(sp->lang, "cycle within len"));
	snprintf(fast[2], sizeof fast[2], "%s %s %s len", sp->sy->down,
		 sp->sy->lambda, sp->sy->le);
	if (sp->cycling < sp->pairs && a->y0 < len_y && len_y < a->y0 + a->h)
		label_below(sp, c, a, len_y - 1, sc, 3,
			    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, 0 });
	if (sp->cycling > 0 && a->y0 <= len_y && len_y < a->y0 + a->h - 1)
		label_above(sp, c, a, len_y + 1, fc, 3,
			    (struct style){ ROLE_TRACE1, ROLE_DEFAULT, 0 });
}

/* The straight line log λ_i over [i0, i1] in role fg. */
static void draw_segment(const struct spectrum *sp, struct canvas *c,
			 const struct plot_area *a, double i0, double i1,
			 enum role fg)
{
	double v[2] = { log_wavelength(sp, i0), log_wavelength(sp, i1) };

	plot_samples(c, a, i0, i1 > i0 ? i1 - i0 : 1.0, v, i1 > i0 ? 2 : 1, fg);
}

/* The y labels, one a row, none on the row of the len line (len_y, or -1
 * when len is off the axis): "100" at the start of the line that ends in
 * "len = 128" reads as the line's value, so that tick gives way to the
 * word "len", in the line's colour, where that fits the gutter (an axis
 * with no label between 10 and 1k looks broken; its value there, "128",
 * read as an irregular tick between decades). The axis's name on its
 * top row where no tick took it. */
static void draw_yaxis(const struct spectrum *sp, struct canvas *c,
		       const struct spectrum_layout *l, long long len, int len_y,
		       const char *name)
{
	struct ylabel lab[LABELS_MAX];
	int used[LABELS_MAX + 1], nused = 0, n = ylabels(sp, lab);
	const struct plot_area *a = &l->area;
	bool gave_way = false;

	if (len_y >= 0)
		used[nused++] = len_y;
	for (int k = 0; k < n; k++) {
		int row = plot_row_of_value(a, lab[k].v);
		bool taken = false;

		for (int j = 0; j < nused; j++)
			taken = taken || used[j] == row;
		gave_way = gave_way || (taken && row == len_y);
		if (taken)
			continue;
		used[nused++] = row;
		plot_ylabel(c, a, l->in.x, l->gutter - 1, lab[k].v, lab[k].text,
			    axis_style);
	}
	/* the axis's name on its top row, where no tick took it */
	{
		bool top_taken = false;

		for (int j = 0; j < nused; j++)
			top_taken = top_taken || used[j] == a->y0;
		if (!top_taken)
			canvas_text(c, l->in.x, a->y0, l->gutter - 1, name, axis_style);
	}
	if (gave_way && utf8_width("len") <= l->gutter - 1)
		plot_ylabel(c, a, l->in.x, l->gutter - 1, log10((double)len),
			    "len", len_style);
}

static void draw_plot(const struct state *s, const struct spectrum *sp,
		      struct canvas *c, const struct spectrum_layout *l)
{
	const struct plot_area *a = &l->area;
	double last = sp->pairs - 1, cross = sp->cross;
	double len_v = log10((double)s->cur.len);
	int len_y = plot_row_of_value(a, len_v);

	if (l->gutter > 1)
		draw_yaxis(sp, c, l, s->cur.len,
			   len_v <= sp->hi && len_v >= sp->lo ? len_y : -1,
			   s->ascii ? "wl" : "λ");
	draw_len_line(s, sp, c, a);
	/* The two colours meet exactly where λ = len. */
	if (cross > 0.0)
		draw_segment(sp, c, a, 0.0, cross < last ? cross : last,
			     ROLE_TRACE1);
	if (cross < last)
		draw_segment(sp, c, a, cross > 0.0 ? cross : 0.0, last,
			     ROLE_TRACE2);
	plot_marker(c, &a->ax, a->y0, a->h, sp->pair, cursor_style);
	plot_dot(c, a, sp->pair, log_wavelength(sp, sp->pair), ROLE_CURSOR);
	draw_len_label(s, sp, c, a);
	draw_regions(sp, c, a, len_y);
	if (l->tick_y >= 0)
		plot_xticks(c, &a->ax, l->tick_y, axis_style);
	if (l->caption_y >= 0) {
		char a1[TEXT_MAX], a2[TEXT_MAX], a3[TEXT_MAX];
		const char *cand[3] = { a1, a2, a3 };

		/* the y axis's decades are equal steps: say that it is log */
		snprintf(a1, sizeof a1, tr(s->lang, "pair i: fastest at 0 (%s = 2%s), slowest at %d; %s on a log scale"),
			 sp->sy->lambda, sp->sy->pi, sp->pairs - 1, sp->sy->lambda);
		snprintf(a2, sizeof a2, tr(s->lang, "pair i; %s on a log scale"),
			 sp->sy->lambda);
		snprintf(a3, sizeof a3, "%s", tr(s->lang, "pair i"));
		paragraph_fit(c, a->ax.x0, l->caption_y, a->ax.w, cand, 3, axis_style);
	}
}

static void spectrum_draw(const struct state *s, void *ctx, struct canvas *c,
			  struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct spectrum sp;
	struct spectrum_layout l;

	if (s->matrix) {	/* its periods, kept in ctx */
		canvas_set_clip(c, old);
		spectrum_matrix_draw(s, ctx, c, r);
		return;
	}
	canvas_fill(c, r, ' ', plain);
	panel_open(c, r, tr(s->lang, "Spectrum: the wavelength of each pair"),
		   NULL);
	spectrum_init(s, &sp);
	spectrum_layout(&sp, r, &l);
	if (l.in.w >= 1 && l.in.h >= 1) {
		draw_text(s, &sp, c, &l);
		if (l.area.h > 0 && l.area.ax.w > 0)
			draw_plot(s, &sp, c, &l);
	}
	canvas_set_clip(c, old);
}

static void spectrum_free(void *ctx)
{
	cache_free(ctx);
}

const struct view_spec view_spectrum = {
	.name = "spectrum",
	.said = N_("spectrum view"),
	.title = N_("wavelength of every pair against the length"),
	.point = N_("the wavelengths grow geometrically from 2π to nearly 2π·base, and only the pairs under the length complete a cycle within it"),
	.draw = spectrum_draw,
	.ctx_size = sizeof(struct cache),	/* a loaded matrix's periods */
	.ctx_free = spectrum_free,
	.shows_matrix = true,
};
