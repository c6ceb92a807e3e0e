/* view_context_stretch.h - the context view's stretch plot: how much each
 * method stretches each pair's wavelength, lambda'_i / lambda_i (=
 * omega_i / omega'_i), against the pair index, fast pairs left, slow
 * right, on a log axis from x1 (kept as trained) to xs. One strip per
 * method, all on the same axes, so that no curve hides another: PI a flat
 * line at s, NTK a straight rise from 1 to s (log lambda'/lambda =
 * (2i/(d-2)) log s), YaRN and Llama 3.1 flat at 1, a ramp, then flat at s,
 * dynamic NTK as its length makes it, LongRoPE a bar a pair (its list's
 * factor). Vertical marks where the original
 * wavelength is L0/4 and L0 (Llama 3.1's ramp ends; YaRN's code ramps
 * from L0/32 to L0). A strip whose curve is exactly another's (dynamic NTK
 * while len <= L0 is the original) says so in words instead. Rows too
 * few for every strip: the first ones, and "+N more" on the lower
 * border. */
#ifndef VIEW_CONTEXT_STRETCH_H
#define VIEW_CONTEXT_STRETCH_H

#include "model/state.h"
#include "render/canvas.h"
#include "views/view_context_common.h"

enum { CTX_STRIPS = 6 };	/* PI, NTK, YaRN, Llama 3.1, dynamic NTK,
				   LongRoPE */

void ctx_stretch_draw(const struct state *s, struct canvas *c, struct rect r);

#endif
