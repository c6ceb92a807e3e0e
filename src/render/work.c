/* work.c - the frame budget for sliced jobs (see work.h). */
#include "render/work.h"

#include "base/clock.h"

/* How much of a large rest is still assumed after each frame with jobs that
 * measures a smaller one. A frame that finishes a job repaints what the job
 * made (a whole heatmap), the costliest rest there is, and the next
 * parameter change will need that room again in its last frame: the frames
 * in between are cheap, so the memory must outlast several of them. */
static const double REST_KEEP = 0.98;

static struct {
	double budget_ms;	/* <= 0: unlimited */
	double start_ms;	/* monotonic clock at the frame's start */
	double deadline_ms;	/* monotonic clock at which the frame's time is up */
	double checked_ms;	/* when a job last asked for time this frame */
	bool checked;		/* a job asked this frame */
	double rest_ms;		/* what frames took after their jobs' last
				   question, the largest lately */
	bool spent;		/* work_spend was called this frame */
	bool unfinished;
} frame;

void work_budget_set(double ms)
{
	frame.budget_ms = ms;
	frame.rest_ms = 0.0;
}

double work_slice(double budget_ms, double rest_ms)
{
	double fit = WORK_FRAME_BUDGET_MS - rest_ms;
	double ms = budget_ms;

	if (fit < ms)
		ms = fit > WORK_SLICE_MIN_MS ? fit : WORK_SLICE_MIN_MS;
	return ms < budget_ms ? ms : budget_ms;
}

void work_frame_start(void)
{
	frame.unfinished = false;
	frame.checked = false;
	frame.spent = false;
	if (frame.budget_ms > 0.0) {
		frame.start_ms = clock_ms_fine();
		frame.deadline_ms = frame.start_ms +
				    work_slice(frame.budget_ms, frame.rest_ms);
	}
}

double work_elapsed_ms(void)
{
	return frame.budget_ms > 0.0 ? clock_ms_fine() - frame.start_ms : 0.0;
}

void work_frame_end(void)
{
	double rest, kept = REST_KEEP * frame.rest_ms;

	if (frame.budget_ms <= 0.0 || !frame.checked)
		return;
	rest = clock_ms_fine() - frame.checked_ms;
	frame.rest_ms = rest > kept ? rest : kept;
}

bool work_limited(void)
{
	return frame.budget_ms > 0.0;
}

void work_spend(void)
{
	frame.spent = true;
}

bool work_spent(void)
{
	return frame.spent;
}

bool work_time_left(void)
{
	double now;

	if (frame.budget_ms <= 0.0)
		return true;
	if (frame.spent)
		return false;
	now = clock_ms_fine();
	frame.checked = true;
	frame.checked_ms = now;
	return now < frame.deadline_ms;
}

void work_mark_unfinished(void)
{
	frame.unfinished = true;
}

bool work_unfinished(void)
{
	return frame.unfinished;
}
