/* test_budget.c - every view under the explorer's work budget (work.h).
 *
 * With the smallest budget a frame does one slice of each unfinished job,
 * so a parameter change at a large d takes several frames. Each test (one
 * per view, each in its own process, so every cache starts empty) checks
 * that the frames in between say "[computing]", that the work always ends,
 * and that the screen it ends on is exactly the one drawn without a budget,
 * where every job finishes at once. */
#include <criterion/criterion.h>

#include <string.h>

#include "fixture.h"
#include "views/screen.h"
#include "snap.h"
#include "model/state.h"
#include "render/work.h"

enum { W = 160, H = 50, MAX_FRAMES = 10000 };

static struct state extreme_state(int v)
{
	struct settings st = { { 16384, 10000.0, PE_INTERLEAVED },
			       1000000000LL, 500000000LL, 7 };
	struct state s;

	fx_init(&s, &st);
	s.view = v;
	return s;
}

/* The screen drawn with no budget. */
static char *draw_whole(const struct state *s, struct canvas *c)
{
	work_budget_set(0.0);
	work_frame_start();
	fx_draw(s, c);
	cr_expect(!work_unfinished(), "without a budget every job finishes");
	return snap(c);
}

/* Draws frames with the smallest budget until no job is left; returns the
 * last screen and sets *frames. */
static char *draw_sliced(const struct state *s, struct canvas *c, int *frames)
{
	char *text = NULL;

	work_budget_set(1e-9);
	for (*frames = 1; *frames <= MAX_FRAMES; ++*frames) {
		bool more;

		work_frame_start();
		fx_draw(s, c);
		more = work_unfinished();
		free(text);
		text = snap(c);
		cr_assert_not_null(text);
		cr_expect(!more == !strstr(text, "[computing]"),
			  "frame %d: the status says [computing] exactly while "
			  "work is left", *frames);
		if (!more)
			break;
	}
	work_budget_set(0.0);
	cr_assert(*frames <= MAX_FRAMES, "the work never ended");
	return text;
}

static void check_view(int v, bool expect_slices)
{
	struct canvas *c = canvas_new(W, H);
	struct state s = extreme_state(v);
	struct action base_up = action_make(ACT_BASE_FINE, 1);
	char *whole_a, *whole_b, *sliced_b, *again_a, *again_b;
	int frames;

	cr_assert_not_null(c);
	whole_a = draw_whole(&s, c);
	reduce(&s, &base_up);
	sliced_b = draw_sliced(&s, c, &frames);
	if (expect_slices)
		cr_expect(frames > 1, "a heatmap of 8192 pairs takes several "
				      "slices, got %d frame(s)", frames);
	/* Back to the first base, and forward again, all at once: each cache
	 * recomputes from scratch. */
	s.cur.pe.base = 10000.0;
	again_a = draw_whole(&s, c);
	reduce(&s, &base_up);
	again_b = draw_whole(&s, c);
	whole_b = again_b;
	cr_expect_str_eq(again_a, whole_a);
	cr_expect_str_eq(sliced_b, whole_b, "the sliced screen is the whole one");
	free(whole_a);
	free(sliced_b);
	free(again_a);
	free(again_b);
	canvas_free(c);
}

Test(budget, explore) { check_view(VIEW_EXPLORE, true); }
Test(budget, spectrum) { check_view(VIEW_SPECTRUM, false); }
Test(budget, clocks) { check_view(VIEW_CLOCKS, false); }
Test(budget, bands) { check_view(VIEW_BANDS, false); }
Test(budget, layouts) { check_view(VIEW_LAYOUTS, true); }
Test(budget, context) { check_view(VIEW_CONTEXT, false); }
Test(budget, bugs) { check_view(VIEW_BUGS, true); }
Test(budget, vector) { check_view(VIEW_VECTOR, false); }
Test(budget, attention) { check_view(VIEW_ATTENTION, true); }
/* Views past the ninth, found by name in the catalog. The families view's
 * traces are sums over the pairs, made a slice at a time (and its added
 * trace is taken from its RoPE trace's sums once they are done); the grid
 * view computes its maps whole every frame. */
Test(budget, families)
{
	check_view(catalog_find(views_catalog(), "families"), true);
}

Test(budget, grid)
{
	check_view(catalog_find(views_catalog(), "grid"), false);
}
