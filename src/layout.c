/* layout.c - splitting the screen into panel rectangles. */
#include "layout.h"

#include <string.h>

static struct rect mk(int x, int y, int w, int h)
{
	struct rect r = { x, y, w, h };
	return r;
}

void layout_compute(int w, int h, struct layout *out)
{
	int top, body_h, insp_h, upper_h;

	memset(out, 0, sizeof *out);
	out->status = mk(0, 0, w, h > 0 ? 1 : 0);
	out->bottom = mk(0, h - 1, w, h > 1 ? 1 : 0);
	out->too_small = w < LAYOUT_MIN_W || h < LAYOUT_MIN_H;
	if (out->too_small)
		return;

	top = 1;
	body_h = h - 2;
	insp_h = h >= 40 ? 7 : h >= 30 ? 6 : 5;
	upper_h = body_h - insp_h;
	out->inspector = mk(0, top + upper_h, w, insp_h);

	if (w >= LAYOUT_WIDE_W) {
		int left_w = w * 3 / 5;
		int heat_h = upper_h * 3 / 5;
		out->heatmap = mk(0, top, left_w, heat_h);
		out->similarity = mk(0, top + heat_h, left_w, upper_h - heat_h);
		out->waves = mk(left_w, top, w - left_w, upper_h);
	} else {
		int heat_h = upper_h / 2;
		int left_w = w / 2;
		out->heatmap = mk(0, top, w, heat_h);
		out->waves = mk(0, top + heat_h, left_w, upper_h - heat_h);
		out->similarity = mk(left_w, top + heat_h, w - left_w,
				     upper_h - heat_h);
	}
}
