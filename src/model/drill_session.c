/* drill_session.c - the drill session's invariants (see drill_session.h). */
#include "model/drill_session.h"

#include <string.h>

bool drill_session_valid(const struct drill_session *d)
{
	return (unsigned)d->phase <= DRILL_SUMMARY && d->number >= 0 &&
	       d->input_len >= 0 && d->input_len < DRILL_INPUT_MAX &&
	       d->input[d->input_len] == '\0' &&
	       (int)strlen(d->input) == d->input_len && d->right >= 0 &&
	       d->nmissed >= 0 && d->nmissed <= DRILL_MISSED_MAX &&
	       d->nlost >= 0 && d->asked == d->right + d->nmissed + d->nlost;
}
