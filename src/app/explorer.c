/* explorer.c - the interactive loop: events -> actions -> state -> frame.
 *
 * Events that arrive faster than frames are drained and applied before the
 * next frame is drawn, so holding a key down never builds a backlog: the
 * screen always shows the newest state. Each frame's arithmetic is held to
 * the work budget (work.h); while a job is unfinished the loop draws again
 * as soon as the pending events are taken, instead of waiting for one. */
#include "app/explorer.h"

#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "app/export.h"
#include "views/screen.h"
#include "model/keys.h"
#include "app/lesson_mode.h"
#include "views/present.h"
#include "app/session.h"
#include "io/term.h"
#include "model/reduce.h"
#include "render/work.h"
#include "views/views.h"

enum {
	SWEEP_MS = 40,		/* frame interval while the sweep plays */
	IDLE_MS = 250		/* wake-up interval to notice signals */
};

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Applies one event; returns the REACT_* flags. In presenter mode a key is
 * echoed on screen first (present.h). */
static unsigned handle_event(struct screen *sc, struct state *s,
			     struct present_echo *echo,
			     const struct term_event *ev)
{
	struct action a;
	int w, h;

	term_size(&w, &h);
	switch (ev->type) {
	case TEV_RESIZE:
		return REACT_REDRAW;
	case TEV_CLICK:
		a = screen_click(sc, s, w, h, ev->x, ev->y);
		break;
	case TEV_WHEEL:
		a = screen_wheel(sc, s, w, h, ev->x, ev->y, ev->dir);
		break;
	default:
		if (s->present)
			present_key(echo, s, ev->key, now_ms());
		a = keys_action(s, ev->key);
		break;
	}
	return reduce(s, &a);
}

int explore_run(const struct options *opt)
{
	struct term_opts to = { opt->ascii, opt->color == COLOR_CHOICE_NEVER,
				opt->palette };
	struct state s;
	struct canvas *c;
	struct screen *sc;
	struct lesson_book book;
	struct present_echo echo = { 0 };
	char err[256];
	/* Lesson errors are reported before the screen is taken over. */
	int rc = lesson_mode_load(opt, true, &book);

	if (rc == 0)
		rc = term_open(&to, err, sizeof err);
	else
		err[0] = '\0';
	if (rc != 0) {
		if (err[0])
			fprintf(stderr, "pescope: %s\n", err);
		lesson_book_free(&book);
		return rc;
	}
	session_init(&s, opt);
	lesson_mode_start(opt, &s, &book);
	s.ascii = !term_utf8();
	c = canvas_new(0, 0);
	sc = screen_new(views_catalog());
	if (!c || !sc) {
		term_close();
		canvas_free(c);
		screen_free(sc);
		lesson_book_free(&book);
		fprintf(stderr, "pescope: out of memory\n");
		return 71;
	}
	work_budget_set(WORK_SLICE_MS);
	for (unsigned react = REACT_REDRAW;;) {
		struct term_event ev;
		int w, h, sig, wait_ms;

		/* Draw only when something changed: an idle explorer costs
		 * nothing but a wake-up to look for signals. */
		term_size(&w, &h);
		if (canvas_width(c) != w || canvas_height(c) != h) {
			if (canvas_resize(c, w, h) != 0)
				break;
			state_set_screen(&s, w, h);
			react |= REACT_REDRAW;
		}
		if (present_expire(&echo, now_ms()))
			react |= REACT_REDRAW;
		if (react & REACT_REDRAW) {
			work_frame_start();
			screen_draw(sc, &s, c);
			if (s.present)
				present_draw(&echo, &s, c);
			term_draw(c);
			work_frame_end();
		}
		/* Unfinished work: draw again after taking what is queued. */
		react = work_unfinished() ? REACT_REDRAW : REACT_NONE;
		wait_ms = react ? 0 : s.playing ? SWEEP_MS : IDLE_MS;

		/* Wait for the first event (or the next sweep tick), then take
		 * whatever else is already queued without waiting. */
		if (term_read(&ev, wait_ms)) {
			react |= handle_event(sc, &s, &echo, &ev);
			/* An export stops the draining, so that the file shows
			 * the screen the key was pressed on. */
			while (!(react & (REACT_QUIT | REACT_EXPORT)) &&
			       term_read(&ev, 0))
				react |= handle_event(sc, &s, &echo, &ev);
		} else if (s.playing && !react) {
			struct action tick = action_make(ACT_TICK, 0);

			react |= reduce(&s, &tick);
		}
		sig = term_signal();
		if (sig) {
			term_close();
			canvas_free(c);
			screen_free(sc);
			lesson_book_free(&book);
			return 128 + sig;
		}
		if (react & REACT_QUIT)
			break;
		if (react & REACT_EXPORT) {
			/* A file gets the finished screen, however long it takes. */
			work_budget_set(0.0);
			work_frame_start();
			screen_draw(sc, &s, c);
			export_screen(&s, c, to.palette);
			work_budget_set(WORK_SLICE_MS);
		}
	}
	term_close();
	canvas_free(c);
	screen_free(sc);
	lesson_book_free(&book);
	return 0;
}
