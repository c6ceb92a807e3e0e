/* bench.c - `pescope --bench`: times the real drawing path (screen_draw, the
 * ncurses copy and ncurses' own diffing) on an off-screen terminal, and
 * counts the bytes a terminal would get.
 *
 * The off-screen terminal writes to /dev/null while frames are timed; for
 * the two frames whose bytes are counted, its file descriptor is pointed at
 * a pipe whose other end a thread reads and counts (count_frame). Nothing
 * grows with the frames, and no temporary file can fill a disk.
 *
 * The run alternates one-step position moves (the common case) with a
 * parameter change every PARAM_EVERY actions (which recomputes the
 * heatmap). Frames get the explorer's work budget (work.h), so work that
 * does not fit one frame goes on in the next ones, drawn without a key as
 * the explorer draws them; the next action waits until the view has
 * nothing left to do. It prints one line:
 *   frames=N p50_ms=X p95_ms=Y max_ms=Z move_bytes=B full_bytes=F
 *   catchup_frames=C catchup_ms=T move_p95_ms=M actions=A unfinished=U
 * where C is the most frames an action (move or parameter change) took
 * until the view had nothing left to do and T the longest time that took,
 * by one rule for every view (bench_tally.h); M the p95 of the move
 * frames alone; A the actions of the run and U those whose work had not
 * finished when the run ended (C and T are then lower bounds). */
#include "app/bench.h"
#include "app/bench_tally.h"
#include "app/say.h"
#include "base/tr.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "base/clock.h"
#include "views/screen.h"
#include "app/lesson_mode.h"
#include "app/session.h"
#include "io/term.h"
#include "io/status.h"
#include "model/reduce.h"
#include "render/work.h"
#include "views/views.h"

enum { PARAM_EVERY = 25 };

/* ---- counting the bytes of one frame ---- */

/* The counting thread's stack: small, so that it starts under a tight
 * `ulimit -v` as well (the default is 8 MiB of address space). */
enum { COUNTER_STACK = 256 * 1024 };

struct counter {
	int fd;			/* the pipe's read end */
	long long bytes;	/* what came through it, until its end */
	int err;		/* an errno value from read, or 0 */
	char buf[16384];
};

static void *count_bytes(void *arg)
{
	struct counter *k = arg;
	ssize_t got;

	while ((got = read(k->fd, k->buf, sizeof k->buf)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			k->err = errno;
			break;
		}
		k->bytes += got;
	}
	return NULL;
}

/* Draws one frame with the terminal's descriptor out_fd pointed at a pipe
 * a thread counts, then points it back at /dev/null (null_fd), which closes
 * the pipe's last write end: the thread sees its end and has counted every
 * byte. *bytes gets the count; 0 or an errno value. */
static int count_frame(int out_fd, int null_fd, void (*frame)(void *),
		       void *arg, long long *bytes)
{
	static struct counter k;
	pthread_attr_t attr;
	pthread_t th;
	int p[2], rc;

	if (pipe(p) != 0)
		return errno;
	k.fd = p[0];
	k.bytes = 0;
	k.err = 0;
	rc = pthread_attr_init(&attr);
	if (rc == 0) {
		pthread_attr_setstacksize(&attr, COUNTER_STACK);
		rc = pthread_create(&th, &attr, count_bytes, &k);
		pthread_attr_destroy(&attr);
	}
	if (rc != 0) {
		close(p[0]);
		close(p[1]);
		/* a thread that cannot start for want of memory or threads */
		return rc == EAGAIN ? ENOMEM : rc;
	}
	if (dup2(p[1], out_fd) < 0)
		rc = errno;
	close(p[1]);
	if (rc == 0)
		frame(arg);
	if (dup2(null_fd, out_fd) < 0 && rc == 0)
		rc = errno;
	pthread_join(th, NULL);
	close(p[0]);
	*bytes = k.bytes;
	return rc ? rc : k.err;
}

/* ---- frames ---- */

struct run {
	struct screen *sc;
	struct state *s;
	struct canvas *c;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One frame through the whole path; returns its duration in ms. */
static double timed_frame(const struct run *r)
{
	double t0 = clock_ms_fine();

	work_frame_start();
	screen_draw(r->sc, r->s, r->c);
	term_draw(r->c);
	work_frame_end();
	return clock_ms_fine() - t0;
}

static void frame_of(void *arg)
{
	timed_frame(arg);
}

static void repaint_of(void *arg)
{
	term_invalidate();
	timed_frame(arg);
}

/* Action i of the run: mostly a step right, every PARAM_EVERY-th a
 * parameter. */
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

/* The timed frames: their durations in ms (sorted), the moves' in mv, and
 * how long the actions took to finish (bench_tally.h). A frame after
 * which work is left is followed by frames without a key, as in the
 * explorer, until the view has nothing left to do; only then comes the
 * next action. */
static void time_frames(const struct run *r, int frames, double *ms,
			double *mv, int *moves, struct bench_tally *t)
{
	int next = 0;

	*moves = 0;
	memset(t, 0, sizeof *t);
	work_budget_set(WORK_SLICE_MS);
	for (int i = 0; i < frames; i++) {
		bool act = !bench_tally_busy(t);
		struct action a = bench_action(next);

		if (act) {
			next++;
			bench_tally_action(t);
			reduce(r->s, &a);
		}
		ms[i] = timed_frame(r);
		bench_tally_frame(t, ms[i], work_unfinished());
		/* a move, which found every job done */
		if (act && a.kind == ACT_POS_STEP)
			mv[(*moves)++] = ms[i];
	}
	bench_tally_end(t);
	work_budget_set(0.0);
	qsort(ms, (size_t)frames, sizeof *ms, cmp_double);
	qsort(mv, (size_t)*moves, sizeof *mv, cmp_double);
}

/* What a failed system call during set-up means, in l: the exit status,
 * with its one line said. */
static int setup_failed(enum lang l, int err)
{
	say(tr(l, "cannot set up the benchmark: %s"), say_errno(l, err));
	return status_of_errno(err, EX_IOERR);
}

int bench_run(const struct options *opt)
{
	enum lang l = (enum lang)opt->lang;
	const char *tname = getenv("TERM");
	struct term_opts to = { opt->ascii, false, opt->palette,
				TERM_DEPTH_AUTO, (enum theme)opt->theme };
	struct state s;
	struct run r = { NULL, &s, NULL };
	struct lesson_book book;
	int null_fd = -1, out_fd, rc, err, moves = 0;
	FILE *out = NULL;
	double *ms = NULL, *mv = NULL;
	struct bench_tally t;
	char msg[256];
	long long full_bytes, move_bytes;

	memset(&book, 0, sizeof book);
	r.c = canvas_new(opt->width, opt->height);
	r.sc = screen_new(views_catalog());
	ms = malloc((size_t)opt->frames * sizeof *ms);
	mv = malloc((size_t)opt->frames * sizeof *mv);
	if (!r.c || !r.sc || !ms || !mv) {
		rc = setup_failed(l, ENOMEM);
		goto out;
	}
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	out_fd = null_fd < 0 ? -1 : dup(null_fd);
	out = out_fd < 0 ? NULL : fdopen(out_fd, "w");
	if (!out) {
		rc = setup_failed(l, errno);
		if (out_fd >= 0)
			close(out_fd);
		goto out;
	}
	rc = lesson_mode_load(opt, false, &book);
	if (rc != 0)
		goto out;
	if (!tname || !*tname)
		tname = "xterm-256color";
	rc = term_open_offscreen(&to, tname, out, opt->width, opt->height,
				 msg, sizeof msg);
	if (rc != 0) {
		say("%s", msg);
		goto out;
	}
	session_init(&s, opt);
	state_set_screen(&s, opt->width, opt->height);
	lesson_mode_start(opt, &s, &book);
	s.ascii = !term_utf8();

	/* Bytes: one full repaint (with every job finished), then one
	 * single-step move. */
	timed_frame(&r);
	fflush(out);
	err = count_frame(out_fd, null_fd, repaint_of, &r, &full_bytes);
	reduce(&s, &(struct action){ ACT_POS_STEP, 1, 0, -1, -1, 0 });
	if (!err)
		err = count_frame(out_fd, null_fd, frame_of, &r, &move_bytes);
	if (err) {
		term_close();
		rc = setup_failed(l, err);
		goto out;
	}
	time_frames(&r, opt->frames, ms, mv, &moves, &t);
	term_close();
	printf("frames=%d p50_ms=%.3f p95_ms=%.3f max_ms=%.3f move_bytes=%lld full_bytes=%lld catchup_frames=%d catchup_ms=%.3f move_p95_ms=%.3f actions=%d unfinished=%d\n",
	       opt->frames, ms[opt->frames / 2], ms[(opt->frames * 95) / 100],
	       ms[opt->frames - 1], move_bytes, full_bytes, t.frames, t.ms,
	       moves ? mv[(moves * 95) / 100] : 0.0, t.actions, t.unfinished);
out:
	term_close();
	if (out)
		fclose(out);
	if (null_fd >= 0)
		close(null_fd);
	lesson_book_free(&book);
	free(ms);
	free(mv);
	canvas_free(r.c);
	screen_free(r.sc);
	return rc;
}
