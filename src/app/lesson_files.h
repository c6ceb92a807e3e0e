/* lesson_files.h - lesson files on disk: reading one, reading a folder of
 * them, and finding the program's lessons folder. The format and its parser
 * are the model's (model/lesson.h); this file does the I/O and hands the
 * parser the text. */
#ifndef LESSON_FILES_H
#define LESSON_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "model/book.h"
#include "model/catalog.h"

/* Reads and parses the file at path, which must be a regular file (it is
 * opened without blocking, so a FIFO is refused, not waited on). A UTF-8
 * byte-order mark at its start is skipped. Returns a lesson to free with
 * lesson_free, or NULL with one line in err, in language lang ("PATH: cannot read: why",
 * "PATH: not a regular file (a FIFO)", "PATH: larger than 65536 bytes", or
 * a lesson_parse message); *unreadable is then true when the file could not
 * be opened or read (EX_NOINPUT), false when it is not a regular file or its
 * content is bad (EX_DATAERR). */
struct lesson *lesson_load(const char *path, const struct catalog *cat,
			   enum lang lang, char *err, size_t n,
			   bool *unreadable);

/* The folder the running program is in, found from argv0 alone (no /proc,
 * so that macOS and the BSDs find it too): argv0 itself when it holds a '/'
 * (relative to the current folder or absolute), else the first folder of
 * path_env (a $PATH: folders separated by ':', an empty one being the
 * current folder) holding an executable regular file of that name; links
 * resolved (realpath). Writes it into dir (n bytes) and returns 0, or -1
 * when argv0 is NULL or empty, has no '/' and path_env is NULL, or names
 * nothing found. */
/* For tests only. */
int lesson_program_dir(const char *argv0, const char *path_env, char *dir,
		       size_t n);

/* Finds the lessons folder of language lang, the first that exists of
 *   $PESCOPE_DATADIR/lessons/<lang>, when the variable is set and not empty;
 *   <the program's folder>/assets/lessons/<lang>, or one or two folders up
 *      (lesson_program_dir with $PATH): the development tree;
 *   <DATADIR>/lessons/<lang>, DATADIR compiled in: after make install.
 * Writes it into buf (n bytes) and returns 0, or returns -1 with the
 * places looked in, as one line in lang, in buf. argv0 may be NULL. */
int lesson_find_dir(enum lang lang, const char *argv0, char *buf, size_t n);

/* Loads the "*.txt" files of dir into b, its messages in lang: the first LESSON_BOOK_MAX regular
 * files (links to them count) in file-name order; anything else (a folder,
 * a FIFO, a device) is passed over unread. Files that do not load are
 * skipped: b->skipped counts them, b->error keeps the first message and
 * b->error_unreadable whether that file could not be read. The
 * files after the first LESSON_BOOK_MAX are not read, and b->left_out names
 * them ("DIR: more than 32 lessons: 33-a.txt to 40-z.txt (8 files) left
 * out"). Returns 0, or -1 with a message in b->error when the folder cannot
 * be read. b is always safe to pass to lesson_book_free afterwards. */
int lesson_book_load(struct lesson_book *b, const char *dir,
		     const struct catalog *cat, enum lang lang);

/* Makes b a book of the one lesson l (taking ownership of it), its folder
 * the lesson file's. */
void lesson_book_single(struct lesson_book *b, struct lesson *l);

/* The path of the regular file in dir that lesson_book_find would match
 * with name, loadable or not (to report why it is not in the book). Returns
 * 0 with the path in path (n bytes), or -1. */
int lesson_find_file(const char *dir, const char *name, char *path, size_t n);

#endif
