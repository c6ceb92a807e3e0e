/* figure.c - a screen written to a file chosen by its name (see figure.h). */
#include "io/figure.h"
#include "io/status.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "io/atomic_file.h"
#include "io/export_raster.h"
#include "io/export_svg.h"
#include "io/render_text.h"

int figure_kind(const char *path)
{
	static const char *const ext[] = { ".svg", ".txt", ".ans", ".png",
					   ".pdf" };
	static const enum figure_kind kind[] = { FIGURE_SVG, FIGURE_TXT,
						 FIGURE_ANS, FIGURE_PNG,
						 FIGURE_PDF };
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

bool figure_needs_raster(int kind)
{
	return kind == FIGURE_PNG || kind == FIGURE_PDF;
}

int figure_write(const char *path, const struct canvas *c,
		 const struct figure_opts *o, char *err, size_t n)
{
	int kind = figure_kind(path);
	struct atomic_file af;
	int rc;

	if (kind < 0) {
		snprintf(err, n, "cannot tell the format of \"%s\": the name "
			 "must end in .svg, .png, .pdf, .txt or .ans", path);
		return EX_USAGE;
	}
	if (figure_needs_raster(kind) && !export_raster_built()) {
		snprintf(err, n, "this pescope was built without PNG and PDF "
			 "export: install %s and build it again",
			 EXPORT_RASTER_PACKAGE);
		return EX_UNAVAILABLE;
	}
	if (figure_needs_raster(kind) && !export_raster_available()) {
		snprintf(err, n, "PNG and PDF export needs %s, which does not "
			 "load: install %s", EXPORT_RASTER_LIBRARY,
			 EXPORT_RASTER_LIB_PACKAGE);
		return EX_UNAVAILABLE;
	}
	if (kind == FIGURE_PNG && !export_raster_fits(c, o->scale)) {
		snprintf(err, n, "cannot write \"%s\": a PNG that large is more "
			 "than cairo draws (%d pixels a side)", path,
			 EXPORT_RASTER_PX_MAX);
		return EX_USAGE;
	}
	rc = atomic_file_open(&af, path);
	if (rc) {
		snprintf(err, n, "cannot write \"%s\": %s", path,
			 atomic_file_error(rc));
		return status_of_errno(rc, EX_CANTCREAT);
	}
	errno = 0;
	if (kind == FIGURE_SVG || figure_needs_raster(kind)) {
		struct svg_opts so = { o->palette, o->title, o->theme };
		rc = kind == FIGURE_SVG ? export_svg(af.fp, c, &so) :
		     export_raster(af.fp, c, &so, kind == FIGURE_PNG ?
				   RASTER_PNG : RASTER_PDF, o->scale);
	} else {
		struct render_opts ro = { o->utf8,
					  kind == FIGURE_ANS ? COLOR_256 : COLOR_NONE,
					  o->palette, o->theme };
		rc = render_text(af.fp, c, &ro);
	}
	if (rc != 0) {
		rc = errno ? errno : EIO;
		atomic_file_abort(&af);
	} else {
		rc = atomic_file_commit(&af);
	}
	if (rc) {
		snprintf(err, n, "cannot write \"%s\": %s", path,
			 atomic_file_error(rc));
		return status_of_errno(rc, EX_IOERR);
	}
	return 0;
}

int figure_auto_name(const char *view, time_t t, char *buf, size_t n)
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
