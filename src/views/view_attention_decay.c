/* view_attention_decay.c - RoPE's long-term decay (RoFormer, section
 * 3.4.3): the relative upper bound B(m) and, in a strip of its own below
 * it on the same x axis, the scores: the mean |score| of seeded random q
 * and k (rope_bound.h) and the expected score of ones correlated alike in
 * every pair (E[q k^T] proportional to I), against
 * m; the score of the uniform vector with itself (q = k) in the numbers
 * beside B.
 *
 * Correlated q and k: with h_i = q_2i k_2i + q_2i+1 k_2i+1 per pair,
 * E[q . R_m k] = sum_i E[h_i] cos(m theta_i) when the pairs' sine terms
 * average to 0 (q = k in expectation, e.g. a shared mean); with E[h_i]
 * the same over the pairs it is E[h] sum_i cos(m theta_i), Men et al.
 * 2024's B_(m,theta) (arXiv 2405.14591), and over its value at m = 0
 * (2/d) sum_i cos(m theta_i): the score of the uniform vector with
 * itself, rope_bound_score, which the curves already compute. Only then:
 * for a general E[q k^T] = C the curve is tr(R_m C)/tr(C), and C in the
 * slow pairs alone barely decays (a NumPy reviewer's finding). That one
 * decays (0.48 at m = 100, 0.33 at 128, 0 at 1707 for d = 128, base
 * 1e4): where trained models' q and k share a mean, this is the decay
 * they see (Barbero et al. 2024, arXiv 2410.06205, section 3). It is
 * drawn dashed in the scores' strip, signed, from its value 1 at m = 0.
 *
 *   ┌ Long-term decay of RoPE: d = 128, base 1e4 ──────────────┐
 *   │━━ bound B(m)/B(0): any q, k, over its value at m = 0  │ L0│
 *   │   1 ⡇       │                                           │
 *   │ 0.5 ⠈⠳⣤⣀    │L0                                         │
 *   │   0  │⠉⠉⠛⠛⠶⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤⣤ │
 *   │── random q, k: mean |score|/expected  ╌╌ E[q kᵀ] ∝ I      │
 *   │   1 ⠔⠒⠑⠢⠤⢢⡠⠤⠤⣀⠤⠢⠜⠒⠤⡰⡴⠢⠤⢄⠤⢄⠖⠤⠤⠢⣀⠖⠢⠢⠒⠢⠤⠔⠤⠤⡰⣄⠖⢢⡠⢄⠦⠔ │
 *   │     ⠈⠢⠄ ⠠⠄│     flat: random q, k do not decay on average │
 *   │   0  │   ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐⠂ ⠐ │
 *   │     0      100     200     300    400    500             │
 *   │m = 37: B = 10.2, q = k: |score| = 0.031; B(0) = ...        │
 *   └───────────────────────────────────────────────────────────┘
 *
 * Each strip has its own linear y axis from 0: each curve over its value
 * at m = 0. On one axis the random mean runs above the bound, which
 * reads as a broken bound; the two are divided by different things, so
 * they get a scale each. RoFormer bounds the score of q and k
 * by max_j |h_(j+1) - h_j| (d/2) B(m); the constant is the pair's, so
 * B(m)/B(0) is every pair's bound over its value at m = 0 (a heavy line,
 * two dots tall, on 0 .. 1). The random mean is drawn over its expected
 * value, sqrt(2/pi) E|q|, which is the same at every m (Barbero et al.
 * 2024, arXiv 2410.06205: E|q^T R_m k| does not depend on m), a light
 * line on 0 .. 19/16. So the bound shrinks over the first few hundred
 * offsets and then plateaus, the random mean stays near 1; the bound
 * itself is far above the score (32.5 times it for q = k at m = 0,
 * d = 128), which the numbers show. The correlated score is not drawn in
 * the bound's strip: over its own value at m = 0 it runs above B/B(0)
 * (reading as a broken bound) and tangles with it on a short plot; it is
 * a score, so it shares the random mean's strip and scale. With 5 plot
 * rows (80x24) the bound's strip has 3 and the scores' 1 (its 1 only),
 * below a heading row: with the random key on the legend row instead and
 * the bound given that row, the gutter's "1 0 1" reads as one broken
 * axis.
 *
 * The x axis holds the offsets m = 0 .. max(end of the visible window,
 * 4 L0, or 2 L0 on a plot under 80 columns): the trained length L0 (the
 * context view's train knob, which the presets set) is always on it, with
 * room after it for the plateau. The selected position marks m (cursor
 * colour), L0 its own colour and the label "L0" beside it. One sample per braille dot column, at its centre
 * (B is a smooth function of a real m), plus m = 0 for the division. The
 * curves cost d/2 sin/cos per sample and, for the random mean, 2 N
 * multiply-adds more, or, where that is large (curves_fast), d/2 square
 * roots per sample and 2 N NUFFT_W multiply-adds per pair: computed
 * pairs-in-order over as many frames as the budget needs (rope_bound_add
 * and rope_random_add_drawn, or rope_bound_add_even and
 * rope_random_spread), the last finished curves shown meanwhile; the
 * random q, k themselves are drawn once for d
 * and the seed (rope_random_draw) and kept. The numbers at m = pos and at
 * L0 are one rope_bound_add of two offsets, cached by (d, base, pos, L0);
 * the random mean at pos a job of its own, shown as "…" until it is
 * done. */
#include "views/view_attention.h"

#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "engine/nufft.h"
#include "engine/rope_bound.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	GUTTER_W = 5,		/* "0.75" and a blank */
	PLOT_MIN_ROWS = 3,	/* fewer: the numbers only */
	PLOT_WANT_ROWS = 5,	/* a second row of numbers only beyond */
	PLOT_ROOMY_ROWS = 9,	/* a bound strip of 5, a random one of 3 with
				 * its heading; more: some go to the caption */
	CAPTION_ROWS_MAX = 3,
	AXIS_L0 = 4,		/* the axis runs to at least AXIS_L0 L0 */
	AXIS_L0_NARROW = 2,	/* ... or this many L0 on a narrow plot */
	AXIS_WIDE_COLS = 80,	/* a plot this wide or wider is not narrow */
	CURVES = 3,		/* bound, correlated q, k, random */
	LEGEND_PARTS = 5,	/* the bound, the random mean, L0's mark,
				 * the correlated score short and long */
	DASH = 4		/* the correlated curve: 2 dot columns of 4 */
};

/* Pair-offset evaluations of the bound one step of the curves takes
 * (~8 ns each); a random draw's pair-offset costs about 1/16 of one.
 * Drawing a draw's q and k of a pair (four normals) costs about 8, so the
 * draws are made once for d and the seed (draws_get) and kept: a change
 * of base, position or length scores the same draws again, and the
 * random mean at one offset (random_at) is then d/2 sin/cos and N d
 * multiply-adds, not 2 N d normals. */
static const double STEP_WORK = 1e5;
static const double DRAW_COST = 1.0 / 16;
static const double DRAWING_COST = 8.0;

/* The curves take their fast paths when the random curve's direct sums
 * would take more than this many multiply-adds (about 10 ms) and the
 * offsets are evenly spaced (none clamped to 0): the random curve the
 * nonuniform FFT (rope_random_spread), the bound and the correlated score
 * rotations from offset to offset (rope_bound_add_even: a complex product
 * where rope_bound_add takes a sin and a cos; the same curves to about
 * 1e-13, tested against NumPy at d 65536 and m 1e9). For the random curve:
 * at d = 65536 on a 240-column screen the direct sums are 64 draws times
 * 32768 pairs times ~470 offsets, 1e9 multiply-adds, half a second or
 * more, where spreading a pair costs 2 NUFFT_W multiply-adds a draw
 * whatever the number of offsets. Below it the direct sums stay, bit for
 * bit what they were. The curve differs from the direct sums by about
 * 1e-10 of its size (rope_bound.h; tests/unit/test_rope_bound.c checks it
 * against them and against NumPy up to d 65536 and m 1e9), where a
 * braille dot of the random strip is at least 1/32 of its 0 .. 19/16:
 * no dot moves. The numbers printed (random_at) stay the direct sum. */
static const double NUFFT_FROM = 1e7;

/* Whether the curves on axis ax of n dot columns take their fast paths. */
static bool curves_fast(const struct state *s, const struct plot_axis *ax,
			   int n)
{
	return plot_dot_pos(ax, 0) >= 0 &&
	       (double)ATT_RANDOM_DRAWS * (s->cur.pe.d_model / 2) * n >
		       NUFFT_FROM;
}

/* The pairs a step takes for k offsets, `nufft` as curves_fast: at
 * least one. */
static int pairs_per_step(int k, bool nufft)
{
	double random = nufft ? DRAW_COST * ATT_RANDOM_DRAWS * 2 * NUFFT_W
			      : DRAW_COST * ATT_RANDOM_DRAWS * k;
	int per = (int)(STEP_WORK / (k + random));

	return per < 1 ? 1 : per;
}

/* ---- the random draws ---- */

/* Draws' coefficients of the pairs a step of draws_step makes. */
static int draw_pairs_per_step(void)
{
	return (int)(STEP_WORK / (DRAWING_COST * ATT_RANDOM_DRAWS));
}

static bool draws_step(struct cache *c, const void *arg)
{
	const struct state *s = arg;
	int h = s->cur.pe.d_model / 2, i0 = (int)c->at[0];
	int per = draw_pairs_per_step(), i1 = h - i0 < per ? h : i0 + per;

	rope_random_draw((uint64_t)state_view_knob(s, AK_SEED),
			 s->cur.pe.d_model, ATT_RANDOM_DRAWS, i0, i1,
			 CACHE_GET(c, double) +
				 (size_t)2 * ATT_RANDOM_DRAWS * (size_t)i0);
	c->at[0] = i1;
	return i1 >= h;
}

/* The coefficients of every pair of the N random draws for d and the
 * seed (rope_random_draw's layout), or NULL while they are being drawn. */
static const double *draws_get(const struct state *s, struct att_decay *ctx)
{
	struct cache_key k = { { s->cur.pe.d_model,
				 (double)state_view_knob(s, AK_SEED) } };

	if (cache_start(&ctx->draws, &k, 0) &&
	    !CACHE_MEM(&ctx->draws, double, (size_t)ATT_RANDOM_DRAWS *
					    (size_t)s->cur.pe.d_model)) {
		cache_forget(&ctx->draws);
		return NULL;
	}
	if (!cache_get(&ctx->draws) ||
	    !cache_run_const(&ctx->draws, draws_step, s))
		return NULL;
	return cache_get(&ctx->draws);
}

/* What the panel shows by size (views/panel.h): anything from 2 x 1
 * inside; the random mean's "flat" note on its strip from 2 rows. */
static const struct tier decay_least[] = { { 2, 1, 1 } };
static const struct tier flat_note[] = { { 0, 2, 1 } };

static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };
static const struct style cursor_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* The colour of curve k (legend, curve and its number): the random mean
 * takes the third trace colour (pink; violet on a white page), not the
 * fourth, whose dark green lay 51 CIELAB units from the bound's teal on a
 * white page and read as the same colour. */
static enum role curve_role(int k)
{
	static const enum role role[CURVES] = { ROLE_TRACE1, ROLE_TRACE2,
						ROLE_TRACE3 };

	return role[k];
}

/* Finished curves, in shown's memory: n samples of each curve over its value
 * at m = 0, curve k at v[k n ..]. */
struct curves {
	int n;
	double v[];
};

/* ---- the legend ---- */

/* The legend's parts in form f (0 longest, 3 shortest): the bound (a
 * heavy line), the random mean (a light one), L0's mark, the correlated
 * score (a dashed line; short, then long, whatever f). The correlated score is not drawn in the bound's
 * strip: over its value at m = 0 it runs above B/B(0) (0.48 against 0.31
 * at m = 100, d = 128), which reads as a broken bound, though the bound
 * for q = k is B itself, 32.5 times the score at m = 0. It is a score, so
 * it goes with the random one, each over its value at m = 0. */
static void legend_texts(const struct state *s, int f,
			 char part[LEGEND_PARTS][ATT_TEXT_MAX])
{
	const char *heavy = s->ascii ? "==" : "━━", *light = s->ascii ? "--" : "──";
	const char *dashed = s->ascii ? ". ." : "╌╌";
	long long seed = (long long)state_view_knob(s, AK_SEED);

	if (f == 0) {
		snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "%s bound B(m)/B(0): any q, k, over its value at m = 0"), heavy);
		snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s measured: mean |score|/expected, random q, k (N = %d, seed %lld)"),
			 light, ATT_RANDOM_DRAWS, seed);
	} else if (f == 1) {
		snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "%s bound B(m)/B(0)"), heavy);
		snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s random q, k: mean |score|/expected"), light);
	} else if (f == 2) {
		snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "%s bound B/B(0)"), heavy);
		snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s random q, k"), light);
	} else {
		snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "%s bound B/B(0)"), heavy);
		snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "%s random |s|/E"), light);
	}
	snprintf(part[2], ATT_TEXT_MAX, "%s L0", s->ascii ? "|" : "│");
	snprintf(part[3], ATT_TEXT_MAX, tr(s->lang, "%s E[q kᵀ] ∝ I"), dashed);
	snprintf(part[4], ATT_TEXT_MAX, tr(s->lang, "%s q, k correlated alike in every pair (E[q kᵀ] ∝ I): E[score]/E[score(0)]"), dashed);
}

/* The legend's form for a panel w wide: the longest whose bound and L0
 * parts fit one row and whose random and correlated parts fit another,
 * else the shortest (clipped). */
static int legend_form(const struct state *s, int w)
{
	char part[LEGEND_PARTS][ATT_TEXT_MAX];

	for (int f = 0; f < 3; f++) {
		legend_texts(s, f, part);
		if (utf8_width(part[0]) + 2 + utf8_width(part[2]) <= w &&
		    utf8_width(part[1]) + 2 + utf8_width(part[3]) <= w)
			return f;
	}
	return 3;
}

/* ---- the layout ---- */

/* The panel's insides: the bound's heading (its legend and L0's) and
 * strip; the random mean's heading and strip below it, on the same x
 * axis and a y axis of its own; the tick row, the numbers, the caption. */
struct decay_geom {
	struct rect in;
	int legend_form;
	int legend_y, rnd_legend_y;	/* -1: none */
	int tick_y;		/* or -1 */
	int text_y, text_rows;	/* the numbers and the caption */
	struct plot_area area;	/* the bound's; h == 0: no plot (compact) */
	struct plot_area rnd;	/* the random mean's; h == 0: not drawn */
};

/* The offsets the x axis holds, for a plot w columns wide: 0 .. this - 1.
 * On a narrow plot (80x24 to 120x40) 4 L0 put the whole fall of the bound
 * (to half of B(0) by m = 10 at d = 128) into the first column or two,
 * a wall, not a fall: 2 L0 still show the plateau after L0 on twice the
 * offsets per column. */
static long long axis_npos(const struct state *s, int w)
{
	long long end = s->window.pos0 + s->window.npos;
	long long l0 = (w >= AXIS_WIDE_COLS ? AXIS_L0 : AXIS_L0_NARROW) *
		       att_train(s);

	return end > l0 ? end : l0;
}

static void geom(const struct state *s, struct rect r, struct decay_geom *g)
{
	int rows, extra, rr;

	memset(g, 0, sizeof *g);
	g->in = panel_inside(r);
	g->legend_y = g->tick_y = g->rnd_legend_y = -1;
	if (!TIER(decay_least, g->in.w, g->in.h))
		return;
	g->legend_form = legend_form(s, g->in.w);
	/* Below the legend row: the strips with the random one's heading,
	 * the tick row, the numbers: two rows of them when that leaves
	 * PLOT_WANT_ROWS, else one; rows beyond PLOT_ROOMY_ROWS go to the
	 * caption (at most CAPTION_ROWS_MAX). */
	g->text_rows = g->in.h - 1 - 1 - 2 >= PLOT_WANT_ROWS ? 2 : 1;
	rows = g->in.h - 1 - 1 - g->text_rows;
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
	/* the random strip below its heading: a third of the rows, 3 at
	 * least, from PLOT_ROOMY_ROWS on (its 0 and 1 apart), one row (1
	 * only) from PLOT_WANT_ROWS, else none (its number only) */
	rr = rows >= PLOT_ROOMY_ROWS ? (rows / 3 > 3 ? rows / 3 : 3)
	     : rows >= PLOT_WANT_ROWS ? 1 : 0;
	g->legend_y = g->in.y;
	g->area = (struct plot_area){
		{ 0, axis_npos(s, g->in.w - GUTTER_W), g->in.x + GUTTER_W,
		  g->in.w - GUTTER_W },
		g->in.y + 1, rows - (rr ? rr + 1 : 0), 0.0, 1.0, 0
	};
	if (rr > 0) {
		g->rnd = g->area;
		g->rnd_legend_y = g->area.y0 + g->area.h;
		g->rnd.y0 = g->rnd_legend_y + 1;
		g->rnd.h = rr;
	}
	g->tick_y = g->area.y0 + rows;
	g->text_y = g->tick_y + 1;
}

struct plot_area att_decay_area(const struct state *s, struct rect r)
{
	struct decay_geom g;
	struct plot_area a;

	geom(s, r, &g);
	a = g.area;
	if (g.rnd.h > 0)
		a.h = g.rnd.y0 + g.rnd.h - a.y0;
	return a;
}

/* ---- the curves ---- */

/* What the curves depend on: d, base, the seed, the axis and its dot
 * columns. */
static struct cache_key curves_key(const struct state *s,
				   const struct plot_axis *ax)
{
	return (struct cache_key){ { s->cur.pe.d_model, s->cur.pe.base,
				     (double)state_view_knob(s, AK_SEED),
				     (double)ax->npos, ax->w } };
}

/* The job's memory for k offsets (m = 0, then the dot columns'): the
 * offsets, rope_bound_add's 3 k doubles (rope_bound_add_even's 3 (k - 1)
 * after m = 0's 3 in the fast case), the random sums' N k
 * (rope_random_add_drawn's; rope_random_gather's N (k - 1) in the
 * nonuniform FFT's case), then its grid when `nufft`. */
static size_t job_doubles(int k, bool nufft)
{
	return (size_t)k * (4 + ATT_RANDOM_DRAWS) +
	       (nufft ? rope_random_grid_doubles(k - 1, ATT_RANDOM_DRAWS) : 0);
}

/* What a step of the curves or of random_at reads: the state and the
 * random draws. */
struct decay_run {
	const struct state *s;
	const double *ab;
};

/* Pair i0's coefficients in the draws. */
static const double *draws_at(const struct decay_run *run, int i0)
{
	return run->ab + (size_t)2 * ATT_RANDOM_DRAWS * (size_t)i0;
}

static bool curves_step(struct cache *c, const void *arg)
{
	const struct decay_run *run = arg;
	const struct pe_params *p = &run->s->cur.pe;
	int k = (int)c->at[1], h = p->d_model / 2, i0 = (int)c->at[0];
	bool nufft = c->at[2];
	int per = pairs_per_step(k, nufft), i1 = h - i0 < per ? h : i0 + per;
	double *m = cache_get(c);

	if (nufft) {
		/* m = 0, then the dot columns' offsets m[1 ..], evenly
		 * spaced: acc[0] + j acc[1] */
		rope_bound_add(p, m, 1, i0, i1, m + k);
		rope_bound_add_even(p, c->acc[0], c->acc[1], k - 1, i0, i1,
				    m + k + 3);
		rope_random_spread(p, draws_at(run, i0), ATT_RANDOM_DRAWS,
				   c->acc[0], c->acc[1], k - 1, i0, i1,
				   m + job_doubles(k, false));
	} else {
		rope_bound_add(p, m, k, i0, i1, m + k);
		rope_random_add_drawn(p, draws_at(run, i0), ATT_RANDOM_DRAWS,
				      m, k, i0, i1, m + 4 * k);
	}
	c->at[0] = i1;
	return i1 >= h && (!nufft || rope_random_gather(ATT_RANDOM_DRAWS, k - 1,
						       m + job_doubles(k, false),
						       m + 4 * k));
}

/* The finished job into the curves shown: the bound over its value at
 * m = 0 (offset 0 of the job), the correlated score over its value there
 * (1), signed, the random mean over its expected value
 * (rope_random_expected). */
static struct curves *curves_publish(const struct state *s,
				     struct att_decay *ctx,
				     const struct cache_key *key)
{
	int k = (int)ctx->work.at[1], n = k - 1;
	const double *m = cache_get(&ctx->work);
	struct curves *cv = cache_mem(&ctx->shown, sizeof *cv +
				      (size_t)(CURVES * k) * sizeof(double));
	double at0[CURVES];

	if (!cv)
		return NULL;
	/* the raw values first, curve c at v[c k ..] with m = 0 first; then,
	 * in place and in order, curve c's n ratios to v[c n ..] (every
	 * write lands at or before the values still to be read) */
	if (ctx->work.at[2]) {
		/* the fast paths' states are the dot columns' only, m = 0's
		 * bound apart (3 doubles first); the random mean at m = 0 is
		 * not drawn (its scale is the expected value) */
		rope_bound_finish(&s->cur.pe, 1, m + k, cv->v, cv->v + k);
		rope_bound_finish(&s->cur.pe, n, m + k + 3, cv->v + 1,
				  cv->v + k + 1);
		cv->v[2 * k] = 0.0;
		rope_random_finish(ATT_RANDOM_DRAWS, n, m + 4 * k,
				   cv->v + 2 * k + 1);
	} else {
		rope_bound_finish(&s->cur.pe, k, m + k, cv->v, cv->v + k);
		rope_random_finish(ATT_RANDOM_DRAWS, k, m + 4 * k,
				   cv->v + 2 * k);
	}
	for (int c = 0; c < CURVES; c++)
		at0[c] = fabs(cv->v[c * k]);
	/* the random mean over what it estimates, the same at every m: its
	 * own value at m = 0 is one noisy sample of it */
	at0[2] = rope_random_expected(s->cur.pe.d_model);
	/* the correlated score keeps its sign: Men et al.'s criterion is
	 * that it stays >= 0 */
	for (int c = 0; c < CURVES; c++)
		for (int j = 0; j < n; j++) {
			double v = cv->v[c * k + j + 1];

			cv->v[c * n + j] = at0[c] > 0
				? (c == 1 ? v : fabs(v)) / at0[c] : 0.0;
		}
	cv->n = n;
	cache_start(&ctx->shown, key, 0);
	cache_finish(&ctx->shown);
	return cv;
}

/* The last finished curves for s on axis ax, the job brought on as far as
 * the frame allows; NULL before the first are done. *stale: they are for
 * other inputs. */
static const struct curves *curves_get(const struct state *s,
				       struct att_decay *ctx,
				       const struct plot_axis *ax, bool *stale)
{
	struct cache_key key = curves_key(s, ax);
	int n = 2 * ax->w, k = n + 1;
	struct decay_run run;

	*stale = false;
	if (cache_ready(&ctx->shown, &key))
		return cache_get(&ctx->shown);
	if (cache_start(&ctx->work, &key, 0)) {
		bool nufft = curves_fast(s, ax, n);
		double *m = CACHE_MEM(&ctx->work, double, job_doubles(k, nufft));

		if (!m)
			return NULL;
		m[0] = 0.0;
		for (int j = 0; j < n; j++)
			m[j + 1] = fmax(0.0, plot_dot_pos(ax, j));
		memset(m + k, 0,
		       (job_doubles(k, nufft) - (size_t)k) * sizeof *m);
		ctx->work.at[1] = k;
		ctx->work.at[2] = nufft;
		ctx->work.acc[0] = plot_dot_pos(ax, 0);
		ctx->work.acc[1] = plot_dot_span(ax);
	}
	run.s = s;
	run.ab = draws_get(s, ctx);
	if (run.ab && cache_get(&ctx->work) &&
	    cache_run_const(&ctx->work, curves_step, &run)) {
		const struct curves *cv = curves_publish(s, ctx, &key);

		if (cv)
			return cv;
	}
	*stale = true;
	return cache_done(&ctx->shown) &&
	       CACHE_GET(&ctx->shown, const struct curves)->n == n
		       ? cache_get(&ctx->shown) : NULL;
}

/* B and score at m = pos (out[0], out[1]) and at L0 (out[2], out[3]). */
static const double *values_at(const struct state *s, struct att_decay *ctx)
{
	double m[2] = { (double)s->cur.pos, (double)att_train(s) };
	struct cache_key k = { { s->cur.pe.d_model, s->cur.pe.base, m[0], m[1] } };

	if (!cache_ready(&ctx->at, &k)) {
		double st[6] = { 0 }, b[2], sc[2];

		rope_bound_add(&s->cur.pe, m, 2, 0, s->cur.pe.d_model / 2, st);
		rope_bound_finish(&s->cur.pe, 2, st, b, sc);
		cache_put(&ctx->at, &k, (double[]){ b[0], sc[0], b[1], sc[1] }, 4);
	}
	return ctx->at.out;
}

/* The random mean at m = pos: N sums, pairs in chunks (at[0] the next). */
static bool random_step(struct cache *c, const void *arg)
{
	const struct decay_run *run = arg;
	const struct pe_params *p = &run->s->cur.pe;
	int h = p->d_model / 2, i0 = (int)c->at[0];
	int per = pairs_per_step(1, false), i1 = h - i0 < per ? h : i0 + per;
	double m = (double)run->s->cur.pos;

	rope_random_add_drawn(p, draws_at(run, i0), ATT_RANDOM_DRAWS, &m, 1,
			      i0, i1, cache_get(c));
	c->at[0] = i1;
	if (i1 < h)
		return false;
	rope_random_finish(ATT_RANDOM_DRAWS, 1, cache_get(c), &c->out[0]);
	return true;
}

/* The mean |q^T R_pos k| of the random draws, or NAN while it is being
 * computed. */
static double random_at(const struct state *s, struct att_decay *ctx)
{
	struct cache_key k = { { s->cur.pe.d_model, s->cur.pe.base,
				 (double)state_view_knob(s, AK_SEED),
				 (double)s->cur.pos } };
	struct decay_run run = { s, draws_get(s, ctx) };

	if (!run.ab)
		return NAN;
	if (cache_start(&ctx->random, &k, 0)) {
		double *sum = CACHE_MEM(&ctx->random, double, ATT_RANDOM_DRAWS);

		if (!sum)
			return NAN;
		memset(sum, 0, ATT_RANDOM_DRAWS * sizeof *sum);
	}
	if (cache_get(&ctx->random) &&
	    cache_run_const(&ctx->random, random_step, &run))
		return ctx->random.out[0];
	return NAN;
}

/* ---- drawing ---- */

static void draw_legend(const struct state *s, struct canvas *c,
			const struct decay_geom *g)
{
	char part[LEGEND_PARTS][ATT_TEXT_MAX];
	struct style bound = { (uint8_t)curve_role(0), ROLE_DEFAULT, ATTR_BOLD };
	struct style rnd = { (uint8_t)curve_role(2), ROLE_DEFAULT, ATTR_BOLD };
	struct style cor = { (uint8_t)curve_role(1), ROLE_DEFAULT, ATTR_BOLD };
	int x = g->in.x, end = g->in.x + g->in.w;

	legend_texts(s, g->legend_form, part);
	x += canvas_text(c, x, g->legend_y, end - x, part[0], bound);
	if (x + 2 + utf8_width(part[2]) <= end)
		canvas_text(c, x + 2, g->legend_y, end - x - 2, part[2],
			    marker_style);
	if (g->rnd_legend_y < 0)
		return;
	x = g->in.x + canvas_text(c, g->in.x, g->rnd_legend_y, g->in.w, part[1],
				  rnd) + 2;
	canvas_text(c, x, g->rnd_legend_y, end - x,
		    part[x + utf8_width(part[4]) <= end ? 4 : 3], cor);
}

/* The y labels of strip a's linear axis from ticks[0 .. n), in order of
 * preference, each only where it keeps a row free from the labels drawn
 * before it, in the colour of the strip's curve: stacked, the strips read
 * "1 0 1" down the gutter, and the colour says which scale is whose. */
static void draw_ylabels(struct canvas *c, const struct decay_geom *g,
			 const struct plot_area *a, const double *tick, int n,
			 enum role role)
{
	struct style st = { (uint8_t)role, ROLE_DEFAULT, 0 };
	int used[8], nused = 0;

	for (int i = 0; i < n && nused < 8; i++) {
		int row = plot_row_of_value(a, tick[i]);
		bool free = tick[i] <= a->ymax && row >= a->y0 &&
			    row < a->y0 + a->h;
		char t[16];

		for (int k = 0; k < nused && free; k++)
			/* cppcheck-suppress uninitvar ; used[k] is set for k < nused */
			free = used[k] - row >= 2 || row - used[k] >= 2;
		if (!free)
			continue;
		fmt_double_compact(tick[i], 2, t, sizeof t);
		plot_ylabel(c, a, g->in.x, GUTTER_W - 1, tick[i], t, st);
		used[nused++] = row;
	}
}

/* Curve k (0 the bound, 1 the correlated score, 2 the random mean) as a
 * polyline over the dot columns, the bound and the correlated score from
 * their value 1 at m = 0; `thick`: the line again one dot lower, two dots
 * tall (the bound's heavy line against the random mean's light one); the
 * correlated score dashed, 2 dot columns of every DASH, so that it is
 * told from the random mean without colour. */
static void draw_curve(struct canvas *c, const struct plot_area *a,
		       const struct curves *cv, int k, bool thick)
{
	int n = cv->n;
	double dot = (a->ymax - a->ymin) / (4 * a->h - 1), *v = NULL;

	for (int t = 0; t < (thick ? 2 : 1); t++) {
		const double *src = cv->v + k * n;
		double lower = t * dot;

		if (t == 1 || k == 1) {
			v = malloc((size_t)n * sizeof *v);
			if (!v)
				return;
			for (int j = 0; j < n; j++)
				v[j] = k == 1 ? (j % DASH < DASH / 2 ? src[j] : NAN)
					      : src[j] - dot;
			src = v;
		}
		if (k != 2 && plot_dot_pos(&a->ax, 0) > 0)
			plot_samples(c, a, 0.0, plot_dot_pos(&a->ax, 0),
				     (double[]){ 1.0 - lower, src[0] }, 2,
				     curve_role(k));
		plot_samples(c, a, plot_dot_pos(&a->ax, 0),
			     plot_dot_span(&a->ax), src, n, curve_role(k));
	}
	free(v);
}

/* Whether the w cells from x on row y, and one either side, are blank or
 * a mark's (a text may go over them). */
static bool blank_span(const struct canvas *c, int x, int y, int w)
{
	for (int k = x - 1; k < x + w + 1; k++) {
		const struct cell *e = canvas_cell(c, k, y);

		if (!e || e->kind != CELL_TEXT ||
		    (e->ch != ' ' && e->fg != ROLE_MARKER))
			return false;
	}
	return true;
}

/* What the flat random line says, on the random strip's lowest row that
 * has room below its top one (the correlated score's plateau may fill
 * the bottom row), right-aligned, in the longest form that fits over
 * blank cells and L0's mark only (the curve runs near 1, at the strip's
 * top; the mark has its label in the bound's strip): a flat line under a
 * panel titled "decay" would read as the bound failing to show.
 * E|q^T R_m k| for random q, k does not depend on m (Barbero et al. 2024,
 * arXiv 2410.06205); the bound is not an average. */
static void draw_random_note(const struct state *s, struct canvas *c,
			     const struct decay_geom *g)
{
	const struct plot_area *a = &g->rnd;
	const char *form[3] = {
		tr(s->lang, "flat: random q, k do not decay on average (Barbero et al. 2024)"),
		tr(s->lang, "flat: random q, k do not decay on average"),
		tr(s->lang, "flat: no decay on average"),
	};
	struct style st = { (uint8_t)curve_role(2), ROLE_DEFAULT, ATTR_BOLD };

	if (!TIER(flat_note, a->ax.w, a->h))
		return;
	for (int f = 0; f < 3; f++) {
		int w = utf8_width(form[f]), x = a->ax.x0 + a->ax.w - 1 - w;

		for (int y = a->y0 + a->h - 1; y > a->y0; y--)
			if (x > a->ax.x0 + 1 && blank_span(c, x, y, w)) {
				canvas_text(c, x, y, w, form[f], st);
				return;
			}
	}
}

/* The bound's strip (0 .. 1: B(m) <= B(0); ticks 0 and 1, then 0.5,
 * 0.25, 0.75) and, below it, the scores' (-1/4 .. 19/16, further when
 * either goes beyond: room for the random mean's noise above 1 and for
 * the correlated score's dips below 0, Men et al.'s criterion, and a
 * bottom row free for the random line's note while the correlated
 * score plateaus near 0.3; ticks 1, the expected value, first, then 0
 * and 0.5): the random mean, then the correlated score dashed over it
 * (on a shared cell its colour wins: on a strip of one row the two share
 * nearly every cell, and the dash's gaps leave the random line its own),
 * both with L0's and the position's marks. */
static void draw_plot(const struct state *s, struct canvas *c,
		      struct decay_geom *g, const struct curves *cv)
{
	static const double bound_ticks[] = { 0.0, 1.0, 0.5, 0.25, 0.75 };
	static const double rnd_ticks[] = { 1.0, 0.0, 0.5 };
	int n = cv->n;
	double top = 19.0 / 16, bottom = -0.25;

	for (int j = 0; j < n; j++) {
		top = fmax(top, cv->v[2 * n + j]);
		bottom = fmin(bottom, cv->v[n + j]);
	}
	g->rnd.ymax = top;
	g->rnd.ymin = bottom;
	draw_curve(c, &g->area, cv, 0, true);
	draw_ylabels(c, g, &g->area, bound_ticks, 5, curve_role(0));
	if (g->rnd.h > 0) {
		draw_curve(c, &g->rnd, cv, 2, false);
		draw_curve(c, &g->rnd, cv, 1, false);
		draw_ylabels(c, g, &g->rnd, rnd_ticks, 3, curve_role(2));
	}
	for (int k = 0; k < 2; k++) {
		const struct plot_area *a = k ? &g->rnd : &g->area;

		if (a->h == 0)
			continue;
		plot_marker(c, &a->ax, a->y0, a->h, att_train(s), marker_style);
		plot_marker(c, &a->ax, a->y0, a->h, s->cur.pos, cursor_style);
	}
	/* "L0" beside its mark, above the bound's plateau where it fits */
	plot_marker_label(c, &g->area, att_train(s), "L0", marker_style);
	draw_random_note(s, c, g);
}

/* The caption, the longest of its forms that fits the rows left. */
static void draw_caption(const struct state *s, struct canvas *c,
			 const struct decay_geom *g, int y, int end)
{
	char b0[32], text[3][4 * ATT_TEXT_MAX];

	fmt_double_compact((s->cur.pe.d_model / 2 + 1) / 2.0, 4, b0, sizeof b0);
	snprintf(text[0], sizeof text[0], tr(s->lang, "RoFormer (section 3.4.3) bounds the RoPE score of q and k at offset m by max_j |h_(j+1) − h_j| · (d/2) · B(m). The constant is the pair's, so over its value at m = 0 every pair's bound is B(m)/B(0), the heavy line on top: it falls over the first few hundred offsets, then plateaus and swings, never to 0. It is a bound, not an average: for q = k it is B itself, %s at m = 0 against a score of 1. Below it, on a scale of its own, the mean |score| of random q and k over its expected value does not decay at all (Barbero et al. 2024). The dashed line does: q and k correlated alike in every pair (E[q kᵀ] ∝ I), score (2/d) Σ_i cos(m θ_i), Men et al.'s Σcos (2024); for another correlation C it is tr(R_m C)/tr(C), and q, k correlated only in the slow pairs barely decay. L0 is the trained length (m/M, :train)."), b0);
	snprintf(text[1], sizeof text[1], tr(s->lang, "On top, every pair's bound over its value at m = 0: it falls, then plateaus, never to 0; a bound, not an average (q = k: B(0) = %s against a score of 1). Below, on their own scale: random q, k (mean |score|/expected) stay flat; ones with E[q kᵀ] ∝ I (dashed, (2/d) Σ cos(m θ_i)) decay."), b0);
	snprintf(text[2], sizeof text[2], "%s", tr(s->lang, "On top the bound; below, random q, k and ones correlated alike in every pair; each on its own scale."));
	for (int k = 0; k < 3 && y < end; k++)
		if (paragraph_rows(text[k], g->in.w) <= end - y) {
			paragraph_draw(c, (struct rect){ g->in.x, y, g->in.w,
							 end - y },
				       text[k], dim_style);
			return;
		}
}

/* The numbers, as parts laid out greedily on the rows there are, "; "
 * between them (not " · ", which reads as a product): the position's
 * ("m = 37: B = 10.2, |score| = 0.031", or without the score when that
 * does not fit), B(0), L0's and the random mean at the position; then the
 * caption. */
static void draw_numbers(const struct state *s, struct canvas *c,
			 const struct decay_geom *g, const double *v,
			 double rnd)
{
	enum { PARTS = 6 };
	char b[32], sc[32], b0[32], bl[32], rv[32], ex[32], rr[32];
	char part[PARTS][ATT_TEXT_MAX];
	static const enum role role[PARTS] = {
		ROLE_CURSOR, ROLE_CURSOR, ROLE_TRACE3, ROLE_TRACE3,
		ROLE_DEFAULT, ROLE_MARKER
	};
	const char *sep = s->lang == LANG_ZH ? "；" : "; ";
	double d2 = s->cur.pe.d_model / 2;
	double expected = rope_random_expected(s->cur.pe.d_model);
	int y = g->text_y, end = g->text_y + g->text_rows, x = g->in.x;
	int pick[4] = { 0, 4, 5, 2 };

	fmt_double_compact(v[0], 4, b, sizeof b);
	fmt_double_compact(fabs(v[1]), 2, sc, sizeof sc);
	fmt_double_compact((d2 + 1) / 2, 4, b0, sizeof b0);
	fmt_double_compact(v[2], 4, bl, sizeof bl);
	if (isnan(rnd))
		snprintf(rv, sizeof rv, "%s", s->ascii ? "..." : "…");
	else
		fmt_double_compact(rnd, 3, rv, sizeof rv);
	snprintf(part[0], ATT_TEXT_MAX, tr(s->lang, "m = %lld: B = %s, q = k: |score| = %s"),
		 s->cur.pos, b, sc);
	snprintf(part[1], ATT_TEXT_MAX, tr(s->lang, "m = %lld: B = %s"), s->cur.pos, b);
	fmt_double_compact(expected, 3, ex, sizeof ex);
	snprintf(part[2], ATT_TEXT_MAX, tr(s->lang, "random q, k (N = %d, seed %lld): mean |score| = %s, expected %s"),
		 ATT_RANDOM_DRAWS, (long long)state_view_knob(s, AK_SEED), rv, ex);
	/* what the strip plots, mean |score| over its expected value:
	 * beside "L0 = 128: B = 9.273" the mean itself, 9.58, would read as
	 * a mean above its bound (the long form gives both the mean and the
	 * expected value) */
	if (isnan(rnd))
		snprintf(rr, sizeof rr, "%s", rv);
	else
		fmt_double_compact(rnd / expected, 3, rr, sizeof rr);
	snprintf(part[3], ATT_TEXT_MAX, tr(s->lang, "random q, k: mean |score|/expected = %s"),
		 rr);
	snprintf(part[4], ATT_TEXT_MAX, "B(0) = %s", b0);
	snprintf(part[5], ATT_TEXT_MAX, tr(s->lang, "L0 = %lld: B = %s"),
		 att_train(s), bl);
	/* the long form of the position's part (with the q = k score) when it
	 * fits the panel's width and a second row is there for the rest, the
	 * random part's when it fits the width, else the short ones */
	pick[0] = utf8_width(part[0]) <= g->in.w && g->text_rows >= 2 ? 0 : 1;
	pick[3] = utf8_width(part[2]) <= g->in.w ? 2 : 3;
	for (int i = 0; i < 4 && y < end; i++) {
		int k = pick[i], w = utf8_width(part[k]);
		int gap = x > g->in.x ? utf8_width(sep) : 0;

		/* on the last row, the random mean's short form where the long
		 * one would not fit */
		if (k == 2 && y + 1 >= end && x + gap + w > g->in.x + g->in.w) {
			k = 3;
			w = utf8_width(part[k]);
		}

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
	draw_caption(s, c, g, y + 1, end);
}

void att_decay_draw(const struct state *s, struct att_decay *ctx,
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
		cv = curves_get(s, ctx, &g.area.ax, &stale);
	if (stale)
		snprintf(title + strlen(title), sizeof title - strlen(title), "%s",
			 tr(s->lang, ", computing..."));
	panel_open(c, r, cand[0], cand[1]);
	if (!TIER(decay_least, g.in.w, g.in.h))
		return;
	if (g.area.h > 0) {
		draw_legend(s, c, &g);
		if (cv)
			draw_plot(s, c, &g, cv);
		plot_xticks(c, &g.area.ax, g.tick_y, axis_style);
	}
	draw_numbers(s, c, &g, values_at(s, ctx), random_at(s, ctx));
}

void att_decay_free(struct att_decay *ctx)
{
	cache_free(&ctx->draws);
	cache_free(&ctx->work);
	cache_free(&ctx->shown);
	cache_free(&ctx->at);
	cache_free(&ctx->random);
}
