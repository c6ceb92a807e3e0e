/* heat_caption.c - what a heatmap's marked row stands for, in words (see
 * heat_caption.h). */
#include "views/heat_caption.h"
#include "base/tr.h"

#include <stdio.h>

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

char *heat_caption(const struct heat_plot *hp, int h, int y, char *buf,
		   size_t n)
{
	struct heat_band t, b;
	char pt[48], pb[48];

	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y, &t);
	heat_band_of_row(hp->pe, hp->view, 2 * h, 2 * y + 1, &b);
	if (t.fn == b.fn && t.pair0 == b.pair0 && t.npairs == 1) {
		/* One dimension fills the cell. */
		pairs_text(hp, t.pair0, t.pair0, pt, sizeof pt);
		snprintf(buf, n, tr(hp->lang, "dim %d: %s of %s"),
			 pe_dim_of(hp->pe, t.pair0, t.fn), fn_name(hp, &t), pt);
	} else if (t.fn == b.fn) {
		/* Two bands (or one, repeated) of one kind. */
		int lo = t.pair0 < b.pair0 ? t.pair0 : b.pair0;
		int hi_t = t.pair0 + t.npairs - 1, hi_b = b.pair0 + b.npairs - 1;

		pairs_text(hp, lo, hi_t > hi_b ? hi_t : hi_b, pt, sizeof pt);
		snprintf(buf, n, tr(hp->lang, "%s, %s"), pt, fn_name(hp, &t));
	} else if (t.pair0 == b.pair0 && t.npairs == b.npairs) {
		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		if (hp->utf8)
			snprintf(buf, n, tr(hp->lang, "%s: ▀ %s ▄ %s"), pt,
				 fn_name(hp, &t), fn_name(hp, &b));
		else
			snprintf(buf, n, tr(hp->lang, "%s: %s above, %s below"), pt,
				 fn_name(hp, &t), fn_name(hp, &b));
	} else {
		pairs_text(hp, t.pair0, t.pair0 + t.npairs - 1, pt, sizeof pt);
		pairs_text(hp, b.pair0, b.pair0 + b.npairs - 1, pb, sizeof pb);
		if (hp->utf8)
			snprintf(buf, n, tr(hp->lang, "▀ %s of %s, ▄ %s of %s"),
				 fn_name(hp, &t), pt, fn_name(hp, &b), pb);
		else
			snprintf(buf, n, tr(hp->lang,
					    "%s of %s above, %s of %s below"),
				 fn_name(hp, &t), pt, fn_name(hp, &b), pb);
	}
	return buf;
}
