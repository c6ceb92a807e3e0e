/* view_attention.h - the attention view: from the encoding to the score.
 * Its three panels, each in a file of its own, and what they share.
 *
 *   view_attention.c         the spec (knobs, keys, help), the layout, focus,
 *                            zoom and clicks
 *   view_attention_scores.c  score matrices s(p, q) of added PE, RoPE and
 *                            ALiBi side by side, each with its largest
 *                            spread along a diagonal, and the four terms of
 *                            the added score
 *   view_attention_matrices.c  their numbers, computed in slices
 *   view_attention_decay.c   RoPE's long-term decay: RoFormer's bound B(m)
 *                            and the score for q = k against the offset m,
 *                            the trained length L0 marked
 *   view_attention_order.c   order-blindness: one head over a sentence,
 *                            its outputs before and after a shuffle, and
 *                            how far they moved
 *
 * The panels draw from the state and their own caches (render/cache.h),
 * which live in the view's context; every number comes from the engine
 * (attention.h, rope_bound.h, head.h). Each panel has a full form and a
 * compact one for short rectangles (the classroom sizes 80x24 and 100x30,
 * a lesson's caption below): the compact form keeps the numbers and drops
 * pictures, so what a caption claims stays on screen. */
#ifndef VIEW_ATTENTION_H
#define VIEW_ATTENTION_H

#include <stdbool.h>

#include "engine/attention.h"
#include "engine/head.h"
#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"
#include "render/plot.h"

/* The knobs, in the spec's order. */
enum att_knob {
	AK_WEIGHTS,		/* W_Q, W_K: identity or seeded random */
	AK_SEED,		/* of the weights, tokens and the head */
	AK_HEADS,		/* H: ALiBi's slope is the first head's */
	AK_CONTENT,		/* the same vector everywhere, or tokens */
	AK_HEAD,		/* the one head's scheme (order panel) */
	AK_SHUFFLE,		/* the seed of the shuffled order */
	AK_COUNT
};

/* AK_HEAD's values: how positions enter the one head. */
enum att_head {
	AH_NOPE,		/* no positions */
	AH_CAUSAL,		/* no positions, causal mask */
	AH_ADDED,		/* sinusoidal PE added */
	AH_ROPE,		/* RoPE */
	AH_ALIBI,		/* ALiBi, the score panel's slope */
	AH_COUNT
};

/* The panels, in focus order (w/W). */
enum att_panel { AP_SCORES, AP_DECAY, AP_ORDER, AP_COUNT };

enum {
	ATT_VOCAB = 8,		/* tokens of the score panel's vocabulary */
	ATT_HEAD_D = 12,	/* width of the one head */
	ATT_SIDE_MAX = 160,	/* positions along a score matrix's side */
	ATT_TEXT_MAX = 320	/* one line of text */
};

/* ---- the knobs, read from the state ---- */

/* The model every score and the decay use: d, base and layout from the
 * state, the weights (random only up to ATTN_RANDOM_D_MAX: the identity
 * above it, which att_weights_capped tells), content, seed, ALiBi's
 * slope. */
struct attn_setup att_setup(const struct state *s);

/* Whether the random weights asked for were replaced by the identity
 * because d_model is above ATTN_RANDOM_D_MAX. */
bool att_weights_capped(const struct state *s);

/* ALiBi's slope: the first head's of AK_HEADS heads, 2^(-8/H). */
double att_slope(const struct state *s);

/* The trained length L0: the context view's "train" knob, which the
 * presets (m/M) and :train set; the length when no view has one. */
long long att_train(const struct state *s);

/* Whether the same content vector stands at every position. */
bool att_same_content(const struct state *s);

/* ---- the panels ---- */

/* The caches of the score panel (view_attention_scores.c). */
struct att_scores {
	struct cache model;	/* the model's tables being filled */
	struct attn attn;	/* the model, valid when model.started */
	bool have_attn;		/* attn holds tables to free */
	struct cache work;	/* the score matrices in the making */
	struct cache shown;	/* the last finished ones */
};

/* The caches of the decay panel (view_attention_decay.c). */
struct att_decay {
	struct cache work;	/* B(m) and score(m) in the making */
	struct cache shown;	/* the last finished curves */
	struct cache at;	/* B and score at the position and at L0 */
};

/* The cache of the order panel (view_attention_order.c). */
struct att_order {
	struct cache run;	/* the head's outputs, before and after */
};

/* The matrices of the score panel, in the order of att_matrices.mat. */
enum att_mat {
	AM_ADDED, AM_ROPE, AM_ALIBI,	/* the three shown */
	AM_CC, AM_CP, AM_PC, AM_PP,	/* the terms of the added score */
	AM_COUNT
};

/* The score panel's numbers for one grid: both axes hold the positions
 * pos0 + k step, k < m (view_attention_matrices.c). */
struct att_matrices {
	int m;				/* positions along a side */
	long long pos0, step;
	struct attn_spread spread[AM_COUNT];	/* of AM_ADDED, AM_ROPE,
						   AM_ALIBI and AM_PP only */
	double rms[ATTN_TERMS];		/* the size of each term */
	double mat[];			/* AM_COUNT matrices of m x m, row
					   p (query), column q (key) */
};

/* The numbers for s on a grid of at most `side` positions a side, brought
 * on as far as the frame allows: the finished ones (*progress = 1), or,
 * while they are made, the last finished ones of the same size, or NULL
 * (*progress in [0, 1) says how far the new ones are). */
const struct att_matrices *att_matrices_get(const struct state *s,
					    struct att_scores *x, int side,
					    double *progress);

/* The grid of the visible window that `side` pixels show: m positions
 * pos0 + k step (every one when they fit, else every step-th). */
void att_grid_of(const struct state *s, int side, long long *pos0,
		 long long *step, int *m);

/* Each draws its panel, border and title included, into r, in full or,
 * when r is short, compact. */
void att_scores_draw(const struct state *s, struct att_scores *x,
		     struct canvas *c, struct rect r);
void att_decay_draw(const struct state *s, struct att_decay *x,
		    struct canvas *c, struct rect r);
void att_order_draw(const struct state *s, struct att_order *x,
		    struct canvas *c, struct rect r);

void att_scores_free(struct att_scores *x);
void att_decay_free(struct att_decay *x);
void att_order_free(struct att_order *x);

/* The decay plot's area for the panel r (area.h == 0: none), for clicks:
 * its x axis is the visible window, read as offsets m. */
struct plot_area att_decay_area(const struct state *s, struct rect r);

/* Rows of the score panel r that its heatmaps leave empty: a grid of m
 * positions is drawn rep = side / m pixels a position, so a square of
 * side pixels may need fewer rows than it was given. */
int att_scores_spare_rows(const struct state *s, struct rect r);

/* Rows the order panel needs in full at this language (its sentence), and
 * columns. */
int att_order_full_h(const struct state *s);
int att_order_full_w(const struct state *s);

/* ---- small things the panels share ---- */

/* The panel's border, in the border colour, and its title. */
void att_box(struct canvas *c, struct rect r, const char *title);

/* The first of n texts that fits in w columns at (x, y), else the last
 * one cut; see paragraph_fit. */
void att_fit(struct canvas *c, int x, int y, int w, const char *const *cand,
	     int n, struct style st);

#endif
