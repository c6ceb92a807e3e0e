/* test_lesson.c - the lesson format, the shipped lessons, stepping through
 * them, their keys, the caption and highlight drawing, the language choice
 * and the presenter's key echo. Fixtures are in tests/lessons/; paths are
 * relative to the repository root, where `make test` runs. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "render/canvas.h"
#include "model/keys.h"
#include "base/lang.h"
#include "app/lesson_files.h"
#include "model/lesson.h"
#include "engine/pe_variants.h"
#include "model/lesson_run.h"
#include "views/panel_lesson.h"
#include "model/command.h"
#include "views/panels.h"
#include "views/present.h"
#include "snap.h"
#include "model/state.h"
#include "base/wrap.h"
#include "render/paragraph.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson, .init = utf8_locale);

static const struct settings defaults = {
	{ 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0
};

static struct lesson *load_ok(const char *path)
{
	char err[LESSON_ERR_MAX];
	bool unreadable;
	struct lesson *l = lesson_load(path, views_catalog(), LANG_EN, err,
				       sizeof err, &unreadable);

	cr_assert_not_null(l, "%s: %s", path, err);
	return l;
}

/* The message lesson_load gives for path (which must fail). */
static void load_fails(const char *path, char *err, size_t n)
{
	bool unreadable;
	struct lesson *l = lesson_load(path, views_catalog(), LANG_EN, err, n,
				       &unreadable);

	cr_assert_null(l, "%s loaded", path);
	cr_assert(!strchr(err, '\n'), "multi-line message: %s", err);
	for (const char *p = err; *p; p++)
		cr_assert((unsigned char)*p >= 0x20, "control in: %s", err);
}

static void expect_error(const char *path, const char *want)
{
	char err[LESSON_ERR_MAX];

	load_fails(path, err, sizeof err);
	cr_expect_str_eq(err, want);
}

/* ---- the parser ---- */

Test(lesson, parses_every_part_of_the_format)
{
	struct lesson *l = load_ok("tests/lessons/good.txt");

	cr_expect_str_eq(l->title, "A test lesson");
	cr_expect_str_eq(l->about, "Exercises the parser.");
	cr_expect_str_eq(l->name, "good");
	cr_expect_eq(l->number, 0);
	cr_assert_eq(l->nsteps, 2);

	cr_expect_str_eq(l->step[0].title, "First step");
	cr_expect_eq(l->step[0].line, 5);
	cr_assert_eq(l->step[0].ncmds, 3);
	cr_expect_str_eq(l->step[0].cmd[0].text, "d 64");
	cr_expect_eq(l->step[0].cmd[0].line, 6);
	cr_expect_str_eq(l->step[0].cmd[1].text, "len 32");
	cr_expect_str_eq(l->step[0].cmd[2].text, "highlight dims 0 7");
	cr_expect_eq(l->step[0].cmd[2].line, 8);
	cr_expect_str_eq(l->step[0].caption,
			 "Line one continues here.\nSecond paragraph. "
			 ": not a command, \\# nor a comment");

	cr_expect_str_eq(l->step[1].title, "第二步");
	cr_assert_eq(l->step[1].ncmds, 2);
	cr_expect_str_eq(l->step[1].cmd[0].text, "pos 5");	/* tab */
	cr_expect_eq(l->step[1].cmd[0].line, 16);
	cr_expect_str_eq(l->step[1].cmd[1].text, "window 2 9");
	cr_expect_eq(l->step[1].cmd[1].line, 22);
	/* No space is put next to a Chinese character; tabs are spaces. */
	cr_expect_str_eq(l->step[1].caption,
			 "位置编码加在词向量上，and Latin after. Latin before中文。"
			 "tab inside");
	lesson_free(l);
}

Test(lesson, crlf_line_ends)
{
	struct lesson *l = load_ok("tests/lessons/crlf.txt");

	cr_expect_str_eq(l->title, "CRLF lesson");
	cr_assert_eq(l->nsteps, 1);
	cr_expect_str_eq(l->step[0].cmd[0].text, "view spectrum");
	cr_expect_str_eq(l->step[0].caption, "Text with CRLF.");
	lesson_free(l);
}

Test(lesson, names_from_file_names)
{
	char name[LESSON_NAME_MAX];
	int num;

	lesson_name_of("assets/lessons/en/01-positions.txt", &num, name,
		       sizeof name);
	cr_expect_eq(num, 1);
	cr_expect_str_eq(name, "positions");
	lesson_name_of("/x/y/intro.txt", &num, name, sizeof name);
	cr_expect_eq(num, 0);
	cr_expect_str_eq(name, "intro");
	lesson_name_of("12-a-b.txt", &num, name, sizeof name);
	cr_expect_eq(num, 12);
	cr_expect_str_eq(name, "a-b");
	lesson_name_of("2023.txt", &num, name, sizeof name);
	cr_expect_eq(num, 0);
	cr_expect_str_eq(name, "2023");
}

Test(lesson, bad_files_name_file_and_line)
{
	expect_error("tests/lessons/bad-command.txt",
		     "tests/lessons/bad-command.txt:6: unknown command "
		     "\"frobnicate\" (try :help)");
	expect_error("tests/lessons/bad-value.txt",
		     "tests/lessons/bad-value.txt:6: d_model must be an even "
		     "integer from 2 to 65536, got \"7\" (odd)");
	/* d 64 from step one still holds in step two. */
	expect_error("tests/lessons/bad-range.txt",
		     "tests/lessons/bad-range.txt:9: highlight dims B must be "
		     "an integer from 0 to 63, got \"64\" (out of range)");
	expect_error("tests/lessons/bad-utf8.txt",
		     "tests/lessons/bad-utf8.txt:5: invalid UTF-8 (byte 0xff "
		     "at column 5)");
	expect_error("tests/lessons/bad-control.txt",
		     "tests/lessons/bad-control.txt:5: control character "
		     "U+001B at column 4");
	expect_error("tests/lessons/bad-long-line.txt",
		     "tests/lessons/bad-long-line.txt:5: line too long (1200 "
		     "bytes, at most 1000)");
	expect_error("tests/lessons/bad-no-title.txt",
		     "tests/lessons/bad-no-title.txt:3: the lesson needs a "
		     "\"title:\" line before its first step");
	expect_error("tests/lessons/bad-text-before-step.txt",
		     "tests/lessons/bad-text-before-step.txt:3: expected "
		     "\"title:\", \"about:\" or a step (\"== title\") before "
		     "the first step");
	expect_error("tests/lessons/bad-no-caption.txt",
		     "tests/lessons/bad-no-caption.txt:7: step 1 (line 4) has "
		     "no caption");
	expect_error("tests/lessons/bad-quit.txt",
		     "tests/lessons/bad-quit.txt:5: :q is not allowed in a "
		     "lesson");
	expect_error("tests/lessons/bad-no-steps.txt",
		     "tests/lessons/bad-no-steps.txt:4: no steps (a step "
		     "starts with a line \"== title\")");
	expect_error("tests/lessons/no-such-file.txt",
		     "tests/lessons/no-such-file.txt: cannot read: No such "
		     "file or directory");
	expect_error("tests/lessons",
		     "tests/lessons: is a folder, not a lesson file");
}

/* Parses text (len bytes, or strlen(text) when len is 0) in language
 * lang and expects the message want. */
static void parse_fails_in(enum lang lang, const char *text, size_t len,
			   const char *want)
{
	static struct lesson l;
	char err[LESSON_ERR_MAX];

	if (len == 0)
		len = strlen(text);
	cr_assert_eq(lesson_parse(text, len, "t.txt", views_catalog(), lang,
				  &l, err, sizeof err), -1,
		     "parsed: %s", text);
	cr_expect_str_eq(err, want);
}

static void parse_fails(const char *text, size_t len, const char *want)
{
	parse_fails_in(LANG_EN, text, len, want);
}

Test(lesson, bad_texts)
{
	static const char nul[] = "title: t\nabout: a\n== s\nx\0y\n";
	char *big = malloc(LESSON_CAPTION_MAX + 200);
	char *many = malloc(4096);
	size_t n = 0;

	cr_assert(big && many);
	parse_fails(nul, sizeof nul - 1, "t.txt:4: NUL byte in a text file");
	parse_fails("title: t\nabout: a\n== s\n", 0,
		    "t.txt:3: step 1 has no caption");
	parse_fails("title: t\ntitle: u\n", 0, "t.txt:2: a second \"title:\"");
	parse_fails("title: t\nabout: a\n==\nx\n", 0,
		    "t.txt:3: the step title is empty");
	parse_fails("title: t\nabout: a\n== s\n:   \nx\n", 0,
		    "t.txt:4: empty command after ':'");
	parse_fails("title: t\nabout: a\n== s\n: highlight rows 1 2\nx\n", 0,
		    "t.txt:4: highlight takes \"dims A B\", \"pos A B\" or "
		    "\"off\"");
	parse_fails("# only a comment\n", 0, "t.txt:1: no steps (a step "
		    "starts with a line \"== title\")");

	n = (size_t)sprintf(many, "title: t\nabout: a\n");
	for (int i = 0; i <= LESSON_STEPS_MAX; i++)
		n += (size_t)sprintf(many + n, "== s%d\nx\n", i);
	parse_fails(many, n, "t.txt:43: more than 20 steps");

	n = (size_t)sprintf(big, "title: t\nabout: a\n== s\n");
	for (int i = 0; i < LESSON_CAPTION_MAX / 100 + 1; i++)
		n += (size_t)sprintf(big + n, "%099d\n", i);
	parse_fails(big, n, "t.txt:24: caption of step 1 longer than 2047 "
		    "bytes");
	free(big);
	free(many);
}

/* In Chinese, the same lines are refused with the same FILE:LINE and the
 * parser's own words, the line's (lesson_line_clean) and a command's
 * (checked on a state in that language) in Chinese. */
Test(lesson, bad_texts_in_chinese)
{
	static const char nul[] = "title: t\nabout: a\n== s\nx\0y\n";

	parse_fails_in(LANG_ZH, nul, sizeof nul - 1,
		       "t.txt:4: 文本文件里有空字节");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n== s\nx\033y\n", 0,
		       "t.txt:4: 控制字符 U+001B，在第 2 列");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n== s\n", 0,
		       "t.txt:3: 第 1 步没有讲解");
	parse_fails_in(LANG_ZH, "title: t\ntitle: u\n", 0,
		       "t.txt:2: 第二个 \"title:\"");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n==\nx\n", 0,
		       "t.txt:3: 步骤标题为空");
	parse_fails_in(LANG_ZH, "some text\n", 0,
		       "t.txt:1: 第一步之前应为 \"title:\"、\"about:\" 或一个"
		       "步骤（\"== title\"）");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n== s\nask: q?\n"
		       "option a: x\nanswer: a\nx\n", 0,
		       "t.txt:4: 第 1 步的问题只有 1 个选项，至少需要两个"
		       "（\"option a: ...\"、\"option b: ...\"）");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n== s\nask: q?\n"
		       "option b: x\n", 0,
		       "t.txt:5: 这里是选项 b，下一个应是选项 a（选项按 a、b、c "
		       "的顺序排列）");
	parse_fails_in(LANG_ZH, "title: t\nabout: a\n== s\n: d 7\nx\n", 0,
		       "t.txt:4: d_model 必须是 2 到 65536 之间的偶数，输入的是 "
		       "\"7\"（是奇数）");
}

Test(lesson, file_too_large)
{
	char path[] = "/tmp/pescope-lesson-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	char err[LESSON_ERR_MAX], want[LESSON_ERR_MAX];

	cr_assert_not_null(f);
	for (int i = 0; i < LESSON_FILE_MAX / 10 + 1; i++)
		fputs("# 345678\n\n", f);
	fclose(f);
	load_fails(path, err, sizeof err);
	snprintf(want, sizeof want, "%s: larger than 65536 bytes", path);
	cr_expect_str_eq(err, want);
	remove(path);
}

/* ---- the shipped lessons ---- */

static void load_book(struct lesson_book *b, const char *lang)
{
	char dir[64];

	snprintf(dir, sizeof dir, "assets/lessons/%s", lang);
	cr_assert_eq(lesson_book_load(b, dir, views_catalog(), LANG_EN), 0,
		     "%s", b->error);
	cr_assert_eq(b->skipped, 0, "%s", b->error);
}

Test(lesson, shipped_lessons_load_in_both_languages)
{
	static const char *const names[] = { "positions", "formula", "sincos",
					     "frequencies", "layouts",
					     "context", "attention", "design",
					     "models", "families" };
	/* a lesson's number is its file's (10-families.txt) */
	static const int numbers[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	int n = (int)(sizeof names / sizeof *names);
	struct lesson_book en, zh;

	load_book(&en, "en");
	load_book(&zh, "zh");
	cr_assert_eq(en.count, n);
	cr_assert_eq(zh.count, n);
	for (int i = 0; i < n; i++) {
		const struct lesson *a = en.lesson[i], *b = zh.lesson[i];

		cr_expect_str_eq(a->name, names[i]);
		cr_expect_eq(a->number, numbers[i]);
		cr_expect_str_eq(b->name, names[i]);
		/* The translations show the same things step by step. */
		cr_assert_eq(a->nsteps, b->nsteps, "%s", a->name);
		for (int k = 0; k < a->nsteps; k++) {
			cr_assert_eq(a->step[k].ncmds, b->step[k].ncmds,
				     "%s step %d", a->name, k + 1);
			for (int j = 0; j < a->step[k].ncmds; j++)
				cr_expect_str_eq(a->step[k].cmd[j].text,
						 b->step[k].cmd[j].text);
		}
	}
	lesson_book_free(&en);
	lesson_book_free(&zh);
}

/* Every step of every lesson of lang applies cleanly, and its caption
 * fits the caption box of a w x h screen without an ellipsis. */
static void check_book(const char *lang, int w, int h)
{
	struct lesson_book b;
	struct canvas *c = canvas_new(w, h);
	struct state s;

	cr_assert_not_null(c);
	load_book(&b, lang);
	fx_init(&s, &defaults);
	s.lang = strcmp(lang, "zh") == 0 ? LANG_ZH : LANG_EN;
	s.les.book = &b;
	for (int i = 0; i < b.count; i++)
		for (int k = 0; k < b.lesson[i]->nsteps; k++) {
			struct rect body = { 0, 1, w, h - 2 }, r;
			struct cache memo = { 0 };
			char *text;

			lesson_open(&s, i, k);
			cr_assert_eq(s.les.step, k);
			cr_expect(!s.msg_error, "%s %s step %d: %s", lang,
				  b.lesson[i]->name, k + 1, s.msg);
			cr_expect(state_valid(&s));
			r = caption_split(&s, &memo, &body);
			cr_assert_gt(r.h, 2);
			canvas_clear(c);
			caption_draw(&s, c, r);
			text = snap(c);
			cr_expect(!strstr(text, "…"), "%s %s step %d is cut "
				  "at %dx%d:\n%s", lang, b.lesson[i]->name,
				  k + 1, w, h, text);
			free(text);
		}
	lesson_book_free(&b);
	canvas_free(c);
}

Test(lesson, every_step_applies_and_fits_en)
{
	check_book("en", 80, 24);
	check_book("en", 120, 40);
}

Test(lesson, every_step_applies_and_fits_zh)
{
	check_book("zh", 80, 24);
	check_book("zh", 120, 40);
}

Test(lesson, find_by_name_number_or_file)
{
	struct lesson_book b;
	char path[LESSON_PATH_MAX];

	load_book(&b, "en");
	cr_expect_eq(lesson_book_find(&b, "sincos"), 2);
	cr_expect_eq(lesson_book_find(&b, "3"), 2);
	cr_expect_eq(lesson_book_find(&b, "03"), 2);
	cr_expect_eq(lesson_book_find(&b, "03-sincos"), 2);
	cr_expect_eq(lesson_book_find(&b, "03-sincos.txt"), 2);
	cr_expect_eq(lesson_book_find(&b, "9"), 8);	/* 09-models */
	cr_expect_eq(lesson_book_find(&b, "11"), -1);
	cr_expect_eq(lesson_book_find(&b, "sin"), -1);
	cr_expect_eq(lesson_book_find(&b, ""), -1);
	cr_expect_eq(lesson_find_file("tests/lessons", "bad-utf8", path,
				      sizeof path), 0);
	cr_expect_str_eq(path, "tests/lessons/bad-utf8.txt");
	cr_expect_eq(lesson_find_file("tests/lessons", "nothing", path,
				      sizeof path), -1);
	lesson_book_free(&b);
}

Test(lesson, book_skips_bad_files)
{
	struct lesson_book b;

	cr_assert_eq(lesson_book_load(&b, "tests/lessons", views_catalog(),
				      LANG_EN), 0);
	cr_expect_eq(b.count, 2);	/* crlf.txt and good.txt */
	cr_expect_str_eq(b.lesson[0]->name, "crlf");
	cr_expect_str_eq(b.lesson[1]->name, "good");
	cr_expect_eq(b.skipped, 12);
	/* The first bad file in name order. */
	cr_expect_str_eq(b.error, "tests/lessons/bad-command.txt:6: unknown "
			 "command \"frobnicate\" (try :help)");
	lesson_book_free(&b);
	cr_expect_eq(lesson_book_load(&b, "tests/no-such-folder",
				      views_catalog(), LANG_EN), -1);
	cr_expect_str_eq(b.error, "tests/no-such-folder: cannot read the "
			 "folder: No such file or directory");
	lesson_book_free(&b);
	/* In Chinese: the files' messages and the folder's. */
	cr_assert_eq(lesson_book_load(&b, "tests/lessons", views_catalog(),
				      LANG_ZH), 0);
	cr_expect_str_eq(b.error, "tests/lessons/bad-command.txt:6: 没有 "
			 "\"frobnicate\" 这个命令（试试 :help）");
	lesson_book_free(&b);
	cr_expect_eq(lesson_book_load(&b, "tests/no-such-folder",
				      views_catalog(), LANG_ZH), -1);
	cr_expect_str_eq(b.error, "tests/no-such-folder：无法读取文件夹：没有"
			 "那个文件或目录");
	lesson_book_free(&b);
}

/* ---- files as they come: marks, FIFOs, crowded folders ---- */

/* A fresh folder under /tmp for one test, and a file in it. */
static char folder[64];

static const char *make_folder(void)
{
	snprintf(folder, sizeof folder, "/tmp/pescope-lessons-XXXXXX");
	cr_assert_not_null(mkdtemp(folder));
	return folder;
}

static const char *in_folder(const char *name)
{
	static char path[128];

	snprintf(path, sizeof path, "%s/%s", folder, name);
	return path;
}

static void put_file(const char *name, const char *text)
{
	const char *path = in_folder(name);
	size_t len = strlen(text);
	FILE *f = fopen(path, "wb");

	cr_assert_not_null(f, "%s", path);
	cr_assert_eq(fwrite(text, 1, len, f), len);
	cr_assert_eq(fclose(f), 0);
}

static void remove_folder(void)
{
	char cmd[96];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", folder);
	cr_assert_eq(system(cmd), 0);
}

static const char tiny[] = "title: T\nabout: A\n\n== S\nCaption.\n";

Test(lesson, a_byte_order_mark_is_skipped)
{
	struct lesson *l;

	make_folder();
	put_file("bom.txt", "\xef\xbb\xbftitle: T\nabout: A\n\n== S\nCaption.\n");
	l = load_ok(in_folder("bom.txt"));
	cr_expect_str_eq(l->title, "T");
	lesson_free(l);
	/* with CR LF line ends too, as Windows editors write them */
	put_file("crlf.txt", "\xef\xbb\xbftitle: T\r\nabout: A\r\n\r\n"
		 "== S\r\nCaption.\r\n");
	l = load_ok(in_folder("crlf.txt"));
	cr_expect_str_eq(l->about, "A");
	cr_expect_str_eq(l->step[0].caption, "Caption.");
	lesson_free(l);
	remove_folder();
}

Test(lesson, a_fifo_is_refused_without_waiting)
{
	char err[LESSON_ERR_MAX];
	bool unreadable = true;

	make_folder();
	cr_assert_eq(mkfifo(in_folder("fifo.txt"), 0600), 0);
	/* No writer ever comes: a blocking open would hang here. */
	cr_assert_null(lesson_load(in_folder("fifo.txt"), views_catalog(),
				   LANG_EN, err, sizeof err, &unreadable));
	cr_expect(strstr(err, "fifo.txt: not a regular file (a FIFO)"), "%s", err);
	cr_expect(!unreadable, "a FIFO is a file of the wrong kind");
	remove_folder();
}

/* More lessons than a book holds: the first LESSON_BOOK_MAX in name order
 * are read, whatever order the folder lists them in, and the message names
 * exactly the files left out; FIFOs and folders are passed over. */
Test(lesson, a_crowded_folder_keeps_the_first_in_name_order)
{
	struct lesson_book b;
	char name[32], want[256];

	make_folder();
	for (int i = 40; i >= 1; i--) {
		snprintf(name, sizeof name, "%02d-l%02d.txt", i, i);
		put_file(name, tiny);
	}
	cr_assert_eq(mkfifo(in_folder("05-fifo.txt"), 0600), 0);
	cr_assert_eq(mkdir(in_folder("06-dir.txt"), 0700), 0);
	cr_assert_eq(lesson_book_load(&b, folder, views_catalog(), LANG_EN), 0);
	cr_expect_eq(b.count, LESSON_BOOK_MAX);
	for (int i = 0; i < b.count; i++)
		cr_expect_eq(b.lesson[i]->number, i + 1, "lesson %d is %d", i,
			     b.lesson[i]->number);
	cr_expect_eq(b.skipped, 0, "%s", b.error);
	snprintf(want, sizeof want, "%s: more than 32 lessons: 33-l33.txt to "
		 "40-l40.txt (8 files) left out", folder);
	cr_expect_str_eq(b.left_out, want);
	lesson_book_free(&b);
	remove_folder();
}

Test(lesson, a_folder_within_the_limit_leaves_nothing_out)
{
	struct lesson_book b;

	load_book(&b, "en");
	cr_expect_str_eq(b.left_out, "");
	lesson_book_free(&b);
}

/* ---- lesson commands ---- */

Test(lesson, lesson_commands)
{
	struct state s, before;
	char err[256];

	fx_init(&s, &defaults);
	cr_assert_eq(command_run(&s, "highlight dims 3 9", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect(s.hl.kind == HL_DIMS && s.hl.lo == 3 && s.hl.hi == 9);
	cr_assert_eq(command_run(&s, "highlight pos 0 127", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect(s.hl.kind == HL_POS && s.hl.lo == 0 && s.hl.hi == 127);
	cr_assert_eq(command_run(&s, "highlight off", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.hl.kind, HL_NONE);
	cr_assert_eq(command_run(&s, "window 10 19", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect(s.window.pos0 == 10 && s.window.npos == 10);
	cr_assert_eq(command_run(&s, "offset 7", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.knob[VIEW_CLOCKS][K_OFFSET], 7);
	cr_assert_eq(command_run(&s, "split 200", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.knob[VIEW_BANDS][K_SPLIT], 200);
	cr_assert_eq(command_run(&s, "threshold 0.25", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_float_eq(s.knob[VIEW_BANDS][K_THRESHOLD], 0.25, 1e-15);
	cr_assert_eq(command_run(&s, "train 4096", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.knob[VIEW_CONTEXT][K_TRAIN], 4096);
	cr_assert_eq(command_run(&s, "scale 8", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_float_eq(s.knob[VIEW_CONTEXT][K_SCALE], 8.0, 0);
	cr_assert_eq(command_run(&s, "bug half-exponent", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.knob[VIEW_BUGS][K_BUG], PE_BUG_HALF_EXPONENT);
	cr_assert_eq(command_run(&s, "bug 6", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.knob[VIEW_BUGS][K_BUG], 5);
	/* Anything else is a ':' command. */
	cr_assert_eq(command_run(&s, "d 128", COMMAND_LESSON, err, sizeof err), 0);
	cr_expect_eq(s.cur.pe.d_model, 128);
	cr_expect(state_valid(&s));

	struct { const char *cmd, *msg; } bad[] = {
		{ "split 64", "split must be an integer from 1 to 63, got "
		  "\"64\" (out of range)" },
		{ "highlight dims 9 3", "highlight dims B must be an integer "
		  "from 9 to 127, got \"3\" (out of range)" },
		{ "highlight pos 0", "highlight takes \"dims A B\", \"pos A "
		  "B\" or \"off\"" },
		{ "window 5", "window takes two positions, e.g. window 0 63" },
		{ "threshold 1", "threshold must be a number from 0.05 to "
		  "0.95, got \"1\" (out of range)" },
		{ "bug 0", "bug must be 1 to 12 or a name such as "
		  "numpy, got \"0\"" },
		{ "offset", "offset takes one value" },
		{ "help", ":help is not allowed in a lesson" },
		{ "quit", ":quit is not allowed in a lesson" },
		{ "d 3", "d_model must be an even integer from 2 to 65536, "
		  "got \"3\" (odd)" },
		{ "", "empty command" },
		{ "a b c d e", "unknown command \"a\" (try :help)" },
		{ "d 1 2 3 4", "too many words in \":d\"" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		before = s;
		err[0] = '\0';
		cr_expect_eq(command_run(&s, bad[i].cmd, COMMAND_LESSON, err,
					 sizeof err), COMMAND_ERROR,
			     "%s", bad[i].cmd);
		cr_expect_str_eq(err, bad[i].msg);
		cr_expect(memcmp(&s, &before, sizeof s) == 0,
			  "\"%s\" changed the state", bad[i].cmd);
	}
}

/* ---- stepping ---- */

/* A state following the good fixture, book and lesson owned by the test. */
static struct lesson_book good_book;

static void open_good(struct state *s)
{
	lesson_book_single(&good_book, load_ok("tests/lessons/good.txt"));
	fx_init(s, &defaults);
	s->les.book = &good_book;
	lesson_open(s, 0, 0);
}

static unsigned act(struct state *s, enum action_kind k, long long arg)
{
	struct action a = action_make(k, arg);

	return reduce(s, &a);
}

Test(lesson, steps_replay_from_the_start)
{
	struct state s;

	open_good(&s);
	cr_expect_eq(s.les.index, 0);
	cr_expect_eq(s.les.step, 0);
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_eq(s.cur.len, 32);
	cr_expect(s.hl.kind == HL_DIMS && s.hl.lo == 0 && s.hl.hi == 7);

	cr_expect_eq(act(&s, ACT_LESSON_STEP, 1), REACT_REDRAW);
	cr_expect_eq(s.les.step, 1);
	/* Step two keeps step one's d and len, not its highlight. */
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_eq(s.cur.pos, 5);
	cr_expect_eq(s.hl.kind, HL_NONE);
	cr_expect(s.window.pos0 == 2 && s.window.npos == 8);

	act(&s, ACT_LESSON_STEP, 1);	/* past the end: stays */
	cr_expect_eq(s.les.step, 1);
	cr_expect_str_eq(s.msg, "this is the last step: press o for another "
			 "lesson");
	act(&s, ACT_LESSON_STEP, -1);
	act(&s, ACT_LESSON_STEP, -1);
	cr_expect_eq(s.les.step, 0);
	cr_expect_str_eq(s.msg, "this is the first step");
	cr_expect(state_valid(&s));
	lesson_book_free(&good_book);
}

Test(lesson, only_the_step_shown_leaves_a_message)
{
	static const char text[] = "title: t\nabout: a\n== a\n: preset "
				   "head-5e5\nx\n== b\n: d 64\ny\n";
	struct lesson *l = malloc(sizeof *l);
	struct lesson_book b;
	struct state s;
	char err[LESSON_ERR_MAX];

	cr_assert_not_null(l);
	cr_assert_eq(lesson_parse(text, strlen(text), "m.txt", views_catalog(),
				  LANG_EN, l, err, sizeof err), 0, "%s", err);
	lesson_book_single(&b, l);
	fx_init(&s, &defaults);
	s.les.book = &b;
	lesson_open(&s, 0, 0);
	cr_expect_str_eq(s.msg, "128-wide head, base 500000: LLaMA 3, trained at 8192");
	act(&s, ACT_LESSON_STEP, 1);
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_float_eq(s.cur.pe.base, 5e5, 0);
	cr_expect_str_eq(s.msg, "");
	lesson_book_free(&b);
}

Test(lesson, restore_and_reset_return_to_the_step)
{
	struct state s;

	open_good(&s);
	act(&s, ACT_LESSON_STEP, 1);
	act(&s, ACT_POS_STEP, 1);
	act(&s, ACT_DMODEL_STEP, 1);
	act(&s, ACT_VIEW_SET, 2);
	cr_expect_eq(s.cur.pos, 6);
	cr_expect_eq(s.cur.pe.d_model, 66);
	act(&s, ACT_LESSON_RESTORE, 0);
	cr_expect_eq(s.cur.pos, 5);
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_eq(s.view, VIEW_EXPLORE);
	cr_expect_eq(s.les.step, 1);

	/* 'r' goes back to the step's parameters and keeps the lesson. */
	s.lang = LANG_ZH;
	s.present = true;
	act(&s, ACT_POS_STEP, 3);
	act(&s, ACT_RESET, 0);
	cr_expect_eq(s.cur.pos, 5);
	cr_expect_eq(s.les.index, 0);
	cr_expect_eq(s.les.step, 1);
	cr_expect_eq(s.lang, LANG_ZH);
	cr_expect(s.present);
	cr_expect(state_valid(&s));
	lesson_book_free(&good_book);
}

Test(lesson, chooser_focus_and_escape)
{
	struct state s;
	struct action a;

	open_good(&s);
	act(&s, ACT_LESSON_MENU, 0);
	cr_expect(s.les.menu);
	cr_expect_eq(s.les.sel, 1);
	/* In the chooser digits open, arrows move, Enter opens. */
	a = keys_action(&s, '0');
	cr_expect(a.kind == ACT_LESSON_MENU_DIGIT && a.arg == 0);
	a = keys_action(&s, '2');
	cr_expect(a.kind == ACT_LESSON_MENU_DIGIT && a.arg == 2);
	a = keys_action(&s, PK_UP);
	cr_expect(a.kind == ACT_LESSON_MENU_MOVE && a.arg == -1);
	reduce(&s, &a);
	cr_expect_eq(s.les.sel, 0);
	reduce(&s, &a);		/* wraps to the last entry */
	cr_expect_eq(s.les.sel, 1);
	a = keys_action(&s, PK_ENTER);
	cr_expect(a.kind == ACT_LESSON_MENU_PICK);

	act(&s, ACT_LESSON_OPEN, 1);	/* no lesson 2 in this book */
	cr_expect(s.msg_error);
	cr_expect_str_eq(s.msg, "no lesson with that number");
	cr_expect_eq(s.les.index, 0);
	act(&s, ACT_ESCAPE, 0);
	cr_expect(!s.les.menu);

	/* A focused caption takes the arrows; Enter gives them back. */
	a = keys_action(&s, PK_ENTER);
	cr_expect_eq(a.kind, ACT_LESSON_FOCUS);
	reduce(&s, &a);
	cr_expect(s.les.focus);
	a = keys_action(&s, PK_RIGHT);
	cr_expect(a.kind == ACT_LESSON_STEP && a.arg == 1);
	a = keys_action(&s, PK_PGUP);
	cr_expect(a.kind == ACT_LESSON_STEP && a.arg == -1);
	cr_expect_eq(keys_action(&s, 'l').kind, ACT_POS_STEP);
	act(&s, ACT_LESSON_FOCUS, 0);
	cr_expect_eq(keys_action(&s, PK_RIGHT).kind, ACT_POS_STEP);

	/* 0 in the chooser closes the lesson and its highlight. */
	act(&s, ACT_LESSON_OPEN, -1);
	cr_expect_eq(s.les.index, -1);
	cr_expect_eq(s.hl.kind, HL_NONE);
	cr_expect_eq(s.cur.pe.d_model, 64);	/* the state stays */
	act(&s, ACT_LESSON_STEP, 1);
	cr_expect_str_eq(s.msg, "no lesson open: press o to choose one");
	cr_expect(state_valid(&s));
	lesson_book_free(&good_book);
}

Test(lesson, key_table_bindings)
{
	struct state s;

	fx_init(&s, &defaults);
	cr_expect(keys_action(&s, 'n').kind == ACT_LESSON_STEP &&
		  keys_action(&s, 'n').arg == 1);
	cr_expect(keys_action(&s, 'p').kind == ACT_LESSON_STEP &&
		  keys_action(&s, 'p').arg == -1);
	cr_expect(keys_action(&s, 'm').kind == ACT_PRESET_NEXT &&
		  keys_action(&s, 'm').arg == -1);
	cr_expect(keys_action(&s, 'M').kind == ACT_PRESET_NEXT &&
		  keys_action(&s, 'M').arg == 1);
	cr_expect_eq(keys_action(&s, 'R').kind, ACT_LESSON_RESTORE);
	cr_expect_eq(keys_action(&s, 'o').kind, ACT_LESSON_MENU);
	cr_expect_eq(keys_action(&s, 'P').kind, ACT_PRESENT_TOGGLE);
	cr_expect_eq(keys_action(&s, PK_ENTER).kind, ACT_LESSON_FOCUS);
	act(&s, ACT_PRESENT_TOGGLE, 0);
	cr_expect(s.present);
	cr_expect_str_eq(s.msg, "presenter mode: keys shown, captions larger "
			 "(P turns it off)");
	/* Without a lesson the caption cannot take focus. */
	act(&s, ACT_LESSON_FOCUS, 0);
	cr_expect(!s.les.focus);
	cr_expect(state_valid(&s));
}

Test(lesson, help_in_both_languages)
{
	int n;
	const struct keybinding *t = keys_table(&n);
	char en[256], zh[256];

	for (int i = 0; i < n; i++) {
		const char *a = keys_text(&t[i], views_catalog(), LANG_EN, en,
					  sizeof en);
		const char *b = keys_text(&t[i], views_catalog(), LANG_ZH, zh,
					  sizeof zh);

		cr_expect(a && *a && b && *b, "row %d has help in both", i);
		cr_expect_str_neq(keys_group(&t[i], LANG_ZH), t[i].group,
				  "%s", t[i].group);
	}
}

/* ---- drawing ---- */

Test(lesson, caption_takes_the_bottom_of_the_body)
{
	struct state s;
	struct rect body = { 0, 1, 80, 22 }, r;
	struct cache memo = { 0 };

	fx_init(&s, &defaults);
	r = caption_split(&s, &memo, &body);
	cr_expect_eq(r.h, 0);
	cr_expect_eq(body.h, 22);

	open_good(&s);
	r = caption_split(&s, &memo, &body);
	/* The taller caption (step one, two lines at 76 columns) + border. */
	cr_expect_eq(r.h, 4);
	cr_expect_eq(r.y, 19);
	cr_expect_eq(body.h, 18);
	cr_expect_eq(r.y + r.h, 23);
	lesson_book_free(&good_book);
}

Test(lesson, caption_drawing)
{
	struct state s;
	struct canvas *c = canvas_new(40, 6);
	char *text;

	cr_assert_not_null(c);
	open_good(&s);
	caption_draw(&s, c, (struct rect){ 0, 0, 40, 6 });
	text = snap(c);
	cr_expect_str_eq(text,
		"┌ A test lesson · 1/2 First step ──────┐\n"
		"│ Line one continues here.             │\n"
		"│ Second paragraph. : not a command,   │\n"
		"│ \\# nor a comment                     │\n"
		"│                                      │\n"
		"└──────────────────────────────────────┘\n");
	free(text);

	/* Too little room: an ellipsis; Chinese wraps between characters. */
	act(&s, ACT_LESSON_STEP, 1);
	s.lang = LANG_ZH;
	canvas_clear(c);
	caption_draw(&s, c, (struct rect){ 0, 0, 20, 4 });
	text = snap(c);
	cr_expect_str_eq(text,
		"┌ A test lesson ·  ┐\n"
		"│ 位置编码加在词向 │\n"
		"│ 量上，and Latin… │\n"
		"└──────────────────┘\n"
		"\n\n");
	free(text);
	canvas_free(c);
	lesson_book_free(&good_book);
}

Test(lesson, presenter_captions_spread_out)
{
	struct state s;
	struct canvas *c = canvas_new(40, 8);
	char *text;

	cr_assert_not_null(c);
	open_good(&s);
	s.present = true;
	caption_draw(&s, c, (struct rect){ 0, 0, 40, 8 });
	text = snap(c);
	/* Wider margins, a blank row between lines and paragraphs. */
	cr_expect_str_eq(text,
		"┌ A test lesson · 1/2 First step ──────┐\n"
		"│   Line one continues here.           │\n"
		"│                                      │\n"
		"│                                      │\n"
		"│   Second paragraph. : not a          │\n"
		"│                                      │\n"
		"│   command, \\# nor a comment          │\n"
		"└──────────────────────────────────────┘\n");
	free(text);
	canvas_free(c);
	lesson_book_free(&good_book);
}

Test(lesson, heatmap_highlight)
{
	struct state s;
	struct canvas *c = canvas_new(40, 11);
	struct heat_cache hc = { 0 };
	const struct settings small = { { 8, 10000.0, PE_INTERLEAVED }, 31, 0, 0 };

	cr_assert_not_null(c);
	fx_init(&s, &small);
	/* 8 dims on 8 cell rows, 31 positions on 31 columns (x = 3..33). */
	s.hl = (struct highlight){ HL_DIMS, 2, 4 };
	heatmap_draw(&s, &hc, c, (struct rect){ 0, 0, 40, 11 });
	for (int y = 1; y <= 8; y++)
		cr_expect_eq(canvas_cell(c, 34, y)->ch,
			     y >= 3 && y <= 5 ? 0x2503u : (uint32_t)' ',
			     "row %d", y);

	canvas_clear(c);
	s.hl = (struct highlight){ HL_POS, 5, 9 };
	heatmap_draw(&s, &hc, c, (struct rect){ 0, 0, 40, 11 });
	for (int x = 1; x < 39; x++)
		cr_expect_eq(canvas_cell(c, x, 10)->ch,
			     x >= 8 && x <= 12 ? 0x2501u : 0x2500u, "col %d", x);
	heat_cache_free(&hc);
	canvas_free(c);
}

/* ---- language ---- */

Test(lesson, language_from_locale_names)
{
	cr_expect_eq(lang_of_locale("zh_CN.UTF-8"), LANG_ZH);
	cr_expect_eq(lang_of_locale("zh"), LANG_ZH);
	cr_expect_eq(lang_of_locale("en_US.UTF-8"), LANG_EN);
	cr_expect_eq(lang_of_locale("C.UTF-8"), LANG_EN);
	cr_expect_eq(lang_of_locale(""), LANG_EN);
	cr_expect_eq(lang_of_locale(NULL), LANG_EN);
	cr_expect_str_eq(lang_name(LANG_ZH), "zh");
	cr_expect_str_eq(lang_name((enum lang)7), "?");
}

Test(lesson, language_from_the_environment)
{
	setenv("LC_ALL", "", 1);
	setenv("LC_MESSAGES", "zh_TW.UTF-8", 1);
	setenv("LANG", "en_GB.UTF-8", 1);
	cr_expect_eq(lang_from_env(), LANG_ZH);
	setenv("LC_ALL", "C.UTF-8", 1);
	cr_expect_eq(lang_from_env(), LANG_EN);
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	setenv("LANG", "zh_CN.UTF-8", 1);
	cr_expect_eq(lang_from_env(), LANG_ZH);
	unsetenv("LANG");
	cr_expect_eq(lang_from_env(), LANG_EN);
}

Test(lesson, chinese_needs_utf8)
{
	char err[160];

	setenv("LANG", "zh_CN.UTF-8", 1);
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	cr_expect_eq(lang_settle(LANG_ZH, false, err, sizeof err), LANG_ZH);
	cr_expect_eq(lang_settle(-1, false, err, sizeof err), LANG_ZH);
	cr_expect_eq(lang_settle(-1, true, err, sizeof err), LANG_EN);
	cr_expect_eq(lang_settle(LANG_ZH, true, err, sizeof err), -1);
	cr_expect_str_eq(err, "Chinese text cannot be drawn with --ascii; "
			 "drop --ascii or use --lang en");
	cr_assert_not_null(setlocale(LC_ALL, "C"));
	cr_expect_eq(lang_settle(-1, false, err, sizeof err), LANG_EN);
	cr_expect_eq(lang_settle(LANG_EN, false, err, sizeof err), LANG_EN);
	cr_expect_eq(lang_settle(LANG_ZH, false, err, sizeof err), -1);
	cr_expect_str_eq(err, "Chinese text needs a UTF-8 locale (LANG=C.UTF-8 "
			 "or zh_CN.UTF-8); use --lang en");
}

/* ---- presenter's key echo ---- */

Test(lesson, echo_names_and_meanings)
{
	struct present_echo e = { 0 };
	struct state s;

	fx_init(&s, &defaults);
	present_key(&e, &s, ']', 0);
	present_key(&e, &s, ']', 10);
	present_key(&e, &s, PK_RIGHT, 20);
	cr_assert_eq(e.n, 2);
	cr_expect_str_eq(e.e[0].text, "]     d_model -2 / +2");
	cr_expect_eq(e.e[0].count, 2);
	cr_expect_str_eq(e.e[1].text, "→     position -1 / +1");
	s.lang = LANG_ZH;
	present_key(&e, &s, '3', 30);
	cr_expect_str_eq(e.e[2].text, "3     视图 clocks");
	/* ':' opens the line (not echoed); Enter echoes the command. */
	cr_assert_eq(keys_action(&s, 'y').kind, ACT_NONE);
	present_key(&e, &s, 'y', 40);
	present_key(&e, &s, ':', 40);
	cr_expect_eq(e.n, 3);
	s.cmd.active = true;
	strcpy(s.cmd.text, "d 128");
	s.cmd.len = 5;
	present_key(&e, &s, 'x', 50);
	present_key(&e, &s, PK_ENTER, 50);
	cr_assert_eq(e.n, 4);
	cr_expect_str_eq(e.e[3].text, ":d 128");
	/* A fifth entry pushes out the oldest. */
	s.cmd.active = false;
	present_key(&e, &s, 'q', 60);
	cr_expect_eq(e.n, PRESENT_LINES);
	cr_expect_str_eq(e.e[0].text, "→     position -1 / +1");
	cr_expect_str_eq(e.e[3].text, "q     退出");
}

Test(lesson, echo_fades)
{
	struct present_echo e = { 0 };
	struct state s;

	fx_init(&s, &defaults);
	present_key(&e, &s, 'l', 0);
	present_key(&e, &s, 'j', 5000);
	cr_expect(!present_expire(&e, PRESENT_SHOW_MS - 1));
	cr_expect(present_expire(&e, PRESENT_SHOW_MS));
	cr_assert_eq(e.n, 1);
	cr_expect_str_eq(e.e[0].text, "j     dimension -1 / +1");
	cr_expect(present_expire(&e, 5000 + PRESENT_SHOW_MS));
	cr_expect_eq(e.n, 0);
}

/* The key echo has the row above the bottom line to itself: drawing it
 * changes no other row, whatever the size, with or without the help. */
static void check_echo_row(int w, int h, bool help)
{
	struct present_echo e = { 0 };
	struct state s;
	struct canvas *c = canvas_new(w, h);
	char *before, *after, *a, *b;
	int row = 0;

	cr_assert_not_null(c);
	fx_init(&s, &defaults);
	s.present = true;
	s.help = help;
	fx_draw(&s, c);
	before = snap(c);
	present_key(&e, &s, 'z', 0);
	present_key(&e, &s, 'z', 0);
	present_key(&e, &s, ']', 0);
	present_draw(&e, &s, c);
	after = snap(c);
	for (a = before, b = after; *a && *b; row++) {
		char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');

		if (row == h - 2) {
			cr_expect(strstr(b, "keys") && strstr(b, "d_model -2 / +2"),
				  "%dx%d: the echo row, newest first: %.*s", w, h,
				  (int)(eb - b), b);
			cr_expect(strstr(b, "·"), "%dx%d: entries apart", w, h);
		} else {
			cr_expect(ea - a == eb - b && strncmp(a, b, (size_t)(ea - a)) == 0,
				  "%dx%d%s: row %d changed: %.*s", w, h,
				  help ? " with help" : "", row, (int)(eb - b), b);
		}
		a = ea + 1;
		b = eb + 1;
	}
	free(before);
	free(after);
	canvas_free(c);
}

Test(lesson, echo_has_a_row_of_its_own)
{
	static const int sizes[][2] = {
		{ 60, 20 }, { 70, 24 }, { 79, 24 }, { 80, 24 }, { 100, 30 },
		{ 160, 50 },
	};

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		check_echo_row(sizes[i][0], sizes[i][1], false);
		check_echo_row(sizes[i][0], sizes[i][1], true);
	}
}

/* ---- the chooser with more than nine lessons ---- */

/* A book of n copies of the good fixture, titled "Lesson 1" .. "Lesson n",
 * followed by s, the chooser open at an 80x24 screen. */
static struct lesson_book big_book;

static void open_chooser(struct state *s, int n)
{
	memset(&big_book, 0, sizeof big_book);
	for (int i = 0; i < n; i++) {
		struct lesson *l = load_ok("tests/lessons/good.txt");

		snprintf(l->title, sizeof l->title, "Lesson %d", i + 1);
		big_book.lesson[big_book.count++] = l;
	}
	fx_init(s, &defaults);
	state_set_screen(s, 80, 24);
	s->les.book = &big_book;
	act(s, ACT_LESSON_MENU, 0);
}

Test(lesson, chooser_reaches_lessons_past_nine_by_number)
{
	struct state s;

	open_chooser(&s, 12);
	fx_press(&s, '1');
	cr_expect(s.les.menu, "1 could begin 10, 11 or 12: it waits");
	cr_expect_eq(s.les.sel, 1);
	cr_expect_eq(s.les.typed, 1);
	fx_press(&s, '2');
	cr_expect(!s.les.menu);
	cr_expect_eq(s.les.index, 11, "12 opens lesson 12");
	act(&s, ACT_LESSON_MENU, 0);
	fx_press(&s, '1');
	fx_press(&s, PK_ENTER);
	cr_expect_eq(s.les.index, 0, "1 and Enter open lesson 1");
	act(&s, ACT_LESSON_MENU, 0);
	fx_press(&s, '9');
	cr_expect_eq(s.les.index, 8, "nothing longer starts with 9: at once");
	act(&s, ACT_LESSON_MENU, 0);
	fx_press(&s, '1');
	fx_press(&s, '3');
	cr_expect(s.les.menu && s.msg_error, "13 is past the book");
	cr_expect_eq(s.les.typed, 0);
	fx_press(&s, '0');
	cr_expect_eq(s.les.index, -1, "0 alone closes the lesson");
	lesson_book_free(&big_book);
}

Test(lesson, chooser_scrolls_to_the_highlight)
{
	struct state s;
	struct canvas *c = canvas_new(80, 24);
	char *text;

	cr_assert_not_null(c);
	open_chooser(&s, 30);
	fx_press(&s, PK_END);
	cr_expect_eq(s.les.sel, 30);
	fx_draw(&s, c);
	text = snap(c);
	cr_expect_not_null(strstr(text, "30  Lesson 30"), "the last entry shows");
	cr_expect_null(strstr(text, " 0  (close the lesson)"), "the top scrolled away");
	cr_expect_not_null(strstr(text, "▲"), "and the box says so");
	free(text);
	fx_press(&s, PK_HOME);
	cr_expect_eq(s.les.sel, 0);
	fx_press(&s, PK_PGDN);
	cr_expect_eq(s.les.sel, state_chooser_page(&s));
	fx_press(&s, PK_UP);
	fx_press(&s, PK_HOME);
	fx_press(&s, PK_UP);
	cr_expect_eq(s.les.sel, 30, "one step up from the top wraps");
	fx_draw(&s, c);
	text = snap(c);
	cr_expect_not_null(strstr(text, "30  Lesson 30"));
	free(text);
	canvas_free(c);
	lesson_book_free(&big_book);
}

/* ---- a step's focus and zoom ---- */

static const char panels_text[] =
	"title: t\nabout: a\n"
	"== focus\n: view attention\n: focus decay\nOn the decay.\n"
	"== zoom on small screens\n: zoom order 100x30\nOn the order.\n"
	"== zoom always\n: zoom scores\nOn the scores.\n"
	"== its own\nNothing named.\n";

Test(lesson, focus_and_zoom_panels_by_name)
{
	struct lesson *l = malloc(sizeof *l);
	static struct lesson_book b;
	char err[LESSON_ERR_MAX];
	struct state s;
	int order = 2, decay = 1, scores = 0;

	cr_assert_not_null(l);
	cr_assert_eq(lesson_parse(panels_text, strlen(panels_text), "t.txt",
				  views_catalog(), LANG_EN, l, err, sizeof err), 0,
		     "%s", err);
	cr_assert_str_eq(state_view(&(struct state){ .cat = views_catalog(),
						     .view = VIEW_ATTENTION })
			 ->panel_name[order], "order");
	lesson_book_single(&b, l);
	fx_init(&s, &defaults);
	s.les.book = &b;
	state_set_screen(&s, 80, 24);
	lesson_open(&s, 0, 0);
	cr_expect_eq(s.panel, decay);
	cr_expect(!s.zoomed, "focus does not zoom");
	/* Below 100x30 the order panel fills the body; at 100x30 it is only
	 * lit; the rule follows the screen's size. */
	lesson_goto(&s, 1);
	cr_expect_eq(s.panel, order);
	cr_expect(s.zoomed, "80x24 is below 100x30");
	state_set_screen(&s, 100, 30);
	cr_expect(!s.zoomed, "100x30 is not below 100x30");
	state_set_screen(&s, 120, 29);
	cr_expect(s.zoomed, "29 rows are below 30");
	lesson_goto(&s, 2);
	cr_expect_eq(s.panel, scores);
	cr_expect(s.zoomed);
	state_set_screen(&s, 200, 60);
	cr_expect(s.zoomed, "zoom without a size zooms at every size");
	/* A step that names no panel gets the first, not zoomed, and keeps
	 * no rule for the screen. */
	lesson_goto(&s, 3);
	cr_expect_eq(s.panel, 0);
	cr_expect(!s.zoomed);
	state_set_screen(&s, 80, 24);
	cr_expect(!s.zoomed);
	lesson_goto(&s, 1);
	lesson_open(&s, -1, 0);
	state_set_screen(&s, 100, 30);
	state_set_screen(&s, 80, 24);
	cr_expect_eq(s.les.zoom_w, 0, "a closed lesson keeps no rule");
	lesson_book_free(&b);
}

Test(lesson, focus_and_zoom_refuse_what_is_not_a_panel)
{
	parse_fails("title: t\nabout: a\n== s\n: view attention\n: focus heatmap\nx\n", 0,
		    "t.txt:5: no panel \"heatmap\" in the attention view "
		    "(scores, decay, order)");
	parse_fails("title: t\nabout: a\n== s\n: view clocks\n: zoom heatmap\nx\n", 0,
		    "t.txt:5: the clocks view has one panel: nothing to focus");
	parse_fails("title: t\nabout: a\n== s\n: zoom heatmap 100\nx\n", 0,
		    "t.txt:4: zoom: \"100\" is not a screen size such as 100x30");
	parse_fails("title: t\nabout: a\n== s\n: zoom heatmap 0x30\nx\n", 0,
		    "t.txt:4: zoom: \"0x30\" is not a screen size such as 100x30");
	parse_fails("title: t\nabout: a\n== s\n: focus\nx\n", 0,
		    "t.txt:4: usage: focus PANEL");
	parse_fails("title: t\nabout: a\n== s\n: zoom heatmap 80x24 now\nx\n", 0,
		    "t.txt:4: usage: zoom PANEL [WxH]");
}

/* A file that opens but whose read fails is one that cannot be read (66),
 * not a bad lesson (65): /proc/self/mem fails at offset 0 with EIO. */
Test(lesson, a_read_that_fails_is_unreadable_not_bad)
{
	char err[LESSON_ERR_MAX];
	bool unreadable = false;

	cr_assert_null(lesson_load("/proc/self/mem", views_catalog(), LANG_EN,
				   err, sizeof err, &unreadable));
	cr_expect(unreadable, "%s", err);
	cr_expect(strstr(err, "cannot read"), "%s", err);
}
