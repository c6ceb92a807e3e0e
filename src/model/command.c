/* command.c - parsing and running the explorer's ':' commands. */
#include "model/command.h"

#include <stdio.h>
#include <string.h>

#include "base/numparse.h"
#include "model/presets.h"
#include "model/state.h"
#include "views/views.h"

enum { MAX_WORDS = 4, WORD_MAX = CMD_MAX };

static const char *const help_lines[] = {
	":d N       d_model (even, 2..65536)",
	":base X    base (1 < X <= 1e12, e.g. 5e5)",
	":len L     length (1..1e9)",
	":pos P     position (0..len-1)",
	":dim I     dimension (0..d_model-1)",
	":layout interleaved|concat",
	":view NAME  (explore spectrum clocks bands",
	"             layouts context bugs vector)",
	":preset NAME  (transformer head-1e4 head-5e5 head-1e6)",
	":vector   PE(pos) as numbers (:view vector)",
	":reset  :fit  :help  :q",
	NULL
};

static const char *const help_lines_zh[] = {
	":d N       d_model（偶数，2..65536）",
	":base X    base（1 < X <= 1e12，如 5e5）",
	":len L     长度（1..1e9）",
	":pos P     位置（0..len-1）",
	":dim I     维度（0..d_model-1）",
	":layout interleaved|concat  交错或拼接",
	":view NAME  （explore spectrum clocks bands",
	"             layouts context bugs vector）",
	":preset NAME  （transformer head-1e4 head-5e5 head-1e6）",
	":vector   以数字列出 PE(pos)（即 :view vector）",
	":reset 复位  :fit 全图  :help 帮助  :q 退出",
	NULL
};

const char *const *command_help(enum lang l)
{
	return l == LANG_ZH ? help_lines_zh : help_lines;
}

int command_words(const char *line, char *store, size_t word_max,
		  const char **words, int max)
{
	int n = 0;

	for (;;) {
		size_t len;

		line += strspn(line, " \t");
		if (*line == '\0')
			return n;
		if (n == max)
			return max + 1;
		len = strcspn(line, " \t");
		if (len >= word_max)
			len = word_max - 1;
		words[n] = store + (size_t)n * word_max;
		memcpy(store + (size_t)n * word_max, line, len);
		store[(size_t)n * word_max + len] = '\0';
		n++;
		line += strcspn(line, " \t");
	}
}

static bool is(const char *word, const char *a, const char *b)
{
	return strcmp(word, a) == 0 || (b && strcmp(word, b) == 0);
}

/* Parses an integer value for `what`, or explains the refusal in err. */
static bool want_int(const char *what, const char *v, long long lo,
		     long long hi, const char *accepted, long long *out,
		     char *err, size_t n)
{
	enum numparse_status st = numparse_int(v, lo, hi, out);
	if (st != NUMPARSE_OK) {
		snprintf(err, n, "%s must be %s, got \"%s\" (%s)", what,
			 accepted, v, numparse_reason(st));
		return false;
	}
	return true;
}

static enum command_result set_dmodel(struct state *s, const char *v,
				      char *err, size_t n)
{
	long long d;
	const char *acc = "an even integer from 2 to 65536";

	if (!want_int("d_model", v, PE_D_MIN, PE_D_MAX, acc, &d, err, n))
		return COMMAND_ERROR;
	if (d % 2 != 0) {
		snprintf(err, n, "d_model must be %s, got \"%s\" (odd)", acc, v);
		return COMMAND_ERROR;
	}
	state_set_dmodel(s, d);
	return COMMAND_OK;
}

static enum command_result set_base(struct state *s, const char *v, char *err,
				    size_t n)
{
	double b;
	enum numparse_status st =
		numparse_double(v, 1.0, PE_BASE_MAX, NUMPARSE_OPEN_MIN, &b);
	if (st != NUMPARSE_OK) {
		snprintf(err, n, "base must be a number above 1 and at most 1e12, got \"%s\" (%s)",
			 v, numparse_reason(st));
		return COMMAND_ERROR;
	}
	s->cur.pe.base = b;
	return COMMAND_OK;
}

static enum command_result set_layout(struct state *s, const char *v,
				      char *err, size_t n)
{
	if (strcmp(v, "interleaved") == 0)
		s->cur.pe.layout = PE_INTERLEAVED;
	else if (strcmp(v, "concat") == 0)
		s->cur.pe.layout = PE_CONCAT;
	else {
		snprintf(err, n, "layout must be interleaved or concat, got \"%s\"", v);
		return COMMAND_ERROR;
	}
	return COMMAND_OK;
}

/* Commands that take one value. */
static enum command_result run_setter(struct state *s, const char *cmd,
				      const char *v, char *err, size_t n)
{
	long long x;
	char acc[64];

	if (is(cmd, "d", "d_model"))
		return set_dmodel(s, v, err, n);
	if (is(cmd, "base", "b"))
		return set_base(s, v, err, n);
	if (is(cmd, "layout", NULL))
		return set_layout(s, v, err, n);
	if (is(cmd, "view", NULL)) {
		int id = views_find(v);
		if (id < 0) {
			snprintf(err, n, "no view called \"%s\" (explore, spectrum, clocks, bands, layouts, context, bugs, vector)", v);
			return COMMAND_ERROR;
		}
		s->view_id = (enum view_id)id;
		return COMMAND_OK;
	}
	if (is(cmd, "preset", NULL)) {
		int id = presets_find(v);
		if (id < 0) {
			snprintf(err, n, "no preset called \"%s\" (transformer, head-1e4, head-5e5, head-1e6)", v);
			return COMMAND_ERROR;
		}
		state_set_preset(s, id);
		return COMMAND_OK;
	}
	if (is(cmd, "len", "n") || is(cmd, "length", NULL)) {
		if (!want_int("len", v, 1, PE_LEN_MAX,
			      "an integer from 1 to 1000000000", &x, err, n))
			return COMMAND_ERROR;
		state_set_len(s, x);
		return COMMAND_OK;
	}
	if (is(cmd, "pos", "p")) {
		snprintf(acc, sizeof acc, "an integer from 0 to %lld", s->cur.len - 1);
		if (!want_int("pos", v, 0, s->cur.len - 1, acc, &x, err, n))
			return COMMAND_ERROR;
		state_set_pos(s, x);
		return COMMAND_OK;
	}
	if (is(cmd, "dim", "i")) {
		snprintf(acc, sizeof acc, "an integer from 0 to %d", s->cur.pe.d_model - 1);
		if (!want_int("dim", v, 0, s->cur.pe.d_model - 1, acc, &x, err, n))
			return COMMAND_ERROR;
		state_set_dim(s, x);
		return COMMAND_OK;
	}
	snprintf(err, n, "unknown command \"%s\" (try :help)", cmd);
	return COMMAND_ERROR;
}

/* Commands without a value. */
static enum command_result run_plain(struct state *s, const char *cmd,
				     char *err, size_t n)
{
	struct action a = { ACT_NONE, 0, 0, -1 };

	if (is(cmd, "q", "quit"))
		return COMMAND_QUIT;
	if (is(cmd, "help", "h")) {
		s->help = true;
		return COMMAND_OK;
	}
	if (is(cmd, "vector", NULL)) {
		s->view_id = VIEW_VECTOR;
		return COMMAND_OK;
	}
	if (is(cmd, "reset", NULL))
		a.kind = ACT_RESET;
	else if (is(cmd, "fit", NULL))
		a.kind = ACT_ZOOM_FIT;
	else if (is(cmd, "d", "d_model") || is(cmd, "base", "b") ||
		 is(cmd, "len", "n") || is(cmd, "length", NULL) ||
		 is(cmd, "pos", "p") || is(cmd, "dim", "i") ||
		 is(cmd, "layout", NULL) || is(cmd, "view", NULL) ||
		 is(cmd, "preset", NULL)) {
		snprintf(err, n, ":%s needs a value, e.g. :%s %s", cmd, cmd,
			 is(cmd, "layout", NULL) ? "concat" :
			 is(cmd, "view", NULL) ? "spectrum" :
			 is(cmd, "preset", NULL) ? "head-5e5" : "100");
		return COMMAND_ERROR;
	} else {
		snprintf(err, n, "unknown command \"%s\" (try :help)", cmd);
		return COMMAND_ERROR;
	}
	state_apply(s, &a);
	return COMMAND_OK;
}

enum command_result command_run(struct state *s, const char *line, char *err,
				size_t n)
{
	char store[MAX_WORDS * WORD_MAX];
	const char *w[MAX_WORDS];
	int count = command_words(line, store, WORD_MAX, w, MAX_WORDS);

	if (count == 0)
		return COMMAND_OK;
	if (count > 2) {
		snprintf(err, n, "too many words in \":%s\": a command takes at most one value",
			 w[0]);
		return COMMAND_ERROR;
	}
	if (count == 1)
		return run_plain(s, w[0], err, n);
	if (is(w[0], "q", "quit") || is(w[0], "help", "h") ||
	    is(w[0], "reset", NULL) || is(w[0], "fit", NULL) ||
	    is(w[0], "vector", NULL)) {
		snprintf(err, n, ":%s takes no value", w[0]);
		return COMMAND_ERROR;
	}
	return run_setter(s, w[0], w[1], err, n);
}
