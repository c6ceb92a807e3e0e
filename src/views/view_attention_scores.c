/* view_attention_scores.c - the score matrices s(p, q) of added PE, RoPE
 * and ALiBi on the same content (attention.h), side by side, each with its
 * residual map beside it, and under each how far it is from a function of
 * p - q.
 *
 *   ┌ Scores s(p, q) ───────────────────────────────────────────────────────┐
 *   │rows p (query), columns q (key): p, q = 0…120 step 8; colour s / c ... │
 *   │x: the same vector at every position (1/√d each) · W_Q = W_K = I · ... │
 *   │   added PE: (x+PE_p)·(x+PE_q) RoPE: (R_p x)·(R_q x)  ALiBi, m = 0.5   │
 *   │   s/c, c = 150 residual/3.57  s/0.62     residual/3.57  ...        +1 │
 *   │  0 heatmap     residual map   heatmap     (blank)     ...          ▒  │
 *   │  p                                                                  0 │
 *   │120                                                                 -1│
 *   │   0   q   120  0   q   120    ...                                     │
 *   │   spread 0.034 (p−q = 0)      spread 1.2e-15 (..)    spread 0         │
 *   │   terms of added PE (rms): x·x 1  x·p 7.88 ...  = qᵀR(q−p)k ...       │
 *   │what the numbers say                                                   │
 *   └───────────────────────────────────────────────────────────────────────┘
 *
 * Both axes hold the same positions (view_attention_matrices.c says
 * which), so each diagonal of a heatmap is one offset p - q; a small
 * window repeats each position over several pixels. The p ticks stand in
 * a gutter at the left, the q ticks under each map, the colour bar at the
 * right.
 *
 * Colour. A score map is s / c, c its ATT_CLIP_FRAC quantile of |s| off
 * the diagonal (clipped to the ramp's ends beyond), so that the diagonal,
 * which holds |x + PE_p|^2 for added PE, does not squash everything else.
 * A residual map is s minus the mean of its diagonal, the three on one
 * scale (att_matrices.res_scale): blank for RoPE and ALiBi, a pattern for
 * added PE, which is what "a function of p - q" looks like. Every map's
 * label says what its colour is ("s/c, c = 55.5", "c=48.4",
 * "residual/3.57"), so that the one bar, -1 to +1, is true for each.
 *
 * The spread is shown relative to max |s| of its matrix, with the offset
 * where it is largest. For added PE the four terms (attn_terms_add) come
 * with their sizes (attn_rms), and the position.position term with its
 * spread relative to max |s| of the added matrix, so that the cross terms'
 * share of the added spread shows; the added matrix is their sum, as
 * attention.h promises. Compact (a short panel): the spreads and the sizes
 * without the heatmaps.
 *
 * While the numbers are computed the last finished matrices stay on screen
 * and the title says the new ones are being computed. */
#include "views/view_attention.h"

#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "render/colour_bar.h"
#include "render/paragraph.h"
#include "views/panel.h"
#include "render/plot.h"

/* The header's texts (head_texts). */
enum { HEAD_ROW1, HEAD_ROW1_SHORT, HEAD_ROW1_SHORTER, HEAD_ROW1_SHORTEST,
       HEAD_ROW2, HEAD_ROW2_WHOLE, HEAD_ROW2_SHORT, HEAD_ROW2_SHORTEST,
       HEAD_ONE_ROW, HEAD_SHORT, HEAD_SHORTEST, HEAD_TEXTS };

enum {
	SHOWN = 3,		/* matrices drawn: added, RoPE, ALiBi */
	GAP = 2,		/* columns between two schemes */
	BAR_W = 4,		/* the colour bar: a gap, the bar, "+1" */
	MAP_MIN = 4,		/* a map's least side in pixels */
	CAPTION_ROWS_MAX = 3
};

/* What the panel shows by size (views/panel.h), w a column's width:
 * - the grid, from columns 8 wide and 3 rows; a column's text from 8
 *   wide; */
static const struct tier grid_least[] = { { 8, 3, 1 } };
static const struct tier column_least[] = { { 8, 0, 1 } };
/* - two header rows from 20 rows, or from 16 when the one-row form does
 *   not fit; */
enum { HEAD_TWO = 1, HEAD_TWO_IF_LONG };
static const struct tier head_tiers[] = { { 0, 20, HEAD_TWO },
					  { 0, 16, HEAD_TWO_IF_LONG } };
/* - the lines under the maps: each scheme's line from 1 row, ALiBi's
 *   slope from 2; */
static const struct tier terms_line[] = { { 0, 1, 1 } };
static const struct tier terms_slope[] = { { 0, 2, 1 } };
/* - the labels of the maps' rows: the last position from 2 rows, "p"
 *   between from 3. */
static const struct tier tick_last[] = { { 0, 2, 1 } };
static const struct tier tick_p[] = { { 0, 3, 1 } };

static const enum att_mat shown_mat[SHOWN] = { AM_ADDED, AM_ROPE, AM_ALIBI };

static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style name_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
static const struct style marked_style = { ROLE_TITLE, ROLE_DEFAULT,
					   ATTR_BOLD | ATTR_REVERSE };

/* ---- the layout ---- */

struct scores_geom {
	struct rect in;
	int gutter;			/* the p ticks' columns at the left */
	int col_w, col_x[SHOWN];	/* the three schemes' columns */
	int bar_x;			/* the colour bar's column */
	int head_y, head_rows;		/* what the axes and content are */
	int names_y;			/* the schemes' names */
	int label_y;			/* the maps' labels (with heatmaps) */
	int heat_y, heat_rows;		/* heatmaps; 0 rows: none */
	int side;			/* a map's side in pixels */
	int tick_y;			/* the q ticks (with heatmaps) */
	int spread_y;			/* the spreads */
	int terms_y, terms_rows;	/* the terms (4: each with its
					   spread, 2: sizes only) */
	int caption_y, caption_rows;	/* what the numbers say */
};

static int head_texts(const struct state *s, long long pos0, long long last,
		      long long step, double res_scale,
		      char text[HEAD_TEXTS][ATT_TEXT_MAX]);

/* The rows under heatmaps of `heat` rows: the q ticks (with heatmaps),
 * the spreads, the terms, then the caption down to the bottom (at most
 * CAPTION_ROWS_MAX). */
static void rows_under(struct scores_geom *g, int heat)
{
	g->heat_rows = heat;
	g->tick_y = g->heat_y + heat;
	g->spread_y = g->tick_y + (heat > 0 ? 1 : 0);
	g->terms_y = g->spread_y + 1;
	g->caption_y = g->terms_y + g->terms_rows;
	g->caption_rows = g->in.y + g->in.h - g->caption_y;
	if (g->caption_rows > CAPTION_ROWS_MAX)
		g->caption_rows = CAPTION_ROWS_MAX;
}

/* The columns of the p ticks: the widest label of the window's positions
 * and a blank. */
static int gutter_of(const struct state *s)
{
	char a[32], b[32];
	long long last = s->window.pos0 + s->window.npos - 1;
	int wa = utf8_width(plot_tick_label(s->window.pos0, 1, a, sizeof a));
	int wb = utf8_width(plot_tick_label(last, 1, b, sizeof b));

	return (wa > wb ? wa : wb) + 1;
}

/* Where everything goes in r. Rows are given out in this order: the names
 * and the spreads; a header row (two in a roomy panel, or when the one-row
 * form does not fit and there is room); with heatmaps their labels and q
 * ticks; four rows for the terms when the heatmaps, as wide as the columns
 * let them be, keep their rows, else two; the
 * caption's when they keep 8; the heatmaps the rest (3 rows at least,
 * else none: the compact form). Columns: the p gutter, three schemes of a
 * score map and its residual map each, the colour bar. */
static void geom(const struct state *s, struct rect r, struct scores_geom *g)
{
	char text[HEAD_TEXTS][ATT_TEXT_MAX];
	int avail, heat, cap, tier;
	long long last = s->window.pos0 + s->window.npos - 1;

	memset(g, 0, sizeof *g);
	g->in = panel_inside(r);
	g->gutter = gutter_of(s);
	g->col_w = (g->in.w - g->gutter - BAR_W - 2 * GAP) / SHOWN;
	if (g->col_w < 2 * MAP_MIN + 1) {
		/* no room for maps: the compact form over the whole width */
		g->gutter = 0;
		g->col_w = (g->in.w - 2 * GAP) / SHOWN;
	}
	for (int k = 0; k < SHOWN; k++)
		g->col_x[k] = g->in.x + g->gutter + k * (g->col_w + GAP);
	g->bar_x = g->in.x + g->in.w - BAR_W + 1;
	g->head_y = g->in.y;
	if (!TIER(grid_least, g->col_w, g->in.h)) {
		g->head_rows = g->in.h > 0 ? 1 : 0;
		return;
	}
	/* two header rows where the panel is roomy, or where the one-row
	 * form (with the largest step the window can have) does not fit */
	head_texts(s, s->window.pos0, last, s->window.npos, 0.0, text);
	tier = TIER(head_tiers, g->in.w, g->in.h);
	g->head_rows = tier == HEAD_TWO ||
			       (tier == HEAD_TWO_IF_LONG &&
				utf8_width(text[HEAD_ONE_ROW]) > g->in.w)
			       ? 2 : 1;
	avail = g->in.h - g->head_rows - 2;
	/* four rows of terms when the maps, as wide as the columns let them
	 * be, still get their rows (with labels, ticks and a caption) */
	{
		int half = (g->col_w - 1) / 2 < ATT_SIDE_MAX ? (g->col_w - 1) / 2
							     : ATT_SIDE_MAX;
		int need = (half + 1) / 2 > 3 ? (half + 1) / 2 : 3;

		g->terms_rows = avail - 4 - 2 - CAPTION_ROWS_MAX >= need ? 4
				: avail < 2 ? avail : 2;
	}
	avail -= g->terms_rows;
	if (g->gutter > 0 && avail - 2 >= 3)
		avail -= 2;	/* the maps' labels and q ticks */
	else
		g->gutter = 0;
	cap = avail - 8 < CAPTION_ROWS_MAX ? avail - 8 : CAPTION_ROWS_MAX;
	/* cppcheck-suppress knownConditionTrueFalse ; avail follows the panel's height */
	if (cap > 0)
		avail -= cap;
	heat = g->gutter > 0 && avail >= 3 ? avail : 0;
	/* two squares side by side in a column: the side in pixels is half
	 * the column or twice the rows, whichever is less */
	if (heat > 0) {
		int half = (g->col_w - 1) / 2;

		g->side = half < 2 * heat ? half : 2 * heat;
		if (g->side > ATT_SIDE_MAX)
			g->side = ATT_SIDE_MAX;
		heat = (g->side + 1) / 2;
	} else {
		g->gutter = 0;
		g->col_w = (g->in.w - 2 * GAP) / SHOWN;
		for (int k = 0; k < SHOWN; k++)
			g->col_x[k] = g->in.x + k * (g->col_w + GAP);
	}
	/* the rows a map as wide as its column leaves free (with the grid
	 * it will have) go to the terms */
	if (heat > 0 && g->terms_rows == 2) {
		long long pos0, step;
		int m, rep, rows;

		att_grid_of(s, g->side, &pos0, &step, &m);
		rep = g->side / m > 0 ? g->side / m : 1;
		rows = (m * rep + 1) / 2;
		if (g->in.h - g->head_rows - 4 - rows - 2 - CAPTION_ROWS_MAX >= 2)
			g->terms_rows = 4;
	}
	g->names_y = g->head_y + g->head_rows;
	g->label_y = g->names_y + 1;
	g->heat_y = g->label_y + (heat > 0 ? 1 : 0);
	rows_under(g, heat);
}

int att_scores_spare_rows(const struct state *s, struct rect r)
{
	struct scores_geom g;
	long long pos0, step;
	int m, rep, used;

	geom(s, r, &g);
	if (g.heat_rows <= 0 || g.side <= 0)
		return 0;
	att_grid_of(s, g.side, &pos0, &step, &m);
	rep = g.side / m > 0 ? g.side / m : 1;
	/* down to the caption's last row, with the heatmaps as drawn */
	used = g.heat_y - g.in.y + (m * rep + 1) / 2 + 2 + g.terms_rows +
	       CAPTION_ROWS_MAX;
	return g.in.h > used ? g.in.h - used : 0;
}

/* The side of the grid: the heatmap's, or, without one, what a square of
 * the columns would hold (the numbers then stand for the same grid a
 * roomier screen would show). */
static int grid_side(const struct scores_geom *g)
{
	int side = g->side > 0 ? g->side : g->col_w;

	if (side > ATT_SIDE_MAX)
		side = ATT_SIDE_MAX;
	return side < 1 ? 1 : side;
}

/* ---- text ---- */

/* A spread of a billionth of the matrix's size or less: the rounding of
 * the angles at positions up to millions, a function of p - q. */
static const double RELATIVE_MAX = 1e-9;

static double relative_spread(const struct attn_spread *sp)
{
	return sp->scale > 0 ? sp->spread / sp->scale : 0.0;
}

static bool relative(const struct attn_spread *sp)
{
	return sp->groups > 0 && relative_spread(sp) <= RELATIVE_MAX;
}

/* The shown scheme (0 added, 1 RoPE, 2 ALiBi) of the one head's, -1 when
 * it has none of them (no positions, the causal mask). */
static int marked_scheme(const struct state *s)
{
	switch ((enum att_head)state_view_knob(s, AK_HEAD)) {
	case AH_ADDED:
		return 0;
	case AH_ROPE:
		return 1;
	case AH_ALIBI:
		return 2;
	default:
		return -1;
	}
}

/* The name of shown matrix k, longest form first (n = 0, 1, 2). */
static const char *scheme_name(const struct state *s, int k, int n)
{
	bool w = att_setup(s).weights == ATTN_W_RANDOM;
	static const char *const rope[2][3] = {
		{ N_("RoPE: (R_p x)·(R_q x)"), N_("RoPE: R_p x·R_q x"), "RoPE" },
		{ N_("RoPE: (R_p W_Q x)·(R_q W_K x)"), N_("RoPE: R_p Wx·R_q Wx"),
		  "RoPE" }
	};

	if (k == 1)
		return n == 2 ? rope[w][n] : tr(s->lang, rope[w][n]);
	if (n == 2)
		return tr(s->lang, "added PE");
	if (n == 1)
		return w ? tr(s->lang, "added: W(x+PE)·W(x+PE)")
			 : tr(s->lang, "added: (x+PE)·(x+PE)");
	return w ? tr(s->lang, "added PE: W_Q(x+PE_p)·W_K(x+PE_q)")
		 : tr(s->lang, "added PE: (x+PE_p)·(x+PE_q)");
}

/* The header's texts for the grid p, q = pos0, pos0 + step, ... last:
 * the two rows of the roomy form, the one row of the others and shorter
 * ones, longest first; res_scale the residual maps' scale (0: not known
 * yet). Returns HEAD_TEXTS. */
static int head_texts(const struct state *s, long long pos0, long long last,
		      long long step, double res_scale,
		      char text[HEAD_TEXTS][ATT_TEXT_MAX])
{
	char range[64], content[128], brief[64], w[80], wbrief[48], rs[32];
	char res[96];	/* the Chinese is 65 bytes and the number */
	const char *dots = s->ascii ? ".." : "…", *dot = s->ascii ? "; " : " · ";
	long long seed = (long long)state_view_knob(s, AK_SEED);

	if (step == 1)
		snprintf(range, sizeof range, "p, q = %lld%s%lld", pos0, dots, last);
	else
		snprintf(range, sizeof range, tr(s->lang, "p, q = %lld%s%lld step %lld"),
			 pos0, dots, last, step);
	if (att_same_content(s)) {
		snprintf(content, sizeof content, "%s", tr(s->lang, "x: the same vector at every position (1/√d each)"));
		snprintf(brief, sizeof brief, "%s", tr(s->lang, "x the same everywhere"));
	} else {
		snprintf(content, sizeof content, tr(s->lang, "x: %d seeded tokens, one drawn for each position (seed %lld)"),
			 ATT_VOCAB, seed);
		snprintf(brief, sizeof brief, tr(s->lang, "x: %d seeded tokens"), ATT_VOCAB);
	}
	if (att_weights_capped(s)) {
		snprintf(w, sizeof w, "%s", tr(s->lang, "W_Q = W_K = I (random W needs d <= 1024)"));
		snprintf(wbrief, sizeof wbrief, "W = I (d > 1024)");
	} else if (state_view_knob(s, AK_WEIGHTS) == ATTN_W_RANDOM) {
		snprintf(w, sizeof w, tr(s->lang, "W_Q, W_K random N(0, 1/d), seed %lld"), seed);
		snprintf(wbrief, sizeof wbrief, "%s", tr(s->lang, "W random"));
	} else {
		snprintf(w, sizeof w, "W_Q = W_K = I");
		snprintf(wbrief, sizeof wbrief, "W = I");
	}
	fmt_double_compact(res_scale, 3, rs, sizeof rs);
	snprintf(res, sizeof res, tr(s->lang, "residual maps: (s − diagonal mean)/%s, one scale"),
		 rs);
	snprintf(text[HEAD_ROW1], ATT_TEXT_MAX, tr(s->lang, "rows p (query), columns q (key): %s; colour s / c, c = the 98th percentile of |s| off the diagonal"), range);
	snprintf(text[HEAD_ROW1_SHORT], ATT_TEXT_MAX, tr(s->lang, "%s; colour s / c, c = the 98th percentile of |s| off the diagonal"), range);
	snprintf(text[HEAD_ROW1_SHORTER], ATT_TEXT_MAX, tr(s->lang, "%s; colour s / c, c = 98th percentile of |s| off diagonal"), range);
	snprintf(text[HEAD_ROW1_SHORTEST], ATT_TEXT_MAX, tr(s->lang, "%s; colour s / c"), range);
	snprintf(text[HEAD_ROW2], ATT_TEXT_MAX, "%s%s%s%s%s", content, dot, w,
		 dot, res);
	snprintf(text[HEAD_ROW2_WHOLE], ATT_TEXT_MAX, "%s%s%s", content, dot, w);
	snprintf(text[HEAD_ROW2_SHORT], ATT_TEXT_MAX, "%s%s%s%s%s", brief, dot,
		 wbrief, dot, res);
	snprintf(text[HEAD_ROW2_SHORTEST], ATT_TEXT_MAX, "%s%s%s", brief, dot,
		 wbrief);
	snprintf(text[HEAD_ONE_ROW], ATT_TEXT_MAX, tr(s->lang, "rows p, columns q: %s%s%s%s%s%scolour s / c (c: 98th percentile of |s| off the diagonal)"),
		 range, dot, brief, dot, w, dot);
	snprintf(text[HEAD_SHORT], ATT_TEXT_MAX, tr(s->lang, "%s%s%s%s%s%ss/c: c = 98th percentile of |s| off the diagonal"),
		 range, dot, brief, dot, wbrief, dot);
	snprintf(text[HEAD_SHORTEST], ATT_TEXT_MAX, tr(s->lang, "%s%s%s%ss/c: c = 98th pct of |s| off diagonal"),
		 brief, dot, wbrief, dot);
	return HEAD_TEXTS;
}

static void draw_head(const struct state *s, struct canvas *c,
		      const struct scores_geom *g,
		      const struct att_matrices *res)
{
	char text[HEAD_TEXTS][ATT_TEXT_MAX];
	const char *one[3] = { text[HEAD_ONE_ROW], text[HEAD_SHORT],
			       text[HEAD_SHORTEST] };

	head_texts(s, res->pos0, res->pos0 + (res->m - 1) * res->step,
		   res->step, res->res_scale, text);
	if (g->head_rows >= 2) {
		const char *first[4] = { text[HEAD_ROW1], text[HEAD_ROW1_SHORT],
					 text[HEAD_ROW1_SHORTER],
					 text[HEAD_ROW1_SHORTEST] };
		const char *second[4] = { text[HEAD_ROW2], text[HEAD_ROW2_WHOLE],
					  text[HEAD_ROW2_SHORT],
					  text[HEAD_ROW2_SHORTEST] };

		paragraph_fit(c, g->in.x, g->head_y, g->in.w, first, 4, dim_style);
		paragraph_fit(c, g->in.x, g->head_y + 1, g->in.w, second, 4, dim_style);
	} else if (g->head_rows == 1) {
		paragraph_fit(c, g->in.x, g->head_y, g->in.w, one, 3, dim_style);
	}
}

/* The forms of a spread, longest first. */
enum spread_form { SPREAD_WHERE, SPREAD_OF, SPREAD_TIGHT };

/* "spread 2.2e-16 of max|s| (p−q = 5)": the largest spread along a
 * diagonal, relative to max |s| of `of` (the matrix it sits under), as
 * the words say: beside raw scores a bare number read as score units.
 * SPREAD_WHERE adds the offset of that diagonal (when it is not 0),
 * SPREAD_TIGHT is "spread 2.2e-16·max|s|". */
static void spread_text(const struct state *s, const struct attn_spread *sp,
			const struct attn_spread *of, enum spread_form form,
			char *buf, size_t n)
{
	char v[32];

	if (sp->groups == 0) {
		snprintf(buf, n, "%s", tr(s->lang, "spread: no diagonal"));
		return;
	}
	fmt_double_compact(of->scale > 0 ? sp->spread / of->scale : 0.0, 2, v,
			   sizeof v);
	if (form == SPREAD_WHERE && sp->spread > 0)
		snprintf(buf, n, tr(s->lang, "spread %s of max|s| (p%sq = %lld)"),
			 v, s->ascii ? "-" : "−", sp->offset);
	else if (form == SPREAD_TIGHT)
		snprintf(buf, n, tr(s->lang, "spread %s%smax|s|"), v,
			 s->ascii ? "*" : "·");
	else
		snprintf(buf, n, tr(s->lang, "spread %s of max|s|"), v);
}

/* Under the added matrix: each term with its size and its spread. */
static void draw_terms(const struct state *s, struct canvas *c,
		       const struct scores_geom *g,
		       const struct att_matrices *res)
{
	static const char *const name[ATTN_TERMS] = { "x·x", "x·p", "p·x", "p·p" };
	static const char *const ascii[ATTN_TERMS] = { "x.x", "x.p", "p.x", "p.p" };
	const struct attn_spread *added = &res->spread[AM_ADDED];
	char v[32], sp[ATT_TEXT_MAX];
	int x = g->col_x[0], w = g->col_w;

	if (g->terms_rows >= 4) {
		for (int t = 0; t < ATTN_TERMS; t++) {
			char line[ATT_TEXT_MAX], full[2 * ATT_TEXT_MAX + 4];
			const char *cand[2] = { full, line };

			fmt_double_compact(res->rms[t], 3, v, sizeof v);
			snprintf(line, sizeof line, tr(s->lang, "%s rms %s"),
				 s->ascii ? ascii[t] : name[t], v);
			if (AM_CC + t == AM_PP) {
				spread_text(s, &res->spread[AM_PP], added, SPREAD_OF, sp,
					    sizeof sp);
				snprintf(full, sizeof full, tr(s->lang, "%s rms %s, %s"),
					 s->ascii ? ascii[t] : name[t], v, sp);
			} else {
				snprintf(full, sizeof full, "%s", line);
			}
			paragraph_fit(c, x, g->terms_y + t, w, cand, 2, text_style);
		}
		return;
	}
	/* compact: the four sizes across the panel, then p·p's spread under
	 * the added matrix (draw_notes writes beside it) */
	{
		char a[2 * ATT_TEXT_MAX], b[ATT_TEXT_MAX], u[4][32];
		const char *const *n = s->ascii ? ascii : name;

		for (int t = 0; t < ATTN_TERMS; t++)
			fmt_double_compact(res->rms[t], 3, u[t], sizeof u[t]);
		snprintf(b, sizeof b, "%s %s  %s %s  %s %s  %s %s", n[0], u[0],
			 n[1], u[1], n[2], u[2], n[3], u[3]);
		snprintf(a, sizeof a, tr(s->lang, "terms of added PE (rms): %s"), b);
		if (g->terms_rows >= 1) {
			const char *cand[2] = { a, b };

			paragraph_fit(c, g->in.x, g->terms_y, g->in.w, cand, 2, text_style);
		}
		if (g->terms_rows >= 2) {
			char tight[ATT_TEXT_MAX];
			const char *forms[3] = { a, b, tight };

			spread_text(s, &res->spread[AM_PP], added, SPREAD_OF, sp, sizeof sp);
			snprintf(a, sizeof a, "%s %s", n[3], sp);
			fmt_double_compact(added->scale > 0
						   ? res->spread[AM_PP].spread / added->scale
						   : 0.0, 2, v, sizeof v);
			snprintf(b, sizeof b, tr(s->lang, "%s spread %s%smax|s|"), n[3],
				 v, s->ascii ? "*" : "·");
			snprintf(tight, sizeof tight, tr(s->lang, "%s: %s of max|s|"),
				 n[3], v);
			paragraph_fit(c, x, g->terms_y + 1, w, forms, 3, text_style);
		}
	}
}

/* Under RoPE and ALiBi, from row y (rows of them): what makes them
 * relative. */
static void draw_notes(const struct state *s, struct canvas *c,
		       const struct scores_geom *g, int y, int rows)
{
	char a[ATT_TEXT_MAX], b[ATT_TEXT_MAX];
	const char *cand[2] = { a, b };
	const char *minus = s->ascii ? "-" : "−";
	int heads = (int)state_view_knob(s, AK_HEADS), p;

	if (!TIER(terms_line, g->col_w, rows))
		return;
	snprintf(a, sizeof a, tr(s->lang, "= %sR(q%sp)k: one turn by q%sp"),
		 s->ascii ? "q^T " : "qᵀ", minus, minus);
	snprintf(b, sizeof b, "= %sR(q%sp)k", s->ascii ? "q^T " : "qᵀ", minus);
	paragraph_fit(c, g->col_x[1], y, g->col_w, cand, 2, dim_style);
	snprintf(a, sizeof a, "%s %s m|p%sq|", s->ascii ? "q.k" : "q·k", minus,
		 minus);
	snprintf(b, sizeof b, "-m|p%sq|", minus);
	paragraph_fit(c, g->col_x[2], y, g->col_w, cand, 2, dim_style);
	if (!TIER(terms_slope, g->col_w, rows))
		return;
	/* head 1's slope is 2^(-8/P), P the largest power of two <= H
	 * (attn_alibi_slope, the paper's get_slopes) */
	p = (int)lround(-8.0 / log2(att_slope(s)));
	snprintf(a, sizeof a, tr(s->lang, "m = 2^(-8/%d): head 1 of %d"), p, heads);
	snprintf(b, sizeof b, "m = 2^(-8/%d)", p);
	paragraph_fit(c, g->col_x[2], y + 1, g->col_w, cand, 2, dim_style);
}

/* What the numbers say, true for the numbers shown; `maps`: the residual
 * maps are drawn. */
static const char *caption(const struct state *s, const struct att_matrices *res,
			   bool maps)
{
	bool random = att_setup(s).weights == ATTN_W_RANDOM;

	if (res->spread[AM_ADDED].groups == 0)
		return tr(s->lang, "One position: no two scores share an offset to compare.");
	if (!att_same_content(s))
		return tr(s->lang, "Different tokens at different positions: every score also depends on which tokens meet, so no scheme is a function of p − q alone here (u: the same content everywhere).");
	if (!relative(&res->spread[AM_ROPE]) || relative(&res->spread[AM_ADDED]))
		return tr(s->lang, "At positions this large the angles p·θ lose digits: the spreads show how many.");
	if (random && maps)
		return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value, whatever W_Q and W_K are: their residual maps (s minus the mean of its diagonal) are blank. Added PE's is patterned: besides the cross terms, W_QᵀW_K stops even p·p from being relative.");
	if (maps)
		return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value: their residual maps (s minus the mean of its diagonal) are blank. Added PE's is patterned: p·p is relative, but the cross terms x·p and p·x depend on q and on p alone.");
	if (random)
		return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value: they are functions of p − q, whatever W_Q and W_K are. Added PE is not: besides the cross terms, W_QᵀW_K stops even p·p from being one.");
	return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value: they are functions of p − q. Added PE is not: p·p is, but the cross terms x·p and p·x depend on q and on p alone.");
}

/* ---- the heatmaps ---- */

/* Matrix i of res as a heatmap from cell (cx, cy), each position rep x
 * rep pixels, coloured by s / scale (clamped to the ramp by canvas_half);
 * an odd last pixel row fills its cell. */
static void draw_heat(struct canvas *c, int cx, int cy,
		      const struct att_matrices *res, enum att_mat i, int rep,
		      double scale)
{
	const double *v = res->mat + (size_t)i * (size_t)res->m * (size_t)res->m;
	int m = res->m, side = m * rep;

	for (int py = 0; py < side; py++)
		for (int px = 0; px < side; px++) {
			double s = v[(py / rep) * m + px / rep];

			canvas_half(c, cx + px, 2 * cy + py, scale > 0 ? s / scale : 0);
		}
}

/* "= 0" over the middle of a residual map side cells wide at (cx, cy)
 * that is blank (its scheme relative), and a frame on its edge cells: a
 * blank square reads as a map that failed to draw, and on a white page the
 * ramp's zero, a pale grey (1.3:1), hardly shows where the square is. The
 * frame is drawn over the heat (all zero: it hides no value) in the
 * frames' colour, which stands out from that grey in every theme
 * (palette_look takes an ink over heat that does where one would not). The
 * words are ASCII, the same in every language, in the ink that reads over
 * heat. */
static void draw_blank_map(struct canvas *c, int cx, int cy, int side)
{
	static const char label[] = "= 0";
	int n = (int)sizeof label - 1, rows = (side + 1) / 2;
	int y = cy + rows / 2, bot = cy + rows - 1, right = cx + side - 1;

	if (side < n + 2)
		return;
	for (int x = cx + 1; x < right; x++) {
		canvas_half_mark(c, x, cy, 0x2500, ROLE_BORDER, 0);
		canvas_half_mark(c, x, bot, 0x2500, ROLE_BORDER, 0);
	}
	for (int r = cy + 1; r < bot; r++) {
		canvas_half_mark(c, cx, r, 0x2502, ROLE_BORDER, 0);
		canvas_half_mark(c, right, r, 0x2502, ROLE_BORDER, 0);
	}
	canvas_half_mark(c, cx, cy, 0x250c, ROLE_BORDER, 0);
	canvas_half_mark(c, right, cy, 0x2510, ROLE_BORDER, 0);
	canvas_half_mark(c, cx, bot, 0x2514, ROLE_BORDER, 0);
	canvas_half_mark(c, right, bot, 0x2518, ROLE_BORDER, 0);
	for (int j = 0; j < n; j++)
		canvas_half_mark(c, cx + (side - n) / 2 + j, y,
				 (uint32_t)(unsigned char)label[j], ROLE_ON_HEAT,
				 ATTR_BOLD);
}

enum { SCALE_FORMS = 7 };

/* The forms of the label over scheme k's score map, longest first: what
 * its colour is, s / c (c its clip). The narrow forms name c, which the
 * panel's header defines ("s/c: c = 98th pct of |s| off diagonal"), not
 * "s/48.4", which does not say what 48.4 is. */
static void scale_forms(const struct att_matrices *res, int k,
			char out[SCALE_FORMS][64])
{
	double clip = res->clip[shown_mat[k]];
	char v3[32], v2[32];

	fmt_double_compact(clip, 3, v3, sizeof v3);
	fmt_double_compact(clip, 2, v2, sizeof v2);
	snprintf(out[0], 64, "s/c, c = %s", v3);
	snprintf(out[1], 64, "s/c, c = %s", v2);
	snprintf(out[2], 64, "c = %s", v3);
	snprintf(out[3], 64, "c=%s", v3);
	snprintf(out[4], 64, "c=%s", v2);
	/* large scales (ALiBi far apart) as 3.4k, 12M */
	if (clip >= 1000)
		fmt_count(clip, v2, sizeof v2);
	snprintf(out[5], 64, "c=%s", v2);
	snprintf(out[6], 64, "s");
}

/* The one form the three score maps' labels take, w columns each: the
 * longest that fits all three: each its own longest, at 80x24 they would
 * read "c=48.4", "c=0.59" and "c = 54" side by side, one scheme's label
 * unlike the others for no reason. */
static int scale_form(const struct att_matrices *res, int w)
{
	char f[SCALE_FORMS][64];
	int form = 0;

	for (int k = 0; k < SHOWN; k++) {
		scale_forms(res, k, f);
		while (form < SCALE_FORMS - 1 && utf8_width(f[form]) > w)
			form++;
	}
	return form;
}

/* The labels above scheme k's two maps of `w` columns each: what each
 * square's colour is, on the bar's ramp from -1 to +1: the score map's in
 * form `form` (scale_form), the residual map's (s − diagonal mean) / its
 * scale (res_scale, one for the three), in the columns left beside it
 * too. */
static void draw_labels(const struct state *s, struct canvas *c,
			const struct scores_geom *g,
			const struct att_matrices *res, int k, int w, int form)
{
	char f[SCALE_FORMS][64], v3[32], v2[32], r[5][64];
	const char *rn[5] = { r[0], r[1], r[2], r[3], r[4] };
	int rx = g->col_x[k] + w + 1, rw = g->col_x[k] + g->col_w - rx;

	scale_forms(res, k, f);
	canvas_text(c, g->col_x[k], g->label_y, w, f[form], axis_style);
	fmt_double_compact(res->res_scale, 3, v3, sizeof v3);
	fmt_double_compact(res->res_scale, 2, v2, sizeof v2);
	snprintf(r[0], sizeof r[0], tr(s->lang, "(s − diag. mean)/%s"), v3);
	snprintf(r[1], sizeof r[1], tr(s->lang, "residual/%s"), v3);
	snprintf(r[2], sizeof r[2], tr(s->lang, "residual/%s"), v2);
	/* "resid." before a bare "r", which a reader could not place */
	snprintf(r[3], sizeof r[3], tr(s->lang, "resid./%s"), v2);
	snprintf(r[4], sizeof r[4], "r/%s", v2);
	paragraph_fit(c, rx, g->label_y, rw, rn, 5, axis_style);
}

/* The q ticks under a map of w columns from x: the first position at its
 * left, the last at its right, "q" between them where there is room. */
static void draw_qticks(struct canvas *c, int x, int y, int w,
			const struct att_matrices *res)
{
	char a[32], b[32];
	int wa, wb;

	plot_tick_label(res->pos0, 1, a, sizeof a);
	plot_tick_label(res->pos0 + (res->m - 1) * res->step, 1, b, sizeof b);
	wa = utf8_width(a);
	wb = utf8_width(b);
	if (wa + 1 + wb > w)
		return;
	canvas_text(c, x, y, wa, a, axis_style);
	canvas_text(c, x + w - wb, y, wb, b, axis_style);
	if (wa + wb + 3 <= w)
		canvas_text(c, x + wa + (w - wa - wb) / 2, y, 1, "q", axis_style);
}

/* The p ticks in the gutter beside rows [y, y + h): the first position on
 * the top row, the last on the bottom one, "p" between. */
static void draw_pticks(struct canvas *c, const struct scores_geom *g, int h,
			const struct att_matrices *res)
{
	char a[32], b[32];
	int w = g->gutter - 1;

	plot_tick_label(res->pos0, 1, a, sizeof a);
	plot_tick_label(res->pos0 + (res->m - 1) * res->step, 1, b, sizeof b);
	canvas_text(c, g->in.x + w - utf8_width(a), g->heat_y, w, a, axis_style);
	if (TIER(tick_last, w, h))
		canvas_text(c, g->in.x + w - utf8_width(b), g->heat_y + h - 1, w,
			    b, axis_style);
	if (TIER(tick_p, w, h))
		canvas_text(c, g->in.x + w - 1, g->heat_y + (h - 1) / 2, 1, "p",
			    axis_style);
}

/* The colour bar beside rows [y, y + h): the ramp from +1 (top) to -1,
 * in units of each map's scale. */
static void draw_bar(const struct state *s, struct canvas *c,
		     const struct scores_geom *g, int h)
{
	colour_bar_draw(c, g->bar_x, g->heat_y, h, BAR_W - 2, 1.0, !s->ascii,
			axis_style);
}

/* ---- the panel ---- */

void att_scores_draw(const struct state *s, struct att_scores *ctx,
		     struct canvas *c, struct rect r)
{
	struct scores_geom g;
	const struct att_matrices *res;
	char title[ATT_TEXT_MAX], line[ATT_TEXT_MAX], brief[ATT_TEXT_MAX],
	     tight[ATT_TEXT_MAX];
	const char *cand[3] = { line, brief, tight };
	double progress = 1.0;
	int side, rep, form, marked = marked_scheme(s);

	geom(s, r, &g);
	side = grid_side(&g);
	res = g.in.w > 0 && g.in.h > 0 ? att_matrices_get(s, ctx, side, &progress)
				     : NULL;
	snprintf(title, sizeof title, "%s",
		 att_same_content(s)
			 ? tr(s->lang, "Scores s(p, q) of one content: added PE, RoPE, ALiBi")
			 : tr(s->lang, "Scores s(p, q) of seeded tokens: added PE, RoPE, ALiBi"));
	if (utf8_width(title) > r.w - 14)
		snprintf(title, sizeof title, "%s", tr(s->lang, "Scores s(p, q)"));
	if (g.in.w > 0 && g.in.h > 0 && progress < 1.0)
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 tr(s->lang, ", computing %d%%"),
			 (int)(progress * 100));
	panel_open(c, r, title, NULL);
	if (!res || !TIER(column_least, g.col_w, 0)) {
		if (g.in.w > 0 && g.in.h > 0)
			canvas_text(c, g.in.x, g.in.y, g.in.w,
				    tr(s->lang, "computing..."), dim_style);
		return;
	}
	/* the grid may need fewer rows than the square had: what comes
	 * under the heatmaps moves up */
	rep = g.side / res->m > 0 ? g.side / res->m : 1;
	if (g.heat_rows > 0)
		rows_under(&g, (res->m * rep + 1) / 2);
	draw_head(s, c, &g, res);
	if (g.heat_rows > 0) {
		draw_pticks(c, &g, g.heat_rows, res);
		draw_bar(s, c, &g, g.heat_rows);
	}
	/* the three score labels' one form, for maps res->m * rep wide */
	form = scale_form(res, res->m * rep);
	for (int k = 0; k < SHOWN; k++) {
		const char *name[3] = { scheme_name(s, k, 0), scheme_name(s, k, 1),
					scheme_name(s, k, 2) };
		char alibi[64];

		if (k == 2) {
			char sl[32];

			fmt_double_compact(att_slope(s), 3, sl, sizeof sl);
			snprintf(alibi, sizeof alibi, "ALiBi, m = %s", sl);
			name[0] = name[1] = alibi;
			name[2] = "ALiBi";
		}
		/* the one head's scheme (the order panel's, a lesson's
		 * "head") in reverse, so a step about one scheme points at it */
		paragraph_fit(c, g.col_x[k], g.names_y, g.col_w, name, 3,
			k == marked ? marked_style : name_style);
		if (g.heat_rows > 0) {
			int w = res->m * rep;

			draw_labels(s, c, &g, res, k, w, form);
			draw_heat(c, g.col_x[k], g.heat_y, res, shown_mat[k], rep,
				  res->clip[shown_mat[k]]);
			/* its residual: AM_R_* keep the order of AM_* */
			draw_heat(c, g.col_x[k] + w + 1, g.heat_y, res,
				  (enum att_mat)(AM_R_ADDED + k), rep,
				  res->res_scale);
			if (relative(&res->spread[shown_mat[k]]))
				draw_blank_map(c, g.col_x[k] + w + 1, g.heat_y, w);
			draw_qticks(c, g.col_x[k], g.tick_y, w, res);
			draw_qticks(c, g.col_x[k] + w + 1, g.tick_y, w, res);
		}
		const struct attn_spread *sp = &res->spread[shown_mat[k]];

		spread_text(s, sp, sp, SPREAD_WHERE, line, sizeof line);
		spread_text(s, sp, sp, SPREAD_OF, brief, sizeof brief);
		spread_text(s, sp, sp, SPREAD_TIGHT, tight, sizeof tight);
		paragraph_fit(c, g.col_x[k], g.spread_y, g.col_w, cand, 3,
			(struct style){ relative(sp) ? ROLE_OK : ROLE_WARN,
					ROLE_DEFAULT, ATTR_BOLD });
	}
	draw_terms(s, c, &g, res);
	if (g.terms_rows >= 4)
		draw_notes(s, c, &g, g.terms_y, 2);
	else
		draw_notes(s, c, &g, g.terms_y + 1, g.terms_rows - 1);
	if (g.caption_rows > 0) {
		const char *text = caption(s, res, g.heat_rows > 0);

		if (paragraph_rows(text, g.in.w) <= g.caption_rows)
			paragraph_draw(c, (struct rect){ g.in.x, g.caption_y, g.in.w,
							 g.caption_rows },
				       text, dim_style);
	}
}
