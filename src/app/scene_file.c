/* scene_file.c - scenes on disk (see scene_file.h). */
#include "app/scene_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

#include "app/load_file.h"
#include "app/model_file.h"
#include "app/say.h"
#include "app/session.h"
#include "app/settings_file.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/matrix_file.h"
#include "io/status.h"
#include "model/lesson.h"
#include "model/presets.h"
#include "views/views.h"

/* ---- reading ---- */

/* The look's words, checked against the app's: "PATH:LINE: why" when the
 * scene names one this program does not have. */
static int check_look(const struct scene *sc, const char *path, enum lang l,
		      struct scene_look *look, char *err, size_t n)
{
	enum palette_id p;
	int t;

	if (sc->theme[0]) {
		if (!cli_list_value(CLI_LIST_THEMES, sc->theme, &t) || t < 0) {
			snprintf(err, n, tr(l, "%s:%d: %s must be %s, %s or %s, "
					    "got \"%s\""), path, sc->theme_line,
				 "theme", "dark", "light", "any", sc->theme);
			return EX_DATAERR;
		}
		look->theme = t;
		look->theme_chosen = true;
	}
	if (sc->palette[0]) {
		if (palette_from_name(sc->palette, &p) != 0) {
			snprintf(err, n, tr(l, "%s:%d: %s must be rdbu or puor, "
					    "got \"%s\""), path, sc->palette_line,
				 "palette", sc->palette);
			return EX_DATAERR;
		}
		look->palette = (int)p;
		look->palette_chosen = true;
	}
	return 0;
}

/* Reads and checks the scene at path into *sc, with messages in language
 * l, or with own_lang in the scene's own from its `lang:` line on
 * (scene_parse); the theme and palette it names, when it names them, go
 * into *look. Returns 0, or EX_NOINPUT or EX_DATAERR with one line in err
 * (n bytes). */
static int scene_file_read(const char *path, enum lang l, bool own_lang,
			   struct scene *sc, struct scene_look *look,
			   char *err, size_t n)
{
	size_t len = 0, bom;
	int e;
	char *text = input_file_read(path, SCENE_FILE_MAX, &len, &e);
	int rc;

	if (!text && e) {
		snprintf(err, n, tr(l, "cannot read \"%s\": %s"), path,
			 say_errno(l, e));
		return status_of_errno(e, EX_NOINPUT);
	}
	if (!text) {
		snprintf(err, n, tr(l, "cannot read \"%s\": %s"), path,
			 tr(l, "not a regular file"));
		return EX_NOINPUT;
	}
	bom = utf8_bom(text, len);
	rc = scene_parse(text + bom, len - bom, path, views_catalog(),
			 model_file_pick, l, own_lang, sc, err, n) == 0 ? 0
										: EX_DATAERR;
	free(text);
	if (own_lang && sc->lang >= 0)
		l = (enum lang)sc->lang;
	return rc ? rc : check_look(sc, path, l, look, err, n);
}

/* ---- :save and :open ---- */

/* The theme's word a scene and :cmdline write: NULL when none was chosen
 * (scene_file.h). */
static const char *theme_word(const struct scene_look *look)
{
	return look->theme_chosen ? cli_list_name(CLI_LIST_THEMES, look->theme)
				  : NULL;
}

/* How the scene at path names the file src (a config, a matrix): its
 * path from the scene's folder when it lies there or below, else from
 * the root, then tensor (NULL: none) after a ':', into buf (n bytes).
 * 0, or an errno value when the file cannot be found. */
static int file_word(const char *src, const char *tensor, const char *path,
		     char *buf, size_t n)
{
	const char *slash = strrchr(path, '/');
	char folder[LESSON_PATH_MAX], *file, *dir;
	size_t dl;

	if (!(file = realpath(src, NULL)))
		return errno;
	snprintf(folder, sizeof folder, "%.*s",
		 slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
	dir = realpath(folder, NULL);
	dl = dir ? strlen(dir) : 0;
	snprintf(buf, n, "%s%s%s",
		 dir && strncmp(file, dir, dl) == 0 && file[dl] == '/' ?
			 file + dl + 1 : file,
		 tensor ? ":" : "", tensor ? tensor : "");
	free(dir);
	free(file);
	return 0;
}

/* The model's word (model/scene.h): "" for a row of the table or no
 * model (the scene writes state_model_source as it is). */
static int model_word(const struct state *s, const char *path, char *buf,
		      size_t n)
{
	const char *src = state_model_source(s);

	buf[0] = '\0';
	if (!src || !presets_word_is_file(src))
		return 0;
	return file_word(src, NULL, path, buf, n);
}

/* The `load:` word of the matrix s shows, "" for none: its FILE split
 * from a TENSOR as --load splits them (io/matrix_file.h). */
static int load_word(const struct state *s, const char *path, char *buf,
		     size_t n)
{
	char file[sizeof s->matrix_src];
	const char *colon = strrchr(s->matrix_src, ':');
	struct stat st;

	buf[0] = '\0';
	if (!s->matrix)
		return 0;
	snprintf(file, sizeof file, "%s", s->matrix_src);
	if (colon && colon != s->matrix_src && stat(s->matrix_src, &st) != 0)
		file[colon - s->matrix_src] = '\0';
	else
		colon = NULL;
	return file_word(file, colon ? colon + 1 : NULL, path, buf, n);
}

/* What write_scene returns when the model's word does not fit in a
 * scene's command (model/scene.h: SCENE_MODEL_MAX), with the word in
 * model. */
enum { MODEL_TOO_LONG = -1 };

/* Writes what s shows, in look, to path: 0, an errno value or
 * MODEL_TOO_LONG, with the model's word (as the scene names it) in
 * model (LESSON_PATH_MAX bytes). */
static int write_scene(const char *path, const struct state *s,
		       const struct scene_look *look, char *model)
{
	char text[SCENE_TEXT_MAX], load[LESSON_PATH_MAX];
	const char *src = state_model_source(s);
	struct atomic_file af;
	int e = model_word(s, path, model, LESSON_PATH_MAX);
	int len;

	if (!e)
		e = load_word(s, path, load, sizeof load);
	if (e)
		return e;	/* the model's config or the matrix went away */
	if (strlen(model[0] ? model : src ? src : "") > SCENE_MODEL_MAX) {
		if (!model[0])	/* a path state_model_source keeps */
			snprintf(model, LESSON_PATH_MAX, "%s", src);
		return MODEL_TOO_LONG;
	}
	len = scene_write(s, theme_word(look),
			  palette_name((enum palette_id)look->palette),
			  model[0] ? model : NULL, load[0] ? load : NULL, text,
			  sizeof text);
	if (len < 0)
		return ENOSPC;	/* SCENE_TEXT_MAX holds all, but a config
				 * may go away while read again */
	e = atomic_file_open(&af, path);
	if (e)
		return e;
	if (fwrite(text, 1, (size_t)len, af.fp) != (size_t)len) {
		e = errno ? errno : EIO;
		atomic_file_abort(&af);
		return e;
	}
	return atomic_file_commit(&af);
}

static void save(struct state *s, const char *path,
		 const struct scene_look *look)
{
	char msg[2 * MSG_MAX], model[LESSON_PATH_MAX];
	int e;

	e = write_scene(path, s, look, model);
	if (e == MODEL_TOO_LONG)
		snprintf(msg, sizeof msg, tr(s->lang, "%s: the model's path "
					     "from the scene's folder, %s, is "
					     "longer than the %d bytes a scene "
					     "holds: save the scene nearer the "
					     "config"), "save", model,
			 SCENE_MODEL_MAX);
	else if (e)
		snprintf(msg, sizeof msg, tr(s->lang, "%s: cannot write "
					     "\"%s\": %s"), "save", path,
			 say_errno(s->lang, e));
	else
		snprintf(msg, sizeof msg, tr(s->lang, "saved the scene in %s "
					     "(open it with --scene or :open)"),
			 path);
	state_message(s, e != 0, msg);
}

/* t shows the matrix m (NULL: the formula) in place of what it showed,
 * with m's width, rows and layout as --load gives them (load_file.c), the
 * base where a scene starts; src is the scene's `load:` word. */
static void show_matrix(struct state *t, const struct pe_matrix *m,
			const char *src)
{
	t->matrix = NULL;	/* else the setters refuse to change */
	t->matrix_name[0] = t->matrix_src[0] = '\0';
	if (!m)
		return;
	state_set_layout(t, PE_INTERLEAVED);
	state_set_base(t, lesson_start.pe.base);
	state_set_dmodel(t, m->cols);
	state_set_len(t, m->rows);
	session_name_matrix(t, m, src);
}

/* The state the scene sc (at path) shows, from s, into *t: with the
 * matrix its `load:` line names read into *fresh (then what a scene
 * naming none does under a matrix: the formula). 0, or -1 with why in
 * err, *fresh empty and s as it was. */
static int scene_state(const struct state *s, const struct scene *sc,
		       const char *path, struct pe_matrix *fresh,
		       struct state *t, char *err, size_t n)
{
	char why[CLI_ERR_MAX];

	memset(fresh, 0, sizeof *fresh);
	*t = *s;
	if (sc->load[0] &&
	    load_file_matrix(sc->load, fresh, NULL, s->lang, why,
			     sizeof why) != 0) {
		snprintf(err, n, "%s:%d: %s", path, sc->load_line, why);
		return -1;
	}
	if (sc->load[0] || s->matrix)
		show_matrix(t, sc->load[0] ? fresh : NULL, sc->load);
	if (scene_apply(t, sc, path, err, n) != 0) {
		pe_matrix_free(fresh);
		return -1;
	}
	return 0;
}

/* Shows the scene at path in s, with the matrix it names (or none) in
 * room, the look it names in *look. All or nothing: a scene, or a
 * matrix, that is refused changes nothing but the message. */
static void open_scene(struct state *s, const char *path,
		       struct scene_look *look, const struct scene_room *room)
{
	struct scene *sc;
	struct scene_look got = *look;
	struct pe_matrix fresh;
	struct state *t;
	char err[LESSON_ERR_MAX], msg[2 * MSG_MAX];

	sc = malloc(sizeof *sc);
	t = malloc(sizeof *t);
	if (!sc || !t) {
		state_message(s, true, tr(s->lang, "out of memory"));
		free(sc);
		free(t);
		return;
	}
	/* In the language of the screen, which a refused scene keeps. */
	if (scene_file_read(path, s->lang, false, sc, &got, err,
			    sizeof err) != 0 ||
	    scene_state(s, sc, path, &fresh, t, err, sizeof err) != 0) {
		state_message(s, true, err);	/* and nothing changed */
		free(sc);
		free(t);
		return;
	}
	if (sc->load[0] || s->matrix) {
		/* The old matrix goes: nothing may read it after. */
		screen_forget(room->screen);
		pe_matrix_free(room->matrix);
		*room->matrix = fresh;
		if (sc->load[0]) {
			t->matrix = room->matrix;
			matrix_file_watch(room->matrix, sc->load, s->lang);
		}
	}
	*s = *t;
	/* Chinese only where the screen shows more than ASCII. */
	if (sc->lang >= 0 && !(sc->lang == LANG_ZH && s->ascii))
		s->lang = (enum lang)sc->lang;
	scene_note(sc, path, s->lang, msg, sizeof msg);
	if (!msg[0])
		snprintf(msg, sizeof msg, tr(s->lang, "opened the scene %s"),
			 path);
	state_message(s, sc->skipped > 0, msg);
	*look = got;
	free(sc);
	free(t);
}

/* :cmdline: the command line of the screen on the message line (cut to
 * the screen; a saved scene holds it whole, on its second line); with
 * copy (:cmdline copy), also handed to clip, which sends it to the
 * clipboard (NULL: no terminal here), and the message says so first. */
static void cmdline(struct state *s, const struct scene_look *look,
		    bool copy, bool (*clip)(const char *text))
{
	char line[SCENE_TEXT_MAX], msg[SCENE_TEXT_MAX + MSG_MAX];
	bool whole;

	if (scene_cmdline(s, theme_word(look),
			  palette_name((enum palette_id)look->palette), line,
			  sizeof line, &whole) < 0)
		return;
	if (copy && clip && clip(line))
		snprintf(msg, sizeof msg, tr(s->lang, "sent to the clipboard by "
					     "%s (a terminal may ignore it; %s "
					     "needs %s): %s"), "OSC 52", "tmux",
			 "set -g set-clipboard on", line);
	else if (copy)
		snprintf(msg, sizeof msg, tr(s->lang, "not copied, as no terminal "
					     "is here: %s"), line);
	else if (whole)
		snprintf(msg, sizeof msg, "%s", line);
	else
		snprintf(msg, sizeof msg, tr(s->lang, "%s (and a window, highlight, "
					     "panel or model change only a "
					     "scene keeps: :save FILE)"), line);
	state_message(s, false, msg);
}

/* The save key: the ':' line opened as "save pescope-VIEW-N.scene", N
 * the first from 1 that names no file in the current folder, to edit or
 * run with Enter. */
static void suggest(struct state *s)
{
	char line[CMD_MAX];
	struct stat st;
	int k = 1;

	do
		snprintf(line, sizeof line, "save pescope-%s-%d.scene",
			 state_view(s)->name, k);
	while (lstat(line + 5, &st) == 0 && ++k < 100000);
	cmdline_open(&s->cmd);
	for (const char *c = line; *c; c++)	/* ASCII: view names are */
		cmdline_insert(&s->cmd, (unsigned char)*c);
}

void scene_file_command(struct state *s, struct scene_look *look,
			const struct scene_room *room,
			bool (*clip)(const char *text))
{
	char path[sizeof s->scene_file];

	snprintf(path, sizeof path, "%s", s->scene_file);
	s->scene_file[0] = '\0';
	if (s->scene_op == SCENE_OPEN)
		open_scene(s, path, look, room);
	else if (s->scene_op == SCENE_SAVE)
		save(s, path, look);
	else if (s->scene_op == SCENE_SAVE_SETTINGS)
		settings_file_save(s, theme_word(look),
				   look->palette_chosen ?
				   palette_name((enum palette_id)look->palette) :
				   NULL);
	else if (s->scene_op == SCENE_SUGGEST)
		suggest(s);
	else
		cmdline(s, look, s->scene_op == SCENE_CMDLINE_COPY, clip);
}

/* ---- --scene FILE ---- */

int scene_file_load(struct options *opt, const struct options *given,
		    struct scene *sc)
{
	char err[LESSON_ERR_MAX];
	/* The language of the command line, else of the settings file; the
	 * scene's own from its `lang:` on when the command line names none
	 * (it wins over the settings file's) and Chinese can be shown. */
	int settled = lang_settle(opt->lang, opt->ascii, err, sizeof err);
	enum lang l = settled == LANG_ZH ? LANG_ZH : LANG_EN;
	bool own = given->lang < 0 &&
		   lang_settle(LANG_ZH, opt->ascii, err, sizeof err) == LANG_ZH;
	struct scene_look look = { opt->theme, (int)opt->palette, false,
				   false };
	int rc;

	if (!opt->scene)
		return 0;
	rc = scene_file_read(opt->scene, l, own, sc, &look, err, sizeof err);
	if (rc == EX_DATAERR)	/* "FILE:LINE: why" */
		say_at("%s", err);
	else if (rc)
		say("%s", err);
	if (rc)
		return rc;
	if (own && sc->lang >= 0)
		l = (enum lang)sc->lang;
	if (sc->skipped)
		say_at("%s", scene_note(sc, opt->scene, l, err, sizeof err));
	if (sc->load[0] && (opt->load || opt->model)) {
		say(tr(l, "--scene %s opens the matrix it names; it takes "
			  "no --load or --model"), opt->scene);
		return EX_USAGE;
	}
	if (sc->load[0]) {	/* main reads it (load_file.h) */
		opt->load = sc->load;
		opt->scene_load_line = sc->load_line;
	}
	/* What the command line says wins over the scene, and the scene
	 * over the settings file. */
	if (given->lang < 0 && sc->lang >= 0)
		opt->lang = sc->lang;
	if (given->theme < 0 && sc->theme[0])
		opt->theme = look.theme;
	if (!given->palette_given && sc->palette[0]) {
		opt->palette = (enum palette_id)look.palette;
		opt->palette_given = true;	/* chosen, by the scene */
	}
	opt->scene_data = sc;
	return 0;
}

int scene_file_check(const struct options *opt)
{
	struct state t;
	char err[LESSON_ERR_MAX];

	if (!opt->scene_data || !opt->matrix)
		return 0;
	session_init(&t, opt);	/* its scene_apply leaves t if it fails */
	if (scene_apply(&t, opt->scene_data, opt->scene, err, sizeof err) == 0)
		return 0;
	say_at("%s", err);
	return EX_DATAERR;
}
