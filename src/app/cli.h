/* cli.h - the command line: getopt_long into a validated struct options.
 *
 * cli_parse never prints and never exits: it returns false with a one-line
 * message (no program name, no newline; in the language of cli_lang) that names the option, the value
 * and what is accepted, and main decides what to do with it (print it after
 * "pescope: " and exit 64). That keeps every message unit-testable.
 *
 * The options live in one table in cli.c; --help is generated from it. To add
 * an option, add a row there (and a field here). */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "io/dump.h"
#include "io/series.h"
#include "io/term.h"
#include "render/palette.h"
#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "engine/rope_model.h"
#include "engine/precision.h"
#include "base/lang.h"

/* Limits that --help and the messages quote. */
#define CLI_SIZE_MAX TERM_SIZE_MAX	/* --size W and H: as on a terminal */
#define CLI_FRAMES_MAX 1000000		/* --frames */
#define CLI_SEED_MAX 4294967295LL	/* --seed */
#define CLI_SETS_MAX 96			/* --set: as many as the views have
					 * knobs (VIEWS_MAX x VIEW_KNOBS_MAX) */

/* Room enough for any message of cli_parse, the quoted value included. */
#define CLI_ERR_MAX 512

enum cli_mode {
	CLI_EXPLORE,	/* the interactive explorer (no mode option given) */
	CLI_SNAPSHOT,	/* --snapshot: render the screen once as text */
	CLI_DUMP,	/* --dump: write the matrix */
	CLI_BENCH,	/* --bench: time the drawing path */
	CLI_VECTOR,	/* --vector: print PE(P) */
	CLI_SERIES,	/* --dump-series: a CSV series */
	CLI_HELP,	/* -h, --help */
	CLI_VERSION,	/* -V, --version */
	CLI_EXPORT,	/* --export FILE: write the screen to a file */
	CLI_LIST_KEYS,	/* --list-keys: the key table as Markdown */
	CLI_KEYS,	/* --keys FILE: a scripted session, headless */
	CLI_LESSONS,	/* --lessons: list the lessons */
	CLI_LIST,	/* --list WHAT: the words an option accepts */
	CLI_HANDOUT	/* --handout LESSON: a lesson to -o FILE.pdf or .md */
};

/* The lists of --list WHAT, in the order --help names them: the words
 * --view, --preset, --layout, --dump, --dtype, --dump-series, --palette,
 * --color, --colors, --lang and --lesson accept. */
enum cli_list {
	CLI_LIST_VIEWS,
	CLI_LIST_KNOBS,		/* the views' knob words (lessons, ':') */
	CLI_LIST_COMMANDS,	/* the other words of the ':' line */
	CLI_LIST_PRESETS,
	CLI_LIST_MODELS,	/* the same rows, each with its one line and
				 * where its numbers come from (main.c) */
	CLI_LIST_LAYOUTS,
	CLI_LIST_FORMATS,
	CLI_LIST_DTYPES,
	CLI_LIST_SERIES,
	CLI_LIST_SCALINGS,
	CLI_LIST_SCHEMES,	/* --scheme's: engine/bias.h */
	CLI_LIST_PALETTES,
	CLI_LIST_THEMES,
	CLI_LIST_COLORS,
	CLI_LIST_DEPTHS,
	CLI_LIST_LANGS,
	CLI_LIST_CONFIG,	/* the words of the settings file */
	CLI_LIST_LESSONS,	/* the names in the lessons folder of a
				 * language: no fixed words (lesson_mode.c) */
	CLI_LIST_COUNT		/* number of lists, not a list */
};

enum color_choice {
	COLOR_CHOICE_AUTO,	/* colour when stdout is a tty and NO_COLOR is
				 * unset or empty */
	COLOR_CHOICE_ALWAYS,
	COLOR_CHOICE_NEVER
};

struct options {
	enum cli_mode mode;		/* what to do */
	struct pe_params pe;		/* d_model, base, layout; valid */
	long long length;		/* positions, 1 .. PE_LEN_MAX */
	long long position;		/* selected position, 0 .. length-1 */
	int dim;			/* selected dimension, 0 .. d_model-1 */
	enum dump_format format;	/* for CLI_DUMP */
	enum dump_dtype dtype;		/* for CLI_DUMP with DUMP_NPY */
	enum prec_dtype number_type;	/* --dtype as given, for CLI_SERIES
					 * collisions */
	const char *output;		/* for CLI_DUMP: a path, "-" or NULL for
					 * stdout; for CLI_HANDOUT a path
					 * ending in .pdf or .md; points into
					 * argv */
	int width, height;		/* screen for snapshot and bench,
					 * 1 .. CLI_SIZE_MAX */
	enum color_choice color;	/* colour of the screen modes */
	int colors;			/* --colors: an enum color_mode, or
					 * TERM_DEPTH_AUTO (the terminal's) */
	bool ascii;			/* ASCII glyphs only */
	int frames;			/* for CLI_BENCH, 1 .. CLI_FRAMES_MAX */
	bool force;			/* --force: start a job above the
					 * estimate's bound (app/job.h) */
	double vector_pos;		/* for CLI_VECTOR, 0 .. PE_LEN_MAX */
	int series;			/* for CLI_SERIES: enum series_kind */
	int scheme;			/* for --dump-series bias: enum
					 * bias_scheme (--scheme) */
	struct series_stretch stretch;	/* for --dump-series wavelengths:
					 * --scaling, --scale, --train */
	int view;			/* enum view to start in */
	int preset;			/* presets.h index, or -1 for none */
	const char *model;		/* --model FILE, or NULL; points into
					 * argv */
	const struct rope_model *rope;	/* that model, once main has read it
					 * (model_file.h), or NULL */
	const char *model_name;		/* what the status line calls it */
	const char *load;		/* --load FILE[:TENSOR], or NULL;
					 * points into argv, or a scene's
					 * `load:` (then scene_load_line) */
	int scene_load_line;		/* that line of --scene, or 0 */
	const struct pe_matrix *matrix;	/* that matrix, once main has read it
					 * (load_file.h), or NULL */
	struct pe_matrix *matrix_store;	/* where it lives (main's, freed at
					 * the end), empty without one: :open
					 * of a scene puts the matrix it
					 * names there, in place of the one
					 * shown (app/scene_file.h) */
	const char *lesson;		/* --lesson NAME or file (or that of
					 * --handout), or NULL; points into
					 * argv */
	int step;			/* --step, 1-based; 0 when not given */
	int lang;			/* enum lang, or -1 when not given
					 * (main settles it: lang_settle) */
	enum palette_id palette;	/* heat colours of the screen modes */
	bool palette_given;		/* --palette was given (or the
					 * settings file's palette, or a
					 * scene's: scene_file_load) */
	const char *scene;		/* --scene FILE, or NULL; points into
					 * argv */
	const struct scene *scene_data;	/* that scene, once main has read
					 * it (app/scene_file.h), or NULL */
	int theme;			/* enum theme, or -1 for auto (main
					 * settles it: theme_settle) */
	bool theme_chosen;		/* theme came from the command line,
					 * the settings file or a scene, not
					 * from the terminal (main sets it) */
	bool present;			/* --present: presenter mode */
	const char *argv0;		/* argv[0], to find the lessons */
	bool drill;			/* --drill: start in the drill */
	long long seed;			/* --seed, 0 .. CLI_SEED_MAX, or -1:
					 * main picks one from the clock */
	const char *export_path;	/* for CLI_EXPORT: a name figure_kind
					 * accepts; with --keys (mode
					 * CLI_KEYS) also a .cast (cast_name);
					 * points into argv */
	const char *keys;		/* for CLI_KEYS: the script, a path or
					 * "-"; NULL when not given */
	bool keys_snapshot;		/* for CLI_KEYS: --snapshot too */
	int png_scale;			/* --png-scale: PNG pixels per SVG
					 * unit, 1 .. EXPORT_RASTER_SCALE_MAX
					 * (default 1) */
	int argc;			/* the command line, for --record */
	char **argv;
	const char *record;		/* for CLI_EXPLORE: --record FILE, the
					 * session written as a --keys
					 * script, or NULL */
	enum cli_list list;		/* for CLI_LIST: which words */
	const char *set[CLI_SETS_MAX];	/* --set WORD=VALUE, in the order
					 * given (app/knob_args.h); point
					 * into argv */
	int nset;
	bool no_config;			/* --no-config: the settings file
					 * is not read (app/settings_file.h) */
};

/* One line of the settings file: an option's long name and its value
 * (app/settings_file.h reads them; cli_setting checks them). */
struct cli_setting {
	const char *word;
	const char *value;
};

/* Parses argv[1..argc-1] into *opt (which it first sets to the defaults).
 * Returns true when the command line is valid; otherwise writes a message of
 * at most errlen-1 characters into err and returns false. -h or -V stop the
 * parse at once (mode CLI_HELP / CLI_VERSION, later arguments unread).
 * Uses getopt_long, so argv may be permuted; safe to call more than once. */
bool cli_parse(int argc, char **argv, struct options *opt, char *err,
	       size_t errlen);

/* cli_parse with the settings set[0..n-1] applied first, as values the
 * command line's own options replace: what the settings file holds. The
 * settings count as defaults, not as options given (a -d of the file does
 * not clash with --model). Each must have passed cli_setting. */
bool cli_parse_settings(int argc, char **argv, const struct cli_setting *set,
			int n, struct options *opt, char *err, size_t errlen);

/* Checks one setting against the option of that long name, applying it to
 * *opt: true, or false with a one-line message in language l (the word is
 * not one of --list config, or the option refuses the value; a flag takes
 * yes or no). */
bool cli_setting(struct options *opt, const struct cli_setting *set,
		 enum lang l, char *err, size_t errlen);

/* Whether mode m draws the screen: the modes the settings file applies
 * to. */
bool cli_mode_draws(enum cli_mode m);

/* Word i (from 0) of list `which`, taken from the table the option's
 * parser reads, or NULL after the last. Always NULL for CLI_LIST_LESSONS,
 * whose words are files. */
const char *cli_list_word(enum cli_list which, int i);

/* The value word stands for in list `which` (one of this file's own
 * lists, such as CLI_LIST_THEMES: -1 for auto): true and *value, or false
 * when the list has no such word. */
bool cli_list_value(enum cli_list which, const char *word, int *value);

/* The word of list `which` (one of this file's own) that stands for
 * value, or NULL. */
const char *cli_list_name(enum cli_list which, int value);

/* The language of what the command line prints (--help, the messages of
 * cli_parse and of the modes until the options are settled): the last
 * --lang WORD of argv that names a language, else the environment's, as
 * lang_settle decides it (so English without a UTF-8 locale or with
 * --ascii). Reads the whole of argv, bad options included, so a message
 * about an option before --lang is already in its language. */
enum lang cli_lang(int argc, char **argv);

/* Writes the --help text in language l to f. */
void cli_usage(FILE *f, enum lang l);

#endif
