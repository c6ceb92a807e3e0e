/* tr.c - looking sentences up in the table of a language (see tr.h).
 *
 * The table is written in any order; the first lookup sorts an index of
 * it by the English (a few hundred pointers), and every lookup after that
 * is a binary search: about ten string comparisons. */
#include "base/tr.h"

#include <stdlib.h>
#include <string.h>

#include "base/tr_table.h"

static const struct tr_row **index_zh;
static int rows_zh;

static int by_english(const void *a, const void *b)
{
	const struct tr_row *const *x = a, *const *y = b;

	return strcmp((*x)->en, (*y)->en);
}

/* The sorted index, or NULL when memory ran out (then English is shown). */
static const struct tr_row **zh_index(void)
{
	if (!index_zh) {
		const struct tr_row **ix = malloc(tr_zh_count * sizeof *ix);

		if (!ix)
			return NULL;
		for (size_t i = 0; i < tr_zh_count; i++)
			ix[i] = &tr_zh[i];
		qsort(ix, tr_zh_count, sizeof *ix, by_english);
		index_zh = ix;
		rows_zh = (int)tr_zh_count;
	}
	return index_zh;
}

const char *tr(enum lang l, const char *en)
{
	const struct tr_row **ix, key = { en, NULL }, *kp = &key, **hit;

	if (l != LANG_ZH || !(ix = zh_index()))
		return en;
	hit = bsearch(&kp, ix, (size_t)rows_zh, sizeof *ix, by_english);
	return hit ? (*hit)->zh : en;
}

int tr_rows(enum lang l)
{
	return l == LANG_ZH ? (int)tr_zh_count : 0;
}
