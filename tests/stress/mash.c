/* mash.c - the key mash: random events through the explorer's own path
 * (keys_action, screen_click, screen_wheel, reduce, screen_draw), checking
 * the state's invariants after every event. Built with the project's objects,
 * normally under AddressSanitizer and UBSan (make stress, make test).
 *
 *   mash [-n EVENTS] [-s SEED] [-e DRAW_EVERY]
 *
 * Events: keys of the key table (so every key anyone binds is mashed, the
 * views 1-8 among them), other printable and non-ASCII characters, control
 * keys, codes no terminal sends, escape sequences arriving as separate keys
 * (as ncurses hands over ones it does not know), left clicks and wheel turns
 * on and just off the screen, resizes from 1x1 to 400x200, sweep ticks, and
 * ':' lines: random text, or a real command with a random or extreme value.
 * A frame is drawn every DRAW_EVERY events and after every resize; quits are
 * ignored (the session goes on). The same seed gives the same run.
 *
 * On a broken invariant it prints the seed, the event number and what the
 * event was, and aborts; at the end it prints one line with the speed and
 * the frames drawn in each view, and fails if a run of 10000 events or more
 * never drew one of them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/canvas.h"
#include "views/screen.h"
#include "model/keys.h"
#include "engine/pe.h"
#include "engine/rng.h"
#include "model/reduce.h"
#include "model/state.h"
#include "views/views.h"

/* ---- random numbers: the engine's generator, seeded by -s ---- */

static struct rng gen;

/* Uniform in [lo, hi]. */
static long long rng_range(long long lo, long long hi)
{
	return lo + (long long)rng_below(&gen, (uint64_t)(hi - lo) + 1);
}

static const char *rng_pick(const char *const *list, int n)
{
	return list[rng_range(0, n - 1)];
}

/* ---- the session ---- */

struct mash {
	struct state s;
	struct screen *sc;	/* the views' caches */
	struct canvas *c;
	int w, h;		/* the screen */
	long long event;	/* number of the event being applied */
	char what[200];		/* what it is, for the report */
	long long frames;	/* frames drawn */
	long long view_frames[VIEWS_MAX];	/* of them, in each view */
};

static void apply(struct mash *m, struct action a)
{
	reduce(&m->s, &a);
}

static void key(struct mash *m, int code)
{
	apply(m, keys_action(&m->s, code));
}

static void draw(struct mash *m)
{
	screen_draw(m->sc, &m->s, m->c);
	m->frames++;
	m->view_frames[m->s.view]++;
}

/* Checks the invariants of state.h independently of state_valid, and with
 * it; on failure reports the event and aborts. */
static void check(const struct mash *m)
{
	const struct state *s = &m->s;
	const struct pe_window *v = &s->window;
	long long d = s->cur.pe.d_model, len = s->cur.len;
	const char *broken = NULL;

	if (!state_valid(s))
		broken = "state_valid";
	else if (d < PE_D_MIN || d > PE_D_MAX || d % 2)
		broken = "d_model even, 2..65536";
	else if (!(s->cur.pe.base > 1.0 && s->cur.pe.base <= 1e12))
		broken = "1 < base <= 1e12";
	else if (len < 1 || len > PE_LEN_MAX)
		broken = "1 <= len <= 1e9";
	else if (s->cur.pos < 0 || s->cur.pos >= len)
		broken = "0 <= pos < len";
	else if (s->cur.dim < 0 || s->cur.dim >= d)
		broken = "0 <= dim < d";
	else if (v->npos < 1 || v->pos0 < 0 || v->pos0 + v->npos > len ||
		 v->ndim < 1 || v->dim0 < 0 || v->dim0 + v->ndim > d)
		broken = "window inside the matrix";
	else if (s->view < 0 || s->view >= s->cat->count)
		broken = "view id";
	if (!broken)
		return;
	fprintf(stderr, "mash: event %lld (%s) broke %s\n", m->event, m->what,
		broken);
	fprintf(stderr, "mash: d=%lld base=%.17g len=%lld pos=%lld dim=%d "
		"view pos0=%lld npos=%lld dim0=%d ndim=%d\n", d,
		s->cur.pe.base, len, s->cur.pos, s->cur.dim, v->pos0, v->npos,
		v->dim0, v->ndim);
	abort();
}

/* ---- event makers ---- */

/* A key of the key table, so that keys added later are mashed too. */
static void ev_table_key(struct mash *m)
{
	int n, code = 0;
	const struct keybinding *t = keys_table(&n);
	const struct keybinding *b = &t[rng_range(0, n - 1)];

	for (int tries = 0; code == 0 && tries < 4; tries++) {
		const int *side = rng_range(0, 1) ? b->up : b->down;
		code = side[rng_range(0, KEYS_PER_SIDE - 1)];
	}
	if (code == 0)
		code = b->down[0];
	if (b->kind == ACT_VIEW_SET)	/* the row stands for 1 .. 8 */
		code = '1' + (int)rng_range(0, m->s.cat->count - 1);
	snprintf(m->what, sizeof m->what, "table key %d", code);
	key(m, code);
}

static void ev_char(struct mash *m)
{
	static const int odd[] = { 0xe9, 0x3c9, 0x4e2d, 0x1f600, 0xfffd,
				   0x200b, 0x301, 0xd800, 0x10ffff };
	int code = rng_range(0, 3) ? (int)rng_range(0x20, 0x7e)
				   : odd[rng_range(0, 8)];

	snprintf(m->what, sizeof m->what, "char %d", code);
	key(m, code);
}

/* Special keys, control characters and codes no terminal sends. */
static void ev_control(struct mash *m)
{
	static const int odd[] = { -1, -1000000, 0x7fffffff, PK_SPECIAL + 100,
				   0x110000 - 1, 0x7f, 0x9b };
	int code;

	switch (rng_range(0, 2)) {
	case 0:
		code = (int)rng_range(PK_SPECIAL, PK_RESIZE);
		break;
	case 1:
		code = (int)rng_range(0, 31);
		break;
	default:
		code = odd[rng_range(0, 6)];
		break;
	}
	snprintf(m->what, sizeof m->what, "control code %d", code);
	key(m, code);
}

/* An escape sequence ncurses did not recognise arrives as ESC and then its
 * bytes as keys, all before the next frame. */
static void ev_escape(struct mash *m)
{
	static const char *const seqs[] = {
		"[A", "[1;5C", "[<0;60;4M", "[<64;3;3M", "OA", "[200~",
		"[15~", "]0;title\a", "[?1049h", "[999;999R", "P+q\x1b\\", "[",
	};
	const char *seq = rng_pick(seqs, 12);

	snprintf(m->what, sizeof m->what, "escape sequence ESC %s", seq);
	key(m, PK_ESC);
	for (const char *p = seq; *p; p++)
		key(m, (unsigned char)*p == 0x1b ? PK_ESC : (unsigned char)*p);
}

/* A cell of the screen, now and then just off it. */
static void pick_cell(const struct mash *m, int *x, int *y)
{
	int out = rng_range(0, 19) == 0;

	*x = (int)rng_range(out ? -3 : 0, m->w - 1 + (out ? 3 : 0));
	*y = (int)rng_range(out ? -3 : 0, m->h - 1 + (out ? 3 : 0));
}

static void ev_mouse(struct mash *m)
{
	int x, y, dir = rng_range(0, 1) ? 1 : -1;
	bool click = rng_range(0, 1);

	pick_cell(m, &x, &y);
	snprintf(m->what, sizeof m->what, "%s at %d,%d on %dx%d",
		 click ? "click" : dir > 0 ? "wheel up" : "wheel down", x, y,
		 m->w, m->h);
	if (click)
		apply(m, screen_click(m->sc, &m->s, m->w, m->h, x, y));
	else
		apply(m, screen_wheel(m->sc, &m->s, m->w, m->h, x, y, dir));
}

static void ev_resize(struct mash *m)
{
	/* Mostly ordinary terminals, sometimes the extremes. */
	int big = rng_range(0, 9) == 0;
	int w = (int)(big ? rng_range(1, 400) : rng_range(40, 200));
	int h = (int)(big ? rng_range(1, 200) : rng_range(10, 60));

	snprintf(m->what, sizeof m->what, "resize to %dx%d", w, h);
	if (canvas_resize(m->c, w, h) != 0) {
		fprintf(stderr, "mash: out of memory for %dx%d\n", w, h);
		exit(1);
	}
	m->w = w;
	m->h = h;
	draw(m);
}

static void ev_tick(struct mash *m)
{
	snprintf(m->what, sizeof m->what, "tick");
	apply(m, action_make(ACT_TICK, 0));
}

/* A value for a command: ordinary, extreme, or not a number at all. */
static void random_value(char *buf, size_t n)
{
	static const char *const odd[] = {
		"65536", "65534", "2", "1e9", "999999999", "1000000000",
		"1.000001", "1e12", "1e12.5", "0", "-1", "1e400", "nan", "inf",
		"0x10", "1e-400", "", "99999999999999999999", "3.5", "+7",
		"concat", "interleaved", "explore", "vector", "bugs",
		"transformer", "head-5e5",
	};

	if (rng_range(0, 1))
		snprintf(buf, n, "%lld", rng_range(0, 1) ? rng_range(0, 70000)
							 : rng_range(0, PE_LEN_MAX));
	else
		snprintf(buf, n, "%s", odd[rng_range(0, 26)]);
}

static void ev_command(struct mash *m)
{
	static const char *const words[] = {
		"d", "d_model", "base", "b", "len", "n", "pos", "p", "dim", "i",
		"layout", "view", "preset", "vector", "reset", "fit", "help",
		"lesson", "drill", "lang", "present",
	};
	char line[CMD_MAX * 2], value[48];

	if (rng_range(0, 3) == 0) {
		/* random printable text, sometimes longer than the line */
		int len = (int)rng_range(0, (int)sizeof line - 1);
		for (int i = 0; i < len; i++)
			line[i] = (char)rng_range(0x20, 0x7e);
		line[len] = '\0';
	} else {
		random_value(value, sizeof value);
		snprintf(line, sizeof line, "%s %s", rng_pick(words, 21), value);
	}
	snprintf(m->what, sizeof m->what, "':' line \"%.150s\"", line);
	key(m, ':');
	for (const char *p = line; *p; p++)
		key(m, (unsigned char)*p);
	if (rng_range(0, 7) == 0)
		key(m, PK_BACKSPACE);
	key(m, rng_range(0, 9) == 0 ? PK_ESC : PK_ENTER);
}

/* ---- main ---- */

static long long arg_number(const char *s, const char *what)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "mash: %s must be a whole number >= 0, got "
			"\"%s\"\n", what, s);
		exit(64);
	}
	return v;
}

int main(int argc, char **argv)
{
	long long events = 1000000, every = 1;
	uint64_t seed = 1;
	struct mash m;
	struct settings start = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct timespec t0, t1;
	double secs;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "-n") == 0)
			events = arg_number(argv[i + 1], "-n");
		else if (strcmp(argv[i], "-s") == 0)
			seed = (uint64_t)arg_number(argv[i + 1], "-s");
		else if (strcmp(argv[i], "-e") == 0)
			every = arg_number(argv[i + 1], "-e");
		else
			break;
	}
	if (argc % 2 == 0 || every < 1) {
		fprintf(stderr, "usage: mash [-n EVENTS] [-s SEED] "
			"[-e DRAW_EVERY (>= 1)]\n");
		return 64;
	}
	rng_init(&gen, seed, 0);
	memset(&m, 0, sizeof m);
	state_init(&m.s, views_catalog(), &start);
	m.w = 120;
	m.h = 40;
	m.c = canvas_new(m.w, m.h);
	m.sc = screen_new(views_catalog());
	if (!m.c || !m.sc)
		return 1;
	draw(&m);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (m.event = 1; m.event <= events; m.event++) {
		long long r = rng_range(0, 99);
		if (r < 40)
			ev_table_key(&m);
		else if (r < 55)
			ev_char(&m);
		else if (r < 62)
			ev_control(&m);
		else if (r < 66)
			ev_escape(&m);
		else if (r < 80)
			ev_mouse(&m);
		else if (r < 82)
			ev_resize(&m);
		else if (r < 90)
			ev_tick(&m);
		else
			ev_command(&m);
		check(&m);
		if (m.event % every == 0)
			draw(&m);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("mash: %lld events, seed %llu, %lld frames, %.1f s, "
	       "%.0f events/s; frames per view:", events,
	       (unsigned long long)seed, m.frames, secs,
	       secs > 0 ? (double)events / secs : 0.0);
	for (int v = 0; v < m.s.cat->count; v++)
		printf(" %lld", m.view_frames[v]);
	printf("\n");
	canvas_free(m.c);
	screen_free(m.sc);
	/* A long enough run that never drew some view missed part of the
	 * program: say so rather than pass. */
	for (int v = 0; v < m.s.cat->count; v++)
		if (events >= 10000 && m.view_frames[v] == 0) {
			fprintf(stderr, "mash: view %d was never drawn\n", v + 1);
			return 1;
		}
	return 0;
}
