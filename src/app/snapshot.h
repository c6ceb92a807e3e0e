/* snapshot.h - --snapshot: the screen rendered once as text on standard output. */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include "app/cli.h"

/* Runs the mode with the validated options of cli_parse and returns the
 * process exit status (sysexits.h codes for failures). */
int snapshot_run(const struct options *opt);

#endif
