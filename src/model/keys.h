/* keys.h - the key bindings, as data.
 *
 * Tables map key codes (base/keycode.h) to actions: the global table, and
 * the keymaps of the modes that take keys before it (the ':' line, the
 * drill, the lesson chooser, a focused caption) and the knob keys of the
 * view shown (catalog.h). The '?' overlay, `pescope --list-keys` (the
 * README's and the man page's key table) and the dispatcher all read the
 * same tables, so they cannot disagree. Nothing here depends on ncurses. */
#ifndef KEYS_H
#define KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/keycode.h"
#include "base/lang.h"
#include "model/action.h"
#include "model/state.h"

enum { KEYS_PER_SIDE = 3 };

/* One row of the global table: a decrease/increase pair of keys (or single
 * keys in `down`), the action they trigger with arg -1 (down) and +1 (up). */
struct keybinding {
	const char *group;		/* help section (tr.h) */
	int down[KEYS_PER_SIDE];	/* codes giving arg -1 (or the only one) */
	int up[KEYS_PER_SIDE];		/* codes giving arg +1; may be empty */
	enum action_kind kind;		/* what they do */
	const char *help;		/* one line: what it does (tr.h) */
};

/* The global table and its length. */
const struct keybinding *keys_table(int *count);

/* What row k does in language l: its help, or for the digits row the
 * names of the views of cat the digits reach ("explore spectrum ...").
 * Returns its help or buf (n bytes). */
const char *keys_text(const struct keybinding *k, const struct catalog *cat,
		      enum lang l, char *buf, size_t n);

/* The name of row k's help section in language l. */
const char *keys_group(const struct keybinding *k, enum lang l);

/* The keys of row k as the help shows them: "←/→  h/l", "PgUp/PgDn",
 * "Home  g", with the arrows as names ("Left/Right") when symbols is
 * false. The digits row reads "1 .. N" for the N views the keys reach.
 * Returns buf. */
char *keys_label(const struct keybinding *k, int views, bool symbols,
		 char *buf, size_t n);

/* How many views the digit keys reach: 1 .. 9, the first of the catalog. */
int keys_digit_views(const struct catalog *cat);

/* The action key `code` asks for in state s: the keymap of the mode s is
 * in decides first (the ':' line, the drill, the lesson chooser, a focused
 * caption), then the knob keys of the view shown, then the global table.
 * Unbound keys give ACT_NONE. */
struct action keys_action(const struct state *s, int code);

#endif
