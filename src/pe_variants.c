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
#include "pe_variants.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

static const double two_pi = 6.28318530717958647692528676655900577;

/* Re-seed the similarity recurrence from sin/cos every SIM_RESEED samples:
 * its phase drifts by about an ulp a step, far below what a plot shows. */
enum { SIM_RESEED = 64 };

/* A point on the unit circle, (cos a, sin a). */
struct turn {
	double c, s;
};

static struct turn turn_of(double a)
{
	return (struct turn){ cos(a), sin(a) };
}

static struct turn turn_mul(struct turn x, struct turn y)
{
	return (struct turn){ x.c * y.c - x.s * y.s, x.s * y.c + x.c * y.s };
}

static double wave_eval(enum pe_fn fn, double angle)
{
	return fn == PE_SIN ? sin(angle) : cos(angle);
}

/* ---- the bug zoo ---- */

static const struct pe_bug_info bug_table[PE_BUG_COUNT + 1] = {
	[PE_BUG_DIM_EXPONENT] = {
		"dim-exponent",
		"dim index j instead of 2i in the exponent",
		"The cosine of pair i turns at base^(-(2i+1)/d), slower than its "
		"sine: the pair is no longer a rotation, so PE(p).PE(q) depends "
		"on p, not only on q-p.",
		"pe[:, j] = f(pos / 10000 ** (j / d))  # j, not 2*(j//2)",
	},
	[PE_BUG_HALF_EXPONENT] = {
		"half-exponent",
		"i/d instead of 2i/d in the exponent",
		"Frequencies only fall to base^(-1/2): the longest wavelength is "
		"2*pi*sqrt(base), not ~2*pi*base, so distant positions look alike "
		"far sooner.",
		"w = 1 / 10000 ** (np.arange(d // 2) / d)   # i/d",
	},
	[PE_BUG_COS_NEXT_PAIR] = {
		"cos-next-pair",
		"the cosine uses pair i+1's frequency",
		"Sine and cosine of a pair turn at different speeds: the pair "
		"stops being a rotation, and similarity depends on where you are, "
		"not only on the offset.",
		"pe[:, 2*i+1] = np.cos(pos / 10000 ** (2*(i+1) / d))",
	},
	[PE_BUG_MULTIPLY] = {
		"multiply",
		"position times base^(2i/d), not divided",
		"All pairs but the first turn faster than a radian per token, most "
		"by far: every dimension is noise between neighbours, and "
		"similarity no longer decays smoothly.",
		"pe[:, 0::2] = np.sin(pos * 10000 ** (2 * i / d))",
	},
	[PE_BUG_SWAPPED] = {
		"swapped",
		"sin and cos swapped",
		"Harmless when training from scratch: each pair still holds sin "
		"and cos of one angle, so every dot product is unchanged. Only "
		"values differ: pretrained weights break.",
		"pe[:, 0::2], pe[:, 1::2] = np.cos(pos*w), np.sin(pos*w)",
	},
	[PE_BUG_FLOAT32] = {
		"float32",
		"angles computed in float32",
		"pos*w rounded to float32 is off by about pos*w*2^-24: nothing at "
		"short lengths, ~1e-3 at position 16k, more beyond; long contexts "
		"get noisy fast dims.",
		"ang = np.float32(pos)[:, None] * np.float32(w)",
	},
	[PE_BUG_NONE] = {
		"correct",
		"the correct encoding",
		"Pair i turns at base^(-2i/d); its sine and cosine share that "
		"frequency, so offsets are rotations.",
		"pe[:, 0::2], pe[:, 1::2] = np.sin(pos*w), np.cos(pos*w)",
	},
};

const struct pe_bug_info *pe_bug_info(enum pe_bug bug)
{
	if ((unsigned)bug > PE_BUG_NONE)
		bug = PE_BUG_NONE;
	return &bug_table[bug];
}

/* base^(-e/d): the frequency for exponent e/d. */
static double omega_at(const struct pe_params *p, double e)
{
	return pow(p->base, -e / p->d_model);
}

/* The waves of pair i's sine slot and cosine slot under bug. */
static void pair_waves(const struct pe_params *p, enum pe_bug bug, int i,
		       struct pe_wave *ws, struct pe_wave *wc)
{
	double w = pe_omega(p, i);

	*ws = (struct pe_wave){ w, PE_SIN };
	*wc = (struct pe_wave){ w, PE_COS };
	switch (bug) {
	case PE_BUG_DIM_EXPONENT:
		wc->omega = omega_at(p, 2.0 * i + 1.0);
		break;
	case PE_BUG_HALF_EXPONENT:
		ws->omega = wc->omega = omega_at(p, (double)i);
		break;
	case PE_BUG_COS_NEXT_PAIR:
		wc->omega = omega_at(p, 2.0 * i + 2.0);
		break;
	case PE_BUG_MULTIPLY:
		ws->omega = wc->omega = 1.0 / w;
		break;
	case PE_BUG_SWAPPED:
		ws->fn = PE_COS;
		wc->fn = PE_SIN;
		break;
	default:		/* NONE, FLOAT32: the exact waves */
		break;
	}
}

struct pe_wave pe_variant_wave(const struct pe_params *p, enum pe_bug bug,
			       int dim)
{
	struct pe_wave ws, wc;

	pair_waves(p, bug, pe_pair_of(p, dim), &ws, &wc);
	return pe_fn_of(p, dim) == PE_SIN ? ws : wc;
}

/* The float32 angle: pos and omega rounded to float, their product rounded
 * again (C11 6.3.1.5 and 5.2.4.2.2: assignment to a float drops any extra
 * precision the evaluation used). */
static double float32_angle(double pos, double omega)
{
	float pf = (float)pos, wf = (float)omega;
	float a = pf * wf;

	return (double)a;
}

static double wave_value(struct pe_wave w, enum pe_bug bug, double pos)
{
	if (bug == PE_BUG_FLOAT32)
		return wave_eval(w.fn, float32_angle(pos, w.omega));
	return wave_eval(w.fn, pos * w.omega);
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
	for (int i = 0; i < p->d_model / 2; i++) {
		struct pe_wave ws, wc;

		pair_waves(p, bug, i, &ws, &wc);
		out[pe_dim_of(p, i, PE_SIN)] = wave_value(ws, bug, pos);
		out[pe_dim_of(p, i, PE_COS)] = wave_value(wc, bug, pos);
	}
}

/* ---- means over spans ---- */

/* D = sin(n w/2) / (n sin(w/2)) as in pe.c: exactly 1 where it rounds to 1
 * anyway. Frequencies above pi (the multiply bug) can put w/2 on a multiple
 * of pi, where the samples all coincide and the quotient is 0/0 or badly
 * cancelled: D is then taken as 1, and always kept in [-1, 1], since a mean
 * of values in [-1, 1] cannot leave it. */
static double block_factor(double w, double n)
{
	double den, f;

	if (n <= 1.0 || fabs(0.5 * n * w) < 0x1p-26)
		return 1.0;
	den = n * sin(0.5 * w);
	if (den == 0.0)
		return 1.0;
	f = sin(0.5 * n * w) / den;
	return f > 1.0 ? 1.0 : f < -1.0 ? -1.0 : f;
}

/* A memo of four (key, turn) entries, oldest out first: plot columns have at
 * most two lengths and three steps between centres. */
enum { MEMO = 4 };

struct memo {
	long long key[MEMO];
	struct turn val[MEMO];
	int used, next;
};

static bool memo_get(const struct memo *m, long long key, struct turn *val)
{
	for (int i = 0; i < m->used; i++)
		if (m->key[i] == key) {
			*val = m->val[i];
			return true;
		}
	return false;
}

static struct turn memo_put(struct memo *m, long long key, struct turn val)
{
	m->key[m->next] = key;
	m->val[m->next] = val;
	m->next = (m->next + 1) % MEMO;
	if (m->used < MEMO)
		m->used++;
	return val;
}

/* out_s[j], out_c[j] = D_j * (sin, cos)(w * centre_j) for each span (either
 * output may be NULL): the means of sin(w x) and cos(w x) over the span. */
static void wave_span_pair(double w, const long long *start,
			   const long long *count, int n, double *out_s,
			   double *out_c)
{
	struct memo steps = { { 0 }, { { 0, 0 } }, 0, 0 };
	struct memo factors = { { 0 }, { { 0, 0 } }, 0, 0 };
	struct turn phase = { 1.0, 0.0 }, t;
	long long prev2 = 0;

	for (int j = 0; j < n; j++) {
		/* Twice the span's centre, an exact integer. */
		long long c2 = 2 * start[j] + count[j] - 1;

		if (j % PE_SPAN_RESEED == 0) {
			phase = turn_of(0.5 * (double)c2 * w);
		} else {
			if (!memo_get(&steps, c2 - prev2, &t))
				t = memo_put(&steps, c2 - prev2,
					     turn_of(0.5 * (double)(c2 - prev2) * w));
			phase = turn_mul(phase, t);
		}
		prev2 = c2;
		if (!memo_get(&factors, count[j], &t))
			t = memo_put(&factors, count[j],
				     (struct turn){ block_factor(w, (double)count[j]), 0.0 });
		if (out_s)
			out_s[j] = t.c * phase.s;
		if (out_c)
			out_c[j] = t.c * phase.c;
	}
}

void pe_wave_span_means(struct pe_wave w, const long long *start,
			const long long *count, int n, double *out)
{
	bool is_sin = w.fn == PE_SIN;

	wave_span_pair(w.omega, start, count, n, is_sin ? out : NULL,
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

	wave_span_pair(w.omega, start, count, n, out_s, out_c);
	for (int j = 0; j < n; j++) {
		double pos = (double)start[j];
		struct turn e;

		if (count[j] != 1)
			continue;
		e = small_turn(float32_angle(pos, w.omega) - pos * w.omega);
		if (w.fn == PE_SIN)
			out[j] = out_s[j] * e.c + out_c[j] * e.s;
		else
			out[j] = out_c[j] * e.c - out_s[j] * e.s;
	}
}

/* Means of one slot's wave w under bug (not PE_BUG_NONE). */
static void slot_means(struct pe_wave w, enum pe_bug bug,
		       const long long *start, const long long *count, int n,
		       double *out)
{
	if (bug != PE_BUG_FLOAT32) {
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

void pe_variant_span_means_pair(const struct pe_params *p, enum pe_bug bug,
				int pair, const long long *start,
				const long long *count, int n, double *out_s,
				double *out_c)
{
	struct pe_wave ws, wc;

	if (bug == PE_BUG_NONE) {
		pe_span_means_pair(p, pair, start, count, n, out_s, out_c);
		return;
	}
	pair_waves(p, bug, pair, &ws, &wc);
	if (ws.omega != wc.omega || bug == PE_BUG_FLOAT32) {
		if (out_s)
			slot_means(ws, bug, start, count, n, out_s);
		if (out_c)
			slot_means(wc, bug, start, count, n, out_c);
		return;
	}
	/* One frequency, one phase: the two slots hold its sine and cosine,
	 * in either order. */
	if (ws.fn == PE_SIN)
		wave_span_pair(ws.omega, start, count, n, out_s, out_c);
	else
		wave_span_pair(ws.omega, start, count, n, out_c, out_s);
}

void pe_variant_span_means(const struct pe_params *p, enum pe_bug bug,
			   int dim, const long long *start,
			   const long long *count, int n, double *out)
{
	bool is_sin = pe_fn_of(p, dim) == PE_SIN;

	pe_variant_span_means_pair(p, bug, pe_pair_of(p, dim), start, count, n,
				   is_sin ? out : NULL, is_sin ? NULL : out);
}

/* ---- comparing a mistake with the correct encoding ---- */

int pe_variant_compare_workspace(int d_model, int n)
{
	return 2 * d_model * n;
}

static double dot(const double *a, const double *b, int d)
{
	double s = 0.0;

	for (int k = 0; k < d; k++)
		s += a[k] * b[k];
	return s;
}

/* Cosine similarity of rows a and b; 0 when either is zero. */
static double row_cos(const double *a, const double *b, int d)
{
	double na = dot(a, a, d), nb = dot(b, b, d);

	if (na == 0.0 || nb == 0.0)
		return 0.0;
	return dot(a, b, d) / sqrt(na * nb);
}

struct pe_variant_diff pe_variant_compare(const struct pe_params *p,
					  enum pe_bug bug, const double *pos,
					  int n, int dim0, int ndim,
					  double *work)
{
	int d = p->d_model;
	double *good = work, *bad = work + (size_t)d * (size_t)n;
	struct pe_variant_diff r = { 0.0, 0.0 };

	for (int a = 0; a < n; a++) {
		double *g = good + (size_t)a * (size_t)d;
		double *b = bad + (size_t)a * (size_t)d;

		pe_row(p, pos[a], g);
		pe_variant_row(p, bug, pos[a], b);
		for (int k = dim0; k < dim0 + ndim; k++)
			if (fabs(b[k] - g[k]) > r.value)
				r.value = fabs(b[k] - g[k]);
	}
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			double cg = row_cos(good + (size_t)a * (size_t)d,
					    good + (size_t)b * (size_t)d, d);
			double cb = row_cos(bad + (size_t)a * (size_t)d,
					    bad + (size_t)b * (size_t)d, d);

			if (fabs(cb - cg) > r.similarity)
				r.similarity = fabs(cb - cg);
		}
	return r;
}

/* ---- similarity curves ---- */

size_t pe_sim_table_size(int d, int n)
{
	return (size_t)n * ((size_t)d + 1);
}

/* Sets the phase arrays to (cos, sin)(w_k q) for every wave. */
static void sim_seed(const struct pe_wave *w, int d, double q, double *c,
		     double *s)
{
	for (int k = 0; k < d; k++) {
		c[k] = cos(w[k].omega * q);
		s[k] = sin(w[k].omega * q);
	}
}

/* Waves are taken SIM_CHUNK at a time, so that their per-wave state (phase,
 * turn, block factor) fits on the stack and the functions need no
 * workspace beyond the table. */
enum { SIM_CHUNK = 256 };

/* Fills the table's columns k0 .. k0+len-1 (len <= SIM_CHUNK) and adds
 * their squares to the norms. Each wave's phase turns by w*step a sample,
 * re-seeded from sin/cos every SIM_RESEED samples. */
static void sim_fill_chunk(const struct pe_wave *w, int d, int k0, int len,
			   double q0, double step, double m, int n,
			   double *table, double *norm2)
{
	double c[SIM_CHUNK], s[SIM_CHUNK], tc[SIM_CHUNK], ts[SIM_CHUNK];
	double f[SIM_CHUNK], is_sin[SIM_CHUNK];

	for (int k = 0; k < len; k++) {
		struct turn t = turn_of(w[k0 + k].omega * step);

		tc[k] = t.c;
		ts[k] = t.s;
		f[k] = block_factor(w[k0 + k].omega, m);
		is_sin[k] = w[k0 + k].fn == PE_SIN ? 1.0 : 0.0;
	}
	for (int j = 0; j < n; j++) {
		double *row = table + (size_t)j * (size_t)d + k0, sum = 0.0;

		if (j % SIM_RESEED == 0)
			sim_seed(w + k0, len, q0 + j * step, c, s);
		for (int k = 0; k < len; k++) {
			double ck = c[k], sk = s[k];
			double v = is_sin[k] * sk + (1.0 - is_sin[k]) * ck;

			row[k] = f[k] * v;
			sum += v * v;
			c[k] = ck * tc[k] - sk * ts[k];
			s[k] = sk * tc[k] + ck * ts[k];
		}
		norm2[j] += sum;
	}
}

void pe_sim_table_fill(const struct pe_wave *w, int d, double q0, double step,
		       double m, int n, double *table)
{
	double *norm = table + (size_t)n * (size_t)d;

	for (int j = 0; j < n; j++)
		norm[j] = 0.0;
	for (int k0 = 0; k0 < d; k0 += SIM_CHUNK)
		sim_fill_chunk(w, d, k0, d - k0 < SIM_CHUNK ? d - k0 : SIM_CHUNK,
			       q0, step, m, n, table, norm);
	for (int j = 0; j < n; j++)
		norm[j] = sqrt(norm[j]);
}

/* sum a[k] * b[k] with four partial sums, which lets the compiler keep
 * several multiply-adds in flight (a single sum waits on each add). */
static double dot4(const double *restrict a, const double *restrict b, int d)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	int k = 0;

	for (; k + 4 <= d; k += 4) {
		s0 += a[k] * b[k];
		s1 += a[k + 1] * b[k + 1];
		s2 += a[k + 2] * b[k + 2];
		s3 += a[k + 3] * b[k + 3];
	}
	for (; k < d; k++)
		s0 += a[k] * b[k];
	return (s0 + s1) + (s2 + s3);
}

void pe_sim_table_eval(const struct pe_wave *w, int d, double pos,
		       const double *table, int n, double *out)
{
	const double *norm = table + (size_t)n * (size_t)d;
	double a[SIM_CHUNK], norm_p = 0.0;

	for (int j = 0; j < n; j++)
		out[j] = 0.0;
	/* The row at pos a chunk at a time, so no buffer of d is needed. */
	for (int k0 = 0; k0 < d; k0 += SIM_CHUNK) {
		int len = d - k0 < SIM_CHUNK ? d - k0 : SIM_CHUNK;

		for (int k = 0; k < len; k++) {
			a[k] = wave_eval(w[k0 + k].fn, w[k0 + k].omega * pos);
			norm_p += a[k] * a[k];
		}
		for (int j = 0; j < n; j++)
			out[j] += dot4(a, table + (size_t)j * (size_t)d + k0, len);
	}
	norm_p = sqrt(norm_p);
	for (int j = 0; j < n; j++)
		out[j] = norm_p > 0.0 && norm[j] > 0.0
			 ? out[j] / (norm_p * norm[j]) : 0.0;
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
	return two_pi / pe_scaled_omega(p, how, s, pair);
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

void pe_scaled_waves(const struct pe_params *p, enum pe_scaling how,
		     double s, struct pe_wave *out)
{
	for (int i = 0; i < p->d_model / 2; i++) {
		double w = pe_scaled_omega(p, how, s, i);

		out[pe_dim_of(p, i, PE_SIN)] = (struct pe_wave){ w, PE_SIN };
		out[pe_dim_of(p, i, PE_COS)] = (struct pe_wave){ w, PE_COS };
	}
}

/* ---- layouts ---- */

int pe_layout_gram_workspace(int d_model, int n)
{
	return 2 * d_model * n + d_model / 2;
}

double pe_layout_gram_diff(const struct pe_params *p, const double *pos,
			   int n, double *work)
{
	int d = p->d_model, h = d / 2;
	struct pe_params pi = *p, pc = *p;
	double *inter = work, *concat = work + (size_t)d * (size_t)n;
	double *omega = work + 2 * (size_t)d * (size_t)n;
	double worst = 0.0;

	pi.layout = PE_INTERLEAVED;
	pc.layout = PE_CONCAT;
	for (int i = 0; i < h; i++)
		omega[i] = pe_omega(p, i);
	/* Both rows as pe_row writes them, with each angle's sin and cos
	 * taken once and stored in the two layouts' places. */
	for (int a = 0; a < n; a++) {
		double *ri = inter + (size_t)a * (size_t)d;
		double *rc = concat + (size_t)a * (size_t)d;

		for (int i = 0; i < h; i++) {
			double sn = sin(pos[a] * omega[i]);
			double cs = cos(pos[a] * omega[i]);

			ri[pe_dim_of(&pi, i, PE_SIN)] = sn;
			ri[pe_dim_of(&pi, i, PE_COS)] = cs;
			rc[pe_dim_of(&pc, i, PE_SIN)] = sn;
			rc[pe_dim_of(&pc, i, PE_COS)] = cs;
		}
	}
	for (int a = 0; a < n; a++)
		for (int b = a; b < n; b++) {
			double gi = dot(inter + (size_t)a * (size_t)d,
					inter + (size_t)b * (size_t)d, d);
			double gc = dot(concat + (size_t)a * (size_t)d,
					concat + (size_t)b * (size_t)d, d);

			if (fabs(gi - gc) > worst)
				worst = fabs(gi - gc);
		}
	return worst;
}
