/* render_text.h - snapshot sinks: a canvas as plain text or ANSI-coloured
 * text on a stdio stream (for --snapshot, golden tests, and pipes).
 *
 * Every sink resolves cells through palette_look(), the same function the
 * terminal sink uses, so a snapshot shows what the user sees. */
#ifndef RENDER_TEXT_H
#define RENDER_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "render/canvas.h"
#include "render/palette.h"

struct render_opts {
	bool utf8;		/* false: ASCII only (see canvas_glyph) */
	enum color_mode color;	/* COLOR_NONE: plain text; else ANSI SGR */
	enum palette_id palette;	/* heat colours */
	enum theme theme;	/* the page the colours are for */
};

/* Writes canvas c to out, one line per row, each ended by '\n'.
 *
 * Plain (o->color == COLOR_NONE): glyphs only; attributes are dropped;
 * trailing spaces are trimmed; heat cells show the density ramp.
 *
 * ANSI (any other mode): an SGR sequence is written before a cell whose
 * resolved look (colours, attributes) differs from the previous cell's, and
 * "\033[0m" at the end of every line, so each line stands alone. Every SGR
 * starts from a reset and states the whole look:
 *     "\033[0" [";1" bold] [";2" dim] [";4" underline] [";7" reverse]
 *              [fg] [bg] "m"
 * with fg ";3N" / ";38;5;N" / ";38;2;R;G;B" for COLOR_8 / 256 / RGB and bg
 * likewise with 4 / 48; a default colour is left out, so the default look
 * is "\033[0m". Trailing cells that would show nothing (a space with default
 * background and neither reverse nor underline) are trimmed.
 *
 * Returns 0, or -1 when writing failed (errno is set by stdio). */
int render_text(FILE *out, const struct canvas *c,
		const struct render_opts *o);

/* Writes code point cp to out as UTF-8 (cp must be a valid scalar value;
 * others are written as U+FFFD). Returns 0 or -1 (EOF from putc). */
/* For tests only. */
int render_utf8(FILE *out, uint32_t cp);

#endif
