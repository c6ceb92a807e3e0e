/* presets.h - the table of models: the 2017 Transformer, a 128-wide
 * attention head at the bases well-known families use, and shipped models
 * whose every number is their published config.json's (--model NAME,
 * :model NAME, m/M, --list models).
 *
 * A shipped model's row keeps the config's fields (struct hf_config) and
 * is read as --model FILE reads that file (model_config_interpret), so the
 * row and its config cannot disagree: tests/fixtures/models holds each
 * config, and tests/e2e/models.sh checks that both give the same
 * wavelengths. */
#ifndef PRESETS_H
#define PRESETS_H

#include <stdbool.h>

#include "engine/rope_model.h"

struct preset {
	const char *name;	/* for --model, :model and --list models */
	const char *what;	/* one line for the context view and --list */
	const char *source;	/* where the numbers come from: a shipped
				 * model's Hugging Face repository (its
				 * config.json), else the paper */
	int d_model;		/* the width drawn: the rotated width, or a
				 * learned table's */
	double base;		/* frequency base */
	long long train_len;	/* context length the model was trained on */
	bool shipped;		/* a shipped model: cfg holds its config */
	struct hf_config cfg;	/* its fields, 0 where the file leaves one
				 * out; d_model, base and train_len are what
				 * model_config_interpret makes of them */
};

/* The rows and their number. */
const struct preset *presets_table(int *count);

/* Index of the row called name, or -1. */
int presets_find(const char *name);

/* Row i's encoding as its config describes it (the scaling, the rotated
 * and unturned dims, a learned table), or NULL for a hand-made row or an
 * i out of range. */
const struct rope_model *presets_rope(int i);

/* For tests only. Replaces row i's config by cfg (in the form the
 * config reader gives, NaN where a field is left out; its lists
 * borrowed) and reads it again, as a changed fixture would be read: the
 * row's numbers, and what the drill and the views make of them, follow. */
void presets_replace(int i, const struct hf_config *cfg);

/* Whether a word given to --model or :model names a config file rather
 * than a row: it holds a '/' or ends in ".json" (a file in the current
 * folder is "./NAME"). */
bool presets_word_is_file(const char *word);

#endif
