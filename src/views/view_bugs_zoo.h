/* view_bugs_zoo.h - the entries of the bugs view, in the order x/X walks
 * them: what public implementations compute, mistakes found in public
 * code, the encoding in narrow number formats, and the RoPE pairing
 * mismatch. Each entry says what it is in words (English, through tr()
 * where shown), in notation and in code; the notation and the code are
 * the same in every language, so they keep to symbols, numbers and the
 * terms assets/glossary.txt keeps as they are. */
#ifndef VIEW_BUGS_ZOO_H
#define VIEW_BUGS_ZOO_H

#include <stddef.h>

#include "engine/pe_variants.h"
#include "model/state.h"

/* What an entry puts on the screen besides its text. */
enum zoo_kind {
	ZOO_ENCODING,		/* the encoding as the variant computes it,
				   beside the reference */
	ZOO_PRECISION,		/* the same, in a narrow format: columns
				   whose positions collide marked, the
				   collisions and angle errors in numbers */
	ZOO_ROPE		/* attention scores of RoPE trained with one
				   pairing and run with the other */
};

struct zoo_entry {
	const char *name;	/* the word :bug takes, ASCII */
	enum zoo_kind kind;
	enum pe_bug bug;	/* ZOO_ENCODING, ZOO_PRECISION: the variant */
	const char *group;	/* N_(): "Implementation", "Mistake", ... */
	const char *title;	/* N_(): the entry in a few words */
	const char *label;	/* N_(): what the right-hand heatmap and curve
				   are called ("with the mistake") */
	const char *formula;	/* notation, UTF-8 (same in every language) */
	const char *formula_ascii;	/* the same in ASCII */
	const char *code;	/* the line as people write it (ASCII), or
				   NULL */
	const char *effect;	/* N_(): what it does, true of its screen */
};

enum { ZOO_ENTRIES = PE_BUG_COUNT + 1 };	/* every variant, then RoPE */

/* Entry i (0 <= i < ZOO_ENTRIES; others give entry 0). */
const struct zoo_entry *zoo_entry(int i);

/* The entry s shows (its knob "bug"), and its variant. */
const struct zoo_entry *zoo_shown(const struct state *s);
enum pe_bug zoo_bug(const struct state *s);

/* Appends to text (n bytes, len of them used) what the printf format
 * gives, cut to fit; returns the length used then (at most n - 1). The
 * view's paragraphs are built sentence by sentence with it: a sentence's
 * leading space is dropped after a wide character, since Chinese
 * sentences follow one another without one. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
size_t zoo_append(char *text, size_t n, size_t len, const char *fmt, ...);

#endif
