/* session.h - the explorer state a run starts from, built from the options. */
#ifndef SESSION_H
#define SESSION_H

#include "app/cli.h"
#include "model/state.h"

/* Initialises s from the validated options: parameters, selection, whole
 * matrix in view, ASCII text when --ascii was given. */
void session_init(struct state *s, const struct options *opt);

#endif
