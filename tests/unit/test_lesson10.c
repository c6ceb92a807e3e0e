/* test_lesson10.c - every step of lesson 10, "Families", shows what its
 * caption says, in English and in Chinese, at 100x30 and 80x24.
 *
 * Each step is opened headless from assets/lessons (run from the
 * repository root, as `make test` does) and drawn whole; the facts are
 * read back from the screen and checked against numbers computed here
 * from their sources: the lanes' letters, T5's knobs, the ALiBi paper's
 * get_slopes, transformers' Llama 4 temperature, DeepSeek-V3's config
 * (config_671B.json) through DeepSeek-V2's Table 1. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/lesson_files.h"
#include "base/tr.h"
#include "engine/bias.h"
#include "fixture.h"
#include "lesson_fx.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson10, .init = utf8_locale);

/* ---- 1: every lane ---- */

static void every_lane(const struct lesson_shot *sh)
{
	static const char letters[] = "+RSTAKXN";
	int lanes = 0;

	lesson_shot_view_is(sh, "families");
	/* a lane's label: its letter in the second column, after a blank or
	 * the chosen one's '>' */
	for (const char *l = sh->text; *l; l = strchr(l, '\n') + 1) {
		if (!strncmp(l, "│", strlen("│")) &&
		    strchr(letters, l[strlen("│") + 1]) &&
		    l[strlen("│") + 2] == ' ' &&
		    (l[strlen("│")] == ' ' || l[strlen("│")] == '>'))
			lanes++;
		if (!strchr(l, '\n'))
			break;
	}
	cr_expect_eq(lanes, 8, "%s: %d lanes:\n%s", sh->where, lanes,
		     sh->text);
}

Test(lesson10, step1_every_scheme_has_a_lane)
{
	lesson_shot_each("families", 1, every_lane);
}

/* ---- 2: T5 ---- */

static void t5_buckets(const struct lesson_shot *sh)
{
	char cap[64];

	lesson_shot_view_is(sh, "families");
	snprintf(cap, sizeof cap, tr(sh->s.lang, "%d buckets to %d"), 32, 128);
	lesson_shot_shows(sh, cap);
	cr_expect_eq(state_view_knob(&sh->s, 0), BIAS_T5, "%s: scheme t5",
		     sh->where);
}

Test(lesson10, step2_t5_has_32_buckets_to_128)
{
	lesson_shot_each("families", 2, t5_buckets);
}

/* ---- 3: ALiBi ---- */

/* The ALiBi paper's get_slopes for n heads, head h (from 1). */
static double get_slopes(int h, int n)
{
	int p = 1;

	while (p * 2 <= n)
		p *= 2;
	if (p == n)
		return pow(pow(2.0, -pow(2.0, -(log2((double)n) - 3))), h);
	return h <= p ? get_slopes(h, p) : get_slopes(2 * (h - p) - 1, 2 * p);
}

static void alibi_head9(const struct lesson_shot *sh)
{
	char cap[64], m[16];

	lesson_shot_view_is(sh, "families");
	/* what the caption claims: 16 heads' first slope, 2^(-1/2) */
	cr_assert_float_eq(get_slopes(9, 12), get_slopes(1, 16), 1e-15);
	cr_assert_gt(get_slopes(9, 12), get_slopes(1, 12));
	snprintf(m, sizeof m, "%.3f", get_slopes(9, 12));
	snprintf(cap, sizeof cap, tr(sh->s.lang, "m = %s, head %d/%d"), m, 9,
		 12);
	lesson_shot_shows(sh, cap);
}

Test(lesson10, step3_head_9_of_12_takes_16_heads_first_slope)
{
	lesson_shot_each("families", 3, alibi_head9);
}

/* ---- 4: iRoPE ---- */

/* transformers' Llama4TextAttention: log1p(floor((pos + 1) / 8192)) * 0.1
 * + 1 */
static double temperature(double pos)
{
	return log1p(floor((pos + 1.0) / 8192.0)) * 0.1 + 1.0;
}

static void irope(const struct lesson_shot *sh)
{
	char v[16];

	lesson_shot_view_is(sh, "mla");
	cr_assert_eq(temperature(8190), 1.0);
	snprintf(v, sizeof v, "%.3f", temperature(8191));
	lesson_shot_shows(sh, v);
	snprintf(v, sizeof v, "%.3f", temperature(1048575));
	lesson_shot_shows(sh, v);
	/* Llama4TextConfig: 48 layers, no_rope_layers[i] = (i + 1) % 4 != 0 */
	lesson_shot_shows(sh, "■■■□■■■□■■■□■■■□■■■□■■■□■■■□■■■□■■■□■■■□■■■□■■■□");
}

Test(lesson10, step4_one_layer_in_four_and_its_temperature)
{
	lesson_shot_each("families", 4, irope);
}

/* ---- 5 and 6: MLA ---- */

static void fold(const struct lesson_shot *sh)
{
	lesson_shot_view_is(sh, "mla");
	/* config_671B.json: q_lora_rank 1536, qk_nope_head_dim 128,
	 * kv_lora_rank 512 */
	lesson_shot_shows(sh, "1536×128");
	lesson_shot_shows(sh, "128×512");
	lesson_shot_shows(sh, "128×128");
}

Test(lesson10, step5_the_rotation_stops_the_fold)
{
	lesson_shot_each("families", 5, fold);
}

static void saves(const struct lesson_shot *sh)
{
	/* DeepSeek-V2 Table 1 with config_671B.json: n_layers 61, n_heads
	 * 128, d_h 128, kv_lora_rank 512, qk_rope_head_dim 64; bf16 */
	double mla = (512 + 64) * 61 * 2.0, mha = 2.0 * 128 * 128 * 61 * 2;
	char v[32];

	lesson_shot_view_is(sh, "mla");
	snprintf(v, sizeof v, "%.1f KiB", mla / 1024);
	lesson_shot_shows(sh, v);
	snprintf(v, sizeof v, "%.2f MiB", mha / (1024 * 1024));
	lesson_shot_shows(sh, v);
}

Test(lesson10, step6_mla_caches_68_6_kib_a_token)
{
	lesson_shot_each("families", 6, saves);
}

/* ---- 7: 2-D ---- */

static void grid(const struct lesson_shot *sh)
{
	lesson_shot_view_is(sh, "grid");
	lesson_shot_shows(sh, tr(sh->s.lang, "Axial 2-D RoPE"));
}

Test(lesson10, step7_the_grid_of_patches)
{
	lesson_shot_each("families", 7, grid);
}
