/* rope.h - RoPE from the inside: one query and one key turned pair by pair,
 * the score as the sum of its pairs' contributions, the two forms the code
 * ships in and the permutation between them, partial rotary, why the
 * values are not turned, and what the fast and the slow pairs are for.
 *
 * Pure C11 and libm, no I/O, no globals; the caller owns every array.
 *
 * A head of d dimensions (even, 2 .. PE_D_MAX) turns its first `rot` of
 * them (even, 2 .. d): GPT-NeoX's rotary_pct 0.25 and GPT-J's rotary_dim
 * 64 of 256 turn a quarter; Llama turns all. The rot/2 turned pairs turn
 * at theta_i = base^(-2i/rot), i = 0 .. rot/2 - 1 (the frequencies are
 * spread over the turned dimensions only: NeoX and GPT-J build them with
 * dim = rotary_ndims and rotary_dim); the other (d - rot)/2 pairs are
 * position-free.
 *
 * The two forms, each written here the way its code computes it:
 *   interleaved (Meta's reference llama/model.py, apply_rotary_emb,
 *     meta-llama/llama @0504cf44):
 *       xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
 *       xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
 *     pair i is (x[2i], x[2i+1]) = x[2i] + i x[2i+1], multiplied by
 *     freqs_cis = e^{i pos theta_i}: (a c - b s, a s + b c);
 *   rotate_half (Hugging Face's modeling_llama.py, huggingface/transformers
 *     @00227283; GPT-NeoX's order):
 *       x1 = x[..., : x.shape[-1] // 2]
 *       x2 = x[..., x.shape[-1] // 2 :]
 *       return torch.cat((-x2, x1), dim=-1)
 *       q_embed = (q * cos) + (rotate_half(q) * sin)
 *     with cos, sin of emb = torch.cat((freqs, freqs), dim=-1): pair i is
 *     (x[i], x[i + rot/2]).
 * convert_llama_weights_to_hf.py (huggingface/transformers @01cc9cd9)
 * turns Meta's W_Q and W_K rows into Hugging Face's with
 *     def permute(w, n_heads, dim1=dim, dim2=dim):
 *         return w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2).reshape(dim1, dim2)
 * which, inside one head, sends row 2i to row i and row 2i+1 to row
 * i + d/2: rope_permute. Then the rotate_half form of the permuted vector
 * is the interleaved form of the vector, permuted, bit for bit: both
 * compute the same two products and one sum or difference for each
 * component (each product a statement of its own, so no compiler fuses
 * one form and not the other), from the same sin and cos of pos * theta_i.
 *
 * Scores are summed pair by pair, in pair order (rope_dot), so that the
 * two forms' scores are the same double too: a plain sum over dimensions
 * in index order would add in another order in each form and differ by
 * rounding. */
#ifndef ROPE_H
#define ROPE_H

#include <stdbool.h>
#include <stdint.h>

enum rope_form {
	ROPE_INTERLEAVED,	/* pairs (2i, 2i+1): Meta, GPT-J, RoFormer */
	ROPE_HALF		/* pairs (i, i + rot/2): HF Llama, GPT-NeoX */
};

struct rope_setup {
	int d;			/* head width, even, 2 .. PE_D_MAX */
	int rot;		/* turned dimensions, even, 2 .. d */
	double base;		/* 1 < base <= PE_BASE_MAX */
};

/* Whether r is not NULL and its numbers are in the ranges above. */
/* For tests only. */
bool rope_setup_valid(const struct rope_setup *r);

/* The turned dimensions for a fraction 1/den of d (den >= 1): d/den
 * rounded down to even, at least 2. */
int rope_rot_of(int d, int den);

/* theta[i] = base^(-2i/rot) for i < rot/2: the table every function
 * below takes, so that a view pays the pow once per base and width. */
void rope_thetas(const struct rope_setup *r, double *theta);

/* The seeded query and key of the view: d independent N(0, 1) draws
 * each, from streams rng_stream_of(RNG_STREAM_ROPE_Q or _K, 0) of seed. */
void rope_draw_qk(uint64_t seed, int d, double *q, double *k);

/* x turned for position pos in form f into out (d doubles each; out may
 * not be x): the first rot dimensions as the form's code does, the rest
 * copied. Angles pos * theta_i through pe_sincos (libm's below 1e8). */
void rope_rotate(const struct rope_setup *r, const double *theta,
		 enum rope_form f, double pos, const double *x, double *out);

/* sin and cos of pos * theta_i, i < rot/2, into sn[] and cs[]: the angles
 * every turn at pos uses (pe_sincos, libm's below 1e8). */
void rope_angles(const struct rope_setup *r, const double *theta, double pos,
		 double *sn, double *cs);

/* rope_rotate with the angles of its position given (rope_angles): the
 * same doubles, for a caller that turns several vectors at one
 * position. */
void rope_rotate_at(const struct rope_setup *r, const double *sn,
		    const double *cs, enum rope_form f, const double *x,
		    double *out);

/* convert_llama_weights_to_hf.py's permute applied to one head's vector
 * (its rows): out[i] = x[2i], out[i + rot/2] = x[2i+1] for i < rot/2, the
 * dimensions from rot on copied. out may not be x. */
void rope_permute(int rot, int d, const double *x, double *out);

/* The dot product of a and b summed pair by pair in pair order: pair i
 * is (2i, 2i+1) in the interleaved form, (i, i + rot/2) in the
 * rotate_half form for i < rot/2, and (2i, 2i+1) past rot in both. */
double rope_dot(const struct rope_setup *r, enum rope_form f,
		const double *a, const double *b);

/* The score's contributions of pairs [pair0, pair1) (0 <= pair0 < pair1
 * <= d/2) for the query q at position p and the key k at position pq, in
 * the interleaved form: out[i - pair0] = Re(q~_i conj(k~_i)
 * e^{i (p - pq) theta_i}) with q~_i = q[2i] + i q[2i+1], for turned pairs,
 * and q[2i] k[2i] + q[2i+1] k[2i+1] for position-free ones. A function of
 * p - pq only: positions moved together give the same doubles. Their sum
 * is rope_dot of the turned q and k to rounding (~1e-15 relative, plus the
 * rounding of the angles, about |p| 2^-53 each). */
void rope_contributions(const struct rope_setup *r, const double *theta,
			double p, double pq, const double *q, const double *k,
			int pair0, int pair1, double *out);

/* The score of turned pairs [i0, i1) (0 <= i0 < i1 <= rot/2) alone at
 * offset m = p - pq, divided by sum |q~_i| |k~_i| over them (its largest
 * possible size), so in [-1, 1]; 0 when that sum is 0. */
double rope_band_score(const double *theta, const double *q,
		       const double *k, int i0, int i1, double m);

/* ---- why the values are not turned ---- */

enum {
	ROPE_HEAD_TOKENS = 8,	/* tokens of the sentence */
	ROPE_HEAD_D_MAX = 128	/* width of the head, at most */
};

/* How far one head's outputs move when its sentence moves. */
struct rope_vshift {
	double moved_plain;	/* v not turned: max |out(s) - out(0)| */
	double moved_rotated;	/* v turned like k: the same */
	double scale;		/* max |out(0)| of the plain head */
};

/* One attention head (no mask, softmax of q.k / sqrt d) over the
 * ROPE_HEAD_TOKENS tokens t = 0 .. 7 of a seeded sentence, each with its
 * own q, k and v (N(0, 1), streams rng_stream_of(RNG_STREAM_ROPE_Q, _K,
 * _V, t + 1)), q and k turned by RoPE at their positions: the outputs for
 * the sentence at positions 0 .. 7 against at s .. s + 7, with v left
 * alone and with v turned like k. r->d <= ROPE_HEAD_D_MAX. Left alone, the
 * scores depend on offsets only, so the outputs do not move (to the
 * rounding of the angles); turned, each v_b carries its absolute
 * position into the output. */
void rope_v_shift(const struct rope_setup *r, uint64_t seed, double s,
		  struct rope_vshift *out);

/* ---- designs that fail (lesson 8) ---- */

/* The raw integer p added to every component of two word vectors a and b
 * (d values each): how much of the word is left. */
struct rope_integer {
	double word;		/* cos(a + p 1, a): the sum against its word */
	double words;		/* cos(a + p 1, b + p 1): two words at p */
	double ratio;		/* |p 1| / |a|: position over word */
};

/* What the closed form needs of the two words: their dot products and
 * sums. */
struct rope_words {
	int d;			/* their width */
	double aa, bb, ab;	/* a.a, b.b, a.b */
	double sa, sb;		/* sum a, sum b */
};

void rope_words_of(const double *a, const double *b, int d,
		   struct rope_words *w);

/* The numbers above at position p >= 0, in closed form:
 * |a + p 1|^2 = a.a + 2 p sum a + p^2 d, and so on; O(1). */
void rope_integer_add(const struct rope_words *w, double p,
		      struct rope_integer *out);

#endif
