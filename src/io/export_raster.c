/* export_raster.c - a canvas as PNG or PDF through librsvg and cairo (see
 * export_raster.h). The SVG is written to memory, parsed by librsvg and
 * rendered on a cairo surface whose bytes go straight to the stream. */
#include "io/export_raster.h"

#include <errno.h>
#include <stdlib.h>

bool export_raster_fits(const struct canvas *c, int scale)
{
	long s = scale < 1 ? 1 : scale;

	return (long)canvas_width(c) * EXPORT_SVG_CELL_W * s <=
		       EXPORT_RASTER_PX_MAX &&
	       (long)canvas_height(c) * EXPORT_SVG_CELL_H * s <=
		       EXPORT_RASTER_PX_MAX;
}

#ifdef PESCOPE_RSVG

#include <cairo-pdf.h>
#include <cairo.h>
#include <librsvg/rsvg.h>

bool export_raster_available(void)
{
	return true;
}

/* cairo's write callback: the bytes to the stream. */
static cairo_status_t write_out(void *closure, const unsigned char *data,
				unsigned int len)
{
	FILE *out = closure;

	return fwrite(data, 1, len, out) == len ? CAIRO_STATUS_SUCCESS
						: CAIRO_STATUS_WRITE_ERROR;
}

/* errno for a cairo status that is not success. */
static int status_errno(cairo_status_t st)
{
	if (st == CAIRO_STATUS_NO_MEMORY)
		return ENOMEM;
	return errno ? errno : EIO;
}

/* Draws the SVG of handle h, w x ht units, on surface sf at `scale`.
 * Returns a cairo status. */
static cairo_status_t draw(RsvgHandle *h, cairo_surface_t *sf, double w,
			   double ht, double scale)
{
	cairo_t *cr = cairo_create(sf);
	RsvgRectangle vp = { 0, 0, w, ht };
	GError *gerr = NULL;
	cairo_status_t st;

	cairo_scale(cr, scale, scale);
	if (!rsvg_handle_render_document(h, cr, &vp, &gerr)) {
		g_error_free(gerr);
		cairo_destroy(cr);
		return CAIRO_STATUS_NO_MEMORY;	/* our SVG is always valid */
	}
	st = cairo_status(cr);
	cairo_destroy(cr);
	return st;
}

static int render(FILE *out, const char *svg, size_t len, int wu, int hu,
		  const struct svg_opts *o, enum raster_kind kind, int scale)
{
	GError *gerr = NULL;
	RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg, len,
						  &gerr);
	cairo_surface_t *sf;
	cairo_status_t st;

	if (!h) {
		g_error_free(gerr);
		errno = ENOMEM;
		return -1;
	}
	if (kind == RASTER_PNG) {
		sf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
						wu * scale, hu * scale);
		st = draw(h, sf, wu, hu, scale);
		if (st == CAIRO_STATUS_SUCCESS)
			st = cairo_surface_write_to_png_stream(sf, write_out,
							       out);
	} else {
		/* One SVG unit, a CSS pixel, is 0.75 pt. */
		sf = cairo_pdf_surface_create_for_stream(write_out, out,
							 wu * 0.75, hu * 0.75);
		if (o->title)
			cairo_pdf_surface_set_metadata(sf,
						       CAIRO_PDF_METADATA_TITLE,
						       o->title);
		cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR,
					       "pescope");
		st = draw(h, sf, wu, hu, 0.75);
		cairo_surface_finish(sf);	/* writes the PDF out */
		if (st == CAIRO_STATUS_SUCCESS)
			st = cairo_surface_status(sf);
	}
	cairo_surface_destroy(sf);
	g_object_unref(h);
	if (st != CAIRO_STATUS_SUCCESS) {
		errno = status_errno(st);
		return -1;
	}
	return ferror(out) ? -1 : 0;
}

int export_raster(FILE *out, const struct canvas *c, const struct svg_opts *o,
		  enum raster_kind kind, int scale)
{
	int wu = canvas_width(c) * EXPORT_SVG_CELL_W;
	int hu = canvas_height(c) * EXPORT_SVG_CELL_H;
	char *svg = NULL;
	size_t len = 0;
	FILE *mem;
	int rc;

	if (kind == RASTER_PDF || scale < 1)
		scale = 1;
	if (!export_raster_fits(c, scale)) {
		errno = EDOM;
		return -1;
	}
	mem = open_memstream(&svg, &len);
	if (!mem) {
		errno = ENOMEM;
		return -1;
	}
	rc = export_svg(mem, c, o);
	if (fclose(mem) != 0 || rc != 0) {
		free(svg);
		errno = ENOMEM;
		return -1;
	}
	errno = 0;
	rc = render(out, svg, len, wu, hu, o, kind, scale);
	free(svg);
	return rc;
}

#else	/* built without librsvg */

bool export_raster_available(void)
{
	return false;
}

int export_raster(FILE *out, const struct canvas *c, const struct svg_opts *o,
		  enum raster_kind kind, int scale)
{
	(void)out;
	(void)c;
	(void)o;
	(void)kind;
	(void)scale;
	errno = ENOSYS;
	return -1;
}

#endif
