/* term.c - the ncurses sink and input source; the only file that includes
 * <curses.h>. See term.h for the contract. */
#include "io/term.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include "base/keycode.h"

/* Mouse reporting off, for every protocol ncurses may have turned on. */
static const char mouse_off[] =
	"\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l";

/* ---- module state ---- */

/* Heat values are shown in HEAT_LEVELS steps, so the colours, and so the
 * colour pairs, are a finite set known when the terminal opens. */
enum { MAX_CODES = 512, RESTORE_MAX = 256, HEAT_LEVELS = 64 };

static struct {
	SCREEN *screen;
	bool open;		/* between a successful open and term_close */
	bool interactive;	/* on the user's terminal (not off-screen) */
	bool utf8;
	enum color_mode mode;
	struct heat_table heat;	/* heat level -> colour code */
	int ncodes;		/* distinct colour codes in use */
	int codes[MAX_CODES];	/* sorted, PALETTE_DEFAULT first */
	int pairs_ok;		/* highest pair number defined */
	struct termios saved;	/* modes before we started */
	bool saved_ok;
	char restore[RESTORE_MAX];	/* bytes that undo the screen setup */
	size_t restore_len;
	int restore_fd;
	struct canvas *shown;	/* what ncurses holds now, to skip equal cells */
	bool repaint;		/* copy every cell on the next term_draw */
} t = { .restore_fd = -1 };

static volatile sig_atomic_t pending_signal;

/* ---- signals ---- */

static void on_polite_signal(int sig)
{
	pending_signal = sig;
}

/* The crash signals, and what each did before install_signals (SIG_DFL,
 * or a sanitizer's handler), which a crash goes on to once the terminal is
 * restored: the process then dumps core or the sanitizer reports, as if we
 * had not been there. */
static const int crash_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
static struct sigaction crash_prev[sizeof crash_sigs / sizeof crash_sigs[0]];

/* Async-signal-safe: only write(2), tcsetattr(3), sigaction(2) and
 * raise(3). The raised signal waits until the handler returns (it is
 * blocked meanwhile); a real fault simply happens again, and meets the
 * previous handler either way. */
static void on_crash(int sig)
{
	if (t.restore_fd >= 0) {
		ssize_t unused = write(t.restore_fd, t.restore, t.restore_len);
		(void)unused;
		if (t.saved_ok)
			tcsetattr(t.restore_fd, TCSANOW, &t.saved);
	}
	for (size_t i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
		if (crash_sigs[i] == sig)
			sigaction(sig, &crash_prev[i], NULL);
	raise(sig);
}

static void install_signals(void)
{
	static const int polite[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_polite_signal;	/* no SA_RESTART: wake the read */
	for (size_t i = 0; i < sizeof polite / sizeof polite[0]; i++)
		sigaction(polite[i], &sa, NULL);
	sa.sa_handler = on_crash;
	sa.sa_flags = SA_RESETHAND;	/* a crash in the handler is final */
	for (size_t i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
		sigaction(crash_sigs[i], &sa, &crash_prev[i]);
}

static void restore_add(const char *s)
{
	size_t n = s && s != (char *)-1 ? strlen(s) : 0;
	if (n && t.restore_len + n < RESTORE_MAX) {
		memcpy(t.restore + t.restore_len, s, n);
		t.restore_len += n;
	}
}

/* Prebuilds what the crash handler writes: leave the alternate screen, show
 * the cursor, reset attributes, leave keypad transmit mode, stop mouse
 * reporting. */
static void prepare_restore(int fd)
{
	t.restore_len = 0;
	restore_add(tigetstr("rmcup"));
	restore_add(tigetstr("cnorm"));
	restore_add(tigetstr("sgr0"));
	restore_add(tigetstr("rmkx"));	/* keypad(TRUE) turned keypad
					 * transmit mode on: arrows would
					 * reach the shell as ESC O A */
	restore_add(mouse_off);
	t.restore_fd = fd;
}

/* ---- colours ---- */

static int code_index(int code)
{
	int lo = 0, hi = t.ncodes - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (t.codes[mid] == code)
			return mid;
		if (t.codes[mid] < code)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;	/* unknown codes fall back to the default colour */
}

static void code_add(int code)
{
	for (int i = 0; i < t.ncodes; i++)
		if (t.codes[i] == code)
			return;
	if (t.ncodes < MAX_CODES)
		t.codes[t.ncodes++] = code;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Collects every colour code a cell can have in this mode, then defines one
 * pair for each (fg, bg) combination, once. */
static void define_pairs(void)
{
	t.ncodes = 0;
	code_add(PALETTE_DEFAULT);
	for (int r = 0; r < ROLE_COUNT; r++) {
		code_add(palette_role_fg((enum role)r, t.mode));
		code_add(palette_role_bg((enum role)r, t.mode));
	}
	for (int l = 0; l < t.heat.nlevels; l++)
		code_add(t.heat.code[l]);
	qsort(t.codes, (size_t)t.ncodes, sizeof t.codes[0], cmp_int);

	t.pairs_ok = 0;
	for (int f = 0; f < t.ncodes; f++)
		for (int b = 0; b < t.ncodes; b++) {
			int pair = f * t.ncodes + b + 1;
			if (pair >= COLOR_PAIRS)
				return;
			if (init_extended_pair(pair, t.codes[f], t.codes[b]) == OK)
				t.pairs_ok = pair;
		}
}

static enum color_mode pick_mode(const struct term_opts *o)
{
	const char *nc = getenv("NO_COLOR");

	if (o->no_color || (nc && *nc) || !has_colors())
		return COLOR_NONE;
	if (tigetflag("RGB") > 0 && COLORS >= 0x1000000)
		return COLOR_RGB;
	if (COLORS >= 256)
		return COLOR_256;
	return COLORS >= 8 ? COLOR_8 : COLOR_NONE;
}

static int pair_of(int fg, int bg)
{
	int pair = code_index(fg) * t.ncodes + code_index(bg) + 1;
	return pair <= t.pairs_ok ? pair : 0;
}

/* ---- opening and closing ---- */

/* Everything after newterm() that both kinds of terminal share. */
static void setup_screen(const struct term_opts *o)
{
	const char *cs = nl_langinfo(CODESET);

	t.utf8 = !o->ascii && cs && strcmp(cs, "UTF-8") == 0;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	leaveok(stdscr, TRUE);
	t.mode = COLOR_NONE;
	if (has_colors() && start_color() == OK) {
		use_default_colors();
		t.mode = pick_mode(o);
	}
	palette_heat_table(&t.heat, o->palette, t.mode, HEAT_LEVELS);
	if (t.mode != COLOR_NONE)
		define_pairs();
	t.open = true;
}

int term_open(const struct term_opts *o, char *err, size_t n)
{
	const char *name = getenv("TERM");
	const char *hint = "use --snapshot to render to text or --dump to write the matrix";

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, n, "the explorer needs a terminal on stdin and stdout; %s", hint);
		return 69;
	}
	if (!name || !*name) {
		snprintf(err, n, "TERM is not set; %s", hint);
		return 69;
	}
	t.saved_ok = tcgetattr(STDIN_FILENO, &t.saved) == 0;
	install_signals();
	set_escdelay(25);
	t.screen = newterm(NULL, stdout, stdin);
	if (!t.screen) {
		snprintf(err, n, "unknown terminal type \"%s\"; %s", name, hint);
		return 69;
	}
	if (!tigetstr("cup") || tigetstr("cup") == (char *)-1) {
		endwin();
		delscreen(t.screen);
		t.screen = NULL;
		snprintf(err, n, "terminal \"%s\" cannot move the cursor; %s", name, hint);
		return 69;
	}
	prepare_restore(STDOUT_FILENO);
	atexit(term_close);
	setup_screen(o);
	t.interactive = true;
	mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	return 0;
}

int term_open_offscreen(const struct term_opts *o, const char *term_name,
			FILE *out, int w, int h, char *err, size_t n)
{
	FILE *in = fopen("/dev/null", "r");

	if (!in) {
		snprintf(err, n, "cannot open /dev/null: %s", strerror(errno));
		return -1;
	}
	t.screen = newterm(term_name, out, in);
	if (!t.screen) {
		fclose(in);
		snprintf(err, n, "unknown terminal type \"%s\"", term_name);
		return -1;
	}
	setup_screen(o);
	resizeterm(h, w);
	return 0;
}

void term_close(void)
{
	if (!t.open)
		return;
	t.open = false;
	mousemask(0, NULL);
	curs_set(1);
	endwin();
	if (t.interactive) {
		fputs(mouse_off, stdout);
		fflush(stdout);
	}
	t.interactive = false;
	if (t.screen)
		delscreen(t.screen);
	t.screen = NULL;
	canvas_free(t.shown);
	t.shown = NULL;
	t.restore_fd = -1;
}

/* ---- drawing ---- */

void term_size(int *w, int *h)
{
	*w = COLS;
	*h = LINES;
}

bool term_utf8(void)
{
	return t.utf8;
}

enum color_mode term_color_mode(void)
{
	return t.mode;
}

static attr_t curses_attr(unsigned a)
{
	attr_t r = A_NORMAL;
	if (a & ATTR_BOLD)
		r |= A_BOLD;
	if (a & ATTR_DIM)
		r |= A_DIM;
	if (a & ATTR_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & ATTR_REVERSE)
		r |= A_REVERSE;
	return r;
}

/* Hands one cell to ncurses. */
static void draw_cell(int x, int y, const struct cell *q)
{
	struct look lk = palette_look_table(q, &t.heat, t.utf8);
	wchar_t wc[2] = { 0, 0 };
	cchar_t cc;
	int pair;

	if (lk.glyph == 0)
		return;	/* covered by the wide glyph to its left */
	wc[0] = (wchar_t)lk.glyph;
	pair = t.mode == COLOR_NONE ? 0 : pair_of(lk.fg, lk.bg);
	setcchar(&cc, wc, curses_attr(lk.attr), 0, &pair);
	mvwadd_wch(stdscr, y, x, &cc);
}

/* Only cells that differ from the last frame are handed to ncurses (which
 * then diffs against the terminal): a one-step move touches a few dozen
 * cells instead of the whole screen. */
void term_draw(const struct canvas *c)
{
	int w = canvas_width(c), h = canvas_height(c);
	bool all;

	if (!t.shown)
		t.shown = canvas_new(0, 0);
	all = t.repaint || !t.shown || canvas_width(t.shown) != w ||
	      canvas_height(t.shown) != h;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	for (int y = 0; y < h; y++) {
		const struct cell *row = canvas_row(c, y);
		const struct cell *old = all ? NULL : canvas_row(t.shown, y);
		for (int x = 0; x < w; x++)
			if (all || !cell_equal(&row[x], &old[x]))
				draw_cell(x, y, &row[x]);
	}
	t.repaint = !t.shown || canvas_copy(t.shown, c) != 0;
	wnoutrefresh(stdscr);
	doupdate();
}

void term_invalidate(void)
{
	clearok(curscr, TRUE);
	t.repaint = true;
}

/* ---- input ---- */

static int map_key(int code)
{
	switch (code) {
	case KEY_LEFT: return PK_LEFT;
	case KEY_RIGHT: return PK_RIGHT;
	case KEY_UP: return PK_UP;
	case KEY_DOWN: return PK_DOWN;
	case KEY_PPAGE: return PK_PGUP;
	case KEY_NPAGE: return PK_PGDN;
	case KEY_HOME: return PK_HOME;
	case KEY_END: return PK_END;
	case KEY_ENTER: return PK_ENTER;
	case KEY_BACKSPACE: return PK_BACKSPACE;
	case KEY_DC: return PK_DELETE;
	case KEY_BTAB: return PK_BTAB;
	case KEY_RESIZE: return PK_RESIZE;
	default: return PK_NONE;
	}
}

static int map_char(wint_t ch)
{
	switch (ch) {
	case '\r':
	case '\n': return PK_ENTER;
	case 27: return PK_ESC;
	case 8:
	case 127: return PK_BACKSPACE;
	case '\t': return PK_TAB;
	default: return (int)ch;
	}
}

static bool read_mouse(struct term_event *ev)
{
	MEVENT me;

	if (getmouse(&me) != OK)
		return false;
	ev->x = me.x;
	ev->y = me.y;
	if (me.bstate & BUTTON4_PRESSED) {
		ev->type = TEV_WHEEL;
		ev->dir = 1;
	} else if (me.bstate & BUTTON5_PRESSED) {
		ev->type = TEV_WHEEL;
		ev->dir = -1;
	} else if (me.bstate & BUTTON1_PRESSED) {
		ev->type = TEV_CLICK;
	} else {
		return false;
	}
	return true;
}

bool term_read(struct term_event *ev, int timeout_ms)
{
	wint_t ch;
	int rc;

	wtimeout(stdscr, timeout_ms);
	rc = wget_wch(stdscr, &ch);
	if (rc == ERR)
		return false;
	memset(ev, 0, sizeof *ev);
	if (rc == KEY_CODE_YES) {
		if (ch == KEY_MOUSE)
			return read_mouse(ev);
		if (ch == KEY_RESIZE) {
			ev->type = TEV_RESIZE;
			return true;
		}
		ev->key = map_key((int)ch);
	} else {
		ev->key = map_char(ch);
	}
	ev->type = TEV_KEY;
	return ev->key != PK_NONE;
}

int term_signal(void)
{
	return pending_signal;
}
