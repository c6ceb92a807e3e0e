/* view_bugs_rope.h - the bugs view's RoPE entry: attention scores of one
 * model whose W_Q and W_K were made for interleaved RoPE (pairs 2i, 2i+1),
 * run as made (ATTN_ROPE) and in rotate_half code without the permutation
 * of rows that would match them (ATTN_ROPE_MISMATCH), side by side (rows:
 * queries p, columns: keys q, over the view's window), the row of the
 * selected query in both as curves, and numbers: how far the two differ,
 * and how far each is from a function of q - p.
 *
 * The model (attention.h): one token vector at every position (a
 * vocabulary of one, seed ROPE_ZOO_SEED), so that every score is a function
 * of q - p, and W_Q, W_K seeded Gaussian up to d = ATTN_RANDOM_D_MAX, the
 * identity beyond (then q = k = the token vector). Scores are taken at a
 * lattice of positions pos0 + k * step over the window, the same on both
 * axes (so that offsets repeat and the diagonal spread measures something),
 * at most ROPE_ZOO_LATTICE of them; a pixel shows the lattice point its
 * centre falls on (scores are not averaged). Everything is computed in
 * slices (cache.h) and kept for its inputs. */
#ifndef VIEW_BUGS_ROPE_H
#define VIEW_BUGS_ROPE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/attention.h"
#include "model/state.h"
#include "render/cache.h"
#include "render/canvas.h"

enum {
	ROPE_ZOO_SEED = 1,	/* of the token vector and the weights */
	ROPE_ZOO_LATTICE = 256	/* positions on each axis, at most */
};

struct rope_zoo {
	struct attn model;	/* valid while model_c.done */
	bool have_model;	/* model holds tables to free */
	struct cache model_c;	/* the model's tables: d, base */
	struct cache grid;	/* both score matrices on the lattice */
	struct cache row;	/* the selected query's row of both */
	struct cache shown;	/* the last finished matrices (mem) and
				   numbers (out), for grid's key */
	struct cache shown_row;	/* the last finished row */
};

/* The three boxes of the bugs view's layout: the two matrices and the
 * curves. */
struct rope_zoo_boxes {
	struct rect good, bad, curves;
};

/* Brings the model, the matrices and the row up to date with s as far as
 * the frame allows, for matrices drawn in the insides of boxes b. */
void rope_zoo_advance(struct rope_zoo *z, const struct state *s,
		      const struct rope_zoo_boxes *b);

/* The paragraph of numbers of the last finished matrices, in s->lang. */
void rope_zoo_numbers(const struct rope_zoo *z, const struct state *s,
		      char *text, size_t n);

/* Draws the boxes with the last finished matrices and row. */
void rope_zoo_draw(const struct rope_zoo *z, const struct state *s,
		   struct canvas *c, const struct rope_zoo_boxes *b);

/* Frees what z holds. */
void rope_zoo_free(struct rope_zoo *z);

#endif
