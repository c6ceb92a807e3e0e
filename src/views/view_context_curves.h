/* view_context_curves.h - the context view's similarity curves (the
 * cosine similarity of PE(0) and PE(k) on a log k axis from 1 to s * L0,
 * each sample the mean over the whole offsets it stands for:
 * pe_offset_means.h) and the table's similarity at k = 1, for every kind,
 * computed together CHUNK pairs a step (cache.h): every pair costs a pow
 * or two and, per sample and kind, two sines and a sin/cos, so that at
 * d_model 65536 the work is spread over frames, and the last finished
 * ones show meanwhile.
 *   job    the sums under way, for d, base, s, L0, len, the span s * L0,
 *          n samples per curve and LongRoPE's lists (copied in job_lr) (0: the numbers only). mem: each
 *          kind's sums (KINDS * n), the samples' offsets and intervals
 *          (3 n), each kind's sum of cos(omega) (the similarity at k = 1,
 *          times d/2), each kind's part from the chunk under way
 *          (KINDS * n);
 *   shown  the last finished curves (mem: KINDS * n values) and
 *          similarities at k = 1 (out), for the job's key;
 *   omega  the chunk's frequencies of every kind (and their cosines), so
 *          that a kind equal to another there takes its part of the sums;
 *   reach  Men et al.'s scan of the original encoding (pe_base_reach):
 *          the first offset m <= ctx_reach_limit whose sum_i cos(m theta_i)
 *          is negative, CTX_CHUNK pairs of a block a step; out[0] the
 *          offset (0: none), out[1] the limit scanned;
 *   counts what the table's YaRN and Llama 3.1 lines count over every
 *          pair (ctx_pair_counts), made at once when d, base, s or L0
 *          change: O(d), which every frame, moves included, paid before;
 *   bound  RoFormer's bound at s * L0 (ctx_span_bound), the same way. */
#ifndef VIEW_CONTEXT_CURVES_H
#define VIEW_CONTEXT_CURVES_H

#include <stdbool.h>

#include "engine/pe_variants.h"
#include "model/state.h"
#include "render/cache.h"
#include "views/view_context_common.h"

enum { CTX_CHUNK = 1024 };	/* pairs a step */

struct ctx_curves {
	struct cache job, shown, reach, bmin, counts, bound;
	struct pe_reach scan;		/* reach's job */
	struct pe_base_min sweep;	/* bmin's job */
	double omega[KINDS][CTX_CHUNK];	/* the chunk's frequencies, each kind */
	double cosw[KINDS][CTX_CHUNK];	/* and their cosines */
	struct longrope_set job_lr, shown_lr;	/* the LongRoPE lists of job's
					 * and shown's keys */
};

/* The offsets Men et al.'s scan covers for s: four times s * L0 (32768 at
 * least), at most
 * CTX_REACH_WORK / (d/2) (a second or so of work in all, spread over
 * frames), at least 1. */
#define CTX_REACH_WORK (1LL << 26)

/* Brings the scan up to date with s as far as the frame's budget allows;
 * returns whether the last finished one is for s, and puts its result:
 * *first the first m with a negative sum (0: none up to *limit). */
bool ctx_reach(struct ctx_curves *c, const struct state *s, long long *first,
	       long long *limit);

/* The same without running the scan: the last finished result, when it is
 * for s. */
bool ctx_reach_shown(const struct ctx_curves *c, const struct state *s,
		     long long *first, long long *limit);

/* Men et al.'s smallest base for the trained length L0 at s's d
 * (pe_base_min: the smallest base whose sum_i cos(m theta_i) >= 0 for
 * every m <= L0; it does not depend on today's base). The sweep runs only
 * when its work, about L0^2 (d/2) / 16 terms, is at most
 * CTX_BASE_MIN_WORK (at d 128: L0 up to 11585), and stops there. */
#define CTX_BASE_MIN_WORK (1LL << 29)
enum ctx_base_min {
	CTX_BMIN_SEARCHING,		/* not finished for s yet */
	CTX_BMIN_FOUND,			/* *base is the smallest */
	CTX_BMIN_NONE,			/* no base (d = 2) */
	CTX_BMIN_ABOVE,			/* none below *base; search stopped */
	CTX_BMIN_TOO_LONG		/* not searched: too much work */
};

/* Brings the sweep up to date with s as far as the frame's budget
 * allows, and says where it is; *base as above. */
enum ctx_base_min ctx_base_min(struct ctx_curves *c, const struct state *s,
			       double *base);

/* Samples for the curves across `cols` cell columns at s's width and
 * span. */
int ctx_curves_samples(const struct state *s, int cols);

/* Brings the curves (n samples up to s's span; n = 0: none) and the
 * numbers up to date with s, as far as the frame's budget allows. When
 * memory runs out the last finished ones stay. */
void ctx_curves_update(struct ctx_curves *c, const struct state *s, int n);

/* Whether there are finished ones, and what they were made for. */
bool ctx_curves_have(const struct ctx_curves *c);
void ctx_curves_made_for(const struct ctx_curves *c, struct pe_params *p,
			 struct stretch *x);

/* The finished similarity at k = 1 of kind k: sum_i cos(omega'_i) / (d/2),
 * the cosines summed in pair order as pe_scaled_cos_similarity sums
 * them. */
double ctx_curves_sim1(const struct ctx_curves *c, enum kind k);

/* The finished curves: KINDS * n values, kind k's sample j at offset
 * top^(j / (n - 1)) (pe_log_offsets: top is s * L0, at least 2); NULL
 * when there are none (or n == 0). */
const double *ctx_curves_values(const struct ctx_curves *c, int *n,
				double *top);

/* What the table's lines count over every pair of s's encoding and
 * stretch: the largest |omega_paper / omega_code - 1| of YaRN's two ramps
 * and the first pair where it is (yarn_gap, yarn_gap_at), the pairs Llama
 * 3.1 keeps (llama3_kept: pairs 0 .. kept-1 the last kept) and the first
 * it divides by s (llama3_divided, d/2 when none). */
struct ctx_pair_counts {
	double yarn_gap;
	int yarn_gap_at, llama3_kept, llama3_divided;
};

/* The counts for s, from the cache when d, base, s and L0 are those it
 * was made for. */
struct ctx_pair_counts ctx_pair_counts(struct ctx_curves *c,
				       const struct state *s);

/* RoFormer's relative bound B(s L0) at s's d and base (rope_bound_value,
 * for the table's PI line): O(d), made when d, base or s L0 change, not
 * every frame. */
double ctx_span_bound(struct ctx_curves *c, const struct state *s);

void ctx_curves_free(struct ctx_curves *c);

#endif
