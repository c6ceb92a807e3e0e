/* view_context_common.c - what the context view's parts share (see
 * view_context_common.h). */
#include "views/view_context_common.h"

#include <math.h>

#include "base/tr.h"
#include "base/utf8.h"
#include "engine/pe_variants.h"

const char *const kind_name[KINDS] = {
	N_("original"), "PI", "NTK", "YaRN", N_("dyn. NTK")
};
const enum role kind_role[KINDS] = {
	ROLE_TRACE1, ROLE_TRACE2, ROLE_TRACE3, ROLE_TRACE4, ROLE_DIM
};
const enum kind kind_draw_order[KINDS] = {
	K_DYNAMIC, K_ORIGINAL, K_PI, K_NTK, K_YARN
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
				 (double)s->cur.len };
}

double kind_omega(const struct pe_params *p, enum kind k,
		  const struct stretch *x, double pair)
{
	struct pe_yarn y = { x->s, x->train, PE_YARN_ALPHA, PE_YARN_BETA };

	switch (k) {
	case K_PI:
		return pe_scaled_omega(p, PE_SCALE_PI, x->s, pair);
	case K_NTK:
		return pe_scaled_omega(p, PE_SCALE_NTK, x->s, pair);
	case K_YARN:
		return pe_yarn_omega(p, &y, pair);
	case K_DYNAMIC:
		return pe_dynamic_ntk_omega(p, x->len, x->train, pair);
	default:
		return pe_scaled_omega(p, PE_SCALE_NONE, x->s, pair);
	}
}

double kind_wavelength(const struct pe_params *p, enum kind k,
		       const struct stretch *x, double pair)
{
	return PE_TWO_PI / kind_omega(p, k, x, pair);
}

const char *ctx_fit_title(int w, const char *wide, const char *narrow)
{
	return utf8_width(wide) <= w - 4 ? wide : narrow;
}
