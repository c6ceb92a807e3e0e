/* handout.c - `pescope --handout LESSON -o FILE` (see handout.h). */
#include "app/handout.h"
#include "app/say.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sysexits.h>

#include "app/export.h"
#include "app/lesson_mode.h"
#include "app/session.h"
#include "base/tr.h"
#include "io/atomic_file.h"
#include "io/export_raster.h"
#include "io/handout_md.h"
#include "io/handout_pdf.h"
#include "io/signals.h"
#include "io/status.h"
#include "model/lesson.h"
#include "views/screen.h"
#include "views/views.h"

/* Whether path ends in ".md" (else ".pdf": cli.c let nothing else by). */
static bool is_md(const char *path)
{
	size_t n = strlen(path);

	return n > 3 && strcasecmp(path + n - 3, ".md") == 0;
}

_Static_assert((int)HANDOUT_OPTIONS_MAX >= (int)LESSON_OPTIONS_MAX,
	       "a handout holds every option of a question");

/* The handout's words of step k of l: its title, caption and question. */
static struct handout_step step_text(const struct lesson *l, int k)
{
	const struct lesson_ask *q = lesson_step_ask(l, k);
	struct handout_step st = { l->step[k].title, l->step[k].caption, NULL,
				   { NULL }, 0, 0 };

	if (q) {
		st.question = q->question;
		for (int i = 0; i < q->noptions; i++)
			st.option[st.noptions++] = q->option[i];
		st.answer = q->answer;
	}
	return st;
}

/* Sets s to the screen step k of l shows, drawn without its caption box
 * (the handout prints the caption as text): the lesson's start, then the
 * commands of steps 0 .. k, of step k only those above its question when
 * it asks one (the screen the question is asked over: the rest would
 * show the answer). Returns 0, or -1 with why in err. */
static int step_screen(struct state *s, const struct lesson *l, int k,
		       char *err, size_t n)
{
	const struct lesson_ask *q = lesson_step_ask(l, k);
	int line = 0;

	lesson_reset(s);
	for (int i = 0; i <= k; i++)
		if (lesson_step_apply(s, &l->step[i],
				      i == k && q ? q->at : l->step[i].ncmds,
				      &line, err, n) != 0)
			return -1;
	return 0;
}

/* The writers of the two formats, one of them open. */
struct writer {
	struct atomic_file af;		/* the PDF */
	struct handout_pdf *pdf;
	struct handout_md *md;
};

/* Opens the writer of steps[0 .. n-1] for path: 0, or an errno value. */
static int writer_open(struct writer *w, const char *path,
		       const struct handout_info *info,
		       const struct handout_step *steps, int n, bool png)
{
	int rc;

	memset(w, 0, sizeof *w);
	if (is_md(path)) {
		w->md = handout_md_open(path, info, steps, n, png);
		return w->md ? 0 : errno;
	}
	rc = atomic_file_open(&w->af, path);
	if (rc)
		return rc;
	w->pdf = handout_pdf_open(w->af.fp, info, steps, n);
	if (!w->pdf) {
		rc = errno;
		atomic_file_abort(&w->af);
		return rc;
	}
	return 0;
}

static int writer_step(struct writer *w, int k, const struct canvas *c)
{
	errno = 0;
	if (w->md ? handout_md_step(w->md, k, c) : handout_pdf_step(w->pdf, k, c))
		return errno ? errno : EIO;
	return 0;
}

/* The answers, and the files put in place: 0, or an errno value. */
static int writer_finish(struct writer *w)
{
	errno = 0;
	if (w->md) {
		struct handout_md *md = w->md;

		w->md = NULL;
		return handout_md_finish(md) ? (errno ? errno : EIO) : 0;
	}
	if (handout_pdf_finish(w->pdf) != 0) {
		int e = errno ? errno : EIO;

		w->pdf = NULL;
		atomic_file_abort(&w->af);
		return e;
	}
	w->pdf = NULL;
	return atomic_file_commit(&w->af);
}

static void writer_abort(struct writer *w)
{
	if (w->md) {
		handout_md_abort(w->md);
		w->md = NULL;
	}
	if (w->pdf) {
		handout_pdf_abort(w->pdf);
		w->pdf = NULL;
		atomic_file_abort(&w->af);
	}
}

/* Writes the handout of lesson l: 0 or an exit status after a message. */
static int write_handout(const struct options *opt, const struct lesson *l,
			 struct state *s)
{
	enum lang lang = (enum lang)opt->lang;
	const char *path = opt->output;
	char err[LESSON_ERR_MAX];
	struct handout_step steps[LESSON_STEPS_MAX];
	struct handout_info info = {
		l->title, l->about, l->nsteps, lang,
		{ opt->palette, l->title, (enum theme)opt->theme }
	};
	struct canvas *c = canvas_new(opt->width, opt->height);
	struct screen *sc = screen_new(views_catalog());
	struct writer w;
	int rc = 0;

	if (!c || !sc) {
		canvas_free(c);
		screen_free(sc);
		say("%s", tr(lang, "out of memory"));
		return EX_OSERR;
	}
	for (int k = 0; k < l->nsteps; k++)
		steps[k] = step_text(l, k);
	signals_catch();	/* a signal removes the temporaries first */
	rc = writer_open(&w, path, &info, steps, l->nsteps,
			 export_raster_ready(lang, err, sizeof err) == 0);
	if (rc) {
		say(tr(lang, "cannot write \"%s\": %s"), path,
		    say_errno(lang, rc));
		rc = status_of_errno(rc, EX_CANTCREAT);
		goto out;
	}
	for (int k = 0; k < l->nsteps && !rc; k++) {
		if (step_screen(s, l, k, err, sizeof err) != 0) {
			say("%s:%d: %s", l->path, l->step[k].line, err);
			writer_abort(&w);
			rc = EX_DATAERR;
			goto out;
		}
		screen_draw(sc, s, c);
		rc = signals_pending() ? ECANCELED : writer_step(&w, k, c);
	}
	rc = rc ? (writer_abort(&w), rc) : writer_finish(&w);
	if (signals_pending())
		signals_end(signals_pending());
	if (rc) {
		say(tr(lang, "cannot write \"%s\": %s"), path,
		    say_errno(lang, rc));
		rc = status_of_errno(rc, EX_IOERR);
	}
out:
	canvas_free(c);
	screen_free(sc);
	return rc;
}

int handout_run(const struct options *opt)
{
	enum lang lang = (enum lang)opt->lang;
	struct lesson_book book;
	struct state s;
	char err[512];
	int i, rc;

	/* A PDF from a build that cannot draw one: refused before anything
	 * is read or made. */
	if (!is_md(opt->output) && (rc = export_raster_ready(lang, err,
							    sizeof err))) {
		say("%s", err);
		return rc;
	}
	rc = lesson_mode_load(opt, false, &book);
	if (rc != 0) {
		lesson_book_free(&book);
		return rc;
	}
	i = lesson_book_find(&book, opt->lesson);
	if (i < 0 && book.count == 1)	/* a file named by its path */
		i = 0;
	session_init(&s, opt);
	state_set_screen(&s, opt->width, opt->height);
	rc = write_handout(opt, book.lesson[i], &s);
	lesson_book_free(&book);
	return rc;
}
