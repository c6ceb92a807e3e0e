#!/usr/bin/env python3
"""load_ref.py - the matrices tests/e2e/load.sh gives --load, and what
pescope must find in them, computed independently of its C.

  load_ref.py write DIR     writes the test matrices into DIR and prints one
                            --load argument per line: .npy files through
                            numpy.save (every float dtype it reads, both byte
                            orders, C and Fortran order) and one .safetensors
                            file written by hand to the format's published
                            layout (github.com/huggingface/safetensors,
                            README "Format": an 8-byte little-endian header
                            length N, N bytes of JSON, the byte buffer that
                            "data_offsets" index; numbers little-endian,
                            row-major), with one tensor per dtype F16, BF16,
                            F32, F64, a 1-D one and "__metadata__";
                            and float64 matrices of 97, 257, 1000, 1023,
                            1024 and 4099 positions, for the periods' FFT.
  load_ref.py compare       reads lines "GOT-CSV ARG KIND N" and answers each
                            with "ok DIFF" or "bad DIFF-or-reason": pescope's
                            CSV against the reference within 1e-12, for the
                            matrix ARG (FILE or FILE:TENSOR) read back with
                            numpy.load, or for safetensors with numpy's
                            frombuffer at the header's offsets:
                              values        every value, row after row
                              similarity N  cos(M[N], M[N+k]), k = 0 .. L-1-N
                              wave N        column N
                              periods       each column's dominant period
                                            L / k, k = 1 + argmax over
                                            |rfft(x - mean(x))[1 .. L//2]|
                                            (the first of equal ones)
                              norms         every row's norm |M[p]|
                              absmax        max |M|, the colour scale
  load_ref.py ref ARG KIND  prints the reference KIND (from position or
                            dimension 0) of ARG, one number a line, for the
                            figures load.sh reads off the explorer's screen
  load_ref.py synthetic FILE L D
                            writes a GPT-2-like L x D float32 matrix to FILE
                            (.npy) for the goldens and the pictures: the
                            sinusoid rows of the textbook's encoding, scaled
                            to GPT-2's wpe's typical size (about 0.2), plus
                            noise, as Wang & Chen 2020 ("What do position
                            embeddings learn?") describe its sinusoid-like
                            rows. Synthetic: no model's weights.
"""
import json
import os
import struct
import sys

import numpy as np

L, D = 64, 16


def matrix(rows=L, seed=35):
    """Sinusoids of clear, different periods plus a little noise, so that
    each column's DFT has one peak that no rounding moves."""
    rng = np.random.default_rng(seed)
    ks = rng.permutation(np.arange(1, rows // 2 + 1))[:D]
    p = np.arange(rows)[:, None]
    phase = rng.uniform(0, 2 * np.pi, D)
    m = np.sin(2 * np.pi * ks * p / rows + phase) + 0.05 * rng.standard_normal((rows, D))
    return m + 0.3  # not centred: the mean must be taken off


def bf16_bits(a):
    """float32 values rounded to bfloat16 (nearest, ties to even): their
    upper 16 bits."""
    u = np.asarray(a, dtype="<f4").view("<u4").astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype("<u2")


def write(folder):
    m = matrix()
    args = []
    for descr in ("<f2", "<f4", "<f8", ">f2", ">f4", ">f8"):
        for order in ("C", "F"):
            name = "m%s%s.npy" % ({"<": "le", ">": "be"}[descr[0]] + descr[1:], order)
            np.save(os.path.join(folder, name), np.array(m.astype(descr), order=order))
            args.append(name)
    tensors = [
        ("pos.f16", "F16", m.astype("<f2").tobytes(), [L, D]),
        ("pos.bf16", "BF16", bf16_bits(m).tobytes(), [L, D]),
        ("pos.f32", "F32", m.astype("<f4").tobytes(), [L, D]),
        ("pos.f64", "F64", m.astype("<f8").tobytes(), [L, D]),
        ("bias", "F32", np.arange(3, dtype="<f4").tobytes(), [3]),
    ]
    header, data = {"__metadata__": {"format": "pt"}}, b""
    for name, dtype, raw, shape in tensors:
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)  # the data aligned, as the library does
    with open(os.path.join(folder, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)
    args += ["model.safetensors:" + t[0] for t in tensors[:4]]
    # lengths that are no power of two (the periods' FFT goes Bluestein's
    # way): primes, odd and even, and a power of two above the others
    for rows in (97, 257, 1000, 1023, 1024, 4099):
        name = "len%d.npy" % rows
        np.save(os.path.join(folder, name), matrix(rows, rows))
        args.append(name)
    print("\n".join(args))


def read(arg):
    if ".safetensors:" not in arg:
        return np.load(arg).astype(np.float64)
    path, name = arg.rsplit(":", 1)
    blob = open(path, "rb").read()
    n = struct.unpack("<Q", blob[:8])[0]
    e = json.loads(blob[8:8 + n])[name]
    b, end = e["data_offsets"]
    raw = blob[8 + n + b:8 + n + end]
    if e["dtype"] == "BF16":
        v = (np.frombuffer(raw, "<u2").astype("<u4") << 16).view("<f4")
    else:
        v = np.frombuffer(raw, {"F16": "<f2", "F32": "<f4", "F64": "<f8"}[e["dtype"]])
    return v.astype(np.float64).reshape(e["shape"])


def want(arg, kind, n):
    """NumPy's numbers for KIND of the matrix ARG names, from position or
    dimension n."""
    m = read(arg)
    if kind == "values":
        out = m.ravel()
    elif kind == "similarity":
        a = m[n]
        out = m[n:] @ a / (np.linalg.norm(m[n:], axis=1) * np.linalg.norm(a))
    elif kind == "wave":
        out = m[:, n]
    elif kind == "norms":
        out = np.linalg.norm(m, axis=1)
    elif kind == "absmax":
        out = np.array([np.abs(m).max()])
    else:
        x = m - m.mean(axis=0)
        power = np.abs(np.fft.rfft(x, axis=0)[1:m.shape[0] // 2 + 1]) ** 2
        out = m.shape[0] / (1 + np.argmax(power, axis=0))
    return out


def agree(got_csv, arg, kind, n):
    """The largest relative difference between pescope's CSV (the last
    column, or every value of a --dump csv) and want(); raises
    AssertionError when the shapes differ."""
    got = np.loadtxt(got_csv, delimiter=",", skiprows=1, ndmin=2)
    w = want(arg, kind, n)
    if kind == "values":
        got = got.ravel()
    else:
        assert (got[:, 0] == np.arange(got.shape[0])).all(), "index column"
        got = got[:, 1]
    assert got.shape == w.shape, "%d numbers, want %d" % (got.size, w.size)
    return np.max(np.abs(got - w) / np.maximum(np.abs(w), 1e-300))


def compare(lines):
    """One line out per line in: "GOT-CSV ARG KIND N" gives "ok DIFF" when
    within 1e-12, else "bad DIFF-or-reason" (one Python for every check:
    starting NumPy costs more than the checks)."""
    for line in lines:
        got_csv, arg, kind, n = line.split()
        try:
            diff = agree(got_csv, arg, kind, int(n))
            print("%s %.3g" % ("ok" if diff <= 1e-12 else "bad", diff))
        except Exception as e:  # a failed check, reported, not a crash
            print("bad %s" % str(e).replace("\n", " "))


def synthetic(path, rows, cols):
    rng = np.random.default_rng(2)
    p = np.arange(rows)[:, None]
    omega = 1.0 / 10000 ** (2 * (np.arange(cols) // 2) / cols)
    wave = np.where(np.arange(cols) % 2 == 0, np.sin(p * omega), np.cos(p * omega))
    m = 0.2 * wave + 0.03 * rng.standard_normal((rows, cols))
    np.save(path, m.astype("<f4"))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    elif sys.argv[1] == "compare":
        compare(sys.stdin.read().splitlines())
    elif sys.argv[1] == "ref":
        print("\n".join(repr(float(v)) for v in want(sys.argv[2], sys.argv[3], 0)))
    elif sys.argv[1] == "synthetic":
        synthetic(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
