/* view_rope.h - what the rope view's two files share: the view and its
 * spec in view_rope.c, lesson 8's first designs in view_rope_design.c. */
#ifndef VIEW_ROPE_H
#define VIEW_ROPE_H

#include "model/state.h"
#include "render/canvas.h"

/* The seed of the view's q and k, of the head's sentence and of the
 * designs' two word vectors (engine/rope.h's streams). */
#define ROPE_VIEW_SEED 1

/* The `design` knob: the panels, or one of the designs that come before
 * the sinusoids in lesson 8, drawn over the whole body. */
enum rope_design {
	RD_OFF,			/* the four panels */
	RD_INTEGER,		/* the raw integer p added to the word */
	RD_UNIT,		/* p / (len - 1), in [0, 1] */
	RD_BINARY,		/* a binary counter (Kazemnejad's analogy) */
	RD_COUNT
};

/* "off", "integer", "unit", "binary". */
const char *rope_design_name(int i);

/* Design d (not RD_OFF) drawn into r from s: its box, a plot and the
 * numbers that make its point, computed from the state's d_model and
 * length; a and b are the two words (d_model values each: the view's q
 * and k, engine/rope.h's rope_draw_qk of ROPE_VIEW_SEED). */
void rope_design_draw(const struct state *s, enum rope_design d,
		      const double *a, const double *b, struct canvas *c,
		      struct rect r);

#endif
