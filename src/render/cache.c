/* cache.c - results kept between frames (see cache.h). */
#include "render/cache.h"

#include <stdlib.h>
#include <string.h>

#include "render/work.h"

static bool same_from(const struct cache_key *a, const struct cache_key *b,
		      int from, int to)
{
	return memcmp(a->v + from, b->v + from,
		      (size_t)(to - from) * sizeof a->v[0]) == 0;
}

bool cache_start(struct cache *c, const struct cache_key *k, int soft)
{
	int hard = soft > 0 && soft < CACHE_KEY_MAX ? soft : CACHE_KEY_MAX;

	if (c->started && same_from(&c->key, k, 0, hard) &&
	    (same_from(&c->key, k, hard, CACHE_KEY_MAX) || !c->done))
		return false;
	c->key = *k;
	c->started = true;
	c->done = false;
	memset(c->at, 0, sizeof c->at);
	memset(c->acc, 0, sizeof c->acc);
	return true;
}

bool cache_ready(const struct cache *c, const struct cache_key *k)
{
	return cache_done(c) &&
	       same_from(&c->key, k, 0, CACHE_KEY_MAX);
}

bool cache_busy(const struct cache *c)
{
	return c->started && !c->done;
}

/* A job's step and its argument: one of the two forms, the other NULL. */
struct job_step {
	bool (*step)(struct cache *c, void *arg);
	void *arg;
	bool (*read)(struct cache *c, const void *arg);
	const void *in;
};

static bool run(struct cache *c, const struct job_step *j)
{
	if (c->done)
		return true;
	if ((work_unfinished() || work_spent()) && !work_time_left()) {
		work_mark_unfinished();
		return false;
	}
	for (;;) {
		if (j->step ? j->step(c, j->arg) : j->read(c, j->in)) {
			cache_finish(c);
			return true;
		}
		if (!work_time_left()) {
			work_mark_unfinished();
			return false;
		}
	}
}

bool cache_run(struct cache *c, bool (*step)(struct cache *c, void *arg),
	       void *arg)
{
	return run(c, &(struct job_step){ step, arg, NULL, NULL });
}

bool cache_run_const(struct cache *c,
		     bool (*step)(struct cache *c, const void *arg),
		     const void *arg)
{
	return run(c, &(struct job_step){ NULL, NULL, step, arg });
}

bool cache_done(const struct cache *c)
{
	return c->started && c->done;
}

void cache_finish(struct cache *c)
{
	c->done = true;
}

void cache_forget(struct cache *c)
{
	c->started = false;
}

void cache_publish(struct cache *c, const double *vals, int n)
{
	for (int i = 0; i < n && i < CACHE_OUT_MAX; i++)
		c->out[i] = vals[i];
	c->out_key = c->key;
	c->have = true;
}

void cache_put(struct cache *c, const struct cache_key *k, const double *vals,
	       int n)
{
	cache_start(c, k, 0);
	cache_publish(c, vals, n);
	cache_finish(c);
}

void *cache_mem(struct cache *c, size_t bytes)
{
	if (bytes > c->cap) {
		void *p = realloc(c->mem, bytes);

		if (!p) {
			c->started = false;
			return NULL;
		}
		c->mem = p;
		c->cap = bytes;
	}
	return c->mem;
}

void *cache_get(const struct cache *c)
{
	return c->mem;
}

void *cache_part(const struct cache *c, size_t offset)
{
	return (char *)c->mem + offset;
}

void cache_free(struct cache *c)
{
	free(c->mem);
	memset(c, 0, sizeof *c);
}
