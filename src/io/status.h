/* status.h - the exit status of a step that failed with an errno value.
 *
 * A limit of the system is named for what it is: out of memory (ENOMEM,
 * `ulimit -v`) and out of file descriptors (EMFILE, ENFILE, `ulimit -n`)
 * are EX_OSERR, 71, whatever the step was; every other failure keeps the
 * step's own status (66 a file that cannot be read, 73 one that cannot be
 * created, 74 a write that failed: a full disk, EFBIG past `ulimit -f`). */
#ifndef STATUS_H
#define STATUS_H

#include <stdbool.h>

/* 71 when err is a system limit, else otherwise. */
int status_of_errno(int err, int otherwise);

#endif
