/* session.c - the starting state of a run, from the command-line options. */
#include "session.h"

void session_init(struct state *s, const struct options *opt)
{
	struct settings start;

	start.pe = opt->pe;
	start.len = opt->length;
	start.pos = opt->position;
	start.dim = opt->dim;
	state_init(s, &start);
	s->ascii = opt->ascii;
}
