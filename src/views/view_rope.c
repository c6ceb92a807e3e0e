/* view_rope.c - RoPE from the inside: one query and one key turned pair by
 * pair, the score as the sum of its pairs' shares, the code that ships it,
 * why v stays unturned, partial rotary, and what the fast and the slow
 * pairs are for. The mathematics is engine/rope.h's.
 *
 *   ┌ Pairs, fast to slow ─────────────────────────────────────────────┐
 *   │p = 12  q = 5  p − q = 7  s = 0  rotary all                        │
 *   │  dials: q's pair i turned by p·θ_i, k's by q·θ_i, fast to slow    │
 *   │  bars: each pair's share Re(q~ conj(k~) e^{i(p−q)θ}) of q·k       │
 *   │Σ bars = 3.1 = q·k of the turned vectors ...                       │
 *   └───────────────────────────────────────────────────────────────────┘
 *   ┌ The code and its numbers ─────────────────────────────────────────┐
 *   │Meta's view_as_complex, HF's rotate_half on permuted rows: q·k     │
 *   └───────────────────────────────────────────────────────────────────┘
 *   ┌ Why v is not turned ───────────┐┌ Fast pairs: position; slow ... ┐
 *   │one head, its sentence moved     ││ score against the offset m      │
 *   └─────────────────────────────────┘└─────────────────────────────────┘
 *
 * Knobs: the query's position (x/X) and the key's (c/C); s/S moves both
 * together (p = qpos + shift, q = kpos + shift), which turns every arrow
 * and leaves every bar as it is; u/U the fraction of the head turned;
 * v/V how far the head's sentence moves; a/A shows one of lesson 8's
 * first designs in place of the panels (view_rope_design.c). q, k and the
 * head's sentence come from seed ROPE_VIEW_SEED. F gives the focused
 * panel the whole body (w/W); a body under SINGLE_BELOW rows (80x24, or a
 * lesson's caption below) shows the focused panel alone and says so on
 * its bottom border. The dials are render/dial.h's: q's pair the long
 * arrow, k's the short one, 5 to 7 of them, the fastest and the slowest
 * pair at the ends.
 *
 * Everything is computed for the whole head width d: at d 65536 a change
 * costs the shares' 32768 sin/cos, two (four with a shift) tables of
 * angles and six turns made of multiplications, a few milliseconds; q, k,
 * the frequencies and the results are cached on their inputs
 * (render/cache.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "engine/pe.h"
#include "engine/rope.h"
#include "model/catalog.h"
#include "model/state.h"
#include "render/cache.h"
#include "render/dial.h"
#include "render/paragraph.h"
#include "render/plot.h"
#include "views/panel.h"
#include "views/panels.h"
#include "views/view_rope.h"

enum rope_knob { RK_QPOS, RK_KPOS, RK_SHIFT, RK_ROTARY, RK_VSHIFT,
		 RK_DESIGN, RK_COUNT };
enum rope_panel { RP_PAIRS, RP_CODE, RP_VALUES, RP_FREQS, RP_COUNT };

enum {
	TEXT_MAX = 320,		/* one line */
	DIALS_MAX = 7,		/* dials in the pairs panel, */
	DIALS_MIN = 5,		/* and the fewest its dials' size allows */
	DIAL_ROWS_BIG = 5,	/* the largest dial's rows, */
	DIAL_ROWS_SMALL = 3,	/* the small ones' (the legend beside them) */
	BAND_MAX = 8,		/* pairs of the fast and of the slow band */
	SAMPLES_MAX = 2 * 400,	/* dot columns of the frequency plot */
	BARS_MAX = 400,		/* bars of the pairs panel */
	SINGLE_BELOW = 24	/* bodies shorter show one panel at a time
				 * (80x24 has 22 rows) */
};

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
static const struct style axis_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };
static const struct style bold = { ROLE_DEFAULT, ROLE_DEFAULT, ATTR_BOLD };
/* The light shade of a bar's swing (and its mark in the legend): grey,
 * not the bars' colour, and quieter. */
static const struct style swing_style = { ROLE_AXIS, ROLE_DEFAULT, 0 };

/* The symbols that have an ASCII spelling. */
struct symbols {
	const char *theta, *dot, *minus, *sum, *arrow, *line;
};

static const struct symbols utf8_sym = { "θ", "·", "−", "Σ", "→", "━━" };
static const struct symbols ascii_sym = { "th", "*", "-", "sum", "->", "--" };

static const struct symbols *sym(const struct state *s)
{
	return s->ascii ? &ascii_sym : &utf8_sym;
}

/* ---- the knobs ---- */

static const char *rotary_name(int i)
{
	static const char *const n[] = { "all", "1/2", "1/4", "1/8" };

	return n[i];
}

/* The rotary knob as the screen writes it: "all" in the reader's
 * language, fractions as they are. */
static const char *rotary_label(const struct state *s)
{
	int i = (int)state_view_knob(s, RK_ROTARY);

	return i == 0 ? tr(s->lang, "all") : rotary_name(i);
}

static double knob(const struct state *s, enum rope_knob k)
{
	return state_view_knob(s, (int)k);
}

/* p and q: the knobs' positions moved together by the shift. */
static double pos_p(const struct state *s)
{
	return knob(s, RK_QPOS) + knob(s, RK_SHIFT);
}

static double pos_q(const struct state *s)
{
	return knob(s, RK_KPOS) + knob(s, RK_SHIFT);
}

static struct rope_setup setup_of(const struct state *s, int d)
{
	int den = 1 << (int)knob(s, RK_ROTARY);

	return (struct rope_setup){ d, rope_rot_of(d, den), s->cur.pe.base };
}

static struct rope_setup head_setup(const struct state *s)
{
	int d = s->cur.pe.d_model;

	return setup_of(s, d < ROPE_HEAD_D_MAX ? d : ROPE_HEAD_D_MAX);
}

/* ---- the numbers, cached ---- */

/* The results of one set of inputs (cache out[]). */
enum { O_SUM, O_META, O_HF, O_SAME, O_UNPERM, O_AT0, O_COUNT };

struct rope_ctx {
	struct cache qk;	/* mem: q and k, for d */
	struct cache theta;	/* mem: theta_i, for d, rot and base */
	struct cache work;	/* mem: shares, angles, scratch; out: O_* */
	struct cache head;	/* out: moved plain, moved turned, scale */
	struct cache swing;	/* mem: each pair's swing, for d, rot, base,
				 * len */
};

/* What the panels read: q, k, theta and the shares, for head width d. */
struct arrays {
	const double *theta, *q, *k, *share;
};

/* Returns c's memory of `n` doubles for key k, filled by fill(arg, mem)
 * when the key changed; NULL when memory runs out. */
static double *keep(struct cache *c, const struct cache_key *k, size_t n,
		    void (*fill)(const void *arg, double *mem), const void *arg)
{
	if (cache_ready(c, k))
		return cache_get(c);
	if (!CACHE_MEM(c, double, n))
		return NULL;
	cache_start(c, k, 0);
	fill(arg, cache_get(c));
	cache_finish(c);
	return cache_get(c);
}

static void fill_qk(const void *arg, double *mem)
{
	int d = *(const int *)arg;

	rope_draw_qk(ROPE_VIEW_SEED, d, mem, mem + d);
}

/* The view's q and k (2 d doubles: q, then k), or NULL. */
static const double *qk_of(const struct state *s, struct rope_ctx *ctx)
{
	int d = s->cur.pe.d_model;
	struct cache_key kq = { { d, ROPE_VIEW_SEED } };

	return keep(&ctx->qk, &kq, 2 * (size_t)d, fill_qk, &d);
}

static void fill_theta(const void *arg, double *mem)
{
	rope_thetas(arg, mem);
}

/* The numbers the view shows for s, computed when its inputs changed:
 * NULL when memory runs out. One set of angles per position serves every
 * turn there (rope_rotate_at), so a change costs four tables of sin and
 * cos, the shares' and some multiplications: a few milliseconds at d
 * 65536. */
static const struct cache *numbers(const struct state *s, struct rope_ctx *ctx,
				   struct arrays *out)
{
	int d = s->cur.pe.d_model, h;
	struct rope_setup r = setup_of(s, d);
	double p = pos_p(s), q = pos_q(s), v[O_COUNT];
	struct cache_key kt = { { d, r.rot, r.base } };
	struct cache_key key = { { d, r.rot, r.base, p, q, knob(s, RK_QPOS),
				   knob(s, RK_KPOS), ROPE_VIEW_SEED } };
	struct cache *c = &ctx->work;
	const double *qk = qk_of(s, ctx);
	const double *th = keep(&ctx->theta, &kt, (size_t)d / 2, fill_theta, &r);
	double *m, *sp, *cp, *sq, *cq, *a, *b, *e, *f, *share;
	bool same;

	if (!qk || !th)
		return NULL;
	*out = (struct arrays){ th, qk, qk + d, NULL };
	if (cache_ready(c, &key)) {
		out->share = cache_get(c);
		return c;
	}
	h = r.rot / 2;
	m = CACHE_MEM(c, double, (size_t)d / 2 + 4 * (size_t)h + 4 * (size_t)d);
	if (!m)
		return NULL;
	cache_start(c, &key, 0);
	share = m;
	sp = share + d / 2;
	cp = sp + h;
	sq = cp + h;
	cq = sq + h;
	a = cq + h;
	b = a + d;
	e = b + d;
	f = e + d;
	rope_contributions(&r, th, p, q, out->q, out->k, 0, d / 2, share);
	v[O_SUM] = 0.0;
	for (int i = 0; i < d / 2; i++)
		v[O_SUM] += share[i];
	rope_angles(&r, th, p, sp, cp);
	rope_angles(&r, th, q, sq, cq);
	/* Meta: the interleaved form on the rows as they are */
	rope_rotate_at(&r, sp, cp, ROPE_INTERLEAVED, out->q, a);
	rope_rotate_at(&r, sq, cq, ROPE_INTERLEAVED, out->k, b);
	v[O_META] = rope_dot(&r, ROPE_INTERLEAVED, a, b);
	/* Hugging Face: rotate_half on the permuted rows; each turned
	 * component must be Meta's, moved by the same permutation */
	rope_permute(r.rot, d, out->q, e);
	rope_rotate_at(&r, sp, cp, ROPE_HALF, e, f);		/* HF's q */
	rope_permute(r.rot, d, a, e);
	same = memcmp(e, f, (size_t)d * sizeof(double)) == 0;
	rope_permute(r.rot, d, out->k, e);
	rope_rotate_at(&r, sq, cq, ROPE_HALF, e, a);		/* HF's k */
	rope_permute(r.rot, d, b, e);
	same = same && memcmp(e, a, (size_t)d * sizeof(double)) == 0;
	v[O_HF] = rope_dot(&r, ROPE_HALF, f, a);
	/* the rotate_half form on rows nobody permuted */
	rope_rotate_at(&r, sp, cp, ROPE_HALF, out->q, b);
	rope_rotate_at(&r, sq, cq, ROPE_HALF, out->k, e);
	v[O_UNPERM] = rope_dot(&r, ROPE_HALF, b, e);
	/* the turned vectors before the shift (the same when there is none) */
	if (knob(s, RK_SHIFT) != 0) {
		rope_rotate(&r, th, ROPE_INTERLEAVED, knob(s, RK_QPOS), out->q, b);
		rope_rotate(&r, th, ROPE_INTERLEAVED, knob(s, RK_KPOS), out->k, e);
		v[O_AT0] = rope_dot(&r, ROPE_INTERLEAVED, b, e);
	} else {
		v[O_AT0] = v[O_META];
	}
	v[O_SAME] = same && memcmp(&v[O_META], &v[O_HF], sizeof(double)) == 0;
	cache_publish(c, v, O_COUNT);
	cache_finish(c);
	out->share = share;
	return c;
}

/* How far the head's outputs move with its sentence: out[0] v alone,
 * out[1] v turned, out[2] the outputs' size. */
static const double *head_numbers(const struct state *s, struct rope_ctx *ctx)
{
	struct rope_setup r = head_setup(s);
	struct cache_key key = { { r.d, r.rot, r.base, knob(s, RK_VSHIFT),
				   ROPE_VIEW_SEED } };
	struct cache *c = &ctx->head;

	if (!cache_ready(c, &key)) {
		struct rope_vshift v;
		double o[3];

		cache_start(c, &key, 0);
		rope_v_shift(&r, ROPE_VIEW_SEED, knob(s, RK_VSHIFT),
			     &v);
		o[0] = v.moved_plain;
		o[1] = v.moved_rotated;
		o[2] = v.scale;
		cache_publish(c, o, 3);
		cache_finish(c);
	}
	return c->out;
}

/* ---- shared drawing ---- */

/* What the panels show by size (see views/panel.h for the tables):
 * - the sum's why, under the sum, from 4 rows; */
static const struct tier sum_why[] = { { 0, 4, 1 } };
/* - the sum beside bars that overflow their columns: from 60 wide; */
static const struct tier sum_wide[] = { { 60, 0, 1 } };
/* - a chart: from 12 x 3; */
static const struct tier chart_least[] = { { 12, 3, 1 } };
/* - the pairs panel: its header from 4 x 1, the chart from 3 rows, the
 *   sum's own line from 16 (else only when it cannot stand beside); */
static const struct tier pairs_least[] = { { 4, 1, 1 } };
static const struct tier pairs_chart[] = { { 0, 3, 1 } };
static const struct tier pairs_line[] = { { 0, 16, 1 } };
/* - the chart's pair labels: 2 rows from 10 rows left, else 1; its
 *   bars: 7 rows from 12 left, 6 from 10, else 5; */
static const struct tier chart_labels[] = { { 0, 10, 2 }, { 0, 0, 1 } };
static const struct tier chart_bar_rows[] = { { 0, 12, 7 }, { 0, 10, 6 },
					  { 0, 0, 5 } };
/* - the code panel: every file's lines whole from 12 rows, the quotes
 *   from 6, one line each below; */
enum { CODE_LINES = 1, CODE_QUOTES, CODE_ALL };
static const struct tier code_tiers[] = { { 4, 12, CODE_ALL },
					  { 4, 6, CODE_QUOTES },
					  { 4, 1, CODE_LINES } };
/* - the values panel: from 4 x 1, its first sentence on two rows from
 *   6; */
static const struct tier values_least[] = { { 4, 1, 1 } };
static const struct tier values_para[] = { { 0, 6, 1 } };
/* - the frequencies panel: its long title from 60 wide, two rows of
 *   text under the plot from 8 rows; */
static const struct tier freqs_title[] = { { 60, 0, 1 } };
static const struct tier freqs_text[] = { { 0, 8, 2 }, { 0, 0, 1 } };
/* - the four panels' heights: the code's 8 rows from 30, 5 from 20,
 *   else 4; the bottom's a third of the rest from 36 (BOTTOM_THIRD), 9
 *   from 26, else 7; the pairs' 5 at least, or the code goes; the values
 *   panel's share of the width in percent: 40 from 100 columns, else
 *   50; */
enum { BOTTOM_THIRD = -1 };
static const struct tier code_rows[] = { { 0, 30, 8 }, { 0, 20, 5 },
					 { 0, 0, 4 } };
static const struct tier bottom_rows[] = { { 0, 36, BOTTOM_THIRD },
					   { 0, 26, 9 }, { 0, 0, 7 } };
static const struct tier pairs_rows[] = { { 0, 5, 1 } };
static const struct tier values_share[] = { { 100, 0, 40 }, { 0, 0, 50 } };
/* - the notice of a single panel: on its lower border, with a corner and
 *   a blank either side. */
static const struct tier notice_room[] = { { 4, 2, 1 } };

/* A verdict on row y: the first of the n heads whose tail fits beside it
 * in w columns (else the last), the head in the colour of good news (or
 * of a warning, !ok) and its tail, what follows from it, plain: the score
 * the unpermuted form gives is no good news, and in the verdict's green
 * it would read as one. */
static void fit_verdict(struct canvas *c, int x, int y, int w,
			const char *const *head, const char *const *tail,
			int n, bool ok)
{
	int i = 0, used;

	while (i < n - 1 && utf8_width(head[i]) + utf8_width(tail[i]) > w)
		i++;
	used = canvas_text(c, x, y, w, head[i],
			   (struct style){ ok ? ROLE_OK : ROLE_WARN, ROLE_DEFAULT,
					   0 });
	canvas_text(c, x + used, y, w - used, tail[i], plain);
}

static void num(double v, int sig, char *buf, size_t n)
{
	fmt_double_compact(v, sig, buf, n);
}

/* ---- the bar chart of the pairs' shares ---- */

/* How far pair i's share can swing as the offset m = p − q runs over
 * [0, m1]: share(m) = Re(z e^{i m theta}) = |z| cos(arg z + m theta) with
 * z = q~ conj(k~) = re + i im (rope_contributions), so over the angles
 * [arg z, arg z + m1 theta] it reaches |z| where that interval holds a
 * multiple of 2 pi, -|z| where it holds an odd multiple of pi, and
 * otherwise stays between its ends. Position-free pairs (theta 0) stay at
 * re. */
static void share_swing(double re, double im, double theta, double m1,
			double *lo, double *hi)
{
	const double tau = 6.283185307179586, pi = tau / 2;
	double r = hypot(re, im), a = atan2(im, re), b = a + m1 * theta;

	if (m1 * theta >= tau) {
		*lo = -r;
		*hi = r;
		return;
	}
	*lo = fmin(re, r * cos(b));
	*hi = fmax(re, r * cos(b));
	if (floor(b / tau) >= ceil(a / tau))
		*hi = r;
	if (floor((b - pi) / tau) >= ceil((a - pi) / tau))
		*lo = -r;
}

struct swing_arg {
	const struct arrays *a;
	int d, rot;
	double m1;
};

/* lo[i], then hi[i] at mem + d/2: every pair's swing over m in [0, m1]. */
static void fill_swing(const void *arg, double *mem)
{
	const struct swing_arg *w = arg;
	int h = w->d / 2;

	for (int i = 0; i < h; i++) {
		const double *q = w->a->q + 2 * i, *k = w->a->k + 2 * i;
		double re = q[0] * k[0] + q[1] * k[1];
		double im = q[1] * k[0] - q[0] * k[1];

		share_swing(re, im, 2 * i < w->rot ? w->a->theta[i] : 0.0,
			    w->m1, &mem[i], &mem[h + i]);
	}
}

/* The swings for s (lo, then hi, d/2 each), kept on d, rot, base and the
 * length; NULL when memory runs out. */
static const double *swing_of(const struct state *s, struct rope_ctx *ctx,
			      const struct arrays *a)
{
	int d = s->cur.pe.d_model;
	struct rope_setup r = setup_of(s, d);
	struct swing_arg w = { a, d, r.rot, (double)(s->cur.len - 1) };
	struct cache_key k = { { d, r.rot, r.base, (double)s->cur.len,
				 ROPE_VIEW_SEED } };

	return keep(&ctx->swing, &k, (size_t)d, fill_swing, &w);
}

/* Bars for `pairs` pairs in w columns: one a pair when they fit, else
 * one a column, at most BARS_MAX. */
static int bars_of(int pairs, int w)
{
	int nb = pairs < w ? pairs : w;

	return nb > BARS_MAX ? BARS_MAX : nb < 1 ? 1 : nb;
}

/* The chart: bar j stands for the pairs plot_col_items gives it (so the
 * pair ticks of plot_xticks fall on their bars), its value their shares'
 * sum, lo..hi its pair's swing when it has one pair (else its value). */
struct chart {
	int nb, cw, fill;	/* bars, columns a bar, columns filled */
	int x0;			/* first bar's column */
	int zero;		/* the zero line's row */
	int up, dn;		/* rows above and below it */
	double scale;		/* half cells per unit of value */
	double top, bottom;	/* the largest value up and down, >= 0 */
	double val[BARS_MAX], lo[BARS_MAX], hi[BARS_MAX];
};

/* The row holding the tip of a bar of value v. */
static int chart_row(const struct chart *ch, double v)
{
	int halves = (int)lround(fabs(v) * ch->scale);

	if (halves == 0)
		return ch->zero;
	return v > 0 ? ch->zero - 1 - (halves - 1) / 2
		     : ch->zero + 1 + (halves - 1) / 2;
}

/* Sums the bars for w columns and fits their values into rows
 * [y, y + h), h >= 3: the zero line split by the bars' extent up and
 * down, one scale for both sides, ticks at least 2 rows apart. */
static void chart_fit(struct chart *ch, const double *share,
		      const double *swing, int pairs, int x0, int w, int y,
		      int h)
{
	int up, dn;

	ch->nb = bars_of(pairs, w);
	ch->cw = w / ch->nb > 3 ? 3 : w / ch->nb;
	/* cppcheck-suppress knownConditionTrueFalse ; cw is 3 where w allows */
	ch->fill = ch->cw >= 3 ? ch->cw - 1 : ch->cw;
	ch->x0 = x0;
	ch->top = ch->bottom = 0.0;
	for (int j = 0; j < ch->nb; j++) {
		long long lo, n;

		plot_col_items(0, pairs, ch->nb, j, &lo, &n);
		ch->val[j] = ch->lo[j] = ch->hi[j] = 0.0;
		for (long long i = lo; i < lo + n; i++)
			ch->val[j] += share[i];
		/* the swing of one pair; for a bar of several, whose sum's
		 * range only a sweep over every m would give, none */
		ch->lo[j] = n == 1 ? swing[lo] : ch->val[j];
		ch->hi[j] = n == 1 ? swing[pairs + lo] : ch->val[j];
		ch->top = fmax(ch->top, ch->val[j]);
		ch->bottom = fmax(ch->bottom, -ch->val[j]);
	}
	if (ch->top + ch->bottom <= 0.0)
		ch->top = 1.0;
	/* rows above the zero line in proportion, at least one a side
	 * that has data */
	up = (int)lround((h - 1) * ch->top / (ch->top + ch->bottom));
	if (ch->bottom > 0.0 && up > h - 2)
		up = h - 2;
	if (ch->top > 0.0 && up < 1)
		up = 1;
	dn = h - 1 - up;
	ch->zero = y + up;
	ch->up = up;
	ch->dn = dn;
	ch->scale = INFINITY;
	if (ch->top > 0.0)
		ch->scale = 2.0 * up / ch->top;
	if (ch->bottom > 0.0)
		ch->scale = fmin(ch->scale, 2.0 * dn / ch->bottom);
}

static int chart_row_of(const void *arg, double v)
{
	return chart_row(arg, v);
}

/* The value ticks from the top down within the values the chart's rows
 * reach, 2 rows apart at least (plot_row_ticks), into v[] and row[]; the
 * step into *step. */
static int chart_ticks(const struct chart *ch, double *v, int *row, int max,
		       double *step)
{
	return plot_row_ticks(-2.0 * ch->dn / ch->scale, 2.0 * ch->up / ch->scale,
			      chart_row_of, ch, v, row, max, step);
}

enum { TICKS_MAX = 32 };

/* The width of the widest tick label. */
static int chart_label_w(const struct chart *ch)
{
	double v[TICKS_MAX];
	double step;
	int row[TICKS_MAX], n = chart_ticks(ch, v, row, TICKS_MAX, &step), w = 1;
	char buf[32];

	for (int i = 0; i < n; i++) {
		int lw = utf8_width(plot_value_label(v[i], step, buf,
						    sizeof buf));

		w = lw > w ? lw : w;
	}
	return w;
}

/* The value axis in column ax: its ticks labelled left of it, '┼' where
 * the zero line crosses. */
static void chart_axis(const struct state *s, struct canvas *c,
		       const struct chart *ch, int ax, int y, int h)
{
	double v[TICKS_MAX];
	double step;
	int row[TICKS_MAX], n = chart_ticks(ch, v, row, TICKS_MAX, &step);
	char buf[32];

	for (int r = y; r < y + h; r++)
		canvas_put(c, ax, r, s->ascii ? '|' : 0x2502, axis_style);
	for (int i = 0; i < n; i++) {
		int lw;

		plot_value_label(v[i], step, buf, sizeof buf);
		lw = utf8_width(buf);
		canvas_text(c, ax - lw, row[i], lw, buf, axis_style);
		canvas_put(c, ax, row[i], s->ascii ? '+'
			   : row[i] == ch->zero ? 0x253c : 0x2524, axis_style);
	}
}

/* The bars, their swings in light shade, the zero line. */
static void chart_bars(const struct state *s, struct canvas *c,
		       const struct chart *ch, int pairs, int rot)
{
	canvas_hline(c, ch->x0, ch->zero, ch->nb * ch->cw, axis_style);
	for (int j = 0; j < ch->nb; j++) {
		long long lo, n;
		struct style st;
		int hv, up, down;

		plot_col_items(0, pairs, ch->nb, j, &lo, &n);
		st = (struct style){ 2 * lo < rot ? ROLE_TRACE3 : ROLE_TRACE4,
				     ROLE_DEFAULT, 0 };
		hv = (int)lround(fabs(ch->val[j]) * ch->scale);
		/* the scale is the bars': a swing past them runs to the
		 * chart's edge */
		up = (int)fmin((double)lround(fmax(ch->hi[j], 0.0) * ch->scale),
			       2 * ch->up);
		down = (int)fmin((double)lround(fmax(-ch->lo[j], 0.0) * ch->scale),
				 2 * ch->dn);
		for (int f = 0; f < ch->fill; f++) {
			int x = ch->x0 + j * ch->cw + f;

			/* the swing: cells the bar does not reach, in the
			 * swing's own quieter colour */
			for (int k = ch->val[j] > 0 ? (hv + 1) / 2 : 0;
			     k < (up + 1) / 2; k++)
				canvas_put(c, x, ch->zero - 1 - k,
					   s->ascii ? ':' : 0x2591, swing_style);
			for (int k = ch->val[j] < 0 ? (hv + 1) / 2 : 0;
			     k < (down + 1) / 2; k++)
				canvas_put(c, x, ch->zero + 1 + k,
					   s->ascii ? ':' : 0x2591, swing_style);
			for (int k = 0; k < (hv + 1) / 2; k++) {
				bool half = 2 * k + 1 == hv;
				uint32_t g;

				if (ch->val[j] >= 0)
					g = half ? (s->ascii ? '.' : 0x2584) /* ▄ */
						 : (s->ascii ? '#' : 0x2588);
				else
					g = half ? (s->ascii ? '\'' : 0x2580) /* ▀ */
						 : (s->ascii ? '#' : 0x2588);
				canvas_put(c, x, ch->val[j] >= 0
					   ? ch->zero - 1 - k : ch->zero + 1 + k,
					   g, st);
			}
		}
	}
}

/* ---- the pairs panel ---- */

/* Pair `pair`'s dial in the square of `rows` rows from cell (x, y), its
 * label "i=N" to its right: q's pair turned by p·θ_i (the long hand) and
 * k's by q·θ_i (the short one), each as a complex number (x = the pair's
 * first component, y = its second). */
static void dial(const struct state *s, struct canvas *c, const double *theta,
		 const struct arrays *a, int rot, int x, int y, int rows,
		 int pair)
{
	bool turns = 2 * pair < rot;
	double tq = atan2(a->q[2 * pair + 1], a->q[2 * pair]) +
		    (turns ? pos_p(s) * theta[pair] : 0.0);
	double tk = atan2(a->k[2 * pair + 1], a->k[2 * pair]) +
		    (turns ? pos_q(s) * theta[pair] : 0.0);
	struct dial dl = { x, y, rows, turns ? ROLE_AXIS : ROLE_DIM, 2,
			   { { cos(tq), sin(tq), ROLE_TRACE1 },
			     { cos(tk), sin(tk), ROLE_TRACE2 } },
			   0.0, 0.0, 0.0, ROLE_DEFAULT, s->ascii };
	char text[32];

	dial_draw(c, &dl);
	snprintf(text, sizeof text, "i=%d", pair);
	canvas_text(c, x + 2 * rows + 1, y + rows / 2, utf8_width(text), text,
		    turns ? (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 }
			  : (struct style){ ROLE_TRACE4, ROLE_DEFAULT, 0 });
}

static void pairs_header(const struct state *s, struct canvas *c, int x,
			 int y, int w, int rot)
{
	const struct symbols *sy = sym(s);
	char a[TEXT_MAX], b[TEXT_MAX], e[TEXT_MAX], cut[64];
	const char *cand[3] = { a, b, e };
	int d = s->cur.pe.d_model;

	if (rot < d)
		snprintf(cut, sizeof cut, tr(s->lang, "rotary %s: dims 0-%d turn"),
			 rotary_label(s), rot - 1);
	else
		snprintf(cut, sizeof cut, "%s", tr(s->lang, "rotary: all dims turn"));
	snprintf(a, sizeof a, tr(s->lang, "p = %.0f (x/X)  q = %.0f (c/C)  p %s q = %.0f  moved together by s = %.0f (s/S)  %s"),
		 pos_p(s), pos_q(s), sy->minus, pos_p(s) - pos_q(s),
		 knob(s, RK_SHIFT), cut);
	snprintf(b, sizeof b, tr(s->lang, "p = %.0f  q = %.0f  p %s q = %.0f  s = %.0f (s/S)  rotary %s (u/U)"),
		 pos_p(s), pos_q(s), sy->minus, pos_p(s) - pos_q(s),
		 knob(s, RK_SHIFT), rotary_label(s));
	snprintf(e, sizeof e, "p = %.0f  q = %.0f  p %s q = %.0f  s = %.0f",
		 pos_p(s), pos_q(s), sy->minus, pos_p(s) - pos_q(s),
		 knob(s, RK_SHIFT));
	paragraph_fit(c, x, y, w, cand, 3, bold);
}

/* The legend of the arrows, the bars and their swings, in full when it
 * fits in w columns (and !brief), else short; the bars show `pairs` pairs
 * in `nb` groups. On one row, or stacked on three (short): the arrows,
 * the bars, the swing. With c NULL draws nothing and returns the columns
 * the stacked form takes; else returns 0. */
static int pairs_legend(const struct state *s, struct canvas *c, int x,
			int y, int w, int pairs, int nb, bool brief,
			bool partial, bool stacked)
{
	const struct symbols *sy = sym(s);
	char a[4][TEXT_MAX];
	const enum role role[4] = { ROLE_TRACE1, ROLE_TRACE2, ROLE_TRACE3,
				    (enum role)swing_style.fg };
	const char *mark[4] = { dial_hand_sample(s->ascii),
				dial_hand_sample(s->ascii), s->ascii ? "#" : "█",
				s->ascii ? ":" : "░" };
	int at = x, lo = pairs / nb, hi = (pairs + nb - 1) / nb, width = 0;
	int items = hi == 1 ? 4 : 3;
	long long m1 = s->cur.len - 1;

	snprintf(a[0], sizeof a[0], tr(s->lang, " q turned by p%s%s_i   "),
		 sy->dot, sy->theta);
	snprintf(a[1], sizeof a[1], tr(s->lang, " k turned by q%s%s_i   "),
		 sy->dot, sy->theta);
	if (hi == 1)
		snprintf(a[2], sizeof a[2], tr(s->lang, " bars: each pair's share of q%sk"),
			 sy->dot);
	else if (lo == hi)
		snprintf(a[2], sizeof a[2], tr(s->lang, " bars: the pairs' shares of q%sk, %d pairs a bar"),
			 sy->dot, lo);
	else
		snprintf(a[2], sizeof a[2], tr(s->lang, " bars: the pairs' shares of q%sk, %d-%d pairs a bar"),
			 sy->dot, lo, hi);
	snprintf(a[3], sizeof a[3], tr(s->lang, "   its reach for p %s q = 0..%lld"),
		 sy->minus, m1);
	for (int i = 0; i < items; i++)
		width += utf8_width(mark[i]) + utf8_width(a[i]) + (i == 3) * 2;
	if (brief || stacked || width > w) {
		snprintf(a[0], sizeof a[0], "%s", tr(s->lang, " q at p  "));
		snprintf(a[1], sizeof a[1], "%s", tr(s->lang, " k at q  "));
		snprintf(a[2], sizeof a[2], tr(s->lang, " bars: shares of q%sk"),
			 sy->dot);
		snprintf(a[3], sizeof a[3], tr(s->lang, "  reach for p %s q = 0..%lld"),
			 sy->minus, m1);
	}
	if (!c) {
		int r0 = utf8_width(mark[0]) + utf8_width(a[0]) +
			 utf8_width(mark[1]) + utf8_width(a[1]);
		int r1 = utf8_width(mark[2]) + utf8_width(a[2]);
		int r2 = utf8_width(mark[3]) + utf8_width(a[3]) - 1;

		r0 = r0 > r1 ? r0 : r1;
		return r0 > r2 ? r0 : r2;
	}
	for (int i = 0; i < items && at < x + w; i++) {
		if (stacked && i >= 2) {
			/* the bars on the second row, the swing on the
			 * third, from the left */
			at = x;
			y++;
		} else if (i == 3) {
			at += 2;	/* a[2] ends with no blank */
		}
		at += canvas_text(c, at, y, x + w - at, mark[i],
				  (struct style){ (uint8_t)role[i], ROLE_DEFAULT,
						  i == 3 ? swing_style.attr
							 : ATTR_BOLD });
		at += canvas_text(c, at, y, x + w - at,
				  stacked && i == 3 ? a[i] + 1 : a[i], plain);
		if (stacked && i == 2)
			break;
	}
	/* partial rotary: the other colour of the bars */
	if (partial) {
		const char *pf = tr(s->lang, " position-free");

		if (x + w - at >= 2 + utf8_width(mark[2]) + utf8_width(pf)) {
			at += 2;
			at += canvas_text(c, at, y, x + w - at, mark[2],
					  (struct style){ ROLE_TRACE4,
							  ROLE_DEFAULT,
							  ATTR_BOLD });
			canvas_text(c, at, y, x + w - at, pf, plain);
		}
	}
	if (stacked && items == 4) {
		at = canvas_text(c, x, y + 1, w, mark[3],
				 (struct style){ (uint8_t)role[3], ROLE_DEFAULT,
						 swing_style.attr });
		canvas_text(c, x + at, y + 1, w - at, a[3] + 1, plain);
	}
	return 0;
}

static void pairs_sum(const struct state *s, struct canvas *c,
		      const struct cache *nc, int x, int y, int w)
{
	const struct symbols *sy = sym(s);
	char a[TEXT_MAX], b[TEXT_MAX], e[TEXT_MAX], t[32], u[32], dd[32];
	const char *cand[3] = { a, b, e };

	num(nc->out[O_SUM], 6, t, sizeof t);
	num(nc->out[O_META], 6, u, sizeof u);
	num(fabs(nc->out[O_SUM] - nc->out[O_META]), 2, dd, sizeof dd);
	snprintf(a, sizeof a, tr(s->lang, "%s bars = %s = q%sk of the turned vectors, %s (they differ by %s); before the shift: %s"),
		 sy->sum, t, sy->dot, u, dd,
		 (num(nc->out[O_AT0], 6, e, sizeof e), e));
	snprintf(b, sizeof b, tr(s->lang, "%s bars = %s = q%sk of the turned vectors (differ by %s)"),
		 sy->sum, t, sy->dot, dd);
	snprintf(e, sizeof e, "%s = %s = q%sk", sy->sum, t, sy->dot);
	paragraph_fit(c, x, y, w, cand, 3, (struct style){ ROLE_OK, ROLE_DEFAULT, 0 });
}

/* The pair labels under the chart: plot_xticks's pair numbers on row y,
 * "pair i" after them where it fits before column `right`, and on row
 * y + 1 what the two ends are, the fastest pair at the left and the
 * slowest (or a position-free one) at the right. */
static void chart_pairs(const struct state *s, struct canvas *c,
			const struct chart *ch, int pairs, int rot, int y,
			int right, bool two)
{
	const struct symbols *sy = sym(s);
	struct plot_axis ax = { 0, pairs, ch->x0, ch->nb * ch->cw };
	char l[2][TEXT_MAX], r[2][TEXT_MAX];
	int w = ch->nb * ch->cw, end = ch->x0 + w;
	const char *name = tr(s->lang, "pair i");

	plot_xticks(c, &ax, y, axis_style);
	/* what the numbers count, right of the last one, where it fits
	 * before column `right` */
	if (end + 1 + utf8_width(name) <= right)
		canvas_text(c, end + 1, y, utf8_width(name), name, axis_style);
	if (!two)
		return;
	snprintf(l[0], sizeof l[0], tr(s->lang, "i=0 fast: turns with p %s q"),
		 sy->minus);
	snprintf(l[1], sizeof l[1], "%s", tr(s->lang, "i=0 fast"));
	if (rot < s->cur.pe.d_model) {
		snprintf(r[0], sizeof r[0], tr(s->lang, "not turned, position-free: i=%d"),
			 pairs - 1);
		snprintf(r[1], sizeof r[1], tr(s->lang, "unturned i=%d"),
			 pairs - 1);
	} else {
		snprintf(r[0], sizeof r[0], tr(s->lang, "slow, nearly position-free: i=%d"),
			 pairs - 1);
		snprintf(r[1], sizeof r[1], tr(s->lang, "slow i=%d"), pairs - 1);
	}
	for (int k = 0; k < 2; k++) {
		int lw = utf8_width(l[k]), rw = utf8_width(r[k]);

		if (lw + rw + 2 <= w || k == 1) {
			canvas_text(c, ch->x0, y + 1, w, l[k],
				    (struct style){ ROLE_TRACE3, ROLE_DEFAULT,
						    ATTR_BOLD });
			if (lw + rw + 2 <= w)
				canvas_text(c, end - rw, y + 1, rw, r[k],
					    (struct style){ rot < s->cur.pe.d_model
							    ? ROLE_TRACE4
							    : ROLE_TRACE3,
							    ROLE_DEFAULT,
							    ATTR_BOLD });
			return;
		}
	}
}

/* The sum beside the chart, in columns [x, x + w) of rows [y, y + h):
 * "Σ = -9.274", "= q·k", then why the bars stay when p and q move
 * together, as much of it as fits. */
static void chart_sum(const struct state *s, struct canvas *c,
		      const struct cache *nc, int x, int y, int w, int h)
{
	const struct symbols *sy = sym(s);
	char a[TEXT_MAX], t[32];
	const char *why[2];
	struct style ok = { ROLE_OK, ROLE_DEFAULT, ATTR_BOLD };

	num(nc->out[O_SUM], 4, t, sizeof t);
	snprintf(a, sizeof a, "%s = %s", sy->sum, t);
	canvas_text(c, x, y, w, a, ok);
	snprintf(a, sizeof a, "= q%sk", sy->dot);
	canvas_text(c, x, y + 1, w, a, ok);
	if (!TIER(sum_why, w, h))
		return;
	snprintf(a, sizeof a, tr(s->lang, "Each bar is a function of p %s q alone: s/S moves p and q together and no bar moves."),
		 sy->minus);
	why[0] = a;
	why[1] = tr(s->lang, "s/S moves p and q: no bar moves.");
	for (int k = 0; k < 2; k++)
		if (paragraph_rows(why[k], w) <= h - 3) {
			paragraph_draw(c, (struct rect){ x, y + 3, w, h - 3 },
				       why[k], plain);
			return;
		}
}

enum { SUM_W = 14 };	/* the sum's column beside the bars */

/* Whether the sum stands beside bars for `pairs` pairs in w columns: when
 * the bars keep one column a pair with it (or there are too many pairs
 * for that anyway). */
static bool sum_beside(int w, int pairs)
{
	return (w - pairs >= SUM_W || (TIER(sum_wide, w, 0) && pairs > w)) &&
	       w - SUM_W - 1 >= 20;
}

/* The chart in columns [x, x + w) of rows [y, y + h + 2): the value axis,
 * the bars over h rows, the sum on the right when there is room, the
 * pairs' numbers and ends on the two rows below (one when !two). Returns
 * the number of bars (0 when nothing was drawn). */
static int chart_draw(const struct state *s, struct rope_ctx *ctx,
		       struct canvas *c, const struct cache *nc,
		       const struct arrays *a, int rot, int cx, int y, int w,
		       int h, bool two)
{
	int pairs = s->cur.pe.d_model / 2, lw = 4, sw = 0, ax;
	const double *swing = swing_of(s, ctx, a);
	struct chart ch;

	if (!swing || !TIER(chart_least, w, h))
		return 0;
	for (int pass = 0; pass < 2; pass++) {
		int rest = w - lw - 2;

		sw = sum_beside(rest, pairs) ? SUM_W : 0;
		chart_fit(&ch, a->share, swing, pairs, cx + lw + 1,
			  rest - (sw ? sw + 1 : 0), y, h);
		if (chart_label_w(&ch) <= lw)
			break;
		lw = chart_label_w(&ch);
	}
	ax = cx + lw;
	chart_axis(s, c, &ch, ax, y, h);
	chart_bars(s, c, &ch, pairs, rot);
	if (sw) {	/* just right of the bars, from 2 rows over zero */
		int y0 = ch.zero - 2 > y ? ch.zero - 2 : y;

		chart_sum(s, c, nc, ch.x0 + ch.nb * ch.cw + 2, y0, sw,
			  h - (y0 - y));
	}
	chart_pairs(s, c, &ch, pairs, rot, y + h, cx + w, two);
	return ch.nb;
}

static void pairs_draw(const struct state *s, struct rope_ctx *ctx,
		       struct canvas *c, struct rect r)
{
	struct rect in = panel_inside(r);
	int d = s->cur.pe.d_model, h = d / 2, rot = setup_of(s, d).rot;
	int rest = in.h - 2, lab, budget, rows, legend, y, nb, lw;
	int stack_w, dw;
	char text[32];
	/* a short panel whose sum stands beside the bars leaves out the
	 * sum's line for a row more of bars */
	bool line = TIER(pairs_line, in.w, in.h) || !sum_beside(in.w - 6, h);
	struct arrays a;
	const struct cache *nc;

	panel_open(c, r, tr(s->lang, "Pairs, fast to slow: the arrows turn, the bars are the score"),
		   NULL);
	if (!TIER(pairs_least, in.w, in.h))
		return;
	nc = numbers(s, ctx, &a);
	pairs_header(s, c, in.x, in.y, in.w, rot);
	if (!nc || !TIER(pairs_chart, in.w, in.h))
		return;
	/* rows under the header and over the sum: the chart's pair labels
	 * (2, or 1 when short), its bars (7 at least when they can have
	 * them, else 6 or 5), then the legend and the dials with what is
	 * left */
	rest += !line;
	lab = TIER(chart_labels, in.w, rest);
	rest -= lab;
	budget = rest - TIER(chart_bar_rows, in.w, rest);
	legend = budget >= 1;
	rows = budget - legend;
	/* fewer, larger dials: DIALS_MIN of them at least side by side,
	 * each with its label "i=63" on its right */
	snprintf(text, sizeof text, "i=%d", h - 1);
	lw = utf8_width(text);
	if (rows > (in.w / DIALS_MIN - 2 - lw) / 2)
		rows = (in.w / DIALS_MIN - 2 - lw) / 2;
	rows = rows > DIAL_ROWS_BIG ? DIAL_ROWS_BIG : rows;
	/* cppcheck-suppress knownConditionTrueFalse ; rows follows the panel's height */
	if (rows < DIAL_ROWS_MIN)
		rows = 0;
	/* small dials (100x30): the legend stacked on their right when it
	 * fits beside DIALS_MIN of them, its row to the bars */
	stack_w = pairs_legend(s, NULL, 0, 0, 0, h, bars_of(h, in.w), true,
			       rot < d, true);
	dw = in.w;
	/* cppcheck-suppress knownConditionTrueFalse ; rows follows the panel's height */
	if (legend && rows == DIAL_ROWS_SMALL &&
	    in.w - stack_w - 2 >= DIALS_MIN * (2 * rows + 2 + lw)) {
		legend = 0;
		dw = in.w - stack_w - 2;
	}
	y = in.y + 1 + legend + rows;
	nb = chart_draw(s, ctx, c, nc, &a, rot, in.x, y, in.w,
			in.y + in.h - line - lab - y, lab == 2);
	nb = nb ? nb : bars_of(h, in.w);
	y = in.y + 1;
	/* cppcheck-suppress knownConditionTrueFalse ; rows follows the panel's height */
	if (rows) {
		int cw = 2 * rows + 2 + lw, nd = dw / cw;

		nd = nd > DIALS_MAX ? DIALS_MAX : nd;
		nd = nd > h ? h : nd;
		/* spread evenly, the fastest and the slowest pairs at the
		 * ends */
		for (int j = 0; j < nd; j++)
			dial(s, c, a.theta, &a, rot,
			     in.x + (dw - nd * cw) / 2 + j * cw, y, rows,
			     nd > 1 ? (int)((long long)j * (h - 1) / (nd - 1))
				    : 0);
		if (dw < in.w)
			pairs_legend(s, c, in.x + in.w - stack_w, y, stack_w, h,
				     nb, true, rot < d, true);
		y += rows;
	}
	if (legend)
		pairs_legend(s, c, in.x, y, in.w, h, nb, false, rot < d, false);
	if (line)
		pairs_sum(s, c, nc, in.x, in.y + in.h - 1, in.w);
}

/* ---- the code panel ---- */

/* Meta's and Hugging Face's lines, quoted from the files rope.h cites. */
static const char meta_code[] =
	"xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))";
static const char meta_short[] = "xq_ * freqs_cis";
static const char meta_out[] =
	"xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)";
static const char hf_code[] =
	"q_embed = (q * cos) + (rotate_half(q) * sin)";
static const char hf_half[] = "torch.cat((-x2, x1), dim=-1)";
static const char perm_code[] =
	"w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2)";

static void code_draw(const struct state *s, struct rope_ctx *ctx,
		      struct canvas *c, struct rect r)
{
	const struct symbols *sy = sym(s);
	struct rect in = panel_inside(r);
	char a[TEXT_MAX], b[TEXT_MAX], e[TEXT_MAX], m[40], hf[40], un[40];
	const char *cand[3] = { a, b, e };
	struct arrays arr;
	const struct cache *nc;
	int y = in.y, last;
	struct style code = { ROLE_TRACE1, ROLE_DEFAULT, 0 };
	struct style code2 = { ROLE_TRACE2, ROLE_DEFAULT, 0 };

	int tier = TIER(code_tiers, in.w, in.h);

	panel_open(c, r, tr(s->lang, "The code and the numbers it gives"), NULL);
	if (!tier || !(nc = numbers(s, ctx, &arr)))
		return;
	last = in.y + in.h;
	snprintf(m, sizeof m, "%.17g", nc->out[O_META]);
	snprintf(hf, sizeof hf, "%.17g", nc->out[O_HF]);
	num(nc->out[O_UNPERM], 6, un, sizeof un);
	if (tier == CODE_ALL) {
		/* tall (zoomed): each file's lines whole, one a row */
		const char *rows[][2] = {
			{ "Meta llama/model.py:", NULL },
			{ "  ", meta_code },
			{ "  ", meta_out },
			{ NULL, m },
			{ "HF modeling_llama.py:", NULL },
			{ "  ", hf_code },
			{ "  rotate_half: ", hf_half },
			{ NULL, hf },
			{ "convert_llama_weights_to_hf.py:", NULL },
			{ "  ", perm_code },
		};

		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			struct style st = i < 4 ? code : i < 8 ? code2
					: (struct style){ ROLE_TRACE3, ROLE_DEFAULT, 0 };

			if (!rows[i][0])	/* the number the lines give */
				snprintf(a, sizeof a, i < 4
					 ? tr(s->lang, "  %s q%sk = %s   pairs (2i, 2i+1)")
					 : tr(s->lang, "  %s q%sk = %s   pairs (i, i+d/2), rows permuted"),
					 sy->arrow, sy->dot, rows[i][1]);
			else
				snprintf(a, sizeof a, "%s%s", rows[i][0],
					 rows[i][1] ? rows[i][1] : "");
			paragraph_fit(c, in.x, y++, in.w, cand, 1, rows[i][0] ? st : plain);
		}
		snprintf(a, sizeof a, tr(s->lang, "  row 2i %s i, row 2i+1 %s i+d/2 of each head"),
			 sy->arrow, sy->arrow);
		paragraph_fit(c, in.x, y++, in.w, cand, 1, plain);
	} else if (tier == CODE_QUOTES) {
		snprintf(a, sizeof a, "Meta llama/model.py: %s; %s", meta_code,
			 meta_short);
		snprintf(b, sizeof b, "Meta: %s", meta_code);
		snprintf(e, sizeof e, "Meta: %s", meta_short);
		paragraph_fit(c, in.x, y++, in.w, cand, 3, code);
		snprintf(a, sizeof a, tr(s->lang, "  %s q%sk = %s   pairs (2i, 2i+1)"),
			 sy->arrow, sy->dot, m);
		paragraph_fit(c, in.x, y++, in.w, cand, 1, plain);
		snprintf(a, sizeof a, "HF modeling_llama.py: %s; rotate_half: %s",
			 hf_code, hf_half);
		snprintf(b, sizeof b, "HF: %s", hf_code);
		paragraph_fit(c, in.x, y++, in.w, cand, 2, code2);
		snprintf(a, sizeof a, tr(s->lang, "  %s q%sk = %s   pairs (i, i+d/2), rows permuted"),
			 sy->arrow, sy->dot, hf);
		paragraph_fit(c, in.x, y++, in.w, cand, 1, plain);
	} else {
		/* short: the two scores, one a row, and the verdict */
		snprintf(a, sizeof a, "Meta view_as_complex:          q%sk = %s",
			 sy->dot, m);
		paragraph_fit(c, in.x, y++, in.w, cand, 1, code);
		snprintf(a, sizeof a, tr(s->lang, "%s, rows permuted: q%sk = %s"),
			 "HF rotate_half", sy->dot, hf);
		paragraph_fit(c, in.x, y++, in.w, cand, 1, code2);
		if (y < last) {
			const char *head = nc->out[O_SAME] != 0.0
				? tr(s->lang, "bit for bit the same")
				: tr(s->lang, "not the same bits");

			snprintf(a, sizeof a, tr(s->lang, "; without %s: q%sk = %s"),
				 "permute", sy->dot, un);
			fit_verdict(c, in.x, y, in.w, &head, cand, 1,
				    nc->out[O_SAME] != 0.0);
		}
		return;
	}
	if (y < last && tier != CODE_ALL) {
		snprintf(a, sizeof a, tr(s->lang, "%s: %s: row 2i %s i, 2i+1 %s i+d/2"),
			 "convert_llama_weights_to_hf.py permute", perm_code,
			 sy->arrow, sy->arrow);
		snprintf(b, sizeof b, "permute: %s", perm_code);
		paragraph_fit(c, in.x, y++, in.w, cand, 2, (struct style){ ROLE_TRACE3, ROLE_DEFAULT, 0 });
	}
	if (y < last) {
		bool same = nc->out[O_SAME] != 0.0;
		const char *head[2] = {
			same ? tr(s->lang, "The same doubles, bit for bit.")
			     : tr(s->lang, "The two forms differ in the last bits here."),
			same ? tr(s->lang, "bit for bit the same")
			     : tr(s->lang, "not the same bits")
		};

		if (same && setup_of(s, s->cur.pe.d_model).rot == 2)
			snprintf(a, sizeof a, "%s", tr(s->lang, " With one turned pair the permutation changes nothing."));
		else if (same)
			snprintf(a, sizeof a, tr(s->lang, " Rows not permuted, the %s form scores another function: q%sk = %s"),
				 "rotate_half", sy->dot, un);
		else
			/* cppcheck-suppress unreadVariable ; a is read through cand */
			a[0] = '\0';
		snprintf(b, sizeof b, tr(s->lang, "; without %s: q%sk = %s"),
			 "permute", sy->dot, un);
		fit_verdict(c, in.x, y++, in.w, head, cand, 2, same);
	}
}

/* ---- the values panel ---- */

static void values_draw(const struct state *s, struct rope_ctx *ctx,
			struct canvas *c, struct rect r)
{
	struct rect in = panel_inside(r);
	const double *o = head_numbers(s, ctx);
	struct rope_setup hs = head_setup(s);
	char a[TEXT_MAX], b[TEXT_MAX], n0[32], n1[32], sc[32];
	const char *cand[2] = { a, b };
	double vs = knob(s, RK_VSHIFT);
	int y = in.y;

	panel_open(c, r, tr(s->lang, "Why v is not turned"), NULL);
	if (!TIER(values_least, in.w, in.h))
		return;
	num(o[0], 2, n0, sizeof n0);
	num(o[1], 2, n1, sizeof n1);
	num(o[2], 2, sc, sizeof sc);
	snprintf(a, sizeof a, tr(s->lang, "One head (%d dims), %d tokens at 0-%d, then the same at %.0f-%.0f (v/V):"),
		 hs.d, ROPE_HEAD_TOKENS, ROPE_HEAD_TOKENS - 1, vs,
		 vs + ROPE_HEAD_TOKENS - 1);
	snprintf(b, sizeof b, tr(s->lang, "sentence moved by %.0f (v/V):"), vs);
	if (TIER(values_para, in.w, in.h))
		y += paragraph_draw(c, (struct rect){ in.x, y, in.w, 2 }, a,
				    plain);
	else
		paragraph_fit(c, in.x, y++, in.w, cand, 2, plain);
	if (y >= in.y + in.h)
		return;
	/* rounding: the angles (s + t) theta are off by about (s + t) 2^-53
	 * each, and the outputs by a few times that, relative */
	if (o[0] <= o[2] * (1e-12 + 64.0 * (vs + ROPE_HEAD_TOKENS) * 0x1p-53))
		snprintf(a, sizeof a, tr(s->lang, "v unturned: moves %s (rounding)"), n0);
	else
		snprintf(a, sizeof a, tr(s->lang, "v unturned: moves %s"), n0);
	snprintf(b, sizeof b, tr(s->lang, "v unturned: %s"), n0);
	paragraph_fit(c, in.x, y++, in.w, cand, 2, (struct style){ ROLE_OK, ROLE_DEFAULT, ATTR_BOLD });
	if (y >= in.y + in.h)
		return;
	snprintf(a, sizeof a, tr(s->lang, "v turned: moves %s (outputs reach %s)"), n1, sc);
	snprintf(b, sizeof b, tr(s->lang, "v turned: %s"), n1);
	paragraph_fit(c, in.x, y++, in.w, cand, 2, (struct style){ ROLE_WARN, ROLE_DEFAULT, ATTR_BOLD });
	if (y < in.y + in.h) {
		/* the longest explanation that fits whole */
		const char *why[3] = {
			tr(s->lang, "q·k keeps only p − q, so the weights do not move. v carries the content: turned, each value would bring its absolute position into the output."),
			tr(s->lang, "The weights see only p − q; a turned v would carry its absolute position into the output."),
			tr(s->lang, "v carries content, not position."),
		};
		int k = 0;

		while (k < 2 && paragraph_rows(why[k], in.w) > in.y + in.h - y)
			k++;
		paragraph_draw(c, (struct rect){ in.x, y, in.w, in.y + in.h - y },
			       why[k], plain);
	}
}

/* ---- the frequencies panel ---- */

/* The fast band [0, n) and the slow band [rot/2 - n, rot/2). */
static int band_size(int rot)
{
	int n = rot / 2 / 4;

	return n < 1 ? 1 : n > BAND_MAX ? BAND_MAX : n;
}

static void freqs_draw(const struct state *s, struct rope_ctx *ctx,
		       struct canvas *c, struct rect r)
{
	const struct symbols *sy = sym(s);
	struct rect in = panel_inside(r);
	int d = s->cur.pe.d_model, rot = setup_of(s, d).rot, hr = rot / 2;
	int nb = band_size(rot), text = TIER(freqs_text, in.w, in.h), lab = 3;
	long long len = s->cur.len;
	struct arrays arr;
	struct plot_area pa;
	double fast[SAMPLES_MAX], slow[SAMPLES_MAX];
	double lo[2] = { 2, 2 }, hi[2] = { -2, -2 };
	char a[TEXT_MAX], b[TEXT_MAX], l0[24], l1[24], r0[24], r1[24];
	const char *cand[2] = { a, b };
	int n;

	panel_open(c, r, TIER(freqs_title, r.w, r.h)
		   ? tr(s->lang, "Fast pairs: position; slow pairs: nearly position-free")
		   : tr(s->lang, "Fast pairs: position; slow: meaning"), NULL);
	if (in.w < lab + 4 || in.h < text + 2 || !numbers(s, ctx, &arr))
		return;
	pa = (struct plot_area){ { 0, len, in.x + lab, in.w - lab }, in.y,
				 in.h - text - 1, -1.0, 1.0, 0 };
	n = 2 * pa.ax.w > SAMPLES_MAX ? SAMPLES_MAX : 2 * pa.ax.w;
	for (int j = 0; j < n; j++) {
		double m = floor(plot_dot_pos(&pa.ax, j) + 0.5);

		fast[j] = rope_band_score(arr.theta, arr.q, arr.k, 0, nb, m);
		slow[j] = rope_band_score(arr.theta, arr.q, arr.k, hr - nb, hr,
					  m);
		lo[0] = fmin(lo[0], fast[j]);
		hi[0] = fmax(hi[0], fast[j]);
		lo[1] = fmin(lo[1], slow[j]);
		hi[1] = fmax(hi[1], slow[j]);
	}
	plot_ylabel(c, &pa, in.x, lab - 1, 1.0, "1", axis_style);
	plot_ylabel(c, &pa, in.x, lab - 1, 0.0, "0", axis_style);
	plot_ylabel(c, &pa, in.x, lab - 1, -1.0, s->ascii ? "-1" : "−1",
		    axis_style);
	/* slow first: where the fast curve crosses the flat one, the cell
	 * it shares takes the fast one's colour, and the flat line does not
	 * seem to bump */
	plot_samples(c, &pa, plot_dot_pos(&pa.ax, 0), plot_dot_span(&pa.ax),
		     slow, n, ROLE_TRACE2);
	plot_samples(c, &pa, plot_dot_pos(&pa.ax, 0), plot_dot_span(&pa.ax),
		     fast, n, ROLE_TRACE1);
	plot_xticks(c, &pa.ax, pa.y0 + pa.h, (struct style){ ROLE_AXIS, ROLE_DEFAULT, 0 });
	num(lo[0], 2, l0, sizeof l0);
	num(hi[0], 2, l1, sizeof l1);
	num(lo[1], 2, r0, sizeof r0);
	num(hi[1], 2, r1, sizeof r1);
	snprintf(a, sizeof a, tr(s->lang, "%s fast pairs 0-%d: from %s to %s over m = p %s q = 0..%lld"),
		 sy->line, nb - 1, l0, l1, sy->minus, len - 1);
	snprintf(b, sizeof b, tr(s->lang, "%s fast %s..%s"), sy->line, l0, l1);
	paragraph_fit(c, in.x, pa.y0 + pa.h + 1, in.w, cand, 2,
	    (struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
	if (hi[1] - lo[1] < 0.25 * (hi[0] - lo[0]))
		snprintf(a, sizeof a, tr(s->lang, "%s slow pairs %d-%d: from %s to %s, nearly flat"),
			 sy->line, hr - nb, hr - 1, r0, r1);
	else
		snprintf(a, sizeof a, tr(s->lang, "%s slow pairs %d-%d: from %s to %s"),
			 sy->line, hr - nb, hr - 1, r0, r1);
	snprintf(b, sizeof b, tr(s->lang, "%s slow %s..%s"), sy->line, r0, r1);
	if (text == 2) {
		paragraph_fit(c, in.x, pa.y0 + pa.h + 2, in.w, cand, 2,
		    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
		return;
	}
	/* one row: the short forms side by side */
	snprintf(a, sizeof a, tr(s->lang, "%s fast %s..%s"), sy->line, l0, l1);
	canvas_fill(c, (struct rect){ in.x, pa.y0 + pa.h + 1, in.w, 1 }, ' ',
		    plain);
	n = canvas_text(c, in.x, pa.y0 + pa.h + 1, in.w, a,
			(struct style){ ROLE_TRACE1, ROLE_DEFAULT, ATTR_BOLD });
	if (in.w - n - 1 >= utf8_width(b))
		canvas_text(c, in.x + n + 1, pa.y0 + pa.h + 1, in.w - n - 1, b,
			    (struct style){ ROLE_TRACE2, ROLE_DEFAULT, ATTR_BOLD });
}

/* ---- the layout ---- */

/* Whether the body r shows one panel at a time. */
static bool single(struct rect r)
{
	return r.h < SINGLE_BELOW;
}

/* On the bottom border of the one panel a short body shows, that the
 * others are a key away: " Small screen: one panel at a time, w/W for
 * the others. ", or its short form, or nothing when neither fits. */
static void single_notice(const struct state *s, struct canvas *c,
			  struct rect r)
{
	const char *say[2] = {
		tr(s->lang, " Small screen: one panel at a time, w/W for the others. "),
		tr(s->lang, " w/W: the other panels "),
	};

	for (int k = 0; k < 2; k++) {
		int w = utf8_width(say[k]);

		if (TIER(notice_room, r.w - w, r.h)) {
			canvas_text(c, r.x + 2, r.y + r.h - 1, w, say[k],
				    (struct style){ ROLE_TITLE, ROLE_DEFAULT, 0 });
			return;
		}
	}
}

static void place(const struct state *s, struct rect r,
		  struct rect out[RP_COUNT])
{
	int code_h, bottom_h, pairs_h, vw;

	for (int i = 0; i < RP_COUNT; i++)
		out[i] = (struct rect){ 0, 0, 0, 0 };
	if (knob(s, RK_DESIGN) != RD_OFF) {
		out[RP_PAIRS] = r;	/* the design has the body */
		return;
	}
	if (s->zoomed) {
		out[s->panel] = r;
		return;
	}
	if (single(r)) {
		/* too short for four panels (a lesson's caption below
		 * 80x24): the focused one, its bottom border saying so */
		out[s->panel] = r;
		return;
	}
	code_h = TIER(code_rows, r.w, r.h);
	/* tall: a third of what the code leaves, so that the pairs panel
	 * has room for dials that read and a chart with ticks both sides
	 * of zero (120x40: 10) */
	bottom_h = TIER(bottom_rows, r.w, r.h);
	if (bottom_h == BOTTOM_THIRD)
		bottom_h = (r.h - code_h) / 3;
	pairs_h = r.h - code_h - bottom_h;
	if (!TIER(pairs_rows, r.w, pairs_h)) {
		pairs_h = r.h - bottom_h;
		code_h = 0;
	}
	vw = r.w * TIER(values_share, r.w, r.h) / 100;
	out[RP_PAIRS] = (struct rect){ r.x, r.y, r.w, pairs_h };
	out[RP_CODE] = (struct rect){ r.x, r.y + pairs_h, r.w, code_h };
	out[RP_VALUES] = (struct rect){ r.x, r.y + pairs_h + code_h, vw,
					bottom_h };
	out[RP_FREQS] = (struct rect){ r.x + vw, r.y + pairs_h + code_h,
				       r.w - vw, bottom_h };
}

static void rope_draw(const struct state *s, void *data, struct canvas *c,
		      struct rect r)
{
	struct rope_ctx *ctx = data;
	struct rect p[RP_COUNT], old = plot_clip_push(c, r);
	void (*draw[RP_COUNT])(const struct state *, struct rope_ctx *,
			       struct canvas *, struct rect) = {
		pairs_draw, code_draw, values_draw, freqs_draw
	};

	canvas_fill(c, r, ' ', plain);
	if (knob(s, RK_DESIGN) != RD_OFF) {
		const double *qk = qk_of(s, ctx);

		if (qk)
			rope_design_draw(s, (enum rope_design)knob(s, RK_DESIGN),
					 qk, qk + s->cur.pe.d_model, c, r);
		/* the design stands in the pairs panel's place (place()):
		 * lit when that panel has the focus, with no zoom hint,
		 * since it already has the whole body */
		if (s->panel == RP_PAIRS)
			panel_mark_focus(s, c, r, r.w);
		canvas_set_clip(c, old);
		return;
	}
	place(s, r, p);
	for (int i = 0; i < RP_COUNT; i++)
		if (p[i].w > 0 && p[i].h > 0) {
			struct rect o = plot_clip_push(c, p[i]);

			draw[i](s, ctx, c, p[i]);
			canvas_set_clip(c, o);
		}
	panel_mark_focus(s, c, p[s->panel], 44);
	if (!s->zoomed && single(r))
		single_notice(s, c, p[s->panel]);
	canvas_set_clip(c, old);
}

static void rope_free(void *data)
{
	struct rope_ctx *ctx = data;

	cache_free(&ctx->qk);
	cache_free(&ctx->theta);
	cache_free(&ctx->work);
	cache_free(&ctx->head);
	cache_free(&ctx->swing);
}

static int rope_panel_at(const struct state *s, struct rect r, int x, int y)
{
	struct rect p[RP_COUNT];

	place(s, r, p);
	for (int i = 0; i < RP_COUNT; i++)
		if (x >= p[i].x && x < p[i].x + p[i].w && y >= p[i].y &&
		    y < p[i].y + p[i].h)
			return i;
	return -1;
}

const struct view_spec view_rope = {
	.name = "rope",
	.said = N_("rope view"),
	.title = N_("RoPE from the inside: q·k is the sum of its pairs' shares, each a function of p − q alone"),
	.point = N_("q·k is the sum of its pairs' shares, each a function of p − q alone: moving p and q together changes no share"),
	.nknobs = RK_COUNT,
	.knob = { {
		.word = "qpos",
		.help = N_("the query's position p, before the shift"),
		.kind = KNOB_INT, .lo = 0, .hi = PE_LEN_MAX,
		.start = KNOB_START_INIT, .init = 12,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_ADD, 1, N_("p -/+1") } },
	}, {
		.word = "kpos",
		.help = N_("the key's position q, before the shift"),
		.kind = KNOB_INT, .lo = 0, .hi = PE_LEN_MAX,
		.start = KNOB_START_INIT, .init = 5,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_ADD, 1, N_("q -/+1") } },
	}, {
		.word = "shift",
		.help = N_("moves p and q together: the arrows turn, the bars stay"),
		.kind = KNOB_INT, .lo = 0, .hi = PE_LEN_MAX,
		.start = KNOB_START_INIT, .init = 0,
		.nsteps = 1,
		.step = { { 's', 'S', STEP_ADD, 1, N_("p and q -/+1") } },
	}, {
		.word = "rotary",
		.help = N_("the fraction of the head turned: all, 1/2, 1/4 (GPT-NeoX rotary_pct 0.25; GPT-J rotary_dim 64 of 256), 1/8"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = 3,
		.start = KNOB_START_INIT, .init = 0,
		.choice = rotary_name,
		.nsteps = 1,
		.step = { { 'u', 'U', STEP_CYCLE, 1, N_("rotary part") } },
	}, {
		.word = "vshift",
		.help = N_("how far the head's sentence moves"),
		.kind = KNOB_INT, .lo = 1, .hi = PE_LEN_MAX,
		.start = KNOB_START_INIT, .init = 10,
		.nsteps = 1,
		.step = { { 'v', 'V', STEP_MUL, 2, N_("sentence moved /2 x2") } },
	}, {
		.word = "design",
		.help = N_("lesson 8's first designs in place of the panels: off, integer (p added), unit (p / (len - 1)), binary (a counter)"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = RD_COUNT - 1,
		.start = KNOB_START_INIT, .init = RD_OFF,
		.choice = rope_design_name,
		.nsteps = 1,
		.step = { { 'a', 'A', STEP_CYCLE, 1, N_("design") } },
	} },
	.draw = rope_draw,
	.ctx_size = sizeof(struct rope_ctx),
	.ctx_free = rope_free,
	.npanels = RP_COUNT,
	.panel_name = (const char *const[RP_COUNT]){ "pairs", "code", "values",
						     "frequencies" },
	.panel_at = rope_panel_at,
};
