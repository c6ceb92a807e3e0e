/* view_layouts.c - the two layouts of the encoding side by side, and the
 * measurement that shows why the choice does not matter.
 *
 *   ┌ Interleaved (paper) ─────┐┌ Concatenated ─────────────────┐
 *   │ heatmap: sin, cos, ...   ││ heatmap: all sines, cosines   │
 *   └──────────────────────────┘└───────────────────────────────┘
 *   ┌ Same geometry ────────────────────────────────────────────┐
 *   │Largest |PE_int(p)·PE_int(q) − PE_cat(p)·PE_cat(q)| ...    │
 *   │The layout changes the picture, not the geometry: ...      │
 *   │The selected dim 5 (cos of pair 2) is dim 258 in concat.   │
 *   └───────────────────────────────────────────────────────────┘
 *
 * Both heatmaps show the explorer's window (positions and dimensions), so
 * the same rows hold different pairs; the selected component is marked in
 * both, wherever each layout puts it. The similarity difference is measured
 * (pe_layout_gram_diff, in parts) at positions spread over the window and
 * cached by its inputs; the heatmaps are cached by heat.c. */
#include "base/utf8.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

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

enum {
	SAMPLES_MAX = 16,	/* positions the Gram matrices are taken at */
	GRAM_BUDGET = 32768,	/* samples * d: bounds the cost (~0.7 ms) */
	HEAT_ROWS_MIN = 8,	/* heatmap boxes keep this many rows */
	HEAT_COLS_MIN = 8,	/* and this many columns beside a colour bar */
	BAR_LABEL_W = 2,	/* the colour bar's labels: "+1", " 0", "−1" */
	TEXT_MAX = 512
};

static const struct style text_style = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style num_style = { ROLE_OK, ROLE_DEFAULT, ATTR_BOLD };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };

/* The measurement is rebuilt in slices (cache.h): at d_model 65536 and
 * positions near 1e9 each row is ~1 ms of sin/cos. Until it is done the
 * last finished number shows, or an ellipsis the first time. */
enum { CHUNK = 8192 };		/* pairs a step takes */

/* The view's context: the two heatmaps, and the measurement for d, base
 * and the window of positions (mem: pe_layout_gram_workspace; out[0]: the
 * last finished pe_layout_gram_diff). */
struct layouts_ctx {
	struct heat_cache inter, concat;
	struct cache gram;
	bool gram_oom;			/* its memory ran out */
};

enum { KEY_POS0 = 2, KEY_NPOS = 3 };	/* the window in the key */

static struct cache_key gram_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base,
				     (double)s->window.pos0,
				     (double)s->window.npos } };
}

/* How many positions the measurement uses for npos positions in view at
 * width d. */
static int gram_samples(int d, long long npos)
{
	long long n = GRAM_BUDGET / d;

	if (n > SAMPLES_MAX)
		n = SAMPLES_MAX;
	if (n < 2)
		n = 2;
	return (int)(n < npos ? n : npos);
}

/* The omegas, then each row, a chunk of pairs at a time; then the
 * comparison, published. at[0]: omegas done, at[1]: rows done, at[2]:
 * pairs of the next row. */
static bool gram_step(struct cache *c, const void *arg)
{
	const struct pe_params *p = arg;
	int h = p->d_model / 2;
	int n = gram_samples(p->d_model, (long long)c->key.v[KEY_NPOS]);
	double diff;

	if (c->at[0] < h) {
		int from = (int)c->at[0];
		int end = h - from < CHUNK ? h : from + CHUNK;

		pe_layout_gram_omegas(p, n, from, end, cache_get(c));
		c->at[0] = end;
		return false;
	}
	if (c->at[1] < n) {
		int row = (int)c->at[1], from = (int)c->at[2];
		int end = h - from < CHUNK ? h : from + CHUNK;

		long long pos = pe_spread_pos((long long)c->key.v[KEY_POS0],
					      (long long)c->key.v[KEY_NPOS],
					      row, n);

		pe_layout_gram_row(p, (double)pos, row, n, from, end,
				   cache_get(c));
		c->at[2] = end == h ? 0 : end;
		c->at[1] += end == h;
		return false;
	}
	diff = pe_layout_gram_max(p, n, cache_get(c));
	cache_publish(c, &diff, 1);
	return true;
}

/* Brings the measurement up to date with s as far as the frame allows. */
static void gram_advance(struct layouts_ctx *ctx, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = gram_key(s);
	struct cache *c = &ctx->gram;
	int n = gram_samples(p->d_model, s->window.npos);
	size_t size = (size_t)pe_layout_gram_workspace(p->d_model, n);

	ctx->gram_oom = cache_start(c, &k, 0) &&
		      !CACHE_MEM(c, double, size);
	if (!ctx->gram_oom)
		cache_run_const(c, gram_step, p);
}

/* The last finished measurement into *diff and the positions it used into
 * *n_used (those s asks for while there is none): true when there is one;
 * false while there is none yet, or when memory ran out. */
static bool gram_shown(const struct layouts_ctx *ctx, const struct state *s,
		       double *diff, int *n_used)
{
	const struct cache *c = &ctx->gram;

	*diff = c->out[0];
	*n_used = c->have ? gram_samples((int)c->out_key.v[0],
					 (long long)c->out_key.v[KEY_NPOS])
			  : gram_samples(s->cur.pe.d_model, s->window.npos);
	return c->have && !ctx->gram_oom;
}

/* Whether the cells [x, x + w) of row y are blank text. */
static bool blank(const struct canvas *c, int x, int y, int w)
{
	for (int k = x; k < x + w; k++) {
		const struct cell *cl = canvas_cell(c, k, y);

		if (!cl || cl->kind != CELL_TEXT || cl->ch != ' ')
			return false;
	}
	return true;
}

/* The kind of cell row y of heat area a: PE_SIN or PE_COS when both its
 * pixel rows are of that kind, -1 when they mix. */
static int cell_kind(const struct heat_plot *hp, struct rect a, int y)
{
	struct heat_band top, bot;

	heat_band_of_row(hp->pe, hp->view, 2 * a.h, 2 * y, &top);
	heat_band_of_row(hp->pe, hp->view, 2 * a.h, 2 * y + 1, &bot);
	return top.fn == bot.fn ? (int)top.fn : -1;
}

/* Whether the gutter's cells [x0, x1) of row y hold a digit (a tick's
 * label). */
static bool has_digit(const struct canvas *c, int x0, int x1, int y)
{
	for (int k = x0; k < x1; k++) {
		const struct cell *cl = canvas_cell(c, k, y);

		if (cl && cl->kind == CELL_TEXT && cl->ch >= '0' && cl->ch <= '9')
			return true;
	}
	return false;
}

/* The concatenated heatmap's halves named in its gutter, so the edge
 * where the flat slow sines meet the fast cosines reads as the divide it
 * is: "sin" beside the middle of the sines' rows, "cos" beside the
 * cosines', each on the free gutter row nearest the middle whose
 * neighbours hold no tick either (beside a tick, "cos" over "100" read
 * as one label, "cos 100"), else (a short map, its ticks 3 rows apart)
 * on the free row nearest the middle; right-aligned where the ticks end,
 * or into the arrow's column when the ticks' digits are fewer than 3. */
static void name_halves(struct canvas *c, const struct heat_plot *hp,
			struct rect a, int x0)
{
	static const char *const name[2] = { "sin", "cos" };
	const struct style st = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	int end = a.x - 1 - x0 >= 3 ? a.x - 1 : a.x;

	if (end - 3 < x0)
		return;
	for (int fn = PE_SIN; fn <= PE_COS; fn++) {
		int y0 = -1, y1 = -1;

		for (int y = 0; y < a.h; y++)
			if (cell_kind(hp, a, y) == fn) {
				y0 = y0 < 0 ? y : y0;
				y1 = y;
			}
		if (y0 < 0)
			continue;
		for (int apart = 1, done = 0; apart >= 0 && !done; apart--)
			for (int k = 0; k <= y1 - y0 && !done; k++) {
				/* the middle, then one row either side, and so
				 * on */
				int y = (y0 + y1) / 2 + (k % 2 ? (k + 1) / 2 : -(k / 2));

				if (y < y0 || y > y1 || !blank(c, end - 3, a.y + y, 3) ||
				    (apart && (has_digit(c, x0, end, a.y + y - 1) ||
					       has_digit(c, x0, end, a.y + y + 1))))
					continue;
				canvas_text(c, end - 3, a.y + y, 3, name[fn], st);
				done = 1;
			}
	}
}

/* One heatmap box: layout `lay`, marking the selected component, with the
 * colour bar at its right. */
static void draw_heat_box(const struct state *s, struct canvas *c,
			  struct rect r, enum pe_layout lay,
			  struct heat_cache *hc)
{
	struct pe_params p = s->cur.pe;
	const struct pe_params *cur = &s->cur.pe;
	int pair = pe_pair_of(cur, s->cur.dim);
	enum pe_fn fn = pe_fn_of(cur, s->cur.dim);
	bool current = lay == cur->layout;
	char wide[96], narrow[64];
	struct heat_plot hp;
	struct rect in, room, area;

	p.layout = lay;
	if (lay == PE_INTERLEAVED) {
		snprintf(wide, sizeof wide, "%s", current
			 ? tr(s->lang, "Interleaved (paper): sin even, cos odd - current")
			 : tr(s->lang, "Interleaved (paper): sin even, cos odd"));
		snprintf(narrow, sizeof narrow, "%s", current
			 ? tr(s->lang, "Interleaved (current)")
			 : tr(s->lang, "Interleaved"));
	} else {
		snprintf(wide, sizeof wide, "%s", current
			 ? tr(s->lang, "Concatenated: all sines, then all cosines - current")
			 : tr(s->lang, "Concatenated: all sines, then all cosines"));
		snprintf(narrow, sizeof narrow, "%s", current
			 ? tr(s->lang, "Concatenated (current)")
			 : tr(s->lang, "Concatenated"));
	}
	in = panel_open(c, r, wide, narrow);
	hp = (struct heat_plot){ &p, PE_BUG_NONE, &s->window, s->cur.pos,
				 pe_dim_of(&p, pair, fn), !s->ascii, s->lang,
				 heat_caption };
	room = colour_bar_heat_room(&hp, in, BAR_LABEL_W, HEAT_COLS_MIN);
	heat_plot_draw(c, room, &hp, hc);
	/* the colours are the values themselves: the ramp's ends are ±1 */
	colour_bar_beside_heat(c, &hp, in, room, BAR_LABEL_W, 1.0, axis_style);
	area = heat_plot_area(&hp, room);
	if (area.w <= 0)
		return;
	heat_axis_names_draw(c, &hp, area, area.x + 1, r.y + r.h - 1,
			     r.x + r.w - 2);
	if (lay == PE_CONCAT)
		name_halves(c, &hp, area, in.x);
}

/* The three paragraphs of the text box, most important first, with the
 * last finished measurement. */
static int explain(const struct layouts_ctx *ctx, const struct state *s,
		   char text[3][TEXT_MAX])
{
	const struct pe_params *p = &s->cur.pe;
	struct pe_params other = *p;
	int pair = pe_pair_of(p, s->cur.dim), n = 0;
	enum pe_fn fn = pe_fn_of(p, s->cur.dim);
	double diff = 0.0;
	bool have = gram_shown(ctx, s, &diff, &n);
	char num[32];

	if (ctx->gram_oom)
		snprintf(num, sizeof num, "?");
	else if (!have)
		snprintf(num, sizeof num, "%s", s->ascii ? "..." : "…");
	else if (diff == 0.0)
		snprintf(num, sizeof num, "0");
	else
		fmt_double_compact(diff, 2, num, sizeof num);
	snprintf(text[0], TEXT_MAX,
		 s->ascii ? "Measured %s = max |PEint(p).PEint(q) - PEcat(p).PEcat(q)| over %d positions p, q in view: rounding, on dot products up to d/2 = %d."
			  : tr(s->lang, "Measured %s = max |PEint(p)·PEint(q) − PEcat(p)·PEcat(q)| over %d positions p, q in view: rounding, on dot products up to d/2 = %d."),
		 num, n, p->d_model / 2);
	snprintf(text[1], TEXT_MAX, "%s", s->ascii
		 ? "The layout changes the picture, not the geometry: permuting "
		   "dims keeps each PE(p).PE(q), and each attention score if the "
		   "rows of W_Q and W_K move too."
		 : tr(s->lang, "The layout changes the picture, not the geometry: "
		      "permuting dims keeps each PE(p)·PE(q), and each attention "
		      "score if the rows of W_Q and W_K move too."));
	other.layout = p->layout == PE_INTERLEAVED ? PE_CONCAT : PE_INTERLEAVED;
	snprintf(text[2], TEXT_MAX, p->layout == PE_INTERLEAVED
		 ? tr(s->lang, "Selected: the %s of pair %d is dim %d interleaved and dim %d concatenated (marked in both).")
		 : tr(s->lang, "Selected: the %s of pair %d is dim %d concatenated and dim %d interleaved (marked in both)."),
		 fn == PE_SIN ? tr(s->lang, "sine") : tr(s->lang, "cosine"), pair,
		 s->cur.dim, pe_dim_of(&other, pair, fn));
	return 3;
}

/* The paragraphs one under the other, and the measured number (the second
 * word of the first paragraph, on its first row) again in its own colour. */
static void draw_text_box(const struct state *s, struct canvas *c,
			  struct rect r, char text[3][TEXT_MAX], int nparas)
{
	struct rect in;
	int skip = (int)(strchr(text[0], ' ') - text[0]) + 1, col;
	char num[32], first[64];

	in = panel_open(c, r, tr(s->lang, "Same geometry"), NULL);
	if (in.w < 1 || in.h < 1)
		return;
	for (int k = 0; k < nparas && in.h > 0; k++) {
		int used = paragraph_draw(c, in, text[k], text_style);

		in.y += used;
		in.h -= used;
	}
	/* Columns, not bytes, before the number: "实测 " is 7 bytes, 5
	 * columns. */
	snprintf(first, sizeof first, "%.*s", skip, text[0]);
	col = utf8_width(first);
	sscanf(text[0] + skip, "%31s", num);
	if (col + utf8_width(num) <= r.w - 2)
		canvas_text(c, r.x + 1 + col, r.y + 1, r.w - 2 - col, num,
			    num_style);
}

/* The rows of the text box in r for `text`: the rows its paragraphs need,
 * but leaving the heatmaps at least HEAT_ROWS_MIN; *nparas (3 on entry)
 * drops the paragraphs that do not fit, from the last. */
static int text_box_rows(struct rect r, char text[3][TEXT_MAX], int *nparas)
{
	int need = 2;

	for (int k = 0; k < *nparas; k++) {
		int rows = paragraph_rows(text[k], r.w - 2);

		if (r.h - (need + rows) < HEAT_ROWS_MIN && k > 0) {
			*nparas = k;
			break;
		}
		need += rows;
	}
	return need < r.h ? need : r.h;
}

/* Whether heatmap hc takes the frame's time before the measurement.
 * Without a budget the order does not matter, and the measurement goes
 * first: the text box's size follows the number. Under a budget a
 * heatmap, the costliest work, goes first while its grid is being
 * computed (its cache's `work` under way) or when the measurement is not
 * under way (a change has just come); but a grid finished late in a frame
 * is shown in the next one, which then computes nothing more (heat.h), so
 * it waits for the measurement when that is under way. */
static bool heat_first(const struct layouts_ctx *ctx,
		       const struct heat_cache *hc)
{
	return work_limited() &&
	       (!cache_busy(&ctx->gram) || cache_busy(&hc->work));
}

/* When a heatmap goes first, the text box is the one of the number shown
 * before; one that the new number resizes is left to the next frame. */
static void layouts_draw(const struct state *s, void *data, struct canvas *c,
			 struct rect r)
{
	struct layouts_ctx *ctx = data;
	bool inter_first = heat_first(ctx, &ctx->inter);
	bool concat_first = heat_first(ctx, &ctx->concat);
	struct rect old = plot_clip_push(c, r);
	char text[3][TEXT_MAX];
	int nparas, lw = r.w / 2, box_h;
	struct rect left, right;

	canvas_fill(c, r, ' ', text_style);
	if (!inter_first && !concat_first)
		gram_advance(ctx, s);
	nparas = explain(ctx, s, text);
	box_h = text_box_rows(r, text, &nparas);
	left = (struct rect){ r.x, r.y, lw, r.h - box_h };
	right = (struct rect){ r.x + lw, r.y, r.w - lw, r.h - box_h };
	if (inter_first)
		draw_heat_box(s, c, left, PE_INTERLEAVED, &ctx->inter);
	if (concat_first)
		draw_heat_box(s, c, right, PE_CONCAT, &ctx->concat);
	gram_advance(ctx, s);
	if (inter_first || concat_first) {
		int now = 3;

		explain(ctx, s, text);
		if (text_box_rows(r, text, &now) != box_h || now != nparas)
			work_mark_unfinished();
	}
	if (!inter_first)
		draw_heat_box(s, c, left, PE_INTERLEAVED, &ctx->inter);
	if (!concat_first)
		draw_heat_box(s, c, right, PE_CONCAT, &ctx->concat);
	draw_text_box(s, c, (struct rect){ r.x, r.y + r.h - box_h, r.w, box_h },
		      text, nparas);
	canvas_set_clip(c, old);
}

static void layouts_free(void *data)
{
	struct layouts_ctx *ctx = data;

	heat_cache_free(&ctx->inter);
	heat_cache_free(&ctx->concat);
	cache_free(&ctx->gram);
}

const struct view_spec view_layouts = {
	.name = "layouts",
	.said = N_("layouts view"),
	.title = N_("interleaved and concatenated layouts side by side"),
	.point = N_("two different pictures, the same dot products"),
	.draw = layouts_draw,
	.ctx_size = sizeof(struct layouts_ctx),
	.ctx_free = layouts_free,
};
