/* catalog.c - looking things up in the view catalog (see catalog.h). */
#include "model/catalog.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int catalog_find(const struct catalog *cat, const char *name)
{
	for (int i = 0; i < cat->count; i++)
		if (strcmp(cat->view[i]->name, name) == 0)
			return i;
	return -1;
}

char *catalog_matrix_views(const struct catalog *cat, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < cat->count; i++)
		if (cat->view[i]->shows_matrix && used < n)
			used += (size_t)snprintf(buf + used, n - used, "%s%s",
						 used ? ", " : "",
						 cat->view[i]->name);
	return buf;
}

int catalog_find_command(const struct catalog *cat, const char *word)
{
	for (int i = 0; i < cat->count; i++)
		if (cat->view[i]->command &&
		    strcmp(cat->view[i]->command, word) == 0)
			return i;
	return -1;
}

bool catalog_find_knob(const struct catalog *cat, const char *word,
		       int *view, int *knob)
{
	for (int i = 0; i < cat->count; i++)
		for (int k = 0; k < cat->view[i]->nknobs; k++)
			if (strcmp(cat->view[i]->knob[k].word, word) == 0) {
				*view = i;
				*knob = k;
				return true;
			}
	return false;
}

void catalog_knob_range(const struct knob_spec *k, int d_model, double *lo,
			double *hi)
{
	*lo = k->lo;
	switch (k->top) {
	case KNOB_TOP_LAST_PAIR:
		*hi = d_model / 2 - 1;
		break;
	case KNOB_TOP_LAST_DIM:
		*hi = d_model - 1;
		break;
	default:
		*hi = k->hi;
		break;
	}
	if (*hi < *lo)
		*hi = *lo;
}

double catalog_knob_clamp(const struct knob_spec *k, int d_model, double v)
{
	double lo, hi;

	catalog_knob_range(k, d_model, &lo, &hi);
	if (isnan(v))
		return lo;
	if (k->kind != KNOB_REAL)
		v = floor(v);
	return v < lo ? lo : v > hi ? hi : v;
}

double catalog_knob_turn(const struct knob_spec *k,
			 const struct knob_step *st, int d_model, double v,
			 int dir)
{
	double lo, hi;

	switch (st->how) {
	case STEP_MUL:
		v = dir > 0 ? v * st->by : v / st->by;
		break;
	case STEP_CYCLE:
		catalog_knob_range(k, d_model, &lo, &hi);
		v += dir * st->by;
		if (v > hi)
			v = lo;
		else if (v < lo)
			v = hi;
		break;
	default:
		v += dir * st->by;
		break;
	}
	if (k->per_unit > 0)
		v = round(v * k->per_unit) / k->per_unit;
	return catalog_knob_clamp(k, d_model, v);
}

bool catalog_knob_valid(const struct knob_spec *k, int d_model, double v)
{
	double lo, hi;

	catalog_knob_range(k, d_model, &lo, &hi);
	return v >= lo && v <= hi && (k->kind == KNOB_REAL || v == floor(v));
}

static const char *check_knob(const struct knob_spec *k)
{
	if (!k->word || !*k->word || !k->help)
		return "a knob without a word or help";
	if (k->top == KNOB_TOP_FIXED && !(k->lo <= k->hi))
		return "a knob whose range is empty";
	if (k->kind == KNOB_CHOICE) {
		if (!k->choice || k->lo != 0 || k->top != KNOB_TOP_FIXED)
			return "a choice knob without names for 0..hi";
		for (int i = 0; i <= (int)k->hi; i++)
			if (!k->choice(i) || !*k->choice(i))
				return "a choice knob with an empty name";
	}
	if (k->nsteps < 0 || k->nsteps > KNOB_STEPS_MAX)
		return "a knob with too many steps";
	for (int j = 0; j < k->nsteps; j++)
		if (!k->step[j].down || !k->step[j].up ||
		    !(k->step[j].by > 0) || !k->step[j].help)
			return "a knob step without keys, size or help";
	return NULL;
}

const char *catalog_check(const struct catalog *cat)
{
	if (cat->count < 1 || cat->count > VIEWS_MAX)
		return "a catalog must hold 1 to VIEWS_MAX views";
	for (int i = 0; i < cat->count; i++) {
		const struct view_spec *v = cat->view[i];

		if (!v->name || !v->title || !v->point || !*v->point ||
		    !v->draw)
			return "a view without a name, a title, a point or a draw";
		if (catalog_find(cat, v->name) != i)
			return "two views with one name";
		if (v->command && (!v->command_help ||
				   catalog_find_command(cat, v->command) != i))
			return "a view command without help, or two views with it";
		if (v->nknobs < 0 || v->nknobs > VIEW_KNOBS_MAX)
			return "a view with too many knobs";
		for (int k = 0; k < v->nknobs; k++) {
			const char *why = check_knob(&v->knob[k]);
			int vi, ki;

			if (why)
				return why;
			if (!catalog_find_knob(cat, v->knob[k].word, &vi, &ki) ||
			    vi != i || ki != k)
				return "two knobs with one word";
		}
	}
	return NULL;
}
