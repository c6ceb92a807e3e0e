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

/* Eight-colour bands, strong negative .. strong positive. */
static const int bands8[PALETTE_COUNT][5] = {
	[PALETTE_RDBU] = { 4, 6, 7, 3, 1 },
	[PALETTE_PUOR] = { 5, 6, 7, 3, 1 },
};

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

struct rgb palette_heat_rgb(enum palette_id id, double v)
{
	const struct rgb *s = stops[valid_id(id)];
	unsigned u = (unsigned)((clamp1(v) + 1) * 4 * 256 + 0.5); /* 0..2048 */
	unsigned i = u >> 8, t = u & 255;

	if (i >= 8)
		return s[8];
	return (struct rgb){ lerp8(s[i].r, s[i + 1].r, t),
			     lerp8(s[i].g, s[i + 1].g, t),
			     lerp8(s[i].b, s[i + 1].b, t) };
}

int palette_heat(enum palette_id id, enum color_mode mode, double v)
{
	double a;
	int band;

	switch (mode) {
	case COLOR_8:
		v = clamp1(v);
		a = fabs(v);
		band = a < 0.2 ? 0 : a < 0.6 ? 1 : 2;
		return bands8[valid_id(id)][v < 0 ? 2 - band : 2 + band];
	case COLOR_256:
	case COLOR_RGB:
		return palette_code(palette_heat_rgb(id, v), mode);
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
	uint8_t v;

	if (i < 0 || i > 255)
		return (struct rgb){ 0, 0, 0 };
	if (i < 16)
		return system16[i];
	if (i >= 232) {
		v = (uint8_t)(8 + 10 * (i - 232));
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

static const struct role_colors roles[ROLE_COUNT] = {
	[ROLE_DEFAULT] = { false, false, { 0, 0, 0 }, { 0, 0, 0 },
			   PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_DIM] = { true, false, { 138, 138, 138 }, { 0, 0, 0 },
		       PALETTE_DEFAULT, PALETTE_DEFAULT, ATTR_DIM, ATTR_DIM, 0 },
	[ROLE_AXIS] = { true, false, { 150, 150, 150 }, { 0, 0, 0 },
			7, PALETTE_DEFAULT, 0, ATTR_DIM, 0 },
	[ROLE_TITLE] = { true, false, { 135, 175, 215 }, { 0, 0, 0 },
			 6, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_BORDER] = { true, false, { 108, 108, 108 }, { 0, 0, 0 },
			  PALETTE_DEFAULT, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_FOCUS] = { true, false, { 95, 215, 255 }, { 0, 0, 0 },
			 6, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	/* Bright green reads over blue, white and red heat alike. */
	[ROLE_CURSOR] = { true, true, { 0, 230, 0 }, { 0, 230, 0 },
			  2, 2, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,
			  ATTR_REVERSE },
	/* Okabe-Ito: sky blue, orange, bluish green, reddish purple. The
	 * paper is the ink, for legend swatches. */
	[ROLE_TRACE1] = { true, true, { 86, 180, 233 }, { 86, 180, 233 },
			  6, 6, 0, 0, 0 },
	[ROLE_TRACE2] = { true, true, { 230, 159, 0 }, { 230, 159, 0 },
			  3, 3, 0, ATTR_BOLD, 0 },
	[ROLE_TRACE3] = { true, true, { 0, 158, 115 }, { 0, 158, 115 },
			  2, 2, 0, 0, 0 },
	[ROLE_TRACE4] = { true, true, { 204, 121, 167 }, { 204, 121, 167 },
			  5, 5, 0, ATTR_BOLD, 0 },
	[ROLE_MARKER] = { true, true, { 255, 215, 0 }, { 255, 215, 0 },
			  3, 3, 0, ATTR_BOLD, 0 },
	[ROLE_OK] = { true, false, { 95, 215, 95 }, { 0, 0, 0 },
		      2, PALETTE_DEFAULT, 0, 0, 0 },
	[ROLE_WARN] = { true, false, { 255, 175, 0 }, { 0, 0, 0 },
			3, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_ERROR] = { true, false, { 255, 95, 95 }, { 0, 0, 0 },
			 1, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
	[ROLE_STATUS] = { true, true, { 208, 208, 208 }, { 48, 48, 48 },
			  0, 6, 0, 0, ATTR_REVERSE },
	[ROLE_HELP] = { true, true, { 230, 230, 230 }, { 28, 36, 56 },
			7, 4, 0, 0, 0 },
	[ROLE_KEY] = { true, false, { 255, 215, 95 }, { 0, 0, 0 },
		       3, PALETTE_DEFAULT, ATTR_BOLD, ATTR_BOLD, 0 },
};

static int role_code(bool has, struct rgb c, int code8, enum color_mode mode)
{
	if (!has || mode == COLOR_NONE)
		return PALETTE_DEFAULT;
	return mode == COLOR_8 ? code8 : palette_code(c, mode);
}

int palette_role_fg(enum role r, enum color_mode mode)
{
	const struct role_colors *p;

	if ((unsigned)r >= ROLE_COUNT)
		return PALETTE_DEFAULT;
	p = &roles[r];
	return role_code(p->has_ink, p->ink, p->ink8, mode);
}

int palette_role_bg(enum role r, enum color_mode mode)
{
	const struct role_colors *p;

	if ((unsigned)r >= ROLE_COUNT)
		return PALETTE_DEFAULT;
	p = &roles[r];
	return role_code(p->has_paper, p->paper, p->paper8, mode);
}

unsigned palette_role_attr(enum role fg, enum role bg, enum color_mode mode)
{
	unsigned a = 0;

	if ((unsigned)fg < ROLE_COUNT)
		a |= mode == COLOR_NONE ? roles[fg].mono_ink : roles[fg].attr;
	if ((unsigned)bg < ROLE_COUNT && mode == COLOR_NONE)
		a |= roles[bg].mono_paper;
	return a;
}

/* ---- cells ---- */

/* Colours by value and by role: computed exactly, or read from a table. */
struct heat_source {
	enum palette_id id;		/* exact: palette_heat(id, mode, v) */
	const struct heat_table *table;	/* or, when non-NULL, this table */
};

static int heat_code(const struct heat_source *h, enum color_mode mode, double v)
{
	if (h->table)
		return h->table->code[palette_level(v, h->table->nlevels)];
	return palette_heat(h->id, mode, v);
}

static int ink_code(const struct heat_source *h, enum color_mode mode, unsigned r)
{
	if (h->table && r < ROLE_COUNT)
		return h->table->role_fg[r];
	return palette_role_fg((enum role)r, mode);
}

static int paper_code(const struct heat_source *h, enum color_mode mode, unsigned r)
{
	if (h->table && r < ROLE_COUNT)
		return h->table->role_bg[r];
	return palette_role_bg((enum role)r, mode);
}

static struct look look_of(const struct cell *a, enum color_mode mode,
			   const struct heat_source *h, bool utf8)
{
	struct look k = { canvas_glyph(a, utf8, mode != COLOR_NONE),
			  PALETTE_DEFAULT, PALETTE_DEFAULT, a->attr };
	double mean;

	if (a->kind != CELL_HALF) {
		k.fg = ink_code(h, mode, a->fg);
		k.bg = paper_code(h, mode, a->bg);
		k.attr |= (uint8_t)palette_role_attr((enum role)a->fg,
						     (enum role)a->bg, mode);
		return k;
	}
	mean = ((double)a->top + a->bot) / 2;
	if (a->ch) {
		k.fg = ink_code(h, mode, a->fg);
		k.bg = heat_code(h, mode, mean);
		k.attr |= (uint8_t)palette_role_attr((enum role)a->fg,
						     ROLE_DEFAULT, mode);
	} else if (utf8) {
		k.fg = heat_code(h, mode, a->top);
		k.bg = heat_code(h, mode, a->bot);
	} else {
		k.bg = heat_code(h, mode, mean);
	}
	return k;
}

struct look palette_look(const struct cell *a, enum color_mode mode,
			 enum palette_id id, bool utf8)
{
	struct heat_source h = { id, NULL };
	return look_of(a, mode, &h, utf8);
}

void palette_heat_table(struct heat_table *t, enum palette_id id,
			enum color_mode mode, int nlevels)
{
	if (nlevels < 1)
		nlevels = 1;
	if (nlevels > HEAT_TABLE_MAX)
		nlevels = HEAT_TABLE_MAX;
	t->mode = mode;
	t->nlevels = nlevels;
	for (int l = 0; l < nlevels; l++)
		t->code[l] = palette_heat(id, mode, palette_level_value(l, nlevels));
	for (int r = 0; r < ROLE_COUNT; r++) {
		t->role_fg[r] = palette_role_fg((enum role)r, mode);
		t->role_bg[r] = palette_role_bg((enum role)r, mode);
	}
}

struct look palette_look_table(const struct cell *a, const struct heat_table *t,
			       bool utf8)
{
	struct heat_source h = { PALETTE_RDBU, t };
	return look_of(a, t->mode, &h, utf8);
}
