/* test_cache.c - unit tests of src/render/cache.c's interface: a result
 * is ready for its key only once its job finished (cache_run,
 * cache_finish or cache_put), a new key starts a new job, cache_forget
 * makes the same key start again, and the typed memory (CACHE_MEM,
 * CACHE_GET, CACHE_PART) is one block that survives jobs. */
#include <criterion/criterion.h>

#include <string.h>

#include "render/cache.h"

Test(cache, finish_makes_the_result_ready)
{
	struct cache c;
	struct cache_key k = { { 1, 2 } }, other = { { 1, 3 } };
	double *v;

	memset(&c, 0, sizeof c);
	cr_expect(!cache_done(&c));
	v = CACHE_MEM(&c, double, 4);
	cr_assert_not_null(v);
	cr_expect(cache_start(&c, &k, 0));
	cr_expect(cache_busy(&c));
	cr_expect(!cache_ready(&c, &k));
	for (int i = 0; i < 4; i++)
		v[i] = i + 0.5;
	cache_finish(&c);
	cr_expect(cache_done(&c));
	cr_expect(cache_ready(&c, &k));
	cr_expect(!cache_ready(&c, &other));
	cr_expect(!cache_busy(&c));
	cr_expect(CACHE_GET(&c, const double)[3] == 3.5);
	cr_expect(CACHE_PART(&c, double, 2 * sizeof(double))[1] == 3.5);
	/* the same key does not start again; another does, memory kept */
	cr_expect(!cache_start(&c, &k, 0));
	cr_expect(cache_start(&c, &other, 0));
	cr_expect(!cache_done(&c));
	cr_expect(CACHE_GET(&c, double) == v);
	cache_free(&c);
}

Test(cache, put_keeps_numbers_for_their_key)
{
	struct cache c;
	struct cache_key k = { { 7 } };

	memset(&c, 0, sizeof c);
	cache_put(&c, &k, (double[]){ 4.0, -1.0 }, 2);
	cr_expect(cache_ready(&c, &k));
	cr_expect(c.have);
	cr_expect(c.out[0] == 4.0 && c.out[1] == -1.0);
	cr_expect(memcmp(&c.out_key, &k, sizeof k) == 0);
	cache_free(&c);
}

Test(cache, forget_starts_the_same_key_again)
{
	struct cache c;
	struct cache_key k = { { 5 } };

	memset(&c, 0, sizeof c);
	cr_assert_not_null(CACHE_MEM(&c, int, 10));
	cache_start(&c, &k, 0);
	cache_finish(&c);
	cache_forget(&c);
	cr_expect(!cache_done(&c));
	cr_expect(!cache_ready(&c, &k));
	cr_expect(cache_start(&c, &k, 0));
	cr_expect_not_null(cache_get(&c));
	cache_free(&c);
}

/* Three steps of a job: the second form's step reads its argument (the
 * number of steps) and counts in the cache's position. */
static bool count_step(struct cache *c, const void *arg)
{
	const int *steps = arg;

	return ++c->at[0] >= *steps;
}

static bool count_step_mut(struct cache *c, void *arg)
{
	int *calls = arg;

	++*calls;
	return ++c->at[0] >= 3;
}

Test(cache, run_steps_until_done_in_both_forms)
{
	static const int steps = 3;
	struct cache c;
	struct cache_key k = { { 7 } };
	int calls = 0;

	/* no frame budget (work.h): a job runs to its end in one call */
	memset(&c, 0, sizeof c);
	cr_assert(cache_start(&c, &k, 0));
	cr_expect(cache_run_const(&c, count_step, &steps));
	cr_expect_eq(c.at[0], 3);
	cr_expect(cache_ready(&c, &k));
	cr_expect(cache_run_const(&c, count_step, &steps));	/* done: no step */
	cr_expect_eq(c.at[0], 3);
	memset(&c, 0, sizeof c);
	cr_assert(cache_start(&c, &k, 0));
	cr_expect(cache_run(&c, count_step_mut, &calls));
	cr_expect_eq(calls, 3);
	cr_expect(cache_done(&c));
	cache_free(&c);
}
