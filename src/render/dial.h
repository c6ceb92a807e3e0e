/* dial.h - a round dial with up to two hands, drawn in braille: the one
 * drawer of the clocks view and the rope view.
 *
 * Contract. A dial of `rows` cell rows takes the square of 2 * rows columns
 * and `rows` rows from cell (x, y): a braille rim of radius 2 * rows - 1
 * dots around its centre (braille dots are square, 2 x 4 a cell). Each
 * hand is a straight braille shaft from the centre ending in an arrow
 * head in bold, the one of ▲ ◥ ▶ ◢ ▼ ◣ ◀ ◤ nearest its direction (with
 * ascii: ^ / > \ v / < \), so that the eye reads "an arrow from the
 * centre". Hand 0 is the long one (its tip a dot inside the rim, its head
 * often on the rim's cell), hand 1 the short one (about half as long), so
 * that two hands pointing the same way still show both heads, each in a
 * cell of its own. The rim may carry an arc: its dots from one direction
 * on by a sweep take another role and a second row of dots just inside
 * (the arc two dots thick, the rest of the rim one), which marks the
 * angle between the hands on the rim, never inside it where it could
 * pass for a hand.
 * Needs rows >= DIAL_ROWS_MIN for two heads of their own; smaller dials
 * draw the rim and the long hand only.
 *
 * Directions are (x, y) with y up, of any length > 0 (a zero vector draws
 * no hand). Draws nothing outside the square; draws into the canvas's
 * clip. No state, no allocation. */
#ifndef DIAL_H
#define DIAL_H

#include <stdbool.h>

#include "render/canvas.h"

enum { DIAL_ROWS_MIN = 3, DIAL_HANDS = 2 };

struct dial_hand {
	double x, y;		/* where it points, y up */
	enum role fg;
};

struct dial {
	int x, y;		/* the square's top-left cell */
	int rows;		/* its rows; 2 * rows columns */
	enum role rim;
	int nhands;		/* 0 .. DIAL_HANDS; hand 0 is the long one */
	struct dial_hand hand[DIAL_HANDS];
	/* the arc on the rim: from direction (arc_x, arc_y) clockwise by
	 * arc_sweep radians in [0, 2 pi); none when arc_sweep <= 0 */
	double arc_x, arc_y, arc_sweep;
	enum role arc_fg;
	bool ascii;		/* tips as > / ^ \\ < / v \\ */
};

/* Draws d: the rim, the arc, the shafts, then the tips. */
void dial_draw(struct canvas *c, const struct dial *d);

/* A hand as a legend shows it, the way dial_draw draws a hand pointing
 * right on a dial of odd rows: two cells of the shaft's braille dots,
 * then the head ("⠒⠒▶"; with ascii "-->", the dots as a sink writes
 * them in ASCII). */
const char *dial_hand_sample(bool ascii);

#endif
