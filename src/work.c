/* work.c - the frame budget for sliced jobs (see work.h). */
#include "work.h"

#include <time.h>

static struct {
	double budget_ms;	/* <= 0: unlimited */
	double deadline_ms;	/* monotonic clock at which the frame's time is up */
	double rest_ms;		/* what the last cut-short frame took after its
				   deadline */
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
	if (frame.budget_ms > 0.0)
		frame.deadline_ms = now_ms() + work_slice(frame.budget_ms,
							   frame.rest_ms);
}

void work_frame_end(void)
{
	double rest;

	if (frame.budget_ms <= 0.0 || !frame.unfinished)
		return;
	rest = now_ms() - frame.deadline_ms;
	frame.rest_ms = rest > 0.0 ? rest : 0.0;
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
