/* numparse.c - strict parsing of numbers typed by people (see numparse.h). */
#include "base/numparse.h"
#include "base/tr.h"

#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>

/* Exponents are clamped here while scanning: anything this far out is out
 * of every range we parse, and the clamp keeps the arithmetic from wrapping. */
#define EXP_CLAMP 100000000L

/* The parts of a decimal number found by scan(). */
struct scan {
	bool neg;		/* a leading '-' */
	const char *mant;	/* first character of the mantissa */
	const char *mant_end;	/* one past its last digit */
	long exp;		/* value of the exponent part, clamped */
	const char *end;	/* one past the whole number */
};

/* ---- scanning ---- */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* True when s, ignoring ASCII case, is exactly the lower-case word w. */
static bool is_word(const char *s, const char *w)
{
	for (; *w; s++, w++) {
		char c = *s;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != *w)
			return false;
	}
	return *s == '\0';
}

/* Checks the grammar of numparse.h and splits s into its parts. */
static enum numparse_status scan(const char *s, struct scan *sc)
{
	const char *p = s;
	int ndigits = 0;

	if (*p == '\0')
		return NUMPARSE_EMPTY;
	sc->neg = *p == '-';
	if (*p == '+' || *p == '-')
		p++;
	if (is_word(p, "nan") || is_word(p, "inf") || is_word(p, "infinity"))
		return NUMPARSE_NOT_FINITE;

	sc->mant = p;
	for (; is_digit(*p); p++)
		ndigits++;
	if (*p == '.')
		for (p++; is_digit(*p); p++)
			ndigits++;
	if (ndigits == 0)
		return NUMPARSE_SYNTAX;
	sc->mant_end = p;

	sc->exp = 0;
	if (*p == 'e' || *p == 'E') {
		const char *q = p + 1;
		bool eneg = *q == '-';
		if (*q == '+' || *q == '-')
			q++;
		if (is_digit(*q)) {
			for (; is_digit(*q); q++)
				if (sc->exp < EXP_CLAMP)
					sc->exp = sc->exp * 10 + (*q - '0');
			if (eneg)
				sc->exp = -sc->exp;
			p = q;
		}
		/* else "5e" or "5e+": the 'e' is left as trailing text */
	}
	sc->end = p;
	return *p == '\0' ? NUMPARSE_OK : NUMPARSE_TRAILING;
}

/* ---- integers ---- */

/* Exact value of the scanned number as a magnitude, or the reason it is not
 * a whole number that fits in 19 digits. */
static enum numparse_status exact_magnitude(const struct scan *sc,
					    unsigned long long *mag)
{
	/* Significant digits are those of the mantissa without the point,
	 * without leading zeros and without trailing zeros; `shift` is the
	 * power of ten they are multiplied by. */
	const char *first = NULL, *last = NULL;
	long long shift = sc->exp;
	bool after_point = false;

	for (const char *p = sc->mant; p < sc->mant_end; p++) {
		if (*p == '.') {
			after_point = true;
			continue;
		}
		if (after_point)
			shift--;
		if (*p != '0') {
			if (!first)
				first = p;
			last = p;
		}
	}
	if (!first) {
		*mag = 0;
		return NUMPARSE_OK;
	}
	/* Trailing zeros after the last significant digit raise the shift. */
	for (const char *p = last + 1; p < sc->mant_end; p++)
		if (*p != '.')
			shift++;

	long long nsig = 0;
	for (const char *p = first; p <= last; p++)
		if (*p != '.')
			nsig++;
	if (shift < 0)
		return NUMPARSE_NOT_INTEGER;
	if (nsig + shift > 19)	/* >= 1e19 > LLONG_MAX */
		return NUMPARSE_RANGE;

	unsigned long long v = 0;	/* < 1e19 < 2^64: cannot wrap */
	for (const char *p = first; p <= last; p++)
		if (*p != '.')
			v = v * 10 + (unsigned)(*p - '0');
	for (long long i = 0; i < shift; i++)
		v *= 10;
	*mag = v;
	return NUMPARSE_OK;
}

enum numparse_status numparse_int(const char *s, long long min, long long max,
				  long long *out)
{
	struct scan sc;
	unsigned long long mag;
	long long v;
	enum numparse_status st = scan(s, &sc);

	if (st != NUMPARSE_OK)
		return st;
	st = exact_magnitude(&sc, &mag);
	if (st != NUMPARSE_OK)
		return st;
	if (sc.neg) {
		if (mag > (unsigned long long)LLONG_MAX + 1)
			return NUMPARSE_RANGE;
		v = mag == (unsigned long long)LLONG_MAX + 1 ?
			LLONG_MIN : -(long long)mag;
	} else {
		if (mag > (unsigned long long)LLONG_MAX)
			return NUMPARSE_RANGE;
		v = (long long)mag;
	}
	if (v < min || v > max)
		return NUMPARSE_RANGE;
	*out = v;
	return NUMPARSE_OK;
}

/* ---- doubles ---- */

/* strtod in the "C" locale, whatever the program's locale says, so that
 * '.' is the decimal point for everyone. */
static double c_strtod(const char *s, char **end)
{
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	locale_t old = c ? uselocale(c) : (locale_t)0;
	double v = strtod(s, end);

	if (c) {
		uselocale(old);
		freelocale(c);
	}
	return v;
}

enum numparse_status numparse_double(const char *s, double min, double max,
				     enum numparse_bounds bounds, double *out)
{
	struct scan sc;
	char *end;
	enum numparse_status st = scan(s, &sc);

	if (st != NUMPARSE_OK)
		return st;
	double v = c_strtod(s, &end);
	if (end != sc.end)	/* only if the "C" locale could not be had */
		return NUMPARSE_SYNTAX;
	if (!isfinite(v))
		return NUMPARSE_RANGE;

	bool open_min = bounds == NUMPARSE_OPEN_MIN || bounds == NUMPARSE_OPEN;
	bool open_max = bounds == NUMPARSE_OPEN_MAX || bounds == NUMPARSE_OPEN;
	if (open_min ? !(v > min) : !(v >= min))
		return NUMPARSE_RANGE;
	if (open_max ? !(v < max) : !(v <= max))
		return NUMPARSE_RANGE;
	*out = v;
	return NUMPARSE_OK;
}

/* ---- messages ---- */

const char *numparse_reason(enum numparse_status status)
{
	switch (status) {
	case NUMPARSE_OK:
		return N_("fine");
	case NUMPARSE_EMPTY:
		return N_("empty");
	case NUMPARSE_SYNTAX:
		return N_("not a number");
	case NUMPARSE_TRAILING:
		return N_("extra characters after the number");
	case NUMPARSE_NOT_FINITE:
		return N_("not a finite number");
	case NUMPARSE_NOT_INTEGER:
		return N_("not a whole number");
	case NUMPARSE_RANGE:
		return N_("out of range");
	}
	return N_("invalid");
}
