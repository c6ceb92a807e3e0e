/* presets.h - parameter sets people ask about: the 2017 Transformer and a
 * 128-wide attention head at the bases used by well-known model families. */
#ifndef PRESETS_H
#define PRESETS_H

#include <stdbool.h>

struct preset {
	const char *name;	/* for --preset and :preset */
	const char *what;	/* one line for the context view and --help */
	int d_model;		/* encoding width */
	double base;		/* frequency base */
	long long train_len;	/* context length the models were trained on */
};

/* The presets and their number. */
const struct preset *presets_table(int *count);

/* Index of the preset called name, or -1. */
int presets_find(const char *name);

/* Whether a word given to --model or :model names a config file rather
 * than a preset: it holds a '/' or ends in ".json" (a file in the current
 * folder is "./NAME"). */
bool presets_word_is_file(const char *word);

#endif
