/* job.c - running a sliced cache rebuild (see job.h). */
#include "render/job.h"

#include "render/work.h"

bool job_run(bool (*step)(void *ctx), void *ctx)
{
	if ((work_unfinished() || work_spent()) && !work_time_left()) {
		work_mark_unfinished();
		return false;
	}
	for (;;) {
		if (step(ctx))
			return true;
		if (!work_time_left()) {
			work_mark_unfinished();
			return false;
		}
	}
}
