/* view_bands.c - resolution against range: the similarity of PE(p) and
 * PE(p+k) over all pairs, over the fast pairs [0, split) only and over the
 * slow pairs [split, d/2) only.
 *
 * The x axis is the offset k = q - p, from -N to +N with N = (visible
 * window) - 1, so the whole length when zoomed out and closer to the peak
 * after z. Offsets rather than positions because the similarity depends on
 * k alone: the curves are the same for every p, and the picture does not
 * move while the sweep plays. The fast band alone is sharp at k = 0 but
 * comes back high far away (ambiguous); the slow band alone is smooth but
 * nearly flat around the peak (neighbours look alike); all pairs together
 * are both sharp and low far away. x/X moves the split, c/C the threshold.
 *
 * Layout inside the border, dropping what does not fit:
 *   legend    "━━ all 256 pairs  ━━ fast: pairs 0-127 (λ < 628)  ━━ slow ...",
 *             and "x: k = q − p" when the axis caption has no row
 *   plot      the three curves (TRACE1 all, TRACE2 fast, TRACE3 slow), the
 *             threshold as a dashed line, the reach ±K marked (MARKER)
 *             and labelled, the highest similarity at k != 0 as dots in
 *             its line's colour when they stand apart from k = 0's
 *             column; an odd number of columns, so that ±k are as far
 *             from 0; y labels 1, 0,
 *             -1 and the threshold
 *   ticks     offsets
 *   x caption what the axis is; how many offsets each point averages
 *   reach     "all pairs stay ≥ 0.50 for |k| ≤ 53 (first below: k = ±54)"
 *   peak      "highest for 0 < |k| < 128: 0.973 at k = ±1: every position
 *             is told apart"
 *   caption   what the fast and slow bands do, one or two lines
 *
 * Each plotted point is the mean over the offsets its dot column covers
 * (analysis_band_curves), so fast pairs average out instead of aliasing; the
 * numbers (analysis_scan_offsets) are exact values at integer offsets. Both
 * are cached on their inputs, and rebuilt over several frames when that
 * takes long (see the caches below). With s->ascii: λ -> wl, ≥ -> >=, ≤ -> <=,
 * ± -> +/-, − -> -, ━ -> -. */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "render/cache.h"
#include "engine/pe.h"
#include "engine/pe_analysis.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	TEXT_MAX = 256,			/* one line of text */
	CURVE_BUDGET = 1 << 21,		/* pair-samples for the curves */
	SAMPLES_MIN = 64,		/* fewer would not look like a curve */
	GUTTER_W = 6,			/* "-0.75" and a blank */
	GUTTER_MIN_W = 20,		/* narrower: no y labels */
	PLOT_ROWS_MIN = 3		/* fewer: no plot */
};

/* By size (views/panel.h): anything from 2 x 1 inside; rows of text
 * under the plot: 4 from 16 rows, 3 from 12, 2 from 8, else none; of
 * those rows, the reach is the first, the peak the second, the caption
 * the third on. */
static const struct tier bands_least[] = { { 2, 1, 1 } };
static const struct tier text_rows[] = { { 0, 16, 4 }, { 0, 12, 3 },
					 { 0, 8, 2 } };
static const struct tier reach_row[] = { { 0, 1, 1 } };
static const struct tier peak_row[] = { { 0, 2, 1 } };
static const struct tier caption_row[] = { { 0, 3, 1 } };

/* Pair evaluations the scan of the offsets may spend (~0.45 ns each): ~4 ms
 * when every offset of a long sequence must be looked at, about what the
 * heatmap takes to follow a parameter change. Typical encodings are done
 * far sooner, as the scan skips what cannot matter (d = 512, len = 1e6:
 * ~1 ms); the rest say how far they got. */
static const long long SCAN_BUDGET = 1LL << 23;

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style mark_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *lambda, *ge, *le, *ne, *pm, *minus, *bar;
};

static const struct symbols utf8_symbols = {
	"λ", "≥", "≤", "≠", "±", "−", "━━"
};
static const struct symbols ascii_symbols = {
	"wl", ">=", "<=", "!=", "+/-", "-", "--"
};

/* ---- the knobs ---- */

static int split_of(const struct state *s)
{
	return (int)state_view_knob(s, 0);
}

static double threshold_of(const struct state *s)
{
	return state_view_knob(s, 1);
}

/* ---- caches ---- */

/* The curves and the scan are rebuilt in slices (cache.h): at d_model 65536
 * they are ~10 ms of arithmetic together. Until they are done the last
 * finished curves and numbers show (or none, the first time). */
enum {
	CHUNK = 4096,		/* pairs a step of the curves takes */
	SCAN_SLICE = 1 << 20	/* pair-steps a step of the scan takes */
};

/* The view's context.
 *   sums    the band sums of the curves under way, for d, base, split, the
 *           spacing and the samples (mem: fast and slow sums, then a
 *           step's workspace);
 *   curves  the last finished curves (mem: all, fast and slow, each
 *           mirrored to -k .. +k for drawing), for the key of their sums;
 *   scan    the reach and the peak, for d, base, len and the threshold
 *           (mem: the scan's workspace; `scanner` is its place);
 *   caption the three bands' similarities at k = 1 and at the largest
 *           offset shown, for d, base, split and that offset (out: all,
 *           fast, slow at 1, then at the offset): O(d) cosines, which
 *           every frame paid before, moves and all. */
struct bands_ctx {
	struct cache sums, curves, scan, caption;
	struct analysis_scanner scanner;
};

enum { KEY_STEP = 3, KEY_N = 4 };	/* the curves' spacing and samples */

static struct cache_key curves_key(const struct state *s, double step,
				   long long n)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, split_of(s), step,
				     (double)n } };
}

static struct cache_key scan_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, (double)s->cur.len,
				     threshold_of(s) } };
}

/* What a step of the scan works on: the scanner, for these parameters. */
struct scan_job {
	struct analysis_scanner *sc;
	const struct pe_params *p;
};

/* Start, the omegas a chunk at a time (at[0]: 1 once started, at[1]:
 * pairs done), then the walk in slices that end at SCAN_BUDGET, which give
 * what one run with it gives. Publishes the result (scan_shown). */
static bool scan_step(struct cache *c, void *arg)
{
	const struct scan_job *job = arg;
	int h = job->p->d_model / 2;
	long long until;

	if (!c->at[0]) {
		analysis_scan_start(job->sc, job->p, (long long)c->key.v[2],
				    c->key.v[3], cache_get(c));
		c->at[0] = 1;
	}
	if (c->at[1] < h) {
		int from = (int)c->at[1];
		int end = h - from < CHUNK ? h : from + CHUNK;

		analysis_scan_omegas(job->sc, job->p, from, end);
		c->at[1] = end;
		return false;
	}
	until = job->sc->spent + SCAN_SLICE;
	if (!analysis_scan_run(job->sc, until < SCAN_BUDGET ? until
							    : SCAN_BUDGET) &&
	    job->sc->spent < SCAN_BUDGET)
		return false;
	{
		struct analysis_scan r;

		analysis_scan_result(job->sc, &r);
		cache_publish(c, (double[]){ (double)r.scanned, r.complete,
					     (double)r.reach, r.reach_exact,
					     (double)r.peak_at, r.peak }, 6);
	}
	return true;
}

/* The scan's last finished result, as scan_step published it. */
static struct analysis_scan scan_shown(const struct cache *c)
{
	return (struct analysis_scan){
		(long long)c->out[0], c->out[1] != 0.0, (long long)c->out[2],
		c->out[3] != 0.0, (long long)c->out[4], c->out[5]
	};
}

/* The reach and the peak (analysis_scan_offsets with SCAN_BUDGET) into *r;
 * false while none has been finished yet. */
static bool scan_get(struct bands_ctx *ctx, const struct state *s,
		     struct analysis_scan *r)
{
	struct cache_key k = scan_key(s);
	size_t size = (size_t)analysis_scan_workspace(s->cur.pe.d_model);
	struct scan_job job = { &ctx->scanner, &s->cur.pe };

	if (!(cache_start(&ctx->scan, &k, 0) &&
	      !CACHE_MEM(&ctx->scan, double, size)))
		cache_run(&ctx->scan, scan_step, &job);
	*r = scan_shown(&ctx->scan);
	return ctx->scan.have;
}

/* Half-width of the offset axis: the visible window less one, so the
 * whole length shows |k| <= len - 1, the largest offset there is. */
static long long half_width(const struct state *s)
{
	return s->window.npos > 1 ? s->window.npos - 1 : 1;
}

/* The next CHUNK pairs of the sums; at[0]: pairs done. */
static bool sums_step(struct cache *c, const void *arg)
{
	const struct pe_params *p = arg;
	int h = p->d_model / 2, n = (int)c->key.v[KEY_N], from = (int)c->at[0];
	int end = h - from < CHUNK ? h : from + CHUNK;
	double *fast = cache_get(c), *slow = fast + n;

	analysis_band_sums(p, (int)c->key.v[2], c->key.v[KEY_STEP], n, from,
			   end, slow + n, fast, slow);
	c->at[0] = end;
	return end == h;
}

/* The finished sums as curves: the means over each band, as
 * analysis_band_curves takes them, mirrored (sim(-k) = sim(k)) into the
 * curves cache. Nothing changes when memory runs out. */
static void curves_publish(struct bands_ctx *ctx)
{
	const struct cache_key *k = &ctx->sums.key;
	int d = (int)k->v[0], h = d / 2, n = (int)k->v[KEY_N], f0, f1;
	int len = 2 * n - 1;
	const double *fast = cache_get(&ctx->sums), *slow = fast + n;
	double *line = CACHE_MEM(&ctx->curves, double, 3 * (size_t)len);

	if (!line)
		return;
	cache_start(&ctx->curves, k, 0);
	analysis_band_pairs(d, (int)k->v[2], ANALYSIS_FAST, &f0, &f1);
	for (int j = 0; j < n; j++) {
		double sf = fast[j], ss = slow[j];
		const double v[3] = { (sf + ss) / h, f1 > 0 ? sf / f1 : 1.0,
				      h > f1 ? ss / (h - f1) : 1.0 };

		for (int b = 0; b < 3; b++)
			line[b * len + n - 1 - j] = line[b * len + n - 1 + j] =
				v[b];
	}
	cache_finish(&ctx->curves);
}

/* Samples for k >= 0 on an axis of w columns: one per dot column, spaced
 * (2N+1) / 2w offsets, one past the edge so the line runs to the border;
 * fewer and wider apart when d/2 pairs per sample would pass the budget.
 * Leaves in ctx->curves the last finished ones (done: there are). */
static void curves_get(struct bands_ctx *ctx, const struct state *s, int w)
{
	const struct pe_params *p = &s->cur.pe;
	long long half = half_width(s), h = p->d_model / 2;
	double step = (double)(2 * half + 1) / (2.0 * w);
	long long n = (long long)ceil((double)half / step) + 2;
	struct cache_key k;

	if (n * h > CURVE_BUDGET) {
		n = CURVE_BUDGET / h > SAMPLES_MIN ? CURVE_BUDGET / h : SAMPLES_MIN;
		step = (double)half / (double)(n - 2);
	}
	k = curves_key(s, step, n);
	if (cache_ready(&ctx->curves, &k))
		return;
	if (cache_start(&ctx->sums, &k, 0)) {
		double *sum = CACHE_MEM(&ctx->sums, double,
					2 * (size_t)n + 5 * CHUNK);

		if (!sum)
			return;
		for (long long j = 0; j < 2 * n; j++)
			sum[j] = 0.0;
	}
	if (cache_run_const(&ctx->sums, sums_step, p))
		curves_publish(ctx);
}

/* ---- layout ---- */

struct bands_layout {
	struct rect in;		/* inside the border */
	int legend_y;		/* legend row */
	int tick_y;		/* offset row, or -1 */
	int xcap_y;		/* axis caption row, or -1 */
	int text_y;		/* reach, peak and caption rows from here */
	int text_rows;		/* 0 .. 4 */
	int gutter;		/* y label columns */
	struct plot_area area;	/* area.h == 0: no plot */
};

static void bands_layout(const struct state *s, struct rect r,
			 struct bands_layout *l)
{
	int ih, rows;
	bool ticks, xcap;

	memset(l, 0, sizeof *l);
	l->tick_y = l->xcap_y = -1;
	l->in = panel_inside(r);
	ih = l->in.h;
	if (!TIER(bands_least, l->in.w, ih))
		return;
	l->legend_y = l->in.y;
	l->text_rows = TIER(text_rows, l->in.w, ih);
	l->text_y = l->in.y + ih - l->text_rows;
	rows = ih - 1 - l->text_rows;
	ticks = rows >= PLOT_ROWS_MIN + 1;
	xcap = rows >= PLOT_ROWS_MIN + 10;
	rows -= ticks + xcap;
	if (rows < PLOT_ROWS_MIN) {
		/* No room for a plot: the numbers matter more. */
		l->text_y = l->in.y + 1;
		l->text_rows = ih - 1 < 4 ? ih - 1 : 4;
		return;
	}
	if (l->in.w >= GUTTER_MIN_W)
		l->gutter = GUTTER_W;
	/* an odd number of columns: with 2N + 1 offsets the column of k
	 * and that of -k then lie as far from k = 0's, the middle one (with
	 * an even number no column is the middle, and +K's marker stood a
	 * column nearer 0 than -K's) */
	l->area = (struct plot_area){
		{ -half_width(s), 2 * half_width(s) + 1, l->in.x + l->gutter,
		  (l->in.w - l->gutter - 1) | 1 },
		l->in.y + 1, rows, -1.0, 1.0, 0
	};
	if (ticks)
		l->tick_y = l->area.y0 + rows;
	if (xcap)
		l->xcap_y = l->tick_y + 1;
}

/* ---- text ---- */

/* "━━ all 256 pairs   ━━ fast: ...   ━━ slow: ...", each in its colour;
 * the long form when it fits, else the short one, cut at the border. */
static void draw_legend(const struct state *s, struct canvas *c,
			const struct bands_layout *l)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const struct pe_params *p = &s->cur.pe;
	int h = p->d_model / 2, sp = split_of(s), x = l->in.x;
	int end = l->in.x + l->in.w;
	char wl[32], part[3][TEXT_MAX];
	bool longer;

	fmt_double_compact(pe_wavelength(p, sp), 3, wl, sizeof wl);
	snprintf(part[0], TEXT_MAX, tr(s->lang, "%s all %d pairs   "), sy->bar, h);
	snprintf(part[1], TEXT_MAX, tr(s->lang, "%s fast: pairs 0-%d (%s < %s)   "), sy->bar,
		 sp - 1, sy->lambda, wl);
	snprintf(part[2], TEXT_MAX, tr(s->lang, "%s slow: pairs %d-%d (%s %s %s)"), sy->bar,
		 sp, h - 1, sy->lambda, sy->ge, wl);
	longer = utf8_width(part[0]) + utf8_width(part[1]) +
		 utf8_width(part[2]) <= l->in.w;
	if (!longer) {
		snprintf(part[0], TEXT_MAX, tr(s->lang, "%s all  "), sy->bar);
		snprintf(part[1], TEXT_MAX, tr(s->lang, "%s fast i<%d  "), sy->bar, sp);
		snprintf(part[2], TEXT_MAX, tr(s->lang, "%s slow i%s%d"), sy->bar, sy->ge, sp);
	}
	for (int k = 0; k < 3 && x < end; k++)
		x += canvas_text(c, x, l->legend_y, end - x, part[k],
				 (struct style){ (uint8_t)(ROLE_TRACE1 + k),
						 ROLE_DEFAULT, k == 0 ? ATTR_BOLD : 0 });
	/* Without the axis caption, say here what x is, when it fits. */
	snprintf(part[0], TEXT_MAX, tr(s->lang, "   x: k = q %s p"), sy->minus);
	if (l->xcap_y < 0 && utf8_width(part[0]) <= end - x)
		canvas_text(c, x, l->legend_y, end - x, part[0], axis_style);
}

static void draw_reach(const struct state *s, struct canvas *c,
		       const struct bands_layout *l, int y,
		       const struct analysis_scan *r)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	double t = threshold_of(s);
	char a[TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };

	if (s->cur.len <= 1) {
		snprintf(a, sizeof a, tr(s->lang, "len = 1: no other position to compare with"));
		snprintf(b, sizeof b, tr(s->lang, "len = 1"));
	} else if (r->reach == 0) {
		snprintf(a, sizeof a, tr(s->lang, "all pairs: already below %.2f at k = %s1"), t, sy->pm);
		snprintf(b, sizeof b, tr(s->lang, "< %.2f at k = %s1"), t, sy->pm);
	} else if (!r->reach_exact) {
		snprintf(a, sizeof a, tr(s->lang, "all pairs stay %s %.2f for |k| %s %lld at least (checked up to there)"),
			 sy->ge, t, sy->le, r->reach);
		snprintf(b, sizeof b, tr(s->lang, "%s %.2f for |k| %s %lld+"), sy->ge, t, sy->le, r->reach);
	} else if (r->reach == s->cur.len - 1) {
		snprintf(a, sizeof a, tr(s->lang, "all pairs stay %s %.2f for |k| %s %lld: every offset within the length"),
			 sy->ge, t, sy->le, r->reach);
		snprintf(b, sizeof b, tr(s->lang, "%s %.2f for |k| %s %lld"), sy->ge, t, sy->le, r->reach);
	} else {
		snprintf(a, sizeof a, tr(s->lang, "all pairs stay %s %.2f for |k| %s %lld (first below: k = %s%lld)"),
			 sy->ge, t, sy->le, r->reach, sy->pm, r->reach + 1);
		snprintf(b, sizeof b, tr(s->lang, "%s %.2f for |k| %s %lld"), sy->ge, t, sy->le, r->reach);
	}
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2, mark_style);
}

/* The peak with enough digits that it does not read as 1 unless it is:
 * 0.973, 0.9999986. Returns true when it is 1 to nine decimals. */
static bool peak_digits(double v, char *buf, size_t n)
{
	for (int digits = 3; digits <= 9; digits++) {
		snprintf(buf, n, "%.*f", digits, v);
		if (strncmp(buf, "1.", 2) != 0)
			return false;
	}
	return true;
}

/* Whether the highest similarity at k != 0 comes close to k = 0's: it
 * prints as 1 to 3 digits or more, or is 0.999 at least. */
static bool peak_close(const struct analysis_scan *r)
{
	char num[32];

	return peak_digits(r->peak, num, sizeof num) || r->peak >= 0.999;
}

static void draw_peak(const struct state *s, struct canvas *c,
		      const struct bands_layout *l, int y,
		      const struct analysis_scan *r)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	char num[32], range[64], a[TEXT_MAX], m[TEXT_MAX], b[TEXT_MAX];
	const char *cand[3] = { a, m, b };
	bool one, close;

	if (r->peak_at == 0)
		return;
	one = peak_digits(r->peak, num, sizeof num);
	close = peak_close(r);
	if (r->complete)
		snprintf(range, sizeof range, tr(s->lang, "0 < |k| < %lld"), s->cur.len);
	else
		snprintf(range, sizeof range, tr(s->lang, "0 < |k| %s %lld (checked so far)"),
			 sy->le, r->scanned);
	snprintf(a, sizeof a, tr(s->lang, "highest for %s: %s at k = %s%lld%s"), range, num,
		 sy->pm, r->peak_at,
		 one ? tr(s->lang, ": the same as k = 0 to 9 digits")
		     : close ? tr(s->lang, ": almost the same encoding as k = 0")
			     : tr(s->lang, ": no two positions share an encoding"));
	snprintf(m, sizeof m, tr(s->lang, "highest for k %s 0: %s at k = %s%lld%s"), sy->ne,
		 num, sy->pm, r->peak_at, r->complete ? "" : tr(s->lang, " so far"));
	snprintf(b, sizeof b, tr(s->lang, "max %s at k = %s%lld"), num, sy->pm, r->peak_at);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 3,
		 (struct style){ close ? ROLE_WARN : ROLE_CURSOR, ROLE_DEFAULT, 0 });
}

/* What the three curves measure near and far: each band's similarity at
 * k = 1 and at the largest offset shown, as numbers, and in words only
 * what those numbers say (a band with no pairs is left out). */
/* The bands' similarities at k = 1 (near[b]) and at k = far (away[b]),
 * kept in ctx->caption for their inputs. */
static void caption_numbers(struct bands_ctx *ctx, const struct state *s,
			    double far, double near[3], double away[3])
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = { { p->d_model, p->base, split_of(s), far } };

	if (!cache_ready(&ctx->caption, &k)) {
		double v[6];

		analysis_band_similarities(p, split_of(s), 1.0, v);
		analysis_band_similarities(p, split_of(s), far, v + 3);
		cache_put(&ctx->caption, &k, v, 6);
	}
	for (int b = 0; b < 3; b++) {
		near[b] = ctx->caption.out[b];
		away[b] = ctx->caption.out[3 + b];
	}
}

static void draw_caption(struct bands_ctx *ctx, const struct state *s,
			 struct canvas *c, const struct bands_layout *l, int y,
			 int rows)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const struct pe_params *p = &s->cur.pe;
	int sp = split_of(s), h = p->d_model / 2;
	double far = (double)half_width(s), near[3], away[3];
	double f1, fk, s1, sk, a1, ak;
	char a[2 * TEXT_MAX], b[TEXT_MAX], d[TEXT_MAX];
	const char *cand[3] = { a, b, d };

	if (far <= 1.0)
		return;
	caption_numbers(ctx, s, far, near, away);
	f1 = near[ANALYSIS_FAST];
	fk = away[ANALYSIS_FAST];
	s1 = near[ANALYSIS_SLOW];
	sk = away[ANALYSIS_SLOW];
	a1 = near[ANALYSIS_ALL];
	ak = away[ANALYSIS_ALL];
	if (sp > 0 && sp < h) {
		char why[TEXT_MAX] = "";

		if (s1 > 0.99 && f1 < s1)
			snprintf(why, sizeof why, "%s", tr(s->lang,
				 ": slow pairs barely tell neighbours apart"));
		snprintf(a, sizeof a, tr(s->lang, "at k = %s1: fast %.3f, slow %.3f%s; at k = %s%.0f: fast %.3f, slow %.3f"),
			 sy->pm, f1, s1, why, sy->pm, far, fk, sk);
		snprintf(b, sizeof b, tr(s->lang, "at k = %s1: fast %.3f, slow %.3f; at k = %s%.0f: fast %.3f, slow %.3f"),
			 sy->pm, f1, s1, sy->pm, far, fk, sk);
		snprintf(d, sizeof d, tr(s->lang, "k=%s1: fast %.2f slow %.2f; k=%s%.0f: fast %.2f slow %.2f"),
			 sy->pm, f1, s1, sy->pm, far, fk, sk);
		paragraph_fit(c, l->in.x, y, l->in.w, cand, 3, dim_style);
		y++;
		rows--;
	}
	if (rows < 1)
		return;
	snprintf(a, sizeof a, tr(s->lang, "all pairs: %.3f at k = %s1, %.3f at k = %s%.0f%s"),
		 a1, sy->pm, ak, sy->pm, far,
		 ak < a1 ? tr(s->lang, ": far positions look less alike than near ones")
			 : "");
	snprintf(b, sizeof b, tr(s->lang, "all pairs: %.3f at k = %s1, %.3f at k = %s%.0f"),
		 a1, sy->pm, ak, sy->pm, far);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2, dim_style);
}

static void draw_xcaption(const struct bands_ctx *ctx, const struct state *s,
			  struct canvas *c, const struct bands_layout *l)
{
	double step = ctx->curves.key.v[KEY_STEP];
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const struct plot_axis *ax = &l->area.ax;
	char a[TEXT_MAX], b[TEXT_MAX], avg[64] = "";
	const char *cand[2] = { a, b };

	if (cache_done(&ctx->curves) && step >= 1.5)
		snprintf(avg, sizeof avg, tr(s->lang, "; each point averages %.*f offsets"),
			 step < 10 ? 1 : 0, step);
	snprintf(a, sizeof a, tr(s->lang, "offset k = q %s p, the same curve for every p; |k| %s %lld (z zooms)%s"),
		 sy->minus, sy->le, half_width(s), avg);
	snprintf(b, sizeof b, tr(s->lang, "offset k = q %s p (z zooms)"), sy->minus);
	paragraph_fit(c, ax->x0, l->xcap_y, ax->w, cand, 2, axis_style);
}

/* ---- the plot ---- */

/* A dashed line at the threshold on cells the curves left empty. */
static void draw_threshold(const struct state *s, struct canvas *c,
			   const struct plot_area *a)
{
	int y = plot_row_of_value(a, threshold_of(s));

	for (int x = a->ax.x0; x < a->ax.x0 + a->ax.w; x++) {
		const struct cell *cl = canvas_cell(c, x, y);

		if (cl && cl->kind == CELL_TEXT && cl->ch == ' ')
			canvas_put(c, x, y, 0x2504, mark_style);
	}
}

/* Curve b (0 all, 1 fast, 2 slow) of the last finished ones. */
static void draw_curve(const struct bands_ctx *ctx, struct canvas *c,
		       const struct plot_area *a, int b, enum role fg)
{
	int n = (int)ctx->curves.key.v[KEY_N], len = 2 * n - 1;
	double step = ctx->curves.key.v[KEY_STEP];
	const double *line = cache_get(&ctx->curves);

	plot_samples(c, a, -(n - 1) * step, step,
		     line + (size_t)b * (size_t)len, len, fg);
}

/* The axis' ticks (plot_yticks), then the threshold's label over the
 * tick of its row, if any, right-aligned like them. */
static void draw_yaxis(const struct state *s, struct canvas *c,
		       const struct bands_layout *l, const struct plot_area *a)
{
	char t[16];

	plot_yticks(c, a, l->in.x, l->gutter - 1, axis_style);
	/* in the ticks' format (0.5, not 0.50 beside -0.5), to the 0.05 of
	 * its keys */
	plot_value_label(threshold_of(s), 0.05, t, sizeof t);
	plot_ylabel(c, a, l->in.x, l->gutter - 1, threshold_of(s), t,
		    mark_style);
}

static void draw_plot(struct bands_ctx *ctx, const struct state *s,
		      struct canvas *c, const struct bands_layout *l,
		      const struct analysis_scan *r)
{
	struct plot_area area = l->area;
	const struct plot_area *a = &area;

	curves_get(ctx, s, a->ax.w);
	/* 0 .. 1 while the three curves stay positive, else -1 .. 1 (the
	 * axes' one convention, plot_similarity_ymin) */
	if (cache_done(&ctx->curves))
		area.ymin = plot_similarity_ymin(cache_get(&ctx->curves),
						 3 * (2 * (int)ctx->curves.key.v[KEY_N] - 1));
	draw_threshold(s, c, a);
	if (cache_done(&ctx->curves)) {
		draw_curve(ctx, c, a, 2, ROLE_TRACE3);
		draw_curve(ctx, c, a, 1, ROLE_TRACE2);
		draw_curve(ctx, c, a, 0, ROLE_TRACE1);
	}
	if (r && r->reach > 0) {
		const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
		char k[32];

		plot_marker(c, &a->ax, a->y0, a->h, -r->reach, mark_style);
		plot_marker(c, &a->ax, a->y0, a->h, r->reach, mark_style);
		/* what the two lines are, on the plot itself, not only in
		 * the text under it */
		snprintf(k, sizeof k, "|k| %s %lld", sy->le, r->reach);
		plot_marker_label_apart(c, a, r->reach, k, mark_style);
	}
	/* the highest similarity at k != 0 as two dots in the colour of its
	 * line under the plot, where they stand apart from the peak at 0:
	 * at k = ±1 they only recoloured the cells of the peak, a white
	 * blot no caption named */
	if (r && r->peak_at > 0 &&
	    plot_col_of_pos(&a->ax, r->peak_at) - plot_col_of_pos(&a->ax, 0) >= 2) {
		enum role fg = peak_close(r) ? ROLE_WARN : ROLE_CURSOR;

		plot_dot(c, a, -r->peak_at, r->peak, fg);
		plot_dot(c, a, r->peak_at, r->peak, fg);
	}
	if (l->gutter > 1)
		draw_yaxis(s, c, l, a);
	if (l->tick_y >= 0)
		plot_xticks(c, &a->ax, l->tick_y, axis_style);
	if (l->xcap_y >= 0)
		draw_xcaption(ctx, s, c, l);
}

static void bands_draw(const struct state *s, void *ctx, struct canvas *c,
		       struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct bands_layout l;
	struct analysis_scan scan;

	canvas_fill(c, r, ' ', plain);
	panel_open(c, r, tr(s->lang, "Bands: similarity over all, fast and slow pairs"),
		   NULL);
	bands_layout(s, r, &l);
	if (l.in.w >= 1 && l.in.h >= 1) {
		const struct analysis_scan *sc = scan_get(ctx, s, &scan) ? &scan
									 : NULL;
		int y = l.text_y, rows = l.text_rows;

		draw_legend(s, c, &l);
		if (l.area.h > 0 && l.area.ax.w > 0)
			draw_plot(ctx, s, c, &l, sc);
		/* Until the first scan is done, its rows stay blank. */
		if (TIER(reach_row, l.in.w, rows) && sc)
			draw_reach(s, c, &l, y, sc);
		if (TIER(peak_row, l.in.w, rows) && sc)
			draw_peak(s, c, &l, y + 1, sc);
		if (TIER(caption_row, l.in.w, rows))
			draw_caption(ctx, s, c, &l, y + 2, rows - 2);
	}
	canvas_set_clip(c, old);
}

static void bands_free(void *data)
{
	struct bands_ctx *ctx = data;

	cache_free(&ctx->sums);
	cache_free(&ctx->curves);
	cache_free(&ctx->scan);
	cache_free(&ctx->caption);
}

const struct view_spec view_bands = {
	.name = "bands",
	.said = N_("bands view"),
	.title = N_("similarity over all, fast and slow pairs"),
	.point = N_("fast pairs tell neighbours apart, slow pairs reach far"),
	.nknobs = 2,
	.knob = { {
		.word = "split",
		.help = N_("the first slow pair: pairs below it are the fast band"),
		.kind = KNOB_INT, .lo = 1, .top = KNOB_TOP_LAST_PAIR,
		.start = KNOB_START_HALF_PAIRS,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_ADD, 1,
			    N_("fast/slow split -/+1 pair") } },
	}, {
		.word = "threshold",
		.help = N_("the similarity a distance must stay above"),
		.kind = KNOB_REAL, .lo = 0.05, .hi = 0.95,
		.start = KNOB_START_INIT, .init = 0.5, .per_unit = 20,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_ADD, 0.05,
			    N_("threshold -/+0.05") } },
	} },
	.draw = bands_draw,
	.ctx_size = sizeof(struct bands_ctx),
	.ctx_free = bands_free,
};
