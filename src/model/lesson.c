/* lesson.c - the lesson file format: parsing, and the lessons of a book
 * (see lesson.h). Reading and finding the files is app/lesson_files.c. */
#include "model/lesson.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numparse.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "base/words.h"
#include "model/command.h"
#include "model/presets.h"

/* ---- parsing ---- */

struct parser {
	const char *path;	/* for messages */
	enum lang lang;		/* and their language */
	struct lesson *out;
	char *err;		/* message buffer */
	size_t n;		/* its size */
	int line;		/* current line, from 1 */
	struct lesson_step *step;	/* the step being read, or NULL */
	size_t cap_len;		/* bytes in step->caption */
	uint32_t last_cp;	/* last code point of the caption, or 0 */
	bool para;		/* a blank line came after caption text */
	int answer_line;	/* the step's "answer:" line, or 0 */
};

static int lesson_check(const struct lesson *l, const struct catalog *cat,
			model_reader reader, enum lang lang,
			int *line, char *err, size_t n);

/* "PATH:LINE: why" in p->err; fmt is already in p->lang (tr). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(struct parser *p, const char *fmt, ...)
{
	char why[LESSON_ERR_MAX / 2];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->n, "%s:%d: %s", p->path, p->line, why);
	return -1;
}

/* Chinese, Japanese and Korean characters and their punctuation, which are
 * written without spaces between them (independent of the locale, so the
 * parse is the same everywhere). */
static bool is_cjk(uint32_t cp)
{
	return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e) ||
	       (cp >= 0x3041 && cp <= 0x33ff) || (cp >= 0x3400 && cp <= 0x4dbf) ||
	       (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf) ||
	       (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
	       (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
	       (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd);
}

int lesson_line_clean(const char *raw, size_t len, char *buf, enum lang l,
		      char *why, size_t n)
{
	const char *s = buf, *end;

	if (len > 0 && raw[len - 1] == '\r')
		len--;
	if (len > LESSON_LINE_MAX) {
		snprintf(why, n, tr(l, "line too long (%zu bytes, at most "
					 "%d)"), len,
			 LESSON_LINE_MAX);
		return -1;
	}
	if (memchr(raw, '\0', len)) {
		snprintf(why, n, "%s", tr(l, "NUL byte in a text file"));
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		buf[i] = raw[i] == '\t' ? ' ' : raw[i];
	buf[len] = '\0';
	end = buf + len;
	while (s < end) {
		const char *at = s;
		bool bad;
		uint32_t cp = utf8_next(&s, &bad);

		if (bad) {
			snprintf(why, n, tr(l, "invalid UTF-8 (byte 0x%02x at "
					    "column %zu)"), (unsigned char)*at,
				 (size_t)(at - buf) + 1);
			return -1;
		}
		if (utf8_is_control(cp)) {
			snprintf(why, n, tr(l, "control character U+%04X at "
					    "column %zu"),
				 (unsigned)cp, (size_t)(at - buf) + 1);
			return -1;
		}
	}
	return 0;
}

/* lesson_line_clean, its complaint made "PATH:LINE: why". */
static int line_clean(struct parser *p, const char *raw, size_t len,
		      char *buf)
{
	char why[LESSON_ERR_MAX / 2];

	return lesson_line_clean(raw, len, buf, p->lang, why, sizeof why) == 0
	       ? 0 : fail(p, "%s", why);
}

/* Copies a one-line value (title, about) into dst of size n; what names
 * it in a message, in p->lang. */
static int set_text(struct parser *p, const char *what, const char *v,
		    char *dst, size_t n)
{
	if (!*v)
		return fail(p, tr(p->lang, "%s is empty"), what);
	if (strlen(v) >= n)
		return fail(p, tr(p->lang, "%s longer than %zu bytes"), what,
			    n - 1);
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int header_line(struct parser *p, char *line)
{
	struct lesson *l = p->out;

	if (strncmp(line, "title:", 6) == 0) {
		if (l->title[0])
			return fail(p, tr(p->lang, "a second %s"), "\"title:\"");
		return set_text(p, tr(p->lang, "the title"), words_trim(line + 6),
				l->title, sizeof l->title);
	}
	if (strncmp(line, "about:", 6) == 0) {
		if (l->about[0])
			return fail(p, tr(p->lang, "a second %s"), "\"about:\"");
		return set_text(p, "\"about:\"", words_trim(line + 6), l->about,
				sizeof l->about);
	}
	return fail(p, tr(p->lang, "expected %s, %s or a step (%s) before the "
			  "first step"), "\"title:\"", "\"about:\"",
		    "\"== title\"");
}

/* The check a step's question gets once the step's last line is read:
 * two options or more and an answer among them. */
static int ask_end(struct parser *p)
{
	const struct lesson_ask *q = &p->step->ask;
	int k = p->out->nsteps;

	if (!q->question[0])
		return 0;
	p->line = q->line;
	if (q->noptions < 2)
		return fail(p, q->noptions == 1 ?
			    tr(p->lang, "the question of step %d has %d option, "
			       "and needs two or more (%s, %s)") :
			    tr(p->lang, "the question of step %d has %d options, "
			       "and needs two or more (%s, %s)"), k, q->noptions,
			    "\"option a: ...\"", "\"option b: ...\"");
	if (!p->answer_line)
		return fail(p, tr(p->lang, "the question of step %d has no %s "
				  "line"), k, "\"answer:\"");
	if (q->answer >= q->noptions) {
		p->line = p->answer_line;
		return fail(p, tr(p->lang, "answer %c is not one of the options "
				  "(a to %c)"), 'a' + q->answer,
			    'a' + q->noptions - 1);
	}
	return 0;
}

static int step_start(struct parser *p, char *title)
{
	struct lesson *l = p->out;
	int line = p->line;

	if (!l->title[0])
		return fail(p, tr(p->lang, "the lesson needs a %s line before its "
				  "first step"), "\"title:\"");
	if (!l->about[0])
		return fail(p, tr(p->lang, "the lesson needs an %s line before "
				  "its first step"), "\"about:\"");
	if (p->step && !p->step->caption[0])
		return fail(p, tr(p->lang, "step %d (line %d) has no caption"),
			    l->nsteps, p->step->line);
	if (p->step && ask_end(p) != 0)
		return -1;
	p->line = line;
	if (l->nsteps == LESSON_STEPS_MAX)
		return fail(p, tr(p->lang, "more than %d steps"),
			    LESSON_STEPS_MAX);
	p->step = &l->step[l->nsteps++];
	memset(p->step, 0, sizeof *p->step);
	p->step->line = p->line;
	p->cap_len = 0;
	p->last_cp = 0;
	p->para = false;
	p->answer_line = 0;
	return set_text(p, tr(p->lang, "the step title"), words_trim(title),
			p->step->title, sizeof p->step->title);
}

/* "ask: QUESTION": the step's question, asked over the screen its
 * commands so far make. */
static int step_ask(struct parser *p, char *question)
{
	struct lesson_ask *q = &p->step->ask;

	if (q->question[0])
		return fail(p, tr(p->lang, "a second %s in step %d (one question "
				  "a step)"), "\"ask:\"", p->out->nsteps);
	q->line = p->line;
	q->at = p->step->ncmds;
	return set_text(p, tr(p->lang, "the question"), words_trim(question),
			q->question, sizeof q->question);
}

/* "option X: TEXT", X the next letter from a. */
static int step_option(struct parser *p, char *rest)
{
	struct lesson_ask *q = &p->step->ask;
	char want = (char)('a' + q->noptions);

	rest = words_trim(rest);
	if (!q->question[0])
		return fail(p, tr(p->lang, "an option before the step's %s line"),
			    "\"ask:\"");
	if (rest[0] < 'a' || rest[0] > 'z' || rest[1] != ':') {
		char form[24];

		snprintf(form, sizeof form, "\"option %c: text\"", want);
		return fail(p, tr(p->lang, "expected %s"), form);
	}
	if (q->noptions == LESSON_OPTIONS_MAX)
		return fail(p, tr(p->lang, "more than %d options (a to %c)"),
			    LESSON_OPTIONS_MAX, 'a' + LESSON_OPTIONS_MAX - 1);
	if (rest[0] != want)
		return fail(p, tr(p->lang, "option %c where option %c comes next "
				  "(options go a, b, c in order)"), rest[0],
			    want);
	return set_text(p, tr(p->lang, "the option"), words_trim(rest + 2),
			q->option[q->noptions++], LESSON_OPTION_MAX);
}

/* "answer: X": the right option's letter. */
static int step_answer(struct parser *p, char *rest)
{
	struct lesson_ask *q = &p->step->ask;

	rest = words_trim(rest);
	if (!q->question[0])
		return fail(p, tr(p->lang, "an %s before the step's %s line"),
			    "\"answer:\"", "\"ask:\"");
	if (p->answer_line)
		return fail(p, tr(p->lang, "a second %s (line %d has one)"),
			    "\"answer:\"", p->answer_line);
	if (rest[0] < 'a' || rest[0] > 'z' || rest[1])
		return fail(p, tr(p->lang, "expected %s, the right option's "
				  "letter"), "\"answer: LETTER\"");
	q->answer = rest[0] - 'a';
	p->answer_line = p->line;
	return 0;
}

static int step_command(struct parser *p, char *cmd)
{
	struct lesson_step *st = p->step;

	cmd = words_trim(cmd);
	if (!*cmd)
		return fail(p, "%s", tr(p->lang, "empty command after ':'"));
	if (strlen(cmd) >= LESSON_CMD_MAX)
		return fail(p, tr(p->lang, "command longer than %d bytes"),
			    LESSON_CMD_MAX - 1);
	if (st->ncmds == LESSON_CMDS_MAX)
		return fail(p, tr(p->lang, "more than %d commands in one step"),
			    LESSON_CMDS_MAX);
	memcpy(st->cmd[st->ncmds].text, cmd, strlen(cmd) + 1);
	st->cmd[st->ncmds++].line = p->line;
	return 0;
}

/* Appends a line of caption text: after a blank line as a new paragraph,
 * else joined to the previous line with a space unless either side is a
 * CJK character. */
static int step_text(struct parser *p, const char *text)
{
	struct lesson_step *st = p->step;
	size_t len = strlen(text);
	const char *q = text;
	uint32_t first;
	const char *sep = "";

	if (!len)
		return 0;
	first = utf8_next(&q, NULL);
	if (p->cap_len > 0)
		sep = p->para ? "\n" : is_cjk(p->last_cp) || is_cjk(first)
				       ? "" : " ";
	if (p->cap_len + strlen(sep) + len >= LESSON_CAPTION_MAX)
		return fail(p, tr(p->lang, "caption of step %d longer than %d "
				  "bytes"), p->out->nsteps, LESSON_CAPTION_MAX - 1);
	memcpy(st->caption + p->cap_len, sep, strlen(sep));
	p->cap_len += strlen(sep);
	memcpy(st->caption + p->cap_len, text, len + 1);
	p->cap_len += len;
	p->para = false;
	q = text + utf8_prev(text, len);
	p->last_cp = utf8_next(&q, NULL);
	return 0;
}

static int parse_line(struct parser *p, char *line)
{
	char *t;

	if (line[0] == '#')
		return 0;
	t = words_trim(line);
	if (strncmp(line, "==", 2) == 0)
		return step_start(p, line + 2);
	if (!p->step)
		return *t ? header_line(p, t) : 0;
	if (line[0] == ':')
		return step_command(p, line + 1);
	if (strncmp(line, "ask:", 4) == 0)
		return step_ask(p, line + 4);
	if (strncmp(line, "option ", 7) == 0)
		return step_option(p, line + 7);
	if (strncmp(line, "answer:", 7) == 0)
		return step_answer(p, line + 7);
	if (!*t) {
		p->para = p->cap_len > 0;
		return 0;
	}
	return step_text(p, line[0] == '\\' ? line + 1 : t);
}

/* The last path component of path. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

void lesson_name_of(const char *path, int *number, char *name, size_t n)
{
	const char *b = base_name(path);
	size_t len = strlen(b), digits = strspn(b, "0123456789");
	long long v;
	char num[8];

	if (len > 4 && strcmp(b + len - 4, ".txt") == 0)
		len -= 4;
	*number = 0;
	if (digits > 0 && digits < sizeof num && digits < len &&
	    b[digits] == '-') {
		memcpy(num, b, digits);
		num[digits] = '\0';
		if (numparse_int(num, 0, 9999999, &v) == NUMPARSE_OK) {
			*number = (int)v;
			b += digits + 1;
			len -= digits + 1;
		}
	}
	if (n == 0)
		return;
	if (len >= n)
		len = n - 1;
	memcpy(name, b, len);
	name[len] = '\0';
}

/* "model FILE" (or its older name, preset) with a FILE that is not
 * absolute gets the lesson's folder in front. */
static int model_folders(struct parser *p, struct lesson *l)
{
	const char *slash = strrchr(l->path, '/');
	int folder = slash ? (int)(slash - l->path) : 0;

	for (int k = 0; k < l->nsteps && folder > 0; k++)
		for (int i = 0; i < l->step[k].ncmds; i++) {
			struct lesson_cmd *c = &l->step[k].cmd[i];
			char store[2 * LESSON_CMD_MAX], text[LESSON_CMD_MAX];
			const char *w[3];
			int nw = words_split(c->text, store, LESSON_CMD_MAX, w, 2);

			if (nw != 2 || (strcmp(w[0], "model") != 0 &&
					strcmp(w[0], "preset") != 0) ||
			    !presets_word_is_file(w[1]) || w[1][0] == '/')
				continue;
			if (snprintf(text, sizeof text, "%s %.*s/%s", w[0], folder,
				     l->path, w[1]) >= (int)sizeof text) {
				p->line = c->line;
				return fail(p, tr(p->lang, "the model file's "
						  "path from the lesson's "
						  "folder is longer than %d "
						  "bytes"), LESSON_CMD_MAX - 1);
			}
			memcpy(c->text, text, sizeof text);
		}
	return 0;
}

int lesson_parse(const char *text, size_t len, const char *path,
		 const struct catalog *cat, enum lang l, struct lesson *out,
		 char *err, size_t n)
{
	return lesson_parse_models(text, len, path, cat, NULL, l, out, err, n);
}

int lesson_parse_models(const char *text, size_t len, const char *path,
			const struct catalog *cat, model_reader reader,
			enum lang l, struct lesson *out, char *err, size_t n)
{
	struct parser p = { path, l, out, err, n, 0, NULL, 0, 0, false, 0 };
	char buf[LESSON_LINE_MAX + 1];
	size_t i = 0;
	int line;

	memset(out, 0, sizeof *out);
	if (strlen(path) >= sizeof out->path)
		return fail(&p, tr(l, "path longer than %zu bytes"),
			    sizeof out->path - 1);
	memcpy(out->path, path, strlen(path) + 1);
	lesson_name_of(path, &out->number, out->name, sizeof out->name);
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t ll = nl ? (size_t)(nl - (text + i)) : len - i;

		p.line++;
		if (line_clean(&p, text + i, ll, buf) != 0 ||
		    parse_line(&p, buf) != 0)
			return -1;
		i += ll + (nl != NULL);
	}
	if (!p.step) {
		p.line = p.line > 0 ? p.line : 1;
		return fail(&p, tr(l, "no steps (a step starts with a line %s)"),
			    "\"== title\"");
	}
	if (!p.step->caption[0]) {
		p.line = p.step->line;
		return fail(&p, tr(l, "step %d has no caption"), out->nsteps);
	}
	if (ask_end(&p) != 0)
		return -1;
	if (reader && model_folders(&p, out) != 0)
		return -1;
	if (lesson_check(out, cat, reader, l, &line, buf, sizeof buf) != 0) {
		p.line = line;
		return fail(&p, "%s", buf);
	}
	return 0;
}

/* ---- steps ---- */

const struct settings lesson_start = {
	.pe = { .d_model = 512, .base = 10000.0, .layout = PE_INTERLEAVED },
	.len = 128, .pos = 0, .dim = 0
};

/* What a step's own layout starts from: the first panel, not zoomed. */
static void panel_clear(struct state *s)
{
	s->panel = 0;
	s->zoomed = false;
	s->les.zoom_w = s->les.zoom_h = 0;
}

void lesson_reset(struct state *s)
{
	struct settings start = lesson_start;

	if (s->matrix) {	/* it fixes these; the rest starts over */
		start.pe = s->cur.pe;
		start.len = s->cur.len;
	}
	state_reset(s, &start);
	s->view = 0;
	s->hl = (struct highlight){ HL_NONE, 0, 0 };
	panel_clear(s);
}

/* The panel of the view shown called name, or -1 with why in err. */
static int panel_find(const struct state *s, const char *name, char *err,
		      size_t n)
{
	const struct view_spec *v = state_view(s);
	char names[LESSON_CMD_MAX] = "";

	if (v->npanels < 2 || !v->panel_name) {
		snprintf(err, n, tr(s->lang, "the %s view has one panel: nothing to "
				       "focus"), v->name);
		return -1;
	}
	for (int i = 0; i < v->npanels; i++) {
		size_t used = strlen(names);

		if (strcmp(v->panel_name[i], name) == 0)
			return i;
		snprintf(names + used, sizeof names - used, "%s%s",
			 i ? ", " : "", v->panel_name[i]);
	}
	snprintf(err, n, tr(s->lang, "no panel \"%s\" in the %s view (%s)"),
		 name, v->name, names);
	return -1;
}

int lesson_panel_command(struct state *s, const char *line, char *err,
			 size_t n)
{
	char word[8], name[32], size[32], extra;
	int k = sscanf(line, "%7s %31s %31s %c", word, name, size, &extra);
	bool zoom = k >= 1 && strcmp(word, "zoom") == 0;
	long long w = 0, h = 0;
	int i;

	if (k < 1 || (!zoom && strcmp(word, "focus") != 0))
		return 0;
	if (k < 2 || k > (zoom ? 3 : 2)) {
		snprintf(err, n, "%s", zoom ? tr(s->lang, "usage: zoom PANEL [WxH]")
					    : tr(s->lang, "usage: focus PANEL"));
		return -1;
	}
	if (k == 3) {
		char wide[32];
		size_t cut = strcspn(size, "x");

		memcpy(wide, size, cut);
		wide[cut] = '\0';
		if (!size[cut] ||
		    numparse_int(wide, 1, 10000, &w) != NUMPARSE_OK ||
		    numparse_int(size + cut + 1, 1, 10000, &h) != NUMPARSE_OK) {
			snprintf(err, n, tr(s->lang, "zoom: \"%s\" is not a screen "
						 "size such as 100x30"), size);
			return -1;
		}
	}
	if ((i = panel_find(s, name, err, n)) < 0)
		return -1;
	state_set_panel(s, i);
	s->les.zoom_w = (int)w;
	s->les.zoom_h = (int)h;
	s->zoomed = zoom && (k == 2 || s->screen_w < w || s->screen_h < h);
	return 1;
}

int lesson_step_apply(struct state *s, const struct lesson_step *st,
		      int ncmds, int *line, char *err, size_t n)
{
	s->hl = (struct highlight){ HL_NONE, 0, 0 };
	panel_clear(s);
	for (int i = 0; i < ncmds && i < st->ncmds; i++) {
		int r = lesson_panel_command(s, st->cmd[i].text, err, n);

		if (r < 0 || (r == 0 && command_run(s, st->cmd[i].text,
						   COMMAND_LESSON, err, n) !=
					 COMMAND_OK)) {
			*line = st->cmd[i].line;
			return -1;
		}
	}
	return 0;
}

/* Replays the steps of l from the start on a scratch state with the views
 * of cat, checking every command; reader reads its model files (NULL:
 * none may be named). Returns 0, or -1 with the command's message (in
 * lang) in err and its line in *line. */
static int lesson_check(const struct lesson *l, const struct catalog *cat,
			model_reader reader, enum lang lang, int *line,
			char *err, size_t n)
{
	struct state s;

	state_init(&s, cat, &lesson_start);
	s.lang = lang;
	s.read_model = reader;
	for (int k = 0; k < l->nsteps; k++)
		if (lesson_step_apply(&s, &l->step[k], l->step[k].ncmds, line,
				      err, n) != 0)
			return -1;
	return 0;
}

const struct lesson_ask *lesson_step_ask(const struct lesson *l, int k)
{
	if (!l || k < 0 || k >= l->nsteps || !l->step[k].ask.question[0])
		return NULL;
	return &l->step[k].ask;
}

void lesson_free(struct lesson *l)
{
	free(l);
}

/* ---- books ---- */

void lesson_book_free(struct lesson_book *b)
{
	for (int i = 0; i < b->count; i++)
		lesson_free(b->lesson[i]);
	b->count = 0;
}

bool lesson_name_matches(const char *file, const char *name)
{
	char lname[LESSON_NAME_MAX];
	size_t flen = strlen(file);
	long long num;
	int number;

	lesson_name_of(file, &number, lname, sizeof lname);
	if (strspn(name, "0123456789") == strlen(name) &&
	    numparse_int(name, 1, INT_MAX, &num) == NUMPARSE_OK &&
	    num == number)
		return true;
	return strcmp(name, lname) == 0 || strcmp(name, file) == 0 ||
	       (flen > 4 && strlen(name) == flen - 4 &&
		strncmp(name, file, flen - 4) == 0);
}

int lesson_book_find(const struct lesson_book *b, const char *name)
{
	for (int i = 0; i < b->count; i++)
		if (lesson_name_matches(base_name(b->lesson[i]->path), name))
			return i;
	return -1;
}
