/* lang.c - choosing the language of a run (see lang.h). */
#include "base/lang.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[LANG_COUNT] = { "en", "zh" };

const char *lang_name(enum lang l)
{
	return (unsigned)l < LANG_COUNT ? names[l] : "?";
}

int lang_from_name(const char *name, enum lang *out)
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (strcmp(name, names[i]) == 0) {
			*out = (enum lang)i;
			return 0;
		}
	return -1;
}

enum lang lang_of_locale(const char *locale)
{
	return locale && strncmp(locale, "zh", 2) == 0 ? LANG_ZH : LANG_EN;
}

enum lang lang_from_env(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };

	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);

		if (v && *v)
			return lang_of_locale(v);
	}
	return LANG_EN;
}

/* True when the current LC_CTYPE codeset is UTF-8 (after setlocale). */
static bool lang_utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && strcmp(cs, "UTF-8") == 0;
}

int lang_settle(int chosen, bool ascii, char *err, size_t n)
{
	bool utf8 = lang_utf8_locale();

	if (chosen == LANG_ZH && (ascii || !utf8)) {
		snprintf(err, n, ascii ? "Chinese text cannot be drawn with "
			 "--ascii; drop --ascii or use --lang en"
			 : "Chinese text needs a UTF-8 locale (LANG=C.UTF-8 "
			 "or zh_CN.UTF-8); use --lang en");
		return -1;
	}
	if (chosen >= 0 && chosen < LANG_COUNT)
		return chosen;
	if (lang_from_env() == LANG_ZH && utf8 && !ascii)
		return LANG_ZH;
	return LANG_EN;
}
