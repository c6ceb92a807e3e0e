/* tr.h - what pescope says, in the reader's language.
 *
 * Code writes every sentence a person reads in English, as
 *   snprintf(buf, n, tr(s->lang, "%d of %d pairs"), a, b);
 * and the Chinese of each lives in one table, base/tr_zh.c, a row per
 * sentence: the English exactly as the code writes it, then its Chinese.
 * A sentence kept in a table of the code for later (a knob's help, a key's
 * description) is marked N_("...") where it is written and passed through
 * tr() where it is shown.
 *
 * `make strings` (tests/tools/strings.py) checks the table against the
 * code: every tr() and N_() sentence has its row, every row is used, no
 * English twice, each Chinese takes the same printf conversions in the
 * same order as its English, and keeps to assets/glossary.txt. The
 * compiler checks the English against the arguments (format_arg), so both
 * languages always fit the call.
 *
 * Symbols, formulas and the notation of the encoding (sin, PE, d_model,
 * λ) are written the same in both languages, inside the sentences. */
#ifndef TR_H
#define TR_H

#include "base/lang.h"

/* Marks a sentence that tr() translates where it is shown. */
#define N_(en) (en)

#if defined(__GNUC__)
#define TR_FORMAT_ARG __attribute__((format_arg(2)))
#else
#define TR_FORMAT_ARG
#endif

/* en in language l: en itself for English, else its row of l's table, or
 * en when the table has none (tests find those). en must not be NULL. */
const char *tr(enum lang l, const char *en) TR_FORMAT_ARG;

/* The number of rows in l's table (0 for English), for tests. */
int tr_rows(enum lang l);

#endif
