/* test_theme.c - --theme auto: COLORFGBG, the OSC 11 reply, and the query
 * itself on a pseudo-terminal, answered by a child process playing the
 * terminal: the reply decides, the terminal's settings come back, and no
 * byte of the answer is left for the program to read. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "io/theme.h"

Test(theme, colorfgbg)
{
	cr_expect_eq(theme_from_colorfgbg("0;15"), THEME_LIGHT);
	cr_expect_eq(theme_from_colorfgbg("0;7"), THEME_LIGHT);
	cr_expect_eq(theme_from_colorfgbg("0;default;15"), THEME_LIGHT);
	cr_expect_eq(theme_from_colorfgbg("15;0"), THEME_DARK);
	cr_expect_eq(theme_from_colorfgbg("7;8"), THEME_DARK);
	cr_expect_eq(theme_from_colorfgbg("12"), THEME_DARK);
	cr_expect_eq(theme_from_colorfgbg(NULL), -1);
	cr_expect_eq(theme_from_colorfgbg(""), -1);
	cr_expect_eq(theme_from_colorfgbg("15;default"), -1);
	cr_expect_eq(theme_from_colorfgbg("0;"), -1);
	cr_expect_eq(theme_from_colorfgbg("0;15x"), -1);
	cr_expect_eq(theme_from_colorfgbg("0;256"), -1);
}

static int osc(const char *s)
{
	return theme_from_osc11(s, strlen(s));
}

Test(theme, osc11_reply)
{
	/* xterm's own form: 4 hex digits, ST. */
	cr_expect_eq(osc("\033]11;rgb:ffff/ffff/ffff\033\\"), THEME_LIGHT);
	cr_expect_eq(osc("\033]11;rgb:0000/0000/0000\033\\"), THEME_DARK);
	/* BEL-ended, 2 digits, around a DA1 reply. */
	cr_expect_eq(osc("\033]11;rgb:fd/f6/e3\a\033[?62;22c"), THEME_LIGHT);
	cr_expect_eq(osc("\033[?1;2c\033]11;rgb:1c/1c/1c\a"), THEME_DARK);
	/* Each field scaled by its own width: c of f is 0.8, a light grey. */
	cr_expect_eq(osc("\033]11;rgb:c/c/c\a"), THEME_LIGHT);
	/* The threshold: black text beats white text above luminance
	 * 0.179: grey #767676 is 0.181, #747474 0.175. */
	cr_expect_eq(osc("\033]11;rgb:76/76/76\a"), THEME_LIGHT);
	cr_expect_eq(osc("\033]11;rgb:74/74/74\a"), THEME_DARK);
	/* Pure blue is dark, pure yellow light (luminance 0.07, 0.93). */
	cr_expect_eq(osc("\033]11;rgb:0000/0000/ffff\a"), THEME_DARK);
	cr_expect_eq(osc("\033]11;rgb:ffff/ffff/0000\a"), THEME_LIGHT);
	/* Not a reply: cut, unended, no digits, other colour, empty. */
	cr_expect_eq(osc("\033]11;rgb:ffff/ffff/ff"), -1);
	cr_expect_eq(osc("\033]11;rgb:ffff/ffff/ffff"), -1);
	cr_expect_eq(osc("\033]11;rgb:ffff//ffff\a"), -1);
	cr_expect_eq(osc("\033]10;rgb:ffff/ffff/ffff\a"), -1);
	cr_expect_eq(osc("\033[?62c"), -1);
	cr_expect_eq(theme_from_osc11("", 0), -1);
}

/* A pseudo-terminal: *master is the terminal's side, the returned slave
 * the program's. */
static int pty(int *master)
{
	int m = posix_openpt(O_RDWR | O_NOCTTY);
	int s;

	cr_assert_geq(m, 0);
	cr_assert_eq(grantpt(m), 0);
	cr_assert_eq(unlockpt(m), 0);
	s = open(ptsname(m), O_RDWR | O_NOCTTY);
	cr_assert_geq(s, 0);
	*master = m;
	return s;
}

/* The child plays the terminal: reads until the DA1 query has come, checks
 * that the OSC 11 query came before it, then writes answer (NULL: says
 * nothing; late: 0.3 s later) and waits to be ended. Exits 3 when the
 * query was wrong. */
/* The child says on this pipe that it has answered. */
static int answered[2];

static pid_t terminal(int master, int slave, const char *answer, bool late)
{
	pid_t pid = fork();
	char buf[64];
	size_t n = 0;

	cr_assert_geq(pid, 0);
	if (pid > 0)
		return pid;
	close(slave);
	while (n < sizeof buf - 1) {
		ssize_t r = read(master, buf + n, sizeof buf - 1 - n);
		if (r <= 0)
			_exit(2);
		n += (size_t)r;
		buf[n] = '\0';
		if (strstr(buf, "\033[c"))
			break;
	}
	if (strcmp(buf, "\033]11;?\033\\\033[c") != 0)
		_exit(3);
	/* Late: well after the program stopped waiting for the answer. */
	if (late)
		usleep(300 * 1000);
	if (answer && write(master, answer, strlen(answer)) < 0)
		_exit(4);
	if (write(answered[1], "!", 1) != 1)
		_exit(5);
	for (;;)
		pause();
}

static void end_terminal(pid_t pid)
{
	int st;

	kill(pid, SIGTERM);
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	cr_expect(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM,
		  "the terminal saw a wrong query (status %d)", st);
}

/* Asks through a pty answered with answer; checks the settings came back
 * and nothing is left to read. Returns theme_query's result. */
static int ask_when(const char *answer, bool late)
{
	int master, slave = pty(&master);
	struct termios before, after;
	struct pollfd p;
	pid_t pid;
	int got;

	char said;

	cr_assert_eq(pipe(answered), 0);
	cr_assert_eq(tcgetattr(slave, &before), 0);
	pid = terminal(master, slave, answer, late);
	got = answer && late ? theme_query(slave, slave, 50, 10000) :
	      theme_query(slave, slave, answer ? 10000 : THEME_QUERY_MS,
			  answer ? 0 : THEME_DRAIN_MS);
	cr_assert_eq(tcgetattr(slave, &after), 0);
	cr_expect_eq(after.c_lflag, before.c_lflag);
	cr_expect_eq(after.c_cc[VMIN], before.c_cc[VMIN]);
	cr_expect_eq(after.c_cc[VTIME], before.c_cc[VTIME]);
	/* Nothing to read once the terminal has answered: the answer was
	 * taken whole. Non-canonical for a moment, so that a partial line
	 * would show. */
	cr_assert_eq(read(answered[0], &said, 1), 1);
	after.c_lflag &= (tcflag_t)~ICANON;
	after.c_cc[VMIN] = 0;
	after.c_cc[VTIME] = 0;
	cr_assert_eq(tcsetattr(slave, TCSANOW, &after), 0);
	p = (struct pollfd){ slave, POLLIN, 0 };
	cr_expect_eq(poll(&p, 1, 0), 0, "bytes of the answer were left");
	end_terminal(pid);
	close(answered[0]);
	close(answered[1]);
	close(slave);
	close(master);
	return got;
}

static int ask(const char *answer)
{
	return ask_when(answer, false);
}

Test(theme, query_light_terminal)
{
	cr_expect_eq(ask("\033]11;rgb:ffff/ffff/ffff\033\\\033[?62;22c"),
		     THEME_LIGHT);
}

Test(theme, query_dark_terminal)
{
	cr_expect_eq(ask("\033]11;rgb:0000/0000/0000\a\033[?1;2c"), THEME_DARK);
}

/* A terminal that knows no OSC 11 answers DA1 only: no theme, at once. */
Test(theme, query_da1_only)
{
	cr_expect_eq(ask("\033[?1;2c"), -1);
}

/* A terminal that answers nothing: no theme, after the timeout. */
Test(theme, query_silent_terminal)
{
	cr_expect_eq(ask(NULL), -1);
}

/* An answer after the wait (0.3 s against 50 ms) does not count, and is
 * taken out of the input whole: none of it reaches the program as keys. */
Test(theme, query_late_answer_is_dropped)
{
	cr_expect_eq(ask_when("\033]11;rgb:ffff/ffff/ffff\a\033[?62c", true), -1);
}

Test(theme, query_no_terminal)
{
	int fd[2];

	cr_assert_eq(pipe(fd), 0);
	cr_expect_eq(theme_query(fd[0], fd[1], 10, 10), -1);
	close(fd[0]);
	close(fd[1]);
}

Test(theme, settle)
{
	cr_expect_eq(theme_settle(THEME_LIGHT, false), THEME_LIGHT);
	cr_expect_eq(theme_settle(THEME_DARK, true), THEME_DARK);
	setenv("COLORFGBG", "0;15", 1);
	cr_expect_eq(theme_settle(-1, false), THEME_LIGHT);
	setenv("COLORFGBG", "15;0", 1);
	cr_expect_eq(theme_settle(-1, false), THEME_DARK);
	/* Nothing says what the page is (no COLORFGBG, no terminal to ask:
	 * tmux 3.3a answers no OSC 11): colours that read on both. */
	unsetenv("COLORFGBG");
	cr_expect_eq(theme_settle(-1, false), THEME_ANY);
	setenv("COLORFGBG", "0;15", 1);
	cr_expect_eq(theme_settle(THEME_ANY, true), THEME_ANY);
	unsetenv("COLORFGBG");
}
