/* view_families.c - the families view: every way a Transformer is told
 * where a token is, as what it does to a score against the offset
 * k = q - p (engine/bias.h), on one plot.
 *
 *   ┌ What each scheme does to a score, against k ─────┐┌ p × q: T5 ───┐
 *   │ + added  one braille trace per scheme in a lane  ││ rows query p,│
 *   │ R RoPE   of its own, each scaled to its own      ││ columns key q│
 *   │ ...      range, a letter on each                 ││ (half blocks)│
 *   │ what p, q and the S and T lanes are; the mask    ││ 0 ▀▀▀ 31 bu..│
 *   └──────────────────────────────────────────────────┘└──────────────┘
 *   ┌ Families ─────────────────────────────────────────────────────────┐
 *   │ T T5 buckets   Raffel et al. 2020   learned  runs past L0  T5, mT5 │
 *   │ ... one row per scheme: its letter in its colour, its source,      │
 *   │ whether it learns, whether it extrapolates, who uses it            │
 *   └────────────────────────────────────────────────────────────────────┘
 *
 * The scheme chosen (knob `scheme`) is drawn last and bold, and its p x q
 * map is beside the plot. Short or narrow bodies keep the plot alone, with
 * the letters' names under it. Cost per frame: the traces are 2 w samples
 * each, O(d) apiece for rope and xpos (half as many for rope, even in k;
 * added's are the real parts of rope's sums, free), a complex multiply per
 * pair and sample (bias.h); the map one value a pixel. */
#include "views/view_families.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "base/tr.h"
#include "engine/attention.h"
#include "model/catalog.h"
#include "render/cache.h"
#include "render/paragraph.h"
#include "render/plot.h"
#include "views/panel.h"

enum {
	FK_SCHEME,
	FK_BUCKETS,
	FK_MAXDIST,
	FK_CAUSAL,
	FK_HEAD,
	FK_CLIP,
	FK_COUNT
};

enum { SAMPLES_MAX = 2 * 1024, TEXT_MAX = 320, LABEL = 10 };

/* One scheme as the view shows it. */
struct family {
	char letter;		/* on its trace and in the table */
	enum role role;		/* its colour: a trace of its own */
	const char *name;	/* tr.h */
	const char *lane;	/* tr.h where N_: its short name, on its
				 * lane (a name stays as written) */
	const char *source;	/* the paper (names stay as written) */
	const char *learned;	/* tr.h */
	const char *extrap;	/* tr.h: past the trained length */
	const char *used;	/* models that use it (tr.h where N_) */
	const char *note;	/* tr.h: one sentence, on tall screens */
};

static const struct family fam[BIAS_SCHEMES] = {
	[BIAS_ADDED] = { '+', ROLE_TRACE1, N_("added sinusoids"), N_("added"),
			 "Vaswani 2017", N_("no"), N_("no"),
			 N_("Transformer 2017"),
			 N_("+: PE(p)·PE(q) = Σ cos(k ω_i), the position·position term alone; the content terms are not a function of k.") },
	[BIAS_ROPE] = { 'R', ROLE_TRACE2, N_("RoPE bound"), "RoPE", "Su 2021",
			N_("no"), N_("no (scale it)"),
			"Llama, Qwen",
			N_("R: RoFormer's bound on |score|, not a score: it falls, then plateaus.") },
	[BIAS_SHAW] = { 'S', ROLE_TRACE3, N_("Shaw clip"), "Shaw", "Shaw 2018",
			N_("yes"), N_("runs, clipped"),
			"Music Transformer",
			N_("S: the row of a learned table, clip(k, −k_max, k_max) + k_max: past the clip every offset shares one.") },
	[BIAS_T5] = { 'T', ROLE_TRACE4, N_("T5 buckets"), "T5", "Raffel 2020",
		      N_("yes"), N_("runs, clipped"),
		      "T5, mT5",
		      N_("T: exact buckets near 0, then log-spaced to maxdist, then one bucket; the learned value per bucket is not drawn.") },
	[BIAS_ALIBI] = { 'A', ROLE_TRACE5, "ALiBi", "ALiBi", "Press 2022",
			 N_("no"), N_("yes"), "BLOOM, MPT",
			 N_("A: −m·|k|, m of the head drawn from get_slopes (its lane scaled to the steepest head): no parameters, a straight line.") },
	[BIAS_KERPLE] = { 'K', ROLE_TRACE6, N_("KERPLE log"), "KERPLE", "Chi 2022",
			  N_("yes (r1, r2)"), N_("yes"), N_("research models"),
			  N_("K: −r1·log(1 + r2·|k|) with r1 = r2 = 1 here; the paper learns them per head.") },
	[BIAS_XPOS] = { 'X', ROLE_TRACE7, "xPos", "xPos", "Sun 2022", N_("no"),
			N_("yes, causal"), "LEX, torchscale",
			N_("X: RoPE's score times ζ_i^(−k/512) (torchscale's code): it decays into the past and grows into the future.") },
	[BIAS_NOPE] = { 'N', ROLE_TRACE8, "NoPE", "NoPE", "Kazemnejad 2023",
			N_("no"), N_("partly"),
			N_("Llama 4 (1 in 4)"),
			N_("N: nothing but the causal mask, yet a causal decoder can count the tokens before it (Kazemnejad et al. 2023).") },
};

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style head_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };

/* What the body shows by size (panel.h): the plot, map and table; the
 * plot and the map (80x24: the table's 11 rows would leave each lane one
 * row, too flat to read); or the plot alone. */
enum { SHOW_PLOT = 1, SHOW_MAP, SHOW_ALL };
static const struct tier body_tiers[] = { { 60, 30, SHOW_ALL },
					  { 60, 0, SHOW_MAP },
					  { 0, 0, SHOW_PLOT } };
/* The plot's caption lines, where its lanes keep two rows each besides
 * (a row each for one line): what p, q and k are first, then what the
 * S and T lanes draw and what is masked. */
static const struct tier caption_tiers[] = { { 0, 18, 2 }, { 0, 10, 1 },
					     { 0, 0, 0 } };
/* Rows of the table panel: header, 8 schemes, and the notes of a tall one */
static const struct tier table_tiers[] = { { 0, 34, 13 }, { 0, 0, 11 } };
/* The table's columns by inside width: sources and models from 70. */
static const struct tier wide_table[] = { { 100, 0, 2 }, { 70, 0, 1 } };
/* A lane needs a row and 12 columns; the map 6 x 3. */
static const struct tier plot_least[] = { { 12, 1, 1 } };
/* The lanes' value scale at the right of the plot, SCALE_W columns, where
 * the lanes keep 24 columns besides. */
enum { SCALE_W = 6 };
static const struct tier scale_tiers[] = { { 24 + SCALE_W, 0, SCALE_W },
					   { 0, 0, 0 } };
/* A blank dot row above and below a lane's trace, from 2 rows a lane, so
 * that a trace at its top does not touch the lane above. */
static const struct tier lane_pad[] = { { 0, 2, 1 }, { 0, 0, 0 } };
static const struct tier map_least[] = { { 6, 3, 1 } };
/* The map's legend row, where the map keeps 3 rows and 16 columns. */
static const struct tier legend_tiers[] = { { 16, 5, 1 }, { 0, 0, 0 } };
/* Cells of the legend's ramp. */
enum { LEGEND_CELLS = 8 };

static const char *scheme_choice(int i)
{
	return bias_scheme_word(i);
}

void families_bias_params(const struct state *s, struct bias_params *b,
			  enum bias_scheme *scheme)
{
	int v = catalog_find(s->cat, "families"), av, ak;
	const double *k = s->knob[v];

	*b = (struct bias_params){ .pe = s->cur.pe,
				   .causal = k[FK_CAUSAL] != 0.0,
				   .buckets = (int)k[FK_BUCKETS],
				   .maxdist = (int)k[FK_MAXDIST],
				   .heads = 8,
				   .head = (int)k[FK_HEAD],
				   .clip = (int)k[FK_CLIP],
				   .r1 = FAMILIES_KERPLE_R,
				   .r2 = FAMILIES_KERPLE_R };
	if (catalog_find_knob(s->cat, "heads", &av, &ak))
		b->heads = (int)s->knob[av][ak];
	if (b->head > b->heads)
		b->head = b->heads;
	if (scheme)
		*scheme = (enum bias_scheme)k[FK_SCHEME];
}

/* ---- the numbers, kept between frames ---- */

/* A table of one scheme's values at n offsets, made a slice at a time (a
 * step about STEP_TERMS values, or for the sums over the pairs STEP_TERMS
 * terms: a few pairs at every offset, bias_sums_add, so that each pair's
 * frequency is made once and the cosines go through the vector sin/cos).
 * Its memory: table_doubles. Each scheme's table depends on its own knobs alone
 * (relevant), and the causal mask is laid on when it is drawn, so that a
 * knob change makes one scheme's values again, not eight. */
enum { STEP_TERMS = 1 << 16 };
enum { K_D, K_BASE, K_CAUSAL, K_BUCKETS, K_MAXDIST, K_HEADS, K_HEAD, K_CLIP,
       K_LEN, K_N, K_SCHEME, K_SHAPE, K_KIND };

struct families_ctx {
	struct cache traces[BIAS_SCHEMES];	/* at the plot's dot columns */
	struct cache map;	/* the chosen one at the map's offsets */
};

/* The parameters scheme sc reads, the others at fixed values; causal only
 * for T5, whose buckets it changes (the others' masks are drawn). */
static struct bias_params relevant(const struct bias_params *b,
				   enum bias_scheme sc)
{
	struct bias_params r = { { 2, 2.0, PE_INTERLEAVED }, false, 0, 0, 1,
				 1, 1, 1.0, 1.0 };

	if (sc == BIAS_ADDED || sc == BIAS_ROPE || sc == BIAS_XPOS)
		r.pe = b->pe;
	if (sc == BIAS_T5) {
		r.causal = b->causal;
		r.buckets = b->buckets;
		r.maxdist = b->maxdist;
	}
	if (sc == BIAS_ALIBI) {
		r.heads = b->heads;
		r.head = b->head;
	}
	if (sc == BIAS_SHAW)
		r.clip = b->clip;
	if (sc == BIAS_KERPLE) {
		r.r1 = b->r1;
		r.r2 = b->r2;
	}
	return r;
}

static struct cache_key table_key(const struct bias_params *b, long long len,
				  int n, enum bias_scheme sc, double shape,
				  int kind)
{
	struct cache_key k = { { 0 } };

	k.v[K_D] = b->pe.d_model;
	k.v[K_BASE] = b->pe.base;
	k.v[K_CAUSAL] = b->causal;
	k.v[K_BUCKETS] = b->buckets;
	k.v[K_MAXDIST] = b->maxdist;
	k.v[K_HEADS] = b->heads;
	k.v[K_HEAD] = b->head;
	k.v[K_CLIP] = b->clip;
	k.v[K_LEN] = (double)len;
	k.v[K_N] = n;
	k.v[K_SCHEME] = sc;
	k.v[K_SHAPE] = shape;
	k.v[K_KIND] = kind;
	return k;
}

/* A table's memory, for n offsets: the offsets, the values; for a sum
 * scheme (bias_is_sum) then the u <= n offsets computed (added and rope
 * are even in k, so a mirrored offset takes its twin's value), each
 * offset's place among them, their sums (BIAS_SUM_STATE u) and their
 * values. at[0]: values done (O(1) schemes), or pairs done (sums). */
static size_t table_doubles(enum bias_scheme sc, int n)
{
	return (bias_is_sum(sc) ? 5 + (size_t)BIAS_SUM_STATE : 2) * (size_t)n;
}

/* The sum scheme's offsets to compute, into the memory after off and
 * val; returns how many (u). */
static int table_unique(enum bias_scheme sc, int n, double *off)
{
	double *q = off + 2 * (size_t)n, *from = q + n;
	bool even = sc != BIAS_XPOS;
	int u = 0;

	for (int j = 0; j < n; j++) {
		int twin = n - 1 - j;

		if (even && twin < j && off[twin] == -off[j]) {
			from[j] = from[twin];
		} else {
			from[j] = u;
			q[u++] = even ? fabs(off[j]) : off[j];
		}
	}
	return u;
}

static bool table_step(struct cache *c, const void *arg)
{
	const struct bias_params *b = arg;
	int n = (int)c->key.v[K_N];
	enum bias_scheme sc = (enum bias_scheme)c->key.v[K_SCHEME];
	long long left = STEP_TERMS;
	double *off = CACHE_GET(c, double), *val = off + n;

	if (bias_is_sum(sc)) {
		/* pairs at every offset at once, about STEP_TERMS terms */
		double *q = off + 2 * (size_t)n, *from = q + n, *st = from + n;
		int u = (int)c->acc[0], h = b->pe.d_model / 2;
		int i0 = (int)c->at[0], i1 = i0 + (int)(STEP_TERMS / u + 1);

		i1 = i1 < h ? i1 : h;
		bias_sums_add(b, sc, q, u, i0, i1, st);
		c->at[0] = i1;
		if (i1 < h)
			return false;
		bias_sums_finish(b, sc, u, st, st + BIAS_SUM_STATE * (size_t)u);
		for (int j = 0; j < n; j++)
			val[j] = st[BIAS_SUM_STATE * (size_t)u + (size_t)from[j]];
		return true;
	}
	while (c->at[0] < n && left > 0) {
		long long i = c->at[0]++;

		val[i] = bias_value(b, sc, (long long)off[i]);
		left--;
	}
	return c->at[0] == n;
}

/* Added's values in table c from the RoPE table rope, when that one is
 * done for the same offsets (kind, shape, length and n; added's table
 * started for them): its sums' real parts (bias_sums_added_of_rope), the
 * same bits as added's own sums, for none of their cost. Returns whether
 * it could. */
static bool added_of_rope(struct cache *c, const struct cache *rope,
			  const struct bias_params *b, long long len, int n,
			  int kind, double shape)
{
	struct bias_params r = relevant(b, BIAS_ROPE);
	struct cache_key k = table_key(&r, len, n, BIAS_ROPE, shape, kind);
	const double *rm = CACHE_GET(rope, const double);
	double *mem = CACHE_GET(c, double), *val = mem + n,
	       *from = mem + 3 * (size_t)n, *out = mem + 4 * (size_t)n;
	int u = (int)c->acc[0];

	if (!cache_ready(rope, &k))
		return false;
	/* both tables hold the same u offsets |k| in the same places */
	bias_sums_added_of_rope(u, rm + 4 * (size_t)n, out);
	for (int j = 0; j < n; j++)
		val[j] = out[(size_t)from[j]];
	cache_finish(c);
	return true;
}

/* The values of scheme sc under b in table c, at the n offsets off(j, a)
 * (j < n) that kind and shape (with the length) name, working on them
 * under the frame's budget: NULL until they are done (or when memory runs
 * out). Added's come from rope (RoPE's table at the same offsets, may be
 * NULL) when that one is done. */
static const double *table(struct cache *c, const struct cache *rope,
			   const struct bias_params *b, enum bias_scheme sc,
			   long long len, int n, int kind, double shape,
			   long long (*off)(int j, const void *a),
			   const void *a)
{
	struct bias_params r = relevant(b, sc);
	struct cache_key k = table_key(&r, len, n, sc, shape, kind);

	if (cache_start(c, &k, 0)) {
		double *mem = CACHE_MEM(c, double, table_doubles(sc, n));

		if (!mem) {
			cache_forget(c);
			return NULL;
		}
		for (int j = 0; j < n; j++)
			mem[j] = (double)off(j, a);
		if (bias_is_sum(sc)) {
			int u = table_unique(sc, n, mem);

			c->acc[0] = u;
			for (size_t j = 0; j < BIAS_SUM_STATE * (size_t)u; j++)
				mem[(2 + 2) * (size_t)n + j] = 0.0;
		}
	}
	if (sc == BIAS_ADDED && rope && !cache_done(c) &&
	    added_of_rope(c, rope, b, len, n, kind, shape))
		return CACHE_GET(c, const double) + n;
	if (!cache_run_const(c, table_step, &r))
		return NULL;
	return CACHE_GET(c, const double) + n;
}

/* The largest of ALiBi's slopes for `heads` heads: head 1's, or with a
 * head count that is no power of two head P+1's (2^(-4/P), P the power of
 * two below), which is steeper. */
static double steepest_slope(int heads)
{
	double m = 0.0;

	for (int h = 1; h <= heads; h++)
		m = fmax(m, attn_alibi_slope(h, heads));
	return m;
}

/* The values v of scheme sc at the n offsets off(j, a), scaled to 0
 * (their least) .. 1 (their most) into out, NAN where b masks them; all 1
 * when they are equal. ALiBi's least is the steepest head's, so that the
 * slope of the head drawn shows: head 7 of 8 falls to 1/64 of head 1.
 * The values that 0 and 1 stand for in *lo and *hi (may be NULL). */
static void scaled(const struct bias_params *b, enum bias_scheme sc,
		   const double *v, int n,
		   long long (*off)(int j, const void *a), const void *a,
		   double *out, double *lo_out, double *hi_out)
{
	double lo = INFINITY, hi = -INFINITY;

	for (int j = 0; j < n; j++) {
		out[j] = bias_masked(b, sc, off(j, a)) || isinf(v[j]) ? NAN
									: v[j];
		if (!isnan(out[j])) {
			lo = out[j] < lo ? out[j] : lo;
			hi = out[j] > hi ? out[j] : hi;
		}
	}
	if (sc == BIAS_ALIBI)
		lo *= steepest_slope(b->heads) /
		      attn_alibi_slope(b->head, b->heads);
	for (int j = 0; j < n; j++)
		if (!isnan(out[j]))
			out[j] = hi > lo ? (out[j] - lo) / (hi - lo) : 1.0;
	if (lo_out)
		*lo_out = lo;
	if (hi_out)
		*hi_out = hi;
}

/* ---- the plot ---- */

/* The offset at dot column j of the plot's axis: the one nearest its
 * middle, but 0 for the columns whose edge or inside holds k = 0 (the
 * two middle ones), so that the peaks at k = 0 (added's d/2, ALiBi's 0)
 * are drawn and the lanes' scales give them; with more than two offsets
 * a column, the nearest to the middle skipped them. */
static long long dot_offset(int j, const void *a)
{
	double x = plot_dot_pos(a, j), half = plot_dot_span(a) / 2.0;

	return x - half <= 0.0 && 0.0 <= x + half ? 0 : llround(x);
}

/* Scheme sc's letter on its trace w (n dot columns, scaled 0..1) at two
 * columns, one each side of k = 0, staggered by lane so that no two
 * lanes' letters stand in one column: every scheme has a trace colour of
 * its own, but eight colours (and no colour) have fewer, and there the
 * letter is what tells a trace from its neighbour's. */
static void lane_marks(struct canvas *c, const struct plot_area *pa,
		       const double *w, int n, enum bias_scheme sc,
		       struct style own)
{
	int j[2];

	j[0] = n * (2 + (int)sc) / 24;
	j[1] = n - 1 - j[0];
	for (int i = 0; i < 2; i++) {
		int row;

		if (isnan(w[j[i]]))
			continue;
		row = plot_row_of_value(pa, w[j[i]]);
		if (row >= pa->y0 + pa->h)
			row = pa->y0 + pa->h - 1;
		if (row < pa->y0)
			row = pa->y0;
		canvas_put(c, pa->ax.x0 + j[i] / 2, row,
			   (uint32_t)fam[sc].letter, own);
	}
}

/* The trace of the n values w (scaled 0..1) at the plot's dot columns,
 * each drawn where its offset is. With fewer offsets than dot columns
 * (a short length, a wide plot) dot_offset gives a run of columns one
 * offset; drawn at the columns' own places, each run was a flat step and
 * ALiBi's straight −m·|k| a staircase. There each offset is drawn once, at
 * its own place, and the braille lines between them are straight. With
 * more, each column has its own offset, within half an offset of it. */
static void lane_trace(struct canvas *c, const struct plot_area *pa,
		       const double *w, int n, enum role fg)
{
	double one[SAMPLES_MAX];
	long long first = dot_offset(0, &pa->ax);
	int m = 0;

	if (plot_dot_span(&pa->ax) >= 1.0) {
		plot_samples(c, pa, plot_dot_pos(&pa->ax, 0),
			     plot_dot_span(&pa->ax), w, n, fg);
		return;
	}
	/* the offsets of the columns run first, first + 1, ... */
	for (int j = 0; j < n; j++)
		if (dot_offset(j, &pa->ax) == first + m)
			one[m++] = w[j];
	plot_samples(c, pa, (double)first, 1.0, one, m, fg);
}

/* The value scale of a lane at x (w columns): the value its top stands
 * for on its top row, its bottom's on its bottom row, and 0 on its own
 * row where it lies between them on a row of its own; each number with
 * the most significant digits (3 to 1) that fit. */
static void lane_scale(const struct plot_area *pa, double lo, double hi,
		       struct canvas *c, int x, int w)
{
	const double at[3] = { hi, lo, 0.0 };
	int row[3] = { plot_row_of_value(pa, 1.0), plot_row_of_value(pa, 0.0),
		       -1 };

	if (!(hi > lo))
		row[1] = -1;	/* one value (NoPE's 0): the top alone */
	else if (lo < 0.0 && hi > 0.0)
		row[2] = plot_row_of_value(pa, -lo / (hi - lo));
	if (row[2] == row[0] || row[2] == row[1])
		row[2] = -1;
	for (int i = 0; i < 3; i++) {
		char num[32];
		int sig = 3;

		if (row[i] < 0 || !isfinite(at[i]))
			continue;
		do
			fmt_double_compact(at[i], sig, num, sizeof num);
		while (utf8_width(num) > w - 1 && --sig > 0);
		if (utf8_width(num) <= w - 1)
			canvas_text(c, x + 1, row[i], w - 1, num, axis);
	}
}

/* One lane of the plot: scheme sc's values v (NULL while they are made)
 * over its rows, with its letter and short name at the left of its first
 * row, the chosen one bold and marked, and its scale in the scale_w
 * columns after the plot (none: 0). */
static void lane_draw(const struct state *s, const struct bias_params *b,
		      const double *v, int n, enum bias_scheme sc,
		      bool chosen, struct canvas *c, struct plot_area pa,
		      int label_x, int scale_w)
{
	struct style own = { (uint8_t)fam[sc].role, ROLE_DEFAULT,
			     chosen ? ATTR_BOLD : 0 };
	char buf[64];

	if (v) {
		double w[SAMPLES_MAX], lo, hi;

		scaled(b, sc, v, n, dot_offset, &pa.ax, w, &lo, &hi);
		lane_trace(c, &pa, w, n, fam[sc].role);
		lane_marks(c, &pa, w, n, sc, own);
		if (scale_w)
			lane_scale(&pa, lo, hi, c, pa.ax.x0 + pa.ax.w,
				   scale_w);
	}
	snprintf(buf, sizeof buf, "%s%c %s", chosen ? ">" : " ",
		 fam[sc].letter, tr(s->lang, fam[sc].lane));
	canvas_text(c, label_x, pa.y0,
		    pa.ax.x0 - 1 - label_x, buf, own);
}

/* The plot's foot lines (1 or 2) at the bottom of in: what p, q and k
 * are, then what the S and T lanes draw (an index, not a value) and which
 * offsets are masked; one line says the first alone. */
static void plot_caption(const struct state *s, const struct bias_params *b,
			 struct canvas *c, struct rect in, int lines)
{
	const char *pq[3] = {
		tr(s->lang, "k = q − p: key at position q, query at position p; each lane scaled to its own min..max"),
		tr(s->lang, "k = q − p: key at q, query at p; lanes min..max"),
		tr(s->lang, "q key, p query; each lane min..max")
	};

	paragraph_fit(c, in.x, in.y + in.h - lines, in.w, pq, 3, dim_style);
	if (lines > 1) {
		const char *st[3] = {
			b->causal ? tr(s->lang, "S (Shaw) and T (T5) draw which learned entry a key gets, not its value; k > 0 masked (causal)")
				  : tr(s->lang, "S (Shaw) and T (T5) draw which learned entry a key gets, not its value; no mask (causal off)"),
			tr(s->lang, "S (Shaw), T (T5): which learned entry is added, not its value"),
			tr(s->lang, "S, T: which learned entry is added, not its value")
		};

		paragraph_fit(c, in.x, in.y + in.h - 1, in.w, st, 3,
			      dim_style);
	}
}

/* The first row of lane i of `rows` rows from y (lane BIAS_SCHEMES: the
 * row after the last). The chosen lane takes what an equal share leaves
 * over, up to twice a share, so that its trace has the most dot rows: a
 * trace climbs in steps of one dot row, and a lane of 2 rows has 6 (at L
 * 128, ALiBi's straight line climbed a dot row every 21 offsets, a
 * staircase); the others share the rest evenly. */
static int lane_top(int i, int chosen, int rows, int y)
{
	int others = BIAS_SCHEMES - 1, share = rows / BIAS_SCHEMES;
	int big = rows - others * share < 2 * share ? rows - others * share
						     : 2 * share;
	int rest = rows - big;

	return i <= chosen ? y + i * rest / others
			   : y + (i - 1) * rest / others + big;
}

static void plot_draw(const struct state *s, struct families_ctx *ctx,
		      const struct bias_params *b, enum bias_scheme chosen,
		      struct canvas *c, struct rect r)
{
	long long L = s->cur.len;
	/* the causal knob's value in the title, where every lane ends at
	 * k = 0 because of it */
	struct rect in = panel_open(c, r,
		b->causal ? tr(s->lang, "What each scheme does to a score, against k = q − p; causal on")
			  : tr(s->lang, "What each scheme does to a score, against k = q − p; causal off"),
		b->causal ? tr(s->lang, "Each scheme against k = q − p; causal on")
			  : tr(s->lang, "Each scheme against k = q − p; causal off"));
	int foot = TIER(caption_tiers, in.w, in.h);
	int rows = in.h - 1 - foot;	/* the lanes share them */
	int scale_w = TIER(scale_tiers, in.w - LABEL, in.h);
	struct plot_axis ax = { -(L - 1), 2 * L - 1, in.x + LABEL,
				in.w - LABEL - scale_w };
	const double *v[BIAS_SCHEMES];
	int n;

	if (!TIER(plot_least, ax.w, rows / BIAS_SCHEMES))
		return;
	n = 2 * ax.w > SAMPLES_MAX ? SAMPLES_MAX : 2 * ax.w;
	/* RoPE's sums first: added's values are their real parts */
	v[BIAS_ROPE] = table(&ctx->traces[BIAS_ROPE], NULL, b, BIAS_ROPE, L,
			     n, 0, ax.w, dot_offset, &ax);
	for (int i = 0; i < BIAS_SCHEMES; i++)
		if (i != BIAS_ROPE)
			v[i] = table(&ctx->traces[i], &ctx->traces[BIAS_ROPE],
				     b, (enum bias_scheme)i, L, n, 0, ax.w,
				     dot_offset, &ax);
	for (int i = 0; i < BIAS_SCHEMES; i++) {
		int y0 = lane_top(i, (int)chosen, rows, in.y);
		int y1 = lane_top(i + 1, (int)chosen, rows, in.y);
		struct plot_area pa = { ax, y0, y1 - y0, 0.0, 1.0,
					TIER(lane_pad, ax.w, y1 - y0) };

		lane_draw(s, b, v[i], n, (enum bias_scheme)i, i == (int)chosen,
			  c, pa, in.x, scale_w);
	}
	plot_xticks(c, &ax, in.y + rows, axis);
	if (foot)
		plot_caption(s, b, c, in, foot);
}

/* ---- the map ---- */

/* The map shows m positions 0, step, 2 step, ... on both axes, so that
 * its offsets are the 2m - 1 multiples (j - (m - 1)) step. */
static long long map_offset(int j, const void *a)
{
	const long long *ms = a;

	return (j - (ms[0] - 1)) * ms[1];
}

/* What the map of scheme sc is drawn with, in buf: the knobs it reads. */
static void map_caption(const struct state *s, const struct bias_params *b,
			enum bias_scheme sc, char *buf, size_t n)
{
	char m[32];

	switch (sc) {
	case BIAS_SHAW:
		snprintf(buf, n, tr(s->lang, "clip k = %d"), b->clip);
		break;
	case BIAS_T5:
		snprintf(buf, n, tr(s->lang, "%d buckets to %d"),
			 b->buckets, b->maxdist);
		break;
	case BIAS_ALIBI:
		fmt_double_compact(attn_alibi_slope(b->head, b->heads), 3, m,
				   sizeof m);
		snprintf(buf, n, tr(s->lang, "m = %s, head %d/%d"), m,
			 b->head, b->heads);
		break;
	case BIAS_KERPLE:
		snprintf(buf, n, "r1 = r2 = 1");
		break;
	case BIAS_NOPE:
		snprintf(buf, n, "%s", b->causal ? tr(s->lang, "the mask alone")
						 : tr(s->lang, "no mask, nothing added"));
		break;
	default:	/* added, rope, xpos: the frequencies' */
		fmt_double_compact(b->pe.base, 4, m, sizeof m);
		snprintf(buf, n, tr(s->lang, "d %d, base %s"),
			 b->pe.d_model, m);
		break;
	}
}

/* The maps whose values are indices (T5's bucket, Shaw's table row) are
 * coloured by what an index means, not by its number: the diagonal (k = 0)
 * neutral, the keys before the query (k < 0) one hue and those after it
 * (k > 0) the other, darker with the distance from the index each side
 * starts at. T5's bidirectional buckets give the lower half to k < 0 and
 * the upper half, from num_buckets / 2, to k > 0 (T5Attention.
 * _relative_position_bucket, tests/e2e/families_ref.py); causal T5 has
 * k < 0 alone (0 .. num_buckets - 1), the future all bucket 0 and masked;
 * Shaw's rows run from clip(k) + k_max = k_max at k = 0 down to 0 and up
 * to 2 k_max. */
struct index_sides {
	int origin[2], far[2];	/* [0] k < 0, [1] k > 0 */
	bool future;		/* whether k > 0 has a side of its own */
};

static bool index_sides(const struct bias_params *b, enum bias_scheme sc,
			struct index_sides *is)
{
	int half = b->buckets / 2;

	if (sc == BIAS_T5 && b->causal)
		*is = (struct index_sides){ { 0, 0 }, { b->buckets - 1, 0 },
					    false };
	else if (sc == BIAS_T5)
		*is = (struct index_sides){ { 0, half }, { half - 1,
							   2 * half - 1 },
					    true };
	else if (sc == BIAS_SHAW)
		*is = (struct index_sides){ { b->clip, b->clip },
					    { 0, 2 * b->clip }, true };
	else
		return false;
	return true;
}

/* The most distance of a side from its origin: how many shades it has. */
static int index_reach(const struct index_sides *is)
{
	int a = abs(is->far[0] - is->origin[0]);
	int z = is->future ? abs(is->far[1] - is->origin[1]) : 0;

	return a > z ? a : z;
}

/* The heat (-1 .. 1, NAN where masked) of index x at offset k: its
 * distance from its side's origin in `shades` equal steps, negative for
 * k < 0. */
static double index_heat(const struct index_sides *is, int shades, long long k,
			 double x)
{
	int side = k > 0, reach = index_reach(is);
	double d;

	if (isnan(x) || k == 0 || reach == 0)
		return isnan(x) ? NAN : 0.0;
	d = fabs(x - is->origin[side]) / reach;
	d = ceil(d * shades - 1e-9) / shades;
	return side ? d : -d;
}

/* The texts at the ends and the middle of an index map's legend: the far
 * index of k < 0 with its arrow ("←15 "), the diagonal's index ("0"), the
 * far index of k > 0 with its arrow (" 31→"), each END_MAX bytes. */
enum { END_MAX = 16 };

static void index_ends(const struct state *s, const struct index_sides *is,
		       char a[END_MAX], char o[END_MAX], char z[END_MAX])
{
	snprintf(a, END_MAX, "%s%d ", s->ascii ? "<" : "←", is->far[0]);
	snprintf(o, END_MAX, "%d", is->origin[0]);
	snprintf(z, END_MAX, " %d%s", is->far[1], s->ascii ? ">" : "→");
}

/* The legend of an index map on row y from x (w columns), the shades it
 * uses and no other: the far index of k < 0 with an arrow, its shades
 * from far to near, the diagonal's index on neutral cells, the shades of
 * k > 0 from near to far, its far index: "←15 ▀▀▀▀▀▀▀▀0▀▀▀▀▀▀▀▀ 31→ T5
 * bucket". Returns the shades a side gets in w (at least 1). */
static int index_shades(const struct state *s, const struct index_sides *is,
			int w, int *label_w)
{
	char a[END_MAX], o[END_MAX], z[END_MAX];
	int fixed, n, reach = index_reach(is);

	index_ends(s, is, a, o, z);
	fixed = utf8_width(a) + utf8_width(o) +
		(is->future ? utf8_width(z) : 0);
	n = (w - fixed - (label_w ? *label_w + 1 : 0)) / (is->future ? 2 : 1);
	if (label_w && n < (reach < 6 ? reach : 6)) {
		*label_w = 0;
		n = (w - fixed) / (is->future ? 2 : 1);
	}
	n = n < reach ? n : reach;
	return n < 1 ? 1 : n;
}

/* Draws that legend, `shades` shades a side, then `what` where it fits. */
static void index_legend(const struct state *s, const struct index_sides *is,
			 int shades, const char *what, struct canvas *c, int x,
			 int y, int w)
{
	char a[END_MAX], o[END_MAX], z[END_MAX];
	int at = x;

	index_ends(s, is, a, o, z);
	at += canvas_text(c, at, y, x + w - at, a, dim_style);
	for (int i = shades; i >= 1 && at < x + w; i--, at++)
		canvas_half_cell(c, at, y, -(double)i / shades,
				 -(double)i / shades);
	for (const char *p = o; *p && at < x + w; p++, at++) {
		canvas_half_cell(c, at, y, 0.0, 0.0);
		canvas_half_mark(c, at, y, (uint32_t)*p, ROLE_ON_HEAT, 0);
	}
	if (is->future) {
		for (int i = 1; i <= shades && at < x + w; i++, at++)
			canvas_half_cell(c, at, y, (double)i / shades,
					 (double)i / shades);
		at += canvas_text(c, at, y, x + w - at, z, dim_style);
	}
	if (at + 1 < x + w)
		canvas_text(c, at + 1, y, x + w - at - 1, what, dim_style);
}

/* What the map's colours stand for, on row y from x (w columns): the
 * value of the least colour, a ramp from it to the most, the value of the
 * most, and what the values are (a bias, a score, ...): "-127 ▀▀▀▀▀▀▀▀ 0
 * bias". One value (NoPE's 0) is one cell of it. Index maps:
 * index_legend. */
static const char *const map_what[BIAS_SCHEMES] = {
	[BIAS_ADDED] = N_("PE·PE"),
	[BIAS_ROPE] = N_("bound"),
	[BIAS_SHAW] = N_("table row"),
	[BIAS_T5] = N_("T5 bucket"),
	[BIAS_ALIBI] = N_("bias"),
	[BIAS_KERPLE] = N_("bias"),
	[BIAS_XPOS] = N_("score"),
	[BIAS_NOPE] = N_("added: nothing"),
};

static void map_legend(const struct state *s, enum bias_scheme sc, double lo,
		       double hi, struct canvas *c, int x, int y, int w)
{
	char a[32], z[32];
	int cells = hi > lo ? LEGEND_CELLS : 1, at = x;

	fmt_double_compact(lo, 3, a, sizeof a);
	fmt_double_compact(hi, 3, z, sizeof z);
	if (hi > lo)
		at += canvas_text(c, at, y, x + w - at, a, dim_style) + 1;
	for (int i = 0; i < cells && at < x + w; i++, at++) {
		double v = cells > 1 ? 2.0 * i / (cells - 1) - 1.0 : 1.0;

		canvas_half_cell(c, at, y, v, v);
	}
	at++;
	at += canvas_text(c, at, y, x + w - at, z, dim_style) + 1;
	if (at < x + w)
		canvas_text(c, at, y, x + w - at, tr(s->lang, map_what[sc]),
			    dim_style);
}

static void map_draw(const struct state *s, struct families_ctx *ctx,
		     const struct bias_params *b, enum bias_scheme sc,
		     struct canvas *c, struct rect r)
{
	long long L = s->cur.len, ms[2], cols;
	char title[TEXT_MAX];
	struct rect in;
	const double *v;
	char brief[TEXT_MAX];
	double w[2 * SAMPLES_MAX], lo = 0.0, hi = 0.0;
	int rows, legend, shades = 1, label_w;
	struct index_sides is = { { 0, 0 }, { 0, 0 }, false };
	bool index = index_sides(b, sc, &is);

	/* the longest title that fits, each saying which axis is the query
	 * and which the key; the brief where none does */
	const char *heads[4] = { tr(s->lang, "rows query p, columns key q: %s"),
				 tr(s->lang, "rows query p, cols key q: %s"),
				 s->ascii ? NULL : tr(s->lang, "↓ query p, → key q: %s"),
				 s->ascii ? NULL : tr(s->lang, "↓query, →key: %s") };

	for (int i = 0; i < 4 && heads[i]; i++) {
		snprintf(title, sizeof title, heads[i],
			 tr(s->lang, fam[sc].name));
		if (utf8_width(title) + 4 <= r.w)
			break;
	}
	snprintf(brief, sizeof brief, tr(s->lang, "p × q: %s"),
		 tr(s->lang, fam[sc].name));
	in = panel_open(c, r, title, brief);
	if (!TIER(map_least, in.w, in.h))
		return;
	legend = TIER(legend_tiers, in.w, in.h);
	/* at most one position a column: the step rounded up */
	cols = in.w < SAMPLES_MAX ? in.w : SAMPLES_MAX;
	ms[1] = L > cols ? (L - 1 + cols - 2) / (cols - 1) : 1;
	ms[0] = (L - 1) / ms[1] + 1;
	rows = 2 * (in.h - 1 - legend);
	v = table(&ctx->map, NULL, b, sc, L, (int)(2 * ms[0] - 1), 1,
		  (double)ms[1], map_offset, ms);
	label_w = utf8_width(tr(s->lang, map_what[sc]));
	if (index)
		shades = legend ? index_shades(s, &is, in.w, &label_w)
				: index_reach(&is);
	if (v) {
		int n = (int)(2 * ms[0] - 1);

		scaled(b, sc, v, n, map_offset, ms, w, &lo, &hi);
		/* w from 0 .. 1 to the heat, -1 (least) .. 1 (most); an
		 * index by its side and distance */
		for (int j = 0; j < n; j++)
			w[j] = index ? index_heat(&is, shades,
						  map_offset(j, ms),
						  isnan(w[j]) ? NAN : v[j])
				     : 2 * w[j] - 1;
		for (int y = 0; y < in.h - 1 - legend; y++)
			for (int x = 0; x < in.w; x++) {
				long long q = (long long)x * ms[0] / in.w;
				long long p0 = (long long)(2 * y) * ms[0] / rows;
				long long p1 = (long long)(2 * y + 1) * ms[0] /
					       rows;
				double t = w[q - p0 + ms[0] - 1];
				double u = w[q - p1 + ms[0] - 1];

				canvas_half_cell(c, in.x + x, in.y + y, t, u);
				if (isnan(t) && isnan(u))
					canvas_half_mark(c, in.x + x, in.y + y,
							 s->ascii ? '.' : 0x00b7,
							 ROLE_ON_HEAT, 0);
			}
		if (legend && index)
			index_legend(s, &is, shades,
				     label_w ? tr(s->lang, map_what[sc]) : "",
				     c, in.x, in.y + in.h - 2, in.w);
		else if (legend)
			map_legend(s, sc, lo, hi, c, in.x, in.y + in.h - 2,
				   in.w);
	}
	map_caption(s, b, sc, title, sizeof title);
	if (b->causal) {
		/* what the dots are, where it fits */
		char cap[TEXT_MAX];

		snprintf(cap, sizeof cap, tr(s->lang, "%s; · masked"), title);
		if (utf8_width(cap) <= in.w)
			snprintf(title, sizeof title, "%s", cap);
	}
	canvas_text(c, in.x, in.y + in.h - 1, in.w, title, dim_style);
}

/* ---- the table ---- */

static void table_draw(const struct state *s, enum bias_scheme chosen,
		       struct canvas *c, struct rect r)
{
	struct rect in = panel_open(c, r, tr(s->lang, "Families: learned, past the trained length, used by"),
				    tr(s->lang, "Families"));
	int wide = TIER(wide_table, in.w, in.h);
	/* columns: letter, name, source, learned, past L0, used by */
	int name_w = 16, src_w = wide ? 16 : 0, learn_w = 13;
	int ext_w = wide == 2 ? 20 : 14;
	int x[6], y = in.y;
	const char *head[6] = { "", tr(s->lang, "scheme"),
				tr(s->lang, "source"),
				tr(s->lang, "learned"),
				tr(s->lang, "extrapolates"),
				tr(s->lang, "used by") };

	x[0] = in.x;
	x[1] = x[0] + 2;
	x[2] = x[1] + name_w;
	x[3] = x[2] + src_w;
	x[4] = x[3] + learn_w;
	x[5] = x[4] + ext_w;
	for (int k = 1; k < 6; k++)
		if (k != 2 || wide)
			canvas_text(c, x[k], y, k == 5 ? in.x + in.w - x[5]
					       : x[k + 1] - x[k] - 1,
				    head[k], head_style);
	for (int i = 0; i < BIAS_SCHEMES && ++y < in.y + in.h; i++) {
		struct style own = { (uint8_t)fam[i].role, ROLE_DEFAULT,
				     i == (int)chosen ? ATTR_BOLD : 0 };
		const char *cell[6] = { NULL, tr(s->lang, fam[i].name),
					fam[i].source,
					tr(s->lang, fam[i].learned),
					tr(s->lang, fam[i].extrap),
					tr(s->lang, fam[i].used) };

		canvas_put(c, x[0], y, (uint32_t)fam[i].letter, own);
		for (int k = 1; k < 6; k++)
			if (k != 2 || wide)
				canvas_text(c, x[k], y,
					    k == 5 ? in.x + in.w - x[5]
						   : x[k + 1] - x[k] - 1,
					    cell[k], k == 1 ? own : plain);
	}
	if (++y < in.y + in.h)
		canvas_text(c, in.x, ++y < in.y + in.h ? y : y - 1, in.w,
			    tr(s->lang, fam[chosen].note), plain);
}

static void families_free(void *ctx)
{
	struct families_ctx *fx = ctx;

	for (int i = 0; i < BIAS_SCHEMES; i++)
		cache_free(&fx->traces[i]);
	cache_free(&fx->map);
}

static void families_draw(const struct state *s, void *ctx,
			  struct canvas *c, struct rect r)
{
	struct families_ctx *fx = ctx;
	struct bias_params b;
	enum bias_scheme chosen;
	int table_h = TIER(table_tiers, r.w, r.h);
	int map_w = r.w * 7 / 20;

	families_bias_params(s, &b, &chosen);
	switch (TIER(body_tiers, r.w, r.h)) {
	case SHOW_PLOT:
		plot_draw(s, fx, &b, chosen, c, r);
		return;
	case SHOW_MAP:
		table_h = 0;
		break;
	default:
		break;
	}
	plot_draw(s, fx, &b, chosen, c,
		  (struct rect){ r.x, r.y, r.w - map_w, r.h - table_h });
	map_draw(s, fx, &b, chosen, c,
		 (struct rect){ r.x + r.w - map_w, r.y, map_w, r.h - table_h });
	if (table_h)
		table_draw(s, chosen, c, (struct rect){ r.x, r.y + r.h - table_h,
							r.w, table_h });
}

const struct view_spec view_families = {
	.name = "families",
	.said = N_("families view"),
	.title = N_("relative biases, RoPE, xPos and NoPE against the offset"),
	.point = N_("every scheme is a function of the offset k = q − p; the biases need no rotation, T5 and Shaw stop growing where they clip, ALiBi and KERPLE fall for ever"),
	.nknobs = FK_COUNT,
	.knob = { {
		.word = "scheme",
		.help = N_("the scheme drawn bold and mapped: added, rope, shaw, t5, alibi, kerple, xpos, nope"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = BIAS_SCHEMES - 1,
		.start = KNOB_START_INIT, .init = BIAS_T5,
		.choice = scheme_choice,
		.nsteps = 1,
		.step = { { 's', 'S', STEP_CYCLE, 1, N_("scheme") } },
	}, {
		.word = "buckets",
		.help = N_("T5's num_buckets (32 in T5)"),
		.kind = KNOB_INT, .lo = BIAS_BUCKETS_MIN,
		.hi = BIAS_BUCKETS_MAX,
		.start = KNOB_START_INIT, .init = 32,
		.nsteps = 1,
		.step = { { 'u', 'U', STEP_MUL, 2, N_("buckets /2 x2") } },
	}, {
		.word = "maxdist",
		.help = N_("T5's max_distance (128 in T5): offsets past it share the last bucket"),
		.kind = KNOB_INT, .lo = BIAS_MAXDIST_MIN,
		.hi = BIAS_MAXDIST_MAX,
		.start = KNOB_START_INIT, .init = 128,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_MUL, 2, N_("maxdist /2 x2") } },
	}, {
		.word = "causal",
		.help = N_("1: mask keys after the query (k > 0) and take T5's causal buckets; 0: bidirectional"),
		.kind = KNOB_INT, .lo = 0, .hi = 1,
		.start = KNOB_START_INIT, .init = 0,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_ADD, 1, N_("causal 0/1") } },
	}, {
		.word = "alibi-head",
		.help = N_("the ALiBi head whose slope is drawn, 1 .. heads (the attention view's heads)"),
		.kind = KNOB_INT, .lo = 1, .hi = BIAS_HEADS_MAX,
		.start = KNOB_START_INIT, .init = 1,
		.nsteps = 1,
		.step = { { 'a', 'A', STEP_ADD, 1, N_("ALiBi head -/+1") } },
	}, {
		.word = "clip",
		.help = N_("Shaw's clipping distance k (16 in the paper)"),
		.kind = KNOB_INT, .lo = 1, .hi = BIAS_CLIP_MAX,
		.start = KNOB_START_INIT, .init = 16,
		.nsteps = 1,
		.step = { { 'v', 'V', STEP_MUL, 2, N_("clip /2 x2") } },
	} },
	.draw = families_draw,
	.ctx_size = sizeof(struct families_ctx),
	.ctx_free = families_free,
};
