/* lesson.h - guided lessons: the file format, the parser and the lookup.
 *
 * A lesson is a plain UTF-8 text file, one per language, in
 * assets/lessons/<lang>/NN-name.txt (NN orders them; `name` is what
 * --lesson takes, as is NN or the whole file name). For example:
 *
 *     # A comment: '#' in the first column.
 *     title: Why a Transformer needs positions
 *     about: Attention ignores word order; what gets added to fix it.
 *
 *     == Attention sees a bag of tokens
 *     : view explore
 *     : d 64
 *     : len 32
 *     : highlight pos 8 15
 *     Self-attention compares every token with every other one. Nothing
 *     in that comparison says which token came first.
 *
 *     A blank line starts a new paragraph.
 *
 *     == The next step
 *     ...
 *
 * Lines starting with '#' are comments. The header (before the first step)
 * holds `title:` and `about:` (one line each, both required; `about` is
 * what --lessons prints). Each step starts with a line "== title" and
 * holds, in any order:
 *   - commands: ':' in the first column, then what you would type on the
 *     explorer's ':' line (command.h: d, base, len, pos, dim, layout, view,
 *     preset, reset, fit), or a lesson command of lesson_run.h (highlight,
 *     window, offset, split, threshold, train, scale, bug);
 *   - caption text: consecutive lines are joined into a paragraph (with a
 *     space, except next to a Chinese character, where no space belongs);
 *     blank lines separate paragraphs. A line that must start with '#', ':',
 *     '=' or '\' starts with '\' instead ("\: not a command").
 * A step's state is the lesson's start (d 512, base 10000, len 128, pos 0,
 * dim 0, interleaved, view explore, the whole matrix, knobs at their
 * defaults) with the commands of every step up to and including it applied
 * in order, so a step only lists what changes; its highlight is its own.
 *
 * Limits, each refused with "FILE:LINE: why": a file of at most
 * LESSON_FILE_MAX bytes, lines of at most LESSON_LINE_MAX bytes, valid
 * UTF-8 only, no control characters but tab (read as a space) and a CR
 * before the line feed, at most LESSON_STEPS_MAX steps of at most
 * LESSON_CMDS_MAX commands and LESSON_CAPTION_MAX bytes of caption, every
 * step with a caption, and every command applying without error when the
 * steps are replayed from the start. */
#ifndef LESSON_H
#define LESSON_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"

enum {
	LESSON_FILE_MAX = 65536,	/* bytes in a file */
	LESSON_LINE_MAX = 1000,		/* bytes in a line, without '\n' */
	LESSON_STEPS_MAX = 20,		/* steps in a lesson */
	LESSON_CMDS_MAX = 16,		/* commands in a step */
	LESSON_CMD_MAX = 128,		/* bytes in a command, NUL included */
	LESSON_TITLE_MAX = 160,		/* bytes in a title, NUL included */
	LESSON_ABOUT_MAX = 320,		/* bytes in `about`, NUL included */
	LESSON_CAPTION_MAX = 2048,	/* bytes in a caption, NUL included */
	LESSON_NAME_MAX = 64,		/* bytes in a name, NUL included */
	LESSON_PATH_MAX = 1024,		/* bytes in a path, NUL included */
	LESSON_ERR_MAX = 1280,		/* room for any message, path included */
	LESSON_BOOK_MAX = 32		/* lessons in a folder */
};

struct lesson_cmd {
	char text[LESSON_CMD_MAX];	/* the command, without ':' */
	int line;			/* its line in the file, for messages */
};

struct lesson_step {
	char title[LESSON_TITLE_MAX];	/* after "==" */
	int line;			/* line of the "==" */
	int ncmds;			/* commands in cmd */
	struct lesson_cmd cmd[LESSON_CMDS_MAX];
	char caption[LESSON_CAPTION_MAX];	/* paragraphs separated by '\n';
						 * valid UTF-8, no controls but
						 * '\n' */
};

struct lesson {
	char name[LESSON_NAME_MAX];	/* "positions" for 01-positions.txt */
	int number;			/* 1 for 01-positions.txt; 0 if none */
	char path[LESSON_PATH_MAX];	/* the file it came from */
	char title[LESSON_TITLE_MAX];	/* `title:` */
	char about[LESSON_ABOUT_MAX];	/* `about:` */
	int nsteps;			/* 1 .. LESSON_STEPS_MAX */
	struct lesson_step step[LESSON_STEPS_MAX];
};

/* The lessons of one folder, in file-name order. */
struct lesson_book {
	int count;				/* lessons loaded */
	struct lesson *lesson[LESSON_BOOK_MAX];	/* owned by the book */
	char dir[LESSON_PATH_MAX];		/* where they came from */
	int skipped;				/* files that did not load */
	char error[LESSON_ERR_MAX];		/* the first of those errors */
};

/* ---- one lesson ---- */

/* Parses the `len` bytes at text (NUL bytes inside are refused) as the
 * lesson file `path` (used for the name and for messages; its folders are
 * ignored). Checks everything listed at the top, replaying every step on a
 * scratch state (lesson_run.h). Returns 0, or -1 with "PATH:LINE: why" in
 * err (n bytes; cut if needed) and *out undefined. Pure: no I/O. */
int lesson_parse(const char *text, size_t len, const char *path,
		 struct lesson *out, char *err, size_t n);

/* Reads and parses the file at path. Returns a lesson to free with
 * lesson_free, or NULL with one line in err ("PATH: cannot read: why",
 * "PATH: larger than 65536 bytes", or a lesson_parse message). */
struct lesson *lesson_load(const char *path, char *err, size_t n);

void lesson_free(struct lesson *l);

/* Splits a file name "NN-name.txt" into number NN and name (bytes before
 * ".txt", after "NN-"); no number gives 0 and the whole stem. */
void lesson_name_of(const char *path, int *number, char *name, size_t n);

/* ---- a folder of lessons ---- */

/* Finds the lessons folder of language lang, the first that exists of
 *   <folder of the running binary>/assets/lessons/<lang>  (/proc/self/exe,
 *      or argv0's folder when /proc is not there): the development tree;
 *   PESCOPE_DATADIR/lessons/<lang>: after make install.
 * Writes it into buf (n bytes) and returns 0, or returns -1 with the
 * places looked in, as one line, in buf. argv0 may be NULL. */
int lesson_find_dir(enum lang lang, const char *argv0, char *buf, size_t n);

/* Loads every "*.txt" file of dir into b (sorted by file name, at most
 * LESSON_BOOK_MAX), skipping files that do not load: b->skipped counts
 * them and b->error keeps the first message. Returns 0, or -1 with a
 * message in b->error when the folder cannot be read. b is always safe to
 * pass to lesson_book_free afterwards. */
int lesson_book_load(struct lesson_book *b, const char *dir);

/* Makes b a book of the one lesson l (taking ownership of it). */
void lesson_book_single(struct lesson_book *b, struct lesson *l);

/* Frees the lessons of b and empties it. */
void lesson_book_free(struct lesson_book *b);

/* The index of the lesson called name in b: its name ("positions"), its
 * number ("1" or "01") or its file name ("01-positions" or
 * "01-positions.txt"). -1 when none matches. */
int lesson_book_find(const struct lesson_book *b, const char *name);

/* The path of the file in dir that lesson_book_find would match with name,
 * loadable or not (to report why it did not load). Returns 0 with the path
 * in path (n bytes), or -1. */
int lesson_find_file(const char *dir, const char *name, char *path, size_t n);

#endif
