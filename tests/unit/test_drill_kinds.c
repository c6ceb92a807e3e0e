/* test_drill_kinds.c - every kind of drill question: its right answer is
 * right and its distractors are wrong, against formulas and references
 * worked out here (not the engine's functions); its reveal opens the view
 * this file expects, with the question's parameters and knobs; its texts
 * exist in English and Chinese, keep to assets/glossary.txt, and fit the
 * drill's box at 80x24, asked and revealed. */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tr.h"
#include "base/wrap.h"
#include "drill_fx.h"
#include "engine/pe_variants.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(drill_kinds, .init = utf8_locale);

/* ---- references ---- */

static double omega(const struct pe_params *p, int i)
{
	return pow(p->base, -2.0 * i / p->d_model);
}

static double longest(int d, double base)
{
	return 2 * M_PI * pow(base, (d - 2.0) / d);
}

/* PE(a).PE(b) summed element by element from sin and cos. */
static double dot(const struct pe_params *p, double a, double b)
{
	double s = 0;

	for (int i = 0; i < p->d_model / 2; i++) {
		double w = omega(p, i);
		s += sin(a * w) * sin(b * w) + cos(a * w) * cos(b * w);
	}
	return s;
}

static void assert_close(double got, double want, double rel, const char *what)
{
	cr_assert(fabs(got - want) <= rel * fabs(want) + 1e-12,
		  "%s: got %.17g, want %.17g", what, got, want);
}

/* A fixed stream of numbers in [-1, 1] for random vectors and matrices. */
static double noise(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return ((*state >> 8) & 0xffff) / 32767.5 - 1.0;
}

/* Turns every pair (2i, 2i+1) of v (d numbers) by angle pos * omega_i. */
static void rotate(const struct pe_params *p, double pos, double *v)
{
	for (int i = 0; i < p->d_model / 2; i++) {
		double t = pos * omega(p, i), a = v[2 * i], b = v[2 * i + 1];
		v[2 * i] = cos(t) * a - sin(t) * b;
		v[2 * i + 1] = sin(t) * a + cos(t) * b;
	}
}

static double vdot(const double *a, const double *b, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* out = m (n x n, row-major) times v. */
static void matvec(const double *m, const double *v, double *out, int n)
{
	for (int r = 0; r < n; r++)
		out[r] = vdot(m + r * n, v, n);
}

/* PE(pos) of p, interleaved, into out. */
static void pe_of(const struct pe_params *p, double pos, double *out)
{
	for (int i = 0; i < p->d_model / 2; i++) {
		out[2 * i] = sin(pos * omega(p, i));
		out[2 * i + 1] = cos(pos * omega(p, i));
	}
}

enum { FIT_ROWS = 64, FIT_COLS = 8 };

/* ||A a - y|| / ||y|| for the least-squares a, by the normal equations
 * and Gaussian elimination (m <= FIT_COLS well-conditioned columns). */
static double fit_residual(double a[FIT_ROWS][FIT_COLS], int m,
			   const double *y)
{
	double g[FIT_COLS][FIT_COLS + 1] = { { 0 } }, x[FIT_COLS], r = 0,
	       yy = 0;

	for (int i = 0; i < m; i++) {
		for (int j = 0; j < m; j++)
			for (int k = 0; k < FIT_ROWS; k++)
				g[i][j] += a[k][i] * a[k][j];
		for (int k = 0; k < FIT_ROWS; k++)
			g[i][m] += a[k][i] * y[k];
	}
	for (int c = 0; c < m; c++) {
		int best = c;
		for (int i = c + 1; i < m; i++)
			if (fabs(g[i][c]) > fabs(g[best][c]))
				best = i;
		for (int j = 0; j <= m; j++) {
			double t = g[c][j];
			g[c][j] = g[best][j];
			g[best][j] = t;
		}
		for (int i = c + 1; i < m; i++) {
			double f = g[i][c] / g[c][c];
			for (int j = c; j <= m; j++)
				g[i][j] -= f * g[c][j];
		}
	}
	for (int i = m - 1; i >= 0; i--) {
		x[i] = g[i][m];
		for (int j = i + 1; j < m; j++)
			x[i] -= g[i][j] * x[j];
		x[i] /= g[i][i];
	}
	for (int k = 0; k < FIT_ROWS; k++) {
		double e = -y[k];
		for (int i = 0; i < m; i++)
			/* cppcheck-suppress uninitvar ; x[0..m) is solved above */
			e += a[k][i] * x[i];
		r += e * e;
		yy += y[k] * y[k];
	}
	return sqrt(r / yy);
}

/* x rounded to `bits` significant bits, to nearest, ties to even. */
static double round_bits(double x, int bits)
{
	int e;

	if (x == 0)
		return 0;
	frexp(x, &e);
	return ldexp(nearbyint(ldexp(x, bits - e)), e - bits);
}

/* bfloat16, the way frameworks convert: the float's top 16 bits, rounded
 * to nearest even (an independent route from round_bits). */
static double to_bf16(double x)
{
	float f = (float)x;
	uint32_t u;

	memcpy(&u, &f, sizeof u);
	u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* IEEE half: 11 significant bits; from 65520 on, infinity. */
static double to_fp16(double x)
{
	double r = round_bits(x, 11);
	return r > 65504 ? INFINITY : r;
}

/* ---- the texts of a question ---- */

/* The text of option `opt` (0 is the right one), wherever it is shown. */
static void option_text(const struct drill_question *q, enum lang l,
			int opt, char *buf, size_t n)
{
	for (int j = 0; j < DRILL_CHOICES; j++)
		if (q->order[j] == opt)
			drill_text_choice(q, l, j, buf, n);
}

/* The English text of the right option holds `phrase`. */
static void assert_right_option(const struct drill_question *q,
				const char *phrase)
{
	char buf[512];

	option_text(q, LANG_EN, 0, buf, sizeof buf);
	cr_assert(strstr(buf, phrase), "kind %d: right option \"%s\"", q->kind,
		  buf);
}

/* A wrong option holds `phrase` (in language l): the common mistake. */
static void assert_distractor(const struct drill_question *q, enum lang l,
			      const char *phrase)
{
	char buf[512];
	int found = 0;

	for (int opt = 1; opt < DRILL_CHOICES; opt++) {
		option_text(q, l, opt, buf, sizeof buf);
		found += strstr(buf, phrase) != NULL;
	}
	option_text(q, l, 0, buf, sizeof buf);
	cr_assert_eq(found, 1, "kind %d: \"%s\" is a wrong option", q->kind,
		     phrase);
	cr_assert_null(strstr(buf, phrase), "kind %d: not the right one",
		       q->kind);
}

/* The number after the last "≈ " or "= " of text. */
static double number_after(const char *text)
{
	const char *at = NULL;

	for (const char *p = text; *p; p++)
		if (strncmp(p, "≈ ", strlen("≈ ")) == 0 ||
		    strncmp(p, "= ", 2) == 0)
			at = p;
	cr_assert_not_null(at, "no number in \"%s\"", text);
	at += strncmp(at, "= ", 2) == 0 ? 2 : strlen("≈ ");
	return strtod(at, NULL);
}

static void assert_has(const char *text, const char *part)
{
	cr_assert(strstr(text, part), "want \"%s\" in \"%s\"", part, text);
}

/* ---- the mechanics ---- */

static void check_number_kind(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int d = p->d_model, half = d / 2, count = 0;
	double want = 0;

	switch (dk_of(q->kind)) {
	case DK_FIRST_WAVELENGTH:
		want = 2 * M_PI;
		cr_assert_eq(q->pair, 0);
		break;
	case DK_CYCLES:
		for (int i = 0; i < half; i++)
			count += 2 * M_PI / omega(p, i) <= (double)q->len;
		want = count;
		cr_assert_eq(q->answer, want, "exact count");
		break;
	case DK_NORM:
		want = sqrt(dot(p, (double)q->pos, (double)q->pos));
		break;
	case DK_NTK_BASE:
		want = p->base * pow(q->scale, d / (d - 2.0));
		/* the point of the formula: the slowest pair stretches s times */
		assert_close(2 * M_PI * pow(want, (d - 2.0) / d),
			     q->scale * longest(d, p->base), 1e-9,
			     "NTK stretch");
		cr_assert_eq((double)q->len, q->scale * (double)q->train_len);
		break;
	case DK_OTHER:	/* a kind this file has no reference for */
		return;
	default:
		cr_assert_fail("kind %d is not a number question", q->kind);
	}
	assert_close(q->answer, want, 1e-9, "answer");
	cr_assert_gt(q->tol, 0);
}

static void check_last_wavelength(const struct drill_question *q)
{
	int d = q->pe.d_model;
	double b = q->pe.base, right = longest(d, b);
	/* what people write instead: the paper's 2*pi*base, the base, and
	 * the exponent 2/d of pair 1 */
	double wrong[3] = { 2 * M_PI * b, b, 2 * M_PI * pow(b, 2.0 / d) };
	char buf[512], share[64];

	option_text(q, LANG_EN, 0, buf, sizeof buf);
	assert_close(number_after(buf), right, 1e-3, buf);
	for (int i = 0; i < 3; i++) {
		option_text(q, LANG_EN, i + 1, buf, sizeof buf);
		assert_close(number_after(buf), wrong[i], 1e-3, buf);
		cr_assert_gt(fabs(wrong[i] / right - 1), 0.1,
			     "option %d is far from right: %s", i + 1, buf);
	}
	cr_assert_eq(q->pair, d / 2 - 1);
	cr_assert_geq((double)q->len, right, "one whole turn fits");
	/* the explanation gives the share of 2*pi*base */
	drill_text_why(q, LANG_EN, buf, sizeof buf);
	snprintf(share, sizeof share, "%.0f%% of 2π·base", 100 * right / wrong[0]);
	assert_has(buf, share);
}

/* Sine alone: no linear map of the sines of PE(p) gives sin((p+k)w_0)
 * (the residual is |sin(k w_0)|, the cosine's share); with the cosines it
 * is exact. Small d, so the fit is well conditioned. */
static void check_sine_and_cosine(const struct drill_question *q)
{
	struct pe_params p = { 8, 10.0, PE_INTERLEAVED };
	double a[FIT_ROWS][FIT_COLS], y[FIT_ROWS], k = (double)q->k;

	for (int r = 0; r < FIT_ROWS; r++) {
		for (int i = 0; i < 4; i++) {
			a[r][i] = sin(r * omega(&p, i));
			a[r][4 + i] = cos(r * omega(&p, i));
		}
		y[r] = sin((r + k) * omega(&p, 0));
	}
	cr_assert_gt(fit_residual(a, 4, y), 0.5 * fabs(sin(k)),
		     "sines alone fit sin(p + %g)", k);
	cr_assert_lt(fit_residual(a, 8, y), 1e-9, "sin and cos fit it");
	assert_right_option(q, "one linear map M_k takes PE(p) to PE(p+k)");
	cr_assert_gt(q->k, 0);
}

/* The four ways the offset kind asks its identity (q->variant), in
 * drill_kinds.c's order. */
enum { OFFSET_SYMMETRY, OFFSET_ONLY, OFFSET_ROTATION, OFFSET_SINE_COSINE,
       OFFSET_WAYS };

/* The offset identity, each of its four ways: what the question's p and
 * k give, computed here, and the right option's words. */
static void check_offset(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	double a = (double)q->pos, k = (double)q->k;
	int d = p->d_model;

	cr_assert(q->variant >= 0 && q->variant < OFFSET_WAYS);
	switch (q->variant) {
	case OFFSET_SYMMETRY:
		assert_close(dot(p, a, a + k), dot(p, a, a - k), 1e-9,
			     "s(k) = s(-k)");
		assert_right_option(q, "they are equal");
		break;
	case OFFSET_ONLY:
		assert_close(dot(p, a, a + k), dot(p, a + 17, a + 17 + k), 1e-9,
			     "the same at p and p+17");
		assert_right_option(q, "no: it is");
		break;
	case OFFSET_ROTATION:
		/* rotating every pair of PE(p) by k*omega gives PE(p+k) */
		for (int i = 0; i < d / 2; i++) {
			double w = omega(p, i), s0 = sin(a * w), c0 = cos(a * w);
			double t = k * w;
			assert_close(cos(t) * s0 + sin(t) * c0, sin((a + k) * w),
				     1e-9, "rotated sin");
			assert_close(-sin(t) * s0 + cos(t) * c0, cos((a + k) * w),
				     1e-9, "rotated cos");
		}
		assert_right_option(q, "each (sin, cos) pair turns by");
		break;
	default:
		check_sine_and_cosine(q);
		break;
	}
}

static void check_mechanics_choice(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int d = p->d_model;

	switch (dk_of(q->kind)) {
	case DK_LAST_WAVELENGTH:
		check_last_wavelength(q);
		break;
	case DK_OFFSET:
		check_offset(q);
		break;
	case DK_BASE_100:
		cr_assert_eq(p->base, 100.0);
		cr_assert_lt(longest(d, 100.0), (double)q->len,
			     "every pair turns on screen");
		assert_right_option(q, "every pair now repeats within ~");
		break;
	case DK_FAST_PAIRS:
		cr_assert_gt(omega(p, 0), 100 * omega(p, d / 2 - 1));
		assert_right_option(q, "the first pairs (small i)");
		assert_distractor(q, LANG_EN, "the low dimensions change slowly");
		assert_distractor(q, LANG_ZH, "低维变化慢");
		break;
	default:
		cr_assert_fail("kind %d is not a mechanics choice", q->kind);
	}
}

/* ---- the concepts ---- */

static void check_why_10000(const struct drill_question *q)
{
	int d = q->pe.d_model;
	double top = longest(d, 1e4);
	char buf[512];

	cr_assert_eq(q->pe.base, 1e4);
	option_text(q, LANG_EN, 0, buf, sizeof buf);
	assert_close(number_after(buf), top, 1e-3, buf);
	cr_assert_gt(top, 5.0 * (double)q->train_len, "far beyond the length");
	cr_assert_lt(longest(d, 100.0), (double)q->train_len,
		     "base 100 would come round within it");
	assert_distractor(q, LANG_EN, "the longest input the model can take");
	cr_assert_eq(q->len, q->train_len);
}

/* (R_m q).(R_n k) depends on n - m only, whatever W_Q and W_K made q and
 * k; rotating the input before W_Q and W_K does not give that. */
static void check_rope(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int d = p->d_model;
	unsigned seed = 7;
	double *w = malloc(sizeof *w * (size_t)(2 * d * d + 6 * d));
	double *wk = w + d * d, *x = wk + d * d, *y = x + d, *u = y + d,
	       *v = u + d, *s = v + d, *t = s + d;
	double rel[2], absolute[2];

	cr_assert_not_null(w);
	for (int i = 0; i < 2 * d * d; i++)
		w[i] = noise(&seed);
	for (int i = 0; i < d; i++) {
		x[i] = noise(&seed);
		y[i] = noise(&seed);
	}
	for (int shift = 0; shift < 2; shift++) {
		double m = 3 + 40 * shift, n = 11 + 40 * shift;
		/* RoPE: project, then rotate */
		matvec(w, x, u, d);
		matvec(wk, y, v, d);
		rotate(p, m, u);
		rotate(p, n, v);
		rel[shift] = vdot(u, v, d);
		/* rotate the input, then project */
		memcpy(s, x, sizeof *s * (size_t)d);
		memcpy(t, y, sizeof *t * (size_t)d);
		rotate(p, m, s);
		rotate(p, n, t);
		matvec(w, s, u, d);
		matvec(wk, t, v, d);
		absolute[shift] = vdot(u, v, d);
	}
	assert_close(rel[1], rel[0], 1e-9, "RoPE: the offset only");
	cr_assert_gt(fabs(absolute[1] - absolute[0]), 1e-3,
		     "a rotated input is not relative after W_Q, W_K");
	free(w);
	assert_right_option(q, "by position·θ_i in every layer; nothing is added");
	assert_distractor(q, LANG_EN, "adds the same sinusoids to the input");
}

/* RoFormer's relative bound B(m) = (1/(d/2)) sum_j |S_j(m)|. */
static double rope_bound(const struct pe_params *p, double m)
{
	double re = 0, im = 0, sum = 0;

	for (int j = 0; j < p->d_model / 2; j++) {
		re += cos(m * omega(p, j));
		im += sin(m * omega(p, j));
		sum += hypot(re, im);
	}
	return sum / (p->d_model / 2);
}

/* The mean |q·R_m k| over n pairs of random q and k (entries uniform in
 * [-1, 1], seeded): what a typical score does at offset m. */
static double mean_random_score(const struct pe_params *p, double m, int n)
{
	double qv[256], kv[256], sum = 0;
	unsigned state = 2024;

	for (int t = 0; t < n; t++) {
		for (int j = 0; j < p->d_model; j++) {
			qv[j] = noise(&state);
			kv[j] = noise(&state);
		}
		rotate(p, m, kv);
		sum += fabs(vdot(qv, kv, p->d_model));
	}
	return sum / n;
}

static void check_decay(const struct drill_question *q)
{
	/* the bound falls over the first offsets, then plateaus: larger at
	 * 4096 than at 1000 */
	static const double m[] = { 0, 100, 1000, 4096 };
	static const int digits[] = { 1, 1, 2, 2 };
	char why[1024], num[16];
	const char *at = why;
	double v[4] = { 3, -1, 2, 0.5 }, r[4], mean0;

	cr_assert_eq(q->pe.d_model, 128, "the text quotes d = 128");
	cr_assert_eq(q->pe.base, 1e4);
	drill_text_why(q, LANG_EN, why, sizeof why);
	for (int i = 0; i < 4; i++) {
		double b = rope_bound(&q->pe, m[i]);

		snprintf(num, sizeof num, "%.*f", digits[i], b);
		at = strstr(at, num);
		cr_assert_not_null(at, "B(%g) = %s in order in \"%s\"", m[i],
				   num, why);
	}
	cr_assert_gt(rope_bound(&q->pe, 100), 2 * rope_bound(&q->pe, 1000));
	cr_assert_gt(rope_bound(&q->pe, 4096), rope_bound(&q->pe, 1000),
		     "a plateau, not a steady fall");
	/* random q, k: the mean |score| does not decay (Barbero et al.) */
	mean0 = mean_random_score(&q->pe, 0, 400);
	for (int i = 1; i < 4; i++)
		assert_close(mean_random_score(&q->pe, m[i], 400), mean0, 0.15,
			     "mean |score| of random q, k");
	/* a rotation keeps the norm: the vectors do not shrink */
	memcpy(r, v, sizeof r);
	{
		struct pe_params small = { 4, 1e4, PE_INTERLEAVED };
		rotate(&small, 1000, r);
	}
	assert_close(vdot(r, r, 4), vdot(v, v, 4), 1e-12, "norm kept");
	assert_right_option(q, "an upper bound on |score| (q and k set its scale)");
	assert_right_option(q, "plateaus");
	assert_distractor(q, LANG_EN, "get shorter");
	assert_distractor(q, LANG_EN, "the mean score over random q and k");
}

/* With W = W_Q^T W_K: PE_p^T W PE_q is relative for W = I or a W that
 * commutes with the pair rotations, not for a generic W; the cross term
 * x^T W PE_q depends on q itself. */
static void check_projections(const struct drill_question *q)
{
	struct pe_params p = { 8, 1e4, PE_INTERLEAVED };
	double w[64], c[64] = { 0 }, a[8], b[8], t[8], x[8], gen[2], com[2],
	       id[2], cross[2];
	unsigned seed = 3;

	for (int i = 0; i < 64; i++)
		w[i] = noise(&seed);
	for (int i = 0; i < 4; i++) {	/* per pair a*I + b*J */
		double s = noise(&seed), r = noise(&seed);
		c[(2 * i) * 8 + 2 * i] = s;
		c[(2 * i + 1) * 8 + 2 * i + 1] = s;
		c[(2 * i) * 8 + 2 * i + 1] = -r;
		c[(2 * i + 1) * 8 + 2 * i] = r;
	}
	for (int i = 0; i < 8; i++)
		x[i] = noise(&seed);
	for (int shift = 0; shift < 2; shift++) {
		pe_of(&p, 5 + 20 * shift, a);
		pe_of(&p, 2 + 20 * shift, b);
		matvec(w, b, t, 8);
		gen[shift] = vdot(a, t, 8);
		cross[shift] = vdot(x, t, 8);
		matvec(c, b, t, 8);
		com[shift] = vdot(a, t, 8);
		id[shift] = vdot(a, b, 8);
	}
	cr_assert_gt(fabs(gen[1] - gen[0]), 1e-3, "generic W: not relative");
	cr_assert_gt(fabs(cross[1] - cross[0]), 1e-3, "cross term moves");
	assert_close(com[1], com[0], 1e-9, "commuting W: relative");
	assert_close(id[1], id[0], 1e-9, "W = I: relative");
	assert_right_option(q, "no: it has word-position cross terms");
	assert_distractor(q, LANG_EN, "depends only on p - q, and the cross terms average out");
}

static void check_low_precision(const struct drill_question *q)
{
	int exact = q->fp16 ? 2048 : 256;
	double (*to)(double) = q->fp16 ? to_fp16 : to_bf16;
	char buf[512], want[64];

	for (int i = 0; i <= exact; i++)
		cr_assert_eq(to(i), (double)i, "%d is exact", i);
	cr_assert_eq(to(exact + 1), (double)exact, "the first collision");
	/* both routes agree on bf16 */
	for (int i = 0; i < 5000; i++)
		cr_assert_eq(to_bf16(i), round_bits(i, 8), "%d", i);
	/* fp16 ends at 65504 */
	cr_assert_eq(to_fp16(65504), 65504.0);
	cr_assert_eq(to_fp16(65519), 65504.0);
	cr_assert(isinf(to_fp16(65520)));
	/* the distractors: positions below 65504 and 32767 collide, and
	 * sinusoids of any precision see one number for two positions */
	cr_assert_lt(exact + 1, 32767);
	option_text(q, LANG_EN, 0, buf, sizeof buf);
	snprintf(want, sizeof want, "%d: above that", exact);
	assert_has(buf, want);
	snprintf(want, sizeof want, "(%d rounds to %d)", exact + 1, exact);
	assert_has(buf, want);
	assert_distractor(q, LANG_EN, "65504: a 16-bit float");
	cr_assert_eq(q->pos, exact + 1, "the reveal selects the collision");
	cr_assert_eq(q->knob[0].value, q->fp16 ? PE_BUG_FP16 : PE_BUG_BF16,
		     "the reveal shows the format asked about");
}

static void check_context_methods(const struct drill_question *q)
{
	int d = q->pe.d_model;
	double nb = q->pe.base * pow(q->scale, d / (d - 2.0));
	char why[1024];

	drill_text_why(q, LANG_EN, why, sizeof why);
	cr_assert_not_null(strstr(why, ": pair 0"), "%s", why);
	*strstr(why, ": pair 0") = '\0';
	assert_close(number_after(why), nb, 1e-3, why);
	assert_close(longest(d, nb), q->scale * longest(d, q->pe.base), 1e-9,
		     "the slowest pair grows s times");
	cr_assert_eq((double)q->len, q->scale * (double)q->train_len);
	assert_right_option(q, "without fine-tuning");
	assert_distractor(q, LANG_EN, "divides every position by s");
}


/* ---- issue 21's kinds: RoPE's mechanics, Llama 3.1, NoPE, direction,
 * the frequencies' roles ---- */

/* Turns each half pair (i, i + d/2) of v (d numbers) by pos * omega_i:
 * Hugging Face's rotate_half form, x*cos + rotate_half(x)*sin. */
static void rotate_half(const struct pe_params *p, double pos, double *v)
{
	int h = p->d_model / 2;

	for (int i = 0; i < h; i++) {
		double t = pos * omega(p, i), a = v[i], b = v[i + h];
		v[i] = cos(t) * a - sin(t) * b;
		v[i + h] = sin(t) * a + cos(t) * b;
	}
}

/* convert_llama_weights_to_hf.py's permute() on a vector of one head:
 * component 2i to i, 2i+1 to i + d/2. */
static void permute_half(int d, const double *in, double *out)
{
	for (int i = 0; i < d / 2; i++) {
		out[i] = in[2 * i];
		out[i + d / 2] = in[2 * i + 1];
	}
}

enum { HEAD_D = 8, HEAD_T = 5 };

/* One attention head over HEAD_T tokens x (HEAD_T x HEAD_D) at positions
 * at + t, its weights w (three HEAD_D x HEAD_D matrices: W_Q, W_K, W_V):
 * RoPE on q and k, v turned too when turn_v, causal when asked (then no
 * RoPE either: no positions at all). out: HEAD_T x HEAD_D. */
static void head_out(const double *w, const double *x, double at, bool turn_v,
		     bool causal, bool rope, double *out)
{
	struct pe_params p = { HEAD_D, 1e4, PE_INTERLEAVED };
	double q[HEAD_T][HEAD_D], k[HEAD_T][HEAD_D], v[HEAD_T][HEAD_D];

	for (int t = 0; t < HEAD_T; t++) {
		matvec(w, x + t * HEAD_D, q[t], HEAD_D);
		matvec(w + HEAD_D * HEAD_D, x + t * HEAD_D, k[t], HEAD_D);
		matvec(w + 2 * HEAD_D * HEAD_D, x + t * HEAD_D, v[t], HEAD_D);
		if (rope) {
			rotate(&p, at + t, q[t]);
			rotate(&p, at + t, k[t]);
		}
		if (turn_v)
			rotate(&p, at + t, v[t]);
	}
	for (int i = 0; i < HEAD_T; i++) {
		double a[HEAD_T], top = -INFINITY, sum = 0;
		int n = causal ? i + 1 : HEAD_T;

		for (int j = 0; j < n; j++)
			top = fmax(top, a[j] = vdot(q[i], k[j], HEAD_D));
		for (int j = 0; j < n; j++)
			sum += a[j] = exp(a[j] - top);
		for (int c = 0; c < HEAD_D; c++) {
			out[i * HEAD_D + c] = 0;
			for (int j = 0; j < n; j++)
				out[i * HEAD_D + c] += a[j] / sum * v[j][c];
		}
	}
}

static void random_head(double *w, double *x)
{
	unsigned seed = 21;

	for (int i = 0; i < 3 * HEAD_D * HEAD_D; i++)
		w[i] = noise(&seed);
	for (int i = 0; i < HEAD_T * HEAD_D; i++)
		x[i] = noise(&seed);
}

static double max_diff(const double *a, const double *b, int n)
{
	double m = 0;

	for (int i = 0; i < n; i++)
		m = fmax(m, fabs(a[i] - b[i]));
	return m;
}

/* A sentence moved by 64: with v unturned the head's outputs stay, with v
 * turned they move. */
static void check_v_unrotated(const struct drill_question *q)
{
	double w[3 * HEAD_D * HEAD_D], x[HEAD_T * HEAD_D];
	double a[HEAD_T * HEAD_D], b[HEAD_T * HEAD_D];

	random_head(w, x);
	head_out(w, x, 0, false, false, true, a);
	head_out(w, x, 64, false, false, true, b);
	cr_assert_lt(max_diff(a, b, HEAD_T * HEAD_D), 1e-12, "v unturned");
	head_out(w, x, 0, true, false, true, a);
	head_out(w, x, 64, true, false, true, b);
	cr_assert_gt(max_diff(a, b, HEAD_T * HEAD_D), 1e-2, "v turned moves");
	cr_assert_eq(q->knob[2].value, 64, "the sentence moves by 64");
	assert_right_option(q, "a turned v would put absolute positions");
	assert_distractor(q, LANG_EN, "most models turn v too");
}

/* Meta's interleaved form on W_Q, W_K as they are gives the same q.k as
 * rotate_half on the permuted rows; rotate_half on unpermuted rows does
 * not. */
static void check_permutation(const struct drill_question *q)
{
	struct pe_params p = { HEAD_D, 1e4, PE_INTERLEAVED };
	double w[3 * HEAD_D * HEAD_D], x[HEAD_T * HEAD_D], qv[HEAD_D],
	       kv[HEAD_D], qh[HEAD_D], kh[HEAD_D], meta, hf, unperm;

	random_head(w, x);
	matvec(w, x, qv, HEAD_D);
	matvec(w + HEAD_D * HEAD_D, x + HEAD_D, kv, HEAD_D);
	permute_half(HEAD_D, qv, qh);
	permute_half(HEAD_D, kv, kh);
	rotate(&p, 12, qv);
	rotate(&p, 5, kv);
	meta = vdot(qv, kv, HEAD_D);
	rotate_half(&p, 12, qh);
	rotate_half(&p, 5, kh);
	hf = vdot(qh, kh, HEAD_D);
	assert_close(hf, meta, 1e-12, "permuted rows, rotate_half");
	matvec(w, x, qv, HEAD_D);
	matvec(w + HEAD_D * HEAD_D, x + HEAD_D, kv, HEAD_D);
	rotate_half(&p, 12, qv);
	rotate_half(&p, 5, kv);
	unperm = vdot(qv, kv, HEAD_D);
	cr_assert_gt(fabs(unperm - meta), 1e-3, "unpermuted rows differ");
	assert_right_option(q, "permutes the rows of W_Q and W_K");
	assert_distractor(q, LANG_EN, "the same q·k for any weights");
}

/* Hugging Face's _compute_llama3_parameters, written out: omega' of pair
 * i of p for factor s and trained length L0 (low 1, high 4). */
static double llama3_omega(const struct pe_params *p, int i, double s,
			   double train)
{
	double w = omega(p, i), wl = 2 * M_PI / w, g;

	if (wl < train / 4)
		return w;
	if (wl > train)
		return w / s;
	g = (train / wl - 1) / 3;
	return (1 - g) * w / s + g * w;
}

static void check_llama3(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int h = p->d_model / 2, kept = 0, divided = -1;
	char why[1024], want[64];

	cr_assert_eq(p->d_model, 128, "Llama 3.1's head_dim");
	cr_assert_eq(p->base, 5e5, "Llama 3.1's rope_theta");
	cr_assert_eq(q->train_len, 8192);
	cr_assert_eq(q->scale, 8);
	for (int i = 0; i < h; i++) {
		double w = llama3_omega(p, i, 8, 8192);

		kept += w == omega(p, i);
		if (divided < 0 && w == omega(p, i) / 8)
			divided = i;
	}
	cr_assert_eq(llama3_omega(p, 0, 8, 8192), omega(p, 0), "λ_0 kept");
	assert_close(2 * M_PI / llama3_omega(p, h - 1, 8, 8192),
		     8 * 2 * M_PI / omega(p, h - 1), 1e-12, "λ_63 x 8");
	drill_text_why(q, LANG_EN, why, sizeof why);
	snprintf(want, sizeof want, "pairs 0-%d kept, ω/s from pair %d",
		 kept - 1, divided);
	assert_has(why, want);
	assert_has(why, "λ_63 grows 8 times");
	assert_right_option(q, "it keeps the pairs with λ < L0/4, divides ω by s where λ > L0");
	assert_distractor(q, LANG_EN, "it divides ω by s where λ < L0/4");
	cr_assert_eq((double)q->len, 8 * 8192.0, "s·L0 in view");
}

/* No positions at all: without a mask a shuffle only moves the outputs,
 * with a causal mask it changes them. */
static void check_nope(const struct drill_question *q)
{
	static const int perm[HEAD_T] = { 3, 0, 4, 1, 2 };
	double w[3 * HEAD_D * HEAD_D], x[HEAD_T * HEAD_D], y[HEAD_T * HEAD_D];
	double a[HEAD_T * HEAD_D], b[HEAD_T * HEAD_D], moved = 0;

	random_head(w, x);
	for (int t = 0; t < HEAD_T; t++)
		memcpy(y + perm[t] * HEAD_D, x + t * HEAD_D, sizeof(double) * HEAD_D);
	for (int causal = 0; causal < 2; causal++) {
		head_out(w, x, 0, false, causal, false, a);
		head_out(w, y, 0, false, causal, false, b);
		moved = 0;
		for (int t = 0; t < HEAD_T; t++)
			moved = fmax(moved, max_diff(a + t * HEAD_D,
						     b + perm[t] * HEAD_D, HEAD_D));
		if (causal)
			cr_assert_gt(moved, 1e-2, "the causal mask leaks order");
		else
			cr_assert_lt(moved, 1e-12, "a bag of words");
	}
	assert_right_option(q, "under a causal mask token p sees p+1 tokens");
	assert_distractor(q, LANG_EN, "attention is just a bag of words whatever mask");
}

/* PE_p.PE_q is even in p - q; with a W that is not symmetric the score
 * of (p, q) is not that of (q, p). */
static void check_direction(const struct drill_question *q)
{
	struct pe_params p = { 8, 1e4, PE_INTERLEAVED };
	double w[64], a[8], b[8], t[8], pq, qp;
	unsigned seed = 5;

	for (int i = 0; i < 64; i++)
		w[i] = noise(&seed);
	assert_close(dot(&p, 20, 27), dot(&p, 27, 20), 1e-12, "PE.PE even");
	pe_of(&p, 20, a);
	pe_of(&p, 27, b);
	matvec(w, b, t, 8);
	pq = vdot(a, t, 8);
	matvec(w, a, t, 8);
	qp = vdot(b, t, 8);
	cr_assert_gt(fabs(pq - qp), 1e-3, "W tells before from after");
	assert_right_option(q, "PE_pᵀW_QᵀW_K·PE_q is no longer even in p - q");
	assert_distractor(q, LANG_EN, "so it stays even in the offset");
}

/* The fast band's sum of cos(m theta_i) swings over the context, the slow
 * band's barely moves (the frequencies panel's bands: 8 pairs each). */
static void check_freq_roles(const struct drill_question *q)
{
	const struct pe_params *p = &q->pe;
	int h = p->d_model / 2;
	double lo[2] = { 9, 9 }, hi[2] = { -9, -9 };

	for (long long m = 0; m < q->len; m++) {
		double f = 0, sl = 0;

		for (int i = 0; i < 8; i++) {
			f += cos((double)m * omega(p, i)) / 8;
			sl += cos((double)m * omega(p, h - 8 + i)) / 8;
		}
		lo[0] = fmin(lo[0], f);
		hi[0] = fmax(hi[0], f);
		lo[1] = fmin(lo[1], sl);
		hi[1] = fmax(hi[1], sl);
	}
	cr_assert_lt(hi[1] - lo[1], 0.25 * (hi[0] - lo[0]), "slow: nearly flat");
	cr_assert_gt(longest(p->d_model, p->base), 10.0 * (double)q->len);
	assert_right_option(q, "fast pairs: sharp positional heads; slow pairs: nearly position-free");
	assert_distractor(q, LANG_EN, "fast pairs: content");
}

static void check_concept(const struct drill_question *q)
{
	char buf[512];

	switch (dk_of(q->kind)) {
	case DK_WHY_10000:
		check_why_10000(q);
		break;
	case DK_ADD_OR_CONCAT:
		assert_right_option(q, "W_x·x + W_p·PE");
		assert_distractor(q, LANG_EN, "mixes the two beyond repair");
		break;
	case DK_LEARNED:
		assert_right_option(q, "within 0.1 BLEU");
		assert_right_option(q, "25.7 against 25.8");
		assert_distractor(q, LANG_EN, "the sinusoids were clearly better");
		break;
	case DK_EXTRAPOLATION:
		snprintf(buf, sizeof buf, "past %lld", q->train_len);
		assert_right_option(q, "usually not");
		assert_right_option(q, buf);
		assert_distractor(q, LANG_EN, "any length works");
		cr_assert_eq(q->len, 4 * q->train_len);
		break;
	case DK_RELATIVE: {
		char why[1024];

		assert_right_option(q, "into each layer's attention scores");
		assert_distractor(q, LANG_EN, "into the input, once");
		/* the review's slips: Shaw et al. add a relative vector to the
		 * values too; ALiBi as published is causal, -m(i - j); the
		 * slopes 2^(-8h/H) are get_slopes's for H a power of two */
		drill_text_why(q, LANG_EN, why, sizeof why);
		cr_expect(strstr(why, "and another to the value"), "%s", why);
		cr_expect(strstr(why, "-m·(i-j) for keys j <= i (causal"), "%s", why);
		cr_expect(strstr(why, "2^(-8h/H) for H a power of two"), "%s", why);
		break;
	}
	case DK_ROPE:
		check_rope(q);
		break;
	case DK_DECAY:
		check_decay(q);
		break;
	case DK_PROJECTIONS:
		check_projections(q);
		break;
	case DK_LOW_PRECISION:
		check_low_precision(q);
		break;
	case DK_CONTEXT_METHODS:
		check_context_methods(q);
		break;
	case DK_V_UNROTATED:
		check_v_unrotated(q);
		break;
	case DK_PERMUTATION:
		check_permutation(q);
		break;
	case DK_LLAMA3:
		check_llama3(q);
		break;
	case DK_NOPE:
		check_nope(q);
		break;
	case DK_DIRECTION:
		check_direction(q);
		break;
	case DK_FREQ_ROLES:
		check_freq_roles(q);
		break;
	default:
		cr_assert_fail("kind %d is not a concept", q->kind);
	}
}

static void check_kind(const struct drill_question *q)
{
	bool seen[DRILL_CHOICES] = { false };

	if (!q->choice) {
		check_number_kind(q);
		return;
	}
	for (int i = 0; i < DRILL_CHOICES; i++) {
		cr_assert(q->order[i] >= 0 && q->order[i] < DRILL_CHOICES);
		cr_assert_not(seen[q->order[i]], "order is a permutation");
		seen[q->order[i]] = true;
	}
	cr_assert_eq(q->order[q->right], 0);
	if (dk_of(q->kind) == DK_OTHER)
		return;
	if (dk_of(q->kind) >= DK_WHY_10000)
		check_concept(q);
	else
		check_mechanics_choice(q);
}

Test(drill_kinds, every_kind_has_valid_parameters_and_the_right_answer)
{
	int seen[DRILL_KINDS_MAX] = { 0 };

	for (unsigned long long seed = 0; seed < 40; seed++) {
		for (int n = 0; n < 3 * drill_kind_count(); n++) {
			struct drill_question q;
			char text[1024];

			drill_question_make(seed * 7919 + 1, n, &q);
			cr_assert_eq(q.number, n);
			cr_assert(q.kind >= 0 && q.kind < drill_kind_count());
			seen[q.kind]++;
			cr_assert(pe_params_valid(&q.pe));
			cr_assert(q.len >= 1 && q.len <= PE_LEN_MAX);
			cr_assert(q.pos >= 0 && q.pos < q.len);
			cr_assert(q.k == 0 || (q.pos - q.k >= 0 &&
					       q.pos + q.k < q.len));
			cr_assert(q.pair >= 0 && q.pair < q.pe.d_model / 2);
			check_kind(&q);
			/* the answer as shown is itself accepted */
			drill_text_answer(&q, LANG_EN, text, sizeof text);
			if (!q.choice)
				cr_assert_eq(drill_check(&q, text), DRILL_RIGHT,
					     "kind %d: shown \"%s\" for %.17g",
					     q.kind, text, q.answer);
		}
	}
	for (int k = 0; k < drill_kind_count(); k++)
		cr_assert_eq(seen[k], 40 * 3, "kind %d: each round asks it once",
			     k);
}

/* The offset family is one kind asked four ways: each way comes up, about
 * as often as the others. */
Test(drill_kinds, the_offset_family_asks_all_four_ways)
{
	int ways[OFFSET_WAYS] = { 0 }, asked = 0;

	for (unsigned long long seed = 1; seed <= 200; seed++)
		for (int n = 0; n < 2 * drill_kind_count(); n++) {
			struct drill_question q;

			drill_question_make(seed, n, &q);
			if (dk_of(q.kind) != DK_OFFSET) {
				/* a kind this file does not know may ask in
				 * several ways of its own (rotated-dims) */
				if (dk_of(q.kind) != DK_OTHER)
					cr_assert_eq(q.variant, 0);
				continue;
			}
			cr_assert(q.variant >= 0 && q.variant < OFFSET_WAYS);
			ways[q.variant]++;
			asked++;
		}
	for (int v = 0; v < OFFSET_WAYS; v++)
		cr_assert(ways[v] > asked / 8, "way %d asked %d times of %d", v,
			  ways[v], asked);
}

/* ---- the reveal ---- */

/* The view each kind should open, named here rather than read from the
 * drill, so that moving a kind is a decision the test sees. */
static const char *const want_view[DK_OTHER] = {
	[DK_LAST_WAVELENGTH] = "spectrum",
	[DK_FIRST_WAVELENGTH] = "explore",
	[DK_CYCLES] = "spectrum",
	[DK_OFFSET] = "clocks",	/* explore for the symmetry */
	[DK_NORM] = "explore",
	[DK_BASE_100] = "explore",
	[DK_FAST_PAIRS] = "bands",
	[DK_NTK_BASE] = "context",
	[DK_WHY_10000] = "spectrum",
	[DK_ADD_OR_CONCAT] = "vector",
	[DK_LEARNED] = "explore",
	[DK_EXTRAPOLATION] = "context",
	[DK_RELATIVE] = "attention",
	[DK_ROPE] = "attention",
	[DK_DECAY] = "attention",
	[DK_PROJECTIONS] = "attention",
	[DK_LOW_PRECISION] = "bugs",
	[DK_CONTEXT_METHODS] = "context",
	[DK_V_UNROTATED] = "rope",
	[DK_PERMUTATION] = "rope",
	[DK_LLAMA3] = "context",
	[DK_NOPE] = "attention",
	[DK_DIRECTION] = "attention",
	[DK_FREQ_ROLES] = "rope",
};

/* The attention view's choice `name` of knob k, as its index. */
static double attention_choice(int k, const char *name)
{
	const struct knob_spec *ks = &views_catalog()->view[VIEW_ATTENTION]->knob[k];

	for (int i = 0; i <= (int)ks->hi; i++)
		if (strcmp(ks->choice(i), name) == 0)
			return i;
	cr_assert_fail("no choice %s", name);
	return -1;
}

/* The panel the reveal zoomed, by its name in the catalog. */
static void assert_panel(const char *name)
{
	const struct view_spec *v = views_catalog()->view[st.view];

	cr_assert(st.zoomed, "%s: the panel fills the body", name);
	cr_assert_lt(st.panel, v->npanels);
	cr_assert_str_eq(v->panel_name[st.panel], name);
}

/* The value of knob `word` (of whichever view has it) in st, and the
 * index of choice `name` of it. */
static double knob_named(const char *word)
{
	int v, k;

	cr_assert(catalog_find_knob(views_catalog(), word, &v, &k), "%s", word);
	return st.knob[v][k];
}

static double choice_named(const char *word, const char *name)
{
	int v, k;
	const struct knob_spec *ks;

	cr_assert(catalog_find_knob(views_catalog(), word, &v, &k), "%s", word);
	ks = &views_catalog()->view[v]->knob[k];
	for (int i = 0; i <= (int)ks->hi; i++)
		if (strcmp(ks->choice(i), name) == 0)
			return i;
	cr_assert_fail("no choice %s of %s", name, word);
	return -1;
}

/* The rope kinds: their panel, over the four panels of a head turned
 * whole. */
static void assert_rope_knobs(const struct drill_question *q)
{
	static const char *const panel[DK_OTHER] = {
		[DK_V_UNROTATED] = "values",
		[DK_PERMUTATION] = "code",
		[DK_FREQ_ROLES] = "frequencies",
	};

	cr_assert_not_null(panel[dk_of(q->kind)], "kind %d shows in rope",
			   q->kind);
	assert_panel(panel[dk_of(q->kind)]);
	cr_assert_eq(knob_named("design"), choice_named("design", "off"));
	cr_assert_eq(knob_named("rotary"), choice_named("rotary", "all"));
	if (dk_of(q->kind) == DK_V_UNROTATED)
		cr_assert_eq(knob_named("vshift"), 64);
}

/* The attention kinds: ALiBi's bias in the head, RoPE and the W_Q/W_K
 * caveat with random weights, the decay panel zoomed on its own. */
static void assert_attention_knobs(const struct drill_question *q,
				   const double *knob)
{
	switch (dk_of(q->kind)) {
	case DK_RELATIVE:
		cr_assert_eq(knob[K_HEAD], attention_choice(K_HEAD, "alibi"));
		cr_assert_not(st.zoomed);
		break;
	case DK_ROPE:
		cr_assert_eq(knob[K_HEAD], attention_choice(K_HEAD, "rope"));
		cr_assert_eq(knob[K_WEIGHTS], attention_choice(K_WEIGHTS, "random"));
		cr_assert_not(st.zoomed);
		break;
	case DK_PROJECTIONS:
		cr_assert_eq(knob[K_HEAD], attention_choice(K_HEAD, "added"));
		cr_assert_eq(knob[K_WEIGHTS], attention_choice(K_WEIGHTS, "random"));
		cr_assert_not(st.zoomed);
		break;
	case DK_DECAY:
		cr_assert(st.zoomed, "the decay panel fills the body");
		cr_assert_eq(st.panel, 1, "the decay panel");
		cr_assert_eq(st.cur.pos, 100, "m = 100, quoted by the text");
		break;
	case DK_NOPE:
		assert_panel("order");
		cr_assert_eq(knob[K_HEAD], attention_choice(K_HEAD, "causal"));
		break;
	case DK_DIRECTION:
		assert_panel("scores");
		cr_assert_eq(knob[K_WEIGHTS], attention_choice(K_WEIGHTS, "random"));
		cr_assert_eq(knob[K_CONTENT], attention_choice(K_CONTENT, "same"));
		break;
	default:
		cr_assert_fail("kind %d does not show in attention", q->kind);
	}
}

/* The knobs the view shows the answer with (for the kinds this file
 * knows). */
static void assert_knobs(const struct drill_question *q)
{
	const double *knob = st.knob[st.view];

	if (dk_of(q->kind) == DK_OTHER)
		return;
	if (st.view == VIEW_CLOCKS)
		cr_assert_eq(knob[K_OFFSET], (double)q->k, "offset k");
	else if (st.view == VIEW_BANDS)
		cr_assert_eq(knob[K_SPLIT], q->pe.d_model / 4, "split");
	else if (st.view == VIEW_CONTEXT) {
		cr_assert_eq(knob[K_TRAIN], (double)q->train_len, "train");
		cr_assert_eq(knob[K_SCALE], q->scale, "scale");
	} else if (st.view == VIEW_BUGS) {
		cr_assert_eq(knob[K_BUG], q->fp16 ? PE_BUG_FP16 : PE_BUG_BF16,
			     "the bug entry of the format asked about");
	} else if (st.view == VIEW_ATTENTION) {
		assert_attention_knobs(q, knob);
	} else if (st.view == catalog_find(views_catalog(), "rope")) {
		assert_rope_knobs(q);
	}
}

/* During a reveal on a w x h screen the view is drawn below the drill's
 * box, not under it: the box ends before the view's first panel starts,
 * and the view keeps rows to show the answer in. */
static void assert_view_uncovered(const struct drill_question *q, int w, int h)
{
	struct canvas *c = canvas_new(w, h);
	int bx = (w - (w - 2 > 92 ? 92 : w - 2)) / 2, box_end = -1, view = -1;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	for (int y = 0; y < h; y++) {
		if (box_end < 0 && canvas_cell(c, bx, y)->ch == 0x2514)	/* └ */
			box_end = y;
		if (view < 0 && canvas_cell(c, 0, y)->ch == 0x250c)	/* ┌ */
			view = y;
	}
	cr_assert_geq(box_end, 0, "kind %d: no drill box", q->kind);
	cr_assert_gt(view, box_end, "kind %d %dx%d: the drill box (to row %d) "
		     "covers the view (from row %d)", q->kind, w, h, box_end,
		     view);
	cr_assert_geq(h - view, h / 3, "kind %d %dx%d: the view keeps %d rows",
		      q->kind, w, h, h - view);
	canvas_free(c);
}

Test(drill_kinds, every_reveal_opens_its_view_with_its_parameters)
{
	for (int kind = 0; kind < drill_kind_count(); kind++) {
		for (int nth = 0; nth < 2; nth++) {
			struct drill_question q;
			const char *want;

			start_state(seed_asking(kind, nth),
				    LANG_EN);
			/* knobs away from what the question sets */
			state_set_knob(&st, VIEW_CLOCKS, K_OFFSET, 1);
			state_set_knob(&st, VIEW_BANDS, K_SPLIT, 1);
			state_set_knob(&st, VIEW_CONTEXT, K_TRAIN, 3);
			state_set_knob(&st, VIEW_CONTEXT, K_SCALE, 1.5);
			state_set_knob_named(&st, "design", 2);
			state_set_knob_named(&st, "rotary", 2);
			state_set_knob_named(&st, "vshift", 3);
			state_set_knob_named(&st, "weights", 1);
			state_set_knob_named(&st, "content", 1);
			key('D');
			q = current();
			key(PK_ENTER);	/* nothing typed: the answer */
			cr_assert_eq(st.drill.phase, DRILL_REVEAL);
			/* the symmetry of the offset family shows in explore's
			 * similarity curve, the other three in the clocks; a
			 * kind this file does not know, in the view it names */
			want = dk_of(kind) == DK_OTHER ? q.view
			       : dk_of(kind) == DK_OFFSET &&
					 q.variant == OFFSET_SYMMETRY
				? "explore" : want_view[dk_of(kind)];
			cr_assert_eq(st.view, catalog_find(views_catalog(), want),
				     "kind %d opens %s", kind, want);
			assert_shows(&q);
			assert_knobs(&q);
			assert_view_uncovered(&q, 80, 24);
			assert_view_uncovered(&q, 100, 30);
		}
	}
}

/* ---- the texts ---- */

/* Whether text holds a CJK ideograph (U+4E00..U+9FFF: E4..E9 lead). */
static bool has_cjk(const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if (*p >= 0xe4 && *p <= 0xe9)
			return true;
	return false;
}

/* The box at 80x24 is 78 wide: 74 columns of text, 71 after "a) ". */
enum { FIT_W = 80, FIT_H = 24, TEXT_W = 74, OPTION_W = 71 };

/* Every line that text wraps to (width columns) is on the screen, after
 * "│ " and the prefix (continuation lines: as many spaces). */
static void assert_all_shown(const char *screen_text, const char *text,
			     int width, const char *prefix)
{
	struct wrap_line lines[32];
	int n = wrap_lines(text, width, lines, 32);
	char want[600];

	cr_assert(n >= 1 && n <= 32);
	for (int i = 0; i < n; i++) {
		snprintf(want, sizeof want, "│ %s%.*s",
			 i == 0 ? prefix : (prefix[0] ? "   " : ""),
			 (int)lines[i].len, text + lines[i].off);
		cr_assert(strstr(screen_text, want),
			  "line %d of \"%s\" missing:\n%s", i, text,
			  screen_text);
	}
}

/* The question, its options, the answer line, the answer and why of the
 * current question, each whole at 80x24 in language l. */
static void assert_fits(enum lang l)
{
	struct drill_question q = current();
	char text[1024], answer[600], *scr;
	static const char *const letters[] = { "a) ", "b) ", "c) ", "d) " };

	scr = screen(FIT_W, FIT_H);
	drill_text_question(&q, l, text, sizeof text);
	assert_all_shown(scr, text, TEXT_W, "");
	for (int j = 0; q.choice && j < DRILL_CHOICES; j++) {
		drill_text_choice(&q, l, j, text, sizeof text);
		assert_all_shown(scr, text, OPTION_W, letters[j]);
	}
	assert_has(scr, l == LANG_ZH ? "│ 你的答案：" : "│ Your answer:");
	free(scr);
	assert_box_intact(FIT_W, FIT_H);

	key(PK_ENTER);	/* the answer and why */
	scr = screen(FIT_W, FIT_H);
	drill_text_answer(&q, l, answer, sizeof answer);
	snprintf(text, sizeof text, l == LANG_ZH ? "答案是 %s。"
						 : "The answer is %s.", answer);
	assert_all_shown(scr, text, TEXT_W, "");
	drill_text_why(&q, l, text, sizeof text);
	assert_all_shown(scr, text, TEXT_W, "");
	assert_has(scr, l == LANG_ZH ? "视图实时显示答案" : "view (keys work");
	free(scr);
	assert_box_intact(FIT_W, FIT_H);
}

Test(drill_kinds, texts_fit_the_box_at_80x24_in_both_languages)
{
	for (int kind = 0; kind < drill_kind_count(); kind++)
		for (int nth = 0; nth < 3; nth++)
			for (int l = 0; l < LANG_COUNT; l++) {
				start_state(seed_asking(kind,
							nth),
					    (enum lang)l);
				key('D');
				assert_fits((enum lang)l);
			}
}

/* Whether text still holds a conversion ("%s", "%d", "%.0f", "%%") that
 * printf should have replaced; "42%" and "1%）" are fine. */
static bool unformatted(const char *text)
{
	for (const char *p = strchr(text, '%'); p; p = strchr(p + 1, '%'))
		if (p[1] && strchr("%sdlgfc.0123456789", p[1]))
			return true;
	return false;
}

/* Every text of q in language l, one after the other, into each[]. */
static int texts_of(const struct drill_question *q, enum lang l,
		    char each[][1024])
{
	int n = 0;

	drill_text_question(q, l, each[n++], 1024);
	drill_text_answer(q, l, each[n++], 1024);
	drill_text_why(q, l, each[n++], 1024);
	snprintf(each[n++], 1024, "%s", drill_text_kind(q->kind, l));
	for (int j = 0; q->choice && j < DRILL_CHOICES; j++)
		drill_text_choice(q, l, j, each[n++], 1024);
	return n;
}

/* Question 0 of the nth seed that asks kind first (nth 0..SEEDS-1: both
 * formats of the precision question, both branches of the cycles one). */
enum { SEEDS = 6 };

static struct drill_question asked(int kind, int nth)
{
	struct drill_question q;

	drill_question_make(seed_asking(kind, nth), 0, &q);
	return q;
}

Test(drill_kinds, texts_exist_in_english_and_chinese)
{
	for (int t = 0; t < drill_kind_count() * SEEDS; t++) {
		int kind = t / SEEDS;
		struct drill_question q = asked(kind, t % SEEDS);
		char en[8][1024], zh[8][1024];
		int n;

		n = texts_of(&q, LANG_EN, en);
		cr_assert_eq(texts_of(&q, LANG_ZH, zh), n);
		for (int i = 0; i < n; i++) {
			cr_assert_gt(strlen(en[i]), i == 1 ? 0 : 2, "kind %d text %d",
				     kind, i);
			cr_assert_not(has_cjk(en[i]), "English: %s", en[i]);
			/* numbers alone (an answer like 6.283) are the same */
			if (i != 1 || q.choice)
				cr_assert(has_cjk(zh[i]), "Chinese: %s", zh[i]);
			cr_assert_not(unformatted(en[i]), "%s", en[i]);
			cr_assert_not(unformatted(zh[i]), "%s", zh[i]);
		}
		for (int i = 4; i < n; i++)
			for (int j = i + 1; j < n; j++)
				cr_assert_str_neq(en[i], en[j], "options differ");
	}
}

/* The words assets/glossary.txt tells the Chinese texts to avoid. */
Test(drill_kinds, chinese_keeps_to_the_glossary)
{
	FILE *f = fopen("assets/glossary.txt", "r");
	char line[512];
	int words = 0;

	cr_assert_not_null(f, "run from the repository's top");
	while (fgets(line, sizeof line, f)) {
		char *avoid = line, *tab;

		if (line[0] == '#' || !(tab = strchr(line, '\t')) ||
		    !(tab = strchr(tab + 1, '\t')))
			continue;
		avoid = tab + 1;
		avoid[strcspn(avoid, "\n")] = '\0';
		for (char *w = strtok(avoid, ","); w; w = strtok(NULL, ",")) {
			words++;
			for (int t = 0; t < drill_kind_count() * SEEDS; t++) {
				struct drill_question q = asked(t / SEEDS,
								t % SEEDS);
				char zh[8][1024];
				int n = texts_of(&q, LANG_ZH, zh);

				for (int i = 0; i < n; i++)
					cr_assert_null(strstr(zh[i], w),
						       "\"%s\" in %s", w, zh[i]);
			}
		}
	}
	fclose(f);
	cr_assert_gt(words, 5, "the glossary was read");
}

/* ---- issue 21's reveals: the claim on the screen, below the box ---- */

/* The text of tr(l, fmt) before its first conversion: what the screen
 * shows verbatim. */
static void fixed_part(enum lang l, const char *fmt, char *out, size_t n)
{
	const char *t = tr(l, fmt);

	snprintf(out, n, "%.*s", (int)strcspn(t, "%"), t);
}

/* The text of tr(l, fmt) after its last conversion ("%s"). */
static const char *fixed_tail(enum lang l, const char *fmt)
{
	const char *t = tr(l, fmt), *at = strrchr(t, '%');

	return at ? at + 2 : t;
}

/* The row of c holding `needle` below the drill's box (which ends at row
 * box_end), else fails; *after is the text after it on that row. */
static int claim_row(const struct canvas *c, int box_end, const char *needle,
		     char *row, const char **after)
{
	for (int y = box_end + 1; y < canvas_height(c); y++) {
		char *at = strstr(snap_row_text(c, y, row), needle);

		if (at) {
			*after = at + strlen(needle);
			return y;
		}
	}
	cr_assert_fail("\"%s\" not below the box (row %d)", needle, box_end);
	return -1;
}

/* The last row of the drill's box (its └). */
static int box_end_of(const struct canvas *c)
{
	int w = canvas_width(c), bx = (w - (w - 2 > 92 ? 92 : w - 2)) / 2;

	for (int y = 0; y < canvas_height(c); y++)
		if (canvas_cell(c, bx, y)->ch == 0x2514)
			return y;
	cr_assert_fail("no drill box");
	return -1;
}

/* The largest |s(p, q) - s(q, p)| of score map `block`, read from its
 * pixels: the blocks of half cells from the left on the first row that
 * has any are added PE's map (1) and residual, RoPE's (3) and residual,
 * ALiBi's (5) and residual. */
static double map_asymmetry(const struct canvas *c, int block)
{
	int y0 = -1, x0 = -1, n = 0, run = 0, rows = 0;
	double worst = 0;

	for (int y = 0; y < canvas_height(c) && y0 < 0; y++)
		for (int x = 0; x < canvas_width(c); x++)
			if (canvas_cell(c, x, y)->kind == CELL_HALF)
				y0 = y;
	cr_assert_geq(y0, 0, "no score map");
	for (int x = 0; x < canvas_width(c) && x0 < 0; x++) {
		bool half = canvas_cell(c, x, y0)->kind == CELL_HALF;

		if (half && (x == 0 || canvas_cell(c, x - 1, y0)->kind != CELL_HALF))
			run++;
		if (half && run == block)
			x0 = x;
	}
	cr_assert_geq(x0, 0, "no map %d", block);
	while (x0 + n < canvas_width(c) &&
	       canvas_cell(c, x0 + n, y0)->kind == CELL_HALF)
		n++;
	while (canvas_cell(c, x0, y0 + rows)->kind == CELL_HALF)
		rows++;
	cr_assert(2 * rows == n || 2 * rows == n + 1, "a square map: %d x %d",
		  2 * rows, n);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			const struct cell *a = canvas_cell(c, x0 + j, y0 + i / 2);
			const struct cell *b = canvas_cell(c, x0 + i, y0 + j / 2);
			double pq = i % 2 ? a->bot : a->top;
			double qp = j % 2 ? b->bot : b->top;

			worst = fmax(worst, fabs(pq - qp));
		}
	return worst;
}

/* What the reveal of kind points to, read from the w x h screen in
 * language l, below the box. */
static void assert_claim(enum dk kind, enum lang l, int w, int h)
{
	struct canvas *c = canvas_new(w, h);
	char row[SNAP_ROW_MAX], a[256], b[256];
	const char *after;
	int end;

	cr_assert_not_null(c);
	fx_draw(&st, c);
	end = box_end_of(c);
	switch (kind) {
	case DK_V_UNROTATED:
		fixed_part(l, "v unturned: moves %s (rounding)", a, sizeof a);
		claim_row(c, end, a, row, &after);
		cr_assert_lt(strtod(after, NULL), 1e-12, "v unturned: %s", after);
		assert_has(after, fixed_tail(l, "v unturned: moves %s (rounding)"));
		fixed_part(l, "v turned: moves %s (outputs reach %s)", a, sizeof a);
		claim_row(c, end, a, row, &after);
		cr_assert_gt(strtod(after, NULL), 0.1, "v turned: %s", after);
		break;
	case DK_PERMUTATION: {
		double meta, hf;
		int y;

		y = claim_row(c, end, "q·k = ", row, &after);
		meta = strtod(after, NULL);
		claim_row(c, y, "q·k = ", row, &after);
		hf = strtod(after, NULL);
		cr_assert_eq(meta, hf, "Meta's and HF's q·k on screen");
		snprintf(a, sizeof a, "%s", tr(l, "bit for bit the same"));
		snprintf(b, sizeof b, "%s", tr(l, "The same doubles, bit for bit."));
		{
			char *all = snap(c);
			bool mid = strstr(all, a) != NULL;

			free(all);
			claim_row(c, end, mid ? a : b, row, &after);
		}
		break;
	}
	case DK_LLAMA3: {
		double orig[2], llama[2];
		char *p;

		snprintf(a, sizeof a, "│%s ", tr(l, "original"));
		claim_row(c, end, a, row, &after);
		orig[0] = strtod(after, &p);
		orig[1] = strtod(p, NULL);
		claim_row(c, end, "│Llama 3.1 ", row, &after);
		llama[0] = strtod(after, &p);
		llama[1] = strtod(p, NULL);
		cr_assert_eq(llama[0], orig[0], "λ_0 kept: %g", llama[0]);
		cr_assert_eq(llama[0], 6.28);
		assert_close(llama[1], 8 * orig[1], 0.01, "λ_63 x 8 on screen");
		break;
	}
	case DK_NOPE:
		fixed_part(l, "the outputs change: max |diff| %s of outputs up to %s", a, sizeof a);
		claim_row(c, end, a, row, &after);
		cr_assert_gt(strtod(after, NULL), 0.1, "the outputs change: %s", after);
		snprintf(b, sizeof b, "%s", tr(l, "No PE, yet a causal mask leaks order: each word sees only the words before it."));
		*strpbrk(b, ":：") = '\0';
		claim_row(c, end, b, row, &after);
		break;
	case DK_DIRECTION:
		cr_assert_gt(map_asymmetry(c, 1), 0.1, "added, random W: s(p,q) != s(q,p)");
		cr_assert_gt(map_asymmetry(c, 3), 0.1, "RoPE, random W: s(p,q) != s(q,p)");
		/* the same maps with W = I: symmetric, so they are read right */
		state_set_knob_named(&st, "weights", 0);
		fx_draw(&st, c);
		cr_assert_lt(map_asymmetry(c, 1), 0.02, "added, W = I: symmetric");
		cr_assert_lt(map_asymmetry(c, 3), 0.02, "RoPE, W = I: symmetric");
		break;
	default:	/* DK_FREQ_ROLES */
		/* the fast band's line after its "━━ ", up to its pairs */
		snprintf(a, sizeof a, "%s", tr(l, "%s fast pairs 0-%d: from %s to %s over m = p %s q = 0..%lld") + 3);
		a[strcspn(a, "%")] = '\0';
		claim_row(c, end, a, row, &after);
		claim_row(c, end, fixed_tail(l, "%s slow pairs %d-%d: from %s to %s, nearly flat"),
			  row, &after);
		break;
	}
	canvas_free(c);
}

/* Each of issue 21's kinds, asked over several seeds: its reveal opens
 * the view and panel that explain it, and what the answer points to is on
 * the screen below the drill's box, at 80x24 and 100x30 in both
 * languages. Llama 3.1's reveal zooms the context view's table, so that
 * its row shows at 80x24 too (issue 21: it was under "+N more"). */
Test(drill_kinds, issue21_reveals_show_their_claim)
{
	static const enum dk kinds21[] = {
		DK_V_UNROTATED, DK_PERMUTATION, DK_LLAMA3, DK_NOPE,
		DK_DIRECTION, DK_FREQ_ROLES
	};
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 } };

	for (size_t i = 0; i < sizeof kinds21 / sizeof *kinds21; i++)
		for (int nth = 0; nth < 3; nth++)
			for (int l = 0; l < LANG_COUNT; l++)
				for (int z = 0; z < 2; z++) {
					start_state(seed_asking(dk_kind(kinds21[i]), nth),
						    (enum lang)l);
					key('D');
					key(PK_ENTER);
					cr_assert_eq(st.drill.phase, DRILL_REVEAL);
					if (kinds21[i] == DK_LLAMA3)
						assert_panel("table");
					assert_claim(kinds21[i], (enum lang)l,
						     sizes[z][0], sizes[z][1]);
				}
}
