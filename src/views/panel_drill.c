/* panel_drill.c - the interview drill's box over the view: the question and
 * the answer being typed, the verdict and why, or the summary.
 *
 * Text comes from drill.h in the state's language and is wrapped with
 * wrap.h, so Chinese breaks between characters and never inside one. The
 * box keeps its last rows (the answer line and the key hints) when the
 * screen is short, and gives up rows of the question or explanation
 * instead. With s->ascii the formulas are respelled in ASCII. */
#include "views/panel_drill.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "model/drill.h"
#include "base/fmt.h"
#include "base/wrap.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum {
	TEXT_MAX = 768,		/* one paragraph of question or why */
	ROWS_MAX = 48,		/* rows of text a box can hold */
	BOX_W_MAX = 92,		/* widest box, for readable lines */
	STORES = 8,		/* paragraphs one box holds */
	SUMMARY_ITEMS = 9,	/* missed questions reopened by 1..9 */
	REVEAL_MIN_H = 5	/* rows a reveal's box keeps on short bodies */
};

/* The box is drawn from 8 columns and a row inside (views/panel.h). */
static const struct tier box_least[] = { { 8, 1, 1 } };

static const struct style st_box = { ROLE_BORDER, ROLE_HELP, 0 };
static const struct style st_title = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };
static const struct style st_text = { ROLE_HELP, ROLE_HELP, 0 };
static const struct style st_key = { ROLE_KEY, ROLE_HELP, ATTR_BOLD };
static const struct style st_hint = { ROLE_DIM, ROLE_HELP, 0 };
static const struct style st_ok = { ROLE_OK, ROLE_HELP, ATTR_BOLD };
static const struct style st_bad = { ROLE_WARN, ROLE_HELP, ATTR_BOLD };

/* ---- ASCII spellings ---- */

/* Rewrites the symbols of the drill's text that have an ASCII spelling
 * (longest first where one contains another). */
static void asciify(const char *in, char *out, size_t n)
{
	static const char *const subst[][2] = {
		{ " · ", " - " }, { "·", "*" }, { "π", "pi" }, { "ω", "w" },
		{ "λ", "wl" }, { "≤", "<=" }, { "≈", "~" }, { "‖", "||" },
		{ "√", "sqrt" }, { "²", "^2" }, { "Σ", "sum " }, { "±", "+/-" },
		{ "→", "->" }, { "×", "x" }, { "…", "..." }, { "–", "-" },
		{ "θ", "theta" }, { "ᵀ", "^T" }, { "≠", "!=" },
	};
	size_t k = 0;

	while (*in && k + 1 < n) {
		size_t i, len = 0;
		for (i = 0; i < sizeof subst / sizeof subst[0]; i++) {
			len = strlen(subst[i][0]);
			if (strncmp(in, subst[i][0], len) == 0)
				break;
		}
		if (i < sizeof subst / sizeof subst[0] &&
		    strcmp(subst[i][0], "√") == 0 && in[len] >= '0' &&
		    in[len] <= '9') {
			/* √384 -> sqrt(384): the root needs its parentheses */
			size_t m = strspn(in + len, "0123456789.");
			int w = snprintf(out + k, n - k, "sqrt(%.*s)", (int)m,
					 in + len);
			if (w < 0 || (size_t)w >= n - k)
				break;
			k += (size_t)w;
			in += len + m;
		} else if (i < sizeof subst / sizeof subst[0]) {
			size_t m = strlen(subst[i][1]);
			if (k + m + 1 > n)
				break;
			memcpy(out + k, subst[i][1], m);
			k += m;
			in += len;
		} else {
			out[k++] = *in++;
		}
	}
	out[k] = '\0';
}

/* ---- rows of text ---- */

struct row {
	const char *text;	/* the paragraph the line is cut from */
	struct wrap_line line;	/* which bytes of it this row shows */
	const char *prefix;	/* drawn at the left edge first, or NULL */
	int indent;		/* columns before the text */
	struct style st;	/* how the text is drawn */
	bool cursor;		/* a block cursor follows the text */
};

struct rows {
	struct row r[ROWS_MAX];	/* rows, top to bottom */
	int n;			/* rows used */
	char store[STORES][TEXT_MAX];	/* paragraphs the rows point into */
	int nstore;		/* paragraphs used */
};

/* Keeps a copy of text (respelled in ASCII when asked) for the rows; ""
 * once every store is taken (no box needs more than STORES). */
static const char *keep(struct rows *rs, const char *text, bool ascii)
{
	char *dst;

	if (rs->nstore >= STORES)
		return "";
	dst = rs->store[rs->nstore++];
	if (ascii)
		asciify(text, dst, TEXT_MAX);
	else
		snprintf(dst, TEXT_MAX, "%s", text);
	return dst;
}

/* Adds text wrapped to `width` columns, every row indented by `indent`
 * (the first after `prefix`, when given). */
static void add_text(struct rows *rs, const char *text, int width, int indent,
		     const char *prefix, struct style st)
{
	struct wrap_line lines[ROWS_MAX];
	int n = wrap_lines(text, width - indent, lines, ROWS_MAX);

	if (n > ROWS_MAX)
		n = ROWS_MAX;
	for (int i = 0; i < n && rs->n < ROWS_MAX; i++)
		rs->r[rs->n++] = (struct row){ text, lines[i],
					       i == 0 ? prefix : NULL, indent,
					       st, false };
}

static void add_blank(struct rows *rs)
{
	if (rs->n < ROWS_MAX)
		rs->r[rs->n++] = (struct row){ "", { 0, 0, 0 }, NULL, 0,
					       st_text, false };
}

/* ---- the box ---- */

/* Draws rows in a box of width w inside r: centred, or at the top of r.
 * When r is too short, rows just before `tail` (the first of the rows that
 * must stay: answer line, hints) are dropped. */
static void draw_box(struct canvas *c, struct rect r, int w, const char *title,
		     const struct rows *rs, int tail, bool top)
{
	struct rect box, old;
	int avail = r.h - 2, skip = rs->n - avail, y;

	if (!TIER(box_least, w, avail))
		return;
	if (skip < 0)
		skip = 0;
	if (skip > tail)
		skip = tail;
	box.w = w;
	box.h = (rs->n - skip < avail ? rs->n - skip : avail) + 2;
	box.x = r.x + (r.w - w) / 2;
	box.y = top ? r.y : r.y + (r.h - box.h) / 2;
	old = canvas_set_clip(c, r);
	canvas_fill(c, box, ' ', st_text);
	canvas_box(c, box, title, st_box, st_title);
	y = box.y + 1;
	for (int i = 0; i < rs->n && y < box.y + box.h - 1; i++) {
		const struct row *row = &rs->r[i];
		int x = box.x + 2, room = box.w - 4, used;

		if (i >= tail - skip && i < tail)
			continue;
		if (row->prefix)
			canvas_text(c, x, y, room, row->prefix, st_key);
		used = paragraph_line(c, x + row->indent, y, room - row->indent,
				 row->text, &row->line, row->st);
		if (row->cursor && row->indent + used < room)
			canvas_put(c, x + row->indent + used, y, ' ',
				   (struct style){ ROLE_KEY, ROLE_HELP,
						   ATTR_REVERSE });
		y++;
	}
	canvas_set_clip(c, old);
}

/* The box width for body r: as wide as readable, with a margin. */
static int box_width(struct rect r)
{
	int w = r.w - 2;
	return w > BOX_W_MAX ? BOX_W_MAX : w;
}

static void title_text(const struct state *s, int number, char *buf, size_t n)
{
	char raw[160];

	snprintf(raw, sizeof raw, tr(s->lang, "Interview drill · question %d · score %d/%d"),
		 number, s->drill.right, s->drill.asked);
	if (s->ascii)
		asciify(raw, buf, n);
	else
		snprintf(buf, n, "%s", raw);
}

/* The view called name as a sentence names it, "context view", in
 * the language of s (its spec's `said`: a Chinese sentence says the
 * view's Chinese name, not its command word); buf holds "NAME view" for
 * a view without one. */
static const char *view_named(const struct state *s, const char *name,
			      char *buf, size_t n)
{
	int v = catalog_find(s->cat, name);

	if (v >= 0 && s->cat->view[v]->said)
		return tr(s->lang, s->cat->view[v]->said);
	snprintf(buf, n, tr(s->lang, "%s view"), name);
	return buf;
}

/* ---- asking ---- */

static void draw_ask(const struct state *s, struct canvas *c, struct rect r)
{
	struct rows rs;
	const struct drill_session *d = &s->drill;
	struct drill_question q;
	char text[TEXT_MAX], title[200];
	int w = box_width(r), width = w - 4, tail;

	drill_question_make(d->seed, d->number, &q);
	rs.n = rs.nstore = 0;
	drill_text_question(&q, s->lang, text, sizeof text);
	add_text(&rs, keep(&rs, text, s->ascii), width, 0, NULL, st_text);
	if (q.choice) {
		static const char *const letters[DRILL_CHOICES] = {
			"a)", "b)", "c)", "d)"
		};
		add_blank(&rs);
		for (int i = 0; i < DRILL_CHOICES; i++) {
			drill_text_choice(&q, s->lang, i, text, sizeof text);
			add_text(&rs, keep(&rs, text, s->ascii), width, 3,
				 letters[i], st_text);
		}
	}
	add_blank(&rs);
	tail = rs.n;
	snprintf(text, sizeof text, "%s%s", tr(s->lang, "Your answer: "),
		 d->input);
	add_text(&rs, keep(&rs, text, s->ascii), width, 0, NULL, st_key);
	rs.r[rs.n - 1].cursor = true;
	snprintf(text, sizeof text, "%s", q.choice
		 ? tr(s->lang, "a-d, Enter: check · empty Enter: the answer · n: skip · Esc: end")
		 : tr(s->lang, "Enter: check · empty Enter: the answer · n: skip · Esc: end"));
	add_text(&rs, keep(&rs, text, s->ascii), width, 0, NULL, st_hint);
	title_text(s, d->asked + 1, title, sizeof title);
	draw_box(c, r, w, title, &rs, tail, false);
}

/* ---- the answer ---- */

/* The rows of the verdict, why and the hint for a box w wide into rs;
 * returns the first row that must stay (the hint). */
static int reveal_rows(const struct state *s, int w, struct rows *rs)
{
	const struct drill_session *d = &s->drill;
	struct drill_question q;
	char text[TEXT_MAX], answer[TEXT_MAX], name[64];
	int width = w - 4, tail;

	drill_question_make(d->seed, d->number, &q);
	rs->n = rs->nstore = 0;
	drill_text_answer(&q, s->lang, answer, sizeof answer);
	switch (d->outcome) {
	case DRILL_GOT_RIGHT:
		snprintf(text, sizeof text, tr(s->lang, "Correct: the answer is %s."),
			 answer);
		break;
	case DRILL_GOT_WRONG:
		snprintf(text, sizeof text, tr(s->lang, "Not quite: the answer is %s. You said %s."),
			 answer, d->input);
		break;
	default:
		snprintf(text, sizeof text, tr(s->lang, "The answer is %s."),
			 answer);
		break;
	}
	add_text(rs, keep(rs, text, s->ascii), width, 0, NULL,
		 d->outcome == DRILL_GOT_RIGHT ? st_ok : st_bad);
	drill_text_why(&q, s->lang, text, sizeof text);
	add_text(rs, keep(rs, text, s->ascii), width, 0, NULL, st_text);
	tail = rs->n;
	snprintf(text, sizeof text, tr(s->lang, "Live in the %s (keys work as usual) · n, Enter: next · Esc: end"),
		 view_named(s, state_view(s)->name, name, sizeof name));
	add_text(rs, keep(rs, text, s->ascii), width, 0, NULL, st_hint);
	return tail;
}

/* The reveal's box in r: its rows, at the top of r, at most half of r
 * (then the end of why gives way) but never fewer than REVEAL_MIN_H
 * rows. */
static struct rect reveal_box(const struct state *s, struct rect r,
			      struct rows *rs, int *tail)
{
	int most = r.h / 2 < REVEAL_MIN_H ? REVEAL_MIN_H : r.h / 2, h;

	*tail = reveal_rows(s, box_width(r), rs);
	h = rs->n + 2 < most ? rs->n + 2 : most;
	return (struct rect){ r.x, r.y, r.w, h < r.h ? h : r.h };
}

/* The reveal in r, the rectangle drill_panel_split gave its box. */
static void draw_reveal(const struct state *s, struct canvas *c, struct rect r)
{
	struct rows rs;
	char title[200];
	int tail = reveal_rows(s, box_width(r), &rs);

	title_text(s, s->drill.asked, title, sizeof title);
	draw_box(c, r, box_width(r), title, &rs, tail, true);
}

/* ---- the summary ---- */

static void draw_summary(const struct state *s, struct canvas *c,
			 struct rect r)
{
	struct rows rs;
	const struct drill_session *d = &s->drill;
	char text[TEXT_MAX], *p = text, *end = text + sizeof text;
	int w = box_width(r), width = w - 4, tail, shown;

	rs.n = rs.nstore = 0;
	if (d->asked == 0)
		snprintf(text, sizeof text, "%s",
			 tr(s->lang, "No question answered."));
	else
		snprintf(text, sizeof text, tr(s->lang, "Right: %d of %d. %s"),
			 d->right, d->asked,
			 d->nmissed + d->nlost == 0
				 ? tr(s->lang, "Nothing missed.")
				 : tr(s->lang, "Missed, with the view to revisit:"));
	add_text(&rs, keep(&rs, text, s->ascii), width, 0, NULL, st_text);

	/* One paragraph of items, one per line, so they share one store. */
	shown = d->nmissed < SUMMARY_ITEMS ? d->nmissed : SUMMARY_ITEMS;
	text[0] = '\0';
	for (int i = 0; i < shown && p < end; i++) {
		struct drill_question q;
		char b[32], v[64];

		drill_question_make(d->seed, d->missed[i], &q);
		fmt_double_compact(q.pe.base, 6, b, sizeof b);
		p += snprintf(p, (size_t)(end - p), tr(s->lang, "%d) %s (d_model %d, base %s) → %s\n"),
			      i + 1, drill_text_kind(q.kind, s->lang),
			      q.pe.d_model, b, view_named(s, q.view, v, sizeof v));
	}
	if (p < end && d->nmissed + d->nlost > shown)
		snprintf(p, (size_t)(end - p), tr(s->lang, "... and %d more\n"),
			 d->nmissed + d->nlost - shown);
	if (text[0])
		add_text(&rs, keep(&rs, text, s->ascii), width, 3, NULL,
			 st_text);
	add_blank(&rs);
	tail = rs.n;
	/* cppcheck-suppress knownConditionTrueFalse ; shown counts the missed questions */
	snprintf(text, sizeof text, "%s", shown > 0
		 ? tr(s->lang, "1-9: reopen it in its view with its parameters · Enter or Esc: close")
		 : tr(s->lang, "Enter or Esc: close"));
	add_text(&rs, keep(&rs, text, s->ascii), width, 0, NULL, st_hint);
	draw_box(c, r, w, tr(s->lang, "Drill summary"), &rs, tail, false);
}

struct rect drill_panel_split(const struct state *s, struct rect *body)
{
	struct rows rs;
	struct rect box;
	int tail;

	if (s->drill.phase != DRILL_REVEAL)
		return *body;
	box = reveal_box(s, *body, &rs, &tail);
	body->y += box.h;
	body->h -= box.h;
	return box;
}

bool drill_panel_hides_view(const struct state *s)
{
	return s->drill.phase == DRILL_ASK || s->drill.phase == DRILL_SUMMARY;
}

void drill_panel_draw(const struct state *s, struct canvas *c, struct rect r)
{
	/* While a question waits for its answer, or the summary is read, the
	 * view is hidden: it could give the answer away, and keys do not
	 * reach it then anyway. */
	if (drill_panel_hides_view(s))
		canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT,
						       ROLE_DEFAULT, 0 });
	switch (s->drill.phase) {
	case DRILL_ASK:
		draw_ask(s, c, r);
		break;
	case DRILL_REVEAL:
		draw_reveal(s, c, r);
		break;
	case DRILL_SUMMARY:
		draw_summary(s, c, r);
		break;
	default:
		break;
	}
}
