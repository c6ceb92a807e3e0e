/* view_clocks.c - every (sin, cos) pair is a clock hand, and an offset is a
 * rotation.
 *
 * Pair i of PE(p) is the point (sin p w_i, cos p w_i) on the unit circle:
 * drawn with x = sin and y = cos it is a hand that points up at p = 0 and
 * turns clockwise by w_i per position, fast for low i, slow for high i.
 * Moving p by k turns every hand by its own angle k w_i, which is the 2x2
 * rotation M_k = [[cos k w, sin k w], [-sin k w, cos k w]] of the pair: the
 * same matrix whatever p, so PE(p+k) is a linear function of PE(p).
 *
 * Layout inside the border, dropping what does not fit:
 *   header    "p = 17   k = 5   (x/X: k -/+1   c/C: k /2 x2   Space: play)"
 *   legend    the two hands' colours, how to read a hand (18 rows and up;
 *             below, the hands' colours follow "p = 17   k = 5" instead
 *             of the keys)
 *   dials     as many as fit, pairs spread evenly over 0 .. d/2-1 (the
 *             selected one always among them, its label in the cursor
 *             role); each a
 *             dial (render/dial.h): the hand at p (TRACE1, the long
 *             arrow) and the hand at p + k (TRACE2, the short one), the
 *             turn between them on the rim in TRACE2, labelled "i=2",
 *             "λ=6.75" and "+42°"
 *   pair      "pair 2 (dims 4, 5): ω_2 = 0.9306 rad, k·ω_2 = 4.653 rad"
 *   matrix    M_k of the selected pair, symbolic and with its values from
 *             pe_rotation ("% .4f")
 *   residual  ‖M_k·PE(p) − PE(p+k)‖ over all pairs (pe_rotation_residual,
 *             "%.1e") at p, and the largest over positions across the
 *             length, with what that checks
 * Space sweeps p (state.playing), so the hands turn. Both residuals are
 * cached on their inputs: a frame that changes nothing else costs the dials
 * only; at the largest sizes they are computed over several frames (see
 * the caches below), showing "…" until the first is done. With s->ascii:
 * ω -> w, λ -> wl, ‖ -> ||, · -> *, − -> -, … -> ... */
#include "base/utf8.h"
#include "base/tr.h"
#include "model/catalog.h"
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "render/cache.h"
#include "engine/pe.h"
#include "render/dial.h"
#include "render/plot.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	TEXT_MAX = 256,		/* one line of text */
	DIALS_MAX = 32,		/* more would be too small to read anyway */
	CLOCK_ROWS_MAX = 12,	/* radius 23 dots */
	LABEL_ROWS = 3,		/* "i=2", "λ=6.75" and "+42°" under each
				 * dial */
	SPREAD_POSITIONS = 5	/* positions the largest residual looks at */
};

/* By size (views/panel.h): anything from 2 x 1 inside; header rows: 2
 * from 18 rows, else 1; text rows: 6 from 24, 5 from 20, else 4. Of the
 * text rows: the selected pair's line from 5, the matrix (2 rows) from
 * 2; of the residuals' rows: the spread from 3, the rotation's line from
 * 2 (its row: 2 from 3, else 1). */
static const struct tier clocks_least[] = { { 2, 1, 1 } };
static const struct tier header_rows[] = { { 0, 18, 2 }, { 0, 0, 1 } };
static const struct tier text_rows[] = { { 0, 24, 6 }, { 0, 20, 5 },
					 { 0, 0, 4 } };
static const struct tier pair_line[] = { { 0, 5, 1 } };
static const struct tier matrix_lines[] = { { 0, 2, 1 } };
static const struct tier spread_line[] = { { 0, 3, 1 } };
static const struct tier rotation_line[] = { { 0, 3, 2 }, { 0, 2, 1 } };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style dim_style = { ROLE_DIM, ROLE_DEFAULT, 0 };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *omega, *lambda, *norm, *dot, *minus;
	const char *pending;	/* a number still being computed */
};

static const struct symbols utf8_symbols = {
	"ω", "λ", "‖", "·", "−", "…"
};
static const struct symbols ascii_symbols = {
	"w", "wl", "||", "*", "-", "..."
};

struct clocks_layout {
	struct rect in;		/* inside the border */
	int header_rows;	/* 1 or 2 */
	int text_y, text_rows;	/* the block under the dials */
	int dial_y;		/* first row of the dials */
	int rows;		/* circle rows of a dial, 0: no dials */
	int cols, nrows;	/* dials per row, rows of dials */
	int cell_w;		/* columns per dial */
	int ndials;		/* dials shown */
	int pair[DIALS_MAX];	/* their pairs, ascending */
};

/* ---- the knobs ---- */

static long long offset_of(const struct state *s)
{
	return (long long)state_view_knob(s, 0);
}

/* ---- cached residuals ---- */

/* Both residuals read a per-pair table (pe_rotation_table_fill: omega and
 * the turn by k) kept for d, base and k. At d_model 65536 and a position
 * near 1e9 one residual is ~2 ms of sin/cos and the five across the length
 * ~10 ms, so the work is sliced (cache.h), CHUNK pairs a step. Until a
 * number is done the last finished one shows (the residual with the
 * position it is for), or an ellipsis. */
enum { CHUNK = 4096 };

/* The view's context: its caches.
 *   table   the rotation table (mem) for d, base and k;
 *   at_pos  the residual at the selected position, for the table's inputs
 *           and the position. A job for one position runs to its end even
 *           when the position moves on meanwhile (holding an arrow key),
 *           and the next one starts from the position of that time;
 *   spread  the largest residual over positions across the length, for
 *           the table's inputs and the length. */
struct clocks_ctx {
	struct cache table, at_pos, spread;
};

/* The inputs of the table; the residuals add theirs after these. */
static struct cache_key table_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base,
				     (double)offset_of(s) } };
}

enum { KEY_K = 2, KEY_MORE = 3 };	/* where k and the next input are */

/* The position may move under a job (cache_start's soft entries). */
static struct cache_key at_pos_key(const struct state *s)
{
	struct cache_key k = table_key(s);

	k.v[KEY_MORE] = (double)s->cur.pos;
	return k;
}

static struct cache_key spread_key(const struct state *s)
{
	struct cache_key k = table_key(s);

	k.v[KEY_MORE] = (double)s->cur.len;
	return k;
}

/* The next CHUNK pairs of the table; at[0]: pairs filled. */
static bool table_step(struct cache *c, const void *arg)
{
	const struct pe_params *p = arg;
	int h = p->d_model / 2, from = (int)c->at[0];
	int end = h - from < CHUNK ? h : from + CHUNK;

	pe_rotation_table_fill(p, c->key.v[KEY_K], from, end, cache_get(c));
	c->at[0] = end;
	return end == h;
}

/* Whether the table for s is complete, filling it if it is not; false also
 * when memory runs out. */
static bool table_ready(struct clocks_ctx *ctx, const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;
	struct cache_key k = table_key(s);
	size_t size = (size_t)pe_rotation_table_size(p->d_model);

	if (cache_start(&ctx->table, &k, 0) &&
	    !CACHE_MEM(&ctx->table, double, size))
		return false;
	return cache_run_const(&ctx->table, table_step, p);
}

/* The next CHUNK pairs of the residual at the job's position; at[0]: pairs
 * done, acc[0]: their sum. Publishes the residual. */
static bool at_pos_step(struct cache *c, void *arg)
{
	const struct clocks_ctx *ctx = arg;
	int h = (int)c->key.v[0] / 2, from = (int)c->at[0];
	int end = h - from < CHUNK ? h : from + CHUNK;
	double value;

	c->acc[0] = pe_rotation_residual_add(cache_get(&ctx->table),
					     c->key.v[KEY_MORE],
					     c->key.v[KEY_K], from, end,
					     c->acc[0]);
	c->at[0] = end;
	if (end < h)
		return false;
	value = sqrt(c->acc[0]);
	cache_publish(c, &value, 1);
	return true;
}

/* pe_rotation_residual at the selected position, as last finished, into
 * *v and the position it is for into *pos; false while none is known yet
 * (*pos is then the selected one). */
static bool residual_at(struct clocks_ctx *ctx, const struct state *s,
			double *v, long long *pos)
{
	struct cache_key k = at_pos_key(s);
	struct cache *c = &ctx->at_pos;

	cache_start(c, &k, KEY_MORE);
	if (!cache_done(c) && table_ready(ctx, s) && cache_run(c, at_pos_step, ctx)) {
		/* Done, but for a position left behind: on to the new one,
		 * in this frame or (marked unfinished) the next. */
		cache_start(c, &k, KEY_MORE);
		cache_run(c, at_pos_step, ctx);
	}
	*v = c->out[0];
	*pos = c->have ? (long long)c->out_key.v[KEY_MORE] : s->cur.pos;
	return c->have;
}

static int spread_count(long long len)
{
	return len < SPREAD_POSITIONS ? (int)len : SPREAD_POSITIONS;
}

/* One step: the next chunk of pairs of the position under way; the
 * positions are spread evenly over the length, both ends included. at[0]:
 * positions done, at[1]: pairs of the next one; acc[0]: its sum, acc[1]:
 * the largest residual so far. Publishes the largest. */
static bool spread_step(struct cache *c, void *arg)
{
	const struct clocks_ctx *ctx = arg;
	long long len = (long long)c->key.v[KEY_MORE];
	int h = (int)c->key.v[0] / 2, count = spread_count(len);
	int from = (int)c->at[1], end = h - from < CHUNK ? h : from + CHUNK;
	double last = (double)(len - 1), pos;

	pos = count > 1 ? last * (double)c->at[0] / (count - 1) : 0.0;
	c->acc[0] = pe_rotation_residual_add(cache_get(&ctx->table), pos,
					     c->key.v[KEY_K], from, end,
					     c->acc[0]);
	c->at[1] = end;
	if (end < h)
		return false;
	c->acc[1] = fmax(c->acc[1], sqrt(c->acc[0]));
	c->acc[0] = 0.0;
	c->at[1] = 0;
	if (++c->at[0] < count)
		return false;
	cache_publish(c, &c->acc[1], 1);
	return true;
}

/* The largest pe_rotation_residual over positions spread across the length
 * into *v; false while no maximum has been finished yet. */
static bool residual_spread(struct clocks_ctx *ctx, const struct state *s,
			    double *v)
{
	struct cache_key k = spread_key(s);

	cache_start(&ctx->spread, &k, 0);
	if (!cache_done(&ctx->spread) && table_ready(ctx, s))
		cache_run(&ctx->spread, spread_step, ctx);
	*v = ctx->spread.out[0];
	return ctx->spread.have;
}

/* ---- layout ---- */

/* The wavelength label of a dial: "λ=6.28" ("wl=6.28" in ASCII). */
static void wavelength_label(const struct state *s, int pair, char *buf,
			     size_t n)
{
	char num[24];

	fmt_double_compact(pe_wavelength(&s->cur.pe, pair), 3, num, sizeof num);
	snprintf(buf, n, "%s=%s",
		 s->ascii ? ascii_symbols.lambda : utf8_symbols.lambda, num);
}

/* The turn by k of a dial's pair, k·ω_i in degrees (a hand turns by a
 * whole number of turns and this): "+229°", "+0.026°" ("+229 deg" in
 * ASCII). */
static void turn_label(const struct state *s, int pair, char *buf, size_t n)
{
	char num[24];
	double deg = (double)offset_of(s) * pe_omega(&s->cur.pe, pair) *
		     (180.0 / 3.141592653589793);

	/* whole degrees from 10 to 99999, else two digits */
	if (deg >= 10.0 && deg < 99999.5)
		snprintf(num, sizeof num, "%.0f", deg);
	else
		fmt_double_compact(deg, 2, num, sizeof num);
	snprintf(buf, n, "+%s%s", num, s->ascii ? " deg" : "°");
}

/* Columns a dial of `rows` circle rows takes: the circle (2 per row) or
 * its widest label, whichever is wider, and a blank. The slowest pair has
 * the longest wavelength and the highest index. */
static int dial_width(const struct state *s, int rows)
{
	int h = s->cur.pe.d_model / 2, w;
	char text[48];

	wavelength_label(s, h - 1, text, sizeof text);
	w = utf8_width(text);
	snprintf(text, sizeof text, "i=%d", h - 1);
	if (utf8_width(text) > w)
		w = utf8_width(text);
	/* the turn's label is widest for the slowest pair (most digits
	 * after the point) or the fastest (most before it) */
	for (int pair = 0; pair < h; pair += h - 1 > 0 ? h - 1 : 1) {
		turn_label(s, pair, text, sizeof text);
		if (utf8_width(text) > w)
			w = utf8_width(text);
	}
	return 2 * rows > w ? 2 * rows + 1 : w + 1;
}

/* n different pairs spread evenly over 0 .. h-1 in ascending order, with
 * `sel` among them: when it is not one of the spread, it replaces the
 * nearest, but never the first or the last, so the fastest and the slowest
 * hand always show (and it stays between its neighbours). Returns how many
 * (all h when they fit). */
static int pick_pairs(int h, int sel, int n, int *out)
{
	int best = -1;
	bool found = false;

	if (n > h)
		n = h;
	if (n < 1)
		return 0;
	/* n <= h: the spread rises by at least 1 a dial. */
	for (int j = 0; j < n; j++) {
		out[j] = n > 1 ? (int)((long long)j * (h - 1) / (n - 1)) : sel;
		found = found || out[j] == sel;
	}
	if (found)
		return n;
	for (int j = 1; j < n - 1; j++)
		if (best < 0 || abs(out[j] - sel) < abs(out[best] - sel))
			best = j;
	/* Two dials only: the fastest and the selected one. */
	out[best >= 0 ? best : n - 1] = sel;
	return n;
}

/* Splits the rectangle: header on top, text block at the bottom, dials in
 * between, as big as leaves room for a reasonable number of them. */
static void clocks_layout(const struct state *s, struct rect r,
			  struct clocks_layout *l)
{
	int h = s->cur.pe.d_model / 2, area, want;

	memset(l, 0, sizeof *l);
	l->in = panel_inside(r);
	if (!TIER(clocks_least, l->in.w, l->in.h))
		return;
	l->header_rows = TIER(header_rows, l->in.w, l->in.h);
	l->text_rows = TIER(text_rows, l->in.w, l->in.h);
	area = l->in.h - l->header_rows - l->text_rows;
	if (area < DIAL_ROWS_MIN + LABEL_ROWS) {
		/* Too short for dials: the numbers matter more. */
		l->text_rows = l->in.h - 1 < 6 ? l->in.h - 1 : 6;
		l->text_y = l->in.y + 1;
		return;
	}
	l->dial_y = l->in.y + l->header_rows;
	l->text_y = l->dial_y + area;
	/* Bigger screens show more dials; the largest size that still shows
	 * that many wins. */
	want = 6 + l->in.w * area / 600;
	if (want > h)
		want = h;
	for (int rows = CLOCK_ROWS_MAX; rows >= DIAL_ROWS_MIN; rows--) {
		int cw = dial_width(s, rows);
		int cols = l->in.w / cw, nr = area / (rows + LABEL_ROWS);

		if (cols * nr >= want || rows == DIAL_ROWS_MIN) {
			l->rows = rows;
			l->cell_w = cw;
			l->cols = cols;
			l->nrows = nr;
			break;
		}
	}
	l->ndials = l->cols * l->nrows;
	if (l->ndials > DIALS_MAX)
		l->ndials = DIALS_MAX;
	l->ndials = pick_pairs(h, pe_pair_of(&s->cur.pe, s->cur.dim),
			       l->ndials, l->pair);
	if (l->ndials == 0)
		return;		/* narrower than one dial */
	/* Only the rows of dials in use, centred in the area. */
	l->nrows = (l->ndials + l->cols - 1) / l->cols;
	l->dial_y += (area - l->nrows * (l->rows + LABEL_ROWS)) / 2;
}

/* ---- dials ---- */

static void draw_dial(const struct state *s, struct canvas *c,
		      const struct clocks_layout *l, int x, int y, int pair)
{
	const struct pe_params *p = &s->cur.pe;
	bool sel = pair == pe_pair_of(p, s->cur.dim);
	double w = pe_omega(p, pair), a = (double)s->cur.pos * w;
	double b = (double)(s->cur.pos + offset_of(s)) * w;
	struct style lab = { sel ? ROLE_CURSOR : ROLE_AXIS, ROLE_DEFAULT,
			     sel ? ATTR_BOLD : 0 };
	/* x = sin, y = cos: up at p = 0, turning clockwise; the hand at p
	 * the long one, the hand at p + k the short one, and on the rim
	 * the turn from the first to the second (past whole turns); the
	 * rim in the border's grey, which the arc's and the hands' colours
	 * stand 3:1 apart from on either page (the axis grey was 1.45:1
	 * from the maroon arc on white), the selected dial's too: its
	 * label in the cursor's colour, like the pair's line below, marks
	 * it, and a rim of its own would be one more colour to explain */
	struct dial dl = {
		x + (l->cell_w - 2 * l->rows) / 2, y, l->rows, ROLE_BORDER, 2,
		{ { sin(a), cos(a), ROLE_TRACE1 }, { sin(b), cos(b), ROLE_TRACE2 } },
		sin(a), cos(a), fmod((double)offset_of(s) * w, 6.283185307179586),
		ROLE_TRACE2, s->ascii
	};
	char text[48];
	int tw;

	dial_draw(c, &dl);
	snprintf(text, sizeof text, "i=%d", pair);
	tw = utf8_width(text);
	canvas_text(c, x + (l->cell_w - 1 - tw) / 2, y + l->rows, tw, text, lab);
	wavelength_label(s, pair, text, sizeof text);
	tw = utf8_width(text);
	canvas_text(c, x + (l->cell_w - 1 - tw) / 2, y + l->rows + 1, tw, text,
		    lab);
	turn_label(s, pair, text, sizeof text);
	tw = utf8_width(text);
	canvas_text(c, x + (l->cell_w - 1 - tw) / 2, y + l->rows + 2, tw, text,
		    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
}

static void draw_dials(const struct state *s, struct canvas *c,
		       const struct clocks_layout *l)
{
	/* Rows of dials centred as a block. */
	int cols = l->ndials < l->cols ? l->ndials : l->cols;
	int x0 = l->in.x + (l->in.w - cols * l->cell_w) / 2;

	for (int j = 0; j < l->ndials; j++)
		draw_dial(s, c, l, x0 + (j % l->cols) * l->cell_w,
			  l->dial_y + (j / l->cols) * (l->rows + LABEL_ROWS),
			  l->pair[j]);
}

/* ---- text ---- */

/* "mark what" in the colour of what it names at (x, y) and three blanks,
 * when it fits in w columns; returns the columns it took (0 when it did
 * not fit). */
static int hand_key(struct canvas *c, int x, int y, int w, enum role fg,
		    const char *mark, const char *what)
{
	char t[TEXT_MAX + 16];	/* what (up to TEXT_MAX), the mark, blanks */
	int n;

	snprintf(t, sizeof t, "%s %s   ", mark, what);
	n = utf8_width(t);
	if (n > w)
		return 0;
	canvas_text(c, x, y, w, t,
		    (struct style){ (uint8_t)fg, ROLE_DEFAULT, ATTR_BOLD });
	return n;
}

/* The hands' key on row y from column x: the long hand, the short one and
 * the arc, each while it fits; returns the column after the last drawn. */
static int draw_hand_keys(const struct state *s, struct canvas *c,
			  const struct clocks_layout *l, int x, int y)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const char *shaft = dial_hand_sample(s->ascii);
	int end = l->in.x + l->in.w;
	char a[TEXT_MAX];

	x += hand_key(c, x, y, end - x, ROLE_TRACE1, shaft,
		      tr(s->lang, "long hand: p"));
	x += hand_key(c, x, y, end - x, ROLE_TRACE2, shaft,
		      tr(s->lang, "short hand: p + k"));
	/* the rim's arc from the long hand to the short one, and the
	 * degrees under the dial, are the turn the offset adds */
	snprintf(a, sizeof a, tr(s->lang, "arc: k%s_i"), sy->omega);
	/* two rows of dots, as the arc is two dots thick */
	return x + hand_key(c, x, y, end - x, ROLE_TRACE2,
			    s->ascii ? ".." : "⠶⠶", a);
}

/* Two rows: p and k with the keys that change k, then the hands' key and
 * how to read a hand. One row (a lesson's screen): p and k, then the
 * hands' key, without which p's hand and p + k's look alike; the keys
 * are in the footer too. */
static void draw_header(const struct state *s, struct canvas *c,
			const struct clocks_layout *l)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const struct style bold = { ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD };
	char a[TEXT_MAX], b[TEXT_MAX], d[64];
	const char *cand[3] = { a, b, d };
	int x = l->in.x, y = l->in.y;

	snprintf(d, sizeof d, "p = %lld   k = %lld", s->cur.pos, offset_of(s));
	if (l->header_rows < 2) {
		x += canvas_text(c, x, y, l->in.w, d, bold);
		draw_hand_keys(s, c, l, x + 3, y);
		return;
	}
	snprintf(b, sizeof b, tr(s->lang, "%s   (x/X, c/C: k; Space: play)"), d);
	/* the keys in the footer's words ("-/+1", "/2 x2"), not a second
	 * spelling of them ("−/+ 1", "÷2 ×2") */
	snprintf(a, sizeof a, s->playing
		 ? tr(s->lang, "%s   (x/X: k -/+1   c/C: k /2 x2   Space: playing)")
		 : tr(s->lang, "%s   (x/X: k -/+1   c/C: k /2 x2   Space: play)"),
		 d);
	paragraph_fit(c, x, y, l->in.w, cand, 3, bold);
	x = draw_hand_keys(s, c, l, x, y + 1);
	snprintf(a, sizeof a, tr(s->lang, "hand of pair i = (sin p%s_i, cos p%s_i): up at p = 0, turning clockwise, fast for low i and slow for high i"),
		 sy->omega, sy->omega);
	snprintf(b, sizeof b, tr(s->lang, "hand = (sin p%s_i, cos p%s_i)"),
		 sy->omega, sy->omega);
	snprintf(d, sizeof d, "(sin p%s_i, cos p%s_i)", sy->omega, sy->omega);
	paragraph_fit(c, x, y + 1, l->in.x + l->in.w - x, cand, 3, dim_style);
}

/* The selected pair's M_k, symbolic and with its values, on two rows. */
static void draw_matrix(const struct state *s, struct canvas *c,
			const struct clocks_layout *l, int y)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	int pair = pe_pair_of(&s->cur.pe, s->cur.dim);
	double m[2][2];
	char a[TEXT_MAX], b[TEXT_MAX];

	pe_rotation(&s->cur.pe, pair, (double)offset_of(s), m);
	snprintf(a, sizeof a, "M_k = [[ cos k%s,  sin k%s],  =  [[% .4f, % .4f],",
		 sy->omega, sy->omega, m[0][0], m[0][1]);
	snprintf(b, sizeof b, "       [%ssin k%s,  cos k%s]]      [% .4f, % .4f]]",
		 sy->minus, sy->omega, sy->omega, m[1][0], m[1][1]);
	canvas_text(c, l->in.x, y, l->in.w, a, plain);
	canvas_text(c, l->in.x, y + 1, l->in.w, b, plain);
}

static void draw_pair_line(const struct state *s, struct canvas *c,
			   const struct clocks_layout *l, int y)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	const struct pe_params *p = &s->cur.pe;
	int pair = pe_pair_of(p, s->cur.dim);
	double w = pe_omega(p, pair);
	char a[TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };

	char wt[32], kw[32];

	fmt_double_compact(w, 4, wt, sizeof wt);
	fmt_double_compact((double)offset_of(s) * w, 4, kw, sizeof kw);
	snprintf(b, sizeof b, tr(s->lang, "pair %d: %s = %s, k%s = %s rad"), pair,
		 sy->omega, wt, sy->omega, kw);
	snprintf(a, sizeof a, tr(s->lang, "pair %d (dims %d, %d) turns %s_%d = %s rad per position; k = %lld turns it by k%s_%d = %s rad"),
		 pair, pe_dim_of(p, pair, PE_SIN), pe_dim_of(p, pair, PE_COS),
		 sy->omega, pair, wt, offset_of(s), sy->omega, pair, kw);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2,
		 (struct style){ ROLE_CURSOR, ROLE_DEFAULT, 0 });
}

/* The residual at p, then (given rows) what it checks, then the largest
 * residual across the length. */
static void draw_residuals(struct clocks_ctx *ctx, const struct state *s,
			   struct canvas *c, const struct clocks_layout *l,
			   int y, int rows)
{
	const struct symbols *sy = s->ascii ? &ascii_symbols : &utf8_symbols;
	char lhs[96], num[32], a[TEXT_MAX], b[TEXT_MAX];
	const char *cand[2] = { a, b };
	double v;
	long long p;

	snprintf(lhs, sizeof lhs, "%sM_k%sPE(p) %s PE(p+k)%s", sy->norm, sy->dot,
		 sy->minus, sy->norm);
	if (residual_at(ctx, s, &v, &p))
		fmt_double_compact(v, 2, num, sizeof num);
	else
		snprintf(num, sizeof num, "%s", sy->pending);
	snprintf(b, sizeof b, "%s = %s", lhs, num);
	if (s->cur.pe.d_model > 2)
		snprintf(a, sizeof a, tr(s->lang, "%s = %s over all %d pairs at p = %lld"),
			 lhs, num, s->cur.pe.d_model / 2, p);
	else
		snprintf(a, sizeof a, tr(s->lang, "%s = %s at p = %lld"), lhs, num, p);
	paragraph_fit(c, l->in.x, y, l->in.w, cand, 2,
		 (struct style){ ROLE_OK, ROLE_DEFAULT, 0 });
	if (TIER(spread_line, l->in.w, rows)) {
		if (residual_spread(ctx, s, &v))
			fmt_double_compact(v, 2, num, sizeof num);
		else
			snprintf(num, sizeof num, "%s", sy->pending);
		snprintf(a, sizeof a, tr(s->lang, "largest at %d positions from 0 to %lld: %s, rounding only"),
			 spread_count(s->cur.len), s->cur.len - 1, num);
		snprintf(b, sizeof b, tr(s->lang, "largest over 0..%lld: %s"),
			 s->cur.len - 1, num);
		paragraph_fit(c, l->in.x, y + 1, l->in.w, cand, 2, plain);
	}
	if (TIER(rotation_line, l->in.w, rows)) {
		snprintf(a, sizeof a, "%s", tr(s->lang, "PE(p+k) is a rotation of PE(p): a linear map, and the same matrix M_k for every p"));
		snprintf(b, sizeof b, tr(s->lang, "PE(p+k) = M_k%sPE(p), the same M_k for every p"), sy->dot);
		paragraph_fit(c, l->in.x, y + TIER(rotation_line, l->in.w, rows),
			      l->in.w, cand, 2,
			 dim_style);
	}
}

/* The text block: the pair's line when there is room, the matrix, the
 * residuals. */
static void draw_text(struct clocks_ctx *ctx, const struct state *s,
		      struct canvas *c, const struct clocks_layout *l)
{
	int y = l->text_y, rows = l->text_rows;

	if (TIER(pair_line, l->in.w, rows)) {
		draw_pair_line(s, c, l, y++);
		rows--;
	}
	if (TIER(matrix_lines, l->in.w, rows)) {
		draw_matrix(s, c, l, y);
		y += 2;
		rows -= 2;
	}
	if (rows >= 1)
		draw_residuals(ctx, s, c, l, y, rows);
}

static void clocks_draw(const struct state *s, void *ctx, struct canvas *c,
			struct rect r)
{
	struct rect old = plot_clip_push(c, r);
	struct clocks_layout l;

	canvas_fill(c, r, ' ', plain);
	panel_open(c, r, tr(s->lang, "Clocks: pairs turn like hands; an offset is a rotation"),
		   NULL);
	clocks_layout(s, r, &l);
	if (l.in.w >= 1 && l.in.h >= 1) {
		draw_header(s, c, &l);
		if (l.ndials > 0)
			draw_dials(s, c, &l);
		draw_text(ctx, s, c, &l);
	}
	canvas_set_clip(c, old);
}

static void clocks_free(void *data)
{
	struct clocks_ctx *ctx = data;

	cache_free(&ctx->table);
	cache_free(&ctx->at_pos);
	cache_free(&ctx->spread);
}

const struct view_spec view_clocks = {
	.name = "clocks",
	.said = N_("clocks view"),
	.title = N_("each pair turns like a clock hand; an offset is a rotation"),
	.point = N_("each pair turns at its own speed, and one matrix M_k takes PE(p) to PE(p+k) for every p"),
	.nknobs = 1,
	.knob = { {
		.word = "offset",
		.help = N_("offset k between the two hands"),
		.kind = KNOB_INT, .lo = 1, .hi = PE_LEN_MAX,
		/* 4: the fast pairs' hands turn far apart (pair 0 by
		 * 229°, 4 rad), the slow ones' by under a degree (at d 128,
		 * pairs from 36 on), so both speeds show at once; at k = 1
		 * the hands of most dials overlapped */
		.start = KNOB_START_INIT, .init = 4,
		.nsteps = 2,
		.step = { { 'x', 'X', STEP_ADD, 1,
			    N_("offset k -/+1") },
			  { 'c', 'C', STEP_MUL, 2,
			    N_("offset k /2 x2") } },
	} },
	.draw = clocks_draw,
	.ctx_size = sizeof(struct clocks_ctx),
	.ctx_free = clocks_free,
};
