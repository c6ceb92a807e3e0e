/* input_file.h - every file pescope reads by name, opened one way, and
 * remembered so that no output is written over it.
 *
 * input_file_open opens without waiting (O_NONBLOCK: a FIFO would block
 * until a writer came), and gives a stream only for a regular file, or a
 * character device where the caller allows one (--keys /dev/null). The
 * file read is remembered by its device and inode: atomic_file_open
 * refuses to put a file in its place (ETXTBSY), whatever name either goes
 * by (`--lesson mine.txt --record ./mine.txt`, a link, a hard link).
 *
 * Exit statuses for the callers: a file that cannot be opened or read is
 * EX_NOINPUT (66), one whose content is bad EX_DATAERR (65). */
#ifndef INPUT_FILE_H
#define INPUT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

/* Opens path to read it. Returns 0 with the stream in *fp (st describes
 * the file); 0 with *fp NULL when the file is of a kind not read (a
 * folder, a FIFO, a socket, a device unless devices; st says which); or an
 * errno value from open. */
int input_file_open(const char *path, bool devices, FILE **fp,
		    struct stat *st);

/* The whole of the regular file at path, read up to max + 1 bytes (one
 * more than the caller accepts, so that it can refuse a longer file):
 * a malloc'ed buffer of *len bytes, not NUL-terminated, or NULL with *e an
 * errno value (0: not a regular file). The file is not kept as one of the
 * run's inputs: it was read whole, so writing over it afterwards is safe
 * (a scene saved where it was opened, the settings file). */
char *input_file_read(const char *path, size_t max, size_t *len, int *e);

/* Whether st is a file this run has opened with input_file_open (or
 * remembered with input_file_note). */
bool input_file_is_input(const struct stat *st);

/* Remembers the file open on fd as an input (standard input, when it is a
 * file). */
void input_file_note(int fd);

#endif
