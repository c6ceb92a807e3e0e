/* test_map_labels.c - what the layouts, bugs and bands views write beside
 * their plots, read back from the screen as drawn (the glance test of an
 * outside reviewer, who could not tell what the axes were):
 *   - every heatmap of layouts and bugs names its axes on its box's bottom
 *     border, "position →  dimension ↓" (or "pos →  dim ↓" where a box is
 *     narrow), in the reader's language, as the explorer's heatmap does;
 *   - the similarity axes of bugs and bands carry the ticks of the one
 *     y-tick helper (plot_yticks) on the one range convention: 0 .. 1
 *     while the curves stay positive, -1 .. 1 otherwise, ticks spaced
 *     evenly (before: "1" and the bottom, or 1, 0, -1 and the threshold);
 *   - a concatenated heatmap puts its sines and its cosines in cells of
 *     their own (before, a cell could hold the last sines over the first
 *     cosines: a half cell of noise that read as a dashed line), and the
 *     layouts view names its halves "sin" and "cos" in the gutter. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "engine/pe_variants.h"
#include "render/heat_rows.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(map_labels, .init = utf8_locale);

static const int screens[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };
static const enum lang langs[] = { LANG_EN, LANG_ZH };

static struct state mkstate(int view, enum lang lang)
{
	struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
	struct state s;

	fx_init(&s, &st);
	s.view = view;
	s.lang = lang;
	return s;
}

/* How many times needle occurs in hay. */
static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* The rows of c that are a bottom border naming both axes, in the long
 * form or the short one. */
static int named_borders(const struct canvas *c, enum lang l)
{
	const char *across[2] = { tr(l, "position →"), tr(l, "pos →") };
	const char *down[2] = { tr(l, "dimension ↓"), tr(l, "dim ↓") };
	int n = 0;

	for (int y = 0; y < canvas_height(c); y++) {
		char row[SNAP_ROW_MAX];

		snap_row_text(c, y, row);
		if (strncmp(row, "└", strlen("└")) != 0)
			continue;
		for (int f = 0; f < 2; f++) {
			char both[96];

			snprintf(both, sizeof both, "%s  %s", across[f], down[f]);
			n += count_of(row, both);
			if (!strcmp(across[0], across[1]))
				break;	/* zh: one form */
		}
	}
	return n;
}

Test(map_labels, layouts_heatmaps_name_their_axes)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = mkstate(VIEW_LAYOUTS, langs[l]);
			struct canvas *c = fx_canvas(&s, screens[z][0], screens[z][1]);
			int n = named_borders(c, langs[l]);

			cr_expect_eq(n, 2, "layouts %dx%d %s: %d heatmaps name their "
				     "axes, not both", screens[z][0], screens[z][1],
				     lang_name(langs[l]), n);
			canvas_free(c);
		}
}

/* A real mistake: the three maps, each with its axes named where its
 * border has room after the key of its half blocks; the difference map's
 * border always has (it has no key), at 80x24 too. */
Test(map_labels, bugs_maps_name_their_axes)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = mkstate(VIEW_BUGS, langs[l]);
			struct canvas *c;
			char row[SNAP_ROW_MAX], mark[64];
			int n, y;

			s.knob[VIEW_BUGS][K_BUG] = PE_BUG_DIM_EXPONENT;
			c = fx_canvas(&s, screens[z][0], screens[z][1]);
			n = named_borders(c, langs[l]);
			cr_expect_geq(n, screens[z][0] >= 120 ? 3 : 1,
				      "bugs %dx%d %s: %d maps name their axes",
				      screens[z][0], screens[z][1],
				      lang_name(langs[l]), n);
			/* the last box of the maps' row is the difference
			 * map: its bottom border ends the row's and names the
			 * axes last on it */
			snprintf(mark, sizeof mark, "┌ %s", tr(s.lang, "Mistake − correct"));
			y = snap_find_row(c, mark);
			if (y < 0) {
				snprintf(mark, sizeof mark, "┌ %s", tr(s.lang, "bug − correct"));
				y = snap_find_row(c, mark);
			}
			cr_assert_geq(y, 0, "bugs %dx%d %s: no difference map",
				      screens[z][0], screens[z][1],
				      lang_name(langs[l]));
			while (y < canvas_height(c) &&
			       strncmp(snap_row_text(c, y, row), "└", strlen("└")))
				y++;
			cr_assert_lt(y, canvas_height(c));
			{
				const char *at = NULL;

				/* the part after the last box's corner */
				for (const char *p = strstr(row, "┘└"); p;
				     p = strstr(p + 1, "┘└"))
					at = p;
				cr_assert_not_null(at, "bugs %dx%d: %s", screens[z][0],
						   screens[z][1], row);
				cr_expect(strstr(at, tr(s.lang, "dimension ↓")) ||
					  strstr(at, tr(s.lang, "dim ↓")),
					  "bugs %dx%d %s: the difference map's border "
					  "names no axes: %s", screens[z][0],
					  screens[z][1], lang_name(langs[l]), row);
			}
			canvas_free(c);
		}
}

/* ---- similarity ticks ---- */

enum { LABELS_MAX = 16 };

struct labels {
	int n;
	int row[LABELS_MAX];
	double v[LABELS_MAX];
	char text[LABELS_MAX][16];
};

/* The numbers in the gutter of the box whose top border holds title:
 * the 6 columns right of its left border, on the rows inside it, top
 * first (the legend's words and blank rows are no numbers). */
static struct labels gutter_labels(const struct canvas *c, const char *title)
{
	struct labels o = { 0 };
	char row[SNAP_ROW_MAX];
	int y = snap_find_row(c, title), x = 0;

	cr_assert_geq(y, 0, "no box \"%s\"", title);
	snap_row_text(c, y, row);
	/* the box's corner: the column of the "┌" before the title */
	for (x = 0; x < canvas_width(c); x++) {
		char cell[SNAP_ROW_MAX];

		if (strncmp(snap_span_text(c, x, canvas_width(c), y, cell), "┌ ",
			    strlen("┌ ")) == 0 &&
		    strncmp(cell + strlen("┌ "), title, strlen(title)) == 0)
			break;
	}
	cr_assert_lt(x, canvas_width(c), "no corner before \"%s\"", title);
	for (int k = y + 1; k < canvas_height(c); k++) {
		char t[SNAP_ROW_MAX], *e, *p = t;
		double v;

		snap_span_text(c, x, x + 1, k, t);
		if (strcmp(t, "└") == 0)
			break;
		snap_span_text(c, x + 1, x + 7, k, t);
		while (*p == ' ')
			p++;
		v = strtod(p, &e);
		if (e == p || (*e && *e != ' '))
			continue;
		cr_assert_lt(o.n, LABELS_MAX);
		o.row[o.n] = k;
		o.v[o.n] = v;
		snprintf(o.text[o.n], sizeof o.text[0], "%.*s", (int)(e - p), p);
		o.n++;
	}
	return o;
}

/* That the labels read want[0..n) top to bottom, on rows spaced evenly
 * (to a row: rounding to cells). */
static void expect_ticks(const struct labels *o, const double *want, int n,
			 const char *what)
{
	char got[256] = "";

	for (int k = 0; k < o->n; k++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s",
			 k ? " " : "", o->text[k]);
	cr_assert_eq(o->n, n, "%s: the y labels are \"%s\"", what, got);
	for (int k = 0; k < n; k++)
		cr_expect_float_eq(o->v[k], want[k], 1e-9, "%s: label %d of \"%s\"",
				   what, k, got);
	for (int k = 2; k < n; k++) {
		int a = o->row[k - 1] - o->row[k - 2], b = o->row[k] - o->row[k - 1];

		cr_expect(abs(a - b) <= 1, "%s: ticks %d and %d rows apart (\"%s\")",
			  what, a, b, got);
	}
}

/* The NumPy entry's curves stay positive: 0 .. 1, with the tick between
 * its ends that its 9 rows have room for; the multiplied frequencies drop
 * just below 0: down to -0.25 (plot_similarity_ymin), the ticks in halves
 * the rows have room for, and under them the floor's own label, -0.25
 * (a glance reviewer saw the curve go below 0 on an axis whose lowest
 * label was 0). */
Test(map_labels, bugs_similarity_ticks)
{
	static const double positive[] = { 1, 0.5, 0 };
	static const double negative[] = { 1, 0.5, 0 };
	struct state s = mkstate(VIEW_BUGS, LANG_EN);
	struct canvas *c;
	struct labels o;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_NUMPY;
	c = fx_canvas(&s, 120, 40);
	o = gutter_labels(c, "Similarity to p = 10");

	expect_ticks(&o, positive, 3, "bugs numpy 120x40");
	canvas_free(c);
	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_MULTIPLY;
	c = fx_canvas(&s, 120, 40);
	o = gutter_labels(c, "Similarity to p = 10");
	cr_assert_eq(o.n, 4, "bugs multiply 120x40: %d labels", o.n);
	cr_expect_str_eq(o.text[3], "-0.25", "bugs multiply 120x40: the floor");
	o.n = 3;
	expect_ticks(&o, negative, 3, "bugs multiply 120x40");
	canvas_free(c);
}

/* The fast band dips below 0, to -0.49: -0.5 .. 1 in quarters on the 28
 * rows of 120x40 (plot_similarity_ymin), the threshold's "0.5" over the
 * tick of its row, in the ticks' one format: no label ends in a 0 after
 * its point ("0.50" stood beside "-0.5"). */
Test(map_labels, bands_similarity_ticks)
{
	static const double want[] = { 1, 0.75, 0.5, 0.25, 0, -0.25, -0.5 };
	struct state s = mkstate(VIEW_BANDS, LANG_EN);
	struct canvas *c = fx_canvas(&s, 120, 40);
	struct labels o = gutter_labels(c, "Bands: similarity");

	expect_ticks(&o, want, 7, "bands 120x40");
	cr_expect_str_eq(o.text[2], "0.5", "the threshold's label");
	for (int k = 0; k < 7; k++)
		cr_expect(!strchr(o.text[k], '.') ||
			  o.text[k][strlen(o.text[k]) - 1] != '0',
			  "label %d \"%s\" keeps a trailing 0", k, o.text[k]);
	canvas_free(c);
}

/* ---- the concatenated layout's halves ---- */

/* No cell (pixel rows 2y, 2y + 1) mixes a sine band and a cosine band,
 * whatever the rows (even: a heatmap's), the width and the window. */
Test(map_labels, concat_cells_keep_to_one_kind)
{
	static const int ds[] = { 8, 16, 64, 128, 512, 1000 };

	for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
		struct pe_params p = { ds[k], 1e4, PE_CONCAT };

		for (int dim0 = 0; dim0 < ds[k] - 2; dim0 += ds[k] / 8 + 1)
			for (int rows = 4; rows <= 160; rows += 2) {
				struct pe_window v = { 0, 128, dim0, ds[k] - dim0 };

				if (v.ndim <= rows)
					continue;	/* a dimension a row */
				for (int y = 0; 2 * y + 1 < rows; y++) {
					struct heat_band t, b;

					heat_band_of_row(&p, &v, rows, 2 * y, &t);
					heat_band_of_row(&p, &v, rows, 2 * y + 1, &b);
					cr_assert_eq(t.fn, b.fn, "d %d dims %d-%d, %d rows: "
						     "cell %d holds sines over cosines",
						     ds[k], dim0, ds[k] - 1, rows, y);
				}
			}
	}
}

/* The layouts view's concatenated heatmap: "sin" in its gutter, then,
 * lower, "cos"; the interleaved one has neither. A glance reviewer read
 * "cos" over the tick "100" as "cos 100": at 120x40, where the ticks
 * leave rows for it, no tick's digit stands on a name's row or the rows
 * next to it (at 80x24 the map's 11 rows hold 3 ticks 3 rows apart and
 * every row of the sines is next to one; at 100x30 every row of the
 * cosines: there the names take the free row nearest their middle). */
Test(map_labels, layouts_names_the_concatenated_halves)
{
	for (size_t z = 0; z < sizeof screens / sizeof screens[0]; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s = mkstate(VIEW_LAYOUTS, langs[l]);
			struct canvas *c = fx_canvas(&s, screens[z][0], screens[z][1]);
			int half = screens[z][0] / 2, ys = -1, yc = -1;

			for (int y = 0; y < canvas_height(c); y++) {
				char t[SNAP_ROW_MAX];

				snap_span_text(c, half, half + 5, y, t);
				if (strstr(t, "sin") && ys < 0)
					ys = y;
				if (strstr(t, "cos") && yc < 0)
					yc = y;
				snap_span_text(c, 0, 5, y, t);
				cr_expect(!strstr(t, "sin") && !strstr(t, "cos"),
					  "%dx%d: the interleaved gutter names a half",
					  screens[z][0], screens[z][1]);
			}
			cr_expect(ys >= 0 && yc > ys, "layouts %dx%d %s: sin on row %d, "
				  "cos on row %d", screens[z][0], screens[z][1],
				  lang_name(langs[l]), ys, yc);
			for (int k = 0; k < 2 && screens[z][0] >= 120; k++)
				for (int y = (k ? yc : ys) - 1; y <= (k ? yc : ys) + 1; y++) {
					char t[SNAP_ROW_MAX];

					if (y < 0 || y >= canvas_height(c))
						continue;
					snap_span_text(c, half, half + 5, y, t);
					cr_expect(!strpbrk(t, "0123456789"),
						  "layouts %dx%d: \"%s\" beside the "
						  "name %s", screens[z][0],
						  screens[z][1], t, k ? "cos" : "sin");
				}
			canvas_free(c);
		}
}
