/* term.c - the ncurses sink and input source; the only file that includes
 * <curses.h>. See term.h for the contract. */
#include "io/term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include "base/base64.h"
#include "base/clock.h"
#include "base/keycode.h"
#include "base/keyseq.h"
#include "base/utf8.h"
#include "io/signals.h"

/* Mouse reporting on for an xterm-like terminal without XM (button
 * presses, SGR's form of report, as xterm's XM says), and off for every
 * protocol such a terminal may have had on; a terminal that only has
 * kmous (X10 reports, as the Linux console) gets only mode 1000. */
static const char mouse_on[] = "\033[?1000h\033[?1006h";
static const char mouse_off[] =
	"\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l";
static const char mouse_x10_on[] = "\033[?1000h";
static const char mouse_x10_off[] = "\033[?1000l";

/* Bracketed paste on and off (terminfo's BE and BD where the entry has
 * them), and what the terminal wraps a paste in. */
static const char paste_on[] = "\033[?2004h";
static const char paste_off[] = "\033[?2004l";
static const char paste_begin[] = "\033[200~";
static const char paste_end[] = "\033[201~";

/* ---- module state ---- */

/* Heat values are shown in HEAT_TERM_LEVELS steps, so the colours, and so
 * the colour pairs, are a finite set known when the terminal opens. */
enum { MAX_CODES = 512, RESTORE_MAX = 256, PAIR_SLOTS = 8192 };	/* a power of two, more than ever used */

enum {
	ESC_DELAY_MS = 25,	/* for the rest of an escape sequence begun */
	UTF8_WAIT_MS = 50,	/* for the rest of a character begun */
	PASTE_IDLE_MS = 1000,	/* a paste without an end ends after this */
	WAIT_FG_MS = 200	/* a background job that cannot stop looks
				 * for the foreground this often */
};

static struct {
	SCREEN *screen;
	bool open;		/* between a successful open and term_close */
	bool interactive;	/* on the user's terminal (not off-screen) */
	bool utf8;
	enum color_mode mode;
	struct heat_table heat;	/* heat level -> colour code */
	int ncodes;		/* distinct colour codes in use */
	int codes[MAX_CODES];	/* sorted, PALETTE_DEFAULT first */
	/* The colour pairs defined so far, by (fg, bg) code index: a pair
	 * is made the first time a cell needs it, so the combinations a
	 * screen really uses fit in a terminal's 64 pairs (8 colours: 9
	 * codes would be 81 combinations made up front). */
	struct { int key, pair; } pairs[PAIR_SLOTS];
	int pairs_made;		/* pair numbers 1 .. pairs_made are taken */
	struct termios saved;	/* modes before we started */
	bool saved_ok;
	char restore[RESTORE_MAX];	/* bytes that undo the screen setup */
	size_t restore_len;
	int restore_fd;
	struct canvas *shown;	/* what ncurses holds now, to skip equal cells */
	bool repaint;		/* copy every cell on the next term_draw */
	int refused_w, refused_h;	/* a size asked for above the cap, or 0 */
	int key_paste_begin;	/* ncurses key codes we gave paste_begin */
	int key_paste_end;	/*   and paste_end */
	bool pasting;		/* between paste_begin and paste_end */
	long long paste_last_ms;	/* when the paste last gave a byte */
	int pushback[2];	/* bytes or keys read ahead, oldest first */
	int npushback;
	bool in_answer;		/* swallowing a terminal's answer */
	struct keyseq_answer answer;
	bool modes_to_send;	/* paste and mouse modes go out with the
				 * next frame */
	bool has_paste;		/* the terminal knows bracketed paste */
	bool has_mouse;		/* and mouse reporting */
	bool has_altscreen;	/* and an alternate screen (smcup) */
	char mouse_on[32];	/* what turns mouse reporting on */
	char mouse_off[64];	/*   and off */
	FILE *offscreen_in;	/* what an off-screen terminal reads */
	int lost;		/* why the terminal went away (errno), or 0 */
	bool lost_reading;	/*   found by a read, the writes still going */
} t = { .restore_fd = -1 };

/* The signals that concern only the terminal: a size change, Ctrl-Z. */
static volatile sig_atomic_t winch_seen, tstp_seen;

/* ---- signals ---- */

static void on_winch(int sig)
{
	(void)sig;
	winch_seen = 1;
}

static void on_tstp(int sig)
{
	(void)sig;
	tstp_seen = 1;
}

/* Whether we are the terminal's foreground job, or cannot tell (it is
 * not our controlling terminal). */
static bool in_foreground(void)
{
	pid_t fg = tcgetpgrp(STDIN_FILENO);

	return fg < 0 || fg == getpgrp();
}

/* A job the shell runs in the background (Ctrl-Z, then bg) must leave the
 * terminal alone: no frame, no mouse or keypad mode in the shell's
 * terminal. It stops until the shell gives the terminal back (fg), as the
 * kernel stops a background job that writes to a terminal with tostop:
 * SIGTTOU, whose default is to stop. Where that stop is refused (SIGTTOU
 * ignored, or an orphaned process group: the shell is gone), it waits in
 * steps of WAIT_FG_MS, until a request to stop comes. */
static void wait_foreground(void)
{
	while (!in_foreground() && !signals_pending()) {
		raise(SIGTTOU);
		/* cppcheck-suppress unreachableCode ; raise returns, after
		 * SIGCONT */
		if (!in_foreground())
			poll(NULL, 0, WAIT_FG_MS);
	}
}

/* SIGWINCH and SIGTSTP set flags that term_read looks at; installed before
 * newterm, so that ncurses leaves both to us. */
static void catch_terminal_signals(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_winch;	/* no SA_RESTART: wake the read */
	sigaction(SIGWINCH, &sa, NULL);
	if (sigaction(SIGTSTP, NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
		sa.sa_handler = on_tstp;
		sigaction(SIGTSTP, &sa, NULL);
	}
}

/* The fault handler's cleanup: async-signal-safe, only write(2) and
 * tcsetattr(3). */
static void restore_emergency(void)
{
	if (t.restore_fd >= 0) {
		ssize_t unused = write(t.restore_fd, t.restore, t.restore_len);
		(void)unused;
		if (t.saved_ok)
			tcsetattr(t.restore_fd, TCSANOW, &t.saved);
	}
}

static void restore_add(const char *s)
{
	size_t n = s && s != (char *)-1 ? strlen(s) : 0;
	if (n && t.restore_len + n < RESTORE_MAX) {
		memcpy(t.restore + t.restore_len, s, n);
		t.restore_len += n;
	}
}

/* A terminfo string capability the entry has. */
static bool has_str(const char *cap)
{
	const char *v = tigetstr(cap);

	return v && v != (char *)-1 && *v;
}

/* Terminals that take xterm's private modes (bracketed paste, SGR mouse)
 * whatever their entry says: tmux and screen (whose entries lack BE but
 * which pass or ignore them), rxvt, st, and the newer xterm-like ones. */
static bool xterm_like(const char *name)
{
	static const char *const families[] = {
		"xterm", "tmux", "screen", "rxvt", "st", "kitty",
		"alacritty", "foot", "putty", "konsole", "gnome", "vte",
		"wezterm", "mintty", "iterm", "contour"
	};

	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
		size_t k = strlen(families[i]);
		if (strncmp(name, families[i], k) == 0 &&
		    (name[k] == '\0' || name[k] == '-' || name[k] == '.'))
			return true;
	}
	return false;
}

/* What the terminal can do beyond its cursor: bracketed paste (BE and BD,
 * or an xterm-like family), mouse reports (XM or kmous, or the family),
 * an alternate screen (smcup). A vt52, vt100 or dumb terminal gets none
 * of the private modes, which it would show as "?2004h". */
static void detect_modes(const char *name)
{
	bool family = xterm_like(name);

	t.has_paste = family || (has_str("BE") && has_str("BD"));
	t.has_mouse = family || has_str("XM") || has_str("kmous");
	t.has_altscreen = has_str("smcup");
	if (has_str("XM")) {
		snprintf(t.mouse_on, sizeof t.mouse_on, "%s",
			 tiparm(tigetstr("XM"), 1));
		snprintf(t.mouse_off, sizeof t.mouse_off, "%s",
			 tiparm(tigetstr("XM"), 0));
	} else {
		snprintf(t.mouse_on, sizeof t.mouse_on, "%s",
			 family ? mouse_on : mouse_x10_on);
		snprintf(t.mouse_off, sizeof t.mouse_off, "%s",
			 family ? mouse_off : mouse_x10_off);
	}
}

/* Prebuilds what the fault handler writes: leave the alternate screen, show
 * the cursor, reset attributes, leave keypad transmit mode, stop mouse
 * reporting and bracketed paste. */
static void prepare_restore(int fd)
{
	t.restore_len = 0;
	restore_add(tigetstr("rmcup"));
	restore_add(tigetstr("cnorm"));
	restore_add(tigetstr("sgr0"));
	restore_add(tigetstr("rmkx"));	/* keypad(TRUE) turned keypad
					 * transmit mode on: arrows would
					 * reach the shell as ESC O A */
	if (t.has_mouse)
		restore_add(t.mouse_off);
	if (t.has_paste)
		restore_add(has_str("BD") ? tigetstr("BD") : paste_off);
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

/* Collects every colour code a cell can have in this mode and forgets the
 * pairs: pair_of makes each again when a cell asks for it. */
static void define_pairs(void)
{
	t.ncodes = 0;
	code_add(PALETTE_DEFAULT);
	for (int r = 0; r < ROLE_COUNT; r++) {
		code_add(t.heat.role_fg[r]);
		code_add(t.heat.role_bg[r]);
	}
	for (int l = 0; l < t.heat.nlevels; l++)
		code_add(t.heat.code[l]);
	qsort(t.codes, (size_t)t.ncodes, sizeof t.codes[0], cmp_int);
	memset(t.pairs, 0, sizeof t.pairs);
	t.pairs_made = 0;
}

/* Whether the environment asks for no colour (no-color.org: set and not
 * empty) or for 24-bit colour (COLORTERM, as most terminals announce it). */
static bool env_no_color(void)
{
	const char *nc = getenv("NO_COLOR");

	return nc && *nc;
}

static bool env_truecolor(void)
{
	const char *ct = getenv("COLORTERM");

	return ct && (strcmp(ct, "truecolor") == 0 || strcmp(ct, "24bit") == 0);
}

/* The most the terminfo entry in use can show. */
static enum color_mode entry_mode(void)
{
	if (tigetflag("RGB") > 0 && COLORS >= 0x1000000)
		return COLOR_RGB;
	if (COLORS >= 256)
		return COLOR_256;
	return COLORS >= 8 ? COLOR_8 : COLOR_NONE;
}

static enum color_mode pick_mode(const struct term_opts *o)
{
	enum color_mode best;

	if (o->no_color || env_no_color() || !has_colors())
		return COLOR_NONE;
	best = entry_mode();
	if (o->depth != TERM_DEPTH_AUTO && o->depth < (int)best)
		return (enum color_mode)o->depth;
	return best;
}

/* The pair of colours fg on bg, made now if it is new; 0 (the terminal's
 * default colours) once the terminal has no pair left. */
static int pair_of(int fg, int bg)
{
	int key = code_index(fg) * MAX_CODES + code_index(bg) + 1;
	unsigned h = (unsigned)key * 2654435761u;

	for (int probe = 0; probe < PAIR_SLOTS; probe++) {
		int i = (int)((h + (unsigned)probe) & (PAIR_SLOTS - 1));

		if (t.pairs[i].key == key)
			return t.pairs[i].pair;
		if (t.pairs[i].key != 0)
			continue;
		if (t.pairs_made + 1 >= COLOR_PAIRS ||
		    init_extended_pair(t.pairs_made + 1, fg, bg) != OK)
			return 0;
		t.pairs[i].key = key;
		t.pairs[i].pair = ++t.pairs_made;
		return t.pairs[i].pair;
	}
	return 0;
}

/* ---- a terminal that went away ---- */

/* ncurses does not report a frame it could not write: ncurses 6 writes its
 * buffer with write(2) and gives up on the first error (older 6.x ignore
 * write's result) in a function that returns nothing (tinfo/lib_tputs.c,
 * _nc_flush), and doupdate returns OK. So the terminal
 * is asked after each frame whether it still takes bytes. A terminal that
 * has hung up (its pty's other end closed, a line dropped, with SIGHUP
 * ignored as under nohup or when it is no controlling terminal) answers
 * even an empty write with EIO on Linux (drivers/tty/tty_io.c,
 * hung_up_tty_write; n_tty.c when the pty's master is closed), as it does
 * a background process of an orphaned group; where an empty write says
 * nothing (POSIX leaves it unspecified for a terminal), poll(2) says
 * POLLHUP. The same poll on standard input tells a hang-up from a read
 * that timed out: ncurses' wgetch returns ERR for both. */
static int hung_up(int fd)
{
	struct pollfd p = { .fd = fd, .events = fd == STDIN_FILENO ? POLLIN
								 : POLLOUT };

	if (poll(&p, 1, 0) <= 0)
		return 0;
	if (p.revents & POLLNVAL)
		return EBADF;
	return (p.revents & (POLLHUP | POLLERR)) ? EIO : 0;
}

static int output_error(void)
{
	if (write(STDOUT_FILENO, "", 0) < 0 && errno != EINTR &&
	    errno != EAGAIN)
		return errno;
	return hung_up(STDOUT_FILENO);
}

/* Looks at the interactive terminal once more (after a frame, or a read
 * that gave nothing): t.lost says why it is gone. */
static void check_lost(bool reading)
{
	int e;

	if (!t.interactive || t.lost)
		return;
	e = output_error();
	if (!e && reading && (e = hung_up(STDIN_FILENO)) != 0)
		t.lost_reading = true;
	t.lost = e;
}

int term_lost(bool *reading)
{
	if (reading)
		*reading = t.lost_reading;
	return t.lost;
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
	palette_heat_table(&t.heat, o->palette, o->theme, t.mode, HEAT_TERM_LEVELS);
	if (t.mode != COLOR_NONE)
		define_pairs();
	t.open = true;
}

/* A key code no key of the terminal's entry uses, from `from` up. */
static int free_key_code(int from)
{
	for (int code = from;; code++) {
		char *bound = keybound(code, 0);
		if (!bound)
			return code;
		free(bound);
	}
}

/* Mouse reports are read here (keyseq.h), not by ncurses, whose reader
 * waits for a cut report's end and eats the keys after it: the entry's
 * kmous is no key for ncurses, so a report reaches us as ESC [ ... */
static void forget_mouse_key(void)
{
	if (has_str("kmous"))
		define_key(tigetstr("kmous"), 0);
}

/* Makes the paste markers keys of their own, so they arrive whole. */
static void define_paste_keys(void)
{
	t.key_paste_begin = free_key_code(KEY_MAX + 1);
	define_key(paste_begin, t.key_paste_begin);
	t.key_paste_end = free_key_code(t.key_paste_begin + 1);
	define_key(paste_end, t.key_paste_end);
}

/* The number ncurses would take from environment variable name (a
 * positive integer), or 0. */
static long env_size(const char *name)
{
	const char *v = getenv(name);
	char *end;
	long n;

	if (!v || !*v)
		return 0;
	errno = 0;
	n = strtol(v, &end, 0);
	if (*end != '\0' || n <= 0)
		return 0;
	return errno == ERANGE ? LONG_MAX : n;
}

/* Before newterm: ncurses sizes its windows by COLUMNS or LINES when they
 * are set, else by the terminal. A value above TERM_SIZE_MAX is set aside
 * for the terminal's own size when that is within the cap, else replaced
 * by the cap; *refused gets what was asked (or stays 0). */
static void cap_env_size(const char *name, int tty, int *refused)
{
	long env = env_size(name);
	long asked = env > 0 ? env : tty;
	char cap[16];

	if (asked <= TERM_SIZE_MAX)
		return;
	*refused = asked > INT_MAX ? INT_MAX : (int)asked;
	if (env > TERM_SIZE_MAX && tty > 0 && tty <= TERM_SIZE_MAX) {
		unsetenv(name);
		return;
	}
	snprintf(cap, sizeof cap, "%d", (int)TERM_SIZE_MAX);
	setenv(name, cap, 1);
}

/* The terminal's size from the kernel, each 0 when it does not say. */
static void tty_size(int *w, int *h)
{
	struct winsize ws;

	*w = *h = 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		*w = ws.ws_col;
		*h = ws.ws_row;
	}
}

/* "xterm-direct" for "xterm-256color" (or "xterm"): the entry of the same
 * terminal with 24-bit colour, in buf (n bytes); false when name is one
 * already or the name does not fit. */
static bool direct_name(const char *name, char *buf, size_t n)
{
	static const char *const suffixes[] = { "-256color", "-88color",
						"-16color", "-color" };
	size_t len = strlen(name);

	if (strstr(name, "-direct"))
		return false;
	for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		size_t k = strlen(suffixes[i]);
		if (len > k && strcmp(name + len - k, suffixes[i]) == 0) {
			len -= k;
			break;
		}
	}
	return snprintf(buf, n, "%.*s-direct", (int)len, name) < (int)n;
}

/* newterm for the interactive terminal: with 24-bit colour wanted (COLORTERM
 * or --colors 24bit) the -direct entry of the same terminal when there is
 * one that has RGB, else TERM's own entry. */
static SCREEN *open_screen(const struct term_opts *o, const char *name)
{
	char direct[128];
	bool want_rgb = !o->no_color && !env_no_color() &&
			(o->depth == COLOR_RGB ||
			 (o->depth == TERM_DEPTH_AUTO && env_truecolor()));

	if (want_rgb && direct_name(name, direct, sizeof direct)) {
		SCREEN *sp = newterm(direct, stdout, stdin);
		if (sp && tigetflag("RGB") > 0)
			return sp;
		if (sp) {
			endwin();
			delscreen(sp);
		}
	}
	return newterm(NULL, stdout, stdin);
}

/* Why newterm failed: out of memory (it says ENOMEM) or out of file
 * descriptors (it could not open the entry's file, and nor can we now),
 * EX_OSERR, 71; else an entry that does not exist (EX_UNAVAILABLE, 69).
 * The message goes into msg; hint, when not NULL, follows it. */
static int newterm_failed(const char *name, int err, const char *hint,
			  char *msg, size_t n)
{
	int probe = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (probe < 0 && (errno == EMFILE || errno == ENFILE))
		err = errno;
	if (probe >= 0)
		close(probe);
	if (err == ENOMEM || err == EMFILE || err == ENFILE) {
		snprintf(msg, n, "cannot start terminal type \"%s\": %s", name,
			 strerror(err));
		return 71;
	}
	snprintf(msg, n, "unknown terminal type \"%s\"%s%s", name,
		 hint ? "; " : "", hint ? hint : "");
	return 69;
}

bool term_addressable(void)
{
	int e = 0;
	const char *cup;
	bool ok;

	if (t.screen || setupterm(NULL, STDOUT_FILENO, &e) != OK)
		return t.screen != NULL;
	cup = tigetstr("cup");
	ok = cup && cup != (char *)-1;
	del_curterm(cur_term);
	return ok;
}

int term_open(const struct term_opts *o, char *err, size_t n)
{
	const char *name = getenv("TERM");
	const char *hint = "use --snapshot to render to text or --dump to write the matrix";
	int tw, th;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, n, "the explorer needs a terminal on stdin and stdout; %s", hint);
		return 69;
	}
	if (!name || !*name) {
		snprintf(err, n, "TERM is not set; %s", hint);
		return 69;
	}
	t.lost = 0;
	t.lost_reading = false;
	t.saved_ok = tcgetattr(STDIN_FILENO, &t.saved) == 0;
	signals_catch();
	signals_at_fault(restore_emergency);
	catch_terminal_signals();
	set_escdelay(ESC_DELAY_MS);
	tty_size(&tw, &th);
	t.refused_w = t.refused_h = 0;
	cap_env_size("COLUMNS", tw, &t.refused_w);
	cap_env_size("LINES", th, &t.refused_h);
	errno = 0;
	t.screen = open_screen(o, name);
	if (!t.screen && errno == ENOMEM) {
		long w = env_size("COLUMNS"), h = env_size("LINES");
		snprintf(err, n, "out of memory for ncurses' %ldx%ld screen "
			 "(TERM \"%s\")", w ? w : tw, h ? h : th, name);
		return 71;
	}
	if (!t.screen)
		return newterm_failed(name, errno, hint, err, n);
	if (!tigetstr("cup") || tigetstr("cup") == (char *)-1) {
		endwin();
		delscreen(t.screen);
		t.screen = NULL;
		snprintf(err, n, "terminal \"%s\" cannot move the cursor; %s", name, hint);
		return 69;
	}
	detect_modes(name);
	prepare_restore(STDOUT_FILENO);
	atexit(term_close);
	setup_screen(o);
	t.interactive = true;
	define_paste_keys();
	forget_mouse_key();
	t.modes_to_send = true;
	return 0;
}

int term_open_offscreen(const struct term_opts *o, const char *term_name,
			FILE *out, int w, int h, char *err, size_t n)
{
	errno = 0;
	t.offscreen_in = fopen("/dev/null", "r");
	if (!t.offscreen_in) {
		int e = errno ? errno : EIO;
		snprintf(err, n, "cannot open /dev/null: %s", strerror(e));
		return e == ENOMEM || e == EMFILE || e == ENFILE ? 71 : 74;
	}
	errno = 0;
	t.screen = newterm(term_name, out, t.offscreen_in);
	if (!t.screen) {
		int rc = newterm_failed(term_name, errno, NULL, err, n);
		fclose(t.offscreen_in);
		t.offscreen_in = NULL;
		return rc;
	}
	setup_screen(o);
	resizeterm(h, w);
	return 0;
}

/* Paste and mouse modes on, where the terminal has them. */
static void modes_on(void)
{
	if (t.has_paste)
		fputs(has_str("BE") ? tigetstr("BE") : paste_on, stdout);
	if (t.has_mouse)
		fputs(t.mouse_on, stdout);
	if (fflush(stdout) != 0 && !t.lost)
		t.lost = errno ? errno : EIO;
}

/* Paste and mouse modes off, where they were turned on. */
static void modes_off(void)
{
	if (t.has_mouse)
		fputs(t.mouse_off, stdout);
	if (t.has_paste)
		fputs(has_str("BD") ? tigetstr("BD") : paste_off, stdout);
	fflush(stdout);
}

void term_close(void)
{
	if (!t.open)
		return;
	t.open = false;
	if (t.interactive && !t.has_altscreen) {
		/* No alternate screen to leave: the frame would stay on the
		 * shell's screen. Cleared, with the cursor at the top. */
		werase(stdscr);
		wnoutrefresh(stdscr);
		doupdate();
	}
	curs_set(1);
	endwin();
	if (t.interactive)
		modes_off();
	t.interactive = false;
	if (t.screen)
		delscreen(t.screen);
	t.screen = NULL;
	canvas_free(t.shown);
	t.shown = NULL;
	t.restore_fd = -1;
	if (t.offscreen_in)
		fclose(t.offscreen_in);
	t.offscreen_in = NULL;
}

/* ---- drawing ---- */

void term_size(int *w, int *h)
{
	*w = COLS;
	*h = LINES;
}

bool term_size_refused(int *w, int *h)
{
	*w = t.refused_w;
	*h = t.refused_h;
	return t.refused_w || t.refused_h;
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

	/* Continued in the background without our Ctrl-Z (kill -STOP, then
	 * bg): no frame until the foreground, then the whole screen. */
	if (t.interactive && !in_foreground()) {
		wait_foreground();
		t.modes_to_send = true;
		term_invalidate();
	}

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

		/* Most rows of a frame are the last frame's: the same bytes
		 * draw the same cells, so one compare skips the row. */
		if (old && memcmp(row, old, (size_t)w * sizeof *row) == 0)
			continue;
		for (int x = 0; x < w; x++)
			if (all || !cell_equal(&row[x], &old[x]))
				draw_cell(x, y, &row[x]);
	}
	t.repaint = !t.shown || canvas_copy(t.shown, c) != 0;
	wnoutrefresh(stdscr);
	/* The modes go out before ncurses writes the frame, so that they are
	 * on before the first frame is visible: a paste or a click the moment
	 * the screen shows is read as one. (The terminals that have them keep
	 * one paste and one mouse mode for both screens.) */
	if (t.modes_to_send && t.interactive) {
		modes_on();
		t.modes_to_send = false;
	}
	doupdate();
	check_lost(false);
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

/* A whole mouse report as an event; false for what pescope does not use
 * (a release, a move, other buttons). */
static bool mouse_event(const unsigned char *seq, size_t n,
			struct term_event *ev)
{
	struct keyseq_mouse m;

	if (!keyseq_mouse(seq, n, &m))
		return false;
	ev->x = m.x;
	ev->y = m.y;
	switch (m.kind) {
	case KEYSEQ_CLICK:
		ev->type = TEV_CLICK;
		return true;
	case KEYSEQ_WHEEL_UP:
	case KEYSEQ_WHEEL_DOWN:
		ev->type = TEV_WHEEL;
		ev->dir = m.kind == KEYSEQ_WHEEL_UP ? 1 : -1;
		return true;
	default:
		return false;
	}
}

/* Gives c back, to be read again after what was given back before it. */
static void push_back(int c)
{
	if (t.npushback < 2)
		t.pushback[t.npushback++] = c;
}

/* One byte (0..255) or ncurses key code, waiting up to timeout_ms; ERR
 * when none came. */
static int next_input(int timeout_ms)
{
	if (t.npushback > 0) {
		int c = t.pushback[0];

		t.pushback[0] = t.pushback[1];
		t.npushback--;
		return c;
	}
	wtimeout(stdscr, timeout_ms);
	return wgetch(stdscr);
}

/* The character that starts with byte lead: its continuation bytes are
 * read too. Anything that does not continue it is left for the next read
 * and the character becomes U+FFFD, as does an invalid lead byte. */
static uint32_t read_utf8(int lead)
{
	char buf[UTF8_MAX];
	size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
	size_t got = 1;
	uint32_t cp;

	buf[0] = (char)lead;
	while (got < need) {
		int c = next_input(UTF8_WAIT_MS);
		if (c == ERR || c > 0xff || (c & 0xc0) != 0x80) {
			if (c != ERR)
				push_back(c);
			return UTF8_REPLACEMENT;
		}
		buf[got++] = (char)c;
	}
	return utf8_decode(buf, got, &cp) == got ? cp : UTF8_REPLACEMENT;
}

/* An ESC that ncurses did not take as the start of a key it knows: the
 * rest of the sequence is read here, for at most the escape delay from
 * its ESC. A lone ESC is the Esc key, ESC and a character are two keys
 * (Alt-x); a mouse report becomes its event; the beginning of a
 * terminal's answer starts swallowing it (t.in_answer, keyseq.h), with no
 * delay; any other sequence, whole or cut (by a byte that cannot go on
 * with it, or by the delay), is dropped, and the byte that cut it is the
 * next key. False when nothing came of it. */
static bool read_escape(struct term_event *ev)
{
	unsigned char seq[KEYSEQ_MAX];
	size_t n = 1;
	long long deadline = clock_ms() + ESC_DELAY_MS;

	seq[0] = 0x1b;
	for (;;) {
		long long left = deadline - clock_ms();
		/* past the delay, only what has come already */
		int c = next_input(left > 0 ? (int)left : 0);
		enum keyseq_state st;

		if (c == ERR) {
			ev->key = n == 1 ? PK_ESC : PK_NONE;
			return n == 1;
		}
		if (c > 0xff) {	/* a key ncurses decoded */
			st = n == 1 ? KEYSEQ_ALT : KEYSEQ_CUT;
		} else {
			seq[n++] = (unsigned char)c;
			st = keyseq_scan(seq, n);
		}
		switch (st) {
		case KEYSEQ_MORE:
			continue;
		case KEYSEQ_WHOLE:
			return !t.pasting && mouse_event(seq, n, ev);
		case KEYSEQ_ANSWER:
			keyseq_answer_begin(&t.answer, seq, n);
			t.in_answer = true;
			return false;
		case KEYSEQ_ALT:
			push_back(c);
			ev->key = PK_ESC;
			return true;
		case KEYSEQ_CUT:
			push_back(c);
			return false;
		}
	}
}

/* Ctrl-Z: put the terminal back as the shell expects it, stop, and set it
 * up again when we are continued in the foreground. */
static void suspend(void)
{
	sigset_t set;

	tstp_seen = 0;
	endwin();
	modes_off();
	signal(SIGTSTP, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGTSTP);		/* here we stop until SIGCONT */
	/* cppcheck-suppress unreachableCode ; raise returns, after SIGCONT */
	wait_foreground();	/* continued by bg: not yet */
	catch_terminal_signals();
	t.modes_to_send = true;
	term_invalidate();
	winch_seen = 1;		/* the size may have changed meanwhile */
}

/* A size change: the kernel's size, capped, given to ncurses. */
static void take_resize(void)
{
	int w, h;

	winch_seen = 0;
	tty_size(&w, &h);
	if (w <= 0 || h <= 0)
		return;
	t.refused_w = w > TERM_SIZE_MAX ? w : 0;
	t.refused_h = h > TERM_SIZE_MAX ? h : 0;
	resizeterm(h < TERM_SIZE_MAX ? h : TERM_SIZE_MAX,
		   w < TERM_SIZE_MAX ? w : TERM_SIZE_MAX);
}

/* A Ctrl-Z or size change that came in: handled, and reported as a resize
 * (both need the whole screen drawn again). */
static bool terminal_signal(struct term_event *ev)
{
	if (!tstp_seen && !winch_seen)
		return false;
	if (tstp_seen)
		suspend();
	if (winch_seen)
		take_resize();
	ev->type = TEV_RESIZE;
	return true;
}

/* The next input c while a terminal's answer is being swallowed: taken,
 * or, when it cannot be the answer's, given back as the next key (after
 * the ESC before it, when that ESC was none of the answer's either). */
static void swallow(int c)
{
	switch (keyseq_answer_byte(&t.answer, c)) {
	case KEYSEQ_ANSWER_IN:
		return;
	case KEYSEQ_ANSWER_END:
		break;
	case KEYSEQ_ANSWER_CUT_ESC:
		push_back(0x1b);
		push_back(c);
		break;
	case KEYSEQ_ANSWER_CUT:
		push_back(c);
		break;
	}
	t.in_answer = false;
}

/* Nothing came before the deadline: a signal's event, the end of a paste
 * whose end got lost, or nothing (with the terminal looked at). */
static bool nothing_came(struct term_event *ev)
{
	if (terminal_signal(ev))
		return true;
	check_lost(true);
	if (t.pasting && clock_ms() - t.paste_last_ms > PASTE_IDLE_MS) {
		t.pasting = false;	/* its end got lost */
		ev->type = TEV_PASTE_END;
		return true;
	}
	return false;
}

/* The event input c (not ERR) makes, if any. */
static bool event_of(struct term_event *ev, int c)
{
	if (c == t.key_paste_begin || c == t.key_paste_end) {
		t.pasting = c == t.key_paste_begin;
		t.paste_last_ms = clock_ms();
		if (t.pasting)
			return false;
		ev->type = TEV_PASTE_END;
		return true;
	}
	ev->type = TEV_KEY;
	ev->pasted = t.pasting;
	if (t.pasting)
		t.paste_last_ms = clock_ms();
	if (c == 0x1b)
		return read_escape(ev);
	if (c == KEY_RESIZE) {
		ev->type = TEV_RESIZE;
		return true;
	}
	if (c >= KEY_MIN)
		ev->key = map_key(c);
	else if (c >= 0x80)
		ev->key = keycode_of_char(read_utf8(c));
	else
		ev->key = keycode_of_char((uint32_t)c);
	return ev->key != PK_NONE;
}

bool term_read(struct term_event *ev, int timeout_ms)
{
	long long deadline = clock_ms() + timeout_ms;

	for (;;) {
		long long left = deadline - clock_ms();
		int c;

		memset(ev, 0, sizeof *ev);
		if (terminal_signal(ev))
			return true;
		if (signals_pending())
			return false;
		c = next_input(left > 0 ? (int)left : 0);
		if (c == ERR)
			return nothing_came(ev);
		if (t.in_answer)
			swallow(c);
		else if (event_of(ev, c))
			return true;
	}
}

bool term_clipboard(const char *text)
{
	size_t n = strlen(text);
	char *b64 = malloc(base64_len(n) + 1);
	bool sent;

	if (!t.open || t.offscreen_in || !b64) {
		free(b64);
		return false;
	}
	base64_encode(text, n, b64);
	/* After the frame ncurses has written: the request is not drawn. */
	fprintf(stdout, "\033]52;c;%s\a", b64);
	sent = fflush(stdout) == 0;
	free(b64);
	return sent;
}
