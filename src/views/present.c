/* present.c - the presenter's key echo (see present.h). */
#include "views/present.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "base/keycode.h"
#include "base/utf8.h"
#include "model/keys.h"
#include "render/regions.h"

/* The key table's row for action kind, or NULL. */
static const struct keybinding *row_of(enum action_kind kind)
{
	int n;
	const struct keybinding *t = keys_table(&n);

	for (int i = 0; i < n; i++)
		if (t[i].kind == kind)
			return &t[i];
	return NULL;
}

/* What action a does, in the language of s, into buf; false when a is not
 * worth echoing. */
static bool meaning(const struct state *s, const struct action *a, char *buf,
		    size_t n)
{
	const struct keybinding *k;
	const char *t;

	switch (a->kind) {
	case ACT_NONE:
	case ACT_CMD_OPEN:
	case ACT_LESSON_MENU_MOVE:
		return false;
	case ACT_VIEW_SET:
		if (a->arg < 0 || a->arg >= s->cat->count)
			return false;
		snprintf(buf, n, "%s %s", tr(s->lang, "view"),
			 s->cat->view[a->arg]->name);
		return true;
	case ACT_KNOB_TURN: {
		const struct view_spec *v = state_view(s);

		if (a->knob < 0 || a->knob >= v->nknobs)
			return false;
		snprintf(buf, n, "%s", tr(s->lang, v->knob[a->knob].step[a->step].help));
		return true;
	}
	case ACT_LESSON_OPEN:
		if (a->arg < 0)
			snprintf(buf, n, "%s", tr(s->lang, "close the lesson"));
		else
			snprintf(buf, n, tr(s->lang, "open lesson %lld"),
				 a->arg + 1);
		return true;
	default:
		k = row_of(a->kind);
		if (!k)
			return false;
		t = keys_text(k, s->cat, s->lang, buf, n);
		if (t != buf)
			snprintf(buf, n, "%s", t);
		return true;
	}
}

static void push(struct present_echo *e, int key, const char *text,
		 long long now_ms)
{
	struct present_entry *last = e->n ? &e->e[e->n - 1] : NULL;

	if (last && key && last->key == key && strcmp(last->text, text) == 0) {
		last->count++;
		last->at_ms = now_ms;
		return;
	}
	if (e->n == PRESENT_LINES) {
		memmove(&e->e[0], &e->e[1], (PRESENT_LINES - 1) * sizeof e->e[0]);
		e->n--;
	}
	last = &e->e[e->n++];
	last->key = key;
	last->count = 1;
	last->at_ms = now_ms;
	snprintf(last->text, sizeof last->text, "%s", text);
}

void present_key(struct present_echo *e, const struct state *s, int code,
		 long long now_ms)
{
	char what[PRESENT_TEXT - 32], name[KEYCODE_NAME_MAX], text[PRESENT_TEXT];
	struct action a;
	int pad, len;

	if (s->cmd.active) {
		if (code == PK_ENTER && s->cmd.len > 0) {
			snprintf(text, sizeof text, ":%s", s->cmd.text);
			push(e, 0, text, now_ms);
		}
		return;
	}
	a = keys_action(s, code);
	if (!meaning(s, &a, what, sizeof what))
		return;
	keycode_name(code, !s->ascii, name, sizeof name);
	/* Pad by display width: "←" is one column but three bytes. */
	len = snprintf(text, sizeof text, "%s ", name);
	for (pad = 5 - utf8_width(name); pad > 0; pad--)
		text[len++] = ' ';
	snprintf(text + len, sizeof text - (size_t)len, "%s", what);
	push(e, code, text, now_ms);
}

bool present_expire(struct present_echo *e, long long now_ms)
{
	int keep = 0;

	for (int i = 0; i < e->n; i++)
		if (now_ms - e->e[i].at_ms < PRESENT_SHOW_MS)
			e->e[keep++] = e->e[i];
	if (keep == e->n)
		return false;
	e->n = keep;
	return true;
}

/* An entry as shown: its text, and the count when pressed repeatedly. */
static void entry_text(const struct present_entry *en, char *buf, size_t n)
{
	if (en->count > 1)
		snprintf(buf, n, "%s  x%d", en->text, en->count);
	else
		snprintf(buf, n, "%s", en->text);
}

void present_draw(const struct present_echo *e, const struct state *s,
		  struct canvas *c)
{
	struct screen_regions l;
	struct style label = { ROLE_TITLE, ROLE_DEFAULT, ATTR_BOLD };
	struct style text = { ROLE_KEY, ROLE_DEFAULT, ATTR_BOLD };
	struct style sep = { ROLE_DIM, ROLE_DEFAULT, 0 };
	char line[PRESENT_TEXT + 16];
	int x, end;

	regions_screen(canvas_width(c), canvas_height(c), true, &l);
	if (l.too_small || l.echo.w < 1)
		return;
	canvas_fill(c, l.echo, ' ', text);
	x = l.echo.x + canvas_text(c, l.echo.x, l.echo.y, l.echo.w,
				   tr(s->lang, " keys "),
				   label);
	end = l.echo.x + l.echo.w;
	/* The newest first: older ones give way when the row is full. */
	for (int i = e->n - 1; i >= 0 && x < end; i--) {
		entry_text(&e->e[i], line, sizeof line);
		if (i < e->n - 1)
			x += canvas_text(c, x, l.echo.y, end - x, "  ·  ", sep);
		x += canvas_text(c, x, l.echo.y, end - x, line, text);
	}
}
