/* words.c - splitting and comparing the words of a line (see words.h). */
#include "base/words.h"

#include <string.h>

#include "base/utf8.h"

static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool words_same(const char *word, size_t len, const char *name)
{
	size_t i = 0;

	for (; i < len && name[i]; i++)
		if (ascii_lower(word[i]) != ascii_lower(name[i]))
			return false;
	return i == len && name[i] == '\0';
}

int words_split(const char *line, char *store, size_t word_max,
		const char **words, int max)
{
	int n = 0;

	for (;;) {
		size_t len;
		char *w;

		line += strspn(line, " \t");
		if (*line == '\0')
			return n;
		if (n == max)
			return max + 1;
		len = strcspn(line, " \t");
		w = store + (size_t)n * word_max;
		if (len >= word_max)
			len = utf8_cut(line, word_max - 1);
		memcpy(w, line, len);
		w[len] = '\0';
		words[n++] = w;
		line += strcspn(line, " \t");
	}
}
