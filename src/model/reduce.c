/* reduce.c - the reducer (see reduce.h). */
#include "model/reduce.h"
#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/clamp.h"
#include "model/command.h"
#include "model/drill_run.h"
#include "model/help.h"
#include "model/lesson_run.h"
#include "model/presets.h"

/* Rounds x to 6 significant digits, so that stepping the base by 10^(1/4)
 * shows 17782.8 rather than 17782.794100389228, and four steps from 1e4 land
 * exactly on 1e5. */
static double round_sig6(double x)
{
	double scale = pow(10.0, 5 - floor(log10(x)));

	return round(x * scale) / scale;
}

/* ---- the window ---- */

/* Puts a window of n units centred on `centre` inside [0, total). */
static long long window_start(long long centre, long long n, long long total)
{
	return clamp_ll(centre - n / 2, 0, total - n);
}

/* Zooms both axes by 2^dir around (pos, dim). Zooming in stops at one
 * position and two dimensions; zooming out stops at the whole matrix. */
static void zoom(struct state *s, int dir, long long pos, int dim)
{
	struct pe_window *v = &s->window;
	long long d = s->cur.pe.d_model;
	long long np = dir > 0 ? v->npos / 2 : v->npos * 2;
	long long nd = dir > 0 ? v->ndim / 2 : (long long)v->ndim * 2;

	np = clamp_ll(np, 1, s->cur.len);
	nd = clamp_ll(nd, d < 2 ? d : 2, d);
	v->pos0 = window_start(pos, np, s->cur.len);
	v->npos = np;
	v->dim0 = (int)window_start(dim, nd, d);
	v->ndim = (int)nd;
}

static void pan(struct state *s, long long dpos, long long ddim)
{
	struct pe_window *v = &s->window;

	v->pos0 = clamp_ll(v->pos0 + dpos, 0, s->cur.len - v->npos);
	v->dim0 = (int)clamp_ll(v->dim0 + ddim, 0,
				s->cur.pe.d_model - v->ndim);
}

/* The sweep moves about 1/200 of the visible window per tick, so a sweep
 * across the window takes a few seconds whatever the zoom, and wraps. */
static void sweep_tick(struct state *s)
{
	long long step = s->window.npos / 200;
	long long end = s->window.pos0 + s->window.npos;
	long long p = s->cur.pos + (step < 1 ? 1 : step);

	if (p >= end || p < s->window.pos0)
		p = s->window.pos0;
	s->cur.pos = p;
}

/* Scrolls the help by rows or pages, within what it has, to the start of
 * an entry. */
static void help_scroll(struct state *s, const struct action *a)
{
	long long by = a->arg;
	struct help_layout l;

	help_layout(s, s->screen_w, s->screen_h, &l);
	if (a->kind == ACT_HELP_PAGE)
		by *= l.shown > 2 ? l.shown - 1 : 1;
	s->help_top = help_scroll_to(s, s->help_top + by, by > 0 ? 1 : -1);
}

/* ---- parameters ---- */

/* Multiplies the base by factor; refuses (with a message) to leave (1, max]. */
static void base_scale(struct state *s, double factor)
{
	double b = round_sig6(s->cur.pe.base * factor);

	if (!(b > 1.0)) {
		state_message(s, true, tr(s->lang, "base must stay above 1 (type "
					  ":base X for a value in between)"));
		return;
	}
	state_set_base(s, b);
}

static void dmodel_scale(struct state *s, int dir)
{
	long long d = s->cur.pe.d_model;

	state_set_dmodel(s, dir > 0 ? d * 2 : ((d / 2) + 1) & ~1LL);
}

static void len_scale(struct state *s, int dir, long long factor)
{
	long long len = s->cur.len;

	if (dir > 0)
		len = len > PE_LEN_MAX / factor ? PE_LEN_MAX : len * factor;
	else
		len = len / factor;
	state_set_len(s, len);
}

/* Knob a->knob of the view shown, by its step a->step. */
static void knob_turn(struct state *s, const struct action *a)
{
	const struct view_spec *v = state_view(s);
	const struct knob_spec *k;

	if (v->nknobs == 0) {
		state_message(s, false, tr(s->lang, "this view has no knobs (x/X and c/C do "
			  "nothing here)"));
		return;
	}
	if (a->knob < 0 || a->knob >= v->nknobs ||
	    a->step < 0 || a->step >= v->knob[a->knob].nsteps) {
		state_message(s, false, tr(s->lang, "these keys turn no knob in this view (the "
			  "bottom line lists its keys)"));
		return;
	}
	k = &v->knob[a->knob];
	state_set_knob(s, s->view, a->knob,
		       catalog_knob_turn(k, &k->step[a->step], s->cur.pe.d_model,
					 s->knob[s->view][a->knob],
					 a->arg < 0 ? -1 : 1));
}

/* Focusing and zooming the panels of the view shown. */
static void panel_action(struct state *s, const struct action *a)
{
	int n = state_view(s)->npanels;

	if (n < 2) {
		state_message(s, false, tr(s->lang, "this view is one panel: nothing to zoom"));
		return;
	}
	if (a->kind == ACT_PANEL_ZOOM)
		s->zoomed = !s->zoomed;
	else if (a->kind == ACT_PANEL_FOCUS)
		state_set_panel(s, (int)a->arg);
	else
		state_set_panel(s, (s->panel + (a->arg < 0 ? n - 1 : 1)) % n);
}

/* ---- the ':' line ---- */

/* The actions that edit or run an open ':' line. */
static bool is_editing(enum action_kind k)
{
	return k >= ACT_CMD_CHAR && k <= ACT_CMD_SUBMIT;
}

static unsigned cmd_submit(struct state *s)
{
	char err[MSG_MAX];
	char line[CMD_MAX];
	enum command_result r;

	memcpy(line, s->cmd.text, s->cmd.len + 1);
	if (s->cmd.cut) {	/* a cut path would name another file */
		cmdline_commit(&s->cmd);
		snprintf(err, sizeof err, tr(s->lang, "the : line holds %d "
					     "bytes and what was typed past "
					     "them is not there: not run"),
			 CMD_MAX - 1);
		state_message(s, true, err);
		return REACT_REDRAW;
	}
	cmdline_commit(&s->cmd);
	r = command_run(s, line, COMMAND_TYPED, err, sizeof err);
	if (r == COMMAND_ERROR)
		state_message(s, true, err);
	if (r == COMMAND_EXPORT)
		return REACT_EXPORT | REACT_REDRAW;
	if (r == COMMAND_SCENE)
		return REACT_SCENE | REACT_REDRAW;
	return r == COMMAND_QUIT ? REACT_QUIT | REACT_REDRAW : REACT_REDRAW;
}

/* ---- the groups of actions ---- */

static unsigned apply_selection(struct state *s, const struct action *a)
{
	switch (a->kind) {
	case ACT_POS_STEP:
		state_set_pos(s, s->cur.pos + a->arg);
		break;
	case ACT_POS_PAGE: {
		long long page = s->cur.len / 10;

		state_set_pos(s, s->cur.pos + a->arg * (page < 1 ? 1 : page));
		break;
	}
	case ACT_POS_FIRST:
		state_set_pos(s, 0);
		break;
	case ACT_POS_LAST:
		state_set_pos(s, s->cur.len - 1);
		break;
	case ACT_DIM_STEP:
		state_set_dim(s, s->cur.dim + a->arg);
		break;
	case ACT_SELECT:
		state_set_pos(s, a->pos_at);
		if (a->dim_at >= 0)
			state_set_dim(s, a->dim_at);
		if (a->knob >= 0)
			state_set_panel(s, a->knob);
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_parameters(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1;

	switch (a->kind) {
	case ACT_DMODEL_STEP:
		state_set_dmodel(s, s->cur.pe.d_model + 2 * dir);
		break;
	case ACT_DMODEL_SCALE:
		dmodel_scale(s, dir);
		break;
	case ACT_BASE_FINE:
		base_scale(s, pow(10.0, dir * 0.25));
		break;
	case ACT_BASE_COARSE:
		base_scale(s, dir > 0 ? 10.0 : 0.1);
		break;
	case ACT_LEN_FINE:
		len_scale(s, dir, 2);
		break;
	case ACT_LEN_COARSE:
		len_scale(s, dir, 10);
		break;
	case ACT_LAYOUT_TOGGLE:
		state_set_layout(s, s->cur.pe.layout == PE_INTERLEAVED
					    ? PE_CONCAT : PE_INTERLEAVED);
		break;
	case ACT_RESET:
		state_reset(s, &s->start);
		s->help = false;
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_window(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1;

	switch (a->kind) {
	case ACT_ZOOM:
		zoom(s, dir, s->cur.pos, s->cur.dim);
		break;
	case ACT_ZOOM_AT:
		zoom(s, dir, a->pos_at, a->dim_at < 0 ? s->cur.dim : a->dim_at);
		break;
	case ACT_ZOOM_FIT:
		state_fit(s);
		break;
	case ACT_PAN_POS: {
		long long q = s->window.npos / 4;

		pan(s, dir * (q < 1 ? 1 : q), 0);
		break;
	}
	case ACT_PAN_DIM: {
		long long q = s->window.ndim / 4;

		pan(s, 0, dir * (q < 1 ? 1 : q));
		break;
	}
	case ACT_PLAY_TOGGLE:
		s->playing = !s->playing;
		break;
	case ACT_TICK:
		if (!s->playing)
			return REACT_NONE;
		sweep_tick(s);
		break;
	case ACT_HELP_TOGGLE:
		s->help = !s->help;
		s->help_top = 0;
		break;
	case ACT_HELP_SHOW:
		s->help = true;
		s->help_top = 0;
		break;
	case ACT_HELP_SCROLL:
	case ACT_HELP_PAGE:
		help_scroll(s, a);
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_views(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1, n, count = s->cat->count;

	switch (a->kind) {
	case ACT_VIEW_SET:
		if (a->arg < 0 || a->arg >= count)
			return REACT_NONE;
		state_set_view(s, (int)a->arg);
		break;
	case ACT_VIEW_NEXT: {
		int v = (s->view + dir + count) % count;

		/* a loaded matrix: only the views that show it take a turn */
		while (s->matrix && !s->cat->view[v]->shows_matrix)
			v = (v + dir + count) % count;
		state_set_view(s, v);
		break;
	}
	case ACT_KNOB_TURN:
		knob_turn(s, a);
		break;
	case ACT_PANEL_NEXT:
	case ACT_PANEL_FOCUS:
	case ACT_PANEL_ZOOM:
		panel_action(s, a);
		break;
	case ACT_PRESET_NEXT:
		presets_table(&n);
		state_set_preset(s, ((s->preset < 0 ? (dir > 0 ? -1 : 0)
						    : s->preset) + dir + n) % n);
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_cmdline(struct state *s, const struct action *a)
{
	if (is_editing(a->kind) && !s->cmd.active)
		return REACT_NONE;	/* nothing to edit: the line is closed */
	switch (a->kind) {
	case ACT_CMD_OPEN:
		cmdline_open(&s->cmd);
		s->msg[0] = '\0';
		break;
	case ACT_CMD_CHAR:
		cmdline_insert(&s->cmd, a->arg);
		break;
	case ACT_CMD_BACKSPACE:
		cmdline_backspace(&s->cmd);
		break;
	case ACT_CMD_DELETE:
		cmdline_delete(&s->cmd);
		break;
	case ACT_CMD_MOVE:
		cmdline_move(&s->cmd, a->arg < 0 ? -1 : 1);
		break;
	case ACT_CMD_HOME:
		cmdline_home(&s->cmd);
		break;
	case ACT_CMD_END:
		cmdline_end(&s->cmd);
		break;
	case ACT_CMD_KILL_START:
		cmdline_kill_start(&s->cmd);
		break;
	case ACT_CMD_KILL_END:
		cmdline_kill_end(&s->cmd);
		break;
	case ACT_CMD_KILL_WORD:
		cmdline_kill_word(&s->cmd);
		break;
	case ACT_CMD_RECALL:
		cmdline_recall(&s->cmd, a->arg < 0 ? -1 : 1);
		break;
	case ACT_CMD_SUBMIT:
		return cmd_submit(s);
	case ACT_ESCAPE:
		cmdline_close(&s->cmd);
		s->help = false;
		s->msg[0] = '\0';
		s->les.menu = false;
		s->les.typed = 0;
		s->les.focus = false;
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

unsigned reduce(struct state *s, const struct action *a)
{
	unsigned r;

	if (a->kind == ACT_QUIT)
		return REACT_QUIT;
	if (a->kind != ACT_TICK && !is_editing(a->kind))
		s->msg[0] = '\0';
	if (a->kind == ACT_EXPORT)
		return REACT_EXPORT | REACT_REDRAW;
	if (a->kind == ACT_SAVE_PROMPT) {
		s->scene_file[0] = '\0';
		s->scene_op = SCENE_SUGGEST;
		return REACT_SCENE | REACT_REDRAW;
	}
	if (s->matrix && (a->kind == ACT_DRILL_START ||
			  a->kind == ACT_LESSON_MENU ||
			  a->kind == ACT_LESSON_OPEN)) {
		/* they set d_model, base and the length, which the file
		 * fixes */
		state_message(s, true, tr(s->lang, "lessons and the drill teach "
					  "the formula: run pescope without "
					  "--load"));
		return REACT_REDRAW;
	}
	if (lesson_frozen(s, a))
		return REACT_REDRAW;
	r = apply_selection(s, a);
	if (r == REACT_NONE)
		r = apply_parameters(s, a);
	if (r == REACT_NONE)
		r = apply_window(s, a);
	if (r == REACT_NONE)
		r = apply_views(s, a);
	if (r == REACT_NONE)
		r = apply_cmdline(s, a);
	if (r == REACT_NONE)
		r = lesson_apply(s, a);
	if (r == REACT_NONE)
		r = drill_apply(s, a);
	return r;
}
