/* cast.h - a session as an asciicast v2 recording (asciinema's format,
 * https://docs.asciinema.org/manual/asciicast/v2/), for course pages that
 * embed asciinema's player.
 *
 * The file is a JSON header line
 *     {"version": 2, "width": W, "height": H, "title": "...", "env": {...}}
 * then one event per line, in time order:
 *     [T, "o", "DATA"]    output: DATA written to the terminal at T seconds
 *     [T, "r", "WxH"]     the terminal becomes W x H (in the v2 spec;
 *                         asciinema-player plays it since 3.6.1)
 * Each frame is the screen as ANSI text (render_text.h, so the colours are
 * those of --snapshot --color always), row by row: a row goes out only when
 * it differs from the one the previous frame left there, as "ESC[Y;1H",
 * "ESC[0m ESC[2K" (erase the row) and the row's text. The first frame
 * clears the screen and hides the cursor. Played through a terminal
 * emulator of the header's size, the last frame leaves exactly the screen
 * render_text wrote for it. */
#ifndef CAST_H
#define CAST_H

#include <stdbool.h>
#include <stdio.h>

#include "io/render_text.h"
#include "render/canvas.h"

/* Whether path names an asciicast: it ends in ".cast" (any case) with
 * something before the dot. */
bool cast_name(const char *path);

struct cast;

/* Starts a recording on out (which stays the caller's) for a w x h
 * terminal; title is UTF-8, escaped for JSON. Frames are written with ro
 * (its colour must not be COLOR_NONE). Returns NULL with errno when memory
 * runs out or writing fails. */
struct cast *cast_begin(FILE *out, int w, int h, const char *title,
			const struct render_opts *ro);

/* Writes canvas c as the frame shown at time t (seconds from the start, not
 * before the last event's). A canvas of another size than the last one is
 * announced first by a resize event. Returns 0, or -1 with errno. */
int cast_frame(struct cast *k, double t, const struct canvas *c);

/* Releases k; returns 0 when everything was written (ferror of out),
 * else -1. */
int cast_end(struct cast *k);

#endif
