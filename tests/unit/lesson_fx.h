/* lesson_fx.h - test helper: the shipped lessons, and the "press K"
 * hints of their captions.
 *
 * The lessons are read from assets/lessons/en and zh, relative to the
 * repository root where the tests run, once per process.
 *
 * A caption whose claim needs a second setting says which key shows it:
 * "press }" (or "Press →") in English, "按 }" in Chinese, the key right
 * after one blank. What follows the hint up to the end of its sentence is
 * what the key shows, so its numbers are on the screen only after the
 * key (test_lesson_hints.c checks them there; test_lesson_steps.c leaves
 * them out of the numbers the still screen must show). */
#ifndef LESSON_FX_H
#define LESSON_FX_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "app/lesson_files.h"
#include "base/keycode.h"
#include "views/views.h"

static const char *const langs[2] = { "en", "zh" };

/* The lessons of language lang (0 en, 1 zh), every file loaded. */
static inline struct lesson_book *book_of(int lang)
{
	static struct lesson_book books[2];
	static bool loaded[2];
	char dir[64];

	if (!loaded[lang]) {
		snprintf(dir, sizeof dir, "assets/lessons/%s", langs[lang]);
		cr_assert_eq(lesson_book_load(&books[lang], dir, views_catalog()),
			     0, "%s", books[lang].error);
		cr_assert_eq(books[lang].skipped, 0, "%s", books[lang].error);
		loaded[lang] = true;
	}
	return &books[lang];
}

/* The key a hint names at p ("→", "}", "x/X": 'x'), or 0 when p starts
 * with no key (a word, as in "Press et al."). */
static inline int hint_key(const char *p)
{
	if (!strncmp(p, "→", strlen("→")))
		return PK_RIGHT;
	if (!strncmp(p, "←", strlen("←")))
		return PK_LEFT;
	if (p[0] > ' ' && p[0] < 0x7f &&
	    !((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z')))
		return (unsigned char)p[0];
	return 0;
}

/* The first hint in text at or after `from`: returns where its word
 * starts and sets *key, or NULL. */
static inline const char *hint_next(const char *from, int *key)
{
	static const char *const words[] = { "press ", "Press ", "按 " };
	const char *best = NULL;

	for (int w = 0; w < 3; w++)
		for (const char *p = strstr(from, words[w]); p;
		     p = strstr(p + 1, words[w])) {
			int k = hint_key(p + strlen(words[w]));

			if (k) {
				if (!best || p < best) {
					best = p;
					*key = k;
				}
				break;
			}
		}
	return best;
}

/* The end of the sentence a hint at p is in: its ". " or "。", or the
 * text's end. */
static inline const char *hint_end(const char *p)
{
	const char *dot = strstr(p, ". "), *ju = strstr(p, "。");
	const char *end = p + strlen(p);

	if (dot && dot < end)
		end = dot;
	if (ju && ju < end)
		end = ju;
	return end;
}

#endif
