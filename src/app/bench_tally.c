/* bench_tally.c - how long an action's work takes (see bench_tally.h). */
#include "app/bench_tally.h"

/* The action under way ends after its pending frames. */
static void close_action(struct bench_tally *t)
{
	if (t->pending > t->frames)
		t->frames = t->pending;
	if (t->since > t->ms)
		t->ms = t->since;
	t->busy = false;
	t->pending = 0;
	t->since = 0.0;
}

void bench_tally_action(struct bench_tally *t)
{
	if (t->busy) {
		t->unfinished++;
		close_action(t);
	}
	t->actions++;
	t->busy = true;
}

void bench_tally_frame(struct bench_tally *t, double ms, bool unfinished)
{
	if (!t->busy)
		return;
	t->pending++;
	t->since += ms;
	if (!unfinished)
		close_action(t);
}

bool bench_tally_busy(const struct bench_tally *t)
{
	return t->busy;
}

void bench_tally_end(struct bench_tally *t)
{
	if (t->busy) {
		t->unfinished++;
		close_action(t);
	}
}
