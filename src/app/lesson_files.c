/* lesson_files.c - lesson files on disk (see lesson_files.h): opening
 * them without blocking, listing a folder, and finding the program's
 * lessons without /proc. */
#include "app/lesson_files.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/model_file.h"
#include "app/say.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "io/input_file.h"
#include "model/lesson.h"

/* ---- loading ---- */

/* Opens path for reading without waiting on it (io/input_file.h), and
 * only when it is a regular file. NULL with one line in err (in l)
 * otherwise; *unreadable tells a file that cannot be read from one of
 * another kind. */
static FILE *open_regular(const char *path, enum lang l, char *err,
			  size_t n, bool *unreadable)
{
	struct stat st;
	FILE *f;
	int e = input_file_open(path, false, &f, &st);

	*unreadable = e != 0;
	if (e)
		snprintf(err, n, tr(l, "%s: cannot read: %s"), path,
			 say_errno(l, e));
	else if (!f)
		snprintf(err, n, "%s: %s", path,
			 S_ISDIR(st.st_mode) ? tr(l, "is a folder, not a lesson file")
			 : S_ISFIFO(st.st_mode) ? tr(l, "not a regular file (a FIFO)")
			 : tr(l, "not a regular file"));
	return f;
}

struct lesson *lesson_load(const char *path, const struct catalog *cat,
			   enum lang lang, char *err, size_t n,
			   bool *unreadable)
{
	FILE *f = open_regular(path, lang, err, n, unreadable);
	char *text = NULL;
	struct lesson *l = NULL;
	size_t len = 0, bom;

	if (!f)
		return NULL;
	text = malloc(LESSON_FILE_MAX + 1);
	l = malloc(sizeof *l);
	if (!text || !l) {
		snprintf(err, n, tr(lang, "%s: out of memory"), path);
		goto fail;
	}
	len = fread(text, 1, LESSON_FILE_MAX + 1, f);
	if (ferror(f)) {
		*unreadable = true;
		snprintf(err, n, tr(lang, "%s: cannot read: %s"), path,
			 say_errno(lang, errno));
		goto fail;
	}
	if (len > LESSON_FILE_MAX) {
		snprintf(err, n, tr(lang, "%s: larger than %d bytes"), path,
			 LESSON_FILE_MAX);
		goto fail;
	}
	bom = utf8_bom(text, len);
	if (lesson_parse_models(text + bom, len - bom, path, cat,
				model_file_pick, lang, l, err, n) == 0)
		goto out;
fail:
	free(l);
	l = NULL;
out:
	free(text);
	fclose(f);
	return l;
}

/* ---- finding the folder ---- */

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Tries <dir>/assets/lessons/<lang> for dir and up to two parents (the
 * binary may sit in a build folder such as build/san). */
static bool try_tree(const char *bin_dir, enum lang lang, char *buf,
		     size_t n)
{
	static const char *const ups[] = { "", "/..", "/../.." };

	for (size_t i = 0; i < sizeof ups / sizeof ups[0]; i++) {
		int w = snprintf(buf, n, "%s%s/assets/lessons/%s", bin_dir,
				 ups[i], lang_name(lang));

		char *real;

		if (w <= 0 || (size_t)w >= n || !is_dir(buf))
			continue;
		/* "build/san/../../assets" reads better without the dots. */
		real = realpath(buf, NULL);
		if (real && strlen(real) < n)
			memcpy(buf, real, strlen(real) + 1);
		free(real);
		return true;
	}
	return false;
}

/* The folder part of path into dir (n bytes): "." when there is none. */
static void dir_of(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash ? (size_t)(slash - path) : 0;

	if (!slash)
		snprintf(dir, n, ".");
	else if (len == 0)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)len, path);
}

/* Whether path is an executable regular file (through links). */
static bool is_program(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

int lesson_program_dir(const char *argv0, const char *path_env, char *dir,
		       size_t n)
{
	char found[LESSON_PATH_MAX], *real;
	const char *p = path_env;
	bool ok = false;

	if (!argv0 || !*argv0 || (!strchr(argv0, '/') && !p))
		return -1;
	if (strchr(argv0, '/')) {
		ok = snprintf(found, sizeof found, "%s", argv0) <
		     (int)sizeof found;
	} else {
		/* Each folder of $PATH in turn, as a shell looks a command up. */
		while (!ok) {
			size_t len = strcspn(p, ":");
			const char *folder = len ? p : ".";	/* "" is here */
			int flen = len ? (int)len : 1;

			ok = snprintf(found, sizeof found, "%.*s/%s", flen,
				      folder, argv0) < (int)sizeof found &&
			     is_program(found);
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	if (!ok || !(real = realpath(found, NULL)))
		return -1;
	dir_of(real, dir, n);
	free(real);
	return 0;
}

int lesson_find_dir(enum lang lang, const char *argv0, char *buf, size_t n)
{
	const char *env = getenv("PESCOPE_DATADIR");
	char dir[LESSON_PATH_MAX], tried[LESSON_PATH_MAX] = "";
	char tree[32], installed[LESSON_PATH_MAX];

	if (env && *env) {
		if (snprintf(buf, n, "%s/lessons/%s", env, lang_name(lang)) <
		    (int)n && is_dir(buf))
			return 0;
		snprintf(installed, sizeof installed, "%s/lessons/%s", env,
			 lang_name(lang));
		snprintf(tried, sizeof tried, tr(lang, " nor in %s (%s)"),
			 installed, "PESCOPE_DATADIR");
	}
	if (lesson_program_dir(argv0, getenv("PATH"), dir, sizeof dir) == 0 &&
	    try_tree(dir, lang, buf, n))
		return 0;
	if (snprintf(buf, n, "%s/lessons/%s", PESCOPE_DATADIR,
		     lang_name(lang)) < (int)n && is_dir(buf))
		return 0;
	/* The folders as arguments: the sentence holds no path. */
	snprintf(tree, sizeof tree, "assets/lessons/%s", lang_name(lang));
	snprintf(installed, sizeof installed, "%s/lessons/%s", PESCOPE_DATADIR,
		 lang_name(lang));
	snprintf(buf, n, tr(lang, "no lessons in %s next to the program nor in "
			    "%s%s"), tree, installed, tried);
	return -1;
}

/* ---- books ---- */

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_lesson_file(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len > 4 && strcmp(name + len - 4, ".txt") == 0;
}

/* Whether dir/name is a regular file (through links): folders, FIFOs and
 * devices with a lesson's name are passed over, never opened. */
static bool is_regular_in(const char *dir, const char *name)
{
	char path[LESSON_PATH_MAX];
	struct stat st;

	return snprintf(path, sizeof path, "%s/%s", dir, name) <
	       (int)sizeof path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The lesson file names of dir, sorted, in *names (count in *count; free
 * each and the array). -1 when the folder cannot be read or memory runs
 * out. */
static int list_lessons(const char *dir, char ***names, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	*names = NULL;
	*count = 0;
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL) {
		char **grown;

		if (!is_lesson_file(e->d_name) || !is_regular_in(dir, e->d_name))
			continue;
		if (*count == cap) {
			cap = cap ? 2 * cap : 16;
			grown = realloc(*names, cap * sizeof **names);
			if (!grown)
				break;
			*names = grown;
		}
		if (!((*names)[*count] = strdup(e->d_name)))
			break;
		(*count)++;
	}
	closedir(d);
	if (e) {		/* out of memory */
		errno = ENOMEM;
		return -1;
	}
	qsort(*names, *count, sizeof **names, cmp_names);
	return 0;
}

int lesson_book_load(struct lesson_book *b, const char *dir,
		     const struct catalog *cat, enum lang lang)
{
	char **names;
	size_t count;

	memset(b, 0, sizeof *b);
	snprintf(b->dir, sizeof b->dir, "%s", dir);
	if (list_lessons(dir, &names, &count) != 0) {
		snprintf(b->error, sizeof b->error, tr(lang, "%s: cannot read "
						       "the folder: %s"), dir,
			 say_errno(lang, errno));
		for (size_t i = 0; i < count; i++)
			free(names[i]);
		free(names);
		return -1;
	}
	for (size_t i = 0; i < count && i < LESSON_BOOK_MAX; i++) {
		char path[LESSON_PATH_MAX], err[LESSON_ERR_MAX];
		struct lesson *l = NULL;
		bool unreadable = false;

		if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) >=
		    (int)sizeof path)
			snprintf(err, sizeof err, tr(lang, "%s/%s: path too "
						      "long"), dir, names[i]);
		else
			l = lesson_load(path, cat, lang, err, sizeof err,
					&unreadable);
		if (l) {
			b->lesson[b->count++] = l;
		} else if (!b->skipped++) {
			snprintf(b->error, sizeof b->error, "%s", err);
			b->error_unreadable = unreadable;
		}
	}
	if (count == LESSON_BOOK_MAX + 1)
		snprintf(b->left_out, sizeof b->left_out, tr(lang, "%s: more "
			 "than %d lessons: %s (%zu file) left out"), dir,
			 LESSON_BOOK_MAX, names[LESSON_BOOK_MAX],
			 count - LESSON_BOOK_MAX);
	else if (count > LESSON_BOOK_MAX)
		snprintf(b->left_out, sizeof b->left_out, tr(lang, "%s: more "
			 "than %d lessons: %s to %s (%zu files) left out"), dir,
			 LESSON_BOOK_MAX, names[LESSON_BOOK_MAX],
			 names[count - 1], count - LESSON_BOOK_MAX);
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	return 0;
}

void lesson_book_single(struct lesson_book *b, struct lesson *l)
{
	memset(b, 0, sizeof *b);
	dir_of(l->path, b->dir, sizeof b->dir);
	b->lesson[0] = l;
	b->count = 1;
}

int lesson_find_file(const char *dir, const char *name, char *path, size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = -1;

	if (!d)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL)
		if (is_lesson_file(e->d_name) && lesson_name_matches(e->d_name, name) &&
		    is_regular_in(dir, e->d_name) &&
		    snprintf(path, n, "%s/%s", dir, e->d_name) < (int)n)
			rc = 0;
	closedir(d);
	return rc;
}
