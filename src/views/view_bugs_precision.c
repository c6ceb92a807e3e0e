/* view_bugs_precision.c - the bugs view's narrow formats (see
 * view_bugs_precision.h). */
#include "views/view_bugs_precision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/tr.h"
#include "engine/precision.h"
#include "render/plot.h"
#include "views/view_bugs_zoo.h"

enum {
	ANGLE_BUDGET = 1 << 18	/* angles the measured angle error takes:
				   the last ANGLE_BUDGET / (d/2) positions */
};
enum { KEY_LEN = 3 };		/* where len is in the angle key */
enum { FAST_P0 = 4096 };	/* the fast pair's angles: p = FAST_P0 ..
				   2 FAST_P0 - 1, a context of 8k */

/* A colour step of the heatmaps: 2/64. */
#define PIXEL_STEP (1.0 / 32.0)

static const struct style collide_style = { ROLE_WARN, ROLE_DEFAULT, ATTR_BOLD };

/* Positions the measured angle error covers at width d: the last ones
 * below len. */
static long long angle_positions(int d, long long len)
{
	long long m = ANGLE_BUDGET / (d / 2);

	m = m < 1 ? 1 : m;
	return m < len ? m : len;
}

/* The angle error's inputs: d, base, the format, len. */
static struct cache_key angle_key(const struct state *s)
{
	const struct pe_params *p = &s->cur.pe;

	return (struct cache_key){ { p->d_model, p->base, zoo_bug(s),
				     (double)s->cur.len } };
}

/* A block of positions at a time (at[0]: positions done), then the bound;
 * out: max, pos, pair, bound. */
static bool angle_step(struct cache *c, void *arg)
{
	const struct cache_key *k = &c->key;
	struct pe_params p = { (int)k->v[0], k->v[1], PE_INTERLEAVED };
	enum prec_dtype t = pe_variant_dtype((enum pe_bug)k->v[2]);
	long long len = (long long)k->v[KEY_LEN];
	long long m = angle_positions(p.d_model, len), first = len - m;
	long long block = 1 + (1 << 16) / (p.d_model / 2), n;
	struct prec_angle_err e, was = { c->acc[0], (long long)c->acc[1],
					 (int)c->acc[2] };

	(void)arg;
	n = m - c->at[0] < block ? m - c->at[0] : block;
	e = prec_angle_error_max(t, &p, first + c->at[0], n, 0, p.d_model / 2);
	e = c->at[0] == 0 ? e : prec_angle_error_join(was, e);
	c->acc[0] = e.max;
	c->acc[1] = (double)e.pos;
	c->acc[2] = e.pair;
	c->at[0] += n;
	if (c->at[0] < m)
		return false;
	cache_publish(c, (double[]){ e.max, (double)e.pos, e.pair,
				     prec_angle_error_bound(t, &p, len) }, 4);
	return true;
}

void zoo_precision_advance(struct zoo_precision *ctx, const struct state *s)
{
	struct cache_key k = angle_key(s);

	cache_start(&ctx->angle, &k, 0);
	cache_run(&ctx->angle, angle_step, NULL);
}

/* "0.0069", "2.5e-06", "581", "∞" for an angle error. */
static char *fmt_angle(double x, bool ascii, char *buf, size_t n)
{
	if (isinf(x))
		snprintf(buf, n, "%s", ascii ? "inf" : "∞");
	else
		fmt_double_compact(x, 3, buf, n);
	return buf;
}

/* How many of the heat area's `w` columns over the window hold a position
 * that t stores like a neighbour (prec_collides), and the first such
 * position in view (-1: none). */
static int collided_columns(enum prec_dtype t, const struct pe_window *v,
			    int w, long long *first)
{
	int cols = 0;

	*first = -1;
	for (int x = 0; x < w; x++) {
		long long lo, n, q;

		plot_col_items(v->pos0, v->npos, w, x, &lo, &n);
		q = prec_next_collision(t, lo);
		if (q < lo + n) {
			if (*first < 0)
				*first = q;
			cols++;
		}
	}
	return cols;
}

/* Why RoPE's angles are computed in fp32, in numbers: the fastest pair
 * (omega_0 = 1) turns 1 rad a position, so its angle is p itself, and a
 * narrow format t rounds it to t's step there, 2^(e - digits + 1) for p in
 * [2^e, 2^(e+1)): over p = 4096 .. 8191 bf16 puts it up to 16 rad off,
 * 2.55 turns (4112 is stored as 4096), fp16 2 rad, 0.318 of a turn, fp32
 * not at all (every whole number below 2^24 is exact). Hugging Face
 * transformers' LlamaRotaryEmbedding.forward
 * (src/transformers/models/llama/modeling_llama.py) computes the angles
 * and their cos and sin in float32 with autocast off whatever the model's
 * dtype (their comment: "Force float32", transformers pull 29285), then
 * casts cos and sin to the model's dtype; inv_freq is made at init. The
 * 16 rad is the fastest pair's, not the worst over all pairs (the text
 * says whose). Measured with prec_angle_error_max over
 * the pair 0 alone; appended to text at used. Nothing for fp32 itself. */
static size_t fast_pair_text(const struct state *s, enum prec_dtype t,
			     char *text, size_t n, size_t used)
{
	struct pe_params p = s->cur.pe;
	struct prec_angle_err e, e32;
	char a[32], b[32], c[32];

	if (t == PREC_FP32 || t == PREC_FP64)
		return used;
	e = prec_angle_error_max(t, &p, FAST_P0, FAST_P0, 0, 1);
	e32 = prec_angle_error_max(PREC_FP32, &p, FAST_P0, FAST_P0, 0, 1);
	return zoo_append(text, n, used,
			  tr(s->lang, " Why implementations keep RoPE's angles in "
				      "fp32: the fastest pair turns 1 rad a "
				      "position, so for p = %d to %d %s puts the "
				      "fastest pair's angle up to %s rad off, %s "
				      "turns (fp32: %s rad); transformers' "
				      "LlamaRotaryEmbedding.forward computes the "
				      "angles, cos and sin in float32 with "
				      "autocast off, then casts cos and sin to "
				      "the model's dtype."),
			  FAST_P0, 2 * FAST_P0 - 1, prec_name(t),
			  fmt_angle(e.max, s->ascii, a, sizeof a),
			  fmt_angle(e.max / PE_TWO_PI, s->ascii, b, sizeof b),
			  fmt_angle(e32.max, s->ascii, c, sizeof c));
}

/* Where positions collide, how many of the w columns in view hold
 * collisions (w = 0: none counted), and the angle error; returns the
 * length written. */
static size_t errors_text(const struct zoo_precision *ctx, const struct state *s,
			  int w, char *text, size_t n)
{
	enum prec_dtype t = pe_variant_dtype(zoo_bug(s));
	long long first = prec_first_collision(t), at, len = s->cur.len;
	long long m = angle_positions(s->cur.pe.d_model, len);
	const struct cache *c = &ctx->angle;
	struct cache_key k = angle_key(s);
	char a[32], b[32];
	size_t used;
	int cols = w > 0 ? collided_columns(t, &s->window, w, &at) : 0;

	used = zoo_append(text, n, 0,
		      tr(s->lang, "%s stores whole numbers exactly only up to "
				  "%lld: %lld is stored as %lld, and from there "
				  "on positions collide."),
		      prec_name(t), first - 1, first,
		      (long long)prec_round(t, (double)first));
	if (cols > 0) {
		/* at collides with a neighbour: 257's partner is 256, and
		 * 256's is 257 (prec_collides) */
		long long mate = prec_round(t, (double)at) ==
					 prec_round(t, (double)(at + 1))
				 ? at + 1 : at - 1;

		used = zoo_append(text, n, used,
			      tr(s->lang, " Marked columns hold positions stored "
					  "as the same number as a neighbour: %d "
					  "of %d here; the first are %lld and "
					  "%lld, both stored as %lld."),
			      cols, w, at < mate ? at : mate,
			      at < mate ? mate : at,
			      (long long)prec_round(t, (double)at));
	}
	else if (w > 0)
		used = zoo_append(text, n, used, " %s",
			      tr(s->lang, "No position in view collides."));
	used = fast_pair_text(s, t, text, n, used);
	if (!cache_ready(c, &k))
		return zoo_append(text, n, used, " %s%s",
				  tr(s->lang, "Measuring the angle error"),
				  s->ascii ? "..." : "…");
	if (isinf(c->out[0]))
		return zoo_append(text, n, used, " %s",
				  tr(s->lang, "From p = 65520 on the angle is "
					      "infinite: its sine and cosine "
					      "are not numbers."));
	if (m < len)
		used = zoo_append(text, n, used,
			      tr(s->lang, " Largest angle error over the last "
					  "%lld positions: %s rad (p = %lld, "
					  "pair %d)"),
			      m, fmt_angle(c->out[0], s->ascii, a, sizeof a),
			      (long long)c->out[1], (int)c->out[2]);
	else
		used = zoo_append(text, n, used,
			      tr(s->lang, " Largest angle error, measured over "
					  "every position below len: %s rad "
					  "(p = %lld, pair %d)"),
			      fmt_angle(c->out[0], s->ascii, a, sizeof a),
			      (long long)c->out[1], (int)c->out[2]);
	return zoo_append(text, n, used,
			  tr(s->lang, "; the format's rounding bounds it by "
				      "%s rad for len = %lld."),
			  fmt_angle(c->out[3], s->ascii, b, sizeof b), len);
}

/* Whether every column of a heatmap w columns wide over the window shows
 * the mistake's exact mean (pe_variant_span_exact). */
static bool columns_exact(const struct state *s, int w)
{
	for (int x = 0; x < w; x++) {
		long long lo, n;

		plot_col_items(s->window.pos0, s->window.npos, w, x, &lo, &n);
		if (!pe_variant_span_exact(zoo_bug(s), lo, n))
			return false;
	}
	return true;
}

/* The sentences on how far apart the two pictures are, when it is known:
 * from the angle error bound, rigorously, when it is below a colour step
 * (one of the terminal's 64 heat levels over [-1, 1], io/term.c); else
 * from the pixels drawn, where they are exact; else a note that some
 * columns are not. */
enum pixels_say { SAY_BOUND, SAY_GAP, SAY_APPROXIMATE, SAY_NOTHING };

static void pixels_sentence(const struct state *s, enum pixels_say say,
			    double v, char *text, size_t n)
{
	char a[32];

	text[0] = '\0';
	fmt_double_compact(v, 2, a, sizeof a);
	switch (say) {
	case SAY_BOUND:
		snprintf(text, n, tr(s->lang, " No value is off by more than %s, "
					      "less than a colour step (1/32): "
					      "the two heatmaps look the same."),
			 a);
		break;
	case SAY_GAP:
		snprintf(text, n, v < PIXEL_STEP
			 ? tr(s->lang, " The pixels of the two heatmaps differ "
				       "by at most %s, less than a colour step "
				       "(1/32): they look the same.")
			 : tr(s->lang, " The pixels of the two heatmaps differ "
				       "by up to %s, more than a colour step "
				       "(1/32)."), a);
		break;
	case SAY_APPROXIMATE:
		snprintf(text, n, tr(s->lang, " Columns of more than %d stored "
					      "positions show the exact wave's "
					      "mean: zoom in to see them as "
					      "computed."), PE_STORED_RUNS_MAX);
		break;
	case SAY_NOTHING:
		break;
	}
}

/* What to say of heatmaps w columns wide (0: none yet) whose pixels
 * differ by gap (as zoo_precision_text takes it), the value to say in *v. */
static enum pixels_say pixels_say(const struct zoo_precision *ctx,
				  const struct state *s, int w, double gap,
				  double *v)
{
	struct cache_key k = angle_key(s);

	if (w <= 0)
		return SAY_NOTHING;
	if (cache_ready(&ctx->angle, &k) && ctx->angle.out[3] < PIXEL_STEP) {
		*v = ctx->angle.out[3];
		return SAY_BOUND;
	}
	if (!columns_exact(s, w))
		return SAY_APPROXIMATE;
	*v = gap;
	return gap >= 0.0 ? SAY_GAP : SAY_NOTHING;
}

/* '▼' over each column of heat area a whose positions collide in t. */
void zoo_collisions_draw(const struct state *s, struct canvas *c,
			 struct rect a, int y)
{
	enum prec_dtype t = pe_variant_dtype(zoo_bug(s));

	for (int x = 0; x < a.w; x++) {
		long long lo, n;

		plot_col_items(s->window.pos0, s->window.npos, a.w, x, &lo, &n);
		if (prec_next_collision(t, lo) < lo + n)
			canvas_put(c, a.x + x, y, s->ascii ? 'v' : 0x25bc,
				   collide_style);
	}
}


void zoo_precision_text(const struct zoo_precision *ctx, const struct state *s,
			int w, double gap, char *text, size_t n)
{
	size_t len = errors_text(ctx, s, w, text, n);
	double v = 0.0;
	enum pixels_say say;

	if (gap == ZOO_GAP_RESERVE) {
		char b[1024];
		size_t most = 0;

		for (int k = SAY_BOUND; k < SAY_NOTHING && w > 0; k++) {
			pixels_sentence(s, (enum pixels_say)k, gap, b, sizeof b);
			if (strlen(b) > most && len + strlen(b) < n) {
				most = strlen(b);
				memcpy(text + len, b, most + 1);
			}
		}
		return;
	}
	say = pixels_say(ctx, s, w, gap, &v);
	pixels_sentence(s, say, v, text + len, n - len);
}

bool zoo_precision_busy(const struct zoo_precision *ctx)
{
	return cache_busy(&ctx->angle);
}

void zoo_precision_free(struct zoo_precision *ctx)
{
	cache_free(&ctx->angle);
}
