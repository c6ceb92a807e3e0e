/* view_bugs.c - the bug zoo: the encoding as real code computes it, one
 * entry at a time (x/X), each beside the reference, for interview practice
 * (the entries: view_bugs_zoo.h).
 *
 *   3/12 Mistake: 2j/d with j the dim index, not 2i/d       x/X: ...
 *   PE(p,2i) = sin(p·base^(−4i/d)), PE(p,2i+1) = cos(...)     (notation)
 *   code: pe[:, j], pe[:, j+1] = sin(pos / 1e4**(2*j/d)), ...
 *   What it does, in a sentence or two.
 *   ┌ Correct ──────┐┌ With the mistake ┐┌ Mistake − correct, ±M ┐
 *   │ heatmap       ││ heatmap          ││ their difference / M  │
 *   └ position → … ─┘└──────────────────┘└───────────────────────┘
 *   ┌ Similarity to p = 37 ───────────────────────────┐
 *   │ two curves over the window                      │
 *   └─────────────────────────────────────────────────┘
 *   At 16 positions spread over the view: max |PEbug-PE| = ...; max |cos_bug-cos| = ...
 *
 * On screens 150 columns wide or more the similarity box sits right of the
 * heatmaps. Two panels (w/W, a click; F gives the focused one the plots'
 * rows): the maps (correct, with the mistake, their difference) and the
 * similarity. Where four boxes do not fit (under 100 columns on short
 * plots: 80x24) the maps take the row while they have the focus, since
 * the difference map shows where the mistake differs; the similarity
 * takes the third box after w; the Measured frame says which is left out
 * and that w shows it. The numbers and curves: view_bugs_waves.h; a
 * narrow format's row of collision marks over the heatmaps and its
 * paragraph:
 * view_bugs_precision.h; the RoPE entry's score matrices instead of
 * heatmaps: view_bugs_rope.h. A variant with a layout of its own
 * (tensor2tensor's) is drawn in it. */
#include "base/fmt.h"
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heat.h"
#include "render/cache.h"
#include "render/colour_bar.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "render/work.h"
#include "views/heat_caption.h"
#include "views/panel.h"
#include "views/panels.h"
#include "views/view_bugs_precision.h"
#include "views/view_bugs_rope.h"
#include "views/view_bugs_waves.h"
#include "views/view_bugs_zoo.h"

enum {
	WIDE_W = 150,		/* from here the three boxes sit side by
				   side ... */
	TALL_H = 16,		/* ... and also when the plots get fewer
				   rows than this */
	FORMULA_ROWS_MAX = 2,
	PLOT_ROWS = 10,		/* the plots keep this many rows */
	FRAME_MIN_H = 20,	/* from here the head and the numbers are
				   framed (below, their borders would take
				   the plots' rows) */
	FOOT_FRAME_MIN_H = 12,	/* from here the numbers are framed (a
				   lesson's short screen, 80x24: the head
				   gives a row of its effect for it) */
	DIFF_MIN_W = 100,	/* from here the four boxes fit on short
				   plots; narrower, the maps or the curves
				   (w/W) */
	SIM_MIN_W = 28,		/* the similarity box's title whole, "Similarity
				   to p = 123456", beside narrow heat boxes */
	BAR_LABEL_W = 2,	/* the heatmaps' colour bars: "+1", " 0",
				   "−1" */
	DIFF_LABEL_W = 8,	/* the difference map's: "+1.3e-14" at the
				   most (its scale, 2 digits) */
	HEAT_COLS_MIN = 8,	/* a map keeps this many columns beside a
				   bar, or goes without one */
	TEXT_MAX = 1024
};

/* By size (views/panel.h):
 * - the view from 3 rows and a column of text; a box from 2 x 2, the
 *   measurements' frame from 3 rows;
 * - on a map's lower border (4 rows at least): the axis names, and the
 *   precision entry's collisions;
 * - the similarity box: its legend from 4 rows inside, ticks from 3, the
 *   value labels' gutter (6 columns: "-0.75" and a blank) from 12
 *   columns; the difference strip's "0" from 3 rows;
 * - the difference map: from 6 x 3. */
static const struct tier bugs_least[] = { { 1, 3, 1 } };
static const struct tier box_least[] = { { 2, 2, 1 } };
static const struct tier foot_least[] = { { 0, 3, 1 } };
static const struct tier map_rows[] = { { 0, 4, 1 } };
static const struct tier sim_legend[] = { { 0, 4, 1 } };
static const struct tier sim_ticks[] = { { 0, 3, 1 } };
static const struct tier sim_gutter[] = { { 12, 0, 6 } };
static const struct tier diff_zero[] = { { 0, 3, 1 } };
static const struct tier diff_least[] = { { 6, 3, 1 } };

static const struct style title_style = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };
static const struct style code_style = { ROLE_WARN, ROLE_DEFAULT, 0 };
static const struct style formula_style = { ROLE_TITLE, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style marker_style = { ROLE_CURSOR, ROLE_DEFAULT, 0 };

/* The view's context: the heatmaps' caches, and those of the parts. */
struct bugs_ctx {
	struct heat_cache heat_good, heat_bad;
	struct zoo_waves waves;
	struct zoo_precision prec;
	struct rope_zoo rope;
};

static const char *entry_name(int i)
{
	return zoo_entry(i)->name;
}

/* The encoding's parameters in the mistake's own layout. */
static struct pe_params bug_params(const struct state *s)
{
	struct pe_params p = s->cur.pe;

	p.layout = pe_variant_layout(zoo_bug(s), p.layout);
	return p;
}

/* ---- layout ---- */

/* The panels, in focus order (w/W), by the names lessons use: the three
 * maps (correct, mistake, their difference) and the similarity. */
enum { BP_MAPS, BP_SIM, BP_COUNT };

/* What the plots' rows show. */
enum bugs_show {
	SHOW_ALL,	/* the maps and the similarity */
	SHOW_MAPS,	/* the three maps alone: zoomed (F), or a narrow
			   short screen (80x24) while the maps have the
			   focus, where four boxes do not fit: the
			   difference map is the one that shows where the
			   mistake differs */
	SHOW_CURVES,	/* narrow and short, the similarity's turn: the
			   two heatmaps and the similarity (the RoPE entry
			   always: its own boxes show the difference) */
	SHOW_SIM	/* the similarity alone: zoomed */
};

struct bugs_layout {
	struct rect head;		/* the framed header: the entry's title
					   on its border, then the notation,
					   the code and the effect */
	struct rect formula;		/* the notation, wrapped */
	int code_y;			/* row, or -1 */
	struct rect effect;		/* the effect paragraph */
	struct rect good, bad, diff, sim;	/* the boxes (diff.w == 0:
						   none) */
	struct rect foot;		/* the framed measurements */
	struct rect numbers;		/* their paragraph, inside foot */
	int head_left, foot_left;	/* rows of the boxes' text left out */
	bool framed;			/* head and foot in boxes */
	bool foot_framed;		/* the foot in a box (framed, or from
					   FOOT_FRAME_MIN_H) */
	enum bugs_show show;		/* what the plots' rows show */
};

/* What the plots' rows (plots of them, r.w wide) show for s. */
static enum bugs_show bugs_show(const struct state *s, struct rect r,
				int plots)
{
	bool rope = zoo_shown(s)->kind == ZOO_ROPE;

	if (s->zoomed)
		return s->panel == BP_SIM ? SHOW_SIM : SHOW_MAPS;
	if (r.w >= DIFF_MIN_W || plots >= TALL_H)
		return SHOW_ALL;
	return rope || s->panel == BP_SIM ? SHOW_CURVES : SHOW_MAPS;
}

/* The entry's notation in the screen's alphabet. */
static const char *formula_of(const struct state *s)
{
	const struct zoo_entry *e = zoo_shown(s);

	return s->ascii ? e->formula_ascii : e->formula;
}

static void bugs_layout(const struct state *s, struct rect r,
			const char *numbers, struct bugs_layout *l)
{
	const struct zoo_entry *e = zoo_shown(s);
	bool framed = r.h >= FRAME_MIN_H;
	bool foot_framed = r.h >= FOOT_FRAME_MIN_H;
	int f = framed ? 1 : 0, tw = r.w - 2 * f, y, eff, num, plots, heat_h;
	int ff = foot_framed ? 1 : 0;
	int form, code, head, foot;
	int extra = colour_bar_width(DIFF_LABEL_W) - colour_bar_width(BAR_LABEL_W);

	memset(l, 0, sizeof *l);
	l->framed = framed;
	l->foot_framed = foot_framed;
	l->code_y = -1;
	if (!TIER(bugs_least, tw, r.h))
		return;
	form = paragraph_rows(formula_of(s), tw);
	l->head_left = form;
	form = form > FORMULA_ROWS_MAX ? FORMULA_ROWS_MAX : form;
	code = e->code ? 1 : 0;
	eff = paragraph_rows(tr(s->lang, e->effect), tw);
	num = paragraph_rows(numbers, r.w - 2 * ff);
	l->head_left += code + eff;
	l->foot_left = num;
	/* The plots keep at least PLOT_ROWS rows; the paragraphs give up
	 * rows from their ends when the screen is short, down to two each
	 * (a lesson's short screen: the plots get fewer, for the frame of
	 * the numbers its step points at). */
	head = 1 + form + code + eff + f;
	foot = num + 2 * ff;
	while (r.h - head - foot < PLOT_ROWS && (eff > 2 || num > 2)) {
		if (num >= eff && num > 2)
			num--;
		else
			eff--;
		head = 1 + form + code + eff + f;
		foot = num + 2 * ff;
	}
	l->head_left -= form + code + eff;
	l->foot_left -= num;
	l->head = (struct rect){ r.x, r.y, r.w, head };
	y = r.y + 1;
	l->formula = (struct rect){ r.x + f, y, tw, form };
	y += form;
	l->code_y = code ? y++ : -1;
	l->effect = (struct rect){ r.x + f, y, tw, eff };
	y = r.y + head;
	plots = r.y + r.h - foot - y;
	if (plots < 0)
		plots = 0;
	l->show = bugs_show(s, r, plots);
	if (l->show == SHOW_SIM) {
		l->sim = (struct rect){ r.x, y, r.w, plots };
	} else if (l->show == SHOW_MAPS) {
		/* the three maps side by side over the plots' rows, their
		 * heat areas of one width (the pixels are compared); the
		 * difference map's box is wider by its bar's longer labels,
		 * and takes the columns left over */
		int tw3 = (r.w - extra) / 3;

		l->good = (struct rect){ r.x, y, tw3, plots };
		l->bad = (struct rect){ r.x + tw3, y, tw3, plots };
		l->diff = (struct rect){ r.x + 2 * tw3, y, r.w - 2 * tw3, plots };
	} else if (l->show == SHOW_CURVES) {
		/* narrow and short, the similarity's turn (w/W): the heat
		 * boxes up to a third each, for their colour bars, while the
		 * similarity box keeps SIM_MIN_W; the foot says the difference
		 * map is left out */
		int hw = r.w / 3 < (r.w - SIM_MIN_W) / 2 ? r.w / 3
							 : (r.w - SIM_MIN_W) / 2;

		if (hw < r.w * 3 / 10)
			hw = r.w * 3 / 10;
		l->good = (struct rect){ r.x, y, hw, plots };
		l->bad = (struct rect){ r.x + hw, y, hw, plots };
		l->sim = (struct rect){ r.x + 2 * hw, y, r.w - 2 * hw, plots };
	} else if (r.w >= WIDE_W || plots < TALL_H) {
		int hw = (r.w - extra) * 2 / 9;

		l->good = (struct rect){ r.x, y, hw, plots };
		l->bad = (struct rect){ r.x + hw, y, hw, plots };
		l->diff = (struct rect){ r.x + 2 * hw, y, hw + extra, plots };
		l->sim = (struct rect){ r.x + 3 * hw + extra, y,
					r.w - 3 * hw - extra, plots };
	} else {
		int tw3 = (r.w - extra) / 3;

		/* three heat areas of one width (the pixels are compared):
		 * the difference map's box is wider by its bar's longer
		 * labels */
		heat_h = plots * 11 / 20;
		l->good = (struct rect){ r.x, y, tw3, heat_h };
		l->bad = (struct rect){ r.x + tw3, y, tw3, heat_h };
		l->diff = (struct rect){ r.x + 2 * tw3, y, tw3 + extra, heat_h };
		l->sim = (struct rect){ r.x, y + heat_h, r.w, plots - heat_h };
	}
	l->foot = (struct rect){ r.x, y + plots, r.w, foot };
	l->numbers = (struct rect){ r.x + ff, y + plots + ff, r.w - 2 * ff, num };
}

/* ---- drawing ---- */

static void draw_head(const struct state *s, struct canvas *c, struct rect r,
		      const struct bugs_layout *l)
{
	const struct zoo_entry *e = zoo_shown(s);
	char line[TEXT_MAX];
	const char *keys = tr(s->lang, " x/X: previous/next ");
	int used, kw = utf8_width(keys);

	if (l->head.h < 1)
		return;
	snprintf(line, sizeof line, tr(s->lang, "%d/%d %s: %s"),
		 (int)state_view_knob(s, 0) + 1, (int)ZOO_ENTRIES,
		 tr(s->lang, e->group), tr(s->lang, e->title));
	if (!l->framed) {
		char more[96];

		used = canvas_text(c, r.x, r.y, r.w, line, title_style);
		/* on the title's row, right-aligned: what the paragraphs
		 * under it leave out, else the keys */
		if (l->head_left > 0) {
			snprintf(more, sizeof more,
				 tr(s->lang, " +%d more (taller screen) "),
				 l->head_left);
			keys = more;
		}
		kw = utf8_width(keys + 1) - 1;
		if (used + 2 + kw <= r.w)
			canvas_text(c, r.x + r.w - kw, r.y, kw, keys + 1,
				    dim_style);
	} else {
		panel_open(c, l->head, line, NULL);
		/* on the lower border, right-aligned: what is left out,
		 * else the keys where they fit */
		if (l->head_left > 0)
			panel_more_mark(s, c, l->head, l->head_left, -1);
		else if (kw + 4 <= l->head.w)
			panel_mark(c, l->head, keys);
	}
	paragraph_draw(c, l->formula, formula_of(s), formula_style);
	if (l->code_y >= 0) {
		/* "code: " only where the whole line fits with it. */
		const char *lead = tr(s->lang, "code: ");
		int w = l->formula.w;

		used = 0;
		if (utf8_width(lead) + utf8_width(e->code) <= w)
			used = canvas_text(c, l->formula.x, l->code_y, w, lead,
					   dim_style);
		canvas_text(c, l->formula.x + used, l->code_y, w - used, e->code,
			    code_style);
	}
	paragraph_draw(c, l->effect, tr(s->lang, e->effect), text_style);
}

/* The measurements, framed where the layout frames them; on the frame,
 * what is left out, or that the difference map needs a wider screen. */
static void draw_foot(const struct state *s, struct canvas *c,
		      const struct bugs_layout *l, const char *numbers)
{
	if (!l->foot_framed || !TIER(foot_least, l->foot.w, l->foot.h)) {
		paragraph_draw(c, l->numbers, numbers, text_style);
		return;
	}
	panel_open(c, l->foot, tr(s->lang, "Measured"), NULL);
	paragraph_draw(c, l->numbers, numbers, text_style);
	/* a panel the narrow screen leaves out, and the key that shows it
	 * (not when zoomed: F, on the focus mark, goes back) */
	const char *left = NULL, *more = NULL;

	if (l->show == SHOW_CURVES && zoo_shown(s)->kind != ZOO_ROPE) {
		left = tr(s->lang, " difference map: press w ");
		more = tr(s->lang, " +%d more; difference map: press w ");
	} else if (l->show == SHOW_MAPS && !s->zoomed) {
		left = tr(s->lang, " similarity: press w ");
		more = tr(s->lang, " +%d more; similarity: press w ");
	}
	if (l->foot_left > 0 && left) {
		char m[96];

		snprintf(m, sizeof m, more, l->foot_left);
		if (utf8_width(m) <= l->foot.w - 4)
			panel_mark(c, l->foot, m);
		else
			panel_more_mark(s, c, l->foot, l->foot_left, -1);
	} else if (l->foot_left > 0) {
		panel_more_mark(s, c, l->foot, l->foot_left, -1);
	} else if (left) {
		panel_mark(c, l->foot, left);
	}
}

/* The insides of heat box r: without the row of marks for a narrow
 * format. */
static struct rect heat_inside(const struct state *s, struct rect r)
{
	int marks = zoo_shown(s)->kind == ZOO_PRECISION;
	struct rect in = panel_inside(r);

	return (struct rect){ in.x, in.y + marks, in.w, in.h - marks };
}

static struct heat_plot heat_plot_of(const struct state *s,
				     const struct pe_params *p, enum pe_bug bug)
{
	return (struct heat_plot){ p, bug, &s->window, s->cur.pos, s->cur.dim,
				   !s->ascii, s->lang, heat_caption };
}

/* What heat plot hp of box r draws in: its insides but the columns of a
 * colour bar with labels label_w wide. */
static struct rect heat_room(const struct state *s, const struct heat_plot *hp,
			     struct rect r, int label_w)
{
	return colour_bar_heat_room(hp, heat_inside(s, r), label_w,
				    HEAT_COLS_MIN);
}

/* The heat area of the mistake's box r: where its columns are. */
static struct rect bad_heat_area(const struct state *s, struct rect r)
{
	struct pe_params p = bug_params(s);
	struct heat_plot hp = heat_plot_of(s, &p, zoo_bug(s));

	return heat_plot_area(&hp, heat_room(s, &hp, r, BAR_LABEL_W));
}

/* The bottom border of heat box r, whose plot hp is drawn in `room`: the
 * axes' names (heat_axis_names_draw) and, with `key` (a plot too short
 * for its caption row), before them the key of its half blocks
 * (heat_caption_draw), in its longest form that leaves the names room;
 * the key alone where the two do not fit. */
static void border_names(struct canvas *c, const struct heat_plot *hp,
			 struct rect room, struct rect r, bool key)
{
	struct rect a = heat_plot_area(hp, room);
	int y = r.y + r.h - 1, end = r.x + r.w - 1, names = 0, least = 0;
	int prow, x;

	if (a.w <= 0 || !TIER(map_rows, r.w, r.h))
		return;
	prow = hp->mark_dim < 0 ? -1
	       : heat_row_of_dim(hp->pe, hp->view, 2 * a.h, hp->mark_dim);
	if (key && prow >= 0)
		/* the key's shortest form, the blanks around it, the arrow */
		least = heat_caption_min_width(hp, a.h, prow / 2) + 2;
	names = heat_axis_names_width(hp, a, end - 1 - (a.x + 1) - least);
	x = key ? heat_caption_draw(c, hp, room, y, end - names) : a.x + 1;
	/* after the key's blank: the names' own blank would double it */
	if (names > 0)
		heat_axis_names_draw(c, hp, a, x > a.x + 1 ? x - 1 : x, y,
				     end - 1);
}

static void draw_heat_box(const struct state *s, struct canvas *c,
			  struct rect r, enum pe_bug bug, struct heat_cache *hc)
{
	struct pe_params p = s->cur.pe;
	struct heat_plot hp;
	struct rect room;

	p.layout = pe_variant_layout(bug, p.layout);
	hp = heat_plot_of(s, &p, bug);
	panel_open(c, r, bug == PE_BUG_NONE ? tr(s->lang, "Correct")
					    : tr(s->lang, zoo_shown(s)->label),
		   NULL);
	room = heat_room(s, &hp, r, BAR_LABEL_W);
	heat_plot_draw(c, room, &hp, hc);
	border_names(c, &hp, room, r, !heat_plot_has_caption(&hp, room));
	/* the colours are the values themselves: the ramp's ends are ±1 */
	colour_bar_beside_heat(c, &hp, heat_inside(s, r), room, BAR_LABEL_W,
			       1.0, axis_style);
	if (bug != PE_BUG_NONE && zoo_shown(s)->kind == ZOO_PRECISION &&
	    TIER(map_rows, r.w, r.h))
		zoo_collisions_draw(s, c, bad_heat_area(s, r), r.y + 1);
}

/* The insides of the similarity box r. */
struct sim_box {
	struct rect in;
	int legend, ticks, gutter;	/* rows, columns: 0 when left out */
	bool plot;			/* there is room for the plot a */
	struct plot_area a;
};

static struct sim_box sim_box(const struct state *s, struct rect r)
{
	struct sim_box b = { panel_inside(r), 0, 0, 0, false,
			     { { 0, 1, 0, 0 }, 0, 0, -1.0, 1.0, 0 } };

	b.legend = TIER(sim_legend, b.in.w, b.in.h);
	b.ticks = TIER(sim_ticks, b.in.w, b.in.h);
	b.gutter = TIER(sim_gutter, b.in.w, b.in.h);
	b.plot = b.in.h - b.legend - b.ticks >= 1 && b.in.w - b.gutter >= 2;
	if (b.plot)
		b.a = (struct plot_area){
			{ s->window.pos0, s->window.npos, b.in.x + b.gutter,
			  b.in.w - b.gutter },
			b.in.y + b.legend, b.in.h - b.legend - b.ticks, -1.0,
			1.0, 0
		};
	return b;
}

/* Samples of the curves in box r; 0: no plot. */
static int curve_samples(const struct state *s, struct rect r)
{
	struct sim_box b = sim_box(s, r);

	return zoo_waves_samples(s, b.plot ? b.a.ax.w : 0);
}

/* Where two curves closer than DIFF_DOTS dot rows everywhere get a plot
 * of their difference below them, of its own scale (a third of the rows,
 * DIFF_ROWS_MIN at least, when the plot has DIFF_PLOT_MIN rows). */
enum { DIFF_DOTS = 2, DIFF_ROWS_MIN = 2, DIFF_PLOT_MIN = 6 };

/* Below this the curves differ by the rounding of their sums only (2^-52
 * times a few thousand terms), and a plot of it would draw noise. */
#define ROUNDING 1e-12

/* The box, with the last finished curves; where they coincide to the eye,
 * their difference (mistake - correct) under them. */
static void draw_similarity(const struct bugs_ctx *bx, const struct state *s,
			    struct canvas *c, struct rect r)
{
	struct sim_box b = sim_box(s, r);
	struct rect in = b.in;
	int legend = b.legend, ticks = b.ticks, gutter = b.gutter;
	struct plot_area a = b.a, d = { { 0, 1, 0, 0 }, 0, 0, -1.0, 1.0, 0 };
	char title[96], note[160];
	struct pe_sim_grid g;
	const double *v = zoo_waves_curves(&bx->waves, &g);
	int n = 0, x = in.x;
	double apart = INFINITY;

	snprintf(title, sizeof title, tr(s->lang, "Similarity to p = %lld"),
		 s->cur.pos);
	panel_open(c, r, title, NULL);
	if (!b.plot)
		return;
	note[0] = '\0';
	if (v) {
		char gv[32];
		bool close;

		/* 0 .. 1 while both curves stay positive, else -1 .. 1 (the
		 * axes' one convention, plot_similarity_ymin) */
		n = g.n;
		apart = 0.0;
		a.ymin = plot_similarity_ymin(v, 2 * n);
		for (int j = 0; j < n; j++)
			apart = fmax(apart, fabs(v[j] - v[n + j]));
		close = isfinite(apart) &&
			apart < DIFF_DOTS * (a.ymax - a.ymin) / (4.0 * a.h);
		fmt_double_compact(apart, 2, gv, sizeof gv);
		if (apart == 0.0) {
			snprintf(note, sizeof note, "%s",
				 tr(s->lang, " (equal at every sample)"));
		} else if (apart < ROUNDING) {
			snprintf(note, sizeof note,
				 tr(s->lang, " (apart by up to %s: rounding)"), gv);
		} else if (close && a.h >= DIFF_PLOT_MIN) {
			int dh = a.h / 3 > DIFF_ROWS_MIN ? a.h / 3 : DIFF_ROWS_MIN;

			a.h -= dh;
			d = (struct plot_area){ a.ax, a.y0 + a.h, dh, -apart,
						apart, 0 };
			snprintf(note, sizeof note,
				 tr(s->lang, " (apart by up to %s: %s below)"),
				 gv, s->ascii ? "d" : "Δ");
		} else if (close) {
			snprintf(note, sizeof note,
				 tr(s->lang, " (apart by up to %s, under two "
					     "dot rows)"), gv);
		}
		plot_samples(c, &a, g.q0, g.step, v, n, ROLE_TRACE1);
		plot_samples(c, &a, g.q0, g.step, v + n, n, ROLE_TRACE2);
	}
	if (d.h > 0) {
		double *dv = malloc((size_t)n * sizeof *dv);

		if (dv) {
			for (int j = 0; j < n; j++)
				dv[j] = v[n + j] - v[j];
			plot_samples(c, &d, g.q0, g.step, dv, n, ROLE_TRACE3);
			free(dv);
		}
	}
	if (legend) {
		/* the words of the two heatmaps' titles, capitals too */
		x += canvas_text(c, x, in.y, in.w, tr(s->lang, "Correct"),
				 (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
		x += canvas_text(c, x, in.y, in.x + in.w - x, "  ", text_style);
		x += canvas_text(c, x, in.y, in.x + in.w - x,
				 tr(s->lang, zoo_shown(s)->label),
				 (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
		if (d.h > 0) {
			const char *dn = s->ascii
				? tr(s->lang, "d = mistake - correct")
				: tr(s->lang, "Δ = mistake − correct");

			if (utf8_width(dn) + 2 + utf8_width(note) >
			    in.x + in.w - x)
				dn = s->ascii ? "d" : "Δ";
			x += canvas_text(c, x, in.y, in.x + in.w - x, "  ",
					 text_style);
			x += canvas_text(c, x, in.y, in.x + in.w - x, dn,
					 (struct style){ ROLE_TRACE3, ROLE_DEFAULT,
							 ATTR_BOLD });
		}
		if (utf8_width(note) <= in.x + in.w - x)
			canvas_text(c, x, in.y, in.x + in.w - x, note, text_style);
		else if (d.h > 0)
			canvas_text(c, x, in.y, in.x + in.w - x,
				    tr(s->lang, " below"), text_style);
	}
	plot_marker(c, &a.ax, a.y0, a.h + d.h, s->cur.pos, marker_style);
	if (gutter) {
		plot_yticks(c, &a, in.x, gutter - 1, axis_style);
		/* a floor below 0, which the ticks' step (0.5 on a short
		 * plot) may not reach: the curve under 0 had no value on
		 * its axis */
		if (a.ymin < 0.0 && plot_row_of_value(&a, a.ymin) !=
				    plot_row_of_value(&a, 0.0)) {
			char lo[16];

			plot_value_label(a.ymin, 0.25, lo, sizeof lo);
			plot_ylabel(c, &a, in.x, gutter - 1, a.ymin, lo,
				    axis_style);
		}
		if (d.h > 0) {
			/* its scale: the top is +apart (the legend says how
			 * much), the middle 0; "Δ" names it */
			plot_ylabel(c, &d, in.x, gutter - 1, apart,
				    s->ascii ? "d" : "Δ", axis_style);
			if (TIER(diff_zero, d.ax.w, d.h))
				plot_ylabel(c, &d, in.x, gutter - 1, 0.0, "0",
					    axis_style);
		}
	}
	if (ticks)
		plot_xticks(c, &a.ax, in.y + in.h - 1, axis_style);
}

/* The two heatmaps' grids of layout l as they were drawn this frame, and
 * their heat area (of the correct one's box); false while either grid is
 * not the one for s (still being computed) or their areas differ. */
static bool both_grids(struct bugs_ctx *ctx, const struct state *s,
		       const struct bugs_layout *l, struct rect *area,
		       const float **g, const float **b)
{
	struct pe_params pg = s->cur.pe, pb = bug_params(s);
	struct heat_plot hg = heat_plot_of(s, &pg, PE_BUG_NONE);
	struct heat_plot hb = heat_plot_of(s, &pb, zoo_bug(s));
	struct rect ag = heat_plot_area(&hg, heat_room(s, &hg, l->good, BAR_LABEL_W));
	struct rect ab = heat_plot_area(&hb, heat_room(s, &hb, l->bad, BAR_LABEL_W));

	if (ag.w <= 0 || ag.w != ab.w || ag.h != ab.h)
		return false;
	/* Asked as the boxes ask, so that a grid still in the making goes on
	 * and keeps the frame unfinished; then used only if both are the
	 * grids of s (a busy flag would not say: the work of an input left
	 * behind stays started while the finished grid is current). */
	*g = heat_cache_get(&ctx->heat_good, &pg, PE_BUG_NONE, &s->window, ag.w,
			    2 * ag.h);
	*b = heat_cache_get(&ctx->heat_bad, &pb, zoo_bug(s), &s->window, ab.w,
			    2 * ab.h);
	*area = ag;
	return *g && *b &&
	       heat_cache_current(&ctx->heat_good, &pg, PE_BUG_NONE, &s->window,
				  ag.w, 2 * ag.h) &&
	       heat_cache_current(&ctx->heat_bad, &pb, zoo_bug(s), &s->window,
				  ab.w, 2 * ab.h);
}

/* The largest difference between the pixels of the two heatmaps of
 * layout l, as they were drawn this frame; -1 while either grid is not
 * the one for s (still being computed), NaN when the mistake's has blank
 * (NaN) pixels. */
static double pixel_gap(struct bugs_ctx *ctx, const struct state *s,
			const struct bugs_layout *l)
{
	const float *g, *b;
	struct rect a;
	double gap = 0.0;

	if (!both_grids(ctx, s, l, &a, &g, &b))
		return ZOO_GAP_UNKNOWN;
	for (size_t j = 0; j < (size_t)a.w * (size_t)(2 * a.h); j++) {
		if (isnan(b[j]))
			return NAN;
		gap = fmax(gap, fabs((double)b[j] - (double)g[j]));
	}
	return gap;
}

/* The difference map: mistake - correct, pixel by pixel (the means the
 * two heatmaps show), divided by its largest magnitude M so that even a
 * rounding-sized difference shows where it is; the title gives M (0: the
 * pictures are the same, which the map says in words). Blank (NaN) where
 * the mistake is. */
static void draw_diff_box(struct bugs_ctx *ctx, const struct state *s,
			  struct canvas *c, const struct bugs_layout *l)
{
	struct pe_params pg = s->cur.pe;
	struct heat_plot hg = heat_plot_of(s, &pg, PE_BUG_NONE);
	struct rect in = heat_inside(s, l->diff), room, a, ga;
	const float *g, *b;
	float *d;
	double m = 0.0;
	char title[96], mv[32];
	size_t n;
	int label_w = DIFF_LABEL_W;

	if (!TIER(diff_least, l->diff.w, l->diff.h))
		return;
	/* its bar's labels take the columns the box has beyond the other
	 * maps' width (a row of three splits the screen's columns) */
	room = colour_bar_heat_room(&hg, in, label_w, HEAT_COLS_MIN);
	a = heat_plot_area(&hg, room);
	if (!both_grids(ctx, s, l, &ga, &g, &b))
		ga.w = -1;
	while (a.w > ga.w && ga.w > 0 && label_w < DIFF_LABEL_W + 3) {
		room = colour_bar_heat_room(&hg, in, ++label_w, HEAT_COLS_MIN);
		a = heat_plot_area(&hg, room);
	}
	if (a.w != ga.w || a.h != ga.h) {
		panel_open(c, l->diff, tr(s->lang, "Mistake − correct"), NULL);
		return;
	}
	n = (size_t)a.w * (size_t)(2 * a.h);
	d = malloc(n * sizeof *d);
	if (!d)
		return;
	for (size_t j = 0; j < n; j++) {
		d[j] = b[j] - g[j];
		if (isfinite(d[j]))
			m = fmax(m, fabs((double)d[j]));
	}
	for (size_t j = 0; j < n; j++)
		d[j] = m > 0.0 ? (float)(d[j] / m) : 0.0f;
	/* the digits of its colour bar's ends */
	fmt_double_compact(m, 2, mv, sizeof mv);
	snprintf(title, sizeof title, s->ascii
		 ? tr(s->lang, "Mistake - correct, +-%s")
		 : tr(s->lang, "Mistake − correct, ±%s"), mv);
	panel_open(c, l->diff, title, s->ascii ? tr(s->lang, "bug - correct")
					       : tr(s->lang, "bug − correct"));
	if (m > 0.0) {
		heat_draw(c, a, d);
	} else {
		/* no colour to show: a blank map and a one-colour bar would
		 * read as broken, so the map says what its blank means */
		const char *say[2] = {
			tr(s->lang, "No pixel differs: the two maps are the "
				    "same picture."),
			tr(s->lang, "No pixel differs."),
		};

		for (int k = 0; k < 2; k++) {
			int rows = paragraph_rows(say[k], a.w);

			if (rows > a.h)
				continue;
			paragraph_draw(c, (struct rect){ a.x, a.y + (a.h - rows) / 2,
							 a.w, rows }, say[k],
				       text_style);
			break;
		}
	}
	free(d);
	if (m > 0.0)
		colour_bar_beside_heat(c, &hg, in, room, label_w, m, axis_style);
	heat_dim_ticks(c, &hg, a, axis_style);
	plot_xticks(c, &(struct plot_axis){ s->window.pos0, s->window.npos, a.x,
					    a.w }, a.y + a.h, axis_style);
	border_names(c, &hg, room, l->diff, false);
}

/* The paragraph under the boxes (layout l, NULL: not laid out yet): the
 * comparison, and a narrow format's collisions, angle errors and how far
 * apart its pictures are, or else the difference map's largest pixel
 * (gap: as zoo_precision_text takes it). */
static void paragraph_text(const struct bugs_ctx *ctx, const struct state *s,
			   const struct bugs_layout *l, double gap, char *text,
			   size_t n)
{
	size_t len = zoo_waves_numbers_text(&ctx->waves, s, text, n);

	/* then, when most of the heat averages out to white, why: the
	 * explorer's sentence (heat_white_why), for the columns the boxes
	 * give the heat; Chinese runs on after its "。" without a blank */
	if (l && len + 2 < n) {
		struct pe_params pg = s->cur.pe;
		struct heat_plot hg = heat_plot_of(s, &pg, PE_BUG_NONE);
		int w = heat_plot_area(&hg, heat_room(s, &hg, l->good,
						      BAR_LABEL_W)).w;
		size_t at = len + (s->lang == LANG_ZH ? 0 : 1);

		if (heat_white_why(&pg, &s->window, w, false, s->lang, !s->ascii,
				   text + at, n - at)) {
			if (at > len)
				text[len] = ' ';
			len = at + strlen(text + at);
		}
	}
	if (zoo_shown(s)->kind != ZOO_PRECISION) {
		/* the difference map's scale, which is not the number above:
		 * its pixels are means (1.9 where the points reach 1.99); not
		 * for rounding, where the map says no pixel differs; before
		 * the pixels are compared, the points' number keeps room */
		double pt = zoo_waves_max_diff(&ctx->waves);
		char g[32], say[256];

		if (gap == ZOO_GAP_RESERVE)
			gap = pt;
		if (!(pt > 1e-9) || !(gap > 0.0 && isfinite(gap)) || len + 2 >= n)
			return;
		snprintf(say, sizeof say,
			 tr(s->lang, "The difference map averages cells: up to %s%s."),
			 s->ascii ? "+-" : "±", fmt_double_compact(gap, 2, g, sizeof g));
		zoo_append(text, n, len, "%s%s", s->lang == LANG_ZH ? "" : " ",
			   say);
		return;
	}
	if (len + 2 >= n)
		return;
	text[len++] = ' ';
	zoo_precision_text(&ctx->prec, s, l ? bad_heat_area(s, l->bad).w : 0,
			   gap, text + len, n - len);
}

/* Brings the numbers and the curves up to date as far as the frame
 * allows. */
static void advance(struct bugs_ctx *ctx, const struct state *s,
		    const struct bugs_layout *l)
{
	int n = curve_samples(s, l->sim);

	zoo_waves_numbers_advance(&ctx->waves, s);
	if (zoo_shown(s)->kind == ZOO_PRECISION)
		zoo_precision_advance(&ctx->prec, s);
	if (n > 0)
		zoo_waves_curves_advance(&ctx->waves, s, n);
}

/* Whether heatmap hc takes the frame's time before the numbers and the
 * curves. Without a budget the order does not matter, and the numbers go
 * first: the layout follows their paragraph. Under a budget a heatmap, the
 * costliest work, goes first while its grid is being computed (its
 * cache's `work` under way) or when nothing of the view's own is under way
 * (a change has just come); but a grid finished late in a frame is shown
 * in the next one, which then computes nothing more (heat.h), so it waits
 * for the numbers and the curves when they are under way: a change at the
 * extremes is then done in two frames. */
static bool heat_first(const struct bugs_ctx *ctx, const struct heat_cache *hc)
{
	bool own = zoo_waves_busy(&ctx->waves) || zoo_precision_busy(&ctx->prec);

	return work_limited() && (!own || cache_busy(&hc->work));
}

/* The rectangle of panel i in layout l: the maps' boxes shown, as one,
 * or the similarity's; empty when none shows. */
static struct rect panel_rect(const struct bugs_layout *l, int i)
{
	const struct rect *maps[3] = { &l->good, &l->bad, &l->diff };
	struct rect u = { 0, 0, 0, 0 };

	if (i == BP_SIM)
		return l->sim;
	for (int k = 0; k < 3; k++) {
		const struct rect *b = maps[k];

		if (b->w <= 0 || b->h <= 0)
			continue;
		if (u.w <= 0) {
			u = *b;
			continue;
		}
		int x1 = u.x + u.w > b->x + b->w ? u.x + u.w : b->x + b->w;
		int y1 = u.y + u.h > b->y + b->h ? u.y + u.h : b->y + b->h;

		u.x = u.x < b->x ? u.x : b->x;
		u.y = u.y < b->y ? u.y : b->y;
		u.w = x1 - u.x;
		u.h = y1 - u.y;
	}
	return u;
}

/* The focused panel's border lit (panel_mark_focus), with its zoom hint
 * where the top border's dashes at its right end leave room for it after
 * the titles drawn there. */
static void mark_focus(const struct state *s, struct canvas *c,
		       const struct bugs_layout *l)
{
	struct rect r = panel_rect(l, s->panel);
	int run = 0;

	if (!TIER(box_least, r.w, r.h))
		return;
	for (int x = r.x + r.w - 2; x > r.x; x--, run++) {
		const struct cell *cl = canvas_cell(c, x, r.y);

		if (!cl || cl->kind != CELL_TEXT || cl->ch != 0x2500)
			break;
	}
	/* panel_mark_focus shows the hint when r.w >= its width + room: when
	 * the dashes hold it and one before it */
	panel_mark_focus(s, c, r, r.w - run + 2);
	/* the maps, three boxes, lit as one frame: the corners where two of
	 * them meet keep the border's colour */
	for (int x = r.x + 1; x < r.x + r.w - 1; x++)
		for (int k = 0; k < 2; k++) {
			int y = k ? r.y + r.h - 1 : r.y;
			const struct cell *cl = canvas_cell(c, x, y);

			if (cl && cl->kind == CELL_TEXT &&
			    (cl->ch == 0x250c || cl->ch == 0x2510 ||
			     cl->ch == 0x2514 || cl->ch == 0x2518))
				canvas_recolor(c, x, y, ROLE_BORDER);
		}
}

/* The RoPE entry's boxes: its score matrices need no difference map (its
 * own boxes show the difference), so the second one takes that room. */
static struct rope_zoo_boxes rope_boxes(const struct bugs_layout *l)
{
	struct rect bad = l->bad;

	bad.w += l->diff.w;
	return (struct rope_zoo_boxes){ l->good, bad, l->sim };
}

/* The RoPE entry: its numbers set the layout, its boxes the rest. The
 * lattice of the scores follows boxes laid out without the numbers, so
 * that it depends on the screen and the state alone: boxes that followed
 * the numbers would make the lattice depend on the last result, and a
 * screen that had shown one would settle on another lattice than a fresh
 * screen (test_walk.c found it). */
static void draw_rope(struct bugs_ctx *ctx, const struct state *s,
		      struct canvas *c, struct rect r)
{
	char numbers[TEXT_MAX];
	struct bugs_layout l;
	struct rope_zoo_boxes b;

	bugs_layout(s, r, "", &l);
	b = rope_boxes(&l);
	rope_zoo_advance(&ctx->rope, s, &b);
	rope_zoo_numbers(&ctx->rope, s, numbers, sizeof numbers);
	bugs_layout(s, r, numbers, &l);
	b = rope_boxes(&l);
	draw_head(s, c, r, &l);
	rope_zoo_draw(&ctx->rope, s, c, &b);
	draw_foot(s, c, &l, numbers);
	mark_focus(s, c, &l);
}

/* When a heatmap goes first, the layout is the one of the numbers shown
 * before; one that the new numbers change is left to the next frame. */
static void bugs_draw(const struct state *s, void *data, struct canvas *c,
		      struct rect r)
{
	struct bugs_ctx *ctx = data;
	bool good_first = heat_first(ctx, &ctx->heat_good);
	bool bad_first = heat_first(ctx, &ctx->heat_bad);
	struct rect old = plot_clip_push(c, r);
	char numbers[TEXT_MAX];
	struct bugs_layout l, now;

	canvas_fill(c, r, ' ', text_style);
	if (zoo_shown(s)->kind == ZOO_ROPE) {
		draw_rope(ctx, s, c, r);
		canvas_set_clip(c, old);
		return;
	}
	if (!good_first && !bad_first) {
		zoo_waves_numbers_advance(&ctx->waves, s);
		if (zoo_shown(s)->kind == ZOO_PRECISION)
			zoo_precision_advance(&ctx->prec, s);
	}
	/* The columns the precision paragraph counts come from a layout;
	 * the layout from the paragraph: a first guess without them. The
	 * pixels are compared once they are drawn: room for the longer
	 * sentence is kept. */
	paragraph_text(ctx, s, NULL, ZOO_GAP_RESERVE, numbers, sizeof numbers);
	bugs_layout(s, r, numbers, &l);
	paragraph_text(ctx, s, &l, ZOO_GAP_RESERVE, numbers, sizeof numbers);
	bugs_layout(s, r, numbers, &l);
	draw_head(s, c, r, &l);
	if (good_first)
		draw_heat_box(s, c, l.good, PE_BUG_NONE, &ctx->heat_good);
	if (bad_first)
		draw_heat_box(s, c, l.bad, zoo_bug(s), &ctx->heat_bad);
	advance(ctx, s, &l);
	if (good_first || bad_first) {
		paragraph_text(ctx, s, &l, ZOO_GAP_RESERVE, numbers, sizeof numbers);
		bugs_layout(s, r, numbers, &now);
		if (memcmp(&now, &l, sizeof l) != 0)
			work_mark_unfinished();
	}
	if (!good_first)
		draw_heat_box(s, c, l.good, PE_BUG_NONE, &ctx->heat_good);
	if (!bad_first)
		draw_heat_box(s, c, l.bad, zoo_bug(s), &ctx->heat_bad);
	draw_diff_box(ctx, s, c, &l);
	draw_similarity(ctx, s, c, l.sim);
	paragraph_text(ctx, s, &l, pixel_gap(ctx, s, &l), numbers, sizeof numbers);
	draw_foot(s, c, &l, numbers);
	mark_focus(s, c, &l);
	canvas_set_clip(c, old);
}

/* The panel under (x, y): of boxes laid out without the numbers'
 * paragraph, which the context holds (draw_rope's lattice does the same);
 * its rows move the boxes' lower edges by a row or two at most. */
static int bugs_panel_at(const struct state *s, struct rect r, int x, int y)
{
	struct bugs_layout l;

	bugs_layout(s, r, "", &l);
	for (int i = 0; i < BP_COUNT; i++) {
		struct rect p = panel_rect(&l, i);

		if (x >= p.x && x < p.x + p.w && y >= p.y && y < p.y + p.h)
			return i;
	}
	return -1;
}

static void bugs_free(void *data)
{
	struct bugs_ctx *ctx = data;

	heat_cache_free(&ctx->heat_good);
	heat_cache_free(&ctx->heat_bad);
	zoo_waves_free(&ctx->waves);
	zoo_precision_free(&ctx->prec);
	rope_zoo_free(&ctx->rope);
}

const struct view_spec view_bugs = {
	.name = "bugs",
	.said = N_("bugs view"),
	.title = N_("the encoding as real code computes it, and the common "
		    "mistakes, against the paper's"),
	.point = N_("the mistake against the paper's formula, and where the two differ"),
	.nknobs = 1,
	.knob = { {
		.word = "bug",
		.help = N_("which implementation or mistake is shown"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = ZOO_ENTRIES - 1,
		/* opens on a mistake whose maps and curves part at a glance
		 * (the implementations before it differ only by rounding or
		 * by layout); x goes back to them */
		.start = KNOB_START_INIT, .init = PE_BUG_HALF_EXPONENT,
		.choice = entry_name,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_CYCLE, 1,
			    N_("previous / next entry") } },
	} },
	.draw = bugs_draw,
	.ctx_size = sizeof(struct bugs_ctx),
	.ctx_free = bugs_free,
	.npanels = BP_COUNT,
	.panel_name = (const char *const[BP_COUNT]){ "maps", "similarity" },
	.panel_at = bugs_panel_at,
};
