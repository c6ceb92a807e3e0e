/* export.c - the export key and the `pescope --export FILE` mode (see
 * export.h). */
#include "app/export.h"
#include "app/say.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "app/headless.h"
#include "base/tr.h"
#include "io/signals.h"
#include "views/screen.h"

/* "pescope explore: d_model=512 base=10000 ... interleaved", the title of
 * an SVG, so a folder of figures says what each one shows. */
static void export_title(const struct state *s, char *buf, size_t n)
{
	char status[128];

	state_status(s, status, sizeof status);
	snprintf(buf, n, "pescope %s: %s %s", state_view(s)->name,
		 status, pe_layout_name(s->cur.pe.layout));
}

void export_screen(struct state *s, const struct canvas *c,
		   enum palette_id palette, enum theme theme)
{
	char path[96], title[192], err[MSG_MAX - 8], msg[MSG_MAX];
	struct figure_opts o = { palette, true, title, theme };

	export_title(s, title, sizeof title);
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

/* ---- pescope --export FILE ---- */

int export_run(const struct options *opt)
{
	struct headless_run h;
	char title[192], err[512];
	struct figure_opts o = { opt->palette, true, title,
				 (enum theme)opt->theme };
	/* The screen --snapshot would show, a lesson's caption included. */
	int rc = headless_open(opt, &h);

	if (rc != 0) {
		headless_close(&h);
		return rc;
	}
	/* An SVG is UTF-8 whatever the locale (--ascii still makes the
	 * panels write ASCII); text files follow the locale, as --snapshot
	 * does. */
	if (figure_kind(opt->export_path) != FIGURE_SVG) {
		o.utf8 = !h.s.ascii && headless_utf8();
		h.s.ascii = !o.utf8;
	}
	export_title(&h.s, title, sizeof title);
	screen_draw(h.sc, &h.s, h.c);
	signals_catch();	/* a signal removes the temporary first */
	rc = figure_write(opt->export_path, h.c, &o, err, sizeof err);
	headless_close(&h);
	if (signals_pending())
		signals_end(signals_pending());
	if (rc)
		say("%s", err);
	return rc;
}
