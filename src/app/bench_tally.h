/* bench_tally.h - --bench's one rule for how long a view takes to answer:
 * from the frame of an action (a move, a parameter change, a knob) until
 * the first frame after which the view says it has nothing left to do
 * (render/work.h: work_unfinished() false at the frame's end), counting
 * that frame and every one between. The action's own frame counts, so an
 * action is never finished after 0 frames.
 *
 * The bench draws the frames after an action without a key, as the
 * explorer does while work is left, and gives the next action only once
 * the view has finished (bench_tally_busy); an action whose work is still
 * going when the next one comes anyway or when the run ends is counted as
 * unfinished, with the frames it had so far as a lower bound: a view whose
 * work never ends shows as unfinished, never as done at once. Pure. */
#ifndef BENCH_TALLY_H
#define BENCH_TALLY_H

#include <stdbool.h>

struct bench_tally {
	bool busy;		/* an action's work is still going */
	int pending;		/* the frames since that action */
	double since;		/* and their milliseconds */
	int frames;		/* the most frames an action took */
	double ms;		/* the longest time an action took */
	int actions;		/* actions seen */
	int unfinished;		/* actions never finished */
};

/* An action; its frame comes next (bench_tally_frame). Closes the action
 * before it as unfinished if that one is still busy. */
void bench_tally_action(struct bench_tally *t);

/* A frame that took ms and ended with work left (unfinished) or not.
 * Frames while nothing is busy count for no action. */
void bench_tally_frame(struct bench_tally *t, double ms, bool unfinished);

/* Whether the last action's work is still going. */
bool bench_tally_busy(const struct bench_tally *t);

/* The run is over: a busy action counts as unfinished. */
void bench_tally_end(struct bench_tally *t);

#endif
