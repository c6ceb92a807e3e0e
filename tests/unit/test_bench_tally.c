/* test_bench_tally.c - --bench's catch-up measure (app/bench_tally.h):
 * from an action until the view says it has nothing left to do, the same
 * rule for every view; a view with work pending can never report 0. The
 * frames' durations are made up: nothing here is timed. */
#include <criterion/criterion.h>

#include "app/bench_tally.h"

/* An action followed by frames whose "work left" flags are `left`, each
 * lasting ms. */
static void action(struct bench_tally *t, const bool *left, int n, double ms)
{
	bench_tally_action(t);
	for (int i = 0; i < n; i++)
		bench_tally_frame(t, ms, left[i]);
}

Test(bench_tally, an_action_finished_in_its_own_frame_is_one_frame)
{
	struct bench_tally t = { 0 };

	action(&t, (bool[]){ false }, 1, 4.0);
	bench_tally_end(&t);
	cr_expect_eq(t.frames, 1);
	cr_expect_float_eq(t.ms, 4.0, 1e-12);
	cr_expect_eq(t.actions, 1);
	cr_expect_eq(t.unfinished, 0);
}

Test(bench_tally, frames_count_until_the_view_has_nothing_left)
{
	struct bench_tally t = { 0 };

	action(&t, (bool[]){ false }, 1, 1.0);
	action(&t, (bool[]){ true, true, true, false }, 4, 5.0);
	cr_expect(!bench_tally_busy(&t));
	action(&t, (bool[]){ true, false }, 2, 2.0);
	/* frames while nothing is pending belong to no action */
	bench_tally_frame(&t, 100.0, false);
	bench_tally_end(&t);
	cr_expect_eq(t.frames, 4, "the slowest action took 4 frames, not %d",
		     t.frames);
	cr_expect_float_eq(t.ms, 20.0, 1e-12);
	cr_expect_eq(t.actions, 3);
	cr_expect_eq(t.unfinished, 0);
}

/* The bug of issue 40: a view whose work outlasted the run (attention at
 * d 65536) never had a finished frame, and the old measure reported
 * catchup_frames=0 catchup_ms=0.000. */
Test(bench_tally, pending_work_never_reports_zero)
{
	struct bench_tally t = { 0 };
	bool left[30];

	for (int i = 0; i < 30; i++)
		left[i] = true;
	action(&t, left, 30, 3.0);
	cr_expect(bench_tally_busy(&t));
	bench_tally_end(&t);
	cr_expect_eq(t.frames, 30, "30 frames with work left, at least: %d",
		     t.frames);
	cr_expect_float_eq(t.ms, 90.0, 1e-12);
	cr_expect_eq(t.unfinished, 1, "and it says the work never finished");
}

/* An action that comes while the one before is still busy closes it as
 * unfinished, its frames so far a lower bound. */
Test(bench_tally, an_action_over_pending_work_counts_it_unfinished)
{
	struct bench_tally t = { 0 };

	action(&t, (bool[]){ true, true, true }, 3, 1.0);
	action(&t, (bool[]){ false }, 1, 1.0);
	bench_tally_end(&t);
	cr_expect_eq(t.frames, 3);
	cr_expect_eq(t.unfinished, 1);
	cr_expect_eq(t.actions, 2);
}
