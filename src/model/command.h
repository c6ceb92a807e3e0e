/* command.h - the explorer's ':' commands.
 *
 *   :d N | :d_model N     d_model, an even integer from 2 to 65536
 *   :base X | :b X        base, 1 < X <= 1e12 (decimal or exponent form)
 *   :len L | :n L         length, 1 to 1e9 positions
 *   :pos P | :p P         position, 0 to len-1
 *   :dim I | :i I         dimension, 0 to d_model-1
 *   :layout interleaved|concat
 *   :view NAME            show a view (views.h)
 *   :preset NAME          apply a preset (presets.h)
 *   :vector               the vector view
 *   :reset  :fit  :help  :q | :quit
 *
 * A command either applies completely or changes nothing and explains why. */
#ifndef COMMAND_H
#define COMMAND_H

#include <stddef.h>

#include "base/lang.h"

struct state;

enum command_result {
	COMMAND_OK,		/* applied */
	COMMAND_ERROR,		/* refused; err holds one line saying why */
	COMMAND_QUIT		/* the user asked to leave */
};

/* Runs one command line (without the leading ':'; leading and trailing
 * blanks are ignored; an empty line does nothing). On COMMAND_ERROR writes a
 * message of at most n-1 bytes into err and leaves s unchanged. */
enum command_result command_run(struct state *s, const char *line, char *err,
				size_t n);

/* Splits line into at most max words separated by blanks (spaces, tabs),
 * copying word k to store + k * word_max (cut to word_max - 1 bytes) and
 * pointing words[k] at it. Returns the count, or max + 1 when there are more
 * words. Shared by the ':' line and lesson files. */
int command_words(const char *line, char *store, size_t word_max,
		  const char **words, int max);

/* The command summary shown by ':help' and the help overlay, in language
 * l: an array of lines ending with NULL. */
const char *const *command_help(enum lang l);

#endif
