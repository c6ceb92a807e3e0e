/* lesson_run.c - lessons applied to the state (see lesson_run.h). */
#include "model/lesson_run.h"

#include <stdio.h>
#include <string.h>

#include "model/command.h"
#include "model/keys.h"
#include "base/numparse.h"
#include "engine/pe_variants.h"

enum { WORDS_MAX = 4 };

/* ---- the lesson commands ---- */

/* An integer word for `what` in [lo, hi], or a message. */
static bool int_arg(const char *what, const char *v, long long lo,
		    long long hi, long long *out, char *err, size_t n)
{
	enum numparse_status st = numparse_int(v, lo, hi, out);

	if (st == NUMPARSE_OK)
		return true;
	snprintf(err, n, "%s must be an integer from %lld to %lld, got \"%s\" "
		 "(%s)", what, lo, hi, v, numparse_reason(st));
	return false;
}

static bool double_arg(const char *what, const char *v, double lo, double hi,
		       double *out, char *err, size_t n)
{
	enum numparse_status st = numparse_double(v, lo, hi, NUMPARSE_CLOSED,
						  out);

	if (st == NUMPARSE_OK)
		return true;
	snprintf(err, n, "%s must be a number from %g to %g, got \"%s\" (%s)",
		 what, lo, hi, v, numparse_reason(st));
	return false;
}

/* highlight dims A B | highlight pos A B | highlight off */
static int cmd_highlight(struct state *s, int nw, const char *const *w,
			 char *err, size_t n)
{
	long long lo, hi, top;
	bool dims;

	if (nw == 2 && strcmp(w[1], "off") == 0) {
		s->hl = (struct highlight){ HL_NONE, 0, 0 };
		return 0;
	}
	if (nw != 4 || (strcmp(w[1], "dims") != 0 && strcmp(w[1], "pos") != 0)) {
		snprintf(err, n, "highlight takes \"dims A B\", \"pos A B\" or "
			 "\"off\"");
		return -1;
	}
	dims = strcmp(w[1], "dims") == 0;
	top = dims ? s->cur.pe.d_model - 1 : s->cur.len - 1;
	if (!int_arg(dims ? "highlight dims A" : "highlight pos A", w[2], 0,
		     top, &lo, err, n) ||
	    !int_arg(dims ? "highlight dims B" : "highlight pos B", w[3], lo,
		     top, &hi, err, n))
		return -1;
	s->hl = (struct highlight){ dims ? HL_DIMS : HL_POS, lo, hi };
	return 0;
}

/* window A B: positions A..B across the plots. */
static int cmd_window(struct state *s, int nw, const char *const *w,
		      char *err, size_t n)
{
	long long lo, hi;

	if (nw != 3) {
		snprintf(err, n, "window takes two positions, e.g. window 0 63");
		return -1;
	}
	if (!int_arg("window A", w[1], 0, s->cur.len - 1, &lo, err, n) ||
	    !int_arg("window B", w[2], lo, s->cur.len - 1, &hi, err, n))
		return -1;
	s->view.pos0 = lo;
	s->view.npos = hi - lo + 1;
	return 0;
}

/* bug N (1-based) or bug NAME. */
static int cmd_bug(struct state *s, const char *v, char *err, size_t n)
{
	long long i;

	for (int b = 0; b < BUG_KINDS; b++)
		if (strcmp(v, pe_bug_info((enum pe_bug)b)->name) == 0) {
			s->knobs.bug = b;
			return 0;
		}
	if (numparse_int(v, 1, BUG_KINDS, &i) == NUMPARSE_OK) {
		s->knobs.bug = (int)i - 1;
		return 0;
	}
	snprintf(err, n, "bug must be 1 to %d or a name such as %s, got \"%s\"",
		 BUG_KINDS, pe_bug_info((enum pe_bug)0)->name, v);
	return -1;
}

/* The knob commands, each with one value; cmd is one of is_knob's. */
static int cmd_knob(struct state *s, const char *cmd, const char *v,
		    char *err, size_t n)
{
	struct view_knobs *k = &s->knobs;
	long long x;
	double f;
	int top = s->cur.pe.d_model / 2 - 1;

	if (strcmp(cmd, "offset") == 0) {
		if (!int_arg("offset", v, 1, PE_LEN_MAX, &x, err, n))
			return -1;
		k->offset = x;
	} else if (strcmp(cmd, "split") == 0) {
		if (!int_arg("split", v, 1, top < 1 ? 1 : top, &x, err, n))
			return -1;
		k->split = (int)x;
	} else if (strcmp(cmd, "threshold") == 0) {
		if (!double_arg("threshold", v, 0.05, 0.95, &f, err, n))
			return -1;
		k->threshold = f;
	} else if (strcmp(cmd, "train") == 0) {
		if (!int_arg("train", v, 1, PE_LEN_MAX, &x, err, n))
			return -1;
		k->train_len = x;
	} else if (strcmp(cmd, "scale") == 0) {
		if (!double_arg("scale", v, 1, 1024, &f, err, n))
			return -1;
		k->scale = f;
	} else {
		return cmd_bug(s, v, err, n);
	}
	return 0;
}

static bool is_knob(const char *w)
{
	static const char *const knobs[] = { "offset", "split", "threshold",
					     "train", "scale", "bug", NULL };

	for (int i = 0; knobs[i]; i++)
		if (strcmp(w, knobs[i]) == 0)
			return true;
	return false;
}

int lesson_command(struct state *s, const char *line, char *err, size_t n)
{
	char store[WORDS_MAX * LESSON_CMD_MAX];
	const char *w[WORDS_MAX];
	int nw = command_words(line, store, LESSON_CMD_MAX, w, WORDS_MAX);

	if (nw == 0) {
		snprintf(err, n, "empty command");
		return -1;
	}
	if (nw > WORDS_MAX) {
		snprintf(err, n, "too many words in \"%s\"", w[0]);
		return -1;
	}
	if (strcmp(w[0], "highlight") == 0)
		return cmd_highlight(s, nw, w, err, n);
	if (strcmp(w[0], "window") == 0)
		return cmd_window(s, nw, w, err, n);
	if (is_knob(w[0])) {
		if (nw != 2) {
			snprintf(err, n, "%s takes one value", w[0]);
			return -1;
		}
		return cmd_knob(s, w[0], w[1], err, n);
	}
	if (strcmp(w[0], "q") == 0 || strcmp(w[0], "quit") == 0 ||
	    strcmp(w[0], "help") == 0 || strcmp(w[0], "h") == 0) {
		snprintf(err, n, ":%s is not allowed in a lesson", w[0]);
		return -1;
	}
	/* COMMAND_QUIT cannot come back: :q was refused above. */
	return command_run(s, line, err, n) == COMMAND_OK ? 0 : -1;
}

/* ---- steps ---- */

/* Where every lesson starts (lesson.h). */
static const struct settings lesson_start = {
	.pe = { .d_model = 512, .base = 10000.0, .layout = PE_INTERLEAVED },
	.len = 128, .pos = 0, .dim = 0
};

void lesson_reset(struct state *s)
{
	struct state t;

	state_init(&t, &lesson_start);
	s->cur = t.cur;
	s->start = t.start;
	s->view = t.view;
	s->view_id = t.view_id;
	s->knobs = t.knobs;
	s->preset = t.preset;
	s->playing = false;
	s->hl = (struct highlight){ HL_NONE, 0, 0 };
}

/* Applies the commands of step st to s, its highlight replacing the last
 * step's; 0, or -1 with the message in err and the failing line in *line. */
static int step_apply(struct state *s, const struct lesson_step *st,
		      int *line, char *err, size_t n)
{
	s->hl = (struct highlight){ HL_NONE, 0, 0 };
	for (int i = 0; i < st->ncmds; i++)
		if (lesson_command(s, st->cmd[i].text, err, n) != 0) {
			*line = st->cmd[i].line;
			return -1;
		}
	return 0;
}

int lesson_check(const struct lesson *l, int *line, char *err, size_t n)
{
	struct state s;

	state_init(&s, &lesson_start);
	for (int k = 0; k < l->nsteps; k++)
		if (step_apply(&s, &l->step[k], line, err, n) != 0)
			return -1;
	return 0;
}

const struct lesson *lesson_current(const struct state *s)
{
	const struct lesson_book *b = s->les.book;

	if (!b || s->les.index < 0 || s->les.index >= b->count)
		return NULL;
	return b->lesson[s->les.index];
}

void lesson_goto(struct state *s, int k)
{
	const struct lesson *l = lesson_current(s);
	char err[MSG_MAX], msg[MSG_MAX];
	int line = 0;

	if (!l)
		return;
	k = k < 0 ? 0 : k >= l->nsteps ? l->nsteps - 1 : k;
	s->les.step = k;
	lesson_reset(s);
	for (int i = 0; i <= k; i++) {
		/* Only the step shown may leave a message (a preset's). */
		s->msg[0] = '\0';
		if (step_apply(s, &l->step[i], &line, err, sizeof err) != 0) {
			snprintf(msg, sizeof msg, "lesson line %d: %.120s", line,
				 err);
			state_message(s, true, msg);
			break;
		}
	}
	s->start = s->cur;
}

/* A message in the language of s. */
static void say(struct state *s, bool error, const char *en, const char *zh)
{
	state_message(s, error, s->lang == LANG_ZH ? zh : en);
}

void lesson_open(struct state *s, int i, int k)
{
	const struct lesson_book *b = s->les.book;

	if (i < 0) {
		s->les.index = -1;
		s->les.focus = false;
		s->les.menu = false;
		s->hl = (struct highlight){ HL_NONE, 0, 0 };
		return;
	}
	if (!b || i >= b->count) {
		if (b && b->count)
			say(s, true, "no lesson with that number",
			    "没有这个编号的课程");
		else
			say(s, true, "no lessons found (see pescope --lessons)",
			    "找不到课程文件（见 pescope --lessons）");
		return;
	}
	s->les.index = i;
	s->les.menu = false;
	s->les.sel = i + 1;
	lesson_goto(s, k);
}

/* ---- actions ---- */


static void no_lesson(struct state *s)
{
	say(s, false, "no lesson open: press o to choose one",
	    "没有打开的课程：按 o 选择一课");
}

static void step_by(struct state *s, int dir)
{
	const struct lesson *l = lesson_current(s);
	int k;

	if (!l) {
		no_lesson(s);
		return;
	}
	k = s->les.step + dir;
	if (k < 0)
		say(s, false, "this is the first step", "这已是第一步");
	else if (k >= l->nsteps)
		say(s, false, "this is the last step: press o for another lesson",
		    "这已是最后一步：按 o 换一课");
	else
		lesson_goto(s, k);
}

static int book_count(const struct state *s)
{
	return s->les.book ? s->les.book->count : 0;
}

unsigned lesson_apply(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1, n = book_count(s);

	switch (a->kind) {
	case ACT_LESSON_STEP:
		step_by(s, dir);
		break;
	case ACT_LESSON_RESTORE:
		if (lesson_current(s))
			lesson_goto(s, s->les.step);
		else
			no_lesson(s);
		break;
	case ACT_LESSON_FOCUS:
		if (lesson_current(s))
			s->les.focus = !s->les.focus;
		else
			no_lesson(s);
		break;
	case ACT_LESSON_MENU:
		s->les.menu = !s->les.menu;
		s->les.sel = s->les.index + 1;
		break;
	case ACT_LESSON_MENU_MOVE:
		s->les.sel = (s->les.sel + dir + n + 1) % (n + 1);
		break;
	case ACT_LESSON_OPEN:
		lesson_open(s, a->arg < -1 || a->arg > n ? n : (int)a->arg, 0);
		break;
	case ACT_PRESENT_TOGGLE:
		s->present = !s->present;
		if (s->present)
			say(s, false, "presenter mode: keys shown, captions "
			    "larger (P turns it off)",
			    "演示模式：显示按键，放大讲解（再按 P 关闭）");
		else
			say(s, false, "presenter mode off", "演示模式已关闭");
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

/* ---- keys ---- */

bool lesson_keys(const struct state *s, int code, struct action *a)
{
	*a = (struct action){ ACT_NONE, 0, 0, -1 };
	if (s->les.menu) {
		if (code >= '0' && code <= '9') {
			a->kind = ACT_LESSON_OPEN;
			a->arg = code - '1';
		} else if (code == PK_UP || code == 'k' || code == PK_DOWN ||
			   code == 'j') {
			a->kind = ACT_LESSON_MENU_MOVE;
			a->arg = code == PK_UP || code == 'k' ? -1 : 1;
		} else if (code == PK_ENTER) {
			a->kind = ACT_LESSON_OPEN;
			a->arg = s->les.sel - 1;
		}
	} else if (s->les.focus && lesson_current(s)) {
		if (code == PK_LEFT || code == PK_PGUP ||
		    code == PK_RIGHT || code == PK_PGDN) {
			a->kind = ACT_LESSON_STEP;
			a->arg = code == PK_LEFT || code == PK_PGUP ? -1 : 1;
		}
	}
	return a->kind != ACT_NONE;
}

bool lesson_cursor_valid(const struct state *s)
{
	const struct lesson_cursor *c = &s->les;
	const struct lesson *l = lesson_current(s);
	int n = book_count(s);

	if (c->index != -1 && !l)
		return false;
	if (l && (c->step < 0 || c->step >= l->nsteps))
		return false;
	if (c->sel < 0 || c->sel > n)
		return false;
	if (s->hl.kind != HL_NONE && (s->hl.lo < 0 || s->hl.lo > s->hl.hi))
		return false;
	return !(c->focus && !l);
}
