/* view_explore.c - the explorer's main view: heatmap, waveforms, similarity
 * and inspector panels, and what a click on them selects. */
#include "views/view_explore.h"

#include "render/layout.h"
#include "views/panels.h"
#include "views/views.h"

void explore_draw(const struct state *s, struct canvas *c, struct rect r)
{
	struct explore_layout l;

	layout_explore(r, &l);
	/* The heatmap last: its grid is computed in slices (work.h), which
	 * then use what the frame's budget has left after the other panels. */
	waves_draw(s, c, l.waves);
	similarity_draw(s, c, l.similarity);
	inspector_draw(s, c, l.inspector);
	heatmap_draw(s, c, l.heatmap);
}

bool explore_hit(const struct state *s, struct rect r, int x, int y,
		 long long *pos, int *dim)
{
	struct explore_layout l;

	layout_explore(r, &l);
	*dim = -1;
	return heatmap_hit(s, l.heatmap, x, y, pos, dim) ||
	       waves_hit(s, l.waves, x, y, pos) ||
	       similarity_hit(s, l.similarity, x, y, pos);
}
