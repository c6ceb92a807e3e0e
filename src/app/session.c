/* session.c - the starting state of a run, from the command-line options. */
#include "app/session.h"

#include "model/presets.h"

void session_init(struct state *s, const struct options *opt)
{
	struct settings start;

	start.pe = opt->pe;
	start.len = opt->length;
	start.pos = opt->position;
	start.dim = opt->dim;
	state_init(s, &start);
	if (opt->preset >= 0) {
		/* cli_parse already chose d_model and base (-d and -b win over
		 * the preset); the preset still brings its trained length. */
		int n;
		s->preset = opt->preset;
		s->knobs.train_len = presets_table(&n)[opt->preset].train_len;
	}
	s->view_id = (enum view_id)opt->view;
	s->ascii = opt->ascii;
	s->lang = opt->lang == LANG_ZH ? LANG_ZH : LANG_EN;
	s->present = opt->present;
	s->drill.seed = (unsigned long long)opt->seed;
	if (opt->drill) {
		struct action a = { ACT_DRILL_START, 0, 0, -1 };
		state_apply(s, &a);
	}
}
