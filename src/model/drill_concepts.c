/* drill_concepts.c - the texts of the drill's concept kinds, the questions
 * interviewers ask about positional encodings (see drill_concepts.h).
 *
 * Each kind has a row: its question, its four options (option 0 is the
 * right one; the others are the wrong answers people give, the common one
 * first where there is one, each as long and as specific as the right
 * one, whose caveats go into why) and why, in English (their Chinese is in
 * base/tr_zh.c). A NULL text is
 * written by the functions below it, with the question's numbers. The
 * claims and their sources (sine and cosine, the offset identity, is a
 * mechanics kind now: drill_text.c):
 *   - learned embeddings: the paper's Table 3, row (E);
 *   - extrapolation: Press, Smith and Lewis 2022 (ALiBi), Figure 1;
 *   - relative schemes: Shaw et al. 2018, Raffel et al. 2020 (T5, section
 *     2.1), Press et al. 2022;
 *   - RoPE and its long-term decay: Su et al. (RoFormer), sections 3.2 and
 *     3.4.3: an upper bound, a constant of q and k times B(m) (so not tight:
 *     at m = 0 it is 32.5 times the score of q = k); it shrinks over the
 *     first few hundred offsets, then plateaus (B(4096) > B(1000)), and
 *     for random q and k the mean |score| does not decay: Barbero et al.
 *     2024, "Round and Round We Go!" (arXiv 2410.06205); the values and
 *     the random mean are checked in tests/unit/test_drill_kinds.c;
 *   - PI: Chen et al. 2023; NTK-aware: bloc97 2023; YaRN: Peng et al. 2023;
 *   - bf16 (8 significant bits) and fp16 (11): IEEE 754 and bfloat16;
 *   - v unturned: Meta's llama/model.py, apply_rotary_emb(xq, xk,
 *     freqs_cis) turns q and k only, as RoFormer (Su et al. 2021, section
 *     3.2) applies R to W_q x and W_k x, not to the values; the rope
 *     view's values panel measures what a turned v would do;
 *   - the permutation: Hugging Face's
 *     models/llama/convert_llama_weights_to_hf.py, permute() ("permute for
 *     sliced rotary": w.view(n_heads, dim1 // n_heads // 2, 2,
 *     dim2).transpose(1, 2)), row 2i of a head to i, 2i+1 to i + d/2,
 *     against Meta's view_as_complex (interleaved) and Hugging Face's
 *     rotate_half; the rope view's code panel checks it bit for bit;
 *   - Llama 3.1: Hugging Face's modeling_rope_utils.py,
 *     _compute_llama3_parameters, with Llama 3.1's config (factor 8,
 *     low_freq_factor 1, high_freq_factor 4, original_max_position_
 *     embeddings 8192, rope_theta 500000, head_dim 128);
 *   - NoPE: Haviv et al. 2022, "Transformer Language Models without
 *     Positional Encodings Still Learn Positional Information"; Kazemnejad
 *     et al. 2023, "The Impact of Positional Encoding on Length
 *     Generalization in Transformers" (NoPE generalizes in length as well
 *     as or better than the encodings they tried, on their tasks);
 *   - direction: PE_p.PE_q = sum_i cos((p-q) omega_i) is even in p - q
 *     (Vaswani et al. 2017; Yan et al. 2019, "TENER", which points out
 *     that this dot product cannot tell direction), and
 *     PE_p^T W PE_q = PE_q^T W^T PE_p, so a W = W_Q^T W_K that is not
 *     symmetric tells p - q from q - p;
 *   - the frequencies' roles: Barbero et al. 2024, "Round and Round We Go!
 *     What makes Rotary Positional Encodings useful?" (arXiv 2410.06205):
 *     high frequencies build positional heads, the lowest act as semantic
 *     channels. */
#include "model/drill_concepts.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "model/drill_format.h"

#include <math.h>
#include <stdio.h>

#include "engine/pe_variants.h"

struct concept {
	enum drill_kind kind;
	const char *question;			/* tr.h */
	const char *option[DRILL_CHOICES];	/* tr.h */
	const char *why;			/* tr.h */
};

static const struct concept concepts[] = {
	{ DRILL_WHY_10000,
	  NULL,
	  { NULL,
	    N_("the longest input the model can take: 10000 tokens, past which the angles repeat"),
	    N_("the wavelength of the fastest pair: 10000 positions, so neighbours differ in every pair"),
	    N_("little: any base above d_model gives the same encoding up to a rescaling of p") },
	  NULL },
	{ DRILL_ADD_OR_CONCAT,
	  N_("The Transformer adds PE(p) to the word embedding instead of concatenating the two. Which is true?"),
	  { N_("adding keeps the width; after a linear layer, [x; PE] is W_x·x + W_p·PE anyway"),
	    N_("the sum mixes the two beyond repair: the model can no longer tell word from position"),
	    N_("concatenating would make attention depend on the offset only"),
	    N_("the paper tried both, and concatenating scored clearly worse in BLEU") },
	  N_("Any linear map of [x; PE] is W_x·x + W_p·PE, so concatenating before W_Q, W_K, W_V is a sum too; adding shares one d_model-wide space and saves width. In many dimensions, position and meaning can keep to nearly separate directions.") },
	{ DRILL_LEARNED,
	  N_("The paper also trained the model with learned position embeddings in place of the sinusoids. What did it find?"),
	  { N_("within 0.1 BLEU of the sinusoids (Table 3, row E: 25.7 against 25.8)"),
	    N_("learned embeddings were clearly better, but cost too much memory"),
	    N_("the sinusoids were clearly better, which is why the paper chose them"),
	    N_("learned embeddings would not train unless the sinusoids were added to them too") },
	  N_("Table 3, row E (learned positional embedding): perplexity 4.92 and BLEU 25.7 on the development set, against 4.92 and 25.8 for the base model. The paper hoped sinusoids extrapolate; BERT and GPT-2 later learned theirs.") },
	{ DRILL_EXTRAPOLATION,
	  NULL,
	  { NULL,
	    N_("mostly yes: sin and cos are defined for every position, so any length works as well as the trained ones"),
	    N_("no: PE is undefined past position 10000, the base, so longer inputs are cut there"),
	    N_("yes, if the layout is concatenated: it keeps the slow pairs apart") },
	  N_("Defined is not learned: past the trained length come angle combinations of the slow pairs and distances never seen. Press et al. (2022) measured a sinusoidal model's perplexity climbing soon past it; ALiBi was built to extrapolate.") },
	{ DRILL_RELATIVE,
	  N_("Shaw et al. (2018), T5 and ALiBi make attention depend on how far apart two tokens are. Where does that distance go?"),
	  { N_("into each layer's attention scores: a learned vector or bias per offset, or -m·|p-q|"),
	    N_("into the input, once: a vector for each offset is added to the word embeddings"),
	    N_("into the softmax temperature of each pair of tokens, which grows with their distance"),
	    N_("each token renumbers the input from itself, then sinusoidal PE is added as usual") },
	  N_("A distance belongs to a pair of tokens, so it goes where pairs meet, the score: Shaw adds a learned vector per clipped offset to the key, T5 a learned number per bucket and head, ALiBi -m·|p-q| with slopes 2^(-8h/H).") },
	{ DRILL_ROPE,
	  N_("How does RoPE (rotary position embedding) bring in positions, compared with the paper's sinusoidal PE?"),
	  { N_("it rotates each pair of q and k by position·θ_i in every layer; nothing is added"),
	    N_("it adds the same sinusoids to the input, only with another base and in every layer"),
	    N_("it rotates the word embeddings once, before the first layer, by position·θ_i"),
	    N_("it multiplies every attention score by cos(p-q), so far tokens get smaller weights") },
	  N_("With R_m turning pair i by m·θ_i, (R_m q)·(R_n k) = qᵀR_(n-m)k: only the offset is left, whatever W_Q and W_K are, as the rotation comes after them. θ_i = base^(-2i/d) are the paper's frequencies, d the head's width.") },
	{ DRILL_DECAY,
	  N_("RoFormer says RoPE has long-term decay. For a head of dimension d = 128, what decays as the offset m between query and key grows?"),
	  { N_("an upper bound on |score| (q and k set its scale): it shrinks, then plateaus"),
	    N_("every attention weight, at every offset: a farther token always gets less"),
	    N_("the vectors themselves: q and k get shorter as they are rotated further"),
	    N_("the mean score over random q and k: it falls towards 0 as the offset m grows") },
	  N_("RoFormer bounds |score| by a constant set by q and k times Σ_j |S_j|, S_j = Σ_(l<j) e^(i·m·θ_l); (1/64)·Σ_j |S_j| is 32.5 at m = 0, 10.2 at 100, then plateaus (4.47 at 1000, 4.88 at 4096). For random q, k the mean |score| does not decay (Barbero et al. 2024).") },
	{ DRILL_PROJECTIONS,
	  N_("With PE added to the input, a layer scores positions p and q by (x_p+PE_p)ᵀW_QᵀW_K(x_q+PE_q). Is that a function of p - q alone?"),
	  { N_("no: it has word-position cross terms, and W_QᵀW_K breaks even PE_p·PE_q"),
	    N_("yes: PE_p·PE_q depends only on p - q, and the cross terms average out over words"),
	    N_("yes, as long as the layout is interleaved"),
	    N_("yes, once d_model is large enough for the cross terms to cancel out in the sum") },
	  N_("With W = W_QᵀW_K the score is x_pᵀW·x_q + x_pᵀW·PE_q + PE_pᵀW·x_q + PE_pᵀW·PE_q: the cross terms see p and q on their own, and the last is relative only if W commutes with the pair rotations. RoPE rotates after W.") },
	{ DRILL_LOW_PRECISION,
	  NULL,
	  { NULL,
	    N_("65504: a 16-bit float holds every whole number up to its largest finite value"),
	    N_("no limit: the sinusoids are computed in float32 afterwards"),
	    N_("32767: the cast keeps position ids exact up to the largest 16-bit integer") },
	  NULL },
	{ DRILL_V_UNROTATED,
	  N_("RoPE turns q and k by their positions before q·k. Why does it leave the value vector v unturned?"),
	  { N_("the weights depend on p - q only; a turned v would put absolute positions in the output"),
	    N_("a turned v would change its length, and the softmax weights would then no longer sum to 1"),
	    N_("it does not: most models turn v too, by the same angles, and the output stays relative"),
	    N_("turning v would need a second sin/cos table per layer, doubling the memory of the KV cache") },
	  N_("Moving a sentence leaves every q·k, so every weight, as it was; v carries the content. Turned by its own position, each value would bring that position into the output, and nothing later undoes it: below, v turned moves, v unturned does not. Meta's llama turns q and k only.") },
	{ DRILL_PERMUTATION,
	  N_("Meta's llama turns the pairs (2i, 2i+1); Hugging Face's rotate_half turns (i, i+d/2). What makes a converted checkpoint score the same?"),
	  { N_("convert_llama_weights_to_hf.py permutes the rows of W_Q and W_K in each head"),
	    N_("nothing: both forms are rotations and give the same q·k for any weights"),
	    N_("the converter reorders the frequencies θ_i so each pair keeps its angle"),
	    N_("the converter permutes W_V and W_O instead, so the outputs line up again") },
	  N_("Its permute() moves row 2i of each head of W_Q and W_K to row i, and row 2i+1 to i+d/2, so rotate_half turns the pairs view_as_complex turns: below, both scores are the same doubles, bit for bit. With the rows left as they are, rotate_half scores another function.") },
	{ DRILL_LLAMA3,
	  NULL,
	  { N_("it keeps the pairs with λ < L0/4, divides ω by s where λ > L0, and blends in between"),
	    N_("it divides ω by s where λ < L0/4, keeps those with λ > L0, and blends in between"),
	    N_("it divides every pair's ω by s, as position interpolation does, then fine-tunes"),
	    N_("it raises the base to base·s^(d/(d-2)) for every pair, as NTK-aware scaling does") },
	  NULL },
	{ DRILL_NOPE,
	  N_("A decoder-only Transformer is trained with no positional encoding at all (NoPE). Can it still tell where its tokens stand?"),
	  { N_("yes: under a causal mask token p sees p+1 tokens, and that leaks the order"),
	    N_("no: without an encoding, attention is just a bag of words whatever mask it uses"),
	    N_("only through learned token embeddings, which come to hold each token's index"),
	    N_("yes, but only in an encoder, where each token sees all the others at once") },
	  N_("Without PE or a mask, a head's outputs only move when the words move: a bag of words. A causal mask gives token p the p+1 tokens up to it, so a shuffle changes the outputs (below). Haviv et al. 2022 found NoPE decoders learn positions; Kazemnejad et al. 2023 found NoPE generalizes in length well.") },
	{ DRILL_DIRECTION,
	  N_("PE(p)·PE(q) = Σ cos((p-q)·ω_i) is the same for p - q = k and -k. Can a layer's scores still tell a key before the query from one after it?"),
	  { N_("yes: W_QᵀW_K sits in between, and PE_pᵀW_QᵀW_K·PE_q is no longer even in p - q"),
	    N_("no: each score is a sum of cosines of p - q, so it stays even in the offset"),
	    N_("only through the word vectors: position terms stay even whatever W_Q, W_K are"),
	    N_("only in the concatenated layout, where the sines and cosines sit in separate halves") },
	  N_("With W = W_QᵀW_K, PE_pᵀW·PE_q = PE_qᵀWᵀ·PE_p: swapping p and q swaps W for Wᵀ, and learned W_Q, W_K give no symmetric W. Below, with random W, the added PE and RoPE maps are not symmetric about their diagonals: s(p, q) ≠ s(q, p). A symmetric W, such as I, is blind to direction.") },
	{ DRILL_FREQ_ROLES,
	  NULL,
	  { N_("fast pairs: sharp positional heads; slow pairs: nearly position-free content"),
	    N_("fast pairs: content, since they average out; slow pairs: the positions far apart"),
	    N_("both alike: every pair carries position and content in just the same proportion"),
	    N_("fast pairs: little, as they mostly alias and get pruned; slow pairs carry the positions") },
	  NULL },
	{ DRILL_CONTEXT_METHODS,
	  NULL,
	  { N_("it works fairly well without fine-tuning: the fast pairs stay as trained"),
	    N_("it divides every position by s, so the angles mostly stay among those seen in training"),
	    N_("it keeps q·k a function of the offset, which PI breaks"),
	    N_("it changes nothing: RoPE already reads any length as well as the trained one") },
	  NULL },
};

/* l as an index of the texts: English for a value that is no language. */
static const struct concept *concept_of(enum drill_kind kind)
{
	for (size_t i = 0; i < sizeof concepts / sizeof concepts[0]; i++)
		if (concepts[i].kind == kind)
			return &concepts[i];
	return NULL;
}

/* ---- the texts written with the question's numbers ---- */

/* What a precision question's format is: its name, significant bits and
 * the largest integer up to which it holds every integer (2^bits). */
struct format {
	const char *name;
	int bits;
	int exact;
};

static struct format format_of(const struct drill_question *q)
{
	return q->fp16 ? (struct format){ "fp16", 11, 2048 }
		       : (struct format){ "bf16", 8, 256 };
}

static void numbered_question(const struct drill_question *q, enum lang l,
			      char *buf, size_t n)
{
	char b[32];

	drill_base_text(q->pe.base, b, sizeof b);
	switch (q->kind) {
	case DRILL_WHY_10000:
		snprintf(buf, n, tr(l, "The paper's base is 10000. With d_model = %d and sequences of up to %lld tokens, what does that choice set?"),
			 q->pe.d_model, q->train_len);
		break;
	case DRILL_EXTRAPOLATION:
		snprintf(buf, n, tr(l, "A model with sinusoidal PE was trained on sequences of up to %lld tokens. Does it read sequences several times longer well?"),
			 q->train_len);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, tr(l, "A model casts its position ids to %s before computing the sinusoids. Up to which position are all positions still told apart?"),
			 format_of(q).name);
		break;
	case DRILL_CONTEXT_METHODS:
		snprintf(buf, n, tr(l, "A RoPE model trained on %lld tokens must read %lld (s = %g). Why did NTK-aware scaling catch on in 2023, beside position interpolation (PI)?"),
			 q->train_len, q->len, q->scale);
		break;
	case DRILL_LLAMA3:
		snprintf(buf, n, tr(l, "Llama 3.1 stretches RoPE heads trained on L0 = %lld tokens by s = %g. Which pairs does its scaling change, and how?"),
			 q->train_len, q->scale);
		break;
	case DRILL_FREQ_ROLES:
		snprintf(buf, n, tr(l, "A RoPE head of d = %d at base %s reads %lld tokens. What are its fastest and its slowest pairs good for?"),
			 q->pe.d_model, b, q->len);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

static void numbered_right(const struct drill_question *q, enum lang l,
			   char *buf, size_t n)
{
	char w[32];
	struct format f = format_of(q);

	switch (q->kind) {
	case DRILL_WHY_10000:
		drill_num_text(drill_longest(q->pe.d_model, q->pe.base), w,
			       sizeof w);
		snprintf(buf, n, tr(l, "the longest wavelength: ≈ %s positions here, far beyond %lld"),
			 w, q->train_len);
		break;
	case DRILL_EXTRAPOLATION:
		snprintf(buf, n, tr(l, "usually not: positions past %lld were never seen in training"),
			 q->train_len);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, tr(l, "%d: above that %s skips integers (%d rounds to %d)"),
			 f.exact, f.name, f.exact + 1, f.exact);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* Llama 3.1's why: the rule, and the pairs it keeps and divides at the
 * question's d and base (counted from lambda_i = 2 pi base^(2i/d)). */
static void llama3_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	int h = q->pe.d_model / 2, kept = 0, divided = h;
	double keep_below = (double)q->train_len / PE_LLAMA3_HIGH;
	double divide_above = (double)q->train_len / PE_LLAMA3_LOW;
	char b[32];

	for (int i = 0; i < h; i++) {
		double w = pe_wavelength(&q->pe, i);

		kept += w < keep_below;
		if (divided == h && w > divide_above)
			divided = i;
	}
	drill_base_text(q->pe.base, b, sizeof b);
	snprintf(buf, n, tr(l, "Hugging Face's _compute_llama3_parameters: λ < L0/4 = %.0f kept, λ > L0 = %lld divided by s, between (1-g)·ω/s + g·ω, g = (L0/λ - 1)/3. At d = %d, base %s: pairs 0-%d kept, ω/s from pair %d. So Llama 3.1's λ_0 stays 6.28 and λ_%d grows %g times: its row of the table."),
		 keep_below, q->train_len, q->pe.d_model, b, kept - 1, divided,
		 h - 1, q->scale);
}

static void numbered_why(const struct drill_question *q, enum lang l,
			 char *buf, size_t n)
{
	char w[32], r[32], w100[32], nb[32];
	struct format f = format_of(q);
	double d = q->pe.d_model, top = drill_longest(q->pe.d_model, q->pe.base);

	switch (q->kind) {
	case DRILL_WHY_10000:
		drill_num_text(top, w, sizeof w);
		fmt_double_compact(top / (double)q->train_len, 3, r, sizeof r);
		drill_num_text(drill_longest(q->pe.d_model, 100.0), w100,
			       sizeof w100);
		snprintf(buf, n, tr(l, "λ runs from 2π to 2π·base^((d-2)/d) ≈ %s here, %s times the sequence (%lld tokens): the slowest pairs turn less than once over it (base 100 would stop at %s). Nothing ends at position 10000; long-context RoPE models raise the base."),
			 w, r, q->train_len, w100);
		break;
	case DRILL_LOW_PRECISION:
		snprintf(buf, n, tr(l, "%s keeps %d significant bits: whole numbers are exact up to 2^%d = %d, then 2 apart, then 4 and more. bf16 holds integers to 256, fp16 to 2048 (and ends at 65504). Keep ids as integers; form angles in float32 or wider."),
			 f.name, f.bits, f.bits, f.exact);
		break;
	case DRILL_CONTEXT_METHODS:
		drill_num_text(q->pe.base * pow(q->scale, d / (d - 2.0)), nb,
			       sizeof nb);
		snprintf(buf, n, tr(l, "PI uses p/s: every wavelength grows s times, neighbours crowd, and it is meant to be fine-tuned. NTK-aware uses base·s^(d/(d-2)) = %s: pair 0 stays, the slowest pair grows s times. YaRN stretches mainly the slow pairs, adds a temperature, and needs less fine-tuning than PI."),
			 nb);
		break;
	case DRILL_LLAMA3:
		llama3_why(q, l, buf, n);
		break;
	case DRILL_FREQ_ROLES:
		drill_num_text(top, w, sizeof w);
		fmt_double_compact(top / (double)q->len, 3, r, sizeof r);
		snprintf(buf, n, tr(l, "Pair 0 turns every 6.28 tokens; the slowest pair's λ ≈ %s is %s times the %lld tokens, so its share of the score barely moves with the offset (below: the slow curve is nearly flat). Fast pairs can build previous-token and diagonal heads, slow ones act as semantic channels (Barbero et al. 2024)."),
			 w, r, q->len);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* ---- the interface ---- */

void drill_concept_question(const struct drill_question *q, enum lang l,
			    char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (c && c->question)
		snprintf(buf, n, "%s", tr(l, c->question));
	else if (c)
		numbered_question(q, l, buf, n);
}

void drill_concept_option(const struct drill_question *q, enum lang l,
			  int opt, char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (!c || opt < 0 || opt >= DRILL_CHOICES)
		return;
	if (c->option[opt])
		snprintf(buf, n, "%s", tr(l, c->option[opt]));
	else
		numbered_right(q, l, buf, n);
}

void drill_concept_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	const struct concept *c = concept_of(q->kind);

	buf[0] = '\0';
	if (c && c->why)
		snprintf(buf, n, "%s", tr(l, c->why));
	else if (c)
		numbered_why(q, l, buf, n);
}
