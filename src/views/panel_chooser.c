/* panel_chooser.c - the lesson chooser ('o'): a centred list of the
 * lessons of the book, the highlighted one's description under it. */
#include "views/panel_lesson.h"

#include <stdio.h>

#include "model/lesson.h"
#include "base/wrap.h"
#include "render/paragraph.h"

enum { WIDTH_MAX = 76, ABOUT_ROWS = 3 };

void chooser_draw(const struct state *s, struct canvas *c, int w, int h)
{
	const struct lesson_book *b = s->les.book;
	bool zh = s->lang == LANG_ZH;
	int count = b ? b->count : 0;
	struct style box = { ROLE_BORDER, ROLE_HELP, 0 };
	struct style title = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };
	struct style text = { ROLE_HELP, ROLE_HELP, 0 };
	struct style sel = { ROLE_HELP, ROLE_HELP, ATTR_REVERSE };
	struct style dim = { ROLE_DIM, ROLE_HELP, 0 };
	struct wrap_line about[ABOUT_ROWS];
	const char *note;
	struct rect r;
	char line[LESSON_TITLE_MAX + 16];
	int na = 0, y;

	r.w = w - 4 < WIDTH_MAX ? w - 4 : WIDTH_MAX;
	if (s->les.sel > 0 && s->les.sel <= count)
		na = wrap_lines(b->lesson[s->les.sel - 1]->about, r.w - 4, about,
				ABOUT_ROWS);
	note = !count ? (b && b->error[0] ? b->error
			 : zh ? "找不到课程（见 pescope --lessons）"
			      : "no lessons found (see pescope --lessons)")
		      : b->skipped ? b->error : NULL;
	r.h = count + 1 + 2 + 1 + (na > ABOUT_ROWS ? ABOUT_ROWS : na) +
	      (note ? 2 : 0);
	if (r.h > h - 2)
		r.h = h - 2;
	if (r.w < 20 || r.h < 4)
		return;
	r.x = (w - r.w) / 2;
	r.y = (h - r.h) / 2;
	struct rect old = canvas_set_clip(c, r);

	canvas_fill(c, r, ' ', text);
	canvas_box(c, r, zh ? "课程：数字或 ↑/↓ 回车选择，Esc 关闭"
		   : s->ascii ? "Lessons: a digit, or Up/Down and Enter; Esc closes"
		   : "Lessons: a digit, or ↑/↓ and Enter; Esc closes",
		   box, title);
	y = r.y + 1;
	for (int i = 0; i <= count && y < r.y + r.h - 1; i++, y++) {
		if (i == 0)
			snprintf(line, sizeof line, " 0  %s",
				 zh ? "（关闭课程）" : "(close the lesson)");
		else
			snprintf(line, sizeof line, " %d  %s", i,
				 b->lesson[i - 1]->title);
		canvas_fill(c, (struct rect){ r.x + 1, y, r.w - 2, 1 }, ' ',
			    i == s->les.sel ? sel : text);
		canvas_text(c, r.x + 1, y, r.w - 2, line,
			    i == s->les.sel ? sel : text);
	}
	y++;
	for (int i = 0; i < na && i < ABOUT_ROWS && y < r.y + r.h - 1; i++, y++)
		paragraph_line(c, r.x + 2, y, r.w - 4, b->lesson[s->les.sel - 1]->about,
			  &about[i], dim);
	if (note && y + 1 < r.y + r.h - 1)
		canvas_text(c, r.x + 2, y + 1, r.w - 4, note,
			    (struct style){ ROLE_WARN, ROLE_HELP, 0 });
	canvas_set_clip(c, old);
}
