/* presets.c - the parameter presets (see presets.h). */
#include "model/presets.h"

#include <string.h>

static const struct preset table[] = {
	{ "transformer", "Transformer (2017): d_model 512, base 10000",
	  512, 1e4, 512 },
	{ "head-1e4", "128-wide head, base 10000 (original RoPE: LLaMA 1/2)",
	  128, 1e4, 4096 },
	{ "head-5e5", "128-wide head, base 500000 (LLaMA 3)",
	  128, 5e5, 8192 },
	{ "head-1e6", "128-wide head, base 1000000 (Code Llama, Qwen2)",
	  128, 1e6, 16384 },
};

const struct preset *presets_table(int *count)
{
	*count = (int)(sizeof table / sizeof table[0]);
	return table;
}

int presets_find(const char *name)
{
	for (int i = 0; i < (int)(sizeof table / sizeof table[0]); i++)
		if (strcmp(table[i].name, name) == 0)
			return i;
	return -1;
}
