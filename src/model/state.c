/* state.c - the explorer's state and its setters (see state.h).
 *
 * Every setter clamps instead of failing, so no sequence of calls can break
 * the invariants listed in state.h. */
#include "model/state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/clamp.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "base/utf8.h"
#include "model/presets.h"

/* ---- the window ---- */

static void fit_positions(struct state *s)
{
	s->window.pos0 = 0;
	s->window.npos = s->cur.len;
}

static void fit_dims(struct state *s)
{
	s->window.dim0 = 0;
	s->window.ndim = s->cur.pe.d_model;
}

/* Keeps the window inside the matrix after len or d_model changed. */
static void window_clamp(struct state *s)
{
	struct pe_window *v = &s->window;

	v->npos = clamp_ll(v->npos, 1, s->cur.len);
	v->pos0 = clamp_ll(v->pos0, 0, s->cur.len - v->npos);
	v->ndim = (int)clamp_ll(v->ndim, 1, s->cur.pe.d_model);
	v->dim0 = (int)clamp_ll(v->dim0, 0, s->cur.pe.d_model - v->ndim);
}

void state_fit(struct state *s)
{
	fit_positions(s);
	fit_dims(s);
}

void state_set_screen(struct state *s, int w, int h)
{
	bool resized = w != s->screen_w || h != s->screen_h;

	s->screen_w = w > 0 ? w : 0;
	s->screen_h = h > 0 ? h : 0;
	/* A lesson step's "zoom PANEL WxH" follows the screen it is on. */
	if (resized && s->les.zoom_w > 0)
		s->zoomed = s->screen_w < s->les.zoom_w ||
			    s->screen_h < s->les.zoom_h;
}

void state_set_window_positions(struct state *s, long long lo, long long hi)
{
	lo = clamp_ll(lo, 0, s->cur.len - 1);
	hi = clamp_ll(hi, lo, s->cur.len - 1);
	s->window.pos0 = lo;
	s->window.npos = hi - lo + 1;
}

void state_set_window_dims(struct state *s, long long lo, long long hi)
{
	lo = clamp_ll(lo, 0, s->cur.pe.d_model - 1);
	hi = clamp_ll(hi, lo, s->cur.pe.d_model - 1);
	s->window.dim0 = (int)lo;
	s->window.ndim = (int)(hi - lo + 1);
}

/* ---- knobs ---- */

static const struct knob_spec *knob_spec(const struct state *s, int v, int k)
{
	return &s->cat->view[v]->knob[k];
}

static double knob_start(const struct state *s, const struct knob_spec *k)
{
	switch (k->start) {
	case KNOB_START_HALF_PAIRS:
		return s->cur.pe.d_model / 4;
	case KNOB_START_LEN:
		return (double)s->cur.len;
	default:
		return k->init;
	}
}

static void knobs_start(struct state *s)
{
	for (int v = 0; v < s->cat->count; v++)
		for (int k = 0; k < s->cat->view[v]->nknobs; k++)
			state_set_knob(s, v, k, knob_start(s, knob_spec(s, v, k)));
}

/* Keeps every knob inside its range after d_model changed. */
static void knobs_clamp(struct state *s)
{
	for (int v = 0; v < s->cat->count; v++)
		for (int k = 0; k < s->cat->view[v]->nknobs; k++)
			state_set_knob(s, v, k, s->knob[v][k]);
}

double state_view_knob(const struct state *s, int k)
{
	return s->knob[s->view][k];
}

void state_set_knob(struct state *s, int v, int k, double value)
{
	const struct knob_spec *spec = knob_spec(s, v, k);

	value = catalog_knob_clamp(spec, s->cur.pe.d_model, value);
	if (spec->home == KNOB_HOME_TRAIN)
		state_set_train(s, (long long)value);
	else
		s->knob[v][k] = value;
}

void state_set_train(struct state *s, long long len)
{
	s->train = clamp_ll(len, 1, PE_LEN_MAX);
	for (int v = 0; v < s->cat->count; v++)
		for (int k = 0; k < s->cat->view[v]->nknobs; k++)
			if (knob_spec(s, v, k)->home == KNOB_HOME_TRAIN)
				s->knob[v][k] = catalog_knob_clamp(
					knob_spec(s, v, k), s->cur.pe.d_model,
					(double)s->train);
}

bool state_set_knob_named(struct state *s, const char *word, double value)
{
	int v, k;

	if (!catalog_find_knob(s->cat, word, &v, &k))
		return false;
	state_set_knob(s, v, k, value);
	return true;
}

/* ---- parameters ---- */

/* Whether a loaded matrix refuses this change (it fixes d_model, base,
 * length and layout): then says so in the message row. No change is no
 * refusal, so that a reset or a lesson setting what is already shown
 * passes quietly. */
static bool matrix_fixes(struct state *s, bool changes)
{
	char msg[MSG_MAX];

	if (!s->matrix || !changes)
		return false;
	snprintf(msg, sizeof msg, tr(s->lang, "%s fixes d_model and the "
		 "length; a learned matrix has no base"), s->matrix_name);
	state_message(s, true, msg);
	return true;
}

void state_set_len(struct state *s, long long len)
{
	if (matrix_fixes(s, clamp_ll(len, 1, PE_LEN_MAX) != s->cur.len))
		return;
	bool was_full = s->window.npos == s->cur.len;

	s->cur.len = clamp_ll(len, 1, PE_LEN_MAX);
	s->cur.pos = clamp_ll(s->cur.pos, 0, s->cur.len - 1);
	if (was_full)
		fit_positions(s);
	window_clamp(s);
}

void state_set_dmodel(struct state *s, long long d)
{
	bool was_full = s->window.ndim == s->cur.pe.d_model;

	d = clamp_ll(d, PE_D_MIN, PE_D_MAX) & ~1LL;
	if (matrix_fixes(s, d != s->cur.pe.d_model))
		return;
	s->cur.pe.d_model = (int)d;
	s->cur.dim = (int)clamp_ll(s->cur.dim, 0, d - 1);
	if (was_full)
		fit_dims(s);
	window_clamp(s);
	knobs_clamp(s);
}

void state_set_base(struct state *s, double base)
{
	if (base > PE_BASE_MAX)
		base = PE_BASE_MAX;
	if (matrix_fixes(s, base > 1.0 && base != s->cur.pe.base))
		return;
	if (base > 1.0)
		s->cur.pe.base = base;
}

void state_set_layout(struct state *s, enum pe_layout layout)
{
	if (matrix_fixes(s, layout != s->cur.pe.layout))
		return;
	if (layout == PE_INTERLEAVED || layout == PE_CONCAT)
		s->cur.pe.layout = layout;
}

void state_set_pos(struct state *s, long long pos)
{
	s->cur.pos = clamp_ll(pos, 0, s->cur.len - 1);
}

void state_set_dim(struct state *s, long long dim)
{
	s->cur.dim = (int)clamp_ll(dim, 0, s->cur.pe.d_model - 1);
}

void state_set_view(struct state *s, int view)
{
	if (s->matrix && view >= 0 && view < s->cat->count &&
	    !s->cat->view[view]->shows_matrix) {
		char msg[MSG_MAX], names[64];

		catalog_matrix_views(s->cat, names, sizeof names);
		snprintf(msg, sizeof msg, tr(s->lang, "the %s view draws the formula "
			 "only; %s show %s"), s->cat->view[view]->name, names,
			 s->matrix_name);
		state_message(s, true, msg);
		return;
	}
	if (view >= 0 && view < s->cat->count && view != s->view) {
		s->view = view;
		s->panel = 0;
		s->zoomed = false;
		s->les.zoom_w = s->les.zoom_h = 0;	/* was another view's */
	}
}

/* Panels of the view shown that can take the focus: at least 1. */
static int panels_of(const struct state *s)
{
	int n = state_view(s)->npanels;

	return n > 1 ? n : 1;
}

void state_set_panel(struct state *s, int i)
{
	int n = panels_of(s);

	s->panel = i < 0 ? 0 : i >= n ? n - 1 : i;
}

const struct view_spec *state_view(const struct state *s)
{
	return s->cat->view[s->view];
}

void state_set_preset(struct state *s, int i)
{
	int n;
	const struct preset *p = presets_table(&n);

	if (i < 0 || i >= n || matrix_fixes(s, true))
		return;
	if (presets_rope(i)) {
		/* a shipped model: as its config file would show it, named
		 * on the status line */
		struct model_pick pick;

		model_pick_make(&pick, presets_rope(i), p[i].name);
		state_set_model(s, &pick, p[i].name);
	} else {
		state_set_dmodel(s, p[i].d_model);
		state_set_base(s, p[i].base);
		state_set_train(s, p[i].train_len);
		s->model[0] = '\0';	/* no shipped model named */
		s->longrope.pairs = 0;	/* nor its lists */
	}
	s->preset = i;
	snprintf(s->model_src, sizeof s->model_src, "%s", p[i].name);
	if (!presets_rope(i) || presets_rope(i)->kind != ROPE_LEARNED)
		state_message(s, false, tr(s->lang, p[i].what));
}

void state_set_model(struct state *s, const struct model_pick *pick,
		     const char *source)
{
	if (matrix_fixes(s, true))
		return;
	state_set_dmodel(s, pick->width);
	if (pick->base > 1.0)
		state_set_base(s, pick->base);
	if (pick->train >= 1)
		state_set_train(s, pick->train);
	snprintf(s->model, sizeof s->model, "%s", pick->name);
	snprintf(s->model_src, sizeof s->model_src, "%s", source);
	s->longrope = pick->longrope;
	s->model_rope = pick->rope;
	s->model_rope.short_factor = s->model_rope.long_factor = NULL;
	/* the context view stretches by the model's own factor */
	if (pick->rope.kind != ROPE_DEFAULT &&
	    pick->rope.kind != ROPE_LEARNED && pick->rope.factor >= 1.0)
		(void)state_set_knob_named(s, "scale", pick->rope.factor);
	s->model_pe = s->cur.pe;
	if (pick->base == 0.0) {
		char msg[MSG_MAX];

		snprintf(msg, sizeof msg,
			 tr(s->lang, "%s learns its positions (a table); shown: "
				     "the formula at d %d"),
			 pick->name, pick->width);
		state_message(s, false, msg);
	}
}

void model_pick_make(struct model_pick *out, const struct rope_model *m,
		     const char *name)
{
	*out = (struct model_pick){
		.width = m->width,
		.base = m->kind == ROPE_LEARNED ? 0.0 : m->base,
		.train = (long long)m->trained,
		.rope = *m
	};
	out->rope.short_factor = out->rope.long_factor = NULL;
	snprintf(out->name, sizeof out->name, "%s", name);
	(void)longrope_set_from(&out->longrope, m, out->name);
}

void state_set_matrix(struct state *s, const struct pe_matrix *m,
		      const char *name)
{
	size_t n = strlen(name);

	if (n >= sizeof s->matrix_name)
		n = utf8_cut(name, sizeof s->matrix_name - 1);

	s->matrix = m;
	memcpy(s->matrix_name, name, n);
	s->matrix_name[n] = '\0';
}

/* ---- life ---- */

void state_init(struct state *s, const struct catalog *cat,
		const struct settings *start)
{
	struct settings copy = *start;	/* start may point into s */

	memset(s, 0, sizeof *s);
	s->cat = cat;
	s->les.index = -1;
	state_reset(s, &copy);
}

void state_reset(struct state *s, const struct settings *start)
{
	struct settings copy = *start;	/* start may point into s */

	s->cur = copy;
	s->start = copy;
	state_fit(s);
	state_set_train(s, copy.len);
	knobs_start(s);
	s->preset = -1;
	s->model_src[0] = '\0';
	s->playing = false;
}

const char *state_model_source(const struct state *s)
{
	return s->model_src[0] ? s->model_src : NULL;
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


int state_chooser_page(const struct state *s)
{
	/* The screen less the box, the status and bottom rows, the gap and
	 * the description under the list (views/panel_chooser.c). */
	int rows = s->screen_h - 10;

	return rows > 1 ? rows : 1;
}

const struct lesson *state_lesson(const struct state *s)
{
	const struct lesson_book *b = s->les.book;

	if (!b || s->les.index < 0 || s->les.index >= b->count)
		return NULL;
	return b->lesson[s->les.index];
}

/* ---- checks ---- */

static bool knobs_valid(const struct state *s)
{
	for (int v = 0; v < s->cat->count; v++)
		for (int k = 0; k < s->cat->view[v]->nknobs; k++)
			if (!catalog_knob_valid(knob_spec(s, v, k),
						s->cur.pe.d_model, s->knob[v][k]) ||
			    (knob_spec(s, v, k)->home == KNOB_HOME_TRAIN &&
			     s->knob[v][k] != (double)s->train))
				return false;
	return s->train >= 1 && s->train <= PE_LEN_MAX;
}

/* No lesson, or an open lesson of the book with its step in range; the
 * chooser's entry 0 .. book count; a highlight with lo <= hi; a step's
 * zoom rule with both sizes or neither. */
static bool lesson_cursor_valid(const struct state *s)
{
	const struct lesson_cursor *c = &s->les;
	const struct lesson *l = state_lesson(s);
	int n = c->book ? c->book->count : 0;

	if (c->index != -1 && !l)
		return false;
	if (l && (c->step < 0 || c->step >= l->nsteps))
		return false;
	if (c->sel < 0 || c->sel > n || c->typed < 0 || c->typed > n)
		return false;
	if (s->hl.kind != HL_NONE && (s->hl.lo < 0 || s->hl.lo > s->hl.hi))
		return false;
	if (c->zoom_w < 0 || c->zoom_h < 0 || (c->zoom_w > 0) != (c->zoom_h > 0))
		return false;
	return !(c->focus && !l);
}

bool state_valid(const struct state *s)
{
	const struct settings *c = &s->cur;
	const struct pe_window *v = &s->window;
	long long d = c->pe.d_model;

	return s->cat && pe_params_valid(&c->pe) && c->len >= 1 &&
	       c->len <= PE_LEN_MAX && c->pos >= 0 && c->pos < c->len &&
	       c->dim >= 0 && c->dim < d && v->npos >= 1 && v->npos <= c->len &&
	       v->pos0 >= 0 && v->pos0 <= c->len - v->npos && v->ndim >= 1 &&
	       v->ndim <= d && v->dim0 >= 0 && v->dim0 <= d - v->ndim &&
	       cmdline_valid(&s->cmd) && s->help_top >= 0 && s->view >= 0 &&
	       s->view < s->cat->count && s->panel >= 0 &&
	       s->panel < panels_of(s) && (!s->zoomed || panels_of(s) > 1) &&
	       knobs_valid(s) &&
	       lesson_cursor_valid(s) && drill_session_valid(&s->drill);
}

bool state_model_shown(const struct state *s)
{
	return s->model[0] && s->cur.pe.d_model == s->model_pe.d_model &&
	       s->cur.pe.base == s->model_pe.base;
}

char *state_status(const struct state *s, char *buf, size_t n)
{
	char base[32];

	if (s->matrix) {
		snprintf(buf, n, "%s  d_model=%d len=%lld pos=%lld dim=%d",
			 s->matrix_name, s->cur.pe.d_model, s->cur.len,
			 s->cur.pos, s->cur.dim);
		return buf;
	}
	fmt_double_shortest(s->cur.pe.base, base, sizeof base);
	if (state_model_shown(s) && s->model_rope.kind != ROPE_LEARNED &&
	    s->model_rope.width > 0) {
		/* the width drawn is the dims the model turns, not its
		 * d_model (Llama's 128 of 4096, DeepSeek-V3's 64) */
		snprintf(buf, n, "%s  rotated=%d base=%s len=%lld pos=%lld "
			 "dim=%d", s->model, s->cur.pe.d_model, base,
			 s->cur.len, s->cur.pos, s->cur.dim);
		return buf;
	}
	snprintf(buf, n, "%s%sd_model=%d base=%s len=%lld pos=%lld dim=%d",
		 state_model_shown(s) ? s->model : "",
		 state_model_shown(s) ? "  " : "", s->cur.pe.d_model, base,
		 s->cur.len, s->cur.pos, s->cur.dim);
	return buf;
}
