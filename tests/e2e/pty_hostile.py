#!/usr/bin/python3
"""pty_hostile.py - the explorer on a pseudo-terminal that misbehaves.

Usage: pty_hostile.py answers PESCOPE
       pty_hostile.py jobs PESCOPE

answers: the terminal answers pescope's colour query late, in pieces and
huge, after the explorer has started (a slow ssh link): OSC 11 split at
every place, its ST split too, a DCS report, a DA1 report split over two
reads, a 20 000-byte OSC. Each piece is written once pescope has read the
one before (the pty's input queue is empty) and 0.1 s later, so that it
comes after the escape delay; the outcome must not depend on that pause.
Then `q`: pescope must end with 0. Had any byte of the answers been taken
as keys, ':' (in "rgb:") would have opened the command line, which takes
the `q` as text, and pescope would still run.

jobs: an interactive bash on the pty runs pescope; Ctrl-Z stops it, `bg`
continues it in the background. From `bg` until pescope has stopped again
(its state in /proc is T), it must write none of its modes to the shell's
terminal (mouse reporting, keypad mode, the alternate screen, bracketed
paste). Then `fg` gives it the terminal back: its modes come back, and `q`
ends it.

Every wait polls a state with a deadline (20 s); prints one TAP line per
check and exits 1 when one failed.
"""
import fcntl
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

DEADLINE_S = 20
# mouse reporting (xterm's XM: ESC [ ? 1006 ; 1000 h), keypad transmit,
# the alternate screen, bracketed paste
MODES = [b"1000h", b"\033[?1h", b"\033[?1049h", b"\033[?2004h"]


class Pty:
    """A pty whose slave end is the controlling terminal of argv."""

    def __init__(self, argv, env):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ,
                    struct.pack("HHHH", 24, 80, 0, 0))
        os.set_blocking(self.master, False)

        def own_terminal():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        # in a folder of its own: a pescope that took an answer's "e" as
        # its export key saves its picture there, not in the tree
        self.cwd = tempfile.mkdtemp(prefix="pescope-pty-")
        self.proc = subprocess.Popen(
            argv, stdin=self.slave, stdout=self.slave, stderr=self.slave,
            env=env, preexec_fn=own_terminal, close_fds=True, cwd=self.cwd)
        self.out = b""

    def read(self):
        """Takes what has been written so far."""
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except BlockingIOError:
                return
            except OSError:	# EIO: the other end is closed
                return
            if not chunk:
                return
            self.out += chunk

    def wait(self, what, test):
        """Polls until test() is true; False after the deadline."""
        end = time.monotonic() + DEADLINE_S
        while time.monotonic() < end:
            self.read()
            if test():
                return True
            select.select([self.master], [], [], 0.02)
        print(f"# timed out waiting for {what}", file=sys.stderr)
        return False

    def unread(self):
        """Bytes written to the terminal that no one has read yet."""
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.TIOCINQ,
                                              b"\0\0\0\0"))[0]

    def send(self, data):
        """Writes data, then waits until the program has read it all."""
        os.write(self.master, data)
        return self.wait("the input to be read", lambda: self.unread() == 0)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)
        shutil.rmtree(self.cwd, ignore_errors=True)


def env_for_term():
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "COLORTERM", "COLORFGBG")}
    env.update(TERM="xterm-256color", LC_ALL="C.UTF-8")
    return env


def report(name, good, why=""):
    print(f"ok {name}" if good else f"not ok {name}{' # ' + why if why else ''}")
    return good


def answers(pescope):
    huge = b"\033]11;rgb:" + b"9" * 20000 + b"\007"
    pieces = [
        b"\033]11;", b"rgb:1e1e/", b"1e1e/1e1e", b"\033", b"\\",
        b"\033]11;rgb:ffff/ffff/ffff\007",
        b"\033P1$r", b"0m\033\\",
        b"\033[?64;", b"1;2c",
    ] + [huge[i:i + 1000] for i in range(0, len(huge), 1000)]
    pty = Pty([pescope, "--theme", "auto", "-d", "16", "-n", "40"],
              env_for_term())
    good = pty.wait("the first frame", lambda: b"d_model=16" in pty.out)
    for p in pieces:
        if good:
            time.sleep(0.1)	# late: past the escape delay (not needed)
            good = pty.send(p)
    if good:
        pty.send(b"q")
        good = pty.wait("pescope to end", lambda: pty.proc.poll() is not None)
    rc = pty.proc.poll()
    pty.close()
    return report("late, split and huge terminal answers are no keys: q "
                  "still quits", good and rc == 0,
                  f"status {rc}" if rc is not None else "still running")


def state_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def child_pescope(bash_pid):
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)
            with open(f"/proc/{name}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if int(fields[1].split()[1]) == bash_pid and comm == "pescope":
            return int(name)
    return None


def jobs(pescope):
    env = env_for_term()
    env["PS1"] = "$ "
    pty = Pty(["bash", "--norc", "--noprofile", "--noediting", "-i"], env)
    ok = True
    pid = None
    good = pty.wait("the prompt", lambda: pty.out.endswith(b"$ "))
    if good:
        os.write(pty.master, pescope.encode() + b" -d 16 -n 40\r")
        good = pty.wait("the first frame", lambda: b"d_model=16" in pty.out)
    if good:
        pid = child_pescope(pty.proc.pid)
        good = pid is not None
    if good:
        os.write(pty.master, b"\x1a")	# Ctrl-Z
        good = pty.wait("pescope to stop",
                        lambda: state_of(pid) == "T" and b"Stopped" in pty.out)
    ok &= report("Ctrl-Z stops the explorer", good)
    if good:
        mark = len(pty.out)
        os.write(pty.master, b"bg\r")
        # bash prints "[1]+ ... &", sends SIGCONT, and prompts again: from
        # that prompt on, pescope has been continued, and runs until it
        # stops again (reading or writing the terminal, or of itself)
        good = pty.wait("bash's prompt after bg",
                        lambda: b"$ " in pty.out[mark:].partition(b"&")[2]) \
            and pty.wait("pescope to stop again",
                         lambda: state_of(pid) == "T")
        pty.read()
        after_bg = pty.out[mark:]
        written = [m for m in MODES if m in after_bg]
        ok &= report("after bg, the stopped explorer writes none of its modes "
                     "to the shell's terminal", good and not written,
                     "wrote " + " ".join(repr(m) for m in written))
    if good:
        mark = len(pty.out)
        os.write(pty.master, b"fg\r")
        good = pty.wait("its frame after fg",
                        lambda: b"d_model=16" in pty.out[mark:])
        if not good:
            print("# " + repr(pty.out[mark:])[:600], file=sys.stderr)
        ok &= report("after fg, the explorer takes its terminal back", good)
    if good:
        os.write(pty.master, b"q")
        good = pty.wait("pescope to end", lambda: state_of(pid) == "gone" or
                        state_of(pid) == "Z")
        ok &= report("and q ends it", good)
    os.write(pty.master, b"exit\r")
    pty.wait("bash to end", lambda: pty.proc.poll() is not None)
    pty.close()
    return ok


def main():
    what, pescope = sys.argv[1], sys.argv[2]
    good = answers(pescope) if what == "answers" else jobs(pescope)
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
