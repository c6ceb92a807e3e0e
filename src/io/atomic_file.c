/* atomic_file.c - write an output file all at once or not at all (see
 * atomic_file.h). */
#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/tr.h"
#include "io/input_file.h"
#include "io/signals.h"

#define TMP_NAME ".pescope-XXXXXX"

enum { MAX_LINKS = 40 };	/* links followed before ELOOP, as the kernel */

static void release(struct atomic_file *af)
{
	if (af->dir >= 0)
		close(af->dir);
	af->dir = -1;
	free(af->target);
	free(af->tmp);
	af->fp = NULL;
	af->target = af->tmp = NULL;
}

/* Whether the link lst (just read by lstat) in folder dir may be followed:
 * not when dir is sticky and writable by all (a shared /tmp) and the link
 * belongs neither to us nor to the folder's owner. That is the kernel's own
 * rule (fs.protected_symlinks); pescope applies it itself because it
 * follows the last links of an output's name itself, and because the rule
 * is off on some systems: another user's link must never point our write
 * at a file of theirs choosing. */
static bool link_allowed(const char *dir, const struct stat *lst)
{
	struct stat ds;

	if (lst->st_uid == geteuid())
		return true;
	if (stat(dir, &ds) != 0)
		return false;
	return !((ds.st_mode & S_ISVTX) && (ds.st_mode & S_IWOTH)) ||
	       lst->st_uid == ds.st_uid;
}

/* Appends component c (len bytes) to path p (*pl bytes, PATH_MAX in all). */
static bool append(char *p, size_t *pl, const char *c, size_t len)
{
	if (*pl + 1 + len >= PATH_MAX)
		return false;
	if (p[*pl - 1] != '/')
		p[(*pl)++] = '/';
	memcpy(p + *pl, c, len);
	*pl += len;
	p[*pl] = '\0';
	return true;
}

/* The file a shell's `>` would write for path, named with no link in it:
 * each link met on the way, in a folder or at the end, is replaced by what
 * it says (a dangling one at the end gets its target created), so that the
 * links survive and the temporary is made next to the real file. A link
 * another user planted in a sticky shared folder is refused (link_allowed).
 * Returns 0 with the name in out (PATH_MAX bytes; "./..." when path is
 * relative), or an errno value: EACCES for a refused link, ELOOP for a
 * circle, ENOENT for a missing folder, ENAMETOOLONG. */
static int resolve(const char *path, char *out)
{
	char todo[2 * PATH_MAX], link[PATH_MAX];
	char *p = todo;
	size_t ol = 1;
	int links = 0;

	if (strlen(path) >= PATH_MAX)
		return ENAMETOOLONG;
	strcpy(todo, path);
	strcpy(out, *path == '/' ? "/" : ".");
	for (;;) {
		size_t len, keep = ol, rest;
		struct stat lst;
		ssize_t n;

		while (*p == '/')
			p++;
		if (!*p)
			return 0;
		len = strcspn(p, "/");
		if (len == 1 && *p == '.') {
			p++;
			continue;
		}
		/* ".." after a real folder is its parent: out holds no link */
		if (!append(out, &ol, p, len))
			return ENAMETOOLONG;
		p += len;
		if (lstat(out, &lst) != 0) {
			int e = errno;

			while (*p == '/')
				p++;
			return e == ENOENT && !*p ? 0 : e;
		}
		if (!S_ISLNK(lst.st_mode))
			continue;
		if (++links > MAX_LINKS)
			return ELOOP;
		n = readlink(out, link, sizeof link - 1);
		if (n < 0)
			return errno;
		link[n] = '\0';
		out[ol = keep] = '\0';		/* the link's folder */
		if (!link_allowed(out, &lst))
			return EACCES;
		if (link[0] == '/')
			strcpy(out, "/"), ol = 1;
		/* The rest of the name goes on from where the link leads. */
		rest = strlen(p);
		if ((size_t)n + 1 + rest + 1 > sizeof todo)
			return ENAMETOOLONG;
		memmove(todo + n + 1, p, rest + 1);
		memcpy(todo, link, (size_t)n);
		todo[n] = '/';
		p = todo;
	}
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

/* mkstemp's 0600 is too private for a data file: give it mode, and the
 * owner and group (uid, gid; -1 for ours) of the file it replaces. Signals
 * are held off from before the file exists until the emergency cleanup
 * knows its name. */
static int open_tmp(struct atomic_file *af, mode_t mode, uid_t uid, gid_t gid)
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
	/* The owner first: a change of owner clears setuid and setgid. */
	if ((uid != (uid_t)-1 || gid != (gid_t)-1) && fchown(fd, uid, gid) != 0)
		err = errno == EINVAL ? EPERM : errno;
	if (!err && fchmod(fd, mode) != 0)
		err = errno;
	if (!err && !(af->fp = fdopen(fd, "w")))
		err = errno;
	if (err) {
		close(fd);
		unlink(af->tmp);
		live = 0;
	}
	return err;
}

/* Opens what is at path (a device, a FIFO: no file to replace) to be
 * written in place. Waiting for a FIFO's reader, a request to stop ends
 * the process as that signal does (signals.h): nothing was made. */
static int open_in_place(struct atomic_file *af, const char *path)
{
	int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0 && errno == EINTR && signals_pending())
		signals_end(signals_pending());
	if (fd < 0)
		return errno;
	if (!(af->fp = fdopen(fd, "w"))) {
		int err = errno;
		close(fd);
		return err;
	}
	return 0;
}

/* The mode, owner and group of a new file that replaces the regular file
 * st: its permission bits, its owner and group (-1 where they are ours
 * already); setuid and setgid only on a file of our own, as the kernel
 * clears them when another user writes the file. */
static mode_t kept_mode(const struct stat *st, uid_t *uid, gid_t *gid)
{
	mode_t mode = st->st_mode & 07777;

	*uid = st->st_uid == geteuid() ? (uid_t)-1 : st->st_uid;
	*gid = st->st_gid == getegid() ? (gid_t)-1 : st->st_gid;
	if (*uid != (uid_t)-1)
		mode &= (mode_t)~(S_ISUID | S_ISGID);
	return mode;
}

int atomic_file_open(struct atomic_file *af, const char *path)
{
	char real[PATH_MAX];
	struct stat st;
	uid_t uid = (uid_t)-1;
	gid_t gid = (gid_t)-1;
	mode_t mode;
	char *slash;
	int err;

	af->fp = NULL;
	af->target = af->tmp = NULL;
	af->dir = -1;
	af->whole = false;
	if (!path || strcmp(path, "-") == 0) {
		af->fp = stdout;
		return 0;
	}
	err = resolve(path, real);
	if (err)
		return err;
	/* What the kernel finds there: a device or a FIFO, also behind one
	 * of /proc's links (/dev/stdout to a pipe), is written in place. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return S_ISDIR(st.st_mode) ? EISDIR : open_in_place(af, path);

	/* The folder is held open, so that the file put in place is the one
	 * checked here, whatever is renamed meanwhile above it. */
	slash = strrchr(real, '/');
	*slash = '\0';
	af->dir = open(*real ? real : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	*slash = '/';
	if (af->dir < 0)
		return errno;
	if (fstatat(af->dir, slash + 1, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		if (!S_ISREG(st.st_mode)) {	/* it changed since resolve */
			err = S_ISDIR(st.st_mode) ? EISDIR : EAGAIN;
			goto fail;
		}
		/* Renaming over a file we may not write would succeed in a
		 * writable folder; refuse as a plain open would. */
		if (faccessat(af->dir, slash + 1, W_OK, 0) != 0) {
			err = errno;
			goto fail;
		}
		/* Writing over what this run reads would lose it. */
		if (input_file_is_input(&st)) {
			err = ETXTBSY;
			goto fail;
		}
		mode = kept_mode(&st, &uid, &gid);
	} else if (errno != ENOENT) {
		err = errno;
		goto fail;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}

	af->target = strdup(real);
	af->tmp = malloc(strlen(real) + sizeof TMP_NAME);
	if (!af->target || !af->tmp) {
		err = ENOMEM;
		goto fail;
	}
	memcpy(af->tmp, real, (size_t)(slash - real) + 1);
	memcpy(af->tmp + (slash - real) + 1, TMP_NAME, sizeof TMP_NAME);
	err = open_tmp(af, mode, uid, gid);
	if (!err)
		return 0;
fail:
	release(af);
	return err;
}

/* The last part of a name: what renameat takes beside the folder. */
static const char *base_of(const char *path)
{
	return strrchr(path, '/') + 1;
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
	if (!err && signals_pending() && !af->whole)
		err = ECANCELED;
	if (!err && renameat(af->dir, base_of(af->tmp), af->dir,
			     base_of(af->target)) != 0)
		err = errno;
	if (err)
		unlink(af->tmp);
	live = 0;
	release(af);
	return err;
}

const char *atomic_file_error(int err)
{
	return err == ETXTBSY ? N_("it is a file this run reads: choose "
				   "another name") : strerror(err);
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
