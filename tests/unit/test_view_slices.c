/* test_view_slices.c - the context, bugs, clocks, layouts and bands views
 * under the explorer's work budget (work.h), from the inside: with a
 * budget too small for more than one step a frame, a parameter change
 * takes several frames, every frame but the last says it is unfinished,
 * the count is finite, and the finished screen is the very screen (text
 * and colours) that the same state gives without a budget, drawn into the
 * view's rectangle alone (test_budget.c does the same through screen_draw).
 * A moving position (an arrow key held) must not keep restarting the work
 * of the position before. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/fmt.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "snap.h"
#include "model/state.h"
#include "views/views.h"
#include "render/work.h"

static void setup(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

static void teardown(void)
{
	work_budget_set(0.0);
}

TestSuite(view_slices, .init = setup, .fini = teardown);

enum { W = 160, H = 48, FRAMES_MAX = 400 };

/* A budget no frame can keep: each frame gets its first step only. */
static const double TINY = 1e-9;

typedef int draw_fn;	/* a view: its index in the catalog */

static struct state mkstate(int d, double base, long long len, long long pos,
			    int v)
{
	struct settings st = { { d, base, PE_INTERLEAVED }, len, pos, 0 };
	struct state s;

	fx_init(&s, &st);
	s.view = v;
	return s;
}

/* One frame of s into c (cleared first). */
static void frame(draw_fn draw, const struct state *s, struct canvas *c)
{
	work_frame_start();
	canvas_fill(c, (struct rect){ 0, 0, W, H }, '~',
		    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	fx_draw_view(draw, s, c, (struct rect){ 0, 0, W, H });
}

/* Text and colours of c; the caller frees it. */
static char *screen(const struct canvas *c)
{
	char *t = snap_opts(c, true, COLOR_256, PALETTE_RDBU);

	cr_assert_not_null(t);
	return t;
}

/* Draws `other` without a budget (so that every cache holds something
 * else), then `s` with the tiny budget until a frame finishes. Returns
 * the frames it took; *out gets the finished screen. */
static int frames_to_finish(draw_fn draw, const struct state *other,
			    const struct state *s, char **out)
{
	struct canvas *c = canvas_new(W, H);
	int n = 0;

	cr_assert_not_null(c);
	work_budget_set(0.0);
	frame(draw, other, c);
	cr_assert(!work_unfinished(), "without a budget every job finishes");
	work_budget_set(TINY);
	do {
		frame(draw, s, c);
		n++;
		cr_assert_lt(n, FRAMES_MAX, "still unfinished after %d frames", n);
	} while (work_unfinished());
	*out = screen(c);
	canvas_free(c);
	return n;
}

/* The screen of s drawn without a budget, after `other` (so from scratch). */
static char *screen_without_budget(draw_fn draw, const struct state *other,
				   const struct state *s)
{
	struct canvas *c = canvas_new(W, H);
	char *t;

	cr_assert_not_null(c);
	work_budget_set(0.0);
	frame(draw, other, c);
	frame(draw, s, c);
	cr_assert(!work_unfinished());
	t = screen(c);
	canvas_free(c);
	return t;
}

static void check_view(draw_fn draw, const struct state *other,
		       const struct state *s, int min_frames, const char *what)
{
	char *sliced, *whole;
	int n = frames_to_finish(draw, other, s, &sliced);

	cr_expect_geq(n, min_frames, "%s: done in %d frames: was it sliced?",
		      what, n);
	whole = screen_without_budget(draw, other, s);
	cr_expect_str_eq(sliced, whole, "%s: the finished screen differs", what);
	free(sliced);
	free(whole);
}

/* d = 16384 at a billion positions: several chunks of pairs for every
 * job, far angles everywhere. */
Test(view_slices, context)
{
	struct state a = mkstate(512, 1e4, 1000, 10, VIEW_CONTEXT);
	struct state b = mkstate(16384, 1e12, 1000000000, 500000000, VIEW_CONTEXT);

	b.knob[VIEW_CONTEXT][K_SCALE] = 8.0;
	check_view(VIEW_CONTEXT, &a, &b, 8, "context");
}

Test(view_slices, bugs)
{
	struct state a = mkstate(512, 1e4, 1000, 10, VIEW_BUGS);
	struct state b = mkstate(16384, 1.000001, 1000000000, 500000000,
				 VIEW_BUGS);

	check_view(VIEW_BUGS, &a, &b, 10, "bugs, dim-exponent");
	b.knob[VIEW_BUGS][K_BUG] = PE_BUG_SWAPPED;
	check_view(VIEW_BUGS, &a, &b, 10, "bugs, swapped");
}

Test(view_slices, clocks)
{
	struct state a = mkstate(512, 1e4, 1000, 10, VIEW_CLOCKS);
	struct state b = mkstate(16384, 1e4, 1000000000, 999999999,
				 VIEW_CLOCKS);

	b.knob[VIEW_CLOCKS][K_OFFSET] = 7;
	check_view(VIEW_CLOCKS, &a, &b, 10, "clocks");
}

Test(view_slices, layouts)
{
	struct state a = mkstate(512, 1e4, 1000, 10, VIEW_LAYOUTS);
	struct state b = mkstate(16384, 1e4, 1000000000, 500000000,
				 VIEW_LAYOUTS);

	check_view(VIEW_LAYOUTS, &a, &b, 4, "layouts");
}

Test(view_slices, bands)
{
	struct state a = mkstate(512, 1e4, 1000, 10, VIEW_BANDS);
	struct state b = mkstate(16384, 1e4, 1000000000, 500000000, VIEW_BANDS);

	check_view(VIEW_BANDS, &a, &b, 8, "bands");
}

/* ---- a held arrow key ---- */

/* Frames with the tiny budget, the position one further each time; then
 * frames at rest until one finishes. Returns the screen of the last frame
 * while moving, and the finished one in *rest. */
static char *hold_arrow(draw_fn draw, struct state *s, int moves, char **rest)
{
	struct canvas *c = canvas_new(W, H);
	char *moving;
	int n = 0;

	cr_assert_not_null(c);
	work_budget_set(TINY);
	for (int k = 0; k < moves; k++) {
		s->cur.pos++;
		frame(draw, s, c);
	}
	moving = screen(c);
	do {
		frame(draw, s, c);
		cr_assert_lt(++n, FRAMES_MAX);
	} while (work_unfinished());
	*rest = screen(c);
	canvas_free(c);
	return moving;
}

Test(view_slices, clocks_follow_a_held_arrow_key)
{
	/* The residual at p takes two steps at d = 16384. Were each new
	 * position to restart it, none would ever finish while p moves, and
	 * the line would keep its ellipsis. */
	struct state s = mkstate(16384, 1e4, 1000000000, 500000000, VIEW_CLOCKS);
	char *moving, *rest, want[96];

	moving = hold_arrow(VIEW_CLOCKS, &s, 40, &rest);
	cr_expect_null(strstr(moving, "‖ = …"), "no residual while moving:\n%s",
		       moving);
	cr_expect_not_null(strstr(moving, "‖ = "));
	/* At rest, the residual of the final position. */
	char num[32];

	fmt_double_compact(pe_rotation_residual(&s.cur.pe, (double)s.cur.pos,
						(double)s.knob[VIEW_CLOCKS][K_OFFSET]),
			   2, num, sizeof num);
	snprintf(want, sizeof want, "‖ = %s over all 8192 pairs at p = %lld",
		 num, s.cur.pos);
	cr_expect_not_null(strstr(rest, want), "\"%s\" not in\n%s", want, rest);
	free(moving);
	free(rest);
}

/* Braille cells in the roles of the two curves (where they coincide, the
 * second one's role shows). */
static int curve_cells(const struct canvas *c)
{
	int n = 0;

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			const struct cell *p = canvas_cell(c, x, y);

			n += p->kind == CELL_BRAILLE &&
			     (p->fg == ROLE_TRACE1 || p->fg == ROLE_TRACE2);
		}
	return n;
}

Test(view_slices, bugs_curves_follow_a_held_arrow_key)
{
	/* The curves of a new position take several steps at d = 16384;
	 * they must still appear while the position moves every frame. */
	struct state s = mkstate(16384, 1e4, 1000000000, 500000000, VIEW_BUGS);
	struct canvas *c = canvas_new(W, H);
	int frames = 0;

	cr_assert_not_null(c);
	work_budget_set(TINY);
	do {
		s.cur.pos++;
		frame(VIEW_BUGS, &s, c);
		cr_assert_lt(++frames, FRAMES_MAX, "no curve while moving");
	} while (curve_cells(c) == 0);
	canvas_free(c);
}
