/* keys.c - the key table and the key -> action dispatcher. */
#include "keys.h"

#include <stddef.h>

/* Shifted keys take the coarse step of their unshifted neighbour:
 * [ ] d_model -/+2 and { } halve / double; , . base by 10^(1/4) and < > by
 * 10; - = length by 2 and _ + by 10. */
static const struct keybinding table[] = {
	{ "Move", "←/→  h/l", "Left/Right h/l", { PK_LEFT, 'h' }, { PK_RIGHT, 'l' },
	  ACT_POS_STEP, "position -1 / +1" },
	{ "Move", "PgUp/PgDn", "PgUp/PgDn", { PK_PGUP }, { PK_PGDN },
	  ACT_POS_PAGE, "position -/+ a tenth of the length" },
	{ "Move", "Home", "Home", { PK_HOME, 'g' }, { 0 },
	  ACT_POS_FIRST, "first position (also g)" },
	{ "Move", "End", "End", { PK_END, 'G' }, { 0 },
	  ACT_POS_LAST, "last position (also G)" },
	{ "Move", "↑/↓  k/j", "Up/Down k/j", { PK_UP, 'k' }, { PK_DOWN, 'j' },
	  ACT_DIM_STEP, "dimension -1 / +1" },
	{ "Parameters", "[ / ]", "[ / ]", { '[' }, { ']' },
	  ACT_DMODEL_STEP, "d_model -2 / +2" },
	{ "Parameters", "{ / }", "{ / }", { '{' }, { '}' },
	  ACT_DMODEL_SCALE, "d_model halved / doubled" },
	{ "Parameters", ", / .", ", / .", { ',' }, { '.' },
	  ACT_BASE_FINE, "base down / up by 10^(1/4)" },
	{ "Parameters", "< / >", "< / >", { '<' }, { '>' },
	  ACT_BASE_COARSE, "base down / up by 10x" },
	{ "Parameters", "- / =", "- / =", { '-' }, { '=' },
	  ACT_LEN_FINE, "length halved / doubled" },
	{ "Parameters", "_ / +", "_ / +", { '_' }, { '+' },
	  ACT_LEN_COARSE, "length down / up by 10x" },
	{ "Parameters", "t", "t", { 't' }, { 0 },
	  ACT_LAYOUT_TOGGLE, "layout: interleaved <-> concat" },
	{ "Parameters", "r", "r", { 'r' }, { 0 },
	  ACT_RESET, "reset to the start values" },
	{ "Heatmap", "Z / z", "Z / z", { 'Z' }, { 'z' },
	  ACT_ZOOM, "zoom out / in at the crosshair (wheel too)" },
	{ "Heatmap", "f", "f", { 'f' }, { 0 },
	  ACT_ZOOM_FIT, "fit the whole matrix" },
	{ "Heatmap", "H / L", "H / L", { 'H' }, { 'L' },
	  ACT_PAN_POS, "pan positions left / right" },
	{ "Heatmap", "K / J", "K / J", { 'K' }, { 'J' },
	  ACT_PAN_DIM, "pan dimensions up / down" },
	{ "Views", "1 .. 8", "1 .. 8", { '1' }, { 0 },
	  ACT_VIEW_SET, "explore spectrum clocks bands layouts context bugs vector" },
	{ "Views", "S-Tab / Tab", "S-Tab / Tab", { PK_BTAB }, { PK_TAB },
	  ACT_VIEW_NEXT, "previous / next view" },
	{ "Views", "x / X", "x / X", { 'x' }, { 'X' },
	  ACT_KNOB_A, "the view's first knob down / up (see the bottom line)" },
	{ "Views", "c / C", "c / C", { 'c' }, { 'C' },
	  ACT_KNOB_B, "the view's second knob down / up" },
	{ "Views", "p / P", "p / P", { 'p' }, { 'P' },
	  ACT_PRESET_NEXT, "previous / next preset (d_model, base, L0)" },
	{ "Other", "space", "space", { ' ' }, { 0 },
	  ACT_PLAY_TOGGLE, "play / pause the position sweep" },
	{ "Other", ":", ":", { ':' }, { 0 },
	  ACT_CMD_OPEN, "command line (:help lists commands)" },
	{ "Other", "?", "?", { '?' }, { 0 },
	  ACT_HELP_TOGGLE, "this help" },
	{ "Other", "Esc", "Esc", { PK_ESC }, { 0 },
	  ACT_ESCAPE, "close help, the command line or a message" },
	{ "Other", "q", "q", { 'q', PK_CTRL_C }, { 0 },
	  ACT_QUIT, "quit" },
};

const struct keybinding *keys_table(int *count)
{
	*count = (int)(sizeof table / sizeof table[0]);
	return table;
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
