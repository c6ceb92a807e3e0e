/* fmt.c - number formatting shared by the status line, panels and exports. */
#include "base/fmt.h"

#include <math.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* "e+04" -> "e4", "e-05" -> "e-5": the exponent as people write it. */
static void compact_exponent(char *s)
{
	char *d = strchr(s, 'e');

	if (!d)
		return;
	d++;
	if (*d == '-')
		d++;
	else if (*d == '+')
		memmove(d, d + 1, strlen(d));
	while (d[0] == '0' && d[1] != '\0')
		memmove(d, d + 1, strlen(d));
}

/* Exponent form only where %g would use it anyway at its default precision
 * (|x| >= 1e6 or < 1e-4): "10000" reads better than "1e4". */
char *fmt_double_shortest(double x, char *buf, size_t n)
{
	double a = fabs(x);
	bool plain = a == 0.0 || (a >= 1e-4 && a < 1e6);
	char tmp[40];

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, x);
		if (strtod(tmp, NULL) == x && !(plain && strchr(tmp, 'e')))
			break;
	}
	compact_exponent(tmp);
	snprintf(buf, n, "%s", tmp);
	return buf;
}

char *fmt_double_compact(double x, int sig, char *buf, size_t n)
{
	char tmp[64];

	snprintf(tmp, sizeof tmp, "%.*g", sig, x);
	compact_exponent(tmp);
	snprintf(buf, n, "%s", tmp);
	return buf;
}

char *fmt_count(double x, char *buf, size_t n)
{
	static const char suffix[] = " kMGT";
	int k = 0;
	double a = fabs(x);

	while (a >= 1000.0 && k < 4) {
		a /= 1000.0;
		x /= 1000.0;
		k++;
	}
	if (k == 0)
		snprintf(buf, n, "%.0f", x);
	else if (a < 10.0 && a != floor(a))
		snprintf(buf, n, "%.1f%c", x, suffix[k]);
	else
		snprintf(buf, n, "%.0f%c", x, suffix[k]);
	return buf;
}
