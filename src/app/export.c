/* export.c - screens to files, by extension (see export.h), and the
 * `pescope --export FILE` mode. */
#include "app/export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "io/atomic_file.h"
#include "io/export_svg.h"
#include "views/frame.h"
#include "app/headless.h"
#include "app/modes.h"
#include "io/render_text.h"
#include "views/views.h"

int export_kind(const char *path)
{
	static const char *const ext[] = { ".svg", ".txt", ".ans" };
	static const enum export_kind kind[] = { EXPORT_SVG, EXPORT_TXT,
						 EXPORT_ANS };
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	size_t len = strlen(name);

	if (len <= 4)	/* ".svg" alone is a hidden file with no name */
		return -1;
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
		if (strcasecmp(name + len - 4, ext[i]) == 0)
			return (int)kind[i];
	return -1;
}

int export_write(const char *path, const struct canvas *c,
		 const struct export_opts *o, char *err, size_t n)
{
	int kind = export_kind(path);
	struct atomic_file af;
	int rc;

	if (kind < 0) {
		snprintf(err, n, "cannot tell the format of \"%s\": the name "
			 "must end in .svg, .txt or .ans", path);
		return EX_USAGE;
	}
	rc = atomic_file_open(&af, path);
	if (rc) {
		snprintf(err, n, "cannot write \"%s\": %s", path, strerror(rc));
		return EX_CANTCREAT;
	}
	errno = 0;
	if (kind == EXPORT_SVG) {
		struct svg_opts so = { o->palette, o->title };
		rc = export_svg(af.fp, c, &so);
	} else {
		struct render_opts ro = { o->utf8,
					  kind == EXPORT_ANS ? COLOR_256 : COLOR_NONE,
					  o->palette };
		rc = render_text(af.fp, c, &ro);
	}
	if (rc != 0) {
		rc = errno ? errno : EIO;
		atomic_file_abort(&af);
	} else {
		rc = atomic_file_commit(&af);
	}
	if (rc) {
		snprintf(err, n, "cannot write \"%s\": %s", path, strerror(rc));
		return EX_IOERR;
	}
	return 0;
}

int export_auto_name(const char *view, time_t t, char *buf, size_t n)
{
	char stamp[32];
	struct tm tm;

	if (!localtime_r(&t, &tm) ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		return -1;
	for (int k = 1; k < 100; k++) {
		struct stat st;
		int len = k == 1 ? snprintf(buf, n, "pescope-%s-%s.svg", view, stamp)
				 : snprintf(buf, n, "pescope-%s-%s-%d.svg", view,
					    stamp, k);
		if (len < 0 || (size_t)len >= n)
			return -1;
		if (lstat(buf, &st) != 0 && errno == ENOENT)
			return 0;
	}
	return -1;
}

/* "pescope explore: d_model=512 base=10000 ... interleaved", the title of
 * an SVG, so a folder of figures says what each one shows. */
static void export_title(const struct state *s, char *buf, size_t n)
{
	char status[128];

	state_status(s, status, sizeof status);
	snprintf(buf, n, "pescope %s: %s %s", views_get(s->view_id)->name,
		 status, pe_layout_name(s->cur.pe.layout));
}

void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette)
{
	char path[96], title[192], err[MSG_MAX - 8], msg[MSG_MAX];
	struct export_opts o = { palette, true, title };

	export_title(s, title, sizeof title);
	if (export_auto_name(views_get(s->view_id)->name, time(NULL), path,
			     sizeof path) != 0) {
		state_message(s, true, "export: no free file name in the "
			      "current folder");
		return;
	}
	if (export_write(path, c, &o, err, sizeof err) != 0) {
		snprintf(msg, sizeof msg, "export: %s", err);
		state_message(s, true, msg);
		return;
	}
	snprintf(msg, sizeof msg, "saved %s in the current folder", path);
	state_message(s, false, msg);
}

/* ---- pescope --export FILE ---- */

int export_run(const struct options *opt)
{
	struct state s;
	struct canvas *c = canvas_new(opt->width, opt->height);
	struct lesson_book book;
	char title[192], err[512];
	struct export_opts o = { opt->palette, true, title };
	int rc;

	if (!c) {
		fprintf(stderr, "pescope: out of memory\n");
		return EX_OSERR;
	}
	/* The screen --snapshot would show, a lesson's caption included. */
	rc = headless_start(opt, &s, &book);
	if (rc != 0) {
		lesson_book_free(&book);
		canvas_free(c);
		return rc;
	}
	/* An SVG is UTF-8 whatever the locale (--ascii still makes the
	 * panels write ASCII); text files follow the locale, as --snapshot
	 * does. */
	if (export_kind(opt->export_path) != EXPORT_SVG) {
		o.utf8 = !s.ascii && headless_utf8();
		s.ascii = !o.utf8;
	}
	export_title(&s, title, sizeof title);
	frame_draw(&s, c);
	rc = export_write(opt->export_path, c, &o, err, sizeof err);
	canvas_free(c);
	lesson_book_free(&book);
	if (rc)
		fprintf(stderr, "pescope: %s\n", err);
	return rc;
}
