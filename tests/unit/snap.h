/* snap.h - test helper: a canvas rendered by render_text into a string. */
#ifndef SNAP_H
#define SNAP_H

#include <stdio.h>
#include <stdlib.h>

#include "render_text.h"

/* The text render_text writes for c with these options; the caller frees
 * it. NULL when the memory stream fails or render_text reports an error. */
static inline char *snap_opts(const struct canvas *c, bool utf8,
			      enum color_mode mode, enum palette_id id)
{
	struct render_opts o = { utf8, mode, id };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		return NULL;
	rc = render_text(f, c, &o);
	if (fclose(f) != 0 || rc != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Plain UTF-8 text, no colour. */
static inline char *snap(const struct canvas *c)
{
	return snap_opts(c, true, COLOR_NONE, PALETTE_RDBU);
}

#endif
