/* drill_session.h - the interview drill's place in the explorer state.
 *
 * The session is plain data inside struct state (state.h includes this
 * header; drill_run.h applies the drill's actions): which question is shown,
 * what has been typed, the score and which questions were missed. Questions
 * themselves are regenerated from (seed, number) by drill.h whenever they
 * are needed, so the state stays small and copyable.
 *
 * The flow: DRILL_ASK shows a question and takes the answer; Enter checks it
 * and moves to DRILL_REVEAL, which applies the question's parameters and
 * view to the state so the answer is on screen, live (other keys explore it
 * as usual); n asks the next question; Esc or q ends in DRILL_SUMMARY, which
 * lists what was missed and reopens its view on 1..9. */
#ifndef DRILL_SESSION_H
#define DRILL_SESSION_H

#include <stdbool.h>

enum drill_phase {
	DRILL_OFF,		/* no drill: keys drive the explorer */
	DRILL_ASK,		/* a question is shown, its answer typed */
	DRILL_REVEAL,		/* the answer and its view are shown */
	DRILL_SUMMARY		/* the drill ended: score and what was missed */
};

enum drill_outcome {
	DRILL_GOT_RIGHT,	/* answered within the tolerance */
	DRILL_GOT_WRONG,	/* answered, but wrong */
	DRILL_GAVE_UP		/* asked for the answer without one */
};

enum {
	DRILL_INPUT_MAX = 24,	/* bytes of a typed answer, NUL included */
	DRILL_MISSED_MAX = 32	/* missed questions remembered per drill */
};

struct drill_session {
	enum drill_phase phase;	/* where the drill is */
	unsigned long long seed;	/* questions come from this seed */
	int number;		/* the current question, from 0; the next
				 * drill in the same run goes on from here */
	char input[DRILL_INPUT_MAX];	/* the answer typed so far */
	int input_len;		/* bytes in input */
	enum drill_outcome outcome;	/* DRILL_REVEAL: how it went */
	int asked;		/* questions answered, given up or skipped */
	int right;		/* of those, answered right */
	int missed[DRILL_MISSED_MAX];	/* numbers of the missed questions,
					 * in the order they were asked */
	int nmissed;		/* entries of missed used */
	int nlost;		/* missed questions beyond DRILL_MISSED_MAX */
};

/* Checks the session's invariants, for state_valid. */
bool drill_session_valid(const struct drill_session *d);

#endif
