/* action.h - what a key, a click, a ':' command or a script line asks for,
 * and what the reducer answers.
 *
 * An action is plain data; reduce() (reduce.h) is the one function that
 * applies it to the state. Producers (keys.h, views/screen.h for the
 * mouse, the ':' line, lessons, the drill, --keys scripts, the key mash)
 * never change the state themselves. */
#ifndef ACTION_H
#define ACTION_H

/* `arg` is a signed step (-1/+1) for the relative actions, or a value for
 * the absolute ones. */
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
	ACT_SELECT,		/* pos = pos_at, and dim = dim_at when >= 0;
				 * focus panel `knob` when >= 0 */
	ACT_PLAY_TOGGLE,	/* start / stop the position sweep */
	ACT_TICK,		/* one step of the sweep (no-op when stopped) */
	ACT_RESET,		/* back to the start settings, whole matrix */
	ACT_HELP_TOGGLE,	/* show / hide the '?' overlay */
	ACT_HELP_SHOW,		/* show the '?' overlay (':help') */
	ACT_HELP_SCROLL,	/* scroll the help by arg rows (help.h) */
	ACT_HELP_PAGE,		/* scroll the help by arg pages */
	ACT_ESCAPE,		/* close the overlay or the ':' line, clear msg */
	ACT_CMD_OPEN,		/* open the ':' line */
	ACT_CMD_CHAR,		/* insert code point arg at the ':' line's cursor */
	ACT_CMD_BACKSPACE,	/* delete the character before the cursor */
	ACT_CMD_DELETE,		/* delete the character under the cursor */
	ACT_CMD_MOVE,		/* cursor arg characters left (< 0) or right */
	ACT_CMD_HOME,		/* cursor to the start of the line */
	ACT_CMD_END,		/* cursor to its end */
	ACT_CMD_KILL_START,	/* delete from the start to the cursor */
	ACT_CMD_KILL_END,	/* delete from the cursor to the end */
	ACT_CMD_KILL_WORD,	/* delete the word before the cursor */
	ACT_CMD_RECALL,		/* an older (arg < 0) or newer line run before */
	ACT_CMD_SUBMIT,		/* run the ':' line */
	ACT_VIEW_SET,		/* show view number arg of the catalog */
	ACT_VIEW_NEXT,		/* next (arg > 0) or previous view */
	ACT_PANEL_NEXT,		/* focus the view's next (arg > 0) or previous
				 * panel */
	ACT_PANEL_FOCUS,	/* focus panel arg of the view */
	ACT_PANEL_ZOOM,		/* the focused panel fills the body, or back */
	ACT_KNOB_TURN,		/* turn knob `knob` of the view shown by its
				 * step `step` (catalog.h), arg -1 or +1;
				 * knob -1: the key has no knob in this view */
	ACT_PRESET_NEXT,	/* next (arg > 0) or previous parameter preset */
	ACT_DRILL_START,	/* start the interview drill (drill_run.h) */
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
	ACT_LESSON_MENU_MOVE,	/* chooser: highlight the entry arg rows down
				 * (+/-1 wraps around; more stops at the ends) */
	ACT_LESSON_MENU_PAGE,	/* chooser: a page of entries down (arg > 0)
				 * or up */
	ACT_LESSON_MENU_DIGIT,	/* chooser: digit arg of a lesson's number */
	ACT_LESSON_MENU_PICK,	/* chooser: open the highlighted entry */
	ACT_LESSON_OPEN,	/* open lesson arg of the book (0-based) at its
				 * first step; -1 closes the lesson */
	ACT_LESSON_ANSWER,	/* the step's question answered with option
				 * arg (0 for a); out of range: says which
				 * letters answer */
	ACT_PRESENT_TOGGLE,	/* presenter mode on / off */
	ACT_EXPORT,		/* save the screen as a figure: reduce only asks
				 * for it (REACT_EXPORT), the caller writes */
	ACT_SAVE_PROMPT,	/* open the ':' line as "save NAME", NAME a
				 * file not there yet: reduce asks the caller
				 * for it (REACT_SCENE, SCENE_SUGGEST) */
	ACT_QUIT
};

struct action {
	enum action_kind kind;
	long long arg;		/* step or code point, see enum action_kind */
	long long pos_at;	/* ACT_SELECT, ACT_ZOOM_AT: position */
	int dim_at;		/* ACT_SELECT, ACT_ZOOM_AT: dimension or -1 */
	int knob;		/* ACT_KNOB_TURN: the knob, or -1;
				 * ACT_SELECT: a panel to focus, or -1 */
	int step;		/* ACT_KNOB_TURN: which of its steps */
};

/* An action of `kind` with `arg` and nothing else. */
struct action action_make(enum action_kind kind, long long arg);

/* What reduce() asks of its caller. */
enum {
	REACT_NONE = 0,
	REACT_REDRAW = 1 << 0,	/* something visible changed */
	REACT_QUIT = 1 << 1,	/* leave the program, status 0 */
	REACT_EXPORT = 1 << 2,	/* write the screen to a file (app/export.h)
				 * and put where in the message line */
	REACT_SCENE = 1 << 3	/* :save or :open a scene (state.scene_file;
				 * app/scene_file.h), and say so there */
};

#endif
