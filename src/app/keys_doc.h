/* keys_doc.h - the key table as documentation: `pescope --list-keys`.
 *
 * The README's key table is this output, pasted verbatim, and the docs test
 * (tests/e2e/docs.sh) compares it, the man page and the code, so the three
 * cannot drift apart. */
#ifndef KEYS_DOC_H
#define KEYS_DOC_H

#include <stdbool.h>
#include <stdio.h>

#include "model/catalog.h"

/* Writes keys_table() to f as a GitHub Markdown table, one row per binding
 * in table order:
 *     | keys | action |
 *     | --- | --- |
 *     | `←/→  h/l` | position -1 / +1 |
 * with the UTF-8 key labels, or the ASCII ones when utf8 is false. The same
 * output whatever the locale, so the README can be checked against it. '|'
 * is escaped as "\|" (GitHub tables split on it even inside code), and a
 * label holding a backtick is fenced with double backticks. Returns 0, or
 * -1 when writing failed. */
int keys_doc_markdown(FILE *f, const struct catalog *cat, bool utf8);

#endif
