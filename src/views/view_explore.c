/* view_explore.c - the explorer's main view: heatmap, waveforms, similarity
 * and inspector panels, and what a click on them selects. */
#include <stdlib.h>

#include "model/catalog.h"
#include "render/regions.h"
#include "views/panels.h"

/* The caches of the panels. */
struct explore_ctx {
	struct heat_cache heat;		/* the heatmap's pixels */
	struct sim_cache *sim;		/* the similarity curve's samples */
};

static void explore_draw(const struct state *s, void *ctx, struct canvas *c,
			 struct rect r)
{
	struct explore_ctx *x = ctx;
	struct explore_regions l;

	regions_explore(r, &l);
	/* The heatmap last: its grid is computed in slices (work.h), which
	 * then use what the frame's budget has left after the other panels. */
	waves_draw(s, c, l.waves);
	similarity_draw(s, &x->sim, c, l.similarity);
	inspector_draw(s, c, l.inspector);
	heatmap_draw(s, &x->heat, c, l.heatmap);
}

static void explore_free(void *ctx)
{
	struct explore_ctx *x = ctx;

	heat_cache_free(&x->heat);
	similarity_free(x->sim);
}

static bool explore_hit(const struct state *s, struct rect r, int x, int y,
			long long *pos, int *dim)
{
	struct explore_regions l;

	regions_explore(r, &l);
	*dim = -1;
	return heatmap_hit(s, l.heatmap, x, y, pos, dim) ||
	       waves_hit(s, l.waves, x, y, pos) ||
	       similarity_hit(s, l.similarity, x, y, pos);
}

const struct view_spec view_explore = {
	.name = "explore",
	.title = { "heatmap, waveforms, similarity, inspector",
		   "热力图、波形、相似度和数值检查" },
	.draw = explore_draw,
	.ctx_size = sizeof(struct explore_ctx),
	.ctx_free = explore_free,
	.hit = explore_hit,
};
