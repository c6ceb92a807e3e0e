/* bench.h - --bench: the drawing path timed, one line of figures. */
#ifndef BENCH_H
#define BENCH_H

#include "app/cli.h"

/* Runs the mode with the validated options of cli_parse and returns the
 * process exit status (sysexits.h codes for failures). */
int bench_run(const struct options *opt);

#endif
