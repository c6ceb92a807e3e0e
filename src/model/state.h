/* state.h - everything the explorer shows, and the one function that changes it.
 *
 * The state is plain data: the encoding parameters, the selected position and
 * dimension, the visible window of the matrix, the overlays and the ':' line.
 * state_apply() turns one action into a new state and returns what the caller
 * must do next (redraw, quit). It does no I/O, so keys, mouse events, scripts
 * and fuzzers all drive the program through the same path, without a terminal.
 *
 * Invariants after state_init() and after every state_apply():
 *   pe_params_valid(&s->cur.pe); 1 <= len <= PE_LEN_MAX; 0 <= pos < len;
 *   0 <= dim < d_model; 1 <= view.npos <= len, 0 <= view.pos0 <= len - view.npos;
 *   1 <= view.ndim <= d_model, 0 <= view.dim0 <= d_model - view.ndim;
 *   view_id < VIEW_COUNT and every knob inside the range its comment gives. */
#ifndef STATE_H
#define STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/drill_session.h"
#include "base/lang.h"
#include "engine/pe.h"

/* What the user tunes: the encoding and the selection. */
struct settings {
	struct pe_params pe;	/* d_model, base, layout */
	long long len;		/* number of positions, 1..PE_LEN_MAX */
	long long pos;		/* selected position, 0..len-1 */
	int dim;		/* selected dimension, 0..d_model-1 */
};

/* The window of the matrix the heatmap shows; the waveform and similarity
 * plots share its position range. */
struct viewport {
	long long pos0;		/* first visible position */
	long long npos;		/* visible positions, >= 1 */
	int dim0;		/* first visible dimension */
	int ndim;		/* visible dimensions, >= 1 */
};

enum { CMD_MAX = 128, MSG_MAX = 160 };

/* The screens, one key (1..VIEW_COUNT) each; views.h describes them. */
enum view_id {
	VIEW_EXPLORE,		/* heatmap, waveforms, similarity, inspector */
	VIEW_SPECTRUM,		/* wavelength of every pair against the length */
	VIEW_CLOCKS,		/* pairs as rotating hands; offsets as rotations */
	VIEW_BANDS,		/* similarity over fast, slow and all pairs */
	VIEW_LAYOUTS,		/* interleaved and concatenated side by side */
	VIEW_CONTEXT,		/* base presets and context extension */
	VIEW_BUGS,		/* common implementation mistakes */
	VIEW_VECTOR,		/* PE(pos) as numbers */
	VIEW_COUNT
};

/* How many implementation mistakes the bugs view knows (enum pe_bug in pe_variants.h). */
enum { BUG_KINDS = 6 };

/* The knobs of the views (each view reads the ones it needs). */
struct view_knobs {
	long long offset;	/* clocks: offset k, 1..PE_LEN_MAX */
	int split;		/* bands: first slow pair, 1..d/2-1 */
	double threshold;	/* bands: similarity threshold, 0.05..0.95 */
	long long train_len;	/* context: trained length L0, 1..PE_LEN_MAX */
	double scale;		/* context: extension factor s, 1..1024 */
	int bug;		/* bugs: which mistake is shown */
	long long scroll;	/* vector: first dimension listed */
};

/* A region a lesson step marks on the heatmap: dimensions or positions
 * lo..hi, both included, lo <= hi (lesson_run.h). */
enum highlight_kind { HL_NONE, HL_DIMS, HL_POS };
struct highlight {
	enum highlight_kind kind;	/* HL_NONE: nothing marked */
	long long lo, hi;		/* the range, inclusive */
};

struct lesson_book;	/* lesson.h */

/* Where the user is in the lessons (lesson_run.h). */
struct lesson_cursor {
	const struct lesson_book *book;	/* lessons to choose from, owned by
					 * the mode; NULL when none */
	int index;		/* open lesson in book, or -1 */
	int step;		/* its step shown, from 0 */
	bool focus;		/* the caption has the keys: arrows step */
	bool menu;		/* the lesson chooser is open */
	int sel;		/* the chooser's highlighted entry */
};

struct state {
	struct settings cur;	/* what is shown now */
	struct settings start;	/* what 'r' returns to */
	struct viewport view;	/* heatmap window */
	enum view_id view_id;	/* the screen shown */
	struct view_knobs knobs;	/* per-view settings */
	int preset;		/* last preset applied (presets.h), or -1 */
	bool playing;		/* position sweep running */
	bool help;		/* '?' overlay shown */
	bool cmd_active;	/* ':' line open */
	char cmd[CMD_MAX];	/* text typed after ':' (NUL-terminated) */
	size_t cmd_len;		/* bytes in cmd */
	char msg[MSG_MAX];	/* one-line message for the bottom row, or "" */
	bool msg_error;		/* msg is an error (drawn as such) */
	bool ascii;		/* panels write ASCII text only (no UTF-8) */
	enum lang lang;		/* language of lesson captions, drill text and
				 * the help overlay (lang.h); set once by
				 * session_init, read by everything that talks */
	struct lesson_cursor les;	/* the lesson followed, if any */
	struct highlight hl;	/* region marked by the lesson step */
	bool present;		/* presenter mode: large captions (the key
				 * echo belongs to the explorer loop) */
	struct drill_session drill;	/* the interview drill, if one is on */
};

/* Actions: what a key, a click or a script line asks for. `arg` is a signed
 * step (-1/+1) for the relative actions, or a value for the absolute ones. */
enum action_kind {
	ACT_NONE,
	ACT_POS_STEP,		/* pos += arg */
	ACT_POS_PAGE,		/* pos += arg * max(1, len/10) */
	ACT_POS_FIRST,		/* pos = 0 */
	ACT_POS_LAST,		/* pos = len - 1 */
	ACT_DIM_STEP,		/* dim += arg */
	ACT_DMODEL_STEP,	/* d_model += 2*arg */
	ACT_DMODEL_SCALE,	/* d_model *2 (arg > 0) or /2 (arg < 0) */
	ACT_BASE_FINE,		/* base * 10^(arg/4) */
	ACT_BASE_COARSE,	/* base * 10^arg */
	ACT_LEN_FINE,		/* len * 2^arg */
	ACT_LEN_COARSE,		/* len * 10^arg */
	ACT_LAYOUT_TOGGLE,	/* interleaved <-> concat */
	ACT_ZOOM,		/* arg > 0: zoom in 2x on both axes around the
				 * selection; arg < 0: out */
	ACT_ZOOM_AT,		/* like ACT_ZOOM, centred on position pos_at and
				 * dimension dim_at (mouse wheel) */
	ACT_ZOOM_FIT,		/* show the whole matrix */
	ACT_PAN_POS,		/* move the window by arg quarters of its width */
	ACT_PAN_DIM,		/* move the window by arg quarters of its height */
	ACT_SELECT,		/* pos = pos_at, and dim = dim_at when >= 0 */
	ACT_PLAY_TOGGLE,	/* start / stop the position sweep */
	ACT_TICK,		/* one step of the sweep (no-op when stopped) */
	ACT_RESET,		/* back to the start settings, whole matrix */
	ACT_HELP_TOGGLE,	/* show / hide the '?' overlay */
	ACT_ESCAPE,		/* close the overlay or the ':' line, clear msg */
	ACT_CMD_OPEN,		/* open the ':' line */
	ACT_CMD_CHAR,		/* append code point arg to the ':' line */
	ACT_CMD_BACKSPACE,	/* delete the last character of the ':' line */
	ACT_CMD_SUBMIT,		/* run the ':' line */
	ACT_VIEW_SET,		/* show view number arg */
	ACT_VIEW_NEXT,		/* next (arg > 0) or previous view */
	ACT_KNOB_A,		/* the view's first knob, down / up by arg */
	ACT_KNOB_B,		/* the view's second knob, down / up by arg */
	ACT_PRESET_NEXT,	/* next (arg > 0) or previous parameter preset */
	ACT_DRILL_START,	/* start the interview drill (drill_session.h) */
	ACT_DRILL_CHAR,		/* drill: add character arg to the answer */
	ACT_DRILL_BACKSPACE,	/* drill: delete the last character typed */
	ACT_DRILL_SUBMIT,	/* drill: check the answer (empty: show it) */
	ACT_DRILL_NEXT,		/* drill: next question (skips an unanswered one) */
	ACT_DRILL_END,		/* drill: end with the summary, or close it */
	ACT_DRILL_REVISIT,	/* drill summary: open missed question arg (0-based) */
	ACT_LESSON_STEP,	/* next (arg > 0) or previous lesson step */
	ACT_LESSON_RESTORE,	/* back to the state of the step shown */
	ACT_LESSON_FOCUS,	/* give the caption the arrow keys / take them */
	ACT_LESSON_MENU,	/* open / close the lesson chooser */
	ACT_LESSON_MENU_MOVE,	/* chooser: highlight the entry arg rows down */
	ACT_LESSON_OPEN,	/* open lesson arg of the book (0-based) at its
				 * first step; -1 closes the lesson */
	ACT_PRESENT_TOGGLE,	/* presenter mode on / off */
	ACT_EXPORT,		/* save the screen as a figure: state_apply only
				 * asks for it (REACT_EXPORT), the caller writes */
	ACT_QUIT
};

struct action {
	enum action_kind kind;
	long long arg;		/* step or code point, see enum action_kind */
	long long pos_at;	/* ACT_SELECT, ACT_ZOOM_AT: position */
	int dim_at;		/* ACT_SELECT, ACT_ZOOM_AT: dimension or -1 */
};

/* What state_apply asks of its caller. */
enum {
	REACT_NONE = 0,
	REACT_REDRAW = 1 << 0,	/* something visible changed */
	REACT_QUIT = 1 << 1,	/* leave the program, status 0 */
	REACT_EXPORT = 1 << 2	/* write the screen to a file (export.h) and
				 * put where in the message line */
};

/* Sets s to show settings `start` (which must satisfy the invariants above)
 * with the whole matrix in view and no overlay. */
void state_init(struct state *s, const struct settings *start);

/* Applies a to s and returns REACT_* flags. Never breaks the invariants: a
 * step that would leave a range is clamped, and one that cannot be taken
 * leaves s unchanged with an explanation in s->msg. */
unsigned state_apply(struct state *s, const struct action *a);

/* Sets the message line (printf-style is left to callers; text is copied and
 * cut to MSG_MAX - 1 bytes on a UTF-8 boundary). */
void state_message(struct state *s, bool error, const char *text);

/* Setters shared by keys and ':' commands. Each clamps its value into range
 * and keeps the invariants (the selection and the window follow). Setting
 * d_model rounds an odd value down to even. */
void state_set_len(struct state *s, long long len);
void state_set_dmodel(struct state *s, long long d_model);
void state_set_pos(struct state *s, long long pos);
void state_set_dim(struct state *s, long long dim);

/* Applies parameter preset number i (presets.h): d_model and base, and the
 * view's knobs where the preset names them. */
void state_set_preset(struct state *s, int i);

/* Checks the invariants; for tests, fuzzers and assertions. */
bool state_valid(const struct state *s);

/* Writes "d_model=N base=X len=L pos=P dim=I" into buf (size n), with base
 * printed in the shortest form that reads back as the same double. Returns
 * buf. The status bar and scripted sessions print exactly this. */
char *state_status(const struct state *s, char *buf, size_t n);

#endif
