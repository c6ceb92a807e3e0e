"""rope_ref.py - the inverse frequencies of a config.json, as Hugging Face
transformers computes them, ported to NumPy in float64 (transformers works
in float32): an independent reference for pescope --model FILE
--dump-series wavelengths (tests/e2e/models.sh).

Followed: src/transformers/modeling_rope_utils.py of transformers' v5
development line (the rope_parameters form; read at commit 89539b0 of a
mirror of main, late 2025): _compute_default_rope_parameters,
_compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters,
_compute_yarn_parameters (get_mscale, truncate), _compute_longrope_parameters
and _compute_llama3_parameters, and the forward pass's dynamic_rope_update
(dynamic and longrope follow the sequence's length). The config classes'
renames are applied first, as transformers' own do: GPTNeoXConfig's
rotary_pct and rotary_emb_base, GPTJ's n_embd, n_head and rotary_dim
(modeling_gptj.create_sinusoidal_positions, base 10000),
DeepseekV3Config's head_dim = qk_rope_head_dim, Qwen2VLConfig's mrope run
as default, Phi3Config's "su" and "yarn" renamed longrope
(configuration_phi3.py, convert_rope_params_to_dict, commit 008e574).

Usage: rope_ref.py CONFIG SEQ_LEN  -> one wavelength 2 pi / inv_freq a line.
"""
import json
import math
import sys

import numpy as np


def normalise(cfg):
    """The fields under the names modeling_rope_utils reads."""
    if not any(k in cfg for k in ("hidden_size", "n_embd", "head_dim")) \
            and isinstance(cfg.get("text_config"), dict):
        cfg = cfg["text_config"]
    c = dict(cfg)
    for old, new in (("n_embd", "hidden_size"),
                     ("n_head", "num_attention_heads"),
                     ("rotary_pct", "partial_rotary_factor"),
                     ("rotary_emb_base", "rope_theta"),
                     ("n_positions", "max_position_embeddings")):
        if old in c and new not in c:
            c[new] = c[old]
    rp = c.get("rope_parameters") or c.get("rope_scaling") or {}
    rp = dict(rp)
    # standardize_rope_params: rope_type from "type", theta inside
    rp["rope_type"] = rp.get("rope_type", rp.get("type", "default"))
    if rp["rope_type"] == "mrope":
        rp["rope_type"] = "default"
    if c.get("model_type") == "phi3" and rp["rope_type"] in ("su", "yarn"):
        rp["rope_type"] = "longrope"
    rp["rope_theta"] = rp.get("rope_theta") or c.get("rope_theta", 10000.0)
    return c, rp


def rotary_dim(c):
    if "qk_rope_head_dim" in c:
        return c["qk_rope_head_dim"]
    head = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    if "rotary_dim" in c:
        return c["rotary_dim"]
    return int(head * c.get("partial_rotary_factor", 1.0))


def arange_over(dim):
    return np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim


def default(c, rp, dim, seq_len):
    return 1.0 / (rp["rope_theta"] ** arange_over(dim))


def linear(c, rp, dim, seq_len):
    return default(c, rp, dim, seq_len) / rp["factor"]


def dynamic(c, rp, dim, seq_len):
    mpe = c["max_position_embeddings"]
    factor = rp["factor"]
    seq_len = max(seq_len, mpe)
    base = rp["rope_theta"] * ((factor * seq_len / mpe) - (factor - 1)) \
        ** (dim / (dim - 2))
    return 1.0 / (base ** arange_over(dim))


def yarn(c, rp, dim, seq_len):
    base = rp["rope_theta"]
    factor = rp["factor"]
    if "original_max_position_embeddings" in rp:
        ompe = rp["original_max_position_embeddings"]
        factor = c["max_position_embeddings"] / ompe
    else:
        ompe = c["max_position_embeddings"]
    beta_fast = rp.get("beta_fast") or 32
    beta_slow = rp.get("beta_slow") or 1

    def find_correction_dim(num_rotations):
        return (dim * math.log(ompe / (num_rotations * 2 * math.pi))) \
            / (2 * math.log(base))

    low = find_correction_dim(beta_fast)
    high = find_correction_dim(beta_slow)
    if rp.get("truncate", True):
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(dim // 2, dtype=np.float64) - low)
                   / (high - low), 0, 1)
    extrapolation_factor = 1 - ramp
    pos_freqs = base ** arange_over(dim)
    inv_extra = 1.0 / pos_freqs
    inv_inter = 1.0 / (factor * pos_freqs)
    return inv_inter * (1 - extrapolation_factor) \
        + inv_extra * extrapolation_factor


def longrope(c, rp, dim, seq_len):
    ompe = c.get("original_max_position_embeddings") \
        or c["max_position_embeddings"]
    ext = rp["long_factor"] if seq_len > ompe else rp["short_factor"]
    ext = np.asarray(ext, dtype=np.float64)
    return 1.0 / (ext * rp["rope_theta"] ** arange_over(dim))


def llama3(c, rp, dim, seq_len):
    inv_freq = default(c, rp, dim, seq_len)
    factor = rp["factor"]
    low = rp["low_freq_factor"]
    high = rp["high_freq_factor"]
    old = rp["original_max_position_embeddings"]
    low_wavelen, high_wavelen = old / low, old / high
    wavelen = 2 * math.pi / inv_freq
    out = np.where(wavelen > low_wavelen, inv_freq / factor, inv_freq)
    smooth = (old / wavelen - low) / (high - low)
    smoothed = (1 - smooth) * out / factor + smooth * out
    medium = ~(wavelen < high_wavelen) * ~(wavelen > low_wavelen)
    return np.where(medium, smoothed, out)


def get_mscale(scale, mscale=1.0):
    """_compute_yarn_parameters' get_mscale (v5)."""
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def yarn_attention(cfg):
    """The attention factor _compute_yarn_parameters returns (v5): the
    config's attention_factor, else get_mscale(factor, mscale) /
    get_mscale(factor, mscale_all_dim) when both are given and nonzero,
    else get_mscale(factor); factor the ratio of lengths when the scaling
    gives an original length."""
    c, rp = normalise(cfg)
    factor = rp["factor"]
    if "original_max_position_embeddings" in rp:
        factor = c["max_position_embeddings"] \
            / rp["original_max_position_embeddings"]
    if rp.get("attention_factor") is not None:
        return rp["attention_factor"]
    if rp.get("mscale") and rp.get("mscale_all_dim"):
        return get_mscale(factor, rp["mscale"]) \
            / get_mscale(factor, rp["mscale_all_dim"])
    return get_mscale(factor)


KINDS = {"default": default, "linear": linear, "dynamic": dynamic,
         "yarn": yarn, "longrope": longrope, "llama3": llama3}


def inv_freq(cfg, seq_len):
    c, rp = normalise(cfg)
    return KINDS[rp["rope_type"]](c, rp, rotary_dim(c), seq_len)


def main():
    with open(sys.argv[1]) as f:
        cfg = json.load(f)
    for w in 2 * math.pi / inv_freq(cfg, int(sys.argv[2])):
        print(repr(float(w)))


if __name__ == "__main__":
    main()
