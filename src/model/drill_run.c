/* drill_run.c - the interview drill inside the explorer: answers, score,
 * and showing each answer in its view (see drill_run.h). */
#include "model/drill_run.h"
#include "base/tr.h"

#include <limits.h>

#include "model/drill.h"

/* ---- showing a question's answer ---- */

/* Applies q's parameters and view to s: the whole matrix at q's d_model,
 * base and length, the position and pair it names selected, and the knobs
 * it names set (its offset, split, trained length, extension factor,
 * mistake or the attention view's scheme and weights), and the panel it
 * names zoomed; a question on a shipped model applies its row first. The
 * layout stays the user's (the answers do not depend on it). */
static void show_question(struct state *s, const struct drill_question *q)
{
	if (q->model >= 0)	/* named on the status line, its scaling
				 * marked in the context view */
		state_set_preset(s, q->model);
	state_set_dmodel(s, q->pe.d_model);
	state_set_base(s, q->pe.base);
	state_set_len(s, q->len);
	state_set_pos(s, q->pos);
	state_set_dim(s, pe_dim_of(&s->cur.pe, q->pair, PE_SIN));
	state_fit(s);
	state_set_view(s, catalog_find(s->cat, q->view));
	if (q->panel >= 0) {
		state_set_panel(s, q->panel);
		s->zoomed = true;
	}
	for (int i = 0; i < DRILL_KNOBS; i++)
		if (q->knob[i].word)
			state_set_knob_named(s, q->knob[i].word,
					     q->knob[i].value);
	s->preset = q->model;
	s->playing = false;
}

/* ---- the session ---- */

static void input_clear(struct drill_session *d)
{
	d->input_len = 0;
	d->input[0] = '\0';
}

static void ask(struct drill_session *d, int number)
{
	d->phase = DRILL_ASK;
	d->number = number;
	input_clear(d);
}

static void start(struct drill_session *d)
{
	d->asked = d->right = d->nmissed = d->nlost = 0;
	ask(d, d->number);
}

/* The question after the current one (the count stops at INT_MAX). */
static int next_number(const struct drill_session *d)
{
	return d->number < INT_MAX ? d->number + 1 : d->number;
}

static void record_miss(struct drill_session *d)
{
	if (d->nmissed < DRILL_MISSED_MAX)
		d->missed[d->nmissed++] = d->number;
	else
		d->nlost++;
}

/* Adds a typed character: a..d for a choice question (replacing the letter
 * before it), or a character of a number for a number question. Other
 * characters are ignored: they cannot be part of an answer. */
static void type_char(struct drill_session *d, const struct drill_question *q,
		      long long cp)
{
	if (q->choice) {
		if (cp >= 'A' && cp <= 'Z')
			cp += 'a' - 'A';
		if (cp < 'a' || cp >= 'a' + DRILL_CHOICES)
			return;
		d->input[0] = (char)cp;
		d->input[1] = '\0';
		d->input_len = 1;
		return;
	}
	if (!((cp >= '0' && cp <= '9') || cp == '.' || cp == 'e' ||
	      cp == 'E' || cp == '-' || cp == '+'))
		return;
	if (d->input_len + 1 >= DRILL_INPUT_MAX)
		return;
	d->input[d->input_len++] = (char)cp;
	d->input[d->input_len] = '\0';
}

/* Enter while asking: check the answer (or, with nothing typed, give up)
 * and show it. An answer that cannot be read leaves the question open with
 * a message. */
static void submit(struct state *s, const struct drill_question *q)
{
	struct drill_session *d = &s->drill;
	enum drill_verdict v = DRILL_WRONG;

	if (d->input_len > 0) {
		v = drill_check(q, d->input);
		if (v == DRILL_UNREADABLE) {
			state_message(s, true, q->choice
				      ? tr(s->lang, "choose with a, b, c or d")
				      : tr(s->lang, "not a number: type something like 6.28, 60000 or 6e4"));
			return;
		}
	}
	d->asked++;
	if (v == DRILL_RIGHT) {
		d->right++;
		d->outcome = DRILL_GOT_RIGHT;
	} else {
		record_miss(d);
		d->outcome = d->input_len > 0 ? DRILL_GOT_WRONG : DRILL_GAVE_UP;
	}
	d->phase = DRILL_REVEAL;
	show_question(s, q);
}

/* The drill actions that need the current question. */
static void apply_asking(struct state *s, const struct action *a)
{
	struct drill_session *d = &s->drill;
	struct drill_question q;

	drill_question_make(d->seed, d->number, &q);
	switch (a->kind) {
	case ACT_DRILL_CHAR:
		type_char(d, &q, a->arg);
		break;
	case ACT_DRILL_BACKSPACE:
		if (d->input_len > 0)
			d->input[--d->input_len] = '\0';
		break;
	case ACT_DRILL_SUBMIT:
		submit(s, &q);
		break;
	case ACT_DRILL_NEXT:	/* a skipped question counts as missed */
		d->asked++;
		record_miss(d);
		ask(d, next_number(d));
		break;
	default:	/* ACT_DRILL_END */
		d->phase = DRILL_SUMMARY;
		break;
	}
}

/* Reopens missed question i of the summary in its view and ends the drill. */
static void revisit(struct state *s, long long i)
{
	struct drill_question q;

	if (i < 0 || i >= s->drill.nmissed)
		return;
	drill_question_make(s->drill.seed, s->drill.missed[i], &q);
	show_question(s, &q);
	s->drill.phase = DRILL_OFF;
}

static bool is_drill_action(enum action_kind k)
{
	return k == ACT_DRILL_START || k == ACT_DRILL_CHAR ||
	       k == ACT_DRILL_BACKSPACE || k == ACT_DRILL_SUBMIT ||
	       k == ACT_DRILL_NEXT || k == ACT_DRILL_END ||
	       k == ACT_DRILL_REVISIT;
}

unsigned drill_apply(struct state *s, const struct action *a)
{
	struct drill_session *d = &s->drill;

	if (!is_drill_action(a->kind))
		return REACT_NONE;
	switch (d->phase) {
	case DRILL_OFF:
		if (a->kind == ACT_DRILL_START) {
			start(d);
			s->playing = false;	/* the sweep would run unseen */
		}
		break;
	case DRILL_ASK:
		if (a->kind != ACT_DRILL_START && a->kind != ACT_DRILL_REVISIT)
			apply_asking(s, a);
		break;
	case DRILL_REVEAL:
		/* The question shown is done: both ways lead past it. */
		if (a->kind == ACT_DRILL_NEXT || a->kind == ACT_DRILL_SUBMIT)
			ask(d, next_number(d));
		else if (a->kind == ACT_DRILL_END) {
			d->number = next_number(d);
			d->phase = DRILL_SUMMARY;
		}
		break;
	case DRILL_SUMMARY:
		if (a->kind == ACT_DRILL_START)
			start(d);
		else if (a->kind == ACT_DRILL_END || a->kind == ACT_DRILL_SUBMIT)
			d->phase = DRILL_OFF;
		else if (a->kind == ACT_DRILL_REVISIT)
			revisit(s, a->arg);
		break;
	}
	return REACT_REDRAW;
}
