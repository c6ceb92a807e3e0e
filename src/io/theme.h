/* theme.h - is the terminal's page dark or light? (--theme auto)
 *
 * Two witnesses, asked in this order:
 *   1. COLORFGBG, which some terminals (rxvt, Konsole, iTerm2 on request)
 *      set to "FG;BG" or "FG;X;BG": its last field is the background's
 *      colour index; 7 (white) and 15 (bright white) are light, any other
 *      number dark.
 *   2. The terminal itself, asked with OSC 11 ("ESC ] 11 ; ? ESC \", the
 *      dynamic-colours query of xterm's ctlseqs, answered by xterm, VTE,
 *      kitty, iTerm2, tmux and others) followed by DA1 ("ESC [ c", which
 *      every terminal answers): a reply "ESC ] 11 ; rgb:R/G/B" (BEL or ST
 *      ended) comes before the DA1 reply, so once that has arrived nothing
 *      of the answer is left to read. The reply counts when it has come
 *      within THEME_QUERY_MS; a terminal slower than that (a distant ssh
 *      link) gets up to THEME_DRAIN_MS more to finish its answer, which is
 *      then read and dropped: left in the input, its bytes would reach the
 *      explorer as keys (ESC ] 1 1 ; r ...: a view, a reset, a command).
 * When neither says, the theme is THEME_ANY, whose colours read on a dark
 * and on a light page alike (a dark theme on a white page lost its yellow
 * curves and grey lines; tmux 3.3a, Debian 12's, answers no OSC 11).
 *
 * A page is light when black text contrasts with it better than white text
 * does (WCAG relative luminance above 0.179: (L + 0.05) / 0.05 against
 * 1.05 / (L + 0.05)). No curses: the query runs before curses starts. */
#ifndef THEME_H
#define THEME_H

#include <stdbool.h>
#include <stddef.h>

#include "render/palette.h"

enum {
	THEME_QUERY_MS = 100,	/* the longest wait for the answer */
	THEME_DRAIN_MS = 400	/* and for a late answer's end, to drop it */
};

/* The theme COLORFGBG value v says (NULL: unset), or -1 when it says
 * nothing (unset, empty, or a last field that is no number 0..255). */
/* For tests only. */
int theme_from_colorfgbg(const char *v);

/* The theme of the OSC 11 reply found in buf[0..n) (other bytes, such as a
 * DA1 reply, may surround it): "ESC ] 11 ; rgb:" then three fields of 1 to
 * 4 hex digits split by '/', each scaled by its own width (f / (16^k - 1)),
 * ended by BEL or ESC '\'. Returns -1 when there is no such reply. */
/* For tests only. */
int theme_from_osc11(const char *buf, size_t n);

/* Asks the terminal on in_fd / out_fd (both terminals) and waits at most
 * answer_ms for its answer, then at most drain_ms more for the end of an
 * answer not yet whole (its DA1 reply), which is dropped; all in
 * non-canonical mode with echo off and the signals that end or stop a
 * process held back. The terminal's settings are restored on every path,
 * and input left unread is discarded, so no byte of the answer reaches the
 * program's input. Returns the theme, or -1 when the terminal did not
 * answer within answer_ms or is not a terminal. */
/* For tests only. */
int theme_query(int in_fd, int out_fd, int answer_ms, int drain_ms);

/* The theme for a run: choice when it is one (THEME_DARK, THEME_LIGHT,
 * THEME_ANY); for -1 (auto) COLORFGBG, then, when ask is true and standard
 * input and output are terminals, theme_query on them; otherwise
 * THEME_ANY. */
enum theme theme_settle(int choice, bool ask);

#endif
