/* handout_pdf.h - a handout as a PDF (see handout.h): a page per step, its
 * figure scaled to the page's width (less, when its text needs the room)
 * with the text below it, then a page of answers. Every word is text
 * (selectable, found by pdftotext), in the monospace fonts of the figures
 * (CJK through fontconfig), wrapped by display width (base/wrap.h); A4
 * portrait, with a footer "lesson · k / n".
 *
 * Drawn by export_raster.h's PDF of several pages, so it needs librsvg as
 * every PDF does (raster_pdf_open fails with ENOSYS without it). */
#ifndef HANDOUT_PDF_H
#define HANDOUT_PDF_H

#include <stdio.h>

#include "io/handout.h"
#include "render/canvas.h"

struct handout_pdf;

/* Starts the handout `info` (which must outlive it) on out. Returns it, or
 * NULL with errno. */
struct handout_pdf *handout_pdf_open(FILE *out, const struct handout_info *info);

/* Page k (from 0) of the steps: step st with figure fig. 0, or -1 with
 * errno. */
int handout_pdf_step(struct handout_pdf *h, int k, const struct handout_step *st,
		     const struct canvas *fig);

/* The last page: the answer of every step of steps[0 .. n-1] that asks a
 * question, or a line saying there are none. Then writes the end of the
 * PDF and frees h. 0, or -1 with errno (from this or any call before). */
int handout_pdf_finish(struct handout_pdf *h, const struct handout_step *steps,
		       int n);

/* Gives up on h: frees it, the stream holding an incomplete PDF (NULL:
 * nothing). */
void handout_pdf_abort(struct handout_pdf *h);

#endif
