/* snapshot.c - `pescope --snapshot`: the explorer's screen rendered once,
 * headless, as text on stdout. The same screen_draw() as the terminal. */
#include "app/snapshot.h"
#include "app/say.h"
#include "base/tr.h"

#include <errno.h>
#include <stdio.h>

#include "views/screen.h"
#include "app/headless.h"
#include "io/render_text.h"
#include "io/status.h"

int snapshot_run(const struct options *opt)
{
	struct headless_run h;
	struct render_opts ro;
	int rc = headless_open(opt, &h);

	if (rc != 0) {
		headless_close(&h);
		return rc;
	}
	ro.utf8 = !h.s.ascii && headless_utf8();
	h.s.ascii = !ro.utf8;
	ro.color = headless_color(opt);
	ro.palette = opt->palette;
	ro.theme = (enum theme)opt->theme;
	screen_draw(h.sc, &h.s, h.c);
	rc = render_text(stdout, h.c, &ro);
	headless_close(&h);
	if (rc != 0 || fflush(stdout) != 0 || ferror(stdout)) {
		int err = errno ? errno : EIO;

		say(tr((enum lang)opt->lang, "cannot write the snapshot: %s"),
		    say_errno((enum lang)opt->lang, err));
		return status_of_errno(err, 74);
	}
	return 0;
}
