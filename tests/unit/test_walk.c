/* test_walk.c - every view, after a seeded walk of actions, shows what a
 * fresh screen shows for the state the walk ends in.
 *
 * A view keeps caches between frames (views/screen.h, render/cache.h), and
 * a cache whose key misses an input keeps a stale result that no test of a
 * single frame sees. Here one screen follows a walk of WALK_STEPS actions
 * from a seeded generator: parameter keys, the view's own knob keys (its
 * spec's steps), position and dimension moves, zooms and pans, and resizes
 * of the canvas, each followed by a frame, with no budget or with the
 * smallest one (work.h: one slice per frame, so jobs are left half done and
 * taken up again, after more actions, later). After half the actions
 * (drawn at random) and at the end, the frames go on until no job is left;
 * the screen must then be, text and colours, the one a new screen (empty
 * contexts) draws for the same state at once. Checking only at the end
 * would miss most stale inputs: some later change of an input the key
 * does hold usually rebuilds the cache anyway. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/keycode.h"
#include "engine/rng.h"
#include "fixture.h"
#include "render/work.h"

enum {
	WALK_STEPS = 200,
	W_MIN = 40, W_SPAN = 121,	/* widths 40 .. 160 */
	H_MIN = 12, H_SPAN = 39,	/* heights 12 .. 50 */
	D_CAP = 2048,			/* keeps the frames cheap */
	/* the context view's table searches the smallest base for L0
	 * (Men et al.), d L0^2 / 32 terms for every fresh screen: a walk
	 * there keeps d at most 128 and L0 at most 512 (its stale-cache
	 * checks need neither wide; men_bound.sh and test_view_context
	 * check the search itself) */
	D_CAP_CONTEXT = 128,
	L0_CAP_CONTEXT = 512,
	FRAMES_MAX = 2000		/* to finish the last jobs */
};

/* A budget no frame can keep: each frame gets its first slice only. */
static const double TINY = 1e-9;

static void setup(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

static void teardown(void)
{
	work_budget_set(0.0);
}

TestSuite(walk, .init = setup, .fini = teardown);

/* A number in [0, n), from the engine's generator (the same on every
 * machine). */
static int pick(struct rng *r, int n)
{
	return (int)rng_below(r, (uint64_t)n);
}

/* The keys every walk presses: the parameters, moves, zooms and pans. */
static const int common_keys[] = {
	'[', ']', '{', '}', ',', '.', '<', '>', '-', '=', '_', '+', 't',
	PK_LEFT, PK_RIGHT, PK_UP, PK_DOWN, PK_PGUP, PK_PGDN, PK_HOME, PK_END,
	'z', 'Z', 'f', 'H', 'L', 'K', 'J'
};

enum { KEYS_MAX = 64 };

/* The keys a walk of view v presses: the common ones, and each knob
 * step's two keys, twice (so that the knobs move often). */
static int walk_keys(int v, int *keys)
{
	const struct view_spec *spec = views_catalog()->view[v];
	int n = 0;

	for (size_t i = 0; i < sizeof common_keys / sizeof common_keys[0]; i++)
		keys[n++] = common_keys[i];
	for (int k = 0; k < spec->nknobs; k++)
		for (int j = 0; j < spec->knob[k].nsteps; j++)
			for (int twice = 0; twice < 2; twice++) {
				keys[n++] = spec->knob[k].step[j].down;
				keys[n++] = spec->knob[k].step[j].up;
			}
	cr_assert_leq(n, KEYS_MAX);
	return n;
}

/* Key `code` pressed in s, except that d_model stays at most D_CAP
 * (D_CAP_CONTEXT in the context view, where L0 (its first knob, x/X)
 * stays at most L0_CAP_CONTEXT). */
static void press(struct state *s, int code)
{
	int cap = s->view == VIEW_CONTEXT ? D_CAP_CONTEXT : D_CAP;

	if (s->cur.pe.d_model >= cap && (code == ']' || code == '}'))
		code = code == ']' ? '[' : '{';
	if (s->view == VIEW_CONTEXT && s->train >= L0_CAP_CONTEXT &&
	    code == 'X')
		code = 'x';
	fx_press(s, code);
}

/* One frame of s into c with the budget ms (0: none). */
static void frame(struct screen *sc, const struct state *s, struct canvas *c,
		  double ms)
{
	work_budget_set(ms);
	work_frame_start();
	screen_draw(sc, s, c);
}

/* Text and colours of c; the caller frees it. */
static char *screen_text(const struct canvas *c)
{
	char *t = snap_opts(c, true, COLOR_256, PALETTE_RDBU);

	cr_assert_not_null(t);
	return t;
}

/* Logs the first row where the two screens' texts differ, or that only
 * their colours do. */
static void log_first_difference(const char *walked, const char *fresh)
{
	for (int row = 0; *walked || *fresh; row++) {
		size_t a = strcspn(walked, "\n"), b = strcspn(fresh, "\n");

		if (a != b || memcmp(walked, fresh, a) != 0) {
			cr_log_info("row %d after the walk: %.*s", row, (int)a,
				    walked);
			cr_log_info("row %d fresh:          %.*s", row, (int)b,
				    fresh);
			return;
		}
		walked += a + (walked[a] != '\0');
		fresh += b + (fresh[b] != '\0');
	}
	cr_log_info("the texts agree; only the colours differ");
}

/* Frames of s on sc with budget ms until no job is left; then whether
 * the screen is the one a new screen draws for s at once. */
static bool settled_is_fresh(struct screen *sc, const struct state *s,
			     struct canvas *c, double ms)
{
	struct screen *fresh = screen_new(views_catalog());
	char *walked, *want, *plain_walked, *plain_want;
	bool same;

	cr_assert_not_null(fresh);
	for (int n = 0; work_unfinished(); n++) {
		cr_assert_lt(n, FRAMES_MAX, "the jobs never ended");
		frame(sc, s, c, ms);
	}
	walked = screen_text(c);
	plain_walked = snap(c);
	frame(fresh, s, c, 0.0);
	cr_assert(!work_unfinished());
	want = screen_text(c);
	plain_want = snap(c);
	same = strcmp(walked, want) == 0;
	if (!same)
		log_first_difference(plain_walked, plain_want);
	free(walked);
	free(want);
	free(plain_walked);
	free(plain_want);
	screen_free(fresh);
	return same;
}

/* The walk of view v from seed, compared with fresh screens on the way. */
static void walk(int v, uint64_t seed)
{
	struct settings st = { { 256, 10000.0, PE_INTERLEAVED }, 512, 17, 3 };
	struct screen *sc = screen_new(views_catalog());
	struct canvas *c = canvas_new(120, 40);
	struct state s;
	int keys[KEYS_MAX], nkeys = walk_keys(v, keys);
	struct rng r;

	cr_assert_not_null(sc);
	cr_assert_not_null(c);
	rng_init(&r, seed, (uint64_t)v);
	fx_init(&s, &st);
	s.view = v;
	frame(sc, &s, c, 0.0);
	for (int i = 1; i <= WALK_STEPS; i++) {
		double ms;

		if (pick(&r, 8) == 0)
			cr_assert_eq(canvas_resize(c, W_MIN + pick(&r, W_SPAN),
						   H_MIN + pick(&r, H_SPAN)),
				     0);
		else
			press(&s, keys[pick(&r, nkeys)]);
		ms = pick(&r, 2) ? TINY : 0.0;
		frame(sc, &s, c, ms);
		if ((pick(&r, 2) == 0 || i == WALK_STEPS) &&
		    !settled_is_fresh(sc, &s, c, ms)) {
			cr_expect_fail("view %s, walk from seed %llu: after %d "
				       "actions the screen is not the one a "
				       "fresh screen draws",
				       views_catalog()->view[v]->name,
				       (unsigned long long)seed, i);
			break;
		}
	}
	screen_free(sc);
	canvas_free(c);
}

/* Three walks a view, from different seeds. */
static void walks(int v)
{
	for (uint64_t seed = 1; seed <= 3; seed++)
		walk(v, seed * 7919 + (uint64_t)v);
}

/* Every view of the catalog, one test each, so a new view is walked too. */
ParameterizedTestParameters(walk, every_view)
{
	static int views[VIEWS_MAX];
	int n = views_catalog()->count;

	for (int v = 0; v < n; v++)
		views[v] = v;
	return cr_make_param_array(int, views, (size_t)n);
}

ParameterizedTest(int *v, walk, every_view)
{
	walks(*v);
}
