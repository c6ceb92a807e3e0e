/* view_attention_common.c - the attention view's knobs read from the
 * state, the model they make, and the panels' box and fitted text (see
 * view_attention_common.h). */
#include "views/view_attention_common.h"

#include "render/paragraph.h"

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

/* ---- shared drawing ---- */

void att_box(struct canvas *c, struct rect r, const char *title)
{
	canvas_box(c, r, title, (struct style){ ROLE_BORDER, ROLE_DEFAULT, 0 },
		   (struct style){ ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD });
}

void att_fit(struct canvas *c, int x, int y, int w, const char *const *cand,
	     int n, struct style st)
{
	if (w > 0)
		paragraph_fit(c, x, y, w, cand, n, st);
}
