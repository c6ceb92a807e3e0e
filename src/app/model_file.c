/* model_file.c - --model FILE (see model_file.h). */
#include "app/model_file.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "app/say.h"
#include "io/config_json.h"
#include "model/model_config.h"
#include "base/tr.h"

/* "a/b/llama.json" -> "llama"; "a/llama/config.json" -> "llama". */
static void name_of(const char *path, char *out, size_t n)
{
	const char *end = path + strlen(path), *slash;
	size_t len;

	while (end > path && end[-1] == '/')
		end--;
	for (;;) {
		slash = end;
		while (slash > path && slash[-1] != '/')
			slash--;
		len = (size_t)(end - slash);
		if (len > 5 && strncmp(end - 5, ".json", 5) == 0)
			len -= 5;
		if (!(len == 6 && strncmp(slash, "config", 6) == 0) ||
		    slash == path)
			break;
		end = slash - 1;	/* config.json: its folder names it */
		if (end == path)
			break;
	}
	snprintf(out, n, "%.*s", (int)len, slash);
}

int model_file_load(struct options *opt, struct model_file *mf)
{
	enum lang l = (enum lang)opt->lang;
	char err[CLI_ERR_MAX];
	int rc;

	memset(mf, 0, sizeof *mf);
	hf_config_init(&mf->cfg);
	if (!opt->model)
		return 0;
	rc = config_json_read(opt->model, &mf->cfg, l, err, sizeof err);
	rc = rc ? rc : model_config_interpret(&mf->cfg, opt->model, &mf->rope,
					      l, err, sizeof err);
	if (rc) {
		say("%s", err);
		return rc;
	}
	if (opt->mode == CLI_SERIES && opt->series == SERIES_WAVELENGTHS &&
	    mf->rope.kind == ROPE_LEARNED) {
		say(tr(l, "%s: its positions are a learned table, which has no "
			  "wavelengths"), opt->model);
		return EX_DATAERR;
	}
	if (opt->dim >= mf->rope.width) {
		say(tr(l, "--dim must be below the model's width %d, got %d"),
		    mf->rope.width, opt->dim);
		return EX_USAGE;
	}
	name_of(opt->model, mf->name, sizeof mf->name);
	opt->pe.d_model = mf->rope.width;
	if (mf->rope.kind != ROPE_LEARNED)
		opt->pe.base = mf->rope.base;
	opt->rope = &mf->rope;
	opt->model_name = mf->name;
	return 0;
}

int model_file_pick(const char *path, enum lang l, struct model_pick *out,
		    char *err, size_t n)
{
	struct hf_config cfg;
	struct rope_model m;
	int rc = config_json_read(path, &cfg, l, err, n);

	rc = rc ? rc : model_config_interpret(&cfg, path, &m, l, err, n);
	hf_config_free(&cfg);
	if (rc)
		return rc;
	name_of(path, out->name, sizeof out->name);
	out->width = m.width;
	out->base = m.kind == ROPE_LEARNED ? 0.0 : m.base;
	out->train = (long long)m.trained;
	return 0;
}

void model_file_free(struct model_file *mf)
{
	hf_config_free(&mf->cfg);
}
