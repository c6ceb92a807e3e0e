/* view_context_table.c - the context view's presets box and extension
 * table (see view_context_table.h). */
#include "views/view_context_table.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "base/wrap.h"
#include "engine/longrope.h"
#include "engine/pe_variants.h"
#include "model/keys.h"
#include "model/presets.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	NAME_W = 10,		/* columns of the table: the name, */
	L0_W = 9, LAST_W = 10,	/* λ_0, the last λ */
	SIM_W = 9,		/* sim(k=1) */
	ROW_W = 34,		/* a preset's row before its note */
	LINE_MAX = 512
};

/* By size (views/panel.h): a preset's row: its name, d and base from 32
 * columns inside, name and d from 20, else the name alone. */
enum { PRESET_NAME = 1, PRESET_WITH_D, PRESET_FULL };
static const struct tier preset_cols[] = { { 32, 0, PRESET_FULL },
					   { 20, 0, PRESET_WITH_D },
					   { 0, 0, PRESET_NAME } };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style sel_style = { ROLE_CURSOR, ROLE_DEFAULT, ATTR_BOLD };

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

/* The model shown's own scaling in a few words: "YaRN ×40", "Llama 3.1
 * ×8", "no scaling", "a learned table". */
static void own_scaling(const struct state *s, char *buf, size_t n)
{
	struct ctx_own o = ctx_own_of(s);
	char f[32];

	if (!o.shown)
		snprintf(buf, n, "%s", tr(s->lang, "a learned table"));
	else if (o.kind == K_ORIGINAL)
		snprintf(buf, n, "%s", tr(s->lang, "no scaling"));
	else {
		fmt_double_shortest(s->model_rope.factor, f, sizeof f);
		snprintf(buf, n, "%s %s%s", tr(s->lang, kind_name[o.kind]),
			 s->ascii ? "x" : "×", f);
	}
}

/* Appends text to line in `width` display columns (so that "λ" and a
 * Chinese character count as what they take), right- or left-aligned. */
static void put_col(char *line, size_t n, const char *text, int width,
		    bool left)
{
	size_t len = strlen(line);
	int pad = width - utf8_width(text);

	pad = pad > 0 ? pad : 0;
	if (left)
		snprintf(line + len, n - len, "%s%*s", text, pad, "");
	else
		snprintf(line + len, n - len, "%*s%s", pad, "", text);
}

enum { NOTE_LINES_MAX = 8 };	/* lines of one preset's note below */
enum { ROWS_MAX = 64 };		/* the table's rows this box knows of */

/* Below the table from row y to the box's end: "name: what" of each
 * preset whose note did not fit its row, wrapped to the width, the
 * selected one first; a note that does not fit whole is left out, and
 * so are the ones after it. */
static void notes_below(const struct state *s, struct canvas *c,
			struct rect in, int y, const bool *shown)
{
	int n;
	const struct preset *t = presets_table(&n);

	for (int k = -1; k < n; k++) {
		int i = k < 0 ? s->preset : k;
		struct wrap_line l[NOTE_LINES_MAX];
		char note[LINE_MAX];
		int nl;

		if (i < 0 || i >= n || i >= ROWS_MAX || shown[i] ||
		    (k >= 0 && i == s->preset))
			continue;
		snprintf(note, sizeof note, "%s: %s", t[i].name,
			 tr(s->lang, t[i].what));
		nl = wrap_lines(note, in.w, l, NOTE_LINES_MAX);
		if (nl < 1 || nl > NOTE_LINES_MAX || y + nl > in.y + in.h)
			return;
		for (int j = 0; j < nl; j++)
			paragraph_line(c, in.x, y++, in.w, note, &l[j],
				       i == s->preset ? sel_style : dim_style);
	}
}

void ctx_presets_draw(const struct state *s, struct canvas *c, struct rect r)
{
	int n;
	const struct preset *t = presets_table(&n);
	struct rect in = panel_inside(r);
	char line[LINE_MAX], base[32], keys[32];
	bool shown[ROWS_MAX] = { false };

	/* Narrow: name and d only (the names say the base); narrower still,
	 * the names alone. */
	int cols = TIER(preset_cols, in.w, in.h);
	bool full = cols == PRESET_FULL, with_d = cols >= PRESET_WITH_D;

	if (state_model_shown(s)) {
		/* the model's name and its own scaling, whole and brief */
		char own[64], brief[LINE_MAX];

		own_scaling(s, own, sizeof own);
		snprintf(brief, sizeof brief, "%s: %s", s->model, own);
		snprintf(line, sizeof line, tr(s->lang, "Model %s (%s)"),
			 brief, preset_keys(keys, sizeof keys));
		panel_open(c, r, line, brief);
	} else {
		snprintf(line, sizeof line, tr(s->lang, "Presets (%s)"),
			 preset_keys(keys, sizeof keys));
		panel_open(c, r, line, NULL);
	}
	if (in.h < 1 || in.w < 1)
		return;
	line[0] = '\0';
	put_col(line, sizeof line, "", 2, true);
	put_col(line, sizeof line, tr(s->lang, "name"), 12, true);
	if (with_d)
		put_col(line, sizeof line, "d", 6, false);
	if (full) {
		put_col(line, sizeof line, "base", 5, false);
		put_col(line, sizeof line, "L0", 7, false);
	}
	canvas_text(c, in.x, in.y, in.w, line, dim_style);
	/* The notes in their rows when every one fits whole, else below. */
	n = n < ROWS_MAX ? n : ROWS_MAX;
	bool in_rows = full;
	for (int i = 0; i < n && in_rows; i++)
		in_rows = utf8_width(tr(s->lang, t[i].what)) <= in.w - ROW_W;
	/* More rows than fit: the chosen one stays in view, last. */
	int first = s->preset - (in.h - 1) + 1;
	first = first > 0 ? first : 0;
	for (int i = first; i < n && i - first + 1 < in.h; i++) {
		bool cur = i == s->preset;
		const char *what = tr(s->lang, t[i].what);
		const struct rope_model *m = presets_rope(i);
		int used, y = in.y + 1 + i - first;

		/* a learned table has no base */
		if (m && m->kind == ROPE_LEARNED)
			snprintf(base, sizeof base, "-");
		else
			fmt_double_compact(t[i].base, 3, base, sizeof base);
		if (full)
			snprintf(line, sizeof line, "  %-12s %5d %4s %6lld  ",
				 t[i].name, t[i].d_model, base, t[i].train_len);
		else if (with_d)
			snprintf(line, sizeof line, "  %-12s %5d", t[i].name,
				 t[i].d_model);
		else
			snprintf(line, sizeof line, "  %s", t[i].name);
		used = canvas_text(c, in.x, y, in.w, line,
				   cur ? sel_style : text_style);
		if (in_rows) {
			canvas_text(c, in.x + used, y, in.w - used, what,
				    cur ? sel_style : text_style);
			shown[i] = true;
		}
		if (cur)
			canvas_put(c, in.x, y, s->ascii ? '>' : 0x25b6,
				   sel_style);
	}
	notes_below(s, c, in, in.y + 2 + n, shown);
}

/* Which of the table's columns fit w: the last λ and λ_0 go first. */
struct table_cols {
	bool lambda0, lambda_last;
};

static struct table_cols table_cols(int w)
{
	return (struct table_cols){ w >= NAME_W + L0_W + LAST_W + SIM_W,
				    w >= NAME_W + LAST_W + SIM_W };
}

/* The header of the table's columns. */
static void table_header(const struct state *s, struct table_cols tc,
			 int last, char *line, size_t n)
{
	line[0] = '\0';
	put_col(line, n, "", NAME_W, true);
	if (tc.lambda0)
		put_col(line, n, s->ascii ? "wl_0" : "λ_0", L0_W, false);
	if (tc.lambda_last) {
		char a[32];

		snprintf(a, sizeof a, s->ascii ? "wl_%d" : "λ_%d", last);
		put_col(line, n, a, LAST_W, false);
	}
	put_col(line, n, "sim(k=1)", SIM_W, false);
}

/* Row k of the table, from the last finished numbers. */
static void table_row(const struct ctx_curves *ctx, const struct state *s,
		      struct table_cols tc, enum kind k, char *line, size_t n)
{
	struct pe_params was;
	struct stretch st;
	int h;
	char a[32];

	ctx_curves_made_for(ctx, &was, &st);
	h = was.d_model / 2;

	line[0] = '\0';
	if (kind_is_own(&st.own, k)) {
		/* the model's own: marked before its name */
		snprintf(a, sizeof a, "%s%s", s->ascii ? ">" : "▶",
			 tr(s->lang, kind_name[k]));
		put_col(line, n, a, NAME_W, true);
	} else {
		put_col(line, n, tr(s->lang, kind_name[k]), NAME_W, true);
	}
	if (kind_absent(&was, k, &st)) {
		/* no numbers to give: what it lacks (its line says more) */
		size_t at = strlen(line);

		snprintf(line + at, n - at, tr(s->lang, "lists for d %d only"),
			 st.lr ? 2 * st.lr->pairs : 0);
		return;
	}
	if (tc.lambda0) {
		fmt_double_compact(kind_wavelength(&was, k, &st, 0), 3, a,
				   sizeof a);
		put_col(line, n, a, L0_W, false);
	}
	if (tc.lambda_last) {
		fmt_double_compact(kind_wavelength(&was, k, &st, h - 1), 3, a,
				   sizeof a);
		put_col(line, n, a, LAST_W, false);
	}
	snprintf(a, sizeof a, "%.4f", ctx_curves_sim1(ctx, k));
	put_col(line, n, a, SIM_W, false);
}

/* Symbols in the screen's alphabet. */
static const char *sym_lambda(const struct state *s)
{
	return s->ascii ? "wl" : "λ";
}

static const char *sym_omega(const struct state *s)
{
	return s->ascii ? "w" : "ω";
}

static const char *sym_sumcos(const struct state *s)
{
	return s->ascii ? "sum cos(m*th)" : "Σcos(mθ)";
}

static const char *sym_ge(const struct state *s)
{
	return s->ascii ? ">=" : "≥";
}

static const char *sym_sl0(const struct state *s)
{
	return s->ascii ? "s*L0" : "s·L0";
}

/* Draws the first of the n lines that fits in w columns at (x, y), or
 * none: a line is left out rather than cut. Returns whether one fit. */
static bool put_fitting(struct canvas *c, int x, int y, int w,
			char lines[][LINE_MAX], int n)
{
	for (int i = 0; i < n; i++)
		if (utf8_width(lines[i]) <= w) {
			canvas_text(c, x, y, w, lines[i], text_style);
			return true;
		}
	return false;
}

/* The line of lengths: L0, s, s·L0. */
static void lengths_line(const struct state *s, char *line, size_t n)
{
	char sv[32];

	fmt_double_shortest(ctx_scale(s), sv, sizeof sv);
	snprintf(line, n, "L0=%lld  s=%s  %s=%lld", ctx_train(s), sv,
		 s->ascii ? "s*L0" : "s·L0", ctx_span(s));
}

/* NTK's base', whole and short. */
static void ntk_lines(const struct state *s, char out[3][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	char a[32], nb[32], sv[32];

	fmt_double_shortest(ctx_scale(s), sv, sizeof sv);
	fmt_double_compact(pe_ntk_base(p->base, ctx_scale(s), p->d_model), 6,
			   nb, sizeof nb);
	fmt_double_compact(p->base, 3, a, sizeof a);
	snprintf(out[0], LINE_MAX, "NTK base' = %s%s%s^(%d/%d) = %s", a,
		 s->ascii ? "*" : "·", sv, p->d_model, p->d_model - 2, nb);
	snprintf(out[1], LINE_MAX, "NTK base' = %s", nb);
	snprintf(out[2], LINE_MAX, "%s", out[1]);
}

/* YaRN's lines: where the code's ramp runs and the factor on q and k,
 * then how far the paper's gamma is from it; whole and short. */
static void yarn_lines(struct ctx_curves *cx, const struct state *s,
		       char out[3][LINE_MAX], char paper[3][LINE_MAX])
{
	struct ctx_pair_counts pc = ctx_pair_counts(cx, s);
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);
	struct pe_yarn y = ctx_yarn(&x);
	const char *times = s->ascii ? "x" : "×";
	double low, high, gap = pc.yarn_gap;
	int h = p->d_model / 2, at = pc.yarn_gap_at;
	char ramp[LINE_MAX];

	pe_yarn_code_range(p, &y, &low, &high);
	if (high <= h - 1)
		snprintf(ramp, sizeof ramp,
			 tr(s->lang, "YaRN: %s kept to pair %d, ramp to pair "
				     "%d, then PI"), sym_omega(s), (int)low,
			 (int)high);
	else
		snprintf(ramp, sizeof ramp,
			 tr(s->lang, "YaRN: %s kept to pair %d, then a ramp "
				     "that ends past the last pair (at %d)"),
			 sym_omega(s), (int)low, (int)high);
	snprintf(out[0], LINE_MAX, "%s", ramp);
	snprintf(out[0] + strlen(out[0]), LINE_MAX - strlen(out[0]),
		 tr(s->lang, "; q, k %s%.3f"), times, ctx_yarn_attention(s));
	snprintf(out[1], LINE_MAX, "%s", ramp);
	/* the short form names what it counts: "kept to 0, ramp to 21"
	 * alone does not say what is kept */
	if (high <= h - 1)
		snprintf(out[2], LINE_MAX, tr(s->lang, "YaRN: ramp over pairs %d-%d, then PI"),
			 (int)low, (int)high);
	else
		snprintf(out[2], LINE_MAX, tr(s->lang, "YaRN: a ramp from pair %d on"),
			 (int)low);
	if (gap < 1e-12) {
		snprintf(paper[0], LINE_MAX,
			 tr(s->lang, "YaRN paper's ramp (linear in L0/%s): the "
				     "same here"), sym_lambda(s));
		snprintf(paper[1], LINE_MAX, "%s",
			 tr(s->lang, "YaRN paper's ramp: the same here"));
	} else {
		snprintf(paper[0], LINE_MAX,
			 tr(s->lang, "YaRN paper's ramp (linear in L0/%s): %s "
				     "off by up to %.0f%% (pair %d)"),
			 sym_lambda(s), sym_omega(s), 100.0 * gap, at);
		snprintf(paper[1], LINE_MAX,
			 tr(s->lang, "YaRN paper's ramp: %s off by up to %.0f%%"),
			 sym_omega(s), 100.0 * gap);
	}
	snprintf(paper[2], LINE_MAX, "%s", paper[1]);
}

/* Dynamic NTK's line, whole (the current length and the base it gives)
 * and short. */
static void dynamic_lines(const struct state *s, char out[3][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);
	const char *name = tr(s->lang, kind_name[K_DYNAMIC]);
	char fv[32], bv[32];

	if (x.len <= x.train) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "%s: len=%lld %s L0, base' = base"), name,
			 s->cur.len, s->ascii ? "<=" : "≤");
		snprintf(out[1], LINE_MAX, tr(s->lang, "%s: base' = base"),
			 name);
		snprintf(out[2], LINE_MAX, "%s", out[1]);
		return;
	}
	fmt_double_compact(pe_dynamic_ntk_factor(x.s, x.len, x.train), 4, fv,
			   sizeof fv);
	fmt_double_compact(pe_dynamic_ntk_base(p, x.s, x.len, x.train), 4, bv,
			   sizeof bv);
	snprintf(out[0], LINE_MAX, "%s: len=%lld, s%s len/L0 %s (s%s1) = %s, "
		 "base' = %s", name, s->cur.len, s->ascii ? "*" : "·",
		 s->ascii ? "-" : "−", s->ascii ? "-" : "−", fv, bv);
	snprintf(out[1], LINE_MAX, "%s: base' = %s", name, bv);
	snprintf(out[2], LINE_MAX, "%s", out[1]);
}

/* Llama 3.1's line: the pairs it keeps and those it divides by s. */
static void llama3_lines(struct ctx_curves *cx, const struct state *s,
			 char out[3][LINE_MAX])
{
	struct ctx_pair_counts pc = ctx_pair_counts(cx, s);
	int kept = pc.llama3_kept, divided = pc.llama3_divided;
	struct stretch x = ctx_stretch(s);
	struct pe_llama3 l = ctx_llama3(&x);

	if (l.low == PE_LLAMA3_LOW && l.high == PE_LLAMA3_HIGH) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Llama 3.1: %d pairs kept (%s < L0/4), %s/s "
				     "from pair %d (%s > L0)"), kept,
			 sym_lambda(s), sym_omega(s), divided, sym_lambda(s));
	} else {
		/* a model's own factors: the bands' ends are L0/high and
		 * L0/low */
		char lo[32], hi[32];

		fmt_double_shortest(l.low, lo, sizeof lo);
		fmt_double_shortest(l.high, hi, sizeof hi);
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Llama 3.1: %d pairs kept (%s < L0/%s), %s/s "
				     "from pair %d (%s > L0/%s)"), kept,
			 sym_lambda(s), hi, sym_omega(s), divided,
			 sym_lambda(s), lo);
	}
	snprintf(out[1], LINE_MAX, tr(s->lang, "Llama 3.1: %d kept, %s/s "
					       "from %d"),
		 kept, sym_omega(s), divided);
	snprintf(out[2], LINE_MAX, "%s", out[1]);
}

/* LongRoPE's line: whose lists, and which of the two the length takes
 * (the forward pass's switch), or the width they are for. */
static void longrope_lines(const struct state *s, char out[3][LINE_MAX])
{
	struct stretch x = ctx_stretch(s);
	int d = s->cur.pe.d_model;

	if (!longrope_fits(x.lr, d)) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "LongRoPE: %s's lists are for d %d, not %d"),
			 x.lr->who, 2 * x.lr->pairs, d);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "LongRoPE: lists for d %d only"),
			 2 * x.lr->pairs);
	} else if (x.len > x.train) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "LongRoPE: %s's long list (len=%lld > L0), "
				     "one factor a pair"), x.lr->who, s->cur.len);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "LongRoPE: %s's long list"), x.lr->who);
	} else {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "LongRoPE: %s's short list (len=%lld %s L0), "
				     "one factor a pair"), x.lr->who, s->cur.len,
			 s->ascii ? "<=" : "≤");
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "LongRoPE: %s's short list"), x.lr->who);
	}
	snprintf(out[2], LINE_MAX, "%s", out[1]);
}

/* What YaRN and LongRoPE do to a score: transformers multiplies cos and
 * sin by an attention factor (v5 _compute_yarn_parameters: get_mscale(s)
 * = 0.1 ln s + 1; _compute_longrope_parameters: sqrt(1 + ln s / ln L0),
 * both when the config gives none), so q.k is multiplied by its square:
 * the attention temperature, which the line names. A model's config can
 * set YaRN's factor its own way: attention_factor, or get_mscale(s,
 * mscale) / get_mscale(s, mscale_all_dim), 1 at any s when the two are
 * equal (DeepSeek-V3), whatever the formulas box's default says. The
 * other method's factor is then a what-if, and is said to be one. */
static void score_lines(const struct state *s, char out[3][LINE_MAX])
{
	double y = ctx_yarn_attention(s), l = ctx_longrope_attention(s);
	const char *times = s->ascii ? "x" : "×";
	const char *qk = s->ascii ? "q.k" : "q·k";
	struct ctx_own o = ctx_own_of(s);
	const struct rope_model *m = &s->model_rope;

	if (kind_is_own(&o, K_YARN) && m->mscale != 0.0 &&
	    !m->attention_given && m->mscale == m->mscale_all_dim) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Temperature on %s: %s's YaRN %s%.3f, its "
				     "mscale = mscale_all_dim cancel; "
				     "LongRoPE would give %s%.3f"),
			 qk, s->model, times, y * y, times, l * l);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Temperature on %s: YaRN %s%.3f, "
				     "mscales cancel"), qk, times, y * y);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "YaRN %s%.3f on %s: mscales cancel"),
			 times, y * y, qk);
	} else if (kind_is_own(&o, K_YARN) &&
		   (m->attention_given || m->mscale != 0.0)) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Temperature on %s: YaRN %s%.3f from %s's "
				     "%s; LongRoPE would give %s%.3f"),
			 qk, times, y * y, s->model,
			 m->attention_given ? "attention_factor"
					    : "mscale / mscale_all_dim",
			 times, l * l);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Temperature on %s: YaRN %s%.3f, its "
				     "config's"), qk, times, y * y);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "YaRN %s%.3f on %s, its config's"),
			 times, y * y, qk);
	} else if (kind_is_own(&o, K_LONGROPE) && m->attention_given) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Temperature on %s: LongRoPE %s%.3f from "
				     "%s's %s; YaRN would give %s%.3f"),
			 qk, times, l * l, s->model, "attention_factor",
			 times, y * y);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Temperature on %s: LongRoPE %s%.3f, its "
				     "config's"), qk, times, l * l);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "LongRoPE %s%.3f on %s, its config's"),
			 times, l * l, qk);
	} else {
		if (s->ascii)
			snprintf(out[0], LINE_MAX,
				 tr(s->lang, "Temperature on q.k: YaRN "
					     "x%.3f = (0.1 ln s + 1)^2, LongRoPE "
					     "x%.3f = 1 + ln s/ln L0"),
				 y * y, l * l);
		else
			snprintf(out[0], LINE_MAX,
				 tr(s->lang, "Temperature on q·k: YaRN "
					     "×%.3f = (0.1 ln s + 1)², LongRoPE "
					     "×%.3f = 1 + ln s/ln L0"),
				 y * y, l * l);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Temperature on %s: YaRN %s%.3f, "
				     "LongRoPE %s%.3f"),
			 qk, times, y * y, times, l * l);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "%s: YaRN %s%.3f, LongRoPE %s%.3f"),
			 qk, times, y * y, times, l * l);
	}
}

/* Men et al.'s line: how far the base keeps sum_i cos(m theta_i) >= 0,
 * against s·L0. */
static void reach_lines(struct ctx_curves *ctx, const struct state *s,
			char out[3][LINE_MAX])
{
	long long first, limit, span = ctx_span(s);
	char b[32];

	fmt_double_compact(s->cur.pe.base, 3, b, sizeof b);
	if (!ctx_reach(ctx, s, &first, &limit)) {
		snprintf(out[0], LINE_MAX, "%s",
			 tr(s->lang, "Men et al.: scanning..."));
		snprintf(out[1], LINE_MAX, "%s", out[0]);
		snprintf(out[2], LINE_MAX, "%s", out[0]);
	} else if (first > 0) {
		const char *where = first - 1 >= span
					    ? tr(s->lang, "within it")
					    : tr(s->lang, "beyond it");

		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: base %s keeps %s %s 0 up to "
				     "m = %lld; %s = %lld is %s"),
			 b, sym_sumcos(s), sym_ge(s), first - 1, sym_sl0(s), span, where);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Men et al.: %s %s 0 up to %lld; %s %s"),
			 sym_sumcos(s), sym_ge(s), first - 1, sym_sl0(s), where);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "Men et al.: reach %lld, %s %s"), first - 1,
			 sym_sl0(s), where);
	} else {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: base %s keeps %s %s 0 for "
				     "every m up to %lld (the scan's end)"),
			 b, sym_sumcos(s), sym_ge(s), limit);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Men et al.: %s %s 0 up to %lld at least"),
			 sym_sumcos(s), sym_ge(s), limit);
		snprintf(out[2], LINE_MAX,
			 tr(s->lang, "Men et al.: reach > %lld"), limit);
	}
}

/* Men et al.'s smallest base for L0 (arXiv 2405.14591: the smallest base
 * whose B_{m,theta} = sum_i cos(m theta_i) stays >= 0 for every m <= L0),
 * and where today's base is against it; its own reach (the line above)
 * decides whether it keeps the bound itself, as the bases that keep it
 * do not form an interval (pe_variants.h). */
static void base_min_lines(struct ctx_curves *ctx, const struct state *s,
			   char out[3][LINE_MAX])
{
	double bmin, base = s->cur.pe.base;
	enum ctx_base_min st = ctx_base_min(ctx, s, &bmin);
	long long first, limit, l0 = ctx_train(s);
	char b[32], bm[32], bs[32];

	fmt_double_compact(base, 3, b, sizeof b);
	fmt_double_compact(bmin, 7, bm, sizeof bm);
	fmt_double_compact(bmin, 3, bs, sizeof bs);
	if (st == CTX_BMIN_SEARCHING) {
		snprintf(out[0], LINE_MAX, "%s",
			 tr(s->lang, "Men et al.: searching the smallest base "
				     "for L0..."));
		snprintf(out[1], LINE_MAX, "%s",
			 tr(s->lang, "Men et al.: searching..."));
	} else if (st == CTX_BMIN_TOO_LONG) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: smallest base for L0 = %lld not "
				     "searched (too much work at this d and L0)"),
			 l0);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "Men et al.: smallest base for L0 = %lld: "
				     "not searched (too much work)"), l0);
		snprintf(out[2], LINE_MAX, "%s",
			 tr(s->lang, "smallest base: L0 too long to search"));
		return;
	} else if (st == CTX_BMIN_NONE) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: no base keeps %s %s 0 for every m "
				     "%s L0 at d = 2"),
			 sym_sumcos(s), sym_ge(s), s->ascii ? "<=" : "≤");
		snprintf(out[1], LINE_MAX, "%s",
			 tr(s->lang, "smallest base: none at d = 2"));
	} else if (st == CTX_BMIN_ABOVE) {
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: no base below %s keeps %s %s 0 "
				     "for every m %s L0 = %lld (search stopped)"),
			 bm, sym_sumcos(s), sym_ge(s), s->ascii ? "<=" : "≤", l0);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "smallest base for L0: above %s"), bs);
	} else {
		/* today's base against it */
		bool fails = ctx_reach_shown(ctx, s, &first, &limit) && first > 0 &&
			     first <= l0;
		const char *where = base < bmin ? tr(s->lang, "is below it")
				    : !fails ? tr(s->lang, "is above it")
					     : tr(s->lang, "is above it, yet "
							   "fails itself");

		/* the first base, not a threshold: larger ones can fail
		 * (at d 128, L0 4096: 27000 to 40000 do, every base passes
		 * only above about 58790; the man page, men_bound.sh) */
		snprintf(out[0], LINE_MAX,
			 tr(s->lang, "Men et al.: smallest base with %s %s 0 for "
				     "every m %s L0 = %lld: %s, a first base, not "
				     "a threshold (larger ones can fail); base %s %s"),
			 sym_sumcos(s), sym_ge(s), s->ascii ? "<=" : "≤", l0, bm,
			 b, where);
		snprintf(out[1], LINE_MAX,
			 tr(s->lang, "first base with %s %s 0 to L0: %s, larger can "
				     "fail; %s %s"),
			 sym_sumcos(s), sym_ge(s), bm, b, where);
		/* the shortest: where today's base fails itself, that says
		 * it already; else where it stands gives way (the reach line
		 * above says whether it keeps the bound) */
		if (base >= bmin && fails)
			snprintf(out[2], LINE_MAX,
				 tr(s->lang, "first base for L0: %s; %s %s"), bm, b,
				 where);
		else
			snprintf(out[2], LINE_MAX,
				 tr(s->lang, "first base for L0: %s (larger can fail)"),
				 bm);
		return;
	}
	snprintf(out[2], LINE_MAX, "%s", out[1]);
}

/* Why PI was needed, in numbers (Chen et al. 2023, "Extending Context
 * Window of Large Language Models via Positional Interpolation", arXiv
 * 2306.15595, section 2.3): per unit of max_j |h_j| (h_j the pair's
 * product of q and k), their bound on the score extrapolated to offset
 * s, eq. 8 (RoFormer's, with max|h_(j+1) - h_j| <= 2 max|h_j|), is
 * 2 sum_k |A_(k+1)(s)| = d B(s) with rope_bound.h's B, here at s = s L0;
 * interpolated, their Theorem 2.1 bounds something else: how far the
 * score strays from the line between its two trained integer neighbours,
 * by d/(32 ln base) (eq. 7; (s - s1)(s2 - s) <= 1/4), an interpolation
 * error, not a bound on the score. For d 128, base 1e4 and s L0 = 16384:
 * 654 and 0.434 (NumPy). The lines say what each bounds, so no ratio
 * (a NumPy reviewer read "654, between trained offsets 0.434" as two
 * bounds on one thing). Whole, shorter, shortest. */
static void pi_lines(struct ctx_curves *ctx, const struct state *s,
		     char out[3][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	double ext = p->d_model * ctx_span_bound(ctx, s);
	double in = p->d_model / (32 * log(p->base));
	const char *dot = s->ascii ? "*" : "·", *le = s->ascii ? "<=" : "≤";
	char e[32], i[32];

	fmt_double_compact(ext, 3, e, sizeof e);
	fmt_double_compact(in, 3, i, sizeof i);
	snprintf(out[0], LINE_MAX, tr(s->lang, "Why PI: Chen et al.'s bound (eq. 8): |a(%s)| %s %s%smax|h|; interpolated, %s %s%smax|h| off trained neighbours' line"),
		 sym_sl0(s), le, e, dot, le, i, dot);
	snprintf(out[1], LINE_MAX, tr(s->lang, "PI: |a(%s)| %s %s (Chen et al. eq. 8); interpolation error %s %s (%smax|h|)"),
		 sym_sl0(s), le, e, le, i, dot);
	snprintf(out[2], LINE_MAX, tr(s->lang, "PI: |a| %s %s; interpolation error %s %s (%smax|h|)"),
		 le, e, le, i, dot);
}

/* The lines under the table, in the order they give way when rows are
 * short (the last first): each as its whole and its short form. */
enum { LINE_NTK, LINE_YARN, LINE_DYNAMIC, LINE_LLAMA3, LINE_LONGROPE,
       LINE_SCORES, LINE_REACH, LINE_BMIN, LINE_PAPER, LINE_PI, LINES };

static void table_lines(struct ctx_curves *ctx, const struct state *s,
			char out[LINES][3][LINE_MAX])
{
	ntk_lines(s, out[LINE_NTK]);
	yarn_lines(ctx, s, out[LINE_YARN], out[LINE_PAPER]);
	dynamic_lines(s, out[LINE_DYNAMIC]);
	llama3_lines(ctx, s, out[LINE_LLAMA3]);
	longrope_lines(s, out[LINE_LONGROPE]);
	score_lines(s, out[LINE_SCORES]);
	reach_lines(ctx, s, out[LINE_REACH]);
	base_min_lines(ctx, s, out[LINE_BMIN]);
	pi_lines(ctx, s, out[LINE_PI]);
}

/* The box's rows from top to bottom, and how soon each gives way when
 * rows are short (the largest number first): the lengths, the header and
 * the original, PI and NTK rows stay longest, then NTK's base', the other
 * rows, then the lines. */
enum { ITEM_LENGTHS, ITEM_HEADER, ITEM_KIND, ITEM_LINE = ITEM_KIND + KINDS,
       ITEMS = ITEM_LINE + LINES, RANK_MAX = 7, RANK_OWN = -1 };

/* The line that says most about kind k, or -1. */
static int line_of_kind(enum kind k)
{
	static const int line[KINDS] = { -1, LINE_PI, LINE_NTK, LINE_YARN,
					 LINE_DYNAMIC, LINE_LLAMA3,
					 LINE_LONGROPE };

	return line[k];
}

/* absent: LongRoPE has nothing to show (kind_absent); its row and line
 * give way first then. own: the model shown's own kind; its row and line
 * give way last (RANK_OWN), and so do the scores where its own factor
 * multiplies them (YaRN, LongRoPE). */
static int item_rank(int it, bool absent, const struct ctx_own *own)
{
	if (absent && (it == ITEM_KIND + K_LONGROPE ||
		       it == ITEM_LINE + LINE_LONGROPE))
		return RANK_MAX;
	if (own->shown &&
	    (it == ITEM_KIND + (int)own->kind ||
	     (line_of_kind(own->kind) >= 0 &&
	      it == ITEM_LINE + line_of_kind(own->kind)) ||
	     (it == ITEM_LINE + LINE_SCORES &&
	      (own->kind == K_YARN || own->kind == K_LONGROPE))))
		return RANK_OWN;
	static const int kind_rank[KINDS] = { 0, 0, 0, 2, 3, 2, 3 };
	static const int line_rank[LINES] = { 1, 4, 4, 5, 4, 6, 5, 5, 6, 6 };

	if (it < ITEM_KIND)
		return 0;
	if (it < ITEM_LINE)
		return kind_rank[it - ITEM_KIND];
	return line_rank[it - ITEM_LINE];
}

/* After the model's own row, where the room is: "← NAME's own", else
 * "← own", else nothing (the row's mark says it). */
static void own_note(const struct state *s, struct canvas *c, struct rect in,
		     int used, int y, enum kind k)
{
	struct ctx_own o = ctx_own_of(s);
	const char *arrow = s->ascii ? "<-" : "←";
	char note[LINE_MAX], brief[LINE_MAX];

	if (!kind_is_own(&o, k))
		return;
	snprintf(note, sizeof note, tr(s->lang, "  %s %s's own"), arrow,
		 s->model);
	snprintf(brief, sizeof brief, tr(s->lang, "  %s its own"), arrow);
	if (utf8_width(note) <= in.w - used)
		canvas_text(c, in.x + used, y, in.w - used, note, sel_style);
	else if (utf8_width(brief) <= in.w - used)
		canvas_text(c, in.x + used, y, in.w - used, brief, sel_style);
}

void ctx_table_draw(struct ctx_curves *ctx, const struct state *s,
		    struct canvas *c, struct rect r)
{
	const struct pe_params *p = &s->cur.pe;
	struct rect in = panel_inside(r);
	struct table_cols tc = table_cols(in.w);
	bool show[ITEMS];
	int y = in.y, left = 0, room = in.h;
	char line[LINE_MAX];
	char two[LINES][3][LINE_MAX];
	struct stretch x = ctx_stretch(s);
	bool absent;

	panel_open(c, r, tr(s->lang, "Extension (x/X: L0, c/C: s)"),
		   tr(s->lang, "Extension"));
	if (in.h < 1 || in.w < 1)
		return;
	table_lines(ctx, s, two);
	absent = kind_absent(p, K_LONGROPE, &x);
	/* The rows that fit, by rank; a line fits only in one of its forms. */
	for (int it = 0; it < ITEMS; it++)
		show[it] = it < ITEM_LINE ||
			   utf8_width(two[it - ITEM_LINE][2]) <= in.w;
	for (int rank = RANK_MAX; rank >= RANK_OWN; rank--) {
		int n = 0;

		for (int it = 0; it < ITEMS; it++)
			n += show[it];
		for (int it = ITEMS - 1; it >= 0 && n > room; it--)
			if (show[it] && item_rank(it, absent, &x.own) == rank) {
				show[it] = false;
				n--;
			}
	}
	for (int it = 0; it < ITEMS; it++) {
		if (!show[it]) {
			left++;
			continue;
		}
		if (it == ITEM_LENGTHS) {
			lengths_line(s, line, sizeof line);
			canvas_text(c, in.x, y++, in.w, line, text_style);
		} else if (it == ITEM_HEADER) {
			table_header(s, tc, p->d_model / 2 - 1, line, sizeof line);
			canvas_text(c, in.x, y++, in.w, line, dim_style);
		} else if (it < ITEM_LINE) {
			/* the last finished numbers, for the parameters they
			 * were made with; none until the first are done */
			enum kind k = (enum kind)(it - ITEM_KIND);

			if (ctx_curves_have(ctx)) {
				int used;

				table_row(ctx, s, tc, k, line, sizeof line);
				used = canvas_text(c, in.x, y, in.w, line,
					    (struct style){ (uint8_t)kind_role[k],
							    ROLE_DEFAULT, 0 });
				own_note(s, c, in, used, y, k);
			}
			y++;
		} else {
			put_fitting(c, in.x, y++, in.w, two[it - ITEM_LINE], 3);
		}
	}
	panel_more_mark(s, c, r, left, CP_TABLE);
}
