/* export_raster.h - a canvas as PNG or PDF, for slides: Google Slides,
 * PowerPoint and Keynote take PNGs, LaTeX beamer takes PDF.
 *
 * Both are drawn by librsvg (over cairo's PNG and PDF surfaces) from the
 * SVG that export_svg.h writes, so the three formats show the same picture
 * from one drawing path:
 *   - PNG: EXPORT_SVG_CELL_W x EXPORT_SVG_CELL_H pixels per cell (10 x 20)
 *     times `scale`, 8-bit RGBA;
 *   - PDF: one page, vector shapes, the text as text (selectable, found by
 *     pdftotext) in fonts that fontconfig picks for the SVG's monospace
 *     family, CJK included, embedded as subsets; one SVG unit is 0.75 pt
 *     (a CSS pixel), and the SVG's <title> is the PDF's title.
 *
 * librsvg is optional, twice: pescope is built for it when pkg-config
 * finds librsvg-2.0's headers (package librsvg2-dev on Debian) and
 * PESCOPE_RSVG is defined, and it loads the library (librsvg-2.so.2,
 * package librsvg2-2) with dlopen when the first PNG or PDF is asked for,
 * so that no other run maps it. Without either, export_raster_available()
 * is false and export_raster fails with ENOSYS. */
#ifndef EXPORT_RASTER_H
#define EXPORT_RASTER_H

#include <stdbool.h>
#include <stdio.h>

#include "io/export_svg.h"
#include "render/canvas.h"

enum raster_kind { RASTER_PNG, RASTER_PDF };

enum {
	EXPORT_RASTER_SCALE_MAX = 8,	/* largest PNG scale */
	EXPORT_RASTER_PX_MAX = 32767	/* cairo's largest image side */
};

/* The Debian packages that bring what is missing, for messages: the
 * headers to build with, and the library that is loaded. */
#define EXPORT_RASTER_PACKAGE "librsvg2-dev"
#define EXPORT_RASTER_LIBRARY "librsvg-2.so.2"
#define EXPORT_RASTER_LIB_PACKAGE "librsvg2-2"

/* Whether this pescope was built for librsvg (PESCOPE_RSVG). */
bool export_raster_built(void);

/* Whether it can write PNG and PDF now: built for librsvg and the library
 * loads (the first call loads it; later calls only answer). */
bool export_raster_available(void);

/* Whether a PNG of canvas c at `scale` stays within EXPORT_RASTER_PX_MAX
 * pixels a side (a PDF always does). */
bool export_raster_fits(const struct canvas *c, int scale);

/* Writes c to out as a PNG (scale 1 .. EXPORT_RASTER_SCALE_MAX) or a PDF
 * (scale ignored). Returns 0, or -1 with errno: ENOSYS when this build has
 * no librsvg, EDOM when the PNG would not fit (export_raster_fits: ask
 * first), ENOMEM when memory runs out, EIO or stdio's
 * errno when writing fails; whatever was written by then is incomplete. */
int export_raster(FILE *out, const struct canvas *c, const struct svg_opts *o,
		  enum raster_kind kind, int scale);

/* ---- a PDF of several pages (handouts: app/handout.h) ----
 *
 * The same drawing path as one page, on cairo's PDF surface, which takes a
 * page after another: cairo_show_page between them. Units are points
 * (1/72 inch) from the top left of the page. Every call after a failure
 * fails too (the first failure's errno). */
struct raster_pdf;

/* Starts a PDF written to out, pages w x h points, with `title` (or NULL)
 * as its title. Returns it, or NULL with errno ENOSYS (no librsvg, as
 * export_raster) or ENOMEM. */
struct raster_pdf *raster_pdf_open(FILE *out, double w, double h,
				   const char *title);

/* Draws canvas c (as export_svg draws it with o) on the page, scaled into
 * the box x, y, w x h, its proportions kept (centred in the box when they
 * differ). Returns 0, or -1 with errno. */
int raster_pdf_canvas(struct raster_pdf *p, const struct canvas *c,
		      const struct svg_opts *o, double x, double y, double w,
		      double h);

/* Draws the SVG document svg (len bytes, w x h units: a whole page) on the
 * page; its text stays text. Returns 0, or -1 with errno. */
int raster_pdf_svg(struct raster_pdf *p, const char *svg, size_t len,
		   double w, double h);

/* Ends the page; what is drawn next goes on a new one. Returns 0, or -1
 * with errno. */
int raster_pdf_page(struct raster_pdf *p);

/* Writes the end of the PDF and frees p (NULL: nothing). Returns 0, or -1
 * with errno when this or any call before it failed; the stream then
 * holds an incomplete PDF. */
int raster_pdf_close(struct raster_pdf *p);

#endif
