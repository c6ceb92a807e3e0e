#!/usr/bin/env bash
# Men et al. 2024 ("Base of RoPE Bounds Context Length", arXiv 2405.14591)
# against NumPy: the smallest base b whose B_{m,theta} = sum_i cos(m
# theta_i), theta_i = b^(-2i/d), stays >= 0 for every m = 0 .. L. The
# engine's numbers come from the unit binary's smallest_base_matches_numpy
# test (MEN_DUMP), the screen's from pescope --keys; NumPy finds the same
# base with its own sweep (every offset at every step, the step the
# largest over them), checks that B >= 0 for every m <= L just above it
# and not just below, and, for the short cases, that no base of a grid of
# 1e-3 decades below it keeps the bound (the bases that keep it do not form
# an interval, so the first one must be found from below).
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
export LC_ALL=C.UTF-8
: "${UNIT:?set UNIT to the unit-test binary}"

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi

if MEN_DUMP=$tmp/dump "$UNIT" --filter 'view_context/smallest_base_matches_numpy' \
	>"$tmp/unit.log" 2>&1 && [ -s "$tmp/dump" ]; then
	ok "the unit binary dumps the smallest bases"
else
	not_ok "the unit binary dumps the smallest bases" "$(tail -n 3 "$tmp/unit.log")"
	finish
fi

# The context view's table, zoomed, at d 128 and 64 with L0 4096 and 1024.
screen() {
	printf 'cmd view context\ncmd d %s\ncmd train %s\nkey F\n' "$1" "$2" >"$tmp/k.keys"
	"$PESCOPE" --keys "$tmp/k.keys" --size 80x24 --snapshot
}
screen 128 4096 >"$tmp/s1.txt"
screen 64 1024 >"$tmp/s2.txt"

REF='
import sys, re, numpy as np

def B(d, lnb, L):
    a = 2.0 * np.arange(d // 2) / d
    th = np.exp(-a * lnb)
    m = np.arange(1, L + 1, dtype=float)
    return np.cos(np.outer(m, th)).sum(axis=1)

def smallest(d, L):
    a = 2.0 * np.arange(d // 2) / d
    m = np.arange(1, L + 1, dtype=float)[:, None]
    lnb = 0.0
    while True:
        th = np.exp(-a * lnb)
        x = m * th
        b = np.cos(x).sum(axis=1)
        neg = b < 0
        if not neg.any():
            return np.exp(lnb)
        xn = x[neg]
        u = xn * a
        D = (np.sin(xn) * u).sum(axis=1)
        M = (u * u + u * a).sum(axis=1)
        bn = -b[neg]
        t = (2 * bn / (D + np.sqrt(D * D + 2 * M * bn))).max()
        if t < 1e-12 * max(1.0, lnb):
            return np.exp(lnb)
        lnb += t
'

# NumPy's smallest base for each case of the dump, once (the sweep at
# L 4096 takes seconds): "d L base" lines in $tmp/want.
if ! msg=$(printf '%s\n%s\n' "$REF" '
for line in open(sys.argv[1]):
    d, L, _ = line.split()
    print(d, L, repr(smallest(int(d), int(L))))
' | "$PY" - "$tmp/dump" 2>&1 >"$tmp/want"); then
	not_ok "NumPy finds the smallest bases" "$msg"
	finish
fi

# pycheck NAME PYTHON: runs the Python code after REF, with the dump, the
# screens and NumPy's bases as arguments; cases() yields (d, L, the
# engine's base, NumPy's base).
pycheck() {
	local name=$1 code=$2 msg
	if msg=$(printf '%s\n%s\n%s\n' "$REF" "$CASES" "$code" |
		"$PY" - "$tmp/dump" "$tmp/s1.txt" "$tmp/s2.txt" "$tmp/want" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "$msg"
	fi
}
CASES='
def cases():
    want = {}
    for line in open(sys.argv[4]):
        d, L, b = line.split()
        want[(int(d), int(L))] = float(b)
    for line in open(sys.argv[1]):
        d, L, got = line.split()
        yield int(d), int(L), float(got), want[(int(d), int(L))]
'

pycheck "the engine's smallest base is NumPy's to 1e-6 (10 cases of d and L)" '
n = 0
for d, L, got, want in cases():
    assert abs(got / want - 1) < 1e-6, (d, L, got, want)
    n += 1
assert n == 10, n
'

pycheck "B >= 0 for every m <= L just above the smallest base, not just below" '
for d, L, got, _ in cases():
    assert B(d, np.log(got * (1 + 1e-9)), L).min() >= -1e-9, (d, L)
    assert B(d, np.log(got * (1 - 1e-6)), L).min() < 0, (d, L)
'

pycheck "no base below it on a grid of 1e-3 decades keeps the bound (L <= 256)" '
for d, L, got, _ in cases():
    if L > 256:
        continue
    # the bases of the grid 256 at a time, offsets 1-16 first, then to 64,
    # then the rest: only the bases still >= 0 go on: almost every base
    # goes negative among them, and only the rest need every offset
    lnb = np.arange(0.0, np.log10(got), 1e-3) * np.log(10)
    a = 2.0 * np.arange(d // 2) / d
    for m0, m1 in ((1, 17), (17, 65), (65, L + 1)):
        if m0 > L or lnb.size == 0:
            break
        m = np.arange(m0, min(m1, L + 1), dtype=float)
        keep = [c[~(np.cos(m[None, :, None] *
                           np.exp(-np.outer(c, a))[:, None, :]).sum(axis=2)
                    < 0).any(axis=1)]
                for c in np.array_split(lnb, max(1, lnb.size // 256))]
        lnb = np.concatenate(keep)
    assert lnb.size == 0, (d, L, np.exp(lnb[:3]))
'

pycheck "the screen: the bound named, the smallest base to 7 digits, today's base against it" '
for path, d, L, base in ((sys.argv[2], 128, 4096, 1e4), (sys.argv[3], 64, 1024, 1e4)):
    text = open(path).read()
    m = re.search(r"first base (?:with Σcos\(mθ\) ≥ 0 to L0: ([0-9.e]+), larger can fail|for L0: ([0-9.e]+)(?: \(larger can fail\))?); 1e4 is (below|above) it", text)
    assert m, text
    got, want = float(m.group(1) or m.group(2)), dict(((c[0], c[1]), c[3]) for c in cases())[(d, L)]
    assert abs(got / want - 1) < 1e-6, (d, L, got, want)
    assert m.group(3) == ("below" if base < want else "above"), m.group(3)
'

# The man page says the smallest base is the first, not a threshold, with
# numbers for d 128, L0 4096: 26952.34 keeps the bound, 27000, 30000, 35000
# and 40000 do not, and every base keeps it only above about 58790 (the
# last that fails is near 58789.5; a grid of bases above it keeps it).
man=$(dirname "${BASH_SOURCE[0]:-$0}")/../../assets/pescope.1
pycheck "the man page's bases at d 128, L0 4096: a first base, not a threshold" '
text = open("'"$man"'").read()
assert "the first is 26952.34, yet 27000, 30000, 35000 and\n40000 fail, and every base keeps it only above about 58790" in text, "man page"
assert B(128, np.log(26952.34), 4096).min() >= 0
for b in (27000, 30000, 35000, 40000, 58789.4):
    assert B(128, np.log(b), 4096).min() < 0, b
for b in (58789.6, 58790, 58800, 59000, 60000, 65000, 70000, 80000, 1e5, 2e5, 5e5):
    assert B(128, np.log(b), 4096).min() >= 0, b
'

finish
