/* clock.h - time for intervals: key repeats, paste time-outs, echoes, the
 * frame budget and the benchmark.
 *
 * The monotonic clock, which the wall clock's jumps (NTP, a user setting
 * the date) never move. */
#ifndef CLOCK_H
#define CLOCK_H

/* Milliseconds since an arbitrary point (the boot, on Linux), >= 0. */
long long clock_ms(void);

/* The same to the clock's resolution (nanoseconds), as a double: for
 * timing work within a frame. */
double clock_ms_fine(void);

#endif
