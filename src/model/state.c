/* state.c - the explorer's state and the reducer that changes it.
 *
 * Every change goes through state_apply(); it clamps instead of failing, so
 * no sequence of actions can break the invariants listed in state.h. */
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/command.h"
#include "model/drill_session.h"
#include "base/fmt.h"
#include "base/utf8.h"
#include "model/lesson_run.h"
#include "model/presets.h"

/* ---- small helpers ---- */

static long long clamp_ll(long long v, long long lo, long long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Rounds x to 6 significant digits, so that stepping the base by 10^(1/4)
 * shows 17782.8 rather than 17782.794100389228, and four steps from 1e4 land
 * exactly on 1e5. */
static double round_sig6(double x)
{
	double scale = pow(10.0, 5 - floor(log10(x)));
	return round(x * scale) / scale;
}

/* ---- the visible window ---- */

static void view_fit_positions(struct state *s)
{
	s->view.pos0 = 0;
	s->view.npos = s->cur.len;
}

static void view_fit_dims(struct state *s)
{
	s->view.dim0 = 0;
	s->view.ndim = s->cur.pe.d_model;
}

/* Puts a window of n units centred on `centre` inside [0, total). */
static long long window_start(long long centre, long long n, long long total)
{
	return clamp_ll(centre - n / 2, 0, total - n);
}

/* Zooms both axes by 2^dir around (pos, dim). Zooming in stops at one
 * position and two dimensions; zooming out stops at the whole matrix. */
static void view_zoom(struct state *s, int dir, long long pos, int dim)
{
	struct viewport *v = &s->view;
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

static void view_pan(struct state *s, long long dpos, long long ddim)
{
	struct viewport *v = &s->view;
	v->pos0 = clamp_ll(v->pos0 + dpos, 0, s->cur.len - v->npos);
	v->dim0 = (int)clamp_ll(v->dim0 + ddim, 0,
				s->cur.pe.d_model - v->ndim);
}

/* Keeps the window inside the matrix after len or d_model changed. */
static void view_clamp(struct state *s)
{
	struct viewport *v = &s->view;
	v->npos = clamp_ll(v->npos, 1, s->cur.len);
	v->pos0 = clamp_ll(v->pos0, 0, s->cur.len - v->npos);
	v->ndim = (int)clamp_ll(v->ndim, 1, s->cur.pe.d_model);
	v->dim0 = (int)clamp_ll(v->dim0, 0, s->cur.pe.d_model - v->ndim);
}

/* ---- the views' knobs ---- */

static int half_pairs(const struct state *s)
{
	return s->cur.pe.d_model / 2;
}

/* Keeps every knob inside its range for the current parameters. */
static void knobs_clamp(struct state *s)
{
	struct view_knobs *k = &s->knobs;
	int top = half_pairs(s) > 1 ? half_pairs(s) - 1 : 1;

	k->offset = clamp_ll(k->offset, 1, PE_LEN_MAX);
	k->split = (int)clamp_ll(k->split, 1, top);
	if (!(k->threshold >= 0.05))
		k->threshold = 0.05;
	if (k->threshold > 0.95)
		k->threshold = 0.95;
	k->train_len = clamp_ll(k->train_len, 1, PE_LEN_MAX);
	if (!(k->scale >= 1.0))
		k->scale = 1.0;
	if (k->scale > 1024.0)
		k->scale = 1024.0;
	k->bug = (int)clamp_ll(k->bug, 0, BUG_KINDS - 1);
	k->scroll = clamp_ll(k->scroll, 0, s->cur.pe.d_model - 1);
}

static void knobs_init(struct state *s)
{
	s->knobs = (struct view_knobs){
		.offset = 1,
		.split = half_pairs(s) / 2,
		.threshold = 0.5,
		.train_len = s->cur.len,
		.scale = 4.0,
		.bug = 0,
		.scroll = 0,
	};
	knobs_clamp(s);
}

/* Knob a (which = 0) or b (which = 1) of the current view, by dir. */
static void knob_turn(struct state *s, int which, int dir)
{
	struct view_knobs *k = &s->knobs;

	switch (s->view_id) {
	case VIEW_CLOCKS:
		if (which == 0)
			k->offset += dir;
		else
			k->offset = dir > 0 ? k->offset * 2 : k->offset / 2;
		break;
	case VIEW_BANDS:
		if (which == 0)
			k->split += dir;
		else
			k->threshold = round((k->threshold + 0.05 * dir) * 20) / 20;
		break;
	case VIEW_CONTEXT:
		if (which == 0)
			k->train_len = dir > 0 ? k->train_len * 2 : k->train_len / 2;
		else
			k->scale = dir > 0 ? k->scale * 2 : k->scale / 2;
		break;
	case VIEW_BUGS:
		if (which == 0)
			k->bug = (k->bug + dir + BUG_KINDS) % BUG_KINDS;
		break;
	case VIEW_VECTOR:
		if (which == 0)
			k->scroll += dir * 16;
		break;
	default:
		state_message(s, false, "this view has no knobs (x/X and c/C do nothing here)");
		return;
	}
	knobs_clamp(s);
}

void state_set_preset(struct state *s, int i)
{
	int n;
	const struct preset *p = presets_table(&n);

	if (i < 0 || i >= n)
		return;
	state_set_dmodel(s, p[i].d_model);
	s->cur.pe.base = p[i].base;
	s->knobs.train_len = p[i].train_len;
	s->preset = i;
	knobs_clamp(s);
	state_message(s, false, p[i].what);
}

/* ---- parameter changes shared by keys and ':' commands ---- */

void state_set_len(struct state *s, long long len)
{
	bool was_full = s->view.npos == s->cur.len;
	s->cur.len = clamp_ll(len, 1, PE_LEN_MAX);
	s->cur.pos = clamp_ll(s->cur.pos, 0, s->cur.len - 1);
	if (was_full)
		view_fit_positions(s);
	view_clamp(s);
}

void state_set_dmodel(struct state *s, long long d)
{
	bool was_full = s->view.ndim == s->cur.pe.d_model;
	d = clamp_ll(d, PE_D_MIN, PE_D_MAX) & ~1LL;
	s->cur.pe.d_model = (int)d;
	s->cur.dim = (int)clamp_ll(s->cur.dim, 0, d - 1);
	if (was_full)
		view_fit_dims(s);
	view_clamp(s);
	knobs_clamp(s);
}

void state_set_pos(struct state *s, long long pos)
{
	s->cur.pos = clamp_ll(pos, 0, s->cur.len - 1);
}

void state_set_dim(struct state *s, long long dim)
{
	s->cur.dim = (int)clamp_ll(dim, 0, s->cur.pe.d_model - 1);
}

/* Multiplies the base by factor; refuses (with a message) to leave (1, max]. */
static void base_scale(struct state *s, double factor)
{
	double b = round_sig6(s->cur.pe.base * factor);
	if (b > PE_BASE_MAX)
		b = PE_BASE_MAX;
	if (!(b > 1.0)) {
		state_message(s, true, "base must stay above 1 (type :base X for a value in between)");
		return;
	}
	s->cur.pe.base = b;
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

/* The sweep moves about 1/200 of the visible window per tick, so a sweep
 * across the window takes a few seconds whatever the zoom, and wraps. */
static void sweep_tick(struct state *s)
{
	long long step = s->view.npos / 200;
	long long end = s->view.pos0 + s->view.npos;
	long long p = s->cur.pos + (step < 1 ? 1 : step);
	if (p >= end || p < s->view.pos0)
		p = s->view.pos0;
	s->cur.pos = p;
}

/* ---- the ':' line ---- */

static void cmd_close(struct state *s)
{
	s->cmd_active = false;
	s->cmd_len = 0;
	s->cmd[0] = '\0';
}

static unsigned cmd_submit(struct state *s)
{
	char err[MSG_MAX];
	char line[CMD_MAX];
	enum command_result r;

	memcpy(line, s->cmd, s->cmd_len + 1);
	cmd_close(s);
	r = command_run(s, line, err, sizeof err);
	if (r == COMMAND_ERROR)
		state_message(s, true, err);
	return r == COMMAND_QUIT ? REACT_QUIT | REACT_REDRAW : REACT_REDRAW;
}

/* Appends code point cp to the ':' line as UTF-8. Control characters,
 * surrogates and values above U+10FFFF never enter it; a full line ignores
 * more. */
static void cmd_append(struct state *s, long long cp)
{
	char u[UTF8_MAX];
	size_t n;

	if (cp < 0 || cp > 0x10ffff || utf8_is_control((uint32_t)cp))
		return;
	n = utf8_encode((uint32_t)cp, u);
	if (n == 0 || s->cmd_len + n >= CMD_MAX)
		return;
	memcpy(s->cmd + s->cmd_len, u, n);
	s->cmd_len += n;
	s->cmd[s->cmd_len] = '\0';
}

/* Removes the last UTF-8 character, not just its last byte. */
static void cmd_backspace(struct state *s)
{
	if (s->cmd_len == 0) {
		cmd_close(s);
		return;
	}
	s->cmd_len = utf8_prev(s->cmd, s->cmd_len);
	s->cmd[s->cmd_len] = '\0';
}

/* ---- public ---- */

void state_init(struct state *s, const struct settings *start)
{
	struct settings copy = *start;	/* start may point into s */

	memset(s, 0, sizeof *s);
	s->cur = copy;
	s->start = copy;
	view_fit_positions(s);
	view_fit_dims(s);
	knobs_init(s);
	s->preset = -1;
	s->les.index = -1;
}

void state_message(struct state *s, bool error, const char *text)
{
	size_t n = strlen(text);

	if (n >= MSG_MAX)
		n = utf8_cut(text, MSG_MAX - 1);
	memcpy(s->msg, text, n);
	s->msg[n] = '\0';
	s->msg_error = error;
}

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
		s->cur.pe.layout = s->cur.pe.layout == PE_INTERLEAVED
					   ? PE_CONCAT : PE_INTERLEAVED;
		break;
	case ACT_RESET: {
		/* Parameters and window only: how the program talks and
		 * which lesson is open stay. */
		struct state keep = *s;
		state_init(s, &keep.start);
		s->ascii = keep.ascii;
		s->view_id = keep.view_id;
		s->lang = keep.lang;
		s->les = keep.les;
		s->hl = keep.hl;
		s->present = keep.present;
		s->drill = keep.drill;
		break;
	}
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_view(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1;

	switch (a->kind) {
	case ACT_ZOOM:
		view_zoom(s, dir, s->cur.pos, s->cur.dim);
		break;
	case ACT_ZOOM_AT:
		view_zoom(s, dir, a->pos_at, a->dim_at < 0 ? s->cur.dim : a->dim_at);
		break;
	case ACT_ZOOM_FIT:
		view_fit_positions(s);
		view_fit_dims(s);
		break;
	case ACT_PAN_POS: {
		long long q = s->view.npos / 4;
		view_pan(s, dir * (q < 1 ? 1 : q), 0);
		break;
	}
	case ACT_PAN_DIM: {
		long long q = s->view.ndim / 4;
		view_pan(s, 0, dir * (q < 1 ? 1 : q));
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
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_views(struct state *s, const struct action *a)
{
	int dir = a->arg < 0 ? -1 : 1, n;

	switch (a->kind) {
	case ACT_VIEW_SET:
		if (a->arg < 0 || a->arg >= VIEW_COUNT)
			return REACT_NONE;
		s->view_id = (enum view_id)a->arg;
		break;
	case ACT_VIEW_NEXT:
		s->view_id = (enum view_id)((s->view_id + dir + VIEW_COUNT) % VIEW_COUNT);
		break;
	case ACT_KNOB_A:
	case ACT_KNOB_B:
		knob_turn(s, a->kind == ACT_KNOB_B, dir);
		break;
	case ACT_PRESET_NEXT:
		presets_table(&n);
		state_set_preset(s, ((s->preset < 0 ? (dir > 0 ? -1 : 0) : s->preset) + dir + n) % n);
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static unsigned apply_cmdline(struct state *s, const struct action *a)
{
	switch (a->kind) {
	case ACT_CMD_OPEN:
		s->cmd_active = true;
		s->cmd_len = 0;
		s->cmd[0] = '\0';
		s->msg[0] = '\0';
		break;
	case ACT_CMD_CHAR:
		cmd_append(s, a->arg);
		break;
	case ACT_CMD_BACKSPACE:
		cmd_backspace(s);
		break;
	case ACT_CMD_SUBMIT:
		return cmd_submit(s);
	case ACT_ESCAPE:
		cmd_close(s);
		s->help = false;
		s->msg[0] = '\0';
		s->les.menu = false;
		s->les.focus = false;
		break;
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

unsigned state_apply(struct state *s, const struct action *a)
{
	unsigned r;

	if (a->kind == ACT_QUIT)
		return REACT_QUIT;
	if (a->kind != ACT_TICK && a->kind != ACT_CMD_CHAR &&
	    a->kind != ACT_CMD_BACKSPACE && a->kind != ACT_CMD_SUBMIT)
		s->msg[0] = '\0';
	if (a->kind == ACT_EXPORT)
		return REACT_EXPORT | REACT_REDRAW;
	r = apply_selection(s, a);
	if (r == REACT_NONE)
		r = apply_parameters(s, a);
	if (r == REACT_NONE)
		r = apply_view(s, a);
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

static bool knobs_valid(const struct state *s)
{
	const struct view_knobs *k = &s->knobs;
	int top = half_pairs(s) > 1 ? half_pairs(s) - 1 : 1;

	return k->offset >= 1 && k->offset <= PE_LEN_MAX && k->split >= 1 &&
	       k->split <= top && k->threshold >= 0.05 && k->threshold <= 0.95 &&
	       k->train_len >= 1 && k->train_len <= PE_LEN_MAX &&
	       k->scale >= 1.0 && k->scale <= 1024.0 && k->bug >= 0 &&
	       k->bug < BUG_KINDS && k->scroll >= 0 && k->scroll < s->cur.pe.d_model;
}

bool state_valid(const struct state *s)
{
	const struct settings *c = &s->cur;
	const struct viewport *v = &s->view;
	long long d = c->pe.d_model;

	return pe_params_valid(&c->pe) && c->len >= 1 && c->len <= PE_LEN_MAX &&
	       c->pos >= 0 && c->pos < c->len && c->dim >= 0 && c->dim < d &&
	       v->npos >= 1 && v->npos <= c->len && v->pos0 >= 0 &&
	       v->pos0 <= c->len - v->npos && v->ndim >= 1 && v->ndim <= d &&
	       v->dim0 >= 0 && v->dim0 <= d - v->ndim &&
	       s->cmd_len < CMD_MAX && s->cmd[s->cmd_len] == '\0' &&
	       (unsigned)s->view_id < VIEW_COUNT && knobs_valid(s) &&
	       lesson_cursor_valid(s) &&
	       drill_session_valid(&s->drill);
}

char *state_status(const struct state *s, char *buf, size_t n)
{
	char base[32];
	fmt_double_shortest(s->cur.pe.base, base, sizeof base);
	snprintf(buf, n, "d_model=%d base=%s len=%lld pos=%lld dim=%d",
		 s->cur.pe.d_model, base, s->cur.len, s->cur.pos, s->cur.dim);
	return buf;
}
