/* job.h - a long job of the data modes (--dump, --dump-series): refused
 * before it starts when its estimate is above JOB_BOUND_S (unless --force),
 * and a progress line on standard error while it runs, when that is a
 * terminal. */
#ifndef JOB_H
#define JOB_H

#include <stdbool.h>

#include "base/lang.h"
#include "io/progress.h"

/* The most seconds of estimated work a job starts without --force. */
#define JOB_BOUND_S 60.0

/* A job shows its progress from this many seconds of estimate up. */
#define JOB_PROGRESS_S 2.0

/* 0 when a job named what (an option: "--dump-series scores") of d_model
 * d and length len, estimated at seconds, may start: it is within the
 * bound, or force; else says one line with the estimate and returns 64. */
int job_check(enum lang l, const char *what, int d, long long len,
	      double seconds, bool force);

struct job {
	struct progress progress;	/* hand &progress to the writer */
	enum lang lang;
	const char *what;
	long long start_ms;
	bool quiet;			/* no line: a short job, or no terminal */
	bool shown;			/* a progress line is on the screen */
};

/* Sets j up; its progress tells nothing unless standard error is a
 * terminal and the estimate is JOB_PROGRESS_S or more. */
void job_begin(struct job *j, enum lang l, const char *what, double seconds);

/* Clears the progress line, if one was shown. */
void job_end(struct job *j);

#endif
