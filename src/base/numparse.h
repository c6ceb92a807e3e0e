/* numparse.h - strict parsing of numbers typed by people.
 *
 * Shared by the command line and the explorer's ':' commands, so that both
 * accept the same spellings and can say why a value was refused. No stdio,
 * no globals; the result does not depend on the locale ('.' is always the
 * decimal point).
 *
 * Accepted spellings (the whole string, nothing before or after it):
 *     [+|-] digits [. digits] [(e|E) [+|-] digits]
 * where the mantissa may also be ".5" or "5.". Hexadecimal, "nan", "inf",
 * spaces and thousands separators are refused.
 *
 * Integers accept the same spellings as long as the value is a whole number,
 * so lengths and positions can be written "1e6" or "2.5e3". The value is
 * computed exactly from the digits (no rounding through double), so
 * "9007199254740993" stays what it says. */
#ifndef NUMPARSE_H
#define NUMPARSE_H

#include <stdbool.h>

/* Why a string was refused; NUMPARSE_OK when it was not. */
enum numparse_status {
	NUMPARSE_OK,
	NUMPARSE_EMPTY,		/* "" */
	NUMPARSE_SYNTAX,	/* does not start with a number: "abc", " 5" */
	NUMPARSE_TRAILING,	/* a number followed by more text: "12abc" */
	NUMPARSE_NOT_FINITE,	/* "nan", "inf", "-Infinity" */
	NUMPARSE_NOT_INTEGER,	/* a fraction where a whole number is wanted */
	NUMPARSE_RANGE		/* outside the allowed range, "1e400" included */
};

/* Which ends of [min, max] belong to the range of numparse_double. */
enum numparse_bounds {
	NUMPARSE_CLOSED,	/* min <= x <= max */
	NUMPARSE_OPEN_MIN,	/* min <  x <= max */
	NUMPARSE_OPEN_MAX,	/* min <= x <  max */
	NUMPARSE_OPEN		/* min <  x <  max */
};

/* Parses a whole number in [min, max] into *out. *out is written only on
 * NUMPARSE_OK. s must not be NULL. */
enum numparse_status numparse_int(const char *s, long long min, long long max,
				  long long *out);

/* Parses a finite decimal number in the range given by min, max and bounds
 * into *out, rounded to the nearest double. Values too large for a double
 * ("1e400") are NUMPARSE_RANGE; values too small ("1e-400") become 0 and are
 * then checked against the range. *out is written only on NUMPARSE_OK. */
enum numparse_status numparse_double(const char *s, double min, double max,
				     enum numparse_bounds bounds, double *out);

/* A short English phrase for a status ("not a number", "out of range"),
 * meant to follow the refused value in a message; tr() (tr.h) gives it in
 * the reader's language. Never NULL. */
const char *numparse_reason(enum numparse_status status);

#endif
