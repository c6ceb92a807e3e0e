/* clock.c - time for intervals (see clock.h). */
#include "base/clock.h"

#include <time.h>

double clock_ms_fine(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

long long clock_ms(void)
{
	return (long long)clock_ms_fine();
}
