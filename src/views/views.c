/* views.c - the list of views (see views.h).
 *
 * One row per view: its spec, defined in its own file. The order is the
 * order of the digit keys, Tab and the help; the first view is the home
 * view the explorer starts in. */
#include "views/views.h"

extern const struct view_spec view_explore, view_spectrum, view_clocks,
	view_bands, view_layouts, view_context, view_bugs, view_vector,
	view_attention, view_rope, view_families, view_mla, view_grid;

static const struct view_spec *const list[] = {
	&view_explore,
	&view_spectrum,
	&view_clocks,
	&view_bands,
	&view_layouts,
	&view_context,
	&view_bugs,
	&view_vector,
	&view_attention,
	&view_rope,
	&view_families,
	&view_mla,
	&view_grid,
};

const struct catalog *views_catalog(void)
{
	static const struct catalog cat = {
		list, (int)(sizeof list / sizeof list[0])
	};

	return &cat;
}
