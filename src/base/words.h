/* words.h - the words of a command line: splitting and comparing.
 *
 * The ':' line, lesson files and --keys scripts are lines of words
 * separated by blanks (spaces and tabs); their command names and key names
 * are English words compared without regard to ASCII letter case where the
 * format says so, with no locale involved. */
#ifndef WORDS_H
#define WORDS_H

#include <stdbool.h>
#include <stddef.h>

/* Whether word (len bytes, not NUL-terminated) equals the NUL-terminated
 * name, ignoring the case of ASCII letters only. */
bool words_same(const char *word, size_t len, const char *name);

/* Splits line into at most max words separated by blanks, copying word k
 * to store + k * word_max (cut to word_max - 1 bytes, on a character
 * boundary) and pointing words[k] at it. Returns the count, or max + 1 when
 * there are more words. */
int words_split(const char *line, char *store, size_t word_max,
		const char **words, int max);

/* Whether c is a blank: a space or a tab. */
bool words_blank(char c);

/* s without its leading and trailing spaces, in place: s moved past the
 * first, a NUL written over the last. */
char *words_trim(char *s);

/* word (len bytes of valid UTF-8) copied into dst (n bytes) for quoting in
 * a one-line message: control characters written \xNN, quotes and
 * backslashes escaped, at most max bytes of it, cut on a character
 * boundary with "..." after. Returns dst. */
const char *words_quote(const char *word, size_t len, size_t max, char *dst,
			size_t n);

#endif
