/* fuzz.h - what every libFuzzer target here shares: the entry point's
 * prototype and the checks that turn a broken promise into a crash, which
 * libFuzzer then reports with the input that caused it.
 *
 * A target is one file tests/fuzz/fuzz_NAME.c defining
 * LLVMFuzzerTestOneInput, with seed inputs in tests/fuzz/corpus/NAME/; the
 * Makefile and tests/fuzz/fuzz.sh find it by that name. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with `what` on standard error unless ok. */
static inline void fuzz_check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz: broken: %s\n", what);
		abort();
	}
}

/* A refusal's message: non-empty, one line, NUL-terminated within n. */
static inline void fuzz_check_message(const char *err, size_t n)
{
	size_t len = strnlen(err, n);

	fuzz_check(len > 0 && len < n, "message is empty or unterminated");
	fuzz_check(!memchr(err, '\n', len), "message spans lines");
}

#endif
