/* script.c - scripted headless sessions (see script.h for the format): the
 * line parser, the runner that feeds the explorer's key -> state -> frame
 * path, and the `pescope --keys` mode. No curses: frames go to a canvas. */
#include "app/script.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sysexits.h>

#include "base/keycode.h"
#include "base/utf8.h"
#include "base/words.h"
#include "views/screen.h"
#include "app/headless.h"
#include "app/say.h"
#include "base/tr.h"
#include "model/keys.h"
#include "model/lesson.h"
#include "base/numparse.h"
#include "io/render_text.h"
#include "io/atomic_file.h"
#include "io/cast.h"
#include "io/figure.h"
#include "io/input_file.h"
#include "io/signals.h"
#include "io/status.h"
#include "app/export.h"
#include "model/reduce.h"
#include "views/views.h"

/* ---- messages ---- */

/* word (len bytes) quoted for a message, at most 32 bytes of it. */
static const char *quoted(const char *word, size_t len, char *dst, size_t n)
{
	return words_quote(word, len, 32, dst, n);
}

/* ---- words ---- */

enum { WORDS_MAX = 4 };

/* The blank-separated words of a line, after the first one's argument. */
struct words {
	const char *at[WORDS_MAX];	/* start of each word */
	size_t len[WORDS_MAX];		/* its length */
	int count;			/* words found, at most WORDS_MAX */
	bool more;			/* there were more than WORDS_MAX */
};

static void split_words(const char *p, const char *end, struct words *w)
{
	w->count = 0;
	w->more = false;
	for (;;) {
		while (p < end && words_blank(*p))
			p++;
		if (p == end)
			return;
		if (w->count == WORDS_MAX) {
			w->more = true;
			return;
		}
		w->at[w->count] = p;
		while (p < end && !words_blank(*p))
			p++;
		w->len[w->count] = (size_t)(p - w->at[w->count]);
		w->count++;
	}
}

/* ---- parsing ---- */

/* Writes message msg (a translated format taking two strings: op and the
 * quoted word) into err; returns false. */
static bool fail(char *err, size_t n, const char *msg, const char *op,
		 const char *word, size_t len)
{
	char q[160];

	snprintf(err, n, msg, op, quoted(word, len, q, sizeof q));
	return false;
}

/* Reads word w of ws as an integer in [lo, hi] for the value called what. */
static bool parse_int(enum lang l, const struct words *ws, int w,
		      const char *op, const char *what, long long lo,
		      long long hi, long long *out, char *err, size_t n)
{
	char word[32], q[160];
	enum numparse_status st = NUMPARSE_RANGE;

	if (ws->len[w] < sizeof word) {
		memcpy(word, ws->at[w], ws->len[w]);
		word[ws->len[w]] = '\0';
		st = numparse_int(word, lo, hi, out);
	}
	if (st == NUMPARSE_OK)
		return true;
	snprintf(err, n, tr(l, "%s: %s must be an integer from %lld to %lld, "
			    "got \"%s\" (%s)"), op, what, lo, hi,
		 quoted(ws->at[w], ws->len[w], q, sizeof q),
		 tr(l, numparse_reason(st)));
	return false;
}

/* Checks the argument count of op: from lo to hi words after it. */
static bool arg_count(enum lang l, const struct words *ws, const char *op,
		      int lo, int hi, const char *usage, char *err, size_t n)
{
	int got = ws->count - 1;

	if (!ws->more && got >= lo && got <= hi)
		return true;
	if (got < lo)
		snprintf(err, n, tr(l, "%s: missing values, as in \"%s\""), op,
			 usage);
	else
		snprintf(err, n, tr(l, "%s: too many values, as in \"%s\""), op,
			 usage);
	return false;
}

/* The characters of a text or cmd line: no controls (the line is valid
 * UTF-8 already). */
static bool check_string(enum lang l, const char *s, const char *end,
			 const char *op, char *err, size_t n)
{
	while (s < end) {
		uint32_t cp;
		size_t k = utf8_decode(s, (size_t)(end - s), &cp);
		if (utf8_is_control(cp)) {
			snprintf(err, n, tr(l, "%s: control character U+%04X in "
					    "the string (use a %s line for Tab, "
					    "Enter...)"), op, (unsigned)cp, "key");
			return false;
		}
		s += k;
	}
	return true;
}

/* Everything after the operation word and one blank. */
static const char *rest_of_line(const struct words *ws)
{
	const char *p = ws->at[0] + ws->len[0];
	return words_blank(*p) ? p + 1 : p;
}

static bool parse_point(enum lang l, const struct words *ws, int first,
			const char *op, struct script_event *ev, char *err,
			size_t n)
{
	long long x, y;

	if (!parse_int(l, ws, first, op, "X", 0, SCRIPT_SIZE_MAX - 1, &x, err,
		       n) ||
	    !parse_int(l, ws, first + 1, op, "Y", 0, SCRIPT_SIZE_MAX - 1, &y,
		       err, n))
		return false;
	ev->x = (int)x;
	ev->y = (int)y;
	return true;
}

/* Parses a line known to be valid UTF-8 without NUL bytes. */
static bool parse_words(enum lang l, const char *line, const char *end,
			struct script_event *ev, char *err, size_t n)
{
	struct words ws;
	const char *op;
	long long a, b;

	split_words(line, end, &ws);
	if (ws.count == 0)
		return true;
	op = ws.at[0];
	if (words_same(op, ws.len[0], "key")) {
		if (!arg_count(l, &ws, "key", 1, 1, "key Left", err, n))
			return false;
		ev->key = keycode_parse(ws.at[1], ws.len[1]);
		if (ev->key < 0)
			return fail(err, n, tr(l, "%s: unknown key \"%s\" (a "
					       "character, a name such as Left, "
					       "Enter or Space, or C-a .. C-z)"),
				    "key", ws.at[1], ws.len[1]);
		ev->op = SCRIPT_KEY;
		return true;
	}
	if (words_same(op, ws.len[0], "text") || words_same(op, ws.len[0], "cmd")) {
		bool text = ws.len[0] == 4;
		const char *s = rest_of_line(&ws);
		if (text && s == end)
			return fail(err, n, tr(l, "%s: nothing to type, as in "
					       "\"%s\""), "text", "text d 64", 9);
		if (!check_string(l, s, end, text ? "text" : "cmd", err, n))
			return false;
		ev->op = text ? SCRIPT_TEXT : SCRIPT_CMD;
		memcpy(ev->text, s, (size_t)(end - s));
		ev->text[end - s] = '\0';
		return true;
	}
	if (words_same(op, ws.len[0], "click")) {
		if (!arg_count(l, &ws, "click", 2, 2, "click 10 5", err, n) ||
		    !parse_point(l, &ws, 1, "click", ev, err, n))
			return false;
		ev->op = SCRIPT_CLICK;
		return true;
	}
	if (words_same(op, ws.len[0], "wheel")) {
		if (!arg_count(l, &ws, "wheel", 3, 3, "wheel up 10 5", err, n))
			return false;
		if (words_same(ws.at[1], ws.len[1], "up"))
			ev->dir = 1;
		else if (words_same(ws.at[1], ws.len[1], "down"))
			ev->dir = -1;
		else {
			char q[160];

			snprintf(err, n, tr(l, "%s: direction must be %s or %s, "
					    "got \"%s\""), "wheel", "up", "down",
				 quoted(ws.at[1], ws.len[1], q, sizeof q));
			return false;
		}
		if (!parse_point(l, &ws, 2, "wheel", ev, err, n))
			return false;
		ev->op = SCRIPT_WHEEL;
		return true;
	}
	if (words_same(op, ws.len[0], "resize")) {
		if (!arg_count(l, &ws, "resize", 2, 2, "resize 120 40", err, n) ||
		    !parse_int(l, &ws, 1, "resize", "W", 1, SCRIPT_SIZE_MAX, &a,
			       err, n) ||
		    !parse_int(l, &ws, 2, "resize", "H", 1, SCRIPT_SIZE_MAX, &b,
			       err, n))
			return false;
		ev->op = SCRIPT_RESIZE;
		ev->w = (int)a;
		ev->h = (int)b;
		return true;
	}
	if (words_same(op, ws.len[0], "tick")) {
		if (!arg_count(l, &ws, "tick", 0, 1, "tick 25", err, n))
			return false;
		ev->count = 1;
		if (ws.count == 2 &&
		    !parse_int(l, &ws, 1, "tick", "N", 1, SCRIPT_TICKS_MAX,
			       &ev->count, err, n))
			return false;
		ev->op = SCRIPT_TICK;
		return true;
	}
	{
		char q[160];

		snprintf(err, n, tr(l, "unknown event \"%s\" (%s, or # for a "
				    "comment)"), quoted(op, ws.len[0], q, sizeof q),
			 "key, text, cmd, click, wheel, resize, tick");
	}
	return false;
}

/* Copies line (len bytes) into out without its comment: a '#' that starts
 * a word begins one, to the end of the line, and takes the blanks before it
 * along; "\#" stands for a '#' of the line itself. Returns the length. */
static size_t strip_comment(const char *line, size_t len, char *out)
{
	size_t k = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '#' && (i == 0 || words_blank(line[i - 1]))) {
			while (k > 0 && words_blank(out[k - 1]))
				k--;
			break;
		}
		if (line[i] == '\\' && i + 1 < len && line[i + 1] == '#')
			i++;
		out[k++] = line[i];
	}
	out[k] = '\0';
	return k;
}

/* script_parse with its message in language l. */
static bool parse_line(enum lang l, const char *line, size_t len,
		       struct script_event *ev, char *err, size_t n)
{
	const char *nul = memchr(line, '\0', len);
	char bare[SCRIPT_LINE_MAX + 1];

	memset(ev, 0, sizeof *ev);
	ev->op = SCRIPT_NOTHING;
	if (nul) {
		snprintf(err, n, tr(l, "NUL byte at column %zu"),
			 (size_t)(nul - line) + 1);
		return false;
	}
	if (len > SCRIPT_LINE_MAX) {
		snprintf(err, n, tr(l, "line longer than %d bytes"),
			 SCRIPT_LINE_MAX);
		return false;
	}
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t k = utf8_decode(line + i, len - i, &cp);
		if (k == 0) {
			snprintf(err, n, tr(l, "invalid UTF-8 at column %zu "
					    "(byte 0x%02x)"), i + 1,
				 (unsigned char)line[i]);
			return false;
		}
		i += k;
	}
	len = strip_comment(line, len, bare);
	return parse_words(l, bare, bare + len, ev, err, n);
}

bool script_parse(const char *line, size_t len, struct script_event *ev,
		  char *err, size_t n)
{
	return parse_line(LANG_EN, line, len, ev, err, n);
}

/* ---- running ---- */

static void draw(struct script_session *ss)
{
	screen_draw(ss->sc, &ss->s, ss->c);
}

/* Applies one action; notes a quit. */
static unsigned apply(struct script_session *ss, struct action a)
{
	unsigned r = reduce(&ss->s, &a);

	if (r & REACT_QUIT)
		ss->quit = true;
	return r;
}

/* Types the characters of s, then `last` if it is not PK_NONE, as one
 * burst: the explorer drains keys that arrive together before it draws. */
static unsigned type_burst(struct script_session *ss, int first,
			   const char *s, int last)
{
	unsigned r = REACT_NONE;
	const char *end = s + strlen(s);

	if (first != PK_NONE)
		r |= apply(ss, keys_action(&ss->s, first));
	while (s < end && !ss->quit) {
		uint32_t cp = 0;
		size_t k = utf8_decode(s, (size_t)(end - s), &cp);

		s += k ? k : 1;
		r |= apply(ss, keys_action(&ss->s, (int)cp));
	}
	if (last != PK_NONE && !ss->quit)
		r |= apply(ss, keys_action(&ss->s, last));
	return r;
}

static bool on_screen(const struct script_session *ss,
		      const struct script_event *ev, const char *op,
		      char *err, size_t n)
{
	int w = canvas_width(ss->c), h = canvas_height(ss->c);

	if (ev->x < w && ev->y < h)
		return true;
	snprintf(err, n, tr(ss->s.lang, "%s: cell %d %d is outside the %dx%d "
			    "screen (X 0 to %d, Y 0 to %d)"), op, ev->x, ev->y, w, h, w - 1,
		 h - 1);
	return false;
}

bool script_apply(struct script_session *ss, const struct script_event *ev,
		  char *err, size_t n)
{
	int w = canvas_width(ss->c), h = canvas_height(ss->c);
	unsigned r = REACT_NONE;

	if (ss->quit)
		return true;
	switch (ev->op) {
	case SCRIPT_NOTHING:
		return true;
	case SCRIPT_KEY:
		r = apply(ss, keys_action(&ss->s, ev->key));
		break;
	case SCRIPT_TEXT:
		r = type_burst(ss, PK_NONE, ev->text, PK_NONE);
		break;
	case SCRIPT_CMD:
		r = type_burst(ss, ':', ev->text, PK_ENTER);
		break;
	case SCRIPT_CLICK:
		if (!on_screen(ss, ev, "click", err, n))
			return false;
		r = apply(ss, screen_click(ss->sc, &ss->s, w, h, ev->x, ev->y));
		break;
	case SCRIPT_WHEEL:
		if (!on_screen(ss, ev, "wheel", err, n))
			return false;
		r = apply(ss, screen_wheel(ss->sc, &ss->s, w, h, ev->x, ev->y, ev->dir));
		break;
	case SCRIPT_RESIZE:
		if (canvas_resize(ss->c, ev->w, ev->h) != 0) {
			snprintf(err, n, tr(ss->s.lang, "%s: no memory for a "
						   "%dx%d screen"), "resize",
				 ev->w, ev->h);
			return false;
		}
		state_set_screen(&ss->s, ev->w, ev->h);
		r = REACT_REDRAW;
		break;
	case SCRIPT_TICK:
		for (long long i = 0; i < ev->count; i++)
			r |= apply(ss, action_make(ACT_TICK, 0));
		break;
	}
	if ((r & REACT_SCENE) && ss->scenes)
		scene_file_command(&ss->s, &ss->look,
				   &(struct scene_room){ ss->matrix, ss->sc },
				   NULL);
	if ((r & REACT_REDRAW) && !ss->quit)
		draw(ss);
	if (ss->after)
		ss->after(ss, ev, (r & REACT_REDRAW) && !ss->quit);
	return true;
}

/* Reads one line into buf (SCRIPT_LINE_MAX + 2 bytes) without its '\n'.
 * Returns its length, SCRIPT_LINE_MAX + 1 for a longer one (the rest is
 * left unread: the session stops there), or -1 at the end of input or on a
 * read error (tell them apart with ferror). */
static long read_line(FILE *in, char *buf)
{
	long len = 0;
	int ch;

	while ((ch = getc(in)) != EOF && ch != '\n') {
		if (len > SCRIPT_LINE_MAX)
			break;
		buf[len++] = (char)ch;
	}
	if (ch == EOF && (len == 0 || ferror(in)))
		return -1;
	buf[len] = '\0';
	return len;
}

void script_begin(struct script_session *ss, struct screen *sc,
		  struct canvas *c)
{
	ss->sc = sc;
	ss->c = c;
	state_set_screen(&ss->s, canvas_width(c), canvas_height(c));
	ss->line = 0;
	ss->quit = false;
	ss->after = NULL;
	ss->hook = NULL;
	ss->scenes = false;
	ss->matrix = NULL;
	draw(ss);
}

enum script_status script_feed(struct script_session *ss, FILE *in, char *err,
			       size_t n)
{
	char buf[SCRIPT_LINE_MAX + 2];

	while (!ss->quit) {
		struct script_event ev;
		long len = read_line(in, buf);

		if (len < 0)
			return ferror(in) ? SCRIPT_READ_ERROR : SCRIPT_DONE;
		ss->line++;
		if (len > SCRIPT_LINE_MAX) {
			snprintf(err, n, tr(ss->s.lang, "line longer than %d "
					       "bytes"), SCRIPT_LINE_MAX);
			return SCRIPT_BAD_LINE;
		}
		if (len > 0 && buf[len - 1] == '\r')
			buf[--len] = '\0';
		if (ss->line == 1 && utf8_bom(buf, (size_t)len)) {
			len -= 3;	/* a byte-order mark, from an editor */
			memmove(buf, buf + 3, (size_t)len + 1);
		}
		if (!parse_line(ss->s.lang, buf, (size_t)len, &ev, err, n) ||
		    !script_apply(ss, &ev, err, n))
			return SCRIPT_BAD_LINE;
	}
	return SCRIPT_DONE;
}

/* ---- the --keys mode ---- */

/* Opens the script; EX_NOINPUT with a message when it cannot be read. A
 * named file must be a regular file or a device: it is opened without
 * waiting (io/input_file.h), so a FIFO is refused at once instead of
 * blocking until a writer comes (use --keys - to read a pipe). */
static int open_script(const char *path, enum lang l, FILE **in)
{
	struct stat st;
	int err;

	if (strcmp(path, "-") == 0) {
		*in = stdin;
		input_file_note(STDIN_FILENO);
		return 0;
	}
	err = input_file_open(path, true, in, &st);
	if (*in)
		return 0;
	if (err)
		say(tr(l, "cannot read \"%s\": %s"), path, say_errno(l, err));
	else if (S_ISDIR(st.st_mode))
		say(tr(l, "cannot read \"%s\": %s"), path, say_errno(l, EISDIR));
	else
		say(tr(l, "cannot read \"%s\": %s"), path,
		    tr(l, "a FIFO, not a file (read a pipe with --keys - < "
		       "FIFO)"));
	return status_of_errno(err, EX_NOINPUT);
}

/* Writes the final screen (with --snapshot) and the status line. */
static int print_result(const struct options *opt, struct script_session *ss,
			bool utf8)
{
	/* the look of a scene the script opened, else the options' */
	struct render_opts ro = { utf8, headless_color(opt),
				  (enum palette_id)ss->look.palette,
				  (enum theme)ss->look.theme };
	char status[128];

	if (opt->keys_snapshot) {
		draw(ss);
		if (render_text(stdout, ss->c, &ro) != 0)
			goto fail;
	}
	printf("%s\n", state_status(&ss->s, status, sizeof status));
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
fail:
	say(tr(ss->s.lang, "cannot write to standard output: %s"),
	    say_errno(ss->s.lang, errno ? errno : EIO));
	return EX_IOERR;
}

/* ---- --keys FILE --export FILE ---- */

/* A cast being written while the session runs. */
struct cast_run {
	struct atomic_file af;
	struct cast *k;
	double t;		/* seconds since the first frame */
	int err;		/* the first errno of writing, or 0 */
};

/* How long line ev takes to play (script.h). */
static double line_seconds(const struct script_event *ev)
{
	double chars = 0;

	switch (ev->op) {
	case SCRIPT_NOTHING:
		return 0.0;
	case SCRIPT_TICK:
		return (double)ev->count * SCRIPT_CAST_TICK_S;
	case SCRIPT_TEXT:
	case SCRIPT_CMD:
		for (const char *p = ev->text; *p; p++)
			chars += ((unsigned char)*p & 0xc0) != 0x80;
		return SCRIPT_CAST_KEY_S + chars * SCRIPT_CAST_CHAR_S;
	default:
		return SCRIPT_CAST_KEY_S;
	}
}

static void cast_frame_now(struct cast_run *cr, const struct canvas *c)
{
	if (!cr->err && cast_frame(cr->k, cr->t, c) != 0)
		cr->err = errno ? errno : EIO;
}

static void cast_after(struct script_session *ss,
		       const struct script_event *ev, bool drew)
{
	struct cast_run *cr = ss->hook;

	cr->t += line_seconds(ev);
	if (drew)
		cast_frame_now(cr, ss->c);
}

/* The cast's render options: ANSI as --snapshot --color always. */
static struct render_opts cast_opts(const struct options *opt, bool utf8)
{
	enum color_mode m = opt->colors == TERM_DEPTH_AUTO
				    ? COLOR_256 : (enum color_mode)opt->colors;
	struct render_opts ro = { utf8, m == COLOR_NONE ? COLOR_256 : m,
				  opt->palette, (enum theme)opt->theme };
	return ro;
}

/* Opens the cast of a session that has just begun (its first frame drawn).
 * Returns 0 or EX_CANTCREAT with the message said. */
static int cast_open(const struct options *opt, struct script_session *ss,
		     struct cast_run *cr, bool utf8)
{
	struct render_opts ro = cast_opts(opt, utf8);
	char title[192];
	int e = atomic_file_open(&cr->af, opt->export_path);

	if (e) {
		say(tr(ss->s.lang, "cannot write \"%s\": %s"),
		    opt->export_path, say_errno(ss->s.lang, e));
		return EX_CANTCREAT;
	}
	export_title(&ss->s, title, sizeof title);
	cr->t = 0.0;
	cr->err = 0;
	cr->k = cast_begin(cr->af.fp, canvas_width(ss->c),
			   canvas_height(ss->c), title, &ro);
	if (!cr->k)
		cr->err = errno ? errno : EIO;
	else
		cast_frame_now(cr, ss->c);
	ss->after = cast_after;
	ss->hook = cr;
	return 0;
}

/* Ends the cast: the last screen, held; the file put in place when ok.
 * Returns 0, or EX_IOERR with the message said. */
static int cast_close(struct script_session *ss, struct cast_run *cr,
		      const char *path, bool ok)
{
	int e;

	if (ok) {
		draw(ss);
		cr->t += SCRIPT_CAST_HOLD_S;
		cast_frame_now(cr, ss->c);
	}
	if (cast_end(cr->k) != 0 && !cr->err)
		cr->err = errno ? errno : EIO;
	if (!ok || cr->err) {
		atomic_file_abort(&cr->af);
		e = cr->err;
	} else {
		e = atomic_file_commit(&cr->af);
	}
	if (!ok)
		return 0;
	if (e) {
		say(tr(ss->s.lang, "cannot write \"%s\": %s"), path,
		    say_errno(ss->s.lang, e));
		return EX_IOERR;
	}
	return 0;
}

/* --keys FILE --export FIGURE: the last screen as that figure. */
static int write_figure(const struct options *opt, struct script_session *ss,
			bool utf8)
{
	char title[192], err[512];
	struct figure_opts o = { opt->palette, utf8, title,
				 (enum theme)opt->theme, opt->png_scale };
	int rc;

	export_title(&ss->s, title, sizeof title);
	draw(ss);
	rc = export_figure(opt->export_path, ss->c, &o, ss->s.lang, err,
			   sizeof err);
	if (rc)
		say("%s", err);
	return rc;
}

/* Runs the script from in (called name in messages) on screen c, from the
 * state the options ask for, and prints the result (and writes the file of
 * --export). */
static int run_session(const struct options *opt, FILE *in, const char *name,
		       struct screen *sc, struct canvas *c)
{
	struct script_session ss;
	struct lesson_book book;
	struct cast_run cr;
	bool cast = opt->export_path && cast_name(opt->export_path);
	int rc = headless_start(opt, &ss.s, &book);

	if (rc == 0) {
		char err[SCRIPT_ERR_MAX];
		bool utf8 = !ss.s.ascii && headless_utf8();

		ss.s.ascii = !utf8;
		script_begin(&ss, sc, c);
		ss.scenes = true;
		ss.matrix = opt->matrix_store;
		ss.look = (struct scene_look){ opt->theme, (int)opt->palette,
					       opt->theme_chosen,
					       opt->palette_given };
		if (opt->export_path)
			signals_catch();   /* a signal removes the temporary */
		if (cast)
			rc = cast_open(opt, &ss, &cr, utf8);
		if (rc != 0) {
			lesson_book_free(&book);
			return rc;
		}
		switch (script_feed(&ss, in, err, sizeof err)) {
		case SCRIPT_BAD_LINE:
			say_at("%s:%ld: %s", name, ss.line, err);
			rc = EX_DATAERR;
			break;
		case SCRIPT_READ_ERROR: {	/* a file that cannot be read */
			int e = errno;

			say(tr(ss.s.lang, "cannot read \"%s\": %s"), name,
			    say_errno(ss.s.lang, e));
			rc = status_of_errno(e, EX_NOINPUT);
			break;
		}
		case SCRIPT_DONE:
			if (cast)
				rc = cast_close(&ss, &cr, opt->export_path,
						true);
			else if (opt->export_path)
				rc = write_figure(opt, &ss, utf8);
			if (rc == 0)
				rc = print_result(opt, &ss, utf8);
			cast = false;
			break;
		}
		if (cast)
			cast_close(&ss, &cr, opt->export_path, false);
		if (opt->export_path && signals_pending())
			signals_end(signals_pending());
	}
	lesson_book_free(&book);
	return rc;
}

int script_run(const struct options *opt)
{
	const char *name = strcmp(opt->keys, "-") == 0 ? "<stdin>" : opt->keys;
	struct canvas *c;
	struct screen *sc;
	FILE *in;
	int rc = open_script(opt->keys, (enum lang)opt->lang, &in);

	if (rc != 0)
		return rc;
	/* A reader that goes away (pescope --keys F --snapshot | head -1)
	 * ends us quietly, as for the dumps, whatever we inherited. */
	signal(SIGPIPE, SIG_DFL);
	c = canvas_new(opt->width, opt->height);
	sc = screen_new(views_catalog());
	if (c && sc) {
		rc = run_session(opt, in, name, sc, c);
	} else {
		say("%s", tr((enum lang)opt->lang, "out of memory"));
		rc = EX_OSERR;
	}
	canvas_free(c);
	screen_free(sc);
	if (in != stdin)
		fclose(in);
	return rc;
}
