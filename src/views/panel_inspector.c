/* panel_inspector.c - the encoding formula with today's numbers in it.
 *
 * Rows, most important first; rows that do not fit are dropped and each row
 * is cut to the width (never wrapped):
 *   PE(42, 4) = sin(42 / 10000^(4/512)) = 0.98277   (broken up when narrow)
 *   ω_2 = 0.930572   λ_2 = 2π/ω_2 = 6.75196
 *   ‖PE(42)‖ = √(d/2) = √256 = 16
 *   layout interleaved: dim 4 = sin of pair 2
 *   141 of 256 pairs cycle within len=1000 (λ ≤ len)
 * With s->ascii: ω -> w, λ -> wl, π -> pi, ‖‖ -> ||, √ -> sqrt, ≤ -> <=. */
#include "views/panels.h"
#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "engine/pe.h"
#include "engine/pe_analysis.h"
#include "render/plot.h"
#include "views/panel.h"

enum { LINE_MAX = 256, LINES_MAX = 8 };

/* By size (views/panel.h): a box from 2 rows, the formula alone on one
 * row below; the formula on up to 3 lines from 3 rows, 2 from 2. */
static const struct tier boxed[] = { { 0, 2, 1 } };
static const struct tier formula_rows[] = { { 0, 3, 3 }, { 0, 2, 2 },
					    { 0, 0, 1 } };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *omega, *lambda, *pi, *norm, *le;
	const char *sqrt_name;		/* before "(d/2)" */
	const char *sqrt_open, *sqrt_close;	/* around a number */
};

static const struct symbols utf8_symbols = {
	"ω", "λ", "π", "‖", "≤", "√", "√", ""
};
static const struct symbols ascii_symbols = {
	"w", "wl", "pi", "||", "<=", "sqrt", "sqrt(", ")"
};

/* Writes the formula PE(pos, dim) = f(pos / base^(2i/d)) = value into
 * lines[] and returns how many lines it took: one when it fits in `width`
 * or there is a single row, else broken before " = " into two or three lines
 * (continuations indented) so that the value stays visible. */
static int formula_lines(const struct state *s, int width, int rows,
			 char lines[][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	int dim = s->cur.dim, pair = pe_pair_of(p, dim);
	char base[40], lhs[48], call[160], value[40];
	int wl, wc, wv, most, n = 0;

	fmt_double_shortest(p->base, base, sizeof base);
	wl = snprintf(lhs, sizeof lhs, "PE(%lld, %d)", s->cur.pos, dim);
	wc = snprintf(call, sizeof call, " = %s(%lld / %s^(%d/%d))",
		      pe_fn_of(p, dim) == PE_SIN ? "sin" : "cos", s->cur.pos,
		      base, 2 * pair, p->d_model);
	wv = snprintf(value, sizeof value, " = %.5f",
		      pe_value(p, (double)s->cur.pos, dim));
	most = TIER(formula_rows, width, rows);
	if (wl + wc + wv <= width || most == 1) {
		snprintf(lines[n++], LINE_MAX, "%s%s%s", lhs, call, value);
	} else if (wl + wc <= width || most == 2) {
		snprintf(lines[n++], LINE_MAX, "%s%s", lhs, call);
		snprintf(lines[n++], LINE_MAX, " %s", value);
	} else {
		snprintf(lines[n++], LINE_MAX, "%s", lhs);
		snprintf(lines[n++], LINE_MAX, " %s", call);
		snprintf(lines[n++], LINE_MAX, " %s", value);
	}
	return n;
}

/* Fills lines[] in order of importance and returns how many. */
static int inspector_lines(const struct state *s, int width, int rows,
			   char lines[LINES_MAX][LINE_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	int d = p->d_model, dim = s->cur.dim, pair = pe_pair_of(p, dim);
	int n = formula_lines(s, width, rows, lines);
	char w[32], wl[32], norm[32];

	fmt_double_compact(pe_omega(p, pair), 6, w, sizeof w);
	fmt_double_compact(pe_wavelength(p, pair), 6, wl, sizeof wl);
	fmt_double_compact(sqrt(d / 2.0), 6, norm, sizeof norm);
	snprintf(lines[n++], LINE_MAX, "%s_%d = %s   %s_%d = 2%s/%s_%d = %s",
		 sy->omega, pair, w, sy->lambda, pair, sy->pi, sy->omega, pair,
		 wl);
	snprintf(lines[n++], LINE_MAX, "%sPE(%lld)%s = %s(d/2) = %s%d%s = %s",
		 sy->norm, s->cur.pos, sy->norm, sy->sqrt_name, sy->sqrt_open,
		 d / 2, sy->sqrt_close, norm);
	snprintf(lines[n++], LINE_MAX, tr(s->lang,
		 "layout %s: dim %d = %s of pair %d"),
		 p->layout == PE_INTERLEAVED ? tr(s->lang, "interleaved")
					     : tr(s->lang, "concat"),
		 dim, pe_fn_of(p, dim) == PE_SIN ? "sin" : "cos", pair);
	snprintf(lines[n++], LINE_MAX, tr(s->lang,
		 "%d of %d pairs cycle within len=%lld (%s %s len)"),
		 analysis_pairs_cycling(p, (double)s->cur.len), d / 2, s->cur.len,
		 sy->lambda, sy->le);
	return n;
}

void inspector_draw(const struct state *s, struct canvas *c, struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct rect in = panel_inside(r);
	char lines[LINES_MAX][LINE_MAX];

	/* A panel owns its whole rectangle. */
	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	if (!TIER(boxed, r.w, r.h)) {	/* folded (view_explore.c): the formula alone */
		inspector_lines(s, r.w, 1, lines);
		canvas_text(c, r.x, r.y, r.w, lines[0],
			    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD });
		canvas_set_clip(c, old);
		return;
	}
	panel_open(c, r, tr(s->lang, "Inspector"), NULL);
	if (in.w >= 1 && in.h >= 1) {
		int n = inspector_lines(s, in.w, in.h, lines);

		for (int k = 0; k < n && k < in.h; k++)
			canvas_text(c, in.x, in.y + k, in.w, lines[k],
				    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT,
						    k == 0 ? ATTR_BOLD : 0 });
	}
	canvas_set_clip(c, old);
}
