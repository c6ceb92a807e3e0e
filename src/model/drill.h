/* drill.h - interview drill questions: drawn from a seed, checked, explained.
 *
 * A question is a pure function of (seed, number): the same pair always
 * gives the same question, so a drill can be repeated with --seed, and the
 * session in the state only stores numbers, never a question. Each round of
 * DRILL_KINDS questions is a shuffled deck of every kind, so no kind comes
 * back before all the others have been asked; the parameters of each
 * question (d_model, base, length, offsets) are drawn at random from ranges
 * where the answer teaches something.
 *
 * Answers are computed with the engine (pe.h) from the question's own
 * parameters; on reveal the session applies those parameters, the
 * question's view and its knobs to the state, so the user sees the answer
 * live. Which view shows which kind is one table in drill.c.
 *
 * The text of a question (drill_text.c for the mechanics, drill_concepts.c
 * for the concepts, drill_format.c for the numbers both write) exists in
 * English and Chinese; every
 * function that writes text writes UTF-8 and cuts it on a character
 * boundary when the buffer is too small. No I/O, no globals. */
#ifndef DRILL_H
#define DRILL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/lang.h"
#include "engine/pe.h"

/* The kinds of question. The comment says what the answer is. The first
 * ones are mechanics (numbers, formulas); from DRILL_WHY_10000 on they
 * are the concepts interviewers ask about, all choice questions. */
enum drill_kind {
	DRILL_LAST_WAVELENGTH,	/* choice: 2*pi*base^((d-2)/d), not 2*pi*base */
	DRILL_FIRST_WAVELENGTH,	/* number: 2*pi, whatever d and base */
	DRILL_CYCLES,		/* number: pairs with wavelength <= len */
	DRILL_OFFSET,		/* choice: one identity, PE(p+k) = M_k PE(p),
				 * asked four ways (enum drill_offset) */
	DRILL_NORM,		/* number: ||PE(p)|| = sqrt(d/2) */
	DRILL_BASE_100,		/* choice: base 100 leaves no slow pairs */
	DRILL_FAST_PAIRS,	/* choice: low pairs resolve neighbours */
	DRILL_NTK_BASE,		/* number: base * s^(d/(d-2)) */
	DRILL_WHY_10000,	/* choice: the longest wavelength against the
				 * lengths in use */
	DRILL_ADD_OR_CONCAT,	/* choice: W[x; PE] = W_x x + W_p PE */
	DRILL_LEARNED,		/* choice: nearly the same (paper, Table 3) */
	DRILL_EXTRAPOLATION,	/* choice: not in practice (Press et al.) */
	DRILL_RELATIVE,		/* choice: Shaw, T5, ALiBi act on the scores */
	DRILL_ROPE,		/* choice: q, k rotated in every layer */
	DRILL_DECAY,		/* choice: an upper bound, its scale set by q
				 * and k, shrinks and then plateaus */
	DRILL_PROJECTIONS,	/* choice: W_Q, W_K make added PE not relative */
	DRILL_LOW_PRECISION,	/* choice: bf16 exact to 256, fp16 to 2048 */
	DRILL_CONTEXT_METHODS,	/* choice: NTK-aware works without
				 * fine-tuning; PI, YaRN */
	DRILL_V_UNROTATED,	/* choice: a turned v would carry absolute
				 * positions into the output */
	DRILL_PERMUTATION,	/* choice: HF's converter permutes the rows
				 * of W_Q and W_K for rotate_half */
	DRILL_LLAMA3,		/* choice: Llama 3.1 keeps lambda < L0/4,
				 * divides omega by s past L0, blends */
	DRILL_NOPE,		/* choice: a causal mask leaks order, so
				 * NoPE decoders learn positions */
	DRILL_DIRECTION,	/* choice: PE.PE is even in p - q, W_Q^T W_K
				 * is not symmetric */
	DRILL_FREQ_ROLES,	/* choice: fast pairs positional, slow pairs
				 * nearly position-free */
	DRILL_KINDS
};

/* The variants of DRILL_OFFSET: each asks what the offset identity
 * PE(p+k) = M_k PE(p) (M_k turns pair i by k*omega_i) implies. */
enum drill_offset {
	DRILL_OFFSET_SYMMETRY,	/* s(k) = s(-k): the dot product is
				 * direction-blind */
	DRILL_OFFSET_ONLY,	/* PE(p).PE(p+k) depends on k only */
	DRILL_OFFSET_ROTATION,	/* an offset is one fixed rotation */
	DRILL_OFFSET_SINE_COSINE,	/* sine alone has no linear M_k */
	DRILL_OFFSET_VARIANTS
};

enum {
	DRILL_CHOICES = 4,	/* options of a choice question, a..d */
	DRILL_KNOBS = 3		/* knobs a reveal sets */
};

/* A knob of the question's view and the value the reveal gives it. */
struct drill_knob {
	const char *word;	/* the knob's word (catalog.h), or NULL */
	double value;		/* clamped into its range by the state */
};

struct drill_question {
	enum drill_kind kind;	/* what is asked */
	int variant;		/* DRILL_OFFSET: which way (enum
				 * drill_offset); else 0 */
	int number;		/* position in the seed's sequence, from 0 */
	struct pe_params pe;	/* d_model and base (layout interleaved) */
	long long len;		/* positions the revealed view shows */
	long long pos;		/* the position p the question names */
	long long k;		/* the offset k it names, or 0 */
	double scale;		/* context extension factor s, else 1 */
	long long train_len;	/* trained length L0 (context questions),
				 * the length in use (why 10000), else len */
	bool fp16;		/* precision question: fp16, else bf16 */
	bool choice;		/* answered with a letter, not a number */
	double answer;		/* number questions: the exact answer */
	double tol;		/* number questions: the error allowed */
	bool tol_rel;		/* tol is relative to |answer| (else absolute) */
	int order[DRILL_CHOICES];	/* choice questions: letter j shows
					 * option order[j] of the kind; option
					 * 0 is the right one */
	int right;		/* choice questions: letter of the right
				 * option, 0..DRILL_CHOICES-1 (order[right]
				 * == 0) */
	const char *view;	/* the name of the view that shows the
				 * answer (catalog.h) */
	int panel;		/* the panel of that view the reveal zooms
				 * to (focus and F), or -1: the view as the
				 * user left it */
	int pair;		/* the pair the view should select */
	struct drill_knob knob[DRILL_KNOBS];	/* knobs the reveal sets */
};

/* Question `number` (>= 0) of the sequence drawn from `seed` into *q.
 * Deterministic: same arguments, same question, on every machine (the
 * generator is a xorshift of our own, not rand()). The parameters always
 * satisfy pe_params_valid, 1 <= len <= PE_LEN_MAX, 0 <= pos < len, and the
 * offset k (when not 0) fits: 0 <= pos - k, pos + k < len. */
void drill_question_make(unsigned long long seed, int number,
			 struct drill_question *q);

/* How a typed answer fares. */
enum drill_verdict {
	DRILL_RIGHT,		/* within the tolerance, or the right letter */
	DRILL_WRONG,		/* a readable answer that is wrong */
	DRILL_UNREADABLE	/* not a number (number questions) or not a
				 * letter a..d (choice questions): ask again */
};

/* Checks `typed` against q. Number questions accept any spelling numparse
 * accepts (6.28, 6.1e4, -0.5) and are right when |x - answer| <= tol, or
 * <= tol * |answer| when tol_rel. Choice questions accept one letter a..d
 * (either case), right when it is letter q->right. */
enum drill_verdict drill_check(const struct drill_question *q,
			       const char *typed);

/* ---- text (drill_text.c) ---- */

/* The question itself, one paragraph without a final newline, with its
 * numbers and, for number questions, the tolerance. Returns buf. */
char *drill_text_question(const struct drill_question *q, enum lang lang,
			  char *buf, size_t n);

/* The text of the option shown as letter 0..DRILL_CHOICES-1 of a choice
 * question (without the letter); "" for number questions. Returns buf. */
char *drill_text_choice(const struct drill_question *q, enum lang lang,
			int letter, char *buf, size_t n);

/* The answer as shown after "the answer is": the number rounded so that it
 * is still within the tolerance ("60614", "6.283", "-0.0348"), or the
 * letter and its option ("a) they are equal: ..."). Returns buf. */
char *drill_text_answer(const struct drill_question *q, enum lang lang,
			char *buf, size_t n);

/* One or two sentences: why the answer is what it is, with the question's
 * numbers worked through. Returns buf. */
char *drill_text_why(const struct drill_question *q, enum lang lang,
		     char *buf, size_t n);

/* A short name of the kind for the summary ("last-pair wavelength").
 * Never NULL. */
const char *drill_text_kind(enum drill_kind kind, enum lang lang);

#endif
