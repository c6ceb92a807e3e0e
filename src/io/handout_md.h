/* handout_md.h - a handout as Markdown (see handout.h): FILE.md, and each
 * step's figure beside it as FILE-01.png, FILE-02.png ... (two digits, the
 * step's number), linked from the text; the answers in a last section,
 * after a rule. Text from the lesson is escaped, so that no character of
 * it becomes Markdown or HTML.
 *
 * Without PNGs (a build without librsvg, export_raster_available false),
 * each figure is the screen as plain text (what --snapshot prints) in a
 * fenced block instead, and no other file is written.
 *
 * All or nothing: the files are written into a temporary folder
 * ".pescope-XXXXXX" beside FILE.md, and moved into place (the figures,
 * then FILE.md) only when every one is complete; on any failure the
 * temporary folder is removed, and any figure already moved too. */
#ifndef HANDOUT_MD_H
#define HANDOUT_MD_H

#include <stdbool.h>

#include "io/handout.h"
#include "render/canvas.h"

struct handout_md;

/* Starts the handout `info` of steps[0 .. n-1] (both must outlive it) for
 * path, a name ending in ".md"; figures as PNGs when png is true. Returns
 * it, or NULL with errno (that of making the temporary folder: the folder
 * of path cannot be written in, does not exist...). */
struct handout_md *handout_md_open(const char *path,
				   const struct handout_info *info,
				   const struct handout_step *steps, int n,
				   bool png);

/* The section of step k (from 0), its figure fig: its question when it
 * asks one, else its caption. 0, or -1 with errno. */
int handout_md_step(struct handout_md *m, int k, const struct canvas *fig);

/* The answers (each question's right option and its step's caption),
 * then every file put in place; frees m. 0, or -1 with errno and nothing
 * left behind. */
int handout_md_finish(struct handout_md *m);

/* Gives up: removes the temporary folder and frees m (NULL: nothing). */
void handout_md_abort(struct handout_md *m);

#endif
