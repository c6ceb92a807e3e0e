/* test_presets.c - the table of models: every shipped row reads as its
 * config file does, with the widths, bases, lengths and scalings that
 * the configs' fields mean (each value below is worked out by hand from
 * the config quoted beside the row in src/model/presets.c, as transformers
 * reads it); the names are unique; the explorer shows a row as it shows
 * the file. tests/e2e/models.sh checks each row against its config file
 * in tests/fixtures/models. */
#include <criterion/criterion.h>
#include <string.h>

#include "model/presets.h"
#include "model/state.h"
#include "views/views.h"

static int row(const char *name)
{
	int i = presets_find(name);

	cr_assert_geq(i, 0, "no row %s", name);
	return i;
}

Test(presets, every_shipped_row_reads)
{
	int n;
	const struct preset *p = presets_table(&n);

	cr_assert_geq(n, 14);
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < i; j++)
			cr_expect_neq(strcmp(p[i].name, p[j].name), 0, "%s twice",
				      p[i].name);
		cr_expect(p[i].source && p[i].source[0], "%s: no source",
			  p[i].name);
		cr_expect_gt(p[i].d_model, 0, "%s", p[i].name);
		cr_expect_eq(p[i].d_model % 2, 0, "%s", p[i].name);
		cr_expect_gt(p[i].train_len, 0, "%s", p[i].name);
	}
	/* a row whose config did not read is no longer shipped: these are */
	static const char *const shipped[] = {
		"gpt2", "bert-base", "llama-2-7b", "llama-3-8b", "llama-3.1-8b",
		"mistral-7b", "qwen2.5-7b", "qwen2-vl-7b", "deepseek-v3",
		"gpt-neox-20b", "gpt-j-6b", "gemma-2-2b"
	};
	for (size_t k = 0; k < sizeof shipped / sizeof *shipped; k++)
		cr_expect(presets_rope(row(shipped[k])) != NULL, "%s",
			  shipped[k]);
	cr_expect(presets_rope(row("transformer")) == NULL);
	cr_expect(presets_rope(-1) == NULL);
	cr_expect(presets_rope(n) == NULL);
}

/* What each config's fields mean, worked out from the config by hand. */
Test(presets, rows_mean_what_their_configs_say)
{
	const struct rope_model *m;

	m = presets_rope(row("gpt2"));	/* n_embd 768, n_positions 1024 */
	cr_expect_eq(m->kind, ROPE_LEARNED);
	cr_expect_eq(m->width, 768);
	cr_expect_eq(m->trained, 1024.0);
	m = presets_rope(row("bert-base"));	/* absolute, 512 x 768 */
	cr_expect_eq(m->kind, ROPE_LEARNED);
	cr_expect_eq(m->width, 768);
	cr_expect_eq(m->trained, 512.0);
	m = presets_rope(row("llama-2-7b"));	/* 4096 / 32, no rope_theta */
	cr_expect_eq(m->kind, ROPE_DEFAULT);
	cr_expect_eq(m->rotary, 128);
	cr_expect_eq(m->base, 10000.0);
	cr_expect_eq(m->trained, 4096.0);
	m = presets_rope(row("llama-3.1-8b"));
	cr_expect_eq(m->kind, ROPE_LLAMA3);
	cr_expect_eq(m->base, 500000.0);
	cr_expect_eq(m->factor, 8.0);
	cr_expect_eq(m->low_freq, 1.0);
	cr_expect_eq(m->high_freq, 4.0);
	cr_expect_eq(m->trained, 8192.0);	/* the original length */
	cr_expect_eq(m->max_pos, 131072.0);
	m = presets_rope(row("qwen2-vl-7b"));	/* mrope: default per head */
	cr_expect_eq(m->kind, ROPE_DEFAULT);
	cr_expect_eq(m->rotary, 128);
	cr_expect_eq(m->base, 1e6);
	m = presets_rope(row("deepseek-v3"));	/* MLA: 64 turn, 128 not */
	cr_expect_eq(m->kind, ROPE_YARN);
	cr_expect_eq(m->rotary, 64);
	cr_expect_eq(m->unrotated, 128);
	cr_expect_eq(m->factor, 40.0);
	cr_expect_eq(m->beta_fast, 32.0);
	cr_expect_eq(m->beta_slow, 1.0);
	cr_expect_eq(m->trained, 4096.0);
	m = presets_rope(row("gpt-neox-20b"));	/* 6144 / 64 = 96, x 0.25 */
	cr_expect_eq(m->rotary, 24);
	cr_expect_eq(m->unrotated, 72);
	m = presets_rope(row("gpt-j-6b"));	/* rotary_dim 64 of 256 */
	cr_expect_eq(m->rotary, 64);
	cr_expect_eq(m->unrotated, 192);
	cr_expect_eq(m->trained, 2048.0);
	m = presets_rope(row("gemma-2-2b"));	/* head_dim 256 wins */
	cr_expect_eq(m->rotary, 256);
	cr_expect_eq(m->trained, 8192.0);
}

/* m/M and :model NAME show a shipped row as :model FILE shows its file:
 * width, base, trained length, and the name on the status line; a
 * hand-made row after it names no model. */
Test(presets, explorer_shows_a_row_as_its_file)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	struct state s;
	char line[256];

	state_init(&s, views_catalog(), &st);
	state_set_preset(&s, row("deepseek-v3"));
	cr_expect_eq(s.cur.pe.d_model, 64);
	cr_expect_eq(s.cur.pe.base, 10000.0);
	cr_expect_eq(s.train, 4096);
	cr_expect_str_eq(state_model_source(&s), "deepseek-v3");
	state_status(&s, line, sizeof line);
	cr_expect(strstr(line, "deepseek-v3"), "%s", line);
	state_set_preset(&s, row("head-1e4"));
	state_status(&s, line, sizeof line);
	cr_expect(!strstr(line, "deepseek"), "%s", line);
	state_set_preset(&s, row("gpt2"));	/* a learned table says so */
	cr_expect_eq(s.cur.pe.d_model, 768);
	cr_expect(strstr(s.msg, "gpt2"), "%s", s.msg);
}
