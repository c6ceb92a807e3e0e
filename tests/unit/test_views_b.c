/* test_views_b.c - the layouts, context, bugs and vector views, and the
 * heatmap pixels they share (heat.c), read back from the canvas: the
 * strings and numbers they print (against values worked out by hand, or
 * computed here from the definitions), that each stays inside its
 * rectangle, and that ASCII mode writes ASCII text. */
#include <criterion/criterion.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "render/heat.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/plot.h"
#include "model/presets.h"
#include "snap.h"
#include "model/state.h"
#include "views/views.h"
#include "views/view_bugs_zoo.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(views_b, .init = utf8_locale);

enum { SENTINEL = '#', MARGIN = 3, NSIZES = 3, LINE_MAX = 1024 };

/* Body sizes: the smallest screen, a common one, the largest. */
static const int sizes[NSIZES][2] = { { 60, 18 }, { 120, 38 }, { 240, 68 } };

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

typedef int draw_fn;	/* a view: its index in the catalog */

/* ---- helpers ---- */

static struct state mkstate(int d, double base, long long len, long long pos,
			    int dim, int v)
{
	struct settings st = { { d, base, PE_INTERLEAVED }, len, pos, dim };
	struct state s;

	fx_init(&s, &st);
	s.view = v;
	return s;
}

/* A canvas MARGIN cells larger than w x h all round, filled with the
 * sentinel, with the view drawn into the rectangle in the middle. */
static struct canvas *render(draw_fn draw, const struct state *s, int w,
			     int h)
{
	struct canvas *c = canvas_new(w + 2 * MARGIN, h + 2 * MARGIN);

	cr_assert_not_null(c);
	canvas_fill(c, (struct rect){ 0, 0, w + 2 * MARGIN, h + 2 * MARGIN },
		    SENTINEL, plain);
	fx_draw_view(draw, s, c, (struct rect){ MARGIN, MARGIN, w, h });
	return c;
}

/* Every cell outside the rectangle still holds the sentinel. */
static void assert_inside(const struct canvas *c, const char *what)
{
	int w = canvas_width(c), h = canvas_height(c);

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			const struct cell *cl = canvas_cell(c, x, y);
			bool in = x >= MARGIN && x < w - MARGIN && y >= MARGIN &&
				  y < h - MARGIN;

			if (in)
				continue;
			cr_assert(cl->kind == CELL_TEXT && cl->ch == SENTINEL &&
				  cl->fg == ROLE_DEFAULT && cl->bg == ROLE_DEFAULT,
				  "%s: cell (%d, %d) outside the rectangle was drawn",
				  what, x, y);
		}
}

/* In ASCII mode no text or overlay glyph is outside ASCII, but for the
 * box-drawing lines of canvas_box, which the ASCII sinks draw as - | +
 * (heat and braille cells are mapped by the sinks too). */
static void assert_ascii(const struct canvas *c, const char *what)
{
	for (int y = 0; y < canvas_height(c); y++)
		for (int x = 0; x < canvas_width(c); x++) {
			const struct cell *cl = canvas_cell(c, x, y);
			bool box = cl->ch >= 0x2500 && cl->ch <= 0x257f;

			if (cl->kind == CELL_TEXT || cl->kind == CELL_HALF)
				cr_assert(cl->ch < 0x80 || box,
					  "%s: U+%04X at (%d, %d)", what,
					  (unsigned)cl->ch, x, y);
			cr_assert(cl->kind != CELL_CONT, "%s: wide glyph at (%d, %d)",
				  what, x, y);
		}
}

/* The screen as text (render_text's plain UTF-8), whole and cut into
 * rows. */
struct shot {
	char *text;		/* for messages */
	char *lines;		/* a copy cut at the newlines */
	int rows;
	char *row[CANVAS_MAX];
};

static void screen_of(const struct canvas *c, struct shot *sc)
{
	char *p;

	sc->text = snap(c);
	cr_assert_not_null(sc->text);
	sc->lines = strdup(sc->text);
	cr_assert_not_null(sc->lines);
	sc->rows = 0;
	for (p = sc->lines; *p && sc->rows < CANVAS_MAX;) {
		char *nl = strchr(p, '\n');

		sc->row[sc->rows++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
}

static void shot_free(struct shot *sc)
{
	free(sc->text);
	free(sc->lines);
}

/* The first row containing needle, or NULL. */
static const char *row_with(const struct shot *sc, const char *needle)
{
	for (int y = 0; y < sc->rows; y++)
		if (strstr(sc->row[y], needle))
			return sc->row[y];
	return NULL;
}

static void assert_shows(const struct shot *sc, const char *needle,
			 const char *what)
{
	cr_assert_not_null(row_with(sc, needle), "%s: \"%s\" not on screen:\n%s",
			   what, needle, sc->text);
}

/* How many times needle occurs on the screen. */
static int count_of(const struct shot *sc, const char *needle)
{
	int n = 0;

	for (int y = 0; y < sc->rows; y++)
		for (const char *p = sc->row[y]; (p = strstr(p, needle)); p++)
			n++;
	return n;
}

/* The number printed right after `label` on the screen. */
static double number_after(const struct shot *sc, const char *label)
{
	const char *row = row_with(sc, label);
	double v;

	cr_assert_not_null(row, "\"%s\" not on screen:\n%s", label, sc->text);
	cr_assert_eq(sscanf(strstr(row, label) + strlen(label), "%lf", &v), 1,
		     "no number after \"%s\" in \"%s\"", label, row);
	return v;
}

/* Draws s with view v at every size, checks the rectangle and the ASCII
 * rule, and calls check on each screen. */
static void each_size(draw_fn draw, struct state *s,
		      void (*check)(const struct shot *, int w, int h))
{
	for (int k = 0; k < NSIZES; k++) {
		int w = sizes[k][0], h = sizes[k][1];
		struct canvas *c;
		struct shot sc;
		char what[64];

		snprintf(what, sizeof what, "%s %dx%d", views_catalog()->view[draw]->name,
			 w, h);
		s->ascii = false;
		c = render(draw, s, w, h);
		assert_inside(c, what);
		screen_of(c, &sc);
		if (check)
			check(&sc, w, h);
		shot_free(&sc);
		canvas_free(c);
		s->ascii = true;
		c = render(draw, s, w, h);
		assert_inside(c, what);
		assert_ascii(c, what);
		canvas_free(c);
		s->ascii = false;
	}
}

/* ---- heat.c ---- */

Test(views_b, heat_pixels_are_exact_means)
{
	/* 16 dims over 4 pixel rows (4 dims a row), 40 positions over 7
	 * columns: each pixel is the mean over its positions and dims,
	 * summed here from pe_variant_value. */
	struct pe_params p = { 16, 1e4, PE_CONCAT };
	struct pe_window v = { 3, 40, 0, 16 };
	float pix[7 * 4];

	for (int b = 0; b <= PE_BUG_NONE; b++) {
		cr_assert(heat_fill(&p, (enum pe_bug)b, &v, 7, 4, pix));
		for (int row = 0; row < 4; row++)
			for (int x = 0; x < 7; x++) {
				long long p0, np, d0, nd;
				double sum = 0.0;

				plot_col_items(v.pos0, v.npos, 7, x, &p0, &np);
				plot_col_items(v.dim0, v.ndim, 4, row, &d0, &nd);
				for (long long q = p0; q < p0 + np; q++)
					for (long long d = d0; d < d0 + nd; d++)
						sum += pe_variant_value(&p, (enum pe_bug)b,
									(double)q, (int)d);
				cr_expect(fabs(pix[row * 7 + x] - sum / (double)(np * nd)) <
					  1e-5 + (b == PE_BUG_FLOAT32 ? 1e-6 : 0),
					  "bug %d pixel (%d, %d): %g vs %g", b, x, row,
					  pix[row * 7 + x], sum / (double)(np * nd));
			}
	}
}

Test(views_b, heat_rows_repeat_when_dims_are_few)
{
	/* 2 dims over 6 pixel rows: rows 0-2 show dim 0, rows 3-5 dim 1. */
	struct pe_params p = { 4, 100.0, PE_INTERLEAVED };
	struct pe_window v = { 0, 5, 2, 2 };
	float pix[5 * 6];

	cr_assert(heat_fill(&p, PE_BUG_MULTIPLY, &v, 5, 6, pix));
	for (int row = 0; row < 6; row++)
		for (int x = 0; x < 5; x++) {
			int dim = row < 3 ? 2 : 3;

			cr_expect(fabs(pix[row * 5 + x] -
				       pe_variant_value(&p, PE_BUG_MULTIPLY, x, dim)) < 1e-6,
				  "row %d col %d", row, x);
		}
}

Test(views_b, heat_cache_recomputes_on_change)
{
	struct heat_cache hc = { 0 };
	struct pe_params p = { 8, 1e4, PE_INTERLEAVED };
	struct pe_window v = { 0, 10, 0, 8 };
	const float *a = heat_cache_get(&hc, &p, PE_BUG_NONE, &v, 10, 8);
	float first;

	cr_assert_not_null(a);
	first = a[9];		/* row 0 (dim 0), position 9: sin 9 */
	cr_expect(fabs(first - sin(9.0)) < 1e-6);
	a = heat_cache_get(&hc, &p, PE_BUG_SWAPPED, &v, 10, 8);
	cr_expect(fabs(a[9] - cos(9.0)) < 1e-6, "the mistake is part of the key");
	p.layout = PE_CONCAT;
	v.dim0 = 4;
	v.ndim = 4;
	a = heat_cache_get(&hc, &p, PE_BUG_NONE, &v, 10, 8);
	/* Row 0 now shows dim 4: pair 0's cosine in concat. */
	cr_expect(fabs(a[9] - cos(9.0)) < 1e-6);
	heat_cache_free(&hc);
}

/* ---- layouts ---- */

static void check_layouts(const struct shot *sc, int w, int h)
{
	double diff = number_after(sc, "Measured ");

	(void)w;
	(void)h;
	assert_shows(sc, "Interleaved", "layouts");
	assert_shows(sc, "Concatenated", "layouts");
	assert_shows(sc, "The layout changes the picture, not the geometry",
		     "layouts");
	/* Dim 5 is pair 2's cosine: dim 256 + 2 = 258 in the concatenated
	 * layout, and both are marked. */
	assert_shows(sc, "dim 258 concatenated", "layouts");
	/* The caption under a tall heatmap repeats its arrow, before a
	 * space; the gutter's arrow meets the crosshair line. */
	cr_expect_eq(count_of(sc, "▶") - count_of(sc, "▶ "), 2,
		     "one arrow in each heatmap:\n%s",
		     sc->text);
	cr_expect(diff >= 0.0 && diff <= 1e-12, "measured %g", diff);
}

Test(views_b, layouts)
{
	struct state s = mkstate(512, 1e4, 128, 0, 5, VIEW_LAYOUTS);

	each_size(VIEW_LAYOUTS, &s, check_layouts);
}

Test(views_b, layouts_marks_the_current_layout)
{
	struct state s = mkstate(64, 1e4, 1000, 0, 0, VIEW_LAYOUTS);
	struct canvas *c;
	struct shot sc;

	s.cur.pe.layout = PE_CONCAT;
	c = render(VIEW_LAYOUTS, &s, 240, 68);
	screen_of(c, &sc);
	assert_shows(&sc, "Concatenated: all sines, then all cosines - current",
		     "layouts");
	cr_expect_null(row_with(&sc, "cos odd - current"));
	/* The sine of pair 0 is dim 0 in both. */
	assert_shows(&sc, "the sine of pair 0 is dim 0 concatenated and dim 0 interleaved",
		     "layouts");
	shot_free(&sc);
	canvas_free(c);
}

/* ---- context ---- */

static void check_context(const struct shot *sc, int w, int h)
{
	/* Every preset, the current one (head-1e4) marked. */
	assert_shows(sc, "transformer", "context");
	assert_shows(sc, "▶ head-1e4", "context");
	assert_shows(sc, "  head-5e5", "context");
	assert_shows(sc, "  head-1e6", "context");
	cr_expect_eq(count_of(sc, "▶"), 1);
	/* L0 = 4096 from the preset, s = 4 (the default), 4 * 4096 = 16384;
	 * base' = 1e4 * 4^(128/126) = 40889.94 (Python). */
	assert_shows(sc, "L0=4096  s=4  s·L0=16384", "context");
	assert_shows(sc, "NTK base' = 1e4·4^(128/126) = 40889.9", "context");
	/* Wavelengths of pairs 0 and 63 and the similarity at k = 1, from
	 * Python: 2π = 6.28, 2π·1e4^(126/128) = 54410, times 4 for PI;
	 * NTK keeps 6.28 and reaches 217640.6; sum cos(w_i)/64 = 0.97021,
	 * with w_i/4 0.99805, with the NTK base 0.97364. */
	assert_shows(sc, "original       6.28    5.44e4   0.9702", "context");
	assert_shows(sc, "PI             25.1    2.18e5   0.9981", "context");
	assert_shows(sc, "NTK            6.28    2.18e5   0.9736", "context");
	/* YaRN (the code's ramp) keeps pair 0 and slows the last by s, like
	 * NTK; Llama 3.1 too (its last wavelength, 54410, is over L0). */
	assert_shows(sc, "YaRN           6.28    2.18e5", "context");
	if (h >= 38) {
		/* dynamic NTK at len 128 < L0 is the original; Llama 3.1
		 * keeps the 36 pairs with lambda < 1024 (2 pi 1e4^(i/64) <
		 * 1024: i <= 35) and divides from pair 46 (lambda > 4096);
		 * the code's YaRN ramp runs from floor(c(32)) = 20 to
		 * ceil(c(1)) = 46 (test_variants.c); d 128 at base 1e4 keeps
		 * sum cos(m theta) >= 0 up to m = 1706 (NumPy). */
		assert_shows(sc, "dyn. NTK       6.28    5.44e4   0.9702", "context");
		assert_shows(sc, "Llama 3.1      6.28    2.18e5", "context");
		assert_shows(sc, "YaRN: ω kept to pair 20, ramp to pair 46, then "
				 "PI", "context");
		assert_shows(sc, "dyn. NTK: len=128 ≤ L0, base' = base", "context");
		assert_shows(sc, w >= 200 ? "Llama 3.1: 36 pairs kept (λ < "
					    "L0/4), ω/s from pair 46 (λ > L0)"
					  : "Llama 3.1: 36 kept, ω/s from 46",
			     "context");
		assert_shows(sc, w >= 200 ? "≥ 0 up to m = 1706; s·L0 = 16384 "
					    "is beyond it"
					  : "≥ 0 up to 1706; s·L0 beyond it",
			     "context");
		assert_shows(sc, "PI: ω'_i = ω_i/s", "context");
		assert_shows(sc, "YaRN: ω'_i = (ω_i/s)·(1−m_i) + ω_i·m_i", "context");
		assert_shows(sc, "dyn. NTK: base' = base·(s·len/L0 − (s−1))^(d/(d−2)), "
				 "len ≥ L0", "context");
		assert_shows(sc, "Formulas (Hugging Face's code; NTK-aware: bloc97's, not in transformers)",
			     "context");
		/* the reach, 1707 < s·L0 = 16384, marked on the similarity
		 * plot and named in its legend */
		assert_shows(sc, "│ L0  │ Σcos(mθ)<0", "context");
	} else {
		/* what does not fit is counted on the border */
		assert_shows(sc, "F zoom", "context");
	}
	assert_shows(sc, "Stretch λ'/λ", "context");
	/* dynamic NTK's curve lies under the original's, and says so */
	assert_shows(sc, "dyn. NTK hidden by original", "context");
}

Test(views_b, context)
{
	struct state s = mkstate(512, 1e4, 128, 0, 0, VIEW_CONTEXT);

	state_set_preset(&s, presets_find("head-1e4"));
	cr_assert_eq(s.knob[VIEW_CONTEXT][K_SCALE], 4.0);
	each_size(VIEW_CONTEXT, &s, check_context);
}

Test(views_b, context_follows_the_knobs)
{
	struct state s = mkstate(512, 1e4, 128, 0, 0, VIEW_CONTEXT);
	struct canvas *c;
	struct shot sc;

	/* Transformer: d = 512, L0 = 256; s = 8 -> 2048. base' =
	 * 1e4 * 8^(512/510) = 80655.0 (Python: 80654.96...). */
	state_set_preset(&s, presets_find("transformer"));
	s.knob[VIEW_CONTEXT][K_SCALE] = 8.0;
	c = render(VIEW_CONTEXT, &s, 120, 38);
	screen_of(c, &sc);
	assert_shows(&sc, "▶ transformer", "context");
	assert_shows(&sc, "L0=256  s=8  s·L0=2048", "context");
	assert_shows(&sc, "NTK base' = 1e4·8^(512/510) = 80655", "context");
	shot_free(&sc);
	canvas_free(c);
}

/* ---- bugs ---- */

static int bug_shown;

/* Every entry's head: its number, group and title, its notation (the part
 * that fits the narrowest screen) and its code. */
static void check_bug_head(const struct shot *sc, int w, int h)
{
	const struct zoo_entry *e = zoo_entry(bug_shown);
	char title[160], start[48];

	/* on the head box's border from 20 rows on (4 columns for its
	 * corners and blanks), else on the first row */
	int room = h >= 20 ? w - 4 : w;

	snprintf(title, sizeof title, "%d/%d %s: %s", bug_shown + 1,
		 (int)ZOO_ENTRIES, e->group, e->title);
	title[room < (int)sizeof title ? room : (int)sizeof title - 1] = '\0';
	assert_shows(sc, title, "bugs");
	/* the first words of the notation, whatever the width wraps */
	snprintf(start, sizeof start, "%.*s", 24, e->formula);
	assert_shows(sc, start, "bugs");
	if (e->code && w >= (int)strlen(e->code))
		assert_shows(sc, e->code, "bugs");
	if (e->kind == ZOO_ROPE) {
		assert_shows(sc, w >= 100 ? "Scores of the query at p = 37"
					  : "Scores at p = 37", "bugs");
		assert_shows(sc, "max |s₂ - s₁| = ", "bugs");
	} else {
		assert_shows(sc, "Correct", "bugs");
		/* the difference map at every size; the similarity, or,
		 * where the maps take its row (narrow and short), the key
		 * that shows it */
		cr_expect(row_with(sc, "Mistake − correct") ||
			  row_with(sc, "bug − correct"),
			  "%dx%d: no difference map:\n%s", w, h, sc->text);
		cr_expect(row_with(sc, "Similarity to p = 37") ||
			  row_with(sc, "similarity: press w"),
			  "%dx%d: no similarity, and nothing says how to see it:"
			  "\n%s", w, h, sc->text);
		assert_shows(sc, "At ", "bugs");
	}
}

Test(views_b, bugs_every_entry_every_size)
{
	for (bug_shown = 0; bug_shown < ZOO_ENTRIES; bug_shown++) {
		struct state s = mkstate(512, 1e4, 128, 37, 0, VIEW_BUGS);

		s.knob[VIEW_BUGS][K_BUG] = bug_shown;
		each_size(VIEW_BUGS, &s, check_bug_head);
	}
}

/* The bugs view at 240 x 68, where every paragraph is one line. */
static void wide_bugs(struct state *s, struct shot *sc, struct canvas **c)
{
	*c = render(VIEW_BUGS, s, 240, 68);
	screen_of(*c, sc);
}

Test(views_b, bugs_numbers_by_hand)
{
	/* d = 4, base 100, positions 0, 1, 2 (len 3), dimension-exponent bug:
	 * max |PEbug - PE| = |cos(2 * 10^-0.5) - cos 2| = 1.2227 and the
	 * largest similarity difference 0.52300 (test_variants.c). */
	struct state s = mkstate(4, 100.0, 3, 0, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_DIM_EXPONENT;
	wide_bugs(&s, &sc, &c);
	assert_shows(&sc, "At 3 positions spread over the view: max |PEbug-PE| = 1.22 (dims 0-3), "
			  "max |cos_bug-cos| = 0.523.", "bugs");
	cr_expect_null(row_with(&sc, "Harmless"));
	shot_free(&sc);
	canvas_free(c);
}

Test(views_b, bugs_swapped_is_harmless)
{
	struct state s = mkstate(512, 1e4, 128, 37, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_SWAPPED;
	wide_bugs(&s, &sc, &c);
	cr_expect(number_after(&sc, "max |PEbug-PE| = ") > 1.0);
	cr_expect(number_after(&sc, "max |cos_bug-cos| = ") < 1e-12);
	assert_shows(&sc, "Harmless: the similarities agree up to rounding.", "bugs");
	shot_free(&sc);
	canvas_free(c);
}

Test(views_b, bugs_numpy_is_rounding_only)
{
	struct state s = mkstate(512, 1e4, 128, 37, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_NUMPY;
	wide_bugs(&s, &sc, &c);
	cr_expect(number_after(&sc, "max |PEbug-PE| = ") < 1e-12);
	assert_shows(&sc, "Rounding only: the two heatmaps have the same colours.",
		     "bugs");
	/* one curve shows, and the legend says why: they differ by the
	 * rounding of their sums only (no difference curve of noise) */
	assert_shows(&sc, "As NumPy computes it (apart by up to ", "bugs");
	assert_shows(&sc, ": rounding)", "bugs");
	cr_expect_null(row_with(&sc, "Δ = mistake − correct"));
	/* and the difference map is blank: the pixels are the same floats */
	assert_shows(&sc, "Mistake − correct, ±0 ", "bugs");
	shot_free(&sc);
	canvas_free(c);
}

/* Two curves that part are not said to coincide. */
Test(views_b, bugs_curves_that_part_are_two)
{
	struct state s = mkstate(512, 1e4, 128, 37, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_DIM_2J;
	wide_bugs(&s, &sc, &c);
	assert_shows(&sc, "Correct  With the mistake", "bugs");
	cr_expect_null(row_with(&sc, "coincide"));
	shot_free(&sc);
	canvas_free(c);
}

Test(views_b, bugs_float32_grows_with_the_positions)
{
	struct state s = mkstate(512, 1e4, 128, 37, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_FLOAT32;
	wide_bugs(&s, &sc, &c);
	cr_expect(number_after(&sc, "max |PEbug-PE| = ") < 1e-5);
	cr_expect_null(row_with(&sc, "Marked columns"), "no collision below 2^24");
	shot_free(&sc);
	canvas_free(c);

	/* The whole of 0 .. 32767 in view: the last position sees ~1e-3. */
	s = mkstate(512, 1e4, 32768, 37, 0, VIEW_BUGS);
	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_FLOAT32;
	wide_bugs(&s, &sc, &c);
	cr_expect(number_after(&sc, "max |PEbug-PE| = ") > 1e-4);
	shot_free(&sc);
	canvas_free(c);
}

static bool has_braille(const char *r)
{
	for (; r[0] && r[1]; r++)
		if ((unsigned char)r[0] == 0xe2 && (unsigned char)r[1] >= 0xa0 &&
		    (unsigned char)r[1] <= 0xa3)
			return true;
	return false;
}

/* The difference map: mistake - correct, scaled by its largest magnitude,
 * which its title gives and which is the precision paragraph's pixel gap;
 * where the two similarity curves lie within two dot rows of each other
 * (fp16 at len 128: 0.00083 apart), their difference is drawn under them,
 * and the legend says by how much they differ (the old "(the curves
 * coincide)" said nothing of it). */
Test(views_b, bugs_difference_map_and_curve)
{
	struct state s = mkstate(512, 1e4, 128, 0, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;
	const char *row;
	double title, gap;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_FP16;
	c = render(VIEW_BUGS, &s, 120, 38);
	screen_of(c, &sc);
	title = number_after(&sc, "Mistake − correct, ±");
	gap = number_after(&sc, "differ by at most ");
	cr_expect(title > 0.002 && fabs(title - gap) < 0.0006, "%g %g", title, gap);
	assert_shows(&sc, "Δ = mistake − correct (apart by up to ", "bugs");
	cr_expect_null(row_with(&sc, "coincide"));
	row = row_with(&sc, "   Δ ");
	cr_expect_not_null(row, "the difference plot's label");
	/* its curve is drawn: braille (U+2800..U+28FF, E2 A0..A3 ..) on the
	 * label's row */
	cr_expect(row && has_braille(row), "no curve on \"%s\"", row);
	/* the head and the numbers are framed */
	assert_shows(&sc, "┌ 10/12 Precision: positions and angles in fp16 ", "bugs");
	assert_shows(&sc, "┌ Measured ", "bugs");
	shot_free(&sc);
	canvas_free(c);
	/* narrower than 100 columns (80x24's body): the three maps, the
	 * similarity left out, and the frame says how to see it (w); after
	 * w the similarity beside the two heatmaps, and the frame says how
	 * to see the map again */
	c = render(VIEW_BUGS, &s, 80, 22);
	screen_of(c, &sc);
	assert_shows(&sc, "┌ Mistake − correct, ±", "bugs");
	cr_expect_null(row_with(&sc, "Similarity to p"));
	assert_shows(&sc, "similarity: press w ┘", "bugs");
	shot_free(&sc);
	canvas_free(c);
	state_set_panel(&s, 1);
	c = render(VIEW_BUGS, &s, 80, 22);
	screen_of(c, &sc);
	cr_expect_null(row_with(&sc, "Mistake − correct"));
	assert_shows(&sc, "┌ Similarity to p = 0 ", "bugs");
	assert_shows(&sc, "difference map: press w ┘", "bugs");
	shot_free(&sc);
	canvas_free(c);
}

/* The i/d mistake (the default entry): the map's scale in its title (its largest pixel, a
 * mean over cells) is below the largest point difference the numbers give
 * (1.99), and the paragraph says why, with the title's number, so that
 * "±1.9" beside "= 1.99" does not read as a slip; in both languages, at
 * 80x24 and 120x40. */
Test(views_b, bugs_numbers_name_the_difference_maps_scale)
{
	static const int sz[][2] = { { 80, 22 }, { 120, 38 } };

	for (int lang = 0; lang < 2; lang++)
		for (int k = 0; k < 2; k++) {
			struct state s = mkstate(128, 1e4, 128, 0, 0, VIEW_BUGS);
			struct canvas *c;
			struct shot sc;
			double title, said, point;

			s.lang = lang ? LANG_ZH : LANG_EN;
			c = render(VIEW_BUGS, &s, sz[k][0], sz[k][1]);
			screen_of(c, &sc);
			title = number_after(&sc, lang ? "错误 − 正确，±" : "Mistake − correct, ±");
			assert_shows(&sc, lang ? "格子的均值" : "averages cells", "bugs");
			/* the last "±" on the screen: the sentence's end, which
			 * a wrap may part from its words */
			said = NAN;
			for (int y = 0; y < sc.rows; y++)
				for (const char *t = strstr(sc.row[y], "±"); t;
				     t = strstr(t + 1, "±"))
					said = strtod(t + strlen("±"), NULL);
			point = number_after(&sc, "max |PEbug-PE| = ");
			cr_expect_eq(said, title, "%s %dx%d: %g against the title's %g",
				     lang ? "zh" : "en", sz[k][0], sz[k][1], said, title);
			cr_expect(title < point && point <= 2.0, "%g %g", title, point);
			shot_free(&sc);
			canvas_free(c);
		}
}

/* bf16 holds integers exactly up to 256: the first two positions stored
 * as one number are 256 and 257 (prec_collides), which every sentence of
 * the entry says the same way. */
Test(views_b, bugs_bf16_first_collision)
{
	struct state s = mkstate(512, 1e4, 1000, 0, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_BF16;
	wide_bugs(&s, &sc, &c);
	assert_shows(&sc, "257 is stored as 256", "bugs");
	assert_shows(&sc, "the first are 256 and 257, both stored as 256.", "bugs");
	cr_expect_null(row_with(&sc, "the first at p = 256"));
	shot_free(&sc);
	canvas_free(c);
	s = mkstate(512, 1e4, 3000, 0, 0, VIEW_BUGS);
	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_FP16;
	wide_bugs(&s, &sc, &c);
	assert_shows(&sc, "2049 is stored as 2048", "bugs");
	assert_shows(&sc, "the first are 2048 and 2049, both stored as 2048.",
		     "bugs");
	shot_free(&sc);
	canvas_free(c);
}

/* The RoPE pairings entry names Meta's interleaved reference code and
 * the permutation Hugging Face's conversion applies. */
Test(views_b, bugs_rope_pairings_name_the_permutation)
{
	struct state s = mkstate(512, 1e4, 128, 0, 0, VIEW_BUGS);
	struct canvas *c;
	struct shot sc;
	char *flat;

	s.knob[VIEW_BUGS][K_BUG] = PE_BUG_COUNT;
	wide_bugs(&s, &sc, &c);
	flat = sc.text;
	cr_expect(strstr(flat, "\"permute for sliced rotary\""));
	cr_expect(strstr(flat, "Meta's reference Llama model.py with view_as_complex"));
	cr_expect(strstr(flat, "convert_llama_weights_to_hf.py"));
	cr_expect_null(strstr(flat, "rotate_half code (GPT-NeoX, LLaMA)"));
	shot_free(&sc);
	canvas_free(c);
}

/* ---- vector ---- */

static void check_vector_small(const struct shot *sc, int w, int h)
{
	(void)h;
	/* d = 4, base 100, pos 1: (sin 1, cos 1, sin 0.1, cos 0.1), by
	 * default with 4 decimals ("% .4f"), and the selected one whole with
	 * %.17g (Python's repr gives the same digits here). */
	assert_shows(sc, "pos=1  d=4  base=100  interleaved", "vector");
	/* Each value, then (after its bar or swatch) its function and pair. */
	assert_shows(sc, "▶  0   0.8415 ", "vector");
	assert_shows(sc, "   1   0.5403 ", "vector");
	assert_shows(sc, "   2   0.0998 ", "vector");
	assert_shows(sc, "   3   0.9950 ", "vector");
	if (w >= 68)
		assert_shows(sc, "dim 0 = 0.8414709848078965", "vector");
	assert_shows(sc, " sin i=0", "vector");
	assert_shows(sc, " cos i=1", "vector");
	assert_shows(sc, "all 4 dims", "vector");
}

Test(views_b, vector_small_by_hand)
{
	struct state s = mkstate(4, 100.0, 10, 1, 0, VIEW_VECTOR);
	double sum = 0.0, v[4] = { 0.8414709848078965, 0.5403023058681398,
				    0.09983341664682815, 0.9950041652780258 };
	char want[64];
	struct canvas *c;
	struct shot sc;

	each_size(VIEW_VECTOR, &s, check_vector_small);
	/* The norm, summed in dimension order as the view does. */
	for (int k = 0; k < 4; k++)
		sum += v[k] * v[k];
	snprintf(want, sizeof want, "‖PE‖² = %.17g  (d/2 = 2, off by ", sum);
	c = render(VIEW_VECTOR, &s, 120, 38);
	screen_of(c, &sc);
	assert_shows(&sc, want, "vector");
	assert_shows(&sc, "c/C: all 17 digits", "vector");
	shot_free(&sc);
	canvas_free(c);
	/* every digit with the digits knob at "all" */
	s.knob[VIEW_VECTOR][K_DIGITS] = 1;
	c = render(VIEW_VECTOR, &s, 120, 38);
	screen_of(c, &sc);
	assert_shows(&sc, "▶  0   0.8414709848078965 ", "vector");
	assert_shows(&sc, "   1   0.54030230586813977 ", "vector");
	assert_shows(&sc, "   2   0.099833416646828155 ", "vector");
	assert_shows(&sc, "   3   0.99500416527802582 ", "vector");
	assert_shows(&sc, "c/C: 4 decimals", "vector");
	shot_free(&sc);
	canvas_free(c);
}

Test(views_b, vector_scrolls_and_marks)
{
	struct state s = mkstate(512, 1e4, 100, 42, 20, VIEW_VECTOR);
	struct canvas *c;
	struct shot sc;
	char want[128];

	s.knob[VIEW_VECTOR][K_SCROLL] = 16;
	c = render(VIEW_VECTOR, &s, 120, 38);
	screen_of(c, &sc);
	/* 30 rows a column (two rows go to the whole vector's strip),
	 * three columns: dims 16 .. 105. */
	assert_shows(&sc, "dims 16-105 of 512   x/X: scroll by 16", "vector");
	cr_expect_null(row_with(&sc, "  15  "));
	/* Dim 20 (pair 10's sine, selected) is marked; its value is
	 * sin(42 * 1e4^(-20/512)), computed here. */
	snprintf(want, sizeof want, "▶ 20  % .4f ",
		 sin(42.0 * pow(1e4, -20.0 / 512)));
	assert_shows(&sc, want, "vector");
	snprintf(want, sizeof want, "dim 20 = %.17g",
		 sin(42.0 * pow(1e4, -20.0 / 512)));
	assert_shows(&sc, want, "vector");
	assert_shows(&sc, " sin i=10", "vector");
	assert_shows(&sc, " cos i=39", "vector");
	snprintf(want, sizeof want, "  79  % .4f ",
		 cos(42.0 * pow(1e4, -78.0 / 512)));
	assert_shows(&sc, want, "vector");
	shot_free(&sc);
	canvas_free(c);
}

Test(views_b, vector_concat_every_size)
{
	struct state s = mkstate(8192, 1e4, 1000000, 999999, 5000, VIEW_VECTOR);

	s.cur.pe.layout = PE_CONCAT;
	s.knob[VIEW_VECTOR][K_SCROLL] = 4096;
	each_size(VIEW_VECTOR, &s, NULL);
}

/* The table's short YaRN line names what its numbers count: at 100x30
 * with the start's L0 = 128, d 128, base 1e4, the code's ramp runs from
 * floor(c(32)) = -4, kept at pair 0, to ceil(c(1)) = ceil(20.94) = 21
 * (c(r) = d ln(L0/(2 pi r)) / (2 ln base), NumPy), then PI. It read "kept
 * to 0, ramp to 21", which a glance reviewer called cryptic. */
Test(views_b, context_yarn_short_line_says_pairs)
{
	struct state s = mkstate(128, 1e4, 128, 10, 0, VIEW_CONTEXT);
	struct canvas *c;
	struct shot sc;

	for (int lang = 0; lang < 2; lang++) {
		s.lang = lang ? LANG_ZH : LANG_EN;
		c = render(VIEW_CONTEXT, &s, 100, 28);
		screen_of(c, &sc);
		assert_shows(&sc, lang ? "YaRN：第 0-21 对渐变，之后同 PI"
				       : "YaRN: ramp over pairs 0-21, then PI",
			     "context");
		shot_free(&sc);
		canvas_free(c);
	}
}
