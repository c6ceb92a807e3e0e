#!/usr/bin/env bash
# End-to-end checks of the command line and the matrix dumps, on the real
# binary $PESCOPE (an absolute path). Prints "ok NAME" / "not ok NAME" per
# check and exits non-zero when any failed.
#   - bad command lines: status 64, nothing on stdout, one line on stderr
#     naming the option;
#   - --help, --version;
#   - npy / csv / tsv dumps against the NumPy reference of the seed article
#     (Debian's /usr/bin/python3 with python3-numpy), the largest 16384 x
#     4096 (2048 x 1024 under make check's QUICK=1);
#   - output failures: status 73 / 74, nothing and no temporary left behind;
#     a closed pipe ends quietly; every signal that ends a process removes
#     the temporary (dump, series, export); a file size limit is an I/O
#     error (74), not a silent death;
#   - memory stays under 32 MiB for a 100000 x 4096 dump.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs python3
# Messages and --help in English, whatever the caller's locale.
export LC_ALL=C.UTF-8
: "${PESCOPE:?set PESCOPE to the binary under test}"
here=$(cd "$(dirname "$0")" && pwd)


# ---- bad command lines ----

# bad_usage OPTION ARGS...: status 64, empty stdout, one stderr line that
# names OPTION.
bad_usage() {
	local want=$1
	shift
	"$PESCOPE" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	local rc=$? lines
	lines=$(wc -l <"$tmp/err")
	local name="usage error: $* -> $want"
	if [ "$rc" -ne 64 ]; then
		not_ok "$name" "status $rc"
	elif [ -s "$tmp/out" ]; then
		not_ok "$name" "stdout not empty"
	elif [ "$lines" -ne 1 ]; then
		not_ok "$name" "$lines lines on stderr"
	elif ! grep -qF -- "$want" "$tmp/err"; then
		not_ok "$name" "$(cat "$tmp/err")"
	else
		ok "$name"
	fi
}

bad_usage --d-model -d 513
bad_usage --d-model -d 12abc
bad_usage --d-model -d ''
bad_usage --d-model -d -4
bad_usage --d-model -d 1.5
bad_usage --d-model -d 1e400
bad_usage --d-model -d 99999999999999999999
bad_usage --d-model --d-model=nan
bad_usage --base -b inf
bad_usage --base -b 1
bad_usage --base -b 2e12
bad_usage --length -n 0
bad_usage --length -n 2e9
bad_usage --position -p 5 -n 5
bad_usage --position -n 5 -p -1
bad_usage --dim -i 512
bad_usage --dim -d 8 -i 8
bad_usage --layout --layout diagonal
bad_usage --dump --dump xml
bad_usage --dtype --dump npy --dtype float16
bad_usage --dtype --dump csv --dtype float32
bad_usage --output -o out.npy
bad_usage --size --snapshot --size 0x10
bad_usage --color --snapshot --color sometimes
bad_usage --frames --bench --frames -3
bad_usage '"--frobnicate"' --frobnicate
bad_usage '"-z"' -z
bad_usage --d-model -d
bad_usage '"extra"' -d 8 extra
bad_usage --snapshot --snapshot --dump csv

# ---- help and version ----

"$PESCOPE" --help >"$tmp/out" 2>"$tmp/err"
check "--help exits 0 with usage on stdout" \
	test $? -eq 0 -a ! -s "$tmp/err"
check "--help names every option" grep -q -- '--frames' "$tmp/out"
"$PESCOPE" -h | cmp -s - "$tmp/out"
check "-h is --help" test $? -eq 0
# an option's words and terms fill its text in order: --scheme's list of
# schemes, then the series it belongs to
sed -n '/--scheme NAME/{N;p}' "$tmp/out" | tr -s ' \n' ' ' >"$tmp/scheme"
check "--help: --scheme lists the schemes of --dump-series bias" \
	grep -qF 'or nope: the scheme of --dump-series bias (default t5)' "$tmp/scheme"
out=$("$PESCOPE" --version)
check "--version prints pescope VERSION" \
	test $? -eq 0 -a "${out%% *}" = pescope -a -n "${out#pescope }"

# ---- dumps against NumPy ----

cat >"$tmp/check.py" <<'EOF'
import sys
import numpy as np

def sinusoidal_position_encoding(max_len, d_model, first=0):
    position = np.arange(first, max_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe = np.zeros((max_len - first, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe

kind, path, L, d, layout, tol = sys.argv[1:7]
L, d, tol = int(L), int(d), float(tol)
if kind == "npy":
    got = np.load(path, mmap_mode="r")
elif kind == "csv":
    got = np.loadtxt(path, skiprows=1, delimiter=",", ndmin=2)
else:
    got = np.loadtxt(path, skiprows=1, delimiter="\t", ndmin=2)
if got.shape != (L, d):
    sys.exit("shape %s, want %s" % (got.shape, (L, d)))
if kind == "npy" and len(sys.argv) > 7 and got.dtype != np.dtype(sys.argv[7]):
    sys.exit("dtype %s, want %s" % (got.dtype, sys.argv[7]))
# A block of rows at a time (rows first to first + 1023 of the encoding):
# the largest matrix is 512 MB. A NaN fails too.
for first in range(0, L, 1024):
    ref = sinusoidal_position_encoding(min(first + 1024, L), d, first)
    if layout == "concat":
        ref = np.concatenate([ref[:, 0::2], ref[:, 1::2]], axis=1)
    rows = np.asarray(got[first:first + 1024], dtype=np.float64)
    err = float(np.max(np.abs(rows - ref)))
    if not err <= tol:
        sys.exit("max error %g > %g in rows from %d" % (err, tol, first))
EOF

have_numpy=0
if has py:numpy "the dumps against NumPy"; then
	have_numpy=1
fi

# compare NAME KIND FILE L D LAYOUT TOL [DTYPE]
compare() {
	local name=$1
	shift
	[ "$have_numpy" = 1 ] || return
	if msg=$("$PY" "$tmp/check.py" "$@" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "$(tail -n 1 <<<"$msg")"
	fi
}

# The large one goes through stdout: -o would fsync 512 MB for nothing.
# make check (QUICK=1) takes a 16 MB one instead; make test, the 512 MB.
large="16384 4096"
[ "${QUICK:-0}" = 1 ] && large="2048 1024"
for size in "1 2" "100 512" "$large"; do
	set -- $size
	f="$tmp/m.npy"
	if [ "$1" -gt 1000 ]; then
		"$PESCOPE" --dump npy -n "$1" -d "$2" >"$f"
	else
		"$PESCOPE" --dump npy -n "$1" -d "$2" -o "$f"
	fi
	if [ $? -eq 0 ]; then
		compare "npy $1x$2 equals the NumPy reference" npy "$f" "$1" "$2" \
			interleaved 1e-9 float64
	else
		not_ok "npy $1x$2 dump"
	fi
	rm -f "$f"
done

"$PESCOPE" --dump npy --dtype float32 -n 1000 -d 64 >"$tmp/f4.npy" &&
	compare "npy float32 within 1e-6" npy "$tmp/f4.npy" 1000 64 \
		interleaved 1e-6 float32
"$PESCOPE" --dump npy --layout concat -n 300 -d 16 -o "$tmp/c.npy" &&
	compare "npy concat equals the reference rearranged" npy "$tmp/c.npy" \
		300 16 concat 1e-9 float64
"$PESCOPE" --dump csv -n 200 -d 32 -o "$tmp/m.csv" &&
	compare "csv loads with numpy.loadtxt" csv "$tmp/m.csv" 200 32 \
		interleaved 1e-9
"$PESCOPE" --dump tsv --layout concat -n 50 -d 8 >"$tmp/m.tsv" &&
	compare "tsv concat loads with numpy.loadtxt" tsv "$tmp/m.tsv" 50 8 \
		concat 1e-9

if [ "$have_numpy" = 1 ]; then
	"$PESCOPE" --dump npy -n 7 -d 6 -o "$tmp/h.npy"
	"$PY" -c 'import numpy as np, sys; np.save(sys.argv[1], np.zeros((7, 6)))' \
		"$tmp/z.npy"
	check "npy header bytes are np.save's" \
		cmp -s -n 128 "$tmp/h.npy" "$tmp/z.npy"
fi

# ---- atomic replacement ----

echo old >"$tmp/keep.csv"
chmod 640 "$tmp/keep.csv"
"$PESCOPE" --dump csv -n 2 -d 2 -o "$tmp/keep.csv"
check "an existing file is replaced and keeps its mode" \
	test "$(stat -c %a "$tmp/keep.csv")" = 640 -a \
	"$(head -n 1 "$tmp/keep.csv")" = dim0,dim1

# ---- output failures ----

no_temps() { ! ls -A "$1" | grep -q '^\.pescope-'; }

"$PESCOPE" --dump npy -n 10 -d 8 -o /nonexistent/x.npy 2>"$tmp/err"
rc=$?
check "missing folder: status 73" test "$rc" -eq 73
check "missing folder: nothing created" test ! -e /nonexistent
check "missing folder: one line naming the path" \
	test "$(wc -l <"$tmp/err")" -eq 1 -a \
	"$(grep -c '"/nonexistent/x.npy"' "$tmp/err")" -eq 1

echo plain >"$tmp/plain"
"$PESCOPE" --dump csv -o "$tmp/plain/x.csv" 2>/dev/null
check "path under a regular file: status 73" test $? -eq 73
mkdir "$tmp/adir"
"$PESCOPE" --dump csv -o "$tmp/adir" 2>/dev/null
check "directory as output: status 73" test $? -eq 73
check "no temporaries after refused outputs" no_temps "$tmp"
check "nothing created in the directory" test -z "$(ls -A "$tmp/adir")"

"$PESCOPE" --dump npy -n 1000 -d 512 -o /dev/full 2>"$tmp/err"
check "-o /dev/full: status 74" test $? -eq 74
check "-o /dev/full: one line on stderr" test "$(wc -l <"$tmp/err")" -eq 1
"$PESCOPE" --dump csv -n 3 -d 4 >/dev/full 2>"$tmp/err"
check "> /dev/full: status 74" test $? -eq 74
check "> /dev/full: one line on stderr" test "$(wc -l <"$tmp/err")" -eq 1

"$PESCOPE" --dump csv -n 100000 -d 512 2>"$tmp/err" | head -n 1 >"$tmp/out"
status=${PIPESTATUS[0]}
check "closed pipe: status 0 or 141" test "$status" -eq 0 -o "$status" -eq 141
check "closed pipe: nothing on stderr" test ! -s "$tmp/err"
check "closed pipe: the header row arrived" grep -q '^dim0,dim1,' "$tmp/out"

# Stopped in the middle of a large dump to a file: no file, no temporary.
# (SIGTERM: a background job of a script starts with SIGINT ignored.)
mkdir "$tmp/int"
"$PESCOPE" --dump csv -n 1000000 -d 4096 --force -o "$tmp/int/big.csv" &
pid=$!
for _ in $(seq 100); do
	ls -A "$tmp/int" | grep -q '^\.pescope-' && break
	sleep 0.05
done
kill -TERM "$pid"
for _ in $(seq 100); do	# at most 5 s, then make sure it is gone
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.05
done
kill -KILL "$pid" 2>/dev/null
wait "$pid"
status=$?
check "SIGTERM during a dump: dies of SIGTERM (143)" test "$status" -eq 143
check "SIGTERM during a dump: no file, no temporary" \
	test -z "$(ls -A "$tmp/int")"

# Every signal whose default action ends a process, in the middle of a
# dump, a series and an export to a file: status 128+N, no file, no
# temporary (stop_signals.py says how). SIGKILL and SIGSTOP cannot be
# caught; SIGXFSZ is ignored (below).
sanitized=0
grep -qa '__asan_init' "$PESCOPE" && sanitized=1
ALL_SIGNALS="HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM TERM STKFLT XCPU VTALRM PROF IO PWR SYS RTMIN RTMAX"
"$PY" "$here/stop_signals.py" "$PESCOPE" "$sanitized" $ALL_SIGNALS -- \
	--dump csv -n 1000000 -d 4096 --force || tap_failures=$((tap_failures + 1))
"$PY" "$here/stop_signals.py" "$PESCOPE" "$sanitized" QUIT USR1 -- \
	--dump-series similarity -n 1000000000 -d 4096 --force || tap_failures=$((tap_failures + 1))
"$PY" "$here/stop_signals.py" "$PESCOPE" "$sanitized" TERM QUIT USR2 SEGV -- \
	--export "{out}.svg" --size 1000x1000 -d 4096 -n 1e9 || tap_failures=$((tap_failures + 1))

# A file size limit (ulimit -f): the write fails with EFBIG instead of
# SIGXFSZ killing us; status 74, one line that says why, the old file kept
# and nothing else left.
mkdir "$tmp/fsz"
echo old >"$tmp/fsz/m.csv"
(ulimit -f 100; exec "$PESCOPE" --dump csv -n 10000 -d 64 -o "$tmp/fsz/m.csv") \
	2>"$tmp/err"
rc=$?
check "ulimit -f: status 74 ($rc)" test "$rc" -eq 74
check "ulimit -f: one line naming the file and the cause" \
	test "$(wc -l <"$tmp/err")" -eq 1 -a \
	"$(grep -c "\"$tmp/fsz/m.csv\".*File too large" "$tmp/err")" -eq 1
check "ulimit -f: the old file is kept" test "$(cat "$tmp/fsz/m.csv")" = old
check "ulimit -f: nothing else left" test "$(ls -A "$tmp/fsz")" = m.csv
(ulimit -f 100; exec "$PESCOPE" --export "$tmp/fsz/s.svg" --size 400x200) \
	2>"$tmp/err"
rc=$?
check "ulimit -f, --export: status 74 ($rc), nothing left" \
	test "$rc" -eq 74 -a "$(ls -A "$tmp/fsz")" = m.csv
(ulimit -f 1; exec "$PESCOPE" --dump csv -n 10000 -d 64) >"$tmp/fsz/stdout" \
	2>"$tmp/err"
rc=$?
check "ulimit -f, standard output to a file: status 74 ($rc), one line" \
	test "$rc" -eq 74 -a "$(wc -l <"$tmp/err")" -eq 1

if has script "npy to a terminal"; then
	script -qec "$PESCOPE --dump npy -n 2 -d 2" /dev/null >"$tmp/out" 2>&1
	rc=$?
	check "npy to a terminal: status 64" test "$rc" -eq 64
	check "npy to a terminal: suggests -o FILE" grep -q -- '-o FILE' "$tmp/out"
fi

# ---- memory ----

if has /usr/bin/time "the memory of a 100000x4096 npy dump"; then
	/usr/bin/time -v "$PESCOPE" --dump npy -n 100000 -d 4096 \
		>/dev/null 2>"$tmp/time"
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
	check "100000x4096 npy dump in under 32 MiB (${rss:-?} KiB)" \
		test "${rss:-99999999}" -lt 32768
fi

finish
