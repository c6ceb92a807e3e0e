/* handout.h - `pescope --handout LESSON -o FILE.pdf` (or FILE.md): a
 * lesson for paper or a web page, every step with its figure, its question
 * and its caption, the answers apart at the end (io/handout.h).
 *
 * LESSON is what --lesson takes (a name, a number, a file). Each step's
 * figure is the screen of --export at --size (120x40 by default) with the
 * step's commands applied, drawn without the caption box (the caption is
 * printed as text under it); for a step that asks a question, the screen
 * the question is asked over, so that it does not give the answer away.
 *
 * Exit statuses: 64 for a bad command line (cli.c refuses an -o that ends
 * neither in .pdf nor .md), 65 for a lesson file that does not load, 66
 * for a lesson not found or not readable, 69 for a PDF from a build
 * without librsvg (the message names the package, as --export), 71 when
 * memory runs out, 73 when the file (or for .md, a folder beside it)
 * cannot be created, 74 when writing fails. Nothing is left behind on
 * failure: the PDF is written atomically (atomic_file.h), and the
 * Markdown and its figures are written into a temporary folder beside
 * them and moved into place once all are complete. */
#ifndef APP_HANDOUT_H
#define APP_HANDOUT_H

#include "app/cli.h"

/* Runs the mode for opt (CLI_HANDOUT). Returns the exit status. */
int handout_run(const struct options *opt);

#endif
