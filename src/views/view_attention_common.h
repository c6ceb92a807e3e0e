/* view_attention_common.h - what the attention view's files share: its
 * knobs as the state holds them, the model that the score matrices and
 * the decay plot read from them. Defined in view_attention_common.c,
 * which calls none of the view's other files (view_attention.h lists
 * them), so no two of them depend on each other both ways. */
#ifndef VIEW_ATTENTION_COMMON_H
#define VIEW_ATTENTION_COMMON_H

#include <stdbool.h>

#include "engine/attention.h"
#include "engine/head.h"
#include "model/state.h"
#include "render/canvas.h"

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
	ATT_TEXT_MAX = 320,	/* one line of text */
	ATT_RANDOM_DRAWS = 64	/* random q, k of the decay panel: a
				   quarter of --dump-series rope-random's,
				   so that d = 65536 stays within seconds */
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

/* ALiBi's slope: the first head's of AK_HEADS heads (attn_alibi_slope):
 * 2^(-8/H'), H' the largest power of two <= H. */
double att_slope(const struct state *s);

/* The trained length L0: the state's setting (state.train), which the
 * presets (m/M), :train and the context view's train knob set. */
long long att_train(const struct state *s);

/* Whether the same content vector stands at every position. */
bool att_same_content(const struct state *s);

#endif
