#!/usr/bin/python3
"""The NumPy side of the dump benchmark: the reference function of the seed
article, then np.save, to /dev/null. Prints the seconds both took, once.

    npy_bench.py ROWS D_MODEL

Run once per measurement, so the shell can alternate it with pescope and
neither gets a warmer machine. Python's start-up is not counted (only the
work is), which favours NumPy."""
import sys
import time

import numpy as np


def sinusoidal_position_encoding(max_len, d_model):
    position = np.arange(max_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe


def main():
    rows, d = int(sys.argv[1]), int(sys.argv[2])
    # A file object: np.save("/dev/null") would write "/dev/null.npy".
    with open("/dev/null", "wb") as sink:
        t0 = time.perf_counter()
        np.save(sink, sinusoidal_position_encoding(rows, d))
        t1 = time.perf_counter()
    print("%.4f" % (t1 - t0))


if __name__ == "__main__":
    main()
