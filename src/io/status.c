/* status.c - exit statuses of errno values (see status.h). */
#include "io/status.h"

#include <errno.h>
#include <sysexits.h>

/* True for the errno values of a system limit (see status.h). */
static bool status_is_limit(int err)
{
	return err == ENOMEM || err == EMFILE || err == ENFILE;
}

int status_of_errno(int err, int otherwise)
{
	return status_is_limit(err) ? EX_OSERR : otherwise;
}
