/* view_context_common.c - what the context view's parts share (see
 * view_context_common.h). */
#include "views/view_context_common.h"

#include <math.h>

#include "base/tr.h"
#include "engine/pe_variants.h"
#include "model/longrope_lists.h"

const char *const kind_name[KINDS] = {
	N_("original"), "PI", "NTK", "YaRN", N_("dyn. NTK"), "Llama 3.1",
	"LongRoPE"
};
/* LongRoPE's red: the one colour of the palettes no curve or ruler here
 * takes (the warning's orange marks Men et al.'s reach) */
const enum role kind_role[KINDS] = {
	ROLE_TRACE1, ROLE_TRACE2, ROLE_TRACE3, ROLE_TRACE4, ROLE_DIM, ROLE_KEY,
	ROLE_ERROR
};
const enum kind kind_draw_order[KINDS] = {
	K_DYNAMIC, K_LONGROPE, K_LLAMA3, K_YARN, K_PI, K_NTK, K_ORIGINAL
};

long long ctx_train(const struct state *s)
{
	return (long long)state_view_knob(s, 0);
}

double ctx_scale(const struct state *s)
{
	return state_view_knob(s, 1);
}

long long ctx_span(const struct state *s)
{
	double span = round(ctx_scale(s) * (double)ctx_train(s));

	return span < 1.0 ? 1 : (long long)span;
}

struct stretch ctx_stretch(const struct state *s)
{
	return (struct stretch){ ctx_scale(s), (double)ctx_train(s),
				 (double)s->cur.len, ctx_longrope(s),
				 ctx_own_of(s) };
}

struct ctx_own ctx_own_of(const struct state *s)
{
	/* the context view's kind of each of transformers' rope_types */
	static const enum kind of_rope[] = {
		[ROPE_DEFAULT] = K_ORIGINAL, [ROPE_LINEAR] = K_PI,
		[ROPE_DYNAMIC] = K_DYNAMIC, [ROPE_YARN] = K_YARN,
		[ROPE_LONGROPE] = K_LONGROPE, [ROPE_LLAMA3] = K_LLAMA3
	};
	const struct rope_model *m = &s->model_rope;
	struct ctx_own o = { false, K_ORIGINAL, PE_YARN_BETA, PE_YARN_ALPHA,
			     true, PE_LLAMA3_LOW, PE_LLAMA3_HIGH };

	if (!state_model_shown(s) || m->kind == ROPE_LEARNED)
		return o;
	o.shown = true;
	o.kind = of_rope[m->kind];
	if (m->kind == ROPE_YARN) {
		o.beta_fast = m->beta_fast;
		o.beta_slow = m->beta_slow;
		o.truncate = m->truncate;
	} else if (m->kind == ROPE_LLAMA3) {
		o.low = m->low_freq;
		o.high = m->high_freq;
	}
	return o;
}

bool kind_is_own(const struct ctx_own *o, enum kind k)
{
	return o->shown && o->kind == k;
}

const struct longrope_set *ctx_longrope(const struct state *s)
{
	return s->longrope.pairs > 0 ? &s->longrope : longrope_phi3_vision();
}

bool kind_absent(const struct pe_params *p, enum kind k,
		 const struct stretch *x)
{
	return k == K_LONGROPE && !longrope_fits(x->lr, p->d_model);
}

int ctx_kinds_shown(const struct state *s)
{
	struct stretch x = ctx_stretch(s);

	return KINDS - kind_absent(&s->cur.pe, K_LONGROPE, &x);
}

struct pe_yarn ctx_yarn(const struct stretch *x)
{
	if (kind_is_own(&x->own, K_YARN))
		return (struct pe_yarn){ x->s, x->train, x->own.beta_slow,
					 x->own.beta_fast, !x->own.truncate };
	return (struct pe_yarn){ x->s, x->train, PE_YARN_ALPHA, PE_YARN_BETA,
				 false };
}

struct pe_llama3 ctx_llama3(const struct stretch *x)
{
	if (kind_is_own(&x->own, K_LLAMA3))
		return (struct pe_llama3){ x->s, x->train, x->own.low,
					   x->own.high };
	return (struct pe_llama3){ x->s, x->train, PE_LLAMA3_LOW,
				   PE_LLAMA3_HIGH };
}

double ctx_yarn_attention(const struct state *s)
{
	struct ctx_own o = ctx_own_of(s);

	if (kind_is_own(&o, K_YARN))
		return rope_model_yarn_attention(&s->model_rope, ctx_scale(s));
	return pe_yarn_temperature(ctx_scale(s));
}

double ctx_longrope_attention(const struct state *s)
{
	struct ctx_own o = ctx_own_of(s);

	if (kind_is_own(&o, K_LONGROPE) && s->model_rope.attention_given)
		return s->model_rope.attention;
	return longrope_attention(ctx_scale(s), (double)ctx_train(s));
}

double kind_omega(const struct pe_params *p, enum kind k,
		  const struct stretch *x, double pair)
{
	struct pe_yarn y = ctx_yarn(x);
	struct pe_llama3 l = ctx_llama3(x);

	switch (k) {
	case K_PI:
		return pe_scaled_omega(p, PE_SCALE_PI, x->s, pair);
	case K_NTK:
		return pe_scaled_omega(p, PE_SCALE_NTK, x->s, pair);
	case K_YARN:
		return pe_yarn_code_omega(p, &y, pair);
	case K_DYNAMIC:
		return pe_dynamic_ntk_omega(p, x->s, x->len, x->train, pair);
	case K_LLAMA3:
		return pe_llama3_omega(p, &l, pair);
	case K_LONGROPE:
		if (!kind_absent(p, k, x))
			return longrope_omega(x->lr, p, x->len, x->train, pair);
		return pe_scaled_omega(p, PE_SCALE_NONE, x->s, pair);
	default:
		return pe_scaled_omega(p, PE_SCALE_NONE, x->s, pair);
	}
}

double kind_wavelength(const struct pe_params *p, enum kind k,
		       const struct stretch *x, double pair)
{
	return PE_TWO_PI / kind_omega(p, k, x, pair);
}
