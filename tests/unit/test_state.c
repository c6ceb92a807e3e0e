/* test_state.c - keys -> actions -> state, and the ':' commands, without a
 * terminal. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "model/command.h"
#include "model/keys.h"
#include "model/state.h"

static struct state st;

static void setup(void)
{
	struct settings start = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	fx_init(&st, &start);
}

static unsigned act(enum action_kind k, long long arg)
{
	struct action a = action_make(k, arg);
	return reduce(&st, &a);
}

static unsigned key(int code)
{
	struct action a = keys_action(&st, code);
	return reduce(&st, &a);
}

static void type_line(const char *text)
{
	key(':');
	for (const char *p = text; *p; p++)
		key((unsigned char)*p);
	key(PK_ENTER);
}

static const char *status(void)
{
	static char buf[128];
	return state_status(&st, buf, sizeof buf);
}

TestSuite(state, .init = setup);

Test(state, init_shows_whole_matrix)
{
	cr_assert(state_valid(&st));
	cr_assert_eq(st.window.pos0, 0);
	cr_assert_eq(st.window.npos, 128);
	cr_assert_eq(st.window.dim0, 0);
	cr_assert_eq(st.window.ndim, 512);
	cr_assert_str_eq(status(), "d_model=512 base=10000 len=128 pos=0 dim=0");
}

Test(state, position_keys_move_and_clamp)
{
	key(PK_LEFT);
	cr_assert_eq(st.cur.pos, 0, "cannot go below 0");
	key(PK_RIGHT);
	key('l');
	cr_assert_eq(st.cur.pos, 2);
	key('h');
	cr_assert_eq(st.cur.pos, 1);
	key(PK_PGDN);
	cr_assert_eq(st.cur.pos, 1 + 12, "a page is len/10 = 12");
	key(PK_PGUP);
	key(PK_PGUP);
	cr_assert_eq(st.cur.pos, 0);
	key(PK_END);
	cr_assert_eq(st.cur.pos, 127);
	key(PK_RIGHT);
	cr_assert_eq(st.cur.pos, 127, "cannot pass the last position");
	key(PK_HOME);
	cr_assert_eq(st.cur.pos, 0);
}

Test(state, dimension_keys_move_and_clamp)
{
	key(PK_UP);
	cr_assert_eq(st.cur.dim, 0);
	key(PK_DOWN);
	key('j');
	cr_assert_eq(st.cur.dim, 2);
	key('k');
	cr_assert_eq(st.cur.dim, 1);
	for (int i = 0; i < 600; i++)
		key('j');
	cr_assert_eq(st.cur.dim, 511);
}

Test(state, d_model_fine_and_coarse_steps)
{
	key(']');
	cr_assert_eq(st.cur.pe.d_model, 514);
	key('[');
	key('[');
	cr_assert_eq(st.cur.pe.d_model, 510);
	key('}');
	cr_assert_eq(st.cur.pe.d_model, 1020);
	key('{');
	cr_assert_eq(st.cur.pe.d_model, 510);
	cr_assert_eq(st.window.ndim, 510, "a full window stays full");
	for (int i = 0; i < 20; i++)
		key('{');
	cr_assert_eq(st.cur.pe.d_model, 2);
	key('[');
	cr_assert_eq(st.cur.pe.d_model, 2, "d_model never goes below 2");
	for (int i = 0; i < 20; i++)
		key('}');
	cr_assert_eq(st.cur.pe.d_model, 65536);
	key(']');
	cr_assert_eq(st.cur.pe.d_model, 65536);
}

Test(state, shrinking_d_model_clamps_the_dimension)
{
	type_line("dim 500");
	cr_assert_eq(st.cur.dim, 500);
	key('{');
	cr_assert_eq(st.cur.pe.d_model, 256);
	cr_assert_eq(st.cur.dim, 255);
	cr_assert(state_valid(&st));
}

Test(state, base_fine_steps_are_quarter_decades)
{
	key('.');
	cr_assert_float_eq(st.cur.pe.base, 17782.8, 1e-9);
	cr_assert_str_eq(status(), "d_model=512 base=17782.8 len=128 pos=0 dim=0");
	key('.');
	key('.');
	key('.');
	cr_assert_eq(st.cur.pe.base, 100000.0, "four quarter steps make a decade exactly");
	key(',');
	key(',');
	key(',');
	key(',');
	cr_assert_eq(st.cur.pe.base, 10000.0);
}

Test(state, base_coarse_steps_and_limits)
{
	key('>');
	cr_assert_eq(st.cur.pe.base, 1e5);
	cr_assert_str_eq(status(), "d_model=512 base=100000 len=128 pos=0 dim=0");
	for (int i = 0; i < 10; i++)
		key('>');
	cr_assert_eq(st.cur.pe.base, 1e12, "the base stops at 1e12");
	type_line("base 5");
	key('<');
	cr_assert_eq(st.cur.pe.base, 5.0, "a step below 1 is refused");
	cr_assert(st.msg_error);
	cr_assert(strstr(st.msg, "base") != NULL);
}

Test(state, length_steps_and_position_follows)
{
	key(PK_END);
	key('=');
	cr_assert_eq(st.cur.len, 256);
	cr_assert_eq(st.window.npos, 256, "a full window stays full");
	key('+');
	cr_assert_eq(st.cur.len, 2560);
	key('_');
	key('_');
	cr_assert_eq(st.cur.len, 25);
	cr_assert_eq(st.cur.pos, 24, "the position stays inside the length");
	for (int i = 0; i < 5; i++)
		key('-');
	cr_assert_eq(st.cur.len, 1);
	cr_assert_eq(st.cur.pos, 0);
	for (int i = 0; i < 12; i++)
		key('+');
	cr_assert_eq(st.cur.len, 1000000000LL);
	cr_assert(state_valid(&st));
}

Test(state, layout_toggle)
{
	key('t');
	cr_assert_eq(st.cur.pe.layout, PE_CONCAT);
	key('t');
	cr_assert_eq(st.cur.pe.layout, PE_INTERLEAVED);
}

Test(state, zoom_centres_on_the_crosshair_and_fits_back)
{
	type_line("pos 100");
	type_line("dim 300");
	key('z');
	cr_assert_eq(st.window.npos, 64);
	cr_assert_eq(st.window.pos0, 64, "window [64,128) holds 100, clamped at the end");
	cr_assert_eq(st.window.ndim, 256);
	cr_assert_eq(st.window.dim0, 172, "window centred on dim 300");
	key('H');
	cr_assert_eq(st.window.pos0, 48, "pan left by a quarter of 64");
	key('J');
	cr_assert_eq(st.window.dim0, 236);
	key('Z');
	cr_assert_eq(st.window.npos, 128);
	key('z');
	key('f');
	cr_assert_eq(st.window.npos, 128);
	cr_assert_eq(st.window.ndim, 512);
	for (int i = 0; i < 40; i++)
		key('z');
	cr_assert_eq(st.window.npos, 1);
	cr_assert_eq(st.window.ndim, 2);
	cr_assert(state_valid(&st));
}

Test(state, select_and_sweep)
{
	struct action sel = action_make(ACT_SELECT, 0);

	sel.pos_at = 77;
	sel.dim_at = 9;
	reduce(&st, &sel);
	cr_assert_eq(st.cur.pos, 77);
	cr_assert_eq(st.cur.dim, 9);
	cr_assert_eq(act(ACT_TICK, 0), REACT_NONE, "no sweep while paused");
	key(' ');
	cr_assert(st.playing);
	act(ACT_TICK, 0);
	cr_assert_eq(st.cur.pos, 78);
	type_line("pos 127");
	act(ACT_TICK, 0);
	cr_assert_eq(st.cur.pos, 0, "the sweep wraps to the window's start");
}

Test(state, reset_returns_to_the_start)
{
	key(']');
	key('>');
	key('=');
	key('l');
	key('z');
	key('r');
	cr_assert_str_eq(status(), "d_model=512 base=10000 len=128 pos=0 dim=0");
	cr_assert_eq(st.window.npos, 128);
}

Test(state, help_quit_and_escape)
{
	key('?');
	cr_assert(st.help);
	key(PK_ESC);
	cr_assert(!st.help);
	cr_assert_eq(key('q') & REACT_QUIT, REACT_QUIT);
}

/* ---- the ':' line ---- */

Test(state, commands_set_exact_values)
{
	type_line("d 768");
	type_line("base 5e5");
	type_line("len 4096");
	type_line("pos 1000");
	type_line("dim 10");
	cr_assert_str_eq(status(), "d_model=768 base=500000 len=4096 pos=1000 dim=10");
	type_line("layout concat");
	cr_assert_eq(st.cur.pe.layout, PE_CONCAT);
	type_line("layout interleaved");
	cr_assert_eq(st.cur.pe.layout, PE_INTERLEAVED);
	type_line("  b   1e+06 ");
	cr_assert_str_eq(status(), "d_model=768 base=1e6 len=4096 pos=1000 dim=10");
	cr_assert_eq(st.msg[0], '\0', "no error after good commands");
}

Test(state, bad_commands_change_nothing_and_explain)
{
	static const char *const bad[] = {
		"d 513", "d 0", "d 70000", "d abc", "d 12abc", "d", "base 1",
		"base 0.5", "base 1e13", "base nan", "base inf", "len 0",
		"len 2e9", "len 1.5", "pos 128", "pos -1", "dim 512",
		"layout diagonal", "frobnicate", "q now", "d 512 1024",
	};
	char before[128];

	strcpy(before, status());
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		type_line(bad[i]);
		cr_assert(st.msg_error, "\":%s\" is refused", bad[i]);
		cr_assert(st.msg[0] != '\0');
		cr_assert_str_eq(status(), before, "\":%s\" changed nothing", bad[i]);
		cr_assert_eq(st.cur.pe.layout, PE_INTERLEAVED);
		cr_assert(!st.cmd.active, "the line closes after Enter");
	}
}

Test(state, command_messages_name_the_value)
{
	type_line("d 513");
	cr_assert(strstr(st.msg, "d_model") && strstr(st.msg, "\"513\""), "%s", st.msg);
	type_line("nosuch");
	cr_assert(strstr(st.msg, "unknown command") && strstr(st.msg, "nosuch"), "%s", st.msg);
}

Test(state, quit_command)
{
	key(':');
	key('q');
	cr_assert_eq(key(PK_ENTER) & REACT_QUIT, REACT_QUIT);
}

Test(state, escape_cancels_the_line)
{
	key(':');
	key('d');
	key(' ');
	key('8');
	key(PK_ESC);
	cr_assert(!st.cmd.active);
	cr_assert_eq(st.cur.pe.d_model, 512);
}

Test(state, line_editing)
{
	key(':');
	key('x');
	cr_assert_str_eq(st.cmd.text, "x");
	key(PK_BACKSPACE);
	cr_assert_str_eq(st.cmd.text, "");
	cr_assert(st.cmd.active);
	key(0x4e2d);	/* a CJK character is stored as UTF-8 */
	cr_assert_str_eq(st.cmd.text, "\xe4\xb8\xad");
	key(PK_BACKSPACE);
	cr_assert_str_eq(st.cmd.text, "", "backspace removes the whole character");
	key(7);	/* a control character never enters the line */
	cr_assert_str_eq(st.cmd.text, "");
	key(PK_BACKSPACE);
	cr_assert(!st.cmd.active, "backspace on an empty line closes it");
	key(':');
	for (int i = 0; i < 500; i++)
		key('9');
	cr_assert_eq(st.cmd.len, CMD_MAX - 1, "the line stops at its capacity");
	cr_assert(state_valid(&st));
}

Test(state, keys_on_the_line_do_not_act)
{
	key(':');
	key('q');
	cr_assert(st.cmd.active);
	cr_assert_str_eq(st.cmd.text, "q");
}

Test(state, every_table_key_maps_to_its_action)
{
	int n;
	const struct keybinding *t = keys_table(&n);
	cr_assert_gt(n, 10);
	for (int i = 0; i < n; i++) {
		struct action a = keys_action(&st, t[i].down[0]);
		cr_assert_eq(a.kind, t[i].kind, "row %d", i);
		cr_assert_eq(a.arg, t[i].kind == ACT_VIEW_SET ? 0 : -1);
		if (t[i].up[0]) {
			a = keys_action(&st, t[i].up[0]);
			cr_assert_eq(a.kind, t[i].kind);
			cr_assert_eq(a.arg, 1);
		}
		{
			char buf[256];
			const char *h = keys_text(&t[i], views_catalog(), LANG_EN,
						  buf, sizeof buf);

			cr_assert(h && *h, "row %d has help", i);
		}
	}
}

/* Random actions from every family never break the invariants. */
Test(state, random_actions_keep_invariants)
{
	srand(12345);
	for (int i = 0; i < 200000; i++) {
		struct action a;
		a.kind = (enum action_kind)(rand() % (ACT_QUIT + 1));
		a.arg = rand() % 3 - 1 + (rand() % 50 == 0 ? rand() : 0);
		a.pos_at = (long long)rand() * (rand() % 3 - 1);
		a.dim_at = rand() % 70000 - 1;
		a.knob = rand() % 8 - 1;
		a.step = rand() % 4 - 1;
		if (a.kind == ACT_QUIT)
			continue;
		if (a.kind == ACT_CMD_CHAR)
			a.arg = rand() % 0x300;
		reduce(&st, &a);
		cr_assert(state_valid(&st), "invalid after action %d (kind %d)", i, a.kind);
	}
}

/* A reader that reads nothing: the model it reports is made up here. */
static int fake_reader(const char *path, enum lang l, struct model_pick *out,
		       char *err, size_t n)
{
	(void)l;
	if (strcmp(path, "cfg/missing.json") == 0) {
		snprintf(err, n, "%s: cannot read", path);
		return 66;
	}
	*out = (struct model_pick){ .name = "made-up", .width = 64, .base = 5e5,
				    .train = 2048 };
	return 0;
}

/* What the scenes save to bring the model back: the word :model takes. */
Test(state, the_model_source_is_the_word_that_shows_it_again)
{
	cr_assert_null(state_model_source(&st), "none at the start");
	type_line("model head-5e5");
	cr_assert_str_eq(state_model_source(&st), "head-5e5");
	key('m');
	cr_assert_str_eq(state_model_source(&st), "head-1e4",
			 "m steps back through the same table");
	st.read_model = fake_reader;
	type_line("model cfg/llama.json");
	cr_assert_str_eq(state_model_source(&st), "cfg/llama.json");
	cr_assert_str_eq(status(), "made-up  d_model=64 base=500000 len=128 pos=0 dim=0");
	type_line("model cfg/missing.json");
	cr_assert_str_eq(state_model_source(&st), "cfg/llama.json",
			 "a refused file changes nothing");
	type_line("preset transformer");
	cr_assert_str_eq(state_model_source(&st), "transformer");
	type_line("reset");
	cr_assert_null(state_model_source(&st), "the start values have none");
}
