/* palette.h - from meaning to colour: heat values and roles to the colours
 * of each terminal colour mode. No ncurses, no I/O, no mutable state.
 *
 * A colour is an int "colour code" whose meaning depends on the mode:
 *   COLOR_NONE  always PALETTE_DEFAULT (attributes carry the distinctions)
 *   COLOR_8     0..7, the ANSI colours (0 black, 1 red, 2 green, 3 yellow,
 *               4 blue, 5 magenta, 6 cyan, 7 white)
 *   COLOR_256   16..255, the xterm-256 cube and grey ramp (0..15 are avoided
 *               because users redefine them)
 *   COLOR_RGB   0xRRGGBB
 * and PALETTE_DEFAULT (-1) is the terminal's own foreground or background in
 * every mode. */
#ifndef PALETTE_H
#define PALETTE_H

#include <stdbool.h>
#include <stdint.h>

#include "render/canvas.h"

enum color_mode {
	COLOR_NONE,		/* monochrome: attributes only */
	COLOR_8,		/* 8 ANSI colours */
	COLOR_256,		/* xterm-256 */
	COLOR_RGB		/* 24-bit direct colour */
};

/* Diverging heat palettes for values -1 .. 1. */
enum palette_id {
	PALETTE_RDBU,		/* default: blue - near white - red (ColorBrewer RdBu) */
	PALETTE_PUOR,		/* purple - near white - orange (ColorBrewer PuOr);
				   high contrast, colour-blind safe */
	PALETTE_COUNT		/* number of palettes, not a palette */
};

enum { PALETTE_DEFAULT = -1 };	/* the terminal's default colour */

/* The page the screen is drawn on: every role has a colour for each, and
 * the heat ramp's zero differs (palette_heat_rgb). Out-of-range values
 * count as THEME_DARK. */
enum theme {
	THEME_DARK,		/* a black (dark) terminal background */
	THEME_LIGHT,		/* a white (light) terminal background */
	THEME_ANY,		/* a page of unknown lightness: every colour
				   reads on black and on white alike */
	THEME_COUNT		/* number of themes, not a theme */
};

struct rgb {
	uint8_t r, g, b;
};

/* What a sink draws for one cell: a glyph, two colour codes, attributes. */
struct look {
	uint32_t glyph;		/* code point; 0 = print nothing (wide glyph's
				   right half in UTF-8) */
	int fg, bg;		/* colour codes for the mode, or PALETTE_DEFAULT */
	uint8_t attr;		/* ATTR_* bits */
};

/* ---- palettes ---- */

/* "rdbu" or "puor". Never NULL ("?" for an invalid id). */
const char *palette_name(enum palette_id id);

/* The palette called name (case-sensitive, as palette_name spells it).
 * Returns 0 and sets *id, or -1 when there is no such palette. */
int palette_from_name(const char *name, enum palette_id *id);

/* The colour of heat value v on a page of theme: v is clamped to [-1, 1],
 * NaN counts as 0.
 * v is first spread out near 0 (palette.c: so that means of fast sines,
 * mostly within +-0.25, are not a pale wash): the palette's nine ColorBrewer
 * stops sit at v = -1, -0.6, -0.2, -0.1, 0, 0.1, 0.2, 0.6, +1 and are
 * interpolated linearly in sRGB between
 * them (the stops are already perceptually spaced). RdBu: -1 = #2166ac (blue), 0 = #f7f7f7,
 * +1 = #b2182b (red). PuOr: -1 = #542788 (purple), +1 = #b35806 (orange).
 * The darkest 11-class ends are left out so both ends stay visible on a dark
 * terminal background. THEME_LIGHT (and THEME_ANY, whose page may be white)
 * replaces the centre stop #f7f7f7, which
 * vanishes into a white page, by the grey #e4e4e4 (1.3:1 against white),
 * and runs from it straight to the stops at +-0.2, leaving out those at
 * +-0.1, which are no darker than that grey. */
struct rgb palette_heat_rgb(enum palette_id id, enum theme theme, double v);

/* Heat colour code of v for mode (v clamped, NaN = 0).
 *   COLOR_8: five bands, the colour of the nearest of v = -1, -0.5, 0, 0.5,
 *     1: blue, cyan, white, yellow, red for RdBu (magenta for PuOr's -1);
 *     cells add shades between them (palette_look).
 *   COLOR_256: spread as palette_heat_rgb, a ramp chosen for xterm's palette by measuring it in CIELAB
 *     (palette.c): white (231; THEME_LIGHT and THEME_ANY grey 254) at 0, then six or seven steps to each end
 *     with lightness falling evenly and hue held within 20 degrees from one
 *     step to the next. RdBu: 189 .. 21 (blue) and 224 .. 124 (red); PuOr:
 *     189 .. 54 (purple) and 223 .. 130 (orange).
 *   COLOR_RGB: palette_heat_rgb. */
/* For tests only. */
int palette_heat(enum palette_id id, enum color_mode mode, enum theme theme,
		 double v);

/* Quantises v (clamped, NaN = 0) to a level 0 .. nlevels-1, in equal steps;
 * -1 -> 0, +1 -> nlevels-1, and 0 -> the middle level when nlevels is odd.
 * nlevels < 1 counts as 1. For sinks that need a fixed set of colours (e.g.
 * ncurses colour pairs, defined once). */
/* For tests only. */
int palette_level(double v, int nlevels);

/* The value at the centre of level (clamped to 0 .. nlevels-1), so that
 * palette_level(palette_level_value(l, n), n) == l. */
/* For tests only. */
double palette_level_value(int level, int nlevels);

/* ---- colour conversions ---- */

/* Nearest xterm-256 colour (16..255) to c by squared RGB distance, searching
 * the 6x6x6 cube (levels 0, 95, 135, 175, 215, 255) and the grey ramp
 * 232..255 (8, 18, ..., 238). (255,0,0) -> 196, (128,128,128) -> 244. */
/* For tests only. */
int palette_rgb_to_256(struct rgb c);

/* The RGB value of xterm-256 colour index i (0..255; others -> black). */
/* For tests only. */
struct rgb palette_256_to_rgb(int i);

/* Nearest of the 8 ANSI colours (xterm's default values), 0..7. */
/* For tests only. */
int palette_rgb_to_8(struct rgb c);

/* The code of 24-bit colour c in mode (PALETTE_DEFAULT for COLOR_NONE). */
/* For tests only. */
int palette_code(struct rgb c, enum color_mode mode);

/* ---- roles ---- */

/* Colour code of role r used as foreground (its ink) or background (its
 * paper) in mode, on a page of theme. ROLE_DEFAULT, ROLE_KEY and the
 * light theme's ROLE_TITLE (bold in the terminal's own colour),
 * out-of-range roles and COLOR_NONE give PALETTE_DEFAULT. Role colours do not depend on the heat palette; the
 * traces avoid the hues of both (palette.c). Every role that carries text
 * is at least 4.5:1 against its theme's page in 24-bit and 256 colours
 * (THEME_ANY: against black and against white; its traces 5 to 8 are
 * marks, and letters in them take the terminal's own colour, as letters
 * in an eight-colour ink under 4.5:1 do: palette_look), and every role
 * drawn as a mark at least 3:1. */
int palette_role_fg(enum role r, enum color_mode mode, enum theme theme);
/* For tests only. */
int palette_role_bg(enum role r, enum color_mode mode, enum theme theme);

/* Attributes that roles add in mode (the same in both themes). In colour
 * modes: bold for titles, the focused border, the cursor, key names,
 * warnings and errors; never faint. In COLOR_NONE, where colour cannot
 * tell roles apart: bold (titles, focus, marker, key, warn, error), dim
 * (DIM, AXIS), reverse (cursor; status-bar and cursor backgrounds).
 * The sinks get them through palette_look. */
/* For tests only. */
unsigned palette_role_attr(enum role fg, enum role bg, enum color_mode mode);

/* ---- cells ---- */

/* How a sink in mode shows cell *a (see canvas_glyph for the glyph):
 *   TEXT/CONT/BRAILLE: role colours + attributes.
 *   HALF without overlay: UTF-8 '▀' with fg = heat(top), bg = heat(bot);
 *     ASCII ' ' with bg = heat(mean); COLOR_NONE the ramp glyph.
 *     COLOR_8, where five colours are few, shows more levels with shades:
 *     when top and bottom have one colour (UTF-8) or always (ASCII), the
 *     mean is rounded to one of 17 levels, the five colours and three
 *     shades between each two neighbours: '░' '▒' '▓' (ASCII '.' '+' '#')
 *     in the next colour over the previous one, a quarter, a half and
 *     three quarters of the way.
 *   HALF with overlay: the overlay glyph in its role over bg = heat(mean).
 * Attributes are the cell's OR the roles'. */
struct look palette_look(const struct cell *a, enum color_mode mode,
			 enum palette_id id, enum theme theme, bool utf8);

/* A palette resolved once for a mode: the colour code of each of nlevels
 * equal heat levels (palette_level) and of every role. Sinks that draw many
 * frames (the terminal) build one at start-up, so no frame pays for a colour
 * search, and the set of colours they can meet is known in advance. */
enum { HEAT_TABLE_MAX = 256 };
/* The levels the terminal draws heat in: odd, so that 0 is the middle of
 * a level and values either side of it by rounding (a residual of 1e-16)
 * get the ramp's zero colour, not the two colours next to it (with an even
 * count, -1e-16 and +1e-16 fell on two levels and a blank map was
 * blotched). */
enum { HEAT_TERM_LEVELS = 65 };
struct heat_table {
	enum color_mode mode;		/* the mode the codes are for */
	enum palette_id id;		/* the palette (COLOR_8 shades) */
	enum theme theme;		/* the page */
	int nlevels;			/* 1 .. HEAT_TABLE_MAX */
	int code[HEAT_TABLE_MAX];	/* colour code of each heat level */
	int role_fg[ROLE_COUNT];	/* palette_role_fg of each role */
	int role_bg[ROLE_COUNT];	/* palette_role_bg of each role */
};

/* Fills t for palette id on a page of theme in mode with nlevels levels
 * (clamped to 1 .. HEAT_TABLE_MAX). */
void palette_heat_table(struct heat_table *t, enum palette_id id,
			enum theme theme, enum color_mode mode, int nlevels);

/* palette_look with heat values quantised to t's levels. */
struct look palette_look_table(const struct cell *a, const struct heat_table *t,
			       bool utf8);

#endif
