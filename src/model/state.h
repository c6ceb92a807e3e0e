/* state.h - everything the explorer shows, as plain data, and the setters
 * that keep it consistent.
 *
 * The state holds the encoding parameters, the selected position and
 * dimension, the window of the matrix in view, the view shown and every
 * view's knobs, the overlays, the ':' line, the lesson followed and the
 * drill. Actions change it only through reduce() (reduce.h); the ':'
 * commands, lessons and the drill, which reduce() calls, use the setters
 * below, which never break the invariants. No I/O.
 *
 * Invariants after state_init() and after every setter:
 *   pe_params_valid(&s->cur.pe); 1 <= len <= PE_LEN_MAX; 0 <= pos < len;
 *   0 <= dim < d_model; 1 <= window.npos <= len,
 *   0 <= window.pos0 <= len - window.npos; 1 <= window.ndim <= d_model,
 *   0 <= window.dim0 <= d_model - window.ndim; 0 <= view < cat->count;
 *   every knob of every view inside the range its spec gives (catalog.h);
 *   the lesson cursor and the drill session valid (state_valid). */
#ifndef STATE_H
#define STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "engine/longrope.h"
#include "engine/pe.h"
#include "engine/pe_matrix.h"
#include "model/book.h"
#include "model/catalog.h"
#include "model/cmdline.h"
#include "model/drill_session.h"

/* What a model's config.json gives the explorer (:model FILE), read by a
 * function the mode hands the state (app/model_file.h): the model layer
 * itself reads no file. */
struct model_pick {
	char name[48];		/* for the status line */
	int width;		/* d_model: the rotated width, or a learned
				 * table's */
	double base;		/* its base; 0 for a learned table */
	long long train;	/* its trained length, or 0 */
	struct longrope_set longrope;	/* a longrope model's lists (the
				 * context view shows them), else none */
	struct rope_model rope;	/* its encoding, its scaling's settings
				 * for the context view (the lists travel
				 * in longrope: these pointers are NULL);
				 * all 0 where a caller knows no more than
				 * the numbers above */
};
typedef int (*model_reader)(const char *path, enum lang l,
			    struct model_pick *out, char *err, size_t n);

/* What the user tunes: the encoding and the selection. */
struct settings {
	struct pe_params pe;	/* d_model, base, layout */
	long long len;		/* number of positions, 1..PE_LEN_MAX */
	long long pos;		/* selected position, 0..len-1 */
	int dim;		/* selected dimension, 0..d_model-1 */
};

enum { MSG_MAX = 1024 };	/* room for :cmdline's command line with
				 * a --set for each of the knobs */
enum { STATE_SRC_MAX = 256 };	/* a --model or --load path kept for the
				 * screen's command line and scene, with its
				 * NUL: --model and --load refuse a longer
				 * one, which would come back cut */

/* A region a lesson step marks on the heatmap: dimensions or positions
 * lo..hi, both included, lo <= hi. */
enum highlight_kind { HL_NONE, HL_DIMS, HL_POS };
struct highlight {
	enum highlight_kind kind;	/* HL_NONE: nothing marked */
	long long lo, hi;		/* the range, inclusive */
};

/* What a ':' command asks the app to do with a scene (REACT_SCENE). */
enum scene_op {
	SCENE_SAVE,		/* :save FILE */
	SCENE_OPEN,		/* :open FILE */
	SCENE_CMDLINE,		/* :cmdline: show the command line */
	SCENE_CMDLINE_COPY,	/* :cmdline copy: and send it to the
				 * clipboard (OSC 52) */
	SCENE_SAVE_SETTINGS,	/* :save-settings: keep the look for every
				 * start (app/settings_file.h) */
	SCENE_SUGGEST		/* the save key: open the ':' line as
				 * "save NAME" with a name not taken */
};

/* Where the user is in the lessons (lesson_run.h). */
struct lesson_cursor {
	const struct lesson_book *book;	/* lessons to choose from, owned by
					 * the mode; NULL when none */
	int index;		/* open lesson in book, or -1 */
	int step;		/* its step shown, from 0 */
	bool focus;		/* the caption has the keys: arrows step */
	bool menu;		/* the lesson chooser is open */
	int sel;		/* the chooser's highlighted entry: 0 "no
				 * lesson", i the book's lesson i-1 */
	int typed;		/* the chooser: the digits of a lesson number
				 * typed so far (0: none) */
	int chosen;		/* the question of the step shown (lesson.h:
				 * "ask:"): 0 while it waits for an answer,
				 * else 1 + the option picked */
	int zoom_w, zoom_h;	/* the step shown zooms its focused panel on
				 * screens narrower than zoom_w or shorter
				 * than zoom_h (lesson.h: "zoom PANEL WxH");
				 * 0, 0: no such rule */
};

struct state {
	const struct catalog *cat;	/* the views; never NULL */
	struct settings cur;	/* what is shown now */
	struct settings start;	/* what 'r' returns to */
	struct pe_window window;	/* the part of the matrix in view */
	int view;		/* the view shown: an index into cat */
	int panel;		/* its focused panel, 0 .. npanels - 1 */
	bool zoomed;		/* that panel fills the body */
	double knob[VIEWS_MAX][VIEW_KNOBS_MAX];	/* each view's knobs */
	long long train;	/* the trained length L0, 1 .. PE_LEN_MAX:
				 * what context extension stretches and the
				 * attention view marks; a knob whose home is
				 * KNOB_HOME_TRAIN turns it (catalog.h) */
	int preset;		/* last preset applied (presets.h), or -1 */
	char model[48];		/* the model whose d_model and base were set
				 * (state_set_model), or "" */
	struct pe_params model_pe;	/* its d_model and base: the status
				 * line names it while they are shown */
	struct longrope_set longrope;	/* the lists of the model last set
				 * when it is a longrope one, else none
				 * (pairs 0): the context view's LongRoPE */
	struct rope_model model_rope;	/* the encoding of the model last
				 * set (model_pick.rope): the context view
				 * marks its scaling while it is shown
				 * (state_model_shown) */
	char model_src[STATE_SRC_MAX];	/* the word :model takes to show it again:
				 * a preset's name or the config's path as
				 * given; "" when none since the start
				 * values (state_model_source) */
	model_reader read_model;	/* reads :model FILE (0 or an exit
				 * status with one line), or NULL where no
				 * file may be read: :model is refused */
	const struct pe_matrix *matrix;	/* a learned matrix shown in place
				 * of the formula (--load), owned by the
				 * mode and read only; NULL: the formula.
				 * It fixes d_model (its width), the length
				 * (its rows) and the layout: the setters of
				 * those refuse with a message, and only the
				 * views whose spec says shows_matrix can
				 * be shown (state_set_view) */
	char matrix_name[64];	/* its file's name, for the status line and
				 * the inspector */
	char matrix_src[STATE_SRC_MAX];	/* the --load argument it came from, as
				 * given (FILE or FILE:TENSOR), for the
				 * command line of the screen */
	bool playing;		/* position sweep running */
	bool help;		/* '?' overlay shown */
	int help_top;		/* its first row shown, when it scrolls
				 * (help.h): 0 .. help_scroll_max */
	int screen_w, screen_h;	/* the screen's size, 0 when not known yet
				 * (state_set_screen) */
	struct cmdline cmd;	/* the ':' line */
	char msg[MSG_MAX];	/* one-line message for the bottom row, or "" */
	char export_to[256];	/* the file of :export FILE until the export
				 * is done, or "" (the export key's own name) */
	char scene_file[256];	/* the file of :save FILE or :open FILE
				 * until the app has done it, or "" */
	enum scene_op scene_op;	/* what the app is asked to do */
	bool msg_error;		/* msg is an error (drawn as such) */
	bool ascii;		/* panels write ASCII text only (no UTF-8) */
	enum lang lang;		/* language of everything the program says;
				 * set once by the mode that starts a run */
	struct lesson_cursor les;	/* the lesson followed, if any */
	struct highlight hl;	/* region marked by the lesson step */
	bool present;		/* presenter mode: bold captions (the key
				 * echo belongs to the explorer loop) */
	struct drill_session drill;	/* the interview drill, if one is on */
};

/* Sets s to show settings `start` (which must satisfy the invariants
 * above) with the views of cat, the whole matrix in view, every knob at
 * its start value, no overlay, English, no lesson. */
void state_init(struct state *s, const struct catalog *cat,
		const struct settings *start);

/* What a reset resets, shared by 'r' and the start of every lesson step:
 * the settings become `start` (and what 'r' returns to), the whole matrix
 * comes into view, every knob goes back to its start value, the preset is
 * forgotten and the sweep stops. The view shown, the language, the lesson,
 * the drill and the overlays stay. */
void state_reset(struct state *s, const struct settings *start);

/* Shows the loaded matrix m (its width and rows are d_model and the
 * length, which must already be the settings') in place of the formula,
 * named `name` (cut to fit). */
void state_set_matrix(struct state *s, const struct pe_matrix *m,
		      const char *name);

/* Sets the message line (text is copied and cut to MSG_MAX - 1 bytes on
 * a UTF-8 boundary). */
void state_message(struct state *s, bool error, const char *text);

/* Setters. Each clamps its value into range and keeps the invariants (the
 * selection, the window and the knobs follow). Setting d_model rounds an
 * odd value down to even. While a matrix is loaded, a change of d_model,
 * base, length or layout (and a preset or a model, which change them) is
 * refused with one line in the message row saying the file fixes them. */
void state_set_len(struct state *s, long long len);
void state_set_dmodel(struct state *s, long long d_model);
void state_set_base(struct state *s, double base);
void state_set_layout(struct state *s, enum pe_layout layout);
void state_set_pos(struct state *s, long long pos);
void state_set_dim(struct state *s, long long dim);
void state_set_view(struct state *s, int view);

/* Focuses panel i of the view shown (clamped to its panels). */
void state_set_panel(struct state *s, int i);

/* Tells the state the size of the screen it is drawn on (the app calls it
 * whenever that changes); what scrolls keeps inside what fits. */
void state_set_screen(struct state *s, int w, int h);

/* Shows positions lo..hi (0 <= lo <= hi < len) across the plots. */
void state_set_window_positions(struct state *s, long long lo, long long hi);

/* Shows dimensions lo..hi (0 <= lo <= hi < d_model) down the heatmap. */
void state_set_window_dims(struct state *s, long long lo, long long hi);

/* The whole matrix in view. */
void state_fit(struct state *s);

/* The view shown. */
const struct view_spec *state_view(const struct state *s);

/* Sets knob k of view v (clamped into its range). */
void state_set_knob(struct state *s, int v, int k, double value);

/* Sets the knob whose word is `word` (catalog_find_knob); false when no
 * view has such a knob. */
bool state_set_knob_named(struct state *s, const char *word, double value);

/* Sets the trained length L0 (clamped to 1 .. PE_LEN_MAX), and the knobs
 * that turn it. */
void state_set_train(struct state *s, long long len);

/* Knob k of the view shown. */
double state_view_knob(const struct state *s, int k);

/* Shows a shipped model's encoding as pick gives it: d_model (its rotated
 * width), base (kept when pick->base is 0: a learned table, which the
 * bottom line then says is not this formula) and trained length (kept
 * when 0), the context view's factor s its scaling's (kept when it has
 * none), and keeps its name (cut to fit) for the status line. source is
 * the config's path as it was given (for state_model_source). */
void state_set_model(struct state *s, const struct model_pick *pick,
		     const char *source);

/* The pick of model m called name: its width, base (0 for a learned
 * table), trained length, LongRoPE lists and encoding. */
void model_pick_make(struct model_pick *out, const struct rope_model *m,
		     const char *name);

/* Whether the model named by state_set_model is still what is shown (its
 * width and base): the status line names it, the context view marks its
 * scaling. */
bool state_model_shown(const struct state *s);

/* Applies parameter preset number i (presets.h): d_model, base and the
 * trained length L0. */
void state_set_preset(struct state *s, int i);

/* The word that makes ":model WORD" (or --model WORD) show the model last
 * applied again: the preset's name, or the config file's path as it was
 * given (relative paths from the folder pescope was started in); NULL
 * when no model or preset was applied since the start values. What was
 * changed after it (d_model, base, the length) is the settings' own.
 * Kept for the scenes, which save it; until they call it, it is there
 * for tests only (test_state.c). */
const char *state_model_source(const struct state *s);

/* The entries of the lesson chooser a page of it shows on s's screen:
 * what PgUp and PgDn move by (at least 1). */
int state_chooser_page(const struct state *s);

/* The lesson open in s, or NULL. */
const struct lesson *state_lesson(const struct state *s);

/* Checks the invariants; for tests, fuzzers and assertions. */
bool state_valid(const struct state *s);

/* Writes "d_model=N base=X len=L pos=P dim=I" into buf (size n), with base
 * printed in the shortest form that reads back as the same double; with a
 * matrix loaded, "FILE  d_model=N len=L pos=P dim=I" (it has no base).
 * Returns buf. The status bar and scripted sessions print exactly this. */
char *state_status(const struct state *s, char *buf, size_t n);

#endif
