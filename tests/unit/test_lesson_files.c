/* test_lesson_files.c - finding the program's lessons without /proc
 * (app/lesson_files.h): argv[0] with a folder, or looked up in $PATH as a
 * shell would, links resolved; PESCOPE_DATADIR before the rest. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/lesson_files.h"

/* A fresh folder with an executable "prog", a plain file "plain" and a
 * link "link" to prog in a folder "bin" of its own; its real path in real. */
static void make_folder(char *dir, size_t n, char *real)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(dir, n, "/tmp/pescope-lf-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	cr_assert_not_null(realpath(dir, real));
	snprintf(path, sizeof path, "%s/prog", dir);
	cr_assert_not_null(f = fopen(path, "w"));
	fclose(f);
	cr_assert_eq(chmod(path, 0755), 0);
	snprintf(path, sizeof path, "%s/plain", dir);
	cr_assert_not_null(f = fopen(path, "w"));
	fclose(f);
	snprintf(path, sizeof path, "%s/bin", dir);
	cr_assert_eq(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/bin/link", dir);
	cr_assert_eq(symlink("../prog", path), 0);
}

static void remove_folder(const char *dir)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "/bin/rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(lesson_files, program_dir_from_path_as_a_shell_looks_it_up)
{
	char dir[64], real[PATH_MAX], path[PATH_MAX * 2], got[PATH_MAX];

	make_folder(dir, sizeof dir, real);
	snprintf(path, sizeof path, "/nonexistent:%s", dir);
	cr_assert_eq(lesson_program_dir("prog", path, got, sizeof got), 0);
	cr_expect_str_eq(got, real);
	cr_expect_eq(lesson_program_dir("plain", path, got, sizeof got), -1,
		     "not executable: not the program");
	cr_expect_eq(lesson_program_dir("prog", "/nonexistent", got, sizeof got),
		     -1);
	cr_expect_eq(lesson_program_dir("prog", NULL, got, sizeof got), -1);
	cr_expect_eq(lesson_program_dir(NULL, path, got, sizeof got), -1);
	cr_expect_eq(lesson_program_dir("", path, got, sizeof got), -1);
	/* An empty folder in $PATH is the current one. */
	cr_assert_eq(chdir(dir), 0);
	cr_assert_eq(lesson_program_dir("prog", "/nonexistent:", got, sizeof got), 0);
	cr_expect_str_eq(got, real);
	remove_folder(dir);
}

Test(lesson_files, program_dir_with_a_folder_resolves_links)
{
	char dir[64], real[PATH_MAX], argv0[PATH_MAX], got[PATH_MAX];

	make_folder(dir, sizeof dir, real);
	snprintf(argv0, sizeof argv0, "%s/bin/link", dir);
	cr_assert_eq(lesson_program_dir(argv0, "", got, sizeof got), 0);
	cr_expect_str_eq(got, real, "the link's target's folder, not bin/");
	cr_assert_eq(chdir(dir), 0);
	cr_assert_eq(lesson_program_dir("./bin/link", NULL, got, sizeof got), 0);
	cr_expect_str_eq(got, real);
	cr_expect_eq(lesson_program_dir("./missing", NULL, got, sizeof got), -1);
	remove_folder(dir);
}

Test(lesson_files, datadir_variable_comes_first)
{
	char buf[LESSON_ERR_MAX];

	/* The unit tests run at the top of the tree: assets/lessons is there. */
	cr_assert_eq(setenv("PESCOPE_DATADIR", "assets", 1), 0);
	cr_assert_eq(lesson_find_dir(LANG_ZH, NULL, buf, sizeof buf), 0);
	cr_expect_str_eq(buf, "assets/lessons/zh");
	cr_assert_eq(setenv("PESCOPE_DATADIR", "/nonexistent", 1), 0);
	if (lesson_find_dir(LANG_EN, NULL, buf, sizeof buf) != 0)
		cr_expect(strstr(buf, "nor in /nonexistent/lessons/en "
				 "(PESCOPE_DATADIR)"), "%s", buf);
}

Test(lesson_files, program_folder_tree_found_through_path)
{
	char dir[64], real[PATH_MAX], path[PATH_MAX], buf[LESSON_ERR_MAX];
	char want[PATH_MAX + 32];

	/* "link" found in DIR/bin through $PATH is a link to DIR/prog, and
	 * DIR/assets/lessons/en is there: the tree of the program, not of the
	 * link. */
	make_folder(dir, sizeof dir, real);
	snprintf(path, sizeof path, "mkdir -p %s/assets/lessons/en", dir);
	cr_assert_eq(system(path), 0);
	snprintf(path, sizeof path, "/nonexistent:%s/bin", dir);
	cr_assert_eq(setenv("PATH", path, 1), 0);
	cr_assert_eq(unsetenv("PESCOPE_DATADIR"), 0);
	cr_assert_eq(lesson_find_dir(LANG_EN, "link", buf, sizeof buf), 0,
		     "%s", buf);
	snprintf(want, sizeof want, "%s/assets/lessons/en", real);
	cr_expect_str_eq(buf, want, "bin/link is DIR/prog: DIR's assets");
	remove_folder(dir);
}
