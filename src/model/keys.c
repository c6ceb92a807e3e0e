/* keys.c - the key tables and the key -> action dispatcher (see keys.h). */
#include "model/keys.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "model/lesson_run.h"

/* ---- the global table ---- */

/* Shifted keys take the coarse step of their unshifted neighbour:
 * [ ] d_model -/+2 and { } halve / double; , . base by 10^(1/4) and < > by
 * 10; - = length by 2 and _ + by 10. */
static const struct keybinding table[] = {
	{ N_("Move"), { PK_LEFT, 'h' }, { PK_RIGHT, 'l' }, ACT_POS_STEP,
	  N_("position -1 / +1") },
	{ N_("Move"), { PK_PGUP }, { PK_PGDN }, ACT_POS_PAGE,
	  N_("position -/+ a tenth of the length") },
	{ N_("Move"), { PK_HOME, 'g' }, { 0 }, ACT_POS_FIRST,
	  N_("first position") },
	{ N_("Move"), { PK_END, 'G' }, { 0 }, ACT_POS_LAST,
	  N_("last position") },
	{ N_("Move"), { PK_UP, 'k' }, { PK_DOWN, 'j' }, ACT_DIM_STEP,
	  N_("dimension -1 / +1") },
	{ N_("Parameters"), { '[' }, { ']' }, ACT_DMODEL_STEP,
	  N_("d_model -2 / +2") },
	{ N_("Parameters"), { '{' }, { '}' }, ACT_DMODEL_SCALE,
	  N_("d_model halved / doubled") },
	{ N_("Parameters"), { ',' }, { '.' }, ACT_BASE_FINE,
	  N_("base down / up by 10^(1/4)") },
	{ N_("Parameters"), { '<' }, { '>' }, ACT_BASE_COARSE,
	  N_("base down / up by 10x") },
	{ N_("Parameters"), { '-' }, { '=' }, ACT_LEN_FINE,
	  N_("length halved / doubled") },
	{ N_("Parameters"), { '_' }, { '+' }, ACT_LEN_COARSE,
	  N_("length down / up by 10x") },
	{ N_("Parameters"), { 't' }, { 0 }, ACT_LAYOUT_TOGGLE,
	  N_("layout: interleaved <-> concat") },
	{ N_("Parameters"), { 'r' }, { 0 }, ACT_RESET,
	  N_("reset to the start values") },
	{ N_("Heatmap"), { 'Z' }, { 'z' }, ACT_ZOOM,
	  N_("zoom out / in at the cursor (wheel too)") },
	{ N_("Heatmap"), { 'f' }, { 0 }, ACT_ZOOM_FIT,
	  N_("fit the whole matrix") },
	{ N_("Heatmap"), { 'H' }, { 'L' }, ACT_PAN_POS,
	  N_("pan positions left / right") },
	{ N_("Heatmap"), { 'K' }, { 'J' }, ACT_PAN_DIM,
	  N_("pan dimensions up / down") },
	{ N_("Views"), { '1' }, { 0 }, ACT_VIEW_SET,
	  NULL },	/* the digits: keys_text lists the views */
	{ N_("Views"), { PK_BTAB }, { PK_TAB }, ACT_VIEW_NEXT,
	  N_("previous / next view") },
	{ N_("Views"), { 'W' }, { 'w' }, ACT_PANEL_NEXT,
	  N_("previous / next panel (its border lights up)") },
	{ N_("Views"), { 'F' }, { 0 }, ACT_PANEL_ZOOM,
	  N_("focused panel fills the screen, or back") },
	{ N_("Views"), { 'x' }, { 'X' }, ACT_KNOB_TURN,
	  N_("the view's first knob down / up (see the bottom line)") },
	{ N_("Views"), { 'c' }, { 'C' }, ACT_KNOB_TURN,
	  N_("the view's second knob down / up") },
	{ N_("Views"), { 'm' }, { 'M' }, ACT_PRESET_NEXT,
	  N_("previous / next model (d_model, base, L0)") },
	{ N_("Views"), { 'D' }, { 0 }, ACT_DRILL_START,
	  N_("interview drill: predict, then see the answer live") },
	{ N_("Lessons"), { 'p' }, { 'n' }, ACT_LESSON_STEP,
	  N_("previous / next lesson step") },
	{ N_("Lessons"), { 'R' }, { 0 }, ACT_LESSON_RESTORE,
	  N_("back to the settings and view of the step") },
	{ N_("Lessons"), { PK_ENTER }, { 0 }, ACT_LESSON_FOCUS,
	  N_("caption takes Left/Right PgUp/PgDn to step; again: back") },
	{ N_("Lessons"), { 'o' }, { 0 }, ACT_LESSON_MENU,
	  N_("choose a lesson (0 there closes it)") },
	{ N_("Other"), { 'P' }, { 0 }, ACT_PRESENT_TOGGLE,
	  N_("presenter mode: key echo, bold captions") },
	{ N_("Other"), { ' ' }, { 0 }, ACT_PLAY_TOGGLE,
	  N_("play / pause the position sweep") },
	{ N_("Other"), { ':' }, { 0 }, ACT_CMD_OPEN,
	  N_("command line (:help lists commands)") },
	{ N_("Other"), { 'e' }, { 0 }, ACT_EXPORT,
	  N_("save the screen as ./pescope-VIEW-TIME.svg") },
	{ N_("Other"), { 'E' }, { 0 }, ACT_SAVE_PROMPT,
	  N_("save a scene: :save with a new file name") },
	{ N_("Other"), { '?' }, { 0 }, ACT_HELP_TOGGLE,
	  N_("this help") },
	{ N_("Other"), { PK_ESC }, { 0 }, ACT_ESCAPE,
	  N_("close help, the : line, lessons, a message") },
	{ N_("Other"), { 'q', PK_CTRL_C }, { 0 }, ACT_QUIT,
	  N_("quit") },
};

const struct keybinding *keys_table(int *count)
{
	*count = (int)(sizeof table / sizeof table[0]);
	return table;
}

const char *keys_text(const struct keybinding *k, const struct catalog *cat,
		      enum lang l, char *buf, size_t n)
{
	size_t used = 0;

	if (k->kind != ACT_VIEW_SET)
		return tr(l, k->help);
	buf[0] = '\0';
	for (int i = 0; i < keys_digit_views(cat) && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s",
					 i ? " " : "", cat->view[i]->name);
	return buf;
}

const char *keys_group(const struct keybinding *k, enum lang l)
{
	return tr(l, k->group);
}

int keys_digit_views(const struct catalog *cat)
{
	return cat->count < 9 ? cat->count : 9;
}

char *keys_label(const struct keybinding *k, int views, bool symbols,
		 char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	if (k->kind == ACT_VIEW_SET) {
		snprintf(buf, n, "1 .. %d", views);
		return buf;
	}
	for (int j = 0; j < KEYS_PER_SIDE && k->down[j] && used < n; j++) {
		char a[KEYCODE_NAME_MAX];

		keycode_name(k->down[j], symbols, a, sizeof a);
		if (k->up[j]) {
			char b[KEYCODE_NAME_MAX];

			used += (size_t)snprintf(buf + used, n - used, "%s%s / %s",
						 j ? "  " : "", a,
						 keycode_name(k->up[j], symbols,
							      b, sizeof b));
		} else
			used += (size_t)snprintf(buf + used, n - used, "%s%s",
						 j ? "  " : "", a);
	}
	return buf;
}

/* ---- the modes' keymaps ---- */

/* Keys lo..hi give `kind` with `arg`, plus the key's distance from lo
 * when `counts` (the digits of a list). */
struct key_rule {
	int lo, hi;
	enum action_kind kind;
	long long arg;
	bool counts;
};

struct keymap {
	const struct key_rule *rule;
	int n;
	bool takes_all;		/* other keys do nothing (else the next
				 * table decides) */
};

/* The ':' line: characters are typed, the editing keys of a shell move
 * and delete, Up and Down recall earlier lines, Enter runs it, Esc
 * leaves it. */
static const struct key_rule cmdline_rules[] = {
	{ PK_ENTER, PK_ENTER, ACT_CMD_SUBMIT, 0, false },
	{ PK_ESC, PK_ESC, ACT_ESCAPE, 0, false },
	{ PK_CTRL_C, PK_CTRL_C, ACT_ESCAPE, 0, false },
	{ PK_BACKSPACE, PK_BACKSPACE, ACT_CMD_BACKSPACE, 0, false },
	{ PK_DELETE, PK_DELETE, ACT_CMD_DELETE, 0, false },
	{ PK_LEFT, PK_LEFT, ACT_CMD_MOVE, -1, false },
	{ PK_RIGHT, PK_RIGHT, ACT_CMD_MOVE, 1, false },
	{ PK_HOME, PK_HOME, ACT_CMD_HOME, 0, false },
	{ 1, 1, ACT_CMD_HOME, 0, false },		/* C-a */
	{ PK_END, PK_END, ACT_CMD_END, 0, false },
	{ 5, 5, ACT_CMD_END, 0, false },		/* C-e */
	{ 21, 21, ACT_CMD_KILL_START, 0, false },	/* C-u */
	{ 11, 11, ACT_CMD_KILL_END, 0, false },		/* C-k */
	{ 23, 23, ACT_CMD_KILL_WORD, 0, false },	/* C-w */
	{ PK_UP, PK_UP, ACT_CMD_RECALL, -1, false },
	{ PK_DOWN, PK_DOWN, ACT_CMD_RECALL, 1, false },
	{ 0x20, PK_SPECIAL - 1, ACT_CMD_CHAR, 0x20, true },
};

/* A drill question: every key belongs to the answer. */
static const struct key_rule drill_ask_rules[] = {
	{ PK_ESC, PK_ESC, ACT_DRILL_END, 0, false },
	{ 'q', 'q', ACT_DRILL_END, 0, false },
	{ PK_CTRL_C, PK_CTRL_C, ACT_DRILL_END, 0, false },
	{ PK_ENTER, PK_ENTER, ACT_DRILL_SUBMIT, 0, false },
	{ PK_BACKSPACE, PK_BACKSPACE, ACT_DRILL_BACKSPACE, 0, false },
	{ 'n', 'n', ACT_DRILL_NEXT, 0, false },
	{ 0x20, 0x7e, ACT_DRILL_CHAR, 0x20, true },
};

/* An answer shown: its view is live, other keys explore it. */
static const struct key_rule drill_reveal_rules[] = {
	{ PK_ENTER, PK_ENTER, ACT_DRILL_NEXT, 0, false },
	{ 'n', 'n', ACT_DRILL_NEXT, 0, false },
	{ PK_ESC, PK_ESC, ACT_DRILL_END, 0, false },
	{ 'q', 'q', ACT_DRILL_END, 0, false },
};

/* The drill's summary: 1-9 reopen a missed question. */
static const struct key_rule drill_summary_rules[] = {
	{ PK_ESC, PK_ESC, ACT_DRILL_END, 0, false },
	{ 'q', 'q', ACT_DRILL_END, 0, false },
	{ PK_CTRL_C, PK_CTRL_C, ACT_DRILL_END, 0, false },
	{ PK_ENTER, PK_ENTER, ACT_DRILL_END, 0, false },
	{ '1', '9', ACT_DRILL_REVISIT, 0, true },
};

/* A step longer than any list: Home and End move by it, and the reducer
 * stops at the list's end. */
enum { TO_THE_END = 1 << 20 };

/* The help overlay: the arrows, j/k and the page keys scroll it where it
 * scrolls (help.h); every other key does what it always does. */
static const struct key_rule help_rules[] = {
	{ PK_UP, PK_UP, ACT_HELP_SCROLL, -1, false },
	{ 'k', 'k', ACT_HELP_SCROLL, -1, false },
	{ PK_DOWN, PK_DOWN, ACT_HELP_SCROLL, 1, false },
	{ 'j', 'j', ACT_HELP_SCROLL, 1, false },
	{ PK_PGUP, PK_PGUP, ACT_HELP_PAGE, -1, false },
	{ PK_PGDN, PK_PGDN, ACT_HELP_PAGE, 1, false },
	{ PK_HOME, PK_HOME, ACT_HELP_SCROLL, -TO_THE_END, false },
	{ PK_END, PK_END, ACT_HELP_SCROLL, TO_THE_END, false },
};

/* The lesson chooser: a lesson's number (0 closes the lesson), the
 * arrows, j/k, the page keys, Home and End move, Enter opens. */
static const struct key_rule chooser_rules[] = {
	{ '0', '9', ACT_LESSON_MENU_DIGIT, 0, true },
	{ PK_UP, PK_UP, ACT_LESSON_MENU_MOVE, -1, false },
	{ 'k', 'k', ACT_LESSON_MENU_MOVE, -1, false },
	{ PK_DOWN, PK_DOWN, ACT_LESSON_MENU_MOVE, 1, false },
	{ 'j', 'j', ACT_LESSON_MENU_MOVE, 1, false },
	{ PK_PGUP, PK_PGUP, ACT_LESSON_MENU_PAGE, -1, false },
	{ PK_PGDN, PK_PGDN, ACT_LESSON_MENU_PAGE, 1, false },
	{ PK_HOME, PK_HOME, ACT_LESSON_MENU_MOVE, -TO_THE_END, false },
	{ PK_END, PK_END, ACT_LESSON_MENU_MOVE, TO_THE_END, false },
	{ PK_ENTER, PK_ENTER, ACT_LESSON_MENU_PICK, 0, false },
};

/* A lesson step's question waiting for its answer: a letter answers it
 * (lesson_run.h), the arrows and page keys step as in a focused caption
 * (nothing else may move on this screen yet); other keys go on to the
 * table, and the reducer lets only the lesson's, the help's and quit
 * through. */
static const struct key_rule ask_rules[] = {
	{ 'a', 'a' + LESSON_OPTIONS_MAX - 1, ACT_LESSON_ANSWER, 0, true },
	{ PK_LEFT, PK_LEFT, ACT_LESSON_STEP, -1, false },
	{ PK_PGUP, PK_PGUP, ACT_LESSON_STEP, -1, false },
	{ PK_RIGHT, PK_RIGHT, ACT_LESSON_STEP, 1, false },
	{ PK_PGDN, PK_PGDN, ACT_LESSON_STEP, 1, false },
};

/* A focused caption: the arrows and page keys step the lesson. */
static const struct key_rule focus_rules[] = {
	{ PK_LEFT, PK_LEFT, ACT_LESSON_STEP, -1, false },
	{ PK_PGUP, PK_PGUP, ACT_LESSON_STEP, -1, false },
	{ PK_RIGHT, PK_RIGHT, ACT_LESSON_STEP, 1, false },
	{ PK_PGDN, PK_PGDN, ACT_LESSON_STEP, 1, false },
};

static const struct keymap cmdline_map = {
	cmdline_rules, sizeof cmdline_rules / sizeof cmdline_rules[0], true
};
static const struct keymap drill_ask_map = {
	drill_ask_rules, sizeof drill_ask_rules / sizeof drill_ask_rules[0], true
};
static const struct keymap drill_reveal_map = {
	drill_reveal_rules, sizeof drill_reveal_rules / sizeof drill_reveal_rules[0], false
};
static const struct keymap drill_summary_map = {
	drill_summary_rules, sizeof drill_summary_rules / sizeof drill_summary_rules[0], true
};
static const struct keymap help_map = {
	help_rules, sizeof help_rules / sizeof help_rules[0], false
};
static const struct keymap chooser_map = {
	chooser_rules, sizeof chooser_rules / sizeof chooser_rules[0], false
};
static const struct keymap ask_map = {
	ask_rules, sizeof ask_rules / sizeof ask_rules[0], false
};
static const struct keymap focus_map = {
	focus_rules, sizeof focus_rules / sizeof focus_rules[0], false
};

/* The keymap of the mode s is in, or NULL. */
static const struct keymap *mode_map(const struct state *s)
{
	if (s->cmd.active)
		return &cmdline_map;
	switch (s->drill.phase) {
	case DRILL_ASK:
		return &drill_ask_map;
	case DRILL_REVEAL:
		if (!s->help)
			return &drill_reveal_map;
		break;
	case DRILL_SUMMARY:
		return &drill_summary_map;
	default:
		break;
	}
	if (s->help)
		return &help_map;
	if (s->les.menu)
		return &chooser_map;
	if (lesson_waiting(s))
		return &ask_map;
	if (s->les.focus && state_lesson(s))
		return &focus_map;
	return NULL;
}

/* Looks code up in m: true with *a set when m decides (a rule matched, or
 * m takes every key). */
static bool map_action(const struct keymap *m, int code, struct action *a)
{
	for (int i = 0; i < m->n; i++) {
		const struct key_rule *r = &m->rule[i];

		if (code >= r->lo && code <= r->hi) {
			*a = action_make(r->kind, r->arg + (r->counts ? code - r->lo : 0));
			return true;
		}
	}
	return m->takes_all;
}

/* The knob keys of the view shown. */
static bool knob_action(const struct state *s, int code, struct action *a)
{
	const struct view_spec *v = state_view(s);

	for (int k = 0; k < v->nknobs; k++)
		for (int j = 0; j < v->knob[k].nsteps; j++) {
			const struct knob_step *st = &v->knob[k].step[j];

			if (code == st->down || code == st->up) {
				*a = action_make(ACT_KNOB_TURN,
						 code == st->up ? 1 : -1);
				a->knob = k;
				a->step = j;
				return true;
			}
		}
	return false;
}

static bool in_list(const int *list, int code)
{
	for (int i = 0; i < KEYS_PER_SIDE && list[i] != 0; i++)
		if (list[i] == code)
			return true;
	return false;
}

struct action keys_action(const struct state *s, int code)
{
	struct action a = action_make(ACT_NONE, 0);
	const struct keymap *m = mode_map(s);

	if (m && map_action(m, code, &a))
		return a;
	if (knob_action(s, code, &a))
		return a;
	/* The digits name views; the table lists them as one row. */
	if (code >= '1' && code < '1' + keys_digit_views(s->cat))
		return action_make(ACT_VIEW_SET, code - '1');
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		if (in_list(table[i].down, code))
			return action_make(table[i].kind, -1);
		if (in_list(table[i].up, code))
			return action_make(table[i].kind, 1);
	}
	return a;
}
