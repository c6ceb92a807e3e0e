/* drill_text.c - what the drill says (see drill.h): the mechanics kinds
 * here, the concept kinds in drill_concepts.c.
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

/* ---- helpers ---- */

/* Cuts a string that snprintf may have truncated in the middle of a UTF-8
 * sequence back to the last whole character. */
static char *utf8_trim(char *buf)
{
	buf[utf8_cut(buf, strlen(buf))] = '\0';
	return buf;
}

const char *drill_base_text(double b, char *buf, size_t n)
{
	return fmt_double_compact(b, 6, buf, n);
}

const char *drill_num_text(double x, char *buf, size_t n)
{
	if (fabs(x) >= 1000.0 && fabs(x) < 1e15)
		snprintf(buf, n, "%.0f", x);
	else
		fmt_double_compact(x, 4, buf, n);
	return buf;
}

static bool is_concept(enum drill_kind k)
{
	return k >= DRILL_SINE_AND_COSINE && k < DRILL_KINDS;
}

double drill_longest(int d, double b)
{
	struct pe_params p = { d, b, PE_INTERLEAVED };
	return pe_wavelength(&p, d / 2 - 1);
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
	case DRILL_SYMMETRY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, take p = %lld and k = %lld. How does PE(p)·PE(p+k) compare with PE(p)·PE(p-k)?"),
			 d, b, q->pos, q->k);
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
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, fix the offset k = %lld and move p. Does PE(p)·PE(p+k) change?"),
			 d, b, q->k);
		break;
	case DRILL_NTK_BASE:
		snprintf(buf, n, tr(l, "A RoPE model with head dimension d = %d and base %s was trained on %lld positions and must now read %g times as many. With NTK-aware scaling, what is the new base?"),
			 d, b, q->train_len, q->scale);
		break;
	case DRILL_ROTATION:
		snprintf(buf, n, tr(l, "With d_model = %d and base = %s, how does PE(p+k) relate to PE(p) for k = %lld?"),
			 d, b, q->k);
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
	const char *text[DRILL_CHOICES];	/* tr.h */
};

static const struct options_text options[] = {
	{ DRILL_SYMMETRY, { N_("they are equal: the dot product cannot tell before from after"),
	  N_("PE(p)·PE(p+k) is larger: later positions score higher"),
	  N_("PE(p)·PE(p-k) is larger: earlier positions score higher"),
	  N_("it depends on the layout, interleaved or concatenated") } },
	{ DRILL_BASE_100, { NULL,
	  N_("every pair turns more slowly, so the map gets smoother"),
	  N_("nothing: the base only rescales the values, not the pattern"),
	  N_("the values grow past ±1 and the colours saturate") } },
	{ DRILL_FAST_PAIRS, { N_("the first pairs (small i): pair 0 turns a whole radian per position"),
	  N_("the last pairs (large i): the low dimensions change slowly, the high ones fast"),
	  N_("all pairs equally: each turns by the same angle per position"),
	  N_("none: PE(p) and PE(p+1) are the same vector") } },
	{ DRILL_OFFSET_ONLY, { N_("no: it is Σ cos(k·ω_i), a function of the offset k alone"),
	  N_("yes: it grows as p grows"),
	  N_("yes: it shrinks as p grows, because far positions fade"),
	  N_("only with the concatenated layout") } },
	{ DRILL_ROTATION, { N_("each (sin, cos) pair turns by the angle k·ω_i: one fixed matrix for every p"),
	  N_("a rotation whose angle depends on p as well as k"),
	  N_("PE(p+k) = PE(p) + k in every dimension"),
	  N_("no fixed relation: you need p itself to get PE(p+k)") } },
};

/* The right option of DRILL_BASE_100 names the longest wavelength left. */
static void base100_right(const struct drill_question *q, enum lang l,
			  char *buf, size_t n)
{
	char w[32];

	snprintf(w, sizeof w, "%.0f", drill_longest(q->pe.d_model, 100.0));
	snprintf(buf, n, tr(l, "every pair now repeats within ~%s positions: stripes reach the last rows, and far-apart positions can look alike again"),
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
		if (options[i].kind == q->kind)
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
	case DRILL_SYMMETRY:
		snprintf(buf, n, tr(l, "PE(p)·PE(q) = Σ cos((p-q)·ω_i) and cosine is even, so both equal %s here: on its own this dot product cannot tell which position comes first."),
			 a);
		break;
	case DRILL_BASE_100:
		snprintf(a, sizeof a, "%.0f", drill_longest(d, 100.0));
		drill_num_text(drill_longest(d, 1e4), x, sizeof x);
		snprintf(buf, n, tr(l, "Wavelengths run from 2π up to 2π·base^((d-2)/d): %s with base 100 against %s with base 10000. Now every pair comes round again within the sequence, so far-apart positions can look alike."),
			 a, x);
		break;
	case DRILL_FAST_PAIRS:
		fmt_double_compact(pe_omega(&q->pe, last), 3, x, sizeof x);
		snprintf(buf, n, tr(l, "Pair i turns ω_i = base^(-2i/d) radians per position: 1 for pair 0, only %s for the last pair. So the low dimensions change fast and the high ones slowly, not the other way round."),
			 x);
		break;
	case DRILL_OFFSET_ONLY:
		snprintf(buf, n, tr(l, "For each pair, sin(pω)·sin((p+k)ω) + cos(pω)·cos((p+k)ω) = cos(kω): p cancels out. Here the sum is %s for every p."),
			 a);
		break;
	default:	/* DRILL_ROTATION */
		snprintf(a, sizeof a, "%lld", q->k);
		fmt_double_compact((double)q->k * pe_omega(&q->pe, last), 3, x, sizeof x);
		snprintf(buf, n, tr(l, "Expanding sin((p+k)ω) and cos((p+k)ω) gives sin(pω) and cos(pω) times cos(kω) and sin(kω): a 2×2 rotation set by k alone. For k = %s, pair 0 turns %s rad and the last pair only %s rad."),
			 a, a, x);
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
		[DRILL_SYMMETRY] = N_("the dot product is symmetric"),
		[DRILL_NORM] = N_("norm of PE(p)"),
		[DRILL_BASE_100] = N_("the heatmap at base 100"),
		[DRILL_FAST_PAIRS] = N_("which pairs resolve neighbours"),
		[DRILL_OFFSET_ONLY] = N_("the dot product depends on k only"),
		[DRILL_NTK_BASE] = N_("NTK-aware base"),
		[DRILL_ROTATION] = N_("an offset is a rotation"),
		[DRILL_SINE_AND_COSINE] = N_("why sine and cosine"),
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
	};

	if ((unsigned)kind >= DRILL_KINDS)
		return "?";
	return tr(l, names[kind]);
}
