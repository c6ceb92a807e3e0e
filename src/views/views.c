/* views.c - the table of views (see views.h). */
#include "views/views.h"

#include <string.h>

static const struct view_info table[VIEW_COUNT] = {
	[VIEW_EXPLORE] = { "explore", "heatmap, waveforms, similarity, inspector",
			   NULL, NULL, explore_draw },
	[VIEW_SPECTRUM] = { "spectrum", "wavelength of every pair against the length",
			    NULL, NULL, spectrum_draw },
	[VIEW_CLOCKS] = { "clocks", "each pair turns like a clock hand; an offset is a rotation",
			  "offset k -/+1", "offset k /2 x2", clocks_draw },
	[VIEW_BANDS] = { "bands", "similarity over all, fast and slow pairs",
			 "fast/slow split -/+1 pair", "threshold -/+0.05", bands_draw },
	[VIEW_LAYOUTS] = { "layouts", "interleaved and concatenated layouts side by side",
			   NULL, NULL, layouts_draw },
	[VIEW_CONTEXT] = { "context", "base presets and context extension (PI, NTK)",
			   "trained length L0 /2 x2", "extension factor s /2 x2",
			   context_draw },
	[VIEW_BUGS] = { "bugs", "common implementation mistakes against the correct encoding",
			"previous / next mistake", NULL, bugs_draw },
	[VIEW_VECTOR] = { "vector", "PE(pos) as numbers, to check your own code",
			  "scroll up / down", NULL, vector_draw },
};

const struct view_info *views_get(enum view_id id)
{
	return &table[(unsigned)id < VIEW_COUNT ? id : VIEW_EXPLORE];
}

int views_find(const char *name)
{
	for (int i = 0; i < VIEW_COUNT; i++)
		if (strcmp(table[i].name, name) == 0)
			return i;
	return -1;
}
