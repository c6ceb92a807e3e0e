/* cast.c - asciicast v2 recordings (see cast.h). */
#include "io/cast.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct cast {
	FILE *out;
	struct render_opts ro;
	int w, h;		/* the terminal's size now */
	char **rows;		/* what each of its h rows shows, or NULL
				   before the first frame */
	bool started;		/* the first frame has been written */
};

bool cast_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	size_t len = strlen(name);

	return len > 5 && strcasecmp(name + len - 5, ".cast") == 0;
}

/* s (len bytes) as the inside of a JSON string: quotes, backslashes and
 * control characters escaped, UTF-8 as it is. */
static void put_json(FILE *f, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(f, "\\u%04x", ch);
		else
			putc(ch, f);
	}
}

static void put_json_str(FILE *f, const char *s)
{
	put_json(f, s, strlen(s));
}

struct cast *cast_begin(FILE *out, int w, int h, const char *title,
			const struct render_opts *ro)
{
	struct cast *k = calloc(1, sizeof *k);

	if (!k)
		return NULL;
	*k = (struct cast){ out, *ro, w, h, NULL, false };
	fprintf(out, "{\"version\": 2, \"width\": %d, \"height\": %d", w, h);
	if (title) {
		fputs(", \"title\": \"", out);
		put_json_str(out, title);
		putc('"', out);
	}
	fprintf(out, ", \"env\": {\"TERM\": \"%s\"}}\n",
		ro->color == COLOR_RGB ? "xterm-direct" : "xterm-256color");
	if (ferror(out)) {
		free(k);
		return NULL;
	}
	return k;
}

static void free_rows(struct cast *k)
{
	if (k->rows)
		for (int y = 0; y < k->h; y++)
			free(k->rows[y]);
	free(k->rows);
	k->rows = NULL;
}

/* The rows of c as render_text writes them, without their '\n': h strings
 * in *rows (the caller frees them), or -1 with errno. */
static int render_rows(const struct cast *k, const struct canvas *c,
		       char ***rows)
{
	int h = canvas_height(c);
	char *text = NULL, *p;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc;

	*rows = NULL;
	if (!mem)
		return -1;
	rc = render_text(mem, c, &k->ro);
	if (fclose(mem) != 0 || rc != 0 || !(*rows = calloc((size_t)h + 1,
							    sizeof **rows))) {
		free(text);
		errno = ENOMEM;
		return -1;
	}
	p = text;
	for (int y = 0; y < h; y++) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (!((*rows)[y] = strndup(p, n))) {
			for (int i = 0; i < y; i++)
				free((*rows)[i]);
			free(*rows);
			free(text);
			errno = ENOMEM;
			return -1;
		}
		p = nl ? nl + 1 : p + n;
	}
	free(text);
	return 0;
}

int cast_frame(struct cast *k, double t, const struct canvas *c)
{
	int w = canvas_width(c), h = canvas_height(c);
	char **rows;

	if (render_rows(k, c, &rows) != 0)
		return -1;
	if (w != k->w || h != k->h) {
		free_rows(k);	/* a resized terminal: every row again */
		k->w = w;
		k->h = h;
		fprintf(k->out, "[%.3f, \"r\", \"%dx%d\"]\n", t, w, h);
	}
	fprintf(k->out, "[%.3f, \"o\", \"", t);
	if (!k->started)	/* hide the cursor, clear the screen */
		put_json_str(k->out, "\033[?25l\033[0m\033[H\033[2J");
	k->started = true;
	for (int y = 0; y < h; y++) {
		char at[32];
		if (k->rows && strcmp(k->rows[y], rows[y]) == 0)
			continue;
		snprintf(at, sizeof at, "\033[%d;1H\033[0m\033[2K", y + 1);
		put_json_str(k->out, at);
		put_json_str(k->out, rows[y]);
	}
	fputs("\"]\n", k->out);
	free_rows(k);
	k->rows = rows;
	return ferror(k->out) ? -1 : 0;
}

int cast_end(struct cast *k)
{
	int rc;

	if (!k)
		return -1;
	rc = ferror(k->out) ? -1 : 0;
	free_rows(k);
	free(k);
	return rc;
}
