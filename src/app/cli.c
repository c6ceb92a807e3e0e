/* cli.c - the command line (see cli.h). */
#include "app/cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/knob_args.h"
#include "base/lang.h"
#include "base/numparse.h"
#include "base/tr.h"
#include "base/words.h"
#include "base/wrap.h"
#include "io/cast.h"
#include "io/export_raster.h"
#include "io/figure.h"
#include "io/series.h"
#include "model/book.h"
#include "model/command.h"
#include "model/params.h"
#include "model/presets.h"
#include "model/state.h"
#include "views/views.h"

/* Modes an option means something in, as bits (1 << enum cli_mode). */
enum {
	IN_EXPLORE = 1u << CLI_EXPLORE,
	IN_SNAPSHOT = 1u << CLI_SNAPSHOT,
	IN_DUMP = 1u << CLI_DUMP,
	IN_BENCH = 1u << CLI_BENCH,
	IN_VECTOR = 1u << CLI_VECTOR,
	IN_SERIES = 1u << CLI_SERIES,
	IN_EXPORT = 1u << CLI_EXPORT,
	IN_LIST_KEYS = 1u << CLI_LIST_KEYS,
	IN_LESSONS = 1u << CLI_LESSONS,
	IN_KEYS = 1u << CLI_KEYS,
	IN_LIST = 1u << CLI_LIST,
	IN_HANDOUT = 1u << CLI_HANDOUT,
	IN_WRITE = IN_DUMP | IN_VECTOR | IN_SERIES,	/* modes with -o */
	IN_SCREEN = IN_EXPLORE | IN_SNAPSHOT | IN_BENCH | IN_EXPORT | IN_KEYS,
	IN_ALL = IN_SCREEN | IN_WRITE
};

/* A setter stores a valid arg in opt and returns NULL, or returns why arg
 * was refused: a short phrase for the parentheses of the message (marked
 * N_(), shown through tr()), or "" for none. */
typedef const char *(*setter)(struct options *opt, const char *arg);

struct cli_option {
	const char *name;	/* long name, without "--" */
	char letter;		/* short name, or 0 for none */
	const char *arg;	/* argument name in --help; NULL for a flag */
	const char *help;	/* its line in --help, N_() */
	const char *accepts;	/* completes "--name must be ...", N_() */
	void (*words)(char *buf, size_t n, enum lang l);	/* when not
				 * NULL, the words the option takes ("a, b
				 * or c"), put where help and accepts say
				 * their first %s */
	const char *const *terms;	/* NULL, or words typed as they are
				 * (values, variable names) for the next %s
				 * of help and accepts, so that no
				 * translation holds an English word;
				 * ends with NULL, at most TERMS_MAX */
	const struct param_spec *param;	/* a core parameter (model/params.h),
				 * whose table gives its name, letter,
				 * argument, help, range and parser: the
				 * row sets only modes; or NULL */
	unsigned modes;		/* IN_ bits: where it may be given */
	enum cli_mode picks;	/* the mode it selects, CLI_EXPLORE for none */
	setter set;		/* NULL for options that only pick a mode */
};

/* Terms of one option, at most this many (cli_option.terms). */
#define TERMS_MAX 10
#define TERMS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* ---- the words some options take ---- */

/* A word an option accepts and the value it stands for; a list of them
 * ends with a NULL name. The setters and --list read the same lists. */
struct word {
	const char *name;	/* as typed on the command line */
	int value;		/* what the setter stores */
};

static const struct word formats[] = {
	{ "csv", DUMP_CSV }, { "tsv", DUMP_TSV }, { "npy", DUMP_NPY },
	{ NULL, 0 }
};
/* Number types by NumPy's name and by the short one (enum prec_dtype);
 * --dump npy takes the first two. */
static const struct word dtypes[] = {
	{ "float64", PREC_FP64 }, { "float32", PREC_FP32 },
	{ "float16", PREC_FP16 }, { "bfloat16", PREC_BF16 },
	{ "fp64", PREC_FP64 }, { "fp32", PREC_FP32 }, { "fp16", PREC_FP16 },
	{ "bf16", PREC_BF16 }, { NULL, 0 }
};
static const struct word series_kinds[] = {
	{ "wavelengths", SERIES_WAVELENGTHS },
	{ "similarity", SERIES_SIMILARITY },
	{ "wave", SERIES_WAVE }, { "rope-bound", SERIES_ROPE_BOUND },
	{ "rope-random", SERIES_ROPE_RANDOM },
	{ "scores", SERIES_SCORES }, { "collisions", SERIES_COLLISIONS },
	{ "bias", SERIES_BIAS }, { "grid2d", SERIES_GRID2D },
	{ "grid-ids", SERIES_GRID_IDS }, { NULL, 0 }
};
static const struct word scalings[] = {
	{ "none", SERIES_SCALE_NONE }, { "pi", SERIES_SCALE_PI },
	{ "ntk", SERIES_SCALE_NTK }, { "yarn", SERIES_SCALE_YARN },
	{ "dynamic", SERIES_SCALE_DYNAMIC }, { "llama3", SERIES_SCALE_LLAMA3 },
	{ NULL, 0 }
};
static const struct word colors[] = {
	{ "auto", COLOR_CHOICE_AUTO }, { "always", COLOR_CHOICE_ALWAYS },
	{ "never", COLOR_CHOICE_NEVER }, { NULL, 0 }
};
static const struct word themes[] = {
	{ "auto", -1 }, { "dark", THEME_DARK }, { "light", THEME_LIGHT },
	{ "any", THEME_ANY }, { NULL, 0 }
};
static const struct word depths[] = {
	{ "24bit", COLOR_RGB }, { "256", COLOR_256 }, { "16", COLOR_8 },
	{ "mono", COLOR_NONE }, { NULL, 0 }
};

/* Word i of the lists other modules keep, NULL after the last. */
static const char *view_word(int i)
{
	const struct catalog *c = views_catalog();

	return i < c->count ? c->view[i]->name : NULL;
}

/* Knob words are unique across the catalog (catalog_check): the i-th of
 * them in view order. */
static const char *knob_word(int i)
{
	const struct catalog *c = views_catalog();

	for (int v = 0; v < c->count; v++) {
		if (i < c->view[v]->nknobs)
			return c->view[v]->knob[i].word;
		i -= c->view[v]->nknobs;
	}
	return NULL;
}

/* The ':' commands but the knobs: the core parameters' words and
 * aliases (params.h), the other commands' (command.h), and the views' own
 * (":vector"), in that order. */
static const char *command_list_word(int i)
{
	const struct catalog *c = views_catalog();

	for (int p = 0; p < PARAM_COUNT; p++) {
		if (i-- == 0)
			return params[p].word;
		for (int a = 0; a < 2; a++)
			if (params[p].alias[a] && i-- == 0)
				return params[p].alias[a];
	}
	for (int k = 0; command_word(k); k++)
		if (i-- == 0)
			return command_word(k);
	for (int v = 0; v < c->count; v++)
		if (c->view[v]->command && i-- == 0)
			return c->view[v]->command;
	return NULL;
}

static const char *preset_word(int i)
{
	int n;
	const struct preset *p = presets_table(&n);

	return i < n ? p[i].name : NULL;
}

static const char *layout_word(int i)
{
	const char *const *w = params[PARAM_LAYOUT].words;

	for (int k = 0; k < i; k++)
		if (!w[k])
			return NULL;
	return w[i];
}

static const char *palette_word(int i)
{
	return i < PALETTE_COUNT ? palette_name((enum palette_id)i) : NULL;
}

static const char *lang_word(int i)
{
	return i < LANG_COUNT ? lang_name((enum lang)i) : NULL;
}

/* The options the settings file may set (app/settings_file.h), by their
 * long names: the look of the screen and where it starts. None picks a
 * mode or names a file, so the file cannot turn a start into something
 * else. */
static const char *const setting_words[] = {
	"theme", "palette", "lang", "colors", "present", "ascii", "view",
	"d-model", "base", "length", "position", "dim", "layout", NULL
};

static const char *config_word(int i)
{
	return i < (int)(sizeof setting_words / sizeof setting_words[0]) ?
	       setting_words[i] : NULL;
}

/* The lists of --list, each either a word list of this file or a function
 * that reads another module's table. */
static const struct {
	const char *what;		/* the WHAT of --list */
	const struct word *words;	/* this file's list, or NULL */
	const char *(*word)(int i);	/* or word i from elsewhere */
} lists[CLI_LIST_COUNT] = {
	[CLI_LIST_VIEWS] = { "views", NULL, view_word },
	[CLI_LIST_KNOBS] = { "knobs", NULL, knob_word },
	[CLI_LIST_COMMANDS] = { "commands", NULL, command_list_word },
	[CLI_LIST_PRESETS] = { "presets", NULL, preset_word },
	[CLI_LIST_MODELS] = { "models", NULL, preset_word },
	[CLI_LIST_LAYOUTS] = { "layouts", NULL, layout_word },
	[CLI_LIST_FORMATS] = { "formats", formats, NULL },
	[CLI_LIST_DTYPES] = { "dtypes", dtypes, NULL },
	[CLI_LIST_SERIES] = { "series", series_kinds, NULL },
	[CLI_LIST_SCALINGS] = { "scalings", scalings, NULL },
	[CLI_LIST_SCHEMES] = { "schemes", NULL, bias_scheme_word },
	[CLI_LIST_PALETTES] = { "palettes", NULL, palette_word },
	[CLI_LIST_THEMES] = { "themes", themes, NULL },
	[CLI_LIST_COLORS] = { "colors", colors, NULL },
	[CLI_LIST_DEPTHS] = { "depths", depths, NULL },
	[CLI_LIST_LANGS] = { "langs", NULL, lang_word },
	[CLI_LIST_CONFIG] = { "config", NULL, config_word },
	[CLI_LIST_LESSONS] = { "lessons", NULL, NULL },
};

const char *cli_list_word(enum cli_list which, int i)
{
	const struct word *w;

	if ((unsigned)which >= CLI_LIST_COUNT || i < 0)
		return NULL;
	if (lists[which].word)
		return lists[which].word(i);
	for (w = lists[which].words; w && w->name; w++)
		if (i-- == 0)
			return w->name;
	return NULL;
}

bool cli_list_value(enum cli_list which, const char *word, int *value)
{
	const struct word *w;

	if ((unsigned)which >= CLI_LIST_COUNT)
		return false;
	for (w = lists[which].words; w && w->name; w++)
		if (strcmp(w->name, word) == 0) {
			*value = w->value;
			return true;
		}
	return false;
}

const char *cli_list_name(enum cli_list which, int value)
{
	const struct word *w;

	if ((unsigned)which >= CLI_LIST_COUNT)
		return NULL;
	for (w = lists[which].words; w && w->name; w++)
		if (w->value == value)
			return w->name;
	return NULL;
}

static const char *what_word(int i)
{
	return i < CLI_LIST_COUNT ? lists[i].what : NULL;
}

/* "a, b, c or d" in language l of the k names, appended to dst (n bytes
 * in all). */
static void join_names(char *dst, size_t n, const char *const *names, int k,
		       enum lang l)
{
	for (int i = 0; i < k; i++) {
		size_t len = strlen(dst);

		snprintf(dst + len, n - len, "%s%s",
			 i == 0 ? "" : i == k - 1 ? tr(l, " or ") : tr(l, ", "),
			 names[i]);
	}
}

/* "a, b, c or d" of the words word(0), word(1), ... up to a NULL. */
static void list_words(char *buf, size_t n, const char *(*word)(int i),
		       enum lang l)
{
	const char *names[64];
	int k = 0;

	while (k < 64 && (names[k] = word(k)))
		k++;
	buf[0] = '\0';
	join_names(buf, n, names, k, l);
}

static void scheme_words(char *buf, size_t n, enum lang l)
{
	list_words(buf, n, bias_scheme_word, l);
}

static void view_words(char *buf, size_t n, enum lang l)
{
	list_words(buf, n, view_word, l);
}

static void preset_words(char *buf, size_t n, enum lang l)
{
	list_words(buf, n, preset_word, l);
}

static void what_words(char *buf, size_t n, enum lang l)
{
	list_words(buf, n, what_word, l);
}

/* The help or accepts text t of option o in language l, its words and
 * terms put in. */
static const char *option_text(const struct cli_option *o, const char *t,
			       enum lang l, char *buf, size_t n)
{
	char words[256];
	const char *a[TERMS_MAX + 1];
	int k = 0;

	if (o->words) {
		o->words(words, sizeof words, l);
		a[k++] = words;
	}
	for (int i = 0; o->terms && o->terms[i] && i < TERMS_MAX; i++)
		a[k++] = o->terms[i];
	while (k < TERMS_MAX + 1)
		a[k++] = "";
	/* t takes as many %s as it has words and terms; the rest of a is
	 * passed and not read. */
	snprintf(buf, n, tr(l, t), a[0], a[1], a[2], a[3], a[4], a[5], a[6],
		 a[7], a[8], a[9], a[10]);
	return buf;
}

/* ---- setters ---- */

/* Finds arg in words; -1 when absent. */
static int word_index(const char *arg, const struct word *words)
{
	for (int i = 0; words[i].name; i++)
		if (strcmp(arg, words[i].name) == 0)
			return i;
	return -1;
}

static const char *int_reason(enum numparse_status st)
{
	return st == NUMPARSE_OK ? NULL : numparse_reason(st);
}

/* A core parameter: parsed by its table against the widest range (the
 * position and dim are checked against the length and d_model once all
 * options are read: check_all), stored in opt. */
static const char *set_param(struct options *opt, const struct param_spec *p,
			     const char *arg)
{
	double v;
	const char *why = param_parse(p, arg, NULL, &v);

	if (why)
		return why;
	switch ((enum param_id)(p - params)) {
	case PARAM_D:
		opt->pe.d_model = (int)v;
		break;
	case PARAM_BASE:
		opt->pe.base = v;
		break;
	case PARAM_LEN:
		opt->length = (long long)v;
		break;
	case PARAM_POS:
		opt->position = (long long)v;
		break;
	case PARAM_DIM:
		opt->dim = (int)v;
		break;
	default:
		opt->pe.layout = (enum pe_layout)v;
		break;
	}
	return NULL;
}

static const char *set_dump(struct options *opt, const char *arg)
{
	int i = word_index(arg, formats);

	if (i < 0)
		return "";
	opt->format = (enum dump_format)formats[i].value;
	return NULL;
}

static const char *set_output(struct options *opt, const char *arg)
{
	if (*arg == '\0')
		return numparse_reason(NUMPARSE_EMPTY);
	opt->output = arg;
	return NULL;
}

static const char *set_export(struct options *opt, const char *arg)
{
	if (figure_kind(arg) < 0 && !cast_name(arg))
		return "";
	opt->export_path = arg;
	return NULL;
}

static const char *set_png_scale(struct options *opt, const char *arg)
{
	long long v;
	enum numparse_status st = numparse_int(arg, 1, EXPORT_RASTER_SCALE_MAX,
					       &v);

	if (st == NUMPARSE_OK)
		opt->png_scale = (int)v;
	return int_reason(st);
}

static const char *set_scene(struct options *opt, const char *arg)
{
	if (*arg == '\0')
		return numparse_reason(NUMPARSE_EMPTY);
	opt->scene = arg;
	return NULL;
}

static const char *set_record(struct options *opt, const char *arg)
{
	if (*arg == '\0')
		return numparse_reason(NUMPARSE_EMPTY);
	opt->record = arg;
	return NULL;
}

static const char *set_keys(struct options *opt, const char *arg)
{
	if (*arg == '\0')
		return numparse_reason(NUMPARSE_EMPTY);
	opt->keys = arg;
	return NULL;
}

static const char *set_dtype(struct options *opt, const char *arg)
{
	int i = word_index(arg, dtypes);

	if (i < 0)
		return "";
	opt->number_type = (enum prec_dtype)dtypes[i].value;
	opt->dtype = opt->number_type == PREC_FP32 ? DUMP_FLOAT32 : DUMP_FLOAT64;
	return NULL;
}

static const char *set_size(struct options *opt, const char *arg)
{
	char w[32];
	const char *x = strpbrk(arg, "xX");
	long long vw, vh;
	enum numparse_status st;

	if (!x)
		return *arg ? N_("no 'x' between width and height")
			    : numparse_reason(NUMPARSE_EMPTY);
	if ((size_t)(x - arg) >= sizeof w)
		return numparse_reason(NUMPARSE_RANGE);
	memcpy(w, arg, (size_t)(x - arg));
	w[x - arg] = '\0';
	st = numparse_int(w, 1, CLI_SIZE_MAX, &vw);
	if (st == NUMPARSE_OK)
		st = numparse_int(x + 1, 1, CLI_SIZE_MAX, &vh);
	if (st != NUMPARSE_OK)
		return numparse_reason(st);
	opt->width = (int)vw;
	opt->height = (int)vh;
	return NULL;
}

static const char *set_color(struct options *opt, const char *arg)
{
	int i = word_index(arg, colors);

	if (i < 0)
		return "";
	opt->color = (enum color_choice)colors[i].value;
	return NULL;
}

static const char *set_colors(struct options *opt, const char *arg)
{
	int i = word_index(arg, depths);

	if (i < 0)
		return "";
	opt->colors = depths[i].value;
	return NULL;
}

static const char *set_force(struct options *opt, const char *arg)
{
	(void)arg;
	opt->force = true;
	return NULL;
}

static const char *set_ascii(struct options *opt, const char *arg)
{
	(void)arg;
	opt->ascii = true;
	return NULL;
}

static const char *set_frames(struct options *opt, const char *arg)
{
	long long v;
	enum numparse_status st = numparse_int(arg, 1, CLI_FRAMES_MAX, &v);

	if (st == NUMPARSE_OK)
		opt->frames = (int)v;
	return int_reason(st);
}

static const char *set_view(struct options *opt, const char *arg)
{
	int id = catalog_find(views_catalog(), arg);

	if (id < 0)
		return "";
	opt->view = id;
	return NULL;
}

/* --set WORD=VALUE: the word now, the value in check_all (its range may
 * follow a -d given later). */
static const char *set_knob(struct options *opt, const char *arg)
{
	if (!knob_arg_word_ok(arg))
		return "";
	if (opt->nset == CLI_SETS_MAX)
		return N_("too many --set");
	opt->set[opt->nset++] = arg;
	return NULL;
}

static const char *set_drill(struct options *opt, const char *arg)
{
	(void)arg;
	opt->drill = true;
	return NULL;
}

static const char *set_seed(struct options *opt, const char *arg)
{
	return int_reason(numparse_int(arg, 0, CLI_SEED_MAX, &opt->seed));
}

static const char *set_lesson(struct options *opt, const char *arg)
{
	if (*arg == '\0')
		return numparse_reason(NUMPARSE_EMPTY);
	opt->lesson = arg;
	return NULL;
}

static const char *set_handout(struct options *opt, const char *arg)
{
	return set_lesson(opt, arg);
}

/* The upper bound depends on the lesson, which is checked when it loads. */
static const char *set_step(struct options *opt, const char *arg)
{
	long long v;
	enum numparse_status st = numparse_int(arg, 1, LESSON_STEPS_MAX, &v);

	if (st == NUMPARSE_OK)
		opt->step = (int)v;
	return int_reason(st);
}

static const char *set_lang(struct options *opt, const char *arg)
{
	enum lang l;

	if (lang_from_name(arg, &l) != 0)
		return "";
	opt->lang = (int)l;
	return NULL;
}

static const char *set_palette(struct options *opt, const char *arg)
{
	opt->palette_given = true;
	return palette_from_name(arg, &opt->palette) == 0 ? NULL : "";
}

static const char *set_theme(struct options *opt, const char *arg)
{
	int i = word_index(arg, themes);

	if (i < 0)
		return "";
	opt->theme = themes[i].value;
	return NULL;
}

static const char *set_no_config(struct options *opt, const char *arg)
{
	(void)arg;
	opt->no_config = true;
	return NULL;
}

static const char *set_present(struct options *opt, const char *arg)
{
	(void)arg;
	opt->present = true;
	return NULL;
}

static const char *set_preset(struct options *opt, const char *arg)
{
	int id = presets_find(arg);

	if (id < 0)
		return "";
	opt->preset = id;
	return NULL;
}

/* --model NAME is --preset NAME (one table); a FILE is read by main
 * (model_file.h). */
static const char *set_model(struct options *opt, const char *arg)
{
	if (!arg[0])
		return "";
	if (!presets_word_is_file(arg))
		return set_preset(opt, arg);
	if (strlen(arg) >= STATE_SRC_MAX)
		return N_("a path of at most 255 bytes");
	opt->model = arg;
	return NULL;
}

static const char *set_load(struct options *opt, const char *arg)
{
	if (!arg[0])
		return "";
	if (strlen(arg) >= STATE_SRC_MAX)
		return N_("a path of at most 255 bytes");
	opt->load = arg;	/* read by main: load_file.h */
	return NULL;
}

static const char *set_vector(struct options *opt, const char *arg)
{
	return int_reason(numparse_double(arg, 0.0, (double)PE_LEN_MAX,
					  NUMPARSE_CLOSED, &opt->vector_pos));
}

static const char *set_series(struct options *opt, const char *arg)
{
	int i = word_index(arg, series_kinds);

	if (i < 0)
		return "";
	opt->series = series_kinds[i].value;
	return NULL;
}

static const char *set_scheme(struct options *opt, const char *arg)
{
	for (int i = 0; bias_scheme_word(i); i++)
		if (strcmp(arg, bias_scheme_word(i)) == 0) {
			opt->scheme = i;
			return NULL;
		}
	return "";
}

static const char *set_scaling(struct options *opt, const char *arg)
{
	int i = word_index(arg, scalings);

	if (i < 0)
		return "";
	opt->stretch.how = (enum series_scaling)scalings[i].value;
	return NULL;
}

static const char *set_scale(struct options *opt, const char *arg)
{
	return int_reason(numparse_double(arg, 1.0, 1024.0, NUMPARSE_CLOSED,
					  &opt->stretch.s));
}

static const char *set_train(struct options *opt, const char *arg)
{
	long long v;
	enum numparse_status st = numparse_int(arg, 1, PE_LEN_MAX, &v);

	if (st == NUMPARSE_OK)
		opt->stretch.train = (double)v;
	return int_reason(st);
}

static const char *set_list(struct options *opt, const char *arg)
{
	for (int i = 0; i < CLI_LIST_COUNT; i++)
		if (strcmp(arg, lists[i].what) == 0) {
			opt->list = (enum cli_list)i;
			return NULL;
		}
	return "";
}

/* ---- the table ---- */

/* One row per option, in --help order. `picks` is left out (CLI_EXPLORE)
 * for options that do not choose a mode. Read a row through row_at, which
 * fills in a core parameter's fields from its table. */
static const struct cli_option table[] = {
	{ .param = &params[PARAM_D], .modes = IN_ALL },
	{ .param = &params[PARAM_BASE], .modes = IN_ALL },
	{ .param = &params[PARAM_LEN], .modes = IN_ALL },
	{ .param = &params[PARAM_POS], .modes = IN_ALL },
	{ .param = &params[PARAM_DIM], .modes = IN_ALL },
	{ .param = &params[PARAM_LAYOUT], .modes = IN_ALL },
	{ .name = "view", .arg = "NAME",
	  .help = N_("start in view NAME: %s (default %s)"),
	  .accepts = "%s", .words = view_words, .terms = TERMS("explore"),
	  .modes = IN_SCREEN, .set = set_view },
	{ .name = "set", .arg = "WORD=VALUE",
	  .help = N_("set a knob of a view to a value: %s, with the words and "
		     "ranges %s lists (as in lessons and on the : line); may be "
		     "given again"),
	  .accepts = N_("%s with a knob's word from %s"),
	  .terms = TERMS("WORD=VALUE", "--list knobs"),
	  .modes = IN_SCREEN | IN_SERIES, .set = set_knob },
	{ .name = "preset", .arg = "NAME",
	  .help = N_("start from a preset: %s (transformer is d 512, base "
		     "1e4; the heads are 128 wide)"),
	  .accepts = "%s", .words = preset_words,
	  .modes = IN_ALL, .set = set_preset },
	{ .name = "model", .arg = "FILE",
	  .help = N_("start from a preset (%s, as --preset) or a model's %s: "
		     "its rotated width as d_model, its %s as the base, its "
		     "trained length; --dump-series %s writes its wavelengths "
		     "with its scaling (%s)"),
	  .accepts = N_("a preset (%s) or a file name with a / or .json"),
	  .words = preset_words,
	  .terms = TERMS("Hugging Face config.json", "rope_theta",
			 "wavelengths",
			 "linear, dynamic, yarn, longrope, llama3"),
	  .modes = IN_ALL, .set = set_model },
	{ .name = "load", .arg = "FILE",
	  .help = N_("show a learned position matrix, positions by "
		     "dimensions, from %s (FILE:TENSOR; without TENSOR, its "
		     "2-D tensors are listed) in place of the formula"),
	  .accepts = N_("a file name"),
	  .terms = TERMS(".npy or .safetensors"),
	  .modes = IN_DUMP | IN_SERIES | IN_EXPLORE | IN_SNAPSHOT | IN_EXPORT |
		   IN_KEYS | IN_BENCH, .set = set_load },
	{ .name = "lesson", .arg = "NAME",
	  .help = N_("open a guided lesson: its name or number from "
		     "--lessons, or a lesson file: a path with a /, or a file "
		     "in the current folder"),
	  .accepts = N_("a lesson name, number or file"),
	  .modes = IN_SCREEN, .set = set_lesson },
	{ .name = "scene", .arg = "FILE",
	  .help = N_("start from a scene saved with %s: its view, model, "
		     "settings, knobs, theme, palette and language (the "
		     "options given win over its theme, palette and language, "
		     "and they over the settings file's; %s applies on top)"),
	  .accepts = N_("a file name"),
	  .terms = TERMS(":save FILE", "--set"),
	  .modes = IN_SCREEN, .set = set_scene },
	{ .name = "step", .arg = "N",
	  .help = N_("start the lesson at step N (default 1)"),
	  .accepts = N_("an integer from 1 to 20"),
	  .modes = IN_SCREEN, .set = set_step },
	{ .name = "lessons",
	  .help = N_("list the lessons, one line each, and exit"),
	  .modes = IN_LESSONS, .picks = CLI_LESSONS },
	{ .name = "no-config",
	  .help = N_("do not read the settings file, %s (else %s): its "
		     "lines give the options of %s their values, which the "
		     "command line's replace"),
	  .terms = TERMS("$XDG_CONFIG_HOME/pescope/config",
			 "~/.config/pescope/config", "--list config"),
	  .modes = IN_ALL | IN_LIST | IN_LESSONS | IN_LIST_KEYS,
	  .set = set_no_config },
	{ .name = "lang", .arg = "WORD",
	  .help = N_("language of lessons, drill and help, and of what the "
		     "command line prints (--help and messages): en or zh "
		     "(default: zh when %s, %s or %s starts with zh)"),
	  .accepts = N_("en or zh"),
	  .terms = TERMS("LC_ALL", "LC_MESSAGES", "LANG"),
	  .modes = IN_SCREEN | IN_LESSONS | IN_LIST | IN_HANDOUT,
	  .set = set_lang },
	{ .name = "palette", .arg = "NAME",
	  .help = N_("heat colours: rdbu (blue, white, red) or puor (purple, "
		     "white, orange: colour-blind safe) (default rdbu, puor "
		     "with --present)"),
	  .accepts = N_("rdbu or puor"),
	  .modes = IN_SCREEN | IN_HANDOUT, .set = set_palette },
	{ .name = "theme", .arg = "WORD",
	  .help = N_("colours for the terminal's background: %s, %s, %s "
		     "(colours that read on black and on white alike) or %s "
		     "(the default: %s if set, else, in a terminal, its "
		     "answer to an %s query if it comes within 0.1 s, else "
		     "%s)"),
	  .accepts = N_("%s, %s, %s or %s"),
	  .terms = TERMS("dark", "light", "any", "auto", "COLORFGBG",
			 "OSC 11", "any"),
	  .modes = IN_SCREEN | IN_HANDOUT, .set = set_theme },
	{ .name = "present",
	  .help = N_("presenter mode: echo keys and commands on screen, bold "
		     "captions with room around them, colour-blind safe colours "
		     "(P in the explorer)"),
	  .modes = IN_SCREEN, .set = set_present },
	{ .name = "drill",
	  .help = N_("start with the interview drill: questions on the "
		     "encoding, answered, then shown live in the view that "
		     "explains them (D in the explorer)"),
	  .modes = IN_EXPLORE | IN_SNAPSHOT | IN_EXPORT | IN_KEYS,
	  .set = set_drill },
	{ .name = "seed", .arg = "N",
	  .help = N_("draw the drill's questions from seed N, 0 to "
		     "4294967295, to repeat a drill exactly (default: a new "
		     "seed each run; 1 in a --keys script); for --dump-series "
		     "%s, the seed of its random q and k (default 1)"),
	  .accepts = N_("an integer from 0 to 4294967295"),
	  .terms = TERMS("rope-random"),
	  .modes = IN_EXPLORE | IN_SNAPSHOT | IN_EXPORT | IN_KEYS | IN_SERIES,
	  .set = set_seed },
	{ .name = "dump", .arg = "FORMAT",
	  .help = N_("write the L x d matrix as csv, tsv or npy and exit"),
	  .accepts = N_("csv, tsv or npy"),
	  .modes = IN_DUMP, .picks = CLI_DUMP, .set = set_dump },
	{ .name = "dump-series", .arg = "KIND",
	  .help = N_("write a CSV series and exit: %s (pair,wavelength), %s "
		     "(offset,similarity for offsets 0 to L-1), %s "
		     "(position,value of the dimension -i), %s (offset,bound: "
		     "RoFormer's decay bound for offsets 0 to L-1), %s "
		     "(offset,mean_abs_score: the mean |RoPE score| of "
		     "random q and k of seed --seed, for offsets 0 to L-1), "
		     "%s (p,q,added,rope: attention scores for p and q below L, "
		     "at most 4096), %s (position,stored: the positions "
		     "below L that the number type of --dtype stores like the "
		     "one before), %s (frame,row,col,sim: the grid view's map), "
		     "%s (token,t,h,w) or %s (offset,bias: what --scheme adds "
		     "to a score, offsets -(L-1) to L-1)"),
	  .accepts = N_("%s, %s, %s, %s, %s, %s, %s, %s, %s or %s"),
	  .terms = TERMS("wavelengths", "similarity", "wave", "rope-bound",
			 "rope-random", "scores", "collisions", "grid2d",
			 "grid-ids", "bias"),
	  .modes = IN_SERIES, .picks = CLI_SERIES, .set = set_series },
	{ .name = "scheme", .arg = "NAME",
	  .help = N_("%s: the scheme of --dump-series %s (default %s); its "
		     "knobs by --set"),
	  .accepts = "%s", .words = scheme_words, .terms = TERMS("bias", "t5"),
	  .modes = IN_SERIES, .set = set_scheme },
	{ .name = "scaling", .arg = "WORD",
	  .help = N_("%s, %s, %s, %s, %s (from the length -n) or %s (default "
		     "%s): the stretch of --dump-series %s, a trained length L0 "
		     "made S times longer as Hugging Face's code computes it (ntk: "
		     "bloc97's formula; transformers has no static NTK)"),
	  .accepts = N_("%s, %s, %s, %s, %s or %s"),
	  .terms = TERMS("none", "pi", "ntk", "yarn", "dynamic", "llama3",
			 "none", "wavelengths"),
	  .modes = IN_SERIES, .set = set_scaling },
	{ .name = "scale", .arg = "S",
	  .help = N_("the factor of --scaling, 1 to 1024"),
	  .accepts = N_("a number from 1 to 1024"),
	  .modes = IN_SERIES, .set = set_scale },
	{ .name = "train", .arg = "N",
	  .help = N_("the trained length L0 of --scaling, 1 to 1e9"),
	  .accepts = N_("an integer from 1 to 1e9"),
	  .modes = IN_SERIES, .set = set_train },
	{ .name = "vector", .arg = "P",
	  .help = N_("print PE(P), one line per dimension (index, then value "
		     "at full precision) and exit; P from 0 to 1e9, fractions "
		     "allowed; a header says how many decimals hold (about 6 "
		     "at P = 1e9)"),
	  .accepts = N_("a number from 0 to 1e9"),
	  .modes = IN_VECTOR, .picks = CLI_VECTOR, .set = set_vector },
	{ .name = "output", .letter = 'o', .arg = "FILE",
	  .help = N_("where --dump, --dump-series, --vector and --handout "
		     "write, replaced atomically; - is standard output (the "
		     "default; not for --handout)"),
	  .accepts = N_("a file name or -"),
	  .modes = IN_WRITE | IN_HANDOUT, .set = set_output },
	{ .name = "dtype", .arg = "TYPE",
	  .help = N_("number type: float64 or float32 for --dump npy (default "
		     "float64); %s, %s, float32 or float64 for --dump-series "
		     "%s (default %s); also written bf16, fp16, fp32, fp64"),
	  .accepts = N_("float64, float32, %s, %s, fp64, fp32, fp16 or bf16"),
	  .terms = TERMS("bfloat16", "float16", "collisions", "bfloat16"),
	  .modes = IN_DUMP | IN_SERIES, .set = set_dtype },
	{ .name = "force",
	  .help = N_("start a --dump or --dump-series estimated at more than "
		     "a minute of work (without it, such a job is refused "
		     "with its estimate)"),
	  .modes = IN_DUMP | IN_SERIES, .set = set_force },
	{ .name = "snapshot",
	  .help = N_("print the explorer's screen once as text and exit "
		     "(needs no terminal); with --keys, the last screen of the "
		     "session"),
	  .modes = IN_SNAPSHOT | IN_KEYS, .picks = CLI_SNAPSHOT },
	{ .name = "keys", .arg = "FILE",
	  .help = N_("run the session recorded in FILE (- for standard input: "
		     "%s, %s, %s, %s, %s, %s, %s lines; # starts a comment, \\# "
		     "is a #) headless and print the status line at the end"),
	  .accepts = N_("a file name or -"),
	  .terms = TERMS("key", "text", "cmd", "click", "wheel", "resize",
			 "tick"),
	  .modes = IN_KEYS, .picks = CLI_KEYS, .set = set_keys },
	{ .name = "export", .arg = "FILE",
	  .help = N_("write the screen to FILE and exit: FILE.svg, FILE.png or "
		     "FILE.pdf a picture (for slides; PNG and PDF need a build "
		     "with librsvg), FILE.txt plain text, FILE.%s text with "
		     "colours (ANSI escapes); with --keys, FILE.%s the session "
		     "as an asciicast v2 recording; replaced atomically"),
	  .accepts = N_("a file name ending in .svg, .png, .pdf, .txt, .%s or "
			".%s"),
	  .terms = TERMS("ans", "cast"),
	  .modes = IN_EXPORT | IN_KEYS, .picks = CLI_EXPORT,
	  .set = set_export },
	{ .name = "png-scale", .arg = "N",
	  .help = N_("pixels per cell of --export FILE.png: N times 10 x 20, "
		     "N from 1 to 8 (default 1)"),
	  .accepts = N_("an integer from 1 to 8"),
	  .modes = IN_EXPORT | IN_KEYS, .set = set_png_scale },
	{ .name = "handout", .arg = "LESSON",
	  .help = N_("write a handout of a lesson (a name, number or file, "
		     "as --lesson takes) to -o FILE and exit: FILE.pdf a page "
		     "per step, its figure, question and caption, then a page "
		     "of answers (needs a build with librsvg); FILE.md %s, "
		     "its figures FILE-01.png and on beside it"),
	  .accepts = N_("a lesson name, number or file"),
	  .terms = TERMS("Markdown"),
	  .modes = IN_HANDOUT, .picks = CLI_HANDOUT, .set = set_handout },
	{ .name = "record", .arg = "FILE",
	  .help = N_("write what you do in the explorer to FILE as a --keys "
		     "script, with comments for views and lessons; replaced "
		     "atomically when the explorer ends"),
	  .accepts = N_("a file name"),
	  .modes = IN_EXPLORE, .set = set_record },
	{ .name = "size", .arg = "WxH",
	  .help = N_("screen size for --snapshot, --export, --handout, --keys "
		     "and --bench, 1x1 to 1000x1000 (default 120x40)"),
	  .accepts = N_("WIDTHxHEIGHT with both from 1 to 1000"),
	  .modes = IN_SNAPSHOT | IN_EXPORT | IN_BENCH | IN_KEYS | IN_HANDOUT,
	  .set = set_size },
	{ .name = "color", .arg = "WHEN",
	  .help = N_("colour: %s, %s or %s (default %s: colour when standard "
		     "output is a terminal and %s is unset or empty)"),
	  .accepts = N_("%s, %s or %s"),
	  .terms = TERMS("auto", "always", "never", "auto", "NO_COLOR"),
	  .modes = IN_EXPLORE | IN_SNAPSHOT | IN_BENCH | IN_KEYS,
	  .set = set_color },
	{ .name = "colors", .arg = "DEPTH",
	  .help = N_("colour depth, for terminals that announce theirs "
		     "wrongly: 24bit, 256, 16 or %s (default: what the "
		     "terminal says; 24-bit also when %s is %s or 24bit); in "
		     "snapshots, the depth of --color %s"),
	  .accepts = N_("24bit, 256, 16 or %s"),
	  .terms = TERMS("mono", "COLORTERM", "truecolor", "always"),
	  .modes = IN_EXPLORE | IN_SNAPSHOT | IN_KEYS,
	  .set = set_colors },
	{ .name = "ascii",
	  .help = N_("draw with %s characters only"),
	  .terms = TERMS("ASCII"),
	  .modes = IN_SCREEN | IN_LIST_KEYS, .set = set_ascii },
	{ .name = "bench",
	  .help = N_("time the drawing path and print one line"),
	  .modes = IN_BENCH, .picks = CLI_BENCH },
	{ .name = "frames", .arg = "N",
	  .help = N_("frames for --bench, 1 to 1000000 (default 500)"),
	  .accepts = N_("an integer from 1 to 1000000"),
	  .modes = IN_BENCH, .set = set_frames },
	{ .name = "list", .arg = "WHAT",
	  .help = N_("print the words an option accepts, one per line, and "
		     "exit (for shell completion): %s; %s of --dump, %s of "
		     "--dump-series, %s of --colors, %s for --lesson in the "
		     "language of --lang"),
	  .accepts = "%s", .words = what_words,
	  .terms = TERMS("formats", "series", "depths", "lessons"),
	  .modes = IN_LIST, .picks = CLI_LIST, .set = set_list },
	{ .name = "list-keys",
	  .help = N_("print the key bindings as a %s table and exit (with "
		     "--ascii: key names without arrows)"),
	  .terms = TERMS("Markdown"),
	  .modes = IN_LIST_KEYS, .picks = CLI_LIST_KEYS },
	{ .name = "help", .letter = 'h',
	  .help = N_("show this help and exit"),
	  .modes = IN_ALL, .picks = CLI_HELP },
	{ .name = "version", .letter = 'V',
	  .help = N_("show the version and exit"),
	  .modes = IN_ALL, .picks = CLI_VERSION },
};

#define NOPTS ((int)(sizeof table / sizeof table[0]))

/* Row i of the table, a core parameter's fields filled in from its table. */
static struct cli_option row_at(int i)
{
	struct cli_option o = table[i];
	const struct param_spec *p = o.param;

	if (p) {
		o.name = p->option;
		o.letter = p->letter;
		o.arg = p->arg;
		o.help = p->help;
		o.accepts = p->accepts;
	}
	return o;
}

/* getopt_long returns LONG_BASE + row for a long option. */
#define LONG_BASE 256

/* The row for getopt_long's return value c (or optopt); -1 for none. */
static int row_of(int c)
{
	if (c >= LONG_BASE && c < LONG_BASE + NOPTS)
		return c - LONG_BASE;
	for (int i = 0; i < NOPTS; i++)
		if (row_at(i).letter && row_at(i).letter == c)
			return i;
	return -1;
}

/* The row of the long option `name`, which must exist. */
static int row_named(const char *name)
{
	int i = 0;

	while (strcmp(row_at(i).name, name) != 0)
		i++;
	return i;
}

/* ---- messages ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}

/* s quoted for a message (words_quote), at most 40 bytes of it. */
static const char *quoted(const char *s, char *dst, size_t n)
{
	return words_quote(s, strlen(s), 40, dst, n);
}

/* "--snapshot or --bench": the modes in the IN_ bits `modes`, in l. */
static void modes_text(unsigned modes, char *dst, size_t n, enum lang l)
{
	const char *names[NOPTS + 1];
	char dashed[NOPTS + 1][32];
	int k = 0;

	if (modes & IN_EXPLORE)
		names[k++] = tr(l, "the explorer");
	for (int i = 0; i < NOPTS; i++)
		if (table[i].picks != CLI_EXPLORE &&
		    (modes & (1u << table[i].picks)) &&
		    table[i].picks != CLI_HELP && table[i].picks != CLI_VERSION) {
			snprintf(dashed[k], sizeof dashed[k], "--%s",
				 row_at(i).name);
			names[k] = dashed[k];
			k++;
		}
	dst[0] = '\0';
	join_names(dst, n, names, k, l);
}

/* The getopt_long tables for `table`. */
static void build_getopt(struct option *longopts, char *shortopts)
{
	char *s = shortopts;

	*s++ = ':';	/* report a missing argument as ':' */
	for (int i = 0; i < NOPTS; i++) {
		longopts[i] = (struct option){
			row_at(i).name,
			row_at(i).arg ? required_argument : no_argument,
			NULL, LONG_BASE + i
		};
		if (row_at(i).letter) {
			*s++ = row_at(i).letter;
			if (row_at(i).arg)
				*s++ = ':';
		}
	}
	*s = '\0';
	longopts[NOPTS] = (struct option){ NULL, 0, NULL, 0 };
}

/* ---- the language of the messages ---- */

/* The last value of --lang on the command line that names a language
 * (-1 when none does), and whether --ascii is there: a quiet getopt pass
 * over all of argv, so that options before a bad one count too. */
static int lang_asked(int argc, char **argv, bool *ascii)
{
	struct option longopts[NOPTS + 1];
	char shortopts[2 + 2 * NOPTS];
	int chosen = -1, lang_row = row_named("lang");
	int ascii_row = row_named("ascii");

	build_getopt(longopts, shortopts);
	*ascii = false;
	optind = 0;
	opterr = 0;
	for (int c; (c = getopt_long(argc, argv, shortopts, longopts,
				     NULL)) != -1;) {
		enum lang l;

		if (row_of(c) == ascii_row)
			*ascii = true;
		else if (row_of(c) == lang_row && optarg)
			chosen = lang_from_name(optarg, &l) == 0 ? (int)l : -1;
	}
	optind = 0;
	return chosen;
}

enum lang cli_lang(int argc, char **argv)
{
	char why[CLI_ERR_MAX];
	bool ascii;
	int asked = lang_asked(argc, argv, &ascii);
	int l = lang_settle(asked, ascii, why, sizeof why);

	return l == LANG_ZH ? LANG_ZH : LANG_EN;
}

/* ---- parsing ---- */

/* The defaults: explorer, d_model 512, base 10000, interleaved, length 128,
 * position 0, dim 0, csv to stdout, float64, 120x40, colour auto, 500
 * frames. */
static void cli_defaults(struct options *opt)
{
	*opt = (struct options){
		.mode = CLI_EXPLORE,
		/* d 128, len 128, chosen by looking at 80x24 to 120x40: the
		 * heatmap's rows swing from red to blue in its top half and are
		 * flat below, the change about halfway down
		 * (tests/unit/test_startup.c); with d 512, 13 to 21 pairs share
		 * a pixel row and the fast rows average pale, and with len 256
		 * a column averages 3.7 positions at 80x24 and so does the
		 * fastest pair. Position 10, not 0, where every clock dial and
		 * every pair reads (0, 1) alike. */
		.pe = { .d_model = 128, .base = 10000.0,
			.layout = PE_INTERLEAVED },
		.length = 128,
		.position = 10,
		.dim = 0,
		.scheme = BIAS_T5,
		.format = DUMP_CSV,
		.dtype = DUMP_FLOAT64,
		.number_type = PREC_FP64,
		.output = NULL,
		.width = 120,
		.height = 40,
		.color = COLOR_CHOICE_AUTO,
		.colors = TERM_DEPTH_AUTO,
		.ascii = false,
		.frames = 500,
		.view = 0,
		.preset = -1,
		.lang = -1,
		.palette = PALETTE_RDBU,
		.theme = -1,
		.seed = -1,
		.png_scale = 1,
	};
}

/* The message for getopt_long's '?' or ':'. */
static bool getopt_error(int c, char **argv, enum lang l, char *err,
			 size_t errlen)
{
	char q[64];
	int row = row_of(optopt);

	if (c == ':' && row >= 0) {
		char text[CLI_ERR_MAX];

		return fail(err, errlen, tr(l, "--%s needs a value: %s"),
			    row_at(row).name,
			    option_text(&table[row], row_at(row).accepts, l,
					text, sizeof text));
	}
	if (c == '?' && optopt >= LONG_BASE && row >= 0)	/* "--ascii=1" */
		return fail(err, errlen, tr(l, "--%s takes no value, got \"%s\""),
			    row_at(row).name, quoted(argv[optind - 1], q,
						    sizeof q));
	if (optopt) {
		char s[3] = { '-', (char)optopt, '\0' };
		return fail(err, errlen,
			    tr(l, "unknown option \"%s\" (see pescope --help)"),
			    quoted(s, q, sizeof q));
	}
	return fail(err, errlen,
		    tr(l, "unknown or ambiguous option \"%s\" (see pescope "
		       "--help)"),
		    quoted(argv[optind - 1], q, sizeof q));
}

/* --scaling, --scale and --train: for the wavelengths series only; a
 * scaling other than none needs both numbers, none takes neither. */
static bool check_stretch(const struct options *opt, const char *const *given,
			  enum lang l, char *err, size_t errlen)
{
	bool how = given[row_named("scaling")] != NULL;
	bool s = given[row_named("scale")] != NULL;
	bool t = given[row_named("train")] != NULL;

	if (given[row_named("scheme")] && opt->series != SERIES_BIAS)
		return fail(err, errlen, tr(l, "--scheme only works with "
			    "--dump-series %s"), "bias");
	if ((how || s || t) && opt->series != SERIES_WAVELENGTHS)
		return fail(err, errlen, tr(l, "--scaling, --scale and --train "
			    "only work with --dump-series %s"), "wavelengths");
	if (opt->stretch.how == SERIES_SCALE_NONE && (s || t))
		return fail(err, errlen, tr(l, "--scale and --train need "
			    "--scaling %s"), "pi, ntk, yarn, dynamic, llama3");
	if (opt->stretch.how != SERIES_SCALE_NONE && !(s && t))
		return fail(err, errlen, tr(l, "--scaling %s needs --scale S "
			    "and --train N"), scalings[opt->stretch.how].name);
	return true;
}

/* Whether path names a handout: ends in .pdf or .md (any case), with a
 * name before the dot. */
static bool handout_name(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	const char *name = slash ? slash + 1 : path;
	const char *dot = name ? strrchr(name, '.') : NULL;

	return dot && dot > name && (strcasecmp(dot, ".pdf") == 0 ||
				     strcasecmp(dot, ".md") == 0);
}

/* Checks that come after all options are read, so order does not matter:
 * one mode at most, options that apply to it, and ranges that depend on
 * other options. */
static bool check_all(struct options *opt, const char *const *given,
		      enum lang l, char *err, size_t errlen)
{
	char q[64], m[CLI_ERR_MAX / 2];
	int row;
	int picked = -1;

	for (int i = 0; i < NOPTS; i++) {
		if (!given[i] || table[i].picks == CLI_EXPLORE)
			continue;
		/* --keys FILE --snapshot: a session, then its last screen */
		if (table[i].picks == CLI_SNAPSHOT && opt->keys) {
			opt->keys_snapshot = true;
			continue;
		}
		/* --keys FILE --export FILE: the session written to a file */
		if (table[i].picks == CLI_EXPORT && opt->keys)
			continue;
		if (picked >= 0 && table[i].picks != table[picked].picks)
			return fail(err, errlen,
				    tr(l, "--%s and --%s cannot be used together"),
				    row_at(picked).name, row_at(i).name);
		picked = i;
	}
	opt->mode = picked >= 0 ? table[picked].picks : CLI_EXPLORE;

	for (int i = 0; i < NOPTS; i++) {
		if (!given[i] || (table[i].modes & (1u << opt->mode)))
			continue;
		modes_text(table[i].modes, m, sizeof m, l);
		if (row_at(i).arg)
			return fail(err, errlen,
				    tr(l, "--%s \"%s\" only works with %s"),
				    row_at(i).name, quoted(given[i], q, sizeof q),
				    m);
		return fail(err, errlen, tr(l, "--%s only works with %s"),
			    row_at(i).name, m);
	}

	if (opt->export_path && cast_name(opt->export_path) && !opt->keys)
		return fail(err, errlen, tr(l, "--export \"%s\" needs --keys "
			    "FILE: a recording is made of a session"),
			    quoted(opt->export_path, q, sizeof q));
	if (given[row_named("png-scale")] &&
	    (!opt->export_path ||
	     figure_kind(opt->export_path) != FIGURE_PNG))
		return fail(err, errlen, tr(l, "--png-scale only works with "
			    "--export FILE.png"));
	if (opt->mode == CLI_HANDOUT && !opt->output)
		return fail(err, errlen, tr(l, "--handout needs -o FILE.pdf or "
			    "-o FILE.md"));
	if (opt->mode == CLI_HANDOUT && !handout_name(opt->output))
		return fail(err, errlen, tr(l, "--handout needs -o FILE.pdf or "
			    "-o FILE.md, got \"%s\""),
			    quoted(opt->output, q, sizeof q));
	if (given[row_named("step")] && !opt->lesson)
		return fail(err, errlen, tr(l, "--step only works with --lesson"));
	if (opt->scene && (opt->lesson || opt->drill))
		return fail(err, errlen, tr(l, "--scene only works without "
			    "--lesson and --drill"));
	if (opt->nset > 0 && opt->lesson)
		return fail(err, errlen, tr(l, "--set only works without "
			    "--lesson: each step of a lesson sets its own knobs"));
	if (opt->present && !opt->palette_given)
		opt->palette = PALETTE_PUOR;
	/* A model's config sets d_model, base and the stretch itself. */
	if (opt->model && (given[row_named("d-model")] ||
			   given[row_named("base")] || opt->preset >= 0))
		return fail(err, errlen, tr(l, "--model sets d_model and the "
			    "base: leave out -d, -b and --preset"));
	if (opt->model && (given[row_named("scaling")] ||
			   given[row_named("scale")] ||
			   given[row_named("train")]))
		return fail(err, errlen, tr(l, "--model brings its own scaling: "
			    "leave out --scaling, --scale and --train"));
	/* A loaded matrix fixes d_model and the length; -p and -i are
	 * checked against it once it is read (load_file.h). */
	if (opt->load && (given[row_named("d-model")] ||
			  given[row_named("base")] ||
			  given[row_named("length")] || opt->preset >= 0 ||
			  opt->model))
		return fail(err, errlen, tr(l, "--load FILE fixes d_model and "
			    "the length: leave out -d, -b, -n, --preset and "
			    "--model"));
	if (opt->load && !given[row_named("position")])
		opt->position = 0;
	/* A preset sets d_model and base unless -d or -b say otherwise,
	 * whatever the order they come in. */
	if (opt->preset >= 0) {
		int n;
		const struct preset *p = presets_table(&n) + opt->preset;
		if (!given[row_named("d-model")])
			opt->pe.d_model = p->d_model;
		if (!given[row_named("base")])
			opt->pe.base = p->base;
	}
	row = row_named("dtype");
	if (given[row] && opt->mode == CLI_DUMP && opt->format != DUMP_NPY)
		return fail(err, errlen, tr(l, "--dtype \"%s\" only works with "
			    "--dump npy, not --dump %s"),
			    quoted(given[row], q, sizeof q),
			    opt->format == DUMP_CSV ? "csv" : "tsv");
	if (given[row] && opt->mode == CLI_DUMP &&
	    opt->number_type != PREC_FP64 && opt->number_type != PREC_FP32)
		return fail(err, errlen, tr(l, "--dtype \"%s\" only works with "
			    "--dump-series %s; --dump npy writes float64 or "
			    "float32"), quoted(given[row], q, sizeof q),
			    "collisions");
	if (given[row] && opt->mode == CLI_SERIES &&
	    opt->series != SERIES_COLLISIONS)
		return fail(err, errlen, tr(l, "--dtype only works with --dump "
			    "npy or --dump-series %s"), "collisions");
	if (!given[row] && opt->series == SERIES_COLLISIONS)
		opt->number_type = PREC_BF16;	/* the one that collides first */
	if (opt->mode == CLI_SERIES && opt->seed < 0)
		opt->seed = 1;	/* a series is the same every run */
	if (opt->mode == CLI_SERIES && opt->series == SERIES_SCORES &&
	    opt->length > SERIES_SCORES_MAX)
		return fail(err, errlen, tr(l, "--dump-series %s writes L x L "
			    "rows: --length must be at most %d, got %lld"),
			    "scores", SERIES_SCORES_MAX, opt->length);
	if (!check_stretch(opt, given, l, err, errlen))
		return false;
	row = row_named("position");
	if (!opt->load && !given[row] && opt->position >= opt->length)
		opt->position = opt->length - 1;	/* the default, clamped */
	if (!opt->load && opt->position >= opt->length)
		return fail(err, errlen, tr(l, "--position must be an integer "
			    "from 0 to %lld (below the length %lld), got \"%s\""),
			    opt->length - 1, opt->length,
			    quoted(given[row], q, sizeof q));
	row = row_named("dim");
	if (!given[row] && opt->dim >= opt->pe.d_model)
		opt->dim = opt->pe.d_model - 1;	/* the settings', clamped */
	/* A model's config or a matrix brings its own width: -i is checked
	 * against it once read (model_file.h, load_file.h). */
	if (opt->dim >= opt->pe.d_model && !opt->load && !opt->model)
		return fail(err, errlen, tr(l, "--dim must be an integer from 0 "
			    "to %d (below d_model %d), got \"%s\""),
			    opt->pe.d_model - 1, opt->pe.d_model,
			    quoted(given[row], q, sizeof q));
	/* last: the knobs' ranges follow the d_model the rest gives (a
	 * model's or a matrix's, once read: main checks them then) */
	return opt->nset == 0 || opt->model || opt->load ||
	       knob_args_check(opt->set, opt->nset,
			       &(struct settings){ opt->pe, opt->length,
						   opt->position, opt->dim },
			       l, err, errlen);
}

/* Option row i refuses arg for reason why (setter): the message. */
static bool refused(int i, const char *arg, const char *why, enum lang l,
		    char *err, size_t errlen)
{
	char q[64], text[CLI_ERR_MAX];

	option_text(&table[i], row_at(i).accepts, l, text, sizeof text);
	quoted(arg, q, sizeof q);
	if (*why)
		return fail(err, errlen,
			    tr(l, "--%s must be %s, got \"%s\" (%s)"),
			    row_at(i).name, text, q, tr(l, why));
	return fail(err, errlen, tr(l, "--%s must be %s, got \"%s\""),
		    row_at(i).name, text, q);
}

/* Gives row i's option the value arg (NULL for a flag): NULL, or why
 * not (a setter's answer). */
static const char *apply(struct options *opt, int i, const char *arg)
{
	return table[i].param ? set_param(opt, table[i].param, arg) :
	       table[i].set ? table[i].set(opt, arg) : NULL;
}

bool cli_setting(struct options *opt, const struct cli_setting *set,
		 enum lang l, char *err, size_t errlen)
{
	char q[64];
	const char *why;
	int i = -1;

	for (int k = 0; setting_words[k]; k++)
		if (strcmp(set->word, setting_words[k]) == 0)
			i = row_named(setting_words[k]);
	if (i < 0)
		return fail(err, errlen, tr(l, "\"%s\" is not a setting (see "
					    "%s)"), quoted(set->word, q, sizeof q),
			    "pescope --list config");
	if (!row_at(i).arg) {	/* a flag: yes, or no for as without it */
		if (strcmp(set->value, "yes") == 0)
			return !apply(opt, i, NULL);
		if (strcmp(set->value, "no") == 0)
			return true;
		return fail(err, errlen, tr(l, "%s must be %s or %s, got "
					    "\"%s\""), set->word, "yes", "no",
			    quoted(set->value, q, sizeof q));
	}
	why = apply(opt, i, set->value);
	return !why || refused(i, set->value, why, l, err, errlen);
}

bool cli_mode_draws(enum cli_mode m)
{
	return ((1u << m) & IN_SCREEN) != 0;
}

bool cli_parse(int argc, char **argv, struct options *opt, char *err,
	       size_t errlen)
{
	return cli_parse_settings(argc, argv, NULL, 0, opt, err, errlen);
}

bool cli_parse_settings(int argc, char **argv, const struct cli_setting *set,
			int nset, struct options *opt, char *err,
			size_t errlen)
{
	struct option longopts[NOPTS + 1];
	char shortopts[2 + 2 * NOPTS];
	const char *given[NOPTS] = { NULL };	/* last value of each option
						 * given; "" for a flag */
	enum lang l = cli_lang(argc, argv);

	cli_defaults(opt);
	/* the settings first: the command line's options replace them */
	for (int k = 0; k < nset; k++)
		if (!cli_setting(opt, &set[k], l, err, errlen))
			return false;
	opt->argv0 = argc > 0 ? argv[0] : NULL;
	opt->argc = argc;
	opt->argv = argv;
	build_getopt(longopts, shortopts);
	/* Start afresh, even after an earlier parse: 0 is glibc's reset, and
	 * the BSDs' and macOS's getopt_long (OpenBSD's getopt_long.c) take
	 * it the same way. */
	optind = 0;
	opterr = 0;	/* we write the messages */
	for (;;) {
		int c = getopt_long(argc, argv, shortopts, longopts, NULL);
		if (c == -1)
			break;
		if (c == '?' || c == ':')
			return getopt_error(c, argv, l, err, errlen);
		int i = row_of(c);
		if (table[i].picks == CLI_HELP || table[i].picks == CLI_VERSION) {
			opt->mode = table[i].picks;
			return true;
		}
		given[i] = optarg ? optarg : "";
		const char *why = apply(opt, i, optarg);
		if (why)
			return refused(i, optarg, why, l, err, errlen);
	}
	if (optind < argc) {
		char q[64];

		return fail(err, errlen, tr(l, "unexpected argument \"%s\" "
			    "(see pescope --help)"),
			    quoted(argv[optind], q, sizeof q));
	}
	return check_all(opt, given, l, err, errlen);
}

/* ---- --help ---- */

/* Prints text wrapped at word boundaries (and between Chinese characters:
 * base/wrap.h) to end before column 80 by display width: the first line
 * after `pad` spaces, the others after `indent`. */
static void print_wrapped(FILE *f, const char *text, int indent, int pad)
{
	int n = wrap_lines(text, 79 - indent, NULL, 0);
	struct wrap_line *line = n > 0 ? malloc((size_t)n * sizeof *line) : NULL;

	if (!line) {	/* nothing to print, or no memory: the text unwrapped */
		if (n > 0)
			fprintf(f, "%*s%s\n", pad, "", text);
		return;
	}
	wrap_lines(text, 79 - indent, line, n);
	for (int i = 0; i < n; i++)
		fprintf(f, "%*s%.*s\n", i == 0 ? pad : indent, "",
			(int)line[i].len, text + line[i].off);
	free(line);
}

void cli_usage(FILE *f, enum lang l)
{
	const int col = 26;	/* where the help texts start */
	char text[CLI_ERR_MAX * 4];

	fprintf(f, "%s\n\n", tr(l, "Usage: pescope [OPTION]..."));
	snprintf(text, sizeof text, tr(l, "Explore the sinusoidal positional "
		 "encoding of Transformers in the terminal: the L x d matrix "
		 "as a heatmap, the waveform of each dimension, and how "
		 "similar positions are. Without an option that writes or "
		 "renders something (%s) it starts the interactive explorer."),
		 tr(l, "--dump, --dump-series, --vector, --snapshot, --export, "
		    "--handout, --keys, --bench, --lessons, --list-keys"));
	print_wrapped(f, text, 0, 0);
	fprintf(f, "\n%s\n", tr(l, "Options:"));
	for (int i = 0; i < NOPTS; i++) {
		const struct cli_option row = row_at(i), *o = &row;
		int n;
		if (o->letter)
			n = fprintf(f, "  -%c, --%s", o->letter, o->name);
		else
			n = fprintf(f, "      --%s", o->name);
		if (o->arg)
			n += fprintf(f, " %s", o->arg);
		if (n >= col - 1) {
			fputc('\n', f);
			n = 0;
		}
		print_wrapped(f, option_text(o, o->help, l, text, sizeof text),
			      col, col - n);
	}
	fputc('\n', f);
	print_wrapped(f, tr(l, "Numbers may be written 512, 1e4 or 2.5e3; "
			    "integers must be whole."), 0, 0);
	print_wrapped(f, tr(l, "Exit status: 0 on success, 64 for a bad "
			    "command line, 65 for a lesson or --keys file that "
			    "does not load, 66 when one cannot be found, 69 "
			    "without a usable terminal, 71 when out of memory, "
			    "73 when the output cannot be created, 74 for an "
			    "I/O error, 128+N when ended by signal N."), 0, 0);
}
