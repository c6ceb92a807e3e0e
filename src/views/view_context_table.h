/* view_context_table.h - the context view's two upper boxes: the presets
 * (p / P or their keys), and the extension table: for each kind its first
 * and last wavelength and its similarity at k = 1 (the last finished ones,
 * view_context_curves.h), under the line of lengths (L0, s, s * L0) and
 * over the lines of NTK's base, YaRN's ramp and dynamic NTK's factor.
 * When rows are short the table gives up, in order, the lines of dynamic
 * NTK, of YaRN, of the NTK base and of the lengths, then its last rows (a
 * note says how many are left out); when columns are short, lambda_0 then
 * the last lambda. */
#ifndef VIEW_CONTEXT_TABLE_H
#define VIEW_CONTEXT_TABLE_H

#include "model/state.h"
#include "render/canvas.h"
#include "views/view_context_common.h"
#include "views/view_context_curves.h"

enum {
	CTX_TABLE_LINES = 4,	/* lengths, NTK base, YaRN, dynamic NTK */
	CTX_TABLE_ROWS = 2 + 1 + KINDS + CTX_TABLE_LINES	/* all shown */
};

void ctx_presets_draw(const struct state *s, struct canvas *c, struct rect r);
void ctx_table_draw(const struct ctx_curves *x, const struct state *s,
		    struct canvas *c, struct rect r);

#endif
