/* work.h - the explorer's time budget for the arithmetic of one frame.
 *
 * At the extremes (d_model 65536, a billion positions) a parameter change
 * asks some views for more arithmetic than one frame may take: a heatmap
 * averages every pair over every column, a similarity curve sums every pair
 * at every sample. Such work is done in slices. A cache that is being rebuilt
 * does as much as the frame's budget allows, keeps its place, shows its last
 * finished result meanwhile (or nothing), and says so with
 * work_mark_unfinished(); the explorer then draws the next frame at once,
 * without waiting for a key, until no job is left. Keys keep working the
 * whole time, and a new parameter simply restarts the jobs it affects.
 *
 * Headless modes (snapshot, export, --keys, the tests) never set a budget:
 * every job then finishes in the frame that starts it, so what they print is
 * always complete and the same from run to run.
 *
 * The state is private to work.c and belongs to the one thread that draws. */
#ifndef WORK_H
#define WORK_H

#include <stdbool.h>

/* The explorer's frame budget in milliseconds: a 60 Hz refresh. Sliced
 * jobs get WORK_SLICE_MS of it, less when the rest of a frame (drawing the
 * canvas, ncurses' diffing and output; large on a large screen) was seen
 * to need more than the remainder, but never less than WORK_SLICE_MIN_MS. */
#define WORK_FRAME_BUDGET_MS 16.0
#define WORK_SLICE_MS 10.0
#define WORK_SLICE_MIN_MS 2.0

/* From the next work_frame_start() on, each frame may spend up to ms
 * milliseconds on sliced jobs (ms <= 0: no limit, the default). Forgets
 * what earlier frames took besides their jobs. */
void work_budget_set(double ms);

/* Starts a frame: its clock starts now and no job is unfinished yet. */
void work_frame_start(void);

/* The slice a frame gets from a budget of budget_ms > 0 when the rest of a
 * frame takes rest_ms >= 0: the budget, cut to what the frame budget leaves
 * (WORK_FRAME_BUDGET_MS - rest_ms) but not below WORK_SLICE_MIN_MS, and
 * never above budget_ms. Pure; work_frame_start uses it. */
/* For tests only. */
double work_slice(double budget_ms, double rest_ms);

/* Ends a frame, after everything it shows is out. When a job asked for time
 * during the frame, the time from its last question to now is what the
 * frame needed besides its jobs (drawing, and repainting what they made);
 * the next frames' slices shrink so that both fit the frame budget. The
 * largest such rest is remembered, fading by 2% a frame with jobs. */
void work_frame_end(void);

/* True while the frame's budget has time left (always, without a budget).
 * Jobs call it between slices, after doing at least one slice, so every
 * frame makes progress however small the budget. */
bool work_time_left(void);

/* True when a budget is set (the explorer, --bench): jobs may then leave
 * work for later frames. */
bool work_limited(void);

/* Milliseconds since work_frame_start() (0 without a budget). */
double work_elapsed_ms(void);

/* Ends the frame's time for jobs at once. A cache that puts a large new
 * picture on screen (a finished heatmap, whose repaint is the costliest
 * part of a frame) calls it instead of computing more in the same frame;
 * work_spent() then says so until the next work_frame_start(). */
void work_spend(void);
bool work_spent(void);

/* A job stopped before its end; work_unfinished() says so until the next
 * work_frame_start(). */
void work_mark_unfinished(void);
bool work_unfinished(void);

#endif
