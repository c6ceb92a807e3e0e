/* series.c - CSV series and the reference vector (see series.h). */
#include "io/series.h"

#include <errno.h>
#include <stdlib.h>

#include "io/dump.h"

/* Writes "A,B\n" with both numbers as %.17g; returns 0 or errno. */
static int put_row(FILE *fp, double a, double b)
{
	char x[DUMP_DOUBLE_MAX + 1], y[DUMP_DOUBLE_MAX + 1];

	dump_format_double(a, x);
	dump_format_double(b, y);
	if (fprintf(fp, "%s,%s\n", x, y) < 0)
		return errno ? errno : EIO;
	return 0;
}

int series_write(FILE *fp, const struct pe_params *params, long long length,
		 int dim, enum series_kind kind,
		 const volatile sig_atomic_t *cancel)
{
	static const char *const headers[] = {
		"pair,wavelength\n", "offset,similarity\n", "position,value\n"
	};
	int half = params->d_model / 2, err = 0;
	long long rows = kind == SERIES_WAVELENGTHS ? half : length;

	if (fputs(headers[kind], fp) == EOF)
		return errno ? errno : EIO;
	for (long long r = 0; r < rows && !err; r++) {
		double v;

		if (cancel && *cancel)
			return ECANCELED;
		if (kind == SERIES_WAVELENGTHS)
			v = pe_wavelength(params, (int)r);
		else if (kind == SERIES_SIMILARITY)
			v = pe_cos_similarity(params, (double)r, 0, half);
		else
			v = pe_value(params, (double)r, dim);
		err = put_row(fp, (double)r, v);
	}
	return err;
}

int series_vector(FILE *fp, const struct pe_params *params, double pos)
{
	int d = params->d_model;
	double *row = malloc((size_t)d * sizeof *row);
	char v[DUMP_DOUBLE_MAX + 1];
	int err = 0;

	if (!row)
		return ENOMEM;
	pe_row(params, pos, row);
	for (int i = 0; i < d && !err; i++) {
		dump_format_double(row[i], v);
		if (fprintf(fp, "%d %s\n", i, v) < 0)
			err = errno ? errno : EIO;
	}
	free(row);
	return err;
}
