/* atomic_file.c - write an output file all at once or not at all (see
 * atomic_file.h). */
#include "io/atomic_file.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/signals.h"

#define TMP_NAME ".pescope-XXXXXX"

enum { MAX_LINKS = 40 };	/* links followed before ELOOP, as the kernel */

static void release(struct atomic_file *af)
{
	free(af->target);
	free(af->tmp);
	af->fp = NULL;
	af->target = af->tmp = NULL;
}

/* "dir/.pescope-XXXXXX" for a target "dir/name" (in the working folder for a
 * bare name). NULL when out of memory. */
static char *tmp_name_for(const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
	char *t = malloc(dirlen + sizeof TMP_NAME);

	if (t) {
		memcpy(t, target, dirlen);
		memcpy(t + dirlen, TMP_NAME, sizeof TMP_NAME);
	}
	return t;
}

/* The file a shell's `>` would write for path: path itself, or, when path
 * is a symbolic link, the file at the end of its chain of links (which may
 * not exist yet: a dangling link gets its target created), so that the
 * links survive and the temporary is made next to the real file. NULL with
 * errno set (ELOOP for a circle, ENOMEM) on failure. */
static char *follow_links(const char *path)
{
	char *cur = strdup(path);

	for (int hops = 0; cur; hops++) {
		char link[PATH_MAX], *next;
		struct stat lst;
		const char *slash;
		ssize_t len;
		size_t dirlen;

		if (lstat(cur, &lst) != 0 || !S_ISLNK(lst.st_mode))
			return cur;	/* a file, or a name still free */
		len = hops < MAX_LINKS ? readlink(cur, link, sizeof link - 1) : -1;
		if (len < 0) {
			free(cur);
			errno = hops < MAX_LINKS ? errno : ELOOP;
			return NULL;
		}
		link[len] = '\0';
		/* A relative link is relative to the folder the link is in. */
		slash = strrchr(cur, '/');
		dirlen = link[0] != '/' && slash ? (size_t)(slash - cur) + 1 : 0;
		next = malloc(dirlen + (size_t)len + 1);
		if (next) {
			memcpy(next, cur, dirlen);
			memcpy(next + dirlen, link, (size_t)len + 1);
		}
		free(cur);
		cur = next;
	}
	return NULL;
}

/* ---- the emergency cleanup ---- */

/* The temporary that exists now, for on_fault: the name is complete before
 * `live` is set, and `live` is cleared before the name goes away. pescope
 * writes one atomic file at a time. */
static char live_tmp[PATH_MAX];
static volatile sig_atomic_t live;

static void remove_live_tmp(void)	/* async-signal-safe */
{
	if (live)
		unlink(live_tmp);
}

/* mkstemp's 0600 is too private for a data file: give it mode. Signals are
 * held off from before the file exists until the emergency cleanup knows
 * its name. */
static int open_tmp(struct atomic_file *af, mode_t mode)
{
	sigset_t all, old;
	int fd, err = 0;

	if (strlen(af->tmp) >= sizeof live_tmp)
		return ENAMETOOLONG;
	signals_at_fault(remove_live_tmp);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	fd = mkstemp(af->tmp);
	if (fd < 0) {
		err = errno;
	} else {
		memcpy(live_tmp, af->tmp, strlen(af->tmp) + 1);
		live = 1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (err)
		return err;
	if (fchmod(fd, mode) != 0 || !(af->fp = fdopen(fd, "w"))) {
		err = errno;
		close(fd);
		unlink(af->tmp);
		live = 0;
		return err;
	}
	return 0;
}

int atomic_file_open(struct atomic_file *af, const char *path)
{
	struct stat st;
	mode_t mode;
	bool exists;
	int err;

	af->fp = NULL;
	af->target = af->tmp = NULL;
	if (!path || strcmp(path, "-") == 0) {
		af->fp = stdout;
		return 0;
	}

	exists = stat(path, &st) == 0;
	if (exists) {
		if (S_ISDIR(st.st_mode))
			return EISDIR;
		if (!S_ISREG(st.st_mode)) {	/* a device or a FIFO */
			af->fp = fopen(path, "w");
			return af->fp ? 0 : errno;
		}
		/* Renaming over a file we may not write would succeed in a
		 * writable folder; refuse as a plain open would. */
		if (access(path, W_OK) != 0)
			return errno;
		mode = st.st_mode & 07777;
	} else if (errno != ENOENT) {		/* ENOTDIR, EACCES, ELOOP... */
		return errno;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}

	af->target = follow_links(path);
	af->tmp = af->target ? tmp_name_for(af->target) : NULL;
	err = !af->target ? errno : !af->tmp ? ENOMEM : open_tmp(af, mode);
	if (err)
		release(af);
	return err;
}

int atomic_file_commit(struct atomic_file *af)
{
	int err = 0;

	errno = 0;	/* so that a failure without errno reads as EIO */
	if (af->fp == stdout) {
		if (fflush(stdout) != 0 || ferror(stdout))
			err = errno ? errno : EIO;
		release(af);
		return err;
	}
	if (!af->tmp) {				/* written in place */
		bool bad = ferror(af->fp);
		if (fclose(af->fp) != 0 || bad)
			err = errno ? errno : EIO;
		release(af);
		return err;
	}

	/* Every step is checked: a full disk often shows only at fflush or
	 * fsync, and NFS may report it at close. A signal that asked us to
	 * stop meanwhile keeps the old file. */
	if (fflush(af->fp) != 0 || ferror(af->fp) || fsync(fileno(af->fp)) != 0)
		err = errno ? errno : EIO;
	if (fclose(af->fp) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err && signals_pending())
		err = ECANCELED;
	if (!err && rename(af->tmp, af->target) != 0)
		err = errno;
	if (err)
		unlink(af->tmp);
	live = 0;
	release(af);
	return err;
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->fp && af->fp != stdout) {
		fclose(af->fp);
		if (af->tmp)
			unlink(af->tmp);
		live = 0;
	}
	release(af);
}
