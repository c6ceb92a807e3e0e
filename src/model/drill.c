/* drill.c - drawing interview questions from a seed and checking answers
 * (see drill.h). The text lives in drill_text.c. */
#include "model/drill.h"

#include <math.h>
#include <stdint.h>

#include "base/numparse.h"
#include "engine/pe_analysis.h"
#include "engine/pe_variants.h"
#include "engine/rng.h"

/* ---- the random numbers: engine/rng, the same on every C library ---- */

/* A number in [lo, hi], lo <= hi. */
static long long rng_range(struct rng *r, long long lo, long long hi)
{
	return lo + (long long)rng_below(r, (uint64_t)(hi - lo) + 1);
}

/* An index in [0, n), n >= 1: rng_below's draw is under n, so it fits an
 * int. */
static int rng_index(struct rng *r, int n)
{
	return (int)rng_below(r, (uint64_t)n);
}

/* ---- which kind comes when ---- */

/* Salts that keep the deck and the parameters on separate streams. */
enum { SALT_DECK = 1, SALT_PARAMS = 2 };

/* The shuffled deck of kinds for round `round` (round >= 0). */
static void deck_of(unsigned long long seed, int round,
		    enum drill_kind deck[DRILL_KINDS])
{
	struct rng r;

	rng_init(&r, seed, ((uint64_t)round << 8) | SALT_DECK);
	for (int i = 0; i < DRILL_KINDS; i++)
		deck[i] = (enum drill_kind)i;
	for (int i = DRILL_KINDS - 1; i > 0; i--) {
		int j = rng_index(&r, i + 1);
		enum drill_kind t = deck[i];
		deck[i] = deck[j];
		deck[j] = t;
	}
}

/* The kind of question `number`: a deck per round, with the first card of
 * a round swapped away when it repeats the last card of the round before,
 * so the same kind never comes twice in a row. */
static enum drill_kind kind_of(unsigned long long seed, int number)
{
	enum drill_kind deck[DRILL_KINDS], prev[DRILL_KINDS];
	int round = number / DRILL_KINDS, slot = number % DRILL_KINDS;

	deck_of(seed, round, deck);
	if (round > 0) {
		deck_of(seed, round - 1, prev);
		if (deck[0] == prev[DRILL_KINDS - 1]) {
			deck[0] = deck[1];
			deck[1] = prev[DRILL_KINDS - 1];
		}
	}
	return deck[slot];
}

/* ---- parameters and answers ---- */

static int pick_int(struct rng *r, const int *v, int n)
{
	return v[rng_index(r, n)];
}

static double pick_double(struct rng *r, const double *v, int n)
{
	return v[rng_index(r, n)];
}

static long long pick_len(struct rng *r, const long long *v, int n)
{
	return v[rng_index(r, n)];
}

/* The values questions draw from: widths and bases people meet (10000
 * twice, as the classic one), context lengths and extension factors. The
 * last-pair question takes small widths, where 2*pi*base is far off. */
static const int widths[] = { 32, 64, 128, 256, 512, 768, 1024 };
static const int small_widths[] = { 32, 64, 128 };
static const int cycle_widths[] = { 64, 128, 256, 512 };
static const int model_widths[] = { 128, 256, 512, 1024 };
static const int head_widths[] = { 64, 128, 256 };
static const double bases[] = { 1e3, 1e4, 1e4, 5e5, 1e6 };
static const double large_bases[] = { 1e4, 5e5, 1e6 };
static const double scales[] = { 2, 4, 8, 16, 32 };
static const double small_scales[] = { 2, 4, 8 };
static const long long lens[] = { 128, 512, 1000, 2048, 4096, 8192 };
static const long long long_lens[] = { 1024, 2048, 4096, 8192 };
static const long long trained_lens[] = { 512, 1024, 2048 };
static const long long rope_lens[] = { 2048, 4096 };
enum {
	N_WIDTHS = sizeof widths / sizeof widths[0],
	N_SMALL_WIDTHS = sizeof small_widths / sizeof small_widths[0],
	N_CYCLE_WIDTHS = sizeof cycle_widths / sizeof cycle_widths[0],
	N_MODEL_WIDTHS = sizeof model_widths / sizeof model_widths[0],
	N_HEAD_WIDTHS = sizeof head_widths / sizeof head_widths[0],
	N_BASES = sizeof bases / sizeof bases[0],
	N_LARGE_BASES = sizeof large_bases / sizeof large_bases[0],
	N_SCALES = sizeof scales / sizeof scales[0],
	N_SMALL_SCALES = sizeof small_scales / sizeof small_scales[0],
	N_LENS = sizeof lens / sizeof lens[0],
	N_LONG_LENS = sizeof long_lens / sizeof long_lens[0],
	N_TRAINED_LENS = sizeof trained_lens / sizeof trained_lens[0],
	N_ROPE_LENS = sizeof rope_lens / sizeof rope_lens[0]
};

static void set_number(struct drill_question *q, double answer, double tol,
		       bool rel)
{
	q->choice = false;
	q->answer = answer;
	q->tol = tol;
	q->tol_rel = rel;
}

/* A choice question: the options in a random order, the right one (option
 * 0) at letter q->right. */
static void set_choice(struct drill_question *q, struct rng *r)
{
	q->choice = true;
	for (int i = 0; i < DRILL_CHOICES; i++)
		q->order[i] = i;
	for (int i = DRILL_CHOICES - 1; i > 0; i--) {
		int j = rng_index(r, i + 1), t = q->order[i];
		q->order[i] = q->order[j];
		q->order[j] = t;
	}
	for (int i = 0; i < DRILL_CHOICES; i++)
		if (q->order[i] == 0)
			q->right = i;
}

static void set_knob(struct drill_question *q, int i, const char *word,
		     double value)
{
	q->knob[i] = (struct drill_knob){ word, value };
}

/* A position p and offset k with p - k >= 0 and p + k < len, so both
 * neighbours the question names are on screen. */
static void pick_offset(struct drill_question *q, struct rng *r, long long kmax)
{
	q->k = rng_range(r, 2, kmax);
	q->pos = rng_range(r, q->k, q->len - 1 - q->k);
}

/* The slowest pair selected, one whole turn of it in the window. */
static void show_last_pair(struct drill_question *q)
{
	q->pair = q->pe.d_model / 2 - 1;
	q->len = (long long)ceil(pe_wavelength(&q->pe, q->pair) * 1.25);
}

/* ---- one maker per kind: parameters, answer, knobs ---- */

static void make_last_wavelength(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = pick_int(r, small_widths, N_SMALL_WIDTHS);
	q->pe.base = pick_double(r, large_bases, N_LARGE_BASES);
	show_last_pair(q);
	set_choice(q, r);
}

static void make_first_wavelength(struct drill_question *q, struct rng *r)
{
	(void)r;
	q->pair = 0;
	q->len = 64;
	set_number(q, pe_wavelength(&q->pe, 0), 0.01, true);
}

static void make_cycles(struct drill_question *q, struct rng *r)
{
	int n;

	q->pe.d_model = pick_int(r, cycle_widths, N_CYCLE_WIDTHS);
	q->len = pick_len(r, lens, N_LENS);
	n = analysis_pairs_cycling(&q->pe, (double)q->len);
	q->pair = n > 0 ? n - 1 : 0;	/* the slowest pair that still turns */
	set_number(q, n, 1.0, false);
}

static void make_norm(struct drill_question *q, struct rng *r)
{
	q->pos = rng_range(r, 1, q->len - 1);
	set_number(q, sqrt(q->pe.d_model / 2.0), 0.01, true);
}

static void make_base_100(struct drill_question *q, struct rng *r)
{
	q->pe.base = 100.0;
	q->len = 1024LL << rng_below(r, 4);
	set_choice(q, r);
}

/* The offset identity, one of its four ways: an offset k between two
 * positions on a 256-position screen, and the clocks' offset knob at k
 * (the symmetry is shown by the similarity curve of explore instead). */
static void make_offset(struct drill_question *q, struct rng *r)
{
	q->variant = rng_index(r, DRILL_OFFSET_VARIANTS);
	if (q->variant == DRILL_OFFSET_SYMMETRY)
		q->view = "explore";
	q->len = 256;
	pick_offset(q, r, 40);
	set_knob(q, 0, "offset", (double)q->k);
	set_choice(q, r);
}

/* For the bands view: the first quarter of the pairs are the fast ones. */
static void make_bands(struct drill_question *q, struct rng *r)
{
	set_knob(q, 0, "split", q->pe.d_model / 4);
	set_choice(q, r);
}

static void make_fast_pairs(struct drill_question *q, struct rng *r)
{
	q->len = 256;
	make_bands(q, r);
}

/* A context extension from train_len by scale, the context view's knobs
 * at both and the whole extended length in view. */
static void set_extension(struct drill_question *q, long long train,
			  double scale)
{
	q->train_len = train;
	q->scale = scale;
	q->len = train * (long long)scale;
	set_knob(q, 0, "train", (double)train);
	set_knob(q, 1, "scale", scale);
}

static void make_ntk(struct drill_question *q, struct rng *r)
{
	double d;

	q->pe.d_model = pick_int(r, head_widths, N_HEAD_WIDTHS);
	set_extension(q, 4096, pick_double(r, scales, N_SCALES));
	d = q->pe.d_model;
	set_number(q, q->pe.base * pow(q->scale, d / (d - 2.0)), 0.03, true);
}

static void make_why_10000(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = pick_int(r, model_widths, N_MODEL_WIDTHS);
	q->pe.base = 1e4;
	q->train_len = pick_len(r, long_lens, N_LONG_LENS);
	q->pair = q->pe.d_model / 2 - 1;
	q->len = q->train_len;	/* the spectrum's line at len: the length */
	set_choice(q, r);
}

static void make_position(struct drill_question *q, struct rng *r)
{
	q->pos = rng_range(r, 1, q->len - 1);
	set_choice(q, r);
}

static void make_learned(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = 512;	/* the paper's base model */
	q->pe.base = 1e4;
	make_position(q, r);
}

static void make_extrapolation(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	set_extension(q, pick_len(r, trained_lens, N_TRAINED_LENS), 4);
	set_choice(q, r);
}

/* The attention view's choices the reveals set, by their index in its
 * knobs (view_attention.c; test_drill_kinds.c checks the names). */
enum {
	ATT_WEIGHTS_RANDOM = 1,		/* "weights": identity, random */
	ATT_HEAD_ADDED = 2,		/* "head": nope, causal, added, */
	ATT_HEAD_ROPE = 3,		/*   rope, alibi */
	ATT_HEAD_ALIBI = 4,
	ATT_CONTENT_SAME = 0,		/* "content": same, tokens */
	ATT_HEAD_CAUSAL = 1,
	ATT_PANEL_SCORES = 0,		/* its panels: scores, decay, order */
	ATT_PANEL_DECAY = 1,
	ATT_PANEL_ORDER = 2
};

/* ALiBi's bias in the score matrices, next to added PE and RoPE, and in
 * the one head. */
static void make_relative(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 512;
	set_knob(q, 0, "head", ATT_HEAD_ALIBI);
	set_choice(q, r);
}

/* RoPE's matrix a function of p - q with random W_Q and W_K, added PE's
 * not. */
static void make_rope(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = pick_int(r, head_widths, N_HEAD_WIDTHS);
	q->len = 256;
	set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	set_knob(q, 1, "head", ATT_HEAD_ROPE);
	set_choice(q, r);
}

/* RoFormer's figure: a 128-wide head, base 10000 (the text quotes the
 * bound at these parameters), the decay panel zoomed, m = 100 selected
 * (one of the offsets the text quotes). */
static void make_decay(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = 128;
	q->pe.base = 1e4;
	q->len = 512;
	q->pos = 100;
	q->panel = ATT_PANEL_DECAY;
	set_choice(q, r);
}

/* With random W_Q and W_K even added PE's position.position term stops
 * being a function of p - q. */
static void make_projections(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 256;
	set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	set_knob(q, 1, "head", ATT_HEAD_ADDED);
	set_choice(q, r);
}

/* The first position the format cannot tell from the one before (257 in
 * bf16, 2049 in fp16) selected, in the bugs view's entry for that format:
 * its two heatmaps and its note show the collision the answer names. */
static void make_low_precision(struct drill_question *q, struct rng *r)
{
	q->fp16 = rng_below(r, 2) == 1;
	q->pe.d_model = 64;
	q->pe.base = 1e4;
	q->len = q->fp16 ? 4096 : 512;
	q->pos = q->fp16 ? 2049 : 257;
	set_knob(q, 0, "bug", q->fp16 ? PE_BUG_FP16 : PE_BUG_BF16);
	set_choice(q, r);
}

static void make_context_methods(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = pick_int(r, head_widths, N_HEAD_WIDTHS);
	q->pe.base = 1e4;
	set_extension(q, pick_len(r, rope_lens, N_ROPE_LENS),
		      pick_double(r, small_scales, N_SMALL_SCALES));
	set_choice(q, r);
}

/* The rope view's panels the reveals zoom to and its choices they set,
 * by index (view_rope.c; test_drill_kinds.c checks the names). The
 * design and rotary knobs go back to the four panels and a head turned
 * whole, whatever the user left them at. */
enum {
	ROPE_PANEL_CODE = 1,	/* pairs, code, values, frequencies */
	ROPE_PANEL_VALUES = 2,
	ROPE_PANEL_FREQS = 3,
	ROPE_ROTARY_ALL = 0,	/* "rotary": all, 1/2, 1/4, 1/8 */
	ROPE_DESIGN_OFF = 0	/* "design": off, integer, unit, binary */
};

/* One 128-wide head at base 10000 in the rope view, panel `panel` over
 * the body. */
static void show_rope(struct drill_question *q, int panel)
{
	q->pe.d_model = 128;
	q->pe.base = 1e4;
	q->panel = panel;
	set_knob(q, 0, "design", ROPE_DESIGN_OFF);
	set_knob(q, 1, "rotary", ROPE_ROTARY_ALL);
}

/* The values panel: the head's sentence moved by 64, its outputs with v
 * turned and unturned. */
static void make_v_unrotated(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_VALUES);
	set_knob(q, 2, "vshift", 64);
	set_choice(q, r);
}

/* The code panel: Meta's and Hugging Face's q.k, bit for bit, and the
 * rotate_half score on rows nobody permuted. */
static void make_permutation(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_CODE);
	set_choice(q, r);
}

/* The frequencies panel: the fast and the slow pairs' scores over the
 * offsets 0..len-1, a context the slow pairs barely turn in. */
static void make_freq_roles(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_FREQS);
	q->len = pick_len(r, trained_lens, N_TRAINED_LENS);
	set_choice(q, r);
}

/* The context view's panel the Llama 3.1 reveal zooms to, by index
 * (view_context.c: table, stretch, similarity, formulas;
 * test_drill_kinds.c checks the name): its table, whose Llama 3.1 row
 * a short screen would otherwise leave under "+N more". */
enum { CTX_PANEL_TABLE = 0 };

/* Llama 3.1's own numbers: a 128-wide head at base 500000, trained on
 * 8192 tokens, stretched 8 times (its config.json; pe_variants.h). */
static void make_llama3(struct drill_question *q, struct rng *r)
{
	q->panel = CTX_PANEL_TABLE;
	q->pe.d_model = 128;
	q->pe.base = 5e5;
	set_extension(q, (long long)PE_LLAMA3_TRAIN, PE_LLAMA3_FACTOR);
	q->pair = q->pe.d_model / 2 - 1;
	set_choice(q, r);
}

/* The order panel with the causal head: no PE, and a shuffle changes the
 * outputs. */
static void make_nope(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 256;
	q->panel = ATT_PANEL_ORDER;
	set_knob(q, 0, "head", ATT_HEAD_CAUSAL);
	set_choice(q, r);
}

/* The score maps of one content with random W_Q and W_K: s(p, q) and
 * s(q, p) differ. */
static void make_direction(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = pick_int(r, head_widths, N_HEAD_WIDTHS);
	q->pe.base = 1e4;
	q->len = 256;
	q->panel = ATT_PANEL_SCORES;
	set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	set_knob(q, 1, "content", ATT_CONTENT_SAME);
	set_choice(q, r);
}

/* ---- the kinds ---- */

struct kind_spec {
	const char *view;	/* the view that shows the answer */
	void (*make)(struct drill_question *q, struct rng *r);
};

/* What each kind is revealed in, by view name (catalog.h): the one place
 * that says it, but for the offset family's symmetry, which its maker
 * sends to explore's similarity curve. The kinds about the attention
 * score (relative schemes, RoPE, long-term decay, the W_Q/W_K caveat,
 * direction, NoPE) show in "attention", whose score matrices, decay plot
 * and one head are their answers; RoPE's mechanics (v, the permutation,
 * the frequencies' roles) in "rope", each in its panel. */
static const struct kind_spec kinds[DRILL_KINDS] = {
	[DRILL_LAST_WAVELENGTH] = { "spectrum", make_last_wavelength },
	[DRILL_FIRST_WAVELENGTH] = { "explore", make_first_wavelength },
	[DRILL_CYCLES] = { "spectrum", make_cycles },
	[DRILL_OFFSET] = { "clocks", make_offset },
	[DRILL_NORM] = { "explore", make_norm },
	[DRILL_BASE_100] = { "explore", make_base_100 },
	[DRILL_FAST_PAIRS] = { "bands", make_fast_pairs },
	[DRILL_NTK_BASE] = { "context", make_ntk },
	[DRILL_WHY_10000] = { "spectrum", make_why_10000 },
	[DRILL_ADD_OR_CONCAT] = { "vector", make_position },
	[DRILL_LEARNED] = { "explore", make_learned },
	[DRILL_EXTRAPOLATION] = { "context", make_extrapolation },
	[DRILL_RELATIVE] = { "attention", make_relative },
	[DRILL_ROPE] = { "attention", make_rope },
	[DRILL_DECAY] = { "attention", make_decay },
	[DRILL_PROJECTIONS] = { "attention", make_projections },
	[DRILL_LOW_PRECISION] = { "bugs", make_low_precision },
	[DRILL_CONTEXT_METHODS] = { "context", make_context_methods },
	[DRILL_V_UNROTATED] = { "rope", make_v_unrotated },
	[DRILL_PERMUTATION] = { "rope", make_permutation },
	[DRILL_LLAMA3] = { "context", make_llama3 },
	[DRILL_NOPE] = { "attention", make_nope },
	[DRILL_DIRECTION] = { "attention", make_direction },
	[DRILL_FREQ_ROLES] = { "rope", make_freq_roles },
};

void drill_question_make(unsigned long long seed, int number,
			 struct drill_question *q)
{
	struct rng r;
	int d;
	double base;

	if (number < 0)
		number = 0;
	rng_init(&r, seed, ((uint64_t)number << 8) | SALT_PARAMS);
	/* one draw after the other: the expressions of an initializer list
	 * may be evaluated in any order */
	d = pick_int(&r, widths, N_WIDTHS);
	base = pick_double(&r, bases, N_BASES);
	*q = (struct drill_question){
		.kind = kind_of(seed, number),
		.number = number,
		.pe = { d, base, PE_INTERLEAVED },
		.len = 1024,
		.scale = 1.0,
		.panel = -1,
	};
	q->view = kinds[q->kind].view;
	kinds[q->kind].make(q, &r);
	if (q->train_len == 0)
		q->train_len = q->len;
}

/* ---- checking ---- */

enum drill_verdict drill_check(const struct drill_question *q,
			       const char *typed)
{
	double x, err;

	if (q->choice) {
		char c = typed[0];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c < 'a' || c >= 'a' + DRILL_CHOICES || typed[1] != '\0')
			return DRILL_UNREADABLE;
		return c - 'a' == q->right ? DRILL_RIGHT : DRILL_WRONG;
	}
	if (numparse_double(typed, -1e300, 1e300, NUMPARSE_CLOSED, &x) !=
	    NUMPARSE_OK)
		return DRILL_UNREADABLE;
	err = fabs(x - q->answer);
	return err <= (q->tol_rel ? q->tol * fabs(q->answer) : q->tol)
		       ? DRILL_RIGHT : DRILL_WRONG;
}
