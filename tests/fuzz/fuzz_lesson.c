/* fuzz_lesson.c - libFuzzer target: the lesson file parser. The input is a
 * lesson file. A refused file must be explained in one line that starts
 * with "fuzz.txt:" and a line number. An accepted one must keep the
 * parser's promises: 1 to LESSON_STEPS_MAX steps, titles and captions of
 * valid UTF-8 without control characters (captions may hold '\n'), and
 * every step must apply to a state that stays valid, its caption wrapping
 * at any width into lines no wider than that and drawing inside its box. */
#include "render/canvas.h"
#include "fuzz.h"
#include "model/lesson.h"
#include "model/lesson_run.h"
#include "views/panel_lesson.h"
#include "model/state.h"
#include "base/utf8.h"
#include "base/wrap.h"
#include "render/paragraph.h"
#include "views/views.h"

/* True when s is valid UTF-8 with no controls but those in `allowed`. */
static bool clean_text(const char *s, const char *allowed)
{
	while (*s) {
		bool bad;
		uint32_t cp = utf8_next(&s, &bad);

		if (bad || (utf8_is_control(cp) &&
			    !(cp < 0x80 && strchr(allowed, (int)cp))))
			return false;
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct settings start = { { 512, 10000.0, PE_INTERLEAVED },
					       128, 0, 0 };
	static struct lesson l;
	static struct lesson_book book;
	static struct state s;
	static struct canvas *c;
	struct wrap_line lines[8];
	char err[LESSON_ERR_MAX];

	if (!c)
		c = canvas_new(48, 12);
	fuzz_check(c != NULL, "canvas");
	if (lesson_parse((const char *)data, size, "fuzz.txt", views_catalog(),
			 LANG_EN, &l, err, sizeof err) != 0) {
		fuzz_check_message(err, sizeof err);
		fuzz_check(strncmp(err, "fuzz.txt:", 9) == 0 &&
			   err[9] >= '1' && err[9] <= '9', "message has no line");
		return 0;
	}
	fuzz_check(l.nsteps >= 1 && l.nsteps <= LESSON_STEPS_MAX, "nsteps");
	fuzz_check(clean_text(l.title, "") && clean_text(l.about, ""),
		   "title or about not clean");
	book.count = 1;
	book.lesson[0] = &l;
	state_init(&s, views_catalog(), &start);
	s.les.book = &book;
	for (int k = 0; k < l.nsteps; k++) {
		const char *cap = l.step[k].caption;

		fuzz_check(clean_text(l.step[k].title, ""), "step title");
		fuzz_check(cap[0] && clean_text(cap, "\n"), "caption");
		lesson_open(&s, 0, k);
		fuzz_check(s.les.step == k && !s.msg_error, "step failed");
		fuzz_check(state_valid(&s), "state_valid after a step");
		for (int w = 1; w <= 9; w += 4) {
			int n = wrap_lines(cap, w, lines, 8);

			for (int i = 0; i < n && i < 8; i++)
				fuzz_check(lines[i].width <= (w < 2 ? 2 : w),
					   "wrapped line too wide");
		}
		canvas_clear(c);
		caption_draw(&s, c, (struct rect){ 2, 1, 44, 10 });
		for (int y = 0; y < 12; y++)
			for (int x = 0; x < 48; x++)
				fuzz_check(canvas_cell(c, x, y)->ch == ' ' ||
					   (x >= 2 && x < 46 && y >= 1 && y < 11),
					   "caption drawn outside its box");
	}
	return 0;
}
