/* session.c - the starting state of a run, from the command-line options. */
#include "app/session.h"

#include <stdio.h>
#include <string.h>

#include "app/knob_args.h"
#include "app/model_file.h"
#include "model/presets.h"
#include "model/scene.h"
#include "model/reduce.h"
#include "views/views.h"

void session_name_matrix(struct state *s, const struct pe_matrix *m,
			 const char *src)
{
	/* the file's name, without its folders, names it */
	const char *slash = strrchr(src, '/');

	state_set_matrix(s, m, slash ? slash + 1 : src);
	snprintf(s->matrix_src, sizeof s->matrix_src, "%s", src);
}

void session_init(struct state *s, const struct options *opt)
{
	struct settings start;

	start.pe = opt->pe;
	start.len = opt->length;
	start.pos = opt->position;
	start.dim = opt->dim;
	state_init(s, views_catalog(), &start);
	if (opt->matrix)
		session_name_matrix(s, opt->matrix, opt->load);
	if (opt->preset >= 0) {
		/* cli_parse already chose d_model and base (-d and -b win over
		 * the preset); the preset still brings its trained length. */
		int n;
		const struct preset *p = presets_table(&n) + opt->preset;

		s->preset = opt->preset;
		snprintf(s->model_src, sizeof s->model_src, "%s", p->name);
		state_set_train(s, p->train_len);
	}
	s->read_model = model_file_pick;
	state_set_view(s, opt->view);
	if (opt->scene_data) {
		char err[LESSON_ERR_MAX];

		/* scene_file_load checked it (scene_file_check, one of a
		 * matrix): it applies */
		(void)scene_apply(s, opt->scene_data, opt->scene, err,
				  sizeof err);
	}
	s->ascii = opt->ascii;
	s->lang = opt->lang == LANG_ZH ? LANG_ZH : LANG_EN;
	if (opt->rope) {
		struct model_pick pick;

		model_pick_make(&pick, opt->rope, opt->model_name);
		/* a file's path, or a shipped row's name */
		state_set_model(s, &pick,
				opt->model ? opt->model : opt->model_name);
	}
	{
		char err[CLI_ERR_MAX];

		/* cli_parse checked them (knob_args_check): none fails.
		 * After the model, whose trained length --set train= and
		 * factor --set scale= may change. */
		(void)knob_args_apply(s, opt->set, opt->nset, err,
				      sizeof err);
	}
	s->present = opt->present;
	s->drill.seed = (unsigned long long)opt->seed;
	if (opt->drill) {
		struct action a = action_make(ACT_DRILL_START, 0);

		reduce(s, &a);
	}
}
