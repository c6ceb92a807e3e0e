/* drill_text.c - what the drill says (see drill.h): the mechanics kinds
 * here, the concept kinds in drill_concepts.c.
 *
 * A choice question's options are alike in length, detail and tone: the
 * right one is no longer or more hedged than the others, and its caveats
 * go into "why" (test_drill_fair.c plays the strategies of a test-wise
 * candidate). The
 * claims and their sources: the offset identity and why both sine and
 * cosine, the paper (Vaswani et al. 2017, section 3.5: "for any fixed
 * offset k, PE_pos+k can be represented as a linear function of PE_pos");
 * the rest is the formula, worked out with the engine (pe.h).
 *
 * Each sentence is written in English through tr() (base/tr.h); its
 * Chinese, in base/tr_zh.c, is written for Chinese readers, not translated
 * word for word, with the words of assets/glossary.txt; formulas and
 * numbers are the same in both. Formulas use a few non-ASCII symbols (π ω λ θ · ≤ ≈ ‖ √
 * Σ −); the drill panel spells them in ASCII when the terminal cannot show
 * them. */
#include "model/drill.h"
#include "base/tr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/utf8.h"
#include "model/drill_concepts.h"
#include "model/drill_format.h"

/* ---- helpers ---- */

/* Cuts a string that snprintf may have truncated in the middle of a UTF-8
 * sequence back to the last whole character. */
static char *utf8_trim(char *buf)
{
	buf[utf8_cut(buf, strlen(buf))] = '\0';
	return buf;
}

static bool is_concept(enum drill_kind k)
{
	return k >= DRILL_WHY_10000 && k < DRILL_KINDS;
}

/* ---- the questions ---- */

/* The tolerance, appended to number questions. */
static void tolerance_text(const struct drill_question *q, enum lang l,
			   char *buf, size_t n)
{
	if (q->tol_rel)
		snprintf(buf, n, tr(l, " (within %g%%)"),
			 q->tol * 100.0);
	else
		snprintf(buf, n, tr(l, " (within ±%g)"),
			 q->tol);
}

/* The offset identity, asked the way q->variant says. */
static void offset_question(const struct drill_question *q, enum lang l,
			    const char *b, char *buf, size_t n)
{
	int d = q->pe.d_model;

	switch (q->variant) {
	case DRILL_OFFSET_SYMMETRY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, take p = %lld and k = %lld. How does PE(p)·PE(p+k) compare with PE(p)·PE(p-k)?"),
			 d, b, q->pos, q->k);
		break;
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, fix the offset k = %lld and move p. Does PE(p)·PE(p+k) change?"),
			 d, b, q->k);
		break;
	case DRILL_OFFSET_ROTATION:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, how does PE(p+k) relate to PE(p) for k = %lld?"),
			 d, b, q->k);
		break;
	default:
		snprintf(buf, n, "%s", tr(l, "Each pair i of PE holds sin(p·ω_i) and cos(p·ω_i), at the same frequency. Why both, rather than the sine alone?"));
		break;
	}
}

static void mechanics_question(const struct drill_question *q, enum lang l,
			       char *buf, size_t n)
{
	char b[32];
	int d = q->pe.d_model;

	drill_base_text(q->pe.base, b, sizeof b);
	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the longest wavelength, that of the last pair (i = %d)?"),
			 d, b, d / 2 - 1);
		break;
	case DRILL_FIRST_WAVELENGTH:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the wavelength of the first pair (i = 0), in positions?"),
			 d, b);
		break;
	case DRILL_CYCLES:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, how many of the %d pairs complete at least one full turn within the first %lld positions (wavelength ≤ %lld)?"),
			 d, b, d / 2, q->len, q->len);
		break;
	case DRILL_OFFSET:
		offset_question(q, l, b, buf, n);
		break;
	case DRILL_NORM:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, what is the norm ‖PE(p)‖ of the encoding of position p = %lld?"),
			 d, b, q->pos);
		break;
	case DRILL_BASE_100:
		snprintf(buf, n, tr(l, "With d_model = %d and %lld positions on screen, the base drops from 10000 to 100. What happens to the heatmap?"),
			 d, q->len);
		break;
	case DRILL_FAST_PAIRS:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, which pairs tell neighbouring positions p and p+1 apart best?"),
			 d, b);
		break;
	case DRILL_NTK_BASE:
		snprintf(buf, n, tr(l, "A RoPE model with head dimension d = %d and base %s was trained on %lld positions and must now read %g times as many. With NTK-aware scaling, what is the new base?"),
			 d, b, q->train_len, q->scale);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

char *drill_text_question(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	char tol[64];

	if (is_concept(q->kind))
		drill_concept_question(q, l, buf, n);
	else
		mechanics_question(q, l, buf, n);
	if (!q->choice) {
		size_t used = strlen(buf);
		tolerance_text(q, l, tol, sizeof tol);
		snprintf(buf + used, n - used, "%s", tol);
	}
	return utf8_trim(buf);
}

/* ---- the options of choice questions (option 0 is right) ---- */

struct options_text {
	enum drill_kind kind;
	int variant;				/* DRILL_OFFSET's, else 0 */
	const char *text[DRILL_CHOICES];	/* tr.h */
};

static const struct options_text options[] = {
	{ DRILL_OFFSET, DRILL_OFFSET_SYMMETRY, {
	  N_("they are equal: each pair gives cos(k·ω_i), and cosine is even"),
	  N_("PE(p)·PE(p+k) is larger: each pair's sine term adds up with a plus sign going forward"),
	  N_("PE(p)·PE(p-k) is larger: earlier positions keep more of their value in the slow pairs"),
	  N_("it depends on the layout, interleaved or concatenated") } },
	{ DRILL_OFFSET, DRILL_OFFSET_ONLY, {
	  N_("no: it is Σ cos(k·ω_i), a function of the offset k alone"),
	  N_("yes: it grows as p grows, since the slow pairs have turned further by then"),
	  N_("yes: it shrinks as p grows, because the fast pairs drift out of step at large p"),
	  N_("only with the concatenated layout; interleaving mixes the pairs, so p stays in the sum") } },
	{ DRILL_OFFSET, DRILL_OFFSET_ROTATION, {
	  N_("each (sin, cos) pair turns by k·ω_i: one fixed matrix for every p"),
	  N_("a rotation whose angle depends on p as well as k"),
	  N_("a shift: PE(p+k) = PE(p) + k·ω_i in every dimension, a phase that adds up"),
	  N_("no fixed relation: the map from PE(p) to PE(p+k) has to be learned for each p") } },
	{ DRILL_OFFSET, DRILL_OFFSET_SINE_COSINE, {
	  N_("so that one linear map M_k takes PE(p) to PE(p+k) for every p"),
	  N_("to keep every value between -1 and 1"),
	  N_("the cosine turns at a second, slower frequency, so each pair reaches twice as far"),
	  N_("the cosine's sign tells the direction: positive after p, negative before") } },
	{ DRILL_BASE_100, 0, { NULL,
	  N_("every pair turns more slowly: the map gets smoother and the bottom bands widen"),
	  N_("nothing: the base only rescales the values, not the pattern"),
	  N_("the values grow past ±1 and the colours saturate") } },
	{ DRILL_FAST_PAIRS, 0, { N_("the first pairs (small i): pair 0 turns a whole radian from one position to the next"),
	  N_("the last pairs (large i): the low dimensions change slowly, the high ones fast"),
	  N_("the middle pairs: the first ones turn so fast that they alias, the last barely move"),
	  N_("all pairs equally: each turns by the same angle per position, set by the base") } },
};

/* The right option of DRILL_BASE_100 names the longest wavelength left. */
static void base100_right(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "%.0f", drill_longest(q->pe.d_model, 100.0));
	snprintf(buf, n, tr(l, "every pair now repeats within ~%s positions: stripes reach the last rows"),
		 w);
}

/* The options of DRILL_LAST_WAVELENGTH are numbers: the right formula
 * and three that people write instead. */
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

/* Option opt (not letter) of a mechanics choice question. */
static void mechanics_option(const struct drill_question *q, enum lang l,
			     int opt, char *buf, size_t n)
{
	if (q->kind == DRILL_LAST_WAVELENGTH) {
		last_wavelength_option(q, l, opt, buf, n);
		return;
	}
	if (q->kind == DRILL_BASE_100 && opt == 0) {
		base100_right(q, l, buf, n);
		return;
	}
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].kind == q->kind && options[i].variant == q->variant)
			snprintf(buf, n, "%s", tr(l, options[i].text[opt]));
}

char *drill_text_choice(const struct drill_question *q, enum lang l,
			int letter, char *buf, size_t n)
{
	buf[0] = '\0';
	if (!q->choice || letter < 0 || letter >= DRILL_CHOICES)
		return buf;
	if (is_concept(q->kind))
		drill_concept_option(q, l, q->order[letter], buf, n);
	else
		mechanics_option(q, l, q->order[letter], buf, n);
	return utf8_trim(buf);
}

char *drill_text_answer(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char opt[512];

	if (q->choice) {
		drill_text_choice(q, l, q->right, opt, sizeof opt);
		snprintf(buf, n, tr(l, "%c) %s"), 'a' + q->right,
			 opt);
	} else if (q->kind == DRILL_CYCLES) {
		snprintf(buf, n, "%.0f", q->answer);
	} else if (!q->tol_rel) {
		snprintf(buf, n, "%.3f", q->answer);
	} else {
		drill_num_text(q->answer, buf, n);
	}
	return utf8_trim(buf);
}

/* ---- why ---- */

static void why_cycles(const struct drill_question *q, enum lang l,
		       char *buf, size_t n)
{
	int half = q->pe.d_model / 2, count = (int)q->answer;
	double edge = half * log((double)q->len / (PE_TWO_PI)) /
		      log(q->pe.base);

	if (count < half)
		snprintf(buf, n, tr(l, "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so pairs 0 to %d finish a turn: %d pairs. The other %d turn less than once over the whole sequence."),
			 edge, count - 1, count, half - count);
	else
		snprintf(buf, n, tr(l, "λ_i ≤ L exactly when i ≤ (d/2)·ln(L/2π)/ln(base) = %.2f, so every pair, 0 to %d, finishes a turn: %d pairs."),
			 edge, count - 1, count);
}

static void why_numbers(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char b[32], a[32];
	int d = q->pe.d_model;

	drill_base_text(q->pe.base, b, sizeof b);
	drill_num_text(q->answer, a, sizeof a);
	switch (q->kind) {
	case DRILL_FIRST_WAVELENGTH:
		snprintf(buf, n, tr(l, "ω_0 = base^0 = 1 whatever d and base are, so λ_0 = 2π ≈ 6.283 positions: the fastest pair of all."));
		break;
	case DRILL_NORM:
		/* "= 4" when the root is whole, "≈ 5.657" when not */
		snprintf(buf, n, tr(l, "Each pair adds sin² + cos² = 1, so ‖PE(p)‖² = d/2 = %d and ‖PE(p)‖ = √%d %s %s, the same for every position."),
			 d / 2, d / 2,
			 sqrt(d / 2.0) == floor(sqrt(d / 2.0)) ? "=" : "≈", a);
		break;
	case DRILL_NTK_BASE:
		snprintf(buf, n, tr(l, "NTK-aware scaling sets base' = base·s^(d/(d-2)) = %s·%g^(%d/%d) ≈ %s, with d the head dimension: the slowest pair stretches exactly s times while pair 0 stays as it was."),
			 b, q->scale, d, d - 2, a);
		break;
	default:	/* DRILL_CYCLES */
		why_cycles(q, l, buf, n);
		break;
	}
}

static void why_last_wavelength(const struct drill_question *q, enum lang l,
				char *buf, size_t n)
{
	char a[32], x[32];
	int d = q->pe.d_model;
	double top = PE_TWO_PI * q->pe.base, last = drill_longest(d, q->pe.base);

	drill_num_text(last, a, sizeof a);
	drill_num_text(top, x, sizeof x);
	snprintf(buf, n, tr(l, "λ_i = 2π·base^(2i/d); the last pair has 2i/d = %d/%d, so λ ≈ %s, %.0f%% of 2π·base = %s. Only wide encodings come close (96%% at d = 512, base 10000)."),
		 d - 2, d, a, 100.0 * last / top, x);
}

/* Why, for the way q->variant asks the offset identity; s is the dot
 * product PE(p)·PE(p+k) written out. */
static void why_offset(const struct drill_question *q, enum lang l,
		       const char *s, char *buf, size_t n)
{
	char k[32], x[32];
	int last = q->pe.d_model / 2 - 1;

	switch (q->variant) {
	case DRILL_OFFSET_SYMMETRY:
		snprintf(buf, n, tr(l, "PE(p)·PE(q) = Σ cos((p-q)·ω_i) and cosine is even, so both equal %s here: on its own this dot product cannot tell which position comes first."),
			 s);
		break;
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, tr(l, "For each pair, sin(pω)·sin((p+k)ω) + cos(pω)·cos((p+k)ω) = cos(kω): p cancels out. Here the sum is %s for every p."),
			 s);
		break;
	case DRILL_OFFSET_ROTATION:
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

static void why_choices(const struct drill_question *q, enum lang l,
			char *buf, size_t n)
{
	char a[32], x[32];
	int d = q->pe.d_model, last = d / 2 - 1;
	double s = pe_similarity(&q->pe, (double)q->k, 0, d / 2);

	drill_num_text(s, a, sizeof a);
	switch (q->kind) {
	case DRILL_LAST_WAVELENGTH:
		why_last_wavelength(q, l, buf, n);
		break;
	case DRILL_OFFSET:
		why_offset(q, l, a, buf, n);
		break;
	case DRILL_BASE_100:
		snprintf(a, sizeof a, "%.0f", drill_longest(d, 100.0));
		drill_num_text(drill_longest(d, 1e4), x, sizeof x);
		snprintf(buf, n, tr(l, "Wavelengths run from 2π up to 2π·base^((d-2)/d): %s with base 100 against %s with base 10000. Now every pair comes round again within the sequence, so far-apart positions can look alike."),
			 a, x);
		break;
	default:	/* DRILL_FAST_PAIRS */
		fmt_double_compact(pe_omega(&q->pe, last), 3, x, sizeof x);
		snprintf(buf, n, tr(l, "Pair i turns ω_i = base^(-2i/d) radians per position: 1 for pair 0, only %s for the last pair. So the low dimensions change fast and the high ones slowly, not the other way round."),
			 x);
		break;
	}
}

char *drill_text_why(const struct drill_question *q, enum lang l, char *buf,
		     size_t n)
{
	if (is_concept(q->kind))
		drill_concept_why(q, l, buf, n);
	else if (q->choice)
		why_choices(q, l, buf, n);
	else
		why_numbers(q, l, buf, n);
	return utf8_trim(buf);
}

const char *drill_text_kind(enum drill_kind kind, enum lang l)
{
	static const char *const names[DRILL_KINDS] = {
		[DRILL_LAST_WAVELENGTH] = N_("the longest wavelength"),
		[DRILL_FIRST_WAVELENGTH] = N_("first-pair wavelength"),
		[DRILL_CYCLES] = N_("pairs that finish a turn"),
		[DRILL_OFFSET] = N_("an offset: dot products and rotations"),
		[DRILL_NORM] = N_("norm of PE(p)"),
		[DRILL_BASE_100] = N_("the heatmap at base 100"),
		[DRILL_FAST_PAIRS] = N_("which pairs resolve neighbours"),
		[DRILL_NTK_BASE] = N_("NTK-aware base"),
		[DRILL_WHY_10000] = N_("why base 10000"),
		[DRILL_ADD_OR_CONCAT] = N_("add, not concatenate"),
		[DRILL_LEARNED] = N_("learned or sinusoidal"),
		[DRILL_EXTRAPOLATION] = N_("longer than trained"),
		[DRILL_RELATIVE] = N_("relative schemes: Shaw, T5, ALiBi"),
		[DRILL_ROPE] = N_("RoPE and sinusoidal PE"),
		[DRILL_DECAY] = N_("RoPE's long-term decay"),
		[DRILL_PROJECTIONS] = N_("W_Q, W_K and added PE"),
		[DRILL_LOW_PRECISION] = N_("positions in bf16 and fp16"),
		[DRILL_CONTEXT_METHODS] = N_("PI, NTK-aware and YaRN"),
		[DRILL_V_UNROTATED] = N_("why v is not turned"),
		[DRILL_PERMUTATION] = N_("interleaved, rotate_half and the permutation"),
		[DRILL_LLAMA3] = N_("Llama 3.1's scaling"),
		[DRILL_NOPE] = N_("NoPE and the causal mask"),
		[DRILL_DIRECTION] = N_("before or after: the direction"),
		[DRILL_FREQ_ROLES] = N_("what fast and slow pairs are for"),
	};

	if ((unsigned)kind >= DRILL_KINDS)
		return "?";
	return tr(l, names[kind]);
}
