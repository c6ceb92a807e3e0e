/* scene.h - a scene: the state on screen as a small text file, to save and
 * open again (:save, :open, --scene). Pure: reading and writing the files
 * is app/scene_file.h.
 *
 * A scene is a lesson file (lesson.h) of one step without a caption, after
 * a first line that names the format and its version. For example:
 *
 *     # pescope scene 1
 *     theme: dark
 *     palette: rdbu
 *     lang: en
 *     == scene
 *     : view spectrum
 *     : model llama-3-8b
 *     : d 64
 *     : base 10000
 *     : layout interleaved
 *     : len 128
 *     : pos 5
 *     : dim 3
 *     : window 0 127
 *     : window dims 0 63
 *     : threshold 0.3
 *     : focus heatmap
 *
 * The lines from "==" on are a lesson step: pasted into a lesson with a
 * caption under them, they show the same screen there. Before "==" come
 * the look of the screen, which lessons leave to the reader: `theme:`,
 * `palette:` (their words are the app's: the scene only carries them) and
 * `lang:`. '#' starts a comment, blank lines are nothing.
 *
 * A loaded matrix (--load) is the header's `load: FILE[:TENSOR]`, FILE
 * relative to the scene's folder as a model's path is; the app reads it.
 * It fixes d_model, the length and the layout, and has no base, so the
 * step has no d, base, layout or len then (one is refused: FILE:LINE says
 * the matrix fixes it), and opening starts from the matrix's. Its other
 * commands are checked when the app has read the matrix (scene_apply on
 * a state showing it): a position or a dimension past its rows or width
 * is refused with its range, FILE:LINE.
 *
 * The model shown (state_model_source) is the step's ": model WORD": a
 * row of the table by its name, or a config.json by its path. A relative
 * path is the scene's folder's (a scene and the config beside it travel
 * together): scene_parse makes it relative to where pescope runs, and
 * the app writes it relative to the scene's folder when it lies there.
 *
 * Opening a scene starts from the lessons' start (lesson_reset: d 512,
 * base 1e4, len 128, the first view, every knob at its start) and runs its
 * commands in order, so a scene lists every setting and only the knobs
 * that differ from where those commands leave them (scene_write finds
 * which by running them).
 *
 * Refused, each with "FILE:LINE: why" (and status 65 from the command
 * line): a first line other than "# pescope scene N" (a version other than
 * SCENE_VERSION says which one this program reads), a file over
 * SCENE_FILE_MAX bytes or SCENE_LINES_MAX lines, a line lesson_line_clean
 * refuses (control characters, invalid UTF-8), a known word with a bad
 * value (the message gives its range), more than SCENE_CMDS_MAX commands.
 * A line this program does not know (a header word, a command, caption
 * text: perhaps from a newer pescope) is skipped, and scene_note says so
 * once. */
#ifndef SCENE_H
#define SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "model/book.h"
#include "model/catalog.h"
#include "model/state.h"

enum {
	SCENE_VERSION = 1,		/* what "# pescope scene N" this reads */
	SCENE_FILE_MAX = 1 << 20,	/* bytes in a scene */
	SCENE_LINES_MAX = 10000,	/* lines in a scene */
	SCENE_CMDS_MAX = 160,		/* commands: every knob of every
					 * view, and the settings */
	SCENE_WORD_MAX = 24,		/* bytes of a theme or palette word */
	SCENE_TEXT_MAX = 8192,		/* room for the text scene_write makes */
	SCENE_MODEL_MAX = LESSON_CMD_MAX - 7	/* bytes of the model's word:
					 * "model WORD" is a command, at most
					 * LESSON_CMD_MAX - 1 bytes */
};

struct scene {
	int ncmds;
	struct lesson_cmd cmd[SCENE_CMDS_MAX];	/* the step's commands */
	char theme[SCENE_WORD_MAX];	/* `theme:`, as written, or "" */
	int theme_line;			/* its line, for a message */
	char palette[SCENE_WORD_MAX];	/* `palette:`, or "" */
	int palette_line;
	int lang;			/* `lang:`: an enum lang, or -1 */
	char load[LESSON_PATH_MAX];	/* `load:` FILE[:TENSOR], a relative
					 * FILE made the scene folder's, or "" */
	int load_line;			/* its line, for a message */
	int skipped;			/* lines not known, skipped */
	int skipped_line;		/* the first of them */
};

/* Parses the `len` bytes at text as the scene file `path` (for messages
 * and the folder of a model's path) and checks its commands on a scratch
 * state with the views of cat, reading a model's config with read (NULL:
 * refused), in language l. With own_lang (a scene that will set the
 * language of the screen it opens), the scene's own `lang:` line is the
 * language from there on: of the messages about the lines after it and
 * of the check of its commands. Returns 0, or -1 with "PATH:LINE: why"
 * in err (n bytes). */
int scene_parse(const char *text, size_t len, const char *path,
		const struct catalog *cat, model_reader read, enum lang l,
		bool own_lang, struct scene *out, char *err, size_t n);

/* Shows scene sc (read from path) in s: from the lessons' start (with
 * the d_model, layout and length of the matrix s shows, if any), its
 * commands in order; the language, the screen's size, the lessons' book,
 * the drill and the message are kept, an open lesson is closed. All or
 * nothing: returns 0, or -1 with "PATH:LINE: why" in err (n bytes) and s
 * unchanged. (Its language is the caller's to apply: the app knows what
 * the terminal can show.) */
int scene_apply(struct state *s, const struct scene *sc, const char *path,
		char *err, size_t n);

/* The scene of what s shows, with theme and palette words (NULL: left
 * out) and the model as the scene names it (model: a path made relative
 * to the scene's folder; NULL: state_model_source's word), into buf (n
 * bytes, SCENE_TEXT_MAX is enough); load: the `load:` word of the
 * matrix s shows (NULL: none). Returns its length, or -1 when it
 * does not fit (or the model's config can no longer be read, or its word
 * is longer than SCENE_MODEL_MAX: the caller says so first). */
int scene_write(const struct state *s, const char *theme,
		const char *palette, const char *model, const char *load,
		char *buf, size_t n);

/* The command line that opens what s shows: "pescope", --view, --preset
 * (a row of the table) or --model FILE (a config, by the path it was
 * given with) or --load FILE[:TENSOR] (a loaded matrix), the options of
 * the core parameters (params.h; not -d and -b, which --model FILE sets,
 * nor -n and --layout, which a matrix fixes too), --theme and --palette when given (NULL:
 * left out) and --lang zh, then, as the command line applies them, a
 * --set WORD=VALUE for every knob that differs from where those leave
 * it; a word a POSIX shell would change is quoted. Into buf (n bytes;
 * SCENE_TEXT_MAX is enough). Returns its length, or -1 when it does not
 * fit. *whole is false when the screen has more than options give: a
 * window, a highlight, a panel focused or zoomed, a model file's d_model
 * or base changed since (a scene keeps those). */
int scene_cmdline(const struct state *s, const char *theme,
		  const char *palette, char *buf, size_t n, bool *whole);

/* "PATH:LINE: skipped a line this pescope does not know (and N more)" in
 * language l into buf, for a scene that skipped lines; "" for one that
 * did not. Returns buf. */
char *scene_note(const struct scene *sc, const char *path, enum lang l,
		 char *buf, size_t n);

#endif
