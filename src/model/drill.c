/* drill.c - drawing interview questions from a seed and checking answers
 * (see drill.h). The text lives in drill_text.c. */
#include "model/drill.h"

#include <math.h>
#include <stdint.h>

#include "base/numparse.h"
#include "engine/pe_analysis.h"

/* ---- the random generator ---- */

/* xorshift64* seeded through splitmix64, so that nearby seeds (1, 2, 3)
 * give unrelated sequences. Our own, so a seed means the same questions on
 * every C library. */
struct rng {
	uint64_t s;		/* never 0 */
};

static uint64_t splitmix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static void rng_seed(struct rng *r, uint64_t a, uint64_t b)
{
	r->s = splitmix(a ^ splitmix(b));
	if (r->s == 0)
		r->s = 0x2545f4914f6cdd1dULL;
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* A number in [lo, hi], hi - lo < 2^32. From the high half of the output:
 * the low bits of xorshift64* are its weak ones. The multiply-shift maps
 * 32 bits onto the range with a bias below 2^-20 for the ranges used. */
static long long rng_range(struct rng *r, long long lo, long long hi)
{
	uint64_t top = rng_next(r) >> 32;
	return lo + (long long)((top * (uint64_t)(hi - lo + 1)) >> 32);
}

/* A number in [0, n), n >= 1. */
static int rng_below(struct rng *r, int n)
{
	return (int)rng_range(r, 0, n - 1);
}

/* ---- which kind comes when ---- */

/* Salts that keep the deck and the parameters on separate streams. */
enum { SALT_DECK = 1, SALT_PARAMS = 2 };

/* The shuffled deck of kinds for round `round` (round >= 0). */
static void deck_of(unsigned long long seed, int round,
		    enum drill_kind deck[DRILL_KINDS])
{
	struct rng r;

	rng_seed(&r, seed, ((uint64_t)round << 8) | SALT_DECK);
	for (int i = 0; i < DRILL_KINDS; i++)
		deck[i] = (enum drill_kind)i;
	for (int i = DRILL_KINDS - 1; i > 0; i--) {
		int j = rng_below(&r, i + 1);
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
	return v[rng_below(r, n)];
}

static double pick_double(struct rng *r, const double *v, int n)
{
	return v[rng_below(r, n)];
}

/* The values questions draw from: widths and bases people meet (10000
 * twice, as the classic one), context lengths, extension factors, and the
 * tiny encodings whose dot products can be worked out by hand. */
static const int widths[] = { 32, 64, 128, 256, 512, 768, 1024 };
static const int cycle_widths[] = { 64, 128, 256, 512 };
static const int head_widths[] = { 64, 128, 256 };
static const double bases[] = { 1e3, 1e4, 1e4, 5e5, 1e6 };
static const double tiny_bases[] = { 100.0, 400.0, 1e4 };
static const double scales[] = { 2, 4, 8, 16, 32 };
static const long long lens[] = { 128, 512, 1000, 2048, 4096, 8192 };
enum {
	N_WIDTHS = sizeof widths / sizeof widths[0],
	N_CYCLE_WIDTHS = sizeof cycle_widths / sizeof cycle_widths[0],
	N_HEAD_WIDTHS = sizeof head_widths / sizeof head_widths[0],
	N_BASES = sizeof bases / sizeof bases[0],
	N_TINY_BASES = sizeof tiny_bases / sizeof tiny_bases[0],
	N_SCALES = sizeof scales / sizeof scales[0],
	N_LENS = sizeof lens / sizeof lens[0]
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
		int j = rng_below(r, i + 1), t = q->order[i];
		q->order[i] = q->order[j];
		q->order[j] = t;
	}
	for (int i = 0; i < DRILL_CHOICES; i++)
		if (q->order[i] == 0)
			q->right = i;
}

/* A position p and offset k with p - k >= 0 and p + k < len, so both
 * neighbours the question names are on screen. */
static void pick_offset(struct drill_question *q, struct rng *r, long long kmax)
{
	q->k = rng_range(r, 2, kmax);
	q->pos = rng_range(r, q->k, q->len - 1 - q->k);
}

static void make_wavelengths(struct drill_question *q)
{
	int last = q->pe.d_model / 2 - 1;

	if (q->kind == DRILL_FIRST_WAVELENGTH) {
		q->pair = 0;
		q->len = 64;
		set_number(q, pe_wavelength(&q->pe, 0), 0.01, true);
		return;
	}
	q->pair = last;
	/* One whole turn of the slowest pair fits in the window. */
	q->len = (long long)ceil(pe_wavelength(&q->pe, last) * 1.25);
	set_number(q, pe_wavelength(&q->pe, last), 0.03, true);
}

static void make_cycles(struct drill_question *q, struct rng *r)
{
	int n;

	q->pe.d_model = pick_int(r, cycle_widths, N_CYCLE_WIDTHS);
	q->len = lens[rng_below(r, N_LENS)];
	n = analysis_pairs_cycling(&q->pe, (double)q->len);
	q->pair = n > 0 ? n - 1 : 0;	/* the slowest pair that still turns */
	set_number(q, n, 1.0, false);
}

static void make_similarity(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = 2 + 2 * rng_below(r, 2);
	q->pe.base = pick_double(r, tiny_bases, N_TINY_BASES);
	q->len = 64;
	pick_offset(q, r, 20);
	set_number(q, pe_similarity(&q->pe, (double)q->k, 0, q->pe.d_model / 2),
		   0.05, false);
}

static void make_ntk(struct drill_question *q, struct rng *r)
{
	double d;

	q->pe.d_model = pick_int(r, head_widths, N_HEAD_WIDTHS);
	q->scale = pick_double(r, scales, N_SCALES);
	q->train_len = 4096;
	q->len = q->train_len * (long long)q->scale;
	d = q->pe.d_model;
	set_number(q, q->pe.base * pow(q->scale, d / (d - 2.0)), 0.03, true);
}

/* Fills the kind-specific part of q; q->pe, len, pos, k, scale and view
 * hold the common defaults when it is called. */
static void make_kind(struct drill_question *q, struct rng *r)
{
	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
	case DRILL_FIRST_WAVELENGTH:
		make_wavelengths(q);
		break;
	case DRILL_CYCLES:
		make_cycles(q, r);
		q->view = "spectrum";
		break;
	case DRILL_SYMMETRY:
		q->len = 256;
		pick_offset(q, r, 40);
		set_choice(q, r);
		break;
	case DRILL_NORM:
		q->pos = rng_range(r, 1, q->len - 1);
		set_number(q, sqrt(q->pe.d_model / 2.0), 0.01, true);
		break;
	case DRILL_BASE_100:
		q->pe.base = 100.0;
		q->len = 1024LL << rng_below(r, 4);
		set_choice(q, r);
		break;
	case DRILL_FAST_PAIRS:
		q->len = 256;
		set_choice(q, r);
		q->view = "bands";
		break;
	case DRILL_OFFSET_ONLY:
	case DRILL_ROTATION:
		q->len = 256;
		pick_offset(q, r, 40);
		set_choice(q, r);
		q->view = "clocks";
		break;
	case DRILL_NTK_BASE:
		make_ntk(q, r);
		q->view = "context";
		break;
	case DRILL_SIMILARITY:
		make_similarity(q, r);
		break;
	case DRILL_KINDS:
		break;
	}
}

void drill_question_make(unsigned long long seed, int number,
			 struct drill_question *q)
{
	struct rng r;

	if (number < 0)
		number = 0;
	rng_seed(&r, seed, ((uint64_t)number << 8) | SALT_PARAMS);
	*q = (struct drill_question){
		.kind = kind_of(seed, number),
		.number = number,
		.pe = { pick_int(&r, widths, N_WIDTHS),
			pick_double(&r, bases, N_BASES), PE_INTERLEAVED },
		.len = 1024,
		.scale = 1.0,
		.view = "explore",
	};
	make_kind(q, &r);
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
