/* test_script.c - the --keys script format: every kind of line, every kind
 * of bad line with its exact message, and sessions run from memory through
 * script_feed, checked against values worked out by hand. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "app/cli.h"
#include "model/keys.h"
#include "app/script.h"

/* ---- parsing ---- */

static struct script_event ev;
static char err[SCRIPT_ERR_MAX];

static bool parse(const char *line)
{
	err[0] = '\0';
	return script_parse(line, strlen(line), &ev, err, sizeof err);
}

/* Parses a line that must be refused with exactly `msg`. */
static void refused(const char *line, const char *msg)
{
	cr_assert_not(parse(line), "accepted: \"%s\"", line);
	cr_assert_str_eq(err, msg);
}

static int key_of(const char *line)
{
	cr_assert(parse(line), "refused \"%s\": %s", line, err);
	cr_assert_eq(ev.op, SCRIPT_KEY);
	return ev.key;
}

Test(script_parse, blank_lines_and_comments_do_nothing)
{
	const char *lines[] = { "", "   ", "\t", "# comment", "  #indented",
				"#", "#key frob" };

	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		cr_assert(parse(lines[i]), "refused \"%s\"", lines[i]);
		cr_assert_eq(ev.op, SCRIPT_NOTHING);
	}
}

/* A '#' that starts a word begins a comment to the end of the line, with
 * the blanks before it; "\#" is a '#' of the line itself. */
Test(script_parse, comments_may_end_a_line)
{
	cr_assert(parse("cmd base 5e5   # half a million"), "%s", err);
	cr_assert_eq(ev.op, SCRIPT_CMD);
	cr_assert_str_eq(ev.text, "base 5e5");
	cr_assert(parse("text 768 # types 7, 6 and 8"), "%s", err);
	cr_assert_str_eq(ev.text, "768");
	cr_assert(parse("text  two  \t# spaces before the comment go too"));
	cr_assert_str_eq(ev.text, " two");
	cr_assert(parse("key Right          # a key"), "%s", err);
	cr_assert_eq(ev.key, PK_RIGHT);
	cr_assert(parse("click 4 5 # there"), "%s", err);
	cr_assert_eq(ev.op, SCRIPT_CLICK);
	cr_assert(parse("tick\t#one"), "%s", err);
	cr_assert_eq(ev.op, SCRIPT_TICK);
	cr_assert_eq(ev.count, 1);
}

Test(script_parse, a_backslash_makes_hash_a_character)
{
	cr_assert_eq(key_of("key \\#"), '#');
	cr_assert_eq(key_of("key \\#   # the key #"), '#');
	cr_assert(parse("text a \\# b # not this"), "%s", err);
	cr_assert_str_eq(ev.text, "a # b");
	cr_assert(parse("text a#b"), "%s", err);	/* inside a word */
	cr_assert_str_eq(ev.text, "a#b");
	cr_assert(parse("text C:\\dir\\ \\\\#"), "%s", err);
	cr_assert_str_eq(ev.text, "C:\\dir\\ \\#");
	/* A comment: no key is left. */
	refused("key #", "key: missing values, as in \"key Left\"");
}

Test(script_parse, key_names)
{
	cr_assert_eq(key_of("key Left"), PK_LEFT);
	cr_assert_eq(key_of("key right"), PK_RIGHT);
	cr_assert_eq(key_of("key UP"), PK_UP);
	cr_assert_eq(key_of("key Down"), PK_DOWN);
	cr_assert_eq(key_of("key PgUp"), PK_PGUP);
	cr_assert_eq(key_of("key PgDn"), PK_PGDN);
	cr_assert_eq(key_of("key Home"), PK_HOME);
	cr_assert_eq(key_of("key End"), PK_END);
	cr_assert_eq(key_of("key Enter"), PK_ENTER);
	cr_assert_eq(key_of("key Esc"), PK_ESC);
	cr_assert_eq(key_of("key Backspace"), PK_BACKSPACE);
	cr_assert_eq(key_of("key Tab"), PK_TAB);
	cr_assert_eq(key_of("key BTab"), PK_BTAB);
	cr_assert_eq(key_of("key Space"), ' ');
}

Test(script_parse, single_characters_are_case_sensitive)
{
	cr_assert_eq(key_of("key q"), 'q');
	cr_assert_eq(key_of("key Q"), 'Q');
	cr_assert_eq(key_of("key :"), ':');
	cr_assert_eq(key_of("key \\#"), '#');	/* "key #" is a comment */
	cr_assert_eq(key_of("key \xc3\xa9"), 0xe9);		/* é */
	cr_assert_eq(key_of("key \xf0\x9f\x98\x80"), 0x1f600);	/* emoji */
	cr_assert_eq(key_of("  key\tl  "), 'l');
}

Test(script_parse, control_keys_as_a_terminal_sends_them)
{
	cr_assert_eq(key_of("key C-c"), 3);
	cr_assert_eq(key_of("key c-C"), 3);
	cr_assert_eq(key_of("key C-l"), 12);
	cr_assert_eq(key_of("key C-a"), 1);
	cr_assert_eq(key_of("key C-z"), 26);
	cr_assert_eq(key_of("key C-i"), PK_TAB);
	cr_assert_eq(key_of("key C-m"), PK_ENTER);
	cr_assert_eq(key_of("key C-j"), PK_ENTER);
	cr_assert_eq(key_of("key C-h"), PK_BACKSPACE);
}

Test(script_parse, text_keeps_every_space_after_the_first)
{
	cr_assert(parse("text d 64"));
	cr_assert_eq(ev.op, SCRIPT_TEXT);
	cr_assert_str_eq(ev.text, "d 64");
	cr_assert(parse("text  two  "));
	cr_assert_str_eq(ev.text, " two  ");
	cr_assert(parse("text\t\xe4\xb8\xad"));
	cr_assert_str_eq(ev.text, "\xe4\xb8\xad");
}

Test(script_parse, cmd_line_may_be_empty)
{
	cr_assert(parse("cmd base 5e5"));
	cr_assert_eq(ev.op, SCRIPT_CMD);
	cr_assert_str_eq(ev.text, "base 5e5");
	cr_assert(parse("cmd"));
	cr_assert_eq(ev.op, SCRIPT_CMD);
	cr_assert_str_eq(ev.text, "");
}

Test(script_parse, mouse_resize_and_tick)
{
	cr_assert(parse("click 10 5"));
	cr_assert_eq(ev.op, SCRIPT_CLICK);
	cr_assert_eq(ev.x, 10);
	cr_assert_eq(ev.y, 5);
	cr_assert(parse("wheel up 0 999"));
	cr_assert_eq(ev.op, SCRIPT_WHEEL);
	cr_assert_eq(ev.dir, 1);
	cr_assert_eq(ev.y, 999);
	cr_assert(parse("WHEEL Down 3 4"));
	cr_assert_eq(ev.dir, -1);
	cr_assert(parse("resize 1e3 1"));
	cr_assert_eq(ev.op, SCRIPT_RESIZE);
	cr_assert_eq(ev.w, 1000);
	cr_assert_eq(ev.h, 1);
	cr_assert(parse("tick"));
	cr_assert_eq(ev.op, SCRIPT_TICK);
	cr_assert_eq(ev.count, 1);
	cr_assert(parse("tick 1e5"));
	cr_assert_eq(ev.count, 100000);
}

Test(script_parse, bad_lines_say_why)
{
	refused("frob 1", "unknown event \"frob\" (key, text, cmd, click, "
		"wheel, resize, tick, or # for a comment)");
	refused("key", "key: missing values, as in \"key Left\"");
	refused("key a b", "key: too many values, as in \"key Left\"");
	refused("key Lefty", "key: unknown key \"Lefty\" (a character, a name "
		"such as Left, Enter or Space, or C-a .. C-z)");
	refused("key C-1", "key: unknown key \"C-1\" (a character, a name "
		"such as Left, Enter or Space, or C-a .. C-z)");
	refused("key \x7f", "key: unknown key \"\\x7f\" (a character, a name "
		"such as Left, Enter or Space, or C-a .. C-z)");
	refused("text", "text: nothing to type, as in \"text d 64\"");
	refused("text a\tb", "text: control character U+0009 in the string "
		"(use a key line for Tab, Enter...)");
	refused("cmd d\x1b", "cmd: control character U+001B in the string "
		"(use a key line for Tab, Enter...)");
	refused("click 5", "click: missing values, as in \"click 10 5\"");
	refused("click 1 2 3", "click: too many values, as in \"click 10 5\"");
	refused("click -1 2", "click: X must be an integer from 0 to 999, got "
		"\"-1\" (out of range)");
	refused("click 1 y", "click: Y must be an integer from 0 to 999, got "
		"\"y\" (not a number)");
	refused("wheel left 1 2", "wheel: direction must be up or down, got "
		"\"left\"");
	refused("resize 0 10", "resize: W must be an integer from 1 to 1000, "
		"got \"0\" (out of range)");
	refused("resize 80 1001", "resize: H must be an integer from 1 to "
		"1000, got \"1001\" (out of range)");
	refused("tick 0", "tick: N must be an integer from 1 to 100000, got "
		"\"0\" (out of range)");
	refused("tick 1.5", "tick: N must be an integer from 1 to 100000, got "
		"\"1.5\" (not a whole number)");
	refused("tick 1 2", "tick: too many values, as in \"tick 25\"");
}

Test(script_parse, long_words_are_cut_in_messages)
{
	char line[200], msg[SCRIPT_ERR_MAX];

	snprintf(line, sizeof line, "key %s", "abcdefghijklmnopqrstuvwxyz0123456789");
	snprintf(msg, sizeof msg, "key: unknown key \"%s...\" (a character, a "
		 "name such as Left, Enter or Space, or C-a .. C-z)",
		 "abcdefghijklmnopqrstuvwxyz012345");
	refused(line, msg);
}

Test(script_parse, nul_bytes_and_invalid_utf8_are_bad_lines)
{
	static const struct {
		const char *bytes;
		size_t len;
		const char *msg;
	} cases[] = {
		{ "key q\0x", 7, "NUL byte at column 6" },
		{ "text \xff", 6, "invalid UTF-8 at column 6 (byte 0xff)" },
		{ "text \xc0\x80", 7, "invalid UTF-8 at column 6 (byte 0xc0)" },
		{ "text \xe0\x80\x80", 8, "invalid UTF-8 at column 6 (byte 0xe0)" },
		{ "text \xed\xa0\x80", 8, "invalid UTF-8 at column 6 (byte 0xed)" },
		{ "text \xf4\x90\x80\x80", 9, "invalid UTF-8 at column 6 (byte 0xf4)" },
		{ "text a\xe4\xb8", 8, "invalid UTF-8 at column 7 (byte 0xe4)" },
		{ "# \x80", 3, "invalid UTF-8 at column 3 (byte 0x80)" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cr_assert_not(script_parse(cases[i].bytes, cases[i].len, &ev, err,
					   sizeof err), "case %zu", i);
		cr_assert_str_eq(err, cases[i].msg, "case %zu", i);
	}
}

Test(script_parse, messages_fit_a_small_buffer)
{
	char small[16];

	cr_assert_not(script_parse("frob", 4, &ev, small, sizeof small));
	cr_assert_eq(strlen(small), sizeof small - 1);
	cr_assert_str_eq(small, "unknown event \"");
}

/* ---- sessions ---- */

static struct script_session ss;
static struct canvas *screen;

static void session_setup(void)
{
	struct settings start = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };

	screen = canvas_new(120, 40);
	cr_assert_not_null(screen);
	fx_init(&ss.s, &start);
	script_begin(&ss, fx_screen(), screen);
}

static void session_teardown(void)
{
	canvas_free(screen);
}

/* Runs script text (len bytes, may hold NULs) through script_feed. */
static enum script_status run_bytes(const char *text, size_t len)
{
	FILE *f = fmemopen((void *)text, len, "r");
	enum script_status st;

	cr_assert_not_null(f);
	err[0] = '\0';
	st = script_feed(&ss, f, err, sizeof err);
	fclose(f);
	return st;
}

static enum script_status run(const char *text)
{
	return run_bytes(text, strlen(text));
}

static const char *status(void)
{
	static char buf[128];
	return state_status(&ss.s, buf, sizeof buf);
}

/* Row y of the screen as text. */
static char *row(int y)
{
	static char buf[4096];
	size_t k = 0;

	for (int x = 0; x < canvas_width(screen) && k + 5 < sizeof buf; x++) {
		const struct cell *c = canvas_cell(screen, x, y);
		uint32_t cp = canvas_glyph(c, true, false);
		if (cp && cp < 0x80)
			buf[k++] = (char)cp;
		else if (cp)
			buf[k++] = '?';
	}
	buf[k] = '\0';
	return buf;
}

TestSuite(script_run, .init = session_setup, .fini = session_teardown);

Test(script_run, the_first_frame_is_drawn_at_the_start)
{
	cr_assert(strstr(row(0), "d_model=512 base=10000 len=128 pos=0 dim=0"),
		  "%s", row(0));
}

Test(script_run, keys_text_and_commands_reach_the_state)
{
	cr_assert_eq(run("key l\nkey Right\ntext lll\ncmd d 64\ncmd len 1e3\n"
			 "key Down\n"), SCRIPT_DONE);
	cr_assert_str_eq(status(), "d_model=64 base=10000 len=1000 pos=5 dim=1");
	cr_assert_eq(ss.line, 6);
	cr_assert_not(ss.quit);
	/* the last line was drawn */
	cr_assert(strstr(row(0), "pos=5 dim=1"), "%s", row(0));
}

Test(script_run, a_refused_command_changes_nothing_and_says_so)
{
	cr_assert_eq(run("cmd d 513\n"), SCRIPT_DONE);
	cr_assert_str_eq(status(), "d_model=512 base=10000 len=128 pos=0 dim=0");
	cr_assert(ss.s.msg_error);
	cr_assert(strstr(ss.s.msg, "d_model"), "%s", ss.s.msg);
}

Test(script_run, ticks_step_the_sweep_only_while_it_plays)
{
	cr_assert_eq(run("tick 7\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 0);
	/* 128 positions in view: one position per tick */
	cr_assert_eq(run("key Space\ntick 5\ntick\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 6);
	cr_assert(strstr(row(0), "pos=6"), "the tick line was not drawn: %s",
		  row(0));
	/* a window of 1000 positions: 1000/200 = 5 per tick */
	cr_assert_eq(run("cmd len 1000\ncmd pos 0\ntick 3\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 15);
	/* the sweep wraps at the end of the window: 100000 ticks of 5
	 * positions over 1000 positions is 500 laps, back at 0 */
	cr_assert_eq(run("cmd pos 0\ntick 100000\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 0);
}

Test(script_run, resize_redraws_at_the_new_size)
{
	cr_assert_eq(run("resize 70 22\nkey l\n"), SCRIPT_DONE);
	cr_assert_eq(canvas_width(screen), 70);
	cr_assert_eq(canvas_height(screen), 22);
	cr_assert(strstr(row(0), "pos=1"), "%s", row(0));
	cr_assert_eq(run("resize 30 10\n"), SCRIPT_DONE);
	cr_assert(strstr(row(5), "too small"), "%s", row(5));
}

Test(script_run, clicks_must_be_on_the_screen)
{
	cr_assert_eq(run("key l\nclick 120 3\n"), SCRIPT_BAD_LINE);
	cr_assert_eq(ss.line, 2);
	cr_assert_str_eq(err, "click: cell 120 3 is outside the 120x40 screen "
			 "(X 0 to 119, Y 0 to 39)");
	cr_assert_eq(run("wheel up 3 40\n"), SCRIPT_BAD_LINE);
	cr_assert_str_eq(err, "wheel: cell 3 40 is outside the 120x40 screen "
			 "(X 0 to 119, Y 0 to 39)");
	/* the status bar is no plot: a click there changes nothing */
	cr_assert_eq(run("click 60 0\n"), SCRIPT_DONE);
	cr_assert_str_eq(status(), "d_model=512 base=10000 len=128 pos=1 dim=0");
}

Test(script_run, a_click_on_the_heatmap_selects_what_is_under_it)
{
	cr_assert_eq(run("click 60 3\n"), SCRIPT_DONE);
	/* the middle of the heatmap's width is near the middle of 0..127 */
	cr_assert(ss.s.cur.pos > 40 && ss.s.cur.pos < 90, "pos %lld",
		  ss.s.cur.pos);
	cr_assert_eq(run("wheel up 60 3\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.window.npos, 64);
}

Test(script_run, a_quit_stops_reading)
{
	cr_assert_eq(run("key l\nkey q\nfrob\nkey l\n"), SCRIPT_DONE);
	cr_assert(ss.quit);
	cr_assert_eq(ss.line, 2);
	cr_assert_eq(ss.s.cur.pos, 1);
}

Test(script_run, quitting_inside_a_burst_drops_the_rest)
{
	cr_assert_eq(run("text lqll\n"), SCRIPT_DONE);
	cr_assert(ss.quit);
	cr_assert_eq(ss.s.cur.pos, 1);
	cr_assert_eq(run("key l\n"), SCRIPT_DONE);	/* nothing after a quit */
	cr_assert_eq(ss.s.cur.pos, 1);
}

Test(script_run, cmd_q_and_ctrl_c_quit)
{
	cr_assert_eq(run("cmd q\n"), SCRIPT_DONE);
	cr_assert(ss.quit);
	session_teardown();
	session_setup();
	cr_assert_eq(run("key C-c\n"), SCRIPT_DONE);
	cr_assert(ss.quit);
}

Test(script_run, crlf_and_a_last_line_without_newline)
{
	cr_assert_eq(run("key l\r\nkey l\r\nkey l"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 3);
	cr_assert_eq(ss.line, 3);
}

/* Editors on Windows start a UTF-8 file with a byte-order mark. */
Test(script_run, a_byte_order_mark_at_the_start_is_skipped)
{
	cr_assert_eq(run("\xef\xbb\xbfkey l\r\nkey l\r\n"), SCRIPT_DONE);
	cr_assert_eq(ss.s.cur.pos, 2);
	cr_assert_eq(ss.line, 2);
}

Test(script_run, a_byte_order_mark_later_is_a_bad_line)
{
	cr_assert_eq(run("key l\n\xef\xbb\xbfkey l\n"), SCRIPT_BAD_LINE);
	cr_assert_eq(ss.line, 2);
}

Test(script_run, the_first_bad_line_stops_the_session)
{
	cr_assert_eq(run("key l\n\n# fine\nkey Lefty\nkey l\n"), SCRIPT_BAD_LINE);
	cr_assert_eq(ss.line, 4);
	cr_assert_eq(ss.s.cur.pos, 1);
}

Test(script_run, nul_bytes_stop_the_session)
{
	cr_assert_eq(run_bytes("key l\ntext a\0b\nkey l\n", 20), SCRIPT_BAD_LINE);
	cr_assert_eq(ss.line, 2);
	cr_assert_str_eq(err, "NUL byte at column 7");
}

static char *filled(size_t n, size_t *len)
{
	char *s = malloc(n + 16);

	cr_assert_not_null(s);
	memcpy(s, "# ", 2);
	memset(s + 2, 'x', n - 2);
	memcpy(s + n, "\nkey l\n", 8);
	*len = n + 7;
	return s;
}

Test(script_run, lines_up_to_the_limit_are_read)
{
	size_t len;
	char *s = filled(SCRIPT_LINE_MAX, &len);

	cr_assert_eq(run_bytes(s, len), SCRIPT_DONE, "%s", err);
	cr_assert_eq(ss.s.cur.pos, 1);
	free(s);
}

Test(script_run, longer_lines_are_bad_lines)
{
	size_t len;
	char *s = filled(SCRIPT_LINE_MAX + 1, &len);

	cr_assert_eq(run_bytes(s, len), SCRIPT_BAD_LINE);
	cr_assert_str_eq(err, "line longer than 4096 bytes");
	cr_assert_eq(ss.line, 1);
	cr_assert_eq(ss.s.cur.pos, 0);
	free(s);
}

Test(script_run, a_huge_line_is_not_read_into_memory)
{
	size_t n = 64u << 20, len;	/* 64 MiB on one line */
	char *s = filled(n, &len);

	cr_assert_eq(run_bytes(s, len), SCRIPT_BAD_LINE);
	cr_assert_eq(ss.line, 1);
	free(s);
}

Test(script_run, read_errors_are_told_apart)
{
	FILE *f = fopen("/", "r");	/* a folder: reading it fails */
	enum script_status st;

	cr_assert_not_null(f);
	errno = 0;
	st = script_feed(&ss, f, err, sizeof err);
	cr_assert_eq(st, SCRIPT_READ_ERROR);
	cr_assert_eq(errno, EISDIR);
	fclose(f);
}

/* ---- the command line ---- */

static bool parse_args(struct options *o, char *args[], int n, char *msg)
{
	char *argv[16] = { "pescope" };

	for (int i = 0; i < n; i++)
		argv[i + 1] = args[i];
	return cli_parse(n + 1, argv, o, msg, CLI_ERR_MAX);
}

Test(script_cli, keys_picks_its_mode)
{
	struct options o;
	char msg[CLI_ERR_MAX];
	char *a[] = { "--keys", "demo.keys", "--size", "80x24" };

	cr_assert(parse_args(&o, a, 4, msg), "%s", msg);
	cr_assert_eq(o.mode, CLI_KEYS);
	cr_assert_str_eq(o.keys, "demo.keys");
	cr_assert_not(o.keys_snapshot);
	cr_assert_eq(o.width, 80);
	cr_assert_eq(o.height, 24);
}

Test(script_cli, keys_with_snapshot_prints_the_screen_too)
{
	struct options o;
	char msg[CLI_ERR_MAX];
	char *a[] = { "--snapshot", "--keys", "-", "--color", "never" };

	cr_assert(parse_args(&o, a, 5, msg), "%s", msg);
	cr_assert_eq(o.mode, CLI_KEYS);
	cr_assert_str_eq(o.keys, "-");
	cr_assert(o.keys_snapshot);
}

Test(script_cli, snapshot_alone_is_still_a_snapshot)
{
	struct options o;
	char msg[CLI_ERR_MAX];
	char *a[] = { "--snapshot" };

	cr_assert(parse_args(&o, a, 1, msg), "%s", msg);
	cr_assert_eq(o.mode, CLI_SNAPSHOT);
	cr_assert_null(o.keys);
	cr_assert_not(o.keys_snapshot);
}

Test(script_cli, keys_refuses_other_modes_and_an_empty_name)
{
	struct options o;
	char msg[CLI_ERR_MAX];
	char *a[] = { "--keys", "f", "--dump", "csv" };
	char *b[] = { "--keys", "" };
	char *c[] = { "--keys", "f", "--frames", "3" };

	cr_assert_not(parse_args(&o, a, 4, msg));
	cr_assert_str_eq(msg, "--dump and --keys cannot be used together");
	cr_assert_not(parse_args(&o, b, 2, msg));
	cr_assert_str_eq(msg, "--keys must be a file name or -, got \"\" (empty)");
	cr_assert_not(parse_args(&o, c, 4, msg));
	cr_assert_str_eq(msg, "--frames \"3\" only works with --bench");
}
