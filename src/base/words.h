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

#endif
