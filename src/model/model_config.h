/* model_config.h - what a config.json's fields (struct hf_config, read by
 * io/config_json.c) mean for the position encoding, as Hugging Face
 * transformers reads them (the version engine/rope_model.h names):
 *
 *   rotated width  qk_rope_head_dim (MLA: DeepSeek; qk_nope_head_dim the
 *                  dims left unturned), else GPT-J's rotary_dim, else the
 *                  head width (head_dim, else hidden_size //
 *                  num_attention_heads) times partial_rotary_factor (or
 *                  GPT-NeoX's rotary_pct), truncated to a whole number;
 *   base           rope_theta (or rotary_emb_base, or rope_theta inside
 *                  rope_parameters), default 10000;
 *   scaling        rope_type (or type) of rope_scaling / rope_parameters:
 *                  default (and Qwen2-VL's mrope, which transformers runs
 *                  as default), linear, dynamic, yarn, longrope, llama3;
 *   trained length original_max_position_embeddings (of the scaling, else
 *                  of the top level), else max_position_embeddings (else
 *                  n_positions); yarn and longrope take theirs where
 *                  transformers does;
 *   learned        GPT-2 (n_positions and no rotary field) and BERT
 *                  (position_embedding_type "absolute"): a learned table,
 *                  no rotation: kind ROPE_LEARNED, rotary 0, width the
 *                  hidden size.
 *
 * Every value pescope uses is checked; what it does not use is ignored. */
#ifndef MODEL_CONFIG_H
#define MODEL_CONFIG_H

#include <stddef.h>

#include "engine/rope_model.h"
#include "base/lang.h"

/* Interprets c (of the file called name) into *m, whose longrope lists
 * point into c. Returns 0, or 65 with one line in err (size n, language
 * l) naming the file and the field: an unknown rope_type, a missing field
 * its scaling needs, a value out of range. */
int model_config_interpret(const struct hf_config *c, const char *name,
			   struct rope_model *m, enum lang l, char *err,
			   size_t n);

#endif
