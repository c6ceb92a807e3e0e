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
 *                            and the mean |score| of random q, k against
 *                            the offset m, each over its value at m = 0
 *                            in a strip of its own, past the trained
 *                            length L0, which is marked;
 *                            B beside the q = k score in numbers
 *   view_attention_order.c   order-blindness: one head over a sentence,
 *                            its outputs before and after a shuffle, and
 *                            how far they moved
 *
 * What every one of them reads (the knobs, the model they share, the box
 * and the fitted text) is in view_attention_common.h, which depends on
 * none of them: the spec file calls the panels, the panels call the
 * common file, and nothing calls back.
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
#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"
#include "render/plot.h"
#include "views/view_attention_common.h"

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
	struct cache draws;	/* the random q, k's coefficients (d, seed) */
	struct cache work;	/* the three curves in the making */
	struct cache shown;	/* the last finished curves */
	struct cache at;	/* B and score at the position and at L0 */
	struct cache random;	/* the random q, k's mean at the position */
};

/* The cache of the order panel (view_attention_order.c). */
struct att_order {
	struct cache run;	/* the head's outputs, before and after */
};

/* The matrices of the score panel, in the order of att_matrices.mat. */
enum att_mat {
	AM_ADDED, AM_ROPE, AM_ALIBI,	/* the three shown */
	AM_CC, AM_CP, AM_PC, AM_PP,	/* the terms of the added score */
	AM_R_ADDED, AM_R_ROPE, AM_R_ALIBI,	/* the residuals of the three
						   shown: s minus the mean of
						   its diagonal */
	AM_COUNT
};

/* The fraction of |s| off the diagonal whose value is a score map's colour
 * scale (attn_offdiag_quantile): the diagonal, which holds |x + PE_p|^2
 * for added PE, is clipped instead of squeezing the rest. */
#define ATT_CLIP_FRAC 0.98

/* The smallest colour scale of the residual maps, relative to the largest
 * clip of the scores: a residual of rounding (RoPE's 1e-15) stays blank
 * instead of being blown up into a pattern. */
#define ATT_RES_FLOOR 1e-6

/* The score panel's numbers for one grid: both axes hold the positions
 * pos0 + k step, k < m (view_attention_matrices.c). */
struct att_matrices {
	int m;				/* positions along a side */
	long long pos0, step;
	struct attn_spread spread[AM_COUNT];	/* of AM_ADDED, AM_ROPE,
						   AM_ALIBI and AM_PP only */
	double rms[ATTN_TERMS];		/* the size of each term */
	double clip[AM_ALIBI + 1];	/* the colour scale of AM_ADDED ..
					   AM_ALIBI: ATT_CLIP_FRAC of |s| off
					   the diagonal */
	double res_scale;		/* the one colour scale of the three
					   residuals: their largest |r|, at
					   least ATT_RES_FLOOR times the
					   largest clip */
	double mat[];			/* AM_COUNT matrices of m x m, row
					   p (query), column q (key) */
};

/* The numbers for s on a grid of at most `side` positions a side, brought
 * on as far as the frame allows: the finished ones (*progress = 1), or,
 * while they are made, the last finished ones of the same size, or NULL
 * (*progress in [0, 1) says how far the new ones are). */
const struct att_matrices *att_matrices_get(const struct state *s,
					    struct att_scores *ctx, int side,
					    double *progress);

/* The grid of the visible window that `side` pixels show: m positions
 * pos0 + k step (every one when they fit, else every step-th). */
void att_grid_of(const struct state *s, int side, long long *pos0,
		 long long *step, int *m);

/* Each draws its panel, border and title included, into r, in full or,
 * when r is short, compact. */
void att_scores_draw(const struct state *s, struct att_scores *ctx,
		     struct canvas *c, struct rect r);
void att_decay_draw(const struct state *s, struct att_decay *ctx,
		    struct canvas *c, struct rect r);
void att_order_draw(const struct state *s, struct att_order *ctx,
		    struct canvas *c, struct rect r);

void att_scores_free(struct att_scores *ctx);
void att_decay_free(struct att_decay *ctx);
void att_order_free(struct att_order *ctx);

/* The decay plot's area for the panel r (area.h == 0: none), for clicks:
 * its x axis holds the offsets m from 0 to the end of the visible window
 * or 4 L0, whichever is further (a click selects m as the position); its
 * rows are the bound's strip, the random mean's heading and strip. */
struct plot_area att_decay_area(const struct state *s, struct rect r);

/* Rows of the score panel r that its heatmaps leave empty: a grid of m
 * positions is drawn rep = side / m pixels a position, so a square of
 * side pixels may need fewer rows than it was given. */
int att_scores_spare_rows(const struct state *s, struct rect r);

/* Rows the order panel needs in full at this language (its sentence), and
 * columns. */
int att_order_full_h(const struct state *s);
int att_order_full_w(const struct state *s);

#endif
