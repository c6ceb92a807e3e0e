/* panel_caption.c - the caption of a lesson step, under the view.
 *
 * The caption box keeps one height for the whole lesson (the tallest
 * caption at this width), so the view above does not jump from step to
 * step: a step's question, and each answer's verdict over its caption,
 * count among them. Wrapping all captions of a lesson is kept in the
 * screen's memo per (lesson, width, presenter mode): a frame only wraps
 * the caption it shows. */
#include "base/utf8.h"
#include "views/panel.h"
#include "views/panel_lesson.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/lesson.h"
#include "model/lesson_run.h"
#include "base/wrap.h"
#include "render/paragraph.h"
#include "base/tr.h"

enum {
	ROWS_MAX = 64,		/* wrapped lines of one caption we look at */
	BODY_MIN = 12,		/* shorter bodies get no caption box */
	HINT_PAD = 4		/* border columns kept free around the hints */
};

/* The caption box is drawn from 10 x 3 (views/panel.h). */
static const struct tier caption_least[] = { { 10, 3, 1 } };

/* Text columns inside the box: the border and a margin on each side. */
static int text_width(const struct state *s, int w)
{
	return w - 2 - (s->present ? 6 : 2);
}

/* Rows caption needs at text width tw: its lines, plus a blank row
 * between paragraphs in presenter mode. */
static int caption_rows(const struct state *s, const char *caption, int tw)
{
	int rows = wrap_lines(caption, tw, NULL, 0);

	if (s->present)
		for (const char *p = caption; (p = strchr(p, '\n')) != NULL; p++)
			rows++;
	return rows;
}

/* The most rows any step of l needs at width w, kept in memo for (the
 * lesson, w, presenter mode). */
static int lesson_rows(const struct state *s, struct cache *memo,
		       const struct lesson *l, int w)
{
	uintptr_t id = (uintptr_t)l;
	struct cache_key k = { { (double)(id >> 32), (double)(id & 0xffffffffu),
				 w, s->present } };

	if (!cache_ready(memo, &k)) {
		int tw = text_width(s, w), most = 1;
		char buf[LESSON_SHOWN_MAX];

		for (int j = 0; j < l->nsteps; j++) {
			const struct lesson_ask *q = lesson_step_ask(l, j);

			/* Unanswered, then each option picked. */
			for (int c = 0; c <= (q ? q->noptions : 0); c++) {
				int r = caption_rows(s, lesson_shown(s, l, j,
							 q ? c : 1, buf,
							 sizeof buf), tw);

				if (r > most)
					most = r;
			}
		}
		cache_put(memo, &k, (double[]){ most }, 1);
	}
	return (int)memo->out[0];
}

struct rect caption_split(const struct state *s, struct cache *memo,
			  struct rect *body)
{
	const struct lesson *l = state_lesson(s);
	struct rect r = { body->x, body->y + body->h, body->w, 0 };
	int most, want;

	if (!l || body->h < BODY_MIN || text_width(s, body->w) < 8)
		return r;
	most = s->present ? body->h / 2 : body->h * 2 / 5;
	want = lesson_rows(s, memo, l, body->w) + 2;
	r.h = want < 4 ? 4 : want > most ? (most < 4 ? 4 : most) : want;
	r.y = body->y + body->h - r.h;
	body->h -= r.h;
	return r;
}

/* "Lesson title · 2/5 Step title" in the language of s. */
static void caption_title(const struct state *s, const struct lesson *l,
			  char *buf, size_t n)
{
	const char *dot = s->ascii ? " - " : " · ";
	int k = s->les.step + 1;

	snprintf(buf, n, tr(s->lang, "%s%s%d/%d %s"), l->title, dot, k,
		 l->nsteps, l->step[s->les.step].title);
}

/* The lesson keys, right-aligned on the bottom border when they fit. */
static void caption_hints(const struct state *s, struct canvas *c,
			  struct rect r)
{
	const struct lesson_ask *q = lesson_waiting(s);
	char ask[64];
	const char *h = !s->les.focus
		? tr(s->lang, " p/n step  R restore  Enter arrows step  o lessons ")
		: s->ascii ? " Left/Right step  Enter release the arrows "
		: tr(s->lang, " ←/→ step  Enter release the arrows ");
	struct style st = { ROLE_KEY, ROLE_DEFAULT, 0 };
	int hw;

	if (q) {
		snprintf(ask, sizeof ask, tr(s->lang, " a-%c answer  p/n step  o "
					    "lessons "), 'a' + q->noptions - 1);
		h = ask;
	}
	hw = utf8_width(h);
	if (hw + HINT_PAD <= r.w)
		canvas_text(c, r.x + r.w - 2 - hw, r.y + r.h - 1, hw, h, st);
}

void caption_draw(const struct state *s, struct canvas *c, struct rect r)
{
	const struct lesson *l = state_lesson(s);
	struct wrap_line lines[ROWS_MAX];
	struct style border = { s->les.focus ? ROLE_FOCUS : ROLE_BORDER,
				ROLE_DEFAULT, s->les.focus ? ATTR_BOLD : 0 };
	struct style title = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	struct style text = { ROLE_DEFAULT, ROLE_DEFAULT,
			      s->present ? ATTR_BOLD : 0 };
	/* A question, or whether it was predicted: the first paragraph. */
	struct style first = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	const char *cap;
	char t[2 * LESSON_TITLE_MAX + 32], shown[LESSON_SHOWN_MAX];
	size_t first_end;
	int tw, margin, end, n, rows, gap;
	struct rect old;

	if (!l || !TIER(caption_least, r.w, r.h))
		return;
	old = canvas_set_clip(c, r);
	canvas_fill(c, r, ' ', (struct style){ ROLE_DEFAULT, ROLE_DEFAULT, 0 });
	caption_title(s, l, t, sizeof t);
	canvas_box(c, r, t, border, title);
	caption_hints(s, c, r);

	cap = lesson_shown(s, l, s->les.step, s->les.chosen, shown,
			   sizeof shown);
	first_end = lesson_step_ask(l, s->les.step) ? strcspn(cap, "\n") : 0;
	tw = text_width(s, r.w);
	margin = s->present ? 3 : 1;
	end = r.y + r.h - 1;
	n = wrap_lines(cap, tw, lines, ROWS_MAX);
	if (n > ROWS_MAX)
		n = ROWS_MAX;
	/* Presenter mode spaces the lines out when the box has the room. */
	rows = caption_rows(s, cap, tw);
	gap = s->present && rows + n - 1 <= end - (r.y + 1) ? 1 : 0;
	for (int i = 0, y = r.y + 1; i < n; i++) {
		const struct wrap_line *ln = &lines[i];
		int x = r.x + 1 + margin;
		bool para_end = cap[ln->off + ln->len] == '\n';
		int next = y + 1 + gap + (s->present && para_end);
		struct style st = ln->off < first_end ? first : text;

		if (i + 1 < n && next >= end) {
			/* More text than room: end with an ellipsis. */
			int used = paragraph_line(c, x, y, tw - 1, cap, ln, st);

			canvas_put(c, x + used, y, s->ascii ? '~' : 0x2026, st);
			break;
		}
		paragraph_line(c, x, y, tw, cap, ln, st);
		y = next;
	}
	canvas_set_clip(c, old);
}
