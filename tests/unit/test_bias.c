/* test_bias.c - unit tests of src/engine/bias.c and of the knobs that feed
 * it (views/view_families.h): T5's buckets against the NumPy port of
 * transformers' _relative_position_bucket in tests/e2e/families_ref.py
 * (the values below are its output), the masks, and the parameters the
 * families view's knobs give at the ends of their ranges. The series
 * against every port: tests/e2e/families.sh. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/bias.h"
#include "model/catalog.h"
#include "model/state.h"
#include "views/view_families.h"
#include "views/views.h"

static const long long offs[] = { -1000, -200, -128, -127, -64, -32, -16,
				  -15, -8, -7, -1, 0, 1, 7, 8, 15, 16, 32,
				  64, 127, 128, 1000 };

Test(bias, t5_buckets_bidirectional)
{
	static const int want[] = { 15, 15, 15, 15, 14, 12, 10, 9, 8, 7, 1,
				    0, 17, 23, 24, 25, 26, 28, 30, 31, 31,
				    31 };

	for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++)
		cr_expect_eq(bias_t5_bucket(offs[i], true, 32, 128), want[i],
			     "bucket(%lld) = %d, want %d", offs[i],
			     bias_t5_bucket(offs[i], true, 32, 128), want[i]);
}

Test(bias, t5_buckets_causal)
{
	static const int want[] = { 31, 31, 31, 31, 26, 21, 16, 15, 8, 7, 1,
				    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

	for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++)
		cr_expect_eq(bias_t5_bucket(offs[i], false, 32, 128), want[i],
			     "bucket(%lld) = %d, want %d", offs[i],
			     bias_t5_bucket(offs[i], false, 32, 128), want[i]);
	/* the largest offsets stay in the last bucket */
	cr_expect_eq(bias_t5_bucket(-1000000000LL, false, 64, 100000), 63);
}

Test(bias, masks)
{
	struct bias_params b = { { 64, 1e4, PE_INTERLEAVED }, false, 32, 128,
				 8, 1, 16, 1.0, 1.0 };

	/* causal off: NoPE adds nothing on either side of the query */
	cr_expect_eq(bias_value(&b, BIAS_NOPE, 1), 0.0);
	cr_expect_eq(bias_value(&b, BIAS_NOPE, -5), 0.0);
	cr_expect(isfinite(bias_value(&b, BIAS_ALIBI, 3)));
	b.causal = true;
	for (int s = 0; s < BIAS_SCHEMES; s++) {
		cr_expect(isinf(bias_value(&b, (enum bias_scheme)s, 1)),
			  "%s masks k = 1", bias_scheme_word(s));
		cr_expect(isfinite(bias_value(&b, (enum bias_scheme)s, -1)),
			  "%s keeps k = -1", bias_scheme_word(s));
	}
	cr_expect_null(bias_scheme_word(BIAS_SCHEMES));
}

/* Every knob at either end of its range, and a head past the head count,
 * give parameters bias.h accepts. */
Test(bias, knobs_give_valid_params)
{
	const struct catalog *cat = views_catalog();
	struct settings start = { { 128, 1e4, PE_INTERLEAVED }, 128, 0, 0 };
	int v = catalog_find(cat, "families");
	struct state s;
	struct bias_params b;

	cr_assert(v >= 0);
	state_init(&s, cat, &start);
	families_bias_params(&s, &b, NULL);
	cr_expect(bias_params_valid(&b));
	for (int k = 0; k < cat->view[v]->nknobs; k++) {
		double lo, hi;

		catalog_knob_range(&cat->view[v]->knob[k], 128, &lo, &hi);
		state_set_knob(&s, v, k, lo);
		families_bias_params(&s, &b, NULL);
		cr_expect(bias_params_valid(&b), "%s at %g",
			  cat->view[v]->knob[k].word, lo);
		state_set_knob(&s, v, k, hi);
		families_bias_params(&s, &b, NULL);
		cr_expect(bias_params_valid(&b), "%s at %g",
			  cat->view[v]->knob[k].word, hi);
	}
	cr_expect(state_set_knob_named(&s, "heads", 3));
	cr_expect(state_set_knob_named(&s, "alibi-head", 7));
	families_bias_params(&s, &b, NULL);
	cr_expect_eq(b.head, 3);
}
