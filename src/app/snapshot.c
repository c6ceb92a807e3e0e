/* snapshot.c - `pescope --snapshot`: the explorer's screen rendered once,
 * headless, as text on stdout. The same screen_draw() as the terminal. */
#include "app/snapshot.h"

#include <stdio.h>

#include "views/screen.h"
#include "app/headless.h"
#include "io/render_text.h"
#include "views/views.h"

int snapshot_run(const struct options *opt)
{
	struct state s;
	struct render_opts ro;
	struct canvas *c = canvas_new(opt->width, opt->height);
	struct screen *sc = screen_new(views_catalog());
	struct lesson_book book;
	int rc;

	if (!c || !sc) {
		canvas_free(c);
		screen_free(sc);
		fprintf(stderr, "pescope: out of memory\n");
		return 71;
	}
	rc = headless_start(opt, &s, &book);
	if (rc != 0) {
		lesson_book_free(&book);
		canvas_free(c);
		screen_free(sc);
		return rc;
	}
	ro.utf8 = !s.ascii && headless_utf8();
	s.ascii = !ro.utf8;
	ro.color = headless_color(opt);
	ro.palette = opt->palette;
	screen_draw(sc, &s, c);
	rc = render_text(stdout, c, &ro);
	canvas_free(c);
	screen_free(sc);
	lesson_book_free(&book);
	if (rc != 0 || fflush(stdout) != 0 || ferror(stdout)) {
		perror("pescope: cannot write the snapshot");
		return 74;
	}
	return 0;
}
