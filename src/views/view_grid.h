/* view_grid.h - the grid view (view_grid.c): RoPE over positions that are
 * not one number. An image of rows x cols patches under axial 2-D RoPE or
 * RoPE-Mixed, or a text-image-text sequence under Qwen2-VL's M-RoPE and
 * Qwen3-VL's interleaved M-RoPE: the position ids, which pairs turn with
 * which axis, and the similarity of one chosen patch to every patch.
 *
 * Its knobs are the parameters of engine/rope2d.h, which --dump-series
 * grid2d and mrope-ids read from a state too; the chosen patch is the
 * position (its column) and the dimension (its row), so that the arrow
 * keys move it. */
#ifndef VIEW_GRID_H
#define VIEW_GRID_H

#include "engine/rope2d.h"
#include "model/state.h"

/* The parameters the knobs of s give (valid: rope2d_params_valid), and
 * the chosen patch: *row the dimension, *col the position, each at most
 * the grid's last. */
void grid_rope2d_params(const struct state *s, struct rope2d_params *p,
			int *row, int *col);

#endif
