#!/usr/bin/env python3
"""load_bench.py DIR - the two learned matrices the bench's load section
opens, written into DIR: wpe.npy, 1024 x 768 float32 (GPT-2's wpe shape),
and pos.safetensors with one tensor "wpe", 8192 x 4096 float16, written
to the format's published layout (github.com/huggingface/safetensors,
README "Format": an 8-byte little-endian header length, the JSON header,
the data). Both are the textbook's sinusoids at a tenth of their height
plus noise (tests/e2e/load_ref.py's synthetic matrix): no model's
weights."""
import json
import os
import struct
import sys

import numpy as np


def matrix(rows, cols, dtype):
    rng = np.random.default_rng(0)
    p = np.arange(rows, dtype=np.float32)[:, None]
    w = (1 / 10000 ** (np.arange(cols // 2) / (cols // 2))).astype(np.float32)
    m = np.empty((rows, cols), np.float32)
    m[:, 0::2] = np.sin(p * w) / 10
    m[:, 1::2] = np.cos(p * w) / 10
    m += rng.normal(0, 0.02, m.shape).astype(np.float32)
    return m.astype(dtype)


def main(folder):
    np.save(os.path.join(folder, "wpe.npy"), matrix(1024, 768, "<f4"))
    raw = matrix(8192, 4096, "<f2").tobytes()
    head = json.dumps({"wpe": {"dtype": "F16", "shape": [8192, 4096],
                               "data_offsets": [0, len(raw)]}}).encode()
    head += b" " * (-len(head) % 8)
    with open(os.path.join(folder, "pos.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(head)) + head + raw)


if __name__ == "__main__":
    main(sys.argv[1])
