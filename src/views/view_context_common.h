/* view_context_common.h - what the parts of the context view share: the
 * methods of stretching a trained length L0 by a factor s (the "kinds":
 * the original encoding, position interpolation, YaRN and dynamic NTK as
 * Hugging Face's modeling_rope_utils computes them, NTK-aware scaling as
 * bloc97's post does (transformers has no static NTK), Llama 3.1's
 * "llama3" scaling and LongRoPE's per-pair lists, Phi-3's "longrope"),
 * their names and colours, the view's
 * knobs, and the frequencies each gives a pair (pe_variants.h). */
#ifndef VIEW_CONTEXT_COMMON_H
#define VIEW_CONTEXT_COMMON_H

#include "engine/longrope.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "model/state.h"
#include "render/canvas.h"

enum kind {
	K_ORIGINAL, K_PI, K_NTK, K_YARN, K_DYNAMIC, K_LLAMA3, K_LONGROPE,
	KINDS			/* number of kinds, not a kind */
};

/* The view's panels, in focus order (w/W), by the names lessons and the
 * drill use. */
enum { CP_TABLE, CP_STRETCH, CP_SIM, CP_FORMULAS, CP_COUNT };

/* Their names in the table and legends (through tr()), their curves'
 * colours (dynamic NTK's grey, as it often lies on another's), and the
 * order their curves are drawn in (dynamic NTK's first, under the rest). */
extern const char *const kind_name[KINDS];
extern const enum role kind_role[KINDS];
extern const enum kind kind_draw_order[KINDS];

/* The knobs: L0, s; and s * L0 rounded to a whole offset, at least 1. */
long long ctx_train(const struct state *s);
double ctx_scale(const struct state *s);
long long ctx_span(const struct state *s);

/* The model shown's own way of stretching (state.h's model_rope, while
 * state_model_shown): its kind, marked in the view, and the settings of
 * its config that kind's row takes in place of the view's defaults
 * (YaRN's beta_fast, beta_slow and truncate; Llama 3.1's low and high
 * frequency factors). All 0: no model shown. */
struct ctx_own {
	bool shown;		/* a model is shown and its encoding turns */
	enum kind kind;		/* its kind: K_ORIGINAL for no scaling */
	double beta_fast, beta_slow;	/* YaRN's (32, 1 unless it says) */
	bool truncate;		/* YaRN's ramp ends rounded */
	double low, high;	/* Llama 3.1's (1, 4 unless it says) */
};

/* The model shown's own kind and settings (shown false when none, or for
 * a learned table, which has no scaling). */
struct ctx_own ctx_own_of(const struct state *s);

/* Whether kind k is the model shown's own. */
bool kind_is_own(const struct ctx_own *o, enum kind k);

/* What every frequency depends on besides the encoding. */
struct stretch {
	double s;		/* the factor */
	double train;		/* L0 */
	double len;		/* the current length, for dynamic NTK and
				 * LongRoPE */
	const struct longrope_set *lr;	/* LongRoPE's lists, or NULL */
	struct ctx_own own;	/* the model shown's own kind and settings */
};

/* The stretch s's knobs and length ask for. */
struct stretch ctx_stretch(const struct state *s);

/* The LongRoPE lists the view shows: the model's when the model last set
 * is a longrope one, else Phi-3-vision-128k's (model/longrope_lists.h). */
const struct longrope_set *ctx_longrope(const struct state *s);

/* Whether kind k has nothing to show at p and x: LongRoPE with lists for
 * another width (or none). */
bool kind_absent(const struct pe_params *p, enum kind k,
		 const struct stretch *x);

/* The kinds with something to show at s: KINDS, or one fewer. */
int ctx_kinds_shown(const struct state *s);

/* omega'_i of kind k (pairs may be fractional, for the curve through
 * them): pe_scaled_omega's for the original, PI and NTK,
 * pe_yarn_code_omega's (ctx_yarn's: the code, not the paper's gamma),
 * pe_dynamic_ntk_omega's (factor s, the current length)
 * pe_llama3_omega's (ctx_llama3's) and longrope_omega's
 * (the lists of x->lr, short while len <= L0, long past it; the original
 * where kind_absent). */
double kind_omega(const struct pe_params *p, enum kind k,
		  const struct stretch *x, double pair);

/* 2 pi / kind_omega. */
double kind_wavelength(const struct pe_params *p, enum kind k,
		       const struct stretch *x, double pair);

/* The YaRN and Llama 3.1 settings of a stretch: the model's own where
 * that kind is its own, else beta_fast 32, beta_slow 1, rounded ends, and
 * low 1, high 4 (Llama 3.1's config). */
struct pe_yarn ctx_yarn(const struct stretch *x);
struct pe_llama3 ctx_llama3(const struct stretch *x);

/* The factor YaRN and LongRoPE multiply cos and sin by at s's stretch:
 * the model's own rule where the kind is its own
 * (rope_model_yarn_attention; a longrope config's attention_factor), else
 * transformers' defaults, get_mscale(s) and sqrt(1 + ln s / ln L0). */
double ctx_yarn_attention(const struct state *s);
double ctx_longrope_attention(const struct state *s);

#endif
