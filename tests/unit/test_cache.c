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
