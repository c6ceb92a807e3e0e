/* test_canvas.c - canvas primitives, checked through their text rendering. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "render/canvas.h"
#include "snap.h"

static void utf8_locale(void)
{
	/* wcwidth needs it; this machine has C.UTF-8. */
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(canvas, .init = utf8_locale);

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

static void expect_opts(const struct canvas *c, bool utf8, const char *want)
{
	char *got = snap_opts(c, utf8, COLOR_NONE, PALETTE_RDBU);

	cr_assert_not_null(got);
	cr_expect_str_eq(got, want);
	free(got);
}

static void expect(const struct canvas *c, const char *want)
{
	expect_opts(c, true, want);
}

/* ---- life cycle ---- */

Test(canvas, sizes)
{
	struct canvas *c = canvas_new(3, 2);

	cr_assert_not_null(c);
	cr_expect_eq(canvas_width(c), 3);
	cr_expect_eq(canvas_height(c), 2);
	cr_expect_null(canvas_cell(c, 3, 0));
	cr_expect_null(canvas_cell(c, 0, -1));
	cr_expect_eq(canvas_cell(c, 2, 1)->ch, ' ');
	cr_expect_eq(canvas_resize(c, -1, 5), -1);
	cr_expect_eq(canvas_width(c), 3, "failed resize leaves c unchanged");
	cr_expect_eq(canvas_resize(c, 0, 0), 0);
	expect(c, "");
	cr_expect_eq(canvas_resize(c, 2, 1), 0);
	canvas_text(c, 0, 0, 9, "ab", plain);
	expect(c, "ab\n");
	cr_expect_eq(canvas_resize(c, 4, 2), 0);
	expect(c, "\n\n");
	canvas_free(c);
	cr_expect_null(canvas_new(CANVAS_MAX + 1, 1));
	cr_expect_null(canvas_new(1, -1));
	canvas_free(NULL);
}

Test(canvas, clear_keeps_clip)
{
	struct canvas *c = canvas_new(4, 1);

	canvas_set_clip(c, (struct rect){ 1, 0, 2, 1 });
	canvas_text(c, 0, 0, 4, "abcd", plain);
	expect(c, " bc\n");
	canvas_clear(c);
	expect(c, "\n");
	canvas_text(c, 0, 0, 4, "abcd", plain);
	expect(c, " bc\n");
	canvas_free(c);
}

Test(canvas, cell_equal)
{
	struct canvas *c = canvas_new(3, 1);

	cr_expect(cell_equal(canvas_cell(c, 0, 0), canvas_cell(c, 1, 0)));
	canvas_put(c, 0, 0, ' ', (struct style){ ROLE_TITLE, 0, 0 });
	cr_expect_not(cell_equal(canvas_cell(c, 0, 0), canvas_cell(c, 1, 0)));
	canvas_half_cell(c, 1, 0, 0.5, 0.25);
	canvas_half_cell(c, 2, 0, 0.5, 0.25);
	cr_expect(cell_equal(canvas_cell(c, 1, 0), canvas_cell(c, 2, 0)));
	canvas_half(c, 2, 1, 0.3);
	cr_expect_not(cell_equal(canvas_cell(c, 1, 0), canvas_cell(c, 2, 0)));
	canvas_free(c);
}

/* ---- text ---- */

Test(canvas, text_ascii)
{
	struct canvas *c = canvas_new(10, 2);

	cr_expect_eq(canvas_text(c, 1, 0, 20, "hello", plain), 5);
	cr_expect_eq(canvas_text(c, 0, 1, 5, "hello world", plain), 5);
	expect(c, " hello\nhello\n");
	cr_expect_eq(canvas_text(c, 0, 0, 0, "x", plain), 0);
	cr_expect_eq(canvas_text(c, 0, 0, 5, NULL, plain), 0);
	cr_expect_eq(utf8_width("hello"), 5);
	canvas_free(c);
}

Test(canvas, text_cjk_is_two_columns)
{
	struct canvas *c = canvas_new(6, 1);

	cr_expect_eq(canvas_text(c, 0, 0, 6, "日本x", plain), 5);
	expect(c, "日本x\n");
	cr_expect_eq(canvas_cell(c, 0, 0)->kind, CELL_TEXT);
	cr_expect_eq(canvas_cell(c, 0, 0)->ch, 0x65e5);
	cr_expect_eq(canvas_cell(c, 1, 0)->kind, CELL_CONT);
	cr_expect_eq(canvas_cell(c, 2, 0)->ch, 0x672c);
	cr_expect_eq(canvas_cell(c, 3, 0)->kind, CELL_CONT);
	cr_expect_eq(canvas_cell(c, 4, 0)->ch, 'x');
	cr_expect_eq(utf8_width("日本x"), 5);
	cr_expect_eq(utf8_cp_width(0x65e5), 2);
	expect_opts(c, false, "????x\n");
	canvas_free(c);
}

Test(canvas, wide_char_not_split_at_edges)
{
	struct canvas *c = canvas_new(4, 3);

	/* Last canvas column: a space instead of half a glyph. */
	cr_expect_eq(canvas_text(c, 0, 0, 9, "abc日", plain), 5);
	cr_expect_eq(canvas_cell(c, 3, 0)->kind, CELL_TEXT);
	cr_expect_eq(canvas_cell(c, 3, 0)->ch, ' ');
	/* max_cols ends in the middle: pad, report the pad, stop. */
	cr_expect_eq(canvas_text(c, 0, 1, 2, "a日b", plain), 2);
	cr_expect_eq(canvas_cell(c, 1, 1)->ch, ' ');
	/* Left edge: only the right half would show. */
	cr_expect_eq(canvas_text(c, -1, 2, 9, "日x", plain), 3);
	expect(c, "abc\na\n x\n");
	cr_expect_eq(canvas_cell(c, 0, 2)->kind, CELL_TEXT);
	canvas_free(c);
}

Test(canvas, overwriting_half_a_wide_char_blanks_the_other)
{
	struct canvas *c = canvas_new(6, 1);

	canvas_text(c, 0, 0, 6, "日本語", plain);
	canvas_put(c, 1, 0, 'x', plain);	/* right half of 日 */
	expect(c, " x本語\n");
	canvas_put(c, 2, 0, 'y', plain);	/* left half of 本 */
	expect(c, " xy 語\n");
	canvas_half_cell(c, 5, 0, 1, 1);	/* right half of 語 */
	expect(c, " xy  #\n");
	for (int x = 0; x < 6; x++)
		cr_expect_neq(canvas_cell(c, x, 0)->kind, CELL_CONT);
	/* A wide char over the left half of another. */
	canvas_text(c, 0, 0, 6, "日本語", plain);
	canvas_put(c, 1, 0, 0x4e2d, plain);
	expect(c, " 中 語\n");
	canvas_free(c);
}

Test(canvas, text_sanitised)
{
	struct canvas *c = canvas_new(12, 6);

	cr_expect_eq(canvas_text(c, 0, 0, 12, "a\tb\nc\033d\x7f", plain), 8);
	canvas_text(c, 0, 1, 12, "a\xff" "b\xc0\xaf", plain);	/* bad, overlong */
	canvas_text(c, 0, 2, 12, "\xed\xa0\x80|\xc2\x85|", plain);	/* surrogate, C1 */
	canvas_text(c, 0, 3, 12, "ab\xe2\x82", plain);	/* truncated */
	canvas_text(c, 0, 4, 12, "e\xcc\x81" "f", plain);	/* combining acute */
	cr_expect_eq(canvas_put(c, 0, 5, 0x110000, plain), 1);
	cr_expect_eq(canvas_put(c, 1, 5, 0xdc00, plain), 1);
	cr_expect_eq(canvas_put(c, 2, 5, 0x9b, plain), 1);	/* CSI */
	cr_expect_eq(canvas_put(c, 3, 5, 0x301, plain), 0);
	expect(c, "a?b?c?d?\n"
		  "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd\n"
		  "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd|?|\n"
		  "ab\xef\xbf\xbd\xef\xbf\xbd\n"
		  "ef\n"
		  "\xef\xbf\xbd\xef\xbf\xbd?\n");
	cr_expect_eq(utf8_width("a\xff\tb"), 4);
	canvas_free(c);
}

Test(canvas, text_clipped_at_every_edge)
{
	struct canvas *c = canvas_new(5, 3);

	cr_expect_eq(canvas_text(c, -2, 0, 9, "abcd", plain), 4);
	cr_expect_eq(canvas_text(c, 3, 1, 9, "xyz", plain), 3);
	cr_expect_eq(canvas_text(c, 0, -1, 9, "above", plain), 5);
	cr_expect_eq(canvas_text(c, 0, 3, 9, "below", plain), 5);
	cr_expect_eq(canvas_text(c, 2147483646, 2, 9, "far", plain), 3);
	cr_expect_eq(canvas_text(c, -2147483647 - 1, 2, 9, "far", plain), 3);
	cr_expect_eq(canvas_put(c, 5, 2, 'x', plain), 1);
	expect(c, "cd\n   xy\n\n");
	canvas_free(c);
}

Test(canvas, clip_rect)
{
	struct canvas *c = canvas_new(6, 3);
	struct rect old = canvas_set_clip(c, (struct rect){ 1, 1, 3, 1 });

	cr_expect_eq(old.w, 6);
	cr_expect_eq(old.h, 3);
	canvas_fill(c, (struct rect){ 0, 0, 6, 3 }, '#', plain);
	canvas_text(c, 0, 0, 9, "top", plain);
	canvas_half_cell(c, 4, 1, 1, 1);
	canvas_braille_dot(c, 0, 4, ROLE_TRACE1);
	canvas_braille_line(c, -100, 0, 100, 0, ROLE_TRACE1);
	canvas_set_clip(c, old);
	expect(c, "\n ###\n\n");
	canvas_set_clip(c, (struct rect){ -5, -5, 7, 6 });
	cr_expect_eq(canvas_clip(c).x, 0);
	cr_expect_eq(canvas_clip(c).w, 2);
	cr_expect_eq(canvas_clip(c).h, 1);
	canvas_set_clip(c, (struct rect){ 10, 0, 3, 3 });
	cr_expect_eq(canvas_clip(c).w, 0);
	canvas_put(c, 0, 0, 'x', plain);
	canvas_reset_clip(c);
	canvas_put(c, 5, 2, 'z', plain);
	expect(c, "\n ###\n     z\n");
	canvas_free(c);
}

Test(canvas, fill_clipped)
{
	struct canvas *c = canvas_new(4, 3);

	canvas_fill(c, (struct rect){ -1, -1, 3, 3 }, '#', plain);
	canvas_fill(c, (struct rect){ 3, 2, 100, 100 }, 0x65e5, plain);
	canvas_fill(c, (struct rect){ 2, 0, 0, 3 }, 'x', plain);
	canvas_fill(c, (struct rect){ 2147483647, 0, 2147483647, 3 }, 'x',
		    plain);
	expect(c, "##\n##\n   ?\n");
	canvas_free(c);
}

/* ---- boxes ---- */

Test(canvas, box_utf8_and_ascii)
{
	struct canvas *c = canvas_new(8, 4);
	struct style t = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	struct style b = { ROLE_BORDER, ROLE_DEFAULT, 0 };

	canvas_box(c, (struct rect){ 0, 0, 6, 3 }, "Hi", b, t);
	canvas_hline(c, 0, 3, 8, b);
	canvas_vline(c, 7, 0, 3, b);
	expect(c, "┌ Hi ┐ │\n"
		  "│    │ │\n"
		  "└────┘ │\n"
		  "────────\n");
	expect_opts(c, false, "+ Hi + |\n"
			      "|    | |\n"
			      "+----+ |\n"
			      "--------\n");
	canvas_free(c);
}

Test(canvas, box_title_cut_and_tiny_boxes)
{
	struct canvas *c = canvas_new(8, 4);
	struct style b = { ROLE_BORDER, ROLE_DEFAULT, 0 };

	canvas_box(c, (struct rect){ 0, 0, 8, 2 }, "Heatmap", b, b);
	canvas_box(c, (struct rect){ 0, 2, 4, 2 }, "Heatmap", b, b);
	canvas_box(c, (struct rect){ 5, 2, 1, 2 }, "x", b, b);
	canvas_box(c, (struct rect){ 6, 2, 2, 2 }, "", b, b);
	expect(c, "┌ Heat ┐\n"
		  "└──────┘\n"
		  "┌──┐  ┌┐\n"
		  "└──┘  └┘\n");
	canvas_free(c);
}

Test(canvas, box_partly_outside)
{
	struct canvas *c = canvas_new(4, 3);
	struct style b = { ROLE_BORDER, ROLE_DEFAULT, 0 };

	canvas_box(c, (struct rect){ -2, 1, 5, 5 }, NULL, b, b);
	canvas_box(c, (struct rect){ 2147483600, 0, 100, 100 }, "t", b, b);
	expect(c, "\n──┐\n  │\n");
	canvas_free(c);
}

/* ---- heat half blocks ---- */

Test(canvas, half_ramp_is_signed)
{
	static const struct {
		double v;
		char glyph;
	} ramp[] = {
		{ -1, '=' }, { -0.8, '=' }, { -0.79, '-' }, { -0.5, '-' },
		{ -0.49, '.' }, { -0.2, '.' }, { -0.19, ' ' }, { 0, ' ' },
		{ 0.19, ' ' }, { 0.2, '\'' }, { 0.49, '\'' }, { 0.5, '+' },
		{ 0.79, '+' }, { 0.8, '#' }, { 1, '#' }, { 7, '#' },
		{ -7, '=' },
	};

	for (size_t i = 0; i < sizeof ramp / sizeof ramp[0]; i++)
		cr_expect_eq(canvas_ramp_glyph(ramp[i].v), ramp[i].glyph,
			     "v=%g", ramp[i].v);
	cr_expect_eq(canvas_ramp_glyph(NAN), ' ');
}

Test(canvas, half_cells)
{
	struct canvas *c = canvas_new(6, 2);

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_cell(c, 1, 0, -1, -1);
	canvas_half_cell(c, 2, 0, 1, -1);	/* mean 0 */
	canvas_half_cell(c, 3, 0, 0.6, 0.6);
	canvas_half_cell(c, 4, 0, NAN, -0.6);	/* NaN counts as 0 */
	canvas_half_cell(c, 5, 0, 5, 5);	/* clamped */
	expect(c, "#= +.#\n\n");
	cr_expect_eq(canvas_cell(c, 4, 0)->top, 0.0f);
	cr_expect_eq(canvas_cell(c, 5, 0)->bot, 1.0f);
	/* One pixel at a time: ypix 2 and 3 are cell row 1. */
	canvas_half(c, 0, 2, 1);
	cr_expect_eq(canvas_cell(c, 0, 1)->kind, CELL_HALF);
	cr_expect_eq(canvas_cell(c, 0, 1)->bot, 1.0f, "new cell: both pixels");
	canvas_half(c, 0, 3, -1);
	cr_expect_eq(canvas_cell(c, 0, 1)->top, 1.0f);
	cr_expect_eq(canvas_cell(c, 0, 1)->bot, -1.0f);
	canvas_half(c, 1, 3, -0.9);
	canvas_half(c, 2, -1, 1);	/* off the top */
	canvas_half(c, 2, 4, 1);	/* off the bottom */
	canvas_half(c, -1, 0, 1);
	canvas_half(c, 6, 0, 1);
	cr_expect_eq(canvas_cell(c, 2, 0)->top, 1.0f);
	cr_expect_eq(canvas_cell(c, 2, 0)->bot, -1.0f);
	canvas_free(c);
}

Test(canvas, half_cells_render)
{
	struct canvas *c = canvas_new(6, 2);

	canvas_half_cell(c, 0, 0, 1, 1);
	canvas_half_cell(c, 1, 0, -1, -1);
	canvas_half_cell(c, 2, 0, 1, -1);
	canvas_half_cell(c, 3, 0, 0.6, 0.6);
	canvas_half_cell(c, 4, 0, NAN, -0.6);
	canvas_half_cell(c, 5, 0, 0.3, 0.2);
	canvas_half(c, 0, 2, 1);
	canvas_half(c, 0, 3, -1);
	canvas_half(c, 1, 3, -0.9);
	expect(c, "#= +.'\n =\n");
	expect_opts(c, false, "#= +.'\n =\n");
	canvas_free(c);
}

Test(canvas, half_mark_overlay_keeps_heat)
{
	struct canvas *c = canvas_new(3, 1);

	canvas_half_cell(c, 0, 0, 0.9, 0.9);
	canvas_half_mark(c, 0, 0, 0x253c, ROLE_CURSOR, ATTR_BOLD);
	canvas_half_mark(c, 1, 0, 0x2502, ROLE_CURSOR, 0);	/* not HALF */
	canvas_half_cell(c, 2, 0, 0.9, 0.9);
	canvas_half_mark(c, 2, 0, 0x65e5, ROLE_CURSOR, 0);	/* too wide */
	cr_expect_eq(canvas_cell(c, 0, 0)->kind, CELL_HALF);
	cr_expect_eq(canvas_cell(c, 0, 0)->top, 0.9f);
	cr_expect_eq(canvas_cell(c, 0, 0)->fg, ROLE_CURSOR);
	cr_expect_eq(canvas_cell(c, 1, 0)->kind, CELL_TEXT);
	expect(c, "┼│?\n");
	expect_opts(c, false, "+|?\n");
	canvas_half_mark(c, 0, 0, 0, ROLE_CURSOR, 0);
	canvas_half_mark(c, 2, 0, 0, ROLE_CURSOR, 0);
	expect(c, "#│#\n");
	/* canvas_half keeps the overlay; canvas_half_cell drops it. */
	canvas_half_mark(c, 0, 0, '+', ROLE_CURSOR, 0);
	canvas_half(c, 0, 1, -1);
	expect(c, "+│#\n");
	canvas_half_cell(c, 0, 0, -1, -1);
	expect(c, "=│#\n");
	canvas_free(c);
}

/* ---- braille ---- */

Test(canvas, braille_corner_dots)
{
	struct canvas *c = canvas_new(5, 1);

	canvas_braille_dot(c, 0, 0, ROLE_TRACE1);	/* top-left of cell 0 */
	canvas_braille_dot(c, 3, 0, ROLE_TRACE1);	/* top-right of cell 1 */
	canvas_braille_dot(c, 4, 3, ROLE_TRACE1);	/* bottom-left of cell 2 */
	canvas_braille_dot(c, 7, 3, ROLE_TRACE1);	/* bottom-right of cell 3 */
	canvas_braille_dot(c, 8, 0, ROLE_TRACE1);	/* all eight in cell 4 */
	canvas_braille_dot(c, 8, 1, ROLE_TRACE1);
	canvas_braille_dot(c, 8, 2, ROLE_TRACE1);
	canvas_braille_dot(c, 8, 3, ROLE_TRACE1);
	canvas_braille_dot(c, 9, 0, ROLE_TRACE1);
	canvas_braille_dot(c, 9, 1, ROLE_TRACE1);
	canvas_braille_dot(c, 9, 2, ROLE_TRACE1);
	canvas_braille_dot(c, 9, 3, ROLE_TRACE2);
	cr_expect_eq(canvas_cell(c, 0, 0)->ch, 0x2801);
	cr_expect_eq(canvas_cell(c, 1, 0)->ch, 0x2808);
	cr_expect_eq(canvas_cell(c, 2, 0)->ch, 0x2840);
	cr_expect_eq(canvas_cell(c, 3, 0)->ch, 0x2880);
	cr_expect_eq(canvas_cell(c, 4, 0)->ch, 0x28ff);
	cr_expect_eq(canvas_cell(c, 4, 0)->fg, ROLE_TRACE2, "last writer wins");
	expect(c, "⠁⠈⡀⢀⣿\n");
	expect_opts(c, false, "''..|\n");
	canvas_free(c);
}

Test(canvas, braille_ors_and_replaces_text)
{
	struct canvas *c = canvas_new(2, 1);

	canvas_text(c, 0, 0, 2, "ab", plain);
	canvas_braille_dot(c, 0, 0, ROLE_TRACE1);
	canvas_braille_dot(c, 1, 3, ROLE_TRACE1);
	canvas_braille_dot(c, 1, 3, ROLE_TRACE1);	/* idempotent */
	canvas_braille_dot(c, -1, 0, ROLE_TRACE1);	/* cell -1 */
	canvas_braille_dot(c, 0, -1, ROLE_TRACE1);
	canvas_braille_dot(c, 4, 0, ROLE_TRACE1);
	canvas_braille_dot(c, 0, 4, ROLE_TRACE1);
	expect(c, "⢁b\n");
	cr_expect_eq(canvas_cell(c, 0, 0)->kind, CELL_BRAILLE);
	canvas_put(c, 0, 0, 'z', plain);
	expect(c, "zb\n");
	canvas_free(c);
}

Test(canvas, braille_lines)
{
	struct canvas *c = canvas_new(4, 3);

	canvas_braille_line(c, 0, 0, 7, 0, ROLE_TRACE1);	/* horizontal */
	canvas_braille_line(c, 0, 4, 0, 7, ROLE_TRACE1);	/* vertical */
	canvas_braille_line(c, 2, 4, 5, 7, ROLE_TRACE1);	/* diagonal */
	canvas_braille_line(c, 7, 11, 6, 8, ROLE_TRACE1);	/* reversed, steep */
	cr_expect_eq(canvas_cell(c, 0, 1)->ch, 0x2847);
	cr_expect_eq(canvas_cell(c, 3, 2)->ch, 0x28a3);
	expect(c, "⠉⠉⠉⠉\n⡇⠑⢄\n   \u28a3\n");
	canvas_free(c);
}

Test(canvas, braille_line_far_endpoints_are_clipped)
{
	struct canvas *c = canvas_new(3, 2);

	canvas_braille_line(c, -2000000000, 0, 2000000000, 0, ROLE_TRACE1);
	canvas_braille_line(c, 1, -2000000000, 1, 2000000000, ROLE_TRACE1);
	canvas_braille_line(c, -100, 100, -50, 200, ROLE_TRACE1); /* outside */
	expect(c, "\u28b9\u2809\u2809\n\u28b8\n");
	canvas_free(c);
}

Test(canvas, braille_line_crossing_a_clip)
{
	struct canvas *c = canvas_new(3, 1);

	/* Unclipped, (0,0)-(5,3) hits (2,1) and (3,2) in cell 1: so must the
	 * clipped line. */
	canvas_set_clip(c, (struct rect){ 1, 0, 1, 1 });
	canvas_braille_line(c, 0, 0, 5, 3, ROLE_TRACE1);
	expect(c, " \u2822\n");
	canvas_free(c);
}

Test(canvas, braille_ascii_by_rows)
{
	cr_expect_eq(canvas_braille_ascii(0x00), ' ');
	cr_expect_eq(canvas_braille_ascii(0x09), '\'');	/* row 0 */
	cr_expect_eq(canvas_braille_ascii(0x1b), '\'');	/* rows 0-1 */
	cr_expect_eq(canvas_braille_ascii(0x02), '-');	/* row 1 */
	cr_expect_eq(canvas_braille_ascii(0x24), '-');	/* row 2 */
	cr_expect_eq(canvas_braille_ascii(0x16), '-');	/* rows 1-2 */
	cr_expect_eq(canvas_braille_ascii(0xc0), '.');	/* row 3 */
	cr_expect_eq(canvas_braille_ascii(0x44), '.');	/* rows 2-3 */
	cr_expect_eq(canvas_braille_ascii(0x41), ':');	/* rows 0 and 3 */
	cr_expect_eq(canvas_braille_ascii(0x21), ':');	/* rows 0 and 2 */
	cr_expect_eq(canvas_braille_ascii(0x47), '|');
	cr_expect_eq(canvas_braille_ascii(0xff), '|');
}

/* ---- glyph resolution ---- */

Test(canvas, glyph_ascii_fallbacks)
{
	struct canvas *c = canvas_new(12, 1);

	canvas_text(c, 0, 0, 12, "·×←→…─│┼╭═λé", plain);
	expect_opts(c, false, ".x<>.-|++-L?\n");
	canvas_free(c);
}

/* ---- invariants under random drawing ---- */

static unsigned long long rng_state = 42;

static int rnd(int n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)((rng_state >> 33) % (unsigned)n);
}

/* Every wide glyph has its CONT cell and every CONT cell its wide glyph,
 * so no row can shift in a terminal; HALF values stay in [-1, 1]. */
static void check_pairs(const struct canvas *c)
{
	for (int y = 0; y < canvas_height(c); y++) {
		for (int x = 0; x < canvas_width(c); x++) {
			const struct cell *p = canvas_cell(c, x, y);
			bool wide = p->kind == CELL_TEXT &&
				    utf8_cp_width(p->ch) == 2;

			if (p->kind == CELL_CONT) {
				cr_assert_gt(x, 0);
				cr_assert_eq(canvas_cell(c, x - 1, y)->kind,
					     CELL_TEXT);
				cr_assert_eq(utf8_cp_width(
						     canvas_cell(c, x - 1, y)->ch),
					     2, "CONT at %d,%d", x, y);
			}
			if (wide) {
				cr_assert_lt(x + 1, canvas_width(c));
				cr_assert_eq(canvas_cell(c, x + 1, y)->kind,
					     CELL_CONT, "wide at %d,%d", x, y);
			}
			if (p->kind == CELL_HALF)
				cr_assert(p->top >= -1 && p->top <= 1 &&
					  p->bot >= -1 && p->bot <= 1);
		}
	}
}

Test(canvas, random_drawing_keeps_wide_pairs)
{
	static const char *const texts[] = { "日本語", "a日b", "x", "中文字符",
					     "\xff\xe6\x97", "é\xcc\x81z" };
	struct canvas *c = canvas_new(9, 4);

	for (int i = 0; i < 20000; i++) {
		int x = rnd(13) - 2, y = rnd(6) - 1;

		switch (rnd(7)) {
		case 0:
			canvas_text(c, x, y, rnd(12), texts[rnd(6)], plain);
			break;
		case 1:
			canvas_put(c, x, y, rnd(2) ? 0x4e2d : 'q', plain);
			break;
		case 2:
			canvas_half(c, x, rnd(12) - 2, rnd(5) - 2.0);
			break;
		case 3:
			canvas_braille_dot(c, rnd(22) - 2, rnd(20) - 2,
					   ROLE_TRACE1);
			break;
		case 4:
			canvas_box(c, (struct rect){ x, y, rnd(8), rnd(5) },
				   "標題", plain, plain);
			break;
		case 5:
			canvas_set_clip(c, (struct rect){ x, y, rnd(10),
							 rnd(5) });
			break;
		default:
			canvas_half_mark(c, x, y, 0x253c, ROLE_CURSOR, 0);
			break;
		}
		check_pairs(c);
	}
	canvas_free(c);
}
