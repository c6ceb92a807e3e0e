/* view_bugs_zoo.c - the bugs view's entries (see view_bugs_zoo.h). The
 * implementations are checked against their sources: tensor2tensor's
 * get_timing_signal_1d (tensor2tensor/layers/common_attention.py) and
 * fairseq's SinusoidalPositionalEmbedding.get_embedding
 * (fairseq/modules/sinusoidal_positional_embedding.py) both take
 * log(max_timescale) / max(d/2 - 1, 1) as the step of the exponent and
 * concatenate sin and cos; fairseq's make_positions numbers tokens from
 * padding_idx + 1. The seeds' function and the PyTorch tutorial write the
 * paper's frequencies as exp(2i * -log(10000) / d). */
#include "views/view_bugs_zoo.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/tr.h"
#include "base/utf8.h"

static const struct zoo_entry entries[ZOO_ENTRIES] = {
	[PE_BUG_NUMPY] = {
		"numpy", ZOO_ENCODING, PE_BUG_NUMPY, N_("Implementation"),
		N_("the paper, as NumPy code writes it"),
		N_("As NumPy computes it"),
		"PE(p,2i) = sin(p·ω_i), PE(p,2i+1) = cos(p·ω_i), "
		"ω_i = exp(2i·(−ln base)/d) = base^(−2i/d)",
		"PE(p,2i) = sin(p*w_i), PE(p,2i+1) = cos(p*w_i), "
		"w_i = exp(2i*(-ln base)/d) = base^(-2i/d)",
		"pe[:, 0::2] = np.sin(pos * np.exp(2*i * -np.log(base) / d))",
		N_("The paper's formula as most NumPy code and the PyTorch "
		   "tutorial write it: w_i through exp and log rather than a "
		   "power, which changes only its last bits, so the differences "
		   "below are rounding. The tutorial computes in float32: the "
		   "float32 entry shows what that adds."),
	},
	[PE_BUG_T2T] = {
		"tensor2tensor", ZOO_ENCODING, PE_BUG_T2T, N_("Implementation"),
		N_("tensor2tensor and fairseq"),
		N_("As tensor2tensor computes it"),
		"PE(p,i) = sin(p·ω_i), PE(p,d/2+i) = cos(p·ω_i), "
		"ω_i = base^(−i/(d/2−1))",
		"PE(p,i) = sin(p*w_i), PE(p,d/2+i) = cos(p*w_i), "
		"w_i = base^(-i/(d/2-1))",
		"concat([sin(pos*w), cos(pos*w)]), w = exp(-log(base) * i/(d//2-1))",
		N_("Both put all sines first, then all cosines, so most values "
		   "sit in other dimensions than the paper's (the value "
		   "difference below), and they space the frequencies by "
		   "i/(d/2-1) rather than 2i/d, so the last pair turns at 1/base "
		   "and the dot products differ too (the similarity difference). "
		   "Both compute in float32; fairseq also numbers positions from "
		   "padding_idx+1, 2 by default."),
	},
	[PE_BUG_DIM_2J] = {
		"dim-2j", ZOO_ENCODING, PE_BUG_DIM_2J, N_("Mistake"),
		N_("2j/d with j the dim index, not 2i/d"),
		N_("With the mistake"),
		"PE(p,2i) = sin(p·base^(−4i/d)), "
		"PE(p,2i+1) = cos(p·base^(−(4i+2)/d))",
		"PE(p,2i) = sin(p*base^(-4i/d)), "
		"PE(p,2i+1) = cos(p*base^(-(4i+2)/d))",
		"pe[:, j], pe[:, j+1] = sin(pos / 1e4**(2*j/d)), "
		"cos(pos / 1e4**(2*(j+1)/d))",
		N_("A loop over even j that writes 2j for the exponent's 2i: the "
		   "exponent runs to nearly 2, so the frequencies fall to "
		   "base^(-2) instead of about 1/base, and every dimension of the "
		   "lower half turns slower than the slowest correct pair. Each "
		   "cosine also turns slower than its sine: a pair is no longer a "
		   "rotation."),
	},
	[PE_BUG_DIM_EXPONENT] = {
		"dim-exponent", ZOO_ENCODING, PE_BUG_DIM_EXPONENT, N_("Mistake"),
		N_("dim index j instead of 2i in the exponent"),
		N_("With the mistake"),
		"PE(p,2i) = sin(p·base^(−2i/d)), "
		"PE(p,2i+1) = cos(p·base^(−(2i+1)/d))",
		"PE(p,2i) = sin(p*base^(-2i/d)), "
		"PE(p,2i+1) = cos(p*base^(-(2i+1)/d))",
		"pe[:, j] = f(pos / 10000 ** (j / d))",
		N_("The cosine of pair i turns at base^(-(2i+1)/d), slower than "
		   "its sine: the pair is no longer a rotation, so PE(p).PE(q) "
		   "depends on p, not only on q-p."),
	},
	[PE_BUG_HALF_EXPONENT] = {
		"half-exponent", ZOO_ENCODING, PE_BUG_HALF_EXPONENT,
		N_("Mistake"), N_("i/d instead of 2i/d in the exponent"),
		N_("With the mistake"),
		"ω_i = base^(−i/d), ω_{d/2−1} = √(base^(−(d−2)/d))",
		"w_i = base^(-i/d), w_{d/2-1} = sqrt(base^(-(d-2)/d))",
		"w = 1 / 10000 ** (i / d)",
		N_("The frequencies stop near base^(-1/2), the root of the "
		   "correct slowest: every wavelength is under 2*pi*sqrt(base) "
		   "(628 at base 1e4). Similarity falls faster, and past that "
		   "length far positions alias."),
	},
	[PE_BUG_COS_NEXT_PAIR] = {
		"cos-next-pair", ZOO_ENCODING, PE_BUG_COS_NEXT_PAIR,
		N_("Mistake"), N_("the cosine uses pair i+1's frequency"),
		N_("With the mistake"),
		"PE(p,2i) = sin(p·ω_i), PE(p,2i+1) = cos(p·ω_{i+1})",
		"PE(p,2i) = sin(p*w_i), PE(p,2i+1) = cos(p*w_{i+1})",
		"pe[:, 2*i+1] = np.cos(pos / 10000 ** (2*(i+1) / d))",
		N_("Sine and cosine of a pair turn at different speeds: the pair "
		   "stops being a rotation, and similarity depends on where you "
		   "are, not only on the offset."),
	},
	[PE_BUG_MULTIPLY] = {
		"multiply", ZOO_ENCODING, PE_BUG_MULTIPLY, N_("Mistake"),
		N_("position times base^(2i/d), not divided"),
		N_("With the mistake"),
		"PE(p,2i) = sin(p·base^(2i/d)), PE(p,2i+1) = cos(p·base^(2i/d))",
		"PE(p,2i) = sin(p*base^(2i/d)), PE(p,2i+1) = cos(p*base^(2i/d))",
		"pe[:, 0::2] = np.sin(pos * 10000 ** (2 * i / d))",
		N_("Every pair but pair 0 turns faster than a radian per token, "
		   "most by far: those dimensions jump between neighbours like "
		   "noise, and similarity no longer decays smoothly."),
	},
	[PE_BUG_SWAPPED] = {
		"swapped", ZOO_ENCODING, PE_BUG_SWAPPED, N_("Mistake"),
		N_("sin and cos swapped"),
		N_("With the mistake"),
		"PE(p,2i) = cos(p·ω_i), PE(p,2i+1) = sin(p·ω_i)",
		"PE(p,2i) = cos(p*w_i), PE(p,2i+1) = sin(p*w_i)",
		"pe[:, 0::2], pe[:, 1::2] = np.cos(pos*w), np.sin(pos*w)",
		N_("Harmless when training from scratch: each pair still holds "
		   "sin and cos of one angle, so every dot product is unchanged. "
		   "Only values differ: pretrained weights break."),
	},
	[PE_BUG_BF16] = {
		"bfloat16", ZOO_PRECISION, PE_BUG_BF16, N_("Precision"),
		N_("positions and angles in bf16"),
		N_("With the mistake"),
		"x_i = bf16(bf16(p)·bf16(ω_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x_i = bf16(bf16(p)*bf16(w_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x = pos.to(bf16) * w.to(bf16)",
		N_("bf16 keeps 8 significant bits. Whole numbers are exact only "
		   "up to 256: from 257 on, neighbouring positions are stored as "
		   "one number (257 as 256) and get one encoding; the marks above "
		   "the heatmap show the columns that hold such positions. The "
		   "angles are off even before that, by up to half a step of the "
		   "product: the numbers below say how far."),
	},
	[PE_BUG_FP16] = {
		"float16", ZOO_PRECISION, PE_BUG_FP16, N_("Precision"),
		N_("positions and angles in fp16"),
		N_("With the mistake"),
		"x_i = fp16(fp16(p)·fp16(ω_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x_i = fp16(fp16(p)*fp16(w_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x = pos.to(fp16) * w.to(fp16)",
		N_("fp16 keeps 11 significant bits: from 2049 on neighbouring "
		   "positions collide (2049 is stored as 2048; the marks above "
		   "the heatmap show those columns), and its largest number is "
		   "65504: from 65520 on every position is infinite, its sine "
		   "and cosine are not numbers, and the heatmap is blank there."),
	},
	[PE_BUG_FLOAT32] = {
		"float32", ZOO_PRECISION, PE_BUG_FLOAT32, N_("Precision"),
		N_("positions and angles in float32"),
		N_("With the mistake"),
		"x_i = fp32(fp32(p)·fp32(ω_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x_i = fp32(fp32(p)*fp32(w_i)), PE(p,2i) = sin(x_i), "
		"PE(p,2i+1) = cos(x_i)",
		"x = np.float32(pos) * np.float32(w)",
		N_("float32 keeps 24 significant bits: positions collide only "
		   "from 16777217 on, and below that the angle drifts by about "
		   "p*w*2^-24, some 0.005 rad near p = 1e5. That is far below a "
		   "colour step: there the two heatmaps look the same, and only "
		   "the numbers below differ."),
	},
	[PE_BUG_COUNT] = {
		"rope-mismatch", ZOO_ROPE, PE_BUG_NONE, N_("Attention"),
		N_("RoPE weights made for one pairing, run with the other"),
		N_("With the mistake"),
		"R(p·θ_i)·(q_2i, q_2i+1) → R(p·θ_i)·(q_i, q_i+d/2), "
		"θ_i = base^(−2i/d)",
		"R(p*th_i)*(q_2i, q_2i+1) -> R(p*th_i)*(q_i, q_i+d/2), "
		"th_i = base^(-2i/d)",
		NULL,
		/* Meta's llama/model.py, apply_rotary_emb:
		 * torch.view_as_complex(xq.float().reshape(*xq.shape[:-1],
		 * -1, 2)); Hugging Face's modeling_llama.py rotate_half:
		 * torch.cat((-x2, x1), dim=-1); its
		 * convert_llama_weights_to_hf.py, permute ("permute for sliced
		 * rotary"): w.view(n_heads, dim1 // n_heads // 2, 2,
		 * dim2).transpose(1, 2).reshape(dim1, dim2). */
		N_("Interleaved code (RoFormer, GPT-J, Meta's reference Llama "
		   "model.py with view_as_complex) turns dims 2i and 2i+1 "
		   "together; rotate_half code (GPT-NeoX, Hugging Face's Llama) "
		   "turns dims i and i+d/2. Hugging Face's "
		   "convert_llama_weights_to_hf.py permutes each head's rows of "
		   "W_Q and W_K (\"permute for sliced rotary\": row 2i to i, row "
		   "2i+1 to i+d/2) so that both give the same scores. Weights "
		   "loaded into the other pairing unpermuted give each component a "
		   "wrong partner: the score still depends on q-p alone (the "
		   "spreads below are rounding), but it is another function of "
		   "it."),
	},
};

const struct zoo_entry *zoo_entry(int i)
{
	return &entries[i >= 0 && i < ZOO_ENTRIES ? i : 0];
}

const struct zoo_entry *zoo_shown(const struct state *s)
{
	return zoo_entry((int)state_view_knob(s, 0));
}

enum pe_bug zoo_bug(const struct state *s)
{
	return zoo_shown(s)->bug;
}

size_t zoo_append(char *text, size_t n, size_t len, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (len + 1 >= n)
		return len;
	va_start(ap, fmt);
	k = vsnprintf(text + len, n - len, fmt, ap);
	va_end(ap);
	if (k < 0)
		return len;
	k = len + (size_t)k < n ? k : (int)(n - 1 - len);
	/* Chinese sentences follow one another without a space. */
	if (k > 0 && text[len] == ' ' && len > 0) {
		uint32_t cp;
		size_t at = utf8_prev(text, len);

		if (utf8_decode(text + at, len - at, &cp) > 0 &&
		    utf8_cp_width(cp) == 2) {
			memmove(text + len, text + len + 1, (size_t)k);
			k--;
		}
	}
	return len + (size_t)k;
}
