/* test_bugs_text.c - the bugs view's text at a classroom's 80x24 (issue
 * 19: nothing is cut without a visible mark; a heatmap that averages to
 * white says why on the screen), read back from the screen as drawn:
 *   - for every entry of the zoo, and for lesson 5 step 5 (float32
 *     positions, length 1e5, the view drawn above the lesson's caption),
 *     in English and Chinese: the entry's effect paragraph shows its last
 *     word, or the screen says "+N more (taller screen)";
 *   - in lesson 5 step 5 the measurements are framed ("Measured" on their
 *     box) like the plots beside them, and since their text does not fit,
 *     their box says what is left out;
 *   - there the heatmaps, which average to nearly white (a column
 *     averages some 6k positions, more than the wavelengths of pairs
 *     0–23), say so: "Mostly near 0: ...", the explorer's sentence for a
 *     white heatmap in its second form (views/heat_caption.h).
 * Before: the effect and the numbers were cut at the right edge with no
 * mark, the numbers sat unframed, and nothing said why the maps were
 * white. */
#include <criterion/criterion.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "base/tr.h"
#include "engine/precision.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "app/lesson_files.h"
#include "views/view_bugs_zoo.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(bugs_text, .init = utf8_locale);

static const enum lang langs[] = { LANG_EN, LANG_ZH };

/* What "+N more (taller screen)" says after its number, blanks trimmed. */
static void more_suffix(enum lang l, char *out, size_t n)
{
	const char *m = strstr(tr(l, " +%d more (taller screen) "), "%d");
	size_t len;

	snprintf(out, n, "%s", m ? m + 2 : "");
	len = strlen(out);
	while (len > 0 && out[len - 1] == ' ')
		out[--len] = '\0';
}

/* What "+N more" says before its number, blanks trimmed: "+", "还有". */
static void more_prefix(enum lang l, char *out, size_t n)
{
	const char *t = tr(l, " +%d more (taller screen) ");
	const char *m = strstr(t, "%d");
	size_t a = 0, len;

	while (t[a] == ' ')
		a++;
	snprintf(out, n, "%.*s", (int)((m ? m : t) - t - (long)a), t + a);
	len = strlen(out);
	while (len > 0 && out[len - 1] == ' ')
		out[--len] = '\0';
}

/* The end of paragraph t as it shows on a screen: its last word (English),
 * or its last two characters (Chinese, wrapped anywhere), into out. */
static void last_word(const char *t, enum lang l, char *out, size_t n)
{
	size_t len = strlen(t), a = len;

	if (l == LANG_EN) {
		while (a > 0 && t[a - 1] != ' ')
			a--;
	} else {
		for (int k = 0; k < 2 && a > 0; k++) {
			a--;
			while (a > 0 && ((unsigned char)t[a] & 0xc0) == 0x80)
				a--;
		}
	}
	snprintf(out, n, "%s", t + a);
}

/* The text of the screen as running text: each row without the blanks
 * and box sides at its ends, joined by a blank (Chinese: by nothing, as
 * it wraps anywhere). */
static char *flat(const char *text, enum lang l)
{
	char *f = malloc(strlen(text) + 1);
	size_t k = 0;
	const char *p = text;

	cr_assert_not_null(f);
	while (*p) {
		const char *e = strchr(p, '\n'), *a = p, *z;

		if (!e)
			e = p + strlen(p);
		z = e;
		for (;;) {
			if (a < z && *a == ' ')
				a++;
			else if (z - a >= 3 && !strncmp(a, "│", 3))
				a += 3;
			else
				break;
		}
		for (;;) {
			if (z > a && z[-1] == ' ')
				z--;
			else if (z - a >= 3 && !strncmp(z - 3, "│", 3))
				z -= 3;
			else
				break;
		}
		if (z > a) {
			if (k > 0 && l == LANG_EN)
				f[k++] = ' ';
			memcpy(f + k, a, (size_t)(z - a));
			k += (size_t)(z - a);
		}
		p = *e ? e + 1 : e;
	}
	f[k] = '\0';
	return f;
}

static void check_effect(const struct state *s, const char *text,
			 const char *where)
{
	char end[64], mark[64], key[64];
	char *f = flat(text, s->lang), *box;

	/* the head only: the text before the first plot's box, "Correct" */
	snprintf(key, sizeof key, "┌ %s", tr(s->lang, "Correct"));
	box = strstr(f, key);
	cr_assert_not_null(box, "%s: no box \"%s\":\n%s", where, key, text);
	*box = '\0';
	last_word(tr(s->lang, zoo_shown(s)->effect), s->lang, end, sizeof end);
	more_suffix(s->lang, mark, sizeof mark);
	cr_assert(strstr(f, end) || strstr(f, mark),
		  "%s: the effect's end \"%s\" is cut and nothing says so:\n%s",
		  where, end, text);
	free(f);
}

Test(bugs_text, every_entry_ends_its_effect_or_says_more)
{
	for (int k = 0; k < ZOO_ENTRIES; k++)
		for (size_t l = 0; l < 2; l++) {
			struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
			struct state s;
			char where[64], *text;

			fx_init(&s, &st);
			s.view = VIEW_BUGS;
			s.lang = langs[l];
			s.knob[VIEW_BUGS][K_BUG] = k;
			if (zoo_shown(&s)->kind == ZOO_ROPE)
				continue;
			text = fx_text(&s, 80, 24);
			snprintf(where, sizeof where, "bugs entry %d %s 80x24", k + 1,
				 lang_name(langs[l]));
			check_effect(&s, text, where);
			free(text);
		}
}

/* Lesson 5 (layouts) step 5 at w x h in language l: its state, screen
 * text (the caller frees it). */
static char *lesson_step(struct state *s, enum lang l, int w, int h)
{
	static struct lesson_book books[2];
	static bool loaded[2];
	int lang = l == LANG_ZH, i;

	if (!loaded[lang]) {
		cr_assert_eq(lesson_book_load(&books[lang], lang ? "assets/lessons/zh"
								 : "assets/lessons/en",
					      views_catalog(), (enum lang)lang),
			     0, "%s", books[lang].error);
		loaded[lang] = true;
	}
	fx_init(s, &lesson_start);
	s->lang = l;
	s->les.book = &books[lang];
	state_set_screen(s, w, h);
	i = lesson_book_find(&books[lang], "layouts");
	cr_assert_geq(i, 0);
	lesson_open(s, i, 4);
	cr_assert(!s->msg_error, "%s", s->msg);
	cr_assert_eq(s->view, VIEW_BUGS, "step 5 of layouts is not the bugs view");
	return fx_text(s, w, h);
}

Test(bugs_text, lesson_float32_step_frames_and_marks_its_text)
{
	for (size_t l = 0; l < 2; l++) {
		struct state s;
		char *text = lesson_step(&s, langs[l], 80, 24);
		char mark[64], where[64], box[96], row[1024];
		const char *m, *nl;

		snprintf(where, sizeof where, "lesson 5 step 5 %s 80x24",
			 lang_name(langs[l]));
		check_effect(&s, text, where);
		/* at length 1e5 no column collides, so the text points at no
		 * marks (a glance reviewer looked for the "marked columns") */
		cr_expect_null(strstr(text, langs[l] == LANG_ZH ? "标出" : "marked"),
			       "%s: the text names marks there are none of:\n%s",
			       where, text);
		/* the numbers in a box titled "Measured" */
		snprintf(box, sizeof box, "┌ %s ", tr(s.lang, "Measured"));
		m = strstr(text, box);
		cr_assert_not_null(m, "%s: the numbers are not framed:\n%s", where,
				   text);
		/* its lower border (the first row after it that starts with
		 * the corner) says what is left out */
		more_suffix(s.lang, mark, sizeof mark);
		m = strstr(m, "\n└");
		cr_assert_not_null(m, "%s: no lower border:\n%s", where, text);
		nl = strchr(m + 1, '\n');
		cr_assert_not_null(nl);
		snprintf(row, sizeof row, "%.*s", (int)(nl - m), m);
		more_prefix(s.lang, mark, sizeof mark);
		cr_assert(strstr(row, mark),
			  "%s: the numbers' box does not say what it leaves out:\n%s",
			  where, text);
		free(text);
	}
}

Test(bugs_text, lesson_float32_step_says_why_the_maps_are_white)
{
	static const int sizes[][2] = { { 80, 24 }, { 100, 30 }, { 120, 40 } };

	for (size_t z = 0; z < 3; z++)
		for (size_t l = 0; l < 2; l++) {
			struct state s;
			char *text = lesson_step(&s, langs[l], sizes[z][0], sizes[z][1]);
			char want[64], *f = flat(text, langs[l]);
			const char *t = tr(s.lang, "Mostly near 0: a column averages %s positions, more than the wavelengths of %s (up to %s), which average out. z zooms in at the cursor, f fits the whole matrix again.");
			const char *cut = strstr(t, "%s");

			snprintf(want, sizeof want, "%.*s", (int)(cut - t), t);
			cr_assert(strstr(f, want), "lesson 5 step 5 %s %dx%d: nothing "
				  "says why the heatmaps are white (\"%s\"):\n%s",
				  lang_name(langs[l]), sizes[z][0], sizes[z][1], want,
				  text);
			free(f);
			free(text);
		}
}

/* text without its blanks, in place: a sentence wrapped over rows (in
 * Chinese, a blank between words may become a row's end) compares
 * whole. */
static char *unblank(char *text)
{
	char *o = text;

	for (const char *i = text; *i; i++)
		if (*i != ' ')
			*o++ = *i;
	*o = '\0';
	return text;
}

/* Why implementations compute RoPE's angles in fp32 (issue 38, item 5),
 * in numbers on the precision entries' Measured text: the fastest pair
 * (omega_0 = 1) turns 1 rad a position, and over p = 4096 .. 8191 bf16
 * puts its angle up to 16 rad off, 2.55 turns, fp16 2 rad, 0.318 of a
 * turn, fp32 not at all. NumPy, bf16 emulated by rounding float32's bits
 * to nearest even (add 0x7fff plus the lowest kept bit, drop 16 bits, as
 * test_precision.c does):
 *   p = np.arange(4096, 8192, dtype=np.float64)
 *   bf16(bf16(p) * bf16(1.0)) - p        -> max |.| 16.0 (p = 4112)
 *   np.float16(np.float16(p) * np.float16(1.0)) - p -> max |.| 2.0 (4098)
 *   np.float32(p) * np.float32(1.0) - p  -> 0.0
 *   16 / (2 pi) = 2.546..., 2 / (2 pi) = 0.3183...
 * Shown at 120x40 in both languages for bf16 and fp16, with the place in
 * transformers that forces float32; not for the float32 entry itself. */
Test(bugs_text, precision_says_why_angles_are_fp32)
{
	static const struct { enum pe_bug bug; const char *err, *turns; } want[] = {
		{ PE_BUG_BF16, "16", "2.55" }, { PE_BUG_FP16, "2", "0.318" },
	};
	const struct pe_params p = { 128, 1e4, PE_INTERLEAVED };

	cr_assert_eq(prec_angle_error_max(PREC_BF16, &p, 4096, 4096, 0, 1).max, 16.0);
	cr_assert_eq(prec_angle_error_max(PREC_BF16, &p, 4096, 4096, 0, 1).pos, 4112);
	cr_assert_eq(prec_angle_error_max(PREC_FP16, &p, 4096, 4096, 0, 1).max, 2.0);
	cr_assert_eq(prec_angle_error_max(PREC_FP32, &p, 4096, 4096, 0, 1).max, 0.0);
	for (size_t l = 0; l < 2; l++) {
		for (size_t k = 0; k < 3; k++) {
			struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
			struct state s;
			char sentence[512], *text, *f;
			const char *name = k < 2 ? (want[k].bug == PE_BUG_BF16 ? "bf16" : "fp16")
					     : "fp32";

			fx_init(&s, &st);
			s.view = VIEW_BUGS;
			s.lang = langs[l];
			s.knob[VIEW_BUGS][K_BUG] = k < 2 ? want[k].bug : PE_BUG_FLOAT32;
			text = fx_text(&s, 120, 40);
			f = unblank(flat(text, langs[l]));
			snprintf(sentence, sizeof sentence,
				 tr(langs[l], " Why implementations keep RoPE's angles in "
					      "fp32: the fastest pair turns 1 rad a "
					      "position, so for p = %d to %d %s puts the "
					      "fastest pair's angle up to %s rad off, %s "
					      "turns (fp32: %s rad); transformers' "
					      "LlamaRotaryEmbedding.forward computes the "
					      "angles, cos and sin in float32 with "
					      "autocast off, then casts cos and sin to "
					      "the model's dtype."),
				 4096, 8191, name, k < 2 ? want[k].err : "0",
				 k < 2 ? want[k].turns : "0", "0");
			unblank(sentence);
			if (k < 2)
				cr_assert(strstr(f, sentence),
					  "%s %s: no \"%s\" in\n%s", name,
					  lang_name(langs[l]), sentence, text);
			else
				cr_assert_null(strstr(f, "LlamaRotaryEmbedding"),
					       "the float32 entry explains itself");
			free(f);
			free(text);
		}
	}
}

/* A glance review of the bugs view at 120x40 (the start entry, i/d for
 * 2i/d): the similarity's legend said "correct" beside "With the
 * mistake", under heatmaps titled "Correct" and "With the mistake"; and
 * the mistake's curve went below 0 on an axis whose lowest label was 0.
 * The legend's first word is the left heatmap's title, and the axis's
 * floor below 0 has its value ("-0.25"), in English and Chinese. */
Test(bugs_text, similarity_legend_has_the_titles_words_and_a_floor_label)
{
	for (size_t l = 0; l < 2; l++) {
		struct settings st = { { 128, 1e4, PE_INTERLEAVED }, 128, 10, 0 };
		struct state s;
		char title[64], want[96], *text, *at, *floor_at;

		fx_init(&s, &st);
		s.view = VIEW_BUGS;
		s.lang = langs[l];
		text = fx_text(&s, 120, 40);
		snprintf(title, sizeof title, tr(s.lang, "Similarity to p = %lld"),
			 10LL);
		at = strstr(text, title);
		cr_assert_not_null(at, "%s:\n%s", lang_name(langs[l]), text);
		at = strchr(at, '\n') + 1;
		snprintf(want, sizeof want, "│%s  %s", tr(s.lang, "Correct"),
			 tr(s.lang, zoo_shown(&s)->label));
		cr_expect(strncmp(at, want, strlen(want)) == 0,
			  "%s: the legend reads \"%.40s\", not \"%s\"",
			  lang_name(langs[l]), at, want);
		floor_at = strstr(at, "│-0.25 ");
		cr_expect_not_null(floor_at, "%s: no label -0.25 on the axis:\n%s",
				   lang_name(langs[l]), at);
		free(text);
	}
}
