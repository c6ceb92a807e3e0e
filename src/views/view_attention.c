/* view_attention.c - the attention view: what the score of a Transformer's
 * attention sees of positions. Its spec (knobs, keys, help), where its
 * three panels go, the focus (w/W, a click), the zoom (F) and what a click
 * selects. The panels are in view_attention_{scores,decay,order}.c
 * (view_attention.h says what each shows), what they share in
 * view_attention_common.c.
 *
 *   ┌ Order: one head ──────────────┐┌ Long-term decay (RoPE) ──────────┐
 *   │the dog bit the man in the park││━━ bound B/B(0) ── random │ L0     │
 *   │outputs before | after shuffle ││ braille curves, 5+ rows, to 4 L0 │
 *   │same vectors, only moved: 2e-17││m = 0: B = 128.5 ...               │
 *   └───────────────────────────────┘└──────────────────────────────────┘
 *   ┌ Scores s(p, q) ─────────────────────────────────────────────────────┐
 *   │ added PE            RoPE                 ALiBi, m = 0.5              │
 *   │ each a score map and its residual map, rows p, columns q; a bar     │
 *   │ spread 0.53 (p-q=40) spread 2.2e-16      spread 0                    │
 *   │ x·x x·p p·x p·p with their sizes; what the numbers say               │
 *   └─────────────────────────────────────────────────────────────────────┘
 *
 * The score matrices sit at the bottom, where a drill's answer box (at the
 * top of the body) leaves them in sight. Short bodies get the compact form
 * of the top panels (the numbers without the pictures); F gives one panel
 * the whole body. */
#include "views/view_attention.h"

#include <stdio.h>

#include "base/tr.h"
#include "model/catalog.h"
#include "views/panel.h"
#include "views/panels.h"

enum {
	TOP_MIN_H = 6,		/* the compact top panels */
	TOP_MAX_COMPACT_H = 10,	/* ... at most: a decay plot of 5 rows */
	SCORES_FULL_MIN_H = 15,	/* below: the top panels go compact */
	DECAY_MIN_W = 30	/* the decay panel beside the order one */
};

/* ---- the knobs ---- */

static const char *weights_name(int i)
{
	static const char *const n[] = { "identity", "random" };

	return n[i];
}

static const char *content_name(int i)
{
	static const char *const n[] = { "same", "tokens" };

	return n[i];
}

static const char *head_name(int i)
{
	static const char *const n[AH_COUNT] = {
		"nope", "causal", "added", "rope", "alibi"
	};

	return n[i];
}

/* ---- the layout ---- */

/* Where the panels go in body r: the order and decay panels side by side
 * above the score matrices, or the focused one over all of r. */
static void place(const struct state *s, struct rect r,
		  struct rect out[AP_COUNT])
{
	int top, ow;

	for (int i = 0; i < AP_COUNT; i++)
		out[i] = (struct rect){ 0, 0, 0, 0 };
	if (s->zoomed) {
		out[s->panel] = r;
		return;
	}
	if (r.h >= att_order_full_h(s) + SCORES_FULL_MIN_H)
		top = att_order_full_h(s);
	else
		top = r.h - 12 < TOP_MIN_H ? TOP_MIN_H
		      : r.h - 12 > TOP_MAX_COMPACT_H ? TOP_MAX_COMPACT_H
						    : r.h - 12;
	if (top > r.h)
		top = r.h;
	ow = att_order_full_w(s);
	if (ow < r.w * 2 / 5)
		ow = r.w * 2 / 5;
	if (r.w - ow < DECAY_MIN_W)
		ow = r.w / 2;
	/* rows the heatmaps would leave empty go to the panels above */
	top += att_scores_spare_rows(s, (struct rect){ r.x, r.y + top, r.w,
							r.h - top });
	out[AP_ORDER] = (struct rect){ r.x, r.y, ow, top };
	out[AP_DECAY] = (struct rect){ r.x + ow, r.y, r.w - ow, top };
	out[AP_SCORES] = (struct rect){ r.x, r.y + top, r.w, r.h - top };
}

/* The caches of the three panels. */
struct attention_ctx {
	struct att_scores scores;
	struct att_decay decay;
	struct att_order order;
};

static void attention_draw(const struct state *s, void *data, struct canvas *c,
			   struct rect r)
{
	struct attention_ctx *ctx = data;
	struct rect p[AP_COUNT], old = plot_clip_push(c, r);

	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	place(s, r, p);
	/* The cheap panels first; the score matrices, computed in slices,
	 * then take what the frame's budget has left. */
	if (p[AP_ORDER].w > 0 && p[AP_ORDER].h > 0)
		att_order_draw(s, &ctx->order, c, p[AP_ORDER]);
	if (p[AP_DECAY].w > 0 && p[AP_DECAY].h > 0)
		att_decay_draw(s, &ctx->decay, c, p[AP_DECAY]);
	if (p[AP_SCORES].w > 0 && p[AP_SCORES].h > 0)
		att_scores_draw(s, &ctx->scores, c, p[AP_SCORES]);
	panel_mark_focus(s, c, p[s->panel], 44);
	canvas_set_clip(c, old);
}

static void attention_free(void *data)
{
	struct attention_ctx *ctx = data;

	att_scores_free(&ctx->scores);
	att_decay_free(&ctx->decay);
	att_order_free(&ctx->order);
}

/* A click on the decay plot selects the offset under it as the position
 * (the plot's axis is the visible window). */
static bool attention_hit(const struct state *s, struct rect r, int x, int y,
			  long long *pos, int *dim)
{
	struct rect p[AP_COUNT];
	struct plot_area a;

	place(s, r, p);
	*dim = -1;
	if (p[AP_DECAY].w <= 0)
		return false;
	a = att_decay_area(s, p[AP_DECAY]);
	if (a.h < 1 || x < a.ax.x0 || x >= a.ax.x0 + a.ax.w || y < a.y0 ||
	    y >= a.y0 + a.h)
		return false;
	*pos = plot_pos_of_col(&a.ax, x);
	return true;
}

static int attention_panel_at(const struct state *s, struct rect r, int x,
			      int y)
{
	struct rect p[AP_COUNT];

	place(s, r, p);
	for (int i = 0; i < AP_COUNT; i++)
		if (x >= p[i].x && x < p[i].x + p[i].w && y >= p[i].y &&
		    y < p[i].y + p[i].h)
			return i;
	return -1;
}

const struct view_spec view_attention = {
	.name = "attention",
	.said = N_("attention view"),
	.title = N_("attention scores of added PE, RoPE and ALiBi; decay; order"),
	.point = N_("RoPE and ALiBi are functions of p − q and added PE is not; RoPE's bound falls, then plateaus; positions are what break order-blindness"),
	.nknobs = AK_COUNT,
	.knob = { {
		.word = "weights",
		.help = N_("W_Q and W_K: the identity, or seeded random N(0, 1/d) (d <= 1024)"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = 1,
		.start = KNOB_START_INIT, .init = 0,
		.choice = weights_name,
		.nsteps = 1,
		.step = { { 'x', 'X', STEP_CYCLE, 1,
			    N_("W I/random") } },
	}, {
		.word = "seed",
		.help = N_("seed of the random weights, the tokens, the head and the decay panel's random q, k"),
		.kind = KNOB_INT, .lo = 1, .hi = 999999,
		.start = KNOB_START_INIT, .init = 1,
		.nsteps = 1,
		.step = { { 'c', 'C', STEP_CYCLE, 1,
			    N_("seed") } },
	}, {
		.word = "heads",
		.help = N_("heads H: ALiBi's slope is head 1's, 2^(-8/P), P the largest power of 2 <= H"),
		.kind = KNOB_INT, .lo = 1, .hi = 64,
		.start = KNOB_START_INIT, .init = 8,
		.nsteps = 1,
		.step = { { 'a', 'A', STEP_MUL, 2,
			    N_("heads /2 x2") } },
	}, {
		.word = "content",
		.help = N_("the token vectors: the same at every position, or 8 seeded tokens"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = 1,
		.start = KNOB_START_INIT, .init = 0,
		.choice = content_name,
		.nsteps = 1,
		.step = { { 'u', 'U', STEP_CYCLE, 1,
			    N_("content") } },
	}, {
		.word = "head",
		.help = N_("positions in the one head: nope, causal (mask, no PE), added, rope, alibi"),
		.kind = KNOB_CHOICE, .lo = 0, .hi = AH_COUNT - 1,
		.start = KNOB_START_INIT, .init = AH_NOPE,
		.choice = head_name,
		.nsteps = 1,
		.step = { { 's', 'S', STEP_CYCLE, 1,
			    N_("head") } },
	}, {
		.word = "shuffle",
		.help = N_("seed of the shuffled word order"),
		.kind = KNOB_INT, .lo = 1, .hi = 999,
		.start = KNOB_START_INIT, .init = 1,
		.nsteps = 1,
		.step = { { 'v', 'V', STEP_CYCLE, 1,
			    N_("shuffle") } },
	} },
	.draw = attention_draw,
	.ctx_size = sizeof(struct attention_ctx),
	.ctx_free = attention_free,
	.hit = attention_hit,
	.npanels = AP_COUNT,
	.panel_name = (const char *const[AP_COUNT]){ "scores", "decay", "order" },
	.panel_at = attention_panel_at,
};
