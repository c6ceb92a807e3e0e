/* params.c - the core parameters' table (see params.h). */
#include "model/params.h"

#include <stdio.h>
#include <string.h>

#include "base/numparse.h"
#include "base/tr.h"

static void set_d(struct state *s, double v)
{
	state_set_dmodel(s, (long long)v);
}

static void set_base(struct state *s, double v)
{
	state_set_base(s, v);
}

static void set_len(struct state *s, double v)
{
	state_set_len(s, (long long)v);
}

static void set_pos(struct state *s, double v)
{
	state_set_pos(s, (long long)v);
}

static void set_dim(struct state *s, double v)
{
	state_set_dim(s, (long long)v);
}

static void set_layout(struct state *s, double v)
{
	state_set_layout(s, (enum pe_layout)v);
}

/* In the order of enum pe_layout. */
static const char *const layout_words[] = { "interleaved", "concat", NULL };

const struct param_spec params[PARAM_COUNT] = {
	[PARAM_D] = {
		.word = "d", .alias = { "d_model" }, .what = "d_model",
		.option = "d-model", .letter = 'd', .arg = "N",
		.help = N_("model width d_model: even, 2 to 65536 (default 128)"),
		.command_help = N_(":d N  d_model, even 2..65536"),
		.accepts = N_("an even integer from 2 to 65536"),
		.example = "100", .kind = PARAM_EVEN,
		.lo = PE_D_MIN, .hi = PE_D_MAX, .set = set_d,
	},
	[PARAM_BASE] = {
		.word = "base", .alias = { "b" }, .what = "base",
		.option = "base", .letter = 'b', .arg = "X",
		.help = N_("frequency base: 1 < X <= 1e12, e.g. 10000 or 5e5 "
			   "(default 10000)"),
		.command_help = N_(":base X  1 < X <= 1e12"),
		.same_line = true,
		.accepts = N_("a number above 1 and at most 1e12"),
		.example = "100", .kind = PARAM_ABOVE,
		.lo = 1.0, .hi = PE_BASE_MAX, .set = set_base,
	},
	[PARAM_LEN] = {
		.word = "len", .alias = { "n", "length" }, .what = "len",
		.option = "length", .letter = 'n', .arg = "L",
		.help = N_("number of positions, 1 to 1e9 (default 128)"),
		.command_help = N_(":len L  1..1e9"),
		.accepts = N_("an integer from 1 to 1e9"),
		.example = "100", .kind = PARAM_INT,
		.lo = 1, .hi = (double)PE_LEN_MAX, .set = set_len,
	},
	[PARAM_POS] = {
		.word = "pos", .alias = { "p" }, .what = "pos",
		.option = "position", .letter = 'p', .arg = "P",
		.help = N_("selected position, 0 to L-1 (default 10, or L-1 if less)"),
		.command_help = N_(":pos P  0..len-1"),
		.same_line = true,
		.accepts = N_("an integer from 0 to the length minus 1"),
		.example = "100", .kind = PARAM_INT,
		.lo = 0, .top = PARAM_TOP_LEN, .set = set_pos,
	},
	[PARAM_DIM] = {
		.word = "dim", .alias = { "i" }, .what = "dim",
		.option = "dim", .letter = 'i', .arg = "I",
		.help = N_("selected dimension, 0 to d-1 (default 0)"),
		.command_help = N_(":dim I  0..d_model-1"),
		.same_line = true,
		.accepts = N_("an integer from 0 to d_model minus 1"),
		.example = "100", .kind = PARAM_INT,
		.lo = 0, .top = PARAM_TOP_DIM, .set = set_dim,
	},
	[PARAM_LAYOUT] = {
		.word = "layout", .what = "layout",
		.option = "layout", .arg = "WORD",
		.help = N_("interleaved (sin, cos, sin, ... as in the paper) or "
			   "concat (all sines, then all cosines) (default "
			   "interleaved)"),
		.command_help = N_(":layout interleaved|concat"),
		.accepts = N_("interleaved or concat"),
		.example = "concat", .kind = PARAM_WORD,
		.words = layout_words, .set = set_layout,
	},
};

const struct param_spec *params_find(const char *word)
{
	for (int i = 0; i < PARAM_COUNT; i++) {
		const struct param_spec *p = &params[i];

		if (strcmp(word, p->word) == 0 ||
		    (p->alias[0] && strcmp(word, p->alias[0]) == 0) ||
		    (p->alias[1] && strcmp(word, p->alias[1]) == 0))
			return p;
	}
	return NULL;
}

/* The top of p's range for `in`, or the widest when in is NULL. */
static double top_of(const struct param_spec *p, const struct settings *in)
{
	switch (p->top) {
	case PARAM_TOP_LEN:
		return in ? (double)(in->len - 1) : (double)(PE_LEN_MAX - 1);
	case PARAM_TOP_DIM:
		return in ? in->pe.d_model - 1 : PE_D_MAX - 1;
	default:
		return p->hi;
	}
}

const char *param_parse(const struct param_spec *p, const char *text,
			const struct settings *in, double *v)
{
	enum numparse_status st;
	long long i;

	switch (p->kind) {
	case PARAM_WORD:
		for (int w = 0; p->words[w]; w++)
			if (strcmp(text, p->words[w]) == 0) {
				*v = w;
				return NULL;
			}
		return "";
	case PARAM_ABOVE:
		st = numparse_double(text, p->lo, top_of(p, in),
				     NUMPARSE_OPEN_MIN, v);
		return st == NUMPARSE_OK ? NULL : numparse_reason(st);
	default:
		st = numparse_int(text, (long long)p->lo,
				  (long long)top_of(p, in), &i);
		if (st != NUMPARSE_OK)
			return numparse_reason(st);
		if (p->kind == PARAM_EVEN && i % 2 != 0)
			return N_("odd");
		*v = (double)i;
		return NULL;
	}
}

const char *param_accepts(const struct param_spec *p,
			  const struct settings *in, enum lang l, char *buf,
			  size_t n)
{
	if (in && p->top != PARAM_TOP_FIXED)
		snprintf(buf, n, tr(l, "an integer from %lld to %lld"),
			 (long long)p->lo, (long long)top_of(p, in));
	else
		snprintf(buf, n, "%s", tr(l, p->accepts));
	return buf;
}
