#!/usr/bin/python3
"""The matplotlib side of the frame benchmark: the explorer's main screen
(a heatmap of the encoding, the waveforms of the selected dimension and of
four pairs, the similarity of the selected position to the others, and the
status line) drawn with the Agg canvas, the way a Python tool would redraw it.

    mpl_frames.py COLS ROWS D_MODEL LENGTH FRAMES

The figure is built once, at the pixel size of a COLS x ROWS terminal
(8 x 16 pixels a cell). Each frame then does what pescope --bench does: the
position moves one step, and every 25th frame a parameter changes instead
(base x10^(1/4), d_model +2, base again, length x2, alternating up and down
like bench.c); the data of every artist is recomputed for the new state with
NumPy and the figure is re-rendered with fig.canvas.draw(). The heatmap is
point-sampled at its pixel resolution (cheaper than pescope's exact block
means, which favours matplotlib). Prints "p50_ms=X p95_ms=Y" over FRAMES
frames, after one warm-up draw. Python's start-up and imports are not
counted."""
import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

PARAM_EVERY = 25


def omegas(d, base):
    return base ** (-np.arange(0, d, 2) / d)


def pe_values(pos, dims, d, base):
    """PE(pos, dim) for arrays pos (n,) and dims (m,), interleaved layout."""
    w = omegas(d, base)[dims // 2]
    ang = np.outer(w, pos)
    return np.where((dims % 2 == 0)[:, None], np.sin(ang), np.cos(ang))


class Screen:
    def __init__(self, cols, rows, d, length):
        self.d, self.base, self.len, self.pos, self.dim = d, 10000.0, length, 0, 0
        self.px = max(cols - 10, 8)           # heat and curve samples across
        self.py = max(2 * (rows // 3), 4)     # heat pixels down
        self.fig = plt.figure(figsize=(cols * 8 / 100, rows * 16 / 100), dpi=100)
        gs = self.fig.add_gridspec(2, 2, height_ratios=[1, 1])
        self.ax_heat = self.fig.add_subplot(gs[0, :])
        self.ax_wave = self.fig.add_subplot(gs[1, 0])
        self.ax_sim = self.fig.add_subplot(gs[1, 1])
        self.img = self.ax_heat.imshow(np.zeros((self.py, self.px)), cmap="RdBu_r",
                                       vmin=-1, vmax=1, aspect="auto",
                                       interpolation="nearest")
        self.fig.colorbar(self.img, ax=self.ax_heat)
        self.cross_v = self.ax_heat.axvline(0, color="lime")
        self.cross_h = self.ax_heat.axhline(0, color="lime")
        self.waves = [self.ax_wave.plot([], [])[0] for _ in range(6)]
        self.sim, = self.ax_sim.plot([], [])
        self.sim_cursor = self.ax_sim.axvline(0, color="lime")
        self.wave_cursor = self.ax_wave.axvline(0, color="lime")
        self.status = self.fig.suptitle("")
        self.ax_wave.set_ylim(-1.1, 1.1)
        self.ax_sim.set_ylim(-1.1, 1.1)
        self.update()

    def update(self):
        d, base, n = self.d, self.base, self.len
        xs = np.linspace(0, n - 1, self.px)
        dims = np.linspace(0, d - 1, self.py).astype(int)
        self.img.set_data(pe_values(xs, dims, d, base))
        self.img.set_extent((0, n - 1, d - 1, 0))
        self.cross_v.set_xdata([self.pos, self.pos])
        self.cross_h.set_ydata([self.dim, self.dim])
        partner = self.dim ^ 1
        pairs = np.linspace(0, d // 2 - 1, 4).astype(int)
        rows = [self.dim, partner] + [2 * p for p in pairs]
        vals = pe_values(xs, np.array(rows), d, base)
        for k, line in enumerate(self.waves):
            line.set_data(xs, vals[k] * (1 if k < 2 else 0.25) + (0 if k < 2 else -0.8 + 0.2 * (k - 2)))
        w = omegas(d, base)
        sim = np.cos(np.outer(xs - self.pos, w)).sum(axis=1) / (d / 2)
        self.sim.set_data(xs, sim)
        for ax in (self.ax_wave, self.ax_sim):
            ax.set_xlim(0, max(n - 1, 1))
        self.sim_cursor.set_xdata([self.pos, self.pos])
        self.wave_cursor.set_xdata([self.pos, self.pos])
        self.status.set_text("d_model=%d base=%g len=%d pos=%d dim=%d"
                             % (d, base, n, self.pos, self.dim))

    def step(self, i):
        """The state change of frame i, as bench.c's bench_action."""
        if i % PARAM_EVERY == PARAM_EVERY - 1:
            which = (i // PARAM_EVERY) % 4
            up = (i // (4 * PARAM_EVERY)) % 2 == 0
            if which in (0, 2):
                self.base *= 10 ** (0.25 if up else -0.25)
            elif which == 1:
                self.d = max(2, self.d + (2 if up else -2))
            else:
                self.len = max(1, self.len * 2 if up else self.len // 2)
            self.pos = min(self.pos, self.len - 1)
        else:
            self.pos = min(self.pos + 1, self.len - 1)


def main():
    cols, rows, d, length, frames = map(int, sys.argv[1:6])
    s = Screen(cols, rows, d, length)
    s.fig.canvas.draw()
    ms = []
    for i in range(frames):
        t0 = time.perf_counter()
        s.step(i)
        s.update()
        s.fig.canvas.draw()
        ms.append((time.perf_counter() - t0) * 1e3)
    ms.sort()
    print("p50_ms=%.3f p95_ms=%.3f" % (ms[len(ms) // 2], ms[(len(ms) * 95) // 100]))


if __name__ == "__main__":
    main()
