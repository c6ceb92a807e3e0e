/* command.c - parsing and running the ':' commands (see command.h). */
#include "model/command.h"
#include "base/fmt.h"
#include "base/tr.h"

#include <stdio.h>
#include <string.h>

#include "base/numparse.h"
#include "base/words.h"
#include "model/params.h"
#include "model/presets.h"
#include "model/state.h"

enum { MAX_WORDS = 4, WORD_MAX = CMD_MAX };

/* ---- values ---- */

/* An integer value for `what` in [lo, hi], or a message. */
static bool int_arg(enum lang l, const char *what, const char *v, long long lo,
		    long long hi, long long *out, char *err, size_t n)
{
	enum numparse_status st = numparse_int(v, lo, hi, out);

	if (st == NUMPARSE_OK)
		return true;
	snprintf(err, n, tr(l, "%s must be an integer from %lld to %lld, got \"%s\" "
		 "(%s)"), what, lo, hi, v, tr(l, numparse_reason(st)));
	return false;
}

static bool real_arg(enum lang l, const char *what, const char *v, double lo, double hi,
		     double *out, char *err, size_t n)
{
	enum numparse_status st = numparse_double(v, lo, hi, NUMPARSE_CLOSED,
						  out);

	char a[32], b[32];

	if (st == NUMPARSE_OK)
		return true;
	snprintf(err, n, tr(l, "%s must be a number from %s to %s, got \"%s\" (%s)"),
		 what, fmt_double_shortest(lo, a, sizeof a),
		 fmt_double_shortest(hi, b, sizeof b), v, tr(l, numparse_reason(st)));
	return false;
}

/* The names of the views, or of the presets, with sep between them: ", "
 * in a message, " " in the help. */
static void view_names(const struct state *s, const char *sep, char *buf,
		       size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->cat->count && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s",
					 i ? sep : "", s->cat->view[i]->name);
}

/* ---- the commands ---- */

/* A command's words after its name: arg[0 .. nargs-1]. */
struct args {
	const char *const *arg;
	int nargs;
};

/* A core parameter (params.h) set from text: parsed against the settings
 * in use, or refused with what it accepts. */
static enum command_result run_param(struct state *s,
				     const struct param_spec *p,
				     const char *text, char *err, size_t n)
{
	char acc[96];
	double v;
	const char *why = param_parse(p, text, &s->cur, &v);

	if (!why) {
		p->set(s, v);
		return COMMAND_OK;
	}
	param_accepts(p, &s->cur, s->lang, acc, sizeof acc);
	if (*why)
		snprintf(err, n, tr(s->lang, "%s must be %s, got \"%s\" (%s)"),
			 p->what, acc, text, tr(s->lang, why));
	else
		snprintf(err, n, tr(s->lang, "%s must be %s, got \"%s\""),
			 p->what, acc, text);
	return COMMAND_ERROR;
}

static enum command_result run_view(struct state *s, struct args a,
				    char *err, size_t n)
{
	int id = catalog_find(s->cat, a.arg[0]);

	if (id < 0) {
		char names[256];

		view_names(s, ", ", names, sizeof names);
		snprintf(err, n, tr(s->lang, "no view called \"%s\" (%s)"), a.arg[0], names);
		return COMMAND_ERROR;
	}
	state_set_view(s, id);
	return COMMAND_OK;
}

static enum command_result run_reset(struct state *s, struct args a,
				     char *err, size_t n)
{
	(void)a, (void)err, (void)n;
	state_reset(s, &s->start);
	return COMMAND_OK;
}

static enum command_result run_fit(struct state *s, struct args a,
				   char *err, size_t n)
{
	(void)a, (void)err, (void)n;
	state_fit(s);
	return COMMAND_OK;
}

static enum command_result run_help(struct state *s, struct args a,
				    char *err, size_t n)
{
	(void)a, (void)err, (void)n;
	s->help = true;
	return COMMAND_OK;
}

/* export FILE: the name is the explorer's to check (it knows the formats). */
static enum command_result run_export(struct state *s, struct args a,
				      char *err, size_t n)
{
	if (strlen(a.arg[0]) >= sizeof s->export_to) {
		snprintf(err, n, tr(s->lang, "export: a file name of at most %d "
				    "bytes"), (int)sizeof s->export_to - 1);
		return COMMAND_ERROR;
	}
	snprintf(s->export_to, sizeof s->export_to, "%s", a.arg[0]);
	return COMMAND_EXPORT;
}

/* save FILE and open FILE: a scene, which the app writes or reads. */
static enum command_result scene_file(struct state *s, const char *file,
				      enum scene_op op, char *err, size_t n)
{
	if (strlen(file) >= sizeof s->scene_file) {
		snprintf(err, n, tr(s->lang, "%s: a file name of at most %d "
				    "bytes"), op == SCENE_OPEN ? "open" : "save",
			 (int)sizeof s->scene_file - 1);
		return COMMAND_ERROR;
	}
	snprintf(s->scene_file, sizeof s->scene_file, "%s", file);
	s->scene_op = op;
	return COMMAND_SCENE;
}

static enum command_result run_save(struct state *s, struct args a,
				    char *err, size_t n)
{
	return scene_file(s, a.arg[0], SCENE_SAVE, err, n);
}

static enum command_result run_open(struct state *s, struct args a,
				    char *err, size_t n)
{
	return scene_file(s, a.arg[0], SCENE_OPEN, err, n);
}

/* cmdline [copy]: the app knows the theme and palette the line must
 * name, and the terminal that copies it. Never copied unasked. */
static enum command_result run_cmdline(struct state *s, struct args a,
				       char *err, size_t n)
{
	if (a.nargs == 0)
		return scene_file(s, "", SCENE_CMDLINE, err, n);
	if (a.nargs == 1 && strcmp(a.arg[0], "copy") == 0)
		return scene_file(s, "", SCENE_CMDLINE_COPY, err, n);
	snprintf(err, n, tr(s->lang, "%s takes nothing, or %s"), "cmdline",
		 "copy");
	return COMMAND_ERROR;
}

/* save-settings: the app knows where the settings file is, and the
 * theme and palette. */
static enum command_result run_save_settings(struct state *s, struct args a,
					     char *err, size_t n)
{
	(void)a;
	return scene_file(s, "", SCENE_SAVE_SETTINGS, err, n);
}

/* model NAME|FILE (and its older name, preset NAME): a row of the presets
 * table, or a config.json read by the mode's reader. Nothing changes on a
 * refusal. */
static enum command_result run_model(struct state *s, struct args a,
				     char *err, size_t n)
{
	struct model_pick pick = { .width = 0 };
	int id = presets_find(a.arg[0]);

	if (id >= 0) {
		state_set_preset(s, id);
		return COMMAND_OK;
	}
	if (!presets_word_is_file(a.arg[0])) {	/* a mistyped name gets
						 * where the names are, not
						 * "cannot open" (sixteen
						 * names do not fit a line) */
		snprintf(err, n, tr(s->lang, "no model called \"%s\": m and M "
					     "step through the table"),
			 a.arg[0]);
		return COMMAND_ERROR;
	}
	if (!s->read_model) {
		snprintf(err, n, "%s", tr(s->lang, "model: no files are read "
					  "here"));
		return COMMAND_ERROR;
	}
	if (s->read_model(a.arg[0], s->lang, &pick, err, n) != 0)
		return COMMAND_ERROR;
	state_set_model(s, &pick, a.arg[0]);
	s->preset = -1;		/* a file is no row of the table */
	return COMMAND_OK;
}

static enum command_result run_quit(struct state *s, struct args a,
				    char *err, size_t n)
{
	(void)s, (void)a, (void)err, (void)n;
	return COMMAND_QUIT;
}

/* highlight dims A B | highlight pos A B | highlight off */
static enum command_result run_highlight(struct state *s, struct args a,
					 char *err, size_t n)
{
	long long lo, hi, top;
	bool dims;

	if (a.nargs == 1 && strcmp(a.arg[0], "off") == 0) {
		s->hl = (struct highlight){ HL_NONE, 0, 0 };
		return COMMAND_OK;
	}
	if (a.nargs != 3 ||
	    (strcmp(a.arg[0], "dims") != 0 && strcmp(a.arg[0], "pos") != 0)) {
		snprintf(err, n, "%s", tr(s->lang, "highlight takes \"dims A B\", \"pos A B\" or "
			 "\"off\""));
		return COMMAND_ERROR;
	}
	dims = strcmp(a.arg[0], "dims") == 0;
	top = dims ? s->cur.pe.d_model - 1 : s->cur.len - 1;
	if (!int_arg(s->lang, dims ? "highlight dims A" : "highlight pos A", a.arg[1],
		     0, top, &lo, err, n) ||
	    !int_arg(s->lang, dims ? "highlight dims B" : "highlight pos B", a.arg[2],
		     lo, top, &hi, err, n))
		return COMMAND_ERROR;
	s->hl = (struct highlight){ dims ? HL_DIMS : HL_POS, lo, hi };
	return COMMAND_OK;
}

/* window A B: positions A..B across the plots; window dims A B:
 * dimensions A..B (what z and the wheel zoom to, so that a scene can
 * give them back). */
static enum command_result run_window(struct state *s, struct args a,
				      char *err, size_t n)
{
	long long lo, hi, top = s->cur.pe.d_model - 1;

	if (a.nargs == 3 && strcmp(a.arg[0], "dims") == 0) {
		if (!int_arg(s->lang, "window dims A", a.arg[1], 0, top, &lo,
			     err, n) ||
		    !int_arg(s->lang, "window dims B", a.arg[2], lo, top, &hi,
			     err, n))
			return COMMAND_ERROR;
		state_set_window_dims(s, lo, hi);
		return COMMAND_OK;
	}
	if (a.nargs != 2) {
		snprintf(err, n, "%s", tr(s->lang, "window takes two positions, e.g. window 0 63"));
		return COMMAND_ERROR;
	}
	if (!int_arg(s->lang, "window A", a.arg[0], 0, s->cur.len - 1, &lo, err, n) ||
	    !int_arg(s->lang, "window B", a.arg[1], lo, s->cur.len - 1, &hi, err, n))
		return COMMAND_ERROR;
	state_set_window_positions(s, lo, hi);
	return COMMAND_OK;
}

/* The commands besides the core parameters (params.h) and the knobs of
 * the views (catalog.h), which have tables of their own. Arguments: NONE,
 * ONE value, SOME (the command counts them) or ANY, none too (the command
 * counts them). Each row carries its own
 * help: :help shows it (command_help; the rows that take nothing share a
 * line there, so that the help still fits 120x40 without scrolling),
 * --list commands lists the names, and tests/e2e/docs.sh checks the man
 * page and the README against both. */
enum takes { NONE, ONE, SOME, ANY };

static const struct command {
	const char *name, *alias;
	enum takes takes;
	const char *example;	/* a value, for ":X needs a value, e.g." */
	enum command_result (*run)(struct state *s, struct args a, char *err,
				   size_t n);
	bool typed_only;	/* refused in lessons */
	const char *usage;	/* how it is typed, the same in every language;
				 * NULL for one the row above names too */
	const char *help;	/* what it does, a few words (tr.h); with a %s
				 * for the names of `names` when it has them */
	void (*names)(const struct state *s, const char *sep, char *buf,
		      size_t n);	/* the NAMEs it takes, or NULL */
	bool shared;		/* its help goes on the line the rows that
				 * take nothing share, so that :help still
				 * fits 120x40 */
} commands[] = {
	{ "view", NULL, ONE, "spectrum", run_view, false,
	  ":view NAME", N_("show a view: %s"), view_names, false },
	{ "model", "preset", ONE, "head-5e5", run_model, false,
	  ":model NAME|FILE", N_("as :preset NAME, or a config.json"), NULL,
	  false },
	{ "highlight", NULL, SOME, "off", run_highlight, false,
	  ":highlight dims|pos A B, :highlight off", N_("mark a band"), NULL, false },
	{ "window", NULL, SOME, "0 63", run_window, false,
	  ":window A B", N_("positions A..B across the plots"), NULL, false },
	{ "export", NULL, ONE, "slide.png", run_export, true,
	  ":export FILE", N_("save as .svg .png .pdf .txt .ans"), NULL, false },
	{ "reset", NULL, NONE, NULL, run_reset, false,
	  ":reset", N_("start values"), NULL, false },
	{ "fit", NULL, NONE, NULL, run_fit, false,
	  ":fit", N_("whole matrix"), NULL, false },
	{ "help", "h", NONE, NULL, run_help, true,
	  ":help, :h", N_("this help"), NULL, false },
	{ "q", "quit", NONE, NULL, run_quit, true,
	  ":q, :quit", N_("quit"), NULL, false },
	{ "save", NULL, ONE, "class.scene", run_save, true,
	  ":save F, :open F", N_("scenes"), NULL, true },
	{ "open", NULL, ONE, "class.scene", run_open, true,
	  NULL, NULL, NULL, false },	/* in the row above */
	{ "cmdline", NULL, ANY, NULL, run_cmdline, true,
	  ":cmdline [copy]", N_("this screen's command line"), NULL, false },
	{ "save-settings", NULL, NONE, NULL, run_save_settings, true,
	  ":save-settings", N_("keep the look"), NULL, true },
};
enum { COMMAND_ROWS = sizeof commands / sizeof commands[0] };

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < COMMAND_ROWS; i++) {
		const struct command *c = &commands[i];

		if (strcmp(name, c->name) == 0 ||
		    (c->alias && strcmp(name, c->alias) == 0))
			return c;
	}
	return NULL;
}

const char *command_word(int i)
{
	for (size_t k = 0; k < COMMAND_ROWS; k++) {
		if (i-- == 0)
			return commands[k].name;
		if (commands[k].alias && i-- == 0)
			return commands[k].alias;
	}
	return NULL;
}

/* ---- knobs ---- */

/* Knob k of view v set from word v_text: a number in its range, or for a
 * choice one of its names or its number from 1. */
static enum command_result run_knob(struct state *s, int v, int k,
				    const char *text, char *err, size_t n)
{
	const struct knob_spec *spec = &s->cat->view[v]->knob[k];
	double lo, hi, value;
	long long i;

	catalog_knob_range(spec, s->cur.pe.d_model, &lo, &hi);
	if (spec->kind == KNOB_CHOICE) {
		for (int c = 0; c <= (int)hi; c++)
			if (strcmp(text, spec->choice(c)) == 0) {
				state_set_knob(s, v, k, c);
				return COMMAND_OK;
			}
		if (numparse_int(text, 1, (long long)hi + 1, &i) == NUMPARSE_OK) {
			state_set_knob(s, v, k, (double)(i - 1));
			return COMMAND_OK;
		}
		snprintf(err, n, tr(s->lang, "%s must be 1 to %d or a name such as %s, got "
			 "\"%s\""), spec->word, (int)hi + 1, spec->choice(0), text);
		return COMMAND_ERROR;
	}
	if (spec->kind == KNOB_INT) {
		if (!int_arg(s->lang, spec->word, text, (long long)lo, (long long)hi, &i,
			     err, n))
			return COMMAND_ERROR;
		value = (double)i;
	} else if (!real_arg(s->lang, spec->word, text, lo, hi, &value, err, n)) {
		return COMMAND_ERROR;
	}
	state_set_knob(s, v, k, value);
	return COMMAND_OK;
}

/* ---- running ---- */

static enum command_result run_words(struct state *s, const char *const *w,
				     int count, enum command_source from,
				     char *err, size_t n)
{
	const struct command *c = find_command(w[0]);
	const struct param_spec *p = params_find(w[0]);
	struct args a = { w + 1, count - 1 };
	int v, k;

	v = catalog_find_command(s->cat, w[0]);
	if (!c && !p && v >= 0) {	/* a view's own command: :vector */
		if (count > 1) {
			snprintf(err, n, tr(s->lang, ":%s takes no value"), w[0]);
			return COMMAND_ERROR;
		}
		state_set_view(s, v);
		return COMMAND_OK;
	}
	if (p) {
		if (count == 1) {
			snprintf(err, n, tr(s->lang, ":%s needs a value, e.g. :%s %s"),
				 w[0], w[0], p->example);
			return COMMAND_ERROR;
		}
		if (count > 2) {
			snprintf(err, n, tr(s->lang, "too many words in \":%s\": it "
					    "takes one value"), w[0]);
			return COMMAND_ERROR;
		}
		return run_param(s, p, w[1], err, n);
	}
	if (!c) {
		if (!catalog_find_knob(s->cat, w[0], &v, &k)) {
			snprintf(err, n, tr(s->lang, "unknown command \"%s\" (try :help)"), w[0]);
			return COMMAND_ERROR;
		}
		if (count != 2) {
			snprintf(err, n, tr(s->lang, "%s takes one value"), w[0]);
			return COMMAND_ERROR;
		}
		return run_knob(s, v, k, w[1], err, n);
	}
	if (from == COMMAND_LESSON && c->typed_only) {
		snprintf(err, n, tr(s->lang, ":%s is not allowed in a lesson"), w[0]);
		return COMMAND_ERROR;
	}
	if (c->takes == NONE && count > 1) {
		snprintf(err, n, tr(s->lang, ":%s takes no value"), w[0]);
		return COMMAND_ERROR;
	}
	if ((c->takes == ONE || c->takes == SOME) && count == 1) {
		snprintf(err, n, tr(s->lang, ":%s needs a value, e.g. :%s %s"), w[0], w[0],
			 c->example);
		return COMMAND_ERROR;
	}
	if (c->takes == ONE && count > 2) {
		snprintf(err, n, tr(s->lang, "too many words in \":%s\": it takes one value"),
			 w[0]);
		return COMMAND_ERROR;
	}
	return c->run(s, a, err, n);
}

enum command_result command_run(struct state *s, const char *line,
				enum command_source from, char *err, size_t n)
{
	char store[MAX_WORDS * WORD_MAX];
	const char *w[MAX_WORDS];
	int count = words_split(line, store, WORD_MAX, w, MAX_WORDS);
	struct state before = *s;
	enum command_result r;

	if (count == 0) {
		if (from == COMMAND_TYPED)
			return COMMAND_OK;
		snprintf(err, n, "%s", tr(s->lang, "empty command"));
		return COMMAND_ERROR;
	}
	if (count > MAX_WORDS) {
		if (!find_command(w[0]) && !params_find(w[0]) &&
		    catalog_find_command(s->cat, w[0]) < 0 &&
		    !catalog_find_knob(s->cat, w[0], &(int){ 0 }, &(int){ 0 }))
			snprintf(err, n, tr(s->lang, "unknown command \"%s\" (try :help)"), w[0]);
		else
			snprintf(err, n, tr(s->lang, "too many words in \":%s\""), w[0]);
		return COMMAND_ERROR;
	}
	r = run_words(s, w, count, from, err, n);
	if (r == COMMAND_ERROR)
		*s = before;	/* a refused command changes nothing */
	return r;
}

/* ---- help ---- */

/* A command's line of the help: its usage, then its help with the names
 * it takes, in the column of the parameters' (":d N       d_model"). */
static void command_line(const struct state *s, const struct command *c,
			 char line[COMMAND_HELP_W])
{
	char names[256] = "";
	int len = (int)strlen(c->usage);
	size_t at = (size_t)snprintf(line, COMMAND_HELP_W, "%-*s",
				     len + 2 > 11 ? len + 2 : 11, c->usage);

	if (c->names)
		c->names(s, " ", names, sizeof names);
	if (at < COMMAND_HELP_W)
		snprintf(line + at, COMMAND_HELP_W - at, tr(s->lang, c->help),
			 names);
}

int command_help(const struct state *s, char lines[][COMMAND_HELP_W], int max)
{
	int count = 0;

	/* The core parameters, a few to a line: ":len L  1..1e9   :pos P ..." */
	for (int i = 0; i < PARAM_COUNT; i++) {
		const char *h = tr(s->lang, params[i].command_help);

		if (params[i].same_line && count > 0) {
			size_t used = strlen(lines[count - 1]);

			snprintf(lines[count - 1] + used, COMMAND_HELP_W - used,
				 "   %s", h);
		} else if (count < max) {
			snprintf(lines[count++], COMMAND_HELP_W, "%s", h);
		}
	}
	for (size_t i = 0; i < COMMAND_ROWS && count < max; i++)
		if (commands[i].takes != NONE && commands[i].usage &&
		    !commands[i].shared)
			command_line(s, &commands[i], lines[count++]);
	/* The rows that take nothing, on one line the help wraps. */
	if (count < max) {
		size_t used = 0;

		lines[count][0] = '\0';
		for (size_t i = 0; i < COMMAND_ROWS && used < COMMAND_HELP_W; i++)
			if ((commands[i].takes == NONE || commands[i].shared) &&
			    commands[i].usage)
				used += (size_t)snprintf(lines[count] + used,
							 COMMAND_HELP_W - used, "%s%s  %s",
							 used ? "   " : "", commands[i].usage,
							 tr(s->lang, commands[i].help));
		count++;
	}
	/* The words themselves are listed under the view that has them (the
	 * help's first group): all of them here would not fit 120x40. */
	if (count < max)
		snprintf(lines[count++], COMMAND_HELP_W, "%s",
			 tr(s->lang, ":KNOB V  a knob of the view shown (see This view)"));
	for (int i = 0; i < s->cat->count && count < max; i++)
		if (s->cat->view[i]->command)
			snprintf(lines[count++], COMMAND_HELP_W, "%s",
				 tr(s->lang, s->cat->view[i]->command_help));
	/* Not a command: the keys of the line itself, besides the arrows,
	 * Home, End, Backspace and Delete (the man page has them all). */
	if (count < max)
		snprintf(lines[count++], COMMAND_HELP_W, "%s",
			 tr(s->lang, "on the line: C-a C-e C-u C-k C-w, Up Down recall"));
	return count;
}
