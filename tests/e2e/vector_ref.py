#!/usr/bin/python3
"""vector_ref.py - checks what `pescope --vector` says about its own digits.

Usage: vector_ref.py FILE POS D BASE

FILE is the output of `pescope --vector POS -d D -b BASE` (interleaved).
Its second header line must say "about N decimals hold ... an error of up
to E". Each value is compared with sin/cos of POS * BASE^(-2i/D) worked out
to 80 significant digits with Python's decimal module (pi from the series
in the decimal documentation, sine and cosine from their Taylor series
after reduction by 2 pi): no floating point and no library of the kind
pescope uses. Pairs 0..15 and about 150 spread over the rest are checked.
Passes when every error is at most E and below 10^-N, and prints the worst.
"""
import re
import sys
from decimal import Decimal as D, getcontext

getcontext().prec = 80


def compute_pi():
    getcontext().prec += 2
    lasts, t, s, n, na, d, da = 0, D(3), 3, 1, 0, 0, 24
    while s != lasts:
        lasts = s
        n, na = n + na, na + 8
        d, da = d + da, da + 32
        t = (t * n) / d
        s += t
    getcontext().prec -= 2
    return +s


PI = compute_pi()


def sin_cos(x):
    x = x % (2 * PI)
    if x > PI:
        x -= 2 * PI
    s, c, term, k = D(0), D(0), D(1), 0
    while abs(term) >= D(10) ** -75:
        if k % 4 == 0:
            c += term
        elif k % 4 == 1:
            s += term
        elif k % 4 == 2:
            c -= term
        else:
            s -= term
        k += 1
        term = term * x / k
    return s, c


def main():
    text = open(sys.argv[1]).read()
    pos, d, base = D(sys.argv[2]), int(sys.argv[3]), D(sys.argv[4])
    lines = text.splitlines()
    head = [l for l in lines if l.startswith("#")]
    m = len(head) == 2 and re.search(
        r"about (\d+) decimals hold.*an error of up to ([0-9.e-]+)", head[1])
    if not m:
        sys.exit("no header line saying how many decimals hold: "
                 + repr(lines[:2]))
    digits, bound = int(m.group(1)), float(m.group(2))
    vals = {int(a): float(b) for a, b in
            (l.split() for l in lines if not l.startswith("#"))}
    assert len(vals) == d, len(vals)
    half = d // 2
    pairs = sorted({i for i in list(range(16)) +
                    list(range(0, half, max(1, half // 150))) if i < half})
    worst = 0.0
    lnb = base.ln()
    for i in pairs:
        s, c = sin_cos(pos * (-(D(2 * i) / D(d)) * lnb).exp())
        worst = max(worst, abs(vals[2 * i] - float(s)),
                    abs(vals[2 * i + 1] - float(c)))
    print(f"{digits} decimals, error at most {bound}; worst {worst:.3g} "
          f"over {len(pairs)} pairs")
    assert worst <= bound, "an error above the bound the header states"
    assert worst < 10.0 ** -digits, "fewer decimals hold than it says"


if __name__ == "__main__":
    main()
