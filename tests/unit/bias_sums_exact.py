#!/usr/bin/python3
"""The sum schemes of engine/bias.h (added, rope, xpos) at the offsets of a
plot's axis, with every angle k w exact: the reference rows of
tests/unit/test_bias_sums.c (`numpy[]`), printed as C.

    python3 tests/unit/bias_sums_exact.py > rows.c

pe_omega's w_i = math.pow(base, -(2.0 i) / d) (libm's pow: NumPy's own **
differs in the last bit of a third of them) and xPos's
zeta_i = (2 i + 0.4 d) / (1.4 d) are doubles; the product k w_i of a whole
offset k and such a double is a rational number, which this reduces modulo
2 pi exactly (Python integers against 2 pi to 400 bits from mpmath) before
NumPy takes its cos and sin, so each term is within an ulp of the exact
value, whatever the size of k: np.cos(k * w) would be off by up to
|k w| 2^-53 (1e-7 at k w = 1e9), far more than the rotations of
engine/pe_cis.h that the sums are checked against. Sums run in
extended precision (np.longdouble):
    added  sum_i cos(k w_i)
    rope   (1 / h) sum_j |S_j|, S_j = sum_{i <= j} e^{i |k| w_i}   (h = d/2)
    xpos   (1 / h) sum_i zeta_i^(-k / 512) cos(k w_i)   (inf or nan where a
           term overflows: no number)
The offsets: a plot of n dots over -(L-1) .. L-1 as the families view rounds
them (llround of plot_dot_pos), as test_bias_sums.c's axis() makes them.
"""
import math

import mpmath
import numpy as np

F = 400                         # bits of the fixed point below
mpmath.mp.prec = F + 64
TWO_PI = int(mpmath.floor(2 * mpmath.pi * mpmath.mpf(2) ** F))


def reduced(k, w):
    """k w modulo 2 pi in (-pi, pi], as the nearest double."""
    num, den = w.as_integer_ratio()     # den a power of two
    shift = F - (den.bit_length() - 1)
    r = ((k * num) << shift) % TWO_PI
    if 2 * r > TWO_PI:
        r -= TWO_PI
    return r / (1 << F)


def llround(x):
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def axis(L, n):
    return [llround(-float(L - 1) + (j + 0.5) * (2.0 * L - 1) / n - 0.5)
            for j in range(n)]


def sums(d, base, k):
    h = d // 2
    w = [math.pow(base, -(2.0 * i) / d) for i in range(h)]
    a = np.array([reduced(k, wi) for wi in w])
    c, s = np.cos(a), np.sin(a)      # cos even: |k| gives the same c
    added = float(np.sum(c.astype(np.longdouble)))
    re = np.cumsum(c.astype(np.longdouble))
    im = np.cumsum((s if k >= 0 else -s).astype(np.longdouble))
    rope = float(np.sum(np.sqrt(re * re + im * im)) / h)
    zeta = (2.0 * np.arange(h) + 0.4 * d) / (1.4 * d)
    with np.errstate(over="ignore", invalid="ignore"):
        z = np.array([math.pow(zi, -k / 512.0) if
                      -k / 512.0 * math.log(zi) < 709.7 else math.inf
                      for zi in zeta])
        xpos = float(np.sum((z * c).astype(np.longdouble)) / h)
    return added, rope, xpos


def c_double(x):
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    return repr(x)


def main():
    # (d, L, dots): one pair, offset by offset; a few pairs; the extreme
    for d, L, n in ((2, 1000000000, 96), (8, 1000000000, 96),
                    (8, 4096, 40), (65536, 4096, 21),
                    (65536, 1000000000, 21)):
        for base in (1.000001, 1e4, 1e12):
            for k in axis(L, n):
                a, r, x = sums(d, base, k)
                print("\t{ %d, %r, %d, %d, %s, %s, %s }," %
                      (d, base, L, k, c_double(a), c_double(r),
                       c_double(x)))

if __name__ == "__main__":
    main()
