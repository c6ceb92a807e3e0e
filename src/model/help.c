/* help.c - the text of the '?' overlay (see help.h). */
#include "model/help.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "base/wrap.h"
#include "model/command.h"
#include "model/keys.h"

/* The widest key label, plus the gap after it. */
static int key_columns(const struct state *s)
{
	int n, w = 0, views = keys_digit_views(s->cat);
	const struct keybinding *t = keys_table(&n);
	char label[64];

	for (int i = 0; i < n; i++) {
		int lw = utf8_width(keys_label(&t[i], views, !s->ascii, label,
					       sizeof label));

		if (lw + 2 > w)
			w = lw + 2;
	}
	return w;
}

static bool add(struct help_row *out, int max, int *n, bool heading,
		const char *text)
{
	if (*n >= max)
		return false;
	out[*n].heading = heading;
	snprintf(out[*n].text, HELP_ROW_W, "%s", text);
	(*n)++;
	return true;
}

/* Calls row(ctx, heading, indent, text) for each entry: the indent is
 * where its description starts, for wrapping. */
static void each_entry(const struct state *s,
		       void (*row)(void *ctx, bool heading, int indent,
				   const char *text),
		       void *ctx)
{
	int n, views = keys_digit_views(s->cat), cols = key_columns(s);
	const struct keybinding *t = keys_table(&n);
	const char *group = NULL;
	char label[64], what[HELP_ROW_W], line[HELP_ROW_W];
	static char cmds[HELP_ROWS_MAX][COMMAND_HELP_W];
	int ncmds = command_help(s, cmds, HELP_ROWS_MAX);

	for (int i = 0; i < n; i++) {
		int pad;

		if (!group || strcmp(group, t[i].group) != 0) {
			group = t[i].group;
			row(ctx, true, 0, keys_group(&t[i], s->lang));
		}
		/* Pad the keys by display width: "←" is 1 column, 3 bytes. */
		keys_label(&t[i], views, !s->ascii, label, sizeof label);
		pad = cols - utf8_width(label);
		snprintf(line, sizeof line, "  %s%*s%s", label, pad > 1 ? pad : 1,
			 "", keys_text(&t[i], s->cat, s->lang, what, sizeof what));
		row(ctx, false, 2 + cols, line);
	}
	row(ctx, true, 0,tr(s->lang, "Commands"));
	for (int i = 0; i < ncmds; i++) {
		snprintf(line, sizeof line, "  %.*s", (int)COMMAND_HELP_W, cmds[i]);
		row(ctx, false, 4, line);
	}
}

struct collect {
	struct help_row *out;
	int max, n;
	int width;		/* wrap to it */
};

static void collect_row(void *ctx, bool heading, int indent, const char *text)
{
	struct collect *k = ctx;
	struct wrap_line lines[16];
	char part[HELP_ROW_W];
	int n;

	if (utf8_width(text) <= k->width) {
		add(k->out, k->max, &k->n, heading, text);
		return;
	}
	/* The first row as far as it goes, then the rest under the
	 * description's first column (or 2 when that leaves too little). */
	if (indent > k->width / 2)
		indent = 2;
	n = wrap_lines(text, k->width, lines, 1);
	snprintf(part, sizeof part, "%.*s", (int)lines[0].len, text);
	add(k->out, k->max, &k->n, heading, part);
	text += lines[0].off + lines[0].len;
	text += strspn(text, " ");
	n = wrap_lines(text, k->width - indent, lines, 16);
	for (int i = 0; i < n && i < 16; i++) {
		snprintf(part, sizeof part, "%*s%.*s", indent, "",
			 (int)lines[i].len, text + lines[i].off);
		add(k->out, k->max, &k->n, heading, part);
	}
}

int help_rows(const struct state *s, int width, struct help_row *out,
	      int max)
{
	struct collect k = { out, max, 0, width < 8 ? 8 : width };

	each_entry(s, collect_row, &k);
	return k.n;
}

void help_layout(const struct state *s, int w, int h, struct help_layout *l)
{
	static struct help_row rows[HELP_ROWS_MAX];
	int inner_h = h - 4;

	for (int cols = 1; cols <= HELP_COLS_MAX; cols++) {
		int col_w = (w - 2) / cols;
		int n;

		if (col_w < HELP_COL_MIN && cols > 1)
			break;
		n = help_rows(s, col_w - 1, rows, HELP_ROWS_MAX);
		if ((n + cols - 1) / cols <= inner_h) {
			*l = (struct help_layout){ false, cols, col_w,
						   (n + cols - 1) / cols, n };
			return;
		}
	}
	/* One column that scrolls: a margin each side inside the box. */
	*l = (struct help_layout){ true, 1, w - 2, inner_h > 0 ? inner_h : 0,
				   help_rows(s, w - 4, rows, HELP_ROWS_MAX) };
}

int help_scroll_max(const struct state *s)
{
	struct help_layout l;

	if (s->screen_w <= 0 || s->screen_h <= 0)
		return 0;
	help_layout(s, s->screen_w, s->screen_h, &l);
	return l.scrolls && l.nrows > l.per_col ? l.nrows - l.per_col : 0;
}
