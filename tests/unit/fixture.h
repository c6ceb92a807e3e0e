/* fixture.h - test helper: states and screens with pescope's own views.
 *
 * Each Criterion test runs in its own process, so the screen below (and
 * every view cache it holds) starts empty in every test. The VIEW_*
 * names are the places in the catalog of the views tests look at by name
 * (test_catalog.c checks they still are); VIEW_COUNT is the catalog's
 * count, so a test that walks every view walks a new one too. */
#ifndef FIXTURE_H
#define FIXTURE_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "model/catalog.h"
#include "model/keys.h"
#include "model/reduce.h"
#include "model/state.h"
#include "views/screen.h"
#include "views/views.h"
#include "snap.h"

enum {
	VIEW_EXPLORE, VIEW_SPECTRUM, VIEW_CLOCKS, VIEW_BANDS, VIEW_LAYOUTS,
	VIEW_CONTEXT, VIEW_BUGS, VIEW_VECTOR, VIEW_ATTENTION
};
#define VIEW_COUNT (views_catalog()->count)

/* The knobs, by view: the index of each in its view's spec. */
enum { K_OFFSET = 0 };			/* clocks */
enum { K_SPLIT = 0, K_THRESHOLD = 1 };	/* bands */
enum { K_TRAIN = 0, K_SCALE = 1 };	/* context */
enum { K_BUG = 0 };			/* bugs */
enum { K_SCROLL = 0, K_DIGITS = 1 };	/* vector */
enum {					/* attention */
	K_WEIGHTS = 0, K_SEED = 1, K_HEADS = 2, K_CONTENT = 3, K_HEAD = 4,
	K_SHUFFLE = 5
};

static inline void fx_init(struct state *s, const struct settings *st)
{
	state_init(s, views_catalog(), st);
}

/* This process's screen. */
static inline struct screen *fx_screen(void)
{
	static struct screen *sc;

	if (!sc)
		sc = screen_new(views_catalog());
	return sc;
}

static inline void fx_draw(const struct state *s, struct canvas *c)
{
	screen_draw(fx_screen(), s, c);
}

/* What pressing key `code` does to s, which must stay valid. */
static inline void fx_press(struct state *s, int code)
{
	struct action a = keys_action(s, code);

	reduce(s, &a);
	cr_assert(state_valid(s), "invalid after key %d", code);
}

/* The screen s shows, drawn on a new w x h canvas (the caller frees it). */
static inline struct canvas *fx_canvas(const struct state *s, int w, int h)
{
	struct canvas *c = canvas_new(w, h);

	cr_assert_not_null(c);
	fx_draw(s, c);
	return c;
}

/* The screen s shows on a w x h canvas, as text (the caller frees it). */
static inline char *fx_text(const struct state *s, int w, int h)
{
	struct canvas *c = fx_canvas(s, w, h);
	char *text;

	text = snap(c);
	canvas_free(c);
	return text;
}

/* View v drawn into r as the view shown (s's knobs of that view), with a
 * context of its own kept for the life of the process. */
static inline void fx_draw_view(int v, const struct state *s,
				struct canvas *c, struct rect r)
{
	static void *ctx[VIEWS_MAX];
	const struct view_spec *spec = views_catalog()->view[v];
	struct state t = *s;

	if (!ctx[v])
		ctx[v] = calloc(1, spec->ctx_size ? spec->ctx_size : 1);
	t.view = v;
	spec->draw(&t, ctx[v], c, r);
}

#endif
