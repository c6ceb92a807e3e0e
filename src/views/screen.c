/* screen.c - composing the whole screen from the view shown and the
 * overlays (see screen.h). */
#include "views/screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "model/command.h"
#include "model/keys.h"
#include "render/regions.h"
#include "render/work.h"
#include "views/panel_drill.h"
#include "views/panel_lesson.h"

struct screen {
	const struct catalog *cat;	/* the views */
	void *ctx[VIEWS_MAX];		/* their contexts */
};

static const struct style st_status = { ROLE_STATUS, ROLE_STATUS, 0 };
static const struct style st_status_key = { ROLE_KEY, ROLE_STATUS, ATTR_BOLD };

/* ---- status bar (top row) ---- */

/* The parameters always show; the "? help" hint next, at the right; then the
 * layout and the program's name, as room allows. "[computing]" says that
 * some of the screen still shows the previous parameters (work.h). */
static void draw_status(const struct state *s, struct canvas *c, struct rect r)
{
	static const char hint[] = "? help ";
	const int hint_w = (int)sizeof hint - 1;
	char status[128], line[256];
	const char *extra = work_unfinished() ? "  [computing]"
			    : s->playing ? "  [playing]" : "";
	const char *layout = pe_layout_name(s->cur.pe.layout);

	canvas_fill(c, r, ' ', st_status);
	state_status(s, status, sizeof status);
	snprintf(line, sizeof line, " pescope  %s  %s%s", status, layout, extra);
	if (utf8_width(line) + hint_w + 1 > r.w)
		snprintf(line, sizeof line, " %s  %s%s", status, layout, extra);
	if (utf8_width(line) + hint_w + 1 > r.w)
		snprintf(line, sizeof line, " %s", status);
	canvas_text(c, r.x, r.y, r.w, line, st_status);
	if (utf8_width(line) + hint_w + 1 <= r.w)
		canvas_text(c, r.x + r.w - hint_w, r.y, hint_w, hint, st_status_key);
}

/* ---- bottom row: ':' line, message or key hints ---- */

/* Display columns of bytes [a, b) of text. */
static int span_width(const char *text, size_t a, size_t b)
{
	const char *p = text + a;
	int w = 0;

	while (p < text + b)
		w += utf8_cp_width(utf8_next(&p, NULL));
	return w;
}

/* ":" and the line, scrolled sideways so that the cursor (a reversed cell,
 * the character under it or a blank at the end) stays on screen however
 * long the line is, wide characters included. */
static void draw_cmdline(const struct cmdline *cl, struct canvas *c,
			 struct rect r)
{
	struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
	struct style cursor = { ROLE_DEFAULT, ROLE_DEFAULT, ATTR_REVERSE };
	int x = canvas_text(c, r.x, r.y, r.w, ":", plain);
	int room = r.w - x - 2;	/* columns before the cursor's own cell */
	size_t from = 0;
	char part[CMD_MAX];

	if (room < 0)
		return;
	/* Drop characters from the left until the cursor fits. */
	while (from < cl->cur && span_width(cl->text, from, cl->cur) > room) {
		const char *p = cl->text + from;

		utf8_next(&p, NULL);
		from = (size_t)(p - cl->text);
	}
	memcpy(part, cl->text + from, cl->cur - from);
	part[cl->cur - from] = '\0';
	x += canvas_text(c, r.x + x, r.y, r.w - x, part, plain);
	if (cl->cur < cl->len) {
		const char *p = cl->text + cl->cur;
		uint32_t cp = utf8_next(&p, NULL);

		x += canvas_put(c, r.x + x, r.y, cp, cursor);
		canvas_text(c, r.x + x, r.y, r.w - x, p, plain);
	} else {
		canvas_put(c, r.x + x, r.y, ' ', cursor);
	}
}

/* What the knob keys of the view shown do, or that the parameter keys work
 * here too: " clocks: x/X offset k -/+1   c/C offset k /2 x2   Tab next
 * view  ? help". */
static void draw_knob_keys(const struct state *s, struct canvas *c,
			   struct rect r, struct style st)
{
	const struct view_spec *v = state_view(s);
	bool zh = s->lang == LANG_ZH;
	char line[256];
	size_t used;
	int shown = 0;

	used = (size_t)snprintf(line, sizeof line, " %s:", v->name);
	for (int k = 0; k < v->nknobs; k++)
		for (int j = 0; j < v->knob[k].nsteps && used < sizeof line; j++) {
			const struct knob_step *ks = &v->knob[k].step[j];
			char a[KEYCODE_NAME_MAX], b[KEYCODE_NAME_MAX];

			keycode_name(ks->down, !s->ascii, a, sizeof a);
			keycode_name(ks->up, !s->ascii, b, sizeof b);
			used += (size_t)snprintf(line + used, sizeof line - used,
						 "%s%s/%s %s", shown++ ? "   " : " ",
						 a, b, ks->help[zh]);
		}
	if (v->nknobs == 0 && used < sizeof line)
		used += (size_t)snprintf(line + used, sizeof line - used, " %s",
					 zh ? "参数键在这里同样可用"
					    : "parameter keys work here too");
	if (used < sizeof line)
		snprintf(line + used, sizeof line - used, "   %s",
			 zh ? "Tab 下一个视图  ? 帮助" : "Tab next view  ? help");
	canvas_text(c, r.x, r.y, r.w, line, st);
}

static void draw_bottom(const struct state *s, struct canvas *c, struct rect r)
{
	struct style plain = { ROLE_DEFAULT, ROLE_DEFAULT, 0 };
	struct style dim = { ROLE_DIM, ROLE_DEFAULT, 0 };

	canvas_fill(c, r, ' ', plain);
	if (s->cmd.active) {
		draw_cmdline(&s->cmd, c, r);
	} else if (s->msg[0]) {
		struct style st = { s->msg_error ? ROLE_ERROR : ROLE_OK,
				    ROLE_DEFAULT, s->msg_error ? ATTR_BOLD : 0 };
		canvas_text(c, r.x, r.y, r.w, s->msg, st);
	} else if (s->view != 0) {
		draw_knob_keys(s, c, r, dim);
	} else {
		const char *hints = s->ascii
			? " Left/Right pos  Up/Down dim  [ ] d_model  , . base  - = len  z zoom  space play  : cmd"
			: " ←/→ pos  ↑/↓ dim  [ ] d_model  , . base  - = len  z zoom  space play  : cmd";
		canvas_text(c, r.x, r.y, r.w, hints, dim);
	}
}

/* ---- '?' overlay ---- */

enum { HELP_LINES_MAX = 80, HELP_LINE_W = 200 };

/* Builds the help text from the key table and the command list. */
static int help_lines(const struct state *s, char lines[][HELP_LINE_W],
		      bool heading[])
{
	int n = 0, count, key_cols = 0, views = keys_digit_views(s->cat);
	const struct keybinding *t = keys_table(&count);
	const char *group = NULL;
	char label[64], text[HELP_LINE_W];
	static char cmds[HELP_LINES_MAX][COMMAND_HELP_W];
	int ncmds = command_help(s, cmds, HELP_LINES_MAX);

	for (int i = 0; i < count; i++) {
		int lw = utf8_width(keys_label(&t[i], views, !s->ascii, label,
					       sizeof label));

		if (lw + 2 > key_cols)
			key_cols = lw + 2;
	}
	for (int i = 0; i < count && n < HELP_LINES_MAX - 2; i++) {
		int pad;

		if (!group || strcmp(group, t[i].group) != 0) {
			group = t[i].group;
			heading[n] = true;
			snprintf(lines[n++], HELP_LINE_W, "%s",
				 keys_group(&t[i], s->lang));
		}
		heading[n] = false;
		/* Pad the keys by display width: "←" is 1 column, 3 bytes. */
		keys_label(&t[i], views, !s->ascii, label, sizeof label);
		pad = key_cols - utf8_width(label);
		snprintf(lines[n++], HELP_LINE_W, "  %s%*s%s", label,
			 pad > 1 ? pad : 1, "",
			 keys_text(&t[i], s->cat, s->lang, text,
				   sizeof text));
	}
	if (n < HELP_LINES_MAX) {
		heading[n] = true;
		snprintf(lines[n++], HELP_LINE_W, "%s",
			 s->lang == LANG_ZH ? "命令" : "Commands");
	}
	for (int i = 0; i < ncmds && n < HELP_LINES_MAX; i++) {
		heading[n] = false;
		snprintf(lines[n++], HELP_LINE_W, "  %.*s", (int)COMMAND_HELP_W,
			 cmds[i]);
	}
	return n;
}

/* The overlay flows the help lines into as many columns as the screen
 * height needs, centred, over whatever is below it. */
static void draw_help(const struct state *s, struct canvas *c, int w, int h)
{
	static char lines[HELP_LINES_MAX][HELP_LINE_W];
	static bool heading[HELP_LINES_MAX];
	struct style box = { ROLE_BORDER, ROLE_HELP, 0 };
	struct style title = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };
	struct style text = { ROLE_HELP, ROLE_HELP, 0 };
	struct style head = { ROLE_KEY, ROLE_HELP, ATTR_BOLD };
	int n = help_lines(s, lines, heading);
	int col_w = 0, inner_h = h - 4, cols, per_col;
	struct rect r;

	for (int i = 0; i < n; i++) {
		int lw = utf8_width(lines[i]);
		if (lw > col_w)
			col_w = lw;
	}
	col_w += 2;
	if (inner_h < 1)
		return;
	cols = (n + inner_h - 1) / inner_h;
	per_col = (n + cols - 1) / cols;
	/* Too wide for the screen: narrower columns, whose longer lines end
	 * in an ellipsis, rather than columns that fall off the right. */
	if (cols * col_w + 2 > w && (w - 2) / cols >= 21)
		col_w = (w - 2) / cols;
	r.w = cols * col_w + 2;
	if (r.w > w)
		r.w = w;
	r.h = per_col + 2;
	r.x = (w - r.w) / 2;
	r.y = (h - r.h) / 2;
	canvas_fill(c, r, ' ', text);
	canvas_box(c, r, s->lang == LANG_ZH ? "帮助：按键和命令（Esc 或 ? 关闭）"
		   : "Help: keys and commands (Esc or ? closes)", box, title);
	for (int i = 0; i < n; i++) {
		int cx = r.x + 1 + (i / per_col) * col_w;
		int cy = r.y + 1 + i % per_col;
		int room = r.x + r.w - 1 - cx;
		struct style st = heading[i] ? head : text;

		if (room > col_w)
			room = col_w;
		if (utf8_width(lines[i]) <= room - 1) {
			canvas_text(c, cx, cy, room, lines[i], st);
		} else if (room >= 2) {
			/* Cut, with a column left before the next one. */
			int used = canvas_text(c, cx, cy, room - 2, lines[i], st);
			canvas_put(c, cx + used, cy, s->ascii ? '~' : 0x2026, st);
		}
	}
}

/* ---- too small ---- */

static void draw_too_small(struct canvas *c, int w, int h)
{
	char msg[96];
	struct style st = { ROLE_WARN, ROLE_DEFAULT, ATTR_BOLD };
	int len;

	snprintf(msg, sizeof msg, "terminal too small: need at least %dx%d",
		 SCREEN_MIN_W, SCREEN_MIN_H);
	len = utf8_width(msg);
	canvas_text(c, len < w ? (w - len) / 2 : 0, h / 2, w, msg, st);
}

/* ---- public ---- */

struct screen *screen_new(const struct catalog *cat)
{
	struct screen *sc = calloc(1, sizeof *sc);

	if (!sc)
		return NULL;
	sc->cat = cat;
	for (int i = 0; i < cat->count; i++) {
		size_t n = cat->view[i]->ctx_size;

		sc->ctx[i] = calloc(1, n ? n : 1);
		if (!sc->ctx[i]) {
			screen_free(sc);
			return NULL;
		}
	}
	return sc;
}

void screen_free(struct screen *sc)
{
	if (!sc)
		return;
	for (int i = 0; i < sc->cat->count; i++) {
		if (sc->ctx[i] && sc->cat->view[i]->ctx_free)
			sc->cat->view[i]->ctx_free(sc->ctx[i]);
		free(sc->ctx[i]);
	}
	free(sc);
}

void screen_draw(struct screen *sc, const struct state *s, struct canvas *c)
{
	int w = canvas_width(c), h = canvas_height(c);
	struct screen_regions l;
	struct rect caption;

	canvas_reset_clip(c);
	canvas_clear(c);
	regions_screen(w, h, &l);
	if (l.too_small) {
		draw_too_small(c, w, h);
		return;
	}
	caption = caption_split(s, &l.body);
	if (!drill_panel_hides_view(s))
		state_view(s)->draw(s, sc->ctx[s->view], c, l.body);
	canvas_reset_clip(c);
	/* After the body, whose jobs may not all finish this frame. */
	draw_status(s, c, l.status);
	caption_draw(s, c, caption);
	drill_panel_draw(s, c, l.body);
	if (s->les.menu)
		chooser_draw(s, c, w, h);
	if (s->help)
		draw_help(s, c, w, h);
	draw_bottom(s, c, l.bottom);
}

/* The position (and dimension) under (x, y) in the view shown. */
static bool hit(const struct state *s, int w, int h, int x, int y,
		long long *pos, int *dim)
{
	struct screen_regions l;
	const struct view_spec *v = state_view(s);

	regions_screen(w, h, &l);
	if (l.too_small || s->help || s->les.menu || !v->hit)
		return false;
	caption_split(s, &l.body);
	return v->hit(s, l.body, x, y, pos, dim);
}

struct action screen_click(const struct state *s, int w, int h, int x, int y)
{
	struct action a = action_make(ACT_NONE, 0);
	long long pos;
	int dim;

	if (hit(s, w, h, x, y, &pos, &dim)) {
		a.kind = ACT_SELECT;
		a.pos_at = pos;
		a.dim_at = dim;
	}
	return a;
}

struct action screen_wheel(const struct state *s, int w, int h, int x, int y,
			   int dir)
{
	struct action a = action_make(ACT_ZOOM, dir > 0 ? 1 : -1);
	long long pos;
	int dim;

	if (s->help)
		a.kind = ACT_NONE;
	else if (hit(s, w, h, x, y, &pos, &dim)) {
		a.kind = ACT_ZOOM_AT;
		a.pos_at = pos;
		a.dim_at = dim;
	}
	return a;
}
