/* export_svg.h - a canvas as a standalone SVG picture, for slides and
 * handouts.
 *
 * The SVG sink reads the same canvas as the terminal and the text snapshots,
 * so the picture shows what the screen shows, drawn with vector shapes
 * instead of terminal glyphs:
 *   - every cell is EXPORT_SVG_CELL_W x EXPORT_SVG_CELL_H units, on a page
 *     like a terminal's: dark (EXPORT_SVG_PAGE) or, for THEME_LIGHT and
 *     THEME_ANY, white (EXPORT_SVG_LIGHT_PAGE);
 *   - heat (HALF) cells become two square pixels coloured with
 *     palette_heat_rgb; equal colours next to each other on a pixel row are
 *     merged into one <rect>, which keeps files small;
 *   - braille cells become curves: the dots of each colour role are joined
 *     into <polyline>s, column by column (a dot with no neighbour becomes a
 *     <circle>);
 *   - light and heavy box-drawing characters (─ │ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼ and the
 *     heavy ones) become line segments, so frames and axes join up without
 *     the gaps a font leaves between rows;
 *   - any other text becomes one <text> per run of cells in the same look,
 *     in a monospace font, stretched to exactly its cells (textLength) so
 *     the grid holds whatever font the viewer picks;
 *   - backgrounds in a colour role (the status bar, the help overlay) become
 *     <rect>s, merged along the row like the heat.
 * Role colours are the 24-bit ones of palette_role_fg/bg (COLOR_RGB) for
 * the theme asked for; the terminal's default colours become the page and
 * ink colours below.
 *
 * Layers are <g> elements with ids, in drawing order: "background",
 * "heatmap", "lines", "curves", "text". Tests and scripts can count the
 * shapes of each. */
#ifndef EXPORT_SVG_H
#define EXPORT_SVG_H

#include <stdio.h>

#include "render/canvas.h"
#include "render/palette.h"

enum {
	EXPORT_SVG_CELL_W = 10,		/* width of one cell, in SVG units */
	EXPORT_SVG_CELL_H = 20		/* height of one cell (two heat pixels
					   of 10 x 10) */
};

/* The terminal's default colours, as 0xRRGGBB, on a dark and a light
 * page. */
enum {
	EXPORT_SVG_PAGE = 0x1c1c1c,	/* default background: #1c1c1c */
	EXPORT_SVG_INK = 0xd0d0d0,	/* default foreground: #d0d0d0 */
	EXPORT_SVG_LIGHT_PAGE = 0xffffff,	/* THEME_LIGHT, THEME_ANY: white */
	EXPORT_SVG_LIGHT_INK = 0x1c1c1c		/* and near-black ink */
};

/* The monospace fonts of the text, as an SVG font-family value. */
#define EXPORT_SVG_FONTS \
	"'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

struct svg_opts {
	enum palette_id palette;	/* heat colours */
	const char *title;		/* UTF-8 text of <title>, or NULL */
	enum theme theme;		/* THEME_DARK page, or a white one */
};

/* Writes c to out as a complete SVG 1.1 document (UTF-8, with an XML
 * declaration), canvas_width(c) * EXPORT_SVG_CELL_W units wide and
 * canvas_height(c) * EXPORT_SVG_CELL_H high. Text is escaped for XML
 * (& < > " '), so any canvas gives a well-formed file. Returns 0, or -1 when
 * writing failed (errno from stdio) or memory ran out (errno ENOMEM);
 * whatever was written by then is incomplete. */
int export_svg(FILE *out, const struct canvas *c, const struct svg_opts *o);

/* Writes UTF-8 text u to f escaped for XML text and attribute values (&
 * < > " ' and what XML does not allow); bytes that do not decode become
 * U+FFFD. */
void export_svg_text(FILE *f, const char *u);

#endif
