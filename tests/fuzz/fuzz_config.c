/* fuzz_config.c - libFuzzer target: a config.json read
 * (config_json_parse) and interpreted (model_config_interpret). Checked: a
 * refusal explains itself in one line; an accepted model has an even
 * width in range, a base in range, and a finite positive frequency for
 * every pair at a short and a long length (dynamic and longrope change
 * with it). */
#include "io/config_json.h"
#include "fuzz.h"
#include "model/model_config.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const double lengths[] = { 1.0, 1e9 };
	struct hf_config c;
	struct rope_model m;
	char err[512];
	int rc;

	rc = config_json_parse((const char *)data, size, "fuzz.json", &c,
			       LANG_EN, err, sizeof err);
	if (rc) {
		fuzz_check(rc == 65, "a parse refusal is 65");
		fuzz_check_message(err, sizeof err);
		return 0;
	}
	rc = model_config_interpret(&c, "fuzz.json", &m, LANG_EN, err,
				    sizeof err);
	if (rc) {
		fuzz_check(rc == 65, "a refusal is 65");
		fuzz_check_message(err, sizeof err);
	} else {
		fuzz_check(m.width >= 2 && m.width <= PE_D_MAX &&
			   m.width % 2 == 0, "width even and in range");
		fuzz_check(m.kind == ROPE_LEARNED ||
			   (m.base > 1.0 && m.base <= PE_BASE_MAX),
			   "base in range");
		for (int i = 0; m.kind != ROPE_LEARNED && i < m.rotary / 2; i++)
			for (int j = 0; j < 2; j++) {
				double w = rope_model_omega(&m, lengths[j], i);

				fuzz_check(isfinite(w) && w > 0.0,
					   "a finite positive frequency");
			}
	}
	hf_config_free(&c);
	return 0;
}
