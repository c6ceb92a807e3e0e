/* job.c - estimates checked, progress shown (see job.h). */
#include "app/job.h"

#include <stdio.h>
#include <unistd.h>

#include "app/say.h"
#include "base/clock.h"
#include "base/tr.h"

/* seconds as people say a duration, in l: "40 seconds", "18 minutes",
 * "3.5 hours", "75 days". */
static const char *duration(enum lang l, double s, char *buf, size_t n)
{
	if (s < 120)
		snprintf(buf, n, tr(l, "%.0f seconds"), s < 1 ? 1 : s);
	else if (s < 2 * 3600)
		snprintf(buf, n, tr(l, "%.0f minutes"), s / 60);
	else if (s < 2 * 86400)
		snprintf(buf, n, tr(l, "%.1f hours"), s / 3600);
	else
		snprintf(buf, n, tr(l, "%.0f days"), s / 86400);
	return buf;
}

int job_check(enum lang l, const char *what, int d, long long len,
	      double seconds, bool force)
{
	char est[32], bound[32];

	if (force || seconds <= JOB_BOUND_S)
		return 0;
	say(tr(l, "%s at d_model %d and length %lld is about %s of work on "
	       "one core, more than the %s pescope starts without --force: "
	       "add --force to run it"), what, d, len,
	    duration(l, seconds, est, sizeof est),
	    duration(l, JOB_BOUND_S, bound, sizeof bound));
	return 64;
}

/* The progress line: "pescope: --dump-series scores: 37%, about 4 minutes
 * left", written over itself with a carriage return. */
static void tell(void *arg, int percent)
{
	struct job *j = arg;
	double elapsed = (double)(clock_ms() - j->start_ms) / 1000.0;
	char left[32];

	if (j->quiet || percent <= 0 || percent >= 100)
		return;
	fputs("\rpescope: ", stderr);
	fprintf(stderr, tr(j->lang, "%s: %d%%, about %s left"),
		j->what, percent,
		duration(j->lang, elapsed * (100 - percent) / percent, left,
			 sizeof left));
	fprintf(stderr, "   ");
	fflush(stderr);
	j->shown = true;
}

void job_begin(struct job *j, enum lang l, const char *what, double seconds)
{
	j->progress.tell = tell;
	j->progress.arg = j;
	j->progress.last = -1;
	j->lang = l;
	j->what = what;
	j->start_ms = clock_ms();
	j->shown = false;
	j->quiet = seconds < JOB_PROGRESS_S || !isatty(STDERR_FILENO);
}

void job_end(struct job *j)
{
	if (!j->shown)
		return;
	/* over the line with spaces, and back: no escape sequence */
	fprintf(stderr, "\r%*s\r", 79, "");
	fflush(stderr);
}
