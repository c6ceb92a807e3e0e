/* keys.h - the key bindings, as data.
 *
 * One table maps key codes to actions; the '?' overlay, `pescope --list-keys`
 * (the README's and the man page's key table) and the dispatcher all read it,
 * so they cannot disagree. Key codes are pescope's own: Unicode code points
 * for characters, and KEY_* values above the Unicode range for special keys,
 * so nothing here depends on ncurses (term.c translates its codes). */
#ifndef KEYS_H
#define KEYS_H

#include <stdbool.h>

#include "model/state.h"

enum key_code {
	PK_NONE = 0,
	PK_SPECIAL = 0x110000,	/* first code above Unicode */
	PK_LEFT = PK_SPECIAL,
	PK_RIGHT,
	PK_UP,
	PK_DOWN,
	PK_PGUP,
	PK_PGDN,
	PK_HOME,
	PK_END,
	PK_ENTER,
	PK_ESC,
	PK_BACKSPACE,
	PK_TAB,
	PK_BTAB,
	PK_RESIZE,
	PK_CTRL_C = 3,
	PK_CTRL_L = 12
};

enum { KEYS_PER_SIDE = 3 };

/* One row of the table: a decrease/increase pair of keys (or a single key in
 * `down`), the action they trigger with arg -1 (down) and +1 (up). */
struct keybinding {
	const char *group;		/* help section */
	const char *label_utf8;		/* keys as shown, e.g. "←/→ h/l" */
	const char *label_ascii;	/* the same without UTF-8 arrows */
	int down[KEYS_PER_SIDE];	/* codes giving arg -1 (or the only one) */
	int up[KEYS_PER_SIDE];		/* codes giving arg +1; may be empty */
	enum action_kind kind;		/* what they do */
	const char *help;		/* one line: what it does */
	const char *help_zh;		/* the same in Chinese */
};

/* The table and its length. */
const struct keybinding *keys_table(int *count);

/* What row k does, and the name of its help section, in language l. */
const char *keys_help(const struct keybinding *k, enum lang l);
const char *keys_group(const struct keybinding *k, enum lang l);

/* The action key `code` asks for in state s: on the ':' line characters edit
 * the line; otherwise the table decides. Unbound keys give ACT_NONE. */
struct action keys_action(const struct state *s, int code);

#endif
