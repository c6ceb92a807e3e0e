/* atomic_file.c - write an output file all at once or not at all (see
 * atomic_file.h). */
#include "io/atomic_file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_NAME ".pescope-XXXXXX"

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

/* The path to rename onto: path itself, or, when path is a symbolic link to
 * an existing file, the file it leads to (so the link survives). A dangling
 * link is simply replaced. */
static char *resolve_target(const char *path, bool exists)
{
	struct stat lst;

	if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
		return realpath(path, NULL);
	return strdup(path);
}

/* mkstemp's 0600 is too private for a data file: give it mode. */
static int open_tmp(struct atomic_file *af, mode_t mode)
{
	int fd = mkstemp(af->tmp);

	if (fd < 0)
		return errno;
	if (fchmod(fd, mode) != 0 || !(af->fp = fdopen(fd, "w"))) {
		int err = errno;
		close(fd);
		unlink(af->tmp);
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

	af->target = resolve_target(path, exists);
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
	 * fsync, and NFS may report it at close. */
	if (fflush(af->fp) != 0 || ferror(af->fp) || fsync(fileno(af->fp)) != 0)
		err = errno ? errno : EIO;
	if (fclose(af->fp) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err && rename(af->tmp, af->target) != 0)
		err = errno;
	if (err)
		unlink(af->tmp);
	release(af);
	return err;
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->fp && af->fp != stdout) {
		fclose(af->fp);
		if (af->tmp)
			unlink(af->tmp);
	}
	release(af);
}
