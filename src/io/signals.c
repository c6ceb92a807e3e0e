/* signals.c - every signal that would end pescope (see signals.h). */
#include "io/signals.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

/* ---- the lists ---- */

/* Requests to stop; the real-time signals are added by number. */
static const int requests[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
	SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

static const int faults[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* ---- module state ---- */

static volatile sig_atomic_t pending;
static struct sigaction fault_prev[COUNT(faults)];	/* before us */
static void (*cleanups[SIGNALS_CLEANUPS_MAX])(void);
static char bus_note[SIGNALS_NOTE_MAX];	/* signals_bus_note's line */
static volatile sig_atomic_t bus_note_len;
static volatile sig_atomic_t ncleanups;
static bool caught;

/* ---- handlers ---- */

static void on_request(int sig)
{
	pending = sig;
}

/* Async-signal-safe: the cleanups promise to be, and sigaction(2) and
 * raise(3) are. The raised signal waits until the handler returns (it is
 * blocked meanwhile); a real fault simply happens again, and meets the
 * previous handler either way. */
static void on_fault(int sig)
{
	for (int i = ncleanups - 1; i >= 0; i--)
		cleanups[i]();
	if (sig == SIGBUS && bus_note_len > 0 &&
	    write(STDERR_FILENO, bus_note, (size_t)bus_note_len) < 0)
		bus_note_len = 0;	/* nothing more to do for it */
	for (size_t i = 0; i < COUNT(faults); i++)
		if (faults[i] == sig)
			sigaction(sig, &fault_prev[i], NULL);
	raise(sig);
}

/* ---- installing ---- */

static void catch_request(int sig, const struct sigaction *sa)
{
	struct sigaction old;

	if (sigaction(sig, NULL, &old) != 0)
		return;	/* not a signal here (a debugger may reserve some) */
	if (old.sa_handler == SIG_IGN && sig != SIGPIPE)
		return;
	sigaction(sig, sa, NULL);
}

void signals_catch(void)
{
	struct sigaction sa;

	if (caught)
		return;
	caught = true;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_request;	/* no SA_RESTART: wake blocked calls */
	for (size_t i = 0; i < COUNT(requests); i++)
		catch_request(requests[i], &sa);
#if defined(SIGRTMIN) && defined(SIGRTMAX)	/* macOS has none */
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		catch_request(sig, &sa);
#endif

	sa.sa_handler = on_fault;
	/* A fault in the handler is final. glibc's SA_RESETHAND is the
	 * unsigned 0x80000000 and sa_flags an int: the bit is what counts. */
	sa.sa_flags = (int)SA_RESETHAND;
	for (size_t i = 0; i < COUNT(faults); i++)
		sigaction(faults[i], &sa, &fault_prev[i]);
}

int signals_pending(void)
{
	return pending;
}

const volatile sig_atomic_t *signals_flag(void)
{
	return &pending;
}

void signals_bus_note(const char *line)
{
	size_t n = line ? strlen(line) : 0;

	bus_note_len = 0;	/* never half a line, if a fault comes now */
	if (n >= sizeof bus_note)
		n = sizeof bus_note - 1;
	if (n > 0)
		memcpy(bus_note, line, n);
	bus_note_len = (sig_atomic_t)n;
}

int signals_at_fault(void (*fn)(void))
{
	for (int i = 0; i < ncleanups; i++)
		if (cleanups[i] == fn)
			return 0;
	if (ncleanups == SIGNALS_CLEANUPS_MAX)
		return -1;
	cleanups[ncleanups] = fn;
	ncleanups = ncleanups + 1;	/* the handler sees fn only once set */
	return 0;
}

_Noreturn void signals_end(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* cppcheck-suppress unreachableCode ; raise returns when the default
	 * action does not end the process */
	_exit(128 + sig);	/* a signal whose default does not end us */
}
