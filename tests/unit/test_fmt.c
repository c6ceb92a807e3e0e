/* test_fmt.c - numbers as people write them: the shortest form that reads
 * back exactly, with exponents written 1e6, 5e-5 (never 1e+06), checked
 * against hand-written strings and, for a spread of doubles, by reading
 * each one back with the program's own parser. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/fmt.h"
#include "base/numparse.h"

static const char *shortest(double x)
{
	static char buf[64];
	return fmt_double_shortest(x, buf, sizeof buf);
}

Test(fmt, shortest_writes_exponents_as_people_do)
{
	cr_expect_str_eq(shortest(1e6), "1e6");
	cr_expect_str_eq(shortest(1e12), "1e12");
	cr_expect_str_eq(shortest(2.5e6), "2.5e6");
	cr_expect_str_eq(shortest(-3e7), "-3e7");
	cr_expect_str_eq(shortest(1e-5), "1e-5");
	cr_expect_str_eq(shortest(2.5e-10), "2.5e-10");
	cr_expect_str_eq(shortest(1e100), "1e100");
	cr_expect_str_eq(shortest(DBL_MAX), "1.7976931348623157e308");
	cr_expect_str_eq(shortest(5e-324), "5e-324");
}

Test(fmt, shortest_keeps_plain_numbers_plain)
{
	cr_expect_str_eq(shortest(10000), "10000");
	cr_expect_str_eq(shortest(5e5), "500000");
	cr_expect_str_eq(shortest(999999), "999999");
	cr_expect_str_eq(shortest(17782.8), "17782.8");
	cr_expect_str_eq(shortest(1.000001), "1.000001");
	cr_expect_str_eq(shortest(0.0001), "0.0001");
	cr_expect_str_eq(shortest(0), "0");
	cr_expect_str_eq(shortest(M_PI), "3.141592653589793");
}

/* No "e+", no exponent with a leading zero, and the same double back. */
static void round_trip(double x)
{
	const char *s = shortest(x);
	const char *e = strchr(s, 'e');
	double back = 0;

	cr_assert(!e || (e[1] != '+' && e[1] != '0' &&
			 !(e[1] == '-' && e[2] == '0')), "%a written %s", x, s);
	cr_assert_eq(numparse_double(s, -INFINITY, INFINITY, NUMPARSE_CLOSED,
				     &back), NUMPARSE_OK, "%s", s);
	cr_assert(back == x, "%a written %s reads back as %a", x, s, back);
}

Test(fmt, shortest_reads_back_exactly)
{
	uint64_t z = 0x9e3779b97f4a7c15u;

	for (int i = 0; i < 50000; i++) {
		double x;
		z ^= z << 13;
		z ^= z >> 7;
		z ^= z << 17;
		memcpy(&x, &z, sizeof x);
		if (isfinite(x))
			round_trip(x);
	}
	for (double x = 1e-320; x < 1e300; x *= 7.3)
		round_trip(x);
	round_trip(1e12);
	round_trip(1778279.4100389228);
}

Test(fmt, compact_writes_short_exponents)
{
	char buf[32];

	cr_expect_str_eq(fmt_double_compact(60611.7, 3, buf, sizeof buf), "6.06e4");
	cr_expect_str_eq(fmt_double_compact(1.5e-5, 3, buf, sizeof buf), "1.5e-5");
	cr_expect_str_eq(fmt_double_compact(628.3, 3, buf, sizeof buf), "628");
	cr_expect_str_eq(fmt_double_compact(1e100, 3, buf, sizeof buf), "1e100");
}
