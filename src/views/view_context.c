/* view_context.c - the base presets, and what the ways of stretching a
 * trained context length L0 by a factor s do to the encoding, as the code
 * the models run computes them (Hugging Face's modeling_rope_utils.py:
 * position interpolation, YaRN, dynamic NTK and Llama 3.1's "llama3"
 * scaling) and, for the NTK-aware base, which transformers does not have
 * (its kinds: default, linear, dynamic, yarn, longrope, llama3), as
 * bloc97's post that proposed it (r/LocalLLaMA, 2023) computes it.
 *
 * Tall (r.h >= TALL_H, 120x40):
 *   ┌ Presets (m / M) ─────────┐┌ Extension (x/X: L0, c/C: s) ───────┐
 *   │  name       d base    L0 ││L0=4096  s=4  s·L0=16384            │
 *   │▶ head-1e4 128  1e4  4096 ││          λ_0  λ_63 sim(k=1)        │
 *   │  ...                     ││original ... Llama 3.1 (its colour) │
 *   │                          ││NTK base', YaRN's ramp, dyn. NTK,   │
 *   │                          ││Llama 3.1, Men et al.'s reach  +N ─┘│
 *   └──────────────────────────┘└────────────────────────────────────┘
 *   ┌ Wavelength of each pair ─┐┌ Similarity vs offset k ────────────┐
 *   │six curves, L0 and s·L0   ││six curves over k = 0 .. s·L0, │ L0 │
 *   └──────────────────────────┘└────────────────────────────────────┘
 *   ┌ Formulas (Hugging Face's code; NTK-aware: bloc97's, ...) ─────┐
 *   │a formula per method, then the caption             +N more ───┘│
 *   └───────────────────────────────────────────────────────────────┘
 * Short (80x24, 100x30): the formulas box takes the presets' place (the
 * presets keys still work; its title says so), and the plots get the rows
 * the formulas had.
 *
 * A box that cannot show all its text says so on its lower border ("+N
 * more: F zoom"); the similarity plot's legend names every curve in its
 * colour and says which lie wholly under another one (within half a dot
 * row: "dyn. NTK hidden by original" while len <= L0) or mostly (a braille
 * cell takes the colour of the last curve in it: "YaRN mostly hidden by PI").
 *
 * The two upper boxes: view_context_table.h; the curves and the table's
 * numbers: view_context_curves.h. The curves and the table's numbers are
 * cached by their inputs (d, base, s, L0, len, plot sizes), so moving the
 * position or the window costs only the drawing; at the largest d they are
 * computed over several frames, and the last finished ones show
 * meanwhile. */
#include "base/lang.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/plot_log.h"
#include "render/paragraph.h"
#include "views/panel.h"
#include "views/panels.h"
#include "views/view_context_common.h"
#include "views/view_context_curves.h"
#include "views/view_context_stretch.h"
#include "views/view_context_table.h"

enum {
	TALL_H = 34,		/* from here the presets box and the formulas
				   box below the plots both show */
	PLOT_ROWS_SHORT = 9,	/* a plot box's rows at least, short and */
	PLOT_ROWS_TALL = 12,	/* tall */
	EXT_W = 40,		/* the extension box on narrow screens */
	WIDE_W = 100,		/* from here the extension box takes 9/20 */
	SIM_GUTTER = 6,		/* y labels ("-0.25") and a blank */
	LEGEND2_H = 10,		/* inner rows from which the similarity
				   legend takes two rows */
	MOSTLY_NUM = 2,		/* a curve in sight in fewer than 2/3 of */
	MOSTLY_DEN = 3,		/* its columns is "mostly under" another */
	OWN_MAX = 1 << 16,	/* plot cells up to which that is checked */
	POINTS_MAX = 2 * CANVAS_MAX + 1,
	LINE_MAX = 1024
};

/* By size (views/panel.h): the formulas box from 6 x 3; the similarity
 * box's legend from 4 rows inside, its ticks from 3, its plot from 2 x 1
 * cells, with the value labels' gutter where that leaves it 4 columns. */
static const struct tier text_least[] = { { 6, 3, 1 } };
static const struct tier sim_legend[] = { { 0, 4, 1 } };
static const struct tier sim_ticks[] = { { 0, 3, 1 } };
static const struct tier gutter_room[] = { { 4, 0, 1 } };
static const struct tier sim_least[] = { { 2, 1, 1 } };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_MARKER, ROLE_DEFAULT, 0 };
static const struct style reach_style = { ROLE_WARN, ROLE_DEFAULT, 0 };

struct ctx_layout {
	struct rect presets;	/* h == 0: not shown */
	struct rect ext, spec, sim, text;
};

/* A plot box's insides: legend row, plot area, tick row. */
struct ctx_plot {
	int legend_y;		/* first row of the legend, or -1 */
	int legend_rows;	/* 0, 1 or 2 */
	int tick_y;		/* row of the ticks, or -1 */
	int gutter_x, gutter_w;	/* y labels */
	struct plot_area area;	/* area.h == 0: no room to plot */
};

/* ---- text ---- */

/* The formulas, one method a line, in the screen's alphabet: what Hugging
 * Face's _compute_*_parameters compute (pe_variants.h). */
static void formulas_text(const struct state *s, char *buf, size_t n)
{
	/* full-width after a Chinese name, as Chinese text writes it */
	const char *sep = s->lang == LANG_ZH ? "：" : ": ";

	if (s->ascii)
		snprintf(buf, n,
			 "PI%sw'_i = w_i/s\n"
			 "NTK%sbase' = base*s^(d/(d-2)) (bloc97)\n"
			 "YaRN%sw'_i = (w_i/s)*(1-m_i) + w_i*m_i, m_i = 1 - "
			 "min(1, max(0, (i-lo)/(hi-lo))), lo = floor(c(32)), hi = "
			 "ceil(c(1)), c(r) = d*ln(L0/(2*pi*r))/(2*ln base); "
			 "q.k x (0.1*ln s + 1)^2\n"
			 "%s%sbase' = base*(s*len/L0 - (s-1))^(d/(d-2)), len >= L0\n"
			 "Llama 3.1%sw'_i = w_i (wl_i < L0/4), w_i/s (wl_i > L0), "
			 "(1-g)*w_i/s + g*w_i (g = (L0/wl_i - 1)/3)\n"
			 "LongRoPE%sw'_i = w_i/f_i, f = short_factor (len <= L0), "
			 "long_factor (len > L0); q.k x (1 + ln s/ln L0)",
			 sep, sep, sep, tr(s->lang, kind_name[K_DYNAMIC]), sep,
			 sep, sep);
	else
		snprintf(buf, n,
			 "PI%sω'_i = ω_i/s\n"
			 "NTK%sbase' = base·s^(d/(d−2)) (bloc97)\n"
			 "YaRN%sω'_i = (ω_i/s)·(1−m_i) + ω_i·m_i, m_i = 1 − "
			 "min(1, max(0, (i−lo)/(hi−lo))), lo = ⌊c(32)⌋, hi = ⌈c(1)⌉, "
			 "c(r) = d·ln(L0/(2πr))/(2·ln base); q·k ×(0.1·ln s + 1)²\n"
			 "%s%sbase' = base·(s·len/L0 − (s−1))^(d/(d−2)), len ≥ L0\n"
			 "Llama 3.1%sω'_i = ω_i (λ_i < L0/4), ω_i/s (λ_i > L0), "
			 "(1−g)·ω_i/s + g·ω_i (g = (L0/λ_i − 1)/3)\n"
			 "LongRoPE%sω'_i = ω_i/f_i, f = short_factor (len ≤ L0), "
			 "long_factor (len > L0); q·k ×(1 + ln s/ln L0)",
			 sep, sep, sep, tr(s->lang, kind_name[K_DYNAMIC]), sep,
			 sep, sep);
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
		"does, and ramps between them pair by pair; Llama 3.1 does the "
		"same by wavelength (kept below L0/4, divided by s above L0). "
		"Dynamic NTK changes nothing until len passes L0, then raises "
		"the base with len. LongRoPE divides each pair by a factor of "
		"its own, searched for the model: one list up to L0, another "
		"past it.");

	if (paragraph_rows(full, w) <= rows)
		return full;
	return tr(s->lang, "PI squeezes every frequency: neighbours blur. NTK "
			   "stretches mainly the slow pairs; YaRN and Llama 3.1 "
			   "keep the fast ones exactly as trained; dynamic NTK "
			   "waits until len passes L0.");
}

/* The formulas box: the formulas that fit whole, then the caption that
 * fits whole in the rows left (the long one, else the short one); "+N
 * more" on its lower border for the rows of what is left out. */
static void draw_text_box(const struct state *s, struct canvas *c,
			  struct rect r, bool tall)
{
	struct rect in;
	char f[LINE_MAX];
	const char *cap;
	int used, crows, left;

	if (!TIER(text_least, r.w, r.h))
		return;
	if (tall)
		in = panel_open(c, r, tr(s->lang, "Formulas (Hugging Face's code; "
					       "NTK-aware: bloc97's, not in transformers)"),
				NULL);
	else
		in = panel_open(c, r, tr(s->lang, "Formulas (HF code, NTK bloc97's; "
					       "presets: m/M)"),
				tr(s->lang, "Formulas"));
	formulas_text(s, f, sizeof f);
	/* whole formulas only: one cut mid-expression would read as the
	 * formula; from the first that does not fit, all go to "+N more" */
	used = left = 0;
	for (char *line = f, *end; line; line = end ? end + 1 : NULL) {
		int rows;

		end = strchr(line, '\n');
		if (end)
			*end = '\0';
		rows = paragraph_rows(line, in.w);
		if (left == 0 && used + rows <= in.h) {
			paragraph_draw(c, (struct rect){ in.x, in.y + used, in.w,
							 rows }, line, text_style);
			used += rows;
		} else {
			left += rows;
		}
	}
	cap = caption_text(s, in.w, in.h - used);
	crows = paragraph_rows(cap, in.w);
	if (left == 0 && used + crows <= in.h) {
		paragraph_draw(c, (struct rect){ in.x, in.y + used, in.w, crows },
			       cap, text_style);
		crows = 0;
	}
	panel_more_mark(s, c, r, left + crows, CP_FORMULAS);
}

/* ---- layout ---- */

static void ctx_layout(const struct state *s, struct rect r,
		       struct ctx_layout *l)
{
	bool tall = r.h >= TALL_H;
	int top = CTX_TABLE_ROWS, plots, text = 0;
	int ew = r.w >= WIDE_W ? r.w * 9 / 20 : EXT_W;
	int lw;

	if (ew > r.w - r.w / 3)
		ew = r.w - r.w / 3;
	lw = r.w - ew;
	if (tall) {
		char f[LINE_MAX];

		/* The formulas box gets its formulas and a short caption,
		 * the plots at least PLOT_ROWS_TALL rows. */
		formulas_text(s, f, sizeof f);
		text = paragraph_rows(f, r.w - 2) + 2 + 2;
		if (top + text + PLOT_ROWS_TALL > r.h)
			top = r.h - text - PLOT_ROWS_TALL;
		if (top < 10)
			top = 10;
		plots = r.h - top - text;
		if (plots < PLOT_ROWS_TALL) {
			plots = PLOT_ROWS_TALL;
			text = r.h - top - plots;
		}
	} else {
		/* half, and a row more for the similarity plot's second
		 * legend row where the table keeps a row for every kind (its
		 * borders, the lengths, the header, the kinds) */
		plots = r.h / 2 > PLOT_ROWS_SHORT ? r.h / 2 : PLOT_ROWS_SHORT;
		if (r.h - plots - 1 >= 2 + 2 + ctx_kinds_shown(s))
			plots++;
		top = r.h - plots;
		if (top > CTX_TABLE_ROWS) {
			top = CTX_TABLE_ROWS;
			plots = r.h - top;
		}
		if (top < 0) {
			top = 0;
			plots = r.h;
		}
	}
	l->ext = (struct rect){ r.x + lw, r.y, r.w - lw, top };
	l->presets = (struct rect){ r.x, r.y, 0, 0 };
	l->text = (struct rect){ r.x, r.y, 0, 0 };
	if (tall) {
		l->presets = (struct rect){ r.x, r.y, lw, top };
		l->text = (struct rect){ r.x, r.y + top + plots, r.w, text };
	} else if (s->preset >= 0) {
		/* short: the presets box once a preset is chosen, else the
		 * formulas in its place */
		l->presets = (struct rect){ r.x, r.y, lw, top };
	} else {
		l->text = (struct rect){ r.x, r.y, lw, top };
	}
	l->spec = (struct rect){ r.x, r.y + top, r.w / 2, plots };
	l->sim = (struct rect){ r.x + r.w / 2, r.y + top, r.w - r.w / 2, plots };
}

/* The similarity box's insides for s in r: one legend row, or two where
 * the box has LEGEND2_H inner rows (names on the first, what lies under
 * what and the marks on the second), the plot, the tick row. */
static void sim_geom(const struct state *s, struct rect r, struct ctx_plot *g)
{
	struct rect in = panel_inside(r);
	int gutter_w = SIM_GUTTER, rows;

	(void)s;
	memset(g, 0, sizeof *g);
	g->legend_y = TIER(sim_legend, in.w, in.h) ? in.y : -1;
	g->legend_rows = in.h >= LEGEND2_H ? 2 : g->legend_y >= 0;
	g->tick_y = TIER(sim_ticks, in.w, in.h) ? in.y + in.h - 1 : -1;
	rows = in.h - g->legend_rows - (g->tick_y >= 0);
	if (!TIER(gutter_room, in.w - gutter_w, rows))
		gutter_w = 0;
	g->gutter_x = in.x;
	g->gutter_w = gutter_w;
	if (!TIER(sim_least, in.w - gutter_w, rows))
		return;
	/* the axis's columns; its samples are the curves', known once they
	 * are (draw_similarity) */
	g->area = (struct plot_area){
		plot_log_axis(2, in.x + gutter_w, in.w - gutter_w),
		in.y + g->legend_rows, rows, 0.0, 1.0, 0
	};
}

/* under[k] of a kind with no curve (kind_absent): in no legend or note. */
enum { UNDER_ABSENT = -2 };

/* For every kind, the kind drawn later whose curve lies over its curve
 * everywhere (within half a dot row at every sample), or -1: under[k]
 * (UNDER_ABSENT where absent[k]; no curve lies under an absent one).
 * val(ctx, k, j) is kind k's value at sample j of n, on an axis of `dots`
 * dot rows for the range `span` of values. */
static void find_hidden(double (*val)(const void *ctx, int k, int j),
			const void *ctx, int n, double dots, double span,
			const bool *absent, int *under)
{
	double tol = span > 0.0 ? 0.5 * span / dots : 0.0;

	for (int o = 0; o < KINDS; o++) {
		int k = (int)kind_draw_order[o];

		under[k] = absent[k] ? UNDER_ABSENT : -1;
		for (int q = KINDS - 1; q > o && under[k] == -1; q--) {
			int top = (int)kind_draw_order[q];
			bool same = !absent[top];

			for (int j = 0; j < n && same; j++)
				same = fabs(val(ctx, k, j) - val(ctx, top, j)) <=
				       tol;
			if (same)
				under[k] = top;
		}
	}
}

/* The kind whose curve has role r, or -1. */
static int kind_of_role(int r)
{
	for (int k = 0; k < KINDS; k++)
		if ((int)kind_role[k] == r)
			return k;
	return -1;
}

/* The curves of area a as drawn on c: a braille cell has one colour, the
 * last curve's to set a dot in it, so a curve drawn earlier near a later
 * one loses those cells. own[k * w * h + cell] says which cells kind k
 * set; for every kind not wholly under another (under[k] < 0) that shows
 * in fewer than MOSTLY_NUM/MOSTLY_DEN of the columns it was drawn in, the
 * kind that took most of its lost cells: mostly[k] (else -1). */
static void find_mostly(const struct canvas *c, const struct plot_area *a,
			const uint8_t *own, const int *under, int *mostly)
{
	size_t cells = (size_t)a->ax.w * (size_t)a->h;

	for (int k = 0; k < KINDS; k++) {
		int took[KINDS] = { 0 }, drawn = 0, seen = 0, best = -1;

		mostly[k] = -1;
		if (under[k] != -1)
			continue;
		for (int x = 0; x < a->ax.w; x++) {
			bool d = false, v = false;

			for (int y = 0; y < a->h; y++) {
				const struct cell *cl;
				int o;

				if (!own[(size_t)k * cells + (size_t)y * (size_t)a->ax.w +
					 (size_t)x])
					continue;
				d = true;
				cl = canvas_cell(c, a->ax.x0 + x, a->y0 + y);
				o = cl ? kind_of_role(cl->fg) : -1;
				if (o == k)
					v = true;
				else if (o >= 0)
					took[o]++;
			}
			drawn += d;
			seen += v;
		}
		if (seen * MOSTLY_DEN >= drawn * MOSTLY_NUM)
			continue;
		for (int o = 0; o < KINDS; o++)
			if (took[o] > 0 && (best < 0 || took[o] > took[best]))
				best = o;
		mostly[k] = best;
	}
}

/* Marks in own[] (one byte a cell of area a) the braille cells of c in
 * role r. */
static void mark_own(const struct canvas *c, const struct plot_area *a,
		     enum role r, uint8_t *own)
{
	for (int y = 0; y < a->h; y++)
		for (int x = 0; x < a->ax.w; x++) {
			const struct cell *cl = canvas_cell(c, a->ax.x0 + x,
							    a->y0 + y);

			if (cl && cl->kind == CELL_BRAILLE && cl->fg == r &&
			    (cl->ch & 0xff))
				own[(size_t)y * (size_t)a->ax.w + (size_t)x] = 1;
		}
}

/* Text t at x on row y, up to column end, in style st; the column after
 * it. */
static int put(struct canvas *c, int x, int y, int end, const char *t,
	       struct style st)
{
	return x + canvas_text(c, x, y, end - x, t, st);
}

/* Group t of the legend's note into buf: the kinds wholly under kind t
 * ("dyn. NTK hidden by original") for t < KINDS, those mostly under kind
 * t - KINDS ("YaRN, Llama 3.1 mostly hidden by PI") from KINDS on; "" when
 * there are none. */
static void note_group(const struct state *s, const int *under,
		       const int *mostly, int t, char *buf, size_t n)
{
	const int *rel = t < KINDS ? under : mostly;
	int top = t % KINDS;
	char who[128] = "";
	size_t at = 0;

	buf[0] = '\0';
	for (int k = 0; k < KINDS; k++)
		if (rel[k] == top) {
			snprintf(who + at, sizeof who - at, "%s%s", at ? ", " : "",
				 tr(s->lang, kind_name[k]));
			at = strlen(who);
		}
	if (at)
		snprintf(buf, n,
			 t < KINDS ? tr(s->lang, "%s hidden by %s")
				   : tr(s->lang, "%s mostly hidden by %s"),
			 who, tr(s->lang, kind_name[top]));
}

/* Whether some group of the note comes after group t. */
static bool after_t(const int *under, const int *mostly, int t)
{
	for (int u = t + 1; u < 2 * KINDS; u++)
		for (int k = 0; k < KINDS; k++)
			if ((u < KINDS ? under : mostly)[k] == u % KINDS)
				return true;
	return false;
}

/* The legend: the names of the curves in sight (not wholly under
 * another), each in its curve's colour (bold), and `extra` (the L0 mark's
 * key) dimmed on the first row. Then the note: which curves lie wholly
 * under another, and which mostly (in sight in fewer than 2/3 of their
 * columns: their cells went to a curve drawn later), in groups, on the
 * second row where there is one (else after the names), the ones that
 * wholly hidden first, as many whole groups as fit, then how many curves
 * the ones left out hold: " +N hidden", or "N curves under
 * others" when no group fits (the table's rows, in the same colours, name
 * them). Returns the column after `extra`'s key (else after the last
 * row's text), and its row in *row. */
static int draw_legend(const struct state *s, struct canvas *c,
		       const struct ctx_plot *g, int x, int w,
		       const char *extra, const int *under, const int *mostly,
		       int *row)
{
	char names[256] = "", grp[256];
	int end = x + w, y = g->legend_y, x0 = x, groups = 0, put_any = 0;
	int left = 0, mark_x = -1, mark_y = -1, left_w;
	char count[64];

	/* the count's width, in the screen's language */
	snprintf(count, sizeof count, tr(s->lang, " +%d hidden"), KINDS);
	left_w = utf8_width(count);
	*row = y;
	if (y < 0)
		return x;
	for (int k = 0; k < KINDS; k++)
		if (under[k] == -1) {
			size_t len = strlen(names);

			snprintf(names + len, sizeof names - len, "%s%s",
				 len ? " " : "", tr(s->lang, kind_name[k]));
		}
	if (utf8_width(names) <= w) {
		for (int k = 0; k < KINDS; k++)
			if (under[k] == -1) {
				x = put(c, x, y, end, tr(s->lang, kind_name[k]),
					(struct style){ (uint8_t)kind_role[k],
							ROLE_DEFAULT, ATTR_BOLD });
				x = put(c, x, y, end, " ", text_style);
			}
		if (g->legend_rows == 2) {
			if (extra && utf8_width(extra) + 1 <= end - x) {
				x += 1 + canvas_text(c, x + 1, y, end - x - 1,
						     extra, dim_style);
				/* the marks' keys go on after it */
				mark_x = x, mark_y = y;
			}
			extra = NULL;
			y++, x = x0;
		}
	}
	/* the groups, whole: the wholly hidden first, then the "mostly"
	 * ones (KINDS ..); those that do not fit counted after them */
	for (int t = 0; t < 2 * KINDS; t++) {
		const char *sep = s->lang == LANG_ZH ? "；" : "; ";
		int gw, sw = put_any ? utf8_width(sep) : 0;

		note_group(s, under, mostly, t, grp, sizeof grp);
		if (!grp[0])
			continue;
		groups++;
		gw = utf8_width(grp);
		/* room for the count of the curves after it, if any, past
		 * the first group, and always once a group was left out (so
		 * that a smaller group after it does not take the count's
		 * place) */
		if (sw + gw + ((put_any && after_t(under, mostly, t)) ||
			       left > 0 ? left_w : 0) >
		    end - x) {
			for (int k = 0; k < KINDS; k++)
				left += (t < KINDS ? under : mostly)[k] == t % KINDS;
			continue;
		}
		if (put_any)
			x = put(c, x, y, end, sep, text_style);
		x = put(c, x, y, end, grp, text_style);
		put_any++;
	}
	if (left > 0) {
		char m[64];

		snprintf(m, sizeof m, put_any
			 ? tr(s->lang, " +%d hidden")
			 : tr(s->lang, "%d curves hidden by others"), left);
		if (utf8_width(m) <= end - x)
			x = put(c, x, y, end, m, text_style);
	}
	if (groups)
		x = put(c, x, y, end, " ", text_style);
	if (extra && utf8_width(extra) + 1 <= end - x)
		x += 1 + canvas_text(c, x + 1, y, end - x - 1, extra, dim_style);
	if (mark_x >= 0)
		x = mark_x, y = mark_y;
	*row = y;
	return x;
}

/* The similarity curves' samples: KINDS * n values. */
struct sim_samples {
	const double *v;
	int n;
};

static double sim_value(const void *ctx, int k, int j)
{
	const struct sim_samples *ss = ctx;

	return ss->v[(size_t)k * (size_t)ss->n + (size_t)j];
}

static void draw_similarity(const struct ctx_curves *ctx,
			    const struct state *s, struct canvas *c,
			    struct rect r)
{
	double lo = 0.0, top;
	struct ctx_plot g;
	struct pe_params was;
	struct stretch st;
	bool absent[KINDS];
	int n, under[KINDS], mostly[KINDS];
	long long first, limit;
	bool reach;
	int lx, ly;
	size_t cells;
	uint8_t *own;
	const double *v = ctx_curves_values(ctx, &n, &top);
	struct sim_samples ss = { v, n };

	panel_open(c, r, s->ascii
			 ? tr(s->lang, "Similarity vs offset k, log, 1..s*L0")
			 : tr(s->lang, "Similarity vs offset k, log, 1..s·L0"),
		   tr(s->lang, "Similarity vs log k"));
	sim_geom(s, r, &g);
	if (g.area.h < 1)
		return;
	/* The last finished curves (of this span, or of the one before while
	 * the new ones are computed); none the first time. */
	if (!v)
		return;
	g.area.ax = plot_log_axis(n, g.area.ax.x0, g.area.ax.w);
	ctx_curves_made_for(ctx, &was, &st);
	for (int k = 0; k < KINDS; k++)
		absent[k] = kind_absent(&was, (enum kind)k, &st);
	/* 0 .. 1 while every curve stays positive, else down to the quarter
	 * under the lowest value */
	for (int j = 0; j < KINDS * n; j++)
		lo = fmin(lo, v[j]);
	g.area.ymin = lo < 0.0 ? fmax(-1.0, floor(lo * 4.0) / 4.0) : 0.0;
	find_hidden(sim_value, &ss, n, 4.0 * g.area.h,
		    g.area.ymax - g.area.ymin, absent, under);
	cells = (size_t)g.area.ax.w * (size_t)g.area.h;
	own = cells <= OWN_MAX ? calloc(KINDS * cells, 1) : NULL;
	for (int o = 0; o < KINDS; o++) {
		enum kind k = kind_draw_order[o];

		if (absent[k])
			continue;
		plot_samples(c, &g.area, 0.0, 1.0, v + (size_t)k * (size_t)n, n,
			     kind_role[k]);
		if (own)
			mark_own(c, &g.area, kind_role[k], own + (size_t)k * cells);
	}
	for (int k = 0; k < KINDS; k++)
		mostly[k] = -1;
	if (own)
		find_mostly(c, &g.area, own, under, mostly);
	free(own);
	/* Men et al.'s reach of the base, where it falls inside the plot: the
	 * first offset whose sum of cosines (the original curve, sampled at
	 * every offset) is negative */
	reach = ctx_reach_shown(ctx, s, &first, &limit) && first > 0 &&
		first <= ctx_span(s);
	lx = draw_legend(s, c, &g, r.x + 1, r.w - 2, s->ascii ? "| L0" : "│ L0",
			 under, mostly, &ly);
	if (reach) {
		/* the mark only with its label: the long one, or the short */
		const char *m = s->ascii ? "| sum cos<0" : "│ Σcos(mθ)<0";

		if (utf8_width(m) + 2 > r.x + r.w - 1 - lx)
			m = s->ascii ? "| S<0" : "│ Σ<0";
		reach = g.legend_y >= 0 &&
			utf8_width(m) + 2 <= r.x + r.w - 1 - lx;
		if (reach)
			canvas_text(c, lx + 2, ly, utf8_width(m), m, reach_style);
	}
	plot_marker(c, &g.area.ax, g.area.y0, g.area.h,
		    plot_log_pos(top, n, (double)ctx_train(s)), marker_style);
	if (reach)
		plot_marker(c, &g.area.ax, g.area.y0, g.area.h,
			    plot_log_pos(top, n, (double)first), reach_style);
	if (g.gutter_w > 0)
		plot_yticks(c, &g.area, g.gutter_x, g.gutter_w - 1, axis_style);
	if (g.tick_y >= 0)
		plot_log_xticks(c, &g.area.ax, top, n, g.tick_y, axis_style);
}

/* Where the panels go in body r; the zoomed one over all of r. */
static void place(const struct state *s, struct rect r, struct ctx_layout *l,
		  struct rect p[CP_COUNT])
{
	ctx_layout(s, r, l);
	p[CP_TABLE] = l->ext;
	p[CP_STRETCH] = l->spec;
	p[CP_SIM] = l->sim;
	/* the formulas' column: on screens too short for the formulas, the
	 * presets' box above them stands for it (a lesson's "focus formulas"
	 * lights it, a click there selects it, F shows both) */
	p[CP_FORMULAS] = l->text.w > 0 && l->text.h > 0 ? l->text : l->presets;
	if (!s->zoomed || s->panel < 0 || s->panel >= CP_COUNT)
		return;
	memset(l, 0, sizeof *l);
	for (int i = 0; i < CP_COUNT; i++)
		p[i] = (struct rect){ r.x, r.y, 0, 0 };
	p[s->panel] = r;
	l->ext = p[CP_TABLE];
	l->spec = p[CP_STRETCH];
	l->sim = p[CP_SIM];
	l->text = p[CP_FORMULAS];
}

static bool shown(struct rect r)
{
	return r.w > 0 && r.h > 0;
}

static void context_draw(const struct state *s, void *ctx, struct canvas *c,
			 struct rect r)
{
	struct rect old = plot_clip_push(c, r), p[CP_COUNT];
	struct ctx_layout l;
	struct ctx_plot g;

	canvas_fill(c, r, ' ', text_style);
	place(s, r, &l, p);
	sim_geom(s, l.sim, &g);
	/* the table's numbers come with the curves: they run even when the
	 * similarity plot is not shown (n = 0 then) */
	ctx_curves_update(ctx, s, ctx_curves_samples(s, !shown(l.sim) ||
							 g.area.h < 1 ? 0
							 : g.area.ax.w));
	/* Men et al.'s scan runs in the table; the plot marks its result,
	 * so with the plot alone on screen it runs here (else the mark
	 * would depend on whether the table once ran it) */
	if (shown(l.sim) && !shown(l.ext)) {
		long long first, limit;

		(void)ctx_reach(ctx, s, &first, &limit);
	}
	if (shown(l.presets)) {
		ctx_presets_draw(s, c, l.presets);
		/* the formulas' panel is the presets' box here (place) */
		if (!shown(l.text))
			panel_mark(c, l.presets,
				 s->zoomed ? tr(s->lang, " formulas: taller screen ")
				 : s->panel == CP_FORMULAS
				 ? tr(s->lang, " formulas: F zoom ")
				 : panel_focus_back(s, CP_FORMULAS)
				 ? tr(s->lang, " formulas: W, F zoom ")
				 : tr(s->lang, " formulas: w, F zoom "));
	}
	if (shown(l.ext))
		ctx_table_draw(ctx, s, c, l.ext);
	if (shown(l.spec))
		ctx_stretch_draw(s, c, l.spec);
	if (shown(l.sim))
		draw_similarity(ctx, s, c, l.sim);
	if (shown(l.text))
		draw_text_box(s, c, l.text, s->zoomed || shown(l.presets));
	if (s->panel >= 0 && s->panel < CP_COUNT)
		panel_mark_focus(s, c, p[s->panel], 30);
	canvas_set_clip(c, old);
}

static int context_panel_at(const struct state *s, struct rect r, int x,
			    int y)
{
	struct ctx_layout l;
	struct rect p[CP_COUNT];

	place(s, r, &l, p);
	for (int i = 0; i < CP_COUNT; i++)
		if (x >= p[i].x && x < p[i].x + p[i].w && y >= p[i].y &&
		    y < p[i].y + p[i].h)
			return i;
	return -1;
}

static void context_free(void *ctx)
{
	ctx_curves_free(ctx);
}

const struct view_spec view_context = {
	.name = "context",
	.said = N_("context view"),
	.title = N_("base presets and context extension (PI, NTK, YaRN, "
		    "dynamic NTK, Llama 3.1, LongRoPE)"),
	.point = N_("PI squeezes every pair, NTK-aware scaling spares the fast ones, YaRN and Llama 3.1 treat them by parts"),
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
	.npanels = CP_COUNT,
	.panel_name = (const char *const[CP_COUNT]){ "table", "stretch",
						     "similarity", "formulas" },
	.panel_at = context_panel_at,
};
