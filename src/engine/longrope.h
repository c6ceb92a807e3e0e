/* longrope.h - LongRoPE's per-pair rescale factors as the context view
 * shows them beside the other ways of stretching a context: one model's
 * short_factor and long_factor lists (Phi-3's "longrope", formerly "su"),
 * copied out of its rope_model so that they can travel in the state, the
 * frequencies they give a pair at a width and base, and the attention
 * factor transformers multiplies cos and sin by.
 *
 * The formulas are rope_model.h's: Hugging Face transformers'
 * modeling_rope_utils.py, v5 development line (_compute_longrope_
 * parameters; the forward pass's longrope_frequency_update switches from
 * the short list to the long one once the sequence passes the original
 * length). Pure C11 and libm: no I/O, no globals. */
#ifndef LONGROPE_H
#define LONGROPE_H

#include <stdbool.h>

#include "engine/pe.h"
#include "engine/rope_model.h"

/* The widest model whose lists travel: 128 pairs (rotated width 256;
 * Phi-3-mini's is 96, Phi-3-medium's 128). */
enum { LONGROPE_PAIRS_MAX = 128 };

struct longrope_set {
	char who[48];		/* whose lists they are (a model's name) */
	int pairs;		/* entries in each list; 0: no lists */
	double trained;		/* the original length they switch at */
	double short_f[LONGROPE_PAIRS_MAX];	/* up to the original length */
	double long_f[LONGROPE_PAIRS_MAX];	/* past it */
};

/* Copies the lists of m (a ROPE_LONGROPE model called who) into *out and
 * returns true; anything else, or lists longer than LONGROPE_PAIRS_MAX,
 * gives out->pairs = 0 and false. */
bool longrope_set_from(struct longrope_set *out, const struct rope_model *m,
		       const char *who);

/* Whether the lists fit an encoding of width d (d/2 pairs). */
bool longrope_fits(const struct longrope_set *f, int d);

/* omega of (fractional) pair 0 <= pair < d/2 of p for a sequence of len
 * positions, trained on train: rope_model_omega's LongRoPE, the nearest
 * whole pair's factor (the lists have one factor a pair; a curve through
 * fractional pairs steps). f must fit p (longrope_fits). */
double longrope_omega(const struct longrope_set *f, const struct pe_params *p,
		      double len, double train, double pair);

/* The attention factor _compute_longrope_parameters takes when the config
 * gives none: sqrt(1 + ln s / ln L0) for s > 1 (s the ratio of lengths,
 * L0 the original one), else 1. cos and sin are both multiplied by it, so
 * a score q.k is multiplied by its square. */
double longrope_attention(double s, double train);

/* A number that changes when the lists or their owner do (for a cache's
 * key): below 2^52, exact in a double. */
double longrope_fingerprint(const struct longrope_set *f);

#endif
