/* command.h - the explorer's ':' commands, shared with lesson files.
 *
 *   :d N | :d_model N     d_model, an even integer from 2 to 65536
 *   :base X | :b X        base, 1 < X <= 1e12 (decimal or exponent form)
 *   :len L | :n L         length, 1 to 1e9 positions
 *   :pos P | :p P         position, 0 to len-1
 *   :dim I | :i I         dimension, 0 to d_model-1
 *   :layout interleaved|concat
 *   :view NAME            show a view (catalog.h)
 *   :model NAME|FILE      apply a preset (presets.h; :preset NAME too), or
 *                         a model's config.json (a FILE holds a '/' or
 *                         ends in .json), read by the state's reader
 *   :vector               the vector view
 *   :WORD V               set the knob called WORD of a view (catalog.h:
 *                         offset 5, threshold 0.3, bug half-exponent ...)
 *   :highlight dims A B | :highlight pos A B | :highlight off
 *                         mark dimensions or positions A..B on the heatmap
 *   :window A B           show positions A..B across the plots
 *   :window dims A B      show dimensions A..B
 *   :export FILE          save the screen to FILE (.svg, .png, .pdf, .txt,
 *                         .ans: the explorer checks the name and writes it)
 *   :save FILE | :open FILE   write the state on screen to FILE as a scene,
 *                         or show the scene FILE (model/scene.h; the app
 *                         reads and writes the file)
 *   :cmdline [copy]       show the command line that opens this screen
 *                         (copy: and send it to the clipboard, OSC 52)
 *   :save-settings        keep the theme, palette, language and
 *                         presenter mode in the settings file (the app
 *                         writes it: app/settings_file.h)
 *   :reset  :fit  :help  :q | :quit
 *
 * A command either applies completely or changes nothing and explains why.
 * Commands change the state through its setters only (state.h). */
#ifndef COMMAND_H
#define COMMAND_H

#include <stddef.h>

struct state;

enum command_result {
	COMMAND_OK,		/* applied */
	COMMAND_ERROR,		/* refused; err holds one line saying why */
	COMMAND_QUIT,		/* the user asked to leave */
	COMMAND_EXPORT,		/* :export FILE: s->export_to names the file;
				   the explorer writes it (app/export.h) */
	COMMAND_SCENE		/* :save FILE, :open FILE or :cmdline:
				   s->scene_op says which, s->scene_file
				   names the file; the app does it
				   (app/scene_file.h) */
};

/* Where a command comes from: lessons may not quit or open the help. */
enum command_source { COMMAND_TYPED, COMMAND_LESSON };

/* Runs one command line (without the leading ':'; leading and trailing
 * blanks are ignored; an empty line does nothing). On COMMAND_ERROR writes
 * a message of at most n-1 bytes into err and leaves s unchanged. Ranges
 * that depend on the parameters are checked against s as it is. */
enum command_result command_run(struct state *s, const char *line,
				enum command_source from, char *err, size_t n);

enum { COMMAND_HELP_W = 240 };	/* bytes of one help line (the shared
					 * one holds eight commands) */

/* The command summary shown by ':help' and the help overlay, in the
 * language of s, with the views, presets and knobs of its catalog: fills
 * up to max lines and returns how many there are. Each command's line is
 * its row's usage and help. */
int command_help(const struct state *s, char lines[][COMMAND_HELP_W], int max);

/* Word i of the commands besides the core parameters (params.h), the
 * knobs and the views' own commands (catalog.h): their names and aliases
 * in the table's order ("view", ..., "help", "h", "q", "quit"), NULL after
 * the last. --list commands prints them. */
const char *command_word(int i);

#endif
