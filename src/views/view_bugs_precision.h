/* view_bugs_precision.h - the bugs view's narrow formats (bf16, fp16,
 * float32): where positions collide, marked over the mistake's heatmap
 * and counted, the largest angle error below len (measured over the last
 * positions with prec_angle_error_max, in slices, and bounded over all of
 * them with prec_angle_error_bound), and what that means for the two
 * pictures, in a paragraph:
 *   - the bound below a colour step: they look the same, whatever else;
 *   - else, where every column is the exact mean (pe_variant_span_exact),
 *     the measured difference of their pixels;
 *   - else a note that columns of many stored numbers show the exact
 *     wave's mean.
 * The angle error is cached on d, base, the format and len; the rest is
 * O(columns) a frame. */
#ifndef VIEW_BUGS_PRECISION_H
#define VIEW_BUGS_PRECISION_H

#include <stdbool.h>
#include <stddef.h>

#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"

struct zoo_precision {
	struct cache angle;	/* out: max, its pos and pair, the bound */
};

/* Measures the angle error for s as far as the frame allows. */
void zoo_precision_advance(struct zoo_precision *z, const struct state *s);

bool zoo_precision_busy(const struct zoo_precision *z);

/* The paragraph for s, in s->lang, into text (n bytes), for heatmaps of w
 * columns (0: not laid out yet, no columns counted) whose pixels differ
 * by gap (ZOO_GAP_UNKNOWN: not compared; ZOO_GAP_RESERVE: the longest
 * sentence there could be, to keep its room; NaN: the mistake's has
 * blank pixels). */
#define ZOO_GAP_UNKNOWN (-1.0)
#define ZOO_GAP_RESERVE 1.2e-10
void zoo_precision_text(const struct zoo_precision *z, const struct state *s,
			int w, double gap, char *text, size_t n);

/* '▼' ('v') on row y over each column of heat area a (over s's window)
 * that holds a position s's format stores like a neighbour
 * (prec_next_collision). */
void zoo_collisions_draw(const struct state *s, struct canvas *c,
			 struct rect a, int y);

void zoo_precision_free(struct zoo_precision *z);

#endif
