/* regions.c - splitting the screen into rectangles (see regions.h). */
#include "render/regions.h"

#include <string.h>

static struct rect mk(int x, int y, int w, int h)
{
	struct rect r = { x, y, w, h };
	return r;
}

void regions_screen(int w, int h, bool echo, struct screen_regions *out)
{
	memset(out, 0, sizeof *out);
	out->status = mk(0, 0, w, h > 0 ? 1 : 0);
	out->bottom = mk(0, h - 1, w, h > 1 ? 1 : 0);
	out->too_small = w < SCREEN_MIN_W || h < SCREEN_MIN_H;
	if (out->too_small)
		return;
	out->body = mk(0, 1, w, h - 2 - echo);
	if (echo)
		out->echo = mk(0, h - 2, w, 1);
}

void regions_explore(struct rect body, bool roomy, struct explore_regions *out)
{
	int insp_h = roomy ? 4 : body.h >= 38 ? 7 : body.h >= 28 ? 6 : 5;
	int upper_h = body.h - insp_h;
	int top = body.y, w = body.w;

	memset(out, 0, sizeof *out);
	out->inspector = mk(body.x, top + upper_h, w, insp_h);
	if (w >= SCREEN_WIDE_W) {
		int left_w = w * 3 / 5;
		int heat_h = upper_h * 3 / 5;
		out->heatmap = mk(body.x, top, left_w, heat_h);
		out->similarity = mk(body.x, top + heat_h, left_w, upper_h - heat_h);
		out->waves = mk(body.x + left_w, top, w - left_w, upper_h);
	} else {
		int heat_h = upper_h / 2;
		int left_w = w / 2;
		out->heatmap = mk(body.x, top, w, heat_h);
		out->waves = mk(body.x, top + heat_h, left_w, upper_h - heat_h);
		out->similarity = mk(body.x + left_w, top + heat_h, w - left_w,
				     upper_h - heat_h);
	}
}
