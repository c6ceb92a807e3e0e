/* rope_model.c - the frequencies of a shipped model's encoding (see
 * rope_model.h). Each formula names the transformers function it follows;
 * "v5" is the v5 development line of modeling_rope_utils.py that
 * rope_model.h names, "v4.45" the older file (upstream commit 0044e3b). */
#include "engine/rope_model.h"

#include <math.h>
#include <stdlib.h>

#include "engine/pe_variants.h"

/* The number fields of struct hf_config: "not given" is NaN in each. */
#define HF_CONFIG_NUMBERS(X)                                                 \
	X(hidden_size) X(num_attention_heads) X(head_dim)                    \
	X(partial_rotary_factor) X(rotary_dim) X(qk_rope_head_dim)           \
	X(qk_nope_head_dim) X(rope_theta) X(max_position_embeddings)         \
	X(original_max_position_embeddings) X(n_positions) X(factor)         \
	X(beta_fast) X(beta_slow) X(mscale) X(mscale_all_dim)                \
	X(attention_factor) X(low_freq_factor) X(high_freq_factor)           \
	X(scale_original)

void hf_config_init(struct hf_config *c)
{
	*c = (struct hf_config){ 0 };
#define NOT_GIVEN(f) c->f = NAN;
	HF_CONFIG_NUMBERS(NOT_GIVEN)
#undef NOT_GIVEN
	c->truncate = -1;
}

void hf_config_zero_is_absent(struct hf_config *c)
{
#define ZERO_NOT_GIVEN(f) if (c->f == 0.0) c->f = NAN;
	HF_CONFIG_NUMBERS(ZERO_NOT_GIVEN)
#undef ZERO_NOT_GIVEN
	if (c->truncate == 0)
		c->truncate = -1;
}

void hf_config_free(struct hf_config *c)
{
	free(c->short_factor);
	free(c->long_factor);
	c->short_factor = c->long_factor = NULL;
	c->n_short = c->n_long = 0;
}

/* The unscaled encoding of m: d = rotary, its base. */
static struct pe_params rope_model_params(const struct rope_model *m)
{
	return (struct pe_params){ m->rotary, m->base, PE_INTERLEAVED };
}

double rope_model_omega(const struct rope_model *m, double len, int pair)
{
	struct pe_params p = rope_model_params(m);

	switch (m->kind) {
	case ROPE_LINEAR:
		/* _compute_linear_scaling_rope_parameters (v5 = v4.45):
		 * the default inv_freq divided by factor */
		return pe_scaled_omega(&p, PE_SCALE_PI, m->factor, pair);
	case ROPE_DYNAMIC:
		/* _compute_dynamic_ntk_parameters (v5 = v4.45): seq_len =
		 * max(len, max_position_embeddings), base' = base ((factor
		 * seq_len / max_pos) - (factor - 1))^(dim / (dim - 2)); the
		 * forward pass (dynamic_rope_update) calls it with the
		 * sequence's length, so len here is -n */
		return pe_dynamic_ntk_omega(&p, m->factor, len, m->max_pos,
					    pair);
	case ROPE_YARN: {
		/* _compute_yarn_parameters, v5: the ramp between
		 * find_correction_range(beta_fast, beta_slow) over the
		 * original length (v4.45: over max_position_embeddings,
		 * which DeepSeek-V3 sets to 40 times its trained 4096;
		 * DeepSeek's own inference/model.py ramps over
		 * original_seq_len, as v5 does), ends rounded unless
		 * truncate is false (v5 only; gpt-oss sets it) */
		struct pe_yarn y = { m->factor, m->trained, m->beta_slow,
				     m->beta_fast, !m->truncate };

		return pe_yarn_code_omega(&p, &y, pair);
	}
	case ROPE_LONGROPE: {
		/* _compute_longrope_parameters, v5: inv_freq = 1 / (ext_i
		 * base^(2i/dim)), ext the long factors when seq_len >
		 * original_max_position_embeddings, else the short ones;
		 * the forward pass (longrope_frequency_update) switches on
		 * the sequence's length. v4.45 took the long factors
		 * whenever max_position_embeddings exceeded the original,
		 * at any length. */
		const double *ext = len > m->trained ? m->long_factor
						     : m->short_factor;

		return pe_scaled_omega(&p, PE_SCALE_NONE, 1.0, pair) /
		       ext[pair];
	}
	case ROPE_LLAMA3: {
		/* _compute_llama3_parameters (v5 = v4.45) */
		struct pe_llama3 l = { m->factor, m->trained, m->low_freq,
				       m->high_freq };

		return pe_llama3_omega(&p, &l, pair);
	}
	default:
		/* _compute_default_rope_parameters: 1 / base^(2i/dim) */
		return pe_scaled_omega(&p, PE_SCALE_NONE, 1.0, pair);
	}
}

double rope_model_yarn_attention(const struct rope_model *m, double s)
{
	if (m->attention_given)
		return m->attention;
	if (m->mscale != 0.0 && m->mscale_all_dim != 0.0)
		/* v5 (DeepSeek-V3's mscale, mscale_all_dim; v4.45 had
		 * neither): get_mscale(factor, mscale) / get_mscale(factor,
		 * mscale_all_dim) */
		return pe_yarn_mscale(s, m->mscale) /
		       pe_yarn_mscale(s, m->mscale_all_dim);
	return pe_yarn_mscale(s, 1.0);
}
