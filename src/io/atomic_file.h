/* atomic_file.h - write an output file all at once or not at all.
 *
 * A regular file is written to a temporary ".pescope-XXXXXX" in the same
 * folder, flushed, fsync'ed and closed, then renamed over the target, so a
 * reader sees the old file or the complete new one, never a half; after any
 * failure the temporary is removed and the old file is untouched.
 *
 * Special cases:
 *   - NULL or "-" means standard output: no atomicity, errors are still
 *     caught (a write to /dev/full fails).
 *   - An existing target that is not a regular file (a device such as
 *     /dev/null or /dev/full, a FIFO) is opened and written in place.
 *   - A symbolic link is treated as a shell's `>` treats it: the link stays
 *     and the file at the end of its chain of links is written (atomically,
 *     with the temporary in that file's folder); a dangling link gets its
 *     target created. Links in the folders of the name are followed the
 *     same way.
 *   - A link that another user planted in a sticky folder writable by all
 *     (a shared /tmp), owned neither by us nor by the folder's owner, is
 *     refused with EACCES, at any place in the name: the kernel's rule
 *     (fs.protected_symlinks), kept even where the system has it off.
 *   - An existing regular target keeps its permission bits, its owner and
 *     its group (root writing a student's file leaves it the student's).
 *     Setuid and setgid are kept only on a file of our own. Where the
 *     owner or group cannot be kept (another user's file that we may
 *     write), the file is refused with EPERM rather than taken over. New
 *     files get 0666 minus the umask, like fopen's.
 *   - A file this run reads (io/input_file.h: a lesson, a --keys script)
 *     is refused with ETXTBSY, by device and inode, whatever its name.
 *   - A request to stop (SIGINT, SIGTERM, SIGHUP...) while the open waits
 *     for a FIFO's reader ends the process as the signal does (128 + N):
 *     nothing was made.
 *
 * Signals (signals.h): a fault while the temporary exists removes it before
 * the process dies, and a request to stop that is pending at commit time
 * turns the commit into an abort (ECANCELED), so a stopped run leaves the
 * old file and no temporary; except for a file that is whole at every
 * moment (`whole` set after the open: a recording of what was done so far),
 * which is put in place all the same. One atomic file may be open at a
 * time.
 *
 * Errors come back as errno values. Those of atomic_file_open mean the file
 * could not be created (missing folder, no permission, read-only file
 * system, a directory in the way...): sysexits' EX_CANTCREAT. Those of
 * atomic_file_commit, like the write errors of whoever fills fp, are I/O
 * errors (EX_IOERR). */
#ifndef ATOMIC_FILE_H
#define ATOMIC_FILE_H

#include <stdbool.h>
#include <stdio.h>

struct atomic_file {
	FILE *fp;		/* write the content here */
	char *target;		/* what tmp becomes; NULL when writing in place */
	char *tmp;		/* the temporary; NULL when writing in place */
	int dir;		/* their folder, held open; -1 when none */
	bool whole;		/* complete whatever the moment: a request
				 * to stop does not cancel the commit */
};

/* Prepares to write path (NULL or "-" for standard output). Returns 0, or
 * an errno value with nothing created and nothing to release. */
int atomic_file_open(struct atomic_file *af, const char *path);

/* Flushes and closes (standard output is only flushed), then puts the file
 * in place. Returns 0, or an errno value after removing the temporary. Either
 * way af is released. */
int atomic_file_commit(struct atomic_file *af);

/* Gives up: closes and removes the temporary, leaving any old file as it
 * was. Standard output is left open. af is released. */
void atomic_file_abort(struct atomic_file *af);

/* What err, from atomic_file_open or _commit, means, in English: strerror's
 * text, or for ETXTBSY that the file is one of the run's inputs. */
const char *atomic_file_error(int err);

#endif
