/* attention.h - the attention score between a query at position p and a
 * key at position q, for the ways a Transformer is told where its tokens
 * are: sinusoidal PE added to the tokens, RoPE, ALiBi, and nothing.
 *
 * Pure C11 and libm, no I/O, no globals; the tables of a model live in a
 * struct attn that attn_init allocates and attn_free releases.
 *
 * The model. Every vector has d = set.pe.d_model components, and pair i
 * (0 <= i < d/2) turns at theta_i = omega_i = base^(-2i/d), the encoding's
 * own frequencies (pe.h). The token at position p has the content vector
 * x_p; W_Q and W_K are d x d, either the identity or seeded Gaussian with
 * entries N(0, 1/d) (so that |W x| is |x| on average). The score of query
 * p and key q is
 *   ATTN_NOPE           (W_Q x_p) . (W_K x_q)
 *   ATTN_ADDED          (W_Q (x_p + PE_p)) . (W_K (x_q + PE_q))
 *   ATTN_ROPE           (R_p W_Q x_p) . (R_q W_K x_q), R_p turning the
 *                       interleaved pairs (2i, 2i+1) by p theta_i (the
 *                       paper, GPT-J): equal to (W_Q x_p)^T R_{q-p} (W_K x_q),
 *                       a function of q - p for fixed content
 *   ATTN_ROPE_HALF      the same in rotate_half code (GPT-NeoX, Hugging
 *                       Face's Llama; Meta's reference llama model.py is
 *                       interleaved): dims (i, i + d/2) turn together, with
 *                       the rows of W_Q and W_K permuted to match (row 2i
 *                       to i, 2i+1 to i + d/2), as Hugging Face's
 *                       convert_llama_weights_to_hf.py does ("permute for
 *                       sliced rotary"). The permuted rows put the same numbers
 *                       into the same products, so its scores are
 *                       ATTN_ROPE's bit for bit: one mathematics, two
 *                       layouts
 *   ATTN_ROPE_MISMATCH  rotate_half code fed weights made for the
 *                       interleaved one without the permutation: dims
 *                       (i, i + d/2) of W x turn by p theta_i. Still a
 *                       function of q - p, but a different one: the offsets
 *                       the weights were made to see land on other
 *                       frequencies (the difference from ATTN_ROPE is its
 *                       measured effect)
 *   ATTN_ALIBI          (W_Q x_p) . (W_K x_q) - m |p - q|, m = set.slope
 * Added PE expands into four terms (attn_terms_add): content.content +
 * content.position + position.content + position.position; only the last
 * depends on p - q alone (and only when W_Q^T W_K commutes with the
 * rotations, as the identity does), which is why added PE is not exactly
 * relative. With the same content at every position (ATTN_CONTENT_UNIFORM,
 * or a vocabulary of one token) RoPE's and ALiBi's scores are functions of
 * p - q to rounding, added PE's are not (attn_diagonal_spread measures it);
 * with a sentence of different tokens every scheme also depends on which
 * tokens meet.
 *
 * Content. ATTN_CONTENT_UNIFORM: x_p = (1/sqrt d, ..., 1/sqrt d) at every
 * p, the vector of --dump-series scores. ATTN_CONTENT_TOKENS: a vocabulary
 * of set.vocab token vectors with entries N(0, 1/2), so that |x|^2 is d/2
 * on average, as strong as the encoding (|PE|^2 = d/2: the Transformer
 * scales its embeddings by sqrt(d_model) for the same reason); the token at
 * position p is attn_token(a, p), a seeded hash of p, so any of a billion
 * positions has one without a table.
 *
 * Seeds. Token vectors, the tokens at positions and the weights come from
 * set.seed through rng.h, each table from its own stream: the same seed
 * gives the same model on every machine (rng.h says how far that holds).
 *
 * Computing only what is seen. Scores are asked for on a grid of positions:
 * rows are queries, columns keys, each an axis of positions (and, where the
 * caller chooses them, tokens). A score is a sum over the d/2 output pairs,
 * so the work comes in two steps that a view can slice any way its frame
 * budget needs:
 *   attn_vectors    the query or key vectors of an axis for output pairs
 *                   [pair0, pair1): O(n (pair1 - pair0)) with W the
 *                   identity, plus O(n (pair1 - pair0) d + n d) with W
 *                   random (a projection of PE_p for ATTN_ADDED; the
 *                   other schemes project token vectors once, in the fill);
 *   attn_dots_add   their dot products added into the score matrix:
 *                   O(rows cols (pair1 - pair0));
 * and for ALiBi attn_bias_add once. Chunks of pairs may come in any order
 * and any sizes: the sums agree to the rounding of the additions. Nothing
 * is ever an L x L product: a 240 x 70 grid at d = 512 is 8.6 million
 * multiply-adds, and at d = 65536 it is sliced by pairs. attn_scores does
 * all the steps at once. */
#ifndef ATTENTION_H
#define ATTENTION_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/pe.h"

enum {
	ATTN_VOCAB_MAX = 32,		/* token vectors in a vocabulary */
	ATTN_RANDOM_D_MAX = 1024	/* widest random W: two d x d tables
					   of 8 MiB each, d^2 multiply-adds
					   per projected vector */
};

/* Positions go up to PE_LEN_MAX (pe.h). */

enum attn_scheme {
	ATTN_NOPE,		/* no positional information */
	ATTN_ADDED,		/* sinusoidal PE added to the token */
	ATTN_ROPE,		/* rotary, interleaved pairs */
	ATTN_ROPE_HALF,		/* rotary, rotate_half pairs, rows permuted */
	ATTN_ROPE_MISMATCH,	/* rotate_half with unpermuted weights: a bug */
	ATTN_ALIBI,		/* linear bias on the distance */
	ATTN_SCHEMES		/* number of schemes, not a scheme */
};

enum attn_weights {
	ATTN_W_IDENTITY,	/* W_Q = W_K = I */
	ATTN_W_RANDOM		/* seeded N(0, 1/d), d <= ATTN_RANDOM_D_MAX */
};

enum attn_content {
	ATTN_CONTENT_UNIFORM,	/* every x_p = (1/sqrt d, ...) */
	ATTN_CONTENT_TOKENS	/* seeded token vectors, seeded tokens */
};

enum attn_side {
	ATTN_QUERY,		/* rows: W_Q, the position p */
	ATTN_KEY		/* columns: W_K, the position q */
};

/* The terms of the added score, in attn_terms_add's out[] order. */
enum attn_term {
	ATTN_CC,		/* content . content: (W_Q x_p).(W_K x_q) */
	ATTN_CP,		/* content . position: (W_Q x_p).(W_K PE_q) */
	ATTN_PC,		/* position . content: (W_Q PE_p).(W_K x_q) */
	ATTN_PP,		/* position . position: (W_Q PE_p).(W_K PE_q) */
	ATTN_TERMS		/* number of terms, not a term */
};

/* Everything a model's numbers depend on. */
struct attn_setup {
	struct pe_params pe;		/* d, base (of PE and RoPE alike) and
					   the layout of the added PE */
	enum attn_weights weights;	/* W_Q and W_K */
	enum attn_content content;	/* what the x_p are */
	int vocab;			/* tokens, 1 .. ATTN_VOCAB_MAX (used
					   with ATTN_CONTENT_TOKENS) */
	uint64_t seed;			/* of weights, vectors and tokens */
	double slope;			/* ALiBi's m, finite and >= 0 */
};

/* A model: its setup and tables. Read the fields, never write them. */
struct attn {
	struct attn_setup set;		/* a copy of the setup */
	int tokens;			/* rows of tokvec: vocab, or 1 */
	double *omega;			/* omega_i, d/2 of them */
	double *tokvec;			/* tokens x d: x_t, row by row */
	double *wq, *wk;		/* d x d row-major (random), or NULL */
	double *qtok, *ktok;		/* tokens x d: W_Q x_t and W_K x_t
					   (tokvec itself for the identity) */
	int filled, steps;		/* fill steps done, and in all */
};

/* True when s is not NULL, its pe is valid (pe_params_valid), weights and
 * content are known values, random weights have d <= ATTN_RANDOM_D_MAX,
 * 1 <= vocab <= ATTN_VOCAB_MAX and slope is finite and >= 0. */
/* For tests only. */
bool attn_setup_valid(const struct attn_setup *s);

/* "NoPE", "added", "RoPE", "RoPE half", "RoPE mismatch", "ALiBi"; "?" for
 * other values. */
/* For tests only. */
const char *attn_scheme_name(enum attn_scheme s);

/* ALiBi's slope for head h of H (1 <= h <= H <= 2^30) as the paper's code
 * makes them (Press et al., 2022: get_slopes in
 * ofirpress/attention_with_linear_biases, fairseq/models/transformer.py):
 * for H a power of two, 2^(-8h/H); otherwise the H' = 2^floor(log2 H)
 * slopes of H' heads, then the 1st, 3rd, 5th, ... slopes of 2H' heads for
 * heads H'+1 .. H. So head 1's is 2^(-8/H') whatever H: 0.5 at H = 12. */
double attn_alibi_slope(int h, int heads);

/* Prepares a for the valid setup s: allocates its tables (tokens x d for
 * the vectors, twice that and 2 d^2 more with random weights) and computes
 * the frequencies; the tables are then filled by attn_fill_step, or all at
 * once by attn_fill. Returns false when memory runs out (a then needs no
 * attn_free). */
bool attn_init(struct attn *a, const struct attn_setup *s);

/* One step of filling the tables: a token vector (d Gaussians), a row of
 * W_Q or W_K (d Gaussians) or a projected token vector (d^2 multiply-adds,
 * random weights only); a view spreads them over frames. Returns true when
 * the tables are complete (then at once). Scores need complete tables. */
bool attn_fill_step(struct attn *a);

/* All the remaining steps. */
void attn_fill(struct attn *a);

/* Releases what attn_init took; a is then unusable until initialised. */
void attn_free(struct attn *a);

/* The token at position pos (0 <= pos): a seeded hash of pos, in
 * 0 .. vocab-1; always 0 for ATTN_CONTENT_UNIFORM. */
/* For tests only. */
int attn_token(const struct attn *a, long long pos);

/* The content vector of token t (0 <= t < a->tokens): d values. */
const double *attn_token_vector(const struct attn *a, int t);

/* One axis of a grid of scores: n positions, and the token at each. */
struct attn_axis {
	const long long *pos;		/* 0 <= pos[j] <= PE_LEN_MAX */
	const int *token;		/* 0 <= token[j] < a->tokens, or NULL
					   for attn_token(a, pos[j]) */
	int n;				/* >= 1 */
};

/* The vectors of `side` for the positions of ax under scheme s, for output
 * pairs [pair0, pair1) (0 <= pair0 < pair1 <= d/2), dimension-major:
 * out[(2 (i - pair0) + h) * n + j] is component h (0: row0, 1: row1 of
 * attn_pair_rows) of pair i for position j; 2 (pair1 - pair0) n doubles.
 * Queries use W_Q, keys W_K; RoPE turns the pair by pos * theta_i; added
 * PE adds W PE_pos. Angles go through pe_sincos_n (within 4e-16 of the
 * exact sin and cos, plus the rounding of pos * theta_i itself, about
 * pos * 2^-53). Cost: see the top of this file. */
void attn_vectors(const struct attn *a, enum attn_scheme s,
		  enum attn_side side, const struct attn_axis *ax, int pair0,
		  int pair1, double *out);

/* out[a * nk + b] += sum over c < width of q[c * nq + a] * k[c * nk + b]:
 * the dot products of nq query vectors and nk key vectors of `width`
 * components each, laid out as attn_vectors writes them (width =
 * 2 (pair1 - pair0)). Cost: nq nk width multiply-adds, in blocks of four
 * queries by four keys (about 10 per ns here). */
void attn_dots_add(const double *q, int nq, const double *k, int nk,
		   int width, double *out);

/* Adds what is not a dot product: -m |p - q| for ATTN_ALIBI, nothing for
 * the others. out as in attn_dots_add, rows->n x cols->n. */
void attn_bias_add(const struct attn *a, enum attn_scheme s,
		   const struct attn_axis *rows, const struct attn_axis *cols,
		   double *out);

/* Doubles of workspace attn_scores and attn_terms need for nq query and nk
 * key positions and `pairs` pairs a call: 4 (nq + nk) pairs. */
long long attn_work_size(int nq, int nk, int pairs);

/* The whole score matrix of s in one call: out[a * cols->n + b] = s(p_a,
 * q_b), every pair at once. work: attn_work_size(rows->n, cols->n, d/2). */
void attn_scores(const struct attn *a, enum attn_scheme s,
		 const struct attn_axis *rows, const struct attn_axis *cols,
		 double *work, double *out);

/* Adds the four terms of the added score for pairs [pair0, pair1) into
 * out[ATTN_CC] .. out[ATTN_PP] (each rows->n x cols->n, laid out as in
 * attn_dots_add). Summed over all pairs, the four add up to attn_scores'
 * ATTN_ADDED to rounding. work: attn_work_size(rows->n, cols->n,
 * pair1 - pair0). */
void attn_terms_add(const struct attn *a, const struct attn_axis *rows,
		    const struct attn_axis *cols, int pair0, int pair1,
		    double *work, double *const out[ATTN_TERMS]);

/* How far a score matrix is from a function of p - q: the scores of the
 * grid rows x cols (s[a * cols->n + b] for query p_a, key q_b) grouped by
 * offset p_a - q_b, and within each group max - min. */
struct attn_spread {
	double spread;		/* the largest max - min of a group */
	long long offset;	/* an offset p - q where it is reached */
	int groups;		/* offsets with two or more scores: the
				   spread says nothing when this is 0 */
	double scale;		/* max |s| over the grid, to make the
				   spread relative (0 for a zero matrix) */
};

/* The spread of s over the grid. work: 2 rows->n cols->n doubles. Cost: a
 * sort of rows->n cols->n entries. For RoPE and ALiBi with the same
 * content everywhere it is rounding: ALiBi's exactly 0, RoPE's about
 * max |p|, |q| times 2^-53 times scale (the rounding of the angles), below
 * 1e-12 relative for positions to a thousand; added PE's is of the order of
 * the cross terms. */
struct attn_spread attn_diagonal_spread(const double *s,
					const struct attn_axis *rows,
					const struct attn_axis *cols,
					double *work);

/* What of s is not a function of p - q: out[k] = s[k] minus the mean of
 * the scores of its offset group (the grid's entries with the same
 * p_a - q_b as entry k, laid out as in attn_diagonal_spread), i.e. s minus
 * the mean of the diagonal it lies on. 0 to rounding for RoPE and ALiBi
 * with the same content everywhere (exactly 0 where a diagonal's scores
 * are equal, as ALiBi's are); the pattern of the cross terms for added
 * PE.
 * out may not be s. work: 3 rows->n cols->n doubles. Cost: a sort, as
 * attn_diagonal_spread. */
void attn_diagonal_residual(const double *s, const struct attn_axis *rows,
			    const struct attn_axis *cols, double *out,
			    double *work);

/* A robust size of s for a colour scale: the value at fraction frac
 * (0 < frac <= 1; the nearest rank, rounded up) of the sorted |s| over the
 * entries off the diagonal (p_a != q_b), so that the diagonal, which holds
 * |x + PE_p|^2 for added PE, does not set the scale of everything else;
 * max |s| when every entry is on the diagonal, 0 for a zero matrix. work:
 * rows->n cols->n doubles. */
double attn_offdiag_quantile(const double *s, const struct attn_axis *rows,
			     const struct attn_axis *cols, double frac,
			     double *work);

/* Root mean square of v[0..n-1] (n >= 1): the size of a term. */
double attn_rms(const double *v, long long n);

#endif
