/* fuzz_numparse.c - libFuzzer target: the number parser and the command
 * line. The input, up to its first NUL, is parsed as an integer and as a
 * double against several ranges; then the whole input, split at NUL bytes,
 * is an argv for cli_parse. Checked: a value accepted is inside its range
 * (and finite), a refusal names a reason, cli_parse's options satisfy the
 * contract of cli.h, and its messages are one line. */
#include <math.h>

#include "app/cli.h"
#include "fuzz.h"
#include "base/numparse.h"

enum { ARGS_MAX = 32, TEXT_MAX = 4096 };

static void check_numbers(const char *s)
{
	static const long long ranges[][2] = {
		{ 0, 0 }, { 1, 1000 }, { 2, 65536 }, { 0, 999999999 },
		{ -9223372036854775807LL - 1, 9223372036854775807LL },
	};
	static const double dranges[][2] = {
		{ 1.0, 1e12 }, { 0.0, 1.0 }, { -1e308, 1e308 },
	};

	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
		long long v = 12345;
		enum numparse_status st = numparse_int(s, ranges[i][0],
						       ranges[i][1], &v);
		fuzz_check(numparse_reason(st) != NULL, "reason");
		if (st == NUMPARSE_OK)
			fuzz_check(v >= ranges[i][0] && v <= ranges[i][1],
				   "integer outside its range");
		else
			fuzz_check(v == 12345, "integer written on failure");
	}
	for (size_t i = 0; i < sizeof dranges / sizeof dranges[0]; i++)
		for (int b = NUMPARSE_CLOSED; b <= NUMPARSE_OPEN; b++) {
			double lo = dranges[i][0], hi = dranges[i][1], v = 0.5;
			enum numparse_status st = numparse_double(
				s, lo, hi, (enum numparse_bounds)b, &v);
			if (st != NUMPARSE_OK) {
				fuzz_check(v == 0.5, "double written on failure");
				continue;
			}
			fuzz_check(isfinite(v), "double not finite");
			fuzz_check(v >= lo && v <= hi, "double outside range");
			if (b == NUMPARSE_OPEN_MIN || b == NUMPARSE_OPEN)
				fuzz_check(v > lo, "open minimum reached");
			if (b == NUMPARSE_OPEN_MAX || b == NUMPARSE_OPEN)
				fuzz_check(v < hi, "open maximum reached");
		}
}

static void check_options(const struct options *o)
{
	fuzz_check(o->pe.d_model >= 2 && o->pe.d_model <= 65536 &&
		   o->pe.d_model % 2 == 0, "d_model");
	fuzz_check(o->pe.base > 1.0 && o->pe.base <= 1e12, "base");
	fuzz_check(o->length >= 1 && o->length <= 1000000000LL, "length");
	fuzz_check(o->mode == CLI_HELP || o->mode == CLI_VERSION ||
		   (o->position >= 0 && o->position < o->length), "position");
	fuzz_check(o->mode == CLI_HELP || o->mode == CLI_VERSION ||
		   (o->dim >= 0 && o->dim < o->pe.d_model), "dim");
	fuzz_check(o->width >= 1 && o->width <= CLI_SIZE_MAX &&
		   o->height >= 1 && o->height <= CLI_SIZE_MAX, "size");
	fuzz_check(o->frames >= 1 && o->frames <= CLI_FRAMES_MAX, "frames");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[TEXT_MAX + 1], prog[] = "pescope";
	char *argv[ARGS_MAX + 2];
	char err[CLI_ERR_MAX];
	struct options opt;
	int argc = 1;

	if (size > TEXT_MAX)
		size = TEXT_MAX;
	memcpy(text, data, size);
	text[size] = '\0';
	check_numbers(text);

	argv[0] = prog;
	for (size_t i = 0; i < size && argc <= ARGS_MAX; argc++) {
		argv[argc] = text + i;
		i += strlen(text + i) + 1;
	}
	argv[argc] = NULL;
	err[0] = '\0';
	if (cli_parse(argc, argv, &opt, err, sizeof err))
		check_options(&opt);
	else
		fuzz_check_message(err, sizeof err);
	return 0;
}
