/* scene.c - scenes: the format, its parser and its writer (see scene.h). */
#include "model/scene.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/numparse.h"
#include "base/tr.h"
#include "base/words.h"
#include "model/command.h"
#include "model/lesson.h"
#include "model/params.h"
#include "model/presets.h"

/* ---- running a scene's lines ---- */

/* Where every scene starts: the lessons' start, no lesson open and no
 * model named (a scene does not carry the model file). */
static void scene_start(struct state *s)
{
	lesson_reset(s);
	s->les.index = -1;
	s->les.step = 0;
	s->les.focus = false;
	s->les.menu = false;
	s->model[0] = '\0';
}

/* One command of a step, as lesson_step_apply runs it: a panel's focus
 * or zoom, else a ':' command. 0, or -1 with why in err. */
static int run_line(struct state *s, const char *text, char *err, size_t n)
{
	int r = lesson_panel_command(s, text, err, n);

	if (r != 0)
		return r < 0 ? -1 : 0;
	return command_run(s, text, COMMAND_LESSON, err, n) == COMMAND_OK ? 0
										  : -1;
}

/* Whether word starts a command this program knows: a parameter, a ':'
 * command, a view's own command, a knob, or a panel's focus or zoom. */
static bool known_word(const struct catalog *cat, const char *word)
{
	const char *w;
	int v, k;

	if (params_find(word) || catalog_find_command(cat, word) >= 0 ||
	    catalog_find_knob(cat, word, &v, &k) ||
	    strcmp(word, "focus") == 0 || strcmp(word, "zoom") == 0)
		return true;
	for (int i = 0; (w = command_word(i)); i++)
		if (strcmp(w, word) == 0)
			return true;
	return false;
}

int scene_apply(struct state *s, const struct scene *sc, const char *path,
		char *err, size_t n)
{
	struct state t = *s;
	char why[LESSON_ERR_MAX / 2];

	scene_start(&t);
	for (int i = 0; i < sc->ncmds; i++)
		if (run_line(&t, sc->cmd[i].text, why, sizeof why) != 0) {
			snprintf(err, n, "%s:%d: %s", path, sc->cmd[i].line, why);
			return -1;
		}
	memcpy(t.msg, s->msg, sizeof t.msg);	/* a preset's says nothing */
	t.msg_error = s->msg_error;
	*s = t;
	return 0;
}

/* ---- parsing ---- */

struct parser {
	const char *path;
	const struct catalog *cat;
	enum lang lang;		/* of the messages */
	bool own_lang;		/* the scene's `lang:` changes it */
	struct scene *out;
	char *err;
	size_t n;
	int line;
	bool in_step;		/* the "==" line came */
};

/* The length of path's folder with its last '/' ("a/b.scene": 2), or 0
 * for a file in the folder pescope was started in. */
static size_t folder_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

/* "model FILE" (or "preset FILE") with FILE relative: FILE is the scene's
 * folder's, so that a scene and the config.json beside it travel
 * together; made relative to the folder pescope runs in, into cmd
 * (LESSON_CMD_MAX bytes). Any other command stays as it is. 0, or -1
 * when the path does not fit. */
static int model_path(const char *scene, char *cmd)
{
	char out[LESSON_CMD_MAX];
	size_t w = strcspn(cmd, " "), dir = folder_len(scene);
	const char *arg = words_trim(cmd + w);
	int len;

	if (!((w == 5 && strncmp(cmd, "model", 5) == 0) ||
	      (w == 6 && strncmp(cmd, "preset", 6) == 0)) ||
	    !presets_word_is_file(arg) || arg[0] == '/' || dir == 0)
		return 0;
	len = snprintf(out, sizeof out, "%.*s %.*s%s", (int)w, cmd, (int)dir,
		       scene, arg);
	if (len < 0 || (size_t)len >= sizeof out)
		return -1;
	memcpy(cmd, out, (size_t)len + 1);
	return 0;
}

static int fail(struct parser *p, int line, const char *fmt, ...)
{
	char why[LESSON_ERR_MAX / 2];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->n, "%s:%d: %s", p->path, line, why);
	return -1;
}

static void skip(struct parser *p)
{
	if (p->out->skipped++ == 0)
		p->out->skipped_line = p->line;
}

/* "# pescope scene N" with N this program's version. */
static int first_line(struct parser *p, const char *line)
{
	static const char head[] = "# pescope scene ";
	long long v;

	if (strncmp(line, head, sizeof head - 1) != 0 ||
	    numparse_int(line + sizeof head - 1, 1, 1000000, &v) !=
		    NUMPARSE_OK)
		return fail(p, 1, tr(p->lang, "not a pescope scene: its first "
				     "line must be \"%s %d\""),
			    "# pescope scene", SCENE_VERSION);
	if (v != SCENE_VERSION)
		return fail(p, 1, tr(p->lang, "a scene of version %lld: this "
				     "pescope reads version %d"), v,
			    SCENE_VERSION);
	return 0;
}

/* A word of the look (theme, palette) into dst. */
static int look_word(struct parser *p, const char *what, const char *v,
		     char *dst, int *line)
{
	if (!*v || strlen(v) >= SCENE_WORD_MAX || strchr(v, ' '))
		return fail(p, p->line, tr(p->lang, "%s takes one word of at "
					   "most %d bytes"), what,
			    SCENE_WORD_MAX - 1);
	memcpy(dst, v, strlen(v) + 1);
	*line = p->line;
	return 0;
}

/* `load: FILE[:TENSOR]`: a relative FILE is the scene's folder's, made
 * relative to where pescope runs, as a model's path is. */
static int load_word(struct parser *p, const char *v)
{
	size_t dir = v[0] == '/' ? 0 : folder_len(p->path);
	int len = snprintf(p->out->load, sizeof p->out->load, "%.*s%s",
			   (int)dir, p->path, v);

	if (!*v)
		return fail(p, p->line, tr(p->lang, "%s needs a file"), "load");
	if (len < 0 || (size_t)len >= sizeof p->out->load)
		return fail(p, p->line, tr(p->lang, "command longer than %d "
					   "bytes"), LESSON_PATH_MAX - 1);
	p->out->load_line = p->line;
	return 0;
}

/* "word: value" before the step: theme, palette, lang, load. */
static int header_line(struct parser *p, char *line)
{
	char *colon = strchr(line, ':');
	char *v;
	enum lang l;

	if (!colon) {
		skip(p);
		return 0;
	}
	*colon = '\0';
	v = words_trim(colon + 1);
	line = words_trim(line);
	if (strcmp(line, "theme") == 0)
		return look_word(p, "theme", v, p->out->theme,
				 &p->out->theme_line);
	if (strcmp(line, "palette") == 0)
		return look_word(p, "palette", v, p->out->palette,
				 &p->out->palette_line);
	if (strcmp(line, "load") == 0)
		return load_word(p, v);
	if (strcmp(line, "lang") != 0) {
		skip(p);
		return 0;
	}
	if (lang_from_name(v, &l) != 0)
		return fail(p, p->line, tr(p->lang, "%s must be en or zh, got "
					   "\"%s\""), "lang", v);
	p->out->lang = (int)l;
	if (p->own_lang)
		p->lang = l;
	return 0;
}

/* Under a `load:` line, a command of d_model, the length or the layout
 * (which the matrix fixes) or of the base (it has none): refused, as a
 * state showing the matrix would ignore it. True after saying so. */
static bool fixed_by_matrix(struct parser *p, const char *word)
{
	const struct param_spec *ps = params_find(word);

	if (!ps || ps == &params[PARAM_POS] || ps == &params[PARAM_DIM])
		return false;
	if (ps == &params[PARAM_BASE])
		fail(p, p->line, tr(p->lang, "%s: the matrix of the load: line "
				    "(line %d) has no base; remove this "
				    "line"), word, p->out->load_line);
	else
		fail(p, p->line, tr(p->lang, "%s: the matrix of the load: line "
				    "(line %d) fixes it; remove this line"),
		     word, p->out->load_line);
	return true;
}

/* ": command" in the step: kept when its word is known. */
static int command_line(struct parser *p, char *cmd)
{
	char word[LESSON_CMD_MAX];
	struct scene *sc = p->out;
	size_t w;

	cmd = words_trim(cmd);
	w = strcspn(cmd, " ");
	if (w >= sizeof word || !*cmd) {
		skip(p);
		return 0;
	}
	memcpy(word, cmd, w);
	word[w] = '\0';
	if (!known_word(p->cat, word)) {
		skip(p);
		return 0;
	}
	if (sc->load[0] && fixed_by_matrix(p, word))
		return -1;
	if (strlen(cmd) >= LESSON_CMD_MAX)
		return fail(p, p->line, tr(p->lang, "command longer than %d "
					   "bytes"), LESSON_CMD_MAX - 1);
	if (model_path(p->path, cmd) != 0)	/* the line itself is short */
		return fail(p, p->line, tr(p->lang, "%s: %.*s%s, the file's "
					   "path from where pescope runs, is "
					   "longer than %d bytes: run pescope "
					   "in the scene's folder"), word,
			    (int)folder_len(p->path), p->path,
			    words_trim(cmd + w), SCENE_MODEL_MAX);
	if (sc->ncmds == SCENE_CMDS_MAX)
		return fail(p, p->line, tr(p->lang, "more than %d commands"),
			    SCENE_CMDS_MAX);
	memcpy(sc->cmd[sc->ncmds].text, cmd, strlen(cmd) + 1);
	sc->cmd[sc->ncmds++].line = p->line;
	return 0;
}

static int parse_line(struct parser *p, char *line)
{
	if (p->line == 1)
		return first_line(p, line);
	if (line[0] == '#' || !*words_trim(line))
		return 0;
	if (strncmp(line, "==", 2) == 0) {
		if (p->in_step)
			skip(p);	/* a scene has one step */
		p->in_step = true;
		return 0;
	}
	if (!p->in_step)
		return header_line(p, line);
	if (line[0] == ':')
		return command_line(p, line + 1);
	skip(p);		/* a caption: a scene has none */
	return 0;
}

/* Lines in text: those ended by '\n', and a last one without. */
static size_t count_lines(const char *text, size_t len)
{
	size_t lines = 0;

	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	return lines + (len > 0 && text[len - 1] != '\n');
}

int scene_parse(const char *text, size_t len, const char *path,
		const struct catalog *cat, model_reader read, enum lang l,
		bool own_lang, struct scene *out, char *err, size_t n)
{
	struct parser p = { path, cat, l, own_lang, out, err, n, 0, false };
	char buf[LESSON_LINE_MAX + 1], why[LESSON_ERR_MAX / 2];
	struct state t;
	size_t i = 0;

	memset(out, 0, sizeof *out);
	out->lang = -1;
	if (len > SCENE_FILE_MAX) {
		snprintf(err, n, tr(l, "%s: larger than %d bytes"), path,
			 SCENE_FILE_MAX);
		return -1;
	}
	if (count_lines(text, len) > SCENE_LINES_MAX) {
		snprintf(err, n, tr(l, "%s: more than %d lines"), path,
			 SCENE_LINES_MAX);
		return -1;
	}
	if (len == 0) {
		buf[0] = '\0';
		return first_line(&p, buf);
	}
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t ll = nl ? (size_t)(nl - (text + i)) : len - i;

		p.line++;
		if (lesson_line_clean(text + i, ll, buf, p.lang, why,
				      sizeof why) != 0)
			return fail(&p, p.line, "%s", why);
		if (parse_line(&p, buf) != 0)
			return -1;
		i += ll + (nl != NULL);
	}
	/* Every command on a scratch state, so that a bad value is found
	 * now with its line, not when the scene is shown. A scene of a
	 * matrix is checked once the app has read it (its rows and width
	 * are the range of a position and a dimension): scene_apply. */
	if (out->load[0])
		return 0;
	state_init(&t, cat, &lesson_start);
	t.lang = p.lang;
	t.read_model = read;
	return scene_apply(&t, out, path, err, n);
}

char *scene_note(const struct scene *sc, const char *path, enum lang l,
		 char *buf, size_t n)
{
	buf[0] = '\0';
	if (sc->skipped == 1)
		snprintf(buf, n, tr(l, "%s:%d: skipped a line this pescope does "
				    "not know"), path, sc->skipped_line);
	else if (sc->skipped > 1)
		snprintf(buf, n, tr(l, "%s:%d: skipped a line this pescope does "
				    "not know, and %d more"), path,
			 sc->skipped_line, sc->skipped - 1);
	return buf;
}

/* ---- writing ---- */

struct out {
	char *buf;
	size_t n, used;
	bool over;		/* it did not fit */
	struct state t;		/* the scene so far, run */
	bool cli;		/* knobs as --set WORD=VALUE, not ": WORD V" */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (o->over)
		return;
	va_start(ap, fmt);
	w = vsnprintf(o->buf + o->used, o->n - o->used, fmt, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= o->n - o->used)
		o->over = true;
	else
		o->used += (size_t)w;
}

/* A command of the step: written, and run on the scene so far. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void cmd(struct out *o, const char *fmt, ...)
{
	char line[LESSON_CMD_MAX], why[COMMAND_HELP_W];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	put(o, ": %s\n", line);
	if (run_line(&o->t, line, why, sizeof why) != 0)
		o->over = true;	/* cannot happen: s's own values */
}

/* A knob's value as its command takes it: a choice by its name (by its
 * number from 1 when the name has a blank), an integer whole, a real in
 * the shortest form that reads back the same. */
static void knob_text(const struct knob_spec *k, double v, char *buf,
		      size_t n)
{
	if (k->kind == KNOB_CHOICE && !strpbrk(k->choice((int)v), " \t"))
		snprintf(buf, n, "%s", k->choice((int)v));
	else if (k->kind == KNOB_CHOICE)
		snprintf(buf, n, "%d", (int)v + 1);
	else if (k->kind == KNOB_INT)
		snprintf(buf, n, "%lld", (long long)v);
	else
		fmt_double_shortest(v, buf, n);
}

/* " WORD" for a POSIX shell: as it is when no shell would change it,
 * else in single quotes (a quote in it as '\''). */
static void put_word(struct out *o, const char *word)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
				    "QRSTUVWXYZ0123456789_./=+,:@%-";

	if (*word && strspn(word, plain) == strlen(word)) {
		put(o, " %s", word);
		return;
	}
	put(o, " '");
	for (const char *c = word; *c; c++)
		if (*c == '\'')
			put(o, "'\\''");
		else
			put(o, "%c", *c);
	put(o, "'");
}

/* " --set WORD=VALUE", and the knob set on the line so far. */
static void set_word(struct out *o, const char *word, const char *value)
{
	char arg[LESSON_CMD_MAX], why[COMMAND_HELP_W];

	snprintf(arg, sizeof arg, "%s=%s", word, value);
	put(o, " --set");
	put_word(o, arg);
	snprintf(arg, sizeof arg, "%s %s", word, value);
	if (command_run(&o->t, arg, COMMAND_LESSON, why, sizeof why) !=
	    COMMAND_OK)
		o->over = true;	/* cannot happen: s's own values */
}

/* Every knob that differs from where the scene so far leaves it, in the
 * catalog's order (one that turns L0 moves its mirrors with it). */
static void knobs(struct out *o, const struct state *s)
{
	for (int v = 0; v < s->cat->count; v++)
		for (int k = 0; k < s->cat->view[v]->nknobs; k++) {
			const struct knob_spec *spec = &s->cat->view[v]->knob[k];
			char text[40];

			if (o->t.knob[v][k] == s->knob[v][k])
				continue;
			knob_text(spec, s->knob[v][k], text, sizeof text);
			if (o->cli)
				set_word(o, spec->word, text);
			else
				cmd(o, "%s %s", spec->word, text);
		}
}

/* ": model WORD", with the word as the scene names the model (model),
 * run on the scene so far as the state names it (state_model_source). */
static void model_cmd(struct out *o, const struct state *s, const char *model)
{
	char line[sizeof s->model_src + 8], why[COMMAND_HELP_W];
	const char *src = state_model_source(s);

	if (!src)
		return;
	if (strlen(model ? model : src) > SCENE_MODEL_MAX)
		o->over = true;	/* a line the scene's reader refuses */
	put(o, ": model %s\n", model ? model : src);
	snprintf(line, sizeof line, "model %s", src);
	if (run_line(&o->t, line, why, sizeof why) != 0)
		o->over = true;	/* the file went away since: not saved */
}

int scene_write(const struct state *s, const char *theme,
		const char *palette, const char *model, const char *load,
		char *buf, size_t n)
{
	struct out o = { buf, n, 0, n == 0, *s, false };
	const struct view_spec *v = state_view(s);
	char line[SCENE_TEXT_MAX];
	bool whole;

	scene_start(&o.t);
	put(&o, "# pescope scene %d\n", SCENE_VERSION);
	/* For a slide: the command line of the screen, whole or not. */
	if (scene_cmdline(s, theme, palette, line, sizeof line, &whole) >= 0)
		put(&o, "# %s\n", line);
	if (theme)
		put(&o, "theme: %s\n", theme);
	if (palette)
		put(&o, "palette: %s\n", palette);
	if (load)
		put(&o, "load: %s\n", load);
	put(&o, "lang: %s\n== scene\n", lang_name(s->lang));
	cmd(&o, "view %s", v->name);
	model_cmd(&o, s, model);
	if (!s->matrix) {	/* else the matrix fixes them */
		char base[32];

		cmd(&o, "d %d", s->cur.pe.d_model);
		cmd(&o, "base %s", fmt_double_shortest(s->cur.pe.base, base,
						       sizeof base));
		cmd(&o, "layout %s",
		    params[PARAM_LAYOUT].words[s->cur.pe.layout]);
		cmd(&o, "len %lld", s->cur.len);
	}
	cmd(&o, "pos %lld", s->cur.pos);
	cmd(&o, "dim %d", s->cur.dim);
	cmd(&o, "window %lld %lld", s->window.pos0,
	    s->window.pos0 + s->window.npos - 1);
	cmd(&o, "window dims %d %d", s->window.dim0,
	    s->window.dim0 + s->window.ndim - 1);
	if (s->hl.kind != HL_NONE)
		cmd(&o, "highlight %s %lld %lld",
		    s->hl.kind == HL_DIMS ? "dims" : "pos", s->hl.lo, s->hl.hi);
	knobs(&o, s);
	if (v->npanels >= 2 && v->panel_name && (s->zoomed || s->panel > 0))
		cmd(&o, "%s %s", s->zoomed ? "zoom" : "focus",
		    v->panel_name[s->panel]);
	return o.over ? -1 : (int)o.used;
}

/* " -d 64" or " --layout concat": core parameter i of s as its option. */
static void put_param(struct out *o, const struct state *s, int i)
{
	const struct param_spec *p = &params[i];
	char v[40];

	switch (i) {
	case PARAM_D:
		snprintf(v, sizeof v, "%d", s->cur.pe.d_model);
		break;
	case PARAM_BASE:
		fmt_double_shortest(s->cur.pe.base, v, sizeof v);
		break;
	case PARAM_LEN:
		snprintf(v, sizeof v, "%lld", s->cur.len);
		break;
	case PARAM_POS:
		snprintf(v, sizeof v, "%lld", s->cur.pos);
		break;
	case PARAM_DIM:
		snprintf(v, sizeof v, "%d", s->cur.dim);
		break;
	default:
		snprintf(v, sizeof v, "%s", p->words[s->cur.pe.layout]);
		break;
	}
	if (p->letter)
		put(o, " -%c", p->letter);
	else
		put(o, " --%s", p->option);
	put_word(o, v);
}

/* The base a command line starts from when no -b is given (app/cli.c),
 * which --model FILE keeps for a learned table. */
#define CLI_START_BASE 10000.0

/* " --model FILE" when the config at src (state_model_source) gives the
 * d_model and base s shows, as --model applies it (app/session.c): the
 * line so far then starts from it. False when it does not (d_model or
 * the base changed since, which --model refuses to be given with). */
static bool model_option(struct out *o, const struct state *s,
			 const char *src)
{
	char line[sizeof s->model_src + 8], why[COMMAND_HELP_W];
	struct state t = o->t;

	state_set_base(&t, CLI_START_BASE);
	snprintf(line, sizeof line, "model %s", src);
	if (command_run(&t, line, COMMAND_LESSON, why, sizeof why) !=
		    COMMAND_OK ||
	    t.cur.pe.d_model != s->cur.pe.d_model ||
	    t.cur.pe.base != s->cur.pe.base)
		return false;
	o->t = t;
	put(o, " --model");
	put_word(o, src);
	return true;
}

int scene_cmdline(const struct state *s, const char *theme,
		  const char *palette, char *buf, size_t n, bool *whole)
{
	struct out o = { buf, n, 0, n == 0, *s, true };
	const char *src = state_model_source(s);
	bool file = src && presets_word_is_file(src), by_file = false;
	int count;

	/* Where the command line starts (app/session.c): these settings,
	 * every knob at its start, the preset's L0 (or its model's), the
	 * model file, the view. */
	state_init(&o.t, s->cat, &s->cur);
	o.t.lang = s->lang;
	o.t.read_model = s->read_model;
	put(&o, "pescope --view %s", state_view(s)->name);
	state_set_view(&o.t, s->view);
	if (s->preset >= 0 && !file) {
		const struct preset *p = presets_table(&count) + s->preset;

		put(&o, " --model %s", p->name);
		if (presets_rope(s->preset) && p->d_model == s->cur.pe.d_model &&
		    p->base == s->cur.pe.base)
			state_set_preset(&o.t, s->preset);
		else
			state_set_train(&o.t, p->train_len);
	}
	if (file)
		by_file = model_option(&o, s, src);
	if (s->matrix) {	/* it fixes d_model, the length, the layout */
		put(&o, " --load");
		put_word(&o, s->matrix_src);
	}
	for (int i = 0; i < PARAM_COUNT; i++)
		if (!((by_file || s->matrix) && (i == PARAM_D || i == PARAM_BASE)) &&
		    !(s->matrix && (i == PARAM_LEN || i == PARAM_LAYOUT)))
			put_param(&o, s, i);
	if (theme)
		put(&o, " --theme %s", theme);
	if (palette)
		put(&o, " --palette %s", palette);
	if (s->lang != LANG_EN)
		put(&o, " --lang %s", lang_name(s->lang));
	knobs(&o, s);
	*whole = file == by_file && s->window.pos0 == 0 && s->window.npos == s->cur.len &&
		 s->window.dim0 == 0 && s->window.ndim == s->cur.pe.d_model &&
		 s->hl.kind == HL_NONE && s->panel == 0 && !s->zoomed;
	return o.over ? -1 : (int)o.used;
}
