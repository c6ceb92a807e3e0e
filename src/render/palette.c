/* palette.c - heat and role colours; see palette.h for the contracts. */
#include "render/palette.h"

#include <math.h>
#include <string.h>

/* ---- heat palettes ---- */

/* Nine stops from v = -1 to +1, ColorBrewer 9-class, reversed where needed
 * so that index 0 is the negative end. */
static const struct rgb stops[PALETTE_COUNT][9] = {
	[PALETTE_RDBU] = {
		{ 0x21, 0x66, 0xac }, { 0x43, 0x93, 0xc3 }, { 0x92, 0xc5, 0xde },
		{ 0xd1, 0xe5, 0xf0 }, { 0xf7, 0xf7, 0xf7 }, { 0xfd, 0xdb, 0xc7 },
		{ 0xf4, 0xa5, 0x82 }, { 0xd6, 0x60, 0x4d }, { 0xb2, 0x18, 0x2b },
	},
	[PALETTE_PUOR] = {
		{ 0x54, 0x27, 0x88 }, { 0x80, 0x73, 0xac }, { 0xb2, 0xab, 0xd2 },
		{ 0xd8, 0xda, 0xeb }, { 0xf7, 0xf7, 0xf7 }, { 0xfe, 0xe0, 0xb6 },
		{ 0xfd, 0xb8, 0x63 }, { 0xe0, 0x82, 0x14 }, { 0xb3, 0x58, 0x06 },
	},
};

/* Eight-colour bands, strong negative .. strong positive: the colours of
 * v = -1, -0.5, 0, 0.5 and 1. */
enum { BANDS8 = 5 };
static const int bands8[PALETTE_COUNT][BANDS8] = {
	[PALETTE_RDBU] = { 4, 6, 7, 3, 1 },
	[PALETTE_PUOR] = { 5, 6, 7, 3, 1 },
};

/* ---- the 256-colour ramps ----
 *
 * xterm's 256 colours are a 6x6x6 cube (levels 0, 95, 135, 175, 215, 255)
 * and a grey ramp (8 + 10k), not a colour space: rounding a smooth ramp to
 * the nearest entry channel by channel zig-zags in hue (RdBu's warm half
 * alternated between pink and orange-brown, up to 51 degrees apart in
 * CIELAB hue between neighbouring steps, its cool half up to 64). So each
 * half of each palette is a path chosen by measuring: the CIELAB (D65)
 * lightness L*, hue and chroma of every entry 16..255 were computed, and
 * from white (231, L* 100) outwards a path was searched for (a small
 * dynamic programme, offline) with L* falling at least 3 a step and as
 * evenly as the cube allows, neighbouring hues at most 20 degrees apart
 * (these are at most 16), chroma not falling, near the ColorBrewer hue of
 * that half, and at least six steps. The cube has too few light blues near
 * RdBu's own hue (240-276 degrees: only four steps that keep the hue), so
 * RdBu's cool half takes the cube's steady blue line near 295-306 degrees.
 * Each entry is listed with the L* measured; tests/unit/test_palette.c
 * measures the ramps again from palette_heat's output.
 *
 * A value v, spread as palette_heat_rgb spreads it (u = ramp_of(v)), is
 * shown by the entry of its half whose L* is nearest to
 * 100 - (100 - L*end) * |u|: lightness falls evenly from the centre to the
 * half's last entry at |v| = 1. */
struct step256 {
	uint8_t code;		/* xterm colour */
	float lightness;	/* its CIELAB L* */
};

enum { RAMP256_MAX = 7 };

struct ramp256 {
	int n;					/* steps of the half */
	struct step256 step[RAMP256_MAX];	/* from the centre out */
};

/* [palette][0: negative half, 1: positive half] */
static const struct ramp256 ramps256[PALETTE_COUNT][2] = {
	[PALETTE_RDBU] = {
		/* (215,215,255) .. (0,0,255): hue 292 .. 306 */
		{ 6, { { 189, 87.1f }, { 147, 74.2f }, { 105, 61.4f },
		       { 63, 49.3f }, { 27, 46.2f }, { 21, 32.3f } } },
		/* (255,215,215) .. (175,0,0): hue 20 .. 40 */
		{ 7, { { 224, 89.3f }, { 217, 79.1f }, { 210, 69.7f },
		       { 203, 61.9f }, { 196, 53.2f }, { 160, 44.9f },
		       { 124, 36.2f } } },
	},
	[PALETTE_PUOR] = {
		/* (215,215,255) .. (95,0,135): hue 292 .. 320 */
		{ 6, { { 189, 87.1f }, { 146, 72.7f }, { 104, 59.3f },
		       { 97, 47.5f }, { 91, 34.5f }, { 54, 24.3f } } },
		/* (255,215,175) .. (175,95,0): hue 51 .. 72 */
		{ 6, { { 223, 88.4f }, { 215, 77.7f }, { 208, 68.5f },
		       { 202, 61.2f }, { 166, 54.7f }, { 130, 48.6f } } },
	},
};

/* The zero of the ramp: white (231, L* 100) on a dark page; on a white
 * page grey 254 (#e4e4e4, L* 90.6, 1.3:1 against white), so that a heatmap's
 * zeros stay a surface and do not vanish into the page. It is still lighter
 * than the first step of either half (L* 87.1 and 89.3), so lightness falls
 * from the centre out in both themes. */
static const struct step256 centre256[THEME_COUNT] = {
	[THEME_DARK] = { 231, 100.0f },
	[THEME_LIGHT] = { 254, 90.6f },
	[THEME_ANY] = { 254, 90.6f },	/* its page may be white */
};

static int heat256(enum palette_id id, enum theme theme, double v)
{
	const struct ramp256 *r = &ramps256[id][v > 0];
	const struct step256 *c = &centre256[theme];
	double end = r->step[r->n - 1].lightness;
	double want = 100.0 - (100.0 - end) * fabs(v);
	int best = c->code;
	double dist = fabs(c->lightness - want);

	for (int k = 0; k < r->n; k++)
		if (fabs(r->step[k].lightness - want) < dist) {
			dist = fabs(r->step[k].lightness - want);
			best = r->step[k].code;
		}
	return best;
}

static const char *const names[PALETTE_COUNT] = {
	[PALETTE_RDBU] = "rdbu",
	[PALETTE_PUOR] = "puor",
};

static double clamp1(double v)
{
	if (isnan(v))
		return 0;
	return v < -1 ? -1 : v > 1 ? 1 : v;
}

/* Where on the ramp heat value v is drawn: v clamped (NaN = 0), then
 * spread out near 0. The stops at u = 0, 0.25, 0.5, 1 (and their
 * negatives) sit at |v| = 0, 0.1, 0.2, 1: the ramp's pale half takes
 * |v| <= 0.2 (slope 2.5), its strong half the rest (slope 0.625). Means
 * over many fast sines (a heatmap's pixel averages the pairs of its band
 * and the positions of its column) mostly lie within +-0.25 (the top cell
 * row of the explorer's start at 80x24, d 128, 9 pairs a row: mean |v|
 * 0.16, NumPy), which with stops at |v| = 0.25, 0.5, 0.75 read as a pale
 * wash, the more so on a white page. A smooth spread, u = 4v/(1 + 3|v|),
 * squeezed the strong half to a slope of 1/4 and turned the attention
 * view's score matrices (0.6 .. 1) into flat red squares. The colour
 * bars, which draw the values they label, show the same mapping. In
 * 24-bit and 256 colours; the 8-colour bands and shades stay linear (five
 * colours, seventeen levels). */
static double ramp_of(double v)
{
	double a;

	v = clamp1(v);
	a = fabs(v);
	a = a <= 0.2 ? 2.5 * a : 0.5 + (a - 0.2) * 0.625;
	return v < 0 ? -a : a;
}

static enum theme valid_theme(enum theme t)
{
	return (unsigned)t < THEME_COUNT ? t : THEME_DARK;
}

static enum palette_id valid_id(enum palette_id id)
{
	return (unsigned)id < PALETTE_COUNT ? id : PALETTE_RDBU;
}

const char *palette_name(enum palette_id id)
{
	return (unsigned)id < PALETTE_COUNT ? names[id] : "?";
}

int palette_from_name(const char *name, enum palette_id *id)
{
	for (int i = 0; name && i < PALETTE_COUNT; i++) {
		if (strcmp(name, names[i]) == 0) {
			*id = (enum palette_id)i;
			return 0;
		}
	}
	return -1;
}

/* Fixed point (t in 1/256ths): sinks call this for every heat cell of a
 * frame, and it is several times faster than the same in double. */
static uint8_t lerp8(uint8_t a, uint8_t b, unsigned t)
{
	return (uint8_t)((a * (256 - t) + b * t + 128) >> 8);
}

/* The zero of the light and any themes: #e4e4e4, the 256-colour ramp's
 * (centre256). */
static const struct rgb light_centre = { 0xe4, 0xe4, 0xe4 };

struct rgb palette_heat_rgb(enum palette_id id, enum theme theme, double v)
{
	const struct rgb *s = stops[valid_id(id)];
	unsigned u = (unsigned)((ramp_of(v) + 1) * 4 * 256 + 0.5); /* 0..2048 */
	unsigned i = u >> 8, t = u & 255;
	struct rgb a, b;

	if (i >= 8)
		return s[8];
	a = s[i];
	b = s[i + 1];
	/* On a white page the first stops (L* 90) are no darker than the
	 * grey zero (L* 90.6): the zero runs straight to the stops at +-0.5,
	 * so that lightness falls from the first tint on. */
	if (valid_theme(theme) != THEME_DARK && i >= 2 && i <= 5) {
		bool pos = i >= 4;

		a = light_centre;
		b = s[pos ? 6 : 2];
		t = pos ? u - 1024 : 1024 - u;	/* 0 .. 512 */
		return (struct rgb){ lerp8(a.r, b.r, t / 2), lerp8(a.g, b.g, t / 2),
				     lerp8(a.b, b.b, t / 2) };
	}
	return (struct rgb){ lerp8(a.r, b.r, t), lerp8(a.g, b.g, t),
			     lerp8(a.b, b.b, t) };
}

/* The eight-colour band nearest to v: 0 .. BANDS8-1. */
static int band8(double v)
{
	return (int)lround((clamp1(v) + 1) * 2);
}

int palette_heat(enum palette_id id, enum color_mode mode, enum theme theme,
		 double v)
{
	switch (mode) {
	case COLOR_8:
		return bands8[valid_id(id)][band8(v)];
	case COLOR_256:
		return heat256(valid_id(id), valid_theme(theme), ramp_of(v));
	case COLOR_RGB:
		return palette_code(palette_heat_rgb(id, theme, v), mode);
	default:
		return PALETTE_DEFAULT;
	}
}

int palette_level(double v, int nlevels)
{
	int l;

	if (nlevels <= 1)
		return 0;
	l = (int)((clamp1(v) + 1) / 2 * nlevels);
	return l >= nlevels ? nlevels - 1 : l;
}

double palette_level_value(int level, int nlevels)
{
	if (nlevels <= 1)
		return 0;
	if (level < 0)
		level = 0;
	if (level >= nlevels)
		level = nlevels - 1;
	return -1 + (2.0 * level + 1) / nlevels;
}

/* ---- colour conversions ---- */

static const uint8_t cube[6] = { 0, 95, 135, 175, 215, 255 };

/* Nearest cube level to one channel value. */
static int cube_index(int v)
{
	return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40;
}

static long dist2(struct rgb a, struct rgb b)
{
	long dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;

	return dr * dr + dg * dg + db * db;
}

int palette_rgb_to_256(struct rgb c)
{
	int r = cube_index(c.r), g = cube_index(c.g), b = cube_index(c.b);
	struct rgb cc = { cube[r], cube[g], cube[b] };
	int mean = (c.r + c.g + c.b) / 3;
	int gi = mean < 8 ? 0 : mean > 238 ? 23 : (mean - 8 + 5) / 10;
	uint8_t gv = (uint8_t)(8 + 10 * gi);
	struct rgb gc = { gv, gv, gv };

	/* Ties go to the cube, whose pure colours are exact. */
	if (dist2(c, gc) < dist2(c, cc))
		return 232 + gi;
	return 16 + 36 * r + 6 * g + b;
}

/* xterm's defaults for the 16 system colours. */
static const struct rgb system16[16] = {
	{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 },
	{ 0, 0, 238 }, { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
	{ 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 }, { 255, 255, 0 },
	{ 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
};

struct rgb palette_256_to_rgb(int i)
{
	if (i < 0 || i > 255)
		return (struct rgb){ 0, 0, 0 };
	if (i < 16)
		return system16[i];
	if (i >= 232) {
		uint8_t v = (uint8_t)(8 + 10 * (i - 232));

		return (struct rgb){ v, v, v };
	}
	i -= 16;
	return (struct rgb){ cube[i / 36], cube[i / 6 % 6], cube[i % 6] };
}

int palette_rgb_to_8(struct rgb c)
{
	int best = 0;

	for (int i = 1; i < 8; i++)
		if (dist2(c, system16[i]) < dist2(c, system16[best]))
			best = i;
	return best;
}

int palette_code(struct rgb c, enum color_mode mode)
{
	switch (mode) {
	case COLOR_8:
		return palette_rgb_to_8(c);
	case COLOR_256:
		return palette_rgb_to_256(c);
	case COLOR_RGB:
		return c.r << 16 | c.g << 8 | c.b;
	default:
		return PALETTE_DEFAULT;
	}
}

/* ---- roles ---- */

/* One role's colours. has_* false means the terminal default. The eight-
 * colour codes are chosen by hand: nearest-colour matching of the RGB values
 * would turn most of them grey or white. */
struct role_colors {
	bool has_ink, has_paper;
	struct rgb ink, paper;
	int ink8, paper8;	/* ANSI 0..7 or PALETTE_DEFAULT */
	uint8_t attr;		/* added in colour modes */
	uint8_t mono_ink;	/* added in COLOR_NONE when used as fg */
	uint8_t mono_paper;	/* added in COLOR_NONE when used as bg */
};

/* Every RGB value below is an entry of xterm's 256-colour cube (levels 0,
 * 95, 135, 175, 215, 255) or grey ramp, so a screen has the same colours
 * in 24-bit and in 256 colours, and the contrast measured for one holds for
 * the other.
 *
 * Contrast (WCAG 2.x ratio, measured against black for the dark theme,
 * white for the light one and both for the any theme; tests/e2e/contrast.sh
 * measures the letters and the marks of every screen):
 * every role that carries letters is 7:1 or more (AAA, presenter mode's
 * floor; 4.5:1 is AA, the floor elsewhere). No role is drawn faint (SGR 2) in
 * colour: xterm draws faint at 2/3 of its colour, and the old faint grey
 * hints were 3.14:1 on black. Borders are no text; they stay above 3:1
 * (WCAG's floor for the edges of controls). The any theme cannot reach 7:1:
 * a colour 4.5:1 against both black and white has a luminance between
 * 0.175 and 0.183, and no colour is better than 4.58:1 (the square root of
 * 21) against both; its body text, titles and keys are the terminal's own
 * colour, which is the page's opposite.
 *
 * One colour, one meaning: the traces (data curves) avoid the colours of
 * both heat palettes (RdBu's blue and red, PuOr's purple and orange), of
 * the cursor and of the markers, so a curve never reads as a heat value (at
 * least 20 CIELAB units from each, tests/unit/test_pictures.c): dark theme cyan, yellow, pink, spring green; light theme teal,
 * maroon, violet, dark green (a curve keeps its hue family from one
 * theme to the other where it can). A white page leaves the 256-colour
 * cube few hues dark enough for 7:1 that no heat ramp uses (olive is
 * 6.7:1), so the yellow curve is maroon, near RdBu's red end in hue but
 * at half its lightness, and the cursor black. Key names
 * have no colour of their own: bold in the text colour. */
static const struct role_colors roles[THEME_COUNT][ROLE_COUNT] = {
	[THEME_DARK] = {
	[ROLE_DEFAULT] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			   PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	/* Grey 248: 8.8:1 on black, still dimmer than the text. */
	[ROLE_DIM] = { true, false, { 168, 168, 168 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	[ROLE_AXIS] = { true, false, { 178, 178, 178 }, { 0, 0, 0 },
			7, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	[ROLE_TITLE] = { true, false, { 135, 175, 215 }, { 0, 0, 0 },
			 6, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_BORDER] = { true, false, { 108, 108, 108 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_FOCUS] = { true, false, { 95, 215, 255 }, { 0, 0, 0 },
			 6, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	/* Bright green: the cursor on the plots (the heatmap's crosshair
	 * has roles of its own). */
	[ROLE_CURSOR] = { true, true, { 0, 215, 0 }, { 0, 215, 0 },
			  2, 2, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			  ATTR_REVERSE },
	/* The paper is the ink, for legend swatches. */
	[ROLE_TRACE1] = { true, true, { 0, 215, 215 }, { 0, 215, 215 },
			  6, 6, 0, 0, 0 },
	[ROLE_TRACE2] = { true, true, { 255, 255, 95 }, { 255, 255, 95 },
			  3, 3, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE3] = { true, true, { 255, 135, 255 }, { 255, 135, 255 },
			  5, 5, 0, 0, 0 },
	/* Spring green, not the lime (175, 215, 95) it was: delta E 28.5
	 * from the yellow second trace read as one colour (PI and YaRN in
	 * the context view); it is 70 from yellow, 46 from cyan, 51 from
	 * the cursor, 15.9:1 on black. */
	[ROLE_TRACE4] = { true, true, { 0, 255, 175 }, { 0, 255, 175 },
			  2, 2, 0, ATTR_BOLD, 0 },
	/* Traces 5 to 8, for the views that draw more than four curves:
	 * peach, sky blue, rose and chartreuse, 7:1 or more on black, 45 or
	 * more CIELAB units from every other trace and 20 from the heat
	 * ends, the cursor and the markers. Eight colours have six that a
	 * black page shows (xterm's blue is 2.2:1), so two repeat the
	 * third and fourth: there the lanes' letters tell them apart. */
	[ROLE_TRACE5] = { true, true, { 255, 175, 135 }, { 255, 175, 135 },
			  1, 1, 0, 0, 0 },
	[ROLE_TRACE6] = { true, true, { 95, 175, 255 }, { 95, 175, 255 },
			  7, 7, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE7] = { true, true, { 255, 95, 135 }, { 255, 95, 135 },
			  5, 5, 0, 0, 0 },
	[ROLE_TRACE8] = { true, true, { 135, 255, 0 }, { 135, 255, 0 },
			  2, 2, 0, ATTR_BOLD, 0 },
	/* Markers (len, L0, thresholds, reach) are rulers, not data: a
	 * light grey no trace colour is near, so the dashed threshold never
	 * reads as a curve it crosses. */
	[ROLE_MARKER] = { true, true, { 238, 238, 238 }, { 238, 238, 238 },
			  7, 7, 0, ATTR_BOLD, 0 },
	[ROLE_OK] = { true, false, { 95, 215, 95 }, { 0, 0, 0 },
		      2, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_WARN] = { true, false, { 255, 175, 0 }, { 0, 0, 0 },
			3, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_ERROR] = { true, false, { 255, 95, 95 }, { 0, 0, 0 },
			 1, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	/* In eight colours grey on blue, as the help: key names, in the
	 * terminal's own white, were 2.0:1 on the cyan it was. */
	[ROLE_STATUS] = { true, true, { 208, 208, 208 }, { 48, 48, 48 },
			  7, 4, 0, 0, ATTR_REVERSE },
	/* Grey 234: an overlay a shade off the page, dark enough that the
	 * hints' grey on it stays 7:1. */
	[ROLE_HELP] = { true, true, { 228, 228, 228 }, { 28, 28, 28 },
			7, 4, 0, 0, 0 },
	[ROLE_KEY] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
		       0 },
	/* Words over heat (a map's "= 0"): near black, or white over a heat
	 * colour dark enough that white contrasts more (look_of), in both
	 * themes. */
	[ROLE_ON_HEAT] = { true, true, { 8, 8, 8 }, { 8, 8, 8 },
			   0, 0, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			   ATTR_REVERSE },
	[ROLE_ON_HEAT_LIGHT] = { true, true, { 255, 255, 255 },
				 { 255, 255, 255 }, 7, 7, ATTR_BOLD,
				 ATTR_REVERSE | ATTR_BOLD, ATTR_REVERSE },
	/* The crosshair: the cursor's green, on the page (look_of). Drawn
	 * over the heat, on the mean of a cell's two halves, it was lost
	 * on the ramps' white (1.9:1) and salmon (about 1:1), and the mean
	 * of a red and a white half reads as an orange column of data
	 * beside the line. */
	[ROLE_CROSSHAIR] = { true, true, { 0, 215, 0 }, { 0, 215, 0 },
			     2, 2, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			     ATTR_REVERSE },
	},
	[THEME_LIGHT] = {
	[ROLE_DEFAULT] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			   PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	/* Grey 239: 8.3:1 on white. */
	[ROLE_DIM] = { true, false, { 78, 78, 78 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	[ROLE_AXIS] = { true, false, { 68, 68, 68 }, { 0, 0, 0 },
			0, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	/* Titles in the text's own colour, bold: no blue dark enough for
	 * 7:1 on the help's grey is not a curve's or a heat end's. */
	[ROLE_TITLE] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			 PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
			 0 },
	/* 3.4:1 on white: the frame of every panel, the heatmap's too, shows
	 * on the page. */
	[ROLE_BORDER] = { true, false, { 138, 138, 138 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_FOCUS] = { true, false, { 0, 0, 175 }, { 0, 0, 0 },
			 4, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	/* Near black reads over the white page; the dark green it would be
	 * is the fourth curve's. Grey 232, not #000000: a 24-bit code below 8 is one of
	 * the 8 ANSI colours to ncurses' -direct entries, and xterm draws
	 * bold ANSI black as bright black (#7f7f7f, 4.0:1 on white). */
	[ROLE_CURSOR] = { true, true, { 8, 8, 8 }, { 8, 8, 8 },
			  0, 0, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			  ATTR_REVERSE },
	/* each trace in the hue family of its dark-theme colour where
	 * the cube has one dark enough: teal for cyan, violet for pink,
	 * dark green for spring green; yellow has none (olive is 6.7:1), so the
	 * second is maroon. Violet, not the magenta (135, 0, 95) it was:
	 * delta E 48 from maroon read as one colour in thin curves (PI
	 * and NTK); violet is 99 from it. Teal and dark green stay 51
	 * apart: the cube's only other dark enough blue-greens are
	 * within 20 of RdBu's blue. */
	/* In eight colours the light theme keeps off the ANSI colours
	 * that vanish on white (xterm's cyan is 1.7:1, green 2.2:1, yellow
	 * 1.5:1): blue, red, magenta and black remain (9.4, 5.8, 4.7 and
	 * 21:1). */
	[ROLE_TRACE1] = { true, true, { 0, 95, 95 }, { 0, 95, 95 },
			  4, 4, 0, 0, 0 },
	[ROLE_TRACE2] = { true, true, { 95, 0, 0 }, { 95, 0, 0 },
			  1, 1, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE3] = { true, true, { 95, 0, 175 }, { 95, 0, 175 },
			  5, 5, 0, 0, 0 },
	[ROLE_TRACE4] = { true, true, { 0, 95, 0 }, { 0, 95, 0 },
			  0, 0, 0, ATTR_BOLD, 0 },
	/* Traces 5 to 8: raspberry, blue, navy and plum. A white page
	 * leaves eleven cube entries 7:1 or more that keep 20 CIELAB units
	 * from the heat ends, the cursor and the markers, all of them blue
	 * to red through purple: no eight of them are 50 apart, these are
	 * the most apart (31, plum from violet), so the views that draw
	 * them give each curve a lane and a letter of its own. */
	[ROLE_TRACE5] = { true, true, { 175, 0, 95 }, { 175, 0, 95 },
			  1, 1, 0, 0, 0 },
	[ROLE_TRACE6] = { true, true, { 0, 0, 255 }, { 0, 0, 255 },
			  4, 4, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE7] = { true, true, { 0, 0, 95 }, { 0, 0, 95 },
			  0, 0, 0, 0, 0 },
	[ROLE_TRACE8] = { true, true, { 135, 0, 135 }, { 135, 0, 135 },
			  5, 5, 0, ATTR_BOLD, 0 },
	[ROLE_MARKER] = { true, true, { 88, 88, 88 }, { 88, 88, 88 },
			  0, 0, 0, ATTR_BOLD, 0 },
	[ROLE_OK] = { true, false, { 0, 95, 0 }, { 0, 0, 0 },
		      4, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_WARN] = { true, false, { 135, 0, 0 }, { 0, 0, 0 },
			1, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_ERROR] = { true, false, { 175, 0, 0 }, { 0, 0, 0 },
			 1, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_STATUS] = { true, true, { 18, 18, 18 }, { 228, 228, 228 },
			  0, 7, 0, 0, ATTR_REVERSE },
	[ROLE_HELP] = { true, true, { 18, 18, 18 }, { 238, 238, 238 },
			0, 7, 0, 0, 0 },
	[ROLE_KEY] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
		       0 },
	/* the dark theme's */
	[ROLE_ON_HEAT] = { true, true, { 8, 8, 8 }, { 8, 8, 8 },
			   0, 0, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			   ATTR_REVERSE },
	[ROLE_ON_HEAT_LIGHT] = { true, true, { 255, 255, 255 },
				 { 255, 255, 255 }, 7, 7, ATTR_BOLD,
				 ATTR_REVERSE | ATTR_BOLD, ATTR_REVERSE },
	/* the cursor's near black, on the white page */
	[ROLE_CROSSHAIR] = { true, true, { 8, 8, 8 }, { 8, 8, 8 },
			     0, 0, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			     ATTR_REVERSE },
	},
	[THEME_ANY] = {
	[ROLE_DEFAULT] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			   PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	/* Grey 243: 4.6:1 on black, 4.5:1 on white. */
	[ROLE_DIM] = { true, false, { 118, 118, 118 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	[ROLE_AXIS] = { true, false, { 118, 118, 118 }, { 0, 0, 0 },
			PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	/* Titles, the focused frame, the cursor and the crosshair in the
	 * terminal's own colour, bold: it is the one colour that is the
	 * page's opposite whatever the page is. */
	[ROLE_TITLE] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			 PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
			 0 },
	/* Grey 242: 4.0:1 on black, 5.3:1 on white. */
	[ROLE_BORDER] = { true, false, { 108, 108, 108 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_FOCUS] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			 PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
			 0 },
	[ROLE_CURSOR] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD,
			  ATTR_REVERSE | ATTR_BOLD, ATTR_REVERSE },
	/* Jade, brick, magenta and blue-violet: four of the six cube
	 * entries (with grey 243 and purple 98) that are 4.5:1 against
	 * both black and white, so a curve's label reads as well as its
	 * line; 57 or more CIELAB units apart, and 23 or more from every
	 * heat colour of |v| >= 0.5 (brick from RdBu's red end). In eight
	 * colours only red and magenta are 3:1 on both (xterm's blue is
	 * 2.2:1 on black), and none is 4.5:1 (magenta 4.48:1 on black):
	 * letters take the terminal's own colour there (letter_ink). */
	[ROLE_TRACE1] = { true, true, { 0, 135, 95 }, { 0, 135, 95 },
			  5, 5, 0, 0, 0 },
	[ROLE_TRACE2] = { true, true, { 175, 95, 95 }, { 175, 95, 95 },
			  1, 1, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE3] = { true, true, { 215, 0, 175 }, { 215, 0, 175 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_TRACE4] = { true, true, { 95, 95, 255 }, { 95, 95, 255 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_BOLD, 0 },
	/* Traces 5 to 8: ochre, red, azure and violet. No cube entry but
	 * the four above and purple 98 is 4.5:1 against both pages, so
	 * these are marks, 3:1 against both, and letters in them take the
	 * terminal's own colour (letter_ink): 35 or more CIELAB units from
	 * every other trace, 20 from the heat ends and the marker. */
	[ROLE_TRACE5] = { true, true, { 175, 135, 0 }, { 175, 135, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_TRACE6] = { true, true, { 255, 0, 0 }, { 255, 0, 0 },
			  1, 1, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE7] = { true, true, { 0, 135, 255 }, { 0, 135, 255 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_TRACE8] = { true, true, { 175, 0, 255 }, { 175, 0, 255 },
			  5, 5, 0, ATTR_BOLD, 0 },
	[ROLE_MARKER] = { true, true, { 118, 118, 118 }, { 118, 118, 118 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, ATTR_BOLD, 0 },
	[ROLE_OK] = { true, false, { 0, 135, 95 }, { 0, 0, 0 },
		      PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_WARN] = { true, false, { 175, 95, 95 }, { 0, 0, 0 },
			PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
			0 },
	[ROLE_ERROR] = { true, false, { 175, 95, 95 }, { 0, 0, 0 },
			 PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
			 0 },
	/* No paper of their own: any grey is near one of the pages, and a
	 * mid-grey paper leaves no text colour 4.5:1 on it. */
	[ROLE_STATUS] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0,
			  ATTR_REVERSE },
	[ROLE_HELP] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_KEY] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD,
		       0 },
	/* the other themes' */
	[ROLE_ON_HEAT] = { true, true, { 8, 8, 8 }, { 8, 8, 8 },
			   0, 0, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			   ATTR_REVERSE },
	[ROLE_ON_HEAT_LIGHT] = { true, true, { 255, 255, 255 },
				 { 255, 255, 255 }, 7, 7, ATTR_BOLD,
				 ATTR_REVERSE | ATTR_BOLD, ATTR_REVERSE },
	[ROLE_CROSSHAIR] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			     PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_BOLD,
			     ATTR_REVERSE | ATTR_BOLD, ATTR_REVERSE },
	},
};

static int role_code(bool has, struct rgb c, int code8, enum color_mode mode)
{
	if (!has || mode == COLOR_NONE)
		return PALETTE_DEFAULT;
	return mode == COLOR_8 ? code8 : palette_code(c, mode);
}

int palette_role_fg(enum role r, enum color_mode mode, enum theme theme)
{
	const struct role_colors *p;

	if ((unsigned)r >= ROLE_COUNT)
		return PALETTE_DEFAULT;
	p = &roles[valid_theme(theme)][r];
	return role_code(p->has_ink, p->ink, p->ink8, mode);
}

int palette_role_bg(enum role r, enum color_mode mode, enum theme theme)
{
	const struct role_colors *p;

	if ((unsigned)r >= ROLE_COUNT)
		return PALETTE_DEFAULT;
	p = &roles[valid_theme(theme)][r];
	return role_code(p->has_paper, p->paper, p->paper8, mode);
}

unsigned palette_role_attr(enum role fg, enum role bg, enum color_mode mode)
{
	unsigned a = 0;

	if ((unsigned)fg < ROLE_COUNT)
		a |= mode == COLOR_NONE ? roles[THEME_DARK][fg].mono_ink
					: roles[THEME_DARK][fg].attr;
	if ((unsigned)bg < ROLE_COUNT && mode == COLOR_NONE)
		a |= roles[THEME_DARK][bg].mono_paper;
	return a;
}

/* ---- cells ---- */

/* Colours by value and by role: computed exactly, or read from a table. */
struct heat_source {
	enum palette_id id;		/* exact: palette_heat(id, mode, v);
					   and the COLOR_8 shades */
	enum theme theme;		/* exact: the page it is drawn on */
	const struct heat_table *table;	/* or, when non-NULL, this table */
};

static int heat_code(const struct heat_source *h, enum color_mode mode, double v)
{
	if (h->table)
		return h->table->code[palette_level(v, h->table->nlevels)];
	return palette_heat(h->id, mode, h->theme, v);
}

static int ink_code(const struct heat_source *h, enum color_mode mode, unsigned r)
{
	if (h->table && r < ROLE_COUNT)
		return h->table->role_fg[r];
	return palette_role_fg((enum role)r, mode, h->theme);
}

static int paper_code(const struct heat_source *h, enum color_mode mode, unsigned r)
{
	if (h->table && r < ROLE_COUNT)
		return h->table->role_bg[r];
	return palette_role_bg((enum role)r, mode, h->theme);
}

/* Shades between two neighbouring colours, a quarter, half and three
 * quarters of the way. */
static const uint32_t shade_utf8[3] = { 0x2591, 0x2592, 0x2593 };
static const uint32_t shade_ascii[3] = { '.', '+', '#' };

/* COLOR_8: heat value v as one of 17 levels (palette_look). */
static void shade8(enum palette_id id, double v, bool utf8, struct look *k)
{
	int level = (int)lround((clamp1(v) + 1) * 8);	/* 0 .. 16 */
	int band = level / 4, part = level % 4;
	const int *col = bands8[valid_id(id)];

	k->bg = col[band];
	if (part == 0) {
		/* A blank shows its background only; the foreground stays the
		 * terminal's, which keeps the colour pairs it needs few (an
		 * 8-colour xterm has 64). */
		k->glyph = ' ';
		k->fg = PALETTE_DEFAULT;
		return;
	}
	k->glyph = utf8 ? shade_utf8[part - 1] : shade_ascii[part - 1];
	k->fg = col[band + 1];
}

/* Code of mode (COLOR_8, COLOR_256 or COLOR_RGB) as the colour it shows:
 * the 8 ANSI colours are the 256 palette's first. */
static struct rgb code_rgb(int code, enum color_mode mode)
{
	if (mode == COLOR_RGB)
		return (struct rgb){ (uint8_t)(code >> 16), (uint8_t)(code >> 8),
				     (uint8_t)code };
	return palette_256_to_rgb(code);
}

static double srgb_linear(uint8_t c)
{
	double v = c / 255.0;

	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* WCAG relative luminance of colour code c of mode. */
static double luminance(int c, enum color_mode mode)
{
	struct rgb v = code_rgb(c, mode);

	return 0.2126 * srgb_linear(v.r) + 0.7152 * srgb_linear(v.g) +
	       0.0722 * srgb_linear(v.b);
}

/* Whether white contrasts more than near black with colour code bg: its
 * WCAG relative luminance is under 0.185, where the two ratios meet. */
static bool dark_paper(int bg, enum color_mode mode)
{
	if (bg == PALETTE_DEFAULT || mode == COLOR_NONE)
		return false;
	return luminance(bg, mode) < 0.185;
}

/* Whether a mark in colour code fg stands out from the heat colour bg
 * under it: 3:1 (WCAG 2.1 SC 1.4.11). The vector view's cursor, green, was
 * 1.6:1 on RdBu's blue. The terminal's own colour (the any theme's cursor)
 * is white or black, nobody knows which: never. */
static bool stands_out(int fg, int bg, enum color_mode mode)
{
	double a, b;

	if (mode == COLOR_NONE)
		return true;
	if (fg == PALETTE_DEFAULT || bg == PALETTE_DEFAULT)
		return false;
	a = luminance(fg, mode);
	b = luminance(bg, mode);
	return (fmax(a, b) + 0.05) / (fmin(a, b) + 0.05) >= 3;
}

/* The ink of glyph g in role colour fg on the page (bg PALETTE_DEFAULT) of
 * theme. Eight colours are few, and xterm's are not made for reading: on
 * black its magenta is 4.48:1 and red 3.6:1, on white its cyan 1.7:1, and
 * on either page none is 4.5:1 against both; nor is any cube entry but
 * six, fewer than the any theme's traces. A colour is kept for marks
 * (arrows, box drawing, blocks, geometric shapes, braille: U+2190 ..
 * U+28FF), which need 3:1 (the role tables see to that); letters, digits
 * and punctuation in a colour under 4.5:1 against the page (both pages
 * for THEME_ANY) take the terminal's own colour instead. */
static int letter_ink(uint32_t g, int fg, int bg, enum color_mode mode,
		      enum theme theme)
{
	double l;

	/* with more colours only the any theme has inks under 4.5:1 (its
	 * traces 5 to 8): the others need not be measured cell by cell */
	if (mode == COLOR_NONE || (mode != COLOR_8 && theme != THEME_ANY) ||
	    fg == PALETTE_DEFAULT || bg != PALETTE_DEFAULT ||
	    (g >= 0x2190 && g <= 0x28ff))
		return fg;
	l = luminance(fg, mode);
	if (theme != THEME_LIGHT && (l + 0.05) / 0.05 < 4.5)
		return PALETTE_DEFAULT;
	if (theme != THEME_DARK && 1.05 / (l + 0.05) < 4.5)
		return PALETTE_DEFAULT;
	return fg;
}

static struct look look_of(const struct cell *a, enum color_mode mode,
			   const struct heat_source *h, bool utf8)
{
	struct look k = { canvas_glyph(a, utf8, mode != COLOR_NONE),
			  PALETTE_DEFAULT, PALETTE_DEFAULT, a->attr };
	double mean;

	if (a->kind != CELL_HALF) {
		k.bg = paper_code(h, mode, a->bg);
		k.fg = letter_ink(k.glyph, ink_code(h, mode, a->fg), k.bg, mode,
				  valid_theme(h->theme));
		k.attr |= (uint8_t)palette_role_attr((enum role)a->fg,
						     (enum role)a->bg, mode);
		return k;
	}
	mean = ((double)a->top + a->bot) / 2;
	if (a->ch) {
		/* a word or a mark over heat in an ink that reads over it;
		 * the crosshair's lines on the page */
		unsigned ink = a->fg;

		k.bg = ink == ROLE_CROSSHAIR ? paper_code(h, mode, ROLE_DEFAULT)
					     : heat_code(h, mode, mean);
		if (ink != ROLE_CROSSHAIR && ink != ROLE_ON_HEAT &&
		    !stands_out(ink_code(h, mode, ink), k.bg, mode))
			ink = ROLE_ON_HEAT;
		if (ink == ROLE_ON_HEAT && dark_paper(k.bg, mode))
			ink = ROLE_ON_HEAT_LIGHT;
		k.fg = ink_code(h, mode, ink);
		k.attr |= (uint8_t)palette_role_attr((enum role)a->fg,
						     ROLE_DEFAULT, mode);
	} else if (mode == COLOR_8 && (!utf8 || band8(a->top) == band8(a->bot))) {
		shade8(h->id, mean, utf8, &k);
	} else if (utf8) {
		k.fg = heat_code(h, mode, a->top);
		k.bg = heat_code(h, mode, a->bot);
	} else {
		k.bg = heat_code(h, mode, mean);
	}
	return k;
}

struct look palette_look(const struct cell *a, enum color_mode mode,
			 enum palette_id id, enum theme theme, bool utf8)
{
	struct heat_source h = { id, theme, NULL };
	return look_of(a, mode, &h, utf8);
}

void palette_heat_table(struct heat_table *t, enum palette_id id,
			enum theme theme, enum color_mode mode, int nlevels)
{
	if (nlevels < 1)
		nlevels = 1;
	if (nlevels > HEAT_TABLE_MAX)
		nlevels = HEAT_TABLE_MAX;
	t->mode = mode;
	t->id = valid_id(id);
	t->theme = valid_theme(theme);
	t->nlevels = nlevels;
	for (int l = 0; l < nlevels; l++)
		t->code[l] = palette_heat(id, mode, theme,
					  palette_level_value(l, nlevels));
	for (int r = 0; r < ROLE_COUNT; r++) {
		t->role_fg[r] = palette_role_fg((enum role)r, mode, theme);
		t->role_bg[r] = palette_role_bg((enum role)r, mode, theme);
	}
}

struct look palette_look_table(const struct cell *a, const struct heat_table *t,
			       bool utf8)
{
	struct heat_source h = { t->id, t->theme, t };
	return look_of(a, t->mode, &h, utf8);
}
