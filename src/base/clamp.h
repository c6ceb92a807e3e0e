/* clamp.h - a number brought into a range. */
#ifndef CLAMP_H
#define CLAMP_H

/* v brought into [lo, hi] (lo <= hi). */
static inline long long clamp_ll(long long v, long long lo, long long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

#endif
