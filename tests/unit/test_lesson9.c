/* test_lesson9.c - every step of lesson 9, "Real models", shows what its
 * caption says, in English and in Chinese, at 100x30 and 80x24.
 *
 * Each step is opened headless from assets/lessons (run from the
 * repository root, as `make test` does) and drawn whole; the facts are
 * read back from the screen and checked against numbers computed here
 * from the models' config.json values (tests/fixtures/models) and the
 * formulas of transformers' modeling_rope_utils.py (v5 line): the pairs
 * that complete a cycle within the length, lambda_63, Llama 3.1's kept
 * and divided pairs (_compute_llama3_parameters), YaRN's ramp
 * (find_correction_range) and its attention factor (get_mscale). The
 * question of step 6 is test_lesson_predict.c's. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"
#include "fixture.h"
#include "lesson_fx.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "snap.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson9, .init = utf8_locale);

/* lambda_i = 2 pi base^(2i/d) of a 128-wide head. */
static double lambda(double base, int i)
{
	return 2.0 * M_PI * pow(base, 2.0 * i / 128.0);
}

/* Pairs of a 128-wide head whose wavelength is at most len. */
static int cycling(double base, double len)
{
	int n = 0;

	for (int i = 0; i < 64; i++)
		n += lambda(base, i) <= len;
	return n;
}

/* The spectrum of model at base over 8192 positions: its name and
 * rotated width on the top line, the pairs that cycle, lambda_63 as l63
 * writes it (NULL: not quoted). */
static void spectrum_of(const struct lesson_shot *sh, const char *model,
			const char *base_text, double base, int want,
			const char *l63)
{
	char line[128];

	lesson_shot_view_is(sh, "spectrum");
	snprintf(line, sizeof line, "%s  rotated=128 base=%s ", model,
		 base_text);
	lesson_shot_shows(sh, line);
	cr_expect_eq(cycling(base, 8192), want, "%s", sh->where);
	snprintf(line, sizeof line,
		 tr(sh->s.lang, "%d of %d pairs complete a cycle within %lld"),
		 want, 64, 8192LL);
	lesson_shot_shows(sh, line);
	if (!l63)	/* the caption quotes none */
		return;
	cr_expect_lt(fabs(lambda(base, 63) / atof(l63) - 1.0), 0.001, "%s",
		     sh->where);
	lesson_shot_shows(sh, l63);
}

/* ---- 1, 2, 5: the spectra ---- */

static void llama2(const struct lesson_shot *sh)
{
	spectrum_of(sh, "llama-2-7b", "10000", 1e4, 50, "5.44e4");
}

Test(lesson9, step1_llama2_50_of_64_pairs_cycle_within_8192)
{
	lesson_shot_each("models", 1, llama2);
}

static void llama3(const struct lesson_shot *sh)
{
	spectrum_of(sh, "llama-3-8b", "500000", 5e5, 35, "2.56e6");
	/* the caption's 29 and 14: the pairs that do not cycle */
	cr_expect_eq(64 - cycling(5e5, 8192), 29);
	cr_expect_eq(64 - cycling(1e4, 8192), 14);
}

Test(lesson9, step2_llama3_35_of_64_pairs_cycle_29_do_not)
{
	lesson_shot_each("models", 2, llama3);
}

static void qwen(const struct lesson_shot *sh)
{
	spectrum_of(sh, "qwen2.5-7b", "1e6", 1e6, 34, NULL);
	/* one more pair too slow than Llama 3's */
	cr_expect_eq(cycling(5e5, 8192) - cycling(1e6, 8192), 1);
}

Test(lesson9, step5_qwen_34_of_64_pairs_cycle)
{
	lesson_shot_each("models", 5, qwen);
}

/* ---- 3: Llama 3.1 ---- */

static void llama31(const struct lesson_shot *sh)
{
	char a[128], b[128];
	int kept = 0, divided = -1;

	lesson_shot_view_is(sh, "context");
	lesson_shot_shows(sh, "llama-3.1-8b  rotated=128 base=500000 ");
	lesson_shot_shows(sh, "L0=8192  s=8 ");
	lesson_shot_shows(sh, "▶Llama 3.1");
	/* _compute_llama3_parameters with the config's factors 1 and 4 */
	for (int i = 0; i < 64; i++) {
		kept += lambda(5e5, i) < 8192.0 / 4.0;
		if (divided < 0 && lambda(5e5, i) > 8192.0 / 1.0)
			divided = i;
	}
	cr_expect_eq(kept, 29);
	cr_expect_eq(divided, 35);
	snprintf(a, sizeof a, tr(sh->s.lang, "Llama 3.1: %d kept, %s/s from %d"),
		 kept, "ω", divided);
	snprintf(b, sizeof b, tr(sh->s.lang, "Llama 3.1: %d pairs kept (%s < "
				 "L0/4), %s/s from pair %d (%s > L0)"),
		 kept, "λ", "ω", divided, "λ");
	cr_expect(strstr(sh->text, a) || strstr(sh->text, b),
		  "%s: no \"%s\":\n%s", sh->where, a, sh->text);
}

Test(lesson9, step3_llama31_keeps_29_pairs_divides_from_35)
{
	lesson_shot_each("models", 3, llama31);
}

/* ---- 4: DeepSeek-V3 ---- */

/* find_correction_dim of a 64-wide rotation at base 10000 over 4096. */
static double correction(double turns)
{
	return 64.0 * log(4096.0 / (turns * 2.0 * M_PI)) / (2.0 * log(1e4));
}

static double get_mscale(double s, double m)
{
	return s <= 1.0 ? 1.0 : 0.1 * m * log(s) + 1.0;
}

static void deepseek(const struct lesson_shot *sh)
{
	char a[128], b[128];
	int lo = (int)floor(correction(32.0)), hi = (int)ceil(correction(1.0));
	double att = get_mscale(40.0, 1.0) / get_mscale(40.0, 1.0);

	lesson_shot_view_is(sh, "context");
	lesson_shot_shows(sh, "deepseek-v3  rotated=64 base=10000 ");
	lesson_shot_shows(sh, "L0=4096  s=40 ");
	lesson_shot_shows(sh, "▶YaRN");
	cr_expect_eq(lo, 10);
	cr_expect_eq(hi, 23);
	snprintf(a, sizeof a, tr(sh->s.lang, "YaRN: ramp over pairs %d-%d, "
				 "then PI"), lo, hi);
	snprintf(b, sizeof b, tr(sh->s.lang, "YaRN: %s kept to pair %d, ramp "
				 "to pair %d, then PI"), "ω", lo, hi);
	cr_expect(strstr(sh->text, a) || strstr(sh->text, b),
		  "%s: no \"%s\":\n%s", sh->where, a, sh->text);
	snprintf(a, sizeof a, "YaRN ×%.3f", att * att);
	lesson_shot_shows(sh, a);
}

Test(lesson9, step4_deepseek_turns_64_dims_ramp_10_23_scores_1)
{
	lesson_shot_each("models", 4, deepseek);
}
