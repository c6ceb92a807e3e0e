/* mla.c - the KV cache of MHA, GQA and MLA, and Llama 4's iRoPE (see
 * mla.h). */
#include "engine/mla.h"

#include <math.h>

/* deepseek-ai/DeepSeek-V3 on GitHub, inference/configs/config_671B.json:
 * n_layers 61, n_heads 128, q_lora_rank 1536, kv_lora_rank 512,
 * qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128. MHA and GQA
 * of its shapes take d_h = v_head_dim = qk_nope_head_dim = 128, as
 * DeepSeek-V2's Table 1 takes d_h; kv_heads 8 is the GQA the view sets
 * beside it, not DeepSeek's. */
static const struct mla_config deepseek_v3 = {
	61, 128, 8, 128, 512, 1536, 128, 64
};

/* huggingface/transformers, src/transformers/models/llama4/
 * configuration_llama4.py, Llama4TextConfig's defaults (checkpoint
 * meta-llama/Llama-4-Scout-17B-16E): num_hidden_layers 48,
 * num_attention_heads 40, num_key_value_heads 8, head_dim 128. */
static const struct mla_config llama4_scout = {
	48, 40, 8, 128, 0, 0, 0, 0
};

const struct mla_config *mla_deepseek_v3(void)
{
	return &deepseek_v3;
}

const struct mla_config *mla_llama4_scout(void)
{
	return &llama4_scout;
}

long long mla_cache_elements(const struct mla_config *m, enum mla_cache k)
{
	long long l = m->layers;

	switch (k) {
	case MLA_CACHE_MHA:
		return 2LL * m->heads * m->head_dim * l;
	case MLA_CACHE_GQA:
		return 2LL * m->kv_heads * m->head_dim * l;
	default:
		return ((long long)m->kv_lora_rank + m->qk_rope_head_dim) * l;
	}
}

/* transformers' Llama4TextConfig.__post_init__: default_no_rope_layers =
 * [int((layer_idx + 1) % no_rope_layer_interval != 0) ...], 1 = RoPE. */
bool mla_irope_layer_rotates(int i, int interval)
{
	return (i + 1) % interval != 0;
}

/* transformers' Llama4TextAttention.forward (modeling_llama4.py): attn_scales
 * = log1p(floor((cache_position + 1.0) / floor_scale)) * attn_scale + 1.0,
 * on layers that do not use RoPE; Meta's llama-models writes
 * log(floor(...) + 1.0), the same number. */
double mla_irope_temperature(long long pos, int floor_scale,
			     double attn_scale)
{
	return log1p(floor(((double)pos + 1.0) / floor_scale)) * attn_scale +
	       1.0;
}
