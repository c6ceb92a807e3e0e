/* fuzz_keys.c - libFuzzer target: the key -> state reducer. The input is a
 * stream of events, decoded from bytes:
 *
 *   0x00-0x7f   that character as a key, read as term.c reads it (CR/LF
 *               Enter, ESC, BS/DEL Backspace, TAB Tab, others as they are)
 *   0x80-0x8f   a special key: PK_LEFT + (byte & 15), PK_RESIZE included
 *   0x90-0x9f   a left click at the cell given by the next two bytes
 *   0xa0-0xaf   a wheel turn (low bit: up or down) at the next two bytes
 *   0xb0-0xbf   a resize to 1 + next byte columns, 1 + the one after rows
 *   0xc0-0xcf   (byte & 15) + 1 sweep ticks
 *   0xd0-0xef   a code point from the next three bytes (may be invalid)
 *   0xf0-0xff   any int as a key code, from the next four bytes
 *
 * through keys_action, screen_click, screen_wheel and reduce; after
 * every event the invariants must hold (state_valid). Nothing is drawn: in a
 * fuzzing build one frame costs as much as thousands of keys (and seconds
 * after a parameter change at d_model 65536), so drawing the states keys
 * reach is left to the key mash, which draws tens of thousands of them. */
#include "views/screen.h"
#include "base/keycode.h"
#include "fuzz.h"
#include "model/keys.h"
#include "model/reduce.h"
#include "model/state.h"
#include "views/views.h"

struct input {
	const uint8_t *p, *end;
};

static unsigned next(struct input *in)
{
	return in->p < in->end ? *in->p++ : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct settings start = { { 512, 10000.0, PE_INTERLEAVED },
					       128, 0, 0 };
	static struct state s;
	static struct screen *sc;
	struct input in = { data, data + size };
	int w = 120, h = 40;

	if (!sc)
		sc = screen_new(views_catalog());
	fuzz_check(sc != NULL, "screen");
	state_init(&s, views_catalog(), &start);
	while (in.p < in.end) {
		unsigned b = next(&in), x, y;
		struct action a;

		if (b < 0x80) {
			a = keys_action(&s, keycode_of_char(b));
		} else if (b < 0x90) {
			a = keys_action(&s, PK_LEFT + (int)(b & 15));
		} else if (b < 0xb0) {
			x = next(&in);
			y = next(&in);
			a = b < 0xa0 ? screen_click(sc, &s, w, h, (int)x, (int)y)
				     : screen_wheel(sc, &s, w, h, (int)x, (int)y,
						    b & 1 ? 1 : -1);
		} else if (b < 0xc0) {
			w = 1 + (int)next(&in);
			h = 1 + (int)next(&in);
			continue;
		} else if (b < 0xd0) {
			for (unsigned i = 0; i <= (b & 15); i++) {
				a = action_make(ACT_TICK, 0);
				reduce(&s, &a);
			}
			fuzz_check(state_valid(&s), "state_valid after ticks");
			continue;
		} else if (b < 0xf0) {
			unsigned cp = next(&in) << 16;
			cp |= next(&in) << 8;
			cp |= next(&in);
			a = keys_action(&s, (int)cp);
		} else {
			unsigned v = next(&in) << 24;
			v |= next(&in) << 16;
			v |= next(&in) << 8;
			v |= next(&in);
			a = keys_action(&s, (int)v);
		}
		reduce(&s, &a);
		fuzz_check(state_valid(&s), "state_valid after an event");
	}
	return 0;
}
