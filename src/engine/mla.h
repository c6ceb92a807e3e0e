/* mla.h - two attention designs of 2024-25 that changed where RoPE goes,
 * as numbers: the KV cache a token costs under multi-head, grouped-query
 * and DeepSeek's multi-head latent attention (MLA), and Llama 4's iRoPE
 * (which layers turn q and k, and the temperature of the others).
 *
 * Pure C11 and libm, no I/O, no globals. The configurations are the
 * published ones, cited where they are defined (mla.c). */
#ifndef MLA_H
#define MLA_H

#include <stdbool.h>

/* The shapes of one model's attention that its KV cache depends on. */
struct mla_config {
	int layers;		/* decoder layers */
	int heads;		/* query heads */
	int kv_heads;		/* key/value heads (GQA's groups; = heads for
				 * MHA) */
	int head_dim;		/* d_h: the width of one head's key and
				 * value */
	int kv_lora_rank;	/* MLA's d_c, the latent c_kv (0: no MLA) */
	int q_lora_rank;	/* MLA's d_c', the latent c_q */
	int qk_nope_head_dim;	/* MLA: the dims of a head not turned */
	int qk_rope_head_dim;	/* MLA's d_h^R: the turned dims, one key
				 * shared by every head */
};

/* The two published configurations the mla view reads: DeepSeek-V3 (MLA)
 * and Llama 4 Scout (GQA). */
const struct mla_config *mla_deepseek_v3(void);
const struct mla_config *mla_llama4_scout(void);

/* The kinds of KV cache DeepSeek-V2's Table 1 compares. */
enum mla_cache {
	MLA_CACHE_MHA,		/* 2 n_h d_h l: a key and a value per head */
	MLA_CACHE_GQA,		/* 2 n_g d_h l: per group of heads */
	MLA_CACHE_MLA		/* (d_c + d_h^R) l: the latent and the one
				 * turned key */
};

/* The elements a token puts in the KV cache of model m under kind k,
 * over all its layers (DeepSeek-V2, §2.1 and Table 1). MHA counts
 * m->heads heads, GQA m->kv_heads groups, both of m->head_dim; MLA reads
 * kv_lora_rank and qk_rope_head_dim. */
long long mla_cache_elements(const struct mla_config *m, enum mla_cache k);

/* Llama 4's defaults (transformers' Llama4TextConfig): a NoPE layer every
 * MLA_NOPE_INTERVAL layers, chunks of attention of MLA_CHUNK tokens, and
 * the temperature's floor_scale and attn_scale. */
enum { MLA_NOPE_INTERVAL = 4, MLA_CHUNK = 8192, MLA_FLOOR_SCALE = 8192 };
#define MLA_ATTN_SCALE 0.1

/* Whether layer i (0-based) of Llama 4 turns q and k (RoPE, with chunked
 * attention) rather than none (NoPE, full causal attention): its config's
 * no_rope_layers[i] = int((i + 1) % no_rope_layer_interval != 0). */
bool mla_irope_layer_rotates(int i, int interval);

/* The factor Llama 4 multiplies a NoPE layer's query at 0-based position
 * pos by (attn_temperature_tuning):
 * log(floor((pos + 1) / floor_scale) + 1) * attn_scale + 1. */
double mla_irope_temperature(long long pos, int floor_scale,
			     double attn_scale);

#endif
