/* wrap.h - breaking UTF-8 text into lines by display width (CJK aware).
 *
 * Shared by the lesson captions, the interview drill and the help. Widths
 * are those of utf8_cp_width() (base/utf8.h), so a wrapped line drawn with
 * canvas_text() or paragraph_line() takes exactly the columns wrap_lines()
 * reports. Pure: no drawing here (render/paragraph.h draws).
 *
 * Where a line may break:
 *   - at a run of ASCII spaces (the spaces are dropped from both lines);
 *   - between two characters when either is wide (CJK), so Chinese text
 *     breaks between any two ideographs, and between an ideograph and a
 *     Latin word;
 *   - never inside a character, and never before a zero-width code point
 *     (a combining mark stays with its base);
 *   - never before CJK closing punctuation (，。、；：？！）」』】》” ...) nor
 *     after CJK opening punctuation (（「『【《“ ...), unless a word longer
 *     than the line leaves no other choice;
 *   - '\n' always ends a line; leading spaces after '\n' are kept
 *     (indentation), those after a soft break are not.
 * A word wider than the line is cut between characters. */
#ifndef WRAP_H
#define WRAP_H

#include <stddef.h>
#include <stdint.h>

/* One line of output: bytes [off, off + len) of the input. */
struct wrap_line {
	size_t off;		/* first byte of the line in the input */
	size_t len;		/* bytes, without the break (spaces, '\n') */
	int width;		/* display columns of those bytes */
};

/* Wraps NUL-terminated utf8 to lines of at most `width` columns (width < 1
 * counts as 1; a wide character on a one-column line gets a line of its
 * own, width 2). Stores the first `max` lines in out (out may be NULL when
 * max is 0) and returns how many lines the whole text needs, like
 * snprintf, so a caller can size a box first. An empty text (or NULL) has
 * 0 lines; a final '\n' does not start an empty line, but "\n\n" inside the
 * text gives an empty line. Invalid UTF-8 counts one column per bad byte
 * (it is drawn as U+FFFD), controls one column ('?'), as canvas_text does. */
int wrap_lines(const char *utf8, int width, struct wrap_line *out, int max);

#endif
