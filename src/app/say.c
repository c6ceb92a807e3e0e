/* say.c - messages on standard error (see say.h). */
#include "app/say.h"

#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"
#include "io/atomic_file.h"

int say_put(FILE *f, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	int n = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned c = *p;
		bool c1 = c == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;

		if (c1)
			c = *++p;
		if (c < 0x20 || c == 0x7f || c1) {
			char e[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };
			fwrite(e, 1, sizeof e, f);
			n += 4;
		} else {
			fputc((int)c, f);
			n++;
		}
	}
	return n;
}

static void say_v(const char *prefix, const char *fmt, va_list ap)
{
	char buf[2048], *msg = buf;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n >= (int)sizeof buf) {
		char *whole = malloc((size_t)n + 1);

		if (whole) {	/* else out of memory: the message cut */
			vsnprintf(whole, (size_t)n + 1, fmt, again);
			msg = whole;
		}
	}
	va_end(again);
	fputs(prefix, stderr);
	say_put(stderr, n < 0 ? fmt : msg);
	fputc('\n', stderr);
	if (msg != buf)
		free(msg);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v("pescope: ", fmt, ap);
	va_end(ap);
}

void say_at(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v("", fmt, ap);
	va_end(ap);
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
	/* What io/atomic_file.h answers for an output that is an input. */
	if (err == ETXTBSY)
		return tr(l, atomic_file_error(err));
	if (l == LANG_EN)
		return strerror(err);
	for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
		if (errors[i].err == err)
			return tr(l, errors[i].en);
	return tr(l, "an unexpected system error");
}
