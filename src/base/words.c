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

bool words_blank(char c)
{
	return c == ' ' || c == '\t';
}

const char *words_quote(const char *word, size_t len, size_t max, char *dst,
			size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t k = 0, i = 0, cut = len;

	if (max < len)	/* cut before the character that holds byte max */
		cut = utf8_prev(word, max + 1);
	/* a byte takes at most 4; keep 4 for "..." and the NUL */
	for (; i < cut && k + 8 <= n; i++) {
		unsigned char c = (unsigned char)word[i];

		if (c < 0x20 || c == 0x7f) {
			dst[k++] = '\\';
			dst[k++] = 'x';
			dst[k++] = hex[c >> 4];
			dst[k++] = hex[c & 15];
			continue;
		}
		if (c == '"' || c == '\\')
			dst[k++] = '\\';
		dst[k++] = (char)c;
	}
	if (i < len && k + 4 <= n) {
		memcpy(dst + k, "...", 3);
		k += 3;
	}
	dst[k] = '\0';
	return dst;
}

char *words_trim(char *s)
{
	size_t n;

	s += strspn(s, " ");
	n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
	return s;
}
