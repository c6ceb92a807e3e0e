/* fuzz_command.c - libFuzzer target: the ':' command parser. The first byte
 * picks a starting state (ordinary, or at the extremes); every line of the
 * rest is run with command_run. Checked after each: the state's invariants
 * hold (state_valid), a refused command left the settings and the window as
 * they were and explained itself in one line. */
#include "model/command.h"
#include "fuzz.h"
#include "model/state.h"
#include "views/views.h"

#include <string.h>

enum { LINE_MAX_BYTES = 512 };

/* The parts of the state a command may change. */
static bool same_settings(const struct state *a, const struct state *b)
{
	return a->cur.pe.d_model == b->cur.pe.d_model &&
	       a->cur.pe.base == b->cur.pe.base &&
	       a->cur.pe.layout == b->cur.pe.layout &&
	       a->cur.len == b->cur.len && a->cur.pos == b->cur.pos &&
	       a->cur.dim == b->cur.dim && a->window.pos0 == b->window.pos0 &&
	       a->window.npos == b->window.npos &&
	       a->window.dim0 == b->window.dim0 &&
	       a->window.ndim == b->window.ndim && a->view == b->view &&
	       memcmp(a->knob, b->knob, sizeof a->knob) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct settings starts[] = {
		{ { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 },
		{ { 65536, 1e12, PE_CONCAT }, 1000000000LL, 999999999LL, 65535 },
		{ { 2, 1.000001, PE_INTERLEAVED }, 1, 0, 1 },
	};
	static struct state s, before;
	char line[LINE_MAX_BYTES + 1], err[MSG_MAX];

	if (size == 0)
		return 0;
	state_init(&s, views_catalog(), &starts[data[0] % 3]);
	for (size_t i = 1; i < size;) {
		size_t n = 0;
		while (i < size && data[i] != '\n') {
			if (n < LINE_MAX_BYTES)
				line[n++] = (char)data[i];
			i++;
		}
		i++;
		line[n] = '\0';
		before = s;
		err[0] = '\0';
		if (command_run(&s, line, data[0] & 4 ? COMMAND_LESSON : COMMAND_TYPED,
				err, sizeof err) == COMMAND_ERROR) {
			fuzz_check_message(err, sizeof err);
			fuzz_check(same_settings(&s, &before),
				   "a refused command changed the state");
		}
		fuzz_check(state_valid(&s), "state_valid after a command");
	}
	return 0;
}
