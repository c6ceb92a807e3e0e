/* drill_kinds.c - every kind of drill question, one row each (see
 * drill_kinds.h): its maker, which draws the question's numbers, and its
 * texts, in English (their Chinese is in base/tr_zh.c).
 *
 * A kind's place in each seed's deck comes from its name (drill.c), not
 * from its row. Options: option 0 is the right one; the others
 * are the wrong answers people give, the common one first where there is
 * one, alike in length, detail and tone, so that no test-wise strategy
 * finds the right one (tests/unit/test_drill_fair.c plays them); the
 * right one's caveats go into why. Where a text quotes the question's
 * numbers, its field is NULL and the row's `write` writes it.
 *
 * The claims and their sources:
 *   - the mechanics: the formula (Vaswani et al. 2017, section 3.5),
 *     worked out with the engine (pe.h); the offset identity, "for any
 *     fixed offset k, PE_pos+k can be represented as a linear function of
 *     PE_pos" (section 3.5);
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
 *   - T5's bucket: transformers' T5Attention._relative_position_bucket
 *     (bias_t5_bucket, ported in tests/e2e/families_ref.py); ALiBi's
 *     slopes: the paper's get_slopes (attn_alibi_slope); what each
 *     scheme learns: Shaw et al. 2018 (a_K, a_V per clipped offset),
 *     Raffel et al. 2020 section 2.1 (a scalar per bucket and head), Chi
 *     et al. 2022 (r1, r2 per head), Press et al. 2022 (fixed slopes);
 *   - M-RoPE: transformers' Qwen2-VL apply_multimodal_rotary_pos_emb,
 *     mrope_section [16, 24, 24] (engine/rope2d.h);
 *   - MLA: DeepSeek-V2 (arXiv 2405.04434) section 2.1, the absorbed
 *     W_UK and the decoupled RoPE key; the widths of DeepSeek-V3's
 *     config_671B.json (engine/mla.h);
 *   - shipped models (which scaling, how many dims turn, what a larger
 *     base buys, the trained length): the table of models (presets.h),
 *     read as --model FILE reads each row's config.json, so every number
 *     a question quotes is the table's, never typed here;
 *   - the frequencies' roles: Barbero et al. 2024, "Round and Round We Go!
 *     What makes Rotary Positional Encodings useful?" (arXiv 2410.06205):
 *     high frequencies build positional heads, the lowest act as semantic
 *     channels.
 * Each sentence's Chinese is written for Chinese readers, not translated
 * word for word, with the words of assets/glossary.txt; formulas and
 * numbers are the same in both. */
#include "model/drill_kinds.h"
#include "base/fmt.h"
#include "base/tr.h"
#include "model/drill_format.h"
#include "model/drill_make.h"

#include <math.h>
#include <stdio.h>

#include "engine/attention.h"
#include "engine/bias.h"
#include "engine/mla.h"
#include "engine/pe_analysis.h"
#include "engine/pe_variants.h"
#include "engine/rope2d.h"
#include "engine/rope_model.h"
#include "model/presets.h"

/* The values makers draw from: widths and bases people meet, context
 * lengths and extension factors. The last-pair question takes small
 * widths, where 2*pi*base is far off. */
static const int small_widths[] = { 32, 64, 128 };
static const int cycle_widths[] = { 64, 128, 256, 512 };
static const int model_widths[] = { 128, 256, 512, 1024 };
static const int head_widths[] = { 64, 128, 256 };
static const double large_bases[] = { 1e4, 5e5, 1e6 };
static const double scales[] = { 2, 4, 8, 16, 32 };
static const double small_scales[] = { 2, 4, 8 };
static const long long lens[] = { 128, 512, 1000, 2048, 4096, 8192 };
static const long long long_lens[] = { 1024, 2048, 4096, 8192 };
static const long long trained_lens[] = { 512, 1024, 2048 };
static const long long rope_lens[] = { 2048, 4096 };

/* The panels and choices of views the reveals set, by their index in the
 * view (test_drill_kinds.c checks the names). The attention view
 * (view_attention.c): */
enum {
	ATT_WEIGHTS_RANDOM = 1,		/* "weights": identity, random */
	ATT_HEAD_ADDED = 2,		/* "head": nope, causal, added, */
	ATT_HEAD_ROPE = 3,		/*   rope, alibi */
	ATT_HEAD_ALIBI = 4,
	ATT_CONTENT_SAME = 0,		/* "content": same, tokens */
	ATT_HEAD_CAUSAL = 1,
	ATT_PANEL_SCORES = 0,		/* its panels: scores, decay, order */
	ATT_PANEL_DECAY = 1,
	ATT_PANEL_ORDER = 2
};

/* The rope view (view_rope.c). The design and rotary knobs go back to the
 * four panels and a head turned whole, whatever the user left them at. */
enum {
	ROPE_PANEL_CODE = 1,	/* pairs, code, values, frequencies */
	ROPE_PANEL_VALUES = 2,
	ROPE_PANEL_FREQS = 3,
	ROPE_ROTARY_ALL = 0,	/* "rotary": all, 1/2, 1/4, 1/8 */
	ROPE_DESIGN_OFF = 0	/* "design": off, integer, unit, binary */
};

/* The context view (view_context.c: table, stretch, similarity,
 * formulas): its table, whose Llama 3.1 row a short screen would
 * otherwise leave under "+N more". */
enum { CTX_PANEL_TABLE = 0 };

/* ---- makers shared by several kinds ---- */

/* The slowest pair selected, one whole turn of it in the window. */
static void show_last_pair(struct drill_question *q)
{
	q->pair = q->pe.d_model / 2 - 1;
	q->len = (long long)ceil(pe_wavelength(&q->pe, q->pair) * 1.25);
}

/* A position to select, anywhere but 0. */
static void make_position(struct drill_question *q, struct rng *r)
{
	q->pos = drill_rng_range(r, 1, q->len - 1);
	drill_set_choice(q, r);
}

/* One 128-wide head at base 10000 in the rope view, panel `panel` over
 * the body. */
static void show_rope(struct drill_question *q, int panel)
{
	q->pe.d_model = 128;
	q->pe.base = 1e4;
	q->panel = panel;
	drill_set_knob(q, 0, "design", ROPE_DESIGN_OFF);
	drill_set_knob(q, 1, "rotary", ROPE_ROTARY_ALL);
}

/* The texts' numbers: the base as people write it. */
#define BASE_TEXT(q, b) drill_base_text((q)->pe.base, (b), sizeof(b))

/* ---- the longest wavelength ---- */

static void make_last_wavelength(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = DRILL_PICK(r, small_widths);
	q->pe.base = DRILL_PICK(r, large_bases);
	show_last_pair(q);
	drill_set_choice(q, r);
}

/* Its options are numbers: the right formula and three that people write
 * instead. */
static void last_wavelength_option(const struct drill_question *q,
				   enum lang l, int opt, char *buf, size_t n)
{
	char x[32];
	int d = q->pe.d_model;
	double b = q->pe.base;

	switch (opt) {
	case 0:
		drill_num_text(drill_longest(d, b), x, sizeof x);
		snprintf(buf, n, tr(l, "2π·base^((d-2)/d) ≈ %s positions"), x);
		break;
	case 1:
		drill_num_text(PE_TWO_PI * b, x, sizeof x);
		snprintf(buf, n, tr(l, "2π·base ≈ %s positions, whatever d is"), x);
		break;
	case 2:
		drill_base_text(b, x, sizeof x);
		snprintf(buf, n, tr(l, "base = %s positions"),
			 x);
		break;
	default:
		drill_num_text(PE_TWO_PI * pow(b, 2.0 / d), x, sizeof x);
		snprintf(buf, n, tr(l, "2π·base^(2/d) ≈ %s positions"), x);
		break;
	}
}

static void last_wavelength_text(const struct drill_question *q, enum lang l,
				 enum drill_part part, int opt, char *buf,
				 size_t n)
{
	char a[32], x[32], b[32];
	int d = q->pe.d_model;
	double top = PE_TWO_PI * q->pe.base, last = drill_longest(d, q->pe.base);

	switch (part) {
	case DRILL_PART_QUESTION:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the longest wavelength, that of the last pair (i = %d)?"),
			 d, BASE_TEXT(q, b), d / 2 - 1);
		break;
	case DRILL_PART_OPTION:
		last_wavelength_option(q, l, opt, buf, n);
		break;
	default:
		drill_num_text(last, a, sizeof a);
		drill_num_text(top, x, sizeof x);
		snprintf(buf, n, tr(l, "λ_i = 2π·base^(2i/d); the last pair has 2i/d = %d/%d, so λ ≈ %s, %.0f%% of 2π·base = %s. Only wide encodings come close (96%% at d = 512, base 10000)."),
			 d - 2, d, a, 100.0 * last / top, x);
		break;
	}
}

/* ---- the first pair's wavelength ---- */

static void make_first_wavelength(struct drill_question *q, struct rng *r)
{
	(void)r;
	q->pair = 0;
	q->len = 64;
	drill_set_number(q, pe_wavelength(&q->pe, 0), 0.01, true);
}

static void first_wavelength_text(const struct drill_question *q,
				  enum lang l, enum drill_part part, int opt,
				  char *buf, size_t n)
{
	char b[32];

	(void)part;	/* the question: its why is fixed */
	(void)opt;
	snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the wavelength of the first pair (i = 0), in positions?"),
		 q->pe.d_model, BASE_TEXT(q, b));
}

/* ---- the pairs that finish a turn ---- */

static void make_cycles(struct drill_question *q, struct rng *r)
{
	int n;

	q->pe.d_model = DRILL_PICK(r, cycle_widths);
	q->len = DRILL_PICK(r, lens);
	n = analysis_pairs_cycling(&q->pe, (double)q->len);
	q->pair = n > 0 ? n - 1 : 0;	/* the slowest pair that still turns */
	drill_set_number(q, n, 1.0, false);
}

static void cycles_text(const struct drill_question *q, enum lang l,
			enum drill_part part, int opt, char *buf, size_t n)
{
	int d = q->pe.d_model, half = d / 2, count = (int)q->answer;
	double edge = half * log((double)q->len / (PE_TWO_PI)) /
		      log(q->pe.base);

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		char b[32];

		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, how many of the %d pairs complete at least one full turn within the first %lld positions (wavelength ≤ %lld)?"),
			 d, BASE_TEXT(q, b), half, q->len, q->len);
	} else if (count < half)
		snprintf(buf, n, tr(l, "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so pairs 0 to %d finish a turn: %d pairs. The other %d turn less than once over the whole sequence."),
			 edge, count - 1, count, half - count);
	else
		snprintf(buf, n, tr(l, "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so every pair, 0 to %d, finishes a turn: %d pairs."),
			 edge, count - 1, count);
}

/* ---- the offset identity, PE(p+k) = M_k PE(p), asked four ways ---- */

enum offset_way {
	OFFSET_SYMMETRY,	/* s(k) = s(-k): the dot product is
				 * direction-blind */
	OFFSET_ONLY,		/* PE(p).PE(p+k) depends on k only */
	OFFSET_ROTATION,	/* an offset is one fixed rotation */
	OFFSET_SINE_COSINE,	/* sine alone has no linear M_k */
	OFFSET_WAYS
};

/* An offset k between two positions on a 256-position screen, and the
 * clocks' offset knob at k (the symmetry is shown by the similarity curve
 * of explore instead): p - k >= 0 and p + k < len, so both neighbours the
 * question names are on screen. */
static void make_offset(struct drill_question *q, struct rng *r)
{
	q->variant = drill_rng_index(r, OFFSET_WAYS);
	if (q->variant == OFFSET_SYMMETRY)
		q->view = "explore";
	q->len = 256;
	q->k = drill_rng_range(r, 2, 40);
	q->pos = drill_rng_range(r, q->k, q->len - 1 - q->k);
	drill_set_knob(q, 0, "offset", (double)q->k);
	drill_set_choice(q, r);
}

static const char *const offset_options[OFFSET_WAYS][DRILL_CHOICES] = {
	[OFFSET_SYMMETRY] = {
	  N_("they are equal: each pair gives cos(k·ω_i), and cosine is even"),
	  N_("PE(p)·PE(p+k) is larger: each pair's sine term adds up with a plus sign going forward"),
	  N_("PE(p)·PE(p-k) is larger: earlier positions keep more of their value in the slow pairs"),
	  N_("it depends on the layout, interleaved or concatenated") },
	[OFFSET_ONLY] = {
	  N_("no: it is Σ cos(k·ω_i), a function of the offset k alone"),
	  N_("yes: it grows as p grows, since the slow pairs have turned further by then"),
	  N_("yes: it shrinks as p grows, because the fast pairs drift out of step at large p"),
	  N_("only with the concatenated layout; interleaving mixes the pairs, so p stays in the sum") },
	[OFFSET_ROTATION] = {
	  N_("each (sin, cos) pair turns by k·ω_i: one fixed matrix for every p"),
	  N_("a rotation whose angle depends on p as well as k"),
	  N_("a shift: PE(p+k) = PE(p) + k·ω_i in every dimension, a phase that adds up"),
	  N_("no fixed relation: the map from PE(p) to PE(p+k) has to be learned for each p") },
	[OFFSET_SINE_COSINE] = {
	  N_("so that one linear map M_k takes PE(p) to PE(p+k) for every p"),
	  N_("to keep every value between -1 and 1"),
	  N_("the cosine turns at a second, slower frequency, so each pair reaches twice as far"),
	  N_("the cosine's sign tells the direction: positive after p, negative before") },
};

static void offset_question(const struct drill_question *q, enum lang l,
			    char *buf, size_t n)
{
	char b[32];
	int d = q->pe.d_model;

	BASE_TEXT(q, b);
	switch (q->variant) {
	case OFFSET_SYMMETRY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, take p = %lld and k = %lld. How does PE(p)·PE(p+k) compare with PE(p)·PE(p-k)?"),
			 d, b, q->pos, q->k);
		break;
	case OFFSET_ONLY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, fix the offset k = %lld and move p. Does PE(p)·PE(p+k) change?"),
			 d, b, q->k);
		break;
	case OFFSET_ROTATION:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, how does PE(p+k) relate to PE(p) for k = %lld?"),
			 d, b, q->k);
		break;
	default:
		snprintf(buf, n, "%s", tr(l, "Each pair i of PE holds sin(p·ω_i) and cos(p·ω_i), at the same frequency. Why both, rather than the sine alone?"));
		break;
	}
}

/* Why, for the way q->variant asks it: s is PE(p)·PE(p+k) worked out. */
static void offset_why(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	char s[32], k[32], x[32];
	int last = q->pe.d_model / 2 - 1;

	drill_num_text(pe_similarity(&q->pe, (double)q->k, 0, last + 1), s,
		       sizeof s);
	switch (q->variant) {
	case OFFSET_SYMMETRY:
		snprintf(buf, n, tr(l, "PE(p)·PE(q) = Σ cos((p-q)·ω_i) and cosine is even, so both equal %s here: on its own this dot product cannot tell which position comes first."),
			 s);
		break;
	case OFFSET_ONLY:
		snprintf(buf, n, tr(l, "For each pair, sin(pω)·sin((p+k)ω) + cos(pω)·cos((p+k)ω) = cos(kω): p cancels out. Here the sum is %s for every p."),
			 s);
		break;
	case OFFSET_ROTATION:
		snprintf(k, sizeof k, "%lld", q->k);
		fmt_double_compact((double)q->k * pe_omega(&q->pe, last), 3, x, sizeof x);
		snprintf(buf, n, tr(l, "Expanding sin((p+k)ω) and cos((p+k)ω) gives sin(pω) and cos(pω) times cos(kω) and sin(kω): a 2×2 rotation set by k alone. For k = %s, pair 0 turns %s rad and the last pair only %s rad."),
			 k, k, x);
		break;
	default:
		snprintf(buf, n, "%s", tr(l, "sin((p+k)ω) = sin(pω)·cos(kω) + cos(pω)·sin(kω) needs cos(pω), which a vector of sines lacks. With both, M_k turns pair i by k·ω_i at every p: the paper's reason, to make attending by relative position easy."));
		break;
	}
}

static void offset_text(const struct drill_question *q, enum lang l,
			enum drill_part part, int opt, char *buf, size_t n)
{
	if (part == DRILL_PART_QUESTION)
		offset_question(q, l, buf, n);
	else if (part == DRILL_PART_OPTION)
		snprintf(buf, n, "%s", tr(l, offset_options[q->variant][opt]));
	else
		offset_why(q, l, buf, n);
}

/* ---- the norm ---- */

static void make_norm(struct drill_question *q, struct rng *r)
{
	q->pos = drill_rng_range(r, 1, q->len - 1);
	drill_set_number(q, sqrt(q->pe.d_model / 2.0), 0.01, true);
}

static void norm_text(const struct drill_question *q, enum lang l,
		      enum drill_part part, int opt, char *buf, size_t n)
{
	char a[32];
	int d = q->pe.d_model;

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		char b[32];

		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the norm ‖PE(p)‖ of the encoding of position p = %lld?"),
			 d, BASE_TEXT(q, b), q->pos);
		return;
	}
	drill_num_text(q->answer, a, sizeof a);
	/* "= 4" when the root is whole, "≈ 5.657" when not */
	snprintf(buf, n, tr(l, "Each pair adds sin² + cos² = 1, so ‖PE(p)‖² = d/2 = %d and ‖PE(p)‖ = √%d %s %s, the same for every position."),
		 d / 2, d / 2,
		 sqrt(d / 2.0) == floor(sqrt(d / 2.0)) ? "=" : "≈", a);
}

/* ---- the heatmap at base 100 ---- */

static void make_base_100(struct drill_question *q, struct rng *r)
{
	q->pe.base = 100.0;
	q->len = 1024LL << rng_below(r, 4);
	drill_set_choice(q, r);
}

static void base_100_text(const struct drill_question *q, enum lang l,
			  enum drill_part part, int opt, char *buf, size_t n)
{
	char a[32], x[32];
	int d = q->pe.d_model;

	(void)opt;	/* the right one: the others are fixed */
	snprintf(a, sizeof a, "%.0f", drill_longest(d, 100.0));
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "With d_model = %d and %lld positions on screen, the base drops from 10000 to 100. What happens to the heatmap?"),
			 d, q->len);
	} else if (part == DRILL_PART_OPTION) {
		snprintf(buf, n, tr(l, "every pair now repeats within ~%s positions: stripes reach the last rows"),
			 a);
	} else {
		drill_num_text(drill_longest(d, 1e4), x, sizeof x);
		snprintf(buf, n, tr(l, "Wavelengths run from 2π up to 2π·base^((d-2)/d): %s with base 100 against %s with base 10000. Now every pair comes round again within the sequence, so far-apart positions can look alike."),
			 a, x);
	}
}

/* ---- the pairs that resolve neighbours ---- */

/* The bands view, the first quarter of the pairs as the fast ones. */
static void make_fast_pairs(struct drill_question *q, struct rng *r)
{
	q->len = 256;
	drill_set_knob(q, 0, "split", q->pe.d_model / 4);
	drill_set_choice(q, r);
}

static void fast_pairs_text(const struct drill_question *q, enum lang l,
			    enum drill_part part, int opt, char *buf,
			    size_t n)
{
	char x[32];

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		char b[32];

		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, which pairs tell neighbouring positions p and p+1 apart best?"),
			 q->pe.d_model, BASE_TEXT(q, b));
		return;
	}
	fmt_double_compact(pe_omega(&q->pe, q->pe.d_model / 2 - 1), 3, x,
			   sizeof x);
	snprintf(buf, n, tr(l, "Pair i turns ω_i = base^(-2i/d) radians per position: 1 for pair 0, only %s for the last pair. So the low dimensions change fast and the high ones slowly, not the other way round."),
		 x);
}

/* ---- the NTK-aware base ---- */

static void make_ntk(struct drill_question *q, struct rng *r)
{
	double d;

	q->pe.d_model = DRILL_PICK(r, head_widths);
	drill_set_extension(q, 4096, DRILL_PICK(r, scales));
	d = q->pe.d_model;
	drill_set_number(q, q->pe.base * pow(q->scale, d / (d - 2.0)), 0.03,
			 true);
}

static void ntk_text(const struct drill_question *q, enum lang l,
		     enum drill_part part, int opt, char *buf, size_t n)
{
	char b[32], a[32];
	int d = q->pe.d_model;

	(void)opt;
	BASE_TEXT(q, b);
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "A RoPE model with head dimension d = %d and base %s was trained on %lld positions and must now read %g times as many. With NTK-aware scaling, what is the new base?"),
			 d, b, q->train_len, q->scale);
		return;
	}
	drill_num_text(q->answer, a, sizeof a);
	snprintf(buf, n, tr(l, "NTK-aware scaling sets base' = base·s^(d/(d-2)) = %s·%g^(%d/%d) ≈ %s, with d the head dimension: the slowest pair stretches exactly s times while pair 0 stays as it was."),
		 b, q->scale, d, d - 2, a);
}

/* ---- why base 10000 ---- */

static void make_why_10000(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = DRILL_PICK(r, model_widths);
	q->pe.base = 1e4;
	q->train_len = DRILL_PICK(r, long_lens);
	q->pair = q->pe.d_model / 2 - 1;
	q->len = q->train_len;	/* the spectrum's line at len: the length */
	drill_set_choice(q, r);
}

static void why_10000_text(const struct drill_question *q, enum lang l,
			   enum drill_part part, int opt, char *buf,
			   size_t n)
{
	char w[32], r[32], w100[32];
	double top = drill_longest(q->pe.d_model, q->pe.base);

	(void)opt;
	drill_num_text(top, w, sizeof w);
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "The paper's base is 10000. With d_model = %d and sequences of up to %lld tokens, what does that choice set?"),
			 q->pe.d_model, q->train_len);
	} else if (part == DRILL_PART_OPTION) {
		snprintf(buf, n, tr(l, "the longest wavelength: ≈ %s positions here, far beyond %lld"),
			 w, q->train_len);
	} else {
		fmt_double_compact(top / (double)q->train_len, 3, r, sizeof r);
		drill_num_text(drill_longest(q->pe.d_model, 100.0), w100,
			       sizeof w100);
		snprintf(buf, n, tr(l, "λ runs from 2π to 2π·base^((d-2)/d) ≈ %s here, %s times the sequence (%lld tokens): the slowest pairs turn less than once over it (base 100 would stop at %s). Nothing ends at position 10000; long-context RoPE models raise the base."),
			 w, r, q->train_len, w100);
	}
}

/* ---- learned embeddings: the paper's base model ---- */

static void make_learned(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = 512;
	q->pe.base = 1e4;
	make_position(q, r);
}

/* ---- longer than trained ---- */

static void make_extrapolation(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	drill_set_extension(q, DRILL_PICK(r, trained_lens), 4);
	drill_set_choice(q, r);
}

static void extrapolation_text(const struct drill_question *q, enum lang l,
			       enum drill_part part, int opt, char *buf,
			       size_t n)
{
	(void)opt;
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "A model with sinusoidal PE was trained on sequences of up to %lld tokens. Does it read sequences several times longer well?"),
			 q->train_len);
	else
		snprintf(buf, n, tr(l, "usually not: positions past %lld were never seen in training"),
			 q->train_len);
}

/* ---- the attention view's kinds ---- */

/* ALiBi's bias in the score matrices, next to added PE and RoPE, and in
 * the one head. */
static void make_relative(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 512;
	drill_set_knob(q, 0, "head", ATT_HEAD_ALIBI);
	drill_set_choice(q, r);
}

/* RoPE's matrix a function of p - q with random W_Q and W_K, added PE's
 * not. */
static void make_rope(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = DRILL_PICK(r, head_widths);
	q->len = 256;
	drill_set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	drill_set_knob(q, 1, "head", ATT_HEAD_ROPE);
	drill_set_choice(q, r);
}

/* RoFormer's figure: a 128-wide head, base 10000 (the text quotes the
 * bound at these parameters), the decay panel zoomed, m = 100 selected
 * (one of the offsets the text quotes). */
static void make_decay(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = 128;
	q->pe.base = 1e4;
	q->len = 512;
	q->pos = 100;
	q->panel = ATT_PANEL_DECAY;
	drill_set_choice(q, r);
}

/* With random W_Q and W_K even added PE's position.position term stops
 * being a function of p - q. */
static void make_projections(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 256;
	drill_set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	drill_set_knob(q, 1, "head", ATT_HEAD_ADDED);
	drill_set_choice(q, r);
}

/* The order panel with the causal head: no PE, and a shuffle changes the
 * outputs. */
static void make_nope(struct drill_question *q, struct rng *r)
{
	q->pe.base = 1e4;
	q->len = 256;
	q->panel = ATT_PANEL_ORDER;
	drill_set_knob(q, 0, "head", ATT_HEAD_CAUSAL);
	drill_set_choice(q, r);
}

/* The score maps of one content with random W_Q and W_K: s(p, q) and
 * s(q, p) differ. */
static void make_direction(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = DRILL_PICK(r, head_widths);
	q->pe.base = 1e4;
	q->len = 256;
	q->panel = ATT_PANEL_SCORES;
	drill_set_knob(q, 0, "weights", ATT_WEIGHTS_RANDOM);
	drill_set_knob(q, 1, "content", ATT_CONTENT_SAME);
	drill_set_choice(q, r);
}

/* ---- positions in bf16 and fp16 ---- */

/* The first position the format cannot tell from the one before (257 in
 * bf16, 2049 in fp16) selected, in the bugs view's entry for that format:
 * its two heatmaps and its note show the collision the answer names. */
static void make_low_precision(struct drill_question *q, struct rng *r)
{
	q->fp16 = rng_below(r, 2) == 1;
	q->pe.d_model = 64;
	q->pe.base = 1e4;
	q->len = q->fp16 ? 4096 : 512;
	q->pos = q->fp16 ? 2049 : 257;
	drill_set_knob(q, 0, "bug", q->fp16 ? PE_BUG_FP16 : PE_BUG_BF16);
	drill_set_choice(q, r);
}

static void low_precision_text(const struct drill_question *q, enum lang l,
			       enum drill_part part, int opt, char *buf,
			       size_t n)
{
	/* the format's name, significant bits and the largest integer up
	 * to which it holds every integer (2^bits) */
	const char *name = q->fp16 ? "fp16" : "bf16";
	int bits = q->fp16 ? 11 : 8, exact = 1 << bits;

	(void)opt;
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "A model casts its position ids to %s before computing the sinusoids. Up to which position are all positions still told apart?"),
			 name);
	else if (part == DRILL_PART_OPTION)
		snprintf(buf, n, tr(l, "%d: above that %s skips integers (%d rounds to %d)"),
			 exact, name, exact + 1, exact);
	else
		snprintf(buf, n, tr(l, "%s keeps %d significant bits: whole numbers are exact up to 2^%d = %d, then 2 apart, then 4 and more. bf16 holds integers to 256, fp16 to 2048 (and ends at 65504). Keep ids as integers; form angles in float32 or wider."),
			 name, bits, bits, exact);
}

/* ---- PI, NTK-aware and YaRN ---- */

static void make_context_methods(struct drill_question *q, struct rng *r)
{
	q->pe.d_model = DRILL_PICK(r, head_widths);
	q->pe.base = 1e4;
	drill_set_extension(q, DRILL_PICK(r, rope_lens),
			    DRILL_PICK(r, small_scales));
	drill_set_choice(q, r);
}

static void context_methods_text(const struct drill_question *q,
				 enum lang l, enum drill_part part, int opt,
				 char *buf, size_t n)
{
	char nb[32];
	double d = q->pe.d_model;

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "A RoPE model trained on %lld tokens must read %lld (s = %g). Why did NTK-aware scaling catch on in 2023, beside position interpolation (PI)?"),
			 q->train_len, q->len, q->scale);
		return;
	}
	drill_num_text(q->pe.base * pow(q->scale, d / (d - 2.0)), nb,
		       sizeof nb);
	snprintf(buf, n, tr(l, "PI uses p/s: every wavelength grows s times, neighbours crowd, and it is meant to be fine-tuned. NTK-aware uses base·s^(d/(d-2)) = %s: pair 0 stays, the slowest pair grows s times. YaRN stretches mainly the slow pairs, adds a temperature, and needs less fine-tuning than PI."),
		 nb);
}

/* ---- the rope view's kinds ---- */

/* The values panel: the head's sentence moved by 64, its outputs with v
 * turned and unturned. */
static void make_v_unrotated(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_VALUES);
	drill_set_knob(q, 2, "vshift", 64);
	drill_set_choice(q, r);
}

/* The code panel: Meta's and Hugging Face's q.k, bit for bit, and the
 * rotate_half score on rows nobody permuted. */
static void make_permutation(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_CODE);
	drill_set_choice(q, r);
}

/* The frequencies panel: the fast and the slow pairs' scores over the
 * offsets 0..len-1, a context the slow pairs barely turn in. */
static void make_freq_roles(struct drill_question *q, struct rng *r)
{
	show_rope(q, ROPE_PANEL_FREQS);
	q->len = DRILL_PICK(r, trained_lens);
	drill_set_choice(q, r);
}

static void freq_roles_text(const struct drill_question *q, enum lang l,
			    enum drill_part part, int opt, char *buf,
			    size_t n)
{
	char w[32], r[32];
	double top = drill_longest(q->pe.d_model, q->pe.base);

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		char b[32];

		snprintf(buf, n, tr(l, "A RoPE head of d = %d at base %s reads %lld tokens. What are its fastest and its slowest pairs good for?"),
			 q->pe.d_model, BASE_TEXT(q, b), q->len);
		return;
	}
	drill_num_text(top, w, sizeof w);
	fmt_double_compact(top / (double)q->len, 3, r, sizeof r);
	snprintf(buf, n, tr(l, "Pair 0 turns every 6.28 tokens; the slowest pair's λ ≈ %s is %s times the %lld tokens, so its share of the score barely moves with the offset (below: the slow curve is nearly flat). Fast pairs can build previous-token and diagonal heads, slow ones act as semantic channels (Barbero et al. 2024)."),
		 w, r, q->len);
}

/* ---- Llama 3.1's scaling ---- */

/* Llama 3.1's own numbers: a 128-wide head at base 500000, trained on
 * 8192 tokens, stretched 8 times (its config.json; pe_variants.h). */
static void make_llama3(struct drill_question *q, struct rng *r)
{
	q->panel = CTX_PANEL_TABLE;
	q->pe.d_model = 128;
	q->pe.base = 5e5;
	drill_set_extension(q, (long long)PE_LLAMA3_TRAIN, PE_LLAMA3_FACTOR);
	q->pair = q->pe.d_model / 2 - 1;
	drill_set_choice(q, r);
}

/* The rule, and the pairs it keeps and divides at the question's d and
 * base (counted from lambda_i = 2 pi base^(2i/d)). */
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
	snprintf(buf, n, tr(l, "Hugging Face's _compute_llama3_parameters: λ < L0/4 = %.0f kept, λ > L0 = %lld divided by s, between (1-g)·ω/s + g·ω, g = (L0/λ - 1)/3. At d = %d, base %s: pairs 0-%d kept, ω/s from pair %d. So Llama 3.1's λ_0 stays 6.28 and λ_%d grows %g times: its row of the table."),
		 keep_below, q->train_len, q->pe.d_model, BASE_TEXT(q, b),
		 kept - 1, divided, h - 1, q->scale);
}

static void llama3_text(const struct drill_question *q, enum lang l,
			enum drill_part part, int opt, char *buf, size_t n)
{
	(void)opt;
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "Llama 3.1 stretches RoPE heads trained on L0 = %lld tokens by s = %g. Which pairs does its scaling change, and how?"),
			 q->train_len, q->scale);
	else
		llama3_why(q, l, buf, n);
}

/* ---- the table ---- */

/* What each kind is revealed in, by view name (catalog.h). The kinds about
 * the attention score (relative schemes, RoPE, long-term decay, the
 * W_Q/W_K caveat, direction, NoPE) show in "attention", whose score
 * matrices, decay plot and one head are their answers; RoPE's mechanics
 * (v, the permutation, the frequencies' roles) in "rope", each in its
 * panel. */
/* ---- the families view's and the mla view's kinds ---- */

/* T5's bucket of an offset k (key minus query), bidirectional, with T5's
 * 32 buckets and max_distance 128: k drawn from the exact buckets, the
 * log-spaced ones or past max_distance, either sign. The answer is the
 * engine's port of _relative_position_bucket (engine/bias.h). */
enum { T5_BUCKETS = 32, T5_MAXDIST = 128 };

static void make_t5_bucket(struct drill_question *q, struct rng *r)
{
	static const long long lo[] = { 1, 8, 20, 129 };
	static const long long hi[] = { 7, 19, 127, 400 };
	int band = drill_rng_index(r, 4);

	q->k = drill_rng_range(r, lo[band], hi[band]);
	if (rng_below(r, 2) == 1)
		q->k = -q->k;
	/* p in the middle of 1024 positions: both p - k and p + k on it */
	q->len = 1024;
	q->pos = 512;
	drill_set_knob(q, 0, "scheme", BIAS_T5);
	drill_set_knob(q, 1, "buckets", T5_BUCKETS);
	drill_set_knob(q, 2, "causal", 0);
	drill_set_number(q, bias_t5_bucket(q->k, true, T5_BUCKETS, T5_MAXDIST),
			 0, false);
}

static void t5_bucket_text(const struct drill_question *q, enum lang l,
			   enum drill_part part, int opt, char *buf, size_t n)
{
	(void)opt;
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "T5's relative attention bias, bidirectional, num_buckets = %d, max_distance = %d: which bucket holds the relative position k = %lld (key minus query)?"),
			 T5_BUCKETS, T5_MAXDIST, q->k);
	else
		snprintf(buf, n, tr(l, "Each direction gets %d buckets (k > 0 adds %d). |k| < %d has a bucket of its own; up to %d the rest are log-spaced, %d + floor(log(|k|/%d)/log(%d/%d)·%d); past it, all share the last. So k = %lld is bucket %.0f."),
			 T5_BUCKETS / 2, T5_BUCKETS / 2, T5_BUCKETS / 4,
			 T5_MAXDIST, T5_BUCKETS / 4, T5_BUCKETS / 4,
			 T5_MAXDIST, T5_BUCKETS / 4, T5_BUCKETS / 4, q->k,
			 q->answer);
}

/* ALiBi's slope of head h of H heads, H a power of two or not (the
 * paper's get_slopes: attn_alibi_slope). */
static void make_alibi_slope(struct drill_question *q, struct rng *r)
{
	static const int heads[] = { 4, 6, 8, 12, 16 };
	int H = DRILL_PICK(r, heads), h = (int)drill_rng_range(r, 1, H);

	q->len = 64;
	drill_set_knob(q, 0, "scheme", BIAS_ALIBI);
	drill_set_knob(q, 1, "heads", H);
	drill_set_knob(q, 2, "alibi-head", h);
	drill_set_number(q, attn_alibi_slope(h, H), 0.01, true);
}

static void alibi_slope_text(const struct drill_question *q, enum lang l,
			     enum drill_part part, int opt, char *buf,
			     size_t n)
{
	int H = (int)q->knob[1].value, h = (int)q->knob[2].value;
	char a[32];

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "ALiBi with %d heads: what is the slope m of head %d (its bias is -m·|p-q|)? A decimal, within one percent."),
			 H, h);
		return;
	}
	drill_num_text(q->answer, a, sizeof a);
	snprintf(buf, n, tr(l, "get_slopes: for n heads, n a power of two, m_h = 2^(-8h/n). Otherwise it takes the slopes of the power of two P below n, then every other slope of 2P for the rest. Head %d of %d: m = %s."),
		 h, H, a);
}

/* Which scheme learns nothing: ALiBi against three that learn. */
static void make_no_params(struct drill_question *q, struct rng *r)
{
	q->len = 128;
	drill_set_knob(q, 0, "scheme", BIAS_ALIBI);
	drill_set_choice(q, r);
}

/* Why MLA keeps RoPE apart, with DeepSeek-V3's widths (engine/mla.h). */
static void make_mla(struct drill_question *q, struct rng *r)
{
	q->len = 128;
	drill_set_knob(q, 0, "part", 0);
	drill_set_choice(q, r);
}

static void mla_why(const struct drill_question *q, enum lang l,
		    enum drill_part part, int opt, char *buf, size_t n)
{
	const struct mla_config *m = mla_deepseek_v3();

	(void)q;
	(void)part;
	(void)opt;
	snprintf(buf, n, tr(l, "q·k = c_qᵀ·W_UQᵀW_UK·c_kv: W_UQᵀW_UK is one matrix, so k is never made and only c_kv is cached. R(p-q) between them changes with every pair of positions, so nothing folds. DeepSeek-V2 and V3 add %d turned dims per head, with one turned key per token shared by all heads: %d + %d = %d numbers a token and layer."),
		 m->qk_rope_head_dim, m->kv_lora_rank, m->qk_rope_head_dim,
		 m->kv_lora_rank + m->qk_rope_head_dim);
}

/* Which pairs Qwen2-VL's M-RoPE turns with height, read from the engine's
 * frequency table (engine/rope2d.h: mrope_section [16, 24, 24]); the
 * reveal shows M-RoPE on the grid view. */
static void make_mrope_height(struct drill_question *q, struct rng *r)
{
	q->len = 128;
	drill_set_knob(q, 0, "grid", ROPE2D_MROPE);
	drill_set_choice(q, r);
}

/* The first and last pair of Qwen2-VL's table that turn with axis a (0
 * time, 1 height, 2 width), and how many pairs the table has. */
static int mrope_span(int a, int *first, int *last)
{
	struct rope2d_freqs fr;

	rope2d_freqs(ROPE2D_MROPE, &fr);
	*first = *last = -1;
	for (int j = 0; j < fr.pairs; j++)
		if (rope2d_pair_axis(&fr, j) == a) {
			if (*first < 0)
				*first = j;
			*last = j;
		}
	return fr.pairs;
}

static void mrope_height_text(const struct drill_question *q, enum lang l,
			      enum drill_part part, int opt, char *buf,
			      size_t n)
{
	int f[3], e[3], pairs = 0;

	(void)q;
	for (int a = 0; a < 3; a++)
		pairs = mrope_span(a, &f[a], &e[a]);
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "Qwen2-VL's M-RoPE shares a head's %d pairs among time, height and width (its mrope_section). Which pairs turn with a patch's height, its row?"),
			 pairs);
	else if (part == DRILL_PART_WHY)
		snprintf(buf, n, tr(l, "transformers' apply_multimodal_rotary_pos_emb cuts the %d pairs by mrope_section [16, 24, 24]: pairs %d-%d take t, %d-%d h, %d-%d w. A text token has t = h = w, so for text it is 1-D RoPE. Qwen3-VL interleaves the sections instead."),
			 pairs, f[0], e[0], f[1], e[1], f[2], e[2]);
	else if (opt == 0)
		snprintf(buf, n, tr(l, "pairs %d-%d: the middle section, after time's %d-%d"),
			 f[1], e[1], f[0], e[0]);
	else if (opt == 1)
		snprintf(buf, n, tr(l, "pairs %d-%d: the first section, before width's %d-%d"),
			 f[0], e[0], f[2], e[2]);
	else if (opt == 2)
		snprintf(buf, n, tr(l, "pairs %d-%d: the last section, after time's %d-%d"),
			 f[2], e[2], f[0], e[0]);
	else
		snprintf(buf, n, tr(l, "pairs 1, 4, 7, ..., %d: every third pair, interleaved"),
			 pairs - 6);
}

/* ---- shipped models: every number from the table of models ---- */

/* The rows of the table of models (presets.h) whose encoding passes keep,
 * into rows[] (at most max); how many. Each kind below asks about rows
 * that some shipped row fits (test_drill_models.c checks that one does). */
static int model_rows(bool (*keep)(const struct rope_model *m), int *rows,
		      int max)
{
	int n, count = 0;

	presets_table(&n);
	for (int i = 0; i < n && count < max; i++) {
		const struct rope_model *m = presets_rope(i);

		if (m && m->kind != ROPE_LEARNED && keep(m))
			rows[count++] = i;
	}
	return count;
}

/* One of the rows that pass keep, drawn from r; -1 when none does. */
static int model_pick(bool (*keep)(const struct rope_model *m),
		      struct rng *r)
{
	int rows[64], n = model_rows(keep, rows, 64);

	return n > 0 ? rows[drill_rng_index(r, n)] : -1;
}

/* The reveal shows row i as --model NAME would, at its rotated width and
 * base. */
static void show_model(struct drill_question *q, int i)
{
	const struct rope_model *m = presets_rope(i);

	q->model = i;
	q->pe.d_model = m->width;
	q->pe.base = m->base;
}

static const char *model_name(int i)
{
	int n;

	return presets_table(&n)[i].name;
}

static const struct hf_config *model_cfg(int i)
{
	int n;

	return &presets_table(&n)[i].cfg;
}

/* The scaling row i's config asks for, as rope_scaling names it, or
 * "none". */
static const char *model_scaling(int i, enum lang l)
{
	return presets_rope(i)->kind == ROPE_DEFAULT ? tr(l, "none")
						     : model_cfg(i)->rope_type;
}

static bool any_rope(const struct rope_model *m)
{
	(void)m;
	return true;
}

static bool scaled(const struct rope_model *m)
{
	return m->kind != ROPE_DEFAULT;
}

static bool partly_turned(const struct rope_model *m)
{
	return m->unrotated > 0;
}

static bool stretched(const struct rope_model *m)
{
	return m->trained > 0 && m->trained < m->max_pos;
}

/* ---- which model asks for which scaling ---- */

/* A scaled row and three rows that ask for another scaling or none, in an
 * order drawn from r; the reveal is the context view, the model's scaling
 * marked in its table. */
static void make_model_scaling(struct drill_question *q, struct rng *r)
{
	int right = model_pick(scaled, r), rows[64], n = model_rows(any_rope, rows, 64);
	int others[64], m = 0;

	for (int i = 0; i < n; i++)
		if (presets_rope(rows[i])->kind != presets_rope(right)->kind)
			others[m++] = rows[i];
	for (int i = 0; i < DRILL_CHOICES - 1 && i < m; i++) {
		int j = i + drill_rng_index(r, m - i), t = others[i];

		others[i] = others[j];
		others[j] = t;
	}
	q->rows[0] = right;
	for (int i = 1; i < DRILL_CHOICES; i++)	/* the table has three */
		q->rows[i] = i - 1 < m ? others[i - 1] : right;
	show_model(q, right);
	q->view = "context";
	q->panel = CTX_PANEL_TABLE;
	drill_set_choice(q, r);
}

static void model_scaling_text(const struct drill_question *q, enum lang l,
			       enum drill_part part, int opt, char *buf,
			       size_t n)
{
	const struct rope_model *m = presets_rope(q->rows[0]);

	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, tr(l, "Which of these shipped models asks its config.json for \"%s\" RoPE scaling?"),
			 model_cfg(q->rows[0])->rope_type);
	else if (part == DRILL_PART_OPTION)
		snprintf(buf, n, tr(l, "%s's config.json"),
			 model_name(q->rows[opt]));
	else
		snprintf(buf, n, tr(l, "%s: rope_scaling \"%s\", factor %g over %.0f trained positions. Others: %s (%s), %s (%s), %s (%s)."),
			 model_name(q->rows[0]), model_cfg(q->rows[0])->rope_type,
			 model_cfg(q->rows[0])->factor, m->trained,
			 model_name(q->rows[1]), model_scaling(q->rows[1], l),
			 model_name(q->rows[2]), model_scaling(q->rows[2], l),
			 model_name(q->rows[3]), model_scaling(q->rows[3], l));
}

/* ---- how many dims of a head turn ---- */

/* A row that leaves part of each head unturned (MLA, a partial rotary
 * factor, rotary_dim): how many dims it turns (variant 0) or leaves
 * unturned (variant 1). */
static void make_rotated_dims(struct drill_question *q, struct rng *r)
{
	int i = model_pick(partly_turned, r);
	const struct rope_model *m = presets_rope(i);

	show_model(q, i);
	q->variant = drill_rng_index(r, 2);
	drill_set_number(q, q->variant ? m->unrotated : m->rotary, 1.0,
			 false);
}

static void rotated_dims_text(const struct drill_question *q, enum lang l,
			      enum drill_part part, int opt, char *buf,
			      size_t n)
{
	const struct rope_model *m = presets_rope(q->model);
	const struct hf_config *c = model_cfg(q->model);
	int head = m->rotary + m->unrotated;

	(void)opt;
	if (part == DRILL_PART_QUESTION)
		snprintf(buf, n, q->variant
			 ? tr(l, "Each query and key head of %s is %d dims wide (its config.json). How many of them does RoPE leave unturned?")
			 : tr(l, "Each query and key head of %s is %d dims wide (its config.json). How many of them does RoPE turn?"),
			 model_name(q->model), head);
	else if (!isnan(c->qk_rope_head_dim))
		snprintf(buf, n, tr(l, "MLA gives qk_rope_head_dim = %d beside qk_nope_head_dim = %d: %d dims turn, the other %d never do; they match content alone, at every offset."),
			 m->rotary, m->unrotated, m->rotary, m->unrotated);
	else if (!isnan(c->rotary_dim))
		snprintf(buf, n, tr(l, "rotary_dim = %d of a %d-dim head: %d dims turn, the other %d never do; they match content alone, at every offset."),
			 m->rotary, head, m->rotary, m->unrotated);
	else
		snprintf(buf, n, tr(l, "A rotary fraction of %g of a %d-dim head: %d dims turn, the other %d never do; they match content alone, at every offset."),
			 c->partial_rotary_factor, head, m->rotary,
			 m->unrotated);
}

/* ---- what a larger base buys ---- */

static bool plain(const struct rope_model *m)
{
	return m->kind == ROPE_DEFAULT;
}

/* Two unscaled rows of the same rotated width and different bases (a
 * higher and a lower): how many times longer the higher base makes the
 * longest wavelength, by pescope's own formula (drill_longest). */
static void make_base_gain(struct drill_question *q, struct rng *r)
{
	int rows[64], n = model_rows(plain, rows, 64), pairs[256][2], np = 0;
	const struct rope_model *lo, *hi;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n && np < 256; j++) {
			lo = presets_rope(rows[i]);
			hi = presets_rope(rows[j]);
			if (lo->rotary == hi->rotary && lo->base < hi->base) {
				pairs[np][0] = rows[i];
				pairs[np++][1] = rows[j];
			}
		}
	np = drill_rng_index(r, np > 0 ? np : 1);
	q->rows[0] = pairs[np][1];
	q->rows[1] = pairs[np][0];
	hi = presets_rope(q->rows[0]);
	lo = presets_rope(q->rows[1]);
	show_model(q, q->rows[0]);
	q->view = "spectrum";
	q->pair = hi->rotary / 2 - 1;
	q->len = (long long)hi->trained;
	drill_set_number(q, drill_longest(hi->rotary, hi->base) /
				    drill_longest(lo->rotary, lo->base),
			 0.02, true);
}

static void base_gain_text(const struct drill_question *q, enum lang l,
			   enum drill_part part, int opt, char *buf, size_t n)
{
	const struct rope_model *hi = presets_rope(q->rows[0]);
	const struct rope_model *lo = presets_rope(q->rows[1]);
	char bh[32], bl[32], wh[32], wl[32], a[32], t[32];
	double top = drill_longest(hi->rotary, hi->base);

	(void)opt;
	drill_base_text(hi->base, bh, sizeof bh);
	drill_base_text(lo->base, bl, sizeof bl);
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "%s turns %d-dim heads at base %s, %s at base %s. How many times longer is %s's longest wavelength?"),
			 model_name(q->rows[0]), hi->rotary, bh,
			 model_name(q->rows[1]), bl, model_name(q->rows[0]));
		return;
	}
	drill_num_text(top, wh, sizeof wh);
	drill_num_text(drill_longest(lo->rotary, lo->base), wl, sizeof wl);
	drill_num_text(q->answer, a, sizeof a);
	fmt_double_compact(hi->trained / top, 3, t, sizeof t);
	snprintf(buf, n, tr(l, "λ = 2π·base^((d-2)/d): %s positions at base %s against %s at %s, %s times. Over its %.0f trained positions the slowest pair of %s turns %s of a turn."),
		 wh, bh, wl, bl, a, hi->trained, model_name(q->rows[0]), t);
}

/* ---- the trained length ---- */

/* A row whose config reaches past the length it was trained at: that
 * length, L0, which its scaling stretches from. */
static void make_trained_length(struct drill_question *q, struct rng *r)
{
	int i = model_pick(stretched, r);
	const struct rope_model *m = presets_rope(i);

	show_model(q, i);
	q->view = "context";
	q->panel = CTX_PANEL_TABLE;
	q->len = (long long)m->max_pos;
	drill_set_number(q, m->trained, 1.0, false);
}

static void trained_length_text(const struct drill_question *q, enum lang l,
				enum drill_part part, int opt, char *buf,
				size_t n)
{
	const struct rope_model *m = presets_rope(q->model);
	char x[32];

	(void)opt;
	if (part == DRILL_PART_QUESTION) {
		snprintf(buf, n, tr(l, "%s's config.json gives max_position_embeddings = %.0f and \"%s\" scaling with factor %g. How many positions was it trained on before the extension (L0)?"),
			 model_name(q->model), m->max_pos,
			 model_cfg(q->model)->rope_type,
			 model_cfg(q->model)->factor);
		return;
	}
	fmt_double_compact(m->max_pos / m->trained, 3, x, sizeof x);
	snprintf(buf, n, tr(l, "%.0f, its original_max_position_embeddings: the length the scaling stretches from. max_position_embeddings (%.0f) is the reach, %s times L0; the factor is %g."),
		 m->trained, m->max_pos, x, model_cfg(q->model)->factor);
}

static const struct drill_spec kinds[] = {
	{ .name = "last-wavelength", .title = N_("the longest wavelength"),
	  .view = "spectrum", .make = make_last_wavelength,
	  .write = last_wavelength_text },
	{ .name = "first-wavelength", .title = N_("first-pair wavelength"),
	  .view = "explore", .make = make_first_wavelength,
	  .why = N_("ω_0 = base^0 = 1 whatever d and base are, so λ_0 = 2π ≈ 6.283 positions: the fastest pair of all."),
	  .write = first_wavelength_text },
	{ .name = "cycles", .title = N_("pairs that finish a turn"),
	  .view = "spectrum", .make = make_cycles, .write = cycles_text },
	{ .name = "offset", .title = N_("an offset: dot products and rotations"),
	  .view = "clocks", .make = make_offset, .write = offset_text },
	{ .name = "norm", .title = N_("norm of PE(p)"),
	  .view = "explore", .make = make_norm, .write = norm_text },
	{ .name = "base-100", .title = N_("the heatmap at base 100"),
	  .view = "explore", .make = make_base_100,
	  .option = { NULL,
	    N_("every pair turns more slowly: the map gets smoother and the bottom bands widen"),
	    N_("nothing: the base only rescales the values, not the pattern"),
	    N_("the values grow past ±1 and the colours saturate") },
	  .write = base_100_text },
	{ .name = "fast-pairs", .title = N_("which pairs resolve neighbours"),
	  .view = "bands", .make = make_fast_pairs,
	  .option = {
	    N_("the first pairs (small i): pair 0 turns a whole radian from one position to the next"),
	    N_("the last pairs (large i): the low dimensions change slowly, the high ones fast"),
	    N_("the middle pairs: the first ones turn so fast that they alias, the last barely move"),
	    N_("all pairs equally: each turns by the same angle per position, set by the base") },
	  .write = fast_pairs_text },
	{ .name = "ntk-base", .title = N_("NTK-aware base"),
	  .view = "context", .make = make_ntk, .write = ntk_text },
	{ .name = "why-10000", .title = N_("why base 10000"),
	  .view = "spectrum", .make = make_why_10000,
	  .option = {
	    NULL,
	    N_("the longest input the model can take: 10000 tokens, past which the angles repeat"),
	    N_("the wavelength of the fastest pair: 10000 positions, so neighbours differ in every pair"),
	    N_("little: any base above d_model gives the same encoding up to a rescaling of p") },
	  .write = why_10000_text },
	{ .name = "add-or-concat", .title = N_("add, not concatenate"),
	  .view = "vector", .make = make_position,
	  .question = N_("The Transformer adds PE(p) to the word embedding instead of concatenating the two. Which is true?"),
	  .option = {
	    N_("adding keeps the width; after a linear layer, [x; PE] is W_x·x + W_p·PE anyway"),
	    N_("the sum mixes the two beyond repair: the model can no longer tell word from position"),
	    N_("concatenating would make attention depend on the offset only"),
	    N_("the paper tried both, and concatenating scored clearly worse in BLEU") },
	  .why = N_("Any linear map of [x; PE] is W_x·x + W_p·PE, so concatenating before W_Q, W_K, W_V is a sum too; adding shares one d_model-wide space and saves width. In many dimensions, position and meaning can keep to nearly separate directions.") },
	{ .name = "learned", .title = N_("learned or sinusoidal"),
	  .view = "explore", .make = make_learned,
	  .question = N_("The paper also trained the model with learned position embeddings in place of the sinusoids. What did it find?"),
	  .option = {
	    N_("within 0.1 BLEU of the sinusoids (Table 3, row E: 25.7 against 25.8)"),
	    N_("learned embeddings were clearly better, but cost too much memory"),
	    N_("the sinusoids were clearly better, which is why the paper chose them"),
	    N_("learned embeddings would not train unless the sinusoids were added to them too") },
	  .why = N_("Table 3, row E (learned positional embedding): perplexity 4.92 and BLEU 25.7 on the development set, against 4.92 and 25.8 for the base model. The paper hoped sinusoids extrapolate; BERT and GPT-2 later learned theirs.") },
	{ .name = "extrapolation", .title = N_("longer than trained"),
	  .view = "context", .make = make_extrapolation,
	  .option = {
	    NULL,
	    N_("mostly yes: sin and cos are defined for every position, so any length works as well as the trained ones"),
	    N_("no: PE is undefined past position 10000, the base, so longer inputs are cut there"),
	    N_("yes, if the layout is concatenated: it keeps the slow pairs apart") },
	  .why = N_("Defined is not learned: past the trained length come angle combinations of the slow pairs and distances never seen. Press et al. (2022) measured a sinusoidal model's perplexity climbing soon past it; ALiBi was built to extrapolate."),
	  .write = extrapolation_text },
	{ .name = "relative", .title = N_("relative schemes: Shaw, T5, ALiBi"),
	  .view = "attention", .make = make_relative,
	  .question = N_("Shaw et al. (2018), T5 and ALiBi make attention depend on how far apart two tokens are. Where does that distance go?"),
	  .option = {
	    N_("into each layer's attention scores: a learned vector or bias per offset, or -m·|p-q|"),
	    N_("into the input, once: a vector for each offset is added to the word embeddings"),
	    N_("into the softmax temperature of each pair of tokens, which grows with their distance"),
	    N_("each token renumbers the input from itself, then sinusoidal PE is added as usual") },
	  .why = N_("A distance belongs to a pair of tokens, so it goes where pairs meet, the score: Shaw adds a learned vector per clipped offset to the key (and another to the value), T5 a learned number per bucket and head, ALiBi -m·(i-j) for keys j <= i (causal; -m·|i-j| is the bidirectional variant) with slopes 2^(-8h/H) for H a power of two.") },
	{ .name = "rope", .title = N_("RoPE and sinusoidal PE"),
	  .view = "attention", .make = make_rope,
	  .question = N_("How does RoPE (rotary position embedding) bring in positions, compared with the paper's sinusoidal PE?"),
	  .option = {
	    N_("it rotates each pair of q and k by position·θ_i in every layer; nothing is added"),
	    N_("it adds the same sinusoids to the input, only with another base and in every layer"),
	    N_("it rotates the word embeddings once, before the first layer, by position·θ_i"),
	    N_("it multiplies every attention score by cos(p-q), so far tokens get smaller weights") },
	  .why = N_("With R_m turning pair i by m·θ_i, (R_m q)·(R_n k) = qᵀR_(n-m)k: only the offset is left, whatever W_Q and W_K are, as the rotation comes after them. θ_i = base^(-2i/d) are the paper's frequencies, d the head's width.") },
	{ .name = "decay", .title = N_("RoPE's long-term decay"),
	  .view = "attention", .make = make_decay,
	  .question = N_("RoFormer says RoPE has long-term decay. For a head of dimension d = 128, what decays as the offset m between query and key grows?"),
	  .option = {
	    N_("an upper bound on |score| (q and k set its scale): it shrinks, then plateaus"),
	    N_("every attention weight, at every offset: a farther token always gets less"),
	    N_("the vectors themselves: q and k get shorter as they are rotated further"),
	    N_("the mean score over random q and k: it falls towards 0 as the offset m grows") },
	  .why = N_("RoFormer bounds |score| by a constant set by q and k times Σ_j |S_j|, S_j = Σ_(l<j) e^(i·m·θ_l); (1/64)·Σ_j |S_j| is 32.5 at m = 0, 10.2 at 100, then plateaus (4.47 at 1000, 4.88 at 4096). For random q, k the mean |score| does not decay (Barbero et al. 2024).") },
	{ .name = "projections", .title = N_("W_Q, W_K and added PE"),
	  .view = "attention", .make = make_projections,
	  .question = N_("With PE added to the input, a layer scores positions p and q by (x_p+PE_p)ᵀW_QᵀW_K(x_q+PE_q). Is that a function of p - q alone?"),
	  .option = {
	    N_("no: it has word-position cross terms, and W_QᵀW_K breaks even PE_p·PE_q"),
	    N_("yes: PE_p·PE_q depends only on p - q, and the cross terms average out over words"),
	    N_("yes, as long as the layout is interleaved"),
	    N_("yes, once d_model is large enough for the cross terms to cancel out in the sum") },
	  .why = N_("With W = W_QᵀW_K the score is x_pᵀW·x_q + x_pᵀW·PE_q + PE_pᵀW·x_q + PE_pᵀW·PE_q: the cross terms see p and q on their own, and the last is relative only if W commutes with the pair rotations. RoPE rotates after W.") },
	{ .name = "low-precision", .title = N_("positions in bf16 and fp16"),
	  .view = "bugs", .make = make_low_precision,
	  .option = {
	    NULL,
	    N_("65504: a 16-bit float holds every whole number up to its largest finite value"),
	    N_("no limit: the sinusoids are computed in float32 afterwards"),
	    N_("32767: the cast keeps position ids exact up to the largest 16-bit integer") },
	  .write = low_precision_text },
	{ .name = "context-methods", .title = N_("PI, NTK-aware and YaRN"),
	  .view = "context", .make = make_context_methods,
	  .option = {
	    N_("it works fairly well without fine-tuning: the fast pairs stay as trained"),
	    N_("it divides every position by s, so the angles mostly stay among those seen in training"),
	    N_("it keeps q·k a function of the offset, which PI breaks"),
	    N_("it changes nothing: RoPE already reads any length as well as the trained one") },
	  .write = context_methods_text },
	{ .name = "v-unrotated", .title = N_("why v is not turned"),
	  .view = "rope", .make = make_v_unrotated,
	  .question = N_("RoPE turns q and k by their positions before q·k. Why does it leave the value vector v unturned?"),
	  .option = {
	    N_("the weights depend on p - q only; a turned v would put absolute positions in the output"),
	    N_("a turned v would change its length, and the softmax weights would then no longer sum to 1"),
	    N_("it does not: most models turn v too, by the same angles, and the output stays relative"),
	    N_("turning v would need a second sin/cos table per layer, doubling the memory of the KV cache") },
	  .why = N_("Moving a sentence leaves every q·k, so every weight, as it was; v carries the content. Turned by its own position, each value would bring that position into the output, and nothing later undoes it: below, v turned moves, v unturned does not. Meta's llama turns q and k only.") },
	{ .name = "permutation",
	  .title = N_("interleaved, rotate_half and the permutation"),
	  .view = "rope", .make = make_permutation,
	  .question = N_("Meta's llama turns the pairs (2i, 2i+1); Hugging Face's rotate_half turns (i, i+d/2). What makes a converted checkpoint score the same?"),
	  .option = {
	    N_("convert_llama_weights_to_hf.py permutes the rows of W_Q and W_K in each head"),
	    N_("nothing: both forms are rotations and give the same q·k for any weights"),
	    N_("the converter reorders the frequencies θ_i so each pair keeps its angle"),
	    N_("the converter permutes W_V and W_O instead, so the outputs line up again") },
	  .why = N_("Its permute() moves row 2i of each head of W_Q and W_K to row i, and row 2i+1 to i+d/2, so rotate_half turns the pairs view_as_complex turns: below, both scores are the same doubles, bit for bit. With the rows left as they are, rotate_half scores another function.") },
	{ .name = "llama3", .title = N_("Llama 3.1's scaling"),
	  .view = "context", .make = make_llama3,
	  .option = {
	    N_("it keeps the pairs with λ < L0/4, divides ω by s where λ > L0, and blends in between"),
	    N_("it divides ω by s where λ < L0/4, keeps those with λ > L0, and blends in between"),
	    N_("it divides every pair's ω by s, as position interpolation does, then fine-tunes"),
	    N_("it raises the base to base·s^(d/(d-2)) for every pair, as NTK-aware scaling does") },
	  .write = llama3_text },
	{ .name = "nope", .title = N_("NoPE and the causal mask"),
	  .view = "attention", .make = make_nope,
	  .question = N_("A decoder-only Transformer is trained with no positional encoding at all (NoPE). Can it still tell where its tokens stand?"),
	  .option = {
	    N_("yes: under a causal mask token p sees p+1 tokens, and that leaks the order"),
	    N_("no: without an encoding, attention is just a bag of words whatever mask it uses"),
	    N_("only through learned token embeddings, which come to hold each token's index"),
	    N_("yes, but only in an encoder, where each token sees all the others at once") },
	  .why = N_("Without PE or a mask, a head's outputs only move when the words move: a bag of words. A causal mask gives token p the p+1 tokens up to it, so a shuffle changes the outputs (below). Haviv et al. 2022 found NoPE decoders learn positions; Kazemnejad et al. 2023 found NoPE generalizes in length well.") },
	{ .name = "direction", .title = N_("before or after: the direction"),
	  .view = "attention", .make = make_direction,
	  .question = N_("PE(p)·PE(q) = Σ cos((p-q)·ω_i) is the same for p - q = k and -k. Can a layer's scores still tell a key before the query from one after it?"),
	  .option = {
	    N_("yes: W_QᵀW_K sits in between, and PE_pᵀW_QᵀW_K·PE_q is no longer even in p - q"),
	    N_("no: each score is a sum of cosines of p - q, so it stays even in the offset"),
	    N_("only through the word vectors: position terms stay even whatever W_Q, W_K are"),
	    N_("only in the concatenated layout, where the sines and cosines sit in separate halves") },
	  .why = N_("With W = W_QᵀW_K, PE_pᵀW·PE_q = PE_qᵀWᵀ·PE_p: swapping p and q swaps W for Wᵀ, and learned W_Q, W_K give no symmetric W. Below, with random W, the added PE and RoPE maps are not symmetric about their diagonals: s(p, q) ≠ s(q, p). A symmetric W, such as I, is blind to direction.") },
	{ .name = "freq-roles", .title = N_("what fast and slow pairs are for"),
	  .view = "rope", .make = make_freq_roles,
	  .option = {
	    N_("fast pairs: sharp positional heads; slow pairs: nearly position-free content"),
	    N_("fast pairs: content, since they average out; slow pairs: the positions far apart"),
	    N_("both alike: every pair carries position and content in just the same proportion"),
	    N_("fast pairs: little, as they mostly alias and get pruned; slow pairs carry the positions") },
	  .write = freq_roles_text },
	{ .name = "t5-bucket", .title = N_("T5's bucket of an offset"),
	  .view = "families", .make = make_t5_bucket,
	  .write = t5_bucket_text },
	{ .name = "alibi-slope", .title = N_("ALiBi's slope of a head"),
	  .view = "families", .make = make_alibi_slope,
	  .write = alibi_slope_text },
	{ .name = "no-params", .title = N_("the scheme with no parameters"),
	  .view = "families", .make = make_no_params,
	  .question = N_("Shaw's relative positions, T5's bias, ALiBi and KERPLE all put the distance between two tokens into the score. Which of them learns no parameters at all?"),
	  .option = {
	    N_("ALiBi: each head's slope is fixed before training, so nothing in -m·|p-q| is learned"),
	    N_("T5: the buckets are fixed in advance, so the bias of each bucket is never learned"),
	    N_("Shaw: the clipped offsets are fixed in advance, so their vectors are never learned"),
	    N_("KERPLE: -r1·log(1 + r2·|p-q|) is a fixed kernel, so r1 and r2 are never learned") },
	  .why = N_("ALiBi's slopes come from get_slopes and stay fixed. T5 learns a number per bucket and head, Shaw a vector per clipped offset, KERPLE r1 and r2 per head; the buckets and the clip are fixed, what they index is learned. Sinusoids, RoPE and NoPE learn nothing either.") },
	{ .name = "mla", .title = N_("why MLA decouples RoPE"),
	  .view = "mla", .make = make_mla,
	  .question = N_("DeepSeek's MLA caches one latent c_kv per token and folds W_UK into the query. Why does it keep RoPE in separate dims rather than turning q and k as usual?"),
	  .option = {
	    N_("a rotation between W_UQ and W_UK depends on p − q, so the two can never fold into one"),
	    N_("turning the 512-wide latent would cost too much compute at every layer for each token"),
	    N_("RoPE needs an even width in every head, and the latent's 512 dims are shared by all heads"),
	    N_("the latent is stored in FP8, whose rounding would grow with the angle of every rotation") },
	  .why = NULL, .write = mla_why },
	{ .name = "mrope-height", .title = N_("M-RoPE's pairs for height"),
	  .view = "grid", .make = make_mrope_height,
	  .write = mrope_height_text },
	{ .name = "model-scaling", .title = N_("which model scales how"),
	  .view = "context", .make = make_model_scaling,
	  .write = model_scaling_text },
	{ .name = "rotated-dims", .title = N_("a shipped model's rotated dims"),
	  .view = "spectrum", .make = make_rotated_dims,
	  .write = rotated_dims_text },
	{ .name = "base-gain", .title = N_("what a larger base buys"),
	  .view = "spectrum", .make = make_base_gain,
	  .write = base_gain_text },
	{ .name = "trained-length", .title = N_("a model's trained length"),
	  .view = "context", .make = make_trained_length,
	  .write = trained_length_text },
};

_Static_assert(sizeof kinds / sizeof kinds[0] <= DRILL_KINDS_MAX,
	       "raise DRILL_KINDS_MAX in drill_question.h");

int drill_kind_count(void)
{
	return (int)(sizeof kinds / sizeof kinds[0]);
}

const struct drill_spec *drill_spec_of(int kind)
{
	return kind >= 0 && kind < drill_kind_count() ? &kinds[kind] : NULL;
}

const char *drill_kind_name(int kind)
{
	const struct drill_spec *k = drill_spec_of(kind);

	return k ? k->name : "?";
}
