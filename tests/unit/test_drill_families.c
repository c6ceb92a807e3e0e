/* test_drill_families.c - the drill kinds of the families and mla views:
 * T5's bucket of an offset and ALiBi's slope of a head against ports of
 * their reference code written here, apart from the engine; the choice
 * kinds' reveals and their why. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "drill_fx.h"

TestSuite(drill_families);

static int kind_named(const char *name)
{
	for (int kind = 0; kind < drill_kind_count(); kind++)
		if (strcmp(drill_kind_name(kind), name) == 0)
			return kind;
	cr_assert_fail("no drill kind %s", name);
	return -1;
}

/* transformers' T5Attention._relative_position_bucket, bidirectional, with
 * its float32 logarithm (torch.log of a float tensor) over math.log's
 * double:
 *   num_buckets //= 2; ret = (rel > 0) * num_buckets; n = |rel|
 *   max_exact = num_buckets // 2
 *   large = max_exact + (log(n / max_exact) / math.log(max_distance /
 *           max_exact) * (num_buckets - max_exact)).to(long), at most
 *           num_buckets - 1 */
static int t5_bucket(long long rel, int num_buckets, int max_distance)
{
	int half = num_buckets / 2, ret = rel > 0 ? half : 0, n;
	int max_exact = half / 2;
	long long a = rel < 0 ? -rel : rel;
	float l;

	if (a < max_exact)
		return ret + (int)a;
	l = logf((float)a / (float)max_exact) /
	    (float)log((double)max_distance / max_exact) *
	    (float)(half - max_exact);
	n = max_exact + (int)l;
	return ret + (n < half - 1 ? n : half - 1);
}

/* The ALiBi paper's get_slopes (ofirpress/attention_with_linear_biases):
 * start = 2^(-2^-(log2(n) - 3)), slopes start^(i+1) for a power of two
 * n; otherwise get_slopes(P) + get_slopes(2P)[0::2][:n - P], P the power
 * of two below n. */
static double alibi_slope(int h, int n)
{
	int p = 1;

	while (p * 2 <= n)
		p *= 2;
	if (p == n)
		return pow(pow(2.0, -pow(2.0, -(log2((double)n) - 3))), h);
	if (h <= p)
		return alibi_slope(h, p);
	return alibi_slope(2 * (h - p) - 1, 2 * p);
}

Test(drill_families, t5_bucket_is_the_reference_codes)
{
	int kind = kind_named("t5-bucket"), bands[4] = { 0 };

	for (int nth = 0; nth < 60; nth++) {
		struct drill_question q;
		char typed[32];
		int want;

		drill_question_make(seed_asking(kind, nth), 0, &q);
		want = t5_bucket(q.k, 32, 128);
		cr_assert_eq(q.answer, want, "k %lld: bucket %g, reference %d",
			     q.k, q.answer, want);
		snprintf(typed, sizeof typed, "%d", want);
		cr_assert_eq(drill_check(&q, typed), DRILL_RIGHT);
		snprintf(typed, sizeof typed, "%d", want + 1);
		cr_assert_eq(drill_check(&q, typed), DRILL_WRONG);
		cr_assert_str_eq(q.view, "families");
		cr_assert_str_eq(q.knob[0].word, "scheme");
		cr_assert_str_eq(q.knob[2].word, "causal");
		cr_assert_eq(q.knob[2].value, 0, "bidirectional buckets");
		/* which part of the rule the offset tests */
		bands[(q.k > 0) * 2 + ((q.k < 0 ? -q.k : q.k) >= 8)]++;
	}
	for (int b = 0; b < 4; b++)
		cr_expect_gt(bands[b], 0, "60 questions ask both signs, exact and log buckets");
}

Test(drill_families, alibi_slope_is_get_slopes)
{
	int kind = kind_named("alibi-slope");
	bool odd_count = false;

	for (int nth = 0; nth < 60; nth++) {
		struct drill_question q;
		int n, h;
		double want;
		char typed[32];

		drill_question_make(seed_asking(kind, nth), 0, &q);
		cr_assert_str_eq(q.knob[1].word, "heads");
		cr_assert_str_eq(q.knob[2].word, "alibi-head");
		n = (int)q.knob[1].value;
		h = (int)q.knob[2].value;
		cr_assert(h >= 1 && h <= n);
		want = alibi_slope(h, n);
		cr_assert_float_eq(q.answer, want, 1e-12 * want,
				   "head %d of %d: %g, get_slopes %g", h, n,
				   q.answer, want);
		snprintf(typed, sizeof typed, "%.4g", want * 1.005);
		cr_assert_eq(drill_check(&q, typed), DRILL_RIGHT);
		snprintf(typed, sizeof typed, "%.4g", want * 1.05);
		cr_assert_eq(drill_check(&q, typed), DRILL_WRONG);
		odd_count |= (n & (n - 1)) != 0;
	}
	cr_expect(odd_count, "some questions have a head count that is no power of two");
}

Test(drill_families, the_choices_reveal_their_views)
{
	struct drill_question q;
	char why[1024];

	drill_question_make(seed_asking(kind_named("no-params"), 0), 0, &q);
	cr_assert_str_eq(q.view, "families");
	cr_assert_str_eq(q.knob[0].word, "scheme");
	cr_assert(q.choice);
	drill_question_make(seed_asking(kind_named("mla"), 0), 0, &q);
	cr_assert_str_eq(q.view, "mla");
	cr_assert(q.choice);
	/* DeepSeek-V3's config_671B.json: kv_lora_rank 512,
	 * qk_rope_head_dim 64 */
	drill_text_why(&q, LANG_EN, why, sizeof why);
	cr_assert_not_null(strstr(why, "512 + 64 = 576"), "%s", why);
}

/* Qwen2-VL's mrope_section [16, 24, 24] of 64 pairs (transformers'
 * apply_multimodal_rotary_pos_emb): time 0-15, height 16-39, width
 * 40-63. */
Test(drill_families, mrope_height_is_the_middle_section)
{
	struct drill_question q;
	char right[256], why[1024];

	drill_question_make(seed_asking(kind_named("mrope-height"), 0), 0, &q);
	cr_assert(q.choice);
	cr_assert_str_eq(q.view, "grid");
	cr_assert_str_eq(q.knob[0].word, "grid");
	drill_text_choice(&q, LANG_EN, q.right, right, sizeof right);
	cr_assert_not_null(strstr(right, "pairs 16-39"), "%s", right);
	drill_text_why(&q, LANG_EN, why, sizeof why);
	cr_assert_not_null(strstr(why, "pairs 0-15 take t, 16-39 h, 40-63 w"),
			   "%s", why);
}
