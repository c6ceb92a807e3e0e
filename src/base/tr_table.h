/* tr_table.h - the shape of a language's table of sentences (see tr.h):
 * the table of Chinese is base/tr_zh.c; tr.c looks sentences up in it. */
#ifndef TR_TABLE_H
#define TR_TABLE_H

#include <stddef.h>

struct tr_row {
	const char *en;		/* the English, exactly as the code has it */
	const char *zh;		/* its Chinese */
};

extern const struct tr_row tr_zh[];
extern const size_t tr_zh_count;

#endif
