/* panel_chooser.c - the lesson chooser ('o'): a centred list of the
 * lessons of the book, the highlighted one's description under it. */
#include "views/panel_lesson.h"
#include "base/tr.h"

#include <stdio.h>

#include "model/lesson.h"
#include "base/wrap.h"
#include "render/paragraph.h"
#include "views/panel.h"

enum { WIDTH_MAX = 76, ABOUT_ROWS = 3 };

/* The chooser is drawn from 20 columns and a row of its list
 * (views/panel.h). */
static const struct tier chooser_least[] = { { 20, 1, 1 } };

/* Entry i of the list: "0 (close the lesson)" or "N  title". */
static void entry_text(const struct state *s, int i, char *buf, size_t n)
{

	if (i == 0)
		snprintf(buf, n, " 0  %s", tr(s->lang, "(close the lesson)"));
	else
		snprintf(buf, n, "%2d  %s", i, s->les.book->lesson[i - 1]->title);
}

void chooser_draw(const struct state *s, struct canvas *c, int w, int h)
{
	const struct lesson_book *b = s->les.book;
	int count = b ? b->count : 0;
	struct style box = { ROLE_BORDER, ROLE_HELP, 0 };
	struct style title = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };
	struct style text = { ROLE_HELP, ROLE_HELP, 0 };
	struct style sel = { ROLE_HELP, ROLE_HELP, ATTR_REVERSE };
	struct style dim = { ROLE_DIM, ROLE_HELP, 0 };
	struct wrap_line about[ABOUT_ROWS];
	const char *note;
	struct rect r;
	char line[LESSON_TITLE_MAX + 16], head[160];
	int na = 0, y, rows, first, extra;

	r.w = w - 4 < WIDTH_MAX ? w - 4 : WIDTH_MAX;
	if (s->les.sel > 0 && s->les.sel <= count)
		na = wrap_lines(b->lesson[s->les.sel - 1]->about, r.w - 4, about,
				ABOUT_ROWS);
	if (na > ABOUT_ROWS)
		na = ABOUT_ROWS;
	note = !count ? (b && b->error[0] ? b->error
			 : tr(s->lang, "no lessons found (see pescope --lessons)"))
		      : b->skipped ? b->error : NULL;
	extra = 1 + na + (note ? 2 : 0);	/* under the list */
	r.h = count + 1 + 2 + extra;
	if (r.h > h - 2)
		r.h = h - 2;
	rows = r.h - 2 - extra;		/* list rows shown */
	if (!TIER(chooser_least, r.w, rows))
		return;
	/* The highlighted entry stays in sight: the list scrolls with it. */
	first = s->les.sel - rows / 2;
	if (first > count + 1 - rows)
		first = count + 1 - rows;
	if (first < 0)
		first = 0;
	r.x = (w - r.w) / 2;
	r.y = (h - r.h) / 2;
	struct rect old = canvas_set_clip(c, r);

	if (s->les.typed)
		snprintf(head, sizeof head, tr(s->lang, "Lessons: %d typed, another digit or Enter"),
			 s->les.typed);
	else
		snprintf(head, sizeof head, "%s", s->ascii
			 ? "Lessons: a number, or Up/Down and Enter; Esc closes"
			 : tr(s->lang, "Lessons: a number, or ↑/↓ and Enter; Esc closes"));
	canvas_fill(c, r, ' ', text);
	canvas_box(c, r, head, box, title);
	y = r.y + 1;
	for (int i = first; i <= count && i < first + rows; i++, y++) {
		bool more = (i == first && first > 0) ||
			    (i == first + rows - 1 && i < count);

		entry_text(s, i, line, sizeof line);
		canvas_fill(c, (struct rect){ r.x + 1, y, r.w - 2, 1 }, ' ',
			    i == s->les.sel ? sel : text);
		canvas_text(c, r.x + 1, y, r.w - 3, line,
			    i == s->les.sel ? sel : text);
		if (more)	/* entries beyond the box this way */
			canvas_put(c, r.x + r.w - 2, y,
				   s->ascii ? (i == first ? '^' : 'v')
					    : (i == first ? 0x25b2 : 0x25bc),
				   dim);
	}
	y = r.y + 1 + rows + 1;
	for (int i = 0; i < na && y < r.y + r.h - 1; i++, y++)
		paragraph_line(c, r.x + 2, y, r.w - 4,
			       b->lesson[s->les.sel - 1]->about, &about[i], dim);
	if (note && y + 1 < r.y + r.h - 1)
		canvas_text(c, r.x + 2, y + 1, r.w - 4, note,
			    (struct style){ ROLE_WARN, ROLE_HELP, 0 });
	canvas_set_clip(c, old);
}
