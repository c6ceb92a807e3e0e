/* test_panel.c - the frame every panel is drawn with (panel_open) and the
 * size tiers that choose what a panel shows (tier_pick, TIER), checked by
 * reading back the canvas and against tables written out by hand. */
#include <criterion/criterion.h>
#include <locale.h>

#include "snap.h"
#include "views/panel.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(panel, .init = utf8_locale);

static const struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };

/* Three tiers, largest first: 12 rows -> 3, 6 rows -> 2, 20 x 1 -> 1. */
static const struct tier rows3[] = { { 0, 12, 3 }, { 0, 6, 2 }, { 20, 1, 1 } };

Test(panel, tier_first_met_largest_first)
{
	cr_expect_eq(TIER(rows3, 20, 40), 3);
	cr_expect_eq(TIER(rows3, 0, 12), 3);	/* the bound is met: >= */
	cr_expect_eq(TIER(rows3, 0, 11), 2);
	cr_expect_eq(TIER(rows3, 0, 6), 2);
	cr_expect_eq(TIER(rows3, 20, 5), 1);
	cr_expect_eq(TIER(rows3, 19, 5), 0);	/* none met: 0 */
	cr_expect_eq(TIER(rows3, 20, 0), 0);
	cr_expect_eq(TIER(rows3, -3, -3), 0);
}

Test(panel, tier_needs_both_sides)
{
	static const struct tier least[] = { { 4, 1, 7 } };

	cr_expect_eq(TIER(least, 4, 1), 7);
	cr_expect_eq(TIER(least, 3, 9), 0);
	cr_expect_eq(TIER(least, 9, 0), 0);
	cr_expect_eq(tier_pick(least, 0, 9, 9), 0);	/* an empty table */
	cr_expect_eq(sizeof rows3 / sizeof *rows3, 3);
}

Test(panel, open_draws_the_frame_and_returns_the_inside)
{
	struct canvas *c = canvas_new(12, 4);
	char row[SNAP_ROW_MAX];
	struct rect in;

	cr_assert_not_null(c);
	canvas_fill(c, (struct rect){ 0, 0, 12, 4 }, '~', plain);
	in = panel_open(c, (struct rect){ 1, 0, 10, 4 }, "Abc", NULL);
	cr_expect_eq(in.x, 2);
	cr_expect_eq(in.y, 1);
	cr_expect_eq(in.w, 8);
	cr_expect_eq(in.h, 2);
	cr_expect_str_eq(snap_row_text(c, 0, row), "~┌ Abc ───┐~");
	cr_expect_str_eq(snap_row_text(c, 1, row), "~│~~~~~~~~│~");	/* inside kept */
	cr_expect_str_eq(snap_row_text(c, 3, row), "~└────────┘~");
	cr_expect_eq(canvas_cell(c, 1, 0)->fg, ROLE_BORDER);
	cr_expect_eq(canvas_cell(c, 3, 0)->fg, ROLE_TITLE);
	cr_expect(canvas_cell(c, 3, 0)->attr & ATTR_BOLD);
	canvas_free(c);
}

Test(panel, open_takes_the_brief_title_where_the_long_one_does_not_fit)
{
	struct canvas *c = canvas_new(10, 3);
	char row[SNAP_ROW_MAX];

	cr_assert_not_null(c);
	/* 10 columns hold 6 of title between the corners and blanks */
	panel_open(c, (struct rect){ 0, 0, 10, 3 }, "Sixsix", "Ab");
	cr_expect_str_eq(snap_row_text(c, 0, row), "┌ Sixsix ┐");
	panel_open(c, (struct rect){ 0, 0, 10, 3 }, "Seven7s", "Ab");
	cr_expect_str_eq(snap_row_text(c, 0, row), "┌ Ab ────┐");
	/* without a brief, the long title is cut */
	panel_open(c, (struct rect){ 0, 0, 10, 3 }, "Seven7s", NULL);
	cr_expect_str_eq(snap_row_text(c, 0, row), "┌ Seven7 ┐");
	panel_open(c, (struct rect){ 0, 0, 10, 3 }, "Sixsix7", "Ab");
	cr_expect_str_eq(snap_row_text(c, 0, row), "┌ Ab ────┐");
	canvas_free(c);
}

Test(panel, inside_of_a_thin_rectangle_is_empty)
{
	struct rect in = panel_inside((struct rect){ 5, 5, 2, 1 });

	cr_expect_eq(in.w, 0);
	cr_expect_eq(in.h, -1);
}
