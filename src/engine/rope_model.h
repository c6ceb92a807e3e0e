/* rope_model.h - the position encoding of a shipped model: what its
 * config.json says (struct hf_config, filled by io/config_json.c and
 * interpreted by model/model_config.c) and the frequencies its code turns
 * its pairs at (struct rope_model, rope_model_omega).
 *
 * The frequencies follow Hugging Face transformers'
 * src/transformers/modeling_rope_utils.py as of its v5 development line
 * (the rope_parameters form, read at commit 89539b0 of a mirror of main,
 * late 2025): _compute_default_rope_parameters, _compute_linear_scaling_
 * rope_parameters, _compute_dynamic_ntk_parameters, _compute_yarn_
 * parameters (with get_mscale and the truncate flag),
 * _compute_longrope_parameters and _compute_llama3_parameters. Where the
 * v4.45 file (upstream commit 0044e3b) differs, rope_model.c says how and
 * why the newer one is followed. transformers computes in float32; these
 * are its formulas in double (tests/e2e/rope_ref.py ports them to NumPy).
 *
 * Pure C11 and libm: no I/O, no globals. */
#ifndef ROPE_MODEL_H
#define ROPE_MODEL_H

#include <stdbool.h>

#include "engine/pe.h"

/* The longest list short_factor / long_factor may be: one per pair of the
 * widest rotated width. */
#define ROPE_FACTORS_MAX (PE_D_MAX / 2)

/* The fields of a config.json that decide the encoding, as the file gives
 * them: a number is NaN and a flag false where the file leaves it out.
 * rope_scaling and rope_parameters (the newer name) both fill scale_*. */
struct hf_config {
	double hidden_size, num_attention_heads, head_dim;
	double partial_rotary_factor;	/* or GPT-NeoX's rotary_pct */
	double rotary_dim;		/* GPT-J */
	double qk_rope_head_dim, qk_nope_head_dim;	/* MLA (DeepSeek) */
	double rope_theta;		/* or rotary_emb_base; or in
					 * rope_parameters */
	double max_position_embeddings;
	double original_max_position_embeddings;	/* top level */
	double n_positions;		/* GPT-2's learned table */
	bool absolute;			/* position_embedding_type "absolute"
					 * (BERT): a learned table */
	bool has_scaling;		/* rope_scaling / rope_parameters is an
					 * object */
	char model_type[32];		/* its model_type; "" none */
	char rope_type[32];		/* its rope_type (or type); "" none */
	double factor, beta_fast, beta_slow, mscale, mscale_all_dim;
	double attention_factor, low_freq_factor, high_freq_factor;
	double scale_original;		/* original_max_position_embeddings
					 * inside the scaling object */
	int truncate;			/* -1 not given, 0 false, 1 true */
	int n_short, n_long;		/* lengths of the lists below */
	double *short_factor, *long_factor;	/* owned (hf_config_free) */
};

/* Sets every field to "not given". */
void hf_config_init(struct hf_config *c);

/* Turns a config written as a C initializer, where 0 stands for a field
 * the file leaves out (model/presets.c), into the form above: each number
 * 0 becomes NaN, truncate 0 becomes -1 (not given). No shipped config
 * writes 0 for a field pescope reads, nor truncate false. */
void hf_config_zero_is_absent(struct hf_config *c);

/* Frees the lists and sets them to NULL. */
void hf_config_free(struct hf_config *c);

/* How a model turns its pairs. ROPE_LEARNED: no rotation at all, a table
 * of learned vectors (GPT-2, BERT). */
enum rope_kind {
	ROPE_DEFAULT,
	ROPE_LINEAR,
	ROPE_DYNAMIC,
	ROPE_YARN,
	ROPE_LONGROPE,
	ROPE_LLAMA3,
	ROPE_LEARNED
};

/* The encoding of one model, every value checked (model_config.c). */
struct rope_model {
	enum rope_kind kind;
	int rotary;		/* rotated width, even, 2 .. PE_D_MAX (0 for
				 * ROPE_LEARNED) */
	int width;		/* the width pescope draws: rotary, or a
				 * learned table's (hidden size), even */
	int unrotated;		/* dims of the head left unturned: MLA's
				 * qk_nope_head_dim, or what a partial
				 * rotary factor leaves */
	double base;		/* rope_theta, > 1 and <= PE_BASE_MAX */
	double factor;		/* linear, dynamic, yarn and llama3: as given
				 * (yarn with an original length: the ratio
				 * of lengths); longrope: the ratio of
				 * lengths */
	double max_pos;		/* max_position_embeddings */
	double trained;		/* trained length L0: the original length
				 * where one is given, else max_pos; 0 when
				 * the config gives no length */
	double beta_fast, beta_slow;	/* yarn, 32 and 1 when not given */
	bool truncate;		/* yarn: round the ramp's ends */
	double low_freq, high_freq;	/* llama3 */
	double attention;	/* the factor cos and sin are multiplied by
				 * (yarn, longrope), 1 otherwise */
	bool attention_given;	/* the config's attention_factor: the same
				 * at any factor */
	double mscale, mscale_all_dim;	/* yarn: both given and nonzero,
				 * else 0 (rope_model_yarn_attention) */
	const double *short_factor, *long_factor;	/* longrope: rotary/2
				 * each, borrowed from the hf_config */
};

/* omega of pair 0 <= pair < rotary/2 for a sequence of len positions:
 * what the model's code turns pair i at. dynamic and longrope depend on
 * len as the forward pass makes them (the sequence's length); the others
 * ignore it. */
double rope_model_omega(const struct rope_model *m, double len, int pair);

/* YaRN's attention factor for m's settings at factor s, as
 * _compute_yarn_parameters takes it (v5): the config's attention_factor;
 * else get_mscale(s, mscale) / get_mscale(s, mscale_all_dim) where both
 * are given and nonzero (DeepSeek-V3: 1 at any s); else get_mscale(s). */
double rope_model_yarn_attention(const struct rope_model *m, double s);

#endif
