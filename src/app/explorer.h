/* explorer.h - the interactive explorer, on the terminal (io/term.h). */
#ifndef EXPLORER_H
#define EXPLORER_H

#include "app/cli.h"

/* Runs the mode with the validated options of cli_parse and returns the
 * process exit status (sysexits.h codes for failures). */
int explore_run(const struct options *opt);

#endif
