/* input_file.c - every file pescope reads by name (see input_file.h). */
#include "io/input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* The files read: a run reads a handful (a lesson folder holds at most a
 * few dozen), so a short list is enough; past it, the oldest are kept. */
enum { INPUTS_MAX = 64 };

static struct {
	dev_t dev;
	ino_t ino;
} inputs[INPUTS_MAX];
static int ninputs;

static void remember(const struct stat *st)
{
	if (input_file_is_input(st) || ninputs == INPUTS_MAX)
		return;
	inputs[ninputs].dev = st->st_dev;
	inputs[ninputs].ino = st->st_ino;
	ninputs++;
}

bool input_file_is_input(const struct stat *st)
{
	for (int i = 0; i < ninputs; i++)
		if (inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino)
			return true;
	return false;
}

/* Forgets st as an input: a file read whole before anything is written
 * may be written over. */
static void input_file_forget(const struct stat *st)
{
	for (int i = 0; i < ninputs; i++)
		if (inputs[i].dev == st->st_dev && inputs[i].ino == st->st_ino) {
			inputs[i] = inputs[--ninputs];
			return;
		}
}

void input_file_note(int fd)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		remember(&st);
}

int input_file_open(const char *path, bool devices, FILE **fp,
		    struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	int err;

	*fp = NULL;
	if (fd < 0)
		return errno;
	if (fstat(fd, st) != 0) {
		err = errno;
		close(fd);
		return err;
	}
	if (!S_ISREG(st->st_mode) && !(devices && (S_ISCHR(st->st_mode) ||
					       S_ISBLK(st->st_mode)))) {
		close(fd);
		return 0;
	}
	/* Reads of a regular file never block; back to blocking all the
	 * same, for file systems (and devices) that care. */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 ||
	    !(*fp = fdopen(fd, "rb"))) {
		err = errno;
		close(fd);
		return err;
	}
	if (S_ISREG(st->st_mode))
		remember(st);
	return 0;
}

char *input_file_read(const char *path, size_t max, size_t *len, int *e)
{
	struct stat st;
	FILE *f;
	char *text;

	*len = 0;
	*e = input_file_open(path, false, &f, &st);
	if (!f)
		return NULL;
	input_file_forget(&st);
	text = malloc(max + 1);
	if (!text) {
		*e = ENOMEM;
		fclose(f);
		return NULL;
	}
	*len = fread(text, 1, max + 1, f);
	if (ferror(f)) {
		*e = errno ? errno : EIO;
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}
