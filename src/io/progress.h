/* progress.h - what a long write says of itself as it goes.
 *
 * The writers of dumps and series call progress_tell with the rows done of
 * their total (often: every row); the caller's tell hears of each new
 * whole percent only, so telling costs a compare per row. */
#ifndef PROGRESS_H
#define PROGRESS_H

struct progress {
	void (*tell)(void *arg, int percent);	/* 0 .. 100 */
	void *arg;
	int last;		/* the percent told last; start at -1 */
};

/* Tells p (which may be NULL) the percent that done of total is, when it
 * is not the one told last. */
void progress_tell(struct progress *p, long long done, long long total);

#endif
