/* say.c - messages on standard error (see say.h). */
#include "app/say.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/tr.h"

void say(const char *fmt, ...)
{
	va_list ap;

	fputs("pescope: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The errors a file, a folder or a pipe gives, with glibc's English. */
static const struct {
	int err;
	const char *en;
} errors[] = {
	{ EACCES, N_("Permission denied") },
	{ ENOENT, N_("No such file or directory") },
	{ ENOTDIR, N_("Not a directory") },
	{ EISDIR, N_("Is a directory") },
	{ EROFS, N_("Read-only file system") },
	{ ENOSPC, N_("No space left on device") },
	{ EDQUOT, N_("Disk quota exceeded") },
	{ EFBIG, N_("File too large") },
	{ ENAMETOOLONG, N_("File name too long") },
	{ ELOOP, N_("Too many levels of symbolic links") },
	{ EEXIST, N_("File exists") },
	{ EIO, N_("Input/output error") },
	{ ENOMEM, N_("Cannot allocate memory") },
	{ EPIPE, N_("Broken pipe") },
	{ EBADF, N_("Bad file descriptor") },
	{ EPERM, N_("Operation not permitted") },
	{ ENXIO, N_("No such device or address") },
	{ EMFILE, N_("Too many open files") },
	{ EINVAL, N_("Invalid argument") },
};

const char *say_errno(enum lang l, int err)
{
	if (l == LANG_EN)
		return strerror(err);
	for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
		if (errors[i].err == err)
			return tr(l, errors[i].en);
	return tr(l, "an unexpected system error");
}
