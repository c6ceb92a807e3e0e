/* knob_args.h - --set WORD=VALUE: a view's knob from the command line.
 *
 * An argument "WORD=VALUE" stands for the ':' command "WORD VALUE" of the
 * knob called WORD (catalog.h; --list knobs names them), and runs through
 * that one command (model/command.h), so the words, ranges and messages
 * are the lesson files' and the ':' line's. */
#ifndef KNOB_ARGS_H
#define KNOB_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"

struct state;
struct settings;

/* Whether arg has the form WORD=VALUE with WORD a knob word of the
 * views' catalog (the value is not checked: its range may follow
 * d_model, which a later option may give). */
bool knob_arg_word_ok(const char *arg);

/* Applies the n --set arguments set[] to s, in the order given. On a value
 * outside its range returns false with one line in err (at most n-1 bytes,
 * in the language of s) that names the argument, the word and its range,
 * and leaves the knobs set so far. */
bool knob_args_apply(struct state *s, const char *const *set, int nset,
		     char *err, size_t n);

/* Checks the --set arguments of a parsed command line against the start
 * values the rest of it gives (d_model...), with the messages of
 * knob_args_apply in language l. */
bool knob_args_check(const char *const *set, int nset,
		     const struct settings *start, enum lang l, char *err,
		     size_t n);

#endif
