/* settings_file.c - the settings file (see settings_file.h). */
#include "app/settings_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/say.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "base/words.h"
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "model/lesson.h"

/* Bad lines reported one by one; past these, one line counts the rest. */
enum { TOLD_MAX = 5 };

/* The first line said about the file in this run, or "": what the
 * explorer shows (settings_file_note). */
static char first_note[2 * MSG_MAX];	/* state_message cuts it */

/* Says "PATH..." (at: without "pescope: ") on standard error, and keeps
 * it when it is the first. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tell_line(bool at, const char *fmt, ...)
{
	char line[2 * MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (at)
		say_at("%s", line);
	else
		say("%s", line);
	if (!first_note[0])
		snprintf(first_note, sizeof first_note, "%s", line);
}

const char *settings_file_note(void)
{
	return first_note;
}

/* The settings file's name into buf (n bytes): 0, or -1 when there is
 * none (no absolute XDG_CONFIG_HOME and no HOME) or it does not fit. */
static int settings_path(char *buf, size_t n)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int k;

	/* The XDG convention ignores a relative XDG_CONFIG_HOME. */
	if (xdg && xdg[0] == '/')
		k = snprintf(buf, n, "%s/pescope/config", xdg);
	else if (home && home[0])
		k = snprintf(buf, n, "%s/.config/pescope/config", home);
	else
		return -1;
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

/* The settings file's text: a buffer of *len bytes with room for a NUL
 * after them, or NULL: none there (*e 0), or it cannot be read (*e an
 * errno value, EFBIG for one too large, and *why says so in l). */
static char *read_text(const char *path, size_t *len, int *e, enum lang l,
		       const char **why)
{
	static char big[64];	/* why, for a file too large */

	char *text = input_file_read(path, SETTINGS_FILE_MAX, len, e);

	*why = NULL;
	if (!text && *e == ENOENT) {
		*e = 0;	/* no settings: the usual case */
		return NULL;
	}
	if (!text) {
		*why = *e ? say_errno(l, *e) : tr(l, "not a regular file");
		*e = *e ? *e : EINVAL;
		return NULL;
	}
	if (*len > SETTINGS_FILE_MAX) {
		free(text);
		*e = EFBIG;
		snprintf(big, sizeof big, tr(l, "larger than %d bytes"),
			 SETTINGS_FILE_MAX);
		*why = big;
		return NULL;
	}
	return text;
}

/* The next line of text (len bytes) from *at: its start and length
 * without the '\n'; *at moves past it. False at the end. */
static bool next_line(const char *text, size_t len, size_t *at,
		      const char **line, size_t *ll)
{
	const char *nl;

	if (*at >= len)
		return false;
	*line = text + *at;
	nl = memchr(*line, '\n', len - *at);
	*ll = nl ? (size_t)(nl - *line) : len - *at;
	*at += *ll + (nl != NULL);
	return true;
}

/* Cuts line (a NUL-terminated copy) into its word and value: the comment
 * and the blanks around both dropped. False for a line of nothing. */
static bool split_setting(char *line, struct cli_setting *set)
{
	char *hash = strchr(line, '#'), *w, *v;

	if (hash)
		*hash = '\0';
	w = words_trim(line);
	if (!*w)
		return false;
	for (v = w; *v && !words_blank(*v); v++)
		;
	if (*v)
		*v++ = '\0';
	set->word = w;
	set->value = words_trim(v);
	return true;
}

/* One bad line, said once: the first TOLD_MAX in full, then counted. */
static void tell(const char *path, int line, const char *why, int *told)
{
	if ((*told)++ < TOLD_MAX)
		tell_line(true, "%s:%d: %s", path, line, why);
}

/* The language of what is said about the file: the command line's, else
 * the one in force when the line is read, so that the lines after a
 * `lang zh` are told in Chinese (those before it, in the language the run
 * would have without the file) and a line the file ends with, in the
 * file's. The language it names but cannot be shown (--ascii, no UTF-8
 * locale) is English, as the run's will be. */
static enum lang lang_now(const struct options *opt, const struct options *with)
{
	char why[CLI_ERR_MAX];
	int l = lang_settle(opt->lang >= 0 ? opt->lang : with->lang, with->ascii,
			    why, sizeof why);

	return l == LANG_ZH ? LANG_ZH : LANG_EN;
}

void settings_file_apply(struct options *opt)
{
	enum lang l = lang_now(opt, opt);
	char path[4096], buf[LESSON_LINE_MAX + 1], err[CLI_ERR_MAX];
	struct cli_setting set[SETTINGS_LINES_MAX];
	struct options with = *opt;
	const char *line, *why;
	size_t len, at, ll;
	int e, n = 0, told = 0, no = 0;
	char *text;

	if (opt->no_config || !cli_mode_draws(opt->mode) ||
	    settings_path(path, sizeof path) != 0)
		return;
	text = read_text(path, &len, &e, l, &why);
	if (!text) {
		if (e)
			tell_line(false, tr(l, "cannot read the settings file "
					     "\"%s\": %s; starting without it"),
				  path, why);
		return;
	}
	at = utf8_bom(text, len);
	while (next_line(text, len, &at, &line, &ll)) {
		char *copy = (char *)line;

		no++;
		l = lang_now(opt, &with);
		if (lesson_line_clean(line, ll, buf, l, err, sizeof err) != 0) {
			tell(path, no, err, &told);
			continue;
		}
		/* the clean line in place of the raw one, which is as long
		 * or longer: the values point into text */
		memcpy(copy, buf, strlen(buf) + 1);
		if (!split_setting(copy, &set[n]))
			continue;
		if (n == SETTINGS_LINES_MAX)
			tell(path, no, tr(l, "too many settings"), &told);
		else if (!cli_setting(&with, &set[n], l, err, sizeof err))
			tell(path, no, err, &told);
		else
			n++;
	}
	l = lang_now(opt, &with);
	if (told > TOLD_MAX)
		tell_line(false, tr(l, "%s: %d more lines skipped"), path,
			  told - TOLD_MAX);
	with = *opt;
	if (n > 0 && cli_parse_settings(opt->argc, opt->argv, set, n, &with,
					err, sizeof err))
		*opt = with;
	else if (n > 0)
		tell_line(false, tr(l, "%s: not applied, as with it the "
				     "command line fails: %s"), path, err);
	free(text);
}

/* ---- :save-settings ---- */

/* Creates the folders of path (up to its last '/') that are missing, as
 * the XDG convention asks (0700). 0 or an errno value. */
static int make_folders(const char *path)
{
	char dir[4096];
	size_t n = strlen(path);

	if (n >= sizeof dir)
		return ENAMETOOLONG;
	memcpy(dir, path, n + 1);
	for (char *p = dir + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return errno;
		*p = '/';
	}
	return 0;
}

/* What :save-settings writes: a word of --list config and its value. */
struct pair {
	const char *word, *value;
	bool written;
};

/* The line's word when it is one of pairs: its index, else -1. */
static int pair_of(const char *line, size_t ll, const struct pair *pairs,
		   int np)
{
	size_t i = 0, w;

	while (i < ll && words_blank(line[i]))
		i++;
	for (w = i; w < ll && !words_blank(line[w]) && line[w] != '#' &&
		    line[w] != '\r'; w++)
		;
	for (int k = 0; k < np; k++)
		if (w - i == strlen(pairs[k].word) &&
		    memcmp(line + i, pairs[k].word, w - i) == 0)
			return k;
	return -1;
}

/* The file with pairs in it, to f: old's lines (NULL: none) kept but the
 * pairs' own, each written where its first line was, then the pairs it
 * had not. */
static void put_settings(FILE *f, const char *old, size_t len,
			 struct pair *pairs, int np, enum lang l)
{
	const char *line;
	size_t at = 0, ll;

	if (!old) {
		fputs("# ", f);
		fprintf(f, tr(l, "pescope settings: one \"word value\" a line, "
			      "the words of %s"), "pescope --list config");
		fputc('\n', f);
	}
	while (old && next_line(old, len, &at, &line, &ll)) {
		int k = pair_of(line, ll, pairs, np);

		if (k < 0)
			fprintf(f, "%.*s\n", (int)ll, line);
		else if (!pairs[k].written)
			fprintf(f, "%s %s\n", pairs[k].word, pairs[k].value);
		if (k >= 0)
			pairs[k].written = true;
	}
	for (int k = 0; k < np; k++)
		if (!pairs[k].written)
			fprintf(f, "%s %s\n", pairs[k].word, pairs[k].value);
}

/* Writes pairs into the settings file at path: 0 or an errno value; *why
 * is set when the old file is there but cannot be read (it is then left
 * alone). */
static int write_settings(const char *path, struct pair *pairs, int np,
			  enum lang l, const char **why)
{
	struct atomic_file af;
	size_t len = 0;
	int e;
	char *old = read_text(path, &len, &e, l, why);

	if (e)
		return e;
	e = make_folders(path);
	if (!e)
		e = atomic_file_open(&af, path);
	if (!e) {
		put_settings(af.fp, old, len, pairs, np, l);
		e = ferror(af.fp) ? EIO : 0;
		if (e)
			atomic_file_abort(&af);
		else
			e = atomic_file_commit(&af);
	}
	free(old);
	return e;
}

void settings_file_save(struct state *s, const char *theme,
			const char *palette)
{
	char path[4096], msg[2 * MSG_MAX], words[64] = "";
	struct pair pairs[4];
	const char *why = NULL;
	int e, np = 0;

	/* The look the user chose, never one found or a default. */
	if (theme)
		pairs[np++] = (struct pair){ "theme", theme, false };
	if (palette)
		pairs[np++] = (struct pair){ "palette", palette, false };
	pairs[np++] = (struct pair){ "lang", lang_name(s->lang), false };
	pairs[np++] = (struct pair){ "present", s->present ? "yes" : "no",
				     false };
	if (settings_path(path, sizeof path) != 0) {
		snprintf(msg, sizeof msg, tr(s->lang, "%s: no settings folder, "
					     "as neither %s nor %s is set"),
			 "save-settings", "XDG_CONFIG_HOME", "HOME");
		state_message(s, true, msg);
		return;
	}
	for (int k = 0; k < np; k++)	/* the words, as the file has them */
		snprintf(words + strlen(words), sizeof words - strlen(words),
			 "%s%s", k ? ", " : "", pairs[k].word);
	e = write_settings(path, pairs, np, s->lang, &why);
	if (e)
		snprintf(msg, sizeof msg, tr(s->lang, "%s: cannot write "
					     "\"%s\": %s"), "save-settings",
			 path, why ? why : say_errno(s->lang, e));
	else
		snprintf(msg, sizeof msg, tr(s->lang, "saved %s in %s"), words,
			 path);
	state_message(s, e != 0, msg);
}
