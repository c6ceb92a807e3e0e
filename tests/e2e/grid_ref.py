#!/usr/bin/python3
"""grid_ref.py - NumPy ports of the reference code of 2-D RoPE and M-RoPE,
to check `pescope --dump-series grid2d` and `--dump-series grid-ids`.

Usage: grid_ref.py FILE KIND VARIANT ROWS COLS FRAMES TEXT ROW COL

FILE is the output of `pescope --dump-series KIND --set grid=VARIANT
--set rows=ROWS --set cols=COLS --set frames=FRAMES --set text=TEXT
--position COL --dim ROW`; KIND is grid2d ("frame,row,col,sim") or
grid-ids ("token,t,h,w"). Every row is compared with the port below: the
ids exactly, the similarities to 1e-12. Exits 1 naming the first row that
differs, else prints the worst error.

KIND screen reads FILE as `pescope --snapshot --view grid` of the same
settings (plain text, UTF-8) and checks the numbers the screen prints
against the same ports, each to the digits it shows: the legend's least,
middle and most (of every map drawn: both M-RoPE layouts, every frame);
the least and most under each M-RoPE map; for the ViT variants each run
of pairs' direction in degrees (atan2 of the port's fy, fx, rows growing
downwards) and each pair's speed bar, ceil(8 (1 + log10 |f| / 2)) eighths
clamped to 1..8.

KIND dots reads FILE as the same snapshot with --color always (where the
heat is half blocks, so the chosen patch's + and the dots are the only
such glyphs on the map) and checks the dots on a ViT map: each lies
within 0.71 patch (half a patch's diagonal) of a line through the + along
the direction of pair 0 or pair 16, axial's exactly on its row and
column, one a patch.

The ports are written from the sources, not from pescope's C:
  axial    naver-ai/rope-vit (commit ce85c2e), deit/models_v2_rope.py:
           compute_axial_cis(dim=64, end_x=COLS, end_y=ROWS, theta=100),
           init_t_xy, apply_rotary_emb (view_as_complex) on q = k with
           every pair (1, 0);
  mixed    the same file's init_random_2d_freqs(dim=64, num_heads=1,
           theta=10) and compute_mixed_cis; its torch.rand(1) is replaced
           by pescope's seeded draw (rng_hash of seed 2024, below, a port
           of src/engine/rng.c's splitmix64 mixing), as the screen says;
  mrope    transformers' src/transformers/models/qwen2_vl/
           modeling_qwen2_vl.py (commit 00b676f8): Qwen2VLModel
           .get_rope_index on input ids text, vision_start, image (or
           video) tokens, text, with spatial_merge_size 2 and a grid_thw
           of (FRAMES, 2 ROWS, 2 COLS); Qwen2VLRotaryEmbedding.forward
           (inv_freq of rope_theta 1e6, head_dim 128) and
           apply_multimodal_rotary_pos_emb with mrope_section [16, 24, 24]
           (rotate_half), on q = k = 1 in the first half of the head;
  mrope-i  models/qwen3_vl/modeling_qwen3_vl.py (commit 00709b86):
           Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope with
           mrope_section [24, 20, 20], then the same rotate_half rotation.
The similarity is the rotated dot product divided by the number of pairs:
RoFormer's sum of cosines, 1 for a patch with itself.
"""
import math
import sys

import numpy as np

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rng_hash(a, b, c):
    return mix64(mix64(mix64((a + GOLDEN) & MASK) ^ ((b + 2 * GOLDEN) & MASK))
                 ^ ((c + 3 * GOLDEN) & MASK))


def uniform_of_seed(seed):
    """What stands for torch.rand(1): the top 53 bits of rng_hash(seed, 0,
    0) times 2^-53."""
    return (rng_hash(seed, 0, 0) >> 11) * 2.0 ** -53


# ---- rope-vit ----

def init_t_xy(end_x, end_y):
    t = np.arange(end_x * end_y, dtype=np.float64)
    return t % end_x, np.floor(t / end_x)


def compute_axial_cis(dim, end_x, end_y, theta=100.0):
    freqs_x = 1.0 / (theta ** (np.arange(0, dim, 4)[: dim // 4] / dim))
    freqs_y = 1.0 / (theta ** (np.arange(0, dim, 4)[: dim // 4] / dim))
    t_x, t_y = init_t_xy(end_x, end_y)
    fx = np.outer(t_x, freqs_x)
    fy = np.outer(t_y, freqs_y)
    return np.concatenate([np.exp(1j * fx), np.exp(1j * fy)], axis=-1)


def init_random_2d_freqs(dim, theta, angle):
    mag = 1 / (theta ** (np.arange(0, dim, 4)[: dim // 4] / dim))
    fx = np.concatenate([mag * np.cos(angle), mag * np.cos(np.pi / 2 + angle)])
    fy = np.concatenate([mag * np.sin(angle), mag * np.sin(np.pi / 2 + angle)])
    return fx, fy


def compute_mixed_cis(fx, fy, t_x, t_y):
    return np.exp(1j * (np.outer(t_x, fx) + np.outer(t_y, fy)))


def vit_sims(variant, rows, cols, row, col):
    """{(0, r, c): sim} of the patch (row, col) to every patch."""
    if variant == "axial":
        cis = compute_axial_cis(64, cols, rows)
    else:
        fx, fy = init_random_2d_freqs(64, 10.0,
                                      uniform_of_seed(2024) * 2 * math.pi)
        t_x, t_y = init_t_xy(cols, rows)
        cis = compute_mixed_cis(fx, fy, t_x, t_y)
    x = np.ones(32, dtype=complex)         # every pair (1, 0)
    rot = x * cis                           # apply_rotary_emb
    q = rot[row * cols + col]
    out = {}
    for n in range(rows * cols):
        k = rot[n]
        # the real dot product of view_as_real(q) and view_as_real(k)
        dot = np.sum(q.real * k.real + q.imag * k.imag)
        out[(0, n // cols, n % cols)] = dot / 32
    return out


# ---- Qwen2-VL / Qwen3-VL ----

IMAGE, VIDEO, VSTART, TEXT = 151655, 151656, 151652, 100


def get_rope_index(input_ids, image_grid_thw, video_grid_thw,
                   spatial_merge_size=2):
    """Qwen2VLModel.get_rope_index for one sequence without padding."""
    input_tokens = list(input_ids)
    vs = [i for i, t in enumerate(input_tokens) if t == VSTART]
    vision_tokens = [input_tokens[i + 1] for i in vs]
    image_nums = sum(t == IMAGE for t in vision_tokens)
    video_nums = sum(t == VIDEO for t in vision_tokens)
    llm_pos_ids_list = []
    st = 0
    image_index = video_index = 0
    remain_images, remain_videos = image_nums, video_nums
    for _ in range(image_nums + video_nums):
        if IMAGE in input_tokens and remain_images > 0:
            ed_image = input_tokens.index(IMAGE, st)
        else:
            ed_image = len(input_tokens) + 1
        if VIDEO in input_tokens and remain_videos > 0:
            ed_video = input_tokens.index(VIDEO, st)
        else:
            ed_video = len(input_tokens) + 1
        if ed_image < ed_video:
            t, h, w = image_grid_thw[image_index]
            image_index += 1
            remain_images -= 1
            ed = ed_image
        else:
            t, h, w = video_grid_thw[video_index]
            video_index += 1
            remain_videos -= 1
            ed = ed_video
        gt, gh, gw = t, h // spatial_merge_size, w // spatial_merge_size
        text_len = ed - st
        st_idx = llm_pos_ids_list[-1].max() + 1 if llm_pos_ids_list else 0
        llm_pos_ids_list.append(
            np.broadcast_to(np.arange(text_len), (3, text_len)) + st_idx)
        t_index = np.repeat(np.arange(gt), gh * gw)
        h_index = np.tile(np.repeat(np.arange(gh), gw), gt)
        w_index = np.tile(np.arange(gw), gt * gh)
        llm_pos_ids_list.append(np.stack([t_index, h_index, w_index])
                                + text_len + st_idx)
        st = ed + gt * gh * gw
    if st < len(input_tokens):
        st_idx = llm_pos_ids_list[-1].max() + 1 if llm_pos_ids_list else 0
        text_len = len(input_tokens) - st
        llm_pos_ids_list.append(
            np.broadcast_to(np.arange(text_len), (3, text_len)) + st_idx)
    return np.concatenate(llm_pos_ids_list, axis=1)


def mrope_sequence(rows, cols, frames, text):
    """The input ids of text, image (or video), text: the text before ends
    with the vision_start token, as the processor writes it."""
    video = frames > 1
    ids = [TEXT] * (text - 1) + [VSTART] + \
        [VIDEO if video else IMAGE] * (frames * rows * cols) + [TEXT] * text
    thw = [(frames, 2 * rows, 2 * cols)]
    return get_rope_index(ids, None if video else thw, thw if video else None)


def rotate_half(x):
    h = x.shape[-1] // 2
    return np.concatenate([-x[..., h:], x[..., :h]], axis=-1)


def mrope_cos_sin(position_ids, interleaved, head_dim=128, theta=1e6):
    inv_freq = 1.0 / (theta ** (np.arange(0, head_dim, 2) / head_dim))
    freqs = position_ids[:, :, None].astype(np.float64) * inv_freq  # (3,n,64)
    if interleaved:
        # apply_interleaved_mrope, mrope_section [24, 20, 20]
        section = [24, 20, 20]
        freqs_t = freqs[0].copy()
        for dim, offset in enumerate((1, 2), start=1):
            length = section[dim] * 3
            freqs_t[..., offset:length:3] = freqs[dim, ..., offset:length:3]
        emb = np.concatenate([freqs_t, freqs_t], axis=-1)
        return np.cos(emb), np.sin(emb)
    emb = np.concatenate([freqs, freqs], axis=-1)               # (3,n,128)
    cos, sin = np.cos(emb), np.sin(emb)
    section = [16, 24, 24] * 2       # mrope_section * 2
    bounds = np.cumsum([0] + section)
    pick = lambda m: np.concatenate(
        [m[i % 3][:, bounds[i]:bounds[i + 1]] for i in range(len(section))],
        axis=-1)
    return pick(cos), pick(sin)


def mrope_sims(variant, rows, cols, frames, text, row, col):
    ids = mrope_sequence(rows, cols, frames, text)
    cos, sin = mrope_cos_sin(ids, variant == "mrope-i")
    x = np.concatenate([np.ones(64), np.zeros(64)])
    emb = x * cos + rotate_half(x) * sin         # q_embed = k_embed form
    first = text                                  # the first vision token
    q = emb[first + row * cols + col]
    out = {}
    for f in range(frames):
        for r in range(rows):
            for c in range(cols):
                k = emb[first + (f * rows + r) * cols + c]
                out[(f, r, c)] = float(np.dot(q, k)) / 64
    return out, ids


NUM = r"-?[0-9]+(?:\.[0-9]+)?"


def near(shown, value, what):
    """shown (a printed number) is value to its last digit."""
    decimals = len(shown.split(".")[1]) if "." in shown else 0
    if abs(float(shown) - value) > 0.5 * 10.0 ** -decimals + 1e-12:
        sys.exit(f"{what}: the screen {shown}, the port {value!r}")


def vit_freqs(variant):
    """Each pair's (fx, fy): compute_axial_cis's columns then rows, or
    init_random_2d_freqs's."""
    if variant == "axial":
        f = 1.0 / (100.0 ** (np.arange(0, 64, 4)[:16] / 64))
        return np.concatenate([f, 0 * f]), np.concatenate([0 * f, f])
    return init_random_2d_freqs(64, 10.0, uniform_of_seed(2024) * 2 * math.pi)


def check_dots(lines, variant, rows, cols, degrees):
    """The dots of the ViT map panel (the left box) against the lines
    through its + at the port's degrees. A cell is half as wide as tall
    and a patch is square, so a dot dx cells right and dy rows down of
    the + lies 2 dy half-rows (the map's pixels) down."""
    import re
    plus = dots = None
    inner = None
    pts = []
    for y, ln in enumerate(lines):
        left = ln.split("││")[0] if "││" in ln else ln
        if inner is None and left.startswith("┌"):
            inner = len(left) - 2
        for m in re.finditer("[·+]", left):
            if m.group() == "+" and plus is None and y > 1:
                plus = (m.start(), y)
            elif m.group() == "·":
                pts.append((m.start(), y))
    if plus is None:
        sys.exit("no + on the map")
    if not pts:
        return 0
    ps = inner // cols          # the most a patch can be, in cells
    for x, y in pts:
        dx, dy = x - plus[0], 2 * (y - plus[1])
        off = min(abs(dy * math.cos(math.radians(d)) -
                      dx * math.sin(math.radians(d))) for d in degrees)
        if off > 0.71 * ps + 1:
            sys.exit(f"a dot {dx} cells right, {y - plus[1]} rows down of "
                     f"the +: {off:.1f} pixels off every line")
    if variant == "axial":
        if any(x != plus[0] and y != plus[1] for x, y in pts) or \
                len(pts) != rows - 1 + cols - 1:
            sys.exit(f"axial: {len(pts)} dots, not the {rows + cols - 2} "
                     "of the patch's row and column")
    return len(pts)


def check_screen(lines, variant, rows, cols, frames, text, row, col):
    import re
    if variant in ("axial", "mixed"):
        maps = [list(vit_sims(variant, rows, cols, row, col).values())]
    else:
        maps = []
        for v in ("mrope", "mrope-i"):
            sims, _ = mrope_sims(v, rows, cols, frames, text, row, col)
            for f in range(frames):
                maps.append([sims[(f, r, c)] for r in range(rows)
                             for c in range(cols)])
    every = [x for m in maps for x in m]
    lo, hi = min(every), max(every)
    legend = [ln for ln in lines
              if re.match(rf"│({NUM}) \S+ ({NUM}) \S+ ({NUM})  ", ln)]
    if len(legend) != 1:
        sys.exit(f"{len(legend)} legend rows")
    got = re.match(rf"│({NUM}) \S+ ({NUM}) \S+ ({NUM})  ", legend[0]).groups()
    for shown, value, what in zip(got, (lo, (lo + hi) / 2, hi),
                                  ("least", "middle", "most")):
        near(shown, value, f"the legend's {what}")
    checked = 3
    if variant in ("axial", "mixed"):
        fx, fy = vit_freqs(variant)
        deg = np.degrees(np.arctan2(fy, fx)) % 360.0
        eighths = np.clip(np.ceil(8 * (1 + np.log10(np.hypot(fx, fy)) / 2)
                                  - 1e-9), 1, 8).astype(int)
        for first, last in ((0, 15), (16, 31)):
            pat = rf"│{first}–{last} +({NUM})°.? ([▁▂▃▄▅▆▇█]+)"
            hit = [re.search(pat, ln) for ln in lines]
            hit = [h for h in hit if h]
            if len(hit) != 1:
                sys.exit(f"no row of pairs {first}–{last}")
            near(hit[0].group(1), deg[first], f"pairs {first}–{last}: degrees")
            bars = [ord(ch) - 0x2580 for ch in hit[0].group(2)]
            if bars != list(eighths[first:last + 1]):
                sys.exit(f"pairs {first}–{last}: bars {bars}, the port "
                         f"{list(eighths[first:last + 1])}")
            checked += 1 + len(bars)
    else:
        # each map's caption is beside it or on the row under it: those
        # of a layout lie between its label and the next, left to right
        start = [i for i, ln in enumerate(lines) if "Similarity" in ln][-1]
        band = [i for i, ln in enumerate(lines)
                if i > start and re.match(r"│[ >]Qwen[23]-VL ", ln)]
        if len(band) != 2:
            sys.exit(f"{len(band)} rows of labels in the maps, not 2")
        caps = []
        for top, end in ((band[0], band[1]), (band[1], len(lines))):
            hits = [(m.start(), m.group(1), m.group(2))
                    for ln in lines[top:end]
                    # a caption's least has a point (the notes beside
                    # the maps name pairs "16–63")
                    for m in re.finditer(rf"(-?[0-9]*\.[0-9]+)–({NUM})", ln)]
            caps.append([(a, z) for _, a, z in sorted(hits)])
        for b, name in enumerate(("Qwen2-VL", "Qwen3-VL")):
            if len(caps[b]) != frames:
                sys.exit(f"{name}: {len(caps[b])} captions for {frames} "
                         "frames")
            for f, (a, z) in enumerate(caps[b]):
                m = maps[b * frames + f]
                near(a, min(m), f"{name} frame {f}: least")
                near(z, max(m), f"{name} frame {f}: most")
                checked += 2
    print(f"{checked} numbers on the screen agree with the port")


def main():
    path, kind, variant = sys.argv[1], sys.argv[2], sys.argv[3]
    rows, cols, frames, text, row, col = map(int, sys.argv[4:10])
    lines = open(path, encoding="utf-8").read().splitlines()
    if kind == "dots":
        import re
        lines = [re.sub(r"\x1b\[[0-9;]*m", "", ln) for ln in lines]
        fx, fy = vit_freqs(variant)
        deg = np.degrees(np.arctan2(fy, fx)) % 360.0
        n = check_dots(lines, variant, rows, cols, deg[[0, 16]])
        print(f"{n} dots on the lines")
        return
    if kind == "screen":
        check_screen(lines, variant, rows, cols, frames, text, row, col)
        return
    if variant in ("axial", "mixed"):
        frames = 1
        sims = vit_sims(variant, rows, cols, row, col)
        ids = np.array([[0] * (rows * cols),
                        [n // cols for n in range(rows * cols)],
                        [n % cols for n in range(rows * cols)]])
    else:
        sims, ids = mrope_sims(variant, rows, cols, frames, text, row, col)
    if kind == "grid-ids":
        want = ["token,t,h,w"] + [f"{i},{ids[0][i]},{ids[1][i]},{ids[2][i]}"
                                  for i in range(ids.shape[1])]
        for i, (a, b) in enumerate(zip(lines, want)):
            if a != b:
                sys.exit(f"line {i + 1}: pescope {a!r}, the port {b!r}")
        if len(lines) != len(want):
            sys.exit(f"{len(lines)} lines, the port {len(want)}")
        print(f"{len(want) - 1} tokens, every id equal")
        return
    if lines[0] != "frame,row,col,sim":
        sys.exit(f"header {lines[0]!r}")
    if len(lines) - 1 != len(sims):
        sys.exit(f"{len(lines) - 1} rows, the port {len(sims)}")
    worst = 0.0
    for i, line in enumerate(lines[1:]):
        f, r, c, v = line.split(",")
        key = (int(f), int(r), int(c))
        want = (i // (rows * cols), i // cols % rows, i % cols)
        if key != want:
            sys.exit(f"row {i + 1}: patch {key}, expected {want}")
        err = abs(float(v) - sims[key])
        worst = max(worst, err)
        if err > 1e-12:
            sys.exit(f"patch {key}: pescope {v}, the port {sims[key]!r}")
    print(f"{len(sims)} patches, worst error {worst:.3g}")


if __name__ == "__main__":
    main()
