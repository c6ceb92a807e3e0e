/* test_waves_zoom.c - the waveforms' fastest strip, drawn over a window of
 * its own because the shared one cannot resolve it, says so and keeps one
 * x scale (issue 19, the glance test: its window's bar on the border had
 * no label, and its cursor stood at another x than the others' with no
 * ticks of its own scale). Read back from the panel as drawn, at the sizes
 * the explorer gives it at 80x24, 100x30 and 120x40, in English and
 * Chinese:
 *   - the bar on the bottom border is labelled with the window it marks,
 *     "p A–B ↑ zoomed" ("↑ 放大显示");
 *   - a tick row adjoins the strip (the main plot's, just above it, when
 *     the two share the window; else its own, just below), and its every
 *     label t lies in A..B, in the column where the strip, whose curve
 *     spans columns x0..x0+w-1, shows position t on the window A..B;
 *   - the strip's cursor is one column, the one of the selected position
 *     on that scale; when the ticks are the main plot's, the main plot's
 *     cursor is in the same column, and the legend's window is A-B;
 *   - at 80x24 (dim 0) the strip shares the main plot's window, whose
 *     ticks it has: a row of its own would leave it one text row.
 * Before, no label was there, and the strip's window (0-50) was not the
 * window of the ticks above it (0-24). */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/utf8.h"
#include "views/panels.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(waves_zoom, .init = utf8_locale);

enum { TICKS_MAX = 32 };

/* The waves panel's box at 80x24, 100x30, 120x40 (test_axes.c). */
static const int boxes[][2] = { { 40, 11 }, { 50, 14 }, { 60, 19 } };

static struct state start(int dim, enum lang lang)
{
	struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, dim };
	struct state s;

	fx_init(&s, &st);
	s.lang = lang;
	return s;
}

static const struct cell *at(const struct canvas *c, int x, int y)
{
	return canvas_cell(c, x, y);
}

/* Whether row y, inside the box (columns 1 .. w-2), holds only tick
 * labels and blanks; the labels' values and centre columns into t, cx. */
static int ticks_of(const struct canvas *c, int y, double *t, double *cx,
		    int *len)
{
	int n = 0, w = canvas_width(c);

	for (int x = 1; x < w - 1;) {
		char tok[32];
		int k = 0, x0 = x;
		char *end;
		double v;

		if (at(c, x, y)->kind == CELL_TEXT && at(c, x, y)->ch == ' ') {
			x++;
			continue;
		}
		while (x < w - 1 && at(c, x, y)->kind == CELL_TEXT &&
		       at(c, x, y)->ch != ' ' && at(c, x, y)->ch < 0x80 && k < 31)
			tok[k++] = (char)at(c, x++, y)->ch;
		tok[k] = '\0';
		if (k == 0 || n == TICKS_MAX)
			return -1;	/* not text, or not ASCII: no tick row */
		v = strtod(tok, &end);
		if (end == tok)
			return -1;
		v *= *end == 'k' ? 1e3 : *end == 'M' ? 1e6 : *end == 'G' ? 1e9 : 1;
		if (*end && strchr("kMG", *end))
			end++;
		if (*end)
			return -1;
		t[n] = v;
		cx[n] = x0 + (k - 1) / 2.0;
		len[n++] = k;
	}
	return n;
}

/* Row y's gutter starts with "i=". */
static bool strip_label(const struct canvas *c, int y)
{
	return at(c, 1, y)->ch == 'i' && at(c, 2, y)->ch == '=';
}

/* Whether row y has a braille cell of role fg, or of the cursor's. */
static bool has_braille(const struct canvas *c, int y, enum role fg)
{
	for (int x = 1; x < canvas_width(c) - 1; x++)
		if (at(c, x, y)->kind == CELL_BRAILLE &&
		    (at(c, x, y)->fg == fg || at(c, x, y)->fg == ROLE_CURSOR))
			return true;
	return false;
}

/* The column of position pos on window a..b over columns x0..x0+w-1: the
 * one holding its centre (plot.h). */
static long long col_of(long long pos, long long a, long long b, int x0, int w)
{
	return x0 + (2 * (pos - a) + 1) * w / (2 * (b - a + 1));
}

/* The cursor's columns in rows y0..y1 (cells in its role); -2 when they
 * are not one column, -1 when there is none. */
static int cursor_col(const struct canvas *c, int y0, int y1)
{
	int col = -1;

	for (int y = y0; y <= y1; y++)
		for (int x = 1; x < canvas_width(c) - 1; x++)
			if (at(c, x, y)->fg == ROLE_CURSOR &&
			    (at(c, x, y)->kind == CELL_BRAILLE ||
			     at(c, x, y)->ch == 0x2502)) {
				if (col >= 0 && col != x)
					return -2;
				col = x;
			}
	return col;
}

static void check_panel(int dim, enum lang lang, int bw, int bh)
{
	struct state s = start(dim, lang);
	struct rect r = { 0, 0, bw, bh };
	struct canvas *c = canvas_new(bw, bh);
	char row[SNAP_ROW_MAX], what[64];
	const char *word = lang == LANG_ZH ? " ↑ 放大显示 " : " ↑ zoomed ";
	const char *lab, *dash;
	long long a, b;
	int label = -1, y0, y1, x0 = bw, x1 = -1, tick = -1, n, cc;
	double t[TICKS_MAX], cx[TICKS_MAX];
	int len[TICKS_MAX];

	snprintf(what, sizeof what, "%dx%d dim %d %s", bw, bh, dim, lang_name(lang));
	cr_assert_not_null(c);
	waves_draw(&s, c, r);
	/* the label on the bottom border */
	snap_row_text(c, bh - 1, row);
	lab = strstr(row, word);
	cr_assert_not_null(lab, "%s: the window's bar has no \"%s\": %s", what,
			   word, row);
	while (lab > row && strncmp(lab, " p ", 3) != 0)
		lab--;
	dash = strstr(lab, "–");
	cr_assert(sscanf(lab, " p %lld", &a) == 1 && dash &&
		  sscanf(dash + strlen("–"), "%lld", &b) == 1 && a < b,
		  "%s: \"%s\"", what, row);
	/* the strip of pair 0 and its rows */
	for (int y = 1; y < bh - 1 && label < 0; y++)
		if (strip_label(c, y) && at(c, 3, y)->ch == '0')
			label = y;
	cr_assert_geq(label, 0, "%s: no strip i=0", what);
	y0 = y1 = label;
	while (y0 - 1 > 0 && !strip_label(c, y0 - 1) &&
	       ticks_of(c, y0 - 1, t, cx, len) < 0 &&
	       has_braille(c, y0 - 1, ROLE_TRACE3))
		y0--;
	while (y1 + 1 < bh - 1 && !strip_label(c, y1 + 1) &&
	       ticks_of(c, y1 + 1, t, cx, len) < 0 &&
	       has_braille(c, y1 + 1, ROLE_TRACE3))
		y1++;
	for (int y = y0; y <= y1; y++)
		for (int x = 1; x < bw - 1; x++)
			if (at(c, x, y)->kind == CELL_BRAILLE) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
			}
	cr_assert_lt(x0, x1, "%s: the strip's curve", what);
	/* its ticks: just below it, else just above */
	if ((n = ticks_of(c, y1 + 1, t, cx, len)) > 0)
		tick = y1 + 1;
	else if ((n = ticks_of(c, y0 - 1, t, cx, len)) > 0)
		tick = y0 - 1;
	cr_assert_geq(tick, 0, "%s: no tick row next to the strip i=0 (rows %d-%d)",
		      what, y0, y1);
	cr_assert_geq(n, 2, "%s: %d ticks", what, n);
	for (int k = 0; k < n; k++) {
		long long want = col_of((long long)t[k], a, b, x0, x1 - x0 + 1);
		/* a label at an end is kept inside the axis */
		double slack = 1.0 + (cx[k] - len[k] / 2.0 <= x0 ||
				      cx[k] + len[k] / 2.0 >= x1 ? len[k] / 2.0 : 0);

		cr_assert(t[k] >= (double)a && t[k] <= (double)b,
			  "%s: tick %g next to the strip, whose window is %lld-%lld",
			  what, t[k], a, b);
		cr_assert(fabs(cx[k] - (double)want) <= slack,
			  "%s: tick %g centred at column %g, where the strip shows "
			  "position %g at column %lld", what, t[k], cx[k], t[k], want);
	}
	if (bw == boxes[0][0] && dim == 0)
		cr_assert_eq(tick, y0 - 1, "%s: at 80x24 the strip has the main "
			     "plot's window and ticks", what);
	/* one cursor, at the selected position on that scale */
	cc = cursor_col(c, y0, y1);
	cr_assert_eq(cc, col_of(s.cur.pos, a, b, x0, x1 - x0 + 1),
		     "%s: the strip's cursor at column %d, position %lld is at %lld",
		     what, cc, s.cur.pos, col_of(s.cur.pos, a, b, x0, x1 - x0 + 1));
	if (tick == y0 - 1) {
		long long la, lb;
		const char *pos;

		/* the ticks above are the main plot's: it is on the same
		 * window, its cursor in the same column, the legend's window
		 * the bar's */
		cr_assert_eq(cursor_col(c, 2, tick - 1 > 2 ? tick - 1 : 2), cc,
			     "%s: the main plot's cursor", what);
		snap_row_text(c, 1, row);
		pos = strstr(row, lang == LANG_ZH ? "位置 " : "pos ");
		cr_assert_not_null(pos, "%s: %s", what, row);
		cr_assert_eq(sscanf(strchr(pos, ' ') + 1, "%lld-%lld", &la, &lb), 2);
		cr_assert(la == a && lb == b, "%s: the main plot's window %lld-%lld, "
			  "the strip's %lld-%lld", what, la, lb, a, b);
	}
	canvas_free(c);
}

Test(waves_zoom, the_zoomed_strip_says_its_window_and_keeps_one_scale)
{
	static const enum lang langs[] = { LANG_EN, LANG_ZH };
	static const int dims[] = { 0, 127 };

	for (size_t z = 0; z < sizeof boxes / sizeof boxes[0]; z++)
		for (size_t l = 0; l < 2; l++)
			for (size_t d = 0; d < 2; d++)
				check_panel(dims[d], langs[l], boxes[z][0], boxes[z][1]);
}

/* The whole explorer at 80x24, the classroom's smallest screen: the label
 * is there, whole, in both languages. */
Test(waves_zoom, the_label_shows_at_80x24)
{
	static const enum lang langs[] = { LANG_EN, LANG_ZH };

	for (size_t l = 0; l < 2; l++) {
		struct state s = start(0, langs[l]);
		char *text = fx_text(&s, 80, 24);

		cr_assert_not_null(strstr(text, langs[l] == LANG_ZH ? "p 0–24 ↑ 放大显示"
								     : "p 0–24 ↑ zoomed"),
				   "%s:\n%s", lang_name(langs[l]), text);
		free(text);
	}
}
