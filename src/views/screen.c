/* screen.c - composing the whole screen from the view shown and the
 * overlays (see screen.h). */
#include "views/screen.h"
#include "base/tr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "model/help.h"
#include "model/keys.h"
#include "render/paragraph.h"
#include "render/regions.h"
#include "render/work.h"
#include "views/panel_drill.h"
#include "views/panel_lesson.h"

struct screen {
	const struct catalog *cat;	/* the views */
	void *ctx[VIEWS_MAX];		/* their contexts */
	struct cache caption;		/* the lesson caption's height */
};

static const struct style st_status = { ROLE_STATUS, ROLE_STATUS, 0 };
static const struct style st_status_key = { ROLE_KEY, ROLE_STATUS, ATTR_BOLD };

/* ---- status bar (top row) ---- */

/* The parameters always show; the "? help" hint next, at the right; then the
 * layout and the program's name, as room allows. "[computing]" says that
 * some of the screen still shows the previous parameters (work.h). */
static void draw_status(const struct state *s, struct canvas *c, struct rect r)
{
	const char *hint = tr(s->lang, "? help ");
	const int hint_w = utf8_width(hint);
	char status[128], line[256];
	const char *extra = work_unfinished()
			    ? tr(s->lang, "  [computing]")
			    : s->playing ? tr(s->lang, "  [playing]")
			    : "";
	/* a view with parameters of its own shows them, and no layout; a
	 * loaded matrix has none: its columns are what they are */
	bool own_status = state_view(s)->status && !s->matrix;
	const char *layout = s->matrix || own_status ? ""
			     : s->cur.pe.layout == PE_INTERLEAVED
			     ? tr(s->lang, "interleaved")
			     : tr(s->lang, "concat");

	canvas_fill(c, r, ' ', st_status);
	if (own_status)
		state_view(s)->status(s, status, sizeof status);
	else
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

/* What the knob keys of the view shown do (those that act on what it
 * draws now: knob_spec.acts), or that the parameter keys work here too: " clocks: x/X offset k -/+1   c/C offset k /2 x2   Tab next
 * view  ? help". */
static void draw_knob_keys(const struct state *s, struct canvas *c,
			   struct rect r, struct style st)
{
	const struct view_spec *v = state_view(s);
	bool full = false;
	char line[256], tail[64];
	size_t used;
	int shown = 0;

	snprintf(tail, sizeof tail, "   %s", tr(s->lang, "Tab next view  ? help"));
	/* the view's word (what --view and :view take) in English; in
	 * another language its name there ("家族视图"), as a word left in
	 * English reads as untranslated */
	used = (size_t)snprintf(line, sizeof line, " %s:",
				s->lang == LANG_EN ? v->name
						   : tr(s->lang, v->said));
	/* Whole entries only, the first always, the others while they leave
	 * room for the tail: none is cut in the middle of a word. */
	for (int k = 0; k < v->nknobs && !full; k++)
		for (int j = 0; j < v->knob[k].nsteps && !full &&
				(!v->knob[k].acts || v->knob[k].acts(s)); j++) {
			const struct knob_step *ks = &v->knob[k].step[j];
			char a[KEYCODE_NAME_MAX], b[KEYCODE_NAME_MAX], e[128];

			keycode_name(ks->down, !s->ascii, a, sizeof a);
			keycode_name(ks->up, !s->ascii, b, sizeof b);
			snprintf(e, sizeof e, "%s%s/%s %s", shown ? "   " : " ", a,
				 b, tr(s->lang, ks->help));
			full = shown > 0 && utf8_width(line) + utf8_width(e) +
						    utf8_width(tail) > r.w;
			if (!full && used < sizeof line) {
				used += (size_t)snprintf(line + used,
							 sizeof line - used, "%s", e);
				shown++;
			}
		}
	if (v->nknobs == 0 && used < sizeof line)
		used += (size_t)snprintf(line + used, sizeof line - used, " %s",
					 s->matrix ? tr(s->lang, "up/down select a dimension")
					 : tr(s->lang, "parameter keys work here too"));
	/* The tail whole, or its "? help" alone, or nothing: never cut. */
	if (utf8_width(line) + utf8_width(tail) > r.w)
		snprintf(tail, sizeof tail, "   %s", tr(s->lang, "? help "));
	if (utf8_width(line) + utf8_width(tail) <= r.w && used < sizeof line)
		snprintf(line + used, sizeof line - used, "%s", tail);
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
		/* a loaded matrix fixes d_model, base and len: no keys for them */
		const char *hints = s->matrix && s->ascii
			? " Left/Right pos  Up/Down dim  z zoom  Space play  : cmd"
			: s->matrix
			? tr(s->lang, " ←/→ pos  ↑/↓ dim  z zoom  Space play  : cmd")
			: s->ascii
			? " Left/Right pos  Up/Down dim  [ ] d_model  , . base  - = len  z zoom  Space play  : cmd"
			: tr(s->lang,
			     " ←/→ pos  ↑/↓ dim  [ ] d_model  , . base  - = len  z zoom  Space play  : cmd");
		paragraph_items(c, r.x, r.y, r.w, hints, "  ", dim);
	}
}

/* ---- '?' overlay ---- */

static const struct style help_box_style = { ROLE_BORDER, ROLE_HELP, 0 };
static const struct style help_title_style = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };
static const struct style help_text_style = { ROLE_HELP, ROLE_HELP, 0 };
static const struct style help_head_style = { ROLE_TITLE, ROLE_HELP, ATTR_BOLD };

/* Row `text` at (x, y) in at most `room` columns: whole, or cut with an
 * ellipsis and a column left before the next one. */
static void help_row(const struct state *s, struct canvas *c, int x, int y,
		     int room, const struct help_row *row)
{
	struct style st = row->heading ? help_head_style : help_text_style;

	if (utf8_width(row->text) <= room - 1) {
		canvas_text(c, x, y, room, row->text, st);
	} else if (room >= 2) {
		int used = canvas_text(c, x, y, room - 2, row->text, st);

		canvas_put(c, x + used, y, s->ascii ? '~' : 0x2026, st);
	}
}

/* The help in the box over the whole width, in the columns of
 * help_layout; when it scrolls, the title says which rows show and how to
 * move. */
static void draw_help(const struct state *s, struct canvas *c, int w, int h)
{
	static struct help_row rows[HELP_ROWS_MAX];
	struct help_layout l;
	char title[160];
	int wrap;
	struct rect r;

	help_layout(s, w, h, &l);
	if (l.per_col < 1)
		return;
	wrap = l.col_w - 1;
	l.nrows = help_rows(s, wrap, rows, HELP_ROWS_MAX);
	if (l.scrolls)
		snprintf(title, sizeof title, tr(s->lang,
			 "Help %d-%d of %d: %s PgUp/PgDn Home/End scroll, Esc closes"),
			 l.start[0] + 1, l.start[l.cols], l.nrows,
			 s->ascii ? "Up/Down" : "↑/↓");
	else
		snprintf(title, sizeof title, "%s",
			 tr(s->lang, "Help: keys and commands (Esc or ? closes)"));
	r.w = w;
	r.h = l.per_col + 2;
	r.x = 0;
	r.y = (h - r.h) / 2;
	canvas_fill(c, r, ' ', help_text_style);
	canvas_box(c, r, title, help_box_style, help_title_style);
	for (int j = 0; j < l.cols; j++)
		for (int i = l.start[j]; i < l.start[j + 1] && i < l.nrows; i++)
			help_row(s, c, r.x + 1 + j * l.col_w,
				 r.y + 1 + i - l.start[j], wrap + 1, &rows[i]);
}

/* ---- too small ---- */

static void draw_too_small(const struct state *s, struct canvas *c, int w,
			   int h)
{
	char msg[96];
	struct style st = { ROLE_WARN, ROLE_DEFAULT, ATTR_BOLD };
	int len;

	snprintf(msg, sizeof msg, tr(s->lang, "terminal too small: need at least %dx%d"),
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
	cache_free(&sc->caption);
	free(sc);
}

void screen_forget(struct screen *sc)
{
	for (int i = 0; i < sc->cat->count; i++) {
		size_t n = sc->cat->view[i]->ctx_size;

		if (sc->cat->view[i]->ctx_free)
			sc->cat->view[i]->ctx_free(sc->ctx[i]);
		memset(sc->ctx[i], 0, n ? n : 1);
	}
	cache_free(&sc->caption);
}

void screen_draw(struct screen *sc, const struct state *s, struct canvas *c)
{
	int w = canvas_width(c), h = canvas_height(c);
	struct screen_regions l;
	struct rect caption, drill;

	canvas_reset_clip(c);
	canvas_clear(c);
	regions_screen(w, h, s->present, &l);
	if (l.too_small) {
		draw_too_small(s, c, w, h);
		return;
	}
	caption = caption_split(s, &sc->caption, &l.body);
	drill = drill_panel_split(s, &l.body);
	if (!drill_panel_hides_view(s))
		state_view(s)->draw(s, sc->ctx[s->view], c, l.body);
	canvas_reset_clip(c);
	/* After the body, whose jobs may not all finish this frame. */
	draw_status(s, c, l.status);
	caption_draw(s, c, caption);
	drill_panel_draw(s, c, drill);
	if (s->les.menu)
		chooser_draw(s, c, w, h);
	if (s->help)
		draw_help(s, c, w, h);
	draw_bottom(s, c, l.bottom);
}

/* The position (and dimension) under (x, y) in the view shown. */
static bool hit(struct screen *sc, const struct state *s, int w, int h,
		int x, int y, long long *pos, int *dim)
{
	struct screen_regions l;
	const struct view_spec *v = state_view(s);

	regions_screen(w, h, s->present, &l);
	if (l.too_small || s->help || s->les.menu || !v->hit)
		return false;
	caption_split(s, &sc->caption, &l.body);
	drill_panel_split(s, &l.body);
	return v->hit(s, l.body, x, y, pos, dim);
}

/* The panel of the view shown under (x, y), or -1. */
static int panel_under(struct screen *sc, const struct state *s, int w, int h,
		       int x, int y)
{
	struct screen_regions l;
	const struct view_spec *v = state_view(s);

	regions_screen(w, h, s->present, &l);
	if (l.too_small || s->help || s->les.menu || !v->panel_at ||
	    v->npanels < 2)
		return -1;
	caption_split(s, &sc->caption, &l.body);
	drill_panel_split(s, &l.body);
	return v->panel_at(s, l.body, x, y);
}

struct action screen_click(struct screen *sc, const struct state *s, int w,
			   int h, int x, int y)
{
	struct action a = action_make(ACT_NONE, 0);
	int panel = panel_under(sc, s, w, h, x, y);
	long long pos;
	int dim;

	if (hit(sc, s, w, h, x, y, &pos, &dim)) {
		a.kind = ACT_SELECT;
		a.pos_at = pos;
		a.dim_at = dim;
		a.knob = panel;
	} else if (panel >= 0) {
		a = action_make(ACT_PANEL_FOCUS, panel);
	}
	return a;
}

struct action screen_wheel(struct screen *sc, const struct state *s, int w,
			   int h, int x, int y, int dir)
{
	struct action a = action_make(ACT_ZOOM, dir > 0 ? 1 : -1);
	long long pos;
	int dim;

	if (s->help)
		a.kind = ACT_NONE;
	else if (hit(sc, s, w, h, x, y, &pos, &dim)) {
		a.kind = ACT_ZOOM_AT;
		a.pos_at = pos;
		a.dim_at = dim;
	}
	return a;
}
