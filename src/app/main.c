/* main.c - pescope: read the command line, then run one mode.
 *
 * Modes that need no terminal (help, version, lists, dump, snapshot, bench)
 * never start curses; only explore_run does. */
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "app/bench.h"
#include "app/cli.h"
#include "app/explorer.h"
#include "app/export.h"
#include "app/handout.h"
#include "app/job.h"
#include "app/keys_doc.h"
#include "app/lesson_mode.h"
#include "app/knob_args.h"
#include "app/load_file.h"
#include "app/model_file.h"
#include "app/say.h"
#include "app/scene_file.h"
#include "app/script.h"
#include "app/session.h"
#include "app/settings_file.h"
#include "app/snapshot.h"
#include "base/lang.h"
#include "base/tr.h"
#include "io/atomic_file.h"
#include "io/dump.h"
#include "io/series.h"
#include "io/signals.h"
#include "io/status.h"
#include "io/term.h"
#include "io/theme.h"
#include "model/presets.h"
#include "views/view_families.h"
#include "views/view_grid.h"
#include "views/views.h"

/* Flushes standard output after help or version: 0, or EX_IOERR with a
 * message in language l (pescope --help >/dev/full). */
static int finish_stdout(enum lang l)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		say(tr(l, "cannot write to standard output: %s"),
		    say_errno(l, errno ? errno : EIO));
		return EX_IOERR;
	}
	return 0;
}

/* The mode's exit status, once what it wrote to standard output is out: a
 * mode that succeeded but whose output was lost (pescope --bench
 * >/dev/full) ends with EX_IOERR and one line. (Standard error is written
 * only on the way to a failure, whose status stands when the message is
 * lost too; the progress line of a long job is no result.) */
static int finish_output(int rc, enum lang l)
{
	return rc == 0 ? finish_stdout(l) : rc;
}

/* --list WHAT: the words, one a line (lesson names come from the lessons
 * folder, so lesson_mode.c lists those). */
static int run_list(const struct options *opt)
{
	const char *w;

	if (opt->list == CLI_LIST_LESSONS)
		return lesson_names_run(opt);
	if (opt->list == CLI_LIST_MODELS) {
		/* name, its line, its source: tab-separated for scripts */
		int n;
		const struct preset *p = presets_table(&n);

		for (int i = 0; i < n; i++)
			printf("%s\t%s\t%s\n", p[i].name,
			       tr((enum lang)opt->lang, p[i].what),
			       p[i].source);
		return 0;
	}
	for (int i = 0; (w = cli_list_word(opt->list, i)); i++)
		puts(w);
	return 0;
}

/* What the data modes write: the specs of the writers, and what the job
 * is called in messages ("--dump-series scores"). */
struct output_job {
	struct dump_spec dump;
	struct series_spec series;
	struct bias_params bias;	/* of --dump-series bias */
	struct rope2d_params grid;	/* of --dump-series grid2d, grid-ids */
	char what[48];
	double estimate_s;
};

static void output_job_init(struct output_job *j, const struct options *opt)
{
	j->dump = (struct dump_spec){ opt->pe, opt->length, opt->format,
				      opt->dtype, NULL, opt->matrix };
	j->series = (struct series_spec){ opt->pe, opt->length, opt->dim,
					  (enum series_kind)opt->series,
					  opt->number_type,
					  (unsigned long long)opt->seed,
					  opt->stretch, NULL, opt->rope,
					  opt->matrix, opt->position, &j->bias,
					  (enum bias_scheme)opt->scheme, NULL, 0, 0 };
	if (opt->mode == CLI_SERIES && opt->series == SERIES_BIAS) {
		/* the knobs of the families view, with --set applied */
		struct state s;

		session_init(&s, opt);
		families_bias_params(&s, &j->bias, NULL);
	}
	if (opt->mode == CLI_SERIES && (opt->series == SERIES_GRID2D ||
					opt->series == SERIES_GRID_IDS)) {
		/* the knobs of the grid view, with --set applied; the patch
		 * at column --position, row --dim, as the view takes it */
		struct state s;

		session_init(&s, opt);
		j->series.grid = &j->grid;
		grid_rope2d_params(&s, &j->grid, &j->series.grid_row,
				   &j->series.grid_col);
	}
	j->estimate_s = 0.0;
	if (opt->mode == CLI_SERIES) {
		snprintf(j->what, sizeof j->what, "--dump-series %s",
			 cli_list_word(CLI_LIST_SERIES, opt->series));
		j->estimate_s = series_estimate_s(&j->series);
	} else if (opt->mode == CLI_DUMP) {
		snprintf(j->what, sizeof j->what, "--dump %s",
			 cli_list_word(CLI_LIST_FORMATS, (int)opt->format));
		j->estimate_s = dump_estimate_s(&j->dump);
	} else {
		snprintf(j->what, sizeof j->what, "--vector");
	}
}

/* Writes what the mode asks for to fp, telling p of its progress; 0 or an
 * errno value. */
static int write_content(FILE *fp, const struct options *opt,
			 struct output_job *j, struct progress *p)
{
	j->dump.progress = p;
	j->series.progress = p;
	switch (opt->mode) {
	case CLI_VECTOR:
		return series_vector(fp, &opt->pe, opt->vector_pos);
	case CLI_SERIES:
		return series_write(fp, &j->series, signals_flag());
	default:
		return dump_write(fp, &j->dump, signals_flag());
	}
}

/* The modes that write data (--dump, --dump-series, --vector): to -o FILE
 * atomically, or to standard output. */
static int run_output(const struct options *opt)
{
	struct atomic_file af;
	struct output_job oj;
	struct job job;
	enum lang l = (enum lang)opt->lang;
	const char *path = opt->output && strcmp(opt->output, "-") != 0 ?
			   opt->output : NULL;
	int err;

	if (!path && opt->mode == CLI_DUMP && opt->format == DUMP_NPY &&
	    isatty(STDOUT_FILENO)) {
		say("%s", tr(l, "--dump npy writes binary data, not for a "
			     "terminal: use -o FILE or redirect standard "
			     "output"));
		return EX_USAGE;
	}
	output_job_init(&oj, opt);
	err = job_check(l, oj.what, opt->pe.d_model, opt->length,
			oj.estimate_s, opt->force);
	if (err)
		return err;
	/* Every signal that would end us removes the temporary first. */
	signals_catch();
	err = atomic_file_open(&af, path);
	if (err) {
		say(tr(l, "cannot write \"%s\": %s"), path, say_errno(l, err));
		return status_of_errno(err, EX_CANTCREAT);
	}
	job_begin(&job, l, oj.what, oj.estimate_s);
	err = write_content(af.fp, opt, &oj, &job.progress);
	job_end(&job);
	if (err)
		atomic_file_abort(&af);
	else
		err = atomic_file_commit(&af);

	if (signals_pending())	/* die of it, as the caller expects */
		signals_end(signals_pending());
	if (err) {
		if (path)
			say(tr(l, "cannot write \"%s\": %s"), path,
			    say_errno(l, err));
		else
			say(tr(l, "cannot write to standard output: %s"),
			    say_errno(l, err));
		return status_of_errno(err, EX_IOERR);
	}
	return 0;
}

/* Runs the mode opt picks; its exit status. */
static int run_mode(struct options *opt, enum lang l)
{
	switch (opt->mode) {
	case CLI_HELP:
		cli_usage(stdout, l);
		return 0;
	case CLI_VERSION:
		printf("pescope %s\n", PESCOPE_VERSION);
		return 0;
	case CLI_DUMP:
	case CLI_VECTOR:
	case CLI_SERIES:
		return run_output(opt);
	case CLI_SNAPSHOT:
		return snapshot_run(opt);
	case CLI_EXPORT:
		return export_run(opt);
	case CLI_LIST_KEYS:
		keys_doc_markdown(stdout, views_catalog(), !opt->ascii);
		return 0;
	case CLI_BENCH:
		return bench_run(opt);
	case CLI_KEYS:
		return script_run(opt);
	case CLI_LESSONS:
		return lessons_run(opt);
	case CLI_LIST:
		return run_list(opt);
	case CLI_HANDOUT:
		return handout_run(opt);
	case CLI_EXPLORE:
		break;
	}
	return explore_run(opt);
}

int main(int argc, char **argv)
{
	struct options opt, given;
	struct model_file mf;
	struct pe_matrix matrix = { 0 };
	struct scene scene;
	char err[CLI_ERR_MAX];
	enum lang l;
	int rc;

	/* A reader that goes away (pescope ... | head -1) ends any mode
	 * quietly, whatever SIGPIPE disposition we inherited; a write beyond
	 * `ulimit -f` fails with EFBIG (reported, status 74) instead of
	 * killing us without a word. */
	signal(SIGPIPE, SIG_DFL);
	signal(SIGXFSZ, SIG_IGN);
	setlocale(LC_ALL, "");
	if (!cli_parse(argc, argv, &opt, err, sizeof err)) {
		say("%s", err);
		return EX_USAGE;
	}
	/* The settings file under the command line: both are read before
	 * anything is settled (a start in a language, a theme). */
	given = opt;
	settings_file_apply(&opt);
	/* A scene's language, theme and palette, before they are settled:
	 * over the settings file's, under the command line's. */
	rc = scene_file_load(&opt, &given, &scene);
	if (rc != 0)
		return rc;
	/* Chinese asked for where it cannot be shown: said in English. */
	opt.lang = lang_settle(opt.lang, opt.ascii, err, sizeof err);
	if (opt.lang < 0) {
		say("%s", err);
		return EX_USAGE;
	}
	/* -h and -V end the parse before a later --lang is read. */
	l = opt.mode == CLI_HELP || opt.mode == CLI_VERSION ?
	    cli_lang(argc, argv) : (enum lang)opt.lang;
	/* What a scene or :cmdline names: a theme chosen, never the one
	 * found below. */
	opt.theme_chosen = opt.theme >= 0;
	/* --theme auto asks the terminal only where one is drawn on, before
	 * curses starts: not one the explorer refuses (TERM=dumb), which
	 * must see no escape at all. */
	opt.theme = (int)theme_settle(opt.theme, opt.mode == CLI_EXPLORE &&
						 opt.color != COLOR_CHOICE_NEVER &&
						 term_addressable());
	/* No --seed: new drill questions each run, except in a --keys
	 * script, which must replay the same way every time. */
	if (opt.seed < 0 && opt.mode == CLI_KEYS)
		opt.seed = 1;
	else if (opt.seed < 0)
		opt.seed = (long long)(((unsigned long long)time(NULL) ^
					(unsigned long long)getpid() << 16) &
				       (unsigned long long)CLI_SEED_MAX);
	rc = model_file_load(&opt, &mf);
	if (rc == 0)
		rc = load_file_read(&opt, &matrix);
	if (rc == 0)
		rc = scene_file_check(&opt);
	opt.matrix_store = &matrix;
	/* --set against the width a model's config or a matrix gave */
	if (rc == 0 && (opt.model || opt.load) && opt.nset > 0 &&
	    !knob_args_check(opt.set, opt.nset,
			     &(struct settings){ opt.pe, opt.length,
						 opt.position, opt.dim },
			     l, err, sizeof err)) {
		say("%s", err);
		rc = EX_USAGE;
	}
	if (rc == 0)
		rc = finish_output(run_mode(&opt, l), l);
	model_file_free(&mf);
	pe_matrix_free(&matrix);
	return rc;
}
