/* test_drill_models.c - the drill kinds on shipped models (issue 35 item
 * 5): which model asks for which scaling, how many dims of a head turn,
 * what a larger base buys, the trained length. Each answer is checked
 * against the model's config.json as kept in tests/fixtures/models, read
 * here with jansson apart from pescope's reader, and each follows the
 * table: a row changed as a changed fixture would be (presets_replace)
 * changes the answer. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drill_fx.h"
#include "model/presets.h"

TestSuite(drill_models);

static int kind_named(const char *name)
{
	for (int kind = 0; kind < drill_kind_count(); kind++)
		if (strcmp(drill_kind_name(kind), name) == 0)
			return kind;
	cr_assert_fail("no drill kind %s", name);
	return -1;
}

static int row(const char *name)
{
	int i = presets_find(name);

	cr_assert_geq(i, 0, "no row %s", name);
	return i;
}

/* Question `nth` of kind `kind` over the seeds 1, 2, ...; false when the
 * first 400 seeds ask fewer. */
static bool nth_of(int kind, int nth, struct drill_question *q)
{
	for (unsigned long long seed = 1; seed <= 400; seed++)
		for (int n = 0; n < drill_kind_count(); n++) {
			drill_question_make(seed, n, q);
			if (q->kind == kind && nth-- == 0)
				return true;
		}
	return false;
}

/* The first question of kind `kind` whose reveal shows row `model`. */
static struct drill_question asked_on(int kind, int model)
{
	struct drill_question q;

	for (int nth = 0; nth_of(kind, nth, &q); nth++)
		if (q.model == model)
			return q;
	cr_assert_fail("kind %s never asks about row %d",
		       drill_kind_name(kind), model);
	return q;
}

/* ---- the fixtures, read with jansson ---- */

static json_t *fixture(const char *name)
{
	char path[256];
	json_error_t e;
	json_t *j;

	snprintf(path, sizeof path, "tests/fixtures/models/%s.json", name);
	j = json_load_file(path, 0, &e);
	cr_assert_not_null(j, "%s: %s (run from the top folder)", path, e.text);
	return j;
}

static double num(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	cr_assert(json_is_number(v), "no number %s", key);
	return json_number_value(v);
}

/* The dims of one head RoPE turns, as the model's code takes them from
 * its config: MLA's qk_rope_head_dim, GPT-J's rotary_dim, or GPT-NeoX's
 * rotary_pct of hidden_size / num_attention_heads. */
static int fixture_rotated(const char *name, int *head)
{
	json_t *j = fixture(name);
	int turned;

	if (json_object_get(j, "qk_rope_head_dim")) {
		turned = (int)num(j, "qk_rope_head_dim");
		*head = turned + (int)num(j, "qk_nope_head_dim");
	} else if (json_object_get(j, "rotary_dim")) {
		turned = (int)num(j, "rotary_dim");
		*head = (int)(num(j, "n_embd") / num(j, "n_head"));
	} else {
		*head = (int)(num(j, "hidden_size") /
			      num(j, "num_attention_heads"));
		turned = (int)(*head * num(j, "rotary_pct"));
	}
	json_decref(j);
	return turned;
}

/* rope_theta, or 10000 (transformers' default) where the file has none. */
static double fixture_base(const char *name)
{
	json_t *j = fixture(name);
	json_t *v = json_object_get(j, "rope_theta");
	double b = json_is_number(v) ? json_number_value(v) : 1e4;

	json_decref(j);
	return b;
}

/* ---- which model asks for which scaling ---- */

Test(drill_models, the_scaling_is_the_one_its_config_names)
{
	int kind = kind_named("model-scaling"), seen = 0;
	struct drill_question q;

	for (int nth = 0; nth < 40 && nth_of(kind, nth, &q); nth++) {
		int n;
		const struct preset *p = presets_table(&n);
		json_t *j = fixture(p[q.rows[0]].name);
		json_t *rs = json_object_get(j, "rope_scaling");
		const char *type = json_string_value(json_object_get(rs, "rope_type"));
		char text[1024];

		if (!type)
			type = json_string_value(json_object_get(rs, "type"));
		cr_assert_not_null(type, "%s names no scaling",
				   p[q.rows[0]].name);
		drill_text_question(&q, LANG_EN, text, sizeof text);
		cr_expect(strstr(text, type), "%s: %s", type, text);
		cr_assert(q.choice);
		cr_assert_eq(q.model, q.rows[0], "the reveal shows the right one");
		cr_assert_str_eq(q.view, "context");
		/* each other option is a model that asks for another or none */
		for (int o = 1; o < DRILL_CHOICES; o++) {
			json_t *k = fixture(p[q.rows[o]].name);
			json_t *ks = json_object_get(k, "rope_scaling");
			const char *t = json_string_value(json_object_get(ks, "rope_type"));

			if (!t)
				t = json_string_value(json_object_get(ks, "type"));
			cr_expect(!t || strcmp(t, type) != 0 ||
				  strcmp(t, "default") == 0,
				  "%s asks for %s too", p[q.rows[o]].name, t);
			for (int m = 0; m < o; m++)
				cr_expect_neq(q.rows[m], q.rows[o], "one row twice");
			json_decref(k);
		}
		json_decref(j);
		seen++;
	}
	cr_assert_geq(seen, 10);
}

Test(drill_models, a_new_scaling_in_the_table_is_asked)
{
	int kind = kind_named("model-scaling"), gemma = row("gemma-2-2b");
	struct hf_config c = presets_table(&(int){ 0 })[gemma].cfg;
	struct drill_question q;
	char text[1024];

	/* gemma-2-2b's fixture given a linear rope_scaling, factor 2 */
	c.has_scaling = true;
	snprintf(c.rope_type, sizeof c.rope_type, "linear");
	c.factor = 2;
	presets_replace(gemma, &c);
	q = asked_on(kind, gemma);
	cr_assert_eq(q.rows[0], gemma);
	drill_text_question(&q, LANG_EN, text, sizeof text);
	cr_expect(strstr(text, "\"linear\""), "%s", text);
	drill_text_choice(&q, LANG_EN, q.right, text, sizeof text);
	cr_expect(strstr(text, "gemma-2-2b"), "%s", text);
}

/* ---- how many dims turn ---- */

Test(drill_models, the_turned_dims_are_the_configs)
{
	static const char *const models[] = { "deepseek-v3", "gpt-neox-20b",
					      "gpt-j-6b" };
	int kind = kind_named("rotated-dims");

	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
		struct drill_question q = asked_on(kind, row(models[i]));
		int head, turned = fixture_rotated(models[i], &head);
		char text[1024], want[64];

		cr_assert_not(q.choice);
		cr_expect_eq(q.answer, q.variant ? head - turned : turned,
			     "%s: %g, its config %d of %d", models[i], q.answer,
			     turned, head);
		drill_text_question(&q, LANG_EN, text, sizeof text);
		snprintf(want, sizeof want, "%s is %d dims wide", models[i], head);
		cr_expect(strstr(text, want), "%s", text);
	}
}

Test(drill_models, a_changed_rotary_width_changes_the_answer)
{
	int kind = kind_named("rotated-dims"), ds = row("deepseek-v3");
	struct hf_config c = presets_table(&(int){ 0 })[ds].cfg;
	struct drill_question q;
	char text[1024];

	/* DeepSeek-V3 turns 64 of 192 dims a head; given 32 it turns 32 */
	q = asked_on(kind, ds);
	cr_expect_eq(q.answer, q.variant ? 128 : 64);
	c.qk_rope_head_dim = 32;
	presets_replace(ds, &c);
	q = asked_on(kind, ds);
	cr_expect_eq(q.answer, q.variant ? 128 : 32);
	drill_text_why(&q, LANG_EN, text, sizeof text);
	cr_expect(strstr(text, "qk_rope_head_dim = 32 beside qk_nope_head_dim = 128: 32 dims turn"),
		  "%s", text);
}

/* ---- what a larger base buys ---- */

/* 2π·base^((d-2)/d), the longest wavelength (Vaswani et al. 2017,
 * section 3.5, the last pair i = d/2 - 1). */
static double longest(int d, double b)
{
	return 2 * M_PI * pow(b, (d - 2.0) / d);
}

Test(drill_models, the_gain_is_the_ratio_of_longest_wavelengths)
{
	int kind = kind_named("base-gain"), l3 = row("llama-3-8b");
	struct drill_question q;
	int seen_llama3 = 0;

	for (int nth = 0; nth < 40 && nth_of(kind, nth, &q); nth++) {
		int n, head;
		const struct preset *p = presets_table(&n);
		const char *hi = p[q.rows[0]].name, *lo = p[q.rows[1]].name;
		json_t *j = fixture(hi);
		double want;

		head = (int)(num(j, "hidden_size") / num(j, "num_attention_heads"));
		json_decref(j);
		want = longest(head, fixture_base(hi)) /
		       longest(head, fixture_base(lo));
		cr_expect(fabs(q.answer - want) <= 1e-9 * want,
			  "%s over %s: %.17g, want %.17g", hi, lo, q.answer, want);
		cr_expect_gt(fixture_base(hi), fixture_base(lo));
		cr_expect_eq(q.model, q.rows[0]);
		seen_llama3 += q.rows[0] == l3 && fixture_base(lo) == 1e4;
	}
	/* what 5e5 buys Llama 3 over 1e4: (50)^(126/128), about 47 */
	cr_expect_gt(seen_llama3, 0, "llama-3-8b over a base-10000 model");
}

Test(drill_models, a_changed_base_changes_the_gain)
{
	int kind = kind_named("base-gain"), l3 = row("llama-3-8b");
	struct hf_config c = presets_table(&(int){ 0 })[l3].cfg;
	struct drill_question q;
	double before = asked_on(kind, l3).answer;

	c.rope_theta = 2e6;
	presets_replace(l3, &c);
	q = asked_on(kind, l3);
	cr_expect(fabs(q.answer - before) > 0.1, "%g before, %g after", before,
		  q.answer);
	cr_expect(fabs(q.answer - longest(128, 2e6) /
				  longest(128, presets_table(&(int){ 0 })[q.rows[1]].base)) <
		  1e-9 * q.answer);
}

/* ---- the trained length ---- */

Test(drill_models, the_trained_length_is_the_original_one)
{
	static const char *const models[] = { "deepseek-v3", "llama-3.1-8b" };
	int kind = kind_named("trained-length");

	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
		struct drill_question q = asked_on(kind, row(models[i]));
		json_t *j = fixture(models[i]);
		json_t *rs = json_object_get(j, "rope_scaling");

		cr_expect_eq(q.answer,
			     num(rs, "original_max_position_embeddings"),
			     "%s: %g", models[i], q.answer);
		cr_expect_lt(q.answer, num(j, "max_position_embeddings"));
		json_decref(j);
	}
}

Test(drill_models, a_changed_original_length_changes_the_answer)
{
	int kind = kind_named("trained-length"), ds = row("deepseek-v3");
	struct hf_config c = presets_table(&(int){ 0 })[ds].cfg;

	c.scale_original = 2048;
	presets_replace(ds, &c);
	cr_expect_eq(asked_on(kind, ds).answer, 2048);
}

/* ---- the reveals ---- */

/* Revealing applies the model: the status line names it and the view is
 * the question's. */
Test(drill_models, the_reveal_shows_the_model)
{
	static const char *const kinds[] = { "model-scaling", "rotated-dims",
					     "base-gain", "trained-length" };

	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		int kind = kind_named(kinds[k]);
		struct drill_question q;
		int n;

		start_state(seed_asking(kind, 0), LANG_EN);
		key('D');
		q = current();
		cr_assert_eq(q.kind, kind);
		key(PK_ENTER);
		cr_assert_eq(st.drill.phase, DRILL_REVEAL);
		cr_expect_str_eq(st.model, presets_table(&n)[q.model].name,
				 "%s", kinds[k]);
		cr_expect(state_model_shown(&st), "%s", kinds[k]);
		cr_expect_eq(st.preset, q.model);
		cr_expect_str_eq(st.cat->view[st.view]->name, q.view);
	}
}
