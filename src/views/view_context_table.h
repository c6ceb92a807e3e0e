/* view_context_table.h - the context view's two upper boxes: the presets
 * (p / P or their keys), and the extension table: for each kind its first
 * and last wavelength and its similarity at k = 1 (the last finished ones,
 * view_context_curves.h), under the line of lengths (L0, s, s * L0) and
 * over the lines of NTK's base, YaRN's ramp, dynamic NTK's base, Llama
 * 3.1's kept and divided pairs, LongRoPE's lists, YaRN's and LongRoPE's
 * factors on the scores, Men et al.'s reach of the base and the
 * YaRN paper's ramp against the code's. When rows are short the table
 * gives up those lines from the last, then the lengths, then its last
 * rows, and says on its lower border how many are left out ("+N more");
 * when columns are short, lambda_0 then the last lambda, and a line that
 * does not fit whole takes its short form or is left out (and counted). */
#ifndef VIEW_CONTEXT_TABLE_H
#define VIEW_CONTEXT_TABLE_H

#include "model/state.h"
#include "render/canvas.h"
#include "views/view_context_common.h"
#include "views/view_context_curves.h"

enum {
	CTX_TABLE_LINES = 10,	/* lengths, NTK base, YaRN, dynamic NTK,
				   Llama 3.1, LongRoPE, the scores, Men et
				   al.'s reach and smallest base, YaRN's
				   paper */
	CTX_TABLE_ROWS = 2 + 1 + KINDS + CTX_TABLE_LINES	/* all shown */
};

void ctx_presets_draw(const struct state *s, struct canvas *c, struct rect r);
void ctx_table_draw(struct ctx_curves *ctx, const struct state *s,
		    struct canvas *c, struct rect r);

#endif
