/* cmdline.c - editing the ':' line (see cmdline.h). */
#include "model/cmdline.h"

#include <string.h>

#include "base/utf8.h"

void cmdline_open(struct cmdline *c)
{
	c->active = true;
	c->len = 0;
	c->text[0] = '\0';
}

void cmdline_close(struct cmdline *c)
{
	c->active = false;
	c->len = 0;
	c->text[0] = '\0';
}

void cmdline_insert(struct cmdline *c, long long cp)
{
	char u[UTF8_MAX];
	size_t n;

	if (cp < 0 || cp > 0x10ffff || utf8_is_control((uint32_t)cp))
		return;
	n = utf8_encode((uint32_t)cp, u);
	if (n == 0 || c->len + n >= CMD_MAX)
		return;
	memcpy(c->text + c->len, u, n);
	c->len += n;
	c->text[c->len] = '\0';
}

void cmdline_backspace(struct cmdline *c)
{
	if (c->len == 0) {
		cmdline_close(c);
		return;
	}
	c->len = utf8_prev(c->text, c->len);
	c->text[c->len] = '\0';
}

bool cmdline_valid(const struct cmdline *c)
{
	return c->len < CMD_MAX && c->text[c->len] == '\0' &&
	       strlen(c->text) == c->len && (c->active || c->len == 0);
}
