/* matrix_file.c - --load FILE[:TENSOR] (see matrix_file.h). */
#include "io/matrix_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/input_file.h"
#include "io/npy.h"
#include "io/signals.h"
#include "base/tr.h"

/* Opens path as an input; 0 with *fp and *st, or 66 with the message. */
static int open_input(const char *path, FILE **fp, struct stat *st,
		      enum lang l, char *err, size_t n)
{
	int e = input_file_open(path, false, fp, st);

	if (e) {
		snprintf(err, n, tr(l, "%s: cannot read: %s"), path,
			 strerror(e));
		return 66;
	}
	if (!*fp) {
		snprintf(err, n, "%s: %s", path,
			 S_ISDIR(st->st_mode)
				 ? tr(l, "is a folder, not a matrix file")
				 : tr(l, "not a regular file"));
		return 66;
	}
	return 0;
}

/* The mapping SIGBUS names (matrix_file_watch), or NULL. */
static const void *watched;

/* m->release: the file's mapping goes, and SIGBUS's line with it when it
 * names this one. */
static void unmap(struct pe_matrix *m)
{
	if (m->hold == watched) {
		signals_bus_note(NULL);
		watched = NULL;
	}
	munmap(m->hold, m->hold_len);
}

/* "FILE:TENSOR" split at its last ':' unless arg as a whole names a file:
 * FILE into path (a copy of arg, cut), the TENSOR or NULL returned. */
static const char *split_arg(const char *arg, char *path)
{
	const char *colon = strrchr(arg, ':');
	struct stat st;

	if (colon && colon != arg && stat(arg, &st) != 0) {
		path[colon - arg] = '\0';
		return colon + 1;
	}
	return NULL;
}

void matrix_file_watch(const struct pe_matrix *m, const char *arg, enum lang l)
{
	char line[SIGNALS_NOTE_MAX], *path = strdup(arg);

	if (!path || m->release != unmap) {
		free(path);
		return;
	}
	(void)split_arg(arg, path);
	snprintf(line, sizeof line, tr(l, "pescope: %s: the file shrank while "
				       "pescope read it (%s)\n"), path, "SIGBUS");
	free(path);
	for (char *c = line; *c; c++)
		if (((unsigned char)*c < 0x20 && *c != '\n') || *c == 0x7f)
			*c = '?';
	signals_bus_note(line);
	watched = m->hold;
}

int matrix_file_read(const char *arg, struct pe_matrix *m,
		     safetensors_each *each, void *ctx, enum lang l,
		     char *err, size_t n)
{
	const char *tensor;
	char *path = strdup(arg);
	struct stat st;
	FILE *fp = NULL;
	void *map;
	int rc;

	memset(m, 0, sizeof *m);
	if (!path) {
		snprintf(err, n, tr(l, "%s: out of memory"), arg);
		return 71;
	}
	tensor = split_arg(arg, path);
	rc = open_input(path, &fp, &st, l, err, n);
	if (rc) {
		free(path);
		return rc;
	}
	if (st.st_size == 0) {
		snprintf(err, n, tr(l, "%s: an empty file"), path);
		fclose(fp);
		free(path);
		return 65;
	}
	errno = EFBIG;	/* a file larger than the address space */
	map = (size_t)st.st_size != (unsigned long long)st.st_size
		      ? MAP_FAILED
		      : mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
			     fileno(fp), 0);
	if (map == MAP_FAILED) {
		snprintf(err, n, tr(l, "%s: cannot read: %s"), path,
			 strerror(errno));
		fclose(fp);
		free(path);
		return 66;
	}
	if (st.st_size >= 6 && memcmp(map, "\x93NUMPY", 6) == 0 && tensor) {
		snprintf(err, n, tr(l, "%s: a .npy file holds one matrix, "
				       "not a tensor called \"%s\""),
			 path, tensor);
		rc = 64;
	} else if (st.st_size >= 6 && memcmp(map, "\x93NUMPY", 6) == 0) {
		rc = npy_parse(map, (size_t)st.st_size, path, m, l, err, n);
	} else
		rc = safetensors_parse(map, (size_t)st.st_size, path, tensor,
				       m, each, ctx, l, err, n);
	if (rc == 0) {	/* m reads the mapped pages until it is freed */
		m->release = unmap;
		m->hold = map;
		m->hold_len = (size_t)st.st_size;
	} else {
		munmap(map, (size_t)st.st_size);
	}
	fclose(fp);	/* the mapping stays without the descriptor */
	free(path);
	return rc;
}
