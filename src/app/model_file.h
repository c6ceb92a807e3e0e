/* model_file.h - --model FILE: a config.json read (io/config_json.h),
 * interpreted (model/model_config.h) and applied to the options: d_model
 * becomes the rotated width (a learned table's width), the base its
 * rope_theta, and opt->rope the model, which --dump-series wavelengths and
 * the explorer's trained length follow. */
#ifndef MODEL_FILE_H
#define MODEL_FILE_H

#include "app/cli.h"
#include "engine/rope_model.h"
#include "model/state.h"

struct model_file {
	struct hf_config cfg;	/* the fields read; owns the lists */
	struct rope_model rope;	/* what they mean */
	char name[64];		/* the file's name without ".json" (its
				 * folder's for a "config.json") */
};

/* Reads opt->model (when not NULL) into *mf and applies it to opt; else,
 * when opt->preset is a shipped model's row (presets.h) shown at its own
 * d_model and base, applies that row's encoding the same way.
 * Returns 0, or the exit status after saying one line: 66 the file cannot
 * be opened, 65 its contents are refused (or a learned table asked for
 * its wavelengths), 64 a --dim beyond the model's width. */
int model_file_load(struct options *opt, struct model_file *mf);

/* :model FILE's reader (a model_reader, model/state.h): reads and
 * interprets the config at path into *out, keeping nothing. Returns 0, or
 * 65 / 66 as model_file_load with one line in err. */
int model_file_pick(const char *path, enum lang l, struct model_pick *out,
		    char *err, size_t n);

/* Frees what model_file_load kept. */
void model_file_free(struct model_file *mf);

#endif
