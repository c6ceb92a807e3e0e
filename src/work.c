/* work.c - the frame budget for sliced jobs (see work.h). */
#include "work.h"

#include <time.h>

static struct {
	double budget_ms;	/* <= 0: unlimited */
	double deadline_ms;	/* monotonic clock at which the frame's time is up */
	bool unfinished;
} frame;

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void work_budget_set(double ms)
{
	frame.budget_ms = ms;
}

void work_frame_start(void)
{
	frame.unfinished = false;
	if (frame.budget_ms > 0.0)
		frame.deadline_ms = now_ms() + frame.budget_ms;
}

bool work_time_left(void)
{
	return frame.budget_ms <= 0.0 || now_ms() < frame.deadline_ms;
}

void work_mark_unfinished(void)
{
	frame.unfinished = true;
}

bool work_unfinished(void)
{
	return frame.unfinished;
}
