/* keys_doc.c - the key table as a Markdown table (see keys_doc.h). */
#include "app/keys_doc.h"

#include <string.h>

#include "model/keys.h"

/* Writes s with every '|' escaped, for a Markdown table cell. */
static void put_cell_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
}

int keys_doc_markdown(FILE *f, const struct catalog *cat, bool utf8)
{
	int n, views = keys_digit_views(cat);
	const struct keybinding *t = keys_table(&n);
	char buf[64], names[256];

	fputs("| keys | action |\n| --- | --- |\n", f);
	for (int i = 0; i < n; i++) {
		const char *label = keys_label(&t[i], views, utf8, buf, sizeof buf);
		const char *help = keys_text(&t[i], cat, LANG_EN, names,
					     sizeof names);
		const char *fence = strchr(label, '`') ? "`` " : "`";
		const char *close = strchr(label, '`') ? " ``" : "`";
		fprintf(f, "| %s", fence);
		put_cell_text(f, label);
		fprintf(f, "%s | ", close);
		put_cell_text(f, help);
		fputs(" |\n", f);
	}
	return ferror(f) ? -1 : 0;
}
