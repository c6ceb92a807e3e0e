/* fuzz_npy.c - libFuzzer target: a .npy file read (npy_parse). Checked: a
 * refusal explains itself in one line; an accepted matrix is 2-D, within
 * PE_MATRIX_CELLS_MAX cells, and every value finite. */
#include "io/npy.h"
#include "fuzz.h"
#include "app/say.h"

#include <math.h>

/* A refusal's message, as say prints it (its control characters escaped:
 * the file's own names may hold some): one line. */
static void check_said(const char *err, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	fuzz_check(f != NULL, "a memory stream");
	fuzz_check(strnlen(err, n) > 0 && strnlen(err, n) < n,
		   "message is empty or unterminated");
	say_put(f, err);
	fclose(f);
	fuzz_check_message(text, len + 1);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pe_matrix m;
	char err[512];
	int rc = npy_parse(data, size, "fuzz.npy", &m, LANG_EN, err,
			   sizeof err);

	if (rc) {
		fuzz_check(rc == 65 || rc == 71, "a refusal is 65 (or 71)");
		check_said(err, sizeof err);
		fuzz_check(!m.data, "a refusal keeps no matrix");
		return 0;
	}
	fuzz_check(m.rows >= 1 && m.cols >= 1 &&
		   m.rows * m.cols <= PE_MATRIX_CELLS_MAX, "a size in range");
	for (long long p = 0; p < m.rows; p++)
		for (int i = 0; i < m.cols; i++)
			fuzz_check(isfinite(pe_matrix_value(&m, p, i)),
				   "every value finite");
	pe_matrix_free(&m);
	return 0;
}
