/* export.h - the explorer's export key and `pescope --export FILE`: the
 * screen written to a file by io/figure.h. */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "app/cli.h"
#include "io/figure.h"
#include "model/state.h"
#include "render/canvas.h"
#include "render/palette.h"

/* The export key: writes screen c (already drawn for s) to a free
 * export_auto_name in the current folder as SVG, and reports in s's message
 * line where it went or why it failed. */
void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette, enum theme theme);

/* `pescope --export FILE`: the screen --snapshot would show, written to
 * opt->export_path. Returns the exit status. */
int export_run(const struct options *opt);

#endif
