/* figure.h - figures: a screen written to a file, as SVG, plain text or
 * ANSI text, chosen by the file name's extension.
 *
 * Used by `pescope --export FILE` and by the explorer's export key
 * (app/export.h). Files are written atomically (atomic_file.h): a failed
 * write leaves nothing behind and any old file untouched. */
#ifndef FIGURE_H
#define FIGURE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "render/canvas.h"
#include "render/palette.h"

enum figure_kind {
	FIGURE_SVG,		/* .svg: export_svg.h */
	FIGURE_TXT,		/* .txt: plain text, like --snapshot --color never */
	FIGURE_ANS		/* .ans: text with ANSI 256-colour escapes, like
				   --snapshot --color always */
};

/* The kind of file `path` names by its extension (.svg, .txt or .ans, in
 * any case: .SVG too), or -1 for any other name (no extension, ".png", a
 * bare ".svg" with nothing before the dot, a name ending in '/'). */
int figure_kind(const char *path);

struct figure_opts {
	enum palette_id palette;	/* heat colours */
	bool utf8;			/* text exports: UTF-8 glyphs, else
					   ASCII (SVG is always UTF-8) */
	const char *title;		/* SVG <title>, or NULL */
	enum theme theme;		/* page of text exports (.ans); an SVG
					   has its own dark page */
};

/* Writes screen c to path in the format its extension names. Returns 0, or
 * a sysexits status with a one-line message in err (n bytes; no program
 * name, no newline): EX_USAGE (64) for a name figure_kind refuses,
 * EX_CANTCREAT (73) when the file cannot be created, EX_IOERR (74) when
 * writing it fails. */
int figure_write(const char *path, const struct canvas *c,
		 const struct figure_opts *o, char *err, size_t n);

/* The file name the explorer's export key uses for a screen of view `view`
 * at time t (local time): "pescope-<view>-<YYYYmmdd-HHMMSS>.svg". When that
 * name is taken in the current folder, "-2" .. "-99" goes before ".svg".
 * Returns 0, or -1 when no free name was found or it does not fit in n. */
int figure_auto_name(const char *view, time_t t, char *buf, size_t n);

#endif
