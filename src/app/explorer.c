/* explorer.c - the interactive loop: events -> actions -> state -> frame.
 *
 * Events that arrive faster than frames are drained and applied before the
 * next frame is drawn, so holding a key down never builds a backlog: the
 * screen always shows the newest state. Each frame's arithmetic is held to
 * the work budget (work.h); while a job is unfinished the loop draws again
 * as soon as the pending events are taken, instead of waiting for one. */
#include "app/explorer.h"
#include "app/say.h"

#include <stdio.h>

#include "app/export.h"
#include "base/clock.h"
#include "base/tr.h"
#include "views/screen.h"
#include "model/keys.h"
#include "app/lesson_mode.h"
#include "app/record.h"
#include "app/scene_file.h"
#include "views/present.h"
#include "app/session.h"
#include "app/settings_file.h"
#include "io/signals.h"
#include "io/term.h"
#include "model/reduce.h"
#include "render/work.h"
#include "views/views.h"

enum {
	SWEEP_MS = 40,		/* frame interval while the sweep plays */
	IDLE_MS = 250,		/* wake-up interval to notice signals */
	REPEAT_MS = 500		/* an export key this soon after the last one
				 * is the key repeating while held down:
				 * terminals repeat every 30-50 ms once a key
				 * has been held for 250-600 ms */
};

/* What the loop remembers between events. */
struct loop {
	struct present_echo echo;	/* presenter mode's key echo */
	long long export_key_ms;	/* when the export key last came */
	char saved[MSG_MAX];		/* the message of the last export */
	bool repeat_told;		/* the message says repeats are ignored */
	int paste_dropped;		/* pasted characters not taken */
	int refused_w, refused_h;	/* the refused size last reported */
	struct record *rec;		/* --record FILE, or NULL */
};

/* A pasted key. Pasted text is text: on the ':' line each character is
 * typed (tabs and line ends as spaces, other controls and keys dropped, so
 * an ESC in the paste does not cancel the line); anywhere else the paste
 * is dropped and, at its end, the message line says so. */
static unsigned paste_key(struct state *s, struct loop *lp, int key)
{
	struct action a = action_make(ACT_CMD_CHAR, key);

	if (!s->cmd.active) {
		lp->paste_dropped++;
		return REACT_NONE;
	}
	if (key == PK_TAB || key == PK_ENTER)
		a.arg = ' ';
	else if (key >= PK_SPECIAL || key < 0x20 || key == 0x7f)
		return REACT_NONE;
	return reduce(s, &a);
}

static unsigned paste_end(struct state *s, struct loop *lp)
{
	if (lp->paste_dropped == 0)
		return REACT_NONE;
	lp->paste_dropped = 0;
	state_message(s, true,
		      tr(s->lang, "a paste is not run as keys: press : first "
			 "to paste a command"));
	return REACT_REDRAW;
}

/* The export key: one picture per press. One that comes sooner than
 * REPEAT_MS after the last, with no other key between them, is the key
 * repeating while held down, and only says so. */
static unsigned export_key(struct state *s, struct loop *lp,
			   const struct action *a)
{
	long long t = clock_ms();
	bool repeat = t - lp->export_key_ms < REPEAT_MS;
	char msg[2 * MSG_MAX];	/* state_message cuts it to fit */

	lp->export_key_ms = t;
	if (!repeat) {
		lp->repeat_told = false;
		return reduce(s, a);
	}
	if (lp->repeat_told || !lp->saved[0])
		return REACT_NONE;
	snprintf(msg, sizeof msg, tr(s->lang, "%s (e held down: one picture "
				      "per press)"), lp->saved);
	state_message(s, false, msg);
	lp->repeat_told = true;
	return REACT_REDRAW;
}

/* Applies one event; returns the REACT_* flags. In presenter mode a key is
 * echoed on screen first (present.h). */
static unsigned apply_event(struct screen *sc, struct state *s,
			     struct loop *lp, const struct term_event *ev)
{
	struct action a;
	int w, h;

	term_size(&w, &h);
	switch (ev->type) {
	case TEV_RESIZE:
		return REACT_REDRAW;
	case TEV_PASTE_END:
		return paste_end(s, lp);
	case TEV_CLICK:
		a = screen_click(sc, s, w, h, ev->x, ev->y);
		break;
	case TEV_WHEEL:
		a = screen_wheel(sc, s, w, h, ev->x, ev->y, ev->dir);
		break;
	default:
		if (ev->pasted)
			return paste_key(s, lp, ev->key);
		if (s->present)
			present_key(&lp->echo, s, ev->key, clock_ms());
		a = keys_action(s, ev->key);
		if (a.kind == ACT_EXPORT)
			return export_key(s, lp, &a);
		break;
	}
	lp->export_key_ms = -REPEAT_MS;	/* another key: a new press */
	return reduce(s, &a);
}

/* apply_event, and the event written to the --record script. */
static unsigned handle_event(struct screen *sc, struct state *s,
			     struct loop *lp, const struct term_event *ev)
{
	bool was_open = s->cmd.active;
	unsigned react = apply_event(sc, s, lp, ev);

	if (lp->rec)
		record_event(lp->rec, ev, was_open, s);
	return react;
}

/* --record FILE: the script made now, before the screen is taken over
 * (so that a file that cannot be made is said plainly). */
static int record_start(const struct options *opt, struct loop *lp)
{
	int e;

	if (!opt->record)
		return 0;
	lp->rec = record_open(opt->record, opt->argc, opt->argv, &e);
	if (lp->rec)
		return 0;
	say(tr((enum lang)opt->lang, "cannot write \"%s\": %s"), opt->record,
	    say_errno((enum lang)opt->lang, e));
	return 73;
}

/* Says on the message line when the terminal asked for a screen larger than
 * pescope draws (once for each size asked). */
static void tell_refused_size(struct state *s, struct loop *lp)
{
	int rw, rh, w, h;
	char asked[48], msg[MSG_MAX];

	if (!term_size_refused(&rw, &rh) ||
	    (rw == lp->refused_w && rh == lp->refused_h))
		return;
	lp->refused_w = rw;
	lp->refused_h = rh;
	term_size(&w, &h);
	snprintf(asked, sizeof asked, "%dx%d", rw ? rw : w, rh ? rh : h);
	snprintf(msg, sizeof msg,
		 tr(s->lang, "a %s screen is more than pescope draws (%dx%d "
		    "at most): showing %dx%d"),
		 asked, TERM_SIZE_MAX, TERM_SIZE_MAX, w, h);
	state_message(s, true, msg);
}

/* Says when --colors asked for more colour than the terminal's entry has. */
static void tell_depth(struct state *s, const struct options *opt)
{
	static const char *const names[] = { "mono", "16", "256", "24bit" };
	enum color_mode got = term_color_mode();
	char msg[MSG_MAX];

	if (opt->colors == TERM_DEPTH_AUTO || (int)got >= opt->colors)
		return;
	snprintf(msg, sizeof msg,
		 tr(s->lang, "--colors %s: this terminal's entry has less; "
		    "showing %s (try %s)"),
		 names[opt->colors], names[got], "TERM=xterm-direct");
	state_message(s, true, msg);
}

/* Everything one session of the explorer holds, from the terminal opened
 * to the terminal closed. */
struct explorer {
	const struct options *opt;
	struct term_opts to;
	struct state s;
	struct canvas *c;
	struct screen *sc;
	struct lesson_book book;
	struct loop lp;
	int w, h;		/* the screen's size, for the out-of-memory line */
	int lost;		/* the errno of a terminal gone, or 0 */
	bool lost_reading;	/* it went while reading (else writing) */
};

/* Loads the lesson, makes the --record script and takes the terminal over,
 * in that order, so that each error is said before the screen is taken.
 * Returns 0, or the exit status with everything undone. */
static int explorer_open(struct explorer *ex)
{
	char err[256] = "";
	int rc = lesson_mode_load(ex->opt, true, &ex->book);

	if (rc == 0)
		rc = record_start(ex->opt, &ex->lp);
	if (rc == 0)
		rc = term_open(&ex->to, err, sizeof err);
	if (rc == 0)
		return 0;
	if (err[0])
		say("%s", err);
	if (ex->lp.rec)
		record_close(ex->lp.rec, false);
	lesson_book_free(&ex->book);
	return rc;
}

/* The state of the first frame (the options, the lesson's first step),
 * the canvas and the screen. Returns 0, or 71 when memory ran out. */
static int explorer_start(struct explorer *ex)
{
	session_init(&ex->s, ex->opt);
	lesson_mode_start(ex->opt, &ex->s, &ex->book);
	if (settings_file_note()[0])	/* said on stderr, under the screen */
		state_message(&ex->s, true, settings_file_note());
	if (ex->lp.rec)
		record_state(ex->lp.rec, &ex->s);	/* the view and lesson */
	ex->s.ascii = !term_utf8();
	tell_depth(&ex->s, ex->opt);
	ex->c = canvas_new(0, 0);
	ex->sc = screen_new(views_catalog());
	term_size(&ex->w, &ex->h);
	work_budget_set(WORK_SLICE_MS);
	return ex->c && ex->sc ? 0 : 71;
}

/* Follows the terminal's size: the canvas, the state and the script learn
 * a new one, and *react asks for a frame. False when the canvas cannot
 * grow (out of memory). */
static bool follow_size(struct explorer *ex, unsigned *react)
{
	term_size(&ex->w, &ex->h);
	if (canvas_width(ex->c) == ex->w && canvas_height(ex->c) == ex->h)
		return true;
	if (canvas_resize(ex->c, ex->w, ex->h) != 0)
		return false;
	state_set_screen(&ex->s, ex->w, ex->h);
	if (ex->lp.rec)
		record_resize(ex->lp.rec, ex->w, ex->h);
	tell_refused_size(&ex->s, &ex->lp);
	*react |= REACT_REDRAW;
	return true;
}

/* One frame to the terminal, its arithmetic held to the work budget. */
static void draw_frame(struct explorer *ex)
{
	work_frame_start();
	screen_draw(ex->sc, &ex->s, ex->c);
	if (ex->s.present)
		present_draw(&ex->lp.echo, &ex->s, ex->c);
	term_draw(ex->c);
	work_frame_end();
}

/* Waits up to WAIT_MS for the first event (or the sweep's next tick), then
 * takes whatever else is already queued without waiting. An export stops
 * the draining, so that the file shows the screen the key was pressed on.
 * Returns the REACT_* flags of what it applied. */
static unsigned take_events(struct explorer *ex, int wait_ms)
{
	struct term_event ev;
	unsigned react = REACT_NONE;

	if (term_read(&ev, wait_ms)) {
		react |= handle_event(ex->sc, &ex->s, &ex->lp, &ev);
		while (!(react & (REACT_QUIT | REACT_EXPORT | REACT_SCENE)) &&
		       !signals_pending() && term_read(&ev, 0))
			react |= handle_event(ex->sc, &ex->s, &ex->lp, &ev);
	} else if (ex->s.playing && wait_ms > 0) {
		struct action tick = action_make(ACT_TICK, 0);

		react |= reduce(&ex->s, &tick);
		if (ex->lp.rec) {
			record_tick(ex->lp.rec);
			record_state(ex->lp.rec, &ex->s);
		}
	}
	return react;
}

/* Writes the export asked for: the finished screen, however long it
 * takes. */
static void export_now(struct explorer *ex)
{
	/* :export FILE names its file; the key does not. */
	bool by_key = ex->s.export_to[0] == '\0';

	work_budget_set(0.0);
	work_frame_start();
	screen_draw(ex->sc, &ex->s, ex->c);
	export_screen(&ex->s, ex->c, ex->to.palette, ex->to.theme);
	snprintf(ex->lp.saved, sizeof ex->lp.saved, "%s", ex->s.msg);
	if (by_key)	/* its repeats meanwhile too */
		ex->lp.export_key_ms = clock_ms();
	work_budget_set(WORK_SLICE_MS);
}

/* Does the :save or :open asked for. An opened scene's theme and palette
 * cannot change the colours of a terminal already set up: the message
 * says so when they differ from the session's. */
static void scene_now(struct explorer *ex)
{
	struct scene_look look = { (int)ex->to.theme, (int)ex->to.palette,
				   ex->opt->theme_chosen,
				   ex->opt->palette_given };
	char msg[MSG_MAX], path[sizeof ex->s.scene_file];

	snprintf(path, sizeof path, "%s", ex->s.scene_file);
	scene_file_command(&ex->s, &look,
			   &(struct scene_room){ ex->opt->matrix_store, ex->sc },
			   term_clipboard);
	if (ex->s.msg_error || (look.theme == (int)ex->to.theme &&
				look.palette == (int)ex->to.palette))
		return;
	snprintf(msg, sizeof msg, tr(ex->s.lang, "opened; its theme and "
				     "palette show when pescope starts with "
				     "--scene %s"), path);
	state_message(&ex->s, false, msg);
}

/* Whether the session ends here: a signal (128 + it), the terminal gone
 * (74) or a quit (0), with the status in *rc. */
static bool session_ends(struct explorer *ex, unsigned react, int *rc)
{
	int sig = signals_pending();

	if (sig) {
		*rc = 128 + sig;
		return true;
	}
	ex->lost = term_lost(&ex->lost_reading);
	if (ex->lost) {
		*rc = 74;
		return true;
	}
	return (react & REACT_QUIT) != 0;
}

/* The loop: draw when something changed (an idle explorer costs nothing
 * but a wake-up to look for signals), then take the events. Returns the
 * exit status. */
static int run_loop(struct explorer *ex)
{
	int rc = 0;

	for (unsigned react = REACT_REDRAW;;) {
		int wait_ms;

		if (!follow_size(ex, &react))
			return 71;
		if (present_expire(&ex->lp.echo, clock_ms()))
			react |= REACT_REDRAW;
		if (react & REACT_REDRAW)
			draw_frame(ex);
		/* Unfinished work: draw again after taking what is queued. */
		react = work_unfinished() ? REACT_REDRAW : REACT_NONE;
		wait_ms = react ? 0 : ex->s.playing ? SWEEP_MS : IDLE_MS;
		react |= take_events(ex, wait_ms);
		if (session_ends(ex, react, &rc))
			return rc;
		if (react & REACT_EXPORT)
			export_now(ex);
		if (react & REACT_SCENE)
			scene_now(ex);
	}
}

/* Gives the terminal back and says what ended the session when it was not
 * a quit; keeps the --record script, however the session ended. Returns
 * the final exit status. */
static int explorer_close(struct explorer *ex, int rc)
{
	enum lang lang = (enum lang)ex->opt->lang;

	term_close();
	/* A terminal that went away ends the session as q would have: its
	 * --record script is kept (what was typed up to then replays), and
	 * one line says why on standard error (which may be the lost
	 * terminal too: say's own write then fails, the status stands). */
	if (ex->lost && ex->lost_reading)
		say(tr(lang, "cannot read from the terminal: %s"),
		    say_errno(lang, ex->lost));
	else if (ex->lost)
		say(tr(lang, "cannot write to the terminal: %s"),
		    say_errno(lang, ex->lost));
	/* So is it however the session ended: q, C-c (SIGINT), SIGTERM,
	 * SIGHUP, any request to stop. The status stays the signal's. */
	if (ex->lp.rec) {
		int e = record_close(ex->lp.rec, true);
		if (e) {
			say(tr(lang, "cannot write \"%s\": %s"),
			    ex->opt->record, say_errno(lang, e));
			if (rc == 0 || ex->lost)
				rc = 74;
		}
	}
	if (rc == 71)
		say(tr(lang, "out of memory for a %dx%d screen"), ex->w, ex->h);
	canvas_free(ex->c);
	screen_free(ex->sc);
	lesson_book_free(&ex->book);
	return rc;
}

int explore_run(const struct options *opt)
{
	struct explorer ex = {
		.opt = opt,
		.to = { opt->ascii, opt->color == COLOR_CHOICE_NEVER,
			opt->palette, opt->colors, (enum theme)opt->theme },
		.lp = { .export_key_ms = -REPEAT_MS },
	};
	int rc = explorer_open(&ex);

	if (rc != 0)
		return rc;
	rc = explorer_start(&ex);
	if (rc == 0)
		rc = run_loop(&ex);
	return explorer_close(&ex, rc);
}
