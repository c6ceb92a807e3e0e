/* lesson_mode.c - lessons for the modes (see lesson_mode.h). */
#include "app/lesson_mode.h"
#include "app/say.h"
#include "base/tr.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/lesson_files.h"
#include "io/status.h"
#include "model/lesson_run.h"
#include "views/views.h"

/* Whether path names a regular file (through links). */
static bool is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The one lesson file --lesson names by path: 66 when it cannot be read or
 * is not a regular file (a FIFO would block start-up), 65 when it does not
 * parse. */
static int load_path(const char *path, enum lang lang, struct lesson_book *b)
{
	char err[LESSON_ERR_MAX];
	struct stat st;
	struct lesson *l;
	bool unreadable;

	if (stat(path, &st) != 0 || access(path, R_OK) != 0) {
		int e = errno;

		say(tr(lang, "%s: cannot read: %s"), path, say_errno(lang, e));
		return status_of_errno(e, EX_NOINPUT);
	}
	if (!S_ISREG(st.st_mode)) {
		say("%s: %s", path,
		    S_ISDIR(st.st_mode) ? tr(lang, "is a folder, not a lesson file")
		    : S_ISFIFO(st.st_mode) ? tr(lang, "is a FIFO, not a lesson file")
		    : tr(lang, "is not a regular file, so not a lesson file"));
		return EX_NOINPUT;
	}
	l = lesson_load(path, views_catalog(), lang, err, sizeof err,
			&unreadable);
	if (!l) {
		say("%s", err);
		return unreadable ? EX_NOINPUT : EX_DATAERR;
	}
	lesson_book_single(b, l);
	return 0;
}

/* Why --lesson NAME is not in the book: its file cannot be read (66) or
 * does not parse (65), it is one of the files left out of a folder of too
 * many (66), or there is no such file (66). */
static int explain_missing(const struct options *opt,
			   const struct lesson_book *b)
{
	char path[LESSON_PATH_MAX];
	enum lang lang = (enum lang)opt->lang;

	if (lesson_find_file(b->dir, opt->lesson, path, sizeof path) == 0) {
		char err[LESSON_ERR_MAX] = "";
		bool unreadable;
		struct lesson *l = lesson_load(path, views_catalog(), lang,
					       err, sizeof err, &unreadable);

		if (!l) {	/* it failed inside the book the same way */
			say("%s", err);
			return unreadable ? EX_NOINPUT : EX_DATAERR;
		}
		lesson_free(l);
		say(tr(lang, "lesson \"%s\" is %s, which was not read: %s (open "
		       "it with --lesson %s)"), opt->lesson,
		    strrchr(path, '/') ? strrchr(path, '/') + 1 : path,
		    b->left_out, path);
		return EX_NOINPUT;
	}
	if (strstr(opt->lesson, ".txt"))
		say(tr(lang, "no lesson \"%s\" in %s (pescope --lessons lists "
		       "them; a lesson file of your own is named by its path, "
		       "as in ./%s)"), opt->lesson, b->dir, opt->lesson);
	else
		say(tr(lang, "no lesson \"%s\" in %s (pescope --lessons lists "
		       "them)"), opt->lesson, b->dir);
	return EX_NOINPUT;
}

int lesson_mode_load(const struct options *opt, bool want_book,
		     struct lesson_book *b)
{
	char dir[LESSON_PATH_MAX];
	struct lesson *l;
	int i, rc;

	memset(b, 0, sizeof *b);
	if (opt->lesson && strchr(opt->lesson, '/')) {
		rc = load_path(opt->lesson, (enum lang)opt->lang, b);
		if (rc != 0)
			return rc;
	} else if (opt->lesson || want_book) {
		if (lesson_find_dir((enum lang)opt->lang, opt->argv0, dir,
				    sizeof dir) != 0) {
			snprintf(b->error, sizeof b->error, "%s", dir);
			if (!opt->lesson)
				return 0;
			if (is_regular(opt->lesson))
				return load_path(opt->lesson, (enum lang)opt->lang, b);
			say("%s", dir);
			return EX_NOINPUT;
		}
		if (lesson_book_load(b, dir, views_catalog(),
				     (enum lang)opt->lang) != 0 && opt->lesson) {
			say("%s", b->error);
			return EX_NOINPUT;
		}
	}
	if (!opt->lesson)
		return 0;
	i = strchr(opt->lesson, '/') ? 0 : lesson_book_find(b, opt->lesson);
	if (i < 0 && is_regular(opt->lesson) &&
	    lesson_find_file(b->dir, opt->lesson, dir, sizeof dir) != 0) {
		/* Not a lesson of the folder, but a file here: open it. */
		lesson_book_free(b);
		rc = load_path(opt->lesson, (enum lang)opt->lang, b);
		if (rc != 0)
			return rc;
		i = 0;
	}
	if (i < 0)
		return explain_missing(opt, b);
	l = b->lesson[i];
	if (opt->step > l->nsteps) {
		say(tr((enum lang)opt->lang, "--step must be from 1 to %d for "
		       "lesson \"%s\", got %d"), l->nsteps, l->name, opt->step);
		return EX_USAGE;
	}
	return 0;
}

void lesson_mode_start(const struct options *opt, struct state *s,
		       const struct lesson_book *b)
{
	int i;

	s->les.book = b;
	if (!opt->lesson)
		return;
	/* A book made of one file named by its path finds nothing by name. */
	i = lesson_book_find(b, opt->lesson);
	if (i < 0 && b->count == 1)
		i = 0;
	if (i >= 0 && i < b->count)
		lesson_open(s, i, opt->step > 0 ? opt->step - 1 : 0);
}

/* The lessons folder of opt's language, loaded into b: 0, or EX_NOINPUT
 * after a message when there is no folder or it cannot be read. */
static int load_book(const struct options *opt, struct lesson_book *b)
{
	char dir[LESSON_PATH_MAX];

	memset(b, 0, sizeof *b);
	if (lesson_find_dir((enum lang)opt->lang, opt->argv0, dir,
			    sizeof dir) != 0) {
		say("%s", dir);
		return EX_NOINPUT;
	}
	if (lesson_book_load(b, dir, views_catalog(),
			     (enum lang)opt->lang) != 0) {
		say("%s", b->error);
		return EX_NOINPUT;
	}
	return 0;
}

/* After b was listed on stdout: with a message when some of its files
 * did not load, 66 when the first of them could not be read, else 65; 66
 * when it had none, 74 when stdout failed, else 0. Frees b. */
static int listed(struct lesson_book *b, enum lang lang)
{
	int rc = 0;

	fflush(stdout);
	if (b->skipped) {
		say("%s", b->error);
		if (b->skipped > 1)
			say(tr(lang, "and %d more lesson files that do not "
			       "load"), b->skipped - 1);
		rc = b->error_unreadable ? EX_NOINPUT : EX_DATAERR;
	}
	if (b->left_out[0]) {
		say("%s", b->left_out);
		rc = EX_DATAERR;
	} else if (!b->count && !b->skipped) {
		say(tr(lang, "no lesson files (*.txt) in %s"), b->dir);
		rc = EX_NOINPUT;
	}
	if (ferror(stdout)) {
		say(tr(lang, "cannot write the list: %s"),
		    say_errno(lang, errno ? errno : EIO));
		rc = EX_IOERR;
	}
	lesson_book_free(b);
	return rc;
}

int lessons_run(const struct options *opt)
{
	struct lesson_book b;
	enum lang l = (enum lang)opt->lang;
	int rc = load_book(opt, &b);

	if (rc != 0)
		return rc;
	/* Names come from file names, which may hold anything: shown as
	 * the messages show them (say.h). */
	printf("%s (", tr(l, "Lessons"));
	say_put(stdout, b.dir);
	fputs("):\n", stdout);
	for (int i = 0; i < b.count; i++) {
		int w;

		printf("  %2d  ", b.lesson[i]->number);
		w = say_put(stdout, b.lesson[i]->name);
		printf("%*s ", w < 12 ? 12 - w : 0, "");
		say_put(stdout, b.lesson[i]->about);
		putchar('\n');
	}
	if (b.count)
		printf("%s\n", tr(l, "Open one with pescope --lesson NAME (or its number); "
			 "in the explorer, press o."));
	return listed(&b, l);
}

int lesson_names_run(const struct options *opt)
{
	struct lesson_book b;
	int rc = load_book(opt, &b);

	if (rc != 0)
		return rc;
	for (int i = 0; i < b.count; i++) {
		say_put(stdout, b.lesson[i]->name);
		putchar('\n');
	}
	return listed(&b, (enum lang)opt->lang);
}
