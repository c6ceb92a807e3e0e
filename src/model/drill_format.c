/* drill_format.c - the numbers the drill's texts write (see
 * drill_format.h). */
#include "model/drill_format.h"

#include <math.h>
#include <stdio.h>

#include "base/fmt.h"
#include "engine/pe.h"

const char *drill_base_text(double b, char *buf, size_t n)
{
	return fmt_double_compact(b, 6, buf, n);
}

const char *drill_num_text(double x, char *buf, size_t n)
{
	if (fabs(x) >= 1000.0 && fabs(x) < 1e15)
		snprintf(buf, n, "%.0f", x);
	else
		fmt_double_compact(x, 4, buf, n);
	return buf;
}

double drill_longest(int d, double b)
{
	struct pe_params p = { d, b, PE_INTERLEAVED };

	return pe_wavelength(&p, d / 2 - 1);
}
