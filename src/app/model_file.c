/* model_file.c - --model FILE (see model_file.h). */
#include "app/model_file.h"

#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "app/say.h"
#include "engine/longrope.h"
#include "io/config_json.h"
#include "model/model_config.h"
#include "model/presets.h"
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

/* What a model's encoding makes of the options, once read: d_model its
 * width, the base its own, opt->rope the model; what names it in
 * messages (the file's path, or the row's name). */
static int model_apply(struct options *opt, struct model_file *mf,
		       const char *what)
{
	enum lang l = (enum lang)opt->lang;

	if (opt->mode == CLI_SERIES && opt->series == SERIES_WAVELENGTHS &&
	    mf->rope.kind == ROPE_LEARNED) {
		say(tr(l, "%s: its positions are a learned table, which has no "
			  "wavelengths"), what);
		return EX_DATAERR;
	}
	if (opt->dim >= mf->rope.width) {
		say(tr(l, "--dim must be below the model's width %d, got %d"),
		    mf->rope.width, opt->dim);
		return EX_USAGE;
	}
	opt->pe.d_model = mf->rope.width;
	if (mf->rope.kind != ROPE_LEARNED)
		opt->pe.base = mf->rope.base;
	opt->rope = &mf->rope;
	opt->model_name = mf->name;
	return 0;
}

/* --model NAME of a shipped model's row: its encoding, as its config
 * file's would be, unless -d or -b chose another head (then the formula
 * at those, as for the hand-made rows). */
static int model_row_load(struct options *opt, struct model_file *mf)
{
	const struct rope_model *m = presets_rope(opt->preset);
	const struct preset *p;
	int n;

	if (!m)
		return 0;
	p = presets_table(&n) + opt->preset;
	if (opt->pe.d_model != p->d_model || opt->pe.base != p->base)
		return 0;
	mf->rope = *m;
	snprintf(mf->name, sizeof mf->name, "%s", p->name);
	return model_apply(opt, mf, p->name);
}

int model_file_load(struct options *opt, struct model_file *mf)
{
	enum lang l = (enum lang)opt->lang;
	char err[CLI_ERR_MAX];
	int rc;

	memset(mf, 0, sizeof *mf);
	hf_config_init(&mf->cfg);
	if (!opt->model)
		return model_row_load(opt, mf);
	rc = config_json_read(opt->model, &mf->cfg, l, err, sizeof err);
	rc = rc ? rc : model_config_interpret(&mf->cfg, opt->model, &mf->rope,
					      l, err, sizeof err);
	if (rc) {
		say("%s", err);
		return rc;
	}
	name_of(opt->model, mf->name, sizeof mf->name);
	return model_apply(opt, mf, opt->model);
}

int model_file_pick(const char *path, enum lang l, struct model_pick *out,
		    char *err, size_t n)
{
	struct hf_config cfg;
	struct rope_model m;
	int rc = config_json_read(path, &cfg, l, err, n);

	rc = rc ? rc : model_config_interpret(&cfg, path, &m, l, err, n);
	if (!rc) {
		char name[sizeof out->name];

		name_of(path, name, sizeof name);
		/* the lists are cfg's: copied before it is freed */
		model_pick_make(out, &m, name);
	}
	hf_config_free(&cfg);
	return rc;
}

void model_file_free(struct model_file *mf)
{
	hf_config_free(&mf->cfg);
}
