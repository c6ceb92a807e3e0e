/* test_model_config.c - a config.json read (io/config_json.c) and
 * interpreted (model/model_config.c): which fields decide the rotated
 * width, the base, the scaling and the trained length, and each refusal
 * with its exit status and message. The frequencies themselves are checked
 * against a NumPy port of transformers in tests/e2e/models.sh. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/rope_model.h"
#include "io/config_json.h"
#include "model/model_config.h"

static char err[512];
static struct hf_config cfg;
static struct rope_model m;

/* Parses and interprets text; the status. */
static int load(const char *text)
{
	int rc = config_json_parse(text, strlen(text), "c.json", &cfg, LANG_EN,
				   err, sizeof err);

	if (rc == 0) {
		rc = model_config_interpret(&cfg, "c.json", &m, LANG_EN, err,
					    sizeof err);
		hf_config_free(&cfg);	/* m's lists are not read below */
	}
	return rc;
}

static void ok(const char *text)
{
	err[0] = '\0';
	cr_assert_eq(load(text), 0, "refused %s: %s", text, err);
}

/* Refused with status want and a message holding part. */
static void bad(const char *text, int want, const char *part)
{
	err[0] = '\0';
	cr_assert_eq(load(text), want, "%s: status", text);
	cr_assert(strstr(err, part), "%s: message \"%s\" lacks \"%s\"", text,
		  err, part);
	cr_assert(!strchr(err, '\n'), "one line: %s", err);
	cr_assert(strncmp(err, "c.json", 6) == 0, "names the file: %s", err);
}

Test(model_config, llama_head_base_default_and_length)
{
	ok("{\"hidden_size\": 4096, \"num_attention_heads\": 32, "
	   "\"max_position_embeddings\": 4096}");
	cr_assert_eq(m.kind, ROPE_DEFAULT);
	cr_assert_eq(m.rotary, 128);
	cr_assert_eq(m.width, 128);
	cr_assert_eq(m.base, 10000.0, "transformers' default base");
	cr_assert_eq(m.trained, 4096.0);
	cr_assert_eq(m.attention, 1.0);
}

Test(model_config, head_dim_wins_over_the_division)
{
	/* Gemma 7B: 3072 / 16 = 192, but head_dim 256 */
	ok("{\"hidden_size\": 3072, \"num_attention_heads\": 16, "
	   "\"head_dim\": 256, \"rope_theta\": 10000.0}");
	cr_assert_eq(m.rotary, 256);
	cr_assert_eq(m.trained, 0.0, "no length given");
}

Test(model_config, partial_rotary_neox_and_gptj)
{
	ok("{\"hidden_size\": 6144, \"num_attention_heads\": 64, "
	   "\"rotary_pct\": 0.25, \"rotary_emb_base\": 10000}");
	cr_assert_eq(m.rotary, 24);
	cr_assert_eq(m.unrotated, 72);
	ok("{\"n_embd\": 4096, \"n_head\": 16, \"rotary_dim\": 64, "
	   "\"n_positions\": 2048}");
	cr_assert_eq(m.kind, ROPE_DEFAULT, "GPT-J rotates");
	cr_assert_eq(m.rotary, 64);
	cr_assert_eq(m.unrotated, 192);
	cr_assert_eq(m.trained, 2048.0);
	/* int(head_dim * factor): Phi-2's 80 * 0.4 = 32 */
	ok("{\"hidden_size\": 2560, \"num_attention_heads\": 32, "
	   "\"partial_rotary_factor\": 0.4}");
	cr_assert_eq(m.rotary, 32);
}

Test(model_config, mla_rotates_the_rope_dims_only)
{
	ok("{\"hidden_size\": 7168, \"num_attention_heads\": 128, "
	   "\"qk_rope_head_dim\": 64, \"qk_nope_head_dim\": 128, "
	   "\"max_position_embeddings\": 163840, \"rope_scaling\": {"
	   "\"type\": \"yarn\", \"factor\": 40, \"mscale\": 1.0, "
	   "\"mscale_all_dim\": 1.0, \"beta_fast\": 32, \"beta_slow\": 1, "
	   "\"original_max_position_embeddings\": 4096}}");
	cr_assert_eq(m.kind, ROPE_YARN);
	cr_assert_eq(m.rotary, 64);
	cr_assert_eq(m.unrotated, 128);
	cr_assert_eq(m.trained, 4096.0);
	cr_assert_eq(m.factor, 40.0, "163840 / 4096");
	cr_assert_eq(m.attention, 1.0, "mscale / mscale_all_dim, both 1");
	cr_assert(m.truncate);
}

Test(model_config, yarn_defaults_and_attention)
{
	/* Qwen2.5's documented YaRN: factor 4 over 32768 */
	ok("{\"hidden_size\": 3584, \"num_attention_heads\": 28, "
	   "\"rope_theta\": 1000000.0, \"max_position_embeddings\": 32768, "
	   "\"rope_scaling\": {\"rope_type\": \"yarn\", \"factor\": 4.0, "
	   "\"truncate\": false}}");
	cr_assert_eq(m.beta_fast, 32.0);
	cr_assert_eq(m.beta_slow, 1.0);
	cr_assert_eq(m.trained, 32768.0);
	cr_assert(!m.truncate);
	cr_assert_float_eq(m.attention, 0.1 * log(4.0) + 1.0, 1e-15);
	ok("{\"head_dim\": 64, \"max_position_embeddings\": 4096, "
	   "\"rope_scaling\": {\"rope_type\": \"yarn\", \"factor\": 16, "
	   "\"mscale\": 0.707, \"mscale_all_dim\": 1}}");
	cr_assert_float_eq(m.attention,
			   (0.1 * 0.707 * log(16.0) + 1) / (0.1 * log(16.0) + 1),
			   1e-15);
}

Test(model_config, longrope_takes_the_top_level_original)
{
	static char text[4096];
	char list[1024] = "";

	for (int i = 0; i < 48; i++)
		strcat(list, i ? ", 1.5" : "1.5");
	snprintf(text, sizeof text,
		 "{\"hidden_size\": 3072, \"num_attention_heads\": 32, "
		 "\"max_position_embeddings\": 131072, "
		 "\"original_max_position_embeddings\": 4096, "
		 "\"rope_scaling\": {\"type\": \"longrope\", "
		 "\"short_factor\": [%s], \"long_factor\": [%s]}}",
		 list, list);
	ok(text);
	cr_assert_eq(m.kind, ROPE_LONGROPE);
	cr_assert_eq(m.trained, 4096.0);
	cr_assert_eq(m.factor, 32.0);
	cr_assert_float_eq(m.attention,
			   sqrt(1.0 + log(32.0) / log(4096.0)), 1e-15);
	/* 47 factors for 48 pairs */
	strcpy(strrchr(list, ','), "");
	snprintf(text, sizeof text,
		 "{\"head_dim\": 96, \"max_position_embeddings\": 131072, "
		 "\"original_max_position_embeddings\": 4096, "
		 "\"rope_scaling\": {\"type\": \"longrope\", "
		 "\"short_factor\": [%s], \"long_factor\": [%s]}}",
		 list, list);
	bad(text, 65, "short_factor has 47 numbers; it needs 48");
}

Test(model_config, llama3_needs_its_four_numbers)
{
	ok("{\"hidden_size\": 4096, \"num_attention_heads\": 32, "
	   "\"rope_theta\": 500000.0, \"max_position_embeddings\": 131072, "
	   "\"rope_scaling\": {\"rope_type\": \"llama3\", \"factor\": 8.0, "
	   "\"low_freq_factor\": 1.0, \"high_freq_factor\": 4.0, "
	   "\"original_max_position_embeddings\": 8192}}");
	cr_assert_eq(m.kind, ROPE_LLAMA3);
	cr_assert_eq(m.trained, 8192.0);
	bad("{\"head_dim\": 128, \"rope_scaling\": {\"rope_type\": \"llama3\", "
	    "\"factor\": 8.0, \"low_freq_factor\": 1.0, "
	    "\"original_max_position_embeddings\": 8192}}",
	    65, "high_freq_factor is missing; llama3 needs it");
}

Test(model_config, learned_tables)
{
	ok("{\"n_embd\": 768, \"n_head\": 12, \"n_positions\": 1024, "
	   "\"model_type\": \"gpt2\"}");
	cr_assert_eq(m.kind, ROPE_LEARNED);
	cr_assert_eq(m.width, 768);
	cr_assert_eq(m.rotary, 0);
	cr_assert_eq(m.trained, 1024.0);
	ok("{\"hidden_size\": 768, \"num_attention_heads\": 12, "
	   "\"max_position_embeddings\": 512, "
	   "\"position_embedding_type\": \"absolute\"}");
	cr_assert_eq(m.kind, ROPE_LEARNED);
	cr_assert_eq(m.trained, 512.0);
}

Test(model_config, text_config_of_a_multimodal_config)
{
	ok("{\"model_type\": \"llama4\", \"text_config\": {\"head_dim\": 128, "
	   "\"rope_theta\": 500000.0, \"max_position_embeddings\": 10485760}}");
	cr_assert_eq(m.rotary, 128);
	cr_assert_eq(m.base, 500000.0);
}

Test(model_config, rope_parameters_is_the_newer_name)
{
	ok("{\"head_dim\": 128, \"rope_parameters\": {\"rope_type\": "
	   "\"linear\", \"factor\": 8.0, \"rope_theta\": 1000000.0}}");
	cr_assert_eq(m.kind, ROPE_LINEAR);
	cr_assert_eq(m.base, 1e6);
	cr_assert_eq(m.factor, 8.0);
	/* Qwen2-VL's mrope runs as default */
	ok("{\"head_dim\": 128, \"rope_scaling\": {\"type\": \"mrope\", "
	   "\"mrope_section\": [16, 24, 24]}}");
	cr_assert_eq(m.kind, ROPE_DEFAULT);
}

Test(model_config, bad_json_names_line_and_column)
{
	bad("{\n  \"rope_theta\": 1e4,\n  \"head_dim\": }", 65, "c.json:3:");
	bad("{\"rope_theta\": NaN}", 65, "not valid JSON");
	bad("{\"rope_theta\": Infinity}", 65, "not valid JSON");
	bad("{\"rope_theta\": 1e400}", 65, "not valid JSON");
	bad("{\"head_dim\": 64, \"head_dim\": 128}", 65, "not valid JSON");
	bad("[1, 2]", 65, "must be a JSON object, not a list");
	bad("", 65, "c.json:");
}

Test(model_config, wrong_types_name_the_field)
{
	bad("{\"rope_theta\": \"10000\"}", 65,
	    "rope_theta must be a number, not a string");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": 8}}", 65,
	    "rope_scaling.rope_type must be a string, not a number");
	bad("{\"head_dim\": 64, \"rope_scaling\": 8}", 65,
	    "rope_scaling must be an object, not a number");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"longrope\", "
	    "\"long_factor\": [1, \"2\"]}}", 65,
	    "rope_scaling.long_factor must be a list of numbers, not a string");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"yarn\", "
	    "\"truncate\": 1}}", 65,
	    "rope_scaling.truncate must be true/false, not a number");
}

Test(model_config, values_out_of_range)
{
	bad("{\"head_dim\": 64, \"rope_theta\": 1}", 65,
	    "rope_theta is 1; it must be above 1");
	bad("{\"head_dim\": 64, \"rope_theta\": -5}", 65, "rope_theta is -5");
	bad("{\"head_dim\": 64, \"rope_theta\": 1e300}", 65,
	    "rope_theta is 1.0000000000000001e+300");
	bad("{\"head_dim\": 63}", 65, "the head width 63 is odd");
	bad("{\"head_dim\": 0}", 65, "head_dim is 0; it must be a whole number");
	bad("{\"head_dim\": 65538}", 65, "head_dim is 65538");
	bad("{\"head_dim\": 64.5}", 65, "head_dim is 64.5");
	bad("{\"head_dim\": 64, \"partial_rotary_factor\": 0}", 65,
	    "partial_rotary_factor is 0; it must be above 0 and at most 1");
	bad("{\"head_dim\": 64, \"partial_rotary_factor\": 1.5}", 65,
	    "partial_rotary_factor is 1.5");
	bad("{\"head_dim\": 64, \"partial_rotary_factor\": 0.3}", 65,
	    "the rotated width 19 is odd");
	bad("{\"rope_theta\": 10000}", 65, "no head width");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"linear\", "
	    "\"factor\": 0.5}}", 65, "factor is 0.5; it must be from 1 to 1e+09");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"dynamic\", "
	    "\"factor\": 2}}", 65,
	    "max_position_embeddings is missing; dynamic needs it");
	bad("{\"head_dim\": 64, \"max_position_embeddings\": 0}", 65,
	    "max_position_embeddings is 0");
}

Test(model_config, unknown_rope_type_is_named)
{
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"su\"}}", 65,
	    "rope_type \"su\" is not one pescope knows");
	bad("{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": \"ntk\"}}",
	    65, "\"ntk\"");
}

Test(model_config, deep_nesting_is_refused)
{
	enum { DEPTH = 10000 };
	static char text[2 * DEPTH + 1];

	memset(text, '[', DEPTH);
	memset(text + DEPTH, ']', DEPTH);
	bad(text, 65, "maximum parsing depth");
}
