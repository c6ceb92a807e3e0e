/* view_context_table.c - the context view's presets box and extension
 * table (see view_context_table.h). */
#include "views/view_context_table.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "base/wrap.h"
#include "engine/pe_variants.h"
#include "model/keys.h"
#include "model/presets.h"
#include "render/paragraph.h"

enum {
	NAME_W = 9,		/* columns of the table: the name, */
	L0_W = 9, LAST_W = 10,	/* λ_0, the last λ */
	SIM_W = 9,		/* sim(k=1) */
	ROW_W = 33,		/* a preset's row before its note */
	LINE_MAX = 512
};

static const struct style border_style = { ROLE_BORDER, ROLE_DEFAULT, 0 };
static const struct style title_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
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

		if (i < 0 || i >= n || shown[i] || (k >= 0 && i == s->preset))
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
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	char line[LINE_MAX], base[32], keys[32];
	bool shown[16] = { false };

	/* Narrow: name and d only (the names say the base); narrower still,
	 * the names alone. */
	bool full = in.w >= 32, with_d = in.w >= 19;

	snprintf(line, sizeof line, tr(s->lang, "Presets (%s)"),
		 preset_keys(keys, sizeof keys));
	canvas_box(c, r, line, border_style, title_style);
	if (in.h < 1 || in.w < 1)
		return;
	line[0] = '\0';
	put_col(line, sizeof line, "", 2, true);
	put_col(line, sizeof line, tr(s->lang, "name"), 11, true);
	if (with_d)
		put_col(line, sizeof line, "d", 6, false);
	if (full) {
		put_col(line, sizeof line, "base", 5, false);
		put_col(line, sizeof line, "L0", 7, false);
	}
	canvas_text(c, in.x, in.y, in.w, line, dim_style);
	/* The notes in their rows when every one fits whole, else below. */
	bool in_rows = full && n <= (int)(sizeof shown / sizeof *shown);
	for (int i = 0; i < n && in_rows; i++)
		in_rows = utf8_width(tr(s->lang, t[i].what)) <= in.w - ROW_W;
	for (int i = 0; i < n && i + 1 < in.h; i++) {
		bool cur = i == s->preset;
		const char *what = tr(s->lang, t[i].what);
		int used;

		fmt_double_compact(t[i].base, 3, base, sizeof base);
		if (full)
			snprintf(line, sizeof line, "  %-11s %5d %4s %6lld  ",
				 t[i].name, t[i].d_model, base, t[i].train_len);
		else if (with_d)
			snprintf(line, sizeof line, "  %-11s %5d", t[i].name,
				 t[i].d_model);
		else
			snprintf(line, sizeof line, "  %s", t[i].name);
		used = canvas_text(c, in.x, in.y + 1 + i, in.w, line,
				   cur ? sel_style : text_style);
		if (in_rows) {
			canvas_text(c, in.x + used, in.y + 1 + i, in.w - used,
				    what, cur ? sel_style : text_style);
			shown[i] = true;
		}
		if (cur)
			canvas_put(c, in.x, in.y + 1 + i, s->ascii ? '>' : 0x25b6,
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
	char a[32];

	line[0] = '\0';
	put_col(line, n, "", NAME_W, true);
	if (tc.lambda0)
		put_col(line, n, s->ascii ? "wl_0" : "λ_0", L0_W, false);
	if (tc.lambda_last) {
		snprintf(a, sizeof a, s->ascii ? "wl_%d" : "λ_%d", last);
		put_col(line, n, a, LAST_W, false);
	}
	put_col(line, n, "sim(k=1)", SIM_W, false);
}

/* Row k of the table, from the last finished numbers. */
static void table_row(const struct ctx_curves *x, const struct state *s,
		      struct table_cols tc, enum kind k, char *line, size_t n)
{
	struct pe_params was;
	struct stretch st;
	int h;
	char a[32];

	ctx_curves_made_for(x, &was, &st);
	h = was.d_model / 2;

	line[0] = '\0';
	put_col(line, n, tr(s->lang, kind_name[k]), NAME_W, true);
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
	snprintf(a, sizeof a, "%.4f", ctx_curves_sim1(x, k));
	put_col(line, n, a, SIM_W, false);
}

/* The pairs where YaRN's ramp ends at L0: the last with gamma = 1 (-1:
 * none) and the first with gamma = 0 (h: none). */
static void yarn_ends(const struct pe_params *p, const struct stretch *x,
		      int *full, int *none)
{
	struct pe_yarn y = { x->s, x->train, PE_YARN_ALPHA, PE_YARN_BETA };
	int h = p->d_model / 2;

	*full = -1;
	*none = h;
	for (int i = 0; i < h; i++) {
		double g = pe_yarn_gamma(p, &y, i);

		if (g == 1.0)
			*full = i;
		if (g == 0.0 && *none == h)
			*none = i;
	}
}

/* Draws the first of the n lines that fits in w columns at (x, y), or
 * none: a line is left out rather than cut. */
static void put_fitting(struct canvas *c, int x, int y, int w,
			char lines[][LINE_MAX], int n)
{
	for (int i = 0; i < n; i++)
		if (utf8_width(lines[i]) <= w) {
			canvas_text(c, x, y, w, lines[i], text_style);
			return;
		}
}

/* The YaRN line, whole (where its ramp ends, and the factor on q and k)
 * and without the factor. */
static void yarn_lines(const struct state *s, char out[2][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	struct stretch x = ctx_stretch(s);
	int full, none, h = p->d_model / 2;
	const char *g = s->ascii ? "g" : "γ", *times = s->ascii ? "x" : "×";
	size_t len;

	yarn_ends(p, &x, &full, &none);
	if (full >= 0 && none < h)
		snprintf(out[1], LINE_MAX, tr(s->lang, "YaRN: %s = 1 up to pair "
						       "%d, 0 from %d"),
			 g, full, none);
	else if (full >= 0)
		snprintf(out[1], LINE_MAX, tr(s->lang, "YaRN: %s = 1 up to pair "
						       "%d, then above 0"),
			 g, full);
	else if (none < h)
		snprintf(out[1], LINE_MAX, tr(s->lang, "YaRN: %s < 1 at every "
						       "pair, 0 from %d"),
			 g, none);
	else
		snprintf(out[1], LINE_MAX, tr(s->lang, "YaRN: 0 < %s < 1 at "
						       "every pair"), g);
	len = (size_t)snprintf(out[0], LINE_MAX, "%s", out[1]);
	snprintf(out[0] + len, LINE_MAX - len, tr(s->lang, "; q, k %s%.3f"),
		 times, pe_yarn_temperature(x.s));
}

/* The line of lengths: L0, s, s·L0. */
static void lengths_line(const struct state *s, char *line, size_t n)
{
	char sv[32];

	fmt_double_shortest(ctx_scale(s), sv, sizeof sv);
	snprintf(line, n, "L0=%lld  s=%s  %s=%lld", ctx_train(s), sv,
		 s->ascii ? "s*L0" : "s·L0", ctx_span(s));
}

/* Dynamic NTK's line, whole (the current length and the factor it
 * gives) and without the length. */
static void dynamic_lines(const struct state *s, char out[2][LINE_MAX])
{
	struct stretch x = ctx_stretch(s);
	const char *name = tr(s->lang, kind_name[K_DYNAMIC]);
	char dv[32];

	fmt_double_compact(pe_dynamic_ntk_scale(x.len, x.train), 4, dv,
			   sizeof dv);
	snprintf(out[0], LINE_MAX, "%s: len=%lld, s' = max(1, len/L0) = %s",
		 name, s->cur.len, dv);
	snprintf(out[1], LINE_MAX, "%s: s' = max(1, len/L0) = %s", name, dv);
}

void ctx_table_draw(const struct ctx_curves *x, const struct state *s,
		    struct canvas *c, struct rect r)
{
	const struct pe_params *p = &s->cur.pe;
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	struct table_cols tc = table_cols(in.w);
	int rows = KINDS, lines = in.h - 1 - KINDS, y = in.y;
	char line[LINE_MAX], a[32], nb[32], sv[32], two[2][LINE_MAX];

	canvas_box(c, r, ctx_fit_title(r.w, tr(s->lang, "Extension (x/X: L0, c/C: s)"),
				   tr(s->lang, "Extension")),
		   border_style, title_style);
	if (in.h < 1 || in.w < 1)
		return;
	/* Rows short: the lines go first, then the table's last rows, which
	 * a note replaces. */
	if (lines < 0) {
		rows = in.h >= 3 ? in.h - 2 : 0;
		lines = 0;
	}
	if (lines >= 1) {
		lengths_line(s, line, sizeof line);
		canvas_text(c, in.x, y++, in.w, line, text_style);
	}
	if (in.h >= 2 || rows == KINDS) {
		table_header(s, tc, p->d_model / 2 - 1, line, sizeof line);
		canvas_text(c, in.x, y++, in.w, line, dim_style);
	}
	/* The last finished numbers, for the parameters they were made
	 * with; none until the first are done. */
	for (int k = 0; k < rows && ctx_curves_have(x); k++) {
		table_row(x, s, tc, (enum kind)k, line, sizeof line);
		canvas_text(c, in.x, y++, in.w, line,
			    (struct style){ (uint8_t)kind_role[k], ROLE_DEFAULT, 0 });
	}
	if (rows < KINDS) {
		snprintf(line, sizeof line,
			 tr(s->lang, "%d more rows on a taller screen"),
			 KINDS - rows);
		canvas_text(c, in.x, in.y + in.h - 1, in.w, line, dim_style);
		return;
	}
	y = in.y + 1 + (lines >= 1) + KINDS;
	if (lines >= 2) {
		fmt_double_shortest(ctx_scale(s), sv, sizeof sv);
		fmt_double_compact(pe_ntk_base(p->base, ctx_scale(s), p->d_model),
				   6, nb, sizeof nb);
		fmt_double_compact(p->base, 3, a, sizeof a);
		snprintf(line, sizeof line, "NTK base' = %s%s%s^(%d/%d) = %s", a,
			 s->ascii ? "*" : "·", sv, p->d_model, p->d_model - 2, nb);
		put_fitting(c, in.x, y++, in.w, &line, 1);
	}
	if (lines >= 3) {
		yarn_lines(s, two);
		put_fitting(c, in.x, y++, in.w, two, 2);
	}
	if (lines >= 4) {
		dynamic_lines(s, two);
		put_fitting(c, in.x, y, in.w, two, 2);
	}
}

