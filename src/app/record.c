/* record.c - the explorer's session as a --keys script (see record.h). */
#include "app/record.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app/say.h"
#include "app/script.h"
#include "base/keycode.h"
#include "base/utf8.h"
#include "io/atomic_file.h"
#include "model/book.h"
#include "model/keys.h"
#include "views/views.h"

/* The longest word before typed characters on a line: "text ". */
enum { TYPED_HEAD = 5 };

struct record {
	struct atomic_file af;
	long long ticks;	/* sweep steps not written yet */
	bool cmd_open;		/* the ':' key opened the line being typed */
	char typed[SCRIPT_LINE_MAX + 1];	/* its characters, UTF-8 */
	size_t len;
	size_t esc;		/* their bytes as written, '#' as two */
	const char *view;	/* the view last written, or NULL */
	int lesson, step;	/* the lesson step last written, or -1 */
};

/* Writes s with every '#' as "\#", so that the script reads it back. */
static void put_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '#')
			putc('\\', f);
		putc(*s, f);
	}
}

/* Writes what is pending: the sweep's steps, the typed characters. */
static void flush(struct record *r)
{
	FILE *f = r->af.fp;

	if (r->ticks) {
		fprintf(f, "tick %lld\n", r->ticks);
		r->ticks = 0;
	}
	if (r->cmd_open)
		fputs("key :\n", f);
	if (r->len) {
		r->typed[r->len] = '\0';
		fputs("text ", f);
		put_escaped(f, r->typed);
		putc('\n', f);
	}
	r->cmd_open = false;
	r->len = r->esc = 0;
}

/* Whether one more character fits on the line the typed ones will be
 * written on: a longer line would be refused by the replay (script.h). */
static bool typed_room(const struct record *r)
{
	return TYPED_HEAD + r->esc + 2 * UTF8_MAX <= SCRIPT_LINE_MAX;
}

/* Writes argument a of the command line as a shell would take it back:
 * as it is when it holds only safe characters, else in single quotes, or
 * in $'...' with \xNN for control characters (a newline in a file name
 * must not end the header's comment line). */
static void put_arg(FILE *f, const char *a)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p;
	bool controls = false;

	if (*a && strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_./:=,+-@%") == strlen(a)) {
		fputs(a, f);
		return;
	}
	for (p = (const unsigned char *)a; *p; p++)
		controls |= *p < 0x20 || *p == 0x7f ||
			    (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f);
	fputs(controls ? "$'" : "'", f);
	for (p = (const unsigned char *)a; *p; p++) {
		if (!controls && *p == '\'') {
			fputs("'\\''", f);
		} else if (controls && (*p == '\'' || *p == '\\')) {
			fputc('\\', f);
			fputc(*p, f);
		} else if (controls && (*p < 0x20 || *p == 0x7f || *p >= 0x80)) {
			fprintf(f, "\\x%c%c", hex[*p >> 4], hex[*p & 15]);
		} else {
			fputc(*p, f);
		}
	}
	fputc('\'', f);
}

struct record *record_open(const char *path, int argc, char **argv,
			   int *err)
{
	struct record *r = calloc(1, sizeof *r);

	if (!r) {
		*err = ENOMEM;
		return NULL;
	}
	*err = atomic_file_open(&r->af, path);
	if (*err) {
		free(r);
		return NULL;
	}
	r->af.whole = true;	/* what was done so far replays, always */
	r->lesson = r->step = -1;
	fputs("# pescope --record: a --keys script. Replay it with the same "
	      "options:\n#   pescope OPTIONS --keys FILE --snapshot\n# "
	      "recorded with:", r->af.fp);
	fputs(" pescope", r->af.fp);
	for (int i = 1; i < argc; i++) {	/* all but --record FILE */
		if (strcmp(argv[i], "--record") == 0) {
			i++;
			continue;
		}
		if (strncmp(argv[i], "--record=", 9) == 0)
			continue;
		fputc(' ', r->af.fp);
		put_arg(r->af.fp, argv[i]);
	}
	fputc('\n', r->af.fp);
	return r;
}

void record_resize(struct record *r, int w, int h)
{
	flush(r);
	fprintf(r->af.fp, "resize %d %d\n", w, h);
}

/* A character the ':' line takes as typed: printable, not a key. */
static bool typed_char(int key)
{
	return key >= 0x20 && key != 0x7f && key < PK_SPECIAL;
}

static void record_key(struct record *r, int key, bool was_open,
		       bool is_open)
{
	char name[32];

	if (!was_open && is_open && key == ':' && r->len == 0) {
		flush(r);
		r->cmd_open = true;
		return;
	}
	if (was_open && is_open && typed_char(key)) {
		size_t b;

		/* the sweep moved while typing, or the line is full */
		if (r->ticks || !typed_room(r))
			flush(r);
		b = utf8_encode((uint32_t)key, r->typed + r->len);
		r->len += b;
		r->esc += key == '#' ? 2 : b;
		return;
	}
	if (was_open && !is_open && key == PK_ENTER && r->cmd_open &&
	    !r->ticks) {
		r->typed[r->len] = '\0';
		fputs("cmd ", r->af.fp);
		put_escaped(r->af.fp, r->typed);
		putc('\n', r->af.fp);
		r->cmd_open = false;
		r->len = r->esc = 0;
		return;
	}
	flush(r);
	keycode_name(key, false, name, sizeof name);
	fputs("key ", r->af.fp);
	put_escaped(r->af.fp, key == ' ' ? "Space" : name);
	putc('\n', r->af.fp);
}

void record_event(struct record *r, const struct term_event *ev,
		  bool was_open, const struct state *s)
{
	int key = ev->key;

	switch (ev->type) {
	case TEV_CLICK:
		flush(r);
		fprintf(r->af.fp, "click %d %d\n", ev->x, ev->y);
		break;
	case TEV_WHEEL:
		flush(r);
		fprintf(r->af.fp, "wheel %s %d %d\n",
			ev->dir > 0 ? "up" : "down", ev->x, ev->y);
		break;
	case TEV_KEY:
		if (!ev->pasted) {
			record_key(r, key, was_open, s->cmd.active);
			break;
		}
		/* A paste types on the ':' line only, tabs and line ends
		 * as spaces (app/explorer.c), and does nothing elsewhere. */
		if (key == PK_TAB || key == PK_ENTER)
			key = ' ';
		if (was_open && typed_char(key))
			record_key(r, key, true, true);
		break;
	default:	/* TEV_RESIZE (record_resize), TEV_PASTE_END */
		break;
	}
	record_state(r, s);
}

void record_tick(struct record *r)
{
	r->ticks++;
}

void record_state(struct record *r, const struct state *s)
{
	const char *view = state_view(s)->name;
	const struct lesson *l = state_lesson(s);
	int lesson = l ? s->les.index : -1, step = l ? s->les.step : -1;

	if (view != r->view) {
		flush(r);
		fprintf(r->af.fp, "# view %s\n", view);
		r->view = view;
	}
	if (lesson != r->lesson || step != r->step) {
		flush(r);
		if (l) {	/* names from files: no line breaks */
			fprintf(r->af.fp, "# lesson %d ", l->number);
			say_put(r->af.fp, l->name);
			fprintf(r->af.fp, ": step %d of %d, ", step + 1,
				l->nsteps);
			say_put(r->af.fp, l->step[step].title);
			fputc('\n', r->af.fp);
		}
		else if (r->lesson >= 0)
			fputs("# no lesson\n", r->af.fp);
		r->lesson = lesson;
		r->step = step;
	}
}

int record_close(struct record *r, bool ok)
{
	int e = 0;

	flush(r);
	if (ok && !ferror(r->af.fp)) {
		e = atomic_file_commit(&r->af);
	} else {
		e = ok ? (errno ? errno : EIO) : 0;
		atomic_file_abort(&r->af);
	}
	free(r);
	return e;
}
