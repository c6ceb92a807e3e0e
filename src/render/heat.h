/* heat.h - heatmaps of the encoding matrix drawn with their labels.
 *
 * Positions run across (one pixel column per cell column, the mapping of
 * plot.h), dimensions down (two pixel rows per cell: half blocks). Every
 * pixel holds the exact mean of the encoding over the positions its column
 * shows (plot_col_items) and the dimensions its row shows (heat_band_of_row),
 * never a point sample, which would alias fast pairs into false stripes.
 * What a row stands for is heat_rows.h's, the grids and their cache
 * heat_cache.h's (over engine/pe_heat.h); this file draws. Shared by the
 * explorer's heatmap panel and the views that put encodings side by side
 * (layouts, bugs). */
#ifndef HEAT_H
#define HEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "render/canvas.h"
#include "engine/pe.h"
#include "engine/pe_variants.h"
#include "render/heat_cache.h"
#include "render/heat_rows.h"

/* Draws grid pix (r.w columns x 2 * r.h pixel rows) as half-block cells
 * filling r. */
void heat_draw(struct canvas *c, struct rect r, const float *pix);

struct heat_plot;

/* What cell row y of a heat area h cells high over hp's window stands for,
 * in at most w columns, into buf (n bytes): the longest whole form that
 * fits, or one cut with a mark that says so; returns buf. The words are
 * the view's (views/heat_caption.h), in hp->lang. */
typedef char *heat_caption_fn(const struct heat_plot *hp, int h, int y,
			      int w, char *buf, size_t n);

/* A labelled heatmap: dimension ticks in a gutter on the left, the heat,
 * position ticks below it, optional marks, and, when there is room and a
 * caption function, a caption under the ticks saying what the marked row
 * stands for. */
struct heat_plot {
	const struct pe_params *pe;	/* the encoding */
	enum pe_bug bug;		/* its mistake, or PE_BUG_NONE */
	const struct pe_window *view;	/* window shown */
	long long mark_pos;		/* position marked by a vertical line,
					   or -1 */
	int mark_dim;			/* dimension marked by a horizontal
					   line and a gutter arrow, or -1 */
	bool utf8;			/* box-drawing marks, else ASCII */
	enum lang lang;			/* language of the caption */
	heat_caption_fn *caption;	/* its words, or NULL: no caption row */
};

/* The heat area heat_plot_draw would use inside `in`: in minus the gutter
 * (digits of d-1 plus the arrow column), the tick row and, when in.h >=
 * HEAT_CAPTION_MIN_H, a dimension is marked and hp has a caption
 * function, the caption row. Empty (w or h <= 0) when it would be narrower
 * than 4 columns. */
enum { HEAT_CAPTION_MIN_H = 10 };
struct rect heat_plot_area(const struct heat_plot *hp, struct rect in);

/* Draws hp inside `in` (clipped to it) with pixels from cache hc. Draws
 * nothing when heat_plot_area is empty. */
void heat_plot_draw(struct canvas *c, struct rect in, const struct heat_plot *hp,
		    struct heat_cache *hc);

/* The marks over heat area a (heat_plot_area): a heavy line down
 * mark_pos's column in ROLE_CROSSHAIR (the cursor's colour, on the page:
 * palette_look leaves the heat under it out; the cells keep their values),
 * and an arrow in the cursor's role left of the area at mark_dim's row.
 * The row gets no line: over the heat it hid the row it marks, at start-up
 * the fastest pairs. Either left out when it is -1 or outside the
 * window. */
void heat_marks_draw(struct canvas *c, const struct heat_plot *hp,
		     struct rect a);

/* Whether heat_plot_draw gives hp inside `in` its caption row. */
bool heat_plot_has_caption(const struct heat_plot *hp, struct rect in);

/* The caption on row y, for a plot drawn inside `in` that has no caption
 * row of its own (a box's bottom border under it): the arrow under the
 * gutter's, a blank, the caption's longest form that leaves a blank before
 * column x_end, and that blank. Nothing without a caption function, a
 * marked dimension in the window or room for a character. Returns the
 * column after the blank, or the heat area's first column + 1 when it
 * draws nothing. */
int heat_caption_draw(struct canvas *c, const struct heat_plot *hp,
		      struct rect in, int y, int x_end);

/* Dimension ticks for heat area a (2 * a.h pixel rows over hp's window):
 * the dimensions at multiples of the smallest step of 1, 2, 2.5 or 5 times
 * a power of ten (plot_nice_step) whose ticks land on cell rows at least 3
 * rows apart (2 when a.h < 12), each on the cell row that shows it
 * (heat_row_of_dim), right-aligned to end two columns left of the heat
 * (the column between is the arrow's). When the first such step has no
 * multiple inside the window, the first tick of the step before it,
 * alone. */
void heat_dim_ticks(struct canvas *c, const struct heat_plot *hp,
		    struct rect a, struct style st);

#endif
