#!/usr/bin/env bash
# --vector and --dump-series against independent NumPy computations, plus
# their bad inputs and output failures.
set -u
PY=/usr/bin/python3
fails=0
ok() { echo "ok $1"; }
not_ok() { echo "not ok $1${2:+: $2}"; fails=$((fails + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi

# pycheck NAME PYTHON FILE: runs the Python code with `text` = the file.
pycheck() {
	local name=$1 code=$2 file=$3 msg
	if msg=$(printf 'import sys, numpy as np\ntext = open(sys.argv[1]).read()\n%s\n' "$code" |
		"$PY" - "$file" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "$msg"
	fi
}

# Reference: the formula of the seed article, written independently here.
REF='
def pe(pos, d, base=10000.0, layout="interleaved"):
    i = np.arange(d // 2)
    w = base ** (-2.0 * i / d)
    s, c = np.sin(pos * w), np.cos(pos * w)
    if layout == "concat":
        return np.concatenate([s, c])
    out = np.empty(d); out[0::2] = s; out[1::2] = c
    return out
'

"$PESCOPE" --vector 1234 -d 512 >"$tmp/v.txt"
pycheck "--vector 1234 matches NumPy (1e-9)" "$REF
rows = [l.split() for l in text.splitlines()]
assert len(rows) == 512, len(rows)
assert [int(r[0]) for r in rows] == list(range(512))
v = np.array([float(r[1]) for r in rows])
assert np.max(np.abs(v - pe(1234, 512))) < 1e-9" "$tmp/v.txt"

"$PESCOPE" --vector 2.5 -d 16 -b 5e5 --layout concat >"$tmp/v2.txt"
pycheck "--vector fractional, concat, base 5e5" "$REF
v = np.array([float(l.split()[1]) for l in text.splitlines()])
assert np.max(np.abs(v - pe(2.5, 16, 5e5, 'concat'))) < 1e-12" "$tmp/v2.txt"

"$PESCOPE" --dump-series wavelengths -d 64 -b 1e4 >"$tmp/w.csv"
pycheck "wavelengths series" "
lines = text.splitlines()
assert lines[0] == 'pair,wavelength'
a = np.array([[float(x) for x in l.split(',')] for l in lines[1:]])
i = np.arange(32)
assert np.array_equal(a[:, 0], i)
assert np.max(np.abs(a[:, 1] / (2 * np.pi * 1e4 ** (2 * i / 64)) - 1)) < 1e-12" "$tmp/w.csv"

"$PESCOPE" --dump-series similarity -d 128 -n 300 -o "$tmp/s.csv"
pycheck "similarity series equals the dot product / (d/2)" "$REF
lines = text.splitlines()
assert lines[0] == 'offset,similarity'
a = np.array([[float(x) for x in l.split(',')] for l in lines[1:]])
assert len(a) == 300
want = np.array([pe(7, 128) @ pe(7 + k, 128) / 64 for k in range(300)])
assert np.max(np.abs(a[:, 1] - want)) < 1e-9" "$tmp/s.csv"

"$PESCOPE" --dump-series wave -d 32 -n 200 -i 5 >"$tmp/wave.csv"
pycheck "wave series of dim 5" "$REF
lines = text.splitlines()
assert lines[0] == 'position,value'
a = np.array([[float(x) for x in l.split(',')] for l in lines[1:]])
want = np.array([pe(p, 32)[5] for p in range(200)])
assert np.max(np.abs(a[:, 1] - want)) < 1e-12" "$tmp/wave.csv"

# Bad input and output failures: the status, and one line on stderr.
expect() { # expect NAME STATUS CMD...
	local name=$1 want=$2 err rc
	shift 2
	"$@" >/dev/null 2>"$tmp/err"
	rc=$?
	err=$(cat "$tmp/err")
	if [ "$rc" = "$want" ] && [ -n "$err" ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then
		ok "$name"
	else
		not_ok "$name" "status $rc, stderr: $err"
	fi
}
expect "--vector -1 is refused" 64 "$PESCOPE" --vector -1
expect "--vector nan is refused" 64 "$PESCOPE" --vector nan
expect "--vector 2e9 is refused" 64 "$PESCOPE" --vector 2e9
expect "--dump-series bogus is refused" 64 "$PESCOPE" --dump-series bogus
expect "--vector with --dump is refused" 64 "$PESCOPE" --vector 1 --dump csv
expect "--vector to a missing folder: 73" 73 "$PESCOPE" --vector 1 -o "$tmp/missing/x.txt"
expect "--dump-series to /dev/full: 74" 74 "$PESCOPE" --dump-series wave -o /dev/full
rm -f "$tmp/err"
left=$(find "$tmp" -name '.pescope-*')
if [ -z "$left" ]; then ok "no temporary files left behind"; else not_ok "no temporary files left behind" "$left"; fi
[ "$fails" -eq 0 ]
