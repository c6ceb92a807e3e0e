/* knob_args.c - --set WORD=VALUE (see knob_args.h). */
#include "app/knob_args.h"

#include <stdio.h>
#include <string.h>

#include "base/tr.h"
#include "model/catalog.h"
#include "model/command.h"
#include "model/state.h"
#include "views/views.h"

/* Longest WORD=VALUE taken; longer ones are refused as they are. */
enum { ARG_MAX = 128 };

/* The ':' command "WORD VALUE" that arg stands for, in line (n bytes);
 * false when arg has no '=' or does not fit. */
static bool command_line(const char *arg, char *line, size_t n)
{
	const char *eq = strchr(arg, '=');
	int w;

	if (!eq || eq == arg || strlen(arg) >= n)
		return false;
	w = (int)(eq - arg);
	snprintf(line, n, "%.*s %s", w, arg, eq + 1);
	return true;
}

bool knob_arg_word_ok(const char *arg)
{
	char line[ARG_MAX];
	int v, k;

	if (!command_line(arg, line, sizeof line))
		return false;
	*strchr(line, ' ') = '\0';
	return catalog_find_knob(views_catalog(), line, &v, &k);
}

bool knob_args_apply(struct state *s, const char *const *set, int nset,
		     char *err, size_t n)
{
	char line[ARG_MAX], why[COMMAND_HELP_W * 2];

	for (int i = 0; i < nset; i++) {
		/* cli_parse let only WORD=VALUE with a knob's WORD through */
		if (!command_line(set[i], line, sizeof line))
			continue;
		if (command_run(s, line, COMMAND_LESSON, why, sizeof why) ==
		    COMMAND_OK)
			continue;
		snprintf(err, n, tr(s->lang, "--set %s: %s"), set[i], why);
		return false;
	}
	return true;
}

bool knob_args_check(const char *const *set, int nset,
		     const struct settings *start, enum lang l, char *err,
		     size_t n)
{
	struct state s;

	state_init(&s, views_catalog(), start);
	s.lang = l;
	return knob_args_apply(&s, set, nset, err, n);
}
