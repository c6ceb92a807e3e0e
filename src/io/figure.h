/* figure.h - figures: a screen written to a file, as SVG, PNG, PDF, plain
 * text or ANSI text, chosen by the file name's extension.
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
	FIGURE_ANS,		/* .ans: text with ANSI 256-colour escapes, like
				   --snapshot --color always */
	FIGURE_PNG,		/* .png: export_raster.h, when built with it */
	FIGURE_PDF		/* .pdf: export_raster.h, when built with it */
};

/* The kind of file `path` names by its extension (.svg, .txt, .ans, .png
 * or .pdf, in any case: .SVG too), or -1 for any other name (no extension,
 * ".gif", a bare ".svg" with nothing before the dot, a name ending in '/').
 * PNG and PDF are named whether or not this build can write them. */
int figure_kind(const char *path);

struct figure_opts {
	enum palette_id palette;	/* heat colours */
	bool utf8;			/* text exports: UTF-8 glyphs, else
					   ASCII (SVG is always UTF-8) */
	const char *title;		/* SVG <title>, or NULL */
	enum theme theme;		/* the page: dark or light */
	int scale;			/* PNG: pixels per SVG unit, 1 ..
					   EXPORT_RASTER_SCALE_MAX */
};

/* Whether kind is drawn through export_raster.h (PNG, PDF). */
bool figure_needs_raster(int kind);

/* Writes screen c to path in the format its extension names. Returns 0, or
 * a sysexits status with a one-line message in err (n bytes; no program
 * name, no newline): EX_USAGE (64) for a name figure_kind refuses or a PNG
 * larger than cairo draws, EX_UNAVAILABLE (69) for PNG or PDF in a build
 * without librsvg (the message names the package), EX_CANTCREAT (73) when
 * the file cannot be created, EX_OSERR (71) when memory runs out, EX_IOERR
 * (74) when writing fails. Nothing is created when the format cannot be
 * written. */
int figure_write(const char *path, const struct canvas *c,
		 const struct figure_opts *o, char *err, size_t n);

/* The file name the explorer's export key uses for a screen of view `view`
 * at time t (local time): "pescope-<view>-<YYYYmmdd-HHMMSS>.svg". When that
 * name is taken in the current folder, "-2" .. "-99" goes before ".svg".
 * Returns 0, or -1 when no free name was found or it does not fit in n. */
int figure_auto_name(const char *view, time_t t, char *buf, size_t n);

#endif
