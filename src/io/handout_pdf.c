/* handout_pdf.c - a handout as a PDF (see handout_pdf.h). Each page's words
 * are an SVG of the page's size, made here and drawn over the figure by
 * export_raster.h, so the PDF keeps them as text. */
#include "io/handout_pdf.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"
#include "base/wrap.h"
#include "io/export_raster.h"

/* The page, in points (1/72 inch): ISO A4, 210 x 297 mm. A printer of US
 * Letter fits it to its page, 94 %, margins included. */
#define PAGE_W 595.28
#define PAGE_H 841.89

enum { MARGIN = 48, FOOTER = 28, GAP = 10, FIGURE_MIN = 160 };

/* Bytes of one paragraph or line, more than any of a lesson (book.h). */
enum { TEXT_MAX = 4096 };

/* A monospace glyph's advance, in em (DejaVu Sans Mono's is 0.602); a
 * wide (CJK) character, two columns, is at most one em in the fonts
 * fontconfig picks for it, so a line of N columns is at most N times this
 * many em wide. */
#define ADVANCE 0.61
#define LEADING 1.4		/* line height, in em */

#define INK "#1c1c1c"
#define GREY "#5a5a5a"

struct handout_pdf {
	struct raster_pdf *doc;
	const struct handout_info *info;
	const struct handout_step *steps;
	int n;			/* steps */
	double w, h;
	int pages;		/* the steps' and the answers' */
};

/* The words of one page, written as SVG to mem (NULL: only measured). */
struct page {
	FILE *mem;
	double x, width;	/* the column of text */
	double y;		/* the top of the next line */
};

/* One line of text: bytes [off, off + len) of s, at (x, baseline). */
static void put_line(FILE *f, const char *s, size_t off, size_t len, double x,
		     double base, double size, bool bold, const char *fill,
		     const char *anchor)
{
	char buf[TEXT_MAX];

	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, s + off, len);
	buf[len] = '\0';
	fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\" fill=\"%s\"%s%s%s%s>",
		x, base, size, fill, bold ? " font-weight=\"bold\"" : "",
		anchor ? " text-anchor=\"" : "", anchor ? anchor : "",
		anchor ? "\"" : "");
	export_svg_text(f, buf);
	fputs("</text>\n", f);
}

/* Writes text (paragraphs separated by '\n') from p->y down, wrapped to
 * the column less `indent` points, and moves p->y below it. */
static void put_text(struct page *p, const char *text, double indent,
		     double size, bool bold, const char *fill)
{
	int cols = (int)((p->width - indent) / (size * ADVANCE));
	const char *para = text;

	while (para && *para) {
		const char *nl = strchr(para, '\n');
		size_t plen = nl ? (size_t)(nl - para) : strlen(para);
		char buf[TEXT_MAX];
		struct wrap_line line[64];
		int n;

		if (plen >= sizeof buf)
			plen = sizeof buf - 1;
		memcpy(buf, para, plen);
		buf[plen] = '\0';
		n = wrap_lines(buf, cols, line, 64);
		for (int i = 0; i < n && i < 64; i++) {
			if (p->mem)
				put_line(p->mem, buf, line[i].off, line[i].len,
					 p->x + indent, p->y + size, size, bold,
					 fill, NULL);
			p->y += size * LEADING;
		}
		p->y += size * 0.4;	/* between paragraphs */
		para = nl ? nl + 1 : NULL;
	}
}

/* The question of st, its options and a line to answer on. */
static void put_question(struct page *p, enum lang l,
			 const struct handout_step *st)
{
	char opt[TEXT_MAX];

	put_text(p, tr(l, "Predict, then look:"), 0, 9, false, GREY);
	put_text(p, st->question, 0, 11, true, INK);
	for (int i = 0; i < st->noptions; i++) {
		snprintf(opt, sizeof opt, "%c) %s", 'a' + i, st->option[i]);
		put_text(p, opt, 12, 11, false, INK);
	}
	put_text(p, tr(l, "My answer: ____"), 12, 11, false, INK);
	p->y += GAP / 2.0;
}

/* Starts a page at its top: when draw is true, its SVG header, p->mem
 * NULL with errno ENOMEM when memory runs out; else p only measures. */
static void page_begin(const struct handout_pdf *h, struct page *p,
		       char **svg, size_t *len, bool draw)
{
	*svg = NULL;
	*len = 0;
	p->mem = draw ? open_memstream(svg, len) : NULL;
	p->x = MARGIN;
	p->width = h->w - 2 * MARGIN;
	p->y = MARGIN;
	if (!p->mem) {
		errno = ENOMEM;
		return;
	}
	fprintf(p->mem, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%.2f\" height=\"%.2f\" viewBox=\"0 0 %.2f %.2f\" "
		"font-family=\"%s\" xml:space=\"preserve\">\n",
		h->w, h->h, h->w, h->h, EXPORT_SVG_FONTS);
}

/* The footer "lesson · k / n", then the page is drawn and ended. */
static int page_end(struct handout_pdf *h, struct page *p, int k, char **svg,
		    size_t *len)
{
	char foot[TEXT_MAX];
	int rc;

	if (!p->mem) {
		errno = ENOMEM;
		return -1;
	}
	snprintf(foot, sizeof foot, "%s · %d / %d", h->info->title, k + 1,
		 h->pages);
	put_line(p->mem, foot, 0, strlen(foot), h->w / 2,
		 h->h - MARGIN + FOOTER / 2.0, 8, false, GREY, "middle");
	fputs("</svg>\n", p->mem);
	if (fclose(p->mem) != 0) {
		free(*svg);
		errno = ENOMEM;
		return -1;
	}
	rc = raster_pdf_svg(h->doc, *svg, *len, h->w, h->h);
	free(*svg);
	return rc == 0 ? raster_pdf_page(h->doc) : -1;
}

/* The heading of a page: the lesson's title small, then `title` large. */
static void put_heading(const struct handout_pdf *h, struct page *p,
			const char *title)
{
	put_text(p, h->info->title, 0, 9, false, GREY);
	put_text(p, title, 0, 16, true, INK);
	p->y += GAP / 2.0;
}

/* Under a step's figure: its question, when it asks one (its caption, the
 * answer's explanation, goes with the answer), else its caption. */
static void put_below(struct page *p, enum lang l, const struct handout_step *st)
{
	if (st->question)
		put_question(p, l, st);
	else
		put_text(p, st->caption, 0, 10.5, false, INK);
}

/* The answer of step k: its title, question, right option and caption. */
static void put_answer(struct page *p, int k, const struct handout_step *st)
{
	char line[TEXT_MAX];

	snprintf(line, sizeof line, "%d. %s", k + 1, st->title);
	put_text(p, line, 0, 11, true, INK);
	put_text(p, st->question, 12, 10.5, false, GREY);
	snprintf(line, sizeof line, "%c) %s", 'a' + st->answer,
		 st->option[st->answer]);
	put_text(p, line, 12, 11, true, INK);
	put_text(p, st->caption, 12, 10.5, false, INK);
	p->y += GAP / 2.0;
}

/* The pages of answers, from page h->info->nsteps (from 0): an answer
 * that does not fit under the one before goes whole to a new page. Drawn
 * when draw is true, else only counted. Returns the number of pages, or -1
 * with errno. */
static int put_answers(struct handout_pdf *h, bool draw)
{
	enum lang l = h->info->lang;
	double bottom = h->h - MARGIN - FOOTER;
	int pages = 1, asked = 0, first = h->info->nsteps;
	struct page p;
	char *svg = NULL;
	size_t len = 0;

	page_begin(h, &p, &svg, &len, draw);
	if (draw && !p.mem)
		return -1;
	put_heading(h, &p, tr(l, "Answers"));
	for (int k = 0; k < h->n; k++) {
		const struct handout_step *st = &h->steps[k];
		struct page m = { NULL, p.x, p.width, p.y };

		if (!st->question)
			continue;
		put_answer(&m, k, st);
		if (asked++ && m.y > bottom) {
			if (draw && page_end(h, &p, first + pages - 1, &svg,
					     &len) != 0)
				return -1;
			page_begin(h, &p, &svg, &len, draw);
			if (draw && !p.mem)
				return -1;
			put_heading(h, &p, tr(l, "Answers"));
			pages++;
		}
		put_answer(&p, k, st);
	}
	if (!asked)
		put_text(&p, tr(l, "This lesson asks no questions."), 0, 11,
			 false, INK);
	if (draw && page_end(h, &p, first + pages - 1, &svg, &len) != 0)
		return -1;
	return pages;
}

struct handout_pdf *handout_pdf_open(FILE *out, const struct handout_info *info,
				     const struct handout_step *steps, int n)
{
	struct handout_pdf *h = calloc(1, sizeof *h);

	if (!h) {
		errno = ENOMEM;
		return NULL;
	}
	h->info = info;
	h->steps = steps;
	h->n = n;
	h->w = PAGE_W;
	h->h = PAGE_H;
	h->pages = n + put_answers(h, false);
	h->doc = raster_pdf_open(out, h->w, h->h, info->title);
	if (!h->doc) {
		free(h);
		return NULL;
	}
	return h;
}

int handout_pdf_step(struct handout_pdf *h, int k, const struct canvas *fig)
{
	const struct handout_step *st = &h->steps[k];
	enum lang l = h->info->lang;
	char title[TEXT_MAX], *svg;
	struct page p, measure;
	double fw, fh, top, avail;
	size_t len;

	snprintf(title, sizeof title, "%d. %s", k + 1, st->title);
	page_begin(h, &p, &svg, &len, true);
	if (!p.mem)
		return -1;
	put_heading(h, &p, title);
	top = p.y;
	/* The figure takes the width, or the height its text leaves. */
	measure = (struct page){ NULL, p.x, p.width, 0 };
	put_below(&measure, l, st);
	avail = h->h - MARGIN - FOOTER - top - GAP - measure.y;
	fw = p.width;
	fh = fw * canvas_height(fig) * EXPORT_SVG_CELL_H /
	     (canvas_width(fig) * EXPORT_SVG_CELL_W);
	if (fh > avail) {
		double f = (avail < FIGURE_MIN ? FIGURE_MIN : avail) / fh;
		fw *= f;
		fh *= f;
	}
	if (raster_pdf_canvas(h->doc, fig, &h->info->figure,
			      p.x + (p.width - fw) / 2, top, fw, fh) != 0) {
		fclose(p.mem);
		free(svg);
		return -1;
	}
	fprintf(p.mem, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
		"height=\"%.2f\" fill=\"none\" stroke=\"#b0b0b0\" "
		"stroke-width=\"0.5\"/>\n", p.x + (p.width - fw) / 2, top, fw, fh);
	p.y = top + fh + GAP;
	put_below(&p, l, st);
	return page_end(h, &p, k, &svg, &len);
}

int handout_pdf_finish(struct handout_pdf *h)
{
	int rc = put_answers(h, true) < 0 ? -1 : 0;
	int e = errno;

	if (raster_pdf_close(h->doc) != 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	free(h);
	errno = e;
	return rc;
}

void handout_pdf_abort(struct handout_pdf *h)
{
	if (!h)
		return;
	raster_pdf_close(h->doc);
	free(h);
}
