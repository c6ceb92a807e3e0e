/* keys.c - the key table and the key -> action dispatcher. */
#include "model/keys.h"

#include <stddef.h>
#include <string.h>

#include "model/drill_session.h"
#include "model/lesson_run.h"

/* Shifted keys take the coarse step of their unshifted neighbour:
 * [ ] d_model -/+2 and { } halve / double; , . base by 10^(1/4) and < > by
 * 10; - = length by 2 and _ + by 10. */
static const struct keybinding table[] = {
	{ "Move", "←/→  h/l", "Left/Right h/l", { PK_LEFT, 'h' }, { PK_RIGHT, 'l' },
	  ACT_POS_STEP, "position -1 / +1",
	  "位置 -1 / +1" },
	{ "Move", "PgUp/PgDn", "PgUp/PgDn", { PK_PGUP }, { PK_PGDN },
	  ACT_POS_PAGE, "position -/+ a tenth of the length",
	  "位置 -/+ 长度的十分之一" },
	{ "Move", "Home", "Home", { PK_HOME, 'g' }, { 0 },
	  ACT_POS_FIRST, "first position (also g)",
	  "第一个位置（也可按 g）" },
	{ "Move", "End", "End", { PK_END, 'G' }, { 0 },
	  ACT_POS_LAST, "last position (also G)",
	  "最后一个位置（也可按 G）" },
	{ "Move", "↑/↓  k/j", "Up/Down k/j", { PK_UP, 'k' }, { PK_DOWN, 'j' },
	  ACT_DIM_STEP, "dimension -1 / +1",
	  "维度 -1 / +1" },
	{ "Parameters", "[ / ]", "[ / ]", { '[' }, { ']' },
	  ACT_DMODEL_STEP, "d_model -2 / +2",
	  "d_model -2 / +2" },
	{ "Parameters", "{ / }", "{ / }", { '{' }, { '}' },
	  ACT_DMODEL_SCALE, "d_model halved / doubled",
	  "d_model 减半 / 加倍" },
	{ "Parameters", ", / .", ", / .", { ',' }, { '.' },
	  ACT_BASE_FINE, "base down / up by 10^(1/4)",
	  "base 除以 / 乘以 10^(1/4)" },
	{ "Parameters", "< / >", "< / >", { '<' }, { '>' },
	  ACT_BASE_COARSE, "base down / up by 10x",
	  "base 除以 / 乘以 10" },
	{ "Parameters", "- / =", "- / =", { '-' }, { '=' },
	  ACT_LEN_FINE, "length halved / doubled",
	  "长度减半 / 加倍" },
	{ "Parameters", "_ / +", "_ / +", { '_' }, { '+' },
	  ACT_LEN_COARSE, "length down / up by 10x",
	  "长度除以 / 乘以 10" },
	{ "Parameters", "t", "t", { 't' }, { 0 },
	  ACT_LAYOUT_TOGGLE, "layout: interleaved <-> concat",
	  "布局：交错 <-> 拼接" },
	{ "Parameters", "r", "r", { 'r' }, { 0 },
	  ACT_RESET, "reset to the start values",
	  "恢复启动时的参数" },
	{ "Heatmap", "Z / z", "Z / z", { 'Z' }, { 'z' },
	  ACT_ZOOM, "zoom out / in at the crosshair (wheel too)",
	  "以十字线为中心缩小 / 放大（也可用滚轮）" },
	{ "Heatmap", "f", "f", { 'f' }, { 0 },
	  ACT_ZOOM_FIT, "fit the whole matrix",
	  "显示整个矩阵" },
	{ "Heatmap", "H / L", "H / L", { 'H' }, { 'L' },
	  ACT_PAN_POS, "pan positions left / right",
	  "沿位置向左 / 向右平移" },
	{ "Heatmap", "K / J", "K / J", { 'K' }, { 'J' },
	  ACT_PAN_DIM, "pan dimensions up / down",
	  "沿维度向上 / 向下平移" },
	{ "Views", "1 .. 8", "1 .. 8", { '1' }, { 0 },
	  ACT_VIEW_SET, "explore spectrum clocks bands layouts context bugs vector",
	  "视图：explore spectrum clocks bands layouts context bugs vector" },
	{ "Views", "S-Tab / Tab", "S-Tab / Tab", { PK_BTAB }, { PK_TAB },
	  ACT_VIEW_NEXT, "previous / next view",
	  "上一个 / 下一个视图" },
	{ "Views", "x / X", "x / X", { 'x' }, { 'X' },
	  ACT_KNOB_A, "the view's first knob down / up (see the bottom line)",
	  "当前视图的第一个旋钮 减 / 加（见底行）" },
	{ "Views", "c / C", "c / C", { 'c' }, { 'C' },
	  ACT_KNOB_B, "the view's second knob down / up",
	  "当前视图的第二个旋钮 减 / 加" },
	{ "Views", "m / M", "m / M", { 'm' }, { 'M' },
	  ACT_PRESET_NEXT, "previous / next preset (d_model, base, L0)",
	  "上一个 / 下一个预设（d_model、base、L0）" },
	{ "Views", "D", "D", { 'D' }, { 0 },
	  ACT_DRILL_START, "interview drill: predict, then see the answer live",
	  "面试练习：先预测，再看实时答案" },
	{ "Lessons", "p / n", "p / n", { 'p' }, { 'n' },
	  ACT_LESSON_STEP, "previous / next lesson step",
	  "课程的上一步 / 下一步" },
	{ "Lessons", "R", "R", { 'R' }, { 0 },
	  ACT_LESSON_RESTORE, "back to the settings and view of the step",
	  "回到本步的参数和视图" },
	{ "Lessons", "Enter", "Enter", { PK_ENTER }, { 0 },
	  ACT_LESSON_FOCUS, "caption takes Left/Right PgUp/PgDn to step; again: back",
	  "讲解框接管 ←/→ 和 PgUp/PgDn 来翻步；再按一次交还" },
	{ "Lessons", "o", "o", { 'o' }, { 0 },
	  ACT_LESSON_MENU, "choose a lesson (0 there closes it)",
	  "选择课程（列表中按 0 关闭课程）" },
	{ "Other", "P", "P", { 'P' }, { 0 },
	  ACT_PRESENT_TOGGLE, "presenter mode: key echo, large captions",
	  "演示模式：回显按键，放大讲解文字" },
	{ "Other", "space", "space", { ' ' }, { 0 },
	  ACT_PLAY_TOGGLE, "play / pause the position sweep",
	  "播放 / 暂停位置扫描" },
	{ "Other", ":", ":", { ':' }, { 0 },
	  ACT_CMD_OPEN, "command line (:help lists commands)",
	  "命令行（:help 列出全部命令）" },
	{ "Other", "e", "e", { 'e' }, { 0 },
	  ACT_EXPORT, "save the screen as pescope-VIEW-TIME.svg here",
	  "把屏幕存为当前目录下的 pescope-VIEW-TIME.svg" },
	{ "Other", "?", "?", { '?' }, { 0 },
	  ACT_HELP_TOGGLE, "this help",
	  "本帮助" },
	{ "Other", "Esc", "Esc", { PK_ESC }, { 0 },
	  ACT_ESCAPE, "close help, the command line, the lesson list or a message",
	  "关闭帮助、命令行、课程列表或消息" },
	{ "Other", "q", "q", { 'q', PK_CTRL_C }, { 0 },
	  ACT_QUIT, "quit",
	  "退出" },
};

const struct keybinding *keys_table(int *count)
{
	*count = (int)(sizeof table / sizeof table[0]);
	return table;
}

const char *keys_help(const struct keybinding *k, enum lang l)
{
	return l == LANG_ZH && k->help_zh ? k->help_zh : k->help;
}

const char *keys_group(const struct keybinding *k, enum lang l)
{
	static const char *const groups[][2] = {
		{ "Move", "移动" }, { "Parameters", "参数" },
		{ "Heatmap", "热图" }, { "Views", "视图" },
		{ "Lessons", "课程" }, { "Other", "其他" },
	};

	if (l == LANG_ZH)
		for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
			if (strcmp(k->group, groups[i][0]) == 0)
				return groups[i][1];
	return k->group;
}

static bool in_list(const int *list, int code)
{
	for (int i = 0; i < KEYS_PER_SIDE && list[i] != 0; i++)
		if (list[i] == code)
			return true;
	return false;
}

/* Keys on the ':' line edit it; Enter runs it; Esc leaves it. */
static struct action cmdline_action(int code)
{
	struct action a = { ACT_NONE, 0, 0, -1 };

	switch (code) {
	case PK_ENTER:
		a.kind = ACT_CMD_SUBMIT;
		break;
	case PK_ESC:
	case PK_CTRL_C:
		a.kind = ACT_ESCAPE;
		break;
	case PK_BACKSPACE:
		a.kind = ACT_CMD_BACKSPACE;
		break;
	default:
		if (code >= 0x20 && code < PK_SPECIAL) {
			a.kind = ACT_CMD_CHAR;
			a.arg = code;
		}
		break;
	}
	return a;
}

struct action keys_action(const struct state *s, int code)
{
	struct action a = { ACT_NONE, 0, 0, -1 };
	int n;
	const struct keybinding *t = keys_table(&n);

	if (s->cmd_active)
		return cmdline_action(code);
	if (drill_key(s, code, &a))
		return a;
	if (lesson_keys(s, code, &a))
		return a;
	/* The digits name views; the table lists them as one row. */
	if (code >= '1' && code < '1' + VIEW_COUNT) {
		a.kind = ACT_VIEW_SET;
		a.arg = code - '1';
		return a;
	}
	for (int i = 0; i < n; i++) {
		if (in_list(t[i].down, code)) {
			a.kind = t[i].kind;
			a.arg = -1;
			return a;
		}
		if (in_list(t[i].up, code)) {
			a.kind = t[i].kind;
			a.arg = 1;
			return a;
		}
	}
	return a;
}
