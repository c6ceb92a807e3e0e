/* heat_caption.c - what a heatmap's marked row stands for, in words (see
 * heat_caption.h). */
#include "views/heat_caption.h"
#include "base/tr.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"

#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/heat_rows.h"

/* The name of the function the encoding (with its mistake) puts in band
 * b's slots. */
static const char *fn_name(const struct heat_plot *hp, const struct heat_band *b)
{
	int dim = pe_dim_of(hp->pe, b->pair0, b->fn);

	return pe_variant_wave(hp->pe, hp->bug, dim).fn == PE_SIN ? "sin" : "cos";
}

/* "pair 48" or "pairs 96–103" (zh: "第 48 对"), for pairs lo .. hi. */
static void pairs_text(const struct heat_plot *hp, int lo, int hi, char *buf,
		       size_t n)
{
	const char *dash = hp->utf8 ? "\u2013" : "-";

	if (lo == hi)
		snprintf(buf, n, tr(hp->lang, "pair %d"), lo);
	else
		snprintf(buf, n, tr(hp->lang, "pairs %d%s%d"), lo, dash, hi);
}

/* The forms of a caption, longest first, each whole: the last is the
 * shortest, the kind of the row's two halves alone. */
enum { FORMS_MAX = 6, FORM_LEN = 160, AXIS_FORMS = 5 };
struct forms {
	int n;
	char f[FORMS_MAX][FORM_LEN];
};

static void forms_of(const struct heat_plot *hp, int h, int y, struct forms *o)
{
	struct heat_band t, b;
	char pt[48], pb[48];
	const char *ft, *fb;

	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y, &t);
	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y + 1, &b);
	ft = fn_name(hp, &t);
	fb = fn_name(hp, &b);
	o->n = 0;
	if (t.fn == b.fn && t.pair0 == b.pair0 && t.npairs == 1) {
		/* One dimension fills the cell. */
		int dim = pe_dim_of(hp->pe, t.pair0, t.fn);

		pairs_text(hp, t.pair0, t.pair0, pt, sizeof pt);
		snprintf(o->f[o->n++], FORM_LEN, tr(hp->lang, "dim %d: %s of %s"),
			 dim, ft, pt);
		snprintf(o->f[o->n++], FORM_LEN, tr(hp->lang, "dim %d: %s"), dim,
			 ft);
		snprintf(o->f[o->n++], FORM_LEN, "%s", ft);
	} else if (t.fn == b.fn) {
		/* Two bands (or one, repeated) of one kind. */
		int lo = t.pair0 < b.pair0 ? t.pair0 : b.pair0;
		int hi_t = t.pair0 + t.npairs - 1, hi_b = b.pair0 + b.npairs - 1;

		pairs_text(hp, lo, hi_t > hi_b ? hi_t : hi_b, pt, sizeof pt);
		snprintf(o->f[o->n++], FORM_LEN, tr(hp->lang, "%s, %s"), pt, ft);
		snprintf(o->f[o->n++], FORM_LEN, "%s", ft);
	} else if (!hp->utf8) {
		/* Two kinds in ASCII, where a cell is one character: it shows
		 * the mean of its halves, and says so (the review's I1). */
		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		snprintf(o->f[o->n++], FORM_LEN,
			 tr(hp->lang, "%s: the mean of %s and %s"), pt, ft, fb);
		snprintf(o->f[o->n++], FORM_LEN,
			 tr(hp->lang, "the mean of %s and %s"), ft, fb);
		snprintf(o->f[o->n++], FORM_LEN, "(%s+%s)/2", ft, fb);
	} else {
		/* Two kinds: the pairs, then the key of the halves alone. */
		bool same = t.pair0 == b.pair0 && t.npairs == b.npairs;

		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		pairs_text(hp, b.pair0, b.pair0 + b.npairs - 1, pb, sizeof pb);
		/* Words first, with the pairs and without: a reader at the
		 * back of a room could not tell the half-block glyphs apart,
		 * so they are the last resort. */
		if (same) {
			snprintf(o->f[o->n++], FORM_LEN,
				 tr(hp->lang, "%s: %s above, %s below"), pt, ft, fb);
		} else {
			snprintf(o->f[o->n++], FORM_LEN,
				 tr(hp->lang, "%s of %s above, %s of %s below"), ft,
				 pt, fb, pb);
		}
		if (!same && hp->utf8) {
			snprintf(o->f[o->n++], FORM_LEN,
				 tr(hp->lang, "▀ %s of %s, ▄ %s of %s"), ft, pt, fb, pb);
		}
		snprintf(o->f[o->n++], FORM_LEN,
			 tr(hp->lang, "%s above, %s below"), ft, fb);
		snprintf(o->f[o->n++], FORM_LEN, tr(hp->lang, "%s above %s"), ft, fb);
		if (hp->utf8) {
			snprintf(o->f[o->n++], FORM_LEN, "▀ %s ▄ %s", ft, fb);
			snprintf(o->f[o->n++], FORM_LEN, "▀%s ▄%s", ft, fb);
		} else {
			snprintf(o->f[o->n++], FORM_LEN, "%s/%s", ft, fb);
		}
	}
}

/* Whether every cell row of heat area a shows a sine band on top and a
 * cosine band below it of the same pairs (interleaved bands), as the
 * encoding (with its mistake) names them. */
static bool cells_sin_over_cos(const struct heat_plot *hp, struct rect a)
{
	int rows = 2 * a.h;

	for (int y = 0; y < a.h; y++) {
		struct heat_band top, bot;

		heat_band_of_row(hp->pe, hp->view, rows, 2 * y, &top);
		heat_band_of_row(hp->pe, hp->view, rows, 2 * y + 1, &bot);
		if (top.pair0 != bot.pair0 || strcmp(fn_name(hp, &top), "sin") ||
		    strcmp(fn_name(hp, &bot), "cos"))
			return false;
	}
	return true;
}

/* Whether the fastest wave the heat shows turns at least once within the
 * positions of one pixel column, so that its pixels, each the mean of the
 * positions they cover, come out near 0 (grey) however strong the wave:
 * a sine averaged over a span where it turns by x radians keeps at most
 * |sin(x/2) / (x/2)| of its height, under 1/pi (0.32) from one turn
 * (x = 2 pi) on. The fastest is where a run of pairs starts or ends: the
 * first or the last dimension shown, or, in the concatenated layout, the
 * first cosine (dimension d/2, pair 0 again) when it is shown. */
static bool fast_waves_fade(const struct heat_plot *hp, struct rect a)
{
	const struct pe_window *v = hp->view;
	double per_col = (double)v->npos / a.w, fastest = 0.0;
	int half = hp->pe->d_model / 2;
	int dims[3] = { v->dim0, v->dim0 + v->ndim - 1,
			half >= v->dim0 && half < v->dim0 + v->ndim ? half
								    : v->dim0 };

	for (int k = 0; k < 3; k++) {
		double w = pe_variant_wave(hp->pe, hp->bug, dims[k]).omega;

		fastest = w > fastest ? w : fastest;
	}
	return fastest * per_col >= 2.0 * M_PI;
}

/* The forms of the axes' names, longest first; their count. Where fast
 * waves fade to grey the first two say so (issue 35's glance review: a
 * grey band read as no signal). The heat stays a mean rather than, say,
 * each block's largest |value| with its sign: a mean is what the block's
 * area holds, matches the caption's exact figure, and never aliases a
 * fast wave into false stripes, where a block's extreme is one sample
 * whose sign flips from block to block with the phase; so the picture
 * keeps the mean and the words say what it hides. */
static int axis_forms(const struct heat_plot *hp, struct rect a,
		      char f[AXIS_FORMS][FORM_LEN])
{
	const char *across = hp->utf8 ? tr(hp->lang, "position →")
				      : tr(hp->lang, "position ->");
	const char *down = hp->utf8 ? tr(hp->lang, "dimension ↓")
				    : tr(hp->lang, "dimension v");
	int n = 0;

	if (a.w > 0 && fast_waves_fade(hp, a)) {
		snprintf(f[n++], FORM_LEN, " %s  %s  %s ", across, down,
			 tr(hp->lang, "each cell is a mean: waves that turn "
			    "within a cell fade to grey, z zooms in"));
		snprintf(f[n++], FORM_LEN, " %s  %s  %s ", across, down,
			 tr(hp->lang, "a cell is a mean: fast waves fade to grey"));
	}

	/* in ASCII a cell is one character: the mean of its two halves */
	if (a.h > 0 && cells_sin_over_cos(hp, a))
		snprintf(f[n++], FORM_LEN, " %s  %s  %s ", across, down,
			 hp->utf8 ? tr(hp->lang, "each cell: top half sin, bottom half cos")
				  : tr(hp->lang, "each cell: the mean of sin and cos"));
	snprintf(f[n++], FORM_LEN, " %s  %s ", across, down);
	snprintf(f[n++], FORM_LEN, " %s  %s ",
		 hp->utf8 ? tr(hp->lang, "pos →") : tr(hp->lang, "pos ->"),
		 hp->utf8 ? tr(hp->lang, "dim ↓") : tr(hp->lang, "dim v"));
	return n;
}

int heat_axis_names_width(const struct heat_plot *hp, struct rect a, int room)
{
	char f[AXIS_FORMS][FORM_LEN];
	int n = axis_forms(hp, a, f);

	for (int k = 0; k < n; k++)
		if (utf8_width(f[k]) <= room)
			return utf8_width(f[k]);
	return 0;
}

int heat_axis_names_draw(struct canvas *c, const struct heat_plot *hp,
			 struct rect a, int x, int y, int x_end)
{
	char f[AXIS_FORMS][FORM_LEN];
	int n = axis_forms(hp, a, f);

	for (int k = 0; k < n; k++)
		if (utf8_width(f[k]) <= x_end - x)
			return canvas_text(c, x, y, x_end - x, f[k],
					   (struct style){ ROLE_AXIS,
							   ROLE_DEFAULT, 0 });
	return 0;
}

int heat_caption_min_width(const struct heat_plot *hp, int h, int y)
{
	struct forms o;

	forms_of(hp, h, y, &o);
	return utf8_width(o.f[o.n - 1]);
}

char *heat_caption(const struct heat_plot *hp, int h, int y, int w, char *buf,
		   size_t n)
{
	struct forms o;
	const char *mark = hp->utf8 ? "…" : "+";
	const char *last;
	size_t len = 0;
	int cols = 0;

	forms_of(hp, h, y, &o);
	if (n == 0)
		return buf;
	buf[0] = '\0';
	for (int k = 0; k < o.n; k++)
		if (utf8_width(o.f[k]) <= w) {
			snprintf(buf, n, "%s", o.f[k]);
			return buf;
		}
	if (w < 1)
		return buf;
	/* Not even the shortest fits: as much of it as leaves a column for
	 * the mark that says it goes on. */
	last = o.f[o.n - 1];
	while (last[len]) {
		uint32_t cp;
		size_t k = utf8_decode(last + len, strlen(last + len), &cp);
		int cw = utf8_cp_width(cp);

		if (k == 0 || cols + cw > w - 1 || len + k + strlen(mark) + 1 > n)
			break;
		cols += cw;
		len += k;
	}
	snprintf(buf, n, "%.*s%s", (int)len, last, mark);
	return buf;
}

/* Why the heat reads as white, after explore's first sentence for it
 * (a length of 1e9 over 100 columns: 1e7 positions a column, against
 * λ = 5.4e4 for the slowest pair of d 128). A column's mean over a span
 * of positions longer than a pair's wavelength λ is at most
 * λ / (π · span) in size (the integral of a sine over whole turns is 0,
 * what is left is under half a turn), so those pairs average out. */
bool heat_white_why(const struct pe_params *p, const struct pe_window *v,
		    int w, bool all, enum lang lang, bool utf8, char *buf,
		    size_t n)
{
	double per, top = 0;
	int fast = 0, lo = -1, hi = -1;
	char ps[32], wl[32], pt[48];

	if (w < 1 || v->ndim < 1 || v->npos < 2 * (long long)w)
		return false;
	per = (double)v->npos / w;
	/* wavelengths grow with the pair (base > 1): pairs 0 .. nfast-1 are
	 * the ones under `per`, found in log(d) wavelengths rather than one
	 * pow per dimension in view (this runs every frame; at d 65536 the
	 * loop of pows took most of the bugs view's frame) */
	{
		int a = 0, b = p->d_model / 2;	/* nfast in [a, b] */

		while (a < b) {
			int mid = a + (b - a) / 2;

			if (pe_wavelength(p, mid) < per)
				a = mid + 1;
			else
				b = mid;
		}
		for (int d = v->dim0; d < v->dim0 + v->ndim; d++) {
			int pair = pe_pair_of(p, d);

			if (pair < a) {
				fast++;
				if (lo < 0 || pair < lo)
					lo = pair;
				if (pair > hi)
					hi = pair;
			}
		}
		if (hi >= 0)
			top = pe_wavelength(p, hi);
	}
	fmt_count(per, ps, sizeof ps);
	if (all) {
		double lambda;

		/* wavelengths grow with the pair (base > 1): the longest is the
		 * highest pair in view, the window's last dimension's, or in
		 * the concatenated layout the last sine's when the window
		 * takes in the start of the cosines */
		if (p->layout == PE_CONCAT && v->dim0 < p->d_model / 2 &&
		    v->dim0 + v->ndim > p->d_model / 2)
			lambda = pe_wavelength(p, p->d_model / 2 - 1);
		else
			lambda = pe_wavelength(p, pe_pair_of(p, v->dim0 + v->ndim - 1));
		fmt_double_compact(lambda, 3, wl, sizeof wl);
		snprintf(buf, n, tr(lang, "All near 0: a column averages %s positions, more than the longest wavelength in view (%s). z zooms in at the cursor, f fits the whole matrix again."),
			 ps, wl);
		return true;
	}
	/* mostly: two dimensions in three, or more, of pairs that average
	 * out (NumPy, d 64 over 1e5 positions in 17 and 29 columns, the
	 * bugs view's at 80x24 and 120x40: those pairs' column means stay
	 * under 0.17 and 0.20, against the bound 0.26 and 0.25) */
	if (3 * fast < 2 * v->ndim || hi < 0)
		return false;
	fmt_count(top, wl, sizeof wl);
	{
		struct heat_plot hp = { p, PE_BUG_NONE, v, -1, -1, utf8, lang, NULL };

		pairs_text(&hp, lo, hi, pt, sizeof pt);
	}
	snprintf(buf, n, tr(lang, "Mostly near 0: a column averages %s positions, more than the wavelengths of %s (up to %s), which average out. z zooms in at the cursor, f fits the whole matrix again."),
		 ps, pt, wl);
	return true;
}
