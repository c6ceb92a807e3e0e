#!/usr/bin/python3
"""The NumPy side of the attention benchmark: the score matrices a 240x70
attention view shows, computed the way a NumPy script would, for the same
grid as attn_bench.c (70 query positions by 240 key positions, spread
evenly over 0 .. L-1 by integer division).

    attn_npy.py D_MODEL LENGTH REPS

A frame: the encoding of the visible positions (np.sin, np.cos of the
outer product), the four terms of the added score as four matrix products
and their sum, the queries and keys turned by RoPE (the interleaved
pairs) and their product, and q.k minus ALiBi's m |p - q| with m = 1/L,
for
  identity  W_Q = W_K = I (no product with W at all) and the content
            vector with every component 1/sqrt d (the numbers attn_bench.c
            computes: both print the sums of the three matrices);
  random    N(0, 1/d) weights and 8 token vectors N(0, 1/2) of NumPy's own
            (the same shapes and arithmetic; the tables are drawn once,
            outside the timing).
Prints "identity_ms=X random_ms=Y sum_added=.. sum_rope=.. sum_alibi=..":
the fastest of REPS frames of each (the least disturbed by the rest of
the machine), after one warm-up frame.
Python's start-up and imports are not counted."""
import sys
import time

import numpy as np

ROWS, COLS, VOCAB = 70, 240, 8


def grid(L):
    rows = np.arange(ROWS) * (L - 1) // (ROWS - 1)
    cols = np.arange(COLS) * (L - 1) // (COLS - 1)
    return rows, cols


def make_frame(d, L, wq, wk, xr, xc):
    rows, cols = grid(L)
    w = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    slope = 1.0 / L

    def pe(pos):
        ang = pos[:, None] * w
        out = np.empty((len(pos), d))
        out[:, 0::2] = np.sin(ang)
        out[:, 1::2] = np.cos(ang)
        return out

    def rope(v, pos):
        ang = pos[:, None] * w
        c, s = np.cos(ang), np.sin(ang)
        out = np.empty_like(v)
        out[:, 0::2] = v[:, 0::2] * c - v[:, 1::2] * s
        out[:, 1::2] = v[:, 0::2] * s + v[:, 1::2] * c
        return out

    def project(v, m):
        return v if m is None else v @ m.T

    def frame():
        qc, kc = project(xr, wq), project(xc, wk)
        qp, kp = project(pe(rows), wq), project(pe(cols), wk)
        terms = [qc @ kc.T, qc @ kp.T, qp @ kc.T, qp @ kp.T]
        added = terms[0] + terms[1] + terms[2] + terms[3]
        rope_scores = rope(qc, rows) @ rope(kc, cols).T
        alibi = qc @ kc.T - slope * np.abs(rows[:, None] - cols[None, :])
        return added, rope_scores, alibi, terms

    return frame


def best_ms(frame, reps):
    frame()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = frame()
        times.append((time.perf_counter() - t0) * 1e3)
    return min(times), out


def main():
    d, L, reps = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    x = np.full(d, 1 / np.sqrt(d))
    id_ms, out = best_ms(
        make_frame(d, L, None, None, np.tile(x, (ROWS, 1)),
                   np.tile(x, (COLS, 1))),
        reps)
    sums = [m.sum() for m in out[:3]]
    rng = np.random.default_rng(1)
    wq, wk = rng.normal(0, 1 / np.sqrt(d), (2, d, d))
    tokens = rng.normal(0, np.sqrt(0.5), (VOCAB, d))
    rows, cols = grid(L)
    rnd_ms, _ = best_ms(
        make_frame(d, L, wq, wk, tokens[rows % VOCAB], tokens[cols % VOCAB]),
        reps)
    print("identity_ms=%.3f random_ms=%.3f sum_added=%.12g sum_rope=%.12g "
          "sum_alibi=%.12g" % (id_ms, rnd_ms, *sums))


if __name__ == "__main__":
    main()
