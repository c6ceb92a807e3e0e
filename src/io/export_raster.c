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
#include <dlfcn.h>
#include <librsvg/rsvg.h>
#include <string.h>

/* librsvg, and through it cairo and glib, are loaded when the first PNG or
 * PDF is asked for, not linked: linked, they are some fifty libraries that
 * every run of pescope would map (13 MB more at start) for the one mode
 * that uses them. The headers still check every call's types: each pointer
 * below has the type of the function it names. */
static struct {
	bool tried, ok;
	RsvgHandle *(*new_from_data)(const guint8 *, gsize, GError **);
	gboolean (*render_document)(RsvgHandle *, cairo_t *,
				    const RsvgRectangle *, GError **);
	void (*object_unref)(gpointer);
	void (*error_free)(GError *);
	cairo_surface_t *(*image_create)(cairo_format_t, int, int);
	cairo_surface_t *(*pdf_create)(cairo_write_func_t, void *, double,
				       double);
	void (*pdf_metadata)(cairo_surface_t *, cairo_pdf_metadata_t,
			     const char *);
	cairo_t *(*create)(cairo_surface_t *);
	void (*scale)(cairo_t *, double, double);
	void (*show_page)(cairo_t *);
	cairo_status_t (*status)(cairo_t *);
	void (*destroy)(cairo_t *);
	void (*surface_finish)(cairo_surface_t *);
	cairo_status_t (*surface_status)(cairo_surface_t *);
	void (*surface_destroy)(cairo_surface_t *);
	cairo_status_t (*write_png)(cairo_surface_t *, cairo_write_func_t,
				    void *);
} lib;

/* Sets function pointer *fp (fp_size bytes) to symbol name of h: through
 * memcpy, as ISO C has no cast from dlsym's void * to a function. */
static bool find(void *h, const char *name, void *fp, size_t fp_size)
{
	void *sym = dlsym(h, name);

	if (sym)
		memcpy(fp, &sym, fp_size);
	return sym != NULL;
}

#define FIND(h, name, field) find(h, name, &lib.field, sizeof lib.field)

/* Loads librsvg once; cairo's and glib's functions come through it (they
 * are its dependencies, which dlsym searches too). */
static bool load(void)
{
	static const char *const names[] = {
		"librsvg-2.so.2",	/* Linux, the BSDs */
		"librsvg-2.2.dylib",	/* macOS */
		"librsvg-2.so"
	};
	void *h = NULL;

	if (lib.tried)
		return lib.ok;
	lib.tried = true;
	for (size_t i = 0; !h && i < sizeof names / sizeof names[0]; i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return false;
	lib.ok = FIND(h, "rsvg_handle_new_from_data", new_from_data) &&
		 FIND(h, "rsvg_handle_render_document", render_document) &&
		 FIND(h, "g_object_unref", object_unref) &&
		 FIND(h, "g_error_free", error_free) &&
		 FIND(h, "cairo_image_surface_create", image_create) &&
		 FIND(h, "cairo_pdf_surface_create_for_stream", pdf_create) &&
		 FIND(h, "cairo_pdf_surface_set_metadata", pdf_metadata) &&
		 FIND(h, "cairo_create", create) &&
		 FIND(h, "cairo_scale", scale) &&
		 FIND(h, "cairo_show_page", show_page) &&
		 FIND(h, "cairo_status", status) &&
		 FIND(h, "cairo_destroy", destroy) &&
		 FIND(h, "cairo_surface_finish", surface_finish) &&
		 FIND(h, "cairo_surface_status", surface_status) &&
		 FIND(h, "cairo_surface_destroy", surface_destroy) &&
		 FIND(h, "cairo_surface_write_to_png_stream", write_png);
	if (!lib.ok)
		dlclose(h);
	return lib.ok;
}

bool export_raster_built(void)
{
	return true;
}

bool export_raster_available(void)
{
	return load();
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

/* Draws the SVG of handle h on cr, fitted into viewport vp (in cr's
 * units). Returns a cairo status. */
static cairo_status_t draw_on(RsvgHandle *h, cairo_t *cr,
			      const RsvgRectangle *vp)
{
	GError *gerr = NULL;

	if (!lib.render_document(h, cr, vp, &gerr)) {
		lib.error_free(gerr);
		return CAIRO_STATUS_NO_MEMORY;	/* our SVG is always valid */
	}
	return lib.status(cr);
}

/* Draws the SVG of handle h, w x ht units, on surface sf at `scale`.
 * Returns a cairo status. */
static cairo_status_t draw(RsvgHandle *h, cairo_surface_t *sf, double w,
			   double ht, double scale)
{
	cairo_t *cr = lib.create(sf);
	RsvgRectangle vp = { 0, 0, w, ht };
	cairo_status_t st;

	lib.scale(cr, scale, scale);
	st = draw_on(h, cr, &vp);
	lib.destroy(cr);
	return st;
}

static int render(FILE *out, const char *svg, size_t len, int wu, int hu,
		  const struct svg_opts *o, enum raster_kind kind, int scale)
{
	GError *gerr = NULL;
	RsvgHandle *h = lib.new_from_data((const guint8 *)svg, len, &gerr);
	cairo_surface_t *sf;
	cairo_status_t st;

	if (!h) {
		lib.error_free(gerr);
		errno = ENOMEM;
		return -1;
	}
	if (kind == RASTER_PNG) {
		sf = lib.image_create(CAIRO_FORMAT_ARGB32, wu * scale,
				      hu * scale);
		st = draw(h, sf, wu, hu, scale);
		if (st == CAIRO_STATUS_SUCCESS)
			st = lib.write_png(sf, write_out, out);
	} else {
		/* One SVG unit, a CSS pixel, is 0.75 pt. */
		sf = lib.pdf_create(write_out, out, wu * 0.75, hu * 0.75);
		if (o->title)
			lib.pdf_metadata(sf, CAIRO_PDF_METADATA_TITLE,
					 o->title);
		lib.pdf_metadata(sf, CAIRO_PDF_METADATA_CREATOR, "pescope");
		st = draw(h, sf, wu, hu, 0.75);
		lib.surface_finish(sf);	/* writes the PDF out */
		if (st == CAIRO_STATUS_SUCCESS)
			st = lib.surface_status(sf);
	}
	lib.surface_destroy(sf);
	lib.object_unref(h);
	if (st != CAIRO_STATUS_SUCCESS) {
		errno = status_errno(st);
		return -1;
	}
	return ferror(out) ? -1 : 0;
}

/* The SVG of canvas c in memory: 0 with *svg (to free) and *len, or -1
 * with errno ENOMEM. */
static int svg_of(const struct canvas *c, const struct svg_opts *o,
		  char **svg, size_t *len)
{
	FILE *mem;
	int rc;

	*svg = NULL;
	*len = 0;
	mem = open_memstream(svg, len);
	if (!mem) {
		errno = ENOMEM;
		return -1;
	}
	rc = export_svg(mem, c, o);
	if (fclose(mem) != 0 || rc != 0) {
		free(*svg);
		*svg = NULL;
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int export_raster(FILE *out, const struct canvas *c, const struct svg_opts *o,
		  enum raster_kind kind, int scale)
{
	int wu = canvas_width(c) * EXPORT_SVG_CELL_W;
	int hu = canvas_height(c) * EXPORT_SVG_CELL_H;
	char *svg;
	size_t len;
	int rc;

	if (kind == RASTER_PDF || scale < 1)
		scale = 1;
	if (!export_raster_fits(c, scale)) {
		errno = EDOM;
		return -1;
	}
	if (!load()) {
		errno = ENOSYS;
		return -1;
	}
	if (svg_of(c, o, &svg, &len) != 0)
		return -1;
	errno = 0;
	rc = render(out, svg, len, wu, hu, o, kind, scale);
	free(svg);
	return rc;
}

/* ---- a PDF of several pages ---- */

struct raster_pdf {
	FILE *out;
	cairo_surface_t *sf;
	cairo_t *cr;
	cairo_status_t st;	/* the first failure, or success */
	int write_errno;	/* why the first write failed, or 0: cairo
				 * calls more functions before it returns, so
				 * errno is no longer that write's */
};

/* cairo's write callback for a PDF of several pages. */
static cairo_status_t pdf_write_out(void *closure, const unsigned char *data,
				    unsigned int len)
{
	struct raster_pdf *p = closure;

	if (fwrite(data, 1, len, p->out) == len)
		return CAIRO_STATUS_SUCCESS;
	if (!p->write_errno)
		p->write_errno = errno ? errno : EIO;
	return CAIRO_STATUS_WRITE_ERROR;
}

/* errno for p's failure st. */
static int pdf_errno(const struct raster_pdf *p, cairo_status_t st)
{
	return p->write_errno ? p->write_errno : status_errno(st);
}

/* 0 when nothing failed writing p's stream, else -1 with that errno
 * (cairo may learn of it only later, when it writes again). */
static int pdf_stream_ok(const struct raster_pdf *p)
{
	if (!ferror(p->out))
		return 0;
	errno = p->write_errno ? p->write_errno : EIO;
	return -1;
}

struct raster_pdf *raster_pdf_open(FILE *out, double w, double h,
				   const char *title)
{
	struct raster_pdf *p;

	if (!load()) {
		errno = ENOSYS;
		return NULL;
	}
	p = calloc(1, sizeof *p);
	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	p->out = out;
	p->sf = lib.pdf_create(pdf_write_out, p, w, h);
	if (title)
		lib.pdf_metadata(p->sf, CAIRO_PDF_METADATA_TITLE, title);
	lib.pdf_metadata(p->sf, CAIRO_PDF_METADATA_CREATOR, "pescope");
	p->cr = lib.create(p->sf);
	p->st = lib.status(p->cr);
	return p;
}

/* Draws SVG text svg (len bytes) on p's page, fitted into vp; keeps the
 * first failure in p->st. */
static int pdf_draw(struct raster_pdf *p, const char *svg, size_t len,
		    const RsvgRectangle *vp)
{
	GError *gerr = NULL;
	RsvgHandle *h;

	if (p->st != CAIRO_STATUS_SUCCESS)
		goto failed;
	h = lib.new_from_data((const guint8 *)svg, len, &gerr);
	if (!h) {
		lib.error_free(gerr);
		p->st = CAIRO_STATUS_NO_MEMORY;
		goto failed;
	}
	errno = 0;
	p->st = draw_on(h, p->cr, vp);
	lib.object_unref(h);
	if (p->st == CAIRO_STATUS_SUCCESS)
		return pdf_stream_ok(p);
failed:
	errno = pdf_errno(p, p->st);
	return -1;
}

int raster_pdf_canvas(struct raster_pdf *p, const struct canvas *c,
		      const struct svg_opts *o, double x, double y, double w,
		      double h)
{
	RsvgRectangle vp = { x, y, w, h };
	char *svg;
	size_t len;
	int rc;

	if (svg_of(c, o, &svg, &len) != 0) {
		p->st = CAIRO_STATUS_NO_MEMORY;
		return -1;
	}
	rc = pdf_draw(p, svg, len, &vp);
	free(svg);
	return rc;
}

int raster_pdf_svg(struct raster_pdf *p, const char *svg, size_t len,
		   double w, double h)
{
	RsvgRectangle vp = { 0, 0, w, h };

	return pdf_draw(p, svg, len, &vp);
}

int raster_pdf_page(struct raster_pdf *p)
{
	if (p->st == CAIRO_STATUS_SUCCESS) {
		errno = 0;
		lib.show_page(p->cr);
		p->st = lib.status(p->cr);
	}
	if (p->st != CAIRO_STATUS_SUCCESS) {
		errno = pdf_errno(p, p->st);
		return -1;
	}
	return pdf_stream_ok(p);
}

int raster_pdf_close(struct raster_pdf *p)
{
	cairo_status_t st;
	int e;

	if (!p)
		return 0;
	errno = 0;
	lib.destroy(p->cr);
	lib.surface_finish(p->sf);	/* writes the rest of the PDF out */
	st = p->st != CAIRO_STATUS_SUCCESS ? p->st : lib.surface_status(p->sf);
	e = st != CAIRO_STATUS_SUCCESS ? pdf_errno(p, st) :
	    pdf_stream_ok(p) ? errno : 0;
	lib.surface_destroy(p->sf);
	free(p);
	errno = e;
	return e ? -1 : 0;
}

#else	/* built without librsvg */

bool export_raster_built(void)
{
	return false;
}

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

struct raster_pdf *raster_pdf_open(FILE *out, double w, double h,
				   const char *title)
{
	(void)out;
	(void)w;
	(void)h;
	(void)title;
	errno = ENOSYS;
	return NULL;
}

/* Never reached: raster_pdf_open gives no document to draw on. */
int raster_pdf_canvas(struct raster_pdf *p, const struct canvas *c,
		      const struct svg_opts *o, double x, double y, double w,
		      double h)
{
	(void)p;
	(void)c;
	(void)o;
	(void)x;
	(void)y;
	(void)w;
	(void)h;
	errno = ENOSYS;
	return -1;
}

int raster_pdf_svg(struct raster_pdf *p, const char *svg, size_t len,
		   double w, double h)
{
	(void)p;
	(void)svg;
	(void)len;
	(void)w;
	(void)h;
	errno = ENOSYS;
	return -1;
}

int raster_pdf_page(struct raster_pdf *p)
{
	(void)p;
	errno = ENOSYS;
	return -1;
}

int raster_pdf_close(struct raster_pdf *p)
{
	(void)p;
	return 0;
}

#endif
