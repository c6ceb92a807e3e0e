/* drill_fx.h - test helper for the drill's tests (test_drill.c,
 * test_drill_kinds.c): a state driven by keys as the explorer drives it,
 * the question on screen, the screen as text, and seeds that ask a given
 * kind first. Each Criterion test runs in its own process, so the one state
 * below starts fresh in every test. */
#ifndef DRILL_FX_H
#define DRILL_FX_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "model/drill.h"
#include "model/drill_kinds.h"
#include "render/canvas.h"

static struct state st;

static inline void start_state(unsigned long long seed, enum lang lang)
{
	struct settings start = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };

	fx_init(&st, &start);
	st.lang = lang;
	st.drill.seed = seed;
}

static inline void key(int code)
{
	fx_press(&st, code);
}

static inline void type(const char *text)
{
	for (const char *p = text; *p; p++)
		key((unsigned char)*p);
}

static inline struct drill_question current(void)
{
	struct drill_question q;
	drill_question_make(st.drill.seed, st.drill.number, &q);
	return q;
}

/* Types the right answer to the current question (the shown form). */
static inline void answer_right(void)
{
	struct drill_question q = current();
	char buf[512];

	if (q.choice) {
		key('a' + q.right);
	} else {
		drill_text_answer(&q, LANG_EN, buf, sizeof buf);
		type(buf);
	}
	key(PK_ENTER);
}

/* Types a wrong answer: another letter, or ten times the number. */
static inline void answer_wrong(void)
{
	struct drill_question q = current();
	char buf[64];

	if (q.choice) {
		key('a' + (q.right + 1) % DRILL_CHOICES);
	} else {
		snprintf(buf, sizeof buf, "%.6g", q.answer * 10 + 5);
		type(buf);
	}
	key(PK_ENTER);
}

/* The screen as text (the caller frees it). */
static inline char *screen(int w, int h)
{
	char *text = fx_text(&st, w, h);

	cr_assert_not_null(text);
	return text;
}

/* The state shows q's parameters: its d_model, base, length, position and
 * pair, with the whole length in view. */
static inline void assert_shows(const struct drill_question *q)
{
	cr_assert_eq(st.cur.pe.d_model, q->pe.d_model);
	cr_assert_eq(st.cur.pe.base, q->pe.base);
	cr_assert_eq(st.cur.len, q->len);
	cr_assert_eq(st.cur.pos, q->pos);
	cr_assert_eq(pe_pair_of(&st.cur.pe, st.cur.dim), q->pair);
	cr_assert_eq(st.window.npos, q->len, "the whole length in view");
}

/* The kinds the tests name, by the identifiers drill_kinds.c gives them
 * (drill_kind_name), not by their place in its table. A kind none of them
 * names is DK_OTHER: it gets the checks every kind gets. */
enum dk {
	DK_LAST_WAVELENGTH,
	DK_FIRST_WAVELENGTH,
	DK_CYCLES,
	DK_OFFSET,
	DK_NORM,
	DK_BASE_100,
	DK_FAST_PAIRS,
	DK_NTK_BASE,
	DK_WHY_10000,
	DK_ADD_OR_CONCAT,
	DK_LEARNED,
	DK_EXTRAPOLATION,
	DK_RELATIVE,
	DK_ROPE,
	DK_DECAY,
	DK_PROJECTIONS,
	DK_LOW_PRECISION,
	DK_CONTEXT_METHODS,
	DK_V_UNROTATED,
	DK_PERMUTATION,
	DK_LLAMA3,
	DK_NOPE,
	DK_DIRECTION,
	DK_FREQ_ROLES,
	DK_OTHER
};

static inline enum dk dk_of(int kind)
{
	static const char *const name[DK_OTHER] = {
		"last-wavelength",
		"first-wavelength",
		"cycles",
		"offset",
		"norm",
		"base-100",
		"fast-pairs",
		"ntk-base",
		"why-10000",
		"add-or-concat",
		"learned",
		"extrapolation",
		"relative",
		"rope",
		"decay",
		"projections",
		"low-precision",
		"context-methods",
		"v-unrotated",
		"permutation",
		"llama3",
		"nope",
		"direction",
		"freq-roles",
	};

	for (int k = 0; k < DK_OTHER; k++)
		if (strcmp(drill_kind_name(kind), name[k]) == 0)
			return (enum dk)k;
	return DK_OTHER;
}

/* The place in the table of the kind the tests call k. */
static inline int dk_kind(enum dk k)
{
	for (int kind = 0; kind < drill_kind_count(); kind++)
		if (dk_of(kind) == k)
			return kind;
	cr_assert_fail("no drill kind %d", k);
	return -1;
}

/* The nth seed (from 0) whose first question is of this kind. */
static inline unsigned long long seed_asking(int kind, int nth)
{
	for (unsigned long long s = 0; s < 100000; s++) {
		struct drill_question q;

		drill_question_make(s, 0, &q);
		if (q.kind == kind && nth-- == 0)
			return s;
	}
	cr_assert_fail("no seed asks kind %d first", kind);
	return 0;
}

/* The drill's box on a w x h screen (width min(w-2, 92), centred) has an
 * unbroken border, and no text ran into its right margin: wrapping kept
 * every line, wide characters included, inside the box. */
static inline void assert_box_intact(int w, int h)
{
	struct canvas *c = canvas_new(w, h);
	int bw = w - 2 > 92 ? 92 : w - 2, x = (w - bw) / 2, y0 = -1, y1 = -1;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	for (int y = 0; y < h; y++) {
		uint32_t ch = canvas_cell(c, x, y)->ch;
		if (ch == 0x250c && y0 < 0)	/* ┌ */
			y0 = y;
		if (ch == 0x2514 && y0 >= 0 && y1 < 0)	/* └ */
			y1 = y;
	}
	cr_assert(y0 >= 0 && y1 > y0 + 1, "box not found");
	cr_assert_eq(canvas_cell(c, x + bw - 1, y0)->ch, 0x2510u);	/* ┐ */
	cr_assert_eq(canvas_cell(c, x + bw - 1, y1)->ch, 0x2518u);	/* ┘ */
	for (int y = y0 + 1; y < y1; y++) {
		cr_assert_eq(canvas_cell(c, x, y)->ch, 0x2502u, "row %d", y);
		cr_assert_eq(canvas_cell(c, x + bw - 1, y)->ch, 0x2502u,
			     "row %d", y);
		cr_assert_eq(canvas_cell(c, x + bw - 2, y)->ch, (uint32_t)' ',
			     "row %d: text in the margin", y);
	}
	canvas_free(c);
}

#endif
