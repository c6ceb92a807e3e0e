/* settings_file.h - the settings file: what a user wants at every start.
 *
 * It is $XDG_CONFIG_HOME/pescope/config, or ~/.config/pescope/config when
 * XDG_CONFIG_HOME is unset, empty or relative (the XDG base directory
 * convention); without HOME either there is none. One `word value` a
 * line, the words the long options' names of `--list config` (theme,
 * palette, lang, colors, present, ascii, view and the core parameters:
 * `theme light`, `d-model 64`; a flag takes yes or no); '#' starts a
 * comment, blank lines are nothing. For example:
 *
 *     # pescope settings
 *     theme light
 *     palette puor
 *     view spectrum
 *     d-model 64
 *
 * Its values are checked by the option parsers of the command line
 * (app/cli.h: cli_setting) and applied as defaults that the command
 * line's options replace, in the modes that draw the screen only
 * (cli_mode_draws): a --dump is the same whoever runs it. --no-config
 * leaves it unread.
 *
 * The file is user data, read as scenes are: a regular file (a FIFO is not
 * waited on) of at most SETTINGS_FILE_MAX bytes, a UTF-8 byte-order mark
 * skipped. A line that is refused (a word that is not a setting, a bad
 * value, a control character) is reported once on standard error as
 * "PATH:LINE: why" and skipped: the rest applies and the exit status does
 * not change. A file that exists but cannot be read (no permission, a
 * folder, too large) is one line, and the run starts as without it. The
 * explorer shows the first of those lines on its message line too
 * (settings_file_note): on standard error, under the screen, it would be
 * seen only after quitting.
 *
 * Nothing writes to it but :save-settings, which keeps its other lines. */
#ifndef SETTINGS_FILE_H
#define SETTINGS_FILE_H

#include "app/cli.h"
#include "model/state.h"

enum {
	SETTINGS_FILE_MAX = 1 << 20,	/* bytes in the settings file */
	SETTINGS_LINES_MAX = 200	/* settings applied; more are refused */
};

/* Reads the settings file, unless opt asks for none (--no-config) or its
 * mode draws nothing, and parses the command line again with its
 * settings under it (cli_parse_settings) into *opt, which cli_parse has
 * filled and checked. Says on standard error what it skipped; when the
 * settings make the command line fail (a --set whose range they change),
 * says so and keeps *opt as it was. Never fails. */
void settings_file_apply(struct options *opt);

/* The first line settings_file_apply said, or "" when it said none. */
const char *settings_file_note(void);

/* :save-settings: writes the look of s (its language and presenter mode,
 * and the theme's and palette's words when the user chose them: NULL, as
 * one found on the terminal or a default, leaves the file's line, if any,
 * as it was) into the settings file atomically, creating its folder
 * (0700), keeping every other line of the file as it was; the message
 * line says which words it wrote and where, or why not. */
void settings_file_save(struct state *s, const char *theme,
			const char *palette);

#endif
