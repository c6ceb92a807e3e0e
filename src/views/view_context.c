/* view_context.c - the base presets, and what the two common ways of
 * stretching a trained context length L0 by a factor s do to the encoding.
 *
 *   ┌ Presets (p / P) ─────────────┐┌ Extension (x/X: L0, c/C: s) ───┐
 *   │  name            d base    L0 ││L0=4096  s=4  s·L0=16384        │
 *   │  transformer   512  1e4   512 ││NTK base' = 1e4·4^(128/126) = ...│
 *   │▶ head-1e4      128  1e4  4096 ││               λ_0  λ_63 sim(k=1)│
 *   │  ...                          ││original      6.28 5.44e4  0.9702│
 *   └───────────────────────────────┘└────────────────────────────────┘
 *   ┌ Wavelength of each pair ──────┐┌ Similarity vs offset k ────────┐
 *   │original PI NTK                ││original PI NTK  │ L0           │
 *   │three curves, lines at L0, s·L0││three curves over k = 0 .. s·L0 │
 *   └───────────────────────────────┘└────────────────────────────────┘
 *   caption: PI squeezes every frequency, NTK mostly the slow ones.
 *
 * The preset keys are named as the key table names them; a presets box
 * under 32 columns inside shows names and d only.
 *
 * Position interpolation (PI) feeds PE(p/s): every wavelength grows s-fold.
 * NTK-aware scaling raises the base to base*s^(d/(d-2)): pair 0 keeps its
 * wavelength 2*pi and the last pair's grows exactly s-fold (pe_variants.h).
 * The curves and the table's numbers are cached by their inputs (d, base,
 * L0, s, plot sizes), so moving the position or the window costs only the
 * drawing; at the largest d they are computed over several frames, and the
 * last finished ones show meanwhile. */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "render/cache.h"
#include "model/keys.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "model/presets.h"
#include "render/paragraph.h"

enum {
	KINDS = 3,		/* original, PI, NTK */
	TOP_ROWS = 8,		/* the presets and extension boxes */
	EXT_W = 40,		/* the extension box on narrow screens */
	WIDE_W = 100,		/* from here the presets box shows it all */
	CAPTION_ROWS_MAX = 3,
	SIM_BUDGET = 1 << 18,	/* waves * samples for the three curves */
	SIM_SAMPLES_MIN = 48,	/* fewer would not look like a curve */
	POINTS_MAX = 2 * CANVAS_MAX + 1,
	LINE_MAX = 256
};

static const enum pe_scaling kinds[KINDS] = {
	PE_SCALE_NONE, PE_SCALE_PI, PE_SCALE_NTK
};
static const enum role kind_role[KINDS] = {
	ROLE_TRACE1, ROLE_TRACE2, ROLE_TRACE3
};


static const struct style border_style = { ROLE_BORDER, ROLE_DEFAULT, 0 };
static const struct style title_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };
static const struct style sel_style = { ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD };

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

/* The similarity curves and the extension table's numbers are computed
 * together, CHUNK pairs a step (cache.h): every pair costs a pow, a sin/cos
 * or two and n multiply-adds per kind, ~15 ms at d_model 65536, so that
 * work is spread over frames. */
enum { CHUNK = 1024 };

/* The view's context.
 *   job    the sums under way, for d, base, s, the span s * L0 and n
 *          samples per curve (0: the numbers only). mem: the dot products
 *          (KINDS * n) and squared norms (KINDS * (n + 1)) of the curves;
 *          acc: each kind's squared norm at 0 and its sum of cos(omega)
 *          (the similarity at k = 1, times d/2);
 *   shown  the last finished curves (mem: KINDS * n values) and
 *          similarities at k = 1 (out), for the job's key;
 *   pw, plan  a step's scratch. */
struct context_ctx {
	struct cache job, shown;
	struct pe_wave_pair pw[CHUNK];
	double plan[PE_SIM_PAIR * CHUNK];
};

enum { KEY_S = 2, KEY_SPAN = 3, KEY_N = 4 };	/* where the inputs are */
enum { ACC_SUM1 = KINDS };	/* acc[KINDS + k]: kind k's sum of cosines */

/* ---- the knobs ---- */

static long long train_of(const struct state *s)
{
	return (long long)state_view_knob(s, 0);
}

static double scale_of(const struct state *s)
{
	return state_view_knob(s, 1);
}

/* ---- the numbers ---- */

/* s * L0 rounded to a whole offset, at least 1. */
static long long ctx_span(const struct state *s)
{
	double span = round(scale_of(s) * (double)train_of(s));

	return span < 1.0 ? 1 : (long long)span;
}

/* Samples for the similarity curves across w cell columns at width d. */
static int sim_samples(int d, int w, long long span)
{
	long long n = SIM_BUDGET / ((long long)KINDS * d), dots = 2LL * w + 1;

	if (n < SIM_SAMPLES_MIN)
		n = SIM_SAMPLES_MIN;
	if (n > dots)
		n = dots;
	if (n > span + 1)
		n = span + 1;
	return n < 2 ? 2 : (int)n;
}

static struct cache_key ctx_key(const struct state *s, int n,
				long long span)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, scale_of(s),
				     (double)span, n } };
}

/* The samples of the curves of key k: n from offset 0 to the span, each
 * the mean over the offsets it stands for. */
static struct pe_sim_grid ctx_grid(const struct cache_key *k)
{
	int n = (int)k->v[KEY_N];
	double step = k->v[KEY_SPAN] / (n - 1);

	return (struct pe_sim_grid){ 0.0, step, step, n };
}

/* The three encodings' pairs [i0, i1) into pw, one kind at a time, for
 * factor sc: pe_scaled_omega's values (PI's is the original's divided by
 * sc, which is how pe_scaled_omega computes it). */
static void ctx_pairs(const struct pe_params *p, double sc, int kind, int i0,
		      int i1, struct pe_wave_pair *pw)
{
	for (int i = i0; i < i1; i++) {
		double w = kinds[kind] == PE_SCALE_NTK
				   ? pe_scaled_omega(p, PE_SCALE_NTK, sc, i)
				   : pe_scaled_omega(p, PE_SCALE_NONE, sc, i);

		if (kinds[kind] == PE_SCALE_PI)
			w /= sc;
		pw[i - i0] = (struct pe_wave_pair){ { w, PE_SIN },
						    { w, PE_COS } };
	}
}

/* What a step works on: the context's scratch, for these parameters. */
struct ctx_job {
	struct context_ctx *x;
	const struct pe_params *p;
};

/* The next CHUNK pairs of every kind; at[0]: pairs done. */
static bool ctx_step(struct cache *c, void *arg)
{
	struct context_ctx *x = ((struct ctx_job *)arg)->x;
	const struct pe_params *p = ((struct ctx_job *)arg)->p;
	int h = p->d_model / 2, n = (int)c->key.v[KEY_N];
	int i0 = (int)c->at[0], i1 = h - i0 < CHUNK ? h : i0 + CHUNK;
	double *dot = c->mem, *norm2 = dot + (size_t)KINDS * (size_t)n;
	struct pe_sim_grid g;

	for (int k = 0; k < KINDS; k++) {
		ctx_pairs(p, c->key.v[KEY_S], k, i0, i1, x->pw);
		for (int i = 0; i < i1 - i0; i++)
			c->acc[ACC_SUM1 + k] += cos(x->pw[i].s.omega);
		if (n == 0)
			continue;
		g = ctx_grid(&c->key);
		pe_sim_plan(x->pw, i1 - i0, &g, x->plan,
			    norm2 + (size_t)k * (size_t)(n + 1));
		c->acc[k] = pe_sim_dot(x->pw, i1 - i0, x->plan, &g, 0.0,
				       dot + (size_t)k * (size_t)n, c->acc[k]);
	}
	c->at[0] = i1;
	return i1 == h;
}

/* The finished job's curves and numbers into `shown`: the curves from its
 * sums (pe_sim_finish), the similarity at k = 1 as
 * pe_scaled_cos_similarity(p, kind, s, 1) gives it (the same cosines
 * summed in the same order). Nothing changes when memory runs out. */
static void ctx_publish(struct context_ctx *x)
{
	const struct cache *c = &x->job;
	int h = (int)c->key.v[0] / 2, n = (int)c->key.v[KEY_N];
	const double *dot = c->mem, *norm2 = dot + (size_t)KINDS * (size_t)n;
	double *v = cache_mem(&x->shown, ((size_t)KINDS * (size_t)n + 1) *
					 sizeof *v);
	double sim1[KINDS];

	if (!v)
		return;
	cache_start(&x->shown, &c->key, 0);
	for (int k = 0; k < KINDS; k++) {
		sim1[k] = c->acc[ACC_SUM1 + k] / h;
		if (n > 0)
			pe_sim_finish(dot + (size_t)k * (size_t)n,
				      norm2 + (size_t)k * (size_t)(n + 1),
				      c->acc[k], n, v + (size_t)k * (size_t)n);
	}
	cache_publish(&x->shown, sim1, KINDS);
	x->shown.done = true;
}

/* Brings the curves (n samples up to span; n = 0: none) and the numbers up
 * to date with s, as far as the frame's budget allows. When memory runs
 * out the last finished ones stay. */
static void ctx_update(struct context_ctx *x, const struct state *s, int n,
		       long long span)
{
	struct cache_key k = ctx_key(s, n, span);
	struct ctx_job job = { x, &s->cur.pe };

	if (cache_ready(&x->shown, &k))
		return;
	if (cache_start(&x->job, &k, 0)) {
		size_t need = (size_t)KINDS * (2 * (size_t)n + 1);
		double *sums = cache_mem(&x->job, need * sizeof *sums);

		if (!sums)
			return;
		for (size_t j = 0; j < need; j++)
			sums[j] = 0.0;
	}
	if (cache_run(&x->job, ctx_step, &job))
		ctx_publish(x);
}

/* ---- layout ---- */

/* The caption for width w: the long one when it fits in CAPTION_ROWS_MAX
 * rows, else the short one. */
static const char *caption_text(int w)
{
	static const char *const full =
		"PI divides every position by s, so every wavelength grows "
		"s-fold: even neighbours (k = 1) become harder to tell apart. "
		"NTK raises the base instead: the slow pairs stretch (the "
		"slowest by exactly s) while the fast ones stay almost where "
		"they were.";

	if (paragraph_rows(full, w) <= CAPTION_ROWS_MAX)
		return full;
	return "PI squeezes every frequency: neighbours blur. NTK stretches "
	       "mainly the slow pairs; the fast ones barely move.";
}

static void ctx_layout(struct rect r, struct ctx_layout *l)
{
	int top = r.h >= TOP_ROWS + 10 ? TOP_ROWS : r.h / 3;
	int cap = paragraph_rows(caption_text(r.w), r.w);
	int lw = r.w >= WIDE_W ? r.w * 11 / 20 : r.w - EXT_W;
	int plots;

	if (lw < r.w / 3)
		lw = r.w / 3;
	if (cap > CAPTION_ROWS_MAX)
		cap = CAPTION_ROWS_MAX;
	plots = r.h - top - cap;
	if (plots < 5) {
		cap = r.h - top - 5 > 0 ? r.h - top - 5 : 0;
		plots = r.h - top - cap;
	}
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

/* "original PI NTK" in the curves' colours, then `extra` dimmed. */
static void draw_legend(struct canvas *c, const struct ctx_plot *g, int x,
			int w, const char *extra)
{
	int end = x + w;

	if (g->legend_y < 0)
		return;
	for (int k = 0; k < KINDS; k++) {
		x += canvas_text(c, x, g->legend_y, end - x,
				 pe_scaling_name(kinds[k]),
				 (struct style){ (uint8_t)kind_role[k],
						 ROLE_DEFAULT, ATTR_BOLD });
		x += canvas_text(c, x, g->legend_y, end - x, " ", text_style);
	}
	if (extra)
		canvas_text(c, x + 1, g->legend_y, end - x - 1, extra, dim_style);
}

/* ---- the boxes ---- */

/* The keys that cycle the presets, as the key table names them. */
static const char *preset_keys(char *buf, size_t size)
{
	int n;
	const struct keybinding *k = keys_table(&n);

	for (int i = 0; i < n; i++)
		if (k[i].kind == ACT_PRESET_NEXT)
			return keys_label(&k[i], 0, false, buf, size);
	return ":preset NAME";
}

/* The first of the titles that fits in a box of width w. */
static const char *fit_title(int w, const char *wide, const char *narrow)
{
	return utf8_width(wide) <= w - 4 ? wide : narrow;
}

/* Appends text to line right-aligned in `width` columns (display columns,
 * so that "λ" counts once). */
static void put_right(char *line, size_t n, const char *text, int width)
{
	size_t len = strlen(line);
	int pad = width - utf8_width(text);

	snprintf(line + len, n - len, "%*s%s", pad > 0 ? pad : 0, "", text);
}

static void draw_presets(const struct state *s, struct canvas *c,
			 struct rect r)
{
	int n;
	const struct preset *t = presets_table(&n);
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	char line[LINE_MAX], base[32], keys[32];

	/* Narrow: name and d only (the names say the base). */
	bool full = in.w >= 32;

	snprintf(line, sizeof line, "Presets (%s)", preset_keys(keys, sizeof keys));
	canvas_box(c, r, line, border_style, title_style);
	if (in.h < 1 || in.w < 1)
		return;
	snprintf(line, sizeof line, full ? "  %-11s %5s %4s %6s" : "  %-11s %4s",
		 "name", "d", "base", "L0");
	canvas_text(c, in.x, in.y, in.w, line, dim_style);
	for (int i = 0; i < n && i + 1 < in.h; i++) {
		bool cur = i == s->preset;

		fmt_double_compact(t[i].base, 3, base, sizeof base);
		if (full)
			snprintf(line, sizeof line, "  %-11s %5d %4s %6lld  %s",
				 t[i].name, t[i].d_model, base, t[i].train_len,
				 t[i].what);
		else
			snprintf(line, sizeof line, "  %-11s %4d", t[i].name,
				 t[i].d_model);
		canvas_text(c, in.x, in.y + 1 + i, in.w, line,
			    cur ? sel_style : text_style);
		if (cur)
			canvas_put(c, in.x, in.y + 1 + i, s->ascii ? '>' : 0x25b6,
				   sel_style);
	}
}

static void draw_extension(const struct context_ctx *x,
			   const struct state *s, struct canvas *c,
			   struct rect r)
{
	const struct cache_key *done = &x->shown.key;
	const struct pe_params *p = &s->cur.pe;
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	double sc = scale_of(s);
	int last = p->d_model / 2 - 1, y;
	char line[LINE_MAX], a[32], b[32], nb[32], sv[32];

	canvas_box(c, r, "Extension (x/X: L0, c/C: s)", border_style,
		   title_style);
	if (in.h < 1 || in.w < 1)
		return;
	fmt_double_shortest(sc, sv, sizeof sv);
	snprintf(line, sizeof line, "L0=%lld  s=%s  %s=%lld", train_of(s),
		 sv, s->ascii ? "s*L0" : "s·L0", ctx_span(s));
	canvas_text(c, in.x, in.y, in.w, line, text_style);
	y = in.y + 1;
	if (y < in.y + in.h) {
		fmt_double_compact(pe_ntk_base(p->base, sc, p->d_model), 6, nb,
				   sizeof nb);
		fmt_double_compact(p->base, 3, a, sizeof a);
		snprintf(line, sizeof line, "NTK base' = %s%s%s^(%d/%d) = %s", a,
			 s->ascii ? "*" : "·", sv, p->d_model, p->d_model - 2, nb);
		canvas_text(c, in.x, y++, in.w, line, text_style);
	}
	if (y < in.y + in.h) {
		line[0] = '\0';
		snprintf(a, sizeof a, s->ascii ? "wl_%d" : "λ_%d", 0);
		snprintf(b, sizeof b, s->ascii ? "wl_%d" : "λ_%d", last);
		put_right(line, sizeof line, a, 18);
		put_right(line, sizeof line, b, 10);
		put_right(line, sizeof line, "sim(k=1)", 9);
		canvas_text(c, in.x, y++, in.w, line, dim_style);
	}
	/* The last finished numbers, for the parameters they were made
	 * with; none until the first are done. */
	for (int k = 0; k < KINDS && x->shown.done && y < in.y + in.h; k++) {
		struct pe_params was = { (int)done->v[0], done->v[1],
					 p->layout };
		int h = was.d_model / 2;

		fmt_double_compact(pe_scaled_wavelength(&was, kinds[k],
							done->v[KEY_S], 0),
				   3, a, sizeof a);
		fmt_double_compact(pe_scaled_wavelength(&was, kinds[k],
							done->v[KEY_S], h - 1),
				   3, b, sizeof b);
		snprintf(line, sizeof line, "%-9s%9s %9s %8.4f",
			 pe_scaling_name(kinds[k]), a, b, x->shown.out[k]);
		canvas_text(c, in.x, y++, in.w, line,
			    (struct style){ (uint8_t)kind_role[k], ROLE_DEFAULT, 0 });
	}
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

/* Decade labels 10, 100, 1e3 ... in the gutter, no two on adjacent rows. */
static void draw_decades(struct canvas *c, const struct ctx_plot *g)
{
	const struct plot_area *a = &g->area;
	int prev = -10;

	for (int e = (int)ceil(a->ymin); e <= (int)floor(a->ymax); e++) {
		char label[16];
		int row = plot_row_of_value(a, (double)e);

		if (row - prev < 2 && prev - row < 2)
			continue;
		if (e <= 2)
			snprintf(label, sizeof label, "%d", e == 0 ? 1 : e == 1 ? 10 : 100);
		else
			snprintf(label, sizeof label, "1e%d", e);
		plot_ylabel(c, a, g->gutter_x, g->gutter_w - 1, (double)e, label,
			    axis_style);
		prev = row;
	}
}

static void draw_spectrum(const struct state *s, struct canvas *c,
			  struct rect r)
{
	const struct pe_params *p = &s->cur.pe;
	int h = p->d_model / 2, n;
	double sc = scale_of(s), l0 = (double)train_of(s);
	double span = (double)ctx_span(s), lo, hi, pad, step;
	double v[POINTS_MAX];
	struct ctx_plot g;

	canvas_box(c, r, fit_title(r.w, "Wavelength of each pair, log scale",
				   "Wavelength (log)"),
		   border_style, title_style);
	lo = fmin(log10(PE_TWO_PI), log10(l0));
	hi = fmax(log10(pe_scaled_wavelength(p, PE_SCALE_PI, sc, h - 1)),
		  log10(span));
	pad = hi - lo > 1e-9 ? 0.04 * (hi - lo) : 0.5;
	plot_geom(r, 5, lo - pad, hi + pad, 0, h, &g);
	draw_legend(c, &g, r.x + 1, r.w - 2, "pair i ->");
	if (g.area.h < 1)
		return;
	draw_level(c, &g.area, l0, NULL);
	if (span > l0)
		draw_level(c, &g.area, span, NULL);
	/* The curves through the pairs, one sample per dot column: the pair
	 * index may be fractional, the formula is smooth. */
	n = h > 1 ? 2 * g.area.ax.w + 1 : 1;
	step = h > 1 ? (double)(h - 1) / (n - 1) : 1.0;
	for (int k = 0; k < KINDS; k++) {
		for (int j = 0; j < n; j++)
			v[j] = log10(pe_scaled_wavelength(p, kinds[k], sc, j * step));
		plot_samples(c, &g.area, 0.0, step, v, n, kind_role[k]);
	}
	draw_level(c, &g.area, l0, "L0");
	if (span > l0)
		draw_level(c, &g.area, span, s->ascii ? "s*L0" : "s·L0");
	if (g.gutter_w > 0)
		draw_decades(c, &g);
	if (g.tick_y >= 0)
		plot_xticks(c, &g.area.ax, g.tick_y, axis_style);
}

/* The similarity box's plot for s in r (g->area.h == 0: no room). */
static void sim_geom(const struct state *s, struct rect r, struct ctx_plot *g)
{
	plot_geom(r, 5, -1.0, 1.0, 0, ctx_span(s) + 1, g);
}

static void draw_similarity(const struct context_ctx *x,
			    const struct state *s, struct canvas *c,
			    struct rect r)
{
	const double *v = x->shown.mem;
	double ymin = 0.0, span = x->shown.key.v[KEY_SPAN];
	struct ctx_plot g;
	int n = (int)x->shown.key.v[KEY_N];

	canvas_box(c, r, fit_title(r.w, s->ascii ? "Similarity vs offset k, 0..s*L0"
						: "Similarity vs offset k, 0..s·L0",
				   "Similarity vs k"),
		   border_style, title_style);
	sim_geom(s, r, &g);
	if (g.area.h < 1)
		return;
	/* The last finished curves (of this span, or of the one before while
	 * the new ones are computed); none the first time. */
	if (!x->shown.done || n == 0)
		return;
	/* Down to the lowest value any curve reaches, in steps of 0.5 (whose
	 * labels fit the gutter). */
	for (int j = 0; j < KINDS * n; j++)
		ymin = fmin(ymin, floor(v[j] * 2.0) / 2.0);
	g.area.ymin = ymin < -1.0 ? -1.0 : ymin;
	draw_legend(c, &g, r.x + 1, r.w - 2, s->ascii ? "| L0" : "│ L0");
	for (int k = 0; k < KINDS; k++)
		plot_samples(c, &g.area, 0.0, span / (n - 1),
			     v + (size_t)k * (size_t)n, n, kind_role[k]);
	plot_marker(c, &g.area.ax, g.area.y0, g.area.h, train_of(s),
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
	long long span = ctx_span(s);

	canvas_fill(c, r, ' ', text_style);
	ctx_layout(r, &l);
	sim_geom(s, l.sim, &g);
	ctx_update(ctx, s, g.area.h < 1 ? 0
				   : sim_samples(s->cur.pe.d_model, g.area.ax.w,
						 span),
		   span);
	draw_presets(s, c, l.presets);
	draw_extension(ctx, s, c, l.ext);
	draw_spectrum(s, c, l.spec);
	draw_similarity(ctx, s, c, l.sim);
	paragraph_draw(c, l.caption, caption_text(r.w), text_style);
	canvas_set_clip(c, old);
}

static void context_free(void *ctx)
{
	struct context_ctx *x = ctx;

	cache_free(&x->job);
	cache_free(&x->shown);
}

const struct view_spec view_context = {
	.name = "context",
	.title = N_("base presets and context extension (PI, NTK)"),
	.nknobs = 2,
	.knob = { {
		.word = "train",
		.help = N_("the trained length L0"),
		.kind = KNOB_INT, .lo = 1, .hi = PE_LEN_MAX,
		.start = KNOB_START_LEN,
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
	.ctx_size = sizeof(struct context_ctx),
	.ctx_free = context_free,
};
