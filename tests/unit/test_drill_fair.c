/* test_drill_fair.c - a drill whose answers the form does not give away.
 *
 * A test-wise candidate who does not know the answer still scores above
 * chance when the right option looks different from the others: longer,
 * more hedged, free of "always" and "only", or echoing the question. This
 * plays each such strategy on the choice questions of 1000 seeds, one
 * round of every kind each (the drill's deck: a new kind is measured as
 * soon as it is in it), in English and in Chinese, prints each strategy's
 * score and fails when one scores above 35 % (chance is 25 %).
 *
 * A strategy picks one or more options it likes equally; it then scores
 * the chance that a uniform pick among them is right, so ties do not favour
 * whichever letter comes first. An option's length is its characters (code
 * points: a Chinese character is one, like a letter), or its width on
 * screen (a Chinese character fills two columns). Words are runs of
 * ASCII letters and digits, lower-cased, and each Chinese character is a
 * word of its own; a cue word counts when the option holds it as a word
 * (English) or as a substring (Chinese). */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "base/lang.h"
#include "base/utf8.h"
#include "model/drill.h"
#include "model/drill_kinds.h"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(drill_fair, .init = utf8_locale);

enum { SEEDS = 1000, TEXT_MAX = 1024, WORDS_MAX = 256, WORD_MAX = 32 };

/* The words that soften a claim, and those that make it absolute. */
static const char *const hedges_en[] = {
	"usually", "fairly", "nearly", "mainly", "mostly", "often",
	"generally", "typically", "roughly", "largely", "partly", "somewhat",
	"almost", "probably", "likely", "tends", "tend", "may", "might",
	"barely", NULL
};
static const char *const hedges_zh[] = {
	"通常", "一般", "大致", "大体", "大多", "大都", "基本", "几乎",
	"主要", "往往", "多半", "大约", "可能", "相当", "较为", "差不多",
	"近乎", "大概", "未必", NULL
};
static const char *const absolutes_en[] = {
	"always", "never", "only", "every", "everything", "all", "none",
	"nothing", "whatever", "entirely", "completely", NULL
};
static const char *const absolutes_zh[] = {
	"总是", "从不", "从来", "永远", "绝不", "只", "仅", "每", "所有",
	"一切", "任何", "全部", "完全", "无论", "一定", NULL
};

/* ---- the words of a text ---- */

struct words {
	int n;
	char w[WORDS_MAX][WORD_MAX];
};

static bool has_word(const struct words *ws, const char *w)
{
	for (int i = 0; i < ws->n; i++)
		if (strcmp(ws->w[i], w) == 0)
			return true;
	return false;
}

static void add_word(struct words *ws, const char *w)
{
	if (ws->n < WORDS_MAX && !has_word(ws, w))
		snprintf(ws->w[ws->n++], WORD_MAX, "%s", w);
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* The distinct words of text: ASCII runs lower-cased, Chinese characters
 * one by one (other symbols are no words). */
static void words_of(const char *text, struct words *ws)
{
	const char *p = text;

	ws->n = 0;
	while (*p) {
		if (is_alnum(*p)) {
			char w[WORD_MAX];
			size_t n = 0;

			for (; is_alnum(*p); p++)
				if (n + 1 < sizeof w)
					w[n++] = (char)(*p >= 'A' && *p <= 'Z'
							? *p - 'A' + 'a' : *p);
			w[n] = '\0';
			add_word(ws, w);
		} else {
			const char *start = p;
			bool bad;
			uint32_t cp = utf8_next(&p, &bad);

			if (cp >= 0x4e00 && cp <= 0x9fff) {
				char w[8];
				size_t n = (size_t)(p - start);

				memcpy(w, start, n);
				w[n] = '\0';
				add_word(ws, w);
			}
		}
	}
}

static int chars_of(const char *text)
{
	int n = 0;
	bool bad;

	while (*text) {
		utf8_next(&text, &bad);
		n++;
	}
	return n;
}

/* text holds one of cues: as a word in English, as a substring in
 * Chinese (which has no spaces between words). */
static bool has_cue(const char *text, enum lang l, const char *const *cues)
{
	struct words ws;

	words_of(text, &ws);
	for (; *cues; cues++)
		if (l == LANG_ZH ? strstr(text, *cues) != NULL
				 : has_word(&ws, *cues))
			return true;
	return false;
}

/* ---- the strategies ---- */

/* One question as a candidate sees it. */
struct shown {
	enum lang lang;
	char question[TEXT_MAX];
	char option[DRILL_CHOICES][TEXT_MAX];
	int right;	/* the letter of the right option */
};

/* Marks the options a strategy picks (pick[j]); it may pick several. */
typedef void strategy_fn(const struct shown *s, bool pick[DRILL_CHOICES]);

/* Picks the options whose score[] is the largest. */
static void pick_max(const int score[DRILL_CHOICES], bool pick[DRILL_CHOICES])
{
	int best = score[0];

	for (int j = 1; j < DRILL_CHOICES; j++)
		if (score[j] > best)
			best = score[j];
	for (int j = 0; j < DRILL_CHOICES; j++)
		pick[j] = score[j] == best;
}

/* The options at rank `rank` by length (characters, or the columns they
 * fill on screen), 0 the longest: with ties, the options whose tie could
 * put them there. */
static void by_length(const struct shown *s, bool columns, int rank,
		      bool pick[DRILL_CHOICES])
{
	int len[DRILL_CHOICES];

	for (int j = 0; j < DRILL_CHOICES; j++)
		len[j] = columns ? utf8_width(s->option[j])
				 : chars_of(s->option[j]);
	for (int j = 0; j < DRILL_CHOICES; j++) {
		int longer = 0, same = 0;

		for (int i = 0; i < DRILL_CHOICES; i++) {
			longer += len[i] > len[j];
			same += len[i] == len[j];
		}
		pick[j] = longer <= rank && rank < longer + same;
	}
}

#define RANK(name, columns, rank) \
	static void name(const struct shown *s, bool pick[DRILL_CHOICES]) \
	{ \
		by_length(s, columns, rank, pick); \
	}
RANK(longest, false, 0)
RANK(second_longest, false, 1)
RANK(second_shortest, false, 2)
RANK(shortest, false, 3)
RANK(widest, true, 0)
RANK(second_widest, true, 1)
RANK(second_narrowest, true, 2)
RANK(narrowest, true, 3)

/* The options with a hedge word (all of them when none has one). */
static void hedged(const struct shown *s, bool pick[DRILL_CHOICES])
{
	int score[DRILL_CHOICES];

	for (int j = 0; j < DRILL_CHOICES; j++)
		score[j] = has_cue(s->option[j], s->lang, s->lang == LANG_ZH
				   ? hedges_zh : hedges_en);
	pick_max(score, pick);
}

/* The options without an absolute word (all of them when each has one). */
static void not_absolute(const struct shown *s, bool pick[DRILL_CHOICES])
{
	int score[DRILL_CHOICES];

	for (int j = 0; j < DRILL_CHOICES; j++)
		score[j] = !has_cue(s->option[j], s->lang, s->lang == LANG_ZH
				    ? absolutes_zh : absolutes_en);
	pick_max(score, pick);
}

/* The options that share the most words with the question. */
static void echoes(const struct shown *s, bool pick[DRILL_CHOICES])
{
	struct words q, o;
	int score[DRILL_CHOICES];

	words_of(s->question, &q);
	for (int j = 0; j < DRILL_CHOICES; j++) {
		words_of(s->option[j], &o);
		score[j] = 0;
		for (int i = 0; i < o.n; i++)
			score[j] += has_word(&q, o.w[i]);
	}
	pick_max(score, pick);
}

#define LETTER(c) \
	static void letter_##c(const struct shown *s, bool pick[DRILL_CHOICES]) \
	{ \
		(void)s; \
		for (int j = 0; j < DRILL_CHOICES; j++) \
			pick[j] = j == (#c)[0] - 'a'; \
	}
LETTER(a)
LETTER(b)
LETTER(c)
LETTER(d)

static const struct {
	const char *name;
	strategy_fn *fn;
} strategies[] = {
	{ "the longest option", longest },
	{ "the second longest option", second_longest },
	{ "the second shortest option", second_shortest },
	{ "the shortest option", shortest },
	{ "the widest option on screen", widest },
	{ "the second widest on screen", second_widest },
	{ "the second narrowest on screen", second_narrowest },
	{ "the narrowest option on screen", narrowest },
	{ "an option with a hedge word", hedged },
	{ "an option without an absolute word", not_absolute },
	{ "the option sharing most words with the question", echoes },
	{ "always a)", letter_a },
	{ "always b)", letter_b },
	{ "always c)", letter_c },
	{ "always d)", letter_d },
};
enum { N_STRATEGIES = sizeof strategies / sizeof strategies[0] };

/* The chance that a uniform pick among the strategy's options is right. */
static double play(strategy_fn *fn, const struct shown *s)
{
	bool pick[DRILL_CHOICES];
	int n = 0;

	fn(s, pick);
	for (int j = 0; j < DRILL_CHOICES; j++)
		n += pick[j];
	cr_assert_gt(n, 0);
	return pick[s->right] ? 1.0 / n : 0.0;
}

static void show(const struct drill_question *q, enum lang l,
		 struct shown *s)
{
	s->lang = l;
	s->right = q->right;
	drill_text_question(q, l, s->question, sizeof s->question);
	for (int j = 0; j < DRILL_CHOICES; j++)
		drill_text_choice(q, l, j, s->option[j], sizeof s->option[j]);
}

/* ---- the measure ---- */

struct tally {
	double score[LANG_COUNT][N_STRATEGIES];	/* summed over questions */
	double kind[LANG_COUNT][N_STRATEGIES][DRILL_KINDS_MAX];
	int asked[DRILL_KINDS_MAX];			/* choice questions per kind */
	int n;					/* choice questions in all */
};

static void measure(struct tally *t)
{
	static struct shown s;

	memset(t, 0, sizeof *t);
	for (unsigned long long seed = 1; seed <= SEEDS; seed++)
		for (int number = 0; number < drill_kind_count(); number++) {
			struct drill_question q;

			drill_question_make(seed, number, &q);
			if (!q.choice)
				continue;
			t->n++;
			t->asked[q.kind]++;
			for (int l = 0; l < LANG_COUNT; l++) {
				show(&q, (enum lang)l, &s);
				for (int k = 0; k < N_STRATEGIES; k++) {
					double x = play(strategies[k].fn, &s);

					t->score[l][k] += x;
					t->kind[l][k][q.kind] += x;
				}
			}
		}
}

/* The kinds where strategy k of language l scores more than half. */
static void log_giveaways(const struct tally *t, int l, int k)
{
	for (int kind = 0; kind < drill_kind_count(); kind++)
		if (t->asked[kind] &&
		    t->kind[l][k][kind] > 0.5 * t->asked[kind])
			cr_log_error("  %s gives it away in kind %d, \"%s\" "
				     "(%.0f %%)", strategies[k].name, kind,
				     drill_text_kind(kind,
						     LANG_EN),
				     100.0 * t->kind[l][k][kind] / t->asked[kind]);
}

Test(drill_fair, no_simple_strategy_beats_35_percent)
{
	static struct tally t;

	measure(&t);
	cr_assert_gt(t.n, SEEDS, "choice questions asked");
	fprintf(stderr, "drill fairness: %d choice questions of %d seeds, "
		"chance 25 %%\n  %-50s %6s %6s\n", t.n, SEEDS, "strategy",
		"en", "zh");
	for (int k = 0; k < N_STRATEGIES; k++)
		fprintf(stderr, "  %-50s %5.1f%% %5.1f%%\n", strategies[k].name,
			100.0 * t.score[LANG_EN][k] / t.n,
			100.0 * t.score[LANG_ZH][k] / t.n);
	for (int l = 0; l < LANG_COUNT; l++)
		for (int k = 0; k < N_STRATEGIES; k++) {
			double share = t.score[l][k] / t.n;

			if (share > 0.35)
				log_giveaways(&t, l, k);
			cr_expect_leq(share, 0.35, "%s: picking %s scores "
				      "%.1f %% of %d", lang_name((enum lang)l),
				      strategies[k].name, 100 * share, t.n);
		}
}
