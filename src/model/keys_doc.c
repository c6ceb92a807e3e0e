/* keys_doc.c - the key table as a Markdown table (see keys_doc.h). */
#include "model/keys_doc.h"

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

int keys_doc_markdown(FILE *f, bool utf8)
{
	int n;
	const struct keybinding *t = keys_table(&n);

	fputs("| keys | action |\n| --- | --- |\n", f);
	for (int i = 0; i < n; i++) {
		const char *label = utf8 ? t[i].label_utf8 : t[i].label_ascii;
		const char *fence = strchr(label, '`') ? "`` " : "`";
		const char *close = strchr(label, '`') ? " ``" : "`";
		fprintf(f, "| %s", fence);
		put_cell_text(f, label);
		fprintf(f, "%s | ", close);
		put_cell_text(f, t[i].help);
		fputs(" |\n", f);
	}
	return ferror(f) ? -1 : 0;
}
