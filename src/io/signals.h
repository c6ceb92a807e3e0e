/* signals.h - every signal that would end pescope, caught so that nothing
 * is left behind: no raw terminal, no temporary file.
 *
 * Linux ends a process on about thirty signals by default. signals_catch
 * sorts them in two:
 *   - requests to stop, which come from outside at any moment: SIGHUP,
 *     SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
 *     SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU and the
 *     real-time signals. The handler only records the number in a volatile
 *     sig_atomic_t flag (installed without SA_RESTART, so a blocked read or
 *     write returns with EINTR); the program polls signals_pending, cleans
 *     up as on any other way out and ends with status 128 + the number
 *     (signals_end). A request that was ignored when pescope started (a
 *     background job's SIGINT and SIGQUIT, nohup's SIGHUP) stays ignored,
 *     except SIGPIPE, which is always caught so that a closed reader still
 *     ends a run.
 *   - faults, after which the program cannot go on: SIGSEGV, SIGBUS,
 *     SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT. The handler runs the
 *     emergency cleanups registered with signals_at_fault (which may only
 *     use async-signal-safe calls: write(2), tcsetattr(3), unlink(2)), puts
 *     back the handler there was before (the default, or a sanitizer's,
 *     which then reports as if we had not been there) and raises the signal
 *     again, so the process dies of it (128 + the number).
 * SIGXFSZ is not among them: main ignores it in every mode, so that a write
 * beyond `ulimit -f` fails with EFBIG and is reported like any other I/O
 * error (status 74) instead of killing pescope without a word.
 * SIGKILL and SIGSTOP cannot be caught; nothing can clean up after them. */
#ifndef SIGNALS_H
#define SIGNALS_H

#include <signal.h>

enum { SIGNALS_CLEANUPS_MAX = 4,	/* emergency cleanups at most */
       SIGNALS_NOTE_MAX = 1024 };	/* bytes of signals_bus_note's line */

/* Installs the handlers described above. Safe to call more than once. */
void signals_catch(void);

/* The request that arrived (its number), or 0. */
int signals_pending(void);

/* The flag signals_pending reads, for loops that poll it themselves (the
 * dumps' cancel argument). */
const volatile sig_atomic_t *signals_flag(void);

/* Registers fn to run in the fault handler, before the signal is raised
 * again (each at most once; later ones first). fn must be async-signal-safe.
 * Returns 0, or -1 when SIGNALS_CLEANUPS_MAX are registered already. */
int signals_at_fault(void (*fn)(void));

/* A line (with its newline) for standard error when SIGBUS ends the
 * process, after the cleanups have put the terminal back: a mapped file
 * that shrank under pescope (io/matrix_file.h) says what happened. The
 * text is copied, cut to SIGNALS_NOTE_MAX - 1 bytes; NULL clears it. */
void signals_bus_note(const char *line);

/* Ends the process as signal sig does by default: the exit status a shell
 * shows is 128 + sig (a core file only where sig's default makes one and
 * the limits allow it). Never returns. */
_Noreturn void signals_end(int sig);

#endif
