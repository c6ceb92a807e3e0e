#!/usr/bin/env bash
# --vector and --dump-series against independent NumPy computations, plus
# their bad inputs and output failures.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
# Messages in English, whatever the caller's locale.
export LC_ALL=C.UTF-8

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi

# pycheck NAME PYTHON FILE: the Python code, run with `text` = the file
# (and np = NumPy, sys.argv[1] its name), must end without an exception or exit status. The file
# and the code are kept (the file may be written again later) and run at
# the end by one Python (pycheck_report), each in a namespace of its own,
# which gives the verdicts in the order they were asked for: one start of
# NumPy instead of one a check.
py_names=()
pycheck() {
	local i=${#py_names[@]}
	cp "$3" "$tmp/py.$i.txt"
	printf '%s\n' "$2" >"$tmp/py.$i.py"
	printf '%s' "$3" >"$tmp/py.$i.arg"
	py_names+=("$1")
}
pycheck_report() {
	local i n=0 verdict
	[ ${#py_names[@]} -gt 0 ] || return 0
	"$PY" - "$tmp/py" ${#py_names[@]} >"$tmp/py.verdicts" 2>&1 <<'EOF'
import contextlib, io, sys, traceback
import numpy as np
at, count = sys.argv[1], int(sys.argv[2])
for i in range(count):
    out = io.StringIO()
    code = open("%s.%d.py" % (at, i)).read()
    # sys.argv[1] is the file's name, as for a Python of its own
    sys.argv = ["-", open("%s.%d.arg" % (at, i)).read()]
    ns = {"np": np, "sys": sys,
          "text": open("%s.%d.txt" % (at, i)).read()}
    bad = ""
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            exec(compile(code, "check %d" % i, "exec"), ns)
    except SystemExit as e:
        if e.code not in (None, 0):
            bad = "exit %s" % (e.code,)
    except BaseException:
        bad = traceback.format_exc(limit=2)
    msg = (out.getvalue() + bad).strip() if bad else ""
    print("%d %s" % (i, msg.replace("\n", " / ")))
EOF
	while IFS= read -r verdict; do
		i=${verdict%% *}
		case $i in
		'' | *[!0-9]*) not_ok "the NumPy checks ran" "$verdict"; continue ;;
		esac
		verdict=${verdict#"$i"}
		verdict=${verdict# }
		if [ -n "$verdict" ]; then
			not_ok "${py_names[i]}" "$verdict"
		else
			ok "${py_names[i]}"
		fi
		n=$((n + 1))
	done <"$tmp/py.verdicts"
	[ "$n" -eq ${#py_names[@]} ] ||
		not_ok "every NumPy check ran" "$n of ${#py_names[@]}"
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
rows = [l.split() for l in text.splitlines() if not l.startswith('#')]
assert len(rows) == 512, len(rows)
assert [int(r[0]) for r in rows] == list(range(512))
v = np.array([float(r[1]) for r in rows])
assert np.max(np.abs(v - pe(1234, 512))) < 1e-9" "$tmp/v.txt"

"$PESCOPE" --vector 2.5 -d 16 -b 5e5 --layout concat >"$tmp/v2.txt"
pycheck "--vector fractional, concat, base 5e5" "$REF
v = np.array([float(l.split()[1]) for l in text.splitlines() if l[0] != '#'])
assert np.max(np.abs(v - pe(2.5, 16, 5e5, 'concat'))) < 1e-12" "$tmp/v2.txt"

# How many digits hold, as the header says, against an 80-digit reference
# (vector_ref.py: Python's decimal, no floating point): at pos 1e9 about 6
# decimals (the angle of the fastest pair is off by up to 1e9*2^-52), at
# pos 42 about 14. The claim must hold, and be tight at 1e9: the worst
# error there is within two decimals of it.
vector_digits() { # vector_digits NAME POS D BASE MIN_DECIMALS
	local name=$1 out
	"$PESCOPE" --vector "$2" -d "$3" -b "$4" >"$tmp/vd.txt"
	if out=$("$PY" "$(dirname "$0")/vector_ref.py" "$tmp/vd.txt" "$2" "$3" "$4" 2>&1) &&
	   [ "${out%% *}" -ge "$5" ]; then
		ok "$name: $out"
	else
		not_ok "$name" "$out"
	fi
}
vector_digits "--vector 1e9 -d 65536 -b 1e12 says how many decimals hold" 1e9 65536 1e12 6
vector_digits "--vector 42 -d 16 says how many decimals hold" 42 16 10000 13
vector_digits "--vector 123456.5 -d 1024 -b 5e5 says how many decimals hold" 123456.5 1024 5e5 9
"$PY" -c "
import sys, re
worst = float(re.search(r'worst ([0-9.e-]+)', sys.argv[1]).group(1))
digits = int(sys.argv[1].split()[0])
assert worst > 10.0 ** -(digits + 2), (worst, digits)
" "$("$PY" "$(dirname "$0")/vector_ref.py" <("$PESCOPE" --vector 1e9 -d 65536 -b 1e12) 1e9 65536 1e12 2>&1)" 2>/dev/null &&
	ok "--vector 1e9: the decimals it claims are tight (worst error within two decimals)" ||
	not_ok "--vector 1e9: the decimals it claims are tight"

"$PESCOPE" --dump-series wavelengths -d 64 -b 1e4 >"$tmp/w.csv"
pycheck "wavelengths series" "
lines = text.splitlines()
assert lines[0] == 'pair,wavelength'
a = np.array([[float(x) for x in l.split(',')] for l in lines[1:]])
i = np.arange(32)
assert np.array_equal(a[:, 0], i)
assert np.max(np.abs(a[:, 1] / (2 * np.pi * 1e4 ** (2 * i / 64)) - 1)) < 1e-12" "$tmp/w.csv"

# The wavelengths under each scaling against NumPy versions of Hugging
# Face's modeling_rope_utils.py (_compute_linear_scaling_rope_parameters,
# _compute_dynamic_ntk_parameters, _compute_yarn_parameters,
# _compute_llama3_parameters), written here from that code, in float64.
SCALE='
import math
def inv(d, base):
    return 1.0 / (base ** (np.arange(0, d, 2) / d))
def stretched(how, d, base, s, L0, n):
    w = inv(d, base)
    if how == "none": return w
    if how == "pi": return w / s
    if how == "ntk": return inv(d, base * s ** (d / (d - 2)))
    if how == "dynamic":
        n = n if n > L0 else L0
        return inv(d, base * ((s * n / L0) - (s - 1)) ** (d / (d - 2)))
    if how == "yarn":
        def cd(r): return d * math.log(L0 / (r * 2 * math.pi)) / (2 * math.log(base))
        lo, hi = max(math.floor(cd(32)), 0), min(math.ceil(cd(1)), d - 1)
        if lo == hi: hi += 0.001
        mask = 1 - np.clip((np.arange(d // 2) - lo) / (hi - lo), 0, 1)
        return (w / s) * (1 - mask) + w * mask
    if how == "llama3":
        wl = 2 * math.pi / w
        out = np.where(wl > L0, w / s, w)
        sm = (L0 / wl - 1) / (4 - 1)
        med = ~(wl < L0 / 4) & ~(wl > L0)
        return np.where(med, (1 - sm) * out / s + sm * out, out)
def check(text, how, d, base, s, L0, n):
    lines = text.splitlines()
    assert lines[0] == "pair,wavelength", lines[0]
    a = np.array([[float(x) for x in l.split(",")] for l in lines[1:]])
    assert np.array_equal(a[:, 0], np.arange(d // 2))
    want = 2 * np.pi / stretched(how, d, base, s, L0, n)
    err = np.max(np.abs(a[:, 1] / want - 1))
    assert err < 1e-12, (how, d, base, s, L0, n, err)
'
for c in "pi 64 1e4 4 4096 128" "ntk 128 1e4 4 4096 128" "ntk 6 500 3 10 128" \
	 "yarn 128 1e4 4 4096 128" "yarn 64 5e5 16 2048 128" "yarn 128 1e4 4 1000000 128" \
	 "yarn 16 10 2.5 100 128" \
	 "dynamic 128 1e4 4 4096 100" "dynamic 128 1e4 4 4096 8192" \
	 "dynamic 64 5e5 2 1024 5000" "dynamic 32 1e4 1 100 250" \
	 "llama3 128 5e5 8 8192 128" "llama3 64 1e4 4 512 128" "llama3 512 1e6 32 32768 128" \
	 "none 32 1e4 4 4096 128"; do
	set -- $c
	"$PESCOPE" --dump-series wavelengths --scaling "$1" -d "$2" -b "$3" \
		$([ "$1" = none ] || echo --scale "$4" --train "$5") -n "$6" >"$tmp/ws.csv"
	pycheck "wavelengths --scaling $1, d $2, base $3, s $4, L0 $5, len $6 match HF's code in NumPy" \
		"$SCALE
check(text, '$1', $2, $3, $4, $5, $6)" "$tmp/ws.csv"
done
cmp -s <("$PESCOPE" --dump-series wavelengths -d 64) \
	<("$PESCOPE" --dump-series wavelengths -d 64 --scaling none) &&
	ok "--scaling none is the plain wavelengths series" ||
	not_ok "--scaling none is the plain wavelengths series"
# Within the training, dynamic NTK is the original, bit for bit; beyond,
# at s 4 and len 2 L0 its factor is 5 (not len/L0 = 2).
cmp -s <("$PESCOPE" --dump-series wavelengths -d 64 --scaling dynamic --scale 4 --train 4096 -n 4096) \
	<("$PESCOPE" --dump-series wavelengths -d 64) &&
	ok "dynamic NTK at len = L0 is the original" ||
	not_ok "dynamic NTK at len = L0 is the original"
cmp -s <("$PESCOPE" --dump-series wavelengths -d 64 --scaling dynamic --scale 4 --train 4096 -n 8192) \
	<("$PESCOPE" --dump-series wavelengths -d 64 --scaling ntk --scale 5 --train 4096) &&
	ok "dynamic NTK at s 4, len 2 L0 is NTK with factor 5" ||
	not_ok "dynamic NTK at s 4, len 2 L0 is NTK with factor 5"

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

# RoFormer's relative upper bound, written here from section 3.4.3.
BOUND='
def bound(m, d, base):
    th = base ** (-2.0 * np.arange(d // 2) / d)
    return np.abs(np.cumsum(np.exp(1j * m * th))).mean()
def rows(text, header):
    lines = text.splitlines()
    assert lines[0] == header, lines[0]
    for l in lines[1:]:
        for v in l.split(","):
            assert "%.17g" % float(v) == v, v   # %.17g, exactly
    return np.array([[float(x) for x in l.split(",")] for l in lines[1:]])
'

"$PESCOPE" --dump-series rope-bound -d 128 -b 1e4 -n 300 >"$tmp/rb.csv"
pycheck "rope-bound series matches NumPy and DESIGN.md's figures" "$BOUND
a = rows(text, 'offset,bound')
assert len(a) == 300 and np.array_equal(a[:, 0], np.arange(300))
want = np.array([bound(m, 128, 1e4) for m in range(300)])
assert np.max(np.abs(a[:, 1] - want)) < 1e-12, np.max(np.abs(a[:, 1] - want))
assert [round(a[m, 1], 1) for m in (0, 10, 100, 250)] == [32.5, 18.0, 10.2, 6.5]" "$tmp/rb.csv"

"$PESCOPE" --dump-series rope-bound -d 64 -b 5e5 -n 2000 >"$tmp/rb2.csv"
pycheck "rope-bound series, d 64, base 5e5, to offset 1999" "$BOUND
a = rows(text, 'offset,bound')
want = np.array([bound(m, 64, 5e5) for m in range(2000)])
assert len(a) == 2000 and np.max(np.abs(a[:, 1] - want)) < 1e-11" "$tmp/rb2.csv"

# The mean |RoPE score| of random q and k (rope_bound.h, after Barbero et
# al. 2024): the generator written again here from its papers (xoshiro256**
# seeded by splitmix64, Marsaglia's polar Gaussians; rng.h), the score from
# the rotation itself, q . (R_m k) with NumPy.
QKREF='
M64 = (1 << 64) - 1
GOLD = 0x9e3779b97f4a7c15
def mix64(z):
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
    return z ^ (z >> 31)
def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64
class Rng:
    def __init__(self, seed, stream):
        x = mix64(mix64(mix64((seed + GOLD) & M64) ^ ((stream + 2 * GOLD) & M64)) ^ ((0 + 3 * GOLD) & M64))
        self.s = []
        for _ in range(4):
            x = (x + GOLD) & M64
            self.s.append(mix64(x))
        self.spare = None
    def next(self):
        s = self.s
        out = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]
        s[2] ^= t; s[3] = rotl(s[3], 45)
        return out
    def uniform(self):
        return (self.next() >> 11) * 2.0 ** -53
    def gauss(self):
        if self.spare is not None:
            g, self.spare = self.spare, None
            return g
        while True:
            u = 2.0 * self.uniform() - 1.0
            v = 2.0 * self.uniform() - 1.0
            s = u * u + v * v
            if 0.0 < s < 1.0:
                break
        f = math.sqrt(-2.0 * math.log(s) / s)
        self.spare = v * f
        return u * f
import math
def draws(seed, d, n):
    h = d // 2
    q = np.empty((n, d)); k = np.empty((n, d))
    for t in range(n):
        for i in range(h):
            r = Rng(seed, (7 << 32) + t * h + i)   # RNG_STREAM_ROPE_QK = 7
            q[t, 2*i], q[t, 2*i+1], k[t, 2*i], k[t, 2*i+1] = [r.gauss() for _ in range(4)]
    return q, k
def rot(v, m, d, base):
    th = base ** (-2.0 * np.arange(d // 2) / d)
    c, s = np.cos(m * th), np.sin(m * th)
    out = v.copy()
    out[:, 0::2] = v[:, 0::2] * c - v[:, 1::2] * s
    out[:, 1::2] = v[:, 0::2] * s + v[:, 1::2] * c
    return out
def random_rows(text, d, base, seed, n):
    lines = text.splitlines()
    want = "# mean |q^T R_m k| over N = %d draws of q, k with N(0, 1) entries, seed %d (d %d, base %s)" % (256, seed, d, "%.17g" % base)
    assert lines[0] == want, lines[0]
    assert lines[1] == "offset,mean_abs_score", lines[1]
    a = np.array([[float(x) for x in l.split(",")] for l in lines[2:]])
    assert len(a) == n and np.array_equal(a[:, 0], np.arange(n))
    return a
'

"$PESCOPE" --dump-series rope-random -d 16 -n 300 --seed 7 >"$tmp/rr.csv"
pycheck "rope-random series matches NumPy on its own generator (d 16, seed 7)" "$QKREF
a = random_rows(text, 16, 1e4, 7, 300)
q, k = draws(7, 16, 256)
want = np.array([np.abs(np.sum(q * rot(k, m, 16, 1e4), axis=1)).mean() for m in range(300)])
assert np.max(np.abs(a[:, 1] - want)) < 1e-12, np.max(np.abs(a[:, 1] - want))" "$tmp/rr.csv"

"$PESCOPE" --dump-series rope-random -d 128 -n 4097 >"$tmp/rr2.csv"
"$PESCOPE" --dump-series rope-bound -d 128 -n 4097 >"$tmp/rb3.csv"
pycheck "rope-random does not decay while the bound does (d 128, seed 1): issue 20's figures" "$QKREF$BOUND
a = random_rows(text, 128, 1e4, 1, 4097)
q, k = draws(1, 128, 256)
for m in (0, 10, 100, 1000, 4096):
    want = np.abs(np.sum(q * rot(k, m, 128, 1e4), axis=1)).mean()
    assert abs(a[m, 1] - want) < 1e-10, (m, a[m, 1], want)
# about sqrt(2 d / pi) = 9.03 at every offset, within 4 standard errors
se = 4 * np.sqrt(128 - 2 * 128 / np.pi) / np.sqrt(256)
assert np.all(np.abs(a[:, 1] - np.sqrt(2 * 128 / np.pi)) < se), (a[:, 1].min(), a[:, 1].max())
b = rows(open(sys.argv[1].replace('rr2', 'rb3')).read(), 'offset,bound')[:, 1]
assert round(b[4096], 2) == 4.88 and round(b[1000], 2) == 4.47 and b[4096] > b[1000]
assert abs(b[500] - 6) < 0.5, b[500]
# after m = 500 it plateaus and swings, never near 0: 2.23 to 11.39 up to 4096
assert 2.2 < b[500:].min() < 2.3 and 11.3 < b[500:].max() < 11.4, (b[500:].min(), b[500:].max())" "$tmp/rr2.csv"

"$PESCOPE" --dump-series rope-random -d 16 -n 5 --seed 8 >"$tmp/rr3.csv"
check "rope-random: another seed, other draws" test "$(sed -n 3p "$tmp/rr.csv")" != "$(sed -n 3p "$tmp/rr3.csv")"

# Scores of the uniform vector with W_Q = W_K = I, written from the issue's
# definitions: RoPE turns pairs (2i, 2i+1) of x by p theta_i.
SCORES='
def scores(text, L, d, base, layout="interleaved"):
    a = rows(text, "p,q,added,rope")
    assert len(a) == L * L, len(a)
    p, q = np.divmod(np.arange(L * L), L)          # p-major
    assert np.array_equal(a[:, 0], p) and np.array_equal(a[:, 1], q)
    x = np.full(d, 1 / np.sqrt(d))
    P = np.array([pe(t, d, base, layout) for t in range(L)])
    added = (x + P) @ (x + P).T
    th = base ** (-2.0 * np.arange(d // 2) / d)
    def rot(t):
        ang = t * th; v = x.copy()
        v[0::2] = x[0::2] * np.cos(ang) - x[1::2] * np.sin(ang)
        v[1::2] = x[0::2] * np.sin(ang) + x[1::2] * np.cos(ang)
        return v
    R = np.array([rot(t) for t in range(L)])
    rope = R @ R.T
    assert np.max(np.abs(a[:, 2] - added.ravel())) < 1e-12 * d
    assert np.max(np.abs(a[:, 3] - rope.ravel())) < 1e-12
    return a[:, 2].reshape(L, L), a[:, 3].reshape(L, L)
def diagonal_spread(m):
    L = len(m)
    return max(np.ptp(np.diagonal(m, k)) for k in range(-(L - 2), L - 1))
'

"$PESCOPE" --dump-series scores -d 16 -n 40 >"$tmp/sc.csv"
pycheck "scores series matches NumPy; RoPE is relative, added is not" "$REF$BOUND$SCORES
added, rope = scores(text, 40, 16, 1e4)
assert diagonal_spread(rope) < 1e-13, diagonal_spread(rope)
assert diagonal_spread(added) > 0.5, diagonal_spread(added)
assert text.splitlines()[1] == '0,0,13,1'   # |x + PE(0)|^2 = 1 + 2 (d/2)/sqrt(d) + d/2" "$tmp/sc.csv"

"$PESCOPE" --dump-series scores -d 1024 -b 5e5 -n 200 >"$tmp/sc3.csv"
pycheck "scores series, d 1024 (pairs in two chunks), base 5e5" "$REF$BOUND$SCORES
scores(text, 200, 1024, 5e5)" "$tmp/sc3.csv"

"$PESCOPE" --dump-series scores -d 4 -n 300 >"$tmp/sc4.csv"
pycheck "scores series, 300 positions (rows in two blocks)" "$REF$BOUND$SCORES
scores(text, 300, 4, 1e4)" "$tmp/sc4.csv"

"$PESCOPE" --dump-series scores -d 8 -b 100 -n 12 --layout concat >"$tmp/sc2.csv"
pycheck "scores series, concat layout, base 100" "$REF$BOUND$SCORES
scores(text, 12, 8, 100.0, 'concat')" "$tmp/sc2.csv"

# Positions stored in low precision: bf16 by rounding float32 bits (exact
# for integers below 2^24), fp16 by NumPy's own cast.
COLL='
import warnings
warnings.simplefilter("ignore")
def bf16(x):
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return u.astype(np.uint32).view(np.float32).astype(np.float64)
def collisions(text, stored):
    lines = text.splitlines()
    assert lines[0] == "position,stored", lines[0]
    got = [(int(l.split(",")[0]), float(l.split(",")[1])) for l in lines[1:]]
    p = np.arange(1, len(stored))
    hit = p[stored[1:] == stored[:-1]]
    assert [g[0] for g in got] == list(hit), (got[:5], hit[:5])
    assert all(g[1] == stored[g[0]] for g in got)
    return got
'

"$PESCOPE" --dump-series collisions -n 1000 >"$tmp/cb.csv"
pycheck "collisions (bf16 by default): first at 257 (stored 256), all match NumPy" "$COLL
got = collisions(text, bf16(np.arange(1000)))
assert got[0] == (257, 256.0) and got[1] == (260, 260.0), got[:2]" "$tmp/cb.csv"

"$PESCOPE" --dump-series collisions --dtype float16 -n 70000 >"$tmp/ch.csv"
pycheck "collisions fp16: first at 2049, infinite from 65520, all match NumPy" "$COLL
got = collisions(text, np.arange(70000).astype(np.float16).astype(np.float64))
assert got[0] == (2049, 2048.0), got[0]
assert (65519, 65504.0) in got and (65521, float('inf')) in got
assert (65520, float('inf')) not in got      # 65519 is still finite
assert text.splitlines()[-1] == '69999,inf'" "$tmp/ch.csv"

"$PESCOPE" --dump-series collisions --dtype fp32 -n 100000 >"$tmp/cf.csv"
cmp -s "$tmp/cb.csv" <("$PESCOPE" --dump-series collisions --dtype bf16 -n 1000) &&
	ok "--dtype bf16 is the default of collisions" ||
	not_ok "--dtype bf16 is the default of collisions"
pycheck "collisions fp32: none below 2^24" "
assert text == 'position,stored\n', text[:80]" "$tmp/cf.csv"

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
expect "--dump-series scores -n 4097 is refused" 64 "$PESCOPE" --dump-series scores -n 4097
expect "--dtype with --dump-series wave is refused" 64 "$PESCOPE" --dump-series wave --dtype fp16
expect "--dtype bf16 with --dump npy is refused" 64 "$PESCOPE" --dump npy --dtype bf16 -o "$tmp/x.npy"
expect "--dtype fp8 is refused" 64 "$PESCOPE" --dump-series collisions --dtype fp8
expect "--scaling pi without --scale and --train is refused" 64 "$PESCOPE" --dump-series wavelengths --scaling pi
expect "--scaling yarn without --train is refused" 64 "$PESCOPE" --dump-series wavelengths --scaling yarn --scale 4
expect "--scale without --scaling is refused" 64 "$PESCOPE" --dump-series wavelengths --scale 4 --train 10
expect "--scaling with --dump-series similarity is refused" 64 "$PESCOPE" --dump-series similarity --scaling pi --scale 2 --train 8
expect "--scaling bogus is refused" 64 "$PESCOPE" --dump-series wavelengths --scaling bogus --scale 2 --train 8
expect "--scale 0.5 is refused" 64 "$PESCOPE" --dump-series wavelengths --scaling ntk --scale 0.5 --train 8
expect "--train 0 is refused" 64 "$PESCOPE" --dump-series wavelengths --scaling ntk --scale 2 --train 0
expect "--scaling without --dump-series is refused" 64 "$PESCOPE" --scaling pi --scale 2 --train 8
expect "--vector to a missing folder: 73" 73 "$PESCOPE" --vector 1 -o "$tmp/missing/x.txt"
expect "--dump-series to /dev/full: 74" 74 "$PESCOPE" --dump-series wave -o /dev/full
rm -f "$tmp/err"
left=$(find "$tmp" -name '.pescope-*')
if [ -z "$left" ]; then ok "no temporary files left behind"; else not_ok "no temporary files left behind" "$left"; fi
pycheck_report
finish
