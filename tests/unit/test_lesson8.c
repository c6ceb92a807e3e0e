/* test_lesson8.c - every step of lesson 8, "Design it yourself", shows
 * what its caption says, in English and in Chinese, at 100x30 and 80x24.
 *
 * Each step is opened headless from assets/lessons (run from the
 * repository root, as `make test` does) and drawn whole; the facts are
 * read back from the screen and checked against numbers computed here
 * from their definitions: the integer added to seeded words (by brute
 * force, not the closed form the view uses), 1 / (len - 1), the bits of
 * p, the pairs whose wavelength fits in the length, the turn M_k, the
 * slowest pair's wavelength, the pairs p-RoPE keeps turning. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/lesson_files.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "engine/rng.h"
#include "fixture.h"
#include "lesson_fx.h"
#include "model/lesson.h"
#include "model/lesson_run.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(lesson8, .init = utf8_locale);

/* Whether the screen's words hold needle, read across the caption's
 * lines: borders, line ends and runs of blanks count as one blank; in
 * Chinese, which wraps between any two characters, blanks count as
 * nothing, in the needle too. */
static void shows_across_lines(const struct lesson_shot *sh, const char *needle)
{
	bool zh = sh->s.lang == LANG_ZH;
	size_t n = strlen(sh->text), k = 0, j = 0;
	char *t = malloc(n + 1), *want = malloc(strlen(needle) + 1);

	cr_assert(t && want);
	for (size_t i = 0; i < n; i++) {
		bool blank = sh->text[i] == ' ' || sh->text[i] == '\n';

		if (!strncmp(sh->text + i, "│", strlen("│"))) {
			i += strlen("│") - 1;
			blank = true;
		}
		if (blank && (zh || (k > 0 && t[k - 1] == ' ')))
			continue;
		t[k++] = blank ? ' ' : sh->text[i];
	}
	t[k] = '\0';
	for (const char *p = needle; *p; p++)
		if (!zh || *p != ' ')
			want[j++] = *p;
	want[j] = '\0';
	cr_expect(strstr(t, want), "%s does not show \"%s\":\n%s", sh->where,
		  needle, sh->text);
	free(t);
	free(want);
}

/* Whether a line of the screen holds both a and b. */
static bool line_with(const struct lesson_shot *sh, const char *a, const char *b)
{
	for (const char *l = sh->text; *l;) {
		const char *e = strchr(l, '\n'), *x = strstr(l, a), *y = strstr(l, b);

		if (!e)
			e = l + strlen(l);
		if (x && y && x < e && y < e)
			return true;
		l = *e ? e + 1 : e;
	}
	return false;
}

/* The English or the Chinese of a lesson's own words (lesson files keep
 * their languages apart; tr() holds the program's). */
static const char *L(const struct lesson_shot *sh, const char *en, const char *zh)
{
	return sh->s.lang == LANG_ZH ? zh : en;
}

static const char *T(const struct lesson_shot *sh, const char *en)
{
	return tr(sh->s.lang, en);
}

static void each(int step, void (*check)(struct lesson_shot *))
{
	static const int sizes[2][2] = { { 100, 30 }, { 80, 24 } };

	for (int lang = 0; lang < 2; lang++)
		for (int z = 0; z < 2; z++) {
			struct lesson_shot sh;

			lesson_shot_open(&sh, "design", lang, step,
					 sizes[z][0], sizes[z][1]);
			check(&sh);
			lesson_shot_close(&sh);
		}
}

/* ---- 1: the integer swamps the word ---- */

static void integer(struct lesson_shot *sh)
{
	int d = sh->s.cur.pe.d_model;
	double a[512], b[512], xa = 0, xb = 0, aa = 0, ab = 0, xab = 0;
	double p = (double)(sh->s.cur.len - 1), cw, cww;
	char num[32], want[160];

	cr_assert_eq(d, 512);
	/* the two words: the view's q and k (engine/rope.h's streams) */
	rng_gauss_fill(1, rng_stream_of(RNG_STREAM_ROPE_Q, 0), 1.0, d, a);
	rng_gauss_fill(1, rng_stream_of(RNG_STREAM_ROPE_K, 0), 1.0, d, b);
	for (int c = 0; c < d; c++) {
		xa += (a[c] + p) * (a[c] + p);
		xb += (b[c] + p) * (b[c] + p);
		aa += a[c] * a[c];
		ab += (a[c] + p) * a[c];
		xab += (a[c] + p) * (b[c] + p);
	}
	cw = ab / sqrt(aa * xa);
	cww = xab / sqrt(xa * xb);
	cr_assert_lt(fabs(cw), 0.1, "cos(x_p, word) has fallen towards 0");
	cr_assert_gt(cww, 0.999, "two words at p are alike");
	fmt_double_compact(cw, 2, num, sizeof num);
	snprintf(want, sizeof want, T(sh, "━━ cos(x_p, word): %s at p = %lld"),
		 num, sh->s.cur.len - 1);
	lesson_shot_shows(sh, want);
	fmt_double_compact(cww, 4, num, sizeof num);
	snprintf(want, sizeof want, T(sh, "━━ cos of two different words at the same p: %s"),
		 num);
	lesson_shot_shows(sh, want);
	fmt_double_compact(p * sqrt((double)d) / sqrt(aa), 3, num, sizeof num);
	snprintf(want, sizeof want, T(sh, "|p·1| / |word| = %s and growing with p: the position swamps the word"),
		 num);
	lesson_shot_shows(sh, want);
}

Test(lesson8, step1_the_integer_swamps_the_word)
{
	each(1, integer);
}

/* ---- 2: p / (len - 1) ---- */

static void unit(struct lesson_shot *sh)
{
	static const long long L[3] = { 32, 128, 512 };
	char num[32], want[160];

	cr_assert_eq(sh->s.cur.len, 128);
	for (int k = 0; k < 3; k++) {
		fmt_double_compact(1.0 / (double)(L[k] - 1), 3, num, sizeof num);
		snprintf(want, sizeof want, T(sh, "━━ len %lld: one token apart = %s"),
			 L[k], num);
		lesson_shot_shows(sh, want);
	}
	/* the caption's 1/31 and 1/511 are those lines */
	cr_assert_str_eq((fmt_double_compact(1.0 / 31, 3, num, sizeof num), num),
			 "0.0323");
}

Test(lesson8, step2_the_step_depends_on_the_length)
{
	each(2, unit);
}

/* ---- 3: the binary counter ---- */

static void binary(struct lesson_shot *sh)
{
	char label[16];
	int rows = 0;

	for (int y = 0; y < sh->h; y++) {
		for (int j = 0; j < 12; j++) {
			int x0 = -1;

			snprintf(label, sizeof label, "%s %d ", T(sh, "bit"), j);
			/* the row whose text starts with the label, after the
			 * border */
			for (int x = 0; x + 1 < sh->w; x++) {
				const struct cell *a = canvas_cell(sh->c, x, y);

				if (a->ch == 0x2502) {	/* │ */
					x0 = x + 1;
					break;
				}
			}
			if (x0 < 0)
				continue;
			{
				char buf[16] = { 0 };
				size_t n = 0;
				int x = x0;

				while (n < 12 && x < sh->w) {
					const struct cell *a = canvas_cell(sh->c, x++, y);

					if (a->kind == CELL_CONT)
						continue;
					n += utf8_encode(a->ch, buf + n);
				}
				if (strncmp(buf, label, strlen(label)) != 0)
					continue;
			}
			/* columns from x0 + 8 are positions 0, 1, ... */
			for (int p = 0; p < 64 && x0 + 8 + p < sh->w - 1; p++) {
				const struct cell *a = canvas_cell(sh->c, x0 + 8 + p, y);
				bool one = (p >> j) & 1;

				cr_expect_eq(a->ch, one ? 0x2588u : 0x00b7u,
					     "%s: bit %d of %d", sh->where, j, p);
			}
			rows++;
		}
	}
	cr_expect_geq(rows, 6, "%s: %d bit rows\n%s", sh->where, rows, sh->text);
	lesson_shot_shows(sh, T(sh, "From bit to bit the frequency halves: the sinusoids do the same, smoothly."));
}

Test(lesson8, step3_bit_j_flips_every_2_to_the_j)
{
	each(3, binary);
}

/* ---- 4: the smooth counter ---- */

static void smooth(struct lesson_shot *sh)
{
	int d = sh->s.cur.pe.d_model, n = 0;
	long long len = sh->s.cur.len;
	char want[160];

	cr_assert_eq(d, 128);
	cr_assert_eq(len, 256);
	for (int i = 0; i < d / 2; i++)
		n += 2 * M_PI * pow(1e4, 2.0 * i / d) <= (double)len;
	snprintf(want, sizeof want, T(sh, "%d of %d pairs complete a cycle within %lld"),
		 n, d / 2, len);
	lesson_shot_shows(sh, want);
	cr_assert_eq(n, 26);
	cr_expect(strstr(sh->text, "Spectrum") || strstr(sh->text, "频谱"),
		  "%s", sh->text);
}

Test(lesson8, step4_wavelengths_grow_geometrically)
{
	each(4, smooth);
}

/* ---- 5: the pair makes the shift linear ---- */

static void pair(struct lesson_shot *sh)
{
	char want[160];

	cr_assert_eq(sh->s.cur.pos, 10);
	/* pair 0, omega 1, k = 3 */
	snprintf(want, sizeof want, "[[% .4f, % .4f],", cos(3.0), sin(3.0));
	lesson_shot_shows(sh, want);
	lesson_shot_shows(sh, "‖M_k·PE(p) − PE(p+k)‖ = ");
	{
		const char *at = strstr(sh->text, "‖M_k·PE(p) − PE(p+k)‖ = ");
		double r = at ? atof(at + strlen("‖M_k·PE(p) − PE(p+k)‖ = ")) : 1;

		cr_expect_lt(r, 1e-12, "%s: the residual is rounding", sh->where);
	}
}

Test(lesson8, step5_sine_and_cosine_make_the_shift_a_matrix)
{
	each(5, pair);
}

/* ---- 6: RoPE ---- */

static void rope(struct lesson_shot *sh)
{
	int braille = 0;

	lesson_shot_shows(sh, "p − q = 7");
	/* the caption's p and q are the view's own, on its top line, and
	 * it says they are not the status bar's pos (a glance review read
	 * "p = 12" against "pos=10") */
	lesson_shot_shows(sh, "p = 12");
	lesson_shot_shows(sh, "q = 5");
	shows_across_lines(sh, sh->s.lang == LANG_ZH
			       ? "本视图有自己的 p = 12 和 q = 5"
			       : "this view has its own p = 12 and q = 5");
	shows_across_lines(sh, sh->s.lang == LANG_ZH ? "不是状态栏里的 pos"
						     : "not the status bar's pos");
	lesson_shot_shows(sh, "pos=10");
	lesson_shot_shows(sh, "Σ");
	lesson_shot_shows(sh, T(sh, "Pairs, fast to slow: the arrows turn, the bars are the score"));
	/* the arrows are drawn */
	for (int y = 0; y < sh->h; y++)
		for (int x = 0; x < sh->w; x++)
			braille += canvas_cell(sh->c, x, y)->kind == CELL_BRAILLE;
	cr_expect_gt(braille, 20, "%s: no dials\n%s", sh->where, sh->text);
	/* pressing S (the caption's key) keeps every bar: the screen's
	 * bars are the rope view's own test; here, that S is the key */
	fx_press(&sh->s, 'S');
	cr_assert_eq(sh->s.knob[sh->s.view][2], 1, "%s: S moves p and q", sh->where);
}

Test(lesson8, step6_rope_turns_q_and_k)
{
	each(6, rope);
}

/* ---- 7: the reach ---- */

/* The first m > 0 with sum_i cos(m theta_i) < 0 at d 128, base 1e4 (Men
 * et al. 2024), by brute force. */
static long long first_negative(void)
{
	for (long long m = 1;; m++) {
		double b = 0;

		for (int i = 0; i < 64; i++)
			b += cos((double)m * pow(1e4, -i / 64.0));
		if (b < 0)
			return m;
	}
}

static void reach(struct lesson_shot *sh)
{
	double last = 2 * M_PI * pow(1e4, 126.0 / 128);
	char num[32];
	int kept = -1, pi_from = -1;

	cr_assert_eq(sh->s.cur.pe.d_model, 128);
	fmt_double_compact(last, 3, num, sizeof num);
	cr_assert_str_eq(num, "5.44e4");
	lesson_shot_shows(sh, num);
	/* the reach is Men et al.'s m = 1706, on the screen beside it, not
	 * the slowest wavelength (the review: "nearly 2π·base" beside 1706) */
	cr_assert_eq(first_negative(), 1707);
	cr_expect(line_with(sh, L(sh, "Men et al.", "Men 等人"), "1706"),
		  "%s: no line of Men et al. with 1706:\n%s", sh->where, sh->text);
	shows_across_lines(sh, L(sh, "the slowest wavelength is not the reach",
				 "最慢的波长并不是能看多远"));
	/* "PI stretches every wavelength s-fold; NTK keeps λ_0 ...": the
	 * rows of the table, s = 4 (λ_0 2π = 6.28, λ_63 4 · 5.44e4 =
	 * 2.18e5), at 80x24 too, where the step zooms the table */
	fmt_double_compact(4 * last, 3, num, sizeof num);
	cr_assert_str_eq(num, "2.18e5");
	lesson_shot_shows(sh, "s=4");
	lesson_shot_shows(sh, "PI             25.1");
	lesson_shot_shows(sh, "NTK            6.28");
	lesson_shot_shows(sh, "YaRN           6.28    2.18e5");
	lesson_shot_shows(sh, "λ_63");
	/* YaRN blends PI with the unscaled ω, not with NTK (E1): Peng et
	 * al.'s ramp, alpha 1, beta 32, keeps pair i while L0/λ_i > 32 and
	 * divides by s while L0/λ_i < 1; pairs 0-20 keep ×1 here */
	for (int i = 0; i < 64; i++) {
		double r = 4096 / (2 * M_PI * pow(1e4, i / 64.0));

		if (r > 32)
			kept = i;
		if (pi_from < 0 && r < 1)
			pi_from = i;
	}
	cr_assert_eq(kept, 20);
	cr_assert_eq(pi_from, 46);
	shows_across_lines(sh, L(sh, "YaRN keeps pairs 0-20 unscaled (×1)",
				 "YaRN 让第 0-20 对保持原样（×1）"));
	cr_expect_null(strstr(sh->text, L(sh, "blends", "结合起来")), "%s",
		       sh->where);
	/* zoomed below 120x40, so that Men et al.'s line shows at 100x30 */
	cr_expect(sh->s.zoomed, "%s: not zoomed", sh->where);
	/* the preset's L0 */
	lesson_shot_shows(sh, "L0=4096");
}

Test(lesson8, step7_the_reach_is_men_not_the_slowest_wavelength)
{
	each(7, reach);
}

/* ---- 8: why a rotation ---- */

/* The sum of the bars on the screen: the number after the "=" that
 * follows the first "Σ" ("Σ bars = -9.27434", "Σ = -9.274"). */
static double sum_of_bars(const struct lesson_shot *sh)
{
	const char *at = strstr(sh->text, "Σ");

	cr_assert_not_null(at, "%s: no Σ:\n%s", sh->where, sh->text);
	at = strchr(at, '=');
	cr_assert_not_null(at, "%s: no Σ ... =:\n%s", sh->where, sh->text);
	return strtod(at + 1, NULL);
}

/* "S moved p and q by 3 from step 6 (15 and 8): every arrow turned,
 * every bar is the same": the view's p and q are 15 and 8 and the bars
 * sum to what step 6's did at 12 and 5; and a turn is what makes it so:
 * <R(m)q, R(n)k> = <q, R(n - m)k> for 2-vectors, checked here by hand. */
static void rotation(struct lesson_shot *sh)
{
	struct lesson_shot six;
	double q[2] = { 0.3, -1.7 }, k[2] = { 1.1, 0.4 }, th = 0.7;

	lesson_shot_shows(sh, "p = 15");
	lesson_shot_shows(sh, "q = 8");
	lesson_shot_shows(sh, "p − q = 7");
	lesson_shot_open(&six, "design", sh->s.lang == LANG_ZH, 6, sh->w,
			 sh->h);
	cr_expect_eq(sum_of_bars(sh), sum_of_bars(&six), "%s", sh->where);
	lesson_shot_close(&six);
	for (int m = 0; m < 5; m++) {
		int n = m + 3;
		double qm[2] = { q[0] * cos(m * th) - q[1] * sin(m * th),
				 q[0] * sin(m * th) + q[1] * cos(m * th) };
		double kn[2] = { k[0] * cos(n * th) - k[1] * sin(n * th),
				 k[0] * sin(n * th) + k[1] * cos(n * th) };
		double k3[2] = { k[0] * cos(3 * th) - k[1] * sin(3 * th),
				 k[0] * sin(3 * th) + k[1] * cos(3 * th) };

		cr_assert_float_eq(qm[0] * kn[0] + qm[1] * kn[1],
				   q[0] * k3[0] + q[1] * k3[1], 1e-12);
	}
	shows_across_lines(sh, L(sh, "f(q, m) = q·e^(imθ): a turn",
				 "f(q, m) = q·e^(imθ)：一次旋转"));
	shows_across_lines(sh, L(sh, "⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)",
				 "⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)"));
}

Test(lesson8, step8_relative_scores_force_a_rotation)
{
	each(8, rotation);
}

/* ---- 9: the checklist ---- */

static void checklist(struct lesson_shot *sh)
{
	shows_across_lines(sh, L(sh, "Five needs: unique, deterministic, relative "
				 "(the score sees m − n), works past L0, bounded",
				 "五条要求：唯一、确定、相对（得分只看 m − n）、"
				 "能推广到 L0 之外、有界"));
	shows_across_lines(sh, L(sh, "The integer is unbounded",
				 "直接加整数不满足有界"));
	shows_across_lines(sh, L(sh, "RoPE is relative in the score itself, yet "
				 "needs lesson 6 past L0",
				 "RoPE 在得分本身里就是相对的，但超过 L0 仍需第 6 课的方法"));
}

Test(lesson8, step9_the_checklist)
{
	each(9, checklist);
}

/* ---- 10: p-RoPE ---- */

/* Barbero et al. 2024's p-RoPE (arXiv 2410.06205, their apply_p_rope:
 * rope_angles = int(p * head_dim // 2) of the fastest frequencies turn):
 * at d = 128, p = 3/4 keeps int(0.75 * 128 // 2) = 48 pairs turning and
 * stops 48 .. 63, whose wavelengths 2 pi base^(2i/d) start at pair 48's,
 * 2 pi 1e4^0.75 = 2 pi 1000 = 6283.19 (NumPy:
 * 2 * np.pi * 1e4 ** (2 * np.arange(64) / 128) gives 6283.185 at 48,
 * 7255.71 at 49, 8378.76 at 50, and (lam <= 8192).sum() = 50). The screen
 * shows the 50 pairs that finish a cycle within 8192, so 14 do not: "about
 * the 14", next to the 16 p-RoPE stops. */
static void prope(struct lesson_shot *sh)
{
	int d = sh->s.cur.pe.d_model, keep = (int)(0.75 * d) / 2, cycle = 0;
	double base = sh->s.cur.pe.base;
	char want[160];

	cr_assert_eq(d, 128);
	cr_assert_eq(sh->s.cur.len, 8192);
	cr_assert_eq(keep, 48);
	cr_assert_float_eq(PE_TWO_PI * pow(base, 2.0 * keep / d), 6283.185307179586, 1e-9);
	for (int i = 0; i < d / 2; i++)
		cycle += PE_TWO_PI * pow(base, 2.0 * i / d) <= (double)sh->s.cur.len;
	cr_assert_eq(cycle, 50);
	snprintf(want, sizeof want, T(sh, "%d of %d pairs complete a cycle within %lld"),
		 cycle, d / 2, sh->s.cur.len);
	lesson_shot_shows(sh, want);
	shows_across_lines(sh, L(sh, "p-RoPE turns only the fastest ⌊p·d/2⌋ pairs "
				 "(p = 1 is RoPE, 0 is NoPE)",
				 "p-RoPE 只转最快的 ⌊p·d/2⌋ 个维度对（p = 1 即 RoPE，0 即 NoPE）"));
	snprintf(want, sizeof want, L(sh, "p = 3/4 stops pairs %d-%d, λ from 2π·1000 = %.0f up",
				      "p = 3/4 停下第 %d-%d 对，λ 从 2π·1000 = %.0f 起"),
		 keep, d / 2 - 1, PE_TWO_PI * 1000);
	shows_across_lines(sh, want);
	if (sh->s.lang == LANG_ZH)
		snprintf(want, sizeof want, "%lld 个词元内转不满一圈的 %d 对",
			 sh->s.cur.len, d / 2 - cycle);
	else
		snprintf(want, sizeof want, "the %d that never finish a cycle in %lld tokens",
			 d / 2 - cycle, sh->s.cur.len);
	shows_across_lines(sh, want);
}

Test(lesson8, step10_p_rope_stops_the_slow_pairs)
{
	each(10, prope);
}
