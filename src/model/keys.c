/* keys.c - the key tables and the key -> action dispatcher (see keys.h). */
#include "model/keys.h"

#include <stdio.h>
#include <string.h>

/* ---- the global table ---- */

/* Shifted keys take the coarse step of their unshifted neighbour:
 * [ ] d_model -/+2 and { } halve / double; , . base by 10^(1/4) and < > by
 * 10; - = length by 2 and _ + by 10. */
static const struct keybinding table[] = {
	{ "Move", { PK_LEFT, 'h' }, { PK_RIGHT, 'l' }, ACT_POS_STEP,
	  { "position -1 / +1", "位置 -1 / +1" } },
	{ "Move", { PK_PGUP }, { PK_PGDN }, ACT_POS_PAGE,
	  { "position -/+ a tenth of the length", "位置 -/+ 长度的十分之一" } },
	{ "Move", { PK_HOME, 'g' }, { 0 }, ACT_POS_FIRST,
	  { "first position", "第一个位置" } },
	{ "Move", { PK_END, 'G' }, { 0 }, ACT_POS_LAST,
	  { "last position", "最后一个位置" } },
	{ "Move", { PK_UP, 'k' }, { PK_DOWN, 'j' }, ACT_DIM_STEP,
	  { "dimension -1 / +1", "维度 -1 / +1" } },
	{ "Parameters", { '[' }, { ']' }, ACT_DMODEL_STEP,
	  { "d_model -2 / +2", "d_model -2 / +2" } },
	{ "Parameters", { '{' }, { '}' }, ACT_DMODEL_SCALE,
	  { "d_model halved / doubled", "d_model 减半 / 加倍" } },
	{ "Parameters", { ',' }, { '.' }, ACT_BASE_FINE,
	  { "base down / up by 10^(1/4)", "base 除以 / 乘以 10^(1/4)" } },
	{ "Parameters", { '<' }, { '>' }, ACT_BASE_COARSE,
	  { "base down / up by 10x", "base 除以 / 乘以 10" } },
	{ "Parameters", { '-' }, { '=' }, ACT_LEN_FINE,
	  { "length halved / doubled", "长度减半 / 加倍" } },
	{ "Parameters", { '_' }, { '+' }, ACT_LEN_COARSE,
	  { "length down / up by 10x", "长度除以 / 乘以 10" } },
	{ "Parameters", { 't' }, { 0 }, ACT_LAYOUT_TOGGLE,
	  { "layout: interleaved <-> concat", "布局：交错 <-> 拼接" } },
	{ "Parameters", { 'r' }, { 0 }, ACT_RESET,
	  { "reset to the start values", "恢复启动时的参数" } },
	{ "Heatmap", { 'Z' }, { 'z' }, ACT_ZOOM,
	  { "zoom out / in at the crosshair (wheel too)",
	    "以十字线为中心缩小 / 放大（也可用滚轮）" } },
	{ "Heatmap", { 'f' }, { 0 }, ACT_ZOOM_FIT,
	  { "fit the whole matrix", "显示整个矩阵" } },
	{ "Heatmap", { 'H' }, { 'L' }, ACT_PAN_POS,
	  { "pan positions left / right", "沿位置向左 / 向右平移" } },
	{ "Heatmap", { 'K' }, { 'J' }, ACT_PAN_DIM,
	  { "pan dimensions up / down", "沿维度向上 / 向下平移" } },
	{ "Views", { '1' }, { 0 }, ACT_VIEW_SET,
	  { NULL, NULL } },	/* the digits: keys_text lists the views */
	{ "Views", { PK_BTAB }, { PK_TAB }, ACT_VIEW_NEXT,
	  { "previous / next view", "上一个 / 下一个视图" } },
	{ "Views", { 'W' }, { 'w' }, ACT_PANEL_NEXT,
	  { "previous / next panel (its border lights up)",
	    "上一个 / 下一个面板（边框会亮起）" } },
	{ "Views", { 'F' }, { 0 }, ACT_PANEL_ZOOM,
	  { "the focused panel fills the screen, or back",
	    "聚焦的面板铺满屏幕，或还原" } },
	{ "Views", { 'x' }, { 'X' }, ACT_KNOB_TURN,
	  { "the view's first knob down / up (see the bottom line)",
	    "当前视图的第一个旋钮 减 / 加（见底行）" } },
	{ "Views", { 'c' }, { 'C' }, ACT_KNOB_TURN,
	  { "the view's second knob down / up",
	    "当前视图的第二个旋钮 减 / 加" } },
	{ "Views", { 'm' }, { 'M' }, ACT_PRESET_NEXT,
	  { "previous / next preset (d_model, base, L0)",
	    "上一个 / 下一个预设（d_model、base、L0）" } },
	{ "Views", { 'D' }, { 0 }, ACT_DRILL_START,
	  { "interview drill: predict, then see the answer live",
	    "面试练习：先预测，再看实时答案" } },
	{ "Lessons", { 'p' }, { 'n' }, ACT_LESSON_STEP,
	  { "previous / next lesson step", "课程的上一步 / 下一步" } },
	{ "Lessons", { 'R' }, { 0 }, ACT_LESSON_RESTORE,
	  { "back to the settings and view of the step",
	    "回到本步的参数和视图" } },
	{ "Lessons", { PK_ENTER }, { 0 }, ACT_LESSON_FOCUS,
	  { "caption takes Left/Right PgUp/PgDn to step; again: back",
	    "讲解框接管 ←/→ 和 PgUp/PgDn 来翻步；再按一次交还" } },
	{ "Lessons", { 'o' }, { 0 }, ACT_LESSON_MENU,
	  { "choose a lesson (0 there closes it)",
	    "选择课程（列表中按 0 关闭课程）" } },
	{ "Other", { 'P' }, { 0 }, ACT_PRESENT_TOGGLE,
	  { "presenter mode: key echo, large captions",
	    "演示模式：回显按键，放大讲解文字" } },
	{ "Other", { ' ' }, { 0 }, ACT_PLAY_TOGGLE,
	  { "play / pause the position sweep", "播放 / 暂停位置扫描" } },
	{ "Other", { ':' }, { 0 }, ACT_CMD_OPEN,
	  { "command line (:help lists commands)",
	    "命令行（:help 列出全部命令）" } },
	{ "Other", { 'e' }, { 0 }, ACT_EXPORT,
	  { "save the screen as pescope-VIEW-TIME.svg here",
	    "把屏幕存为当前目录下的 pescope-视图名-时间.svg" } },
	{ "Other", { '?' }, { 0 }, ACT_HELP_TOGGLE,
	  { "this help", "本帮助" } },
	{ "Other", { PK_ESC }, { 0 }, ACT_ESCAPE,
	  { "close help, the command line, the lesson list or a message",
	    "关闭帮助、命令行、课程列表或消息" } },
	{ "Other", { 'q', PK_CTRL_C }, { 0 }, ACT_QUIT,
	  { "quit", "退出" } },
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
		return k->help[l == LANG_ZH];
	buf[0] = '\0';
	for (int i = 0; i < keys_digit_views(cat) && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s",
					 i ? " " : "", cat->view[i]->name);
	return buf;
}

const char *keys_group(const struct keybinding *k, enum lang l)
{
	static const char *const groups[][LANG_COUNT] = {
		{ "Move", "移动" }, { "Parameters", "参数" },
		{ "Heatmap", "热力图" }, { "Views", "视图" },
		{ "Lessons", "课程" }, { "Other", "其他" },
	};

	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
		if (strcmp(k->group, groups[i][0]) == 0)
			return groups[i][l == LANG_ZH];
	return k->group;
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
		char a[KEYCODE_NAME_MAX], b[KEYCODE_NAME_MAX];

		keycode_name(k->down[j], symbols, a, sizeof a);
		if (k->up[j])
			used += (size_t)snprintf(buf + used, n - used, "%s%s / %s",
						 j ? "  " : "", a,
						 keycode_name(k->up[j], symbols,
							      b, sizeof b));
		else
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
