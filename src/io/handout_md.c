/* handout_md.c - a handout as Markdown and PNGs (see handout_md.h). */
#include "io/handout_md.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/tr.h"
#include "io/export_raster.h"
#include "io/render_text.h"

enum { PATH_BYTES = 4096, NAME_BYTES = 256 };

/* Room for a figure's name: FILE, "-", the step's number, ".png". */
#define FIGURE_BYTES (NAME_BYTES + 16)

struct handout_md {
	const struct handout_info *info;
	const struct handout_step *steps;
	int n;			/* steps */
	bool png;
	char dir[PATH_BYTES];	/* the folder of FILE.md ("." when none) */
	char stem[NAME_BYTES];	/* FILE, without folder and ".md" */
	char name[NAME_BYTES];	/* FILE.md, without folder */
	char tmp[PATH_BYTES + 16];	/* the temporary folder */
	int figures;		/* FILE-01.png .. written into tmp */
	FILE *mem;		/* the Markdown, until it is complete */
	char *text;
	size_t len;
};

/* Writes s with every character Markdown or HTML would read escaped by a
 * backslash (CommonMark escapes any ASCII punctuation that way), and a
 * leading '-' or '+', which would start a list. */
static void put_md(FILE *f, const char *s)
{
	if (*s == '-' || *s == '+')
		fputc('\\', f);
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#|~!&", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
}

/* Writes text's paragraphs (separated by '\n'), each followed by a blank
 * line. */
static void put_paragraphs(FILE *f, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		char *para = strndup(text, n);

		if (para) {
			put_md(f, para);
			fputs("\n\n", f);
			free(para);
		}
		text = nl ? nl + 1 : text + n;
	}
}

/* "FILE-01.png": the figure of step k. */
static void figure_name(const struct handout_md *m, int k, char *buf, size_t n)
{
	snprintf(buf, n, "%s-%02d.png", m->stem, k + 1);
}

/* Writes a link target: bytes that would end or break it as %XX. */
static void put_link(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (strchr(" ()<>%\\", *s) || (unsigned char)*s < 0x20)
			fprintf(f, "%%%02X", (unsigned char)*s);
		else
			fputc(*s, f);
	}
}

struct handout_md *handout_md_open(const char *path,
				   const struct handout_info *info,
				   const struct handout_step *steps, int n,
				   bool png)
{
	struct handout_md *m = calloc(1, sizeof *m);
	const char *slash = strrchr(path, '/');
	size_t len;

	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	if ((slash && (size_t)(slash - path) + 1 >= sizeof m->dir) ||
	    strlen(slash ? slash + 1 : path) >= sizeof m->name) {
		free(m);
		errno = ENAMETOOLONG;
		return NULL;
	}
	m->info = info;
	m->steps = steps;
	m->n = n;
	m->png = png;
	if (slash)
		snprintf(m->dir, sizeof m->dir, "%.*s", (int)(slash - path + 1),
			 path);
	else
		snprintf(m->dir, sizeof m->dir, "./");
	snprintf(m->name, sizeof m->name, "%s", slash ? slash + 1 : path);
	len = strlen(m->name);
	snprintf(m->stem, sizeof m->stem, "%.*s", (int)(len > 3 ? len - 3 : 0),
		 m->name);
	snprintf(m->tmp, sizeof m->tmp, "%s.pescope-XXXXXX", m->dir);
	if (!mkdtemp(m->tmp)) {
		int e = errno;

		free(m);
		errno = e;
		return NULL;
	}
	m->mem = open_memstream(&m->text, &m->len);
	if (!m->mem) {
		handout_md_abort(m);
		errno = ENOMEM;
		return NULL;
	}
	fputs("# ", m->mem);
	put_md(m->mem, info->title);
	fputs("\n\n", m->mem);
	put_paragraphs(m->mem, info->about);
	return m;
}

/* Closes f after making its bytes durable: 0, or -1 with errno. */
static int close_synced(FILE *f)
{
	int rc = fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0 ? -1 : 0;
	int e = errno ? errno : EIO;

	if (fclose(f) != 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	if (rc)
		errno = e;
	return rc;
}

/* The figure of step k into the temporary folder, as a PNG. */
static int write_png(struct handout_md *m, int k, const struct canvas *fig)
{
	char name[FIGURE_BYTES], path[2 * PATH_BYTES];
	FILE *f;
	int fd, e;

	figure_name(m, k, name, sizeof name);
	snprintf(path, sizeof path, "%s/%s", m->tmp, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	f = fdopen(fd, "wb");
	if (!f) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	m->figures = k + 1;
	errno = 0;
	if (export_raster(f, fig, &m->info->figure, RASTER_PNG, 1) != 0) {
		e = errno ? errno : EIO;
		fclose(f);
		errno = e;
		return -1;
	}
	return close_synced(f);
}

int handout_md_step(struct handout_md *m, int k, const struct canvas *fig)
{
	const struct handout_step *st = &m->steps[k];
	enum lang l = m->info->lang;

	fprintf(m->mem, "## %d. ", k + 1);
	put_md(m->mem, st->title);
	fputs("\n\n", m->mem);
	if (m->png) {
		char name[FIGURE_BYTES];

		if (write_png(m, k, fig) != 0)
			return -1;
		figure_name(m, k, name, sizeof name);
		fputs("![", m->mem);
		put_md(m->mem, st->title);
		fputs("](", m->mem);
		put_link(m->mem, name);
		fputs(")\n\n", m->mem);
	} else {
		struct render_opts ro = { true, COLOR_NONE,
					  m->info->figure.palette,
					  m->info->figure.theme };

		fputs("```text\n", m->mem);
		if (render_text(m->mem, fig, &ro) != 0)
			return -1;
		fputs("```\n\n", m->mem);
	}
	if (st->question) {
		fprintf(m->mem, "**%s** ", tr(l, "Predict, then look:"));
		put_md(m->mem, st->question);
		fputs("\n\n", m->mem);
		for (int i = 0; i < st->noptions; i++) {
			fprintf(m->mem, "- %c) ", 'a' + i);
			put_md(m->mem, st->option[i]);
			fputc('\n', m->mem);
		}
		fputc('\n', m->mem);
	} else {
		put_paragraphs(m->mem, st->caption);
	}
	return ferror(m->mem) ? (errno = ENOMEM, -1) : 0;
}

/* The answers section: a paragraph per question, its step's caption
 * after it. */
static void put_answers(struct handout_md *m)
{
	enum lang l = m->info->lang;
	int asked = 0;

	fprintf(m->mem, "---\n\n## %s\n\n", tr(l, "Answers"));
	for (int k = 0; k < m->n; k++) {
		const struct handout_step *st = &m->steps[k];

		if (!st->question)
			continue;
		asked++;
		fprintf(m->mem, "**%d. ", k + 1);
		put_md(m->mem, st->title);
		fputs(":** ", m->mem);
		put_md(m->mem, st->question);
		fprintf(m->mem, " **%c)** ", 'a' + st->answer);
		put_md(m->mem, st->option[st->answer]);
		fputs("\n\n", m->mem);
		put_paragraphs(m->mem, st->caption);
	}
	if (!asked)
		fprintf(m->mem, "%s\n", tr(l, "This lesson asks no questions."));
}

/* Moves the temporary folder's file `name` to the folder of FILE.md. */
static int move_in(const struct handout_md *m, const char *name)
{
	char from[2 * PATH_BYTES], to[2 * PATH_BYTES];

	snprintf(from, sizeof from, "%s/%s", m->tmp, name);
	snprintf(to, sizeof to, "%s%s", m->dir, name);
	return rename(from, to);
}

/* Removes figure k from the folder of FILE.md. */
static void remove_placed(const struct handout_md *m, int k)
{
	char name[FIGURE_BYTES], path[2 * PATH_BYTES];

	figure_name(m, k, name, sizeof name);
	snprintf(path, sizeof path, "%s%s", m->dir, name);
	unlink(path);
}

int handout_md_finish(struct handout_md *m)
{
	char name[FIGURE_BYTES], path[2 * PATH_BYTES];
	FILE *f;
	int placed = 0, e;

	put_answers(m);
	if (fclose(m->mem) != 0) {
		m->mem = NULL;
		e = ENOMEM;
		goto fail;
	}
	m->mem = NULL;
	snprintf(path, sizeof path, "%s/%s", m->tmp, m->name);
	f = fopen(path, "wbx");
	if (!f || fwrite(m->text, 1, m->len, f) != m->len) {
		e = errno ? errno : EIO;
		if (f)
			fclose(f);
		goto fail;
	}
	if (close_synced(f) != 0) {
		e = errno;
		goto fail;
	}
	for (; placed < m->figures; placed++) {
		figure_name(m, placed, name, sizeof name);
		if (move_in(m, name) != 0) {
			e = errno;
			goto fail;
		}
	}
	if (move_in(m, m->name) != 0) {
		e = errno;
		goto fail;
	}
	handout_md_abort(m);	/* the folder, empty now */
	return 0;
fail:
	while (placed-- > 0)
		remove_placed(m, placed);
	handout_md_abort(m);
	errno = e;
	return -1;
}

void handout_md_abort(struct handout_md *m)
{
	char name[FIGURE_BYTES], path[2 * PATH_BYTES];

	if (!m)
		return;
	if (m->mem)
		fclose(m->mem);
	free(m->text);
	for (int k = 0; k < m->figures; k++) {
		figure_name(m, k, name, sizeof name);
		snprintf(path, sizeof path, "%s/%s", m->tmp, name);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/%s", m->tmp, m->name);
	unlink(path);
	rmdir(m->tmp);
	free(m);
}
