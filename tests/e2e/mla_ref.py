#!/usr/bin/env python3
"""The mla view's numbers, computed apart from pescope, against its screen.

Usage: mla_ref.py SCREEN.txt...  (--snapshot --view mla: the whole view,
or its parts one at a time; a number may be on any of them, a sentence
wrapped across the rows of a panel that fills the screen)

The configurations are the published files, typed here from them:
  deepseek-ai/DeepSeek-V3 (GitHub), inference/configs/config_671B.json:
    n_layers 61, n_heads 128, kv_lora_rank 512, qk_nope_head_dim 128,
    qk_rope_head_dim 64, v_head_dim 128, q_lora_rank 1536;
  huggingface/transformers, src/transformers/models/llama4/
  configuration_llama4.py, Llama4TextConfig's defaults (Llama 4 Scout):
    num_hidden_layers 48, num_key_value_heads 8, head_dim 128,
    no_rope_layer_interval 4, attention_chunk_size 8192, floor_scale 8192,
    attn_scale 0.1.
The KV cache per token is DeepSeek-V2's Table 1 (MHA 2 n_h d_h l, GQA
2 n_g d_h l, MLA (d_c + d_h^R) l elements), in bf16 (2 bytes): the caches
of inference/model.py's absorb path, kv_cache (kv_lora_rank) and pe_cache
(qk_rope_head_dim) per token and layer. The temperature is a NumPy port of
Llama4TextAttention.forward (modeling_llama4.py):
  attn_scales = log1p(floor((cache_position + 1) / floor_scale)) * attn_scale + 1
"""
import re
import sys

import numpy as np

V3 = dict(layers=61, heads=128, d_h=128, d_c=512, d_r=64, d_cq=1536)
SCOUT = dict(layers=48, kv_heads=8, d_h=128)


def human(b):
    """bytes as the screen writes them: three significant digits."""
    if b >= 1 << 20:
        v, u = b / (1 << 20), "MiB"
    else:
        v, u = b / 1024, "KiB"
    return "%s %s" % (("%.3g" % v), u)


def main():
    text = ""
    for f in sys.argv[1:]:
        raw = open(f, encoding="utf-8").read()
        rows = [r.strip("│ ") for r in raw.splitlines()]
        text += raw + "\n" + " ".join(r for r in rows if r) + "\n"
    bad = []

    def want(s, what):
        if s not in text:
            bad.append("%s: %r not on the screen" % (what, s))

    el = np.array([
        2 * V3["heads"] * V3["d_h"] * V3["layers"],        # MHA
        2 * 8 * V3["d_h"] * V3["layers"],                 # GQA, 8 groups
        (V3["d_c"] + V3["d_r"]) * V3["layers"],           # MLA
        2 * SCOUT["kv_heads"] * SCOUT["d_h"] * SCOUT["layers"],  # Scout
    ], dtype=np.int64)
    by = el * 2
    assert by[2] == 70272 and by[3] == 196608   # 68.6 KiB, 192 KiB
    for b, what in zip(by, ["MHA", "GQA 8", "MLA", "Scout GQA"]):
        want(human(int(b)), what)
    want("1/%.1f of MHA's" % (el[0] / el[2]), "MLA / MHA")
    want("1/%.1f of Llama 4 Scout" % (el[3] / el[2]), "MLA / Scout")
    want("%d + %d = %d dims" % (V3["d_h"], V3["d_r"], V3["d_h"] + V3["d_r"]),
         "the head split")
    want("= %d numbers" % (V3["d_c"] + V3["d_r"]), "cached a layer")
    want("%d×%d matrix" % (V3["d_cq"], V3["d_c"]), "the folded product")

    layers = "".join("■" if (i + 1) % 4 != 0 else "□"
                     for i in range(SCOUT["layers"]))
    want(layers, "iRoPE's layers")

    pos = np.array([0, 8190, 8191, 65535, 131071, 1048575], dtype=np.float64)
    scale = np.log1p(np.floor((pos + 1.0) / 8192)) * 0.1 + 1.0
    m = re.search(r"^│?p\s+((?:\d+\s+)+)", text, re.M)
    s = re.search(r"scale\s+((?:[\d.]+\s+)+)", text)
    if not m or not s:
        bad.append("the temperature table is not on the screen")
    else:
        shown_p = [float(x) for x in m.group(1).split()]
        shown_s = [float(x) for x in s.group(1).split()]
        for p, v in zip(shown_p, shown_s):
            i = int(np.where(pos == p)[0][0])
            if abs(v - scale[i]) > 5e-4 * scale[i]:
                bad.append("temperature at p %d: screen %g, NumPy %.6f" %
                           (p, v, scale[i]))
        if len(shown_s) < 5:
            bad.append("only %d temperatures shown" % len(shown_s))
    if bad:
        print("\n".join(bad))
        sys.exit(1)


main()
