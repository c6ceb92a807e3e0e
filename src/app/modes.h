/* modes.h - the modes that draw, as main dispatches to them.
 *
 * Implemented by the explorer (not by main.c). Each takes the validated
 * options of cli_parse and returns the process exit status (sysexits.h
 * codes for failures). */
#ifndef MODES_H
#define MODES_H

#include "app/cli.h"

int lessons_run(const struct options *opt);   /* --lessons (lesson_mode.c): list the lessons; returns exit status */
int explore_run(const struct options *opt);   /* interactive explorer; returns exit status */
int snapshot_run(const struct options *opt);  /* headless text rendering; returns exit status */
int bench_run(const struct options *opt);     /* drawing benchmark; returns exit status */
int export_run(const struct options *opt);    /* --export FILE (export.c): the screen to a file; returns exit status */
int script_run(const struct options *opt);    /* --keys FILE (script.c): a scripted session, headless; returns exit status */

#endif
