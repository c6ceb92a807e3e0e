/* theme.c - the terminal's page, dark or light; see theme.h. */
#include "io/theme.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "base/clock.h"

/* Light when black text beats white text on a page of luminance lum (an
 * int like theme_from_osc11, whose -1 says "no answer"). */
static int theme_of_luminance(double lum)
{
	return (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) ? THEME_LIGHT
							  : THEME_DARK;
}

int theme_from_colorfgbg(const char *v)
{
	const char *last;
	char *end;
	long bg;

	if (!v || !*v)
		return -1;
	last = strrchr(v, ';');
	last = last ? last + 1 : v;
	if (*last < '0' || *last > '9')
		return -1;
	errno = 0;
	bg = strtol(last, &end, 10);
	if (*end || errno || bg > 255)
		return -1;
	return bg == 7 || bg == 15 ? THEME_LIGHT : THEME_DARK;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* sRGB component c in 0..1 to linear light (WCAG 2.x). */
static double linear(double c)
{
	return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

int theme_from_osc11(const char *buf, size_t n)
{
	static const char head[] = "\033]11;rgb:";
	static const double weight[3] = { 0.2126, 0.7152, 0.0722 };
	size_t hl = sizeof head - 1;

	for (size_t at = 0; at + hl <= n; at++) {
		size_t i = at + hl;
		double lum = 0;
		int k;

		if (memcmp(buf + at, head, hl) != 0)
			continue;
		for (k = 0; k < 3; k++) {
			unsigned long f = 0, top = 0;
			int digits = 0;
			while (i < n && digits < 4 && hex_digit(buf[i]) >= 0) {
				f = f * 16 + (unsigned long)hex_digit(buf[i++]);
				top = top * 16 + 15;
				digits++;
			}
			if (digits == 0 || (k < 2 && (i >= n || buf[i++] != '/')))
				break;
			lum += weight[k] * linear((double)f / (double)top);
		}
		if (k < 3 || i >= n)
			continue;
		if (buf[i] == '\a' || (buf[i] == '\033' && i + 1 < n &&
				       buf[i + 1] == '\\'))
			return theme_of_luminance(lum);
	}
	return -1;
}

/* Whether buf[0..n) holds a whole DA1 reply: ESC [ ? digits and ';' ... c. */
static bool has_da1(const char *buf, size_t n)
{
	for (size_t at = 0; at + 3 <= n; at++) {
		size_t i = at + 3;
		if (buf[at] != '\033' || buf[at + 1] != '[' || buf[at + 2] != '?')
			continue;
		while (i < n && ((buf[i] >= '0' && buf[i] <= '9') ||
				 buf[i] == ';'))
			i++;
		if (i < n && buf[i] == 'c')
			return true;
	}
	return false;
}

/* Writes all of s to fd; false on an error. */
static bool write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		s += w;
		n -= (size_t)w;
	}
	return true;
}

/* Reads into buf (at *n of cap) until it holds a DA1 reply or the clock
 * passes end. */
static void read_until_da1(int fd, char *buf, size_t cap, size_t *n,
			   long long end)
{
	while (*n < cap && !has_da1(buf, *n)) {
		long long left = end - clock_ms();
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t r;
		int ready;

		if (left <= 0)
			return;
		ready = poll(&p, 1, (int)left);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready <= 0)
			return;
		r = read(fd, buf + *n, cap - *n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return;
		*n += (size_t)r;
	}
}

int theme_query(int in_fd, int out_fd, int answer_ms, int drain_ms)
{
	/* OSC 11 query, ended by ST; then DA1. */
	static const char ask[] = "\033]11;?\033\\\033[c";
	struct termios saved, raw;
	sigset_t hold, old_mask;
	char buf[256], late[256];
	size_t n = 0, m = 0;
	long long start;
	int theme = -1;

	if (!isatty(in_fd) || !isatty(out_fd) || tcgetattr(in_fd, &saved) != 0)
		return -1;
	/* Ctrl-C, Ctrl-\ or Ctrl-Z in these 100 ms, or a signal from outside,
	 * waits until the settings are back. */
	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGQUIT);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGHUP);
	sigaddset(&hold, SIGTSTP);
	sigprocmask(SIG_BLOCK, &hold, &old_mask);
	raw = saved;
	raw.c_lflag &= (tcflag_t)~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(in_fd, TCSANOW, &raw) != 0)
		goto restore;
	if (!write_all(out_fd, ask, sizeof ask - 1))
		goto restore;
	start = clock_ms();
	read_until_da1(in_fd, buf, sizeof buf, &n, start + answer_ms);
	theme = theme_from_osc11(buf, n);
	/* Late: the rest of the answer is read, to be dropped. */
	if (!has_da1(buf, n)) {
		memcpy(late, buf, n);
		m = n;
		read_until_da1(in_fd, late, sizeof late, &m,
			       start + answer_ms + drain_ms);
	}
restore:
	/* TCSAFLUSH drops what is still unread: the rest of a late answer. */
	tcsetattr(in_fd, TCSAFLUSH, &saved);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	return theme;
}

enum theme theme_settle(int choice, bool ask)
{
	int t;

	if (choice >= 0 && choice < THEME_COUNT)
		return (enum theme)choice;
	t = theme_from_colorfgbg(getenv("COLORFGBG"));
	if (t < 0 && ask)
		t = theme_query(STDIN_FILENO, STDOUT_FILENO, THEME_QUERY_MS,
				THEME_DRAIN_MS);
	return t < 0 ? THEME_ANY : (enum theme)t;
}
