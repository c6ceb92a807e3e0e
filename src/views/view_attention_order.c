/* view_attention_order.c - order-blindness, measured: one attention head
 * (head.h, ATT_HEAD_D wide, seeded) over a short sentence in the language
 * of the screen, before and after a seeded shuffle of its words.
 *
 *   ┌ Order: one head, d = 12, no positions ─┐
 *   │outputs, in order  outputs, shuffled (v/V)│
 *   │the  ▀▀▀▀▀▀▀▀▀▀▀▀   park ▀▀▀▀▀▀▀▀▀▀▀▀    │   each row a word's output
 *   │dog  ▀▀▀▀▀▀▀▀▀▀▀▀   the  ▀▀▀▀▀▀▀▀▀▀▀▀    │   vector, one colour per
 *   │...                                     │   component
 *   │same vectors, only moved: 2.8e-17       │
 *   │a causal mask is the exception: ...     │
 *   └────────────────────────────────────────┘
 *
 * The shuffled block lists the words in their new order, so that without
 * positions the rows are seen to move whole. The measured line is
 * head_shuffle's difference: max |out'[perm i] - out[i]| over every word
 * and component. Compact (a short rectangle): the two sentences and the
 * measured line. Results are cached by what they depend on: the language
 * (the sentence), the head's scheme, the seed, the shuffle, the base and
 * ALiBi's slope; computing them takes microseconds, so they are made in
 * the frame that asks. */
#include "views/view_attention.h"

#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "model/catalog.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	WORDS_MAX = 8,		/* words of a sentence */
	LABEL_W = 5,		/* a word's column: 4 wide and a blank */
	GAP_W = 2		/* between the two blocks */
};

/* The panel shows its blocks from 4 x 1 inside (views/panel.h). */
static const struct tier order_least[] = { { 4, 1, 1 } };

/* A sentence and its word ids (equal words, equal ids: the head sees
 * tokens, not positions). */
struct sentence {
	int n, vocab;
	const char *word[WORDS_MAX];
	int id[WORDS_MAX];
};

static const struct sentence sentence_en = {
	8, 6, { "the", "dog", "bit", "the", "man", "in", "the", "park" },
	{ 0, 1, 2, 0, 3, 4, 0, 5 }
};
static const struct sentence sentence_zh = {
	8, 8, { "狗", "在", "公园", "里", "咬", "了", "那个", "人" },
	{ 0, 1, 2, 3, 4, 5, 6, 7 }
};

static const struct sentence *sentence_of(const struct state *s)
{
	return s->lang == LANG_ZH ? &sentence_zh : &sentence_en;
}

/* What a run of the head left: the outputs before and after, and how far
 * they are apart. */
struct order_result {
	bool ok;			/* head_shuffle succeeded */
	struct head_order res;
	double out[WORDS_MAX * ATT_HEAD_D];
	double moved[WORDS_MAX * ATT_HEAD_D];
};

static enum attn_scheme scheme_of(enum att_head h)
{
	static const enum attn_scheme s[AH_COUNT] = {
		ATTN_NOPE, ATTN_NOPE, ATTN_ADDED, ATTN_ROPE, ATTN_ALIBI
	};

	return s[h];
}

static enum att_head head_of(const struct state *s)
{
	return (enum att_head)state_view_knob(s, AK_HEAD);
}

static const struct order_result *order_get(const struct state *s,
					    struct att_order *ctx)
{
	const struct sentence *sn = sentence_of(s);
	enum att_head h = head_of(s);
	struct head_setup hs = {
		.d = ATT_HEAD_D, .base = s->cur.pe.base, .vocab = sn->vocab,
		.seed = (uint64_t)state_view_knob(s, AK_SEED),
		.scheme = scheme_of(h), .slope = att_slope(s),
		.causal = h == AH_CAUSAL,
	};
	struct cache_key k = { { s->lang, h, (double)hs.seed,
				 state_view_knob(s, AK_SHUFFLE), hs.base,
				 hs.slope } };
	struct order_result *r;

	if (cache_ready(&ctx->run, &k))
		return cache_get(&ctx->run);
	r = CACHE_MEM(&ctx->run, struct order_result, 1);
	if (!r)
		return NULL;
	cache_start(&ctx->run, &k, 0);
	r->ok = head_shuffle(&hs, sn->id, sn->n,
			     (uint64_t)state_view_knob(s, AK_SHUFFLE), r->out,
			     r->moved, &r->res);
	cache_finish(&ctx->run);
	return r;
}

/* Without positions (and without a mask) the outputs are the same vectors
 * moved: head.h promises agreement to the rounding of summing the softmax
 * in another order. Anything above a millionth of their size is a real
 * change (the smallest seen here is ~1e-3 of it). */
static bool same_vectors(const struct head_order *r)
{
	return r->diff <= 1e-6 * r->scale;
}

/* ---- sizes ---- */

int att_order_full_h(const struct state *s)
{
	/* border, block heads, the words, the measured line, two of caption */
	return 2 + 1 + sentence_of(s)->n + 1 + 2;
}

int att_order_full_w(const struct state *s)
{
	(void)s;
	return 2 + 2 * (LABEL_W + ATT_HEAD_D) + GAP_W;
}

/* ---- text ---- */

static const char *head_title(const struct state *s)
{
	switch (head_of(s)) {
	case AH_NOPE:
		return tr(s->lang, "no positions");
	case AH_CAUSAL:
		return tr(s->lang, "causal mask, no PE");
	case AH_ADDED:
		return tr(s->lang, "PE added");
	case AH_ROPE:
		return "RoPE";
	default:
		return "ALiBi";
	}
}

/* The words of sn in slot order, a blank between two (Chinese too: they
 * are tokens here): in order, or as perm moved them. */
static void sentence_text(const struct sentence *sn, const int *perm,
			  char *buf, size_t n)
{
	const char *at[WORDS_MAX];
	size_t used = 0;

	for (int i = 0; i < sn->n; i++)
		at[perm ? perm[i] : i] = sn->word[i];
	buf[0] = '\0';
	for (int j = 0; j < sn->n && used < n; j++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s",
					 j ? " " : "", at[j]);
}

/* The measured line at (x, y), in at most `rows` rows of w columns: the
 * longest wording that fits one row, or the longest on two rows when two
 * are given and the others are cut. Returns the rows used. */
static int draw_measure(const struct state *s, struct canvas *c, int x,
			int y, int w, int rows, const struct order_result *r)
{
	char d[32], sc[32], a[ATT_TEXT_MAX], m[ATT_TEXT_MAX], b[ATT_TEXT_MAX];
	const char *cand[3] = { a, m, b };
	bool same = same_vectors(&r->res);
	struct style st = { same ? ROLE_OK : ROLE_WARN, ROLE_DEFAULT, ATTR_BOLD };

	fmt_double_compact(r->res.diff, 2, d, sizeof d);
	fmt_double_compact(r->res.scale, 2, sc, sizeof sc);
	if (same) {
		snprintf(a, sizeof a, tr(s->lang, "the same vectors, only moved: max |diff| %s of outputs up to %s"),
			 d, sc);
		snprintf(m, sizeof m, tr(s->lang, "same vectors, only moved: max |diff| %s"), d);
		snprintf(b, sizeof b, tr(s->lang, "same vectors, moved: %s"), d);
	} else {
		snprintf(a, sizeof a, tr(s->lang, "the outputs change: max |diff| %s of outputs up to %s"), d, sc);
		snprintf(m, sizeof m, tr(s->lang, "the outputs change: max |diff| %s"), d);
		snprintf(b, sizeof b, tr(s->lang, "outputs change: %s"), d);
	}
	if (utf8_width(a) > w && paragraph_rows(a, w) <= rows)
		return paragraph_draw(c, (struct rect){ x, y, w, rows }, a, st);
	paragraph_fit(c, x, y, w, cand, 3, st);
	return 1;
}

/* What the measurement means, and the causal mask's exception. */
static const char *caption(const struct state *s, bool same)
{
	if (head_of(s) == AH_CAUSAL)
		return tr(s->lang, "No PE, yet a causal mask leaks order: each word sees only the words before it.");
	if (same)
		return tr(s->lang, "A bag of words: a shuffle only moves the outputs. The exception: a causal mask (s).");
	return tr(s->lang, "Positions make each output depend on where its word stands.");
}

/* One block: a row per slot, the word and its output's components. */
static void draw_block(struct canvas *c, int x, int y,
		       const struct sentence *sn, const int *perm,
		       const double *out, double scale)
{
	const char *at[WORDS_MAX];

	for (int i = 0; i < sn->n; i++)
		at[perm ? perm[i] : i] = sn->word[i];
	for (int j = 0; j < sn->n; j++) {
		canvas_text(c, x, y + j, LABEL_W - 1, at[j],
			    (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
		for (int k = 0; k < ATT_HEAD_D; k++) {
			double v = scale > 0 ? out[j * ATT_HEAD_D + k] / scale : 0;

			canvas_half_cell(c, x + LABEL_W + k, y + j, v, v);
		}
	}
}

void att_order_draw(const struct state *s, struct att_order *ctx,
		    struct canvas *c, struct rect r)
{
	const struct sentence *sn = sentence_of(s);
	const struct order_result *res = order_get(s, ctx);
	struct rect in = panel_inside(r);
	struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
	struct style dim = { ROLE_DIM, ROLE_DEFAULT, 0 };
	char title[ATT_TEXT_MAX], brief[ATT_TEXT_MAX];
	const char *text;
	int y = in.y, end = in.y + in.h, cap;

	snprintf(title, sizeof title, tr(s->lang, "Order: one head, d = %d, %s"),
		 ATT_HEAD_D, head_title(s));
	snprintf(brief, sizeof brief, tr(s->lang, "Order: %s"),
		 head_title(s));
	panel_open(c, r, title, brief);
	if (!TIER(order_least, in.w, in.h) || !res || !res->ok)
		return;
	if (in.h >= att_order_full_h(s) - 2 && in.w >= att_order_full_w(s) - 2) {
		double sc = res->res.scale;
		int bx = in.x + LABEL_W + ATT_HEAD_D + GAP_W;

		canvas_text(c, in.x, y, bx - in.x, tr(s->lang, "outputs, in order"),
			    dim);
		canvas_text(c, bx, y, in.x + in.w - bx,
			    tr(s->lang, "outputs, shuffled (v/V)"), dim);
		y++;
		/* both blocks on the same colour scale */
		for (int i = 0; i < sn->n * ATT_HEAD_D; i++)
			sc = fmax(sc, fabs(res->moved[i]));
		draw_block(c, in.x, y, sn, NULL, res->out, sc);
		draw_block(c, bx, y, sn, res->res.perm, res->moved, sc);
		y += sn->n;
	} else {
		char line[ATT_TEXT_MAX];

		/* whole words only, as many as fit */
		sentence_text(sn, NULL, line, sizeof line);
		paragraph_items(c, in.x, y++, in.w, line, " ", plain);
		if (y < end) {
			char moved[ATT_TEXT_MAX - 8];

			sentence_text(sn, res->res.perm, moved, sizeof moved);
			snprintf(line, sizeof line, "%s %s",
				 s->ascii ? "->" : "→", moved);
			paragraph_items(c, in.x, y++, in.w, line, " ", plain);
		}
	}
	if (y >= end)
		return;
	/* The measurement, on two rows where the caption still fits after
	 * them; the caption only whole. */
	text = caption(s, same_vectors(&res->res));
	cap = paragraph_rows(text, in.w);
	y += draw_measure(s, c, in.x, y, in.w, end - y - cap >= 2 ? 2 : 1, res);
	if (cap <= end - y)
		paragraph_draw(c, (struct rect){ in.x, y, in.w, cap }, text, dim);
}

void att_order_free(struct att_order *ctx)
{
	cache_free(&ctx->run);
}
