#!/usr/bin/python3
"""The NumPy side of the attention benchmark: what the attention view's
score panel computes, on the grid it shows, the way a NumPy script would
(attn_bench.c is the engine side; bench.sh reads the grid from a 240x70
snapshot of the view and passes it to both).

    attn_npy.py D_MODEL SIDE STEP REPS

A frame, on the positions 0, STEP, ... (SIDE - 1) STEP for queries and
keys: the encoding of the positions (np.sin, np.cos of the outer
product), the four terms of the added score as four matrix products and
their sum, the queries and keys turned by RoPE (the interleaved pairs) and
their product, q.k minus ALiBi's m |p - q| with m = 2^(-8/8), the largest
max - min along each diagonal of the added, RoPE, ALiBi and
position.position matrices (one sort of the offsets, then a reduction per
diagonal), and the root mean square of each term; for
  identity  W_Q = W_K = I (no product with W at all) and the content
            vector with every component 1/sqrt d (the numbers attn_bench.c
            computes: both print the sums of the three matrices and the
            relative spreads);
  random    N(0, 1/d) weights and 8 token vectors N(0, 1/2) of NumPy's own
            (the same shapes and arithmetic; the tables are drawn once,
            outside the timing).
Prints "identity_ms=X random_ms=Y sum_added=.. sum_rope=.. sum_alibi=..
spread_added=.. spread_rope=.. spread_alibi=..": the fastest of REPS
frames of each (the least disturbed by the rest of the machine), after one
warm-up frame. Python's start-up and imports are not counted."""
import sys
import time

import numpy as np

VOCAB = 8


def make_frame(d, side, step, wq, wk, x):
    pos = np.arange(side) * step
    w = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    slope = 2.0 ** (-8.0 / 8)
    offset = pos[:, None] - pos[None, :]
    order = np.argsort(offset, axis=None, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(offset.ravel()[order]) != 0])

    def pe(p):
        ang = p[:, None] * w
        out = np.empty((len(p), d))
        out[:, 0::2] = np.sin(ang)
        out[:, 1::2] = np.cos(ang)
        return out

    def rope(v, p):
        ang = p[:, None] * w
        c, s = np.cos(ang), np.sin(ang)
        out = np.empty_like(v)
        out[:, 0::2] = v[:, 0::2] * c - v[:, 1::2] * s
        out[:, 1::2] = v[:, 0::2] * s + v[:, 1::2] * c
        return out

    def project(v, m):
        return v if m is None else v @ m.T

    def spread(s):
        v = s.ravel()[order]
        width = np.maximum.reduceat(v, starts) - np.minimum.reduceat(v, starts)
        return width.max() / np.abs(s).max()

    def frame():
        qc, kc = project(x, wq), project(x, wk)
        qp, kp = project(pe(pos), wq), project(pe(pos), wk)
        terms = [qc @ kc.T, qc @ kp.T, qp @ kc.T, qp @ kp.T]
        added = terms[0] + terms[1] + terms[2] + terms[3]
        rope_scores = rope(qc, pos) @ rope(kc, pos).T
        alibi = qc @ kc.T - slope * np.abs(offset)
        sizes = [np.sqrt(np.mean(t * t)) for t in terms]
        spreads = [spread(m) for m in (added, rope_scores, alibi, terms[3])]
        return (added, rope_scores, alibi), spreads, sizes

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
    d, side, step, reps = (int(a) for a in sys.argv[1:5])
    x = np.tile(np.full(d, 1 / np.sqrt(d)), (side, 1))
    id_ms, (mats, spreads, _) = best_ms(make_frame(d, side, step, None, None, x),
                                        reps)
    sums = [m.sum() for m in mats]
    rng = np.random.default_rng(1)
    wq, wk = rng.normal(0, 1 / np.sqrt(d), (2, d, d))
    tokens = rng.normal(0, np.sqrt(0.5), (VOCAB, d))
    rnd_ms, _ = best_ms(
        make_frame(d, side, step, wq, wk, tokens[np.arange(side) % VOCAB]),
        reps)
    print("identity_ms=%.3f random_ms=%.3f sum_added=%.12g sum_rope=%.12g "
          "sum_alibi=%.12g spread_added=%.3g spread_rope=%.1e "
          "spread_alibi=%.1e" % (id_ms, rnd_ms, *sums, *spreads[:3]))


if __name__ == "__main__":
    main()
