#!/usr/bin/python3
"""stop_signals.py - a signal in the middle of writing a file leaves nothing.

Usage: stop_signals.py PESCOPE SANITIZED SIGNAL... -- ARGS...

For each SIGNAL (a name such as QUIT or RTMIN), runs `PESCOPE ARGS -o
DIR/out` (ARGS may name the output itself with {out}), waits until its
temporary .pescope-XXXXXX shows up in DIR, sends the signal and checks that
the process ended with status 128+N (a shell's view of a death by signal N;
in a sanitizer build the faults the sanitizer reports itself end with 1)
and that DIR is empty: no temporary and no half-written file. Prints one
"ok ..." or "not ok ..." line per signal; exits 1 when one failed.

Every signal starts at its default action in the child, whatever this
script inherited (a background job of a shell ignores SIGINT and SIGQUIT),
core files are off, and the file size is limited (pescope ignores SIGXFSZ,
so a run the signal misses ends with EFBIG instead of filling the disk).
"""
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SANITIZER_REPORTS = {"SEGV", "BUS", "FPE"}  # ASan handles these itself


def child_setup():
    for n in range(1, signal.NSIG):
        try:
            signal.signal(n, signal.SIG_DFL)
        except (OSError, ValueError, RuntimeError):
            pass
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    limit = 2 << 30
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def signal_number(name):
    return int(getattr(signal, "SIG" + name))


def one(pescope, sanitized, name, args):
    num = signal_number(name)
    folder = tempfile.mkdtemp(prefix="pescope-sig-")
    out = os.path.join(folder, "out")
    argv = [pescope] + [a.replace("{out}", out) for a in args]
    if "{out}" not in " ".join(args):
        argv += ["-o", out]
    label = f"SIG{name} during {' '.join(args[:2])}"
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, preexec_fn=child_setup)
    deadline = time.monotonic() + 20
    seen = False
    while time.monotonic() < deadline and proc.poll() is None:
        if any(f.startswith(".pescope-") for f in os.listdir(folder)):
            seen = True
            break
    if not seen:
        proc.kill()
        proc.wait()
        shutil.rmtree(folder)
        print(f"not ok {label}: no temporary showed up "
              f"(status {proc.returncode})")
        return False
    os.kill(proc.pid, num)
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        print(f"not ok {label}: still running 20 s after the signal")
        shutil.rmtree(folder)
        return False
    rc = proc.returncode
    status = 128 - rc if rc < 0 else rc
    want = 1 if sanitized and name in SANITIZER_REPORTS else 128 + num
    left = sorted(os.listdir(folder))
    shutil.rmtree(folder)
    if status != want:
        print(f"not ok {label}: status {status}, want {want}: "
              f"{err.decode(errors='replace')[:200]}")
        return False
    if left:
        print(f"not ok {label}: left {' '.join(left)}")
        return False
    print(f"ok {label}: status {status}, nothing left")
    return True


def main():
    pescope, sanitized = sys.argv[1], sys.argv[2] == "1"
    rest = sys.argv[3:]
    cut = rest.index("--")
    names, args = rest[:cut], rest[cut + 1:]
    good = all([one(pescope, sanitized, n, args) for n in names])
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
