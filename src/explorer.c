/* explorer.c - the interactive loop: events -> actions -> state -> frame.
 *
 * Events that arrive faster than frames are drained and applied before the
 * next frame is drawn, so holding a key down never builds a backlog: the
 * screen always shows the newest state. */
#include <signal.h>
#include <stdio.h>

#include "frame.h"
#include "keys.h"
#include "modes.h"
#include "session.h"
#include "term.h"

enum {
	SWEEP_MS = 40,		/* frame interval while the sweep plays */
	IDLE_MS = 250		/* wake-up interval to notice signals */
};

/* Applies one event; returns the REACT_* flags. */
static unsigned handle_event(struct state *s, const struct term_event *ev)
{
	struct action a;
	int w, h;

	term_size(&w, &h);
	switch (ev->type) {
	case TEV_RESIZE:
		return REACT_REDRAW;
	case TEV_CLICK:
		a = frame_click(s, w, h, ev->x, ev->y);
		break;
	case TEV_WHEEL:
		a = frame_wheel(s, w, h, ev->x, ev->y, ev->dir);
		break;
	default:
		a = keys_action(s, ev->key);
		break;
	}
	return state_apply(s, &a);
}

int explore_run(const struct options *opt)
{
	struct term_opts to = { opt->ascii, opt->color == COLOR_CHOICE_NEVER,
				PALETTE_RDBU };
	struct state s;
	struct canvas *c;
	char err[256];
	int rc = term_open(&to, err, sizeof err);

	if (rc != 0) {
		fprintf(stderr, "pescope: %s\n", err);
		return rc;
	}
	session_init(&s, opt);
	s.ascii = !term_utf8();
	c = canvas_new(0, 0);
	if (!c) {
		term_close();
		fprintf(stderr, "pescope: out of memory\n");
		return 71;
	}
	for (;;) {
		struct term_event ev;
		unsigned react = REACT_NONE;
		int w, h, sig;

		term_size(&w, &h);
		if ((canvas_width(c) != w || canvas_height(c) != h) &&
		    canvas_resize(c, w, h) != 0)
			break;
		frame_draw(&s, c);
		term_draw(c);

		/* Wait for the first event (or the next sweep tick), then take
		 * whatever else is already queued without waiting. */
		if (term_read(&ev, s.playing ? SWEEP_MS : IDLE_MS)) {
			react |= handle_event(&s, &ev);
			while (!(react & REACT_QUIT) && term_read(&ev, 0))
				react |= handle_event(&s, &ev);
		} else if (s.playing) {
			struct action tick = { ACT_TICK, 0, 0, -1 };
			react |= state_apply(&s, &tick);
		}
		sig = term_signal();
		if (sig) {
			term_close();
			canvas_free(c);
			return 128 + sig;
		}
		if (react & REACT_QUIT)
			break;
	}
	term_close();
	canvas_free(c);
	return 0;
}
