/* catalog.h - the views, as data: what the model needs to know of them.
 *
 * Each view is one file in src/views/ that defines its struct view_spec,
 * and one row of the list in views/views.c, whose order gives the digit
 * keys (1-9; later views are reached with Tab and :view). Everything that
 * names views or turns their knobs reads the spec: keys, ':view', '--view',
 * the knob commands of lessons and the ':' line, the help overlay, --help,
 * --list views; tests/e2e/docs.sh checks the README's view table and the
 * man page's list against --list views.
 *
 * The model never includes a view: it is handed the catalog (state_init)
 * and calls the draw functions it holds only through views/screen.h.
 *
 * Knobs: a view has up to VIEW_KNOBS_MAX numbers of its own (an offset, a
 * threshold, which mistake is shown...). Their values live in the state
 * (state.knob), always inside the range the spec gives, which may follow
 * d_model; each knob has a word (the name lessons and the ':' line use:
 * "offset 5"), help text, and up to two steps, each bound to a pair of
 * keys (down, up). */
#ifndef CATALOG_H
#define CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"

enum {
	VIEWS_MAX = 16,		/* views a catalog may hold */
	VIEW_KNOBS_MAX = 6,	/* knobs of one view */
	KNOB_STEPS_MAX = 2	/* steps (key pairs) of one knob */
};

enum knob_kind {
	KNOB_INT,		/* an integer */
	KNOB_REAL,		/* a real number */
	KNOB_CHOICE		/* one of the names `choice` gives, stored as
				 * its index; lessons may also give its
				 * number from 1 */
};

/* The largest value of a knob: fixed, or following d_model. */
enum knob_top {
	KNOB_TOP_FIXED,		/* hi */
	KNOB_TOP_LAST_PAIR,	/* d/2 - 1, at least lo */
	KNOB_TOP_LAST_DIM	/* d - 1 */
};

/* The value a knob starts from. */
enum knob_start {
	KNOB_START_INIT,	/* `init` */
	KNOB_START_HALF_PAIRS,	/* half the pairs, d/4 */
	KNOB_START_LEN		/* the length */
};

/* Where a knob's value lives. */
enum knob_home {
	KNOB_HOME_VIEW,		/* the view's own slot of state.knob */
	KNOB_HOME_TRAIN		/* the state's trained length L0
				 * (state.train), which other views read
				 * too; the slot mirrors it */
};

enum step_how {
	STEP_ADD,		/* value +/- by */
	STEP_MUL,		/* value * or / by (integers round down) */
	STEP_CYCLE		/* the next or previous choice, wrapping */
};

struct knob_step {
	int down, up;		/* the keys (base/keycode.h codes) */
	enum step_how how;
	double by;		/* the step, or the factor */
	const char *help;	/* what the pair does: "offset k -/+1" (tr.h) */
};

struct state;

struct knob_spec {
	const char *word;	/* its name in lessons and on the ':' line */
	const char *help;	/* one line: what it sets (tr.h) */
	enum knob_kind kind;
	double lo, hi;		/* range (hi: with KNOB_TOP_FIXED) */
	enum knob_top top;
	enum knob_start start;
	double init;		/* with KNOB_START_INIT */
	enum knob_home home;	/* KNOB_HOME_VIEW unless it turns a setting
				 * of the state */
	double per_unit;	/* > 0: a step lands on a multiple of
				 * 1/per_unit (20: steps of 0.05 stay on
				 * 0.05, 0.10, ...) */
	const char *(*choice)(int i);	/* KNOB_CHOICE: the name of value i,
					 * 0 <= i <= hi */
	int nsteps;
	struct knob_step step[KNOB_STEPS_MAX];
	/* Whether its keys change what the view draws from s (the grid
	 * view's frames only with M-RoPE): the key hints at the bottom show
	 * only those that do. NULL: always. */
	bool (*acts)(const struct state *s);
};

struct canvas;
struct rect;

struct view_spec {
	const char *name;	/* for --view, :view and lessons */
	const char *title;	/* one line: what it shows (tr.h) */
	const char *point;	/* one sentence: what the eye must see on
				 * its screen, at every size (tr.h); the
				 * help overlay shows it */
	const char *said;	/* how a sentence names it, "clocks view"
				 * (tr.h: the Chinese says its Chinese
				 * name); NULL: "NAME view" */
	const char *command;	/* a ':' command of its own that shows it
				 * (":vector"), or NULL */
	const char *command_help;	/* that command's line in the help
					 * overlay (tr.h), with command */
	int nknobs;
	struct knob_spec knob[VIEW_KNOBS_MAX];
	/* Draws the view's body into r of c from s (views/screen.h calls
	 * it). ctx is the view's own context: ctx_size bytes, zeroed when
	 * the screen starts, kept between frames, freed with ctx_free. */
	void (*draw)(const struct state *s, void *ctx, struct canvas *c,
		     struct rect r);
	size_t ctx_size;
	void (*ctx_free)(void *ctx);	/* frees what ctx holds, or NULL */
	/* What a click at (x, y) inside the body r points at: the position
	 * and, where the view knows one, the dimension (else *dim = -1);
	 * false off every plot. NULL: nothing to click in this view. */
	bool (*hit)(const struct state *s, struct rect r, int x, int y,
		    long long *pos, int *dim);
	/* Panels the view is made of that one can focus (w/W, a click) and
	 * zoom to the whole body (F); below 2, none. */
	int npanels;
	/* Their names, npanels of them in focus order, as lesson steps name
	 * them ("focus heatmap", "zoom scores 100x30": lesson.h); NULL with
	 * fewer than 2 panels. */
	const char *const *panel_name;
	/* The panel under (x, y) of the body r, or -1 (with npanels >= 2). */
	int (*panel_at)(const struct state *s, struct rect r, int x, int y);
	/* Draws a loaded matrix (state.matrix) in place of the formula;
	 * false: the view draws only the formula and is refused while a
	 * matrix is loaded. */
	bool shows_matrix;
	/* The status line's parameters, into buf (n bytes), for a view
	 * that draws from its own and not from d_model, base and len (the
	 * grid view: its grid, θ and head dims); NULL: state_status's. */
	char *(*status)(const struct state *s, char *buf, size_t n);
};

/* The views in key order. */
struct catalog {
	const struct view_spec *const *view;
	int count;		/* 1 .. VIEWS_MAX */
};

/* The index of the view called name, or -1. */
int catalog_find(const struct catalog *cat, const char *name);

/* The names of the views that show a loaded matrix (shows_matrix), in
 * key order, "explore, spectrum", into buf (n bytes, cut to fit);
 * returns buf. */
char *catalog_matrix_views(const struct catalog *cat, char *buf, size_t n);

/* The index of the view whose own ':' command is `word`, or -1. */
int catalog_find_command(const struct catalog *cat, const char *word);

/* The view and knob whose word is `word`: returns true and sets *view and
 * *knob, or false. */
bool catalog_find_knob(const struct catalog *cat, const char *word,
		       int *view, int *knob);

/* The range of knob k for width d_model: [*lo, *hi]. */
void catalog_knob_range(const struct knob_spec *k, int d_model, double *lo,
			double *hi);

/* v brought into knob k's range for d_model, integers and choices rounded
 * down to whole numbers (NaN gives the lowest value). */
double catalog_knob_clamp(const struct knob_spec *k, int d_model, double v);

/* v moved by step st of knob k in direction dir (-1 or +1), then
 * clamped (catalog_knob_clamp). */
double catalog_knob_turn(const struct knob_spec *k,
			 const struct knob_step *st, int d_model, double v,
			 int dir);

/* Whether v is a value knob k may hold at d_model. */
bool catalog_knob_valid(const struct knob_spec *k, int d_model, double v);

/* Checks a catalog: 1..VIEWS_MAX views, unique view names and knob words,
 * every range non-empty, choices for every KNOB_CHOICE, steps with keys,
 * a help line for every view's own command.
 * Returns NULL, or a message naming what is wrong (for tests). */
const char *catalog_check(const struct catalog *cat);

#endif
