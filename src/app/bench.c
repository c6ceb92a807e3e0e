/* bench.c - `pescope --bench`: times the real drawing path (screen_draw, the
 * ncurses copy and ncurses' own diffing) on an off-screen terminal that
 * writes into a temporary file, and counts the bytes a terminal would get.
 *
 * The run alternates one-step position moves (the common case) with a
 * parameter change every PARAM_EVERY frames (which recomputes the heatmap).
 * Frames get the explorer's work budget (work.h), so a parameter change at
 * the extremes is finished over several frames, as on screen. It prints one
 * line:
 *   frames=N p50_ms=X p95_ms=Y max_ms=Z move_bytes=B full_bytes=F
 *   catchup_frames=C catchup_ms=T move_p95_ms=M
 * where C is the most frames a parameter change took until every job had
 * finished, T the longest time from a change to its finished screen, and
 * M the p95 of the move frames alone: the one-step moves that found every
 * job finished (p95 is over every frame, catching up included). */
#include "app/bench.h"
#include "app/say.h"
#include "base/tr.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "base/clock.h"
#include "views/screen.h"
#include "app/lesson_mode.h"
#include "app/session.h"
#include "io/term.h"
#include "model/reduce.h"
#include "render/work.h"
#include "views/views.h"

enum { PARAM_EVERY = 25 };

static long long bytes_so_far(FILE *out)
{
	struct stat st;
	fflush(out);
	return fstat(fileno(out), &st) == 0 ? (long long)st.st_size : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One frame through the whole path; returns its duration in ms. */
static double timed_frame(struct screen *sc, const struct state *s,
			  struct canvas *c)
{
	double t0 = clock_ms_fine();

	work_frame_start();
	screen_draw(sc, s, c);
	term_draw(c);
	work_frame_end();
	return clock_ms_fine() - t0;
}

/* The action of frame i: mostly a step right, sometimes a parameter. */
static struct action bench_action(int i)
{
	static const enum action_kind params[] = {
		ACT_BASE_FINE, ACT_DMODEL_STEP, ACT_BASE_FINE, ACT_LEN_FINE
	};
	struct action a = action_make(ACT_POS_STEP, 1);

	if (i % PARAM_EVERY == PARAM_EVERY - 1) {
		a.kind = params[(i / PARAM_EVERY) % 4];
		a.arg = (i / (4 * PARAM_EVERY)) % 2 ? -1 : 1;
	}
	return a;
}

int bench_run(const struct options *opt)
{
	const char *tname = getenv("TERM");
	struct term_opts to = { opt->ascii, false, opt->palette,
				TERM_DEPTH_AUTO, (enum theme)opt->theme };
	FILE *out = tmpfile();
	struct canvas *c = canvas_new(opt->width, opt->height);
	struct screen *sc = screen_new(views_catalog());
	double *ms = malloc((size_t)opt->frames * sizeof *ms);
	double *mv = malloc((size_t)opt->frames * sizeof *mv);
	struct state s;
	struct lesson_book book;
	char err[256];
	long long b0, full_bytes, move_bytes;
	int rc, catchup_frames = 0, pending = 0, moves = 0;
	double catchup_ms = 0.0, since = 0.0;

	if (!out || !c || !sc || !ms || !mv) {
		say("%s", tr((enum lang)opt->lang, "cannot set up the benchmark "
			     "(out of memory or no temporary file)"));
		if (out)
			fclose(out);
		canvas_free(c);
		screen_free(sc);
		free(ms);
		free(mv);
		return 71;
	}
	rc = lesson_mode_load(opt, false, &book);
	if (rc != 0) {
		lesson_book_free(&book);
		free(ms);
		free(mv);
		canvas_free(c);
		screen_free(sc);
		fclose(out);
		return rc;
	}
	if (!tname || !*tname)
		tname = "xterm-256color";
	if (term_open_offscreen(&to, tname, out, opt->width, opt->height, err,
				sizeof err) != 0) {
		fprintf(stderr, "pescope: %s\n", err);
		return 69;
	}
	session_init(&s, opt);
	state_set_screen(&s, opt->width, opt->height);
	lesson_mode_start(opt, &s, &book);
	s.ascii = !term_utf8();

	/* Bytes: one full repaint (with every job finished), then one
	 * single-step move. */
	timed_frame(sc, &s, c);
	term_invalidate();
	b0 = bytes_so_far(out);
	timed_frame(sc, &s, c);
	full_bytes = bytes_so_far(out) - b0;
	reduce(&s, &(struct action){ ACT_POS_STEP, 1, 0, -1, -1, 0 });
	b0 = bytes_so_far(out);
	timed_frame(sc, &s, c);
	move_bytes = bytes_so_far(out) - b0;

	work_budget_set(WORK_SLICE_MS);
	for (int i = 0; i < opt->frames; i++) {
		struct action a = bench_action(i);
		/* a move that finds every job done */
		bool move = a.kind == ACT_POS_STEP && pending == 0;

		if (a.kind != ACT_POS_STEP)
			pending = 0;
		reduce(&s, &a);
		ms[i] = timed_frame(sc, &s, c);
		if (move)
			mv[moves++] = ms[i];
		/* Count the frames since the last parameter change until its
		 * screen is complete. */
		if (pending == 0)
			since = 0.0;
		pending++;
		since += ms[i];
		if (!work_unfinished()) {
			if (pending > catchup_frames)
				catchup_frames = pending;
			if (since > catchup_ms)
				catchup_ms = since;
			pending = 0;
		}
	}
	work_budget_set(0.0);
	term_close();
	qsort(ms, (size_t)opt->frames, sizeof *ms, cmp_double);
	qsort(mv, (size_t)moves, sizeof *mv, cmp_double);
	printf("frames=%d p50_ms=%.3f p95_ms=%.3f max_ms=%.3f move_bytes=%lld full_bytes=%lld catchup_frames=%d catchup_ms=%.3f move_p95_ms=%.3f\n",
	       opt->frames, ms[opt->frames / 2], ms[(opt->frames * 95) / 100],
	       ms[opt->frames - 1], move_bytes, full_bytes, catchup_frames,
	       catchup_ms, moves ? mv[(moves * 95) / 100] : 0.0);
	free(ms);
	free(mv);
	canvas_free(c);
	screen_free(sc);
	fclose(out);
	lesson_book_free(&book);
	return 0;
}
