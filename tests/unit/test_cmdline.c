/* test_cmdline.c - the ':' line as a shell's line editor: moving, deleting,
 * killing, history, and the bottom row that keeps the cursor in sight. */
#include <criterion/criterion.h>
#include <locale.h>
#include <string.h>

#include "base/utf8.h"
#include "fixture.h"
#include "model/keys.h"
#include "snap.h"

static struct state st;

static void setup(void)
{
	static const struct settings start = { { 64, 10000.0, PE_INTERLEAVED },
					       128, 0, 0 };

	setlocale(LC_ALL, "C.UTF-8");
	fx_init(&st, &start);
}

TestSuite(cmdline, .init = setup);

static void key(int code)
{
	struct action a = keys_action(&st, code);

	reduce(&st, &a);
	cr_assert(state_valid(&st), "invalid after key %d", code);
}

static void type(const char *text)
{
	while (*text)
		key((int)utf8_next(&text, NULL));
}

Test(cmdline, moves_and_inserts_inside_the_line)
{
	key(':');
	type("d 64");
	key(PK_LEFT);
	key(PK_LEFT);
	type("1");
	cr_expect_str_eq(st.cmd.text, "d 164");
	key(PK_HOME);
	type("x");
	cr_expect_str_eq(st.cmd.text, "xd 164");
	key(PK_DELETE);
	cr_expect_str_eq(st.cmd.text, "x 164");
	key(PK_END);
	key(PK_BACKSPACE);
	cr_expect_str_eq(st.cmd.text, "x 16");
	key(1);			/* C-a */
	key(PK_DELETE);
	key(5);			/* C-e */
	type("0");
	cr_expect_str_eq(st.cmd.text, " 160");
	cr_expect_eq(st.cmd.cur, st.cmd.len);
}

Test(cmdline, wide_characters_move_as_one)
{
	key(':');
	type("a中文b");
	key(PK_LEFT);
	key(PK_LEFT);
	cr_expect_eq(st.cmd.cur, 4, "before 文, not inside it");
	key(PK_BACKSPACE);
	cr_expect_str_eq(st.cmd.text, "a文b");
	key(PK_DELETE);
	cr_expect_str_eq(st.cmd.text, "ab");
	key(PK_RIGHT);
	key(PK_RIGHT);
	cr_expect_eq(st.cmd.cur, 2, "the cursor stops at the end");
}

Test(cmdline, kills)
{
	key(':');
	type("base  5e5 x");
	key(23);		/* C-w: "x" */
	cr_expect_str_eq(st.cmd.text, "base  5e5 ");
	key(23);		/* the blank, then "5e5" */
	cr_expect_str_eq(st.cmd.text, "base  ");
	key(PK_LEFT);
	key(PK_LEFT);
	key(11);		/* C-k */
	cr_expect_str_eq(st.cmd.text, "base");
	key(PK_LEFT);
	key(21);		/* C-u */
	cr_expect_str_eq(st.cmd.text, "e");
	cr_expect_eq(st.cmd.cur, 0);
}

Test(cmdline, history_brings_back_lines_run)
{
	key(':');
	type("d 128");
	key(PK_ENTER);
	cr_expect_eq(st.cur.pe.d_model, 128);
	key(':');
	type("len 64");
	key(PK_ENTER);
	key(':');
	type("len 64");
	key(PK_ENTER);		/* a repeat is remembered once */
	cr_expect_eq(st.cmd.nhist, 2);
	key(':');
	type("po");
	key(PK_UP);
	cr_expect_str_eq(st.cmd.text, "len 64");
	key(PK_UP);
	cr_expect_str_eq(st.cmd.text, "d 128");
	key(PK_UP);
	cr_expect_str_eq(st.cmd.text, "d 128", "the oldest stays");
	key(PK_DOWN);
	key(PK_DOWN);
	cr_expect_str_eq(st.cmd.text, "po", "past the newest: what was typed");
	key(PK_UP);
	key(PK_UP);
	key(23);		/* C-w: "128" */
	type("256");
	key(PK_ENTER);
	cr_expect_eq(st.cur.pe.d_model, 256, "an edited recall runs");
}

Test(cmdline, history_keeps_the_newest)
{
	char line[16];

	for (int i = 0; i < CMD_HISTORY + 5; i++) {
		key(':');
		snprintf(line, sizeof line, "pos %d", i);
		type(line);
		key(PK_ENTER);
	}
	cr_assert_eq(st.cmd.nhist, CMD_HISTORY);
	cr_expect_str_eq(st.cmd.hist[0], "pos 5");
	cr_expect_str_eq(st.cmd.hist[CMD_HISTORY - 1], "pos 36");
}

/* The bottom row of a w-column screen with the line open. */
static char *bottom(int w, struct canvas **out)
{
	struct canvas *c = canvas_new(w, 24);
	char *text, *last;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	text = snap(c);
	last = strrchr(text, '\n');
	*last = '\0';
	last = strrchr(text, '\n');
	memmove(text, last + 1, strlen(last + 1) + 1);
	*out = c;
	return text;
}

/* The column of the reversed cell of the bottom row, or -1. */
static int cursor_col(const struct canvas *c)
{
	for (int x = 0; x < canvas_width(c); x++)
		if (canvas_cell(c, x, canvas_height(c) - 1)->attr & ATTR_REVERSE)
			return x;
	return -1;
}

Test(cmdline, a_long_line_scrolls_to_keep_the_cursor_visible)
{
	struct canvas *c;
	char *row;

	key(':');
	for (int i = 0; i < 40; i++)
		type("中");
	type("end");
	row = bottom(60, &c);
	cr_expect_not_null(strstr(row, "end"), "the end of the line shows: %s", row);
	cr_expect(cursor_col(c) >= 0 && cursor_col(c) < 60);
	free(row);
	canvas_free(c);
	key(PK_HOME);
	row = bottom(60, &c);
	cr_expect_eq(cursor_col(c), 1, "at the start, right after ':'");
	cr_expect(strncmp(row, ":中", 4) == 0, "the start of the line: %s", row);
	cr_expect_eq(canvas_cell(c, 1, 23)->ch, 0x4e2d, "the cursor is on 中");
	free(row);
	canvas_free(c);
	for (int i = 0; i < 30; i++)
		key(PK_RIGHT);
	row = bottom(60, &c);
	cr_expect(cursor_col(c) > 1 && cursor_col(c) <= 58,
		  "mid-line cursor on screen (col %d)", cursor_col(c));
	free(row);
	canvas_free(c);
}

/* A line typed past CMD_MAX - 1 bytes lost its end: run, it would say
 * something else than was typed (a path cut short names another file),
 * so Enter refuses it and says why; the next line opened runs again. */
Test(cmdline, a_line_typed_past_its_room_is_not_run)
{
	key(':');
	type("d 32 ");
	for (int i = 0; i < CMD_MAX; i++)
		key(' ');
	cr_expect_eq(st.cmd.len, CMD_MAX - 1, "the line is full");
	key(PK_ENTER);
	cr_expect_eq(st.cur.pe.d_model, 64, "not run");
	cr_expect(st.msg_error);
	cr_expect_str_eq(st.msg, "the : line holds 127 bytes and what was "
				 "typed past them is not there: not run");
	key(':');
	type("d 32");
	key(PK_ENTER);
	cr_expect_eq(st.cur.pe.d_model, 32, "a line that fits runs");
}
