/* help.c - the text of the '?' overlay (see help.h). */
#include "model/help.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "base/keycode.h"
#include "base/utf8.h"
#include "base/wrap.h"
#include "model/catalog.h"
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
		bool cont, const char *text)
{
	if (*n >= max)
		return false;
	out[*n].heading = heading;
	out[*n].cont = cont;
	snprintf(out[*n].text, HELP_ROW_W, "%s", text);
	(*n)++;
	return true;
}

/* One entry: label, padded by display width to cols, then what. */
static void entry(const char *label, const char *what, int cols,
		  void (*row)(void *ctx, bool heading, int indent,
			      const char *text),
		  void *ctx)
{
	char line[HELP_ROW_W];
	int pad = cols - utf8_width(label);

	snprintf(line, sizeof line, "  %s%*s%s", label, pad > 1 ? pad : 1, "",
		 what);
	row(ctx, false, 2 + cols, line);
}

/* The view shown: what it shows, then its knobs: the keys that turn each
 * and what they do, and the word that sets it on the ':' line. */
static void view_entries(const struct state *s, int cols,
			 void (*row)(void *ctx, bool heading, int indent,
				     const char *text),
			 void *ctx)
{
	const struct view_spec *v = state_view(s);
	char line[HELP_ROW_W], label[64], a[KEYCODE_NAME_MAX],
		b[KEYCODE_NAME_MAX];

	snprintf(line, sizeof line, tr(s->lang, "This view: %s, %s"), v->name,
		 tr(s->lang, v->title));
	row(ctx, true, 0, line);
	snprintf(line, sizeof line, tr(s->lang, "What to see: %s"),
		 tr(s->lang, v->point));
	row(ctx, false, 2, line);
	for (int k = 0; k < v->nknobs; k++) {
		const struct knob_spec *kn = &v->knob[k];

		for (int j = 0; j < kn->nsteps; j++) {
			keycode_name(kn->step[j].down, !s->ascii, a, sizeof a);
			keycode_name(kn->step[j].up, !s->ascii, b, sizeof b);
			snprintf(label, sizeof label, "%s / %s", a, b);
			entry(label, tr(s->lang, kn->step[j].help), cols, row, ctx);
		}
		snprintf(label, sizeof label, ":%s V", kn->word);
		entry(label, tr(s->lang, kn->help), cols, row, ctx);
	}
	if (v->nknobs == 0)
		row(ctx, false, 2, tr(s->lang, "  no knobs of its own: the parameter keys below work here"));
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

	view_entries(s, cols, row, ctx);
	for (int i = 0; i < n; i++) {
		if (!group || strcmp(group, t[i].group) != 0) {
			group = t[i].group;
			row(ctx, true, 0, keys_group(&t[i], s->lang));
		}
		/* Padded by display width: "←" is 1 column, 3 bytes. */
		keys_label(&t[i], views, !s->ascii, label, sizeof label);
		entry(label, keys_text(&t[i], s->cat, s->lang, what, sizeof what),
		      cols, row, ctx);
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
		add(k->out, k->max, &k->n, heading, false, text);
		return;
	}
	/* The first row as far as it goes, then the rest under the
	 * description's first column (or 2 when that leaves too little, and
	 * for a heading): a continuation is always indented. */
	if (indent > k->width / 2 || indent < 2)
		indent = 2;
	wrap_lines(text, k->width, lines, 1);
	snprintf(part, sizeof part, "%.*s", (int)lines[0].len, text);
	add(k->out, k->max, &k->n, heading, false, part);
	text += lines[0].off + lines[0].len;
	text += strspn(text, " ");
	n = wrap_lines(text, k->width - indent, lines, 16);
	for (int i = 0; i < n && i < 16; i++) {
		snprintf(part, sizeof part, "%*s%.*s", indent, "",
			 (int)lines[i].len, text + lines[i].off);
		add(k->out, k->max, &k->n, heading, true, part);
	}
}

int help_rows(const struct state *s, int width, struct help_row *out,
	      int max)
{
	struct collect k = { out, max, 0, width < 8 ? 8 : width };

	each_entry(s, collect_row, &k);
	return k.n;
}

/* Fills `cols` columns of at most `tall` rows with rows[from ..], each
 * column ending where a row may end one (not before a continuation, not
 * after a heading); start[j] gets where column j starts, start[cols] the
 * row after the last shown. Strict: returns -1 when an entry is taller
 * than a column; otherwise such an entry is cut at the column's foot.
 * Returns start[cols]. */
static int fill_columns(const struct help_row *rows, int n, int from,
			int cols, int tall, int start[], bool strict)
{
	int at = from;

	for (int j = 0; j < cols; j++) {
		int full = at + tall < n ? at + tall : n, end = full;

		start[j] = at;
		while (end < n && end > at &&
		       (rows[end].cont || rows[end - 1].heading))
			end--;
		if (end == at && at < n) {
			if (strict)
				return -1;
			end = full;
		}
		at = end;
	}
	start[cols] = at;
	return at;
}

void help_layout(const struct state *s, int w, int h, struct help_layout *l)
{
	static struct help_row rows[HELP_ROWS_MAX];
	int inner_h = h - 4, inner_w = w - 2;
	int most = inner_w / HELP_COL_MIN, col_w, n, top;

	/* As many columns as the width allows, and of those as few as hold
	 * everything: one rule for every view, whatever its help's length. */
	if (most < 1)
		most = 1;
	if (most > HELP_COLS_MAX)
		most = HELP_COLS_MAX;
	*l = (struct help_layout){ .cols = 1, .col_w = inner_w };
	if (inner_h < 1 || inner_w < 8)
		return;
	for (int cols = 1; cols <= most; cols++) {
		int tall;

		col_w = inner_w / cols;
		n = help_rows(s, col_w - 1, rows, HELP_ROWS_MAX);
		if (fill_columns(rows, n, 0, cols, inner_h, l->start, true) != n)
			continue;
		/* The shortest columns that still hold everything. */
		tall = (n + cols - 1) / cols;
		while (tall < inner_h &&
		       fill_columns(rows, n, 0, cols, tall, l->start, true) != n)
			tall++;
		fill_columns(rows, n, 0, cols, tall, l->start, true);
		l->cols = cols;
		l->col_w = col_w;
		l->per_col = tall;
		l->nrows = n;
		l->shown = n;
		return;
	}
	/* More rows than the screen holds: the widest columns scroll, the
	 * rows flowing from one column into the next. */
	col_w = inner_w / most;
	n = help_rows(s, col_w - 1, rows, HELP_ROWS_MAX);
	l->scrolls = true;
	l->cols = most;
	l->col_w = col_w;
	l->per_col = inner_h;
	l->nrows = n;
	/* The first entry from which the rest shows whole. */
	for (l->top_max = 0; l->top_max < n; l->top_max++)
		if (!rows[l->top_max].cont &&
		    fill_columns(rows, n, l->top_max, most, inner_h, l->start,
				 false) == n)
			break;
	/* A window starts with an entry, never inside one. */
	top = s->help_top < l->top_max ? s->help_top : l->top_max;
	while (top > 0 && rows[top].cont)
		top--;
	fill_columns(rows, n, top > 0 ? top : 0, most, inner_h, l->start, false);
	l->shown = l->start[most] - l->start[0];
}

int help_scroll_max(const struct state *s)
{
	struct help_layout l;

	if (s->screen_w <= 0 || s->screen_h <= 0)
		return 0;
	help_layout(s, s->screen_w, s->screen_h, &l);
	return l.top_max;
}

int help_scroll_to(const struct state *s, long long top, int dir)
{
	static struct help_row rows[HELP_ROWS_MAX];
	struct help_layout l;
	int t;

	if (s->screen_w <= 0 || s->screen_h <= 0)
		return 0;
	help_layout(s, s->screen_w, s->screen_h, &l);
	if (!l.scrolls)
		return 0;
	t = top < 0 ? 0 : top > l.top_max ? l.top_max : (int)top;
	help_rows(s, l.col_w - 1, rows, HELP_ROWS_MAX);
	while (dir > 0 && t < l.top_max && rows[t].cont)
		t++;
	while (t > 0 && rows[t].cont)
		t--;
	return t;
}
