/* presets.c - the parameter presets (see presets.h).
 *
 * Each row cites where its numbers come from. d_model of a head preset is
 * the width RoPE rotates: hidden size / attention heads (4096 / 32 = 128
 * for LLaMA 7B, 3584 / 28 = 128 for Qwen2-7B). train_len is the context
 * length of pretraining, or of the long-context stage that set the base. */
#include "model/presets.h"

#include "base/tr.h"

#include <string.h>

static const struct preset table[] = {
	/* Vaswani et al. 2017, "Attention Is All You Need", §3.5: d_model
	 * 512, PE(pos, 2i) = sin(pos / 10000^(2i/d_model)). §5.1 batches
	 * sentence pairs by length (about 25000 tokens a batch) and fixes no
	 * maximum length; the code released with it, tensor2tensor's
	 * transformer_base_v1, caps examples at max_length = 256. */
	{ "transformer",
	  N_("Transformer (2017): d 512, base 10000, no fixed length (L0: t2t's 256)"),
	  512, 1e4, 256 },
	/* Touvron et al. 2023, "Llama 2", Table 1 and §A.2.1: context
	 * length 4k (LLaMA 1: 2k, 2048 tokens); RoPE with base 10000 as in
	 * LLaMA 1 (Touvron et al. 2023a, §2.2; rope_theta 10000.0 in the
	 * Hugging Face configs). */
	{ "head-1e4",
	  N_("128-wide head, base 10000: LLaMA 2, trained at 4096 (LLaMA 1: 2048)"),
	  128, 1e4, 4096 },
	/* Meta Llama 3 model card and config.json of Meta-Llama-3-8B:
	 * rope_theta 500000.0, max_position_embeddings 8192 (context length
	 * 8k); Dubey et al. 2024, "The Llama 3 Herd of Models", §3.2.1:
	 * "RoPE base frequency hyperparameter to 500,000". */
	{ "head-5e5",
	  N_("128-wide head, base 500000: LLaMA 3, trained at 8192"),
	  128, 5e5, 8192 },
	/* Rozière et al. 2023, "Code Llama", §2.4: long-context fine-tuning
	 * on sequences of 16,384 tokens with the base raised from 10,000 to
	 * 1,000,000. Yang et al. 2024, "Qwen2 Technical Report", §3.2: the
	 * same base, with the context raised from 4,096 to 32,768 tokens
	 * at the end of pretraining. */
	{ "head-1e6",
	  N_("128-wide head, base 1000000: Code Llama at 16384 (Qwen2: 32768)"),
	  128, 1e6, 16384 },
};

const struct preset *presets_table(int *count)
{
	*count = (int)(sizeof table / sizeof table[0]);
	return table;
}

bool presets_word_is_file(const char *word)
{
	size_t len = strlen(word);

	return strchr(word, '/') ||
	       (len > 5 && strcmp(word + len - 5, ".json") == 0);
}

int presets_find(const char *name)
{
	for (int i = 0; i < (int)(sizeof table / sizeof table[0]); i++)
		if (strcmp(table[i].name, name) == 0)
			return i;
	return -1;
}
