/* lang.h - the language of what pescope says to people: lesson captions,
 * drill text and the help overlay (English or Chinese).
 *
 * The choice: --lang en|zh, else the first non-empty of LC_ALL,
 * LC_MESSAGES and LANG (POSIX precedence): Chinese when it starts with
 * "zh", English otherwise. Chinese needs UTF-8 output: an explicit
 * --lang zh without a UTF-8 locale (or with --ascii) is refused (exit 64),
 * while a Chinese locale that is not UTF-8 quietly gives English, so that
 * LANG=zh_CN.GB18030 still leaves a working program. */
#ifndef LANG_H
#define LANG_H

#include <stdbool.h>
#include <stddef.h>

enum lang {
	LANG_EN,		/* English (the default) */
	LANG_ZH,		/* Simplified Chinese */
	LANG_COUNT		/* number of languages, not a language */
};

/* "en" or "zh"; "?" for an invalid value. */
const char *lang_name(enum lang l);

/* The language called name ("en", "zh"). Returns 0 and sets *out, or -1. */
int lang_from_name(const char *name, enum lang *out);

/* The language a locale name asks for: LANG_ZH when it starts with "zh",
 * else LANG_EN (NULL and "" too). Pure, for tests. */
enum lang lang_of_locale(const char *locale);

/* The language the environment asks for: lang_of_locale of the first
 * non-empty of LC_ALL, LC_MESSAGES and LANG. */
/* For tests only. */
enum lang lang_from_env(void);

/* Settles the language of a run: `chosen` is the --lang value or -1 when
 * none was given, `ascii` whether --ascii was given. Returns the language,
 * or -1 with a one-line message (no program name, no newline) in err (n
 * bytes) when Chinese was asked for explicitly but cannot be shown. */
int lang_settle(int chosen, bool ascii, char *err, size_t n);

#endif
