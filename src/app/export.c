/* export.c - the export key and the `pescope --export FILE` mode (see
 * export.h). */
#include "app/export.h"
#include "app/say.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "app/headless.h"
#include "base/tr.h"
#include "io/export_raster.h"
#include "io/signals.h"
#include "views/screen.h"

void export_title(const struct state *s, char *buf, size_t n)
{
	char status[128];

	state_status(s, status, sizeof status);
	snprintf(buf, n, "pescope %s: %s %s", state_view(s)->name,
		 status, pe_layout_name(s->cur.pe.layout));
}

/* :export FILE: the screen to that file, in the format its name says. */
static void export_named(struct state *s, const struct canvas *c,
			 struct figure_opts *o)
{
	char path[sizeof s->export_to], err[MSG_MAX - 8], msg[MSG_MAX];
	int rc;

	snprintf(path, sizeof path, "%s", s->export_to);
	s->export_to[0] = '\0';
	if (figure_kind(path) < 0) {
		snprintf(msg, sizeof msg, tr(s->lang, "export: \"%s\" must end "
					     "in .svg, .png, .pdf, .txt or "
					     ".%s"), path, "ans");
		state_message(s, true, msg);
		return;
	}
	/* Text files follow the screen: UTF-8 unless it draws ASCII. */
	o->utf8 = !s->ascii;
	rc = export_figure(path, c, o, s->lang, err, sizeof err);
	if (rc != 0) {
		snprintf(msg, sizeof msg, tr(s->lang, "export: %s"), err);
		state_message(s, true, msg);
		return;
	}
	snprintf(msg, sizeof msg, tr(s->lang, "saved %s"), path);
	state_message(s, false, msg);
}

void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette, enum theme theme)
{
	char path[96], title[192], err[MSG_MAX - 8], msg[MSG_MAX];
	struct figure_opts o = { palette, true, title, theme, 1 };

	export_title(s, title, sizeof title);
	if (s->export_to[0]) {
		export_named(s, c, &o);
		return;
	}
	if (figure_auto_name(state_view(s)->name, time(NULL), path,
			     sizeof path) != 0) {
		state_message(s, true,
			      tr(s->lang, "export: every file name for this "
				 "second is taken in the current folder; press "
				 "e again in a second"));
		return;
	}
	if (figure_write(path, c, &o, err, sizeof err) != 0) {
		snprintf(msg, sizeof msg, tr(s->lang, "export: %s"), err);
		state_message(s, true, msg);
		return;
	}
	snprintf(msg, sizeof msg, tr(s->lang, "saved %s in the current folder"),
		 path);
	state_message(s, false, msg);
}

int export_raster_ready(enum lang l, char *err, size_t n)
{
	if (!export_raster_built()) {
		snprintf(err, n, tr(l, "this pescope was built without PNG "
				    "and PDF export: install %s and build it "
				    "again"), EXPORT_RASTER_PACKAGE);
		return EX_UNAVAILABLE;
	}
	if (!export_raster_available()) {
		snprintf(err, n, tr(l, "PNG and PDF export needs %s, which "
				    "does not load: install %s"),
			 EXPORT_RASTER_LIBRARY, EXPORT_RASTER_LIB_PACKAGE);
		return EX_UNAVAILABLE;
	}
	return 0;
}

int export_figure(const char *path, const struct canvas *c,
		  const struct figure_opts *o, enum lang l, char *err,
		  size_t n)
{
	int rc = figure_needs_raster(figure_kind(path)) ?
		 export_raster_ready(l, err, n) : 0;

	return rc ? rc : figure_write(path, c, o, err, n);
}

/* ---- pescope --export FILE ---- */

int export_run(const struct options *opt)
{
	struct headless_run h;
	char title[192], err[512];
	struct figure_opts o = { opt->palette, true, title,
				 (enum theme)opt->theme, opt->png_scale };
	int kind = figure_kind(opt->export_path);
	/* The screen --snapshot would show, a lesson's caption included. */
	int rc = headless_open(opt, &h);

	if (rc != 0) {
		headless_close(&h);
		return rc;
	}
	/* A picture (SVG, PNG, PDF) is UTF-8 whatever the locale (--ascii
	 * still makes the panels write ASCII); text files follow the locale,
	 * as --snapshot does. */
	if (kind != FIGURE_SVG && !figure_needs_raster(kind)) {
		o.utf8 = !h.s.ascii && headless_utf8();
		h.s.ascii = !o.utf8;
	}
	export_title(&h.s, title, sizeof title);
	screen_draw(h.sc, &h.s, h.c);
	signals_catch();	/* a signal removes the temporary first */
	rc = export_figure(opt->export_path, h.c, &o, h.s.lang, err,
			   sizeof err);
	headless_close(&h);
	if (signals_pending())
		signals_end(signals_pending());
	if (rc)
		say("%s", err);
	return rc;
}
