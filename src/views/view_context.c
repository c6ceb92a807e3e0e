/* view_context.c - the base presets, and what the ways of stretching a
 * trained context length L0 by a factor s do to the encoding: position
 * interpolation, NTK-aware scaling, YaRN and dynamic NTK.
 *
 *   ┌ Presets (m / M) ─────────────┐┌ Extension (x/X: L0, c/C: s) ───┐
 *   │  name            d base    L0 ││L0=4096  s=4  s·L0=16384        │
 *   │  transformer   512  1e4   256 ││               λ_0  λ_63 sim(k=1)│
 *   │▶ head-1e4      128  1e4  4096 ││original      6.28 5.44e4  0.9702│
 *   │  ...                          ││PI ... NTK ... YaRN ... dyn. NTK │
 *   │                               ││NTK base' = 1e4·4^(128/126) = ...│
 *   │                               ││YaRN: γ = 1 to pair 20, 0 from 46│
 *   │                               ││dyn. NTK: len=128, s' = ... = 1  │
 *   └───────────────────────────────┘└────────────────────────────────┘
 *   ┌ Wavelength of each pair ──────┐┌ Similarity vs offset k ────────┐
 *   │five curves, lines at L0, s·L0 ││five curves over k = 0 .. s·L0  │
 *   └───────────────────────────────┘└────────────────────────────────┘
 *   PI: ω'_i = ω_i/s                      (a formula per method)
 *   caption: what each method does.
 *
 * The two upper boxes, and how the table gives up rows and columns when
 * they are short: view_context_table.h; the curves and the table's
 * numbers: view_context_curves.h.
 *
 * Position interpolation (PI) feeds PE(p/s): every wavelength grows s-fold.
 * NTK-aware scaling raises the base to base*s^(d/(d-2)): pair 0 keeps its
 * wavelength 2*pi and the last pair's grows exactly s-fold. YaRN's
 * NTK-by-parts ramps each pair between the two on how often it turns within
 * L0, and sharpens attention by (0.1 ln s + 1)^2; dynamic NTK is NTK with
 * the factor max(1, len/L0) of the current length len (pe_variants.h).
 *
 * Rows go first to the table (all of it when it fits, CTX_TABLE_ROWS),
 * then to plots of PLOT_ROWS_MIN rows; the formulas and the caption get
 * what is left (the long caption where it fits), the plots the rest.
 *
 * The curves and the table's numbers are cached by their inputs (d, base,
 * s, L0, len, plot sizes), so moving the position or the window costs only
 * the drawing; at the largest d they are computed over several frames, and
 * the last finished ones show meanwhile. */
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "views/view_context_common.h"
#include "views/view_context_curves.h"
#include "views/view_context_table.h"

enum {
	PLOT_ROWS_MIN = 8,	/* a plot box keeps this many rows: four
				   of curves */
	EXT_W = 40,		/* the extension box on narrow screens */
	WIDE_W = 100,		/* from here the presets box shows it all */
	POINTS_MAX = 2 * CANVAS_MAX + 1,
	LINE_MAX = 512
};

static const struct style border_style = { ROLE_BORDER, ROLE_DEFAULT, 0 };
static const struct style title_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };

struct ctx_layout {
	struct rect presets, ext, spec, sim, caption;
};

/* A plot box's insides: legend row, plot area, tick row. */
struct ctx_plot {
	int legend_y;		/* row of the legend, or -1 */
	int tick_y;		/* row of the ticks, or -1 */
	int gutter_x, gutter_w;	/* y labels */
	struct plot_area area;	/* area.h == 0: no room to plot */
};

/* ---- text ---- */

/* The formulas, one method a line, in the screen's alphabet. */
static void formulas_text(const struct state *s, char *buf, size_t n)
{
	if (s->ascii)
		snprintf(buf, n,
			 "PI: w'_i = w_i/s\n"
			 "NTK: w'_i = (base*s^(d/(d-2)))^(-2i/d) = w_i*s^(-2i/(d-2))\n"
			 "YaRN: w'_i = (1-g_i)*w_i/s + g_i*w_i, "
			 "g_i = min(1, max(0, (L0/wl_i - 1)/31)), "
			 "q.k x (0.1*ln s + 1)^2\n"
			 "%s: NTK with s' = max(1, len/L0)",
			 kind_name[K_DYNAMIC]);
	else
		snprintf(buf, n,
			 "PI: ω'_i = ω_i/s\n"
			 "NTK: ω'_i = (base·s^(d/(d−2)))^(−2i/d) = ω_i·s^(−2i/(d−2))\n"
			 "YaRN: ω'_i = (1−γ_i)·ω_i/s + γ_i·ω_i, "
			 "γ_i = min(1, max(0, (L0/λ_i − 1)/31)), "
			 "q·k ×(0.1·ln s + 1)²\n"
			 "%s: NTK(s' = max(1, len/L0))",
			 tr(s->lang, kind_name[K_DYNAMIC]));
}

/* The caption for width w: the long one when it fits in `rows` rows, else
 * the short one. */
static const char *caption_text(const struct state *s, int w, int rows)
{
	const char *full = tr(s->lang,
		"PI divides every position by s, so every wavelength grows "
		"s-fold: even neighbours (k = 1) become harder to tell apart. "
		"NTK raises the base instead: the slow pairs stretch (the "
		"slowest by exactly s) while the fast ones stay almost where "
		"they were. YaRN keeps the pairs that turn more than 32 times "
		"within L0, interpolates those that turn less than once as PI "
		"does, and ramps between; dynamic NTK changes nothing until len "
		"passes L0, then stretches as NTK does with s' = len/L0.");

	if (paragraph_rows(full, w) <= rows)
		return full;
	return tr(s->lang, "PI squeezes every frequency: neighbours blur. NTK "
			   "stretches mainly the slow pairs; YaRN keeps the "
			   "fast ones exactly as trained; dynamic NTK waits "
			   "until len passes L0.");
}

/* The formulas, then the caption that fits in the rows left. */
static void bottom_text(const struct state *s, int w, int rows, char *buf,
			size_t n)
{
	char f[LINE_MAX];
	int used;

	formulas_text(s, f, sizeof f);
	used = paragraph_rows(f, w);
	snprintf(buf, n, "%s\n%s", f,
		 caption_text(s, w, rows - used > 1 ? rows - used : 1));
}

/* ---- layout ---- */

static void ctx_layout(const struct state *s, struct rect r,
		       struct ctx_layout *l)
{
	int top = CTX_TABLE_ROWS, cap, plots, avail;
	int lw = r.w >= WIDE_W ? r.w * 11 / 20 : r.w - EXT_W;
	char text[2 * LINE_MAX];

	if (lw < r.w / 3)
		lw = r.w / 3;
	/* The table first, then plots of PLOT_ROWS_MIN rows, then the
	 * formulas and caption; what is left goes to the plots. */
	if (top > r.h - PLOT_ROWS_MIN)
		top = r.h - PLOT_ROWS_MIN;
	if (top < (r.h < 4 ? r.h : 4))
		top = r.h < 4 ? r.h : 4;
	/* The long caption when it fits there, else the short one. */
	avail = r.h - top - PLOT_ROWS_MIN;
	bottom_text(s, r.w, avail, text, sizeof text);
	cap = paragraph_rows(text, r.w);
	if (cap > avail)
		cap = avail;
	cap = cap < 0 ? 0 : cap;
	plots = r.h - top - cap;
	plots = plots < 0 ? 0 : plots;
	l->presets = (struct rect){ r.x, r.y, lw, top };
	l->ext = (struct rect){ r.x + lw, r.y, r.w - lw, top };
	l->spec = (struct rect){ r.x, r.y + top, r.w / 2, plots };
	l->sim = (struct rect){ r.x + r.w / 2, r.y + top, r.w - r.w / 2, plots };
	l->caption = (struct rect){ r.x, r.y + top + plots, r.w, cap };
}

static void plot_geom(struct rect r, int gutter_w, double ymin, double ymax,
		      long long first, long long count, struct ctx_plot *g)
{
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	int rows;

	memset(g, 0, sizeof *g);
	g->legend_y = in.h >= 4 ? in.y : -1;
	g->tick_y = in.h >= 3 ? in.y + in.h - 1 : -1;
	rows = in.h - (g->legend_y >= 0) - (g->tick_y >= 0);
	if (in.w - gutter_w < 4)
		gutter_w = 0;
	g->gutter_x = in.x;
	g->gutter_w = gutter_w;
	if (rows < 1 || in.w - gutter_w < 2)
		return;
	g->area = (struct plot_area){
		{ first, count, in.x + gutter_w, in.w - gutter_w },
		in.y + (g->legend_y >= 0), rows, ymin, ymax, 0
	};
}

/* The kinds' names in their curves' colours, then `extra` dimmed. */
static void draw_legend(const struct state *s, struct canvas *c,
			const struct ctx_plot *g, int x, int w,
			const char *extra)
{
	int end = x + w;

	if (g->legend_y < 0)
		return;
	for (int k = 0; k < KINDS; k++) {
		x += canvas_text(c, x, g->legend_y, end - x,
				 tr(s->lang, kind_name[k]),
				 (struct style){ (uint8_t)kind_role[k],
						 ROLE_DEFAULT, ATTR_BOLD });
		x += canvas_text(c, x, g->legend_y, end - x, " ", text_style);
	}
	if (extra)
		canvas_text(c, x + 1, g->legend_y, end - x - 1, extra, dim_style);
}

/* A horizontal line at log10(v) across the plot (label NULL), or its
 * label at the line's left end, drawn after the curves so they do not
 * cover it. */
static void draw_level(struct canvas *c, const struct plot_area *a, double v,
		       const char *label)
{
	double y[2] = { log10(v), log10(v) };
	int row = plot_row_of_value(a, y[0]);

	if (row < a->y0 || row >= a->y0 + a->h)
		return;
	if (label)
		canvas_text(c, a->ax.x0, row, a->ax.w, label, marker_style);
	else
		plot_samples(c, a, (double)a->ax.pos0,
			     (double)(a->ax.npos - 1), y, 2, ROLE_MARKER);
}

static void draw_spectrum(const struct state *s, struct canvas *c,
			  struct rect r)
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);
	int h = p->d_model / 2, n;
	double l0 = x.train, span = (double)ctx_span(s), lo, hi, pad, step;
	double v[POINTS_MAX];
	struct ctx_plot g;

	canvas_box(c, r, ctx_fit_title(r.w, tr(s->lang, "Wavelength of each pair, "
						   "log scale"),
				   tr(s->lang, "Wavelength (log)")),
		   border_style, title_style);
	lo = fmin(log10(PE_TWO_PI), log10(l0));
	hi = log10(span);
	for (int k = 0; k < KINDS; k++)
		hi = fmax(hi, log10(kind_wavelength(p, (enum kind)k, &x, h - 1)));
	pad = hi - lo > 1e-9 ? 0.04 * (hi - lo) : 0.5;
	plot_geom(r, 5, lo - pad, hi + pad, 0, h, &g);
	draw_legend(s, c, &g, r.x + 1, r.w - 2, tr(s->lang, "pair i ->"));
	if (g.area.h < 1)
		return;
	draw_level(c, &g.area, l0, NULL);
	if (span > l0)
		draw_level(c, &g.area, span, NULL);
	/* The curves through the pairs, one sample per dot column: the pair
	 * index may be fractional, the formulas are smooth (YaRN's has
	 * corners at the ramp's ends). */
	n = h > 1 ? 2 * g.area.ax.w + 1 : 1;
	step = h > 1 ? (double)(h - 1) / (n - 1) : 1.0;
	for (int o = 0; o < KINDS; o++) {
		enum kind k = kind_draw_order[o];

		for (int j = 0; j < n; j++)
			v[j] = log10(kind_wavelength(p, k, &x, j * step));
		plot_samples(c, &g.area, 0.0, step, v, n, kind_role[k]);
	}
	draw_level(c, &g.area, l0, "L0");
	if (span > l0)
		draw_level(c, &g.area, span, s->ascii ? "s*L0" : "s·L0");
	if (g.gutter_w > 0)
		plot_decade_labels(c, &g.area, g.gutter_x, g.gutter_w - 1,
				   axis_style);
	if (g.tick_y >= 0)
		plot_xticks(c, &g.area.ax, g.tick_y, axis_style);
}

/* The similarity box's plot for s in r (g->area.h == 0: no room). */
static void sim_geom(const struct state *s, struct rect r, struct ctx_plot *g)
{
	plot_geom(r, 5, -1.0, 1.0, 0, ctx_span(s) + 1, g);
}

static void draw_similarity(const struct ctx_curves *x,
			    const struct state *s, struct canvas *c,
			    struct rect r)
{
	double ymin = 0.0, span;
	struct ctx_plot g;
	int n;
	const double *v = ctx_curves_values(x, &n, &span);

	canvas_box(c, r, ctx_fit_title(r.w, s->ascii
				   ? tr(s->lang, "Similarity vs offset k, 0..s*L0")
				   : tr(s->lang, "Similarity vs offset k, 0..s·L0"),
				   tr(s->lang, "Similarity vs k")),
		   border_style, title_style);
	sim_geom(s, r, &g);
	if (g.area.h < 1)
		return;
	/* The last finished curves (of this span, or of the one before while
	 * the new ones are computed); none the first time. */
	if (!v)
		return;
	/* Down to the lowest value any curve reaches, in steps of 0.5 (whose
	 * labels fit the gutter). */
	for (int j = 0; j < KINDS * n; j++)
		ymin = fmin(ymin, floor(v[j] * 2.0) / 2.0);
	g.area.ymin = ymin < -1.0 ? -1.0 : ymin;
	draw_legend(s, c, &g, r.x + 1, r.w - 2, s->ascii ? "| L0" : "│ L0");
	for (int o = 0; o < KINDS; o++) {
		enum kind k = kind_draw_order[o];

		plot_samples(c, &g.area, 0.0, span / (n - 1),
			     v + (size_t)k * (size_t)n, n, kind_role[k]);
	}
	plot_marker(c, &g.area.ax, g.area.y0, g.area.h, ctx_train(s),
		    marker_style);
	if (g.gutter_w > 0) {
		char lab[16];

		plot_ylabel(c, &g.area, g.gutter_x, g.gutter_w - 1, 1.0, "1",
			    axis_style);
		snprintf(lab, sizeof lab, "%g", g.area.ymin);
		plot_ylabel(c, &g.area, g.gutter_x, g.gutter_w - 1, g.area.ymin,
			    lab, axis_style);
		if (g.area.ymin < 0.0 && g.area.h >= 3)
			plot_ylabel(c, &g.area, g.gutter_x, g.gutter_w - 1, 0.0,
				    "0", axis_style);
	}
	if (g.tick_y >= 0)
		plot_xticks(c, &g.area.ax, g.tick_y, axis_style);
}

static void context_draw(const struct state *s, void *ctx, struct canvas *c,
			 struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct ctx_layout l;
	struct ctx_plot g;
	char text[2 * LINE_MAX];

	canvas_fill(c, r, ' ', text_style);
	ctx_layout(s, r, &l);
	sim_geom(s, l.sim, &g);
	ctx_curves_update(ctx, s, ctx_curves_samples(s, g.area.h < 1 ? 0
							 : g.area.ax.w));
	ctx_presets_draw(s, c, l.presets);
	ctx_table_draw(ctx, s, c, l.ext);
	draw_spectrum(s, c, l.spec);
	draw_similarity(ctx, s, c, l.sim);
	bottom_text(s, r.w, l.caption.h, text, sizeof text);
	paragraph_draw(c, l.caption, text, text_style);
	canvas_set_clip(c, old);
}

static void context_free(void *ctx)
{
	ctx_curves_free(ctx);
}

const struct view_spec view_context = {
	.name = "context",
	.title = N_("base presets and context extension (PI, NTK, YaRN, "
		    "dynamic NTK)"),
	.nknobs = 2,
	.knob = { {
		.word = "train",
		.help = N_("the trained length L0"),
		.kind = KNOB_INT, .lo = 1, .hi = PE_LEN_MAX,
		.start = KNOB_START_LEN, .home = KNOB_HOME_TRAIN,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_MUL, 2,
			    N_("trained length L0 /2 x2") } },
	}, {
		.word = "scale",
		.help = N_("the extension factor s: the new length is s L0"),
		.kind = KNOB_REAL, .lo = 1, .hi = 1024,
		.start = KNOB_START_INIT, .init = 4,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_MUL, 2,
			    N_("extension factor s /2 x2") } },
	} },
	.draw = context_draw,
	.ctx_size = sizeof(struct ctx_curves),
	.ctx_free = context_free,
};
