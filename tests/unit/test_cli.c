/* test_cli.c - the command line: good options land in struct options, every
 * bad one gets a single-line message naming the option and the value. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "io/series.h"
#include "model/catalog.h"
#include "views/views.h"

#define MAX_ARGS 32

static struct options opt;
static char err[CLI_ERR_MAX];

/* Parses "pescope" followed by the NULL-terminated arguments. The strings
 * are copies (freed by the next call) because getopt_long may permute argv
 * and opt.output points into it. */
static bool parse(const char *first, ...)
{
	static char *argv[MAX_ARGS + 1];
	int argc = 0;
	va_list ap;

	for (int i = 0; argv[i]; i++)
		free(argv[i]);
	argv[argc++] = strdup("pescope");
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *)) {
		cr_assert_lt(argc, MAX_ARGS);
		argv[argc++] = strdup(a);
	}
	va_end(ap);
	argv[argc] = NULL;
	err[0] = '\0';
	return cli_parse(argc, argv, &opt, err, sizeof err);
}

/* The parse failed with a one-line message holding every `want`. */
static void refused(bool ok, const char *want1, const char *want2)
{
	cr_assert_not(ok, "accepted, expected a message with %s", want1);
	cr_assert(err[0], "no message");
	cr_assert_null(strchr(err, '\n'), "message has a newline: %s", err);
	cr_assert(strstr(err, want1), "message \"%s\" lacks \"%s\"", err,
		  want1);
	if (want2)
		cr_assert(strstr(err, want2), "message \"%s\" lacks \"%s\"",
			  err, want2);
}

/* ---- good command lines ---- */

Test(cli, defaults)
{
	cr_assert(parse(NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_EXPLORE);
	cr_assert_eq(opt.pe.d_model, 128);
	cr_assert_eq(opt.pe.base, 10000.0);
	cr_assert_eq(opt.pe.layout, PE_INTERLEAVED);
	cr_assert_eq(opt.length, 128);
	cr_assert_eq(opt.position, 10);
	cr_assert_eq(opt.dim, 0);
	cr_assert_eq(opt.dtype, DUMP_FLOAT64);
	cr_assert_null(opt.output);
	cr_assert_eq(opt.width, 120);
	cr_assert_eq(opt.height, 40);
	cr_assert_eq(opt.color, COLOR_CHOICE_AUTO);
	cr_assert_not(opt.ascii);
	cr_assert_eq(opt.frames, 500);
}

Test(cli, explorer_parameters)
{
	cr_assert(parse("-d", "64", "-b", "5e5", "-n", "1e6", "-p", "999999",
			"-i", "63", "--layout", "concat", "--ascii",
			"--color", "never", NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_EXPLORE);
	cr_assert_eq(opt.pe.d_model, 64);
	cr_assert_eq(opt.pe.base, 5e5);
	cr_assert_eq(opt.pe.layout, PE_CONCAT);
	cr_assert_eq(opt.length, 1000000);
	cr_assert_eq(opt.position, 999999);
	cr_assert_eq(opt.dim, 63);
	cr_assert(opt.ascii);
	cr_assert_eq(opt.color, COLOR_CHOICE_NEVER);
}

Test(cli, long_forms_with_equals_and_extremes)
{
	cr_assert(parse("--d-model=65536", "--base=1e12", "--length=1e9",
			"--position=999999999", "--dim=65535", NULL), "%s",
		  err);
	cr_assert_eq(opt.pe.d_model, 65536);
	cr_assert_eq(opt.pe.base, 1e12);
	cr_assert_eq(opt.length, 1000000000);
	cr_assert_eq(opt.position, 999999999);
	cr_assert_eq(opt.dim, 65535);
	cr_assert(parse("-d2", "-b1.0001", "-n1", NULL), "%s", err);
	cr_assert_eq(opt.pe.d_model, 2);
	cr_assert_eq(opt.pe.base, 1.0001);
	cr_assert_eq(opt.length, 1);
}

Test(cli, cross_checks_do_not_depend_on_order)
{
	cr_assert(parse("-p", "5", "-n", "10", NULL), "%s", err);
	cr_assert_eq(opt.position, 5);
	cr_assert(parse("-n", "10", "-p", "9", NULL), "%s", err);
	cr_assert_eq(opt.position, 9);
	cr_assert(parse("-i", "7", "-d", "8", NULL), "%s", err);
	cr_assert_eq(opt.dim, 7);
}

Test(cli, dump_mode)
{
	cr_assert(parse("--dump", "npy", "-o", "x.npy", "--dtype", "float32",
			NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_DUMP);
	cr_assert_eq(opt.format, DUMP_NPY);
	cr_assert_str_eq(opt.output, "x.npy");
	cr_assert_eq(opt.dtype, DUMP_FLOAT32);
	cr_assert(parse("--dump", "csv", "-o", "-", NULL), "%s", err);
	cr_assert_eq(opt.format, DUMP_CSV);
	cr_assert_str_eq(opt.output, "-");
	cr_assert(parse("--dump", "tsv", NULL), "%s", err);
	cr_assert_eq(opt.format, DUMP_TSV);
	cr_assert_null(opt.output);
	cr_assert(parse("--dump", "npy", "--dtype", "float64", NULL));
	cr_assert_eq(opt.dtype, DUMP_FLOAT64);
}

Test(cli, attention_series)
{
	cr_assert(parse("--dump-series", "collisions", "--dtype", "bf16", "-n",
			"300", NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_SERIES);
	cr_assert_eq(opt.series, SERIES_COLLISIONS);
	cr_assert_eq(opt.number_type, PREC_BF16);
	cr_assert(parse("--dtype", "float16", "--dump-series", "collisions",
			NULL), "%s", err);
	cr_assert_eq(opt.number_type, PREC_FP16);
	cr_assert(parse("--dump", "npy", "--dtype", "fp32", NULL), "%s", err);
	cr_assert_eq(opt.dtype, DUMP_FLOAT32);
	cr_assert(parse("--dump-series", "scores", "-n", "4096", NULL), "%s",
		  err);
	cr_assert_eq(opt.series, SERIES_SCORES);
	cr_assert(parse("--dump-series", "rope-bound", NULL), "%s", err);
	cr_assert_eq(opt.series, SERIES_ROPE_BOUND);
	refused(parse("--dump-series", "scores", "-n", "4097", NULL),
		"--length", "4096");
	cr_assert(parse("--dump-series", "collisions", NULL), "%s", err);
	cr_assert_eq(opt.number_type, PREC_BF16);
	refused(parse("--dump-series", "wave", "--dtype", "bf16", NULL),
		"--dtype", "collisions");
	refused(parse("--dump", "npy", "--dtype", "bf16", NULL), "--dtype",
		"\"bf16\"");
	refused(parse("--dump-series", "collisions", "--dtype", "int8", NULL),
		"--dtype", "\"int8\"");
}

Test(cli, snapshot_and_bench_modes)
{
	cr_assert(parse("--snapshot", "--size", "80x24", "--color", "always",
			NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_SNAPSHOT);
	cr_assert_eq(opt.width, 80);
	cr_assert_eq(opt.height, 24);
	cr_assert_eq(opt.color, COLOR_CHOICE_ALWAYS);
	cr_assert(parse("--bench", "--frames", "10", "--size", "1x1000",
			NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_BENCH);
	cr_assert_eq(opt.frames, 10);
	cr_assert_eq(opt.width, 1);
	cr_assert_eq(opt.height, 1000);
	cr_assert(parse("--snapshot", "--snapshot", NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_SNAPSHOT);
}

Test(cli, help_and_version_stop_the_parse)
{
	cr_assert(parse("-h", NULL));
	cr_assert_eq(opt.mode, CLI_HELP);
	cr_assert(parse("--help", NULL));
	cr_assert_eq(opt.mode, CLI_HELP);
	cr_assert(parse("-V", NULL));
	cr_assert_eq(opt.mode, CLI_VERSION);
	cr_assert(parse("--version", NULL));
	cr_assert_eq(opt.mode, CLI_VERSION);
	cr_assert(parse("--help", "--no-such-option", NULL));
	cr_assert_eq(opt.mode, CLI_HELP);
}

Test(cli, usage_names_every_option)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	static const char *const names[] = {
		"--d-model", "--base", "--length", "--position", "--dim",
		"--layout", "--dump", "--output", "--dtype", "--snapshot",
		"--size", "--color", "--ascii", "--bench", "--frames",
		"--help", "--version", "-d,", "-b,", "-n,", "-p,", "-i,",
		"-o,", "-h,", "-V,"
	};

	cr_assert_not_null(f);
	cli_usage(f, LANG_EN);
	fclose(f);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		cr_assert(strstr(text, names[i]), "--help lacks %s", names[i]);
	for (char *line = text; *line;) {
		size_t n = strcspn(line, "\n");
		cr_assert_leq(n, 79, "--help line too long: %.*s", (int)n,
			      line);
		line += n + (line[n] == '\n');
	}
	free(text);
}

/* ---- bad values: the message names the option and the value ---- */

Test(cli, d_model)
{
	refused(parse("-d", "513", NULL), "--d-model", "\"513\"");
	cr_assert(strstr(err, "even integer from 2 to 65536"), "%s", err);
	refused(parse("-d", "12abc", NULL), "--d-model", "\"12abc\"");
	refused(parse("-d", "", NULL), "--d-model", "\"\"");
	refused(parse("-d", "-4", NULL), "--d-model", "\"-4\"");
	refused(parse("-d", "1.5", NULL), "--d-model", "\"1.5\"");
	refused(parse("-d", "0", NULL), "--d-model", "\"0\"");
	refused(parse("-d", "65538", NULL), "--d-model", "\"65538\"");
	refused(parse("-d", "1e400", NULL), "--d-model", "\"1e400\"");
	refused(parse("-d", "99999999999999999999", NULL), "--d-model",
		"\"99999999999999999999\"");
	refused(parse("-d", "nan", NULL), "--d-model", "\"nan\"");
	refused(parse("--d-model=inf", NULL), "--d-model", "\"inf\"");
}

Test(cli, base)
{
	refused(parse("-b", "1", NULL), "--base", "\"1\"");
	cr_assert(strstr(err, "1e12"), "%s", err);
	refused(parse("-b", "0.5", NULL), "--base", "\"0.5\"");
	refused(parse("-b", "-10", NULL), "--base", "\"-10\"");
	refused(parse("-b", "1e13", NULL), "--base", "\"1e13\"");
	refused(parse("-b", "1e400", NULL), "--base", "\"1e400\"");
	refused(parse("-b", "nan", NULL), "--base", "\"nan\"");
	refused(parse("-b", "inf", NULL), "--base", "\"inf\"");
	refused(parse("-b", "10k", NULL), "--base", "\"10k\"");
	refused(parse("-b", "", NULL), "--base", "\"\"");
	refused(parse("-b", "0x10", NULL), "--base", "\"0x10\"");
}

Test(cli, length_position_dim)
{
	refused(parse("-n", "0", NULL), "--length", "\"0\"");
	refused(parse("-n", "1e10", NULL), "--length", "\"1e10\"");
	refused(parse("-n", "2.5", NULL), "--length", "\"2.5\"");
	refused(parse("-n", "-3", NULL), "--length", "\"-3\"");
	refused(parse("-p", "-1", NULL), "--position", "\"-1\"");
	refused(parse("-p", "0.5", NULL), "--position", "\"0.5\"");
	refused(parse("-p", "5", "-n", "5", NULL), "--position", "\"5\"");
	cr_assert(strstr(err, "0 to 4"), "%s", err);
	refused(parse("-n", "5", "-p", "7", NULL), "--position", "\"7\"");
	refused(parse("-p", "128", NULL), "--position", "\"128\"");
	refused(parse("-i", "128", NULL), "--dim", "\"128\"");
	cr_assert(strstr(err, "0 to 127"), "%s", err);
	refused(parse("-i", "8", "-d", "8", NULL), "--dim", "\"8\"");
	refused(parse("-i", "-1", NULL), "--dim", "\"-1\"");
	refused(parse("-i", "x", NULL), "--dim", "\"x\"");
}

Test(cli, words)
{
	refused(parse("--layout", "paper", NULL), "--layout", "\"paper\"");
	cr_assert(strstr(err, "interleaved or concat"), "%s", err);
	refused(parse("--dump", "xml", NULL), "--dump", "\"xml\"");
	cr_assert(strstr(err, "csv, tsv or npy"), "%s", err);
	refused(parse("--dump", "NPY", NULL), "--dump", "\"NPY\"");
	refused(parse("--dump", "npy", "--dtype", "float16", NULL), "--dtype",
		"\"float16\"");
	refused(parse("--snapshot", "--color", "blue", NULL), "--color",
		"\"blue\"");
	refused(parse("--dump", "csv", "-o", "", NULL), "--output", "\"\"");
}

/* Every word --list prints is taken by its option, and stands for the
 * value its name says. */
Test(cli, list_words_are_what_the_options_take)
{
	static const struct {
		enum cli_list list;
		const char *option, *mode;	/* the mode it needs, or NULL */
		const char *mode_arg;
	} pairs[] = {
		{ CLI_LIST_VIEWS, "--view", NULL, NULL },
		{ CLI_LIST_PRESETS, "--preset", NULL, NULL },
		{ CLI_LIST_LAYOUTS, "--layout", NULL, NULL },
		{ CLI_LIST_FORMATS, "--dump", NULL, NULL },
		{ CLI_LIST_DTYPES, "--dtype", "--dump-series", "collisions" },
		{ CLI_LIST_SERIES, "--dump-series", NULL, NULL },
		{ CLI_LIST_PALETTES, "--palette", NULL, NULL },
		{ CLI_LIST_COLORS, "--color", NULL, NULL },
		{ CLI_LIST_LANGS, "--lang", NULL, NULL },
	};
	const char *w;
	int n;

	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
		for (n = 0; (w = cli_list_word(pairs[k].list, n)); n++)
			cr_assert(parse(pairs[k].option, w, pairs[k].mode,
					pairs[k].mode_arg, NULL),
				  "%s %s: %s", pairs[k].option, w, err);
		cr_assert_geq(n, 2, "%s: only %d words", pairs[k].option, n);
	}
	cr_assert_null(cli_list_word(CLI_LIST_LESSONS, 0));
	cr_assert_null(cli_list_word(CLI_LIST_COUNT, 0));
	cr_assert_null(cli_list_word(CLI_LIST_VIEWS, -1));

	cr_assert(parse("--layout", "concat", NULL), "%s", err);
	cr_assert_eq(opt.pe.layout, PE_CONCAT);
	cr_assert(parse("--dump", "tsv", NULL), "%s", err);
	cr_assert_eq(opt.format, DUMP_TSV);
	cr_assert(parse("--dump", "npy", "--dtype", "float32", NULL), "%s", err);
	cr_assert_eq(opt.dtype, DUMP_FLOAT32);
	cr_assert(parse("--snapshot", "--color", "never", NULL), "%s", err);
	cr_assert_eq(opt.color, COLOR_CHOICE_NEVER);
	cr_assert(parse("--dump-series", "wave", NULL), "%s", err);
	cr_assert_eq(opt.series, SERIES_WAVE);
}

Test(cli, list_mode)
{
	cr_assert(parse("--list", "presets", NULL), "%s", err);
	cr_assert_eq(opt.mode, CLI_LIST);
	cr_assert_eq(opt.list, CLI_LIST_PRESETS);
	/* knob words come from the catalog: the first view with knobs
	 * (clocks) gives the first, and every one is found by word */
	cr_assert_str_eq(cli_list_word(CLI_LIST_KNOBS, 0), "offset");
	for (int i = 0; cli_list_word(CLI_LIST_KNOBS, i); i++) {
		int v, k;

		cr_assert(catalog_find_knob(views_catalog(),
					    cli_list_word(CLI_LIST_KNOBS, i),
					    &v, &k));
	}
	cr_assert(parse("--list", "lessons", "--lang", "zh", NULL), "%s", err);
	cr_assert_eq(opt.list, CLI_LIST_LESSONS);
	refused(parse("--list", "view", NULL), "--list", "\"view\"");
	cr_assert(strstr(err, "views, knobs, commands, presets, models, layouts, formats, dtypes, "
			 "series, scalings, schemes, palettes, themes, colors, depths, "
			 "langs, config or lessons"),
		  "%s", err);
	refused(parse("--list", "views", "--lessons", NULL), "--lessons",
		"--list");
	refused(parse("--list", "views", "-d", "64", NULL), "--d-model", NULL);
}

Test(cli, colors_forces_a_depth)
{
	static const struct { const char *word; int depth; } ok[] = {
		{ "24bit", COLOR_RGB }, { "256", COLOR_256 },
		{ "16", COLOR_8 }, { "mono", COLOR_NONE },
	};

	cr_assert(parse("--snapshot", NULL), "%s", err);
	cr_assert_eq(opt.colors, TERM_DEPTH_AUTO);
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cr_assert(parse("--colors", ok[i].word, NULL), "%s", err);
		cr_assert_eq(opt.colors, ok[i].depth, "%s", ok[i].word);
	}
	refused(parse("--colors", "8", NULL), "--colors", "\"8\"");
	cr_assert(strstr(err, "24bit, 256, 16 or mono"), "%s", err);
	refused(parse("--dump", "csv", "--colors", "256", NULL), "--colors",
		"only works with the explorer, --snapshot or --keys");
}

Test(cli, size_and_frames)
{
	refused(parse("--snapshot", "--size", "0x40", NULL), "--size",
		"\"0x40\"");
	refused(parse("--snapshot", "--size", "1001x40", NULL), "--size",
		"\"1001x40\"");
	refused(parse("--snapshot", "--size", "120", NULL), "--size",
		"\"120\"");
	refused(parse("--snapshot", "--size", "120x", NULL), "--size",
		"\"120x\"");
	refused(parse("--snapshot", "--size", "x40", NULL), "--size",
		"\"x40\"");
	refused(parse("--snapshot", "--size", "12x40x3", NULL), "--size",
		"\"12x40x3\"");
	refused(parse("--snapshot", "--size", "-5x40", NULL), "--size",
		"\"-5x40\"");
	refused(parse("--bench", "--frames", "0", NULL), "--frames", "\"0\"");
	refused(parse("--bench", "--frames", "1.5", NULL), "--frames",
		"\"1.5\"");
}

Test(cli, unknown_missing_and_stray)
{
	refused(parse("--bogus", NULL), "\"--bogus\"", NULL);
	refused(parse("-x", NULL), "\"-x\"", NULL);
	refused(parse("--d", "8", NULL), "\"--d\"", NULL);	/* ambiguous */
	refused(parse("-d", NULL), "--d-model", "even integer");
	refused(parse("--base", NULL), "--base", NULL);
	refused(parse("--dump", NULL), "--dump", "csv, tsv or npy");
	refused(parse("--ascii=yes", NULL), "--ascii", "\"--ascii=yes\"");
	refused(parse("stray", NULL), "\"stray\"", NULL);
	refused(parse("--dump", "csv", "--", "x", NULL), "\"x\"", NULL);
	refused(parse("-d", "8", "-", NULL), "\"-\"", NULL);
}

Test(cli, options_that_need_another)
{
	refused(parse("-o", "x.npy", NULL), "--output", "\"x.npy\"");
	cr_assert(strstr(err, "--dump"), "%s", err);
	refused(parse("--dump", "csv", "--dtype", "float32", NULL), "--dtype",
		"\"float32\"");
	cr_assert(strstr(err, "npy"), "%s", err);
	refused(parse("--dtype", "float64", "--dump", "tsv", NULL), "--dtype",
		"\"float64\"");
	refused(parse("--dtype", "float32", NULL), "--dtype", "\"float32\"");
	refused(parse("--frames", "9", NULL), "--frames", "\"9\"");
	refused(parse("--snapshot", "--frames", "9", NULL), "--frames",
		"--bench");
	refused(parse("--size", "80x24", NULL), "--size", "\"80x24\"");
	refused(parse("--dump", "csv", "--ascii", NULL), "--ascii", NULL);
	refused(parse("--dump", "csv", "--snapshot", NULL), "--dump",
		"--snapshot");
	refused(parse("--bench", "--snapshot", NULL), "--snapshot", "--bench");
}

Test(cli, messages_stay_one_line)
{
	char long_value[600];

	refused(parse("-d", "5\n1\x1b[2J", NULL), "--d-model", "\\x0a");
	cr_assert_null(strchr(err, '\x1b'), "%s", err);
	refused(parse("--layout", "a\"b\\c", NULL), "--layout",
		"\"a\\\"b\\\\c\"");
	memset(long_value, '7', sizeof long_value - 1);
	long_value[sizeof long_value - 1] = '\0';
	refused(parse("-d", long_value, NULL), "--d-model", "...");
	cr_assert_lt(strlen(err), sizeof err - 1, "message cut: %s", err);
	memset(long_value, '\x01', sizeof long_value - 1);
	refused(parse("--layout", long_value, NULL), "--layout", "\\x01...");
	cr_assert_lt(strlen(err), sizeof err - 1, "message cut: %s", err);
}

Test(cli, parses_again_from_scratch)
{
	refused(parse("-d", "3", NULL), "--d-model", NULL);
	cr_assert(parse("-d", "4", NULL), "%s", err);
	cr_assert_eq(opt.pe.d_model, 4);
	cr_assert(parse(NULL), "%s", err);
	cr_assert_eq(opt.pe.d_model, 128);
}

/* The default position, 10, gives way to a shorter length; a position
 * given is never moved. */
Test(cli, default_position_fits_a_short_length)
{
	cr_assert(parse("-n", "5", NULL), "%s", err);
	cr_assert_eq(opt.position, 4);
	cr_assert(parse("-n", "11", NULL), "%s", err);
	cr_assert_eq(opt.position, 10);
	refused(parse("-n", "5", "-p", "10", NULL), "--position", "\"10\"");
}

/* ---- the language of the messages ---- */

/* --lang anywhere on the command line, even after the bad option or
 * abbreviated, chooses the language of cli_parse's message; a --lang that
 * names no language leaves the environment's (English here). */
Test(cli, messages_follow_lang_wherever_it_stands)
{
	cr_assert(setlocale(LC_ALL, "C.UTF-8"), "C.UTF-8 locale");
	setenv("LC_ALL", "C.UTF-8", 1);
	refused(parse("-d", "513", "--lang", "zh", NULL), "--d-model", "偶数");
	refused(parse("--lang=zh", "-d", "513", NULL), "--d-model", "（是奇数）");
	refused(parse("--lan", "zh", "--frobnicate", NULL), "未知", NULL);
	refused(parse("-d", "513", "--lang", "fr", NULL), "--d-model",
		"even integer");
	refused(parse("--lang", "zh", "--lang", "en", "-d", "513", NULL),
		"--d-model", "even integer");
	/* "--lang" as the value of -o is a file name, not the option */
	refused(parse("-o", "--lang", "zh", NULL), "unexpected argument", NULL);
	/* Chinese cannot be drawn with --ascii: English */
	refused(parse("--ascii", "--lang", "zh", "-d", "513", NULL),
		"--d-model", "even integer");
}
