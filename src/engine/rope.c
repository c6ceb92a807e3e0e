/* rope.c - RoPE from the inside (see rope.h for the contracts). */
#include "engine/rope.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "engine/pe.h"
#include "engine/pe_trig.h"
#include "engine/rng.h"

bool rope_setup_valid(const struct rope_setup *r)
{
	struct pe_params p;

	if (!r)
		return false;
	p = (struct pe_params){ r->d, r->base, PE_INTERLEAVED };
	return pe_params_valid(&p) && r->rot >= 2 && r->rot <= r->d &&
	       r->rot % 2 == 0;
}

int rope_rot_of(int d, int den)
{
	int rot = den >= 1 ? d / den : d;

	rot -= rot % 2;
	return rot < 2 ? 2 : rot;
}

/* theta_i = base^(-2i/rot), 0 <= i < rot/2. */
static double rope_theta(const struct rope_setup *r, int i)
{
	struct pe_params p = { r->rot, r->base, PE_INTERLEAVED };

	return pe_omega(&p, i);
}

void rope_thetas(const struct rope_setup *r, double *theta)
{
	for (int i = 0; i < r->rot / 2; i++)
		theta[i] = rope_theta(r, i);
}

void rope_draw_qk(uint64_t seed, int d, double *q, double *k)
{
	rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_Q, 0), 1.0, d, q);
	rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_K, 0), 1.0, d, k);
}

/* Meta's complex product (a + ib)(c + is) = (ac - bs) + i(as + bc), and
 * Hugging Face's x*cos + rotate_half(x)*sin, each product a statement so
 * that no compiler contracts one form into a fused multiply-add and not
 * the other. Pairs [i0, i1) with sn[i - i0], cs[i - i0] their angles. */
static void turn_interleaved(int i0, int i1, const double *sn,
			     const double *cs, const double *x, double *out)
{
	for (int i = i0; i < i1; i++) {
		double a = x[2 * i], b = x[2 * i + 1];
		double s = sn[i - i0], c = cs[i - i0], ac, bs, as, bc;

		ac = a * c;
		bs = b * s;
		as = a * s;
		bc = b * c;
		out[2 * i] = ac - bs;
		out[2 * i + 1] = as + bc;
	}
}

static void turn_half(int h, int i0, int i1, const double *sn,
		      const double *cs, const double *x, double *out)
{
	/* emb = cat(freqs, freqs): dims i and i + h share theta_i;
	 * rotate_half(x) = cat(-x2, x1) */
	for (int i = i0; i < i1; i++)
		for (int half = 0; half < 2; half++) {
			int j = half ? i + h : i;
			double rh = half ? x[i] : -x[i + h];
			double xc, rs;

			xc = x[j] * cs[i - i0];
			rs = rh * sn[i - i0];
			out[j] = xc + rs;
		}
}

static void turn(const struct rope_setup *r, enum rope_form f, int i0, int i1,
		 const double *sn, const double *cs, const double *x,
		 double *out)
{
	if (f == ROPE_HALF)
		turn_half(r->rot / 2, i0, i1, sn, cs, x, out);
	else
		turn_interleaved(i0, i1, sn, cs, x, out);
}

void rope_angles(const struct rope_setup *r, const double *theta, double pos,
		 double *sn, double *cs)
{
	for (int i = 0; i < r->rot / 2; i++)
		pe_sincos(pos * theta[i], &sn[i], &cs[i]);
}

void rope_rotate_at(const struct rope_setup *r, const double *sn,
		    const double *cs, enum rope_form f, const double *x,
		    double *out)
{
	turn(r, f, 0, r->rot / 2, sn, cs, x, out);
	memcpy(out + r->rot, x + r->rot, (size_t)(r->d - r->rot) * sizeof *x);
}

enum { RUN = 256 };	/* pairs whose angles rope_rotate keeps at a time */

void rope_rotate(const struct rope_setup *r, const double *theta,
		 enum rope_form f, double pos, const double *x, double *out)
{
	for (int i0 = 0; i0 < r->rot / 2; i0 += RUN) {
		int i1 = r->rot / 2 - i0 < RUN ? r->rot / 2 : i0 + RUN;
		double sn[RUN], cs[RUN];

		for (int i = i0; i < i1; i++)
			pe_sincos(pos * theta[i], &sn[i - i0], &cs[i - i0]);
		turn(r, f, i0, i1, sn, cs, x, out);
	}
	memcpy(out + r->rot, x + r->rot, (size_t)(r->d - r->rot) * sizeof *x);
}

void rope_permute(int rot, int d, const double *x, double *out)
{
	int h = rot / 2;

	/* view(h, 2).transpose(0, 1): row (i, j) -> row (j, i) */
	for (int i = 0; i < h; i++) {
		out[i] = x[2 * i];
		out[i + h] = x[2 * i + 1];
	}
	memcpy(out + rot, x + rot, (size_t)(d - rot) * sizeof *x);
}

double rope_dot(const struct rope_setup *r, enum rope_form f,
		const double *a, const double *b)
{
	int h = r->rot / 2;
	double sum = 0.0;

	for (int i = 0; i < r->d / 2; i++) {
		int u = 2 * i, v = 2 * i + 1;
		double x, y;

		if (f == ROPE_HALF && i < h) {
			u = i;
			v = i + h;
		}
		x = a[u] * b[u];
		y = a[v] * b[v];
		sum += x + y;
	}
	return sum;
}

void rope_contributions(const struct rope_setup *r, const double *theta,
			double p, double pq, const double *q, const double *k,
			int pair0, int pair1, double *out)
{
	int h = r->rot / 2;
	double m = p - pq;

	for (int i = pair0; i < pair1; i++) {
		double qa = q[2 * i], qb = q[2 * i + 1];
		double ka = k[2 * i], kb = k[2 * i + 1];
		double re = qa * ka + qb * kb, s, c;

		if (i >= h) {
			out[i - pair0] = re;
			continue;
		}
		/* Re(z e^{i phi}) with z = q~ conj(k~) = re + i im */
		pe_sincos(m * theta[i], &s, &c);
		out[i - pair0] = re * c - (qb * ka - qa * kb) * s;
	}
}

double rope_band_score(const double *theta, const double *q,
		       const double *k, int i0, int i1, double m)
{
	double sum = 0.0, size = 0.0;

	for (int i = i0; i < i1; i++) {
		double qa = q[2 * i], qb = q[2 * i + 1];
		double ka = k[2 * i], kb = k[2 * i + 1];
		double re = qa * ka + qb * kb, im = qb * ka - qa * kb, s, c;

		pe_sincos(m * theta[i], &s, &c);
		sum += re * c - im * s;
		size += hypot(qa, qb) * hypot(ka, kb);
	}
	return size > 0.0 ? sum / size : 0.0;
}

/* ---- the head ---- */

enum { N = ROPE_HEAD_TOKENS, DH = ROPE_HEAD_D_MAX };

/* The outputs of the head for the sentence at positions s + t into
 * out[t][c]; v turned at its position when turn_v. */
static void head_outputs(const struct rope_setup *r, const double *theta,
			 const double (*q)[DH],
			 const double (*k)[DH], const double (*v)[DH],
			 double s, bool turn_v, double (*out)[DH])
{
	double qr[N][DH], kr[N][DH], vr[N][DH];
	int d = r->d;

	for (int t = 0; t < N; t++) {
		rope_rotate(r, theta, ROPE_INTERLEAVED, s + t, q[t], qr[t]);
		rope_rotate(r, theta, ROPE_INTERLEAVED, s + t, k[t], kr[t]);
		if (turn_v)
			rope_rotate(r, theta, ROPE_INTERLEAVED, s + t, v[t], vr[t]);
		else
			memcpy(vr[t], v[t], (size_t)d * sizeof v[t][0]);
	}
	for (int a = 0; a < N; a++) {
		double w[N], top = -INFINITY, z = 0.0;

		for (int b = 0; b < N; b++) {
			w[b] = rope_dot(r, ROPE_INTERLEAVED, qr[a], kr[b]) /
			       sqrt((double)d);
			top = fmax(top, w[b]);
		}
		for (int b = 0; b < N; b++) {
			w[b] = exp(w[b] - top);
			z += w[b];
		}
		for (int c = 0; c < d; c++) {
			double acc = 0.0;

			for (int b = 0; b < N; b++)
				acc += w[b] / z * vr[b][c];
			out[a][c] = acc;
		}
	}
}

void rope_v_shift(const struct rope_setup *r, uint64_t seed, double s,
		  struct rope_vshift *res)
{
	double q[N][DH], k[N][DH], v[N][DH], o0[N][DH], o1[N][DH];
	double theta[DH / 2];
	int d = r->d;

	rope_thetas(r, theta);
	for (int t = 0; t < N; t++) {
		uint64_t item = (uint64_t)t + 1;

		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_Q, item),
			       1.0, d, q[t]);
		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_K, item),
			       1.0, d, k[t]);
		rng_gauss_fill(seed, rng_stream_of(RNG_STREAM_ROPE_V, item),
			       1.0, d, v[t]);
	}
	*res = (struct rope_vshift){ 0 };
	for (int turned = 0; turned < 2; turned++) {
		double moved = 0.0;

		head_outputs(r, theta, (const double (*)[DH])q,
			     (const double (*)[DH])k, (const double (*)[DH])v,
			     0.0, turned, o0);
		head_outputs(r, theta, (const double (*)[DH])q,
			     (const double (*)[DH])k, (const double (*)[DH])v,
			     s, turned, o1);
		for (int t = 0; t < N; t++)
			for (int c = 0; c < d; c++) {
				moved = fmax(moved, fabs(o1[t][c] - o0[t][c]));
				if (!turned)
					res->scale = fmax(res->scale,
							  fabs(o0[t][c]));
			}
		if (turned)
			res->moved_rotated = moved;
		else
			res->moved_plain = moved;
	}
}

/* ---- designs that fail ---- */

void rope_words_of(const double *a, const double *b, int d,
		   struct rope_words *w)
{
	*w = (struct rope_words){ .d = d };
	for (int c = 0; c < d; c++) {
		w->aa += a[c] * a[c];
		w->bb += b[c] * b[c];
		w->ab += a[c] * b[c];
		w->sa += a[c];
		w->sb += b[c];
	}
}

void rope_integer_add(const struct rope_words *w, double p,
		      struct rope_integer *out)
{
	double na = sqrt(w->aa), d = w->d;
	double nxa = sqrt(fmax(w->aa + 2 * p * w->sa + p * p * d, 0.0));
	double nxb = sqrt(fmax(w->bb + 2 * p * w->sb + p * p * d, 0.0));

	out->word = na > 0 && nxa > 0 ? (w->aa + p * w->sa) / (na * nxa) : 0.0;
	out->words = nxa > 0 && nxb > 0
		? (w->ab + p * (w->sa + w->sb) + p * p * d) / (nxa * nxb) : 0.0;
	out->ratio = na > 0 ? p * sqrt(d) / na : 0.0;
}
