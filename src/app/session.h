/* session.h - the explorer state a run starts from, built from the options. */
#ifndef SESSION_H
#define SESSION_H

#include "app/cli.h"
#include "model/state.h"

/* Initialises s from the validated options: parameters, selection, whole
 * matrix in view, ASCII text when --ascii was given. */
void session_init(struct state *s, const struct options *opt);

/* Shows the loaded matrix m in s (state_set_matrix), named by its file's
 * name and keeping src, the --load argument it was read from (FILE or
 * FILE:TENSOR), for the command line of the screen. s must already have
 * m's width and rows as its d_model and length. */
void session_name_matrix(struct state *s, const struct pe_matrix *m,
			 const char *src);

#endif
