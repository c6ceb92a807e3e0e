/* test_zh_screens.c - under --lang zh every screen speaks Chinese: each
 * view, at the four sizes a class and a laptop use, plain and in presenter
 * mode, with its knobs at their ends, shows no English word. A word here is
 * a run of three or more ASCII letters (with '_' and digits inside); the
 * terms assets/glossary.txt keeps as they are (sin, PE, d_model, RoPE, key
 * names, preset and palette names, file formats) pass, and so do the words
 * typed as they are: ':' commands, --options, view names and knob words.
 * Nothing else does. */
#include <criterion/criterion.h>

#include <ctype.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "app/lesson_files.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "model/presets.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(zh_screens, .init = utf8_locale);

/* The terms kept as they are in Chinese: the rows of assets/glossary.txt
 * whose English and Chinese are the same, read once. */
enum { KEPT_MAX = 256 };
static char kept_words[KEPT_MAX][48];	/* original_max_position_embeddings */
static int nkept;

static void read_kept(void)
{
	FILE *f = fopen("assets/glossary.txt", "r");
	char line[256];

	cr_assert_not_null(f, "assets/glossary.txt (run from the top folder)");
	while (fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t'), *end;

		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		end = strchr(tab + 1, '\t');
		if (end)
			*end = '\0';
		if (strcmp(line, tab + 1) == 0 && nkept < KEPT_MAX &&
		    strlen(line) < sizeof kept_words[0])
			strcpy(kept_words[nkept++], line);
	}
	fclose(f);
	cr_assert_gt(nkept, 20, "the glossary's kept terms were read");
}

static bool same(const char *word, const char *w, size_t n)
{
	return strlen(word) == n && memcmp(word, w, n) == 0;
}

/* Whether the n bytes at w are only the letters t, h and w: the grid
 * view's strip of which axis (time, height, width) each pair turns with,
 * one letter a pair, the notation of its t, h and w rows just above. */
static bool axis_strip(const char *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strchr("thw", w[i]))
			return false;
	return true;
}

/* Whether the n bytes at w stay in English: a kept term, the grid view's
 * axis strip, or a view's name, a knob's word or (the start of) a preset's
 * name (typed as they are). */
static bool kept(const char *w, size_t n)
{
	const struct catalog *cat = views_catalog();
	int np;
	const struct preset *p = presets_table(&np);

	if (axis_strip(w, n))
		return true;
	for (int i = 0; i < nkept; i++)
		if (same(kept_words[i], w, n))
			return true;
	/* a row's whole name from w on, whose first word w may be only a
	 * part of (mistral-7b): w lies in a string, which strncmp stops at */
	for (int i = 0; i < np; i++)
		if (strlen(p[i].name) >= n &&
		    strncmp(p[i].name, w, strlen(p[i].name)) == 0)
			return true;
	for (int v = 0; v < cat->count; v++) {
		if (same(cat->view[v]->name, w, n))
			return true;
		for (int k = 0; k < cat->view[v]->nknobs; k++)
			if (same(cat->view[v]->knob[k].word, w, n))
				return true;
	}
	return false;
}

/* The length of the kept term of several words (Code Llama) that w starts
 * with, or 0. */
static size_t kept_phrase(const char *w)
{
	for (int i = 0; i < nkept; i++) {
		size_t n = strlen(kept_words[i]);

		if (strchr(kept_words[i], ' ') &&
		    strncmp(kept_words[i], w, n) == 0 &&
		    !isalnum((unsigned char)w[n]))
			return n;
	}
	return 0;
}

/* Whether the n bytes at w are the start of a preset's name or of a kept
 * term that an overlay's border (U+2500..U+257F right after it) covers
 * the rest of: the drill's box over a view's table or formulas ("YaR│"). */
static bool cut_kept(const char *w, size_t n)
{
	int np;
	const struct preset *p = presets_table(&np);

	if ((unsigned char)w[n] != 0xe2 || (unsigned char)w[n + 1] < 0x94 ||
	    (unsigned char)w[n + 1] > 0x95)
		return false;
	for (int i = 0; i < np; i++)
		if (strncmp(p[i].name, w, n) == 0)
			return true;
	for (int i = 0; i < nkept; i++)
		if (strncmp(kept_words[i], w, n) == 0)
			return true;
	return false;
}

/* The first English word of text, or space between two Chinese sentences
 * ("。 然后"), with its line copied into line; or false. */
static bool english_word(const char *text, char *line, size_t n)
{
	for (const char *p = text; *p; p++) {
		const char *q = p;

		if (strncmp(p, "。 ", 4) == 0 && (unsigned char)p[4] >= 0xe3) {
			q = p + 4;
			goto found;
		}

		/* A ':' command as typed, with its words: ASCII up to two
		 * blanks. */
		if (*p == ':' && isalpha((unsigned char)p[1])) {
			while (p[1] > ' ' - 1 && (unsigned char)p[1] < 0x7f &&
			       !(p[1] == ' ' && p[2] == ' '))
				p++;
			continue;
		}
		/* An option as typed: --lessons. */
		if (p[0] == '-' && p[1] == '-' && isalpha((unsigned char)p[2])) {
			while (isalnum((unsigned char)p[1]) || p[1] == '-')
				p++;
			continue;
		}

		if (!isalpha((unsigned char)*p) ||
		    (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			continue;
		/* Choices as typed, joined by '|' (nope|causal|rope), also
		 * where a wrapped row parts them from their ':' command. */
		const char *ch = p;
		while (isalnum((unsigned char)*ch) || *ch == '_' || *ch == '|' ||
		       *ch == '-')
			ch++;
		if (memchr(p, '|', (size_t)(ch - p))) {
			p = ch - 1;
			continue;
		}
		while (isalpha((unsigned char)*q) || *q == '_' ||
		       (isdigit((unsigned char)*q) && q > p))
			q++;
		/* A kept term of several words: Code Llama. */
		if (kept_phrase(p)) {
			p += kept_phrase(p) - 1;
			continue;
		}
		/* A kept term with a hyphen: NTK-aware. */
		const char *h = q;
		while (*h == '-' && isalpha((unsigned char)h[1]))
			for (h++; isalpha((unsigned char)*h); h++)
				;
		if (h > q && kept(p, (size_t)(h - p))) {
			p = h - 1;
			continue;
		}
		size_t letters = 0;
		for (const char *r = p; r < q; r++)
			letters += isalpha((unsigned char)*r) != 0;
		if (letters < 3 || kept(p, (size_t)(q - p)) ||
		    cut_kept(p, (size_t)(q - p))) {
			p = q - 1;
			continue;
		}
found:;
		const char *a = p, *b = q;
		while (a > text && a[-1] != '\n')
			a--;
		while (*b && *b != '\n')
			b++;
		snprintf(line, n, "'%.*s' in: %.*s", (int)(q - p), p,
			 (int)(b - a), a);
		return true;
	}
	return false;
}

static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 },
				{ 160, 50 } };

/* Every view, every size, plain and presenter, knobs at start and at their
 * ends: counts the screens with an English word and reports each. */
static int english_screens(void (*setup)(struct state *, int view))
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 5, 3 };
	int bad = 0;

	read_kept();
	for (int v = 0; v < VIEW_COUNT; v++)
		for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
			for (int present = 0; present < 2; present++) {
				struct state s;
				char line[512];

				fx_init(&s, &st);
				s.lang = LANG_ZH;
				s.present = present;
				state_set_view(&s, v);
				state_set_screen(&s, sizes[z][0], sizes[z][1]);
				if (setup)
					setup(&s, v);
				char *text = fx_text(&s, sizes[z][0],
						     sizes[z][1]);
				if (english_word(text, line, sizeof line)) {
					cr_log_error("%s %dx%d%s: %s",
						     views_catalog()->view[v]->name,
						     sizes[z][0], sizes[z][1],
						     present ? " present" : "",
						     line);
					bad++;
				}
				free(text);
			}
	return bad;
}

Test(zh_screens, every_view_at_start)
{
	int bad = english_screens(NULL);

	cr_expect_eq(bad, 0, "%d screens show English under --lang zh", bad);
}

/* Knobs at their largest, the selection far out: other sentences show. */
static void far_out(struct state *s, int v)
{
	const struct view_spec *spec = views_catalog()->view[v];

	for (int k = 0; k < spec->nknobs; k++) {
		double lo, hi;

		catalog_knob_range(&spec->knob[k], s->cur.pe.d_model, &lo, &hi);
		s->knob[v][k] = hi;
	}
	state_set_pos(s, 127);
	state_set_dim(s, 511);
}

Test(zh_screens, every_view_knobs_far_out)
{
	int bad = english_screens(far_out);

	cr_expect_eq(bad, 0, "%d screens show English under --lang zh", bad);
}

/* The matrix small and the base near 1: the sentences for edge cases. */
static void edge(struct state *s, int v)
{
	(void)v;
	state_set_dmodel(s, 4);
	state_set_base(s, 1.5);
	state_set_len(s, 3);
}

Test(zh_screens, every_view_edge_cases)
{
	int bad = english_screens(edge);

	cr_expect_eq(bad, 0, "%d screens show English under --lang zh", bad);
}

/* The help overlay over each view. */
static void help(struct state *s, int v)
{
	(void)v;
	s->help = true;
}

Test(zh_screens, help_over_every_view)
{
	int bad = english_screens(help);

	cr_expect_eq(bad, 0, "%d screens show English under --lang zh", bad);
}

/* Every step of every Chinese lesson, at a classroom's two sizes. */
Test(zh_screens, every_lesson_step)
{
	static struct lesson_book book;
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	static const int room[][2] = { { 100, 30 }, { 80, 24 } };
	int bad = 0, steps = 0;

	read_kept();
	cr_assert_eq(lesson_book_load(&book, "assets/lessons/zh",
				      views_catalog(), LANG_ZH), 0, "%s", book.error);
	for (int i = 0; i < book.count; i++)
		for (int k = 0; k < book.lesson[i]->nsteps; k++)
			for (int z = 0; z < 2; z++) {
				struct state s;
				char line[512], *text;

				fx_init(&s, &st);
				s.lang = LANG_ZH;
				s.les.book = &book;
				state_set_screen(&s, room[z][0], room[z][1]);
				lesson_open(&s, i, k);
				text = fx_text(&s, room[z][0], room[z][1]);
				if (english_word(text, line, sizeof line)) {
					cr_log_error("lesson %s step %d %dx%d: %s",
						     book.lesson[i]->name, k + 1,
						     room[z][0], room[z][1], line);
					bad++;
				}
				free(text);
				steps++;
			}
	cr_expect_gt(steps, 50, "the lessons' steps were drawn");
	cr_expect_eq(bad, 0, "%d lesson screens show English", bad);
}

/* The drill: twenty questions from one seed, asked, then answered. */
Test(zh_screens, the_drill_asked_and_answered)
{
	struct settings st = { { 512, 10000.0, PE_INTERLEAVED }, 128, 0, 0 };
	int bad = 0;

	read_kept();
	for (int q = 0; q < 20; q++) {
		struct state s;
		char line[512], *text;

		fx_init(&s, &st);
		s.lang = LANG_ZH;
		s.drill.seed = 1000 + (unsigned)q;
		state_set_screen(&s, 100, 30);
		fx_press(&s, 'D');
		for (int phase = 0; phase < 2; phase++) {
			text = fx_text(&s, 100, 30);
			if (english_word(text, line, sizeof line)) {
				cr_log_error("drill seed %d %s: %s", 1000 + q,
					     phase ? "answered" : "asked", line);
				bad++;
			}
			free(text);
			fx_press(&s, PK_ENTER);	/* empty: shows the answer */
		}
	}
	cr_expect_eq(bad, 0, "%d drill screens show English", bad);
}
