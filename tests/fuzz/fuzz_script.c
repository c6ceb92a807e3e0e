/* fuzz_script.c - libFuzzer target: the --keys script parser and runner.
 * The input is split into lines as script_feed splits them (at '\n', a
 * CR before it dropped), and each is parsed with script_parse and, when
 * good, applied with script_apply. Checked: a refusal explains itself in
 * one line, a parsed event is within the limits script.h promises, and the
 * state's invariants hold after every line.
 *
 * Speed: a frame after a parameter change at d_model 65536 costs seconds in
 * a fuzzing build, so the session runs on a screen too small for the views
 * (59x19, resizes capped there: screen_draw then only says "too small"),
 * and tick counts are capped at 100 (a tick line of 100000 is tested once,
 * in test_script.c, not thousands of times a second). Drawing the views is
 * left to the key mash. */
#include <string.h>

#include "fuzz.h"
#include "model/keys.h"
#include "app/script.h"
#include "views/views.h"

enum { CAP_W = 59, CAP_H = 19, CAP_TICKS = 100 };

static void check_event(const struct script_event *ev)
{
	switch (ev->op) {
	case SCRIPT_KEY:
		fuzz_check(ev->key > 0, "key code");
		break;
	case SCRIPT_TEXT:
	case SCRIPT_CMD:
		fuzz_check(strlen(ev->text) <= SCRIPT_LINE_MAX, "text");
		break;
	case SCRIPT_CLICK:
	case SCRIPT_WHEEL:
		fuzz_check(ev->x >= 0 && ev->x < SCRIPT_SIZE_MAX &&
			   ev->y >= 0 && ev->y < SCRIPT_SIZE_MAX, "cell");
		fuzz_check(ev->op == SCRIPT_CLICK || ev->dir == 1 ||
			   ev->dir == -1, "wheel direction");
		break;
	case SCRIPT_RESIZE:
		fuzz_check(ev->w >= 1 && ev->w <= SCRIPT_SIZE_MAX &&
			   ev->h >= 1 && ev->h <= SCRIPT_SIZE_MAX, "size");
		break;
	case SCRIPT_TICK:
		fuzz_check(ev->count >= 1 && ev->count <= SCRIPT_TICKS_MAX,
			   "tick count");
		break;
	case SCRIPT_NOTHING:
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct settings start = { { 512, 10000.0, PE_INTERLEAVED },
					       128, 0, 0 };
	static char line[SCRIPT_LINE_MAX + 1];
	static struct script_session ss;
	static struct canvas *c;
	static struct screen *sc;
	char err[SCRIPT_ERR_MAX];

	if (!c)
		c = canvas_new(CAP_W, CAP_H);
	if (!sc)
		sc = screen_new(views_catalog());
	fuzz_check(sc != NULL, "screen");
	fuzz_check(c && canvas_resize(c, CAP_W, CAP_H) == 0, "canvas");
	state_init(&ss.s, views_catalog(), &start);
	script_begin(&ss, sc, c);
	for (size_t i = 0; i < size && !ss.quit;) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
		struct script_event ev;

		if (len > SCRIPT_LINE_MAX)
			break;	/* script_feed refuses such a line */
		memcpy(line, data + i, len);
		i += len + 1;
		if (len > 0 && line[len - 1] == '\r')
			len--;
		line[len] = '\0';
		err[0] = '\0';
		if (!script_parse(line, len, &ev, err, sizeof err)) {
			fuzz_check_message(err, sizeof err);
			continue;
		}
		check_event(&ev);
		if (ev.op == SCRIPT_RESIZE) {
			ev.w = ev.w > CAP_W ? CAP_W : ev.w;
			ev.h = ev.h > CAP_H ? CAP_H : ev.h;
		}
		if (ev.op == SCRIPT_TICK && ev.count > CAP_TICKS)
			ev.count = CAP_TICKS;
		if (!script_apply(&ss, &ev, err, sizeof err))
			fuzz_check_message(err, sizeof err);
		fuzz_check(state_valid(&ss.s), "state_valid after a line");
	}
	return 0;
}
