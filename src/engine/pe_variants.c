/* pe_variants.c - wrong encodings, stretched encodings and the two layouts
 * (see pe_variants.h for the contract).
 *
 * Everything here is an encoding made of sinusoids, one per dimension
 * (struct pe_wave), so the tools of pe.c carry over: means over a block of
 * positions have the closed form D * f(phase at the centre), and stepping
 * through evenly spaced positions is a rotation, four multiplies instead of
 * a sin and a cos. The float32 bug is the one encoding that is not a
 * sinusoid; it is evaluated from its definition where values are asked
 * for, and as a small turn away from the exact wave in heatmap spans. */
#include "engine/pe_variants.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "engine/pe_trig.h"
#include "engine/precision.h"
#include "engine/pe_turn.h"


static double wave_eval(enum pe_fn fn, double angle)
{
	return fn == PE_SIN ? sin(angle) : cos(angle);
}

/* ---- the bug zoo ---- */

static const char *const bug_names[PE_BUG_COUNT + 1] = {
	[PE_BUG_NUMPY] = "numpy",
	[PE_BUG_T2T] = "tensor2tensor",
	[PE_BUG_DIM_2J] = "dim-2j",
	[PE_BUG_DIM_EXPONENT] = "dim-exponent",
	[PE_BUG_HALF_EXPONENT] = "half-exponent",
	[PE_BUG_COS_NEXT_PAIR] = "cos-next-pair",
	[PE_BUG_MULTIPLY] = "multiply",
	[PE_BUG_SWAPPED] = "swapped",
	[PE_BUG_BF16] = "bfloat16",
	[PE_BUG_FP16] = "float16",
	[PE_BUG_FLOAT32] = "float32",
	[PE_BUG_NONE] = "correct",
};

const char *pe_bug_name(enum pe_bug bug)
{
	return bug_names[(unsigned)bug <= PE_BUG_NONE ? bug : PE_BUG_NONE];
}

enum pe_layout pe_variant_layout(enum pe_bug bug, enum pe_layout layout)
{
	return bug == PE_BUG_T2T ? PE_CONCAT : layout;
}

enum prec_dtype pe_variant_dtype(enum pe_bug bug)
{
	switch (bug) {
	case PE_BUG_BF16:
		return PREC_BF16;
	case PE_BUG_FP16:
		return PREC_FP16;
	case PE_BUG_FLOAT32:
		return PREC_FP32;
	default:
		return PREC_FP64;
	}
}

/* p with the variant's layout. */
static struct pe_params bug_params(const struct pe_params *p, enum pe_bug bug)
{
	struct pe_params q = *p;

	q.layout = pe_variant_layout(bug, p->layout);
	return q;
}

/* base^(-e/d): the frequency for exponent e/d. */
static double omega_at(const struct pe_params *p, double e)
{
	return pow(p->base, -e / p->d_model);
}

/* The waves of pair i's sine slot and cosine slot under bug, given the
 * correct frequency w = pe_omega(p, i). `good` (NULL: none) holds the
 * correct pairs 0 .. d/2-1: a mistake that turns at another pair's correct
 * frequency takes it from there, the same pow (omega_at(p, e) with e = 2j
 * is pe_omega(p, j) bit for bit). */
static void pair_waves_from(const struct pe_params *p, enum pe_bug bug,
			    int i, double w, const struct pe_wave_pair *good,
			    struct pe_wave *ws, struct pe_wave *wc)
{
	int h = p->d_model / 2;

	*ws = (struct pe_wave){ w, PE_SIN };
	*wc = (struct pe_wave){ w, PE_COS };
	switch (bug) {
	case PE_BUG_NUMPY:
		/* np.exp(np.arange(0, d, 2) * (-np.log(base) / d)) */
		ws->omega = wc->omega =
			exp(2.0 * i * (-log(p->base) / p->d_model));
		break;
	case PE_BUG_T2T:
		/* log_timescale_increment = log(base) / max(h - 1, 1) */
		ws->omega = wc->omega =
			exp(i * -(log(p->base) / (h > 1 ? h - 1 : 1)));
		break;
	case PE_BUG_DIM_2J:
		ws->omega = good && 2 * i < h ? good[2 * i].s.omega
					      : omega_at(p, 4.0 * i);
		wc->omega = good && 2 * i + 1 < h ? good[2 * i + 1].s.omega
						  : omega_at(p, 4.0 * i + 2.0);
		break;
	case PE_BUG_DIM_EXPONENT:
		wc->omega = omega_at(p, 2.0 * i + 1.0);
		break;
	case PE_BUG_HALF_EXPONENT:
		ws->omega = wc->omega = good && i % 2 == 0
						? good[i / 2].s.omega
						: omega_at(p, (double)i);
		break;
	case PE_BUG_COS_NEXT_PAIR:
		wc->omega = good && i + 1 < h ? good[i + 1].s.omega
					      : omega_at(p, 2.0 * i + 2.0);
		break;
	case PE_BUG_MULTIPLY:
		ws->omega = wc->omega = 1.0 / w;
		break;
	case PE_BUG_SWAPPED:
		ws->fn = PE_COS;
		wc->fn = PE_SIN;
		break;
	default:		/* NONE, the narrow formats: exact waves */
		break;
	}
}

static void pair_waves(const struct pe_params *p, enum pe_bug bug, int i,
		       struct pe_wave *ws, struct pe_wave *wc)
{
	pair_waves_from(p, bug, i, pe_omega(p, i), NULL, ws, wc);
}

struct pe_wave pe_variant_wave(const struct pe_params *p, enum pe_bug bug,
			       int dim)
{
	struct pe_params q = bug_params(p, bug);
	struct pe_wave ws, wc;

	pair_waves(p, bug, pe_pair_of(&q, dim), &ws, &wc);
	return pe_fn_of(&q, dim) == PE_SIN ? ws : wc;
}

/* The angle of wave frequency w at pos as variant bug computes it. */
static double bug_angle(enum pe_bug bug, double pos, double w)
{
	enum prec_dtype t = pe_variant_dtype(bug);

	return t == PREC_FP64 ? pos * w : prec_angle(t, pos, w);
}

static double wave_value(struct pe_wave w, enum pe_bug bug, double pos)
{
	return wave_eval(w.fn, bug_angle(bug, pos, w.omega));
}

double pe_variant_value(const struct pe_params *p, enum pe_bug bug,
			double pos, int dim)
{
	if (bug == PE_BUG_NONE)
		return pe_value(p, pos, dim);
	return wave_value(pe_variant_wave(p, bug, dim), bug, pos);
}

void pe_variant_row(const struct pe_params *p, enum pe_bug bug, double pos,
		    double *out)
{
	struct pe_params q = bug_params(p, bug);

	for (int i = 0; i < p->d_model / 2; i++) {
		struct pe_wave ws, wc;

		pair_waves(p, bug, i, &ws, &wc);
		out[pe_dim_of(&q, i, PE_SIN)] = wave_value(ws, bug, pos);
		out[pe_dim_of(&q, i, PE_COS)] = wave_value(wc, bug, pos);
	}
}

/* ---- means over spans ---- */

void pe_wave_span_means(struct pe_wave w, const long long *start,
			const long long *count, int n, double *out)
{
	bool is_sin = w.fn == PE_SIN;

	pe_wave_span_pair(w.omega, start, count, n, is_sin ? out : NULL,
		       is_sin ? NULL : out);
}

/* (cos x, sin x) for a small turn x: Taylor series to x^7, whose remainder
 * x^8/8! is below 1e-13 for |x| < 1/16; larger turns ask libm. */
static struct turn small_turn(double x)
{
	double x2 = x * x;

	if (fabs(x) >= 0.0625)
		return turn_of(x);
	return (struct turn){
		1.0 - x2 / 2.0 * (1.0 - x2 / 12.0 * (1.0 - x2 / 30.0)),
		x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0)))
	};
}

/* Float32 spans: the exact wave, then each one-position span turned by the
 * float32 angle's error, delta = angle32 - pos * w. The exact phase comes
 * from the rotation recurrence (one sin/cos per PE_SPAN_RESEED spans), so a
 * zoomed-in heatmap does not pay a sin per pixel. */
static void float32_span_means(struct pe_wave w, const long long *start,
			       const long long *count, int n, double *out,
			       double *other)
{
	double *out_s = w.fn == PE_SIN ? out : other;
	double *out_c = w.fn == PE_SIN ? other : out;

	pe_wave_span_pair(w.omega, start, count, n, out_s, out_c);
	for (int j = 0; j < n; j++) {
		double pos = (double)start[j];
		struct turn e;

		if (count[j] != 1)
			continue;
		e = small_turn(prec_angle(PREC_FP32, pos, w.omega) -
			       pos * w.omega);
		if (w.fn == PE_SIN)
			out[j] = out_s[j] * e.c + out_c[j] * e.s;
		else
			out[j] = out_c[j] * e.c - out_s[j] * e.s;
	}
}

bool pe_variant_span_exact(enum pe_bug bug, long long start, long long count)
{
	enum prec_dtype t = pe_variant_dtype(bug);

	if (t == PREC_FP64)
		return true;
	if (t == PREC_FP32)
		return count == 1;
	return pe_stored_span_exact(t, start, count);
}

/* Both slots of a pair of bf16 or fp16, whose waves are the exact ones at
 * frequency w (sine in the sine's slot): the exact wave's means where a
 * span is not exact, then the stored means from st over the others. With
 * st NULL (no memory for it) every span gets the exact wave's mean. */
static void stored_pair_means(struct pe_stored *st, double w,
			      const long long *start, const long long *count,
			      int n, double *out_s, double *out_c)
{
	int j0 = 0, j1 = n;

	if (st)
		pe_stored_wave_spans(st, &j0, &j1);
	if (j1 > j0)
		pe_wave_span_pair(w, start + j0, count + j0, j1 - j0,
				  out_s ? out_s + j0 : NULL,
				  out_c ? out_c + j0 : NULL);
	if (st)
		pe_stored_means(st, w, out_s, out_c);
}

/* Means of one slot's wave w under bug (not PE_BUG_NONE, not a narrow
 * format stored in runs). */
static void slot_means(struct pe_wave w, enum pe_bug bug,
		       const long long *start, const long long *count, int n,
		       double *out)
{
	if (pe_variant_dtype(bug) != PREC_FP32) {
		pe_wave_span_means(w, start, count, n, out);
		return;
	}
	/* The partner values need room of their own; a stack buffer per chunk
	 * keeps this allocation-free. */
	for (int j0 = 0; j0 < n; j0 += PE_SPAN_RESEED) {
		double other[PE_SPAN_RESEED];
		int len = n - j0 < PE_SPAN_RESEED ? n - j0 : PE_SPAN_RESEED;

		float32_span_means(w, start + j0, count + j0, len, out + j0,
				   other);
	}
}

/* Whether t keeps positions in runs of one stored number (bf16, fp16). */
static bool stored_in_runs(enum prec_dtype t)
{
	return t == PREC_BF16 || t == PREC_FP16;
}

void pe_variant_span_means_pair(const struct pe_params *p, enum pe_bug bug,
				int pair, struct pe_stored *st,
				const long long *start,
				const long long *count, int n, double *out_s,
				double *out_c)
{
	enum prec_dtype t = pe_variant_dtype(bug);
	struct pe_wave ws, wc;

	if (bug == PE_BUG_NONE) {
		pe_span_means_pair(p, pair, start, count, n, out_s, out_c);
		return;
	}
	pair_waves(p, bug, pair, &ws, &wc);
	if (stored_in_runs(t)) {
		/* the narrow formats keep the exact waves' frequency and
		 * slots: sine in the sine's, cosine in the cosine's */
		struct pe_stored *own = st ? NULL
					   : pe_stored_new(t, start, count, n);

		stored_pair_means(st ? st : own, ws.omega, start, count, n,
				  out_s, out_c);
		pe_stored_free(own);
		return;
	}
	if (ws.omega != wc.omega || t != PREC_FP64) {
		if (out_s)
			slot_means(ws, bug, start, count, n, out_s);
		if (out_c)
			slot_means(wc, bug, start, count, n, out_c);
		return;
	}
	/* One frequency, one phase: the two slots hold its sine and cosine,
	 * in either order. */
	if (ws.fn == PE_SIN)
		pe_wave_span_pair(ws.omega, start, count, n, out_s, out_c);
	else
		pe_wave_span_pair(ws.omega, start, count, n, out_c, out_s);
}

void pe_variant_span_means(const struct pe_params *p, enum pe_bug bug,
			   int dim, const long long *start,
			   const long long *count, int n, double *out)
{
	struct pe_params q = bug_params(p, bug);
	bool is_sin = pe_fn_of(&q, dim) == PE_SIN;

	pe_variant_span_means_pair(p, bug, pe_pair_of(&q, dim), NULL, start,
				   count, n, is_sin ? out : NULL,
				   is_sin ? NULL : out);
}

bool pe_variant_spans_by_pair(enum pe_bug bug, const long long *count, int n)
{
	enum prec_dtype t = pe_variant_dtype(bug);

	if (t != PREC_FP32)
		return t != PREC_FP64;
	for (int j = 0; j < n; j++)
		if (count[j] == 1)
			return true;
	return false;
}

/* ---- comparing a mistake with the correct encoding ---- */

void pe_variant_pairs(const struct pe_params *p, enum pe_bug bug, int pair0,
		      int pair1, struct pe_wave_pair *out)
{
	for (int i = pair0; i < pair1; i++)
		pair_waves(p, bug, i, &out[i - pair0].s, &out[i - pair0].c);
}

void pe_variant_pairs_from(const struct pe_params *p, enum pe_bug bug,
			   const struct pe_wave_pair *good, int pair0,
			   int pair1, struct pe_wave_pair *out)
{
	for (int i = pair0; i < pair1; i++)
		pair_waves_from(p, bug, i, good[i].s.omega, good,
				&out[i - pair0].s, &out[i - pair0].c);
}

/* f(x) for wave w at angle x, through pe_sincos. */
static double wave_at(struct pe_wave w, double x)
{
	double s, c;

	pe_sincos(x, &s, &c);
	return w.fn == PE_SIN ? s : c;
}

/* f(x) for wave w at angle x, reusing sin and cos of angle a (s, c) when
 * x is that angle: pe_sincos of the same angle gives the same values. */
static double wave_at_known(struct pe_wave w, double x, double a, double s,
			    double c)
{
	if (x != a)
		return wave_at(w, x);
	return w.fn == PE_SIN ? s : c;
}

/* Both slots of pair i at pos: the correct waves into row g, the mistake's
 * into row b (dimensions in p->layout's order). One sin/cos for the correct
 * pair, and for the mistake one per angle the correct pair does not have
 * already (none when it keeps the pair's angle, as swapping does). */
static void compare_pair(const struct pe_params *p, enum pe_bug bug,
			 struct pe_wave_pair good, struct pe_wave_pair bad,
			 int i, double pos, double *g, double *b)
{
	struct pe_params q = bug_params(p, bug);
	int ds = pe_dim_of(&q, i, PE_SIN), dc = pe_dim_of(&q, i, PE_COS);
	double s, c, angle, a = pos * good.s.omega;

	pe_sincos(a, &s, &c);
	g[pe_dim_of(p, i, PE_SIN)] = s;
	g[pe_dim_of(p, i, PE_COS)] = c;
	if (bad.s.omega != bad.c.omega) {
		b[ds] = wave_at_known(bad.s, pos * bad.s.omega, a, s, c);
		b[dc] = wave_at_known(bad.c, pos * bad.c.omega, a, s, c);
		return;
	}
	angle = bug_angle(bug, pos, bad.s.omega);
	if (angle != a)
		pe_sincos(angle, &s, &c);
	b[ds] = bad.s.fn == PE_SIN ? s : c;
	b[dc] = bad.c.fn == PE_SIN ? s : c;
}

int pe_variant_compare_workspace(int d_model, int n)
{
	return 2 * d_model * n + 2 * n;
}

void pe_variant_compare_row(const struct pe_params *p, enum pe_bug bug,
			    const struct pe_wave_pair *good,
			    const struct pe_wave_pair *bad, double pos, int a,
			    int n, int pair0, int pair1, double *work)
{
	size_t d = (size_t)p->d_model;
	double *g = work + (size_t)a * d, *b = work + ((size_t)n + (size_t)a) * d;

	for (int i = pair0; i < pair1; i++)
		compare_pair(p, bug, good[i], bad[i], i, pos, g, b);
}

/* Dot products of rows of d values, DOTS at a time. */
enum { DOTS = 4 };

/* s[j] = sum over k of a[j][k] * b[j][k], j < m <= DOTS: each sum added in
 * the order of k (the same value as one loop alone), DOTS of them side by
 * side so that their additions do not wait on one another (a chain of
 * additions, not the multiplies, is what a lone dot product waits on; the
 * lanes past m redo lane 0 and are dropped). */
static void dots(const double *const *a, const double *const *b, int m,
		 int d, double *s)
{
	const double *a0 = a[0], *a1 = a[m > 1], *a2 = a[m > 2 ? 2 : 0];
	const double *a3 = a[m > 3 ? 3 : 0];
	const double *b0 = b[0], *b1 = b[m > 1], *b2 = b[m > 2 ? 2 : 0];
	const double *b3 = b[m > 3 ? 3 : 0];
	double t[DOTS] = { 0.0, 0.0, 0.0, 0.0 };

	for (int k = 0; k < d; k++) {
		t[0] += a0[k] * b0[k];
		t[1] += a1[k] * b1[k];
		t[2] += a2[k] * b2[k];
		t[3] += a3[k] * b3[k];
	}
	for (int j = 0; j < m; j++)
		s[j] = t[j];
}

/* row(a) . row(b) for b = b0 .. b0 + m - 1 (m <= DOTS) of rows of d values
 * from `rows`, into s[0 .. m-1]. */
static void row_dots(const double *rows, int d, int a, int b0, int m,
		     double *s)
{
	const double *ra[DOTS], *rb[DOTS];

	for (int j = 0; j < m; j++) {
		ra[j] = rows + (size_t)a * (size_t)d;
		rb[j] = rows + (size_t)(b0 + j) * (size_t)d;
	}
	dots(ra, rb, m, d, s);
}

/* norm[a] = row(a) . row(a) for the n rows of d values from `rows`. */
static void row_norms(const double *rows, int n, int d, double *norm)
{
	for (int a0 = 0; a0 < n; a0 += DOTS) {
		const double *r[DOTS];
		int m = n - a0 < DOTS ? n - a0 : DOTS;

		for (int j = 0; j < m; j++)
			r[j] = rows + (size_t)(a0 + j) * (size_t)d;
		dots(r, r, m, d, norm + a0);
	}
}

/* Cosine similarity from a dot product and the two squared norms; 0 when
 * either norm is. */
static double cos_of(double ab, double na, double nb)
{
	if (na == 0.0 || nb == 0.0)
		return 0.0;
	return ab / sqrt(na * nb);
}

/* The larger of a running maximum and x; NaN from the first NaN on. */
static double larger(double max, double x)
{
	return isnan(max) || isnan(x) ? NAN : x > max ? x : max;
}

struct pe_variant_diff pe_variant_compare_finish(const struct pe_params *p,
						 int n, int dim0, int ndim,
						 double *work)
{
	int d = p->d_model;
	const double *good = work, *bad = work + (size_t)d * (size_t)n;
	double *norm_g = work + 2 * (size_t)d * (size_t)n, *norm_b = norm_g + n;
	struct pe_variant_diff r = { 0.0, 0.0 };

	for (int a = 0; a < n; a++) {
		const double *g = good + (size_t)a * (size_t)d;
		const double *b = bad + (size_t)a * (size_t)d;

		for (int k = dim0; k < dim0 + ndim; k++)
			r.value = larger(r.value, fabs(b[k] - g[k]));
	}
	row_norms(good, n, d, norm_g);
	row_norms(bad, n, d, norm_b);
	for (int a = 0; a < n; a++)
		for (int b0 = a + 1; b0 < n; b0 += DOTS) {
			int m = n - b0 < DOTS ? n - b0 : DOTS;
			double dg[DOTS], db[DOTS];

			row_dots(good, d, a, b0, m, dg);
			row_dots(bad, d, a, b0, m, db);
			for (int j = 0; j < m; j++) {
				int b = b0 + j;
				double cg = cos_of(dg[j], norm_g[a], norm_g[b]);
				double cb = cos_of(db[j], norm_b[a], norm_b[b]);

				r.similarity = larger(r.similarity,
						      fabs(cb - cg));
			}
		}
	return r;
}

/* Pairs outer, positions inner: each pair's waves (a pow or two) once for
 * all the rows, and no memory besides the rows. */
struct pe_variant_diff pe_variant_compare(const struct pe_params *p,
					  enum pe_bug bug, const double *pos,
					  int n, int dim0, int ndim,
					  double *work)
{
	size_t d = (size_t)p->d_model;

	for (int i = 0; i < p->d_model / 2; i++) {
		struct pe_wave_pair good, bad;

		pe_variant_pairs(p, PE_BUG_NONE, i, i + 1, &good);
		pe_variant_pairs(p, bug, i, i + 1, &bad);
		for (int a = 0; a < n; a++)
			compare_pair(p, bug, good, bad, i, pos[a],
				     work + (size_t)a * d,
				     work + ((size_t)n + (size_t)a) * d);
	}
	return pe_variant_compare_finish(p, n, dim0, ndim, work);
}

/* ---- similarity curves over spans ---- */

void pe_variant_span_plan(const struct pe_params *p, enum pe_bug bug,
			  int pair0, int pair1, struct pe_stored *st,
			  const long long *start, const long long *count,
			  int n, double *plan)
{
	for (int i = pair0; i < pair1; i++) {
		double *ms = plan + 2 * (size_t)n * (size_t)(i - pair0);

		pe_variant_span_means_pair(p, bug, i, st, start, count, n, ms,
					   ms + n);
	}
}

void pe_variant_span_dot(const struct pe_params *p, enum pe_bug bug,
			 int pair0, int pair1, const double *plan, int n,
			 double pos, double *dot)
{
	enum prec_dtype t = pe_variant_dtype(bug);
	double last = NAN, vs = 0.0, vc = 0.0;

	for (int i = pair0; i < pair1; i++) {
		const double *ms = plan + 2 * (size_t)n * (size_t)(i - pair0);
		struct pe_wave ws, wc;

		pair_waves(p, bug, i, &ws, &wc);
		/* bf16 and fp16 values see the frequency only as stored: a
		 * pair whose stored frequency is the last one's has its
		 * values (the narrow formats keep the exact waves') */
		if (!stored_in_runs(t) || prec_round(t, ws.omega) != last) {
			vs = wave_value(ws, bug, pos);
			vc = wave_value(wc, bug, pos);
			last = stored_in_runs(t) ? prec_round(t, ws.omega) : NAN;
		}
		for (int j = 0; j < n; j++)
			dot[j] += vs * ms[j] + vc * ms[n + j];
	}
}

/* ---- similarity curves ---- */

/* Whether the pair's two waves are a sine and a cosine of one angle. */
static bool pair_shares(struct pe_wave_pair pw)
{
	return pw.s.omega == pw.c.omega && pw.s.fn != pw.c.fn;
}

/* Plan entries of a pair that shares its angle: D, cos and sin of the turn
 * per sample. Of each wave of a pair that does not: D, f at q0 and at
 * q0 - step, and 2 cos of the turn. */
enum { PLAN_D, PLAN_TURN_C, PLAN_TURN_S };
enum { PLAN_F0 = 1, PLAN_FM = 2, PLAN_TC = 3, PLAN_WAVE = 4 };

/* Pairs are planned and added SIM_GROUP at a time: their angles and terms
 * (at most two terms a pair) fit on the stack, their sines and cosines are
 * taken in one batch, and the recurrence runs over all of them at once. */
enum { SIM_GROUP = 128, SIM_TERMS = 2 * SIM_GROUP };

/* The squares of f(w q_j) of one wave of a pair that does not share its
 * angle, added to norm2 along a recurrence of its own, from its plan
 * entries q. */
static void plan_norm(struct pe_wave w, const struct pe_sim_grid *g,
		      const double *q, double *norm2)
{
	double y = q[PLAN_F0], ym = q[PLAN_FM];

	for (int j = 0; j < g->n; j++) {
		if (j > 0 && j % PE_SIM_RESEED == 0) {
			double qj = g->q0 + (double)j * g->step;

			y = wave_at(w, w.omega * qj);
			ym = wave_at(w, w.omega * (qj - g->step));
		} else if (j > 0) {
			double t = q[PLAN_TC] * y - ym;

			ym = y;
			y = t;
		}
		norm2[j] += y * y;
	}
}

/* Whether a wave of frequency w may take its block factor and turn from
 * the plan of pair r (NULL: no such pair): r shares its angle, at w. */
static bool plan_known(const struct pe_wave_pair *r, double w)
{
	return r && pair_shares(*r) && r->s.omega == w;
}

/* pe_sim_plan for at most SIM_GROUP pairs, with the pairs ref (NULL: none)
 * planned in ref_plan as pe_sim_plan_from describes. The turns and the
 * first values go through pe_sincos_n in one batch, as the terms do in
 * sim_seed; a turn from ref_plan is that same function's value. */
static void plan_group(const struct pe_wave_pair *pw,
		       const struct pe_wave_pair *ref, const double *ref_plan,
		       int cnt, const struct pe_sim_grid *g, double *plan,
		       double *norm2)
{
	/* x is zeroed only so that gcc -fsanitize sees it initialised. */
	double x[3 * SIM_TERMS] = { 0 }, sn[3 * SIM_TERMS], cs[3 * SIM_TERMS];
	int na = 0;

	for (int i = 0; i < cnt; i++) {
		const struct pe_wave_pair *r = ref ? ref + i : NULL;

		if (pair_shares(pw[i])) {
			if (!plan_known(r, pw[i].s.omega))
				x[na++] = pw[i].s.omega * g->step;
			continue;
		}
		for (int o = 0; o < 2; o++) {
			double w = (o ? pw[i].c : pw[i].s).omega;

			if (!plan_known(r, w))
				x[na++] = w * g->step;
			x[na++] = w * g->q0;
			x[na++] = w * (g->q0 - g->step);
		}
	}
	pe_sincos_n(x, na, sn, cs);
	na = 0;
	for (int i = 0; i < cnt; i++) {
		const struct pe_wave_pair *r = ref ? ref + i : NULL;
		const double *rq = r ? ref_plan + (size_t)PE_SIM_PAIR * (size_t)i
				     : NULL;
		double *q = plan + (size_t)PE_SIM_PAIR * (size_t)i;

		if (pair_shares(pw[i])) {
			if (plan_known(r, pw[i].s.omega)) {
				q[PLAN_D] = rq[PLAN_D];
				q[PLAN_TURN_S] = rq[PLAN_TURN_S];
				q[PLAN_TURN_C] = rq[PLAN_TURN_C];
			} else {
				q[PLAN_D] = pe_block_factor(pw[i].s.omega, g->m);
				q[PLAN_TURN_S] = sn[na];
				q[PLAN_TURN_C] = cs[na++];
			}
			norm2[g->n] += 1.0;
			continue;
		}
		for (int o = 0; o < 2; o++, na += 2) {
			struct pe_wave w = o ? pw[i].c : pw[i].s;
			double *qw = q + o * PLAN_WAVE;

			if (plan_known(r, w.omega)) {
				qw[PLAN_D] = rq[PLAN_D];
				qw[PLAN_TC] = 2.0 * rq[PLAN_TURN_C];
			} else {
				qw[PLAN_D] = pe_block_factor(w.omega, g->m);
				qw[PLAN_TC] = 2.0 * cs[na++];
			}
			qw[PLAN_F0] = w.fn == PE_SIN ? sn[na] : cs[na];
			qw[PLAN_FM] = w.fn == PE_SIN ? sn[na + 1] : cs[na + 1];
			plan_norm(w, g, qw, norm2);
		}
	}
}

void pe_sim_plan_from(const struct pe_wave_pair *pw,
		      const struct pe_wave_pair *ref, const double *ref_plan,
		      int count, const struct pe_sim_grid *g, double *plan,
		      double *norm2)
{
	for (int i = 0; i < count; i += SIM_GROUP) {
		size_t at = (size_t)PE_SIM_PAIR * (size_t)i;

		plan_group(pw + i, ref ? ref + i : NULL,
			   ref ? ref_plan + at : NULL,
			   count - i < SIM_GROUP ? count - i : SIM_GROUP, g,
			   plan + at, norm2);
	}
}

void pe_sim_plan(const struct pe_wave_pair *pw, int count,
		 const struct pe_sim_grid *g, double *plan, double *norm2)
{
	pe_sim_plan_from(pw, NULL, NULL, count, g, plan, norm2);
}

/* The terms of a group of pairs at sample J and J - 1 into cur and prev,
 * their 2 cos(turn) into tc; returns the sum at J. amp holds f(w pos) of
 * the waves of pairs that do not share an angle, in term order. The
 * angles go through pe_sincos_n in one batch: a plot's sums need no more
 * than its accuracy, and libm would cost most of the time here. */
static double sim_seed(const struct pe_wave_pair *pw, int cnt,
		       const double *plan, const struct pe_sim_grid *g,
		       double pos, const double *amp, int J, double *cur,
		       double *prev, double *tc)
{
	double qj = g->q0 + (double)J * g->step, sum = 0.0;
	double x[2 * SIM_TERMS], sn[2 * SIM_TERMS], cs[2 * SIM_TERMS];
	int t = 0, na = 0;

	/* The angles: one per shared pair (its phase from pos); two per wave
	 * of the others (at q_J and q_J - step) after the plan's first. */
	for (int i = 0; i < cnt; i++) {
		if (pair_shares(pw[i])) {
			x[na++] = pw[i].s.omega * (qj - pos);
		} else if (J > 0) {
			x[na++] = pw[i].s.omega * qj;
			x[na++] = pw[i].s.omega * (qj - g->step);
			x[na++] = pw[i].c.omega * qj;
			x[na++] = pw[i].c.omega * (qj - g->step);
		}
	}
	pe_sincos_n(x, na, sn, cs);
	na = 0;
	for (int i = 0; i < cnt; i++) {
		const double *q = plan + (size_t)PE_SIM_PAIR * (size_t)i;

		if (pair_shares(pw[i])) {
			double sv = sn[na], cv = cs[na++];

			cur[t] = q[PLAN_D] * cv;
			prev[t] = q[PLAN_D] *
				  (cv * q[PLAN_TURN_C] + sv * q[PLAN_TURN_S]);
			tc[t] = 2.0 * q[PLAN_TURN_C];
			sum += cur[t++];
			continue;
		}
		for (int o = 0; o < 2; o++, t++) {
			bool is_sin = (o ? pw[i].c.fn : pw[i].s.fn) == PE_SIN;
			const double *qw = q + o * PLAN_WAVE;
			double a = amp[t] * qw[PLAN_D];

			if (J == 0) {
				cur[t] = a * qw[PLAN_F0];
				prev[t] = a * qw[PLAN_FM];
			} else {
				cur[t] = a * (is_sin ? sn[na] : cs[na]);
				prev[t] = a * (is_sin ? sn[na + 1] : cs[na + 1]);
				na += 2;
			}
			tc[t] = qw[PLAN_TC];
			sum += cur[t];
		}
	}
	return sum;
}

/* pe_sim_dot for at most SIM_GROUP pairs. */
static double sim_dot_group(const struct pe_wave_pair *pw, int cnt,
			    const double *plan, const struct pe_sim_grid *g,
			    double pos, double *dot, double norm2_pos)
{
	double amp[SIM_TERMS], a[SIM_TERMS], b[SIM_TERMS], tc[SIM_TERMS];
	/* x is zeroed only so that gcc -fsanitize sees it initialised. */
	double x[SIM_TERMS] = { 0 }, sn[SIM_TERMS], cs[SIM_TERMS];
	double *cur = a, *prev = b;
	int terms = 0;

	/* f(w pos) of the waves of pairs that do not share an angle. */
	for (int i = 0; i < cnt; i++) {
		if (pair_shares(pw[i])) {
			x[terms++] = 0.0;
			continue;
		}
		x[terms++] = pw[i].s.omega * pos;
		x[terms++] = pw[i].c.omega * pos;
	}
	pe_sincos_n(x, terms, sn, cs);
	terms = 0;
	for (int i = 0; i < cnt; i++) {
		if (pair_shares(pw[i])) {
			terms++;
			norm2_pos += 1.0;
			continue;
		}
		amp[terms] = pw[i].s.fn == PE_SIN ? sn[terms] : cs[terms];
		amp[terms + 1] = pw[i].c.fn == PE_SIN ? sn[terms + 1]
						      : cs[terms + 1];
		norm2_pos += amp[terms] * amp[terms] +
			     amp[terms + 1] * amp[terms + 1];
		terms += 2;
	}
	for (int j = 0; j < g->n; j++) {
		if (j % PE_SIM_RESEED == 0) {
			dot[j] += sim_seed(pw, cnt, plan, g, pos, amp, j, cur,
					   prev, tc);
		} else {
			double *t = cur;

			dot[j] += pe_cosine_step(terms, tc, cur, prev);
			cur = prev;
			prev = t;
		}
	}
	return norm2_pos;
}

double pe_sim_dot(const struct pe_wave_pair *pw, int count, const double *plan,
		  const struct pe_sim_grid *g, double pos, double *dot,
		  double norm2_pos)
{
	for (int i = 0; i < count; i += SIM_GROUP)
		norm2_pos = sim_dot_group(pw + i,
					  count - i < SIM_GROUP ? count - i
								: SIM_GROUP,
					  plan + (size_t)PE_SIM_PAIR * (size_t)i,
					  g, pos, dot, norm2_pos);
	return norm2_pos;
}

void pe_sim_finish(const double *dot, const double *norm2, double norm2_pos,
		   int n, double *out)
{
	for (int j = 0; j < n; j++) {
		double nq = norm2[j] + norm2[n];

		out[j] = norm2_pos > 0.0 && nq > 0.0
				 ? dot[j] / sqrt(norm2_pos * nq) : 0.0;
	}
}

/* ---- context extension ---- */

const char *pe_scaling_name(enum pe_scaling how)
{
	switch (how) {
	case PE_SCALE_NONE:
		return "original";
	case PE_SCALE_PI:
		return "PI";
	case PE_SCALE_NTK:
		return "NTK";
	}
	return "?";
}

double pe_ntk_base(double base, double s, int d)
{
	if (d <= 2)
		return base;
	return base * pow(s, (double)d / (d - 2));
}

/* The same expression as pe_omega's, so integer pairs agree to the bit. */
double pe_scaled_omega(const struct pe_params *p, enum pe_scaling how,
		       double s, double pair)
{
	switch (how) {
	case PE_SCALE_PI:
		return pow(p->base, -(2.0 * pair) / p->d_model) / s;
	case PE_SCALE_NTK:
		return pow(pe_ntk_base(p->base, s, p->d_model),
			   -(2.0 * pair) / p->d_model);
	default:
		return pow(p->base, -(2.0 * pair) / p->d_model);
	}
}

double pe_scaled_wavelength(const struct pe_params *p, enum pe_scaling how,
			    double s, double pair)
{
	return PE_TWO_PI / pe_scaled_omega(p, how, s, pair);
}

double pe_scaled_value(const struct pe_params *p, enum pe_scaling how,
		       double s, double pos, int dim)
{
	if (how == PE_SCALE_PI)
		return pe_value(p, pos / s, dim);
	return wave_eval(pe_fn_of(p, dim),
			 pos * pe_scaled_omega(p, how, s, pe_pair_of(p, dim)));
}

double pe_scaled_cos_similarity(const struct pe_params *p,
				enum pe_scaling how, double s, double k)
{
	int h = p->d_model / 2;
	double sum = 0.0;

	for (int i = 0; i < h; i++)
		sum += cos(k * pe_scaled_omega(p, how, s, i));
	return sum / h;
}

/* ---- YaRN, dynamic NTK and Llama 3.1 ---- */

double pe_yarn_ramp(double r, double alpha, double beta)
{
	if (r < alpha)
		return 0.0;
	if (r > beta)
		return 1.0;
	return (r - alpha) / (beta - alpha);
}

double pe_yarn_turns(const struct pe_params *p, double train, double pair)
{
	return train * pe_scaled_omega(p, PE_SCALE_NONE, 1.0, pair) / PE_TWO_PI;
}

double pe_yarn_gamma(const struct pe_params *p, const struct pe_yarn *y,
		     double pair)
{
	return pe_yarn_ramp(pe_yarn_turns(p, y->train, pair), y->alpha,
			    y->beta);
}

double pe_yarn_omega(const struct pe_params *p, const struct pe_yarn *y,
		     double pair)
{
	double w = pe_scaled_omega(p, PE_SCALE_NONE, 1.0, pair);
	double g = pe_yarn_gamma(p, y, pair);

	return (1.0 - g) * w / y->s + g * w;
}

/* The code's correction dimension c(r) for r = rotations within L0
 * (find_correction_dim), not rounded: d ln(L0 / (r 2 pi)) / (2 ln base). */
static double pe_yarn_correction_dim(const struct pe_params *p, double train,
			      double rotations)
{
	return p->d_model * log(train / (rotations * PE_TWO_PI)) /
	       (2.0 * log(p->base));
}

/* find_correction_range(beta_fast, beta_slow, ...): floor and ceil (unless
 * untruncated), then max(low, 0), min(high, dim - 1). */
void pe_yarn_code_range(const struct pe_params *p, const struct pe_yarn *y,
			double *low, double *high)
{
	double lo = pe_yarn_correction_dim(p, y->train, y->beta);
	double hi = pe_yarn_correction_dim(p, y->train, y->alpha);

	if (!y->untruncated) {
		lo = floor(lo);
		hi = ceil(hi);
	}
	*low = fmax(lo, 0.0);
	*high = fmin(hi, p->d_model - 1.0);
}

/* 1 - linear_ramp_factor(low, high, dim // 2)[i]. */
double pe_yarn_code_mask(const struct pe_params *p, const struct pe_yarn *y,
			 double pair)
{
	double low, high, ramp;

	pe_yarn_code_range(p, y, &low, &high);
	if (low == high)
		high += 0.001;	/* the code's "prevent singularity" */
	ramp = (pair - low) / (high - low);
	ramp = ramp < 0.0 ? 0.0 : ramp > 1.0 ? 1.0 : ramp;
	return 1.0 - ramp;
}

/* inv_freq_interpolation * (1 - mask) + inv_freq_extrapolation * mask. */
double pe_yarn_code_omega(const struct pe_params *p, const struct pe_yarn *y,
			  double pair)
{
	double w = pe_scaled_omega(p, PE_SCALE_NONE, 1.0, pair);
	double mask = pe_yarn_code_mask(p, y, pair);

	return w / y->s * (1.0 - mask) + w * mask;
}

double pe_yarn_mscale(double s, double mscale)
{
	return s > 1.0 ? 0.1 * mscale * log(s) + 1.0 : 1.0;
}

double pe_yarn_temperature(double s)
{
	return pe_yarn_mscale(s, 1.0);
}

double pe_dynamic_ntk_factor(double s, double len, double train)
{
	double n = len > train ? len : train;

	return s * n / train - (s - 1.0);
}

double pe_dynamic_ntk_base(const struct pe_params *p, double s, double len,
			   double train)
{
	return pe_ntk_base(p->base, pe_dynamic_ntk_factor(s, len, train),
			   p->d_model);
}

double pe_dynamic_ntk_omega(const struct pe_params *p, double s, double len,
			    double train, double pair)
{
	if (len <= train)
		return pe_scaled_omega(p, PE_SCALE_NONE, 1.0, pair);
	return pow(pe_dynamic_ntk_base(p, s, len, train),
		   -(2.0 * pair) / p->d_model);
}

double pe_llama3_omega(const struct pe_params *p, const struct pe_llama3 *l,
		       double pair)
{
	double w = pe_scaled_omega(p, PE_SCALE_NONE, 1.0, pair);
	double wavelen = PE_TWO_PI / w, smooth;

	if (wavelen < l->train / l->high)
		return w;
	if (wavelen > l->train / l->low)
		return w / l->s;
	smooth = (l->train / wavelen - l->low) / (l->high - l->low);
	return (1.0 - smooth) * w / l->s + smooth * w;
}

void pe_reach_start(struct pe_reach *r, long long limit)
{
	memset(r, 0, sizeof *r);
	r->m0 = 1;
	r->limit = limit;
}

/* Pair i's cos(m theta) for the block's offsets: one sin/cos at m0, then
 * a rotation by theta per offset, re-seeded every 64 (an error of a few
 * ulps, far below the sums' own rounding). */
/* Pairs [i0, i1) of a tile (at most REACH_TILE) added into the block's
 * sums. The offsets go outside and the pairs inside, so that the pairs'
 * rotations are independent of one another and the sum over the tile
 * runs in four strands (as base_min_tile's), which the processor
 * overlaps. The inner loops run over the whole tile, a count the compiler
 * knows, so that they go at the machine's width (a shorter tile is padded
 * with pairs of cosine 0 that a rotation keeps 0); the seeds go through
 * pe_sincos_n at once (within 4e-16, as the rotations' own error). */
enum { REACH_TILE = 64, REACH_SEED = 64 };

static void reach_tile(const struct pe_params *p, struct pe_reach *r, int i0,
		       int i1, int nb)
{
	double th[REACH_TILE] = { 0 }, tc[REACH_TILE], ts[REACH_TILE],
		c[REACH_TILE] = { 0 }, sn[REACH_TILE] = { 0 }, x[REACH_TILE];
	int n = i1 - i0;

	for (int k = 0; k < n; k++)
		th[k] = pe_omega(p, i0 + k);
	pe_sincos_n(th, n, ts, tc);
	for (int k = n; k < REACH_TILE; k++) {
		tc[k] = 1.0;
		ts[k] = 0.0;
	}
	for (int j = 0; j < nb; j++) {
		double acc[4] = { 0 };

		if (j % REACH_SEED == 0) {
			for (int k = 0; k < n; k++)
				x[k] = (double)(r->m0 + j) * th[k];
			pe_sincos_n(x, n, sn, c);
		}
		for (int k = 0; k < REACH_TILE; k += 4)
			for (int q = 0; q < 4; q++)
				acc[q] += c[k + q];
		r->sum[j] += (acc[0] + acc[1]) + (acc[2] + acc[3]);
		for (int k = 0; k < REACH_TILE; k++) {
			double c2 = c[k] * tc[k] - sn[k] * ts[k];

			sn[k] = sn[k] * tc[k] + c[k] * ts[k];
			c[k] = c2;
		}
	}
}

/* Offsets of the scan's block under way: m0 .. m0 + n - 1, the blocks
 * growing from 16 (1..16, 17..48, 49..112, 113..240, then 256 at a time)
 * so that a base whose sum turns negative at once (m = 2 for a base near
 * 1) costs a sixteenth of a whole block. */
static int reach_block(const struct pe_reach *r)
{
	long long n = r->limit - r->m0 + 1, want = r->m0 + 15;

	want = want < PE_REACH_BLOCK ? want : PE_REACH_BLOCK;
	return (int)(n < want ? n : want);
}

/* ---- the bound of a block (pe_variants.h, PE_REACH_CLUSTERS) ----
 *
 * Pair i with theta in cluster c (centre t_c = (c + 1/2) / 256, so
 * |theta - t_c| <= 1/512) adds at offset m0 + j
 *   e^(i (m0 + j) theta) = e^(i j t_c) e^(i m0 theta) e^(i j (theta - t_c))
 *                        = e^(i j t_c) sum_n (i j)^n / n! a (theta - t_c)^n
 * with a = e^(i m0 theta): a cluster's sum is e^(i j t_c) times a
 * polynomial in j whose coefficients are its moments sum a (theta - t_c)^n
 * / n!. Cut after PE_REACH_TERMS = P terms, a pair's error is at most
 * x^P / P! e^x for x = j / 512 <= (nb - 1) / 512 < 1/2: 4.5e-10 a pair
 * at the most, 1.5e-5 over 32768 pairs. The roundings: of a, 4e-16
 * (pe_sincos_n); of the moments, sums of at most d/2 terms of size 1;
 * of the rotation e^(i j t_c), re-seeded every 64 offsets; and those of
 * the pair-by-pair sums the bound stands for (a rotation re-seeded every
 * 64, d/2 terms added): each below d/2 (1e-13 + d/2 * 2.3e-16), bounded
 * here by d/2 (1e-12 + d/2 * 1e-15), five times over. B itself is of
 * size d/2 and falls slowly: at d 65536 and base 1e4 it is some 3000
 * where the scan ends, so the bound decides every offset but those
 * within ~2e-5 of a sign change. */
enum { REACH_BOUND_MIN = 64 };	/* blocks this long or longer are bounded */
#define REACH_CLUSTER_SCALE 256.0

/* Pairs [i0, i1) into the moments of their clusters. */
static void reach_moments(const struct pe_params *p, struct pe_reach *r,
			  int i0, int i1)
{
	double th[REACH_TILE], x[REACH_TILE], sn[REACH_TILE], cs[REACH_TILE];

	for (int i = i0; i < i1; i += REACH_TILE) {
		int n = i1 - i < REACH_TILE ? i1 - i : REACH_TILE;

		for (int k = 0; k < n; k++) {
			th[k] = pe_omega(p, i + k);
			x[k] = (double)r->m0 * th[k];
		}
		pe_sincos_n(x, n, sn, cs);
		for (int k = 0; k < n; k++) {
			int c = (int)(th[k] * REACH_CLUSTER_SCALE);
			double t, re = cs[k], im = sn[k];

			c = c < 0 ? 0 : c >= PE_REACH_CLUSTERS ? PE_REACH_CLUSTERS - 1 : c;
			t = th[k] - (c + 0.5) / REACH_CLUSTER_SCALE;
			r->count[c]++;
			for (int q = 0; q < PE_REACH_TERMS; q++) {
				r->mom[c][q][0] += re;
				r->mom[c][q][1] += im;
				re *= t;
				im *= t;
			}
		}
	}
	r->pairs += i1 - i0;
}

/* B(m0 + j), j < nb, from the moments into sum[j]; returns the bound on
 * how far it and the pair-by-pair sums may lie from the true B. */
static double reach_bound(struct pe_reach *r, int nb)
{
	double x = (nb - 1) / (2.0 * REACH_CLUSTER_SCALE), cut = exp(x);
	double h = r->pairs;

	for (int q = 1; q <= PE_REACH_TERMS; q++)
		cut *= x / q;
	for (int c = 0; c < PE_REACH_CLUSTERS; c++) {
		double coef[PE_REACH_TERMS][2], f = 1.0;
		double t = (c + 0.5) / REACH_CLUSTER_SCALE, tc = cos(t), ts = sin(t);
		double cr = 1.0, ci = 0.0;

		if (!r->count[c])
			continue;
		for (int q = 0; q < PE_REACH_TERMS; q++) {
			f *= q > 0 ? q : 1;
			coef[q][0] = r->mom[c][q][0] / f;
			coef[q][1] = r->mom[c][q][1] / f;
		}
		for (int j = 0; j < nb; j++) {
			double sx = coef[PE_REACH_TERMS - 1][0];
			double sy = coef[PE_REACH_TERMS - 1][1], c2;

			if (j % 64 == 0) {
				cr = cos(j * t);
				ci = sin(j * t);
			}
			/* (sx + i sy) (i j) + coef[q] */
			for (int q = PE_REACH_TERMS - 2; q >= 0; q--) {
				double nx = -sy * j + coef[q][0];

				sy = sx * j + coef[q][1];
				sx = nx;
			}
			r->sum[j] += cr * sx - ci * sy;
			c2 = cr * tc - ci * ts;
			ci = ci * tc + cr * ts;
			cr = c2;
		}
	}
	return h * cut + h * (1e-12 + h * 1e-15);
}

/* Empties the block's sums and moments. */
static void reach_clear(struct pe_reach *r)
{
	memset(r->sum, 0, sizeof r->sum);
	memset(r->mom, 0, sizeof r->mom);
	memset(r->count, 0, sizeof r->count);
	r->pairs = 0;
}

void pe_reach_step(const struct pe_params *p, struct pe_reach *r, int i0,
		   int i1)
{
	int nb = reach_block(r);

	if (i0 == 0)
		r->bounding = !r->failed && nb >= REACH_BOUND_MIN &&
			      p->d_model / 2 >= PE_REACH_CERT_PAIRS;
	if (r->bounding) {
		reach_moments(p, r, i0, i1);
		return;
	}
	for (int i = i0; i < i1; i += REACH_TILE)
		reach_tile(p, r, i, i1 - i < REACH_TILE ? i1 : i + REACH_TILE,
			   nb);
}

/* The end of a bounded block: the first offset whose sign the bound does
 * not decide ends it (r->failed: the block is summed pair by pair next),
 * unless an offset before is certainly negative (found). */
static bool reach_bounded_end(struct pe_reach *r, int nb)
{
	double e = reach_bound(r, nb), at;
	int j = 0;

	while (j < nb && r->sum[j] > e)
		j++;
	at = j < nb ? r->sum[j] : 0.0;
	reach_clear(r);
	r->bounding = false;
	if (j < nb && !(at < -e)) {
		r->failed = true;
		return false;
	}
	if (j < nb) {
		r->found = r->m0 + j;
		return true;
	}
	r->m0 += nb;
	return r->m0 > r->limit;
}

bool pe_reach_block_end(struct pe_reach *r)
{
	int nb = reach_block(r);

	if (r->bounding)
		return reach_bounded_end(r, nb);
	r->failed = false;
	for (int j = 0; j < nb; j++)
		if (r->sum[j] < 0.0) {
			r->found = r->m0 + j;
			return true;
		}
	r->m0 += nb;
	reach_clear(r);
	return r->m0 > r->limit;
}

long long pe_base_reach(const struct pe_params *p, long long limit)
{
	struct pe_reach r;

	pe_reach_start(&r, limit);
	do
		pe_reach_step(p, &r, 0, p->d_model / 2);
	while (!pe_reach_block_end(&r));
	return r.found;
}

/* ---- Men et al.'s smallest base ---- */

/* Offsets of the block under way: m0 .. m0 + n - 1. */
static int base_min_block(const struct pe_base_min *s)
{
	long long n = s->len - s->m0 + 1;

	return n < PE_REACH_BLOCK ? (int)n : PE_REACH_BLOCK;
}

static void base_min_clear(struct pe_base_min *s)
{
	memset(s->b, 0, sizeof s->b);
	memset(s->dv, 0, sizeof s->dv);
	s->s1 = s->s2 = 0.0;
}

void pe_base_min_start(struct pe_base_min *s, int d_model, long long len,
		       long long work)
{
	memset(s, 0, sizeof *s);
	s->d_model = d_model;
	s->len = len;
	s->work_max = work;
	s->m0 = 1;
	s->state = len <= 1 ? PE_BASE_MIN_FOUND
		   : d_model <= 2 ? PE_BASE_MIN_NONE : PE_BASE_MIN_RUNNING;
}

/* Pairs a tile of pe_base_min_step works on at once. */
enum { BASE_MIN_TILE = 128 };

/* Adds pairs [i0, i1) (at most a tile) to the block: offset by offset,
 * every pair of the tile turned by its theta (independent of each other,
 * so the loop runs at the machine's width), summed in four parts. */
static void base_min_tile(struct pe_base_min *s, int i0, int i1, int nb)
{
	double th[BASE_MIN_TILE] = { 0 }, ta[BASE_MIN_TILE] = { 0 },
		tc[BASE_MIN_TILE] = { 0 }, ts[BASE_MIN_TILE] = { 0 },
		c[BASE_MIN_TILE] = { 0 }, sn[BASE_MIN_TILE] = { 0 };
	int n = i1 - i0;

	for (int k = 0; k < n; k++) {
		double a = 2.0 * (i0 + k) / s->d_model;

		th[k] = exp(-a * s->lnb);
		ta[k] = th[k] * a;
		pe_sincos(th[k], &ts[k], &tc[k]);
		s->s1 += ta[k] * ta[k];
		s->s2 += ta[k] * a;
	}
	for (int j = 0; j < nb; j++) {
		double m = (double)(s->m0 + j), sb[4] = { 0 }, sd[4] = { 0 };
		int k;

		if (j % 64 == 0)
			for (k = 0; k < n; k++)
				pe_sincos(m * th[k], &sn[k], &c[k]);
		for (k = 0; k + 4 <= n; k += 4)
			for (int q = 0; q < 4; q++) {
				sb[q] += c[k + q];
				sd[q] += sn[k + q] * ta[k + q];
			}
		for (; k < n; k++) {
			sb[0] += c[k];
			sd[0] += sn[k] * ta[k];
		}
		s->b[j] += (sb[0] + sb[1]) + (sb[2] + sb[3]);
		s->dv[j] += m * ((sd[0] + sd[1]) + (sd[2] + sd[3]));
		for (k = 0; k < n; k++) {
			double c2 = c[k] * tc[k] - sn[k] * ts[k];

			sn[k] = sn[k] * tc[k] + c[k] * ts[k];
			c[k] = c2;
		}
	}
}

void pe_base_min_step(struct pe_base_min *s, int i0, int i1)
{
	int nb = base_min_block(s);

	if (s->state != PE_BASE_MIN_RUNNING)
		return;
	for (int i = i0; i < i1; i += BASE_MIN_TILE)
		base_min_tile(s, i, i1 - i < BASE_MIN_TILE ? i1 : i + BASE_MIN_TILE,
			      nb);
	s->work += (long long)(i1 - i0) * nb;
}

/* The largest safe step in ln b of the block's offsets with B < 0, or 0
 * when none is negative; HUGE_VAL when one stays negative for every
 * larger base (M = 0 and D <= 0). */
static double base_min_safe(const struct pe_base_min *s, int nb)
{
	double best = 0.0;

	for (int j = 0; j < nb; j++) {
		double mj = (double)(s->m0 + j);
		double b = s->b[j], d = s->dv[j], den;
		double m = mj * mj * s->s1 + mj * s->s2;

		if (!(b < 0.0))
			continue;
		den = d + sqrt(d * d - 2.0 * m * b);
		best = fmax(best, den > 0.0 ? -2.0 * b / den : HUGE_VAL);
	}
	return best;
}

bool pe_base_min_block_end(struct pe_base_min *s)
{
	int nb = base_min_block(s);
	bool last = s->m0 + nb > s->len;

	if (s->state != PE_BASE_MIN_RUNNING)
		return true;
	s->step = fmax(s->step, base_min_safe(s, nb));
	base_min_clear(s);
	if (s->step < PE_BASE_MIN_STEP && !last) {
		/* every offset so far fine, or steps too small to take
		 * alone: the next block */
		s->m0 += nb;
	} else if (s->step == 0.0) {
		s->state = PE_BASE_MIN_FOUND;	/* B >= 0 for every m */
	} else if (s->step < PE_BASE_MIN_TOL * fmax(1.0, s->lnb)) {
		s->state = PE_BASE_MIN_FOUND;	/* B_m reaches 0 here */
	} else if (isinf(s->step) || s->lnb + s->step > 700.0) {
		s->state = PE_BASE_MIN_NONE;
	} else {
		s->lnb += s->step;
		s->step = 0.0;
		s->m0 = 1;
	}
	if (s->state == PE_BASE_MIN_RUNNING && s->work >= s->work_max)
		s->state = PE_BASE_MIN_GAVE_UP;
	return s->state != PE_BASE_MIN_RUNNING;
}

enum pe_base_min_state pe_base_min(int d_model, long long len,
				   long long work, double *base)
{
	struct pe_base_min s;

	pe_base_min_start(&s, d_model, len, work);
	do
		pe_base_min_step(&s, 0, d_model / 2);
	while (!pe_base_min_block_end(&s));
	*base = exp(s.lnb);
	return s.state;
}

/* ---- layouts ---- */

int pe_layout_gram_workspace(int d_model, int n)
{
	return 2 * d_model * n + d_model / 2;
}

void pe_layout_gram_omegas(const struct pe_params *p, int n, int pair0,
			   int pair1, double *work)
{
	double *omega = work + 2 * (size_t)p->d_model * (size_t)n;

	for (int i = pair0; i < pair1; i++)
		omega[i] = pe_omega(p, i);
}

/* Both rows as pe_row writes them, with each angle's sin and cos taken
 * once and stored in the two layouts' places. */
void pe_layout_gram_row(const struct pe_params *p, double pos, int a, int n,
			int pair0, int pair1, double *work)
{
	size_t d = (size_t)p->d_model;
	struct pe_params pi = *p, pc = *p;
	double *ri = work + (size_t)a * d, *rc = work + ((size_t)n + (size_t)a) * d;
	const double *omega = work + 2 * d * (size_t)n;

	pi.layout = PE_INTERLEAVED;
	pc.layout = PE_CONCAT;
	for (int i = pair0; i < pair1; i++) {
		double sn, cs;

		pe_sincos(pos * omega[i], &sn, &cs);
		ri[pe_dim_of(&pi, i, PE_SIN)] = sn;
		ri[pe_dim_of(&pi, i, PE_COS)] = cs;
		rc[pe_dim_of(&pc, i, PE_SIN)] = sn;
		rc[pe_dim_of(&pc, i, PE_COS)] = cs;
	}
}

double pe_layout_gram_max(const struct pe_params *p, int n, const double *work)
{
	int d = p->d_model;
	const double *inter = work, *concat = work + (size_t)d * (size_t)n;
	double worst = 0.0;

	for (int a = 0; a < n; a++)
		for (int b0 = a; b0 < n; b0 += DOTS) {
			int m = n - b0 < DOTS ? n - b0 : DOTS;
			double gi[DOTS], gc[DOTS];

			row_dots(inter, d, a, b0, m, gi);
			row_dots(concat, d, a, b0, m, gc);
			for (int j = 0; j < m; j++)
				if (fabs(gi[j] - gc[j]) > worst)
					worst = fabs(gi[j] - gc[j]);
		}
	return worst;
}

double pe_layout_gram_diff(const struct pe_params *p, const double *pos,
			   int n, double *work)
{
	pe_layout_gram_omegas(p, n, 0, p->d_model / 2, work);
	for (int a = 0; a < n; a++)
		pe_layout_gram_row(p, pos[a], a, n, 0, p->d_model / 2, work);
	return pe_layout_gram_max(p, n, work);
}
