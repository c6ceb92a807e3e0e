/* cache.h - results kept between frames, rebuilt in slices when their
 * inputs change. The one cache type of the program.
 *
 * A cache holds the inputs of its result (a key), a job that builds the
 * result in steps (its cursor, totals and memory live in the cache) and,
 * separately, the last result that was finished, which stays on screen
 * while a new one is made.
 *
 * Inputs are declared once, by the function that builds the key, as the
 * numbers the result depends on (every one of them: d_model, base, an
 * offset, a width...), and compared whole: a view never checks fields of
 * its own. Keys are arrays of doubles so that two keys built from equal
 * inputs are equal byte for byte (no padding); integers up to 2^53 are
 * exact in a double.
 *
 * Jobs run under the frame's work budget (work.h): a step takes well under
 * a millisecond or two (a chunk of pairs, one position); cache_run decides
 * how many steps a frame gets. Without a budget (snapshots, tests,
 * exports) a job always runs to its end in one call.
 *
 * A cache starts zeroed (as part of its view's context, views/screen.h)
 * and is freed with cache_free. One thread draws; nothing here locks. */
#ifndef CACHE_H
#define CACHE_H

#include <stdbool.h>
#include <stddef.h>

enum {
	CACHE_KEY_MAX = 16,	/* inputs of one result */
	CACHE_AT_MAX = 4,	/* counters of a job's cursor */
	CACHE_ACC_MAX = 8,	/* running totals of a job (the context view
				 * keeps two for each of its three curves) */
	CACHE_OUT_MAX = 8	/* numbers of a finished result (the bands
				 * view's scan has six) */
};

/* The inputs of a result; unused entries stay 0. */
struct cache_key {
	double v[CACHE_KEY_MAX];
};

struct cache {
	/* the job */
	struct cache_key key;		/* inputs of the job under way or done */
	bool started;			/* key is set and the job began */
	bool done;			/* the job for key has finished */
	long long at[CACHE_AT_MAX];	/* where the job is (its own use) */
	double acc[CACHE_ACC_MAX];	/* its running totals (its own use) */
	void *mem;			/* its memory, kept between jobs */
	size_t cap;			/* bytes of mem */
	/* the last finished result */
	bool have;			/* out and out_key hold one */
	struct cache_key out_key;	/* the inputs it was made from */
	double out[CACHE_OUT_MAX];	/* its numbers */
};

/* Makes the job be for key k: when the job under way or done is for other
 * inputs (or there is none), starts a new one, with at[] and acc[] zeroed
 * (mem keeps its bytes). With soft > 0, entries k->v[soft..] may change
 * while a job is under way without interrupting it: the job finishes for
 * the values it started with (a position that moves while an arrow key is
 * held must not restart a residual forever), and the next call after it
 * is done starts one for the new values. Returns true when it started a
 * job. */
bool cache_start(struct cache *c, const struct cache_key *k, int soft);

/* Whether the job for k is done (mem, or the result, is for k). */
bool cache_ready(const struct cache *c, const struct cache_key *k);

/* Whether a job is under way: started and not done (views that own other
 * work than their caches' decide by it which goes first in a frame). */
bool cache_busy(const struct cache *c);

/* Runs step(c, arg) until it returns true (the job is done, as by
 * cache_finish) or the frame's time is up, checking between steps. The
 * first step runs even when the time is already up, so every frame makes
 * progress, unless an earlier job of this frame has already stopped for
 * lack of time or the frame's time was spent on a new picture (work.h).
 * Returns true when the job is done; otherwise the frame is marked
 * unfinished. A done job returns true at once. */
bool cache_run(struct cache *c, bool (*step)(struct cache *c, void *arg),
	       void *arg);

/* cache_run for a step that only reads its argument (the parameters, the
 * state): arg stays const. */
bool cache_run_const(struct cache *c,
		     bool (*step)(struct cache *c, const void *arg),
		     const void *arg);

/* Whether the job for the key c holds has finished (cache_ready without
 * comparing a key: the result in mem, or in at/acc, is for c->key). */
bool cache_done(const struct cache *c);

/* Marks the job for c->key done: what it made in mem, at or acc is now
 * the result for that key (cache_ready says so until the next key starts a
 * new job). With cache_run, the only way a job ends; a job made at once is
 * cache_start, the work, cache_finish. */
void cache_finish(struct cache *c);

/* Forgets the job (the next cache_start begins one even for the same
 * key), keeping mem and the last published result: for a job whose
 * memory was handed over or could not be set up. */
void cache_forget(struct cache *c);

/* Keeps the finished job's numbers as the result shown: out[0..n-1] =
 * vals, out_key = key, have = true. */
void cache_publish(struct cache *c, const double *vals, int n);

/* A result of n numbers (n <= CACHE_OUT_MAX) made at once for key k: the
 * job for k started and finished, its numbers published (out[0..n-1]). */
void cache_put(struct cache *c, const struct cache_key *k, const double *vals,
	       int n);

/* The job's memory, grown to at least `bytes` (contents kept); NULL when
 * memory runs out (the cache is then left without a job, so the next
 * cache_start begins again). Views ask for it typed, with CACHE_MEM; bytes
 * are for a record whose size is not a count of one type (a struct with a
 * flexible array, several arrays in one block). */
void *cache_mem(struct cache *c, size_t bytes);

/* The job's memory as it is (NULL before the first cache_mem), and the
 * part of it `offset` bytes in. Typed with CACHE_GET and CACHE_PART. */
void *cache_get(const struct cache *c);
void *cache_part(const struct cache *c, size_t offset);

/* Typed access to the job's memory, the only way a view reaches it (make
 * layers refuses c->mem outside this file and cache.c):
 *   CACHE_MEM(c, type, n)        grown to n of type, as type *, or NULL;
 *   CACHE_GET(c, type)           as type * (const type for reading);
 *   CACHE_PART(c, type, offset)  as type *, offset bytes in, where a block
 *                                holds several arrays one after the other
 *                                (offset a multiple of type's alignment:
 *                                after parts of 8-byte types, say). */
#define CACHE_MEM(c, type, n) \
	((type *)cache_mem((c), (size_t)(n) * sizeof(type)))
#define CACHE_GET(c, type) ((type *)cache_get(c))
#define CACHE_PART(c, type, offset) ((type *)cache_part((c), (offset)))

/* Frees the memory and forgets everything. */
void cache_free(struct cache *c);

#endif
