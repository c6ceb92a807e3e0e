/* help.h - the text of the '?' overlay: the key table by group and the ':'
 * commands, in the language of the state, and how far it scrolls.
 *
 * The overlay shows the entries in as many columns (at least HELP_COL_MIN
 * wide) as the screen's width allows, and of those as few as hold every
 * row in the height; when even the most do not, they scroll, the rows
 * flowing from one column into the next. The rule is the same for every
 * view. An entry too long for its column continues on the next rows,
 * indented (under its description, or by 2), so every description can be
 * read whole. The state knows the screen's
 * size (state_set_screen), so the reducer can keep the scroll inside the
 * rows there are. Pure: no drawing. */
#ifndef HELP_H
#define HELP_H

#include <stdbool.h>

#include "model/state.h"

enum {
	HELP_ROWS_MAX = 200,	/* rows of the help, wrapped */
	HELP_ROW_W = 256	/* bytes of one row */
};

struct help_row {
	bool heading;		/* a group's name, not an entry */
	bool cont;		/* continues the entry of the row above */
	char text[HELP_ROW_W];	/* UTF-8, no newline */
};

/* The help wrapped to rows of at most `width` columns: a heading per key
 * group, "  KEYS  what they do" per key row with the keys padded to one
 * column, then the commands; an entry too long for the width continues on
 * the next rows, under its description. Returns the number of rows (at
 * most max). */
int help_rows(const struct state *s, int width, struct help_row *out,
	      int max);

/* Where the help goes on a w x h screen: a box over the whole width with
 * `cols` columns of col_w
 * columns side by side, column j holding rows start[j] .. start[j+1]-1
 * (at most per_col of them), the rows wrapped to col_w - 1; a column
 * never ends inside an entry or right after a heading where the entry
 * fits in a column, and the columns are as even as that allows. cols is
 * the fewest of 1 .. (w - 2) / HELP_COL_MIN (at most HELP_COLS_MAX) that
 * hold all nrows rows; when none does, it is the most, scrolls is true,
 * start[0] is the first row shown (s->help_top, at most top_max, the
 * first row from which the rest shows whole) and shown how many show. */
enum { HELP_COL_MIN = 40, HELP_COLS_MAX = 4 };
struct help_layout {
	bool scrolls;
	int cols, col_w, per_col, nrows;
	int shown, top_max;
	int start[HELP_COLS_MAX + 1];
};
void help_layout(const struct state *s, int w, int h, struct help_layout *l);

/* The largest first row the scrolling help may show on s's screen (0
 * when everything fits, or when the screen's size is not known). */
/* For tests only. */
int help_scroll_max(const struct state *s);

/* The first row to show when the help of s's screen is scrolled to row
 * top, moving in direction dir (+1 down, -1 up): top within 0 ..
 * help_scroll_max, moved to the start of an entry, the next one's when
 * going down (so that every press moves), its own otherwise. */
int help_scroll_to(const struct state *s, long long top, int dir);

#endif
