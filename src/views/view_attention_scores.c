/* view_attention_scores.c - the score matrices s(p, q) of added PE, RoPE
 * and ALiBi on the same content (attention.h), side by side, and under
 * each how far it is from a function of p - q.
 *
 *   ┌ Scores s(p, q) ─────────────────────────────────────────────────────┐
 *   │rows p (query), columns q (key): p, q = 0…126 step 6; colour s / max │
 *   │x: the same vector at every position (1/√d each) · W_Q = W_K = I     │
 *   │added PE: (x+PE_p)·(x+PE_q)  RoPE: (R_p x)·(R_q x)  ALiBi, m = 0.5   │
 *   │heatmap                      heatmap                heatmap          │
 *   │spread 0.034 (p−q = 0)       spread 1.2e-15 (..)    spread 0         │
 *   │c·c rms 1                    = qᵀR(q−p)k: ...       q·k − m|p−q|     │
 *   │c·p rms 7.88 ... p·p rms 149, spread 1.3e-15                         │
 *   │what the numbers say                                                 │
 *   └─────────────────────────────────────────────────────────────────────┘
 *
 * Both axes hold the same positions (view_attention_matrices.c says
 * which), so each diagonal of a heatmap is one offset p - q; a small
 * window repeats each position over several pixels.
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
#include "render/paragraph.h"

/* The header's texts (head_texts). */
enum { HEAD_ROW1, HEAD_ROW2, HEAD_ONE_ROW, HEAD_SHORT, HEAD_SHORTEST,
       HEAD_TEXTS };

enum {
	SHOWN = 3,		/* matrices drawn: added, RoPE, ALiBi */
	GAP = 2,		/* columns between two heatmaps */
	CAPTION_ROWS_MAX = 3
};

static const enum att_mat shown_mat[SHOWN] = { AM_ADDED, AM_ROPE, AM_ALIBI };

static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style name_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };

/* ---- the layout ---- */

struct scores_geom {
	struct rect in;
	int col_w, col_x[SHOWN];	/* the three columns */
	int head_y, head_rows;		/* what the axes and content are */
	int names_y;			/* the schemes' names */
	int heat_y, heat_rows;		/* heatmaps; 0 rows: none */
	int side;			/* their side in pixels */
	int spread_y;			/* the spreads */
	int terms_y, terms_rows;	/* the terms (4: each with its
					   spread, 2: sizes only) */
	int caption_y, caption_rows;	/* what the numbers say */
};

static int head_texts(const struct state *s, long long pos0, long long last,
		      long long step, char text[HEAD_TEXTS][ATT_TEXT_MAX]);

/* The rows under heatmaps of `heat` rows: the spreads, the terms, then the
 * caption down to the bottom (at most CAPTION_ROWS_MAX). */
static void rows_under(struct scores_geom *g, int heat)
{
	g->heat_rows = heat;
	g->spread_y = g->heat_y + heat;
	g->terms_y = g->spread_y + 1;
	g->caption_y = g->terms_y + g->terms_rows;
	g->caption_rows = g->in.y + g->in.h - g->caption_y;
	if (g->caption_rows > CAPTION_ROWS_MAX)
		g->caption_rows = CAPTION_ROWS_MAX;
}

/* Where everything goes in r. Rows are given out in this order: the names
 * and the spreads; a header row (two in a roomy panel, or when the one-row
 * form does not fit and there is room); four rows for the terms when the heatmaps keep 6,
 * else two; the caption's when they keep 8; the heatmaps the rest (3 rows
 * at least, else none: the compact form). */
static void geom(const struct state *s, struct rect r, struct scores_geom *g)
{
	char text[HEAD_TEXTS][ATT_TEXT_MAX];
	int avail, heat, cap;
	long long last = s->window.pos0 + s->window.npos - 1;

	memset(g, 0, sizeof *g);
	g->in = (struct rect){ r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	g->col_w = (g->in.w - 2 * GAP) / SHOWN;
	for (int k = 0; k < SHOWN; k++)
		g->col_x[k] = g->in.x + k * (g->col_w + GAP);
	g->head_y = g->in.y;
	if (g->in.h < 3 || g->col_w < 8) {
		g->head_rows = g->in.h > 0 ? 1 : 0;
		return;
	}
	/* two header rows where the panel is roomy, or where the one-row
	 * form (with the largest step the window can have) does not fit */
	head_texts(s, s->window.pos0, last, s->window.npos, text);
	g->head_rows = g->in.h >= 20 || (g->in.h >= 16 &&
					 utf8_width(text[HEAD_ONE_ROW]) > g->in.w)
			       ? 2 : 1;
	avail = g->in.h - g->head_rows - 2;
	g->terms_rows = avail - 4 >= 6 ? 4 : avail < 2 ? avail : 2;
	avail -= g->terms_rows;
	cap = avail - 8 < CAPTION_ROWS_MAX ? avail - 8 : CAPTION_ROWS_MAX;
	if (cap > 0)
		avail -= cap;
	heat = avail >= 3 ? avail : 0;
	/* a square: the side in pixels is the column width or twice the
	 * rows, whichever is less */
	if (heat > 0) {
		g->side = g->col_w < 2 * heat ? g->col_w : 2 * heat;
		if (g->side > ATT_SIDE_MAX)
			g->side = ATT_SIDE_MAX;
		heat = (g->side + 1) / 2;
	}
	g->names_y = g->head_y + g->head_rows;
	g->heat_y = g->names_y + 1;
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
	used = g.heat_y - g.in.y + (m * rep + 1) / 2 + 1 + g.terms_rows +
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

/* The name of shown matrix k, longest form first (n = 0, 1, 2). */
static const char *scheme_name(const struct state *s, int k, int n)
{
	bool w = att_setup(s).weights == ATTN_W_RANDOM;
	static const char *const rope[2][3] = {
		{ "RoPE: (R_p x)·(R_q x)", "RoPE: R_p x·R_q x", "RoPE" },
		{ "RoPE: (R_p W_Q x)·(R_q W_K x)", "RoPE: R_p Wx·R_q Wx", "RoPE" }
	};

	if (k == 1)
		return rope[w][n];
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
 * ones, longest first. Returns HEAD_TEXTS. */
static int head_texts(const struct state *s, long long pos0, long long last,
		      long long step, char text[HEAD_TEXTS][ATT_TEXT_MAX])
{
	char range[80], content[160], brief[64], w[96], wbrief[48];
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
	snprintf(text[HEAD_ROW1], ATT_TEXT_MAX, tr(s->lang, "rows p (query), columns q (key): %s; colour s / max |s|"), range);
	snprintf(text[HEAD_ROW2], ATT_TEXT_MAX, "%s%s%s", content, dot, w);
	snprintf(text[HEAD_ONE_ROW], ATT_TEXT_MAX, tr(s->lang, "rows p, columns q: %s%s%s%s%s"),
		 range, dot, brief, dot, w);
	snprintf(text[HEAD_SHORT], ATT_TEXT_MAX, "%s%s%s%s%s", range, dot,
		 brief, dot, wbrief);
	snprintf(text[HEAD_SHORTEST], ATT_TEXT_MAX, "%s%s%s", brief, dot, wbrief);
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
		   res->step, text);
	if (g->head_rows >= 2) {
		const char *first[2] = { text[HEAD_ROW1], text[HEAD_SHORT] };
		const char *second[2] = { text[HEAD_ROW2], text[HEAD_SHORTEST] };

		att_fit(c, g->in.x, g->head_y, g->in.w, first, 2, dim_style);
		att_fit(c, g->in.x, g->head_y + 1, g->in.w, second, 2, dim_style);
	} else if (g->head_rows == 1) {
		att_fit(c, g->in.x, g->head_y, g->in.w, one, 3, dim_style);
	}
}

/* "spread 2.2e-16 (p−q = 5)": the largest spread along a diagonal,
 * relative to max |s| of `of`, and (with `where`, when it is not 0) the
 * offset of that diagonal. */
static void spread_text(const struct state *s, const struct attn_spread *sp,
			const struct attn_spread *of, bool where, char *buf,
			size_t n)
{
	char v[32];

	if (sp->groups == 0) {
		snprintf(buf, n, "%s", tr(s->lang, "spread: no diagonal"));
		return;
	}
	fmt_double_compact(of->scale > 0 ? sp->spread / of->scale : 0.0, 2, v,
			   sizeof v);
	if (where && sp->spread > 0)
		snprintf(buf, n, tr(s->lang, "spread %s (p%sq = %lld)"),
			 v, s->ascii ? "-" : "−", sp->offset);
	else
		snprintf(buf, n, tr(s->lang, "spread %s"), v);
}

/* Under the added matrix: each term with its size and its spread. */
static void draw_terms(const struct state *s, struct canvas *c,
		       const struct scores_geom *g,
		       const struct att_matrices *res)
{
	static const char *const name[ATTN_TERMS] = { "c·c", "c·p", "p·c", "p·p" };
	static const char *const ascii[ATTN_TERMS] = { "c.c", "c.p", "p.c", "p.p" };
	const struct attn_spread *added = &res->spread[AM_ADDED];
	char line[ATT_TEXT_MAX], v[32], sp[ATT_TEXT_MAX];
	int x = g->col_x[0], w = g->col_w;

	if (g->terms_rows >= 4) {
		for (int t = 0; t < ATTN_TERMS; t++) {
			char full[2 * ATT_TEXT_MAX + 4];
			const char *cand[2] = { full, line };

			fmt_double_compact(res->rms[t], 3, v, sizeof v);
			snprintf(line, sizeof line, tr(s->lang, "%s rms %s"),
				 s->ascii ? ascii[t] : name[t], v);
			if (AM_CC + t == AM_PP) {
				spread_text(s, &res->spread[AM_PP], added, false, sp,
					    sizeof sp);
				snprintf(full, sizeof full, tr(s->lang, "%s rms %s, %s"),
					 s->ascii ? ascii[t] : name[t], v, sp);
			} else {
				snprintf(full, sizeof full, "%s", line);
			}
			att_fit(c, x, g->terms_y + t, w, cand, 2, text_style);
		}
		return;
	}
	/* compact: the four sizes across the panel, then p·p's spread under
	 * the added matrix (draw_notes writes beside it) */
	{
		char a[2 * ATT_TEXT_MAX], b[ATT_TEXT_MAX], u[4][32];
		const char *cand[2] = { a, b };
		const char *const *n = s->ascii ? ascii : name;

		for (int t = 0; t < ATTN_TERMS; t++)
			fmt_double_compact(res->rms[t], 3, u[t], sizeof u[t]);
		snprintf(b, sizeof b, "%s %s  %s %s  %s %s  %s %s", n[0], u[0],
			 n[1], u[1], n[2], u[2], n[3], u[3]);
		snprintf(a, sizeof a, tr(s->lang, "terms of added PE (rms): %s"), b);
		if (g->terms_rows >= 1)
			att_fit(c, g->in.x, g->terms_y, g->in.w, cand, 2, text_style);
		if (g->terms_rows >= 2) {
			spread_text(s, &res->spread[AM_PP], added, false, sp, sizeof sp);
			snprintf(a, sizeof a, "%s %s", n[3], sp);
			canvas_text(c, x, g->terms_y + 1, w, a, text_style);
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
	int heads = (int)state_view_knob(s, AK_HEADS);

	if (rows < 1)
		return;
	snprintf(a, sizeof a, tr(s->lang, "= %sR(q%sp)k: one turn by q%sp"),
		 s->ascii ? "q^T " : "qᵀ", minus, minus);
	snprintf(b, sizeof b, "= %sR(q%sp)k", s->ascii ? "q^T " : "qᵀ", minus);
	att_fit(c, g->col_x[1], y, g->col_w, cand, 2, dim_style);
	snprintf(a, sizeof a, "%s %s m|p%sq|", s->ascii ? "q.k" : "q·k", minus,
		 minus);
	snprintf(b, sizeof b, "-m|p%sq|", minus);
	att_fit(c, g->col_x[2], y, g->col_w, cand, 2, dim_style);
	if (rows < 2)
		return;
	snprintf(a, sizeof a, tr(s->lang, "m = 2^(-8/%d): head 1 of %d"), heads, heads);
	snprintf(b, sizeof b, "m = 2^(-8/%d)", heads);
	att_fit(c, g->col_x[2], y + 1, g->col_w, cand, 2, dim_style);
}

/* What the numbers say, true for the numbers shown. */
static const char *caption(const struct state *s, const struct att_matrices *res)
{
	bool random = att_setup(s).weights == ATTN_W_RANDOM;

	if (res->spread[AM_ADDED].groups == 0)
		return tr(s->lang, "One position: no two scores share an offset to compare.");
	if (!att_same_content(s))
		return tr(s->lang, "Different tokens at different positions: every score also depends on which tokens meet, so no scheme is a function of p − q alone here (u: the same content everywhere).");
	if (!relative(&res->spread[AM_ROPE]) || relative(&res->spread[AM_ADDED]))
		return tr(s->lang, "At positions this large the angles p·θ lose digits: the spreads show how many.");
	if (random)
		return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value: they are functions of p − q, whatever W_Q and W_K are. Added PE is not: besides the cross terms, W_QᵀW_K stops even p·p from being one.");
	return tr(s->lang, "Each diagonal p − q = k of RoPE and ALiBi holds one value: they are functions of p − q. Added PE is not: p·p is, but the cross terms c·p and p·c depend on q and on p alone.");
}

/* ---- the heatmaps ---- */

/* Matrix i of res as a heatmap from cell (cx, cy), each position rep x
 * rep pixels, coloured by s / max |s|; an odd last pixel row fills its
 * cell (canvas_half). */
static void draw_heat(struct canvas *c, int cx, int cy,
		      const struct att_matrices *res, enum att_mat i, int rep)
{
	const double *v = res->mat + (size_t)i * (size_t)res->m * (size_t)res->m;
	double scale = res->spread[i].scale;
	int m = res->m, side = m * rep;

	for (int py = 0; py < side; py++)
		for (int px = 0; px < side; px++) {
			double s = v[(py / rep) * m + px / rep];

			canvas_half(c, cx + px, 2 * cy + py, scale > 0 ? s / scale : 0);
		}
}

/* ---- the panel ---- */

void att_scores_draw(const struct state *s, struct att_scores *x,
		     struct canvas *c, struct rect r)
{
	struct scores_geom g;
	const struct att_matrices *res;
	const struct attn_spread *sp;
	char title[ATT_TEXT_MAX], line[ATT_TEXT_MAX], brief[ATT_TEXT_MAX];
	const char *cand[2] = { line, brief };
	double progress = 1.0;
	int side, rep;

	geom(s, r, &g);
	side = grid_side(&g);
	res = g.in.w > 0 && g.in.h > 0 ? att_matrices_get(s, x, side, &progress)
				     : NULL;
	snprintf(title, sizeof title, "%s", tr(s->lang, "Scores s(p, q) of one content: added PE, RoPE, ALiBi"));
	if (utf8_width(title) > r.w - 14)
		snprintf(title, sizeof title, "%s", tr(s->lang, "Scores s(p, q)"));
	if (g.in.w > 0 && g.in.h > 0 && progress < 1.0)
		snprintf(title + strlen(title), sizeof title - strlen(title),
			 tr(s->lang, ", computing %d%%"),
			 (int)(progress * 100));
	att_box(c, r, title);
	if (!res || g.col_w < 8) {
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
	for (int k = 0; k < SHOWN; k++) {
		const char *name[3] = { scheme_name(s, k, 0), scheme_name(s, k, 1),
					scheme_name(s, k, 2) };
		char alibi[64], sl[32];

		if (k == 2) {
			fmt_double_compact(att_slope(s), 3, sl, sizeof sl);
			snprintf(alibi, sizeof alibi, "ALiBi, m = %s", sl);
			name[0] = name[1] = alibi;
			name[2] = "ALiBi";
		}
		att_fit(c, g.col_x[k], g.names_y, g.col_w, name, 3, name_style);
		if (g.heat_rows > 0)
			draw_heat(c, g.col_x[k], g.heat_y, res, shown_mat[k], rep);
		sp = &res->spread[shown_mat[k]];
		spread_text(s, sp, sp, true, line, sizeof line);
		spread_text(s, sp, sp, false, brief, sizeof brief);
		att_fit(c, g.col_x[k], g.spread_y, g.col_w, cand, 2,
			(struct style){ relative(sp) ? ROLE_OK : ROLE_WARN,
					ROLE_DEFAULT, ATTR_BOLD });
	}
	draw_terms(s, c, &g, res);
	if (g.terms_rows >= 4)
		draw_notes(s, c, &g, g.terms_y, 2);
	else
		draw_notes(s, c, &g, g.terms_y + 1, g.terms_rows - 1);
	if (g.caption_rows > 0) {
		const char *text = caption(s, res);

		if (paragraph_rows(text, g.in.w) <= g.caption_rows)
			paragraph_draw(c, (struct rect){ g.in.x, g.caption_y, g.in.w,
							 g.caption_rows },
				       text, dim_style);
	}
}
