#!/usr/bin/env bash
# The rope view's mathematics against NumPy: the pairs' shares of q·k, the
# interleaved turn (Meta's view_as_complex), Hugging Face's rotate_half on
# the permuted rows (equal to the interleaved result, permuted, exactly),
# the fast and slow bands, one head with v unturned and turned, and the
# score the view prints at d 512. The engine's numbers and inputs come
# from the unit binary's rope_dump test (tests/unit/test_rope.c), the
# screen from pescope --snapshot.
set -u
source "$(dirname "${BASH_SOURCE[0]:-$0}")/tap.bash"
needs py:numpy
export LC_ALL=C.UTF-8
: "${UNIT:?set UNIT to the unit-test binary}"

if ! "$PY" -c 'import numpy' 2>/dev/null; then
	not_ok "NumPy available for cross-checks" "install python3-numpy (make check does)"
	exit 1
fi

if ROPE_DUMP=$tmp/dump "$UNIT" --filter 'rope_dump/*' >"$tmp/unit.log" 2>&1 &&
	[ -s "$tmp/dump" ]; then
	ok "the unit binary dumps the rope cases"
else
	not_ok "the unit binary dumps the rope cases" "$(tail -n 3 "$tmp/unit.log")"
	finish
fi
"$PESCOPE" --snapshot --view rope -d 512 --size 120x40 >"$tmp/screen.txt"

# pycheck NAME PYTHON: runs the Python code with `cases` read from the dump.
pycheck() {
	local name=$1 code=$2 msg
	if msg=$(printf '%s\n%s\n' "$READ" "$code" | "$PY" - "$tmp/dump" "$tmp/screen.txt" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "$msg"
	fi
}

READ='
import sys, re, numpy as np
cases, view = [], None
for line in open(sys.argv[1]):
    w = line.split()
    if w[0] in ("case", "view"):
        cur = {"d": int(w[1]), "rot": int(w[2]), "base": float(w[3]),
               "p": float(w[4]), "pq": float(w[5])}
        if w[0] == "case":
            cur["hd"], cur["hrot"] = int(w[6]), int(w[7])
            cases.append(cur)
        else:
            view = cur
    else:
        cur[w[0]] = np.array([float(x) for x in w[1:]])
screen = open(sys.argv[2]).read()
assert len(cases) == 12, len(cases)

def theta(rot, base):
    return base ** (-2.0 * np.arange(rot // 2) / rot)

def turn_complex(x, rot, base, pos):
    # Meta: view_as_complex(x.reshape(-1, 2)) * freqs_cis, the rest as is
    out = x.copy()
    z = (x[0:rot:2] + 1j * x[1:rot:2]) * np.exp(1j * pos * theta(rot, base))
    out[0:rot:2], out[1:rot:2] = z.real, z.imag
    return out

def rotate_half_form(x, rot, base, pos):
    # HF: x * cos + rotate_half(x) * sin, emb = cat(freqs, freqs)
    h = rot // 2
    f = pos * theta(rot, base)
    emb = np.concatenate([f, f])
    xr = x[:rot]
    rh = np.concatenate([-xr[h:], xr[:h]])
    return np.concatenate([xr * np.cos(emb) + rh * np.sin(emb), x[rot:]])

def permute(x, rot):
    # convert_llama_weights_to_hf.py: view(h, 2).transpose(0, 1), one head
    h = rot // 2
    return np.concatenate([x[:rot].reshape(h, 2).T.reshape(-1), x[rot:]])
'

pycheck "shares Re(q~ conj(k~) e^{i(p-q)theta}) match NumPy (1e-12), position-free past rot" '
for c in cases:
    d, rot = c["d"], c["rot"]
    qc = c["q"][0::2] + 1j * c["q"][1::2]
    kc = c["k"][0::2] + 1j * c["k"][1::2]
    z = qc * np.conj(kc)
    want = z.real.copy()
    want[:rot // 2] = (z[:rot // 2] * np.exp(1j * (c["p"] - c["pq"]) * theta(rot, c["base"]))).real
    err = np.max(np.abs(c["shares"] - want))
    assert err < 1e-12, (d, rot, err)
    turned = turn_complex(c["q"], rot, c["base"], c["p"]) @ turn_complex(c["k"], rot, c["base"], c["pq"])
    assert abs(c["shares"].sum() - turned) < 1e-10 * max(1, abs(turned)), (d, rot)
'

pycheck "interleaved turn matches NumPy complex multiplication (1e-12)" '
for c in cases:
    want = turn_complex(c["q"], c["rot"], c["base"], c["p"])
    assert np.max(np.abs(c["q_interleaved"] - want)) < 1e-12, (c["d"], c["rot"])
'

pycheck "rotate_half on permuted rows matches NumPy HF form, and equals the interleaved turn permuted exactly" '
for c in cases:
    rot = c["rot"]
    want = rotate_half_form(permute(c["q"], rot), rot, c["base"], c["p"])
    assert np.max(np.abs(c["q_half_permuted"] - want)) < 1e-12, (c["d"], rot)
    assert np.array_equal(c["q_half_permuted"], permute(c["q_interleaved"], rot)), (c["d"], rot)
'

pycheck "fast and slow band scores match NumPy (1e-12)" '
for c in cases:
    rot, th = c["rot"], theta(c["rot"], c["base"])
    qc = c["q"][0::2] + 1j * c["q"][1::2]
    kc = c["k"][0::2] + 1j * c["k"][1::2]
    def band(i0, i1, m):
        z = qc[i0:i1] * np.conj(kc[i0:i1])
        return (z * np.exp(1j * m * th[i0:i1])).real.sum() / (np.abs(qc[i0:i1]) * np.abs(kc[i0:i1])).sum()
    h = rot // 2
    want = [band(0, 2, 7), band(h - 2, h, 7), band(0, 2, 100), band(h - 2, h, 100)]
    assert np.max(np.abs(c["bands_7_100"] - want)) < 1e-12, (c["d"], rot)
'

pycheck "one head: v unturned does not move with the sentence, turned it does (NumPy, 1e-12)" '
def head(c, s, turn_v):
    d, rot, base = c["hd"], c["hrot"], c["base"]
    Q = np.array([turn_complex(c["hq%d" % t], rot, base, s + t) for t in range(8)])
    K = np.array([turn_complex(c["hk%d" % t], rot, base, s + t) for t in range(8)])
    V = np.array([turn_complex(c["hv%d" % t], rot, base, s + t) if turn_v else c["hv%d" % t] for t in range(8)])
    a = Q @ K.T / np.sqrt(d)
    w = np.exp(a - a.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    return w @ V
for c in cases:
    plain = np.max(np.abs(head(c, 10, False) - head(c, 0, False)))
    turned = np.max(np.abs(head(c, 10, True) - head(c, 0, True)))
    scale = np.max(np.abs(head(c, 0, False)))
    got = c["vshift_10"]
    assert abs(got[1] - turned) < 1e-12 and abs(got[2] - scale) < 1e-12, (got, turned, scale)
    assert got[0] < 1e-12 * scale and plain < 1e-12 * scale, (got[0], plain)
    assert turned > 0.1 * scale, turned
'

pycheck "the score the view prints at d 512 is the NumPy q·k of the turned q and k, in both forms" '
v = view
want = turn_complex(v["q"], 512, 1e4, 12) @ turn_complex(v["k"], 512, 1e4, 5)
nums = re.findall(r"q·k = (-?[0-9.]+(?:e-?[0-9]+)?)   pairs", screen)
assert len(nums) == 2, nums
for n in nums:
    assert abs(float(n) - want) < 1e-12 * abs(want), (n, want)
assert nums[0] == nums[1], nums
'
finish
