/* job.h - running a view's cache rebuild in slices within the frame's work
 * budget (work.h).
 *
 * A view whose cache takes longer than a frame to rebuild splits the work
 * into steps that each take well under a millisecond or two (a chunk of
 * pairs, one position), keeps its place in its own state, and lets job_run
 * decide how many steps this frame gets. Without a budget (snapshots,
 * tests, exports) a job always runs to its end in one call. */
#ifndef JOB_H
#define JOB_H

#include <stdbool.h>

/* Runs step(ctx) until it returns true (the job is done) or the frame's
 * time is up (work_time_left), checking between steps. The first step runs
 * even when the time is already up, so that every frame makes progress,
 * unless an earlier job of this frame has already stopped for lack of time
 * (work_unfinished) or the frame's time was spent on a new picture
 * (work_spent): that frame has made its progress, and this job waits for
 * the next one. Returns true when the job is done; otherwise marks the
 * frame unfinished (work_mark_unfinished) and returns false. */
bool job_run(bool (*step)(void *ctx), void *ctx);

#endif
