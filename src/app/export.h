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

/* The export key and :export FILE: writes screen c (already drawn for s)
 * to s->export_to when :export named a file (any format figure_kind knows;
 * the name is then forgotten), else to a free figure_auto_name in the
 * current folder as SVG, and reports in s's message line where it went or
 * why it failed. */
void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette, enum theme theme);

/* "pescope NAME: d_model=512 base=10000 ... interleaved", the title of a
 * figure or a cast, so a folder of them says what each one shows. */
void export_title(const struct state *s, char *buf, size_t n);

/* Whether this pescope can write PNG and PDF now: 0, or EX_UNAVAILABLE
 * (69) with a one-line message in language l in err (n bytes) naming the
 * package to install. */
int export_raster_ready(enum lang l, char *err, size_t n);

/* figure_write in language l: c written to path with o, or a one-line
 * message in err (n bytes). A PNG or PDF that this build cannot write is
 * refused with EX_UNAVAILABLE (69) and the package to install, before any
 * file is made. Returns 0 or figure_write's status. */
int export_figure(const char *path, const struct canvas *c,
		  const struct figure_opts *o, enum lang l, char *err,
		  size_t n);

/* `pescope --export FILE`: the screen --snapshot would show, written to
 * opt->export_path (PNG at opt->png_scale). Returns the exit status. */
int export_run(const struct options *opt);

#endif
