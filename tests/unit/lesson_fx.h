/* lesson_fx.h - test helper: the shipped lessons, a step of one opened
 * and drawn, and the "press K" hints of their captions.
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
#include <stdlib.h>
#include <string.h>

#include "app/lesson_files.h"
#include "base/keycode.h"
#include "fixture.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "snap.h"
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
		cr_assert_eq(lesson_book_load(&books[lang], dir, views_catalog(),
					      (enum lang)lang),
			     0, "%s", books[lang].error);
		cr_assert_eq(books[lang].skipped, 0, "%s", books[lang].error);
		loaded[lang] = true;
	}
	return &books[lang];
}

/* s opened at step `step` (from 1) of lesson i of lang's book on a w x h
 * screen, from the settings every lesson starts from. */
static inline void lesson_fx_open(struct state *s, int lang, int i, int step,
				  int w, int h)
{
	fx_init(s, &lesson_start);
	s->lang = lang ? LANG_ZH : LANG_EN;
	s->les.book = book_of(lang);
	state_set_screen(s, w, h);
	lesson_open(s, i, step - 1);
	cr_assert(!s->msg_error, "%s %s step %d: %s", langs[lang],
		  s->les.book->lesson[i]->name, step, s->msg);
}

/* One step of a lesson drawn whole, for the tests that read a lesson's
 * claims back from its screens (test_lesson8.c, test_lesson10.c): the
 * state, the canvas, its text, and where it was taken for messages. */
struct lesson_shot {
	struct state s;
	struct canvas *c;
	char *text;
	int w, h;
	char where[48];
};

/* sh: step `step` (from 1) of the lesson called name, in lang, w x h. */
static inline void lesson_shot_open(struct lesson_shot *sh, const char *name,
				    int lang, int step, int w, int h)
{
	int i = lesson_book_find(book_of(lang), name);

	cr_assert_geq(i, 0, "no lesson is called %s", name);
	memset(sh, 0, sizeof *sh);
	snprintf(sh->where, sizeof sh->where, "step %d %s %dx%d", step,
		 langs[lang], w, h);
	lesson_fx_open(&sh->s, lang, i, step, w, h);
	sh->w = w;
	sh->h = h;
	sh->c = canvas_new(w, h);
	cr_assert_not_null(sh->c);
	fx_draw(&sh->s, sh->c);
	sh->text = snap(sh->c);
	cr_assert_not_null(sh->text);
}

static inline void lesson_shot_close(struct lesson_shot *sh)
{
	canvas_free(sh->c);
	free(sh->text);
}

/* Runs check on step `step` of the lesson called name in both languages,
 * at 100x30 and at 80x24. */
static inline void lesson_shot_each(const char *name, int step,
				    void (*check)(const struct lesson_shot *))
{
	static const int sizes[2][2] = { { 100, 30 }, { 80, 24 } };

	for (int lang = 0; lang < 2; lang++)
		for (int z = 0; z < 2; z++) {
			struct lesson_shot sh;

			lesson_shot_open(&sh, name, lang, step, sizes[z][0],
					 sizes[z][1]);
			check(&sh);
			lesson_shot_close(&sh);
		}
}

/* Asserts that sh shows the view called name. */
static inline void lesson_shot_view_is(const struct lesson_shot *sh,
				       const char *name)
{
	cr_assert_str_eq(state_view(&sh->s)->name, name, "%s", sh->where);
}

/* Expects needle somewhere on sh's screen. */
static inline void lesson_shot_shows(const struct lesson_shot *sh,
				     const char *needle)
{
	cr_expect(strstr(sh->text, needle), "%s does not show \"%s\":\n%s",
		  sh->where, needle, sh->text);
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
