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
 *   - at 80x24 (dim 0) the strip, pair 0, has a window of its own and
 *     ticks under it: on the main plot's window it would repeat the main
 *     plot's sine of pair 0 over the same positions (a glance reviewer
 *     saw pair 0 twice over p 0-22).
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
#include "colour_fx.h"

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

/* The window label "p A–B" that starts row y in the gutter: A, B into
 * *a, *b and its width; 0 (and *a = -1) when there is none. */
static int window_label(const struct canvas *c, int y, long long *a,
			long long *b)
{
	char row[SNAP_ROW_MAX], *dash;
	int n = 0, m = 0;

	*a = *b = -1;
	snap_span_text(c, 1, canvas_width(c) - 1, y, row);
	if (strncmp(row, "p ", 2) != 0 || sscanf(row + 2, "%lld%n", a, &n) != 1 ||
	    !(dash = strstr(row, "–")) || dash != row + 2 + n ||
	    sscanf(dash + strlen("–"), "%lld%n", b, &m) != 1) {
		*a = *b = -1;
		return 0;
	}
	return 2 + n + 1 + m;
}

/* Whether row y, inside the box (columns 1 .. w-2), holds only tick
 * labels and blanks, after the window label in the gutter if any; the
 * labels' values and centre columns into t, cx. */
static int ticks_of(const struct canvas *c, int y, double *t, double *cx,
		    int *len)
{
	int n = 0, w = canvas_width(c);
	long long a, b;

	for (int x = 1 + window_label(c, y, &a, &b); x < w - 1;) {
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
	{
		long long la, lb;

		window_label(c, tick, &la, &lb);
		cr_assert(la == a && lb == b, "%s: the strip's tick row says p "
			  "%lld–%lld, its window is %lld-%lld", what, la, lb, a, b);
	}
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
		cr_assert_eq(tick, y1 + 1, "%s: at 80x24 the strip of the "
			     "selected pair 0 has a window of its own", what);
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

		cr_assert_not_null(strstr(text, langs[l] == LANG_ZH ? "p 0–46 ↑ 放大显示"
								     : "p 0–46 ↑ zoomed"),
				   "%s:\n%s", lang_name(langs[l]), text);
		free(text);
	}
}

/* The colour of strip i=pair on the panel (its label's and its curve's,
 * which must agree), or -1 when there is no such strip: the panel's box
 * at the canvas's left edge. */
static int strip_role_of(const struct canvas *c, int pair)
{
	char want[16], row[SNAP_ROW_MAX];
	int role = -1;

	snprintf(want, sizeof want, "i=%d ", pair);
	for (int y = 1; y < canvas_height(c) - 1 && role < 0; y++) {
		if (strncmp(snap_span_text(c, 1, 16, y, row), want, strlen(want)) != 0)
			continue;
		role = at(c, 1, y)->fg;
		for (int x = 1; x < canvas_width(c) - 1 && at(c, x, y)->ch != 0x2502; x++)
			if (at(c, x, y)->kind == CELL_BRAILLE &&
			    at(c, x, y)->fg != ROLE_CURSOR)
				cr_assert_eq(at(c, x, y)->fg, role, "i=%d: its label's "
					     "colour is role %d, its curve's %d", pair,
					     role, at(c, x, y)->fg);
	}
	return role;
}

/* The fastest and the slowest strip, i=0 and i=63 at d 128 (the outside
 * review: at 120x40 both were magenta, the first and third of three
 * strips in alternating colours): their colours differ, one for pairs
 * that complete a cycle within len (λ ≤ len), one for slower pairs, so
 * i=32 (λ = 628 > 128) has the slow colour too; the two colours are far
 * apart and readable (4.5:1) on the page, dark and light; the key on the
 * border says which is which. */
Test(waves_zoom, fast_and_slow_strips_differ_in_colour)
{
	static const enum lang langs[] = { LANG_EN, LANG_ZH };
	static const enum theme themes[] = { THEME_DARK, THEME_LIGHT };

	static const int screens[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (size_t z = 0; z < 3; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = start(0, langs[l]);
			struct rect r = { 0, 0, screens[z][0], screens[z][1] };
			struct canvas *c = canvas_new(r.w, r.h);
			char row[SNAP_ROW_MAX];
			int fast, slow, mid, top;

			cr_assert_not_null(c);
			s.screen_w = r.w;
			s.screen_h = r.h;
			fx_draw(&s, c);
			top = snap_find_row(c, langs[l] == LANG_ZH ? "┌ 波形 " : "┌ Waveforms ");
			cr_assert_geq(top, 0, "%dx%d: no waveforms panel", r.w, r.h);
			fast = strip_role_of(c, 0);
			slow = strip_role_of(c, 63);
			mid = strip_role_of(c, 32);
			cr_assert(fast >= 0 && slow >= 0, "%dx%d: strips i=0 and i=63",
				  r.w, r.h);
			cr_assert_neq(fast, slow, "%dx%d %s: i=0 and i=63 in one colour",
				      r.w, r.h, lang_name(langs[l]));
			cr_assert(mid < 0 || mid == slow, "%dx%d: i=32 (λ 628 > len) "
				  "not in the slow colour", r.w, r.h);
			snap_row_text(c, top, row);
			cr_assert_not_null(strstr(row, " λ ≤ len  λ > len "),
					   "%dx%d: the key: %s", r.w, r.h, row);
			for (size_t t = 0; t < 2; t++) {
				struct rgb page = themes[t] == THEME_DARK
						  ? (struct rgb){ 0, 0, 0 }
						  : (struct rgb){ 255, 255, 255 };
				struct rgb a = fx_rgb_of(palette_role_fg((enum role)fast,
							 COLOR_RGB, themes[t]), COLOR_RGB, false);
				struct rgb b = fx_rgb_of(palette_role_fg((enum role)slow,
							 COLOR_RGB, themes[t]), COLOR_RGB, false);

				cr_assert_geq(abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b),
					      96, "theme %zu: the two colours too close", t);
				cr_assert_geq(fx_ratio(a, page), 4.5, "theme %zu: fast", t);
				cr_assert_geq(fx_ratio(b, page), 4.5, "theme %zu: slow", t);
			}
			canvas_free(c);
		}
}

/* Every tick row of the panel says the window it spans, "p A–B" in the
 * gutter, and its ticks lie in A..B (the outside review found three
 * windows in one panel, 2–18, 0–68 and 0–127 at 120x40, and no word of
 * which row was which), at the explorer's three sizes, in both
 * languages, for a fast and a slow selected pair. */
Test(waves_zoom, every_tick_row_says_its_window)
{
	static const enum lang langs[] = { LANG_EN, LANG_ZH };
	static const int dims[] = { 0, 127 };

	for (size_t z = 0; z < sizeof boxes / sizeof boxes[0]; z++)
		for (size_t l = 0; l < 2; l++)
			for (size_t d = 0; d < 2; d++) {
				struct state s = start(dims[d], langs[l]);
				struct rect r = { 0, 0, boxes[z][0], boxes[z][1] };
				struct canvas *c = canvas_new(r.w, r.h);
				char row[SNAP_ROW_MAX];
				int rows = 0;

				cr_assert_not_null(c);
				waves_draw(&s, c, r);
				for (int y = 1; y < r.h - 1; y++) {
					double t[TICKS_MAX], cx[TICKS_MAX];
					int len[TICKS_MAX], n = ticks_of(c, y, t, cx, len);
					long long a, b;

					if (n < 2)
						continue;
					rows++;
					window_label(c, y, &a, &b);
					cr_assert_geq(a, 0, "%dx%d dim %d %s: a tick row without "
						      "its window: %s", r.w, r.h, dims[d],
						      lang_name(langs[l]), snap_row_text(c, y, row));
					for (int k = 0; k < n; k++)
						cr_assert(t[k] >= (double)a && t[k] <= (double)b,
							  "%dx%d: tick %g on the row of p %lld–%lld",
							  r.w, r.h, t[k], a, b);
				}
				cr_assert_geq(rows, 2, "%dx%d dim %d: %d tick rows", r.w, r.h,
					      dims[d], rows);
				canvas_free(c);
			}
}

/* A glance review: at 80x24 the strip i=0 repeated the main plot's pair
 * 0 over the same window, p 0-22. No strip of the selected pair is on
 * the main plot's window, at the three sizes, whichever pair is
 * selected among the strips'. */
Test(waves_zoom, no_strip_repeats_the_main_plot)
{
	static const int dims[] = { 0, 1, 64, 126 };

	for (size_t z = 0; z < sizeof boxes / sizeof boxes[0]; z++)
		for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
			struct state s = start(dims[d], LANG_EN);
			char *text = fx_text(&s, 2 * boxes[z][0], 2 * boxes[z][1] + 2);
			char main_win[32], strip[32], *at_strip, *line_end;
			const char *pos = strstr(text, "pos ");
			int pair = dims[d] / 2;

			snprintf(strip, sizeof strip, "│i=%d ", pair);
			at_strip = strstr(text, strip);
			if (!pos || !at_strip) {
				free(text);
				continue;	/* one window, or no such strip */
			}
			snprintf(main_win, sizeof main_win, "p %.*s",
				 (int)strcspn(pos + 4, " │"), pos + 4);
			/* "pos 0-22" is "p 0–22" in a gutter */
			for (char *k = strchr(main_win, '-'); k; k = NULL) {
				memmove(k + 3, k + 1, strlen(k + 1) + 1);
				memcpy(k, "–", 3);
			}
			/* the strip's two rows: its label's and the next */
			line_end = strchr(at_strip, '\n');
			cr_assert_not_null(line_end);
			cr_expect(strncmp(line_end + 1 + strlen("│"), main_win,
					  strlen(main_win)) != 0,
				  "%dx%d dim %d: strip i=%d on the main plot's "
				  "window %s:\n%s", 2 * boxes[z][0],
				  2 * boxes[z][1] + 2, dims[d], pair, main_win, text);
			free(text);
		}
}
