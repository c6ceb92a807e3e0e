/* snapshot.c - `pescope --snapshot`: the explorer's screen rendered once,
 * headless, as text on stdout. The same frame_draw() as the terminal. */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frame.h"
#include "modes.h"
#include "render_text.h"
#include "session.h"

static bool locale_is_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && strcmp(cs, "UTF-8") == 0;
}

static enum color_mode snapshot_color(enum color_choice choice)
{
	const char *nc = getenv("NO_COLOR");

	if (choice == COLOR_CHOICE_ALWAYS)
		return COLOR_256;
	if (choice == COLOR_CHOICE_AUTO && isatty(STDOUT_FILENO) && !(nc && *nc))
		return COLOR_256;
	return COLOR_NONE;
}

int snapshot_run(const struct options *opt)
{
	struct state s;
	struct render_opts ro;
	struct canvas *c = canvas_new(opt->width, opt->height);
	int rc;

	if (!c) {
		fprintf(stderr, "pescope: out of memory\n");
		return 71;
	}
	session_init(&s, opt);
	ro.utf8 = !s.ascii && locale_is_utf8();
	s.ascii = !ro.utf8;
	ro.color = snapshot_color(opt->color);
	ro.palette = PALETTE_RDBU;
	frame_draw(&s, c);
	rc = render_text(stdout, c, &ro);
	canvas_free(c);
	if (rc != 0 || fflush(stdout) != 0 || ferror(stdout)) {
		perror("pescope: cannot write the snapshot");
		return 74;
	}
	return 0;
}
