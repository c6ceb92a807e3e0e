/* dial_fx.h - a braille dial read back from a canvas, as the eye reads
 * it: in a rectangle around one dial, the rim (the braille cells' bounding
 * box, whose middle is the centre) and each hand's tip, the arrow glyph in
 * the hand's role, with the way the glyph points and where it stands seen
 * from the centre. Shared by the clocks and the rope view's tests. */
#ifndef DIAL_FX_H
#define DIAL_FX_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/utf8.h"
#include "render/canvas.h"
#include "render/dial.h"

/* The way an arrow glyph points (y up) as an angle, true when ch is one
 * of the eight. */
static inline bool fx_arrow_angle(uint32_t ch, double *a)
{
	static const uint32_t g[8] = { 0x25b6, 0x25e5, 0x25b2, 0x25e4,
				       0x25c0, 0x25e3, 0x25bc, 0x25e2 };

	for (int k = 0; k < 8; k++)
		if (ch == g[k]) {
			*a = k * M_PI / 4;
			return true;
		}
	return false;
}

/* The difference of two angles, in [0, pi]. */
static inline double fx_angle_apart(double a, double b)
{
	double d = fmod(fabs(a - b), 2 * M_PI);

	return d > M_PI ? 2 * M_PI - d : d;
}

struct fx_tip {
	int n;			/* arrow cells of the role seen */
	int x, y;		/* the (last) one */
	double glyph;		/* the way it points */
	double seen;		/* where it stands, from the centre */
};

struct fx_dial {
	int rim_cells;
	double cx, cy;		/* the centre, in cells */
	struct fx_tip tip[2];	/* of roles f0, f1 */
};

/* Whether the cell at (x, y) is part of a legend's mark of a hand
 * (dial_hand_sample): braille written as text, or an arrow after it. A
 * dial's dots are braille cells, never text. */
static inline bool fx_in_hand_key(const struct canvas *c, int x, int y)
{
	const struct cell *e = canvas_cell(c, x, y);
	const struct cell *l = x > 0 ? canvas_cell(c, x - 1, y) : NULL;
	double a;

	if (!e || e->kind != CELL_TEXT)
		return false;
	if (e->ch >= 0x2800 && e->ch < 0x2900)
		return true;
	return fx_arrow_angle(e->ch, &a) && l && l->kind == CELL_TEXT &&
	       l->ch >= 0x2800 && l->ch < 0x2900;
}

/* Reads the dial in r: tips of roles f0 and f1. */
static inline void fx_dial_read(const struct canvas *c, struct rect r,
				enum role f0, enum role f1, struct fx_dial *d)
{
	int x0 = 1 << 30, x1 = -1, y0 = 1 << 30, y1 = -1;

	*d = (struct fx_dial){ 0 };
	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++) {
			const struct cell *e = canvas_cell(c, x, y);
			double a;

			if (!e || fx_in_hand_key(c, x, y))
				continue;
			if (e->kind == CELL_BRAILLE ||
			    (e->kind == CELL_TEXT && fx_arrow_angle(e->ch, &a))) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
				y0 = y < y0 ? y : y0;
				y1 = y > y1 ? y : y1;
				d->rim_cells += e->kind == CELL_BRAILLE;
			}
			for (int h = 0; h < 2; h++)
				if (e->kind == CELL_TEXT && e->fg == (h ? f1 : f0) &&
				    fx_arrow_angle(e->ch, &a)) {
					d->tip[h].n++;
					d->tip[h].x = x;
					d->tip[h].y = y;
					d->tip[h].glyph = a;
				}
		}
	d->cx = (x0 + x1 + 1) / 2.0;
	d->cy = (y0 + y1 + 1) / 2.0;
	/* a column is 2 braille dots wide, a row 4 high: square dots */
	for (int h = 0; h < 2; h++)
		d->tip[h].seen = atan2(-(d->tip[h].y + 0.5 - d->cy) * 4,
				       (d->tip[h].x + 0.5 - d->cx) * 2);
}

/* Whether the cells of row y that end before column x are a legend's
 * mark of a hand, dial_hand_sample in role fg, and a blank: the legend
 * draws a hand as the dials do. */
static inline bool fx_hand_key_before(const struct canvas *c, int x, int y,
				      enum role fg)
{
	const char *m = dial_hand_sample(false);
	uint32_t cp[8];
	int n = 0;
	bool bad = false;

	while (*m && n < 8)
		cp[n++] = utf8_next(&m, &bad);
	if (x - n - 1 < 0 || canvas_cell(c, x - 1, y)->ch != ' ')
		return false;
	for (int i = 0; i < n; i++) {
		const struct cell *e = canvas_cell(c, x - 1 - n + i, y);

		if (e->ch != cp[i] || e->fg != fg)
			return false;
	}
	return true;
}

#endif
