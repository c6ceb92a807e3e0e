/* lesson_run.c - lessons applied to the state (see lesson_run.h). */
#include "model/lesson_run.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "model/lesson.h"

void lesson_goto(struct state *s, int k)
{
	const struct lesson *l = state_lesson(s);
	char err[MSG_MAX], msg[MSG_MAX];
	int line = 0;

	if (!l)
		return;
	k = k < 0 ? 0 : k >= l->nsteps ? l->nsteps - 1 : k;
	s->les.step = k;
	lesson_reset(s);
	for (int i = 0; i <= k; i++) {
		const struct lesson_step *st = &l->step[i];
		int upto = i == k && lesson_waiting(s) ? st->ask.at : st->ncmds;

		/* Only the step shown may leave a message (a preset's). */
		s->msg[0] = '\0';
		if (lesson_step_apply(s, st, upto, &line, err, sizeof err) != 0) {
			snprintf(msg, sizeof msg, tr(s->lang, "lesson line %d: %.120s"), line,
				 err);
			state_message(s, true, msg);
			break;
		}
	}
	s->start = s->cur;
}

void lesson_open(struct state *s, int i, int k)
{
	const struct lesson_book *b = s->les.book;

	if (i < 0) {
		s->les.index = -1;
		s->les.focus = false;
		s->les.menu = false;
		s->les.typed = 0;
		s->les.zoom_w = s->les.zoom_h = 0;
		s->hl = (struct highlight){ HL_NONE, 0, 0 };
		return;
	}
	if (!b || i >= b->count) {
		if (b && b->count)
			state_message(s, true, tr(s->lang, "no lesson with that number"));
		else
			state_message(s, true, tr(s->lang, "no lessons found (see pescope --lessons)"));
		return;
	}
	s->les.index = i;
	s->les.menu = false;
	s->les.typed = 0;
	s->les.sel = i + 1;
	s->les.chosen = 0;
	lesson_goto(s, k);
}

/* ---- a step's question ---- */

const struct lesson_ask *lesson_waiting(const struct state *s)
{
	return s->les.chosen ? NULL
	       : lesson_step_ask(state_lesson(s), s->les.step);
}

/* Says which letters answer question q. */
static void say_letters(struct state *s, const struct lesson_ask *q)
{
	char msg[MSG_MAX];

	snprintf(msg, sizeof msg, tr(s->lang, "predict first: press a letter "
				    "from a to %c (n goes on without answering)"),
		 'a' + q->noptions - 1);
	state_message(s, true, msg);
}

bool lesson_frozen(struct state *s, const struct action *a)
{
	const struct lesson_ask *q = lesson_waiting(s);

	switch (a->kind) {
	case ACT_NONE:
	case ACT_TICK:
	case ACT_HELP_TOGGLE:
	case ACT_HELP_SHOW:
	case ACT_HELP_SCROLL:
	case ACT_HELP_PAGE:
	case ACT_ESCAPE:
	case ACT_LESSON_STEP:
	case ACT_LESSON_RESTORE:
	case ACT_LESSON_FOCUS:
	case ACT_LESSON_MENU:
	case ACT_LESSON_MENU_MOVE:
	case ACT_LESSON_MENU_PAGE:
	case ACT_LESSON_MENU_DIGIT:
	case ACT_LESSON_MENU_PICK:
	case ACT_LESSON_OPEN:
	case ACT_LESSON_ANSWER:
	case ACT_PRESENT_TOGGLE:
	case ACT_EXPORT:
	case ACT_QUIT:
		return false;
	default:
		break;
	}
	if (!q)
		return false;
	say_letters(s, q);
	return true;
}

const char *lesson_shown(const struct state *s, const struct lesson *l,
			 int k, int chosen, char *buf, size_t n)
{
	const struct lesson_ask *q = lesson_step_ask(l, k);
	const char *cap = l->step[k].caption;
	size_t used;

	if (!q) {
		snprintf(buf, n, "%s", cap);
		return buf;
	}
	if (chosen <= 0) {
		used = (size_t)snprintf(buf, n, "%s", q->question);
		for (int i = 0; i < q->noptions && used < n; i++)
			used += (size_t)snprintf(buf + used, n - used,
						 "\n%c) %s", 'a' + i,
						 q->option[i]);
		return buf;
	}
	if (chosen - 1 == q->answer)
		used = (size_t)snprintf(buf, n, tr(s->lang, "You predicted %c) %s: "
						   "right."), 'a' + q->answer,
					q->option[q->answer]);
	else
		used = (size_t)snprintf(buf, n, tr(s->lang, "You predicted %c) %s, "
						   "but it is %c) %s."),
					'a' + chosen - 1, q->option[chosen - 1],
					'a' + q->answer, q->option[q->answer]);
	if (used < n)
		snprintf(buf + used, n - used, "\n%s", cap);
	return buf;
}

/* A letter pressed while the question waits: out of the options' range,
 * says which letters answer; else shows the whole step. */
static void answer(struct state *s, long long option)
{
	const struct lesson_ask *q = lesson_waiting(s);

	if (!q) {
		state_message(s, false, tr(s->lang, "no question waits here"));
		return;
	}
	if (option < 0 || option >= q->noptions) {
		say_letters(s, q);
		return;
	}
	s->les.chosen = (int)option + 1;
	lesson_goto(s, s->les.step);
}

/* ---- actions ---- */

static void no_lesson(struct state *s)
{
	state_message(s, false, tr(s->lang, "no lesson open: press o to choose one"));
}

static void step_by(struct state *s, int dir)
{
	const struct lesson *l = state_lesson(s);
	int k;

	if (!l) {
		no_lesson(s);
		return;
	}
	k = s->les.step + dir;
	if (k < 0)
		state_message(s, false, tr(s->lang, "this is the first step"));
	else if (k >= l->nsteps)
		state_message(s, false, tr(s->lang, "this is the last step: press o for another lesson"));
	else {
		s->les.chosen = 0;
		lesson_goto(s, k);
	}
}

static int book_count(const struct state *s)
{
	return s->les.book ? s->les.book->count : 0;
}

/* Moves the chooser's highlight: one entry around the list, or a page or
 * more up to an end. */
static void menu_move(struct state *s, const struct action *a)
{
	int n = book_count(s);
	long long by = a->arg, to;

	s->les.typed = 0;
	if (a->kind == ACT_LESSON_MENU_PAGE)
		by *= state_chooser_page(s);
	if (by == 1 || by == -1) {
		s->les.sel = (int)((s->les.sel + by + n + 1) % (n + 1));
		return;
	}
	to = s->les.sel + by;
	s->les.sel = (int)(to < 0 ? 0 : to > n ? n : to);
}

/* A digit typed in the chooser: 0 alone closes the lesson; otherwise the
 * digits so far name a lesson, opened as soon as no longer number could
 * follow (with 12 lessons, 1 waits for a second digit or Enter, 12 opens
 * at once); a number past the book starts over. */
static void menu_digit(struct state *s, int digit)
{
	int n = book_count(s);
	long long num = (long long)s->les.typed * 10 + digit;

	if (num == 0) {
		lesson_open(s, -1, 0);
		return;
	}
	if (num > n) {
		s->les.typed = 0;
		state_message(s, true, tr(s->lang, "no lesson with that number"));
		return;
	}
	s->les.sel = (int)num;
	if (num * 10 > n) {
		s->les.typed = 0;
		lesson_open(s, (int)num - 1, 0);
	} else {
		s->les.typed = (int)num;
	}
}

unsigned lesson_apply(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1, n = book_count(s);

	switch (a->kind) {
	case ACT_LESSON_STEP:
		step_by(s, dir);
		break;
	case ACT_LESSON_RESTORE:
		if (state_lesson(s))
			lesson_goto(s, s->les.step);
		else
			no_lesson(s);
		break;
	case ACT_LESSON_FOCUS:
		if (state_lesson(s))
			s->les.focus = !s->les.focus;
		else
			no_lesson(s);
		break;
	case ACT_LESSON_MENU:
		s->les.menu = !s->les.menu;
		s->les.sel = s->les.index + 1;
		s->les.typed = 0;
		break;
	case ACT_LESSON_MENU_MOVE:
	case ACT_LESSON_MENU_PAGE:
		menu_move(s, a);
		break;
	case ACT_LESSON_MENU_DIGIT:
		if (a->arg >= 0 && a->arg <= 9)
			menu_digit(s, (int)a->arg);
		break;
	case ACT_LESSON_OPEN:
		lesson_open(s, a->arg < -1 || a->arg > n ? n : (int)a->arg, 0);
		break;
	case ACT_LESSON_MENU_PICK:
		s->les.typed = 0;
		lesson_open(s, s->les.sel - 1, 0);
		break;
	case ACT_LESSON_ANSWER:
		answer(s, a->arg);
		break;
	case ACT_PRESENT_TOGGLE:
		s->present = !s->present;
		if (s->present)
			state_message(s, false, tr(s->lang, "presenter mode: keys shown, captions "
			    "larger (P turns it off)"));
		else
			state_message(s, false, tr(s->lang, "presenter mode off"));
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}
