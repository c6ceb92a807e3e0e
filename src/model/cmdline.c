/* cmdline.c - editing the ':' line (see cmdline.h). */
#include "model/cmdline.h"

#include <string.h>

#include "base/utf8.h"
#include "base/words.h"

void cmdline_open(struct cmdline *c)
{
	c->active = true;
	c->len = c->cur = 0;
	c->text[0] = '\0';
	c->at = c->nhist;
	c->cut = false;
}

void cmdline_close(struct cmdline *c)
{
	c->active = false;
	c->len = c->cur = 0;
	c->text[0] = '\0';
	c->at = c->nhist;
}

/* Removes bytes [a, b) of the text; the cursor goes to a. */
static void cut(struct cmdline *c, size_t a, size_t b)
{
	memmove(c->text + a, c->text + b, c->len - b + 1);
	c->len -= b - a;
	c->cur = a;
}

void cmdline_insert(struct cmdline *c, long long cp)
{
	char u[UTF8_MAX];
	size_t n;

	if (cp < 0 || cp > 0x10ffff || utf8_is_control((uint32_t)cp))
		return;
	n = utf8_encode((uint32_t)cp, u);
	if (n == 0)
		return;
	if (c->len + n >= CMD_MAX) {
		c->cut = true;
		return;
	}
	memmove(c->text + c->cur + n, c->text + c->cur, c->len - c->cur + 1);
	memcpy(c->text + c->cur, u, n);
	c->len += n;
	c->cur += n;
}

/* The boundary after the character at byte i (i < len). */
static size_t next_at(const struct cmdline *c, size_t i)
{
	uint32_t cp;
	size_t n = utf8_decode(c->text + i, c->len - i, &cp);

	return i + (n ? n : 1);
}

void cmdline_backspace(struct cmdline *c)
{
	if (c->len == 0) {
		cmdline_close(c);
		return;
	}
	if (c->cur > 0)
		cut(c, utf8_prev(c->text, c->cur), c->cur);
}

void cmdline_delete(struct cmdline *c)
{
	if (c->cur < c->len)
		cut(c, c->cur, next_at(c, c->cur));
}

void cmdline_move(struct cmdline *c, int dir)
{
	if (dir < 0 && c->cur > 0)
		c->cur = utf8_prev(c->text, c->cur);
	else if (dir > 0 && c->cur < c->len)
		c->cur = next_at(c, c->cur);
}

void cmdline_home(struct cmdline *c)
{
	c->cur = 0;
}

void cmdline_end(struct cmdline *c)
{
	c->cur = c->len;
}

void cmdline_kill_start(struct cmdline *c)
{
	cut(c, 0, c->cur);
}

void cmdline_kill_end(struct cmdline *c)
{
	c->text[c->cur] = '\0';
	c->len = c->cur;
}

void cmdline_kill_word(struct cmdline *c)
{
	size_t a = c->cur;

	while (a > 0 && words_blank(c->text[a - 1]))
		a--;
	while (a > 0 && !words_blank(c->text[a - 1]))
		a = utf8_prev(c->text, a);
	cut(c, a, c->cur);
}

/* Shows text t (a history entry or the draft), the cursor at its end. */
static void show(struct cmdline *c, const char *t)
{
	size_t n = strlen(t);

	memmove(c->text, t, n + 1);
	c->len = c->cur = n;
}

void cmdline_recall(struct cmdline *c, int dir)
{
	int to = c->at + (dir < 0 ? -1 : 1);

	if (to < 0 || to > c->nhist)
		return;
	if (c->at == c->nhist)
		memcpy(c->draft, c->text, c->len + 1);
	c->at = to;
	show(c, to == c->nhist ? c->draft : c->hist[to]);
}

void cmdline_commit(struct cmdline *c)
{
	bool repeat = c->nhist > 0 &&
		      strcmp(c->hist[c->nhist - 1], c->text) == 0;

	if (c->len > 0 && !repeat) {
		if (c->nhist == CMD_HISTORY) {
			memmove(c->hist[0], c->hist[1],
				(CMD_HISTORY - 1) * sizeof c->hist[0]);
			c->nhist--;
		}
		memcpy(c->hist[c->nhist++], c->text, c->len + 1);
	}
	cmdline_close(c);
}

bool cmdline_valid(const struct cmdline *c)
{
	if (!(c->len < CMD_MAX && c->text[c->len] == '\0' &&
	      strlen(c->text) == c->len && c->cur <= c->len &&
	      (c->active || c->len == 0) && c->nhist >= 0 &&
	      c->nhist <= CMD_HISTORY && c->at >= 0 && c->at <= c->nhist))
		return false;
	/* The cursor sits on a character boundary. */
	return c->cur == c->len ||
	       ((unsigned char)c->text[c->cur] & 0xc0) != 0x80;
}
