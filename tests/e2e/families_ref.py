#!/usr/bin/python3
"""families_ref.py - NumPy ports of the reference code of every scheme that
`pescope --dump-series bias` writes, to check its series.

Usage: families_ref.py FILE SCHEME L D BASE BUCKETS MAXDIST CAUSAL HEADS HEAD CLIP
       families_ref.py --scale SNAPSHOT L D BASE BUCKETS MAXDIST CAUSAL HEADS HEAD CLIP

FILE is the output of `pescope --dump-series bias --scheme SCHEME -n L -d D
-b BASE --set buckets=BUCKETS ...` (a header "offset,bias", then one row
per offset k = q - p, key minus query, from -(L-1) to L-1). Each row is
compared with the port below, to 1e-12 times the size of the series (at
least 1); "-inf" (the causal mask) must stand exactly where the port masks.
Exits 1 naming the first offset that differs, else prints the worst error.

With --scale, SNAPSHOT is the families view's --snapshot at a length whose
2L - 1 offsets are fewer than the plot's dot columns (every offset drawn):
the numbers at the right of each lane, top to bottom, must be each
scheme's most and least (one number when they are equal; ALiBi's least
is the steepest head's, as its lane is scaled), in %.3g, in
the order of the lanes, none else (no 0 between them: at such lengths no
scheme but ALiBi and KERPLE, whose most is 0, goes below 0).

The ports are written from the sources, not from pescope's C:
  t5     transformers, src/transformers/models/t5/modeling_t5.py,
         T5Attention._relative_position_bucket (itself from tensorflow/mesh,
         mesh_tensorflow/transformer/transformer_layers.py), in float32 as
         torch computes it;
  shaw   tensor2tensor, tensor2tensor/layers/common_attention.py,
         _generate_relative_positions_matrix;
  alibi  ofirpress/attention_with_linear_biases, get_slopes in
         fairseq/models/transformer.py, times -|k| (the paper's bias);
  kerple Chi et al. 2022, the logarithmic kernel -r1 log(1 + r2 |k|),
         r1 = r2 = 1;
  xpos   microsoft/torchscale, torchscale/component/xpos_relative_position.py
         (XPOS.forward on queries, with downscale on keys), applied to the
         uniform vector (every component 1/sqrt(D)) at every position: the
         score of query n and key n + k; the code's 10000 is BASE here, as
         pescope turns xPos's pairs at the base set (equal at 1e4);
  added  Vaswani et al. 2017, PE(pos, 2i) = sin(pos / BASE^(2i/D)),
         PE(pos, 2i+1) = cos(...): PE(p) . PE(p + k) at p = L - 1;
  rope   RoFormer (Su et al. 2021), section 3.4.3: the relative upper
         bound (1/(D/2)) sum_{j=1}^{D/2} |sum_{k<j} e^{i m theta_k}|;
  nope   0 (masked after the query where causal, as every scheme).
"""
import math
import sys

import numpy as np


def t5_bucket(relative_position, bidirectional=True, num_buckets=32,
              max_distance=128):
    # transformers T5Attention._relative_position_bucket, with torch -> np
    # and .float() -> float32, .to(torch.long) -> truncation
    relative_buckets = np.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).astype(np.int64) * num_buckets
        relative_position = np.abs(relative_position)
    else:
        relative_position = -np.minimum(relative_position,
                                        np.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    with np.errstate(divide="ignore"):
        ratio = relative_position.astype(np.float32) / np.float32(max_exact)
        large = (np.log(ratio)
                 / np.float32(math.log(max_distance / max_exact))
                 * np.float32(num_buckets - max_exact))
    large = np.where(is_small, 0, large).astype(np.int64) + max_exact
    large = np.minimum(large, np.full_like(large, num_buckets - 1))
    relative_buckets += np.where(is_small, relative_position, large)
    return relative_buckets


def shaw_index(distance, max_relative_position):
    # tensor2tensor _generate_relative_positions_matrix: clip, then shift
    clipped = np.clip(distance, -max_relative_position, max_relative_position)
    return clipped + max_relative_position


def get_slopes(n):
    # ofirpress/attention_with_linear_biases, fairseq transformer.py
    def get_slopes_power_of_2(n):
        start = (2 ** (-2 ** -(math.log2(n) - 3)))
        ratio = start
        return [start * ratio ** i for i in range(n)]

    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2 ** math.floor(math.log2(n))
    return (get_slopes_power_of_2(closest_power_of_2)
            + get_slopes(2 * closest_power_of_2)[0::2][:n - closest_power_of_2])


def xpos_scores(d, L, base):
    # torchscale XPOS with head_dim d, scale_base 512, on x of shape
    # (1, 2L, d): positions 0 .. 2L-1, so that query L-1 meets keys
    # 0 .. 2L-2 (k = -(L-1) .. L-1)
    n = 2 * L
    x = np.full((1, n, d), 1.0 / math.sqrt(d))
    scale_buf = (np.arange(0, d, 2) + 0.4 * d) / (1.4 * d)

    def fixed_pos_embedding(xs):
        seq_len, dim = xs.shape
        inv_freq = 1.0 / (base ** (np.arange(0, dim) / dim))
        inp = np.einsum("i,j->ij", np.arange(0, seq_len, dtype=float),
                        inv_freq)
        return np.sin(inp), np.cos(inp)

    def rotate_every_two(v):
        x1 = v[:, :, ::2]
        x2 = v[:, :, 1::2]
        return np.stack((-x2, x1), axis=-1).reshape(v.shape)

    def duplicate_interleave(m):
        return np.repeat(m, 2, axis=1)

    def forward(v, downscale):
        length = v.shape[1]
        min_pos = -length // 2
        max_pos = length + min_pos
        scale = scale_buf ** (np.arange(min_pos, max_pos, 1)[:, None] / 512)
        sin, cos = fixed_pos_embedding(scale)
        if downscale:
            scale = 1 / scale
        sin, cos = (duplicate_interleave(t * scale) for t in (sin, cos))
        return v * cos + rotate_every_two(v) * sin

    q = forward(x, False)[0]
    k = forward(x, True)[0]
    return q[L - 1] @ k.T          # keys 0 .. 2L-1


def reference(scheme, L, d, base, buckets, maxdist, causal, heads, head,
              clip):
    k = np.arange(-(L - 1), L, dtype=np.int64)
    a = np.abs(k).astype(float)
    if scheme == "t5":
        v = t5_bucket(k, not causal, buckets, maxdist).astype(float)
    elif scheme == "shaw":
        v = shaw_index(k, clip).astype(float)
    elif scheme == "alibi":
        v = -get_slopes(heads)[min(head, heads) - 1] * a
    elif scheme == "kerple":
        v = -1.0 * np.log(1.0 + 1.0 * a)
    elif scheme == "xpos":
        v = xpos_scores(d, L, base)[: 2 * L - 1]
    elif scheme == "added":
        pos = np.arange(2 * L, dtype=float)[:, None]
        ang = pos / base ** (np.arange(0, d, 2) / d)
        pe = np.zeros((2 * L, d))
        pe[:, 0::2] = np.sin(ang)
        pe[:, 1::2] = np.cos(ang)
        v = pe[L - 1 + k] @ pe[L - 1]
    elif scheme == "rope":
        theta = base ** (-2.0 * np.arange(d // 2) / d)
        e = np.exp(1j * np.outer(a, theta))
        v = np.abs(np.cumsum(e, axis=1)).sum(axis=1) / (d // 2)
    elif scheme == "nope":
        v = np.zeros(len(k))
    else:
        raise SystemExit("unknown scheme " + scheme)
    masked = (k > 0) & bool(causal)
    return k, np.where(masked, -np.inf, v)


SCHEMES = ["added", "rope", "shaw", "t5", "alibi", "kerple", "xpos", "nope"]


def check_scale(path, args):
    """The lanes' scales on the snapshot against the ports' extremes."""
    L, d = int(args[0]), int(args[1])
    base = float(args[2])
    buckets, maxdist, causal, heads, head, clip = map(int, args[3:9])
    want = []
    for scheme in SCHEMES:
        v = reference(scheme, L, d, base, buckets, maxdist, causal, heads,
                      head, clip)[1]
        k = reference("nope", L, d, base, buckets, maxdist, causal, heads,
                      head, clip)[0][np.isfinite(v)]
        v = v[np.isfinite(v)]
        hi, lo = v.max() + 0.0, v.min() + 0.0    # + 0.0: no "-0"
        if scheme == "alibi":
            # its lane's bottom is the steepest head's, so that the
            # slope of the head drawn shows against it
            lo = -max(get_slopes(heads)) * np.abs(k).max()
        want += ["%.3g" % hi] + (["%.3g" % lo] if hi > lo else [])
    got = []
    for line in open(path).read().splitlines()[2:]:
        if not line.startswith("\u2502"):
            break
        plot = line[1:].split("\u2502")[0]
        cell = plot[-6:].strip()
        if cell and cell[0] in "-0123456789":
            got.append(cell)
    if got != want:
        raise SystemExit("scales %s, want %s" % (got, want))
    print("scales %s" % " ".join(got))


def main():
    if sys.argv[1] == "--scale":
        check_scale(sys.argv[2], sys.argv[3:])
        return
    path, scheme = sys.argv[1], sys.argv[2]
    L, d = int(sys.argv[3]), int(sys.argv[4])
    base = float(sys.argv[5])
    buckets, maxdist, causal, heads, head, clip = map(int, sys.argv[6:12])
    lines = open(path).read().splitlines()
    if lines[0] != "offset,bias":
        raise SystemExit("header: %r" % lines[0])
    rows = [line.split(",") for line in lines[1:]]
    k, want = reference(scheme, L, d, base, buckets, maxdist, causal, heads,
                        head, clip)
    if len(rows) != len(k):
        raise SystemExit("%d rows, want %d" % (len(rows), len(k)))
    finite = want[np.isfinite(want)]
    size = max(1.0, float(np.abs(finite).max())) if finite.size else 1.0
    worst = 0.0
    for (ks, vs), kk, w in zip(rows, k, want):
        if int(ks) != kk:
            raise SystemExit("offset %s, want %d" % (ks, kk))
        got = float(vs)
        if np.isinf(w) or np.isinf(got):
            if got != w:
                raise SystemExit("k = %d: %s, want %r" % (kk, vs, w))
            continue
        err = abs(got - w)
        worst = max(worst, err)
        if err > 1e-12 * size:
            raise SystemExit("k = %d: %r, want %r (error %.3g)"
                             % (kk, got, w, err))
    print("%s: %d offsets, worst error %.3g" % (scheme, len(k), worst))


main()
