/* scene_file.h - scenes on disk: `--scene FILE`, and the explorer's and
 * --keys scripts' `:save FILE` and `:open FILE`. The format and its parser
 * are the model's (model/scene.h); this file reads and writes the files,
 * checks the look's words (theme, palette) and says what happened.
 *
 * A scene is read only from a regular file (opened without waiting: a FIFO
 * is refused, not waited on), at most SCENE_FILE_MAX bytes, a UTF-8
 * byte-order mark skipped. It is written atomically (io/atomic_file.h):
 * the old file or the whole new one, never a half. A scene that was read
 * may be saved over: it was read whole first.
 *
 * Exit statuses from the command line: 66 (EX_NOINPUT) when the scene
 * cannot be opened or is not a regular file, 65 (EX_DATAERR) when its
 * content is refused. */
#ifndef SCENE_FILE_H
#define SCENE_FILE_H

#include "app/cli.h"
#include "model/scene.h"
#include "engine/pe_matrix.h"
#include "model/state.h"
#include "render/palette.h"
#include "views/screen.h"

/* The look a scene is drawn with besides the state: its theme (an enum
 * theme) and palette (an enum palette_id). A scene and :cmdline name the
 * theme only when it was chosen (theme_chosen: on the command line, in
 * the settings file or in a scene opened), never the one the terminal was
 * found to have: opened on another terminal, the scene takes that one's.
 * :save-settings writes the theme and the palette only when chosen
 * (palette_chosen: the same three ways), never a default. */
struct scene_look {
	int theme;
	int palette;
	bool theme_chosen;
	bool palette_chosen;
};

/* What :open changes besides the state and the look: the matrix the run
 * shows and the caches that depend on it. */
struct scene_room {
	struct pe_matrix *matrix;	/* the run's matrix (options.matrix_store:
					 * main frees it), empty without one;
					 * the state shows it when it has one */
	struct screen *screen;		/* the views' contexts it is drawn with */
};

/* Does what s->scene_op asks for (REACT_SCENE): writes what s shows, in
 * look, as the scene s->scene_file, or shows that scene (its state and its
 * language, when s can show it), or puts the command line of the screen
 * (model/scene.h: scene_cmdline) on the message line, and for
 * :cmdline copy hands it to clip (io/term.h: term_clipboard; NULL where no
 * terminal is, and the message says it was not copied). The message line
 * says what was done, or why not (then s is unchanged). *look becomes the
 * scene's when one is opened: the caller draws with it from then on, if
 * it can.
 *
 * A scene that names a matrix (`load:`) opens with it: read as --load
 * reads it (app/load_file.h: the same checks and messages, after
 * "SCENE:LINE: "), the scene applied on it, and only when both succeed
 * the matrix replaces room's (which is unmapped) and every context of
 * room's screen is emptied (screen_forget), as their caches and jobs are
 * the old matrix's. A scene that names none, opened under a matrix, shows
 * the formula and frees the matrix the same way: a scene is the whole
 * screen. A scene or a matrix refused changes nothing but the message. */
void scene_file_command(struct state *s, struct scene_look *look,
			const struct scene_room *room,
			bool (*clip)(const char *text));

/* --scene FILE (opt->scene): reads it into *sc before main settles the
 * options, and gives opt the scene's language, theme and palette where
 * the command line (given: its options alone, without the settings
 * file's) did not: the command line wins over a scene, a scene over the
 * settings file. opt->scene_data then points at sc, which session_init
 * shows. Returns 0, or the exit status after one line. */
int scene_file_load(struct options *opt, const struct options *given,
		    struct scene *sc);

/* --scene FILE of a matrix, once main has read it (opt->matrix): the
 * scene's commands checked on it, whose rows and width bound a position
 * and a dimension. Returns 0, or 65 after "FILE:LINE: why". */
int scene_file_check(const struct options *opt);

#endif
