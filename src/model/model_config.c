/* model_config.c - a config's fields into the encoding they describe (see
 * model_config.h). The order of the checks is the order a reader meets
 * the fields: what kind, how wide, which base, how long, then the
 * scaling's own numbers. */
#include "model/model_config.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/longrope.h"
#include "engine/pe_variants.h"
#include "base/tr.h"

static const char *const kinds[] = {
	[ROPE_DEFAULT] = "default", [ROPE_LINEAR] = "linear",
	[ROPE_DYNAMIC] = "dynamic", [ROPE_YARN] = "yarn",
	[ROPE_LONGROPE] = "longrope", [ROPE_LLAMA3] = "llama3",
	[ROPE_LEARNED] = "learned",
};

/* k as configs write it ("default", "linear", ..., "learned"). */
static const char *model_config_kind_name(enum rope_kind k)
{
	return (unsigned)k < sizeof kinds / sizeof kinds[0] ? kinds[k] : "?";
}

/* The file's name and the message's room, for the checks below. */
struct check {
	const char *name;
	enum lang l;
	char *err;
	size_t n;
};

static bool given(double v)
{
	return !isnan(v);
}

/* A whole number lo .. hi, or refused naming field. */
static int whole(const struct check *k, const char *field, double v,
		 double lo, double hi)
{
	if (v >= lo && v <= hi && v == floor(v))
		return 0;
	snprintf(k->err, k->n,
		 tr(k->l, "%s: %s is %.17g; it must be a whole number from "
			  "%.17g to %.17g"),
		 k->name, field, v, lo, hi);
	return 65;
}

/* A scaling's numbers: from lo to FACTOR_MAX, or refused. A larger
 * factor than any context pescope shows would only push frequencies
 * towards 0. */
#define FACTOR_MIN 1e-9
#define FACTOR_MAX 1e9

static int at_least(const struct check *k, const char *field, double v,
		    double lo)
{
	if (v >= lo && v <= FACTOR_MAX)
		return 0;
	snprintf(k->err, k->n,
		 tr(k->l, "%s: %s is %.17g; it must be from %g to %g"),
		 k->name, field, v, lo, FACTOR_MAX);
	return 65;
}

static int missing(const struct check *k, const char *field,
		   const char *who)
{
	snprintf(k->err, k->n, tr(k->l, "%s: %s is missing; %s needs it"),
		 k->name, field, who);
	return 65;
}

/* rope_type into m->kind, or refused naming it. */
static int kind_of(const struct check *k, const struct hf_config *c,
		   struct rope_model *m)
{
	const char *t = c->rope_type;

	m->kind = ROPE_DEFAULT;
	if (!c->has_scaling) {
		/* learned tables: BERT says so, GPT-2 has n_positions and
		 * nothing that rotates */
		if (c->absolute ||
		    (given(c->n_positions) && !given(c->rope_theta) &&
		     !given(c->rotary_dim) && !given(c->partial_rotary_factor)))
			m->kind = ROPE_LEARNED;
		return 0;
	}
	/* Qwen2-VL's "mrope": transformers' Qwen2VLConfig runs it as
	 * default, its mrope_section splitting the pairs between time,
	 * height and width */
	if (!t[0] || strcmp(t, "mrope") == 0)
		return 0;
	/* Phi-3's first configs say "su" (and some "yarn") for what is
	 * longrope: transformers' Phi3Config renames both to longrope for
	 * model_type phi3 only (configuration_phi3.py,
	 * convert_rope_params_to_dict, at commit 008e574 of the v5 line; the
	 * v4 line did the same in _rope_scaling_adjustment). Any other model
	 * keeps its yarn, and "su" stays unknown there, as in transformers. */
	if (strcmp(c->model_type, "phi3") == 0 &&
	    (strcmp(t, "su") == 0 || strcmp(t, "yarn") == 0))
		t = "longrope";
	for (int i = 0; i < ROPE_LEARNED; i++)
		if (strcmp(t, kinds[i]) == 0) {
			m->kind = (enum rope_kind)i;
			return 0;
		}
	snprintf(k->err, k->n,
		 tr(k->l, "%s: %s \"%s\" is not one pescope knows (%s)"),
		 k->name, "rope_type", t,
		 "default, linear, dynamic, yarn, longrope, llama3");
	return 65;
}

/* The head's width and how much of it turns: m->rotary, m->unrotated. */
static int widths(const struct check *k, const struct hf_config *c,
		  struct rope_model *m)
{
	double head = c->head_dim, rot;
	int err;

	if (given(c->qk_rope_head_dim)) {
		/* MLA: DeepseekV3Config's head_dim is qk_rope_head_dim */
		err = whole(k, "qk_rope_head_dim", c->qk_rope_head_dim, 2,
			    PE_D_MAX);
		if (!err && given(c->qk_nope_head_dim))
			err = whole(k, "qk_nope_head_dim", c->qk_nope_head_dim,
				    0, PE_D_MAX);
		rot = c->qk_rope_head_dim;
		m->unrotated = given(c->qk_nope_head_dim)
				       ? (int)c->qk_nope_head_dim : 0;
	} else {
		if (!given(head)) {
			if (!given(c->hidden_size) ||
			    !given(c->num_attention_heads)) {
				snprintf(k->err, k->n,
					 tr(k->l, "%s: no head width: it needs "
						  "%s, or %s and %s"),
					 k->name, "head_dim", "hidden_size",
					 "num_attention_heads");
				return 65;
			}
			err = whole(k, "hidden_size", c->hidden_size, 1,
				    1e9);
			err = err ? err : whole(k, "num_attention_heads",
						c->num_attention_heads, 1,
						c->hidden_size);
			if (err)
				return err;
			/* hidden_size // num_attention_heads */
			head = floor(c->hidden_size / c->num_attention_heads);
		}
		err = whole(k, "head_dim", head, 2, PE_D_MAX);
		if (!err && fmod(head, 2.0) != 0.0) {
			snprintf(k->err, k->n,
				 tr(k->l, "%s: the head width %.17g is odd; "
					  "RoPE turns pairs of dims"),
				 k->name, head);
			err = 65;
		}
		if (err)
			return err;
		rot = head;
		if (given(c->rotary_dim)) {
			err = whole(k, "rotary_dim", c->rotary_dim, 2, head);
			rot = c->rotary_dim;
		} else if (given(c->partial_rotary_factor)) {
			double f = c->partial_rotary_factor;

			if (!(f > 0.0 && f <= 1.0)) {
				snprintf(k->err, k->n,
					 tr(k->l, "%s: %s is %.17g; it must "
						  "be above 0 and at most 1"),
					 k->name, "partial_rotary_factor", f);
				return 65;
			}
			/* int(head_dim * partial_rotary_factor) */
			rot = floor(head * f);
		}
		m->unrotated = (int)(head - rot);
	}
	if (!err && (fmod(rot, 2.0) != 0.0 || rot < 2.0)) {
		snprintf(k->err, k->n,
			 tr(k->l, "%s: the rotated width %.17g is odd or 0; "
				  "RoPE turns pairs of dims"),
			 k->name, rot);
		err = 65;
	}
	m->rotary = m->width = err ? 0 : (int)rot;
	return err;
}

/* rope_theta into m->base. */
static int base_of(const struct check *k, const struct hf_config *c,
		   struct rope_model *m)
{
	m->base = given(c->rope_theta) ? c->rope_theta : 10000.0;
	if (m->base > 1.0 && m->base <= PE_BASE_MAX)
		return 0;
	snprintf(k->err, k->n,
		 tr(k->l, "%s: %s is %.17g; it must be above 1 and at most %g"),
		 k->name, "rope_theta", m->base, PE_BASE_MAX);
	return 65;
}

/* max_position_embeddings (else n_positions) and the trained length. */
static int lengths(const struct check *k, const struct hf_config *c,
		   struct rope_model *m)
{
	double top = c->original_max_position_embeddings;
	int err = 0;

	m->max_pos = given(c->max_position_embeddings)
			     ? c->max_position_embeddings : c->n_positions;
	if (given(m->max_pos))
		err = whole(k, "max_position_embeddings", m->max_pos, 1,
			    (double)PE_LEN_MAX);
	if (!err && given(top))
		err = whole(k, "original_max_position_embeddings", top, 1,
			    (double)PE_LEN_MAX);
	if (!err && given(c->scale_original))
		err = whole(k, "original_max_position_embeddings",
			    c->scale_original, 1, (double)PE_LEN_MAX);
	m->trained = given(c->scale_original) ? c->scale_original
		     : given(top)		  ? top
		     : given(m->max_pos)	  ? m->max_pos
						  : 0.0;
	if (!given(m->max_pos))
		m->max_pos = 0.0;
	return err;
}

/* A list of factors: one per pair, each above 0. */
static int factors(const struct check *k, const char *field,
		   const double *v, int count, int pairs)
{
	if (!v)
		return missing(k, field, "longrope");
	if (count != pairs) {
		snprintf(k->err, k->n,
			 tr(k->l, "%s: %s has %d numbers; it needs %d, one per "
				  "pair of the %d rotated dims"),
			 k->name, field, count, pairs, 2 * pairs);
		return 65;
	}
	/* bounded so that every frequency stays a finite positive number */
	for (int i = 0; i < count; i++)
		if (!(v[i] >= FACTOR_MIN && v[i] <= FACTOR_MAX)) {
			snprintf(k->err, k->n,
				 tr(k->l, "%s: %s[%d] is %.17g; it must be "
					  "from %g to %g"),
				 k->name, field, i, v[i], FACTOR_MIN,
				 FACTOR_MAX);
			return 65;
		}
	return 0;
}

/* _compute_yarn_parameters' factor, ramp ends and attention factor
 * (transformers v5, see rope_model.h). */
static int yarn(const struct check *k, const struct hf_config *c,
		struct rope_model *m)
{
	int err = m->max_pos > 0.0 ? 0
		  : missing(k, "max_position_embeddings", "yarn");

	if (!err && given(c->scale_original)) {
		/* v5: "factor = max_position_embeddings /
		 * original_max_position_embeddings" when the scaling gives
		 * an original length (v4.45 kept factor as given) */
		m->trained = c->scale_original;
		m->factor = m->max_pos / c->scale_original;
		err = at_least(k, "max_position_embeddings / "
				  "original_max_position_embeddings",
			       m->factor, 1.0);
	} else if (!err) {
		m->trained = m->max_pos;
	}
	/* `rope_scaling.get("beta_fast") or 32`: 0 counts as not given */
	m->beta_fast = given(c->beta_fast) && c->beta_fast != 0.0
			       ? c->beta_fast : 32.0;
	m->beta_slow = given(c->beta_slow) && c->beta_slow != 0.0
			       ? c->beta_slow : 1.0;
	err = err ? err : at_least(k, "beta_fast", m->beta_fast, FACTOR_MIN);
	err = err ? err : at_least(k, "beta_slow", m->beta_slow, FACTOR_MIN);
	m->truncate = c->truncate != 0;
	m->attention_given = given(c->attention_factor);
	m->attention = m->attention_given ? c->attention_factor : 1.0;
	if (given(c->mscale) && c->mscale != 0.0 &&
	    given(c->mscale_all_dim) && c->mscale_all_dim != 0.0) {
		m->mscale = c->mscale;
		m->mscale_all_dim = c->mscale_all_dim;
	}
	m->attention = rope_model_yarn_attention(m, m->factor);
	return err;
}

/* _compute_longrope_parameters (transformers v5). */
static int longrope(const struct check *k, const struct hf_config *c,
		    struct rope_model *m)
{
	double top = c->original_max_position_embeddings;
	int err = m->max_pos > 0.0 ? 0
		  : missing(k, "max_position_embeddings", "longrope");

	err = err ? err : factors(k, "short_factor", c->short_factor,
				  c->n_short, m->rotary / 2);
	err = err ? err : factors(k, "long_factor", c->long_factor, c->n_long,
				  m->rotary / 2);
	if (err)
		return err;
	/* Phi-3: the top level's original length, and the factor from
	 * the ratio of lengths; else max_position_embeddings and the
	 * factor given */
	if (given(top) && top != 0.0) {
		m->trained = top;
		m->factor = m->max_pos / top;
	} else {
		m->trained = m->max_pos;
		if (!given(c->factor))
			return missing(k, "factor", "longrope");
		m->factor = c->factor;
	}
	m->short_factor = c->short_factor;
	m->long_factor = c->long_factor;
	m->attention_given = given(c->attention_factor);
	if (m->attention_given)
		m->attention = c->attention_factor;
	else
		m->attention = longrope_attention(m->factor, m->trained);
	return 0;
}

/* _compute_llama3_parameters: all four numbers are required. */
static int llama3(const struct check *k, const struct hf_config *c,
		  struct rope_model *m)
{
	int err = 0;

	if (!given(c->low_freq_factor))
		return missing(k, "low_freq_factor", "llama3");
	if (!given(c->high_freq_factor))
		return missing(k, "high_freq_factor", "llama3");
	if (!given(c->scale_original))
		return missing(k, "original_max_position_embeddings",
			       "llama3");
	m->low_freq = c->low_freq_factor;
	m->high_freq = c->high_freq_factor;
	m->trained = c->scale_original;
	err = at_least(k, "low_freq_factor", m->low_freq, FACTOR_MIN);
	if (!err && !(m->high_freq > m->low_freq && isfinite(m->high_freq))) {
		snprintf(k->err, k->n,
			 tr(k->l, "%s: %s is %.17g; it must be above %s "
				  "(%.17g)"),
			 k->name, "high_freq_factor", m->high_freq,
			 "low_freq_factor", m->low_freq);
		err = 65;
	}
	return err;
}

/* The scaling's own numbers. */
static int scaling(const struct check *k, const struct hf_config *c,
		   struct rope_model *m)
{
	const char *who = model_config_kind_name(m->kind);
	int err = 0;

	m->factor = 1.0;
	m->attention = 1.0;
	if (m->kind == ROPE_DEFAULT || m->kind == ROPE_LEARNED)
		return 0;
	if (m->kind != ROPE_LONGROPE) {
		if (!given(c->factor))
			return missing(k, "factor", who);
		m->factor = c->factor;
		err = at_least(k, "factor", m->factor, 1.0);
	}
	if (!err && m->kind == ROPE_DYNAMIC && !(m->max_pos > 0.0))
		err = missing(k, "max_position_embeddings", who);
	if (!err && m->kind == ROPE_YARN)
		err = yarn(k, c, m);
	if (!err && m->kind == ROPE_LONGROPE)
		err = longrope(k, c, m);
	if (!err && m->kind == ROPE_LLAMA3)
		err = llama3(k, c, m);
	return err;
}

/* A learned table: its width and its length. */
static int learned(const struct check *k, const struct hf_config *c,
		   struct rope_model *m)
{
	int err;

	if (!given(c->hidden_size))
		return missing(k, "hidden_size", "learned");
	err = whole(k, "hidden_size", c->hidden_size, PE_D_MIN, PE_D_MAX);
	if (!err && fmod(c->hidden_size, 2.0) != 0.0) {
		snprintf(k->err, k->n,
			 tr(k->l, "%s: %s %.17g is odd; pescope draws even "
				  "widths"),
			 k->name, "hidden_size", c->hidden_size);
		err = 65;
	}
	m->width = err ? 0 : (int)c->hidden_size;
	m->base = 10000.0;
	return err;
}

int model_config_interpret(const struct hf_config *c, const char *name,
			   struct rope_model *m, enum lang l, char *err,
			   size_t n)
{
	const struct check k = { name, l, err, n };
	int rc;

	*m = (struct rope_model){ 0 };
	rc = kind_of(&k, c, m);
	if (!rc && m->kind == ROPE_LEARNED)
		rc = learned(&k, c, m);
	else if (!rc)
		rc = widths(&k, c, m);
	rc = rc ? rc : m->kind == ROPE_LEARNED ? 0 : base_of(&k, c, m);
	rc = rc ? rc : lengths(&k, c, m);
	rc = rc ? rc : scaling(&k, c, m);
	return rc;
}
