/* presets.c - the table of models (see presets.h).
 *
 * The hand-made rows come first, as before the shipped models came, and
 * cite the papers they take their numbers from. d_model of a head row is
 * the width RoPE rotates: hidden size / attention heads. train_len is the
 * context length of pretraining, or of the long-context stage that set
 * the base.
 *
 * A shipped model's row is the fields of its config.json that pescope
 * reads, written as the file writes them (0 stands for a field the file
 * leaves out: hf_config_zero_is_absent). Hugging Face is not reachable
 * from where the table was made; each comment names the copy of the
 * config that was read, and tests/fixtures/models/README.md says how each
 * copy was checked against the published file. */
#include "model/presets.h"

#include <stdio.h>
#include <string.h>

#include "model/model_config.h"
#include "base/tr.h"

/* Girafboy/pytorchKQI, example/evaluate.py at commit e247a89 (2025):
 * the published configs of several models quoted whole as Python dicts
 * (True/False/None for true/false/null). Called KQI below. */

static struct preset table[] = {
	/* Vaswani et al. 2017, "Attention Is All You Need", §3.5: d_model
	 * 512, PE(pos, 2i) = sin(pos / 10000^(2i/d_model)). §5.1 batches
	 * sentence pairs by length (about 25000 tokens a batch) and fixes no
	 * maximum length; the code released with it, tensor2tensor's
	 * transformer_base_v1, caps examples at max_length = 256. */
	{ .name = "transformer",
	  .what = N_("Transformer (2017): d 512, base 10000, no fixed length (L0: t2t's 256)"),
	  .source = "Vaswani et al. 2017, section 3.5",
	  .d_model = 512, .base = 1e4, .train_len = 256 },
	/* Touvron et al. 2023, "Llama 2", Table 1 and §A.2.1: context
	 * length 4k (LLaMA 1: 2k, 2048 tokens); RoPE with base 10000 as in
	 * LLaMA 1 (Touvron et al. 2023a, §2.2). */
	{ .name = "head-1e4",
	  .what = N_("128-wide head, base 10000: LLaMA 2, trained at 4096 (LLaMA 1: 2048)"),
	  .source = "Touvron et al. 2023, Table 1",
	  .d_model = 128, .base = 1e4, .train_len = 4096 },
	/* Dubey et al. 2024, "The Llama 3 Herd of Models", §3.2.1: "RoPE
	 * base frequency hyperparameter to 500,000"; context 8k (the row
	 * llama-3-8b below has its config). */
	{ .name = "head-5e5",
	  .what = N_("128-wide head, base 500000: LLaMA 3, trained at 8192"),
	  .source = "Dubey et al. 2024, section 3.2.1",
	  .d_model = 128, .base = 5e5, .train_len = 8192 },
	/* Rozière et al. 2023, "Code Llama", §2.4: long-context fine-tuning
	 * on sequences of 16,384 tokens with the base raised from 10,000 to
	 * 1,000,000. Yang et al. 2024, "Qwen2 Technical Report", §3.2: the
	 * same base, with the context raised from 4,096 to 32,768 tokens
	 * at the end of pretraining. */
	{ .name = "head-1e6",
	  .what = N_("128-wide head, base 1000000: Code Llama at 16384 (Qwen2: 32768)"),
	  .source = "Roziere et al. 2023, section 2.4",
	  .d_model = 128, .base = 1e6, .train_len = 16384 },

	/* openai-community/gpt2 config.json: KQI's gpt2. "n_embd": 768,
	 * "n_head": 12, "n_positions": 1024, no rotary field: a learned
	 * table. */
	{ "gpt2", N_("GPT-2 (2019): a learned table, 1024 positions x 768"),
	  "openai-community/gpt2", 0, 0, 0, true,
	  { .hidden_size = 768, .num_attention_heads = 12, .n_positions = 1024,
	    .model_type = "gpt2" } },
	/* google-bert/bert-base-uncased config.json: KQI's
	 * bert_base_uncased. "hidden_size": 768, "num_attention_heads": 12,
	 * "max_position_embeddings": 512, "position_embedding_type":
	 * "absolute". */
	{ "bert-base", N_("BERT-base (2018): a learned table, 512 positions x 768"),
	  "google-bert/bert-base-uncased", 0, 0, 0, true,
	  { .hidden_size = 768, .num_attention_heads = 12,
	    .max_position_embeddings = 512, .absolute = true,
	    .model_type = "bert" } },
	/* meta-llama/Llama-2-7b-hf config.json: KQI's Llama_2_7b_hf.
	 * "hidden_size": 4096, "num_attention_heads": 32,
	 * "max_position_embeddings": 4096, "rope_scaling": null, no
	 * rope_theta (transformers' default, 10000). */
	{ "llama-2-7b", N_("Llama 2 7B: 128 dims turn, base 10000, trained at 4096"),
	  "meta-llama/Llama-2-7b-hf", 0, 0, 0, true,
	  { .hidden_size = 4096, .num_attention_heads = 32,
	    .max_position_embeddings = 4096, .model_type = "llama" } },
	/* meta-llama/Meta-Llama-3-8B config.json: KQI's Meta_Llama_3_8B.
	 * "hidden_size": 4096, "num_attention_heads": 32,
	 * "max_position_embeddings": 8192, "rope_scaling": null,
	 * "rope_theta": 500000.0. */
	{ "llama-3-8b", N_("Llama 3 8B: 128 dims turn, base 500000, trained at 8192"),
	  "meta-llama/Meta-Llama-3-8B", 0, 0, 0, true,
	  { .hidden_size = 4096, .num_attention_heads = 32,
	    .max_position_embeddings = 8192, .rope_theta = 500000.0,
	    .model_type = "llama" } },
	/* meta-llama/Llama-3.1-8B config.json, as copied whole to
	 * huggingface.co/mlx-community/Meta-Llama-3.1-8B-bf16 (refs/pr/1,
	 * 901 bytes, "transformers_version": "4.43.0.dev0"). "hidden_size":
	 * 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
	 * "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0,
	 * "low_freq_factor": 1.0, "high_freq_factor": 4.0,
	 * "original_max_position_embeddings": 8192, "rope_type": "llama3"}. */
	{ "llama-3.1-8b",
	  N_("Llama 3.1 8B: base 500000, llama3 scaling x8 past 8192"),
	  "meta-llama/Llama-3.1-8B", 0, 0, 0, true,
	  { .hidden_size = 4096, .num_attention_heads = 32,
	    .max_position_embeddings = 131072, .rope_theta = 500000.0,
	    .has_scaling = true, .rope_type = "llama3", .factor = 8.0,
	    .low_freq_factor = 1.0, .high_freq_factor = 4.0,
	    .scale_original = 8192, .model_type = "llama" } },
	/* mistralai/Mistral-7B-v0.1 config.json, as saved again by
	 * transformers 4.34.0 in huggingface.co/dmayboroda/42_mistral_0.1
	 * ("_name_or_path": "mistralai/Mistral-7B-v0.1", 613 bytes).
	 * "hidden_size": 4096, "num_attention_heads": 32,
	 * "max_position_embeddings": 32768, "rope_theta": 10000.0. */
	{ "mistral-7b", N_("Mistral 7B: 128 dims turn, base 10000, 32768 positions"),
	  "mistralai/Mistral-7B-v0.1", 0, 0, 0, true,
	  { .hidden_size = 4096, .num_attention_heads = 32,
	    .max_position_embeddings = 32768, .rope_theta = 10000.0,
	    .model_type = "mistral" } },
	/* Qwen/Qwen2.5-7B config.json: KQI's Qwen2_5_7B. "hidden_size":
	 * 3584, "num_attention_heads": 28, "max_position_embeddings": 131072,
	 * "rope_theta": 1000000.0, no rope_scaling. */
	{ "qwen2.5-7b", N_("Qwen2.5 7B: 128 dims turn, base 1000000, 131072 positions"),
	  "Qwen/Qwen2.5-7B", 0, 0, 0, true,
	  { .hidden_size = 3584, .num_attention_heads = 28,
	    .max_position_embeddings = 131072, .rope_theta = 1000000.0,
	    .model_type = "qwen2" } },
	/* Qwen/Qwen2-VL-7B-Instruct config.json (snapshot a7a06a1), as
	 * saved again by transformers 4.47.0 in
	 * huggingface.co/pbarker/Qwen2-VL-7B-sk-googleflights-full-750-47ep
	 * (1,223 bytes). "hidden_size": 3584, "num_attention_heads": 28,
	 * "max_position_embeddings": 32768, "rope_theta": 1000000.0,
	 * "rope_scaling": {"mrope_section": [16, 24, 24], "rope_type":
	 * "default"}: M-RoPE, which one head's frequencies show as default
	 * RoPE. */
	{ "qwen2-vl-7b", N_("Qwen2-VL 7B: M-RoPE (16/24/24 pairs), base 1000000"),
	  "Qwen/Qwen2-VL-7B-Instruct", 0, 0, 0, true,
	  { .hidden_size = 3584, .num_attention_heads = 28,
	    .max_position_embeddings = 32768, .rope_theta = 1000000.0,
	    .has_scaling = true, .rope_type = "default",
	    .model_type = "qwen2_vl" } },
	/* deepseek-ai/DeepSeek-V3 config.json, as copied in
	 * huggingface.co/theblackcat102/whale-v3-base-merged (raw at
	 * a2aebb2; its expert fields differ, not the attention's).
	 * "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "rope_theta":
	 * 10000, "max_position_embeddings": 163840, "rope_scaling":
	 * {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0,
	 * "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096,
	 * "type": "yarn"}. */
	{ "deepseek-v3",
	  N_("DeepSeek-V3: MLA, 64 of 192 dims turn, YaRN x40 from 4096"),
	  "deepseek-ai/DeepSeek-V3", 0, 0, 0, true,
	  { .hidden_size = 7168, .num_attention_heads = 128,
	    .qk_rope_head_dim = 64, .qk_nope_head_dim = 128,
	    .rope_theta = 10000, .max_position_embeddings = 163840,
	    .has_scaling = true, .rope_type = "yarn", .factor = 40,
	    .beta_fast = 32, .beta_slow = 1, .mscale = 1.0,
	    .mscale_all_dim = 1.0, .scale_original = 4096,
	    .model_type = "deepseek_v3" } },
	/* EleutherAI/gpt-neox-20b config.json, as saved again by
	 * transformers 4.27.0.dev0 in huggingface.co/edbeeching/
	 * gpt-neox-20b-imdb-lora-lr5e-5-adapter-merged (692 bytes).
	 * "hidden_size": 6144, "num_attention_heads": 64, "rotary_pct":
	 * 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048. */
	{ "gpt-neox-20b",
	  N_("GPT-NeoX-20B: 24 of 96 dims turn (25 %), base 10000"),
	  "EleutherAI/gpt-neox-20b", 0, 0, 0, true,
	  { .hidden_size = 6144, .num_attention_heads = 64,
	    .partial_rotary_factor = 0.25, .rope_theta = 10000,
	    .max_position_embeddings = 2048, .model_type = "gpt_neox" } },
	/* EleutherAI/gpt-j-6b config.json, as copied in
	 * huggingface.co/hivemind/gpt-j-6B-8bit (blame at 42c6b2b, 1,000
	 * bytes, "_name_or_path": "EleutherAI/gpt-j-6B"). "n_embd": 4096,
	 * "n_head": 16, "rotary_dim": 64, "n_positions": 2048, no rope_theta
	 * (10000). */
	{ "gpt-j-6b", N_("GPT-J 6B: 64 of 256 dims turn, base 10000, 2048 positions"),
	  "EleutherAI/gpt-j-6b", 0, 0, 0, true,
	  { .hidden_size = 4096, .num_attention_heads = 16, .rotary_dim = 64,
	    .n_positions = 2048, .model_type = "gptj" } },
	/* google/gemma-2-2b config.json: KQI's gemma_2_2b. "head_dim": 256,
	 * "hidden_size": 2304, "num_attention_heads": 8,
	 * "max_position_embeddings": 8192, "rope_theta": 10000.0. */
	{ "gemma-2-2b", N_("Gemma 2 2B: 256-wide heads, base 10000, 8192 positions"),
	  "google/gemma-2-2b", 0, 0, 0, true,
	  { .head_dim = 256, .hidden_size = 2304, .num_attention_heads = 8,
	    .max_position_embeddings = 8192, .rope_theta = 10000.0,
	    .model_type = "gemma2" } },
};

enum { ROWS = (int)(sizeof table / sizeof table[0]) };

static struct rope_model ropes[ROWS];

/* Reads row i's config as --model FILE reads a file and fills its
 * d_model, base and trained length from what it means; a row that does
 * not read is no longer shipped (tests/unit/test_presets.c says which). */
static void read_row(int i)
{
	struct preset *p = &table[i];
	char err[256];

	if (model_config_interpret(&p->cfg, p->name, &ropes[i], LANG_EN, err,
				   sizeof err) != 0) {
		p->shipped = false;
		return;
	}
	p->d_model = ropes[i].width;
	p->base = ropes[i].base;
	p->train_len = (long long)ropes[i].trained;
}

/* Reads every shipped row's config once. */
static void presets_ready(void)
{
	static bool ready;

	if (ready)
		return;
	ready = true;
	for (int i = 0; i < ROWS; i++)
		if (table[i].shipped) {
			hf_config_zero_is_absent(&table[i].cfg);
			read_row(i);
		}
}

void presets_replace(int i, const struct hf_config *cfg)
{
	presets_ready();
	if (i < 0 || i >= ROWS)
		return;
	table[i].cfg = *cfg;
	table[i].shipped = true;
	read_row(i);
}

const struct preset *presets_table(int *count)
{
	presets_ready();
	*count = ROWS;
	return table;
}

const struct rope_model *presets_rope(int i)
{
	presets_ready();
	return i >= 0 && i < ROWS && table[i].shipped ? &ropes[i] : NULL;
}

bool presets_word_is_file(const char *word)
{
	size_t len = strlen(word);

	return strchr(word, '/') ||
	       (len > 5 && strcmp(word + len - 5, ".json") == 0);
}

int presets_find(const char *name)
{
	presets_ready();
	for (int i = 0; i < ROWS; i++)
		if (strcmp(table[i].name, name) == 0)
			return i;
	return -1;
}
