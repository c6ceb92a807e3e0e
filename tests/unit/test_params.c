/* test_params.c - the core parameters' table (model/params.h) is the one
 * place that names, bounds and describes them: the command line (its
 * options, --help, its messages), the ':' line and the help overlay all
 * say what the table says. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "app/cli.h"
#include "base/tr.h"
#include "model/command.h"
#include "model/params.h"

static const struct settings start = { { 512, 10000.0, PE_INTERLEAVED },
				       128, 0, 0 };

Test(params, words_and_aliases_find_their_row)
{
	cr_expect_eq(params_find("d"), &params[PARAM_D]);
	cr_expect_eq(params_find("d_model"), &params[PARAM_D]);
	cr_expect_eq(params_find("length"), &params[PARAM_LEN]);
	cr_expect_eq(params_find("n"), &params[PARAM_LEN]);
	cr_expect_eq(params_find("i"), &params[PARAM_DIM]);
	cr_expect_null(params_find("D"));
	for (int i = 0; i < PARAM_COUNT; i++) {
		const struct param_spec *p = &params[i];

		cr_expect_eq(params_find(p->word), p, "%s", p->word);
		cr_expect(tr(LANG_ZH, p->help) != p->help, "%s: --help in Chinese", p->word);
		cr_expect(tr(LANG_ZH, p->command_help) != p->command_help, "%s", p->word);
		cr_expect(tr(LANG_ZH, p->accepts) != p->accepts, "%s", p->word);
	}
}

Test(params, parser_bounds_follow_the_settings_in_use)
{
	double v = -1;

	cr_expect_null(param_parse(&params[PARAM_D], "64", NULL, &v));
	cr_expect_eq(v, 64);
	cr_expect_str_eq(param_parse(&params[PARAM_D], "63", NULL, &v), "odd");
	cr_expect_not_null(param_parse(&params[PARAM_BASE], "1", NULL, &v),
			   "the base is above 1");
	cr_expect_null(param_parse(&params[PARAM_BASE], "1e12", NULL, &v));
	cr_expect_null(param_parse(&params[PARAM_POS], "500", NULL, &v),
		       "no settings: the widest range");
	cr_expect_not_null(param_parse(&params[PARAM_POS], "500", &start, &v),
			   "below the length 128");
	cr_expect_null(param_parse(&params[PARAM_DIM], "511", &start, &v));
	cr_expect_not_null(param_parse(&params[PARAM_DIM], "512", &start, &v));
	cr_expect_null(param_parse(&params[PARAM_LAYOUT], "concat", NULL, &v));
	cr_expect_eq(v, PE_CONCAT);
	cr_expect_str_eq(param_parse(&params[PARAM_LAYOUT], "cat", NULL, &v), "");
}

/* Every parameter's row of --help is its table's: letter, option,
 * argument and help. */
Test(params, help_of_the_command_line_reads_the_table)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_not_null(f);
	cli_usage(f, LANG_EN);
	fclose(f);
	for (int i = 0; i < PARAM_COUNT; i++) {
		const struct param_spec *p = &params[i];
		char head[64], first[24];

		if (p->letter)
			snprintf(head, sizeof head, "  -%c, --%s %s", p->letter,
				 p->option, p->arg);
		else
			snprintf(head, sizeof head, "      --%s %s", p->option,
				 p->arg);
		snprintf(first, sizeof first, "%.20s", p->help);
		cr_expect(strstr(text, head), "--help lacks \"%s\"", head);
		cr_expect(strstr(text, first), "--help lacks \"%s\"", first);
	}
	free(text);
}

/* The ':' line and the command line refuse a value with what the table
 * accepts, and take a good one. */
Test(params, colon_line_and_options_speak_from_the_table)
{
	struct state s;
	char err[256];
	char *argv[] = { "pescope", "--layout", "cat", NULL };
	struct options opt;

	fx_init(&s, &start);
	cr_assert_eq(command_run(&s, "layout cat", COMMAND_TYPED, err, sizeof err),
		     COMMAND_ERROR);
	cr_expect_str_eq(err, "layout must be interleaved or concat, got \"cat\"");
	cr_assert_eq(command_run(&s, "dim 512", COMMAND_TYPED, err, sizeof err),
		     COMMAND_ERROR);
	cr_expect_str_eq(err, "dim must be an integer from 0 to 511, got \"512\" "
			 "(out of range)");
	cr_assert_eq(command_run(&s, "n 64", COMMAND_TYPED, err, sizeof err),
		     COMMAND_OK);
	cr_expect_eq(s.cur.len, 64);
	cr_assert(!cli_parse(3, argv, &opt, err, sizeof err));
	cr_expect_str_eq(err, "--layout must be interleaved or concat, got \"cat\"");
}

/* The help overlay's commands: each parameter's text from the table, once
 * (a few share a line, to save rows), and :vector from the catalog (the
 * view that has it). */
Test(params, help_overlay_lines_come_from_the_tables)
{
	struct state s;
	char lines[40][COMMAND_HELP_W];
	int n, found = 0, vec = 0;

	fx_init(&s, &start);
	n = command_help(&s, lines, 40);
	for (int i = 0; i < PARAM_COUNT; i++)
		for (int k = 0; k < n; k++)
			found += strstr(lines[k], params[i].command_help) != NULL;
	cr_expect_eq(found, PARAM_COUNT);
	cr_expect_lt(n, 40);
	cr_expect_str_eq(lines[1], ":len L  1..1e9   :pos P  0..len-1   "
			 ":dim I  0..d_model-1");
	for (int k = 0; k < n; k++)
		vec += strncmp(lines[k], ":vector", 7) == 0;
	cr_expect_eq(vec, 1);
	cr_expect_eq(catalog_find_command(s.cat, "vector"), VIEW_VECTOR);
	cr_assert_eq(command_run(&s, "vector", COMMAND_TYPED, lines[0],
				 COMMAND_HELP_W), COMMAND_OK);
	cr_expect_eq(s.view, VIEW_VECTOR);
}

/* Every command word (command.h) has its row in :help, in English and
 * Chinese: its usage names the word once (":q, :quit  quit"; "(:view
 * vector)" in a help text does not count), and the word runs: none is
 * refused as unknown. */
Test(params, every_command_word_has_its_help_line)
{
	struct state s;
	char lines[40][COMMAND_HELP_W], err[200], want[40];
	int n, words = 0;

	fx_init(&s, &start);
	for (int lang = 0; lang < 2; lang++) {
		s.lang = lang ? LANG_ZH : LANG_EN;
		n = command_help(&s, lines, 40);
		for (int k = 0; k < n; k++)	/* none cut at the buffer's end */
			cr_expect_lt(strlen(lines[k]) + 1, COMMAND_HELP_W, "%s",
				     lines[k]);
		for (int i = 0; command_word(i); i++) {
			int hits = 0;

			snprintf(want, sizeof want, ":%s", command_word(i));
			for (int k = 0; k < n; k++) {
				size_t len = strlen(want);

				for (const char *at = strstr(lines[k], want); at;
				     at = strstr(at + 1, want))
					hits += (at == lines[k] || at[-1] == ' ') &&
						(at[len] == ' ' || at[len] == ',');
			}
			cr_expect_geq(hits, 1, "%s in %d lines", want, hits);
			words += !lang;
		}
	}
	cr_expect_geq(words, 11);	/* view ... help h q quit */
	s.lang = LANG_EN;
	n = command_help(&s, lines, 40);
	for (int k = 0; k < n; k++)
		if (strncmp(lines[k], ":window", 7) == 0)
			cr_expect_str_eq(lines[k], ":window A B  positions A..B "
					 "across the plots");
	for (int i = 0; command_word(i); i++) {
		struct state t = s;

		err[0] = '\0';
		command_run(&t, command_word(i), COMMAND_TYPED, err, sizeof err);
		cr_expect_null(strstr(err, "unknown command"), "%s", command_word(i));
	}
}

/* The whole file at path (the tests run at the top of the tree), to free. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	cr_assert_not_null(text);
	cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

/* Every ':' word of every parameter, aliases too, is documented: a row of
 * the README's command table ("`:d N`") and a tag of the man page's list
 * ("Ic :d"). */
Test(params, every_word_is_in_the_readme_and_the_man_page)
{
	char *readme = slurp("README.md"), *man = slurp("assets/pescope.1");

	for (int i = 0; i < PARAM_COUNT; i++) {
		const char *w[] = { params[i].word, params[i].alias[0],
				    params[i].alias[1] };

		for (int k = 0; k < 3; k++) {
			char r[32], m[32];

			if (!w[k])
				continue;
			snprintf(r, sizeof r, "`:%s ", w[k]);
			snprintf(m, sizeof m, "Ic :%s ", w[k]);
			cr_expect(strstr(readme, r), "README.md lacks %s...`", r);
			cr_expect(strstr(man, m), "assets/pescope.1 lacks %s", m);
		}
	}
	free(readme);
	free(man);
}
