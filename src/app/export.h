/* export.h - figures: a screen written to a file, as SVG, plain text or
 * ANSI text, chosen by the file name's extension.
 *
 * Used by `pescope --export FILE` (export_run in modes.h) and by the
 * explorer's export key. Files are written atomically (atomic_file.h): a
 * failed export leaves nothing behind and any old file untouched. */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "render/canvas.h"
#include "render/palette.h"
#include "model/state.h"

enum export_kind {
	EXPORT_SVG,		/* .svg: export_svg.h */
	EXPORT_TXT,		/* .txt: plain text, like --snapshot --color never */
	EXPORT_ANS		/* .ans: text with ANSI 256-colour escapes, like
				   --snapshot --color always */
};

/* The kind of file `path` names by its extension (.svg, .txt or .ans, in
 * any case: .SVG too), or -1 for any other name (no extension, ".png", a
 * bare ".svg" with nothing before the dot, a name ending in '/'). */
int export_kind(const char *path);

struct export_opts {
	enum palette_id palette;	/* heat colours */
	bool utf8;			/* text exports: UTF-8 glyphs, else
					   ASCII (SVG is always UTF-8) */
	const char *title;		/* SVG <title>, or NULL */
};

/* Writes screen c to path in the format its extension names. Returns 0, or
 * a sysexits status with a one-line message in err (n bytes; no program
 * name, no newline): EX_USAGE (64) for a name export_kind refuses,
 * EX_CANTCREAT (73) when the file cannot be created, EX_IOERR (74) when
 * writing it fails. */
int export_write(const char *path, const struct canvas *c,
		 const struct export_opts *o, char *err, size_t n);

/* The file name the explorer's export key uses for a screen of view `view`
 * at time t (local time): "pescope-<view>-<YYYYmmdd-HHMMSS>.svg". When that
 * name is taken in the current folder, "-2" .. "-99" goes before ".svg".
 * Returns 0, or -1 when no free name was found or it does not fit in n. */
int export_auto_name(const char *view, time_t t, char *buf, size_t n);

/* The export key: writes screen c (already drawn for s) to a free
 * export_auto_name in the current folder as SVG, and reports in s's message
 * line where it went or why it failed. */
void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette);

#endif
