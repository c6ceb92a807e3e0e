/* view_attention_common.c - the attention view's knobs read from the
 * state and the model they make (see view_attention_common.h). */
#include "views/view_attention_common.h"

bool att_weights_capped(const struct state *s)
{
	return state_view_knob(s, AK_WEIGHTS) == ATTN_W_RANDOM &&
	       s->cur.pe.d_model > ATTN_RANDOM_D_MAX;
}

double att_slope(const struct state *s)
{
	return attn_alibi_slope(1, (int)state_view_knob(s, AK_HEADS));
}

bool att_same_content(const struct state *s)
{
	return state_view_knob(s, AK_CONTENT) == 0;
}

struct attn_setup att_setup(const struct state *s)
{
	bool random = state_view_knob(s, AK_WEIGHTS) == ATTN_W_RANDOM &&
		      !att_weights_capped(s);

	return (struct attn_setup){
		.pe = s->cur.pe,
		.weights = random ? ATTN_W_RANDOM : ATTN_W_IDENTITY,
		.content = att_same_content(s) ? ATTN_CONTENT_UNIFORM
					       : ATTN_CONTENT_TOKENS,
		.vocab = ATT_VOCAB,
		.seed = (uint64_t)state_view_knob(s, AK_SEED),
		.slope = att_slope(s),
	};
}

long long att_train(const struct state *s)
{
	return s->train;
}
