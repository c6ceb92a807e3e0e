/* test_numparse.c - strict number parsing: what is accepted, what is refused
 * and the reason given. */
#include <criterion/criterion.h>
#include <limits.h>
#include <string.h>

#include "base/numparse.h"

/* ---- integers ---- */

static long long int_ok(const char *s, long long min, long long max)
{
	long long v = -12345;
	enum numparse_status st = numparse_int(s, min, max, &v);

	cr_assert_eq(st, NUMPARSE_OK, "\"%s\" refused: %s", s,
		     numparse_reason(st));
	return v;
}

static void int_bad(const char *s, long long min, long long max,
		    enum numparse_status want)
{
	long long v = 777;
	enum numparse_status st = numparse_int(s, min, max, &v);

	cr_assert_eq(st, want, "\"%s\": got %s, want %s", s,
		     numparse_reason(st), numparse_reason(want));
	cr_assert_eq(v, 777, "\"%s\": *out written on failure", s);
}

Test(numparse, int_plain_forms)
{
	cr_assert_eq(int_ok("0", 0, 10), 0);
	cr_assert_eq(int_ok("128", 0, 1000), 128);
	cr_assert_eq(int_ok("+7", 0, 10), 7);
	cr_assert_eq(int_ok("-5", -10, 10), -5);
	cr_assert_eq(int_ok("-0", 0, 10), 0);
	cr_assert_eq(int_ok("007", 0, 10), 7);
}

Test(numparse, int_exponent_forms_that_are_whole)
{
	cr_assert_eq(int_ok("1e6", 0, LLONG_MAX), 1000000);
	cr_assert_eq(int_ok("1E6", 0, LLONG_MAX), 1000000);
	cr_assert_eq(int_ok("1e+6", 0, LLONG_MAX), 1000000);
	cr_assert_eq(int_ok("2.5e3", 0, LLONG_MAX), 2500);
	cr_assert_eq(int_ok("100e-2", 0, LLONG_MAX), 1);
	cr_assert_eq(int_ok("1.0", 0, LLONG_MAX), 1);
	cr_assert_eq(int_ok("1e9", 1, 1000000000), 1000000000);
	cr_assert_eq(int_ok("0e999999999999", 0, 1), 0);
	cr_assert_eq(int_ok("0.000e-5", 0, 1), 0);
}

Test(numparse, int_is_exact_beyond_double)
{
	cr_assert_eq(int_ok("9007199254740993", 0, LLONG_MAX),
		     9007199254740993LL);
	cr_assert_eq(int_ok("9223372036854775807", 0, LLONG_MAX), LLONG_MAX);
	cr_assert_eq(int_ok("-9223372036854775808", LLONG_MIN, 0), LLONG_MIN);
	cr_assert_eq(int_ok("92233720368547758.07e2", 0, LLONG_MAX),
		     LLONG_MAX);
}

Test(numparse, int_range)
{
	cr_assert_eq(int_ok("2", 2, 65536), 2);
	cr_assert_eq(int_ok("65536", 2, 65536), 65536);
	int_bad("1", 2, 65536, NUMPARSE_RANGE);
	int_bad("65537", 2, 65536, NUMPARSE_RANGE);
	int_bad("-1", 0, 10, NUMPARSE_RANGE);
	int_bad("-4", 2, 65536, NUMPARSE_RANGE);
	int_bad("9223372036854775808", 0, LLONG_MAX, NUMPARSE_RANGE);
	int_bad("-9223372036854775809", LLONG_MIN, 0, NUMPARSE_RANGE);
	int_bad("99999999999999999999", 0, LLONG_MAX, NUMPARSE_RANGE);
	int_bad("1e400", 0, LLONG_MAX, NUMPARSE_RANGE);
	int_bad("1e19", 0, LLONG_MAX, NUMPARSE_RANGE);
	int_bad("1e999999999999999999", 0, LLONG_MAX, NUMPARSE_RANGE);
}

Test(numparse, int_refuses_fractions)
{
	int_bad("1.5", 0, 10, NUMPARSE_NOT_INTEGER);
	int_bad("0.5", 0, 10, NUMPARSE_NOT_INTEGER);
	int_bad("1e-1", 0, 10, NUMPARSE_NOT_INTEGER);
	int_bad("150e-2", 0, 10, NUMPARSE_NOT_INTEGER);
	int_bad("-2.5", 0, 10, NUMPARSE_NOT_INTEGER);
	int_bad("1e-999999999999", 0, 10, NUMPARSE_NOT_INTEGER);
}

Test(numparse, int_refuses_junk)
{
	int_bad("", 0, 10, NUMPARSE_EMPTY);
	int_bad(" 1", 0, 10, NUMPARSE_SYNTAX);
	int_bad("\t1", 0, 10, NUMPARSE_SYNTAX);
	int_bad("abc", 0, 10, NUMPARSE_SYNTAX);
	int_bad("-", 0, 10, NUMPARSE_SYNTAX);
	int_bad("+", 0, 10, NUMPARSE_SYNTAX);
	int_bad(".", 0, 10, NUMPARSE_SYNTAX);
	int_bad("--1", 0, 10, NUMPARSE_SYNTAX);
	int_bad("e5", 0, 10, NUMPARSE_SYNTAX);
	int_bad("1 ", 0, 10, NUMPARSE_TRAILING);
	int_bad("12abc", 0, 100, NUMPARSE_TRAILING);
	int_bad("0x10", 0, 100, NUMPARSE_TRAILING);
	int_bad("1,000", 0, 10000, NUMPARSE_TRAILING);
	int_bad("1e", 0, 10, NUMPARSE_TRAILING);
	int_bad("1e+", 0, 10, NUMPARSE_TRAILING);
	int_bad("1..2", 0, 10, NUMPARSE_TRAILING);
	int_bad("nan", 0, 10, NUMPARSE_NOT_FINITE);
	int_bad("inf", 0, 10, NUMPARSE_NOT_FINITE);
	int_bad("-Infinity", 0, 10, NUMPARSE_NOT_FINITE);
	int_bad("NaN", 0, 10, NUMPARSE_NOT_FINITE);
}

/* ---- doubles ---- */

static double dbl_ok(const char *s, double min, double max,
		     enum numparse_bounds b)
{
	double v = -12345;
	enum numparse_status st = numparse_double(s, min, max, b, &v);

	cr_assert_eq(st, NUMPARSE_OK, "\"%s\" refused: %s", s,
		     numparse_reason(st));
	return v;
}

static void dbl_bad(const char *s, double min, double max,
		    enum numparse_bounds b, enum numparse_status want)
{
	double v = 777;
	enum numparse_status st = numparse_double(s, min, max, b, &v);

	cr_assert_eq(st, want, "\"%s\": got %s, want %s", s,
		     numparse_reason(st), numparse_reason(want));
	cr_assert_eq(v, 777, "\"%s\": *out written on failure", s);
}

Test(numparse, double_forms)
{
	cr_assert_eq(dbl_ok("10000", 1, 1e12, NUMPARSE_OPEN_MIN), 10000);
	cr_assert_eq(dbl_ok("1e4", 1, 1e12, NUMPARSE_OPEN_MIN), 1e4);
	cr_assert_eq(dbl_ok("1.5", 1, 1e12, NUMPARSE_OPEN_MIN), 1.5);
	cr_assert_eq(dbl_ok(".5", 0, 1, NUMPARSE_CLOSED), 0.5);
	cr_assert_eq(dbl_ok("5.", 0, 10, NUMPARSE_CLOSED), 5);
	cr_assert_eq(dbl_ok("0.1", 0, 1, NUMPARSE_CLOSED), 0.1);
	cr_assert_eq(dbl_ok("-2.5E-1", -1, 1, NUMPARSE_CLOSED), -0.25);
	cr_assert_eq(dbl_ok("1e12", 1, 1e12, NUMPARSE_OPEN_MIN), 1e12);
	cr_assert_eq(dbl_ok("1.0000001", 1, 1e12, NUMPARSE_OPEN_MIN),
		     1.0000001);
}

Test(numparse, double_bounds)
{
	dbl_bad("1", 1, 1e12, NUMPARSE_OPEN_MIN, NUMPARSE_RANGE);
	cr_assert_eq(dbl_ok("1", 1, 2, NUMPARSE_CLOSED), 1);
	cr_assert_eq(dbl_ok("2", 1, 2, NUMPARSE_OPEN_MIN), 2);
	dbl_bad("2", 1, 2, NUMPARSE_OPEN_MAX, NUMPARSE_RANGE);
	dbl_bad("2", 1, 2, NUMPARSE_OPEN, NUMPARSE_RANGE);
	dbl_bad("1", 1, 2, NUMPARSE_OPEN, NUMPARSE_RANGE);
	dbl_bad("1.0000000000000000001", 1, 2, NUMPARSE_OPEN_MIN,
		NUMPARSE_RANGE);	/* rounds to 1 */
	dbl_bad("1e13", 1, 1e12, NUMPARSE_OPEN_MIN, NUMPARSE_RANGE);
	dbl_bad("-5", 1, 1e12, NUMPARSE_OPEN_MIN, NUMPARSE_RANGE);
}

Test(numparse, double_overflow_and_underflow)
{
	dbl_bad("1e400", 1, 1e12, NUMPARSE_OPEN_MIN, NUMPARSE_RANGE);
	dbl_bad("-1e400", -1e300, 1e300, NUMPARSE_CLOSED, NUMPARSE_RANGE);
	dbl_bad("1e-400", 1, 1e12, NUMPARSE_OPEN_MIN, NUMPARSE_RANGE);
	cr_assert_eq(dbl_ok("1e-400", 0, 1, NUMPARSE_CLOSED), 0);
	dbl_bad("99999999999999999999e999", 1, 1e12, NUMPARSE_OPEN_MIN,
		NUMPARSE_RANGE);
}

Test(numparse, double_refuses_junk)
{
	dbl_bad("", 1, 2, NUMPARSE_CLOSED, NUMPARSE_EMPTY);
	dbl_bad(" 1.5", 1, 2, NUMPARSE_CLOSED, NUMPARSE_SYNTAX);
	dbl_bad("1.5 ", 1, 2, NUMPARSE_CLOSED, NUMPARSE_TRAILING);
	dbl_bad("1.5x", 1, 2, NUMPARSE_CLOSED, NUMPARSE_TRAILING);
	dbl_bad("0x1p0", 0, 2, NUMPARSE_CLOSED, NUMPARSE_TRAILING);
	dbl_bad("1,5", 1, 2, NUMPARSE_CLOSED, NUMPARSE_TRAILING);
	dbl_bad("nan", 1, 2, NUMPARSE_CLOSED, NUMPARSE_NOT_FINITE);
	dbl_bad("-nan", 1, 2, NUMPARSE_CLOSED, NUMPARSE_NOT_FINITE);
	dbl_bad("inf", 1, 2, NUMPARSE_CLOSED, NUMPARSE_NOT_FINITE);
	dbl_bad("+INF", 1, 2, NUMPARSE_CLOSED, NUMPARSE_NOT_FINITE);
	dbl_bad("infinity", 1, 2, NUMPARSE_CLOSED, NUMPARSE_NOT_FINITE);
	dbl_bad("e", 1, 2, NUMPARSE_CLOSED, NUMPARSE_SYNTAX);
}

Test(numparse, reasons_are_distinct_phrases)
{
	static const enum numparse_status all[] = {
		NUMPARSE_EMPTY, NUMPARSE_SYNTAX, NUMPARSE_TRAILING,
		NUMPARSE_NOT_FINITE, NUMPARSE_NOT_INTEGER, NUMPARSE_RANGE
	};
	const int n = (int)(sizeof all / sizeof all[0]);

	for (int i = 0; i < n; i++) {
		const char *r = numparse_reason(all[i]);
		cr_assert(r && *r && !strchr(r, '\n'));
		for (int j = 0; j < i; j++)
			cr_assert_str_neq(r, numparse_reason(all[j]));
	}
}
