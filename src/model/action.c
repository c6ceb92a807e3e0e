/* action.c - making actions (see action.h). */
#include "model/action.h"

struct action action_make(enum action_kind kind, long long arg)
{
	struct action a = { kind, arg, 0, -1, -1, 0 };

	return a;
}
