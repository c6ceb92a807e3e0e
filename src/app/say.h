/* say.h - the one-line messages the modes print on standard error, in the
 * language of the run: "pescope: " and the sentence, translated by the
 * caller (say(tr(l, "cannot write \"%s\": %s"), path, ...)), so the
 * compiler checks the English against the arguments and `make strings`
 * finds the sentence.
 *
 * Every message is written with its control characters escaped (\x1b for
 * ESC, C1 controls too): a file name or a value with escapes in it can
 * neither move the cursor nor change a colour, and a message stays on its
 * line. This is the one place that escapes what a message prints; callers
 * pass names as they are. */
#ifndef SAY_H
#define SAY_H

#include <stdio.h>

#include "base/lang.h"

#if defined(__GNUC__)
#define SAY_FORMAT __attribute__((format(printf, 1, 2)))
#else
#define SAY_FORMAT
#endif

/* Writes "pescope: ", the formatted message and a newline to stderr. */
void say(const char *fmt, ...) SAY_FORMAT;

/* The same without "pescope: ", for messages that begin with where the
 * fault is ("FILE:LINE: why"). */
void say_at(const char *fmt, ...) SAY_FORMAT;

/* Writes s to f as a message shows it: every control character as \xNN
 * (C0 and DEL, and C1, U+0080-U+009F, two bytes in UTF-8, which some
 * terminals obey as CSI and the like), everything else, UTF-8 included, as
 * it is. For names printed on standard output too (--lessons). Returns the
 * bytes written. */
int say_put(FILE *f, const char *s);

/* What errno value err means, in language l: strerror's text in English;
 * in Chinese a translation of the errors files and pipes give (a general
 * one for the rare others). ETXTBSY, which io/atomic_file.h gives for an
 * output that is one of the run's inputs, says so in both. */
const char *say_errno(enum lang l, int err);

#endif
