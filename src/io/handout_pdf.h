/* handout_pdf.h - a handout as a PDF (see handout.h): a page per step, its
 * figure scaled to the page's width (less, when its text needs the room)
 * with the text below it, then a page of answers (more, when they do not
 * fit on one). Every word is text
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

/* Starts the handout `info` of steps[0 .. n-1] (both must outlive it) on
 * out. Returns it, or NULL with errno. */
struct handout_pdf *handout_pdf_open(FILE *out, const struct handout_info *info,
				     const struct handout_step *steps, int n);

/* The page of step k (from 0), its figure fig. 0, or -1 with errno. */
int handout_pdf_step(struct handout_pdf *h, int k, const struct canvas *fig);

/* The answers: a page, or more when they need them, with each question's
 * right option and its step's caption (the explanation; the step's own
 * page shows the question alone), or a line saying there are none. Then
 * writes the end of the PDF and frees h. 0, or -1 with errno (from this
 * or any call before). */
int handout_pdf_finish(struct handout_pdf *h);

/* Gives up on h: frees it, the stream holding an incomplete PDF (NULL:
 * nothing). */
void handout_pdf_abort(struct handout_pdf *h);

#endif
