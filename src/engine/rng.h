/* rng.h - seeded random numbers of our own, for the attention demos'
 * weights, token vectors and shuffles: the same seed gives the same numbers
 * on every machine, whatever its C library's rand().
 *
 * Pure C11 and libm, no I/O, no globals: a generator is a value the caller
 * owns. The generator is xoshiro256** (Blackman and Vigna, 2018), seeded
 * through splitmix64; integers and uniforms are exact functions of the
 * seed. Gaussians use Marsaglia's polar method, which needs only sqrt (exact
 * in IEEE arithmetic) and log: bit-identical wherever libm's log is (glibc
 * on x86-64 and arm64, for one), within an ulp elsewhere.
 *
 * Streams. Every table the demos draw (each weight matrix, each row of one,
 * each token vector) has its own generator, rng_init(seed, stream), so that
 * any part can be drawn alone and in any order, and a view can spread the
 * drawing over frames: the numbers never depend on what was drawn before. */
#ifndef RNG_H
#define RNG_H

#include <stdbool.h>
#include <stdint.h>

/* The streams the engine draws from, each table's kind listed once so that
 * no two tables share numbers: stream = kind * 2^32 + index (a row, a
 * token). */
enum rng_stream {
	RNG_STREAM_TOKEN_VECTOR = 1,	/* attention: token t's vector */
	RNG_STREAM_WQ_ROW,		/* attention: row r of W_Q */
	RNG_STREAM_WK_ROW,		/* attention: row r of W_K */
	RNG_STREAM_TOKEN_AT,		/* attention: the token at a position */
	RNG_STREAM_WV_ROW,		/* head: row r of W_V */
	RNG_STREAM_SHUFFLE,		/* head: the shuffled order */
	RNG_STREAM_ROPE_QK,		/* rope_bound: a pair of random q, k */
	RNG_STREAM_ROPE_Q,		/* rope view: a query (rope.h) */
	RNG_STREAM_ROPE_K,		/* rope view: a key */
	RNG_STREAM_ROPE_V		/* rope view: a value */
};

/* The stream number of row or item `index` of table kind `kind`. */
static inline uint64_t rng_stream_of(enum rng_stream kind, uint64_t index)
{
	return ((uint64_t)kind << 32) + index;
}

struct rng {
	uint64_t s[4];		/* xoshiro256** state, never all zero */
	double spare;		/* the polar method's second Gaussian */
	bool have_spare;	/* spare is waiting to be returned */
};

/* A 64-bit mix of three words (splitmix64's finaliser applied in turn):
 * the same inputs always give the same word, and nearby inputs give
 * unrelated ones. Used for stream keys and for stateless draws such as
 * "the token at position p". */
uint64_t rng_hash(uint64_t a, uint64_t b, uint64_t c);

/* Seeds r for stream `stream` of seed `seed`. */
void rng_init(struct rng *r, uint64_t seed, uint64_t stream);

/* The next 64 random bits. */
/* For tests only. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n), n >= 1, without bias: a draw below
 * 2^64 mod n is drawn again. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* A uniform double in [0, 1): the top 53 bits of rng_next times 2^-53. */
/* For tests only. */
double rng_uniform(struct rng *r);

/* A standard normal N(0, 1) (polar method: two uniforms in (-1, 1) until
 * they fall inside the unit circle, then two Gaussians, the second kept
 * for the next call). */
double rng_gauss(struct rng *r);

/* Fills out[0..n-1] with independent N(0, sigma^2) draws of stream
 * `stream` of seed `seed` (a fresh generator: the same call always fills
 * the same numbers). */
void rng_gauss_fill(uint64_t seed, uint64_t stream, double sigma, int n,
		    double *out);

/* A permutation of 0..n-1 into perm[0..n-1] (Fisher-Yates on stream
 * `stream` of seed `seed`), never the identity when n >= 2: a draw that
 * comes out as the identity is drawn again from the same generator. */
void rng_permutation(uint64_t seed, uint64_t stream, int n, int *perm);

#endif
